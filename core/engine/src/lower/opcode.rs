//! The PTX opcodes the simulator knows, each declared once: its name in PTX, the family
//! whose file lowers it, and what it is.
//!
//! [`for_each_op!`] holds the table and hands it to a macro; [`define_opcode!`] turns it
//! into [`Opcode`] (with [`Opcode::from_name`], [`Opcode::name`] and [`Opcode::family`]).
//! Adding an instruction is one row here and its lowering in the family's file.

/// The instruction families, one file of `lower/` each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    /// Integer and floating-point arithmetic and logic (`arith.rs`).
    Arith,
    /// Bit-field, byte-permute, funnel-shift and dot-product instructions (`bits.rs`).
    Bits,
    /// Comparisons and selections (`compare.rs`).
    Compare,
    /// Moves and conversions (`convert.rs`).
    Convert,
    /// Loads, stores, atomics and asynchronous copies (`memory.rs`).
    Memory,
    /// Branches, calls, returns, barriers and fences (`control.rs`).
    Control,
    /// Warp-wide exchanges and votes (`warp.rs`).
    Warp,
    /// Matrix fragments and multiply-accumulate (`tensor.rs`).
    Tensor,
    /// Texture and surface access (`texture.rs`).
    Texture,
    /// Distributed shared memory addresses and address-space tests (`cluster.rs`).
    Cluster,
    /// Tensor memory access: what surrounds the TMA copies (`tma.rs`; the copies are `cp`).
    Tma,
    /// Warpgroup matrix multiply-accumulate and register reallocation (`wgmma.rs`).
    Wgmma,
}

/// Calls the macro `$m` with the table of every opcode the simulator knows, one row
/// `Variant = "ptx-name", Family, "what it is";` each (the pattern of wasmtime's pulley
/// `for_each_op!`).
macro_rules! for_each_op {
    ($m:ident) => {
        $m! {
            // Arithmetic and logic.
            Add = "add", Arith, "`add`: addition (with `.cc`, a carry-chain step).";
            Sub = "sub", Arith, "`sub`: subtraction (with `.cc`, a carry-chain step).";
            Addc = "addc", Arith, "`addc`: addition with the carry flag in.";
            Subc = "subc", Arith, "`subc`: subtraction with the borrow flag in.";
            Mul = "mul", Arith, "`mul`: multiplication (`.lo`, `.hi`, `.wide`).";
            Mul24 = "mul24", Arith, "`mul24`: 24-bit multiplication.";
            Mad = "mad", Arith, "`mad`: multiply-add (with `.cc`, a carry-chain step).";
            Madc = "madc", Arith, "`madc`: multiply-add with the carry flag in.";
            Mad24 = "mad24", Arith, "`mad24`: 24-bit multiply-add.";
            Fma = "fma", Arith, "`fma`: fused multiply-add.";
            Sad = "sad", Arith, "`sad`: sum of absolute differences.";
            Div = "div", Arith, "`div`: division.";
            Rem = "rem", Arith, "`rem`: remainder.";
            Min = "min", Arith, "`min`: minimum.";
            Max = "max", Arith, "`max`: maximum.";
            And = "and", Arith, "`and`: bitwise (or predicate) and.";
            Or = "or", Arith, "`or`: bitwise (or predicate) or.";
            Xor = "xor", Arith, "`xor`: bitwise (or predicate) exclusive or.";
            Shl = "shl", Arith, "`shl`: shift left.";
            Shr = "shr", Arith, "`shr`: shift right (arithmetic on signed types).";
            Copysign = "copysign", Arith, "`copysign`: the magnitude of one operand, the sign of the other.";
            Neg = "neg", Arith, "`neg`: negation.";
            Abs = "abs", Arith, "`abs`: absolute value.";
            Not = "not", Arith, "`not`: bitwise (or predicate) complement.";
            Cnot = "cnot", Arith, "`cnot`: C-style logical not (not simulated).";
            Popc = "popc", Arith, "`popc`: population count.";
            Clz = "clz", Arith, "`clz`: count leading zeros.";
            Brev = "brev", Arith, "`brev`: bit reversal.";
            Sqrt = "sqrt", Arith, "`sqrt`: square root.";
            Rsqrt = "rsqrt", Arith, "`rsqrt`: reciprocal square root.";
            Rcp = "rcp", Arith, "`rcp`: reciprocal.";
            Ex2 = "ex2", Arith, "`ex2`: base-2 exponential.";
            Lg2 = "lg2", Arith, "`lg2`: base-2 logarithm.";
            Sin = "sin", Arith, "`sin`: sine.";
            Cos = "cos", Arith, "`cos`: cosine.";
            Tanh = "tanh", Arith, "`tanh`: hyperbolic tangent (`.approx` only).";
            // Bit fields, permutes, funnel shifts, dot products.
            Bfe = "bfe", Bits, "`bfe`: bit-field extract.";
            Bfi = "bfi", Bits, "`bfi`: bit-field insert.";
            Bfind = "bfind", Bits, "`bfind`: find the most significant non-sign bit.";
            Bmsk = "bmsk", Bits, "`bmsk`: a mask of a bit field (position, width).";
            Prmt = "prmt", Bits, "`prmt`: byte permute.";
            Shf = "shf", Bits, "`shf`: funnel shift.";
            Dp4a = "dp4a", Bits, "`dp4a`: four-way byte dot product with accumulate.";
            Dp2a = "dp2a", Bits, "`dp2a`: two-way dot product with accumulate.";
            // Comparisons and selections.
            Setp = "setp", Compare, "`setp`: compare into a predicate.";
            Set = "set", Compare, "`set`: compare into a number (1.0 or all ones).";
            Selp = "selp", Compare, "`selp`: select by a predicate.";
            Slct = "slct", Compare, "`slct`: select by the sign of an operand.";
            Testp = "testp", Compare, "`testp`: classify a floating-point value.";
            // Moves and conversions.
            Mov = "mov", Convert, "`mov`: move, pack or unpack.";
            Cvt = "cvt", Convert, "`cvt`: conversion between types.";
            Cvta = "cvta", Convert, "`cvta`: conversion between generic and state-space addresses.";
            // Memory.
            Ld = "ld", Memory, "`ld`: load.";
            Ldu = "ldu", Memory, "`ldu`: load of a value uniform across the warp.";
            St = "st", Memory, "`st`: store.";
            Atom = "atom", Memory, "`atom`: atomic read-modify-write.";
            Red = "red", Memory, "`red`: atomic reduction (no result).";
            Cp = "cp", Memory, "`cp.async` and `cp.async.bulk`: asynchronous copies and their groups.";
            // Control flow, calls and synchronisation.
            Bra = "bra", Control, "`bra`: branch.";
            Call = "call", Control, "`call`: a call (inlined, recursive, indirect or to the runtime).";
            Ret = "ret", Control, "`ret`: return.";
            Exit = "exit", Control, "`exit`: end the thread.";
            Trap = "trap", Control, "`trap`: abort the kernel.";
            Bar = "bar", Control, "`bar`: block (or warp) barrier.";
            Barrier = "barrier", Control, "`barrier`: block (or warp) barrier.";
            Mbarrier = "mbarrier", Control, "`mbarrier`: barrier object in shared memory.";
            Membar = "membar", Control, "`membar`: memory barrier.";
            Fence = "fence", Control, "`fence`: memory fence.";
            Nanosleep = "nanosleep", Control, "`nanosleep`: a hint to wait.";
            Griddepcontrol = "griddepcontrol", Control, "`griddepcontrol`: programmatic dependent launch (wait for the grids before, let the next start).";
            // Warp-wide operations.
            Shfl = "shfl", Warp, "`shfl`: exchange registers between lanes.";
            Vote = "vote", Warp, "`vote`: a predicate voted across the warp.";
            Redux = "redux", Warp, "`redux`: an integer reduction across the warp.";
            Match = "match", Warp, "`match`: lanes holding the same value.";
            Elect = "elect", Warp, "`elect`: one lane elected.";
            Activemask = "activemask", Warp, "`activemask`: the lanes executing.";
            // Tensor cores.
            Ldmatrix = "ldmatrix", Tensor, "`ldmatrix`: load 8x8 matrices into fragments.";
            Stmatrix = "stmatrix", Tensor, "`stmatrix`: store fragments as 8x8 matrices.";
            Movmatrix = "movmatrix", Tensor, "`movmatrix`: transpose an 8x8 matrix in fragments.";
            Mma = "mma", Tensor, "`mma.sync`: matrix multiply-accumulate on fragments.";
            Wmma = "wmma", Tensor, "`wmma`: warp matrix load, store and multiply-accumulate.";
            // Textures and surfaces.
            Tex = "tex", Texture, "`tex`: texture fetch through a texture object.";
            Suld = "suld", Texture, "`suld`: surface load.";
            Sust = "sust", Texture, "`sust`: surface store.";
            Tld4 = "tld4", Texture, "`tld4`: texture gather (not simulated).";
            Txq = "txq", Texture, "`txq`: texture query (not simulated).";
            Sured = "sured", Texture, "`sured`: surface reduction (not simulated).";
            Suq = "suq", Texture, "`suq`: surface query (not simulated).";
            Istypep = "istypep", Texture, "`istypep`: handle type test (not simulated).";
            // Clusters and address spaces.
            Mapa = "mapa", Cluster, "`mapa`: an address in another block of the cluster's shared memory.";
            Getctarank = "getctarank", Cluster, "`getctarank`: the cluster rank of the block a shared address is in.";
            Isspacep = "isspacep", Cluster, "`isspacep`: whether a generic address is in a state space.";
            // Tensor memory access (the copies themselves are `cp`, lowered by `tma.rs`).
            Prefetch = "prefetch", Tma, "`prefetch`: a cache hint (global lines, tensor maps).";
            Prefetchu = "prefetchu", Tma, "`prefetchu`: a uniform cache hint.";
            Tensormap = "tensormap", Tma, "`tensormap.replace`: a field of a tensor map in memory (not simulated).";
            // Warpgroups.
            Wgmma = "wgmma", Wgmma, "`wgmma`: warpgroup matrix multiply-accumulate and its fences and groups.";
            Setmaxnreg = "setmaxnreg", Wgmma, "`setmaxnreg`: a warpgroup's register count raised or lowered.";
        }
    };
}

/// Defines [`Opcode`] from the rows [`for_each_op!`] hands it.
macro_rules! define_opcode {
    ($($variant:ident = $name:literal, $family:ident, $doc:literal;)*) => {
        /// A PTX opcode the simulator knows: the instruction's name before its first `.`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub(crate) enum Opcode {
            $(#[doc = $doc] $variant,)*
        }

        impl Opcode {
            /// Every opcode, in the table's order.
            #[cfg(test)]
            pub(crate) const ALL: &'static [Opcode] = &[$(Opcode::$variant),*];

            /// The opcode PTX spells `name`, if the simulator knows it.
            pub(crate) fn from_name(name: &str) -> Option<Opcode> {
                match name {
                    $($name => Some(Opcode::$variant),)*
                    _ => None,
                }
            }

            /// Its name in PTX.
            pub(crate) fn name(self) -> &'static str {
                match self {
                    $(Opcode::$variant => $name,)*
                }
            }

            /// The family whose file lowers it.
            pub(crate) fn family(self) -> Family {
                match self {
                    $(Opcode::$variant => Family::$family,)*
                }
            }
        }
    };
}

for_each_op!(define_opcode);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_parses_back_to_its_opcode() {
        for &op in Opcode::ALL {
            assert_eq!(Opcode::from_name(op.name()), Some(op), "{op:?}");
        }
    }

    #[test]
    fn names_are_unique() {
        let mut names: Vec<&str> = Opcode::ALL.iter().map(|o| o.name()).collect();
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(names.len(), before);
    }

    #[test]
    fn unknown_and_modified_names_are_not_opcodes() {
        for name in [
            "",
            "ld.global",
            "LD",
            "foo",
            "wgmma.fence",
            "tcgen05",
            "clusterlaunchcontrol",
        ] {
            assert_eq!(Opcode::from_name(name), None, "{name}");
        }
    }

    #[test]
    fn families_group_as_the_files_do() {
        assert_eq!(Opcode::Mma.family(), Family::Tensor);
        assert_eq!(Opcode::Shfl.family(), Family::Warp);
        assert_eq!(Opcode::Cp.family(), Family::Memory);
        assert_eq!(Opcode::Mbarrier.family(), Family::Control);
        assert_eq!(Opcode::Tld4.family(), Family::Texture);
    }
}
