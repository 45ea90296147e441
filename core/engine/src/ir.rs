//! The simulator's instruction form: PTX lowered to resolved registers, immediates, typed
//! operations and branch targets, so execution never looks up a name.

pub use super::exact::{CarryOp, Round};
pub use super::fp8::{Fp8, Fp8Cvt};
pub use super::half::{HalfFmt, HalfMods, HalfOp};
pub use super::sampling::{Boundary, CoordType, Geometry, TexelType};
pub use super::special::SpecialReg;
pub use super::tensor::{Elem, MmaTypes, Shape, WgmmaA, WgmmaMma, WgmmaOp};

/// A PTX data type, as the simulator computes with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ty {
    /// Unsigned integer of the given bytes (`.u8` .. `.u64`); also `.b*` bit types.
    U(u8),
    /// Signed integer of the given bytes.
    S(u8),
    /// `.f16` (IEEE binary16, stored as bits; see [`super::half`]).
    F16,
    /// `.bf16` (bfloat16, stored as bits).
    BF16,
    /// `.f32`.
    F32,
    /// `.f64`.
    F64,
    /// `.pred`.
    Pred,
}

impl Ty {
    /// From a modifier such as `u32`, `b64`, `f32`.
    pub fn parse(m: &str) -> Option<Ty> {
        Some(match m {
            "u8" | "b8" => Ty::U(1),
            "u16" | "b16" => Ty::U(2),
            "u32" | "b32" => Ty::U(4),
            "u64" | "b64" => Ty::U(8),
            "s8" => Ty::S(1),
            "s16" => Ty::S(2),
            "s32" => Ty::S(4),
            "s64" => Ty::S(8),
            "f16" => Ty::F16,
            "bf16" => Ty::BF16,
            "f32" => Ty::F32,
            "f64" => Ty::F64,
            "pred" => Ty::Pred,
            _ => return None,
        })
    }

    /// Size in bytes.
    pub fn size(self) -> usize {
        match self {
            Ty::U(n) | Ty::S(n) => n as usize,
            Ty::F16 | Ty::BF16 => 2,
            Ty::F32 => 4,
            Ty::F64 => 8,
            Ty::Pred => 1,
        }
    }

    /// Bits in a value of this type.
    pub fn bits(self) -> u32 {
        self.size() as u32 * 8
    }
}

/// A source operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Src {
    /// A register (index into the register file).
    Reg(u32),
    /// An immediate, as raw bits.
    Imm(u64),
}

/// A memory state space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemSpace {
    /// Generic addressing: the window the address falls in decides.
    Generic,
    /// Global memory.
    Global,
    /// The block's shared memory.
    Shared,
    /// The thread's local memory.
    Local,
    /// The module's constant bank.
    Const,
    /// The kernel's parameter buffer.
    Param,
}

/// An address: a base (register or immediate) plus an offset, in a state space.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Addr {
    /// Where the address points.
    pub space: MemSpace,
    /// Register or immediate base.
    pub base: Src,
    /// Byte offset.
    pub offset: i64,
}

/// `.ftz` and `.sat` of an arithmetic instruction: `ftz` flushes `f32` subnormal inputs and
/// results to zero of the same sign; `sat` clamps an `f32` result to `[0, 1]` (NaN to `+0`)
/// or an `s32` `add`/`sub` to the `i32` range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FpMods {
    /// `.ftz`.
    pub ftz: bool,
    /// `.sat`.
    pub sat: bool,
    /// `.rz`, `.rm`, `.rp` of `f32` `add`/`sub`/`mul`/`fma` (`None`: to nearest).
    pub round: Option<Round>,
    /// `.NaN` of `f32` `min`/`max`: a NaN operand gives the canonical NaN.
    pub nan: bool,
    /// `.xorsign.abs` of `f32` `min`/`max`: the magnitudes compared, the result signed
    /// with the XOR of the operands' signs.
    pub xorsign: bool,
}

/// Two-operand integer or float operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    MulLo,
    MulHi,
    MulWide,
    Div,
    /// `div.approx.f32`: the dividend times the GPU's approximate reciprocal.
    DivApprox,
    /// `div.full.f32`: like `DivApprox`, with the divisor kept in the reciprocal's range.
    DivFull,
    Rem,
    Min,
    Max,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    CopySign,
    /// `mul24.lo`: low 32 bits of the product of the operands' low 24 bits.
    Mul24Lo,
    /// `mul24.hi`: bits 16..48 of that 48-bit product.
    Mul24Hi,
    /// `|a - b|` (the difference of `sad`).
    AbsDiff,
}

/// What `testp` asks of a floating-point value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FpTest {
    /// Neither infinite nor NaN.
    Finite,
    /// Plus or minus infinity.
    Infinite,
    /// Not NaN.
    Number,
    /// NaN.
    NotANumber,
    /// Finite and not subnormal (zero counts as normal, as on the GPU).
    Normal,
    /// Subnormal.
    Subnormal,
}

/// One-operand operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Abs,
    Not,
    Popc,
    Clz,
    Brev,
    Sqrt,
    /// `sqrt.approx.f32` (`Sqrt` is `.rn`).
    SqrtApprox,
    Rsqrt,
    Rcp,
    /// `rcp.approx.f32` and `rcp.approx.ftz.f64` (`Rcp` is `.rn`).
    RcpApprox,
    Ex2,
    Lg2,
    Sin,
    Cos,
    /// `tanh.approx.f32`.
    Tanh,
}

/// Comparison of `setp`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// Unsigned or unordered forms are folded into the type and `unordered`.
    Num,
    Nan,
}

/// How `setp` combines its comparison with a predicate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoolOp {
    And,
    Or,
    Xor,
}

/// Atomic operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AtomOp {
    Add,
    /// `atom.add.noftz` on `.f16`/`.bf16` (`pair: false`, a 16-bit access) or
    /// `.f16x2`/`.bf16x2` (`pair: true`, 32 bits, each half added on its own): rounded to
    /// nearest even, subnormals kept.
    AddHalf {
        fmt: HalfFmt,
        pair: bool,
    },
    Min,
    Max,
    Exch,
    Cas,
    And,
    Or,
    Xor,
    Inc,
    Dec,
}

/// `shfl.sync` modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShflMode {
    Up,
    Down,
    Bfly,
    Idx,
}

/// `vote.sync` modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VoteMode {
    All,
    Any,
    Uni,
    Ballot,
}

/// A function the CUDA device runtime provides, which device code calls by name
/// (`.extern .func`): what `assert()`, `printf`, `malloc` and `free` compile to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuntimeFn {
    /// `__assertfail(message, file, line, function, char_size)`.
    AssertFail,
    /// `vprintf(format, argument_buffer) -> int`.
    Vprintf,
    /// `malloc(size) -> pointer`.
    Malloc,
    /// `free(pointer)`.
    Free,
    /// `cudaGraphSetConditional(handle, value)`: sets a graph's conditional handle. The
    /// simulator's handle is the global address of the handle's 32-bit value.
    SetConditional,
}

impl RuntimeFn {
    /// The runtime function of that name, with its argument and result counts.
    pub fn named(name: &str) -> Option<(RuntimeFn, usize, usize)> {
        Some(match name {
            "__assertfail" => (RuntimeFn::AssertFail, 5, 0),
            "vprintf" => (RuntimeFn::Vprintf, 2, 1),
            "malloc" => (RuntimeFn::Malloc, 1, 1),
            "free" => (RuntimeFn::Free, 1, 0),
            "cudaGraphSetConditional" => (RuntimeFn::SetConditional, 2, 0),
            _ => return None,
        })
    }
}

/// `prmt`'s modes: for each value of `c & 3`, the source byte each result byte takes,
/// from the result's byte 0 up (the PTX ISA lists them from byte 3 down).
pub const PRMT_MODES: [(&str, [[u8; 4]; 4]); 6] = [
    (
        "f4e",
        [[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]],
    ),
    (
        "b4e",
        [[0, 7, 6, 5], [1, 0, 7, 6], [2, 1, 0, 7], [3, 2, 1, 0]],
    ),
    (
        "rc8",
        [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]],
    ),
    (
        "ecl",
        [[0, 1, 2, 3], [1, 1, 2, 3], [2, 2, 2, 3], [3, 3, 3, 3]],
    ),
    (
        "ecr",
        [[0, 0, 0, 0], [0, 1, 1, 1], [0, 1, 2, 2], [0, 1, 2, 3]],
    ),
    (
        "rc16",
        [[0, 1, 0, 1], [2, 3, 2, 3], [0, 1, 0, 1], [2, 3, 2, 3]],
    ),
];

/// The reduction `bar.red` computes over the block's threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BarRed {
    /// `popc` (how many threads' predicates hold), `and` or `or`.
    pub op: BarRedOp,
    /// The destination: a `.u32` register for `popc`, a predicate otherwise.
    pub d: u32,
    /// The predicate each thread contributes, negated when `negate`.
    pub p: Src,
    pub negate: bool,
}

/// `mbarrier` operations (see [`super::exec`] for the object's layout).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MbarOp {
    /// `mbarrier.init [addr], count`.
    Init,
    /// `mbarrier.arrive`/`arrive_drop` (`drop`: the expected count shrinks too), with
    /// `.noComplete` (this arrival must not complete the phase) or `.expect_tx` (`a` is
    /// a transaction byte count expected before one arrival).
    Arrive {
        drop: bool,
        no_complete: bool,
        expect_tx: bool,
    },
    /// `mbarrier.expect_tx [addr], bytes`.
    ExpectTx,
    /// `mbarrier.complete_tx [addr], bytes`.
    CompleteTx,
    /// `mbarrier.test_wait`/`try_wait` with a token, or `.parity` with a phase parity.
    Wait { parity: bool },
    /// `mbarrier.pending_count d, token`.
    PendingCount,
    /// `mbarrier.inval [addr]`.
    Inval,
}

/// A warp-wide matrix instruction: its destination registers, source fragments (`a`,
/// `b`, `c` as the instruction names them), and the address and stride of a load or store.
#[derive(Debug, Clone, PartialEq)]
pub struct MatrixInstr {
    pub op: MatrixOp,
    pub d: Vec<u32>,
    pub a: Vec<Src>,
    pub b: Vec<Src>,
    pub c: Vec<Src>,
    pub addr: Option<Addr>,
    pub stride: Option<Src>,
}

/// The warp-wide matrix instructions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MatrixOp {
    /// `ldmatrix.sync.aligned.m8n8.x{count}{.trans}.b16`.
    LdMatrix { count: u8, trans: bool },
    /// `stmatrix.sync.aligned.m8n8.x{count}{.trans}.b16`.
    StMatrix { count: u8, trans: bool },
    /// `movmatrix.sync.aligned.m8n8.trans.b16`.
    MovMatrix,
    /// `mma.sync.aligned` with the PTX ISA's fragments.
    Mma { shape: Shape, types: MmaTypes },
    /// `wmma.load.{a,b,c}`: `which` operand, element type, row- or column-major memory.
    WmmaLoad {
        which: super::tensor::Operand,
        shape: Shape,
        elem: Elem,
        row_major: bool,
    },
    /// `wmma.store.d`.
    WmmaStore {
        shape: Shape,
        elem: Elem,
        row_major: bool,
    },
    /// `wmma.mma`.
    WmmaMma { shape: Shape, types: MmaTypes },
}

/// Which reduction `bar.red` computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BarRedOp {
    Popc,
    And,
    Or,
}

/// What a real call (of a recursive function) keeps in each lane's frame: the values of
/// the callee's registers and the bytes of its local memory, which the call it makes
/// overwrites and its return puts back.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Frame {
    /// The callee's registers, except those that carry its results.
    pub save: Vec<u32>,
    /// Offset and length of the callee's local memory.
    pub local: (u32, u32),
}

/// Calls the macro `$m` with the table of every IR operation, one row each:
///
/// ```text
/// /// What it does.
/// Name = family::handler, shape { field: Type, ... };
/// ```
///
/// `Name` is the [`Op`] variant and the operand struct it holds (`Op::Bin(Bin { .. })`);
/// `family` is the file of `exec/` that executes it, named as `lower/`'s files are;
/// `handler` is its execution function there, which receives exactly this struct; `shape`
/// says what that function may touch:
///
/// - `regs`: the warp's registers only, `fn(&mut Warp, lanes, &Name)`, a free function of
///   `family`; the lanes then go on to the next instruction.
/// - `block`: anything (memory, the block's barriers, program counters, a fault),
///   `Block::handler(&mut self, Exec, &Name) -> Result<Flow>`, a method defined in
///   `family`'s file.
///
/// From this one table come [`Op`] and its operand structs (here) and the dispatch
/// (`exec/block.rs`), so a handler cannot be reached with another operation's operands:
/// the types forbid it. The pattern is that of wasmtime's pulley
/// (`for_each_op!`); `lower/opcode.rs` has the table of PTX opcodes that lowering reads.
macro_rules! for_each_ir_op {
    ($m:ident) => {
        $m! {
            // Moves and conversions.
            /// `d = a` (also `mov` of a symbol's address, already resolved to an immediate).
            Mov = convert::exec_mov, regs { d: u32, a: Src };
            /// `cvt`: convert between types.
            Cvt = convert::exec_cvt, regs {
                dty: Ty, sty: Ty, round: Option<Round>, sat: bool, ftz: bool, d: u32, a: Src
            };
            /// `cvt.rn.f16x2.f32 d, a, b` (and `bf16x2`): `a` rounded into the upper half,
            /// `b` into the lower.
            CvtPair = convert::exec_cvt_pair, regs {
                fmt: HalfFmt, round: Round, mods: HalfMods, d: u32, a: Src, b: Src
            };
            /// `cvta`: between generic and a state space's addresses.
            Cvta = convert::exec_cvta, regs { to: bool, space: MemSpace, d: u32, a: Src };
            /// `mov.b64 d, {a, b}`: concatenates parts, the first in the low bits.
            Pack = convert::exec_pack, regs { d: u32, parts: Vec<Src>, part_bits: u32 };
            /// `mov.b64 {a, b}, s`: splits a value into parts, the first from the low bits.
            Unpack = convert::exec_unpack, regs { ds: Vec<u32>, a: Src, part_bits: u32 };
            /// A read of a special register whose value depends on the block, the launch or
            /// the moment (`%clock64`, `%smid`, `%dynamic_smem_size`, ...; `special.rs`).
            Special = special::exec_special, block { reg: SpecialReg, d: u32 };

            // Arithmetic and logic.
            /// `d = a op b`.
            Bin = arith::exec_bin, regs {
                op: BinOp, ty: Ty, mods: FpMods, d: u32, a: Src, b: Src
            };
            /// `d = op a`.
            Un = arith::exec_un, regs { op: UnOp, ty: Ty, ftz: bool, d: u32, a: Src };
            /// `mad`, `mad24`, `sad`, `fma`: `d = (a mul b) + c`, where `mul` is the product
            /// (or, for `sad`, the absolute difference) and `wide` doubles the width of `c`
            /// and `d`.
            Mad = arith::exec_mad, regs {
                ty: Ty, mul: BinOp, wide: bool, mods: FpMods, d: u32, a: Src, b: Src, c: Src
            };
            /// A step of a carry chain (`add.cc`, `addc`, `sub.cc`, `subc`, `mad.lo/hi.cc`,
            /// `madc.lo/hi`) on `bits`-wide operands: `carry_in` adds the carry flag
            /// (register `cf`, 0 or 1 per lane), `carry_out` writes it.
            Carry = arith::exec_carry, regs {
                op: CarryOp, bits: u8, signed: bool, carry_in: bool, carry_out: bool,
                cf: u32, d: u32, a: Src, b: Src, c: Src
            };
            /// Half-precision arithmetic (`add.f16`, `fma.rn.bf16x2`, ...): `pair` computes
            /// both 16-bit halves of a 32-bit register independently.
            Half = arith::exec_half, regs {
                op: HalfOp, fmt: HalfFmt, pair: bool, mods: HalfMods, d: u32, a: Src, b: Src,
                c: Src
            };
            /// Boolean operations on predicates (`and.pred`, `or.pred`, `not.pred`, ...).
            Logic = arith::exec_logic, regs { op: Option<BoolOp>, d: u32, a: Src, b: Src };

            // Comparisons and selections.
            /// `setp`: `p = (a cmp b) [combine q]`; `pn` gets the complement.
            Setp = compare::exec_setp, regs {
                cmp: Cmp, ty: Ty, unordered: bool,
                /// `.ftz`: `f32` subnormal operands compare as zero.
                ftz: bool,
                p: u32, pn: Option<u32>, a: Src, b: Src, combine: Option<(BoolOp, Src, bool)>
            };
            /// `selp`: `d = p ? a : b`.
            Selp = compare::exec_selp, regs { d: u32, a: Src, b: Src, p: Src };
            /// `slct`: `d = c >= 0 ? a : b`, `c` of type `cty` (`ftz`: a subnormal `c` counts
            /// as 0).
            Slct = compare::exec_slct, regs {
                cty: Ty, ftz: bool, d: u32, a: Src, b: Src, c: Src
            };
            /// `testp`: `p = test(a)` for a floating-point `a`.
            Testp = compare::exec_testp, regs { test: FpTest, ty: Ty, p: u32, a: Src };
            /// `setp`/`set` on a half pair (`fmt` `.f16x2`/`.bf16x2`): each 16-bit half of
            /// `a` compared with that of `b` (`ftz`: subnormal halves as zero), combined with
            /// a predicate where `combine` says. `setp` (`yes` `None`) writes the low half's
            /// result to `d` and the high half's to `q`; `set` writes `yes` or 0 into each
            /// half of `d`.
            HalfCmp = compare::exec_half_cmp, regs {
                cmp: Cmp, unordered: bool, fmt: HalfFmt, ftz: bool, yes: Option<u16>, d: u32,
                q: Option<u32>, a: Src, b: Src, combine: Option<(BoolOp, Src, bool)>
            };

            // Bit fields, permutes, funnel shifts, dot products.
            /// `bfe`: extract `c` bits from position `b`.
            Bfe = bits::exec_bfe, regs { ty: Ty, d: u32, a: Src, b: Src, c: Src };
            /// `bfi`: insert `c` bits of `a` into `b` at position `d`... (PTX: bfi d, a, b,
            /// c, e).
            Bfi = bits::exec_bfi, regs { ty: Ty, d: u32, a: Src, b: Src, c: Src, e: Src };
            /// `bfind`: position of the most significant non-sign bit (`shiftamt`: from the
            /// top).
            Bfind = bits::exec_bfind, regs { ty: Ty, shiftamt: bool, d: u32, a: Src };
            /// `bmsk.clamp`/`bmsk.wrap`: a mask of `b` bits from bit `a`.
            Bmsk = bits::exec_bmsk, regs { clamp: bool, d: u32, a: Src, b: Src };
            /// `prmt.b32`: picks four bytes of `{b, a}` by the selector `c`.
            Prmt = bits::exec_prmt, regs {
                /// `None`: the default mode (a selector nibble per byte); else one of the
                /// modes' byte tables ([`PRMT_MODES`]), indexed by `c & 3`.
                mode: Option<&'static [[u8; 4]; 4]>,
                d: u32, a: Src, b: Src, c: Src
            };
            /// `shf.l`/`shf.r`: funnel shift of the 64-bit value `b:a` by `c` (`wrap`:
            /// modulo 32, else clamped at 32); `.l` keeps the high word, `.r` the low one.
            Shf = bits::exec_shf, regs { left: bool, clamp: bool, d: u32, a: Src, b: Src, c: Src };
            /// `dp4a` (`pair: false`): `d = c + Σ a.byte[i] * b.byte[i]`; `dp2a.lo/.hi`
            /// (`pair: true`): `d = c + Σ a.half[i] * b.byte[i + 2 * hi]`; each part sign- or
            /// zero-extended as its type says, the sum wrapping at 32 bits.
            Dp = bits::exec_dp, regs {
                pair: bool, hi: bool, a_signed: bool, b_signed: bool, d: u32, a: Src, b: Src,
                c: Src
            };

            // Memory.
            /// Load `d.len()` elements of `ty`.
            Ld = memory::exec_ld, block { ty: Ty, d: Vec<u32>, addr: Addr };
            /// Store `s.len()` elements of `ty`.
            St = memory::exec_st, block { ty: Ty, s: Vec<Src>, addr: Addr };
            /// Atomic read-modify-write (`atom`, or `red` when `d` is `None`).
            Atom = memory::exec_atom, block {
                op: AtomOp, ty: Ty, d: Option<u32>, addr: Addr, b: Src, c: Option<Src>
            };
            /// `cp.async` of `size` bytes from global to shared memory, done at once (the
            /// simulator runs a block's warps one after another, so the copy is complete by
            /// the `cp.async.wait_group` that must precede any read of it); bytes past
            /// `src_size` are zeros.
            CpAsync = memory::exec_cp_async, block {
                dst: Addr, src: Addr, size: u32, src_size: Option<Src>
            };
            /// `cp.async.bulk` of `size` bytes (a multiple of 16) between global and shared
            /// memory (or shared to shared), done at once; with `mbar`, the bytes then
            /// complete that many transaction bytes of the `mbarrier`
            /// (`.mbarrier::complete_tx::bytes`).
            BulkCopy = memory::exec_bulk_copy, block {
                dst: Addr, src: Addr, size: Src, mbar: Option<Addr>
            };

            // Control flow.
            /// `bra`.
            Bra = control::exec_branch, block { target: u32 };
            /// A real call (recursion): each lane pushes a frame (its return address and
            /// `frame`), moves the arguments into the callee's parameter registers and jumps
            /// to `target`.
            Call = control::exec_call, block { target: u32, args: Vec<(u32, Src)>, frame: Frame };
            /// The return of a real call: each lane pops its frame and goes back.
            Return = control::exec_return, block { frame: Frame };
            /// `ret` / `exit` from a kernel.
            Exit = control::exec_exit, block {};
            /// `trap` (`__trap()`): the launch ends with a fault.
            Trap = control::exec_trap, block {};
            /// `membar` and `fence`: nothing within one worker (it runs each block's
            /// accesses in order); between the workers of a parallel launch, a sequentially
            /// consistent fence.
            Fence = control::exec_fence, block {};
            /// Instructions with no effect in the simulator (`nanosleep`, `bar.warp.sync`,
            /// ...).
            Nop = control::exec_nop, regs {};

            // Barriers.
            /// `bar.sync` / `barrier.sync` / `bar.red` / `bar.arrive` on barrier `id`
            /// (0..16). Without `count` (or with the block's thread count) the barrier waits
            /// for every thread of the block that has not exited; with a smaller `count` it
            /// completes when `count` threads have arrived (each warp counts as 32, as on the
            /// GPU). `arrive` (`bar.arrive`) counts the warp in without waiting. `red`: the
            /// reduction of `bar.red` (`__syncthreads_count`, `__syncthreads_and`,
            /// `__syncthreads_or`).
            Bar = barrier::exec_bar, block {
                id: Src, count: Option<Src>, arrive: bool, red: Option<BarRed>
            };
            /// An `mbarrier` operation on the 8-byte barrier object at `addr` (shared
            /// memory): `d` receives the arrival token, the wait result or the pending count;
            /// `a` is the count, transaction bytes, token or phase parity the operation
            /// takes. A wait that finds its phase incomplete lets the block's other warps run
            /// before it polls again.
            Mbar = barrier::exec_mbar, block {
                op: MbarOp, d: Option<u32>, addr: Addr, a: Option<Src>
            };

            // Calls of the device runtime.
            /// A call of a device-runtime function: arguments and the result in registers.
            Runtime = runtime::exec_runtime, block {
                func: RuntimeFn, args: Vec<u32>, ret: Option<u32>
            };

            // Warp-wide operations. Those with a member mask (`member`: `None` for the forms
            // without `.sync`) check it before they run (`exec/warp.rs`): the lanes it names
            // that have not exited must run the instruction together with the lane.
            /// `shfl.sync` (and the `shfl` of sm_6x).
            Shfl = warp::exec_shfl, block {
                mode: ShflMode, d: u32, p: Option<u32>, a: Src, b: Src, c: Src,
                member: Option<Src>
            };
            /// `vote.sync` (and the `vote` of sm_6x): over the running lanes of each lane's
            /// member mask.
            Vote = warp::exec_vote, block {
                mode: VoteMode, d: u32, p: Src, negate: bool, member: Option<Src>
            };
            /// `redux.sync.op.type d, a, membermask`: in each lane, `op` over `a` of the
            /// active lanes of that lane's `membermask` (`Min`/`Max` signed for `.s32`). The
            /// masks may differ between lanes: cooperative groups' `labeled_partition`
            /// reduces each group with the mask `match.any.sync` gave it.
            Redux = warp::exec_redux, block { op: BinOp, signed: bool, d: u32, a: Src, mask: Src };
            /// `match.any.sync` (`d` = the lanes of the member mask holding the same `a`) and
            /// `match.all.sync` (`d` = those lanes if all hold the same `a`, else 0; `p` =
            /// whether they do).
            Match = warp::exec_match, block {
                all: bool, bits: u32, d: Option<u32>, p: Option<u32>, a: Src, member: Src
            };
            /// `elect.sync d|p, membermask`: the lowest lane taking part is the leader; `d` =
            /// its lane number in every lane, `p` = whether this lane is it.
            Elect = warp::exec_elect, block { d: Option<u32>, p: Option<u32>, member: Src };
            /// `bar.warp.sync membermask` (`__syncwarp`): the lanes wait for each other, as
            /// every warp operation with a member mask does.
            WarpSync = warp::exec_warp_sync, block { member: Src };
            /// `activemask.b32`.
            ActiveMask = warp::exec_active_mask, regs { d: u32 };

            // Tensor cores.
            /// A warp-wide matrix instruction (tensor cores; see [`super::tensor`]), boxed:
            /// its fragments would make every other operation as large.
            Matrix = tensor::exec_matrix, block { instr: Box<MatrixInstr> };

            // Textures and surfaces.
            /// `tex`: a fetch of four channels from the texture object `handle` (`tex.level`
            /// and `tex.grad` read level 0: the crate makes no mipmapped textures).
            Tex = texture::exec_tex, block {
                geometry: Geometry, ctype: CoordType, ttype: TexelType, d: [u32; 4],
                handle: Src, coords: Vec<Src>
            };
            /// `suld.b`: `d.len()` elements of `ty` from the surface object `handle`.
            SurfLd = texture::exec_surf_ld, block {
                geometry: Geometry, boundary: Boundary, ty: Ty, d: Vec<u32>, handle: Src,
                coords: Vec<Src>
            };
            /// `sust.b`: `s.len()` elements of `ty` to the surface object `handle`.
            SurfSt = texture::exec_surf_st, block {
                geometry: Geometry, boundary: Boundary, ty: Ty, s: Vec<Src>, handle: Src,
                coords: Vec<Src>
            };

            // Clusters and distributed shared memory.
            /// Distributed shared memory: `mapa`, `getctarank`, `isspacep`.
            Dsmem = cluster::exec_dsmem, block { op: DsmemOp, d: u32, a: Src, b: Src };
            /// `barrier.cluster.arrive` (`wait` false) or `barrier.cluster.wait` (`wait`
            /// true): the barrier of every thread of the block's cluster.
            ClusterBar = cluster::exec_cluster_bar, block { wait: bool };

            // Tensor memory access (TMA): bulk tensor copies and bulk reductions.
            /// `cp.async.bulk.tensor` (a tile or im2col box between global memory and shared
            /// memory, by a tensor map), `cp.reduce.async.bulk.tensor`, and the multicast
            /// `cp.async.bulk`, done at once (see [`TmaInstr`]); boxed, as `Matrix` is.
            Tma = tma::exec_tma, block { instr: Box<TmaInstr> };
            /// `cp.reduce.async.bulk`: `size` bytes of `src` combined into `dst` element by
            /// element, done at once (see [`BulkReduceInstr`]).
            BulkReduce = tma::exec_bulk_reduce, block { instr: Box<BulkReduceInstr> };
            /// `tensormap.replace.tile.global_address`: the tensor address of the map at
            /// `addr` (global or shared memory) becomes `value`.
            TensormapReplace = tma::exec_tensormap_replace, block { addr: Addr, value: Src };
            // Warpgroup matrix multiply-accumulate.
            /// A warpgroup instruction (`wgmma.mma_async`, `wgmma.fence`,
            /// `wgmma.commit_group`, `wgmma.wait_group`, `setmaxnreg`; see `exec/wgmma.rs`).
            Wgmma = wgmma::exec_wgmma, block { op: WgmmaOp };
            /// An fp8 conversion (`cvt` to or from `.e4m3x2`/`.e5m2x2`): `dir` says which
            /// (`b` is the second `f32` of `FromF32`, else unused); `relu` clamps
            /// negative results to +0.
            CvtFp8 = convert::exec_cvt_fp8, regs {
                fmt: Fp8, dir: Fp8Cvt, relu: bool, d: u32, a: Src, b: Src
            };
        }
    };
}
pub(crate) use for_each_ir_op;

/// Defines [`Op`] and one operand struct per operation from the rows [`for_each_ir_op!`]
/// hands it.
macro_rules! define_op {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident = $family:ident::$handler:ident, $shape:ident {
            $($(#[doc = $fdoc:literal])* $field:ident: $ty:ty),* $(,)?
        };
    )*) => {
        $(
            $(#[doc = $doc])*
            #[derive(Debug, Clone, PartialEq)]
            pub struct $name {
                $($(#[doc = $fdoc])* pub $field: $ty,)*
            }
        )*

        /// One operation, with its operands (the table is [`for_each_ir_op!`]).
        #[derive(Debug, Clone, PartialEq)]
        pub enum Op {
            $($(#[doc = $doc])* $name($name),)*
        }
    };
}

for_each_ir_op!(define_op);

/// A distributed-shared-memory address operation ([`Op::Dsmem`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DsmemOp {
    /// `mapa`: the address `a` in the shared memory of the cluster's block of rank `b`;
    /// `generic`: `a` and the result are generic addresses, else `.shared::cluster` ones.
    Mapa { generic: bool },
    /// `getctarank`: the rank of the block whose shared memory `a` is in.
    Getctarank { generic: bool },
    /// `isspacep`: whether the generic address `a` is in the space (`b` unused).
    Isspacep(SpaceTest),
}

/// The state space `isspacep` tests a generic address for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpaceTest {
    /// `.global`.
    Global,
    /// `.local`.
    Local,
    /// `.shared` / `.shared::cta`: the block's own shared memory.
    SharedCta,
    /// `.shared::cluster`: the shared memory of any block of the cluster.
    SharedCluster,
}

/// What a [`Tma`] operation does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TmaKind {
    /// A load from global memory into the shared memory of the block at `smem`, or, with
    /// a `cta_mask` (`.multicast::cluster`), of each block of the cluster the mask names
    /// (at the same offset), completing the box's bytes on each one's `mbarrier`.
    Load { cta_mask: Option<Src> },
    /// A store of the box at `smem` to global memory (`.bulk_group`).
    Store,
    /// A reduction of the box at `smem` into global memory (`cp.reduce.async.bulk.tensor`).
    Reduce(TmaReduceOp),
}

/// The operands of [`Op::Tma`].
#[derive(Debug, Clone, PartialEq)]
pub struct TmaInstr {
    /// Load, store or reduction.
    pub kind: TmaKind,
    /// `None`: a plain `cp.async.bulk` of `size` bytes from the global address `map`
    /// (only multicast loads come here); `Some(n)`: a tensor copy of `n` dimensions.
    pub dims: Option<u8>,
    /// `.im2col` (else `.tile`).
    pub im2col: bool,
    /// The tensor map's address (a kernel parameter, or generic / global memory), or the
    /// plain copy's source.
    pub map: Addr,
    /// The tensor coordinates, innermost first.
    pub coords: Vec<Src>,
    /// The im2col offsets, one per spatial dimension.
    pub offsets: Vec<Src>,
    /// The shared-memory box: the destination of a load, the source of a store.
    pub smem: Addr,
    /// The `mbarrier` a load completes its bytes on.
    pub mbar: Option<Addr>,
    /// Bytes of a plain `cp.async.bulk`.
    pub size: Option<Src>,
}

/// The reductions of `cp.reduce.async.bulk{.tensor}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TmaReduceOp {
    Add,
    Min,
    Max,
    Inc,
    Dec,
    And,
    Or,
    Xor,
}

/// The operands of [`Op::BulkReduce`]: `cp.reduce.async.bulk.dst.src...redOp.type [dst],
/// [src], size{, [mbar]}`.
#[derive(Debug, Clone, PartialEq)]
pub struct BulkReduceInstr {
    /// The reduction.
    pub op: TmaReduceOp,
    /// The element type.
    pub ty: Ty,
    /// Global memory, or another block's shared memory (`.shared::cluster`).
    pub dst: Addr,
    /// The block's shared memory.
    pub src: Addr,
    /// Bytes (a multiple of 16).
    pub size: Src,
    /// With `.mbarrier::complete_tx::bytes`: the barrier the bytes complete on.
    pub mbar: Option<Addr>,
}

/// An instruction with its guard and source line.
#[derive(Debug, Clone, PartialEq)]
pub struct Instr {
    /// `@p` / `@!p`: the predicate register and whether it is negated.
    pub guard: Option<(u32, bool)>,
    /// The operation.
    pub op: Op,
    /// PTX line, for errors.
    pub line: u32,
    /// The PTX opcode with its modifiers, for errors (`ld.global.f32`).
    pub text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every instruction of a lowered kernel holds an `Op`, so an operation with large
    /// operands is boxed (as `Matrix` is) rather than making every instruction larger.
    #[test]
    fn an_operation_takes_at_most_112_bytes() {
        let size = std::mem::size_of::<Op>();
        assert!(size <= 112, "an Op takes {size} bytes");
    }
}
