//! Tensor-core instructions: `mma.sync`, `wmma.load/store/mma`, `ldmatrix`, `stmatrix`
//! and `movmatrix`, computed for a whole warp at once.
//!
//! **`mma` fragments** follow the PTX ISA's layouts ("Matrix Fragments for mma.mMnNkK"):
//! with `g = lane >> 2` and `t = lane & 3`, a register holding `e` elements (2 of
//! `.f16`/`.bf16`, 1 of `.tf32`/`.f64`, 4 of 8-bit and 8 of 4-bit integers), element `i`
//! of a fragment is in register `q = i / e` at position `j = i % e`, and
//!
//! - A (`m x k`): row `g + 8 * (q & 1)`, column `t * e + j + (q >> 1) * 4 * e`;
//! - B (`k x n`): row `t * e + j + q * 4 * e`, column `g`;
//! - C and D (`m x n`, one element per register, two per `.f16x2`): element `i` at row
//!   `g + 8 * (i >> 1)`, column `2 * t + (i & 1)`.
//!
//! For `m8n8k4.f64` the same formulas give row `g` (the matrix has 8 rows).
//!
//! **`wmma` fragments** are opaque in PTX; the simulator's layout, the same for loads,
//! stores and `wmma.mma`: a matrix of `R x C` elements has `u = R * C / 32` distinct ones
//! per lane, and fragment slot `s` of lane `l` (slots counted over the registers, low
//! bits first) holds element `l * u + s % u` of the matrix in row-major order (slots past
//! `u`, where PTX's fragment is larger than the matrix share, repeat the first ones).
//!
//! **Arithmetic.** Integer products are exact (`i64`), the sum wraps to 32 bits or, with
//! `.satfinite`, clamps to the `s32` range (`.b1`: AND and population count).
//! Floating-point dot products follow the H100's tensor cores bit for bit
//! ([`super::tensor_arith`]: products aligned to the largest exponent and truncated 25
//! bits below it, 13 for fp8 `wgmma`, then rounded once); `f64` `mma` is a chain of fused
//! multiply-adds in `k` order.
use super::fp8::{self, Fp8};
use super::half::{self, HalfFmt};
use super::ir::Src;
use super::tensor_arith;

/// The element type of a tensor-core operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Elem {
    F16,
    BF16,
    TF32,
    F32,
    F64,
    S32,
    S8,
    U8,
    S4,
    U4,
    /// fp8 `e4m3`: 4 exponent bits (bias 7), 3 fraction bits, no infinities, NaN
    /// `S.1111.111`.
    E4M3,
    /// fp8 `e5m2`: 5 exponent bits (bias 15), 2 fraction bits, IEEE infinities and NaNs.
    E5M2,
    /// A single bit (`wgmma`'s `.b1`, multiplied by AND and summed by population count).
    B1,
}

impl Elem {
    /// From a type modifier (`f16`, `tf32`, `s4`, ...).
    pub fn parse(m: &str) -> Option<Elem> {
        Some(match m {
            "f16" => Elem::F16,
            "bf16" => Elem::BF16,
            "tf32" => Elem::TF32,
            "f32" => Elem::F32,
            "f64" => Elem::F64,
            "s32" => Elem::S32,
            "s8" => Elem::S8,
            "u8" => Elem::U8,
            "s4" => Elem::S4,
            "u4" => Elem::U4,
            "e4m3" => Elem::E4M3,
            "e5m2" => Elem::E5M2,
            "b1" => Elem::B1,
            _ => return None,
        })
    }

    /// Bits of one element.
    pub fn bits(self) -> u32 {
        match self {
            Elem::F16 | Elem::BF16 => 16,
            Elem::TF32 | Elem::F32 | Elem::S32 => 32,
            Elem::F64 => 64,
            Elem::S8 | Elem::U8 | Elem::E4M3 | Elem::E5M2 => 8,
            Elem::S4 | Elem::U4 => 4,
            Elem::B1 => 1,
        }
    }

    /// Elements in one register (a `.b32`, or a `.f64` register for `F64`).
    pub fn per_reg(self) -> usize {
        match self {
            Elem::F64 => 1,
            e => (32 / e.bits()) as usize,
        }
    }

    /// Whether the element is an integer (or a bit): products exact, sums wrapping.
    pub fn is_int(self) -> bool {
        matches!(
            self,
            Elem::S32 | Elem::S8 | Elem::U8 | Elem::S4 | Elem::U4 | Elem::B1
        )
    }

    /// An element's bits as an exact value: a float as `f64`, an integer as `i64`.
    fn value(self, v: u64) -> Value {
        let bits = self.bits();
        let v = if bits >= 64 { v } else { v & ((1 << bits) - 1) };
        match self {
            Elem::F16 => Value::F(half::to_f64(v as u16, HalfFmt::F16)),
            Elem::BF16 => Value::F(half::to_f64(v as u16, HalfFmt::BF16)),
            Elem::TF32 => Value::F(f32::from_bits(v as u32 & 0xffff_e000) as f64),
            Elem::F32 => Value::F(f32::from_bits(v as u32) as f64),
            Elem::F64 => Value::F(f64::from_bits(v)),
            Elem::S32 | Elem::S8 | Elem::S4 => {
                let shift = 64 - bits;
                Value::I(((v << shift) as i64) >> shift)
            }
            Elem::U8 | Elem::U4 | Elem::B1 => Value::I(v as i64),
            Elem::E4M3 => Value::F(fp8::to_f64(v as u8, Fp8::E4M3)),
            Elem::E5M2 => Value::F(fp8::to_f64(v as u8, Fp8::E5M2)),
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Value {
    F(f64),
    I(i64),
}

impl Value {
    fn f(self) -> f64 {
        match self {
            Value::F(x) => x,
            Value::I(i) => i as f64,
        }
    }
    fn i(self) -> i64 {
        match self {
            Value::I(i) => i,
            Value::F(x) => x as i64,
        }
    }
}

/// An `mma`/`wmma` shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    pub m: usize,
    pub n: usize,
    pub k: usize,
}

impl Shape {
    /// From `m16n8k16` and the like.
    pub fn parse(s: &str) -> Option<Shape> {
        let rest = s.strip_prefix('m')?;
        let (m, rest) = rest.split_once('n')?;
        let (n, k) = rest.split_once('k')?;
        Some(Shape {
            m: m.parse().ok()?,
            n: n.parse().ok()?,
            k: k.parse().ok()?,
        })
    }
}

/// Which operand of a multiply-accumulate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operand {
    A,
    B,
    /// C or D (the accumulator).
    C,
}

impl Operand {
    /// Rows and columns of the operand's matrix.
    pub fn dims(self, s: Shape) -> (usize, usize) {
        match self {
            Operand::A => (s.m, s.k),
            Operand::B => (s.k, s.n),
            Operand::C => (s.m, s.n),
        }
    }
}

/// Row and column of element `i` of lane `lane`'s `mma` fragment (the PTX ISA's layout).
pub fn mma_position(op: Operand, elem: Elem, lane: usize, i: usize) -> (usize, usize) {
    let (g, t) = (lane >> 2, lane & 3);
    match op {
        Operand::A => {
            let e = elem.per_reg();
            let (q, j) = (i / e, i % e);
            (g + 8 * (q & 1), t * e + j + (q >> 1) * 4 * e)
        }
        Operand::B => {
            let e = elem.per_reg();
            let (q, j) = (i / e, i % e);
            (t * e + j + q * 4 * e, g)
        }
        Operand::C => (g + 8 * (i >> 1), 2 * t + (i & 1)),
    }
}

/// Row and column of slot `s` of lane `lane`'s `wmma` fragment (the simulator's layout).
pub fn wmma_position(rows: usize, cols: usize, lane: usize, s: usize) -> (usize, usize) {
    let unique = (rows * cols / 32).max(1);
    let idx = lane * unique + s % unique;
    (idx / cols, idx % cols)
}

/// A warp's fragment registers: `regs[q][lane]`.
pub type Fragment = Vec<[u64; 32]>;

/// Element `i` of a lane's fragment.
pub fn fragment_get(frag: &Fragment, elem: Elem, lane: usize, i: usize) -> u64 {
    let e = elem.per_reg();
    let (q, j) = (i / e, i % e);
    let bits = elem.bits();
    let v = frag.get(q).map_or(0, |r| r[lane]);
    if bits >= 64 {
        v
    } else {
        (v >> (j as u32 * bits)) & ((1 << bits) - 1)
    }
}

/// Sets element `i` of a lane's fragment.
pub fn fragment_set(frag: &mut Fragment, elem: Elem, lane: usize, i: usize, v: u64) {
    let e = elem.per_reg();
    let (q, j) = (i / e, i % e);
    let bits = elem.bits();
    if let Some(r) = frag.get_mut(q) {
        if bits >= 64 {
            r[lane] = v;
        } else {
            let shift = j as u32 * bits;
            let mask = ((1u64 << bits) - 1) << shift;
            r[lane] = (r[lane] & !mask) | ((v << shift) & mask);
        }
    }
}

/// What a multiply-accumulate computes with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MmaTypes {
    pub a: Elem,
    pub b: Elem,
    pub c: Elem,
    pub d: Elem,
    /// `.satfinite`: integer results clamp to the `s32` range.
    pub satfinite: bool,
}

/// The instruction a multiply-accumulate comes from: their floating-point arithmetic
/// differs for fp8 (sm_90 runs fp8 `mma.sync` on its f16 unit, `wgmma` on its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// `mma.sync`.
    Mma,
    /// `wmma.mma`.
    Wmma,
    /// `wgmma.mma_async`.
    Wgmma,
}

/// The k of one tensor-core block for multiplicands of type `e`: longer dot products are
/// chained blocks, each rounded into the accumulator.
fn block_k(e: Elem, unit: Unit) -> usize {
    match e {
        Elem::TF32 if unit == Unit::Wmma => 4,
        Elem::TF32 => 8,
        Elem::E4M3 | Elem::E5M2 => 32,
        _ => 16,
    }
}

/// `D = A * B + C` over whole matrices (row-major `Vec`s of element bits).
pub fn multiply(
    shape: Shape,
    ty: MmaTypes,
    unit: Unit,
    a: &[u64],
    b: &[u64],
    c: &[u64],
) -> Vec<u64> {
    let Shape { m, n, k } = shape;
    let mut d = vec![0u64; m * n];
    // Each element decoded once (not once per product it takes part in).
    let values = |bits: &[u64], e: Elem, len: usize| -> Vec<Value> {
        (0..len)
            .map(|i| e.value(bits.get(i).copied().unwrap_or(0)))
            .collect()
    };
    let (a_bits, b_bits) = (a, b);
    let (a, b) = (values(a, ty.a, m * k), values(b, ty.b, k * n));
    for r in 0..m {
        for col in 0..n {
            let cv = ty.c.value(c.get(r * n + col).copied().unwrap_or(0));
            let av = |x: usize| a[r * k + x];
            let bv = |x: usize| b[x * n + col];
            d[r * n + col] = if ty.a.is_int() {
                let sum = (0..k).fold(cv.i(), |s, x| s + av(x).i() * bv(x).i());
                if ty.satfinite {
                    sum.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32 as u64
                } else {
                    sum as i32 as u32 as u64
                }
            } else if ty.d == Elem::F64 {
                (0..k)
                    .fold(cv.f(), |s, x| av(x).f().mul_add(bv(x).f(), s))
                    .to_bits()
            } else {
                let row: Vec<u64> = (0..k).map(|x| a_bits[r * k + x]).collect();
                let column: Vec<u64> = (0..k).map(|x| b_bits[x * n + col]).collect();
                let c_bits = c.get(r * n + col).copied().unwrap_or(0);
                float_dot(ty, unit, &row, &column, c_bits)
            };
        }
    }
    d
}

/// One floating-point dot product `c + row . column` as the tensor cores compute it.
fn float_dot(ty: MmaTypes, unit: Unit, row: &[u64], column: &[u64], c: u64) -> u64 {
    let fp8 = matches!(ty.a, Elem::E4M3 | Elem::E5M2);
    if fp8 && unit != Unit::Wgmma {
        return tensor_arith::fp8_mma((row, ty.a), (column, ty.b), (c, ty.c), ty.d);
    }
    let block = tensor_arith::Block {
        fraction_bits: if fp8 {
            tensor_arith::FP8_FRACTION_BITS
        } else {
            tensor_arith::HALF_FRACTION_BITS
        },
        d: ty.d,
    };
    let mut acc = (c, ty.c);
    let k = block_k(ty.a, unit);
    for (x, y) in row.chunks(k).zip(column.chunks(k)) {
        acc = (
            tensor_arith::block_dot(block, (x, ty.a), (y, ty.b), acc),
            ty.d,
        );
    }
    acc.0
}

/// A warpgroup instruction: `wgmma.mma_async`, `wgmma.fence`, `wgmma.commit_group`,
/// `wgmma.wait_group` or `setmaxnreg` (executed in `exec/wgmma.rs`).
#[derive(Debug, Clone, PartialEq)]
pub enum WgmmaOp {
    /// `wgmma.mma_async.sync.aligned`: boxed, its registers would make every other
    /// operation as large.
    Mma(Box<WgmmaMma>),
    /// `wgmma.fence.sync.aligned`: orders the warpgroup's register accesses before the
    /// `wgmma.mma_async` that follow.
    Fence,
    /// `wgmma.commit_group.sync.aligned`: the `wgmma.mma_async` not yet in a group form one.
    Commit,
    /// `wgmma.wait_group.sync.aligned N`: waits until at most `N` groups are pending.
    Wait(u32),
    /// `setmaxnreg.{inc,dec}.sync.aligned.u32 count`.
    SetMaxNReg {
        /// `.inc` (else `.dec`).
        inc: bool,
        /// The register count asked for (a multiple of 8 in 24..=256).
        count: u32,
    },
}

/// Where `wgmma.mma_async` reads its A operand from.
#[derive(Debug, Clone, PartialEq)]
pub enum WgmmaA {
    /// Registers, in the fragment layout of `mma`'s A for the warp's 16 rows.
    Regs(Vec<Src>),
    /// Shared memory, through a 64-bit matrix descriptor.
    Desc(Src),
}

/// `wgmma.mma_async.sync.aligned.m64nNkK.dtype.atype.btype d, a, b-desc, scale-d, ...`.
#[derive(Debug, Clone, PartialEq)]
pub struct WgmmaMma {
    /// `m64nNkK`.
    pub shape: Shape,
    /// Element types (`c` is `d`'s); `.satfinite` for integers.
    pub types: MmaTypes,
    /// The accumulator registers (each thread's `N / 2` elements).
    pub d: Vec<u32>,
    /// The A operand.
    pub a: WgmmaA,
    /// B's matrix descriptor.
    pub b_desc: Src,
    /// `scale-d`: a predicate (or immediate); false: `D = A * B`, true: `D = A * B + D`.
    pub scale_d: Src,
    /// `imm-scale-a` / `imm-scale-b` of -1: the operand negated.
    pub negate: [bool; 2],
    /// `imm-trans-a` / `imm-trans-b` of 1: the operand MN-major (transposed) in shared
    /// memory.
    pub transpose: [bool; 2],
    /// `.and.popc` of `.b1`: products are ANDs, sums population counts.
    pub popc: bool,
    /// Some instruction touches its accumulators before the `wgmma.wait_group` that
    /// retires it: ptxas serializes such a pipeline, so it completes when it issues.
    pub serialized: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mma_fragments_cover_each_element_once() {
        let cases = [
            ("m16n8k16", Elem::F16),
            ("m16n8k8", Elem::BF16),
            ("m16n8k4", Elem::TF32),
            ("m16n8k8", Elem::TF32),
            ("m8n8k4", Elem::F64),
            ("m16n8k16", Elem::S8),
            ("m16n8k32", Elem::U8),
            ("m16n8k32", Elem::S4),
            ("m16n8k64", Elem::U4),
        ];
        for (s, e) in cases {
            let shape = Shape::parse(s).unwrap_or(Shape { m: 0, n: 0, k: 0 });
            for (op, elem) in [(Operand::A, e), (Operand::B, e), (Operand::C, Elem::F32)] {
                let (rows, cols) = op.dims(shape);
                let per_lane = rows * cols / 32;
                let mut seen = vec![0u32; rows * cols];
                for lane in 0..32 {
                    for i in 0..per_lane {
                        let (r, c) = mma_position(op, elem, lane, i);
                        assert!(r < rows && c < cols, "{s} {op:?} lane {lane} i {i}");
                        seen[r * cols + c] += 1;
                    }
                }
                assert!(seen.iter().all(|&n| n == 1), "{s} {op:?}: {seen:?}");
            }
        }
    }

    #[test]
    fn the_ptx_isa_examples_hold() {
        // m16n8k16 .f16 A: a4 of lane 5 (g 1, t 1) is row 1, column 2 + 0 + 8.
        assert_eq!(mma_position(Operand::A, Elem::F16, 5, 4), (1, 10));
        assert_eq!(mma_position(Operand::A, Elem::F16, 5, 2), (9, 2));
        // tf32 m16n8k8 A: a1 row g + 8, a2 column t + 4.
        assert_eq!(mma_position(Operand::A, Elem::TF32, 6, 1), (9, 2));
        assert_eq!(mma_position(Operand::A, Elem::TF32, 6, 2), (1, 6));
        // s8 m16n8k16 A: a4 is row g + 8, column 4t.
        assert_eq!(mma_position(Operand::A, Elem::S8, 7, 4), (9, 12));
        // s4 m16n8k64 B: b8 of lane 3 is row 3 * 8 + 32.
        assert_eq!(mma_position(Operand::B, Elem::S4, 3, 8), (56, 0));
        // C: c2 of lane 9 is row 2 + 8, column 2.
        assert_eq!(mma_position(Operand::C, Elem::F32, 9, 2), (10, 2));
    }

    #[test]
    fn integer_multiply_saturates_only_when_asked() {
        let shape = Shape { m: 1, n: 1, k: 2 };
        let ty = MmaTypes {
            a: Elem::S8,
            b: Elem::S8,
            c: Elem::S32,
            d: Elem::S32,
            satfinite: false,
        };
        let big = i32::MAX as u32 as u64;
        let a = [0x7f, 0x80]; // 127, -128
        let b = [0x7f, 0x80];
        let d = multiply(shape, ty, Unit::Mma, &a, &b, &[big]);
        assert_eq!(
            d[0] as u32,
            (i32::MAX).wrapping_add(127 * 127 + 128 * 128) as u32
        );
        let sat = MmaTypes {
            satfinite: true,
            ..ty
        };
        assert_eq!(
            multiply(shape, sat, Unit::Mma, &a, &b, &[big])[0] as u32,
            i32::MAX as u32
        );
    }
}
