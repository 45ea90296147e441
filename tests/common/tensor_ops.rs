//! Tensor-core cases shared by `tests/sim/tensor_ops.rs` (the simulator) and
//! `tests/gpu/tensor_ops.rs` (a GPU through the driver backend): the kernels of
//! `tensor_ops.cu` (`mma.sync` through inline assembly with the PTX ISA's fragments,
//! `wmma` through `<mma.h>`, `ldmatrix`, `movmatrix`), their inputs, how to run them
//! through the public API, and their results by definition.
//!
//! **Definitions.** Integer `mma`/`wmma` is exact: `D = A * B + C` in 64-bit integers,
//! wrapped to 32 bits or, with `.satfinite`, clamped to the `s32` range. Floating-point
//! results are defined as each dot product computed exactly and rounded once to the
//! accumulator's format (`.tf32` inputs ignore their low 13 bits). Two input sets per
//! floating-point case: `exact` (small values whose dot products need no rounding at
//! all, so every accumulation order gives the definition's bits: checked bit for bit on
//! both backends) and `random` (general values: the simulator computes the definition in
//! `f64`, which equals it unless the `f64` sum itself rounds; the GPU's tensor cores add in
//! an undocumented order and width, so GPU results are accepted within
//! [`tolerance`] of the definition: a few units of the accumulator's precision relative to
//! the sum of the terms' magnitudes).

#![allow(dead_code)]

use cuda_library::{launch, Context, Error, LaunchConfig, Library, Stream};

/// An element type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    F16,
    BF16,
    TF32,
    F32,
    F64,
    S8,
    U8,
    S4,
    U4,
    S32,
}

impl Ty {
    pub fn bits(self) -> usize {
        match self {
            Ty::F16 | Ty::BF16 => 16,
            Ty::TF32 | Ty::F32 | Ty::S32 => 32,
            Ty::F64 => 64,
            Ty::S8 | Ty::U8 => 8,
            Ty::S4 | Ty::U4 => 4,
        }
    }

    pub fn is_int(self) -> bool {
        matches!(self, Ty::S8 | Ty::U8 | Ty::S4 | Ty::U4 | Ty::S32)
    }

    /// The exact value of an element's bits (floats as f64, integers too: all fit).
    pub fn value(self, v: u64) -> f64 {
        let bits = self.bits();
        let v = if bits == 64 { v } else { v & ((1 << bits) - 1) };
        let signed = |v: u64| ((v << (64 - bits)) as i64 >> (64 - bits)) as f64;
        match self {
            Ty::F16 => half::f16::from_bits(v as u16).to_f64(),
            Ty::BF16 => half::bf16::from_bits(v as u16).to_f64(),
            Ty::TF32 => f32::from_bits(v as u32 & 0xffff_e000) as f64,
            Ty::F32 => f32::from_bits(v as u32) as f64,
            Ty::F64 => f64::from_bits(v),
            Ty::S8 | Ty::S4 | Ty::S32 => signed(v),
            Ty::U8 | Ty::U4 => v as f64,
        }
    }

    /// An exact value as this type's bits (round to nearest even).
    pub fn bits_of(self, x: f64) -> u64 {
        match self {
            Ty::F16 => half::f16::from_f64(x).to_bits() as u64,
            Ty::BF16 => half::bf16::from_f64(x).to_bits() as u64,
            Ty::TF32 | Ty::F32 => (x as f32).to_bits() as u64,
            Ty::F64 => x.to_bits(),
            _ => (x as i64 as u64) & ((1u64 << self.bits()) - 1),
        }
    }
}

/// How a case runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `mma.sync`: one element per 64-bit word, row-major, for every matrix.
    Mma,
    /// `wmma`: matrices in their own types; row- or column-major with leading dimensions.
    Wmma {
        a_row: bool,
        b_row: bool,
        c_row: bool,
        lda: usize,
        ldb: usize,
        ldc: usize,
    },
    /// `ldmatrix` of `count` matrices, transposed or not.
    LdMatrix { count: usize, trans: bool },
    /// `movmatrix.trans`.
    MovMatrix,
    /// `stmatrix` of `count` matrices (sm_90: `tensor_ops_sm90.cu`).
    StMatrix { count: usize, trans: bool },
}

/// One case: a kernel of `tensor_ops.cu` and what it computes.
#[derive(Debug, Clone, Copy)]
pub struct Case {
    pub kernel: &'static str,
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub a: Ty,
    pub b: Ty,
    pub c: Ty,
    pub d: Ty,
    pub satfinite: bool,
    pub kind: Kind,
}

const fn mma(
    kernel: &'static str,
    (m, n, k): (usize, usize, usize),
    a: Ty,
    b: Ty,
    c: Ty,
    sat: bool,
) -> Case {
    Case {
        kernel,
        m,
        n,
        k,
        a,
        b,
        c,
        d: c,
        satfinite: sat,
        kind: Kind::Mma,
    }
}

#[allow(clippy::too_many_arguments)]
const fn wmma(
    kernel: &'static str,
    (m, n, k): (usize, usize, usize),
    ab: Ty,
    c: Ty,
    (a_row, b_row, c_row): (bool, bool, bool),
    (lda, ldb, ldc): (usize, usize, usize),
) -> Case {
    Case {
        kernel,
        m,
        n,
        k,
        a: ab,
        b: ab,
        c,
        d: c,
        satfinite: false,
        kind: Kind::Wmma {
            a_row,
            b_row,
            c_row,
            lda,
            ldb,
            ldc,
        },
    }
}

const fn ld(kernel: &'static str, count: usize, trans: bool) -> Case {
    Case {
        kernel,
        m: 8,
        n: 8,
        k: 0,
        a: Ty::F16,
        b: Ty::F16,
        c: Ty::F16,
        d: Ty::F16,
        satfinite: false,
        kind: Kind::LdMatrix { count, trans },
    }
}

const fn st(kernel: &'static str, count: usize, trans: bool) -> Case {
    Case {
        kind: Kind::StMatrix { count, trans },
        ..ld(kernel, count, trans)
    }
}

impl Case {
    /// Whether the case is in `tensor_ops_sm90.cu` (compiled for compute_90).
    pub fn sm90(&self) -> bool {
        matches!(self.kind, Kind::StMatrix { .. })
    }
}

/// Every case.
pub fn all() -> Vec<Case> {
    use Ty::*;
    let (t, f) = (true, false);
    vec![
        mma("mma_m16n8k8_f16_f32", (16, 8, 8), F16, F16, F32, f),
        mma("mma_m16n8k8_bf16_f32", (16, 8, 8), BF16, BF16, F32, f),
        mma("mma_m16n8k16_f16_f32", (16, 8, 16), F16, F16, F32, f),
        mma("mma_m16n8k16_bf16_f32", (16, 8, 16), BF16, BF16, F32, f),
        mma("mma_m16n8k16_f16_f16", (16, 8, 16), F16, F16, F16, f),
        mma("mma_m16n8k8_f16_f16", (16, 8, 8), F16, F16, F16, f),
        mma("mma_m16n8k4_tf32_f32", (16, 8, 4), TF32, TF32, F32, f),
        mma("mma_m16n8k8_tf32_f32", (16, 8, 8), TF32, TF32, F32, f),
        mma("mma_m8n8k4_f64_f64", (8, 8, 4), F64, F64, F64, f),
        mma("mma_m16n8k16_s8_s8", (16, 8, 16), S8, S8, S32, f),
        mma("mma_m16n8k16_u8_s8_sat", (16, 8, 16), U8, S8, S32, t),
        mma("mma_m16n8k32_s8_u8", (16, 8, 32), S8, U8, S32, f),
        mma("mma_m16n8k32_s8_s8_sat", (16, 8, 32), S8, S8, S32, t),
        mma("mma_m16n8k32_s4_s4", (16, 8, 32), S4, S4, S32, f),
        mma("mma_m16n8k32_u4_u4_sat", (16, 8, 32), U4, U4, S32, t),
        mma("mma_m16n8k64_s4_u4", (16, 8, 64), S4, U4, S32, f),
        mma("mma_m16n8k64_s4_s4_sat", (16, 8, 64), S4, S4, S32, t),
        wmma(
            "wmma_m16n16k16_f16_f32",
            (16, 16, 16),
            F16,
            F32,
            (t, f, t),
            (16, 16, 16),
        ),
        wmma(
            "wmma_m16n16k16_f16_f32_padded",
            (16, 16, 16),
            F16,
            F32,
            (f, t, f),
            (24, 24, 24),
        ),
        wmma(
            "wmma_m32n8k16_f16_f16",
            (32, 8, 16),
            F16,
            F16,
            (t, t, t),
            (16, 8, 8),
        ),
        wmma(
            "wmma_m8n32k16_f16_f32",
            (8, 32, 16),
            F16,
            F32,
            (t, f, t),
            (16, 16, 32),
        ),
        wmma(
            "wmma_m16n16k16_bf16_f32",
            (16, 16, 16),
            BF16,
            F32,
            (t, f, t),
            (16, 16, 16),
        ),
        wmma(
            "wmma_m16n16k8_tf32_f32",
            (16, 16, 8),
            TF32,
            F32,
            (t, f, t),
            (8, 8, 16),
        ),
        wmma("wmma_m8n8k4_f64", (8, 8, 4), F64, F64, (t, f, t), (4, 4, 8)),
        wmma(
            "wmma_m16n16k16_s8_s32",
            (16, 16, 16),
            S8,
            S32,
            (t, f, t),
            (16, 16, 16),
        ),
        wmma(
            "wmma_m32n8k16_u8_s32",
            (32, 8, 16),
            U8,
            S32,
            (t, t, f),
            (16, 8, 32),
        ),
        wmma(
            "wmma_m8n8k32_s4_s32",
            (8, 8, 32),
            S4,
            S32,
            (t, f, t),
            (32, 32, 8),
        ),
        ld("ldmatrix_x1", 1, false),
        ld("ldmatrix_x2_trans", 2, true),
        ld("ldmatrix_x4", 4, false),
        ld("ldmatrix_x4_trans", 4, true),
        Case {
            kind: Kind::MovMatrix,
            ..ld("movmatrix_trans", 1, false)
        },
        st("stmatrix_x1", 1, false),
        st("stmatrix_x2_trans", 2, true),
        st("stmatrix_x4", 4, false),
        st("stmatrix_x4_trans", 4, true),
    ]
}

/// The input sets of a case: `exact` for every case, `random` for floating point.
pub fn variants(c: &Case) -> Vec<&'static str> {
    if c.a.is_int() || !matches!(c.kind, Kind::Mma | Kind::Wmma { .. }) {
        vec!["exact"]
    } else {
        vec!["exact", "random"]
    }
}

/// A small deterministic generator.
pub struct Lcg(u64);

impl Lcg {
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed ^ 0x9e37_79b9_7f4a_7c15)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 16
    }
    fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo) as u64) as i64
    }
}

/// The matrices A, B, C of a case (row-major element bits).
pub fn inputs(c: &Case, variant: &str) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
    let seed = c
        .kernel
        .bytes()
        .fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
    let mut rng = Lcg::new(seed ^ (variant.len() as u64) << 40);
    let exact = variant == "exact";
    let mut gen = |t: Ty, n: usize, acc: bool| -> Vec<u64> {
        (0..n)
            .map(|i| match t {
                Ty::S8 => rng.int(-128, 128) as u64 & 0xff,
                Ty::U8 => rng.int(0, 256) as u64,
                Ty::S4 => rng.int(-8, 8) as u64 & 0xf,
                Ty::U4 => rng.int(0, 16) as u64,
                // Accumulators near the ends of the range now and then (wrap, saturate).
                Ty::S32 => match i % 7 {
                    0 => (i32::MAX - rng.int(0, 3000) as i32) as u32 as u64,
                    1 => (i32::MIN + rng.int(0, 3000) as i32) as u32 as u64,
                    _ => rng.int(-100_000, 100_000) as i32 as u32 as u64,
                },
                // Small multiples of 1/4 (or 1/2 in the accumulator): every product and
                // sum is exact in any order.
                _ if exact => {
                    let v = rng.int(-16, 17) as f64 * if acc { 0.5 } else { 0.25 };
                    t.bits_of(v)
                }
                Ty::TF32 => {
                    // Full f32 bits: the low 13 are ignored.
                    let x = (rng.next() as f64 / (1u64 << 48) as f64) * 4.0 - 2.0;
                    (x as f32).to_bits() as u64
                }
                _ => {
                    let x = (rng.next() as f64 / (1u64 << 48) as f64) * 4.0 - 2.0;
                    let scale = [1.0, 0.001, 100.0, 1.0][i % 4];
                    t.bits_of(x * scale)
                }
            })
            .collect()
    };
    match c.kind {
        Kind::LdMatrix { .. } | Kind::MovMatrix | Kind::StMatrix { .. } => {
            let tile = (0..32 * 16)
                .map(|i| (i as u64 * 37 + 11) & 0xffff)
                .collect();
            (tile, Vec::new(), Vec::new())
        }
        _ => (
            gen(c.a, c.m * c.k, false),
            gen(c.b, c.k * c.n, false),
            gen(c.c, c.m * c.n, true),
        ),
    }
}

/// `D = A * B + C` by definition (see the module's documentation), row-major bits.
pub fn definition(c: &Case, a: &[u64], b: &[u64], cm: &[u64]) -> Vec<u64> {
    match c.kind {
        Kind::LdMatrix { count, trans } => return ldmatrix_definition(a, count, trans),
        Kind::MovMatrix => return movmatrix_definition(a),
        Kind::StMatrix { count, trans } => return stmatrix_definition(count, trans),
        _ => {}
    }
    let mut d = Vec::with_capacity(c.m * c.n);
    for r in 0..c.m {
        for col in 0..c.n {
            if c.a.is_int() {
                let mut s = c.c.value(cm[r * c.n + col]) as i64;
                for x in 0..c.k {
                    s += c.a.value(a[r * c.k + x]) as i64 * c.b.value(b[x * c.n + col]) as i64;
                }
                let v = if c.satfinite {
                    s.clamp(i32::MIN as i64, i32::MAX as i64)
                } else {
                    s as i32 as i64
                };
                d.push(v as i32 as u32 as u64);
            } else {
                let mut s = c.c.value(cm[r * c.n + col]);
                for x in 0..c.k {
                    s += c.a.value(a[r * c.k + x]) * c.b.value(b[x * c.n + col]);
                }
                d.push(c.d.bits_of(s));
            }
        }
    }
    d
}

/// The 8x8 b16 matrices of the ldmatrix tile: matrix q row r is tile row 8q + r.
fn tile_at(tile: &[u64], q: usize, r: usize, col: usize) -> u64 {
    tile[(8 * q + r) * 16 + col]
}

/// What each lane receives: `out[lane * 4 + q]` = {M_q[r][c], M_q[r][c + 1]} with r = lane / 4,
/// c = 2 * (lane % 4) (transposed: {M_q[c][r], M_q[c + 1][r]}); unused registers stay 0.
fn ldmatrix_definition(tile: &[u64], count: usize, trans: bool) -> Vec<u64> {
    let mut out = vec![0u64; 128];
    for lane in 0..32 {
        let (r, c) = (lane / 4, 2 * (lane % 4));
        for q in 0..count {
            let (lo, hi) = if trans {
                (tile_at(tile, q, c, r), tile_at(tile, q, c + 1, r))
            } else {
                (tile_at(tile, q, r, c), tile_at(tile, q, r, c + 1))
            };
            out[lane * 4 + q] = lo | hi << 16;
        }
    }
    out
}

/// stmatrix: the tile (pitch 16 b16, as 32-bit words of two) after each lane's register q,
/// {2(4l+q), 2(4l+q)+1}, is stored at row r = l / 4, columns c, c + 1 with c = 2 * (l % 4)
/// of matrix q (transposed: rows c, c + 1 of column r).
fn stmatrix_definition(count: usize, trans: bool) -> Vec<u64> {
    let mut tile = vec![0u64; 32 * 16];
    for lane in 0..32 {
        let (r, c) = (lane / 4, 2 * (lane % 4));
        for q in 0..count {
            let v = 2 * (4 * lane + q) as u64;
            let ((r0, c0), (r1, c1)) = if trans {
                ((c, r), (c + 1, r))
            } else {
                ((r, c), (r, c + 1))
            };
            tile[(8 * q + r0) * 16 + c0] = v;
            tile[(8 * q + r1) * 16 + c1] = v + 1;
        }
    }
    tile.chunks(2).map(|p| p[0] | p[1] << 16).collect()
}

/// movmatrix: lane l gets {T[r][c], T[r][c + 1]} of the transpose T of the 8x8 matrix whose
/// row i is the first 8 elements of `in[i * 8..]`.
fn movmatrix_definition(input: &[u64]) -> Vec<u64> {
    (0..32)
        .map(|lane| {
            let (r, c) = (lane / 4, 2 * (lane % 4));
            input[c * 8 + r] | input[(c + 1) * 8 + r] << 16
        })
        .collect()
}

/// Whether a GPU result is close enough to the definition: integers and `exact` inputs
/// must match bit for bit; other floating-point results within a few units of the
/// accumulator's precision relative to `sum |a * b| + |c|` (NaN must match NaN).
pub fn tolerance(
    c: &Case,
    variant: &str,
    a: &[u64],
    b: &[u64],
    cm: &[u64],
    r: usize,
    col: usize,
) -> f64 {
    if c.a.is_int() || variant == "exact" || !matches!(c.kind, Kind::Mma | Kind::Wmma { .. }) {
        return 0.0;
    }
    let mut mag = c.c.value(cm[r * c.n + col]).abs();
    for x in 0..c.k {
        mag += (c.a.value(a[r * c.k + x]) * c.b.value(b[x * c.n + col])).abs();
    }
    let eps = match c.d {
        Ty::F16 => 2f64.powi(-9),
        Ty::F64 => 2f64.powi(-50),
        _ => 2f64.powi(-21),
    };
    mag * eps
}

/// Packs a row-major matrix into its type's memory with a layout and leading dimension.
fn pack(t: Ty, rows: usize, cols: usize, row_major: bool, ld: usize, m: &[u64]) -> Vec<u8> {
    let (outer, inner) = if row_major {
        (rows, cols)
    } else {
        (cols, rows)
    };
    let elems = (outer - 1) * ld + inner;
    let bits = t.bits();
    let mut out = vec![0u8; (elems * bits).div_ceil(8).max(1)];
    for r in 0..rows {
        for col in 0..cols {
            let idx = if row_major {
                r * ld + col
            } else {
                col * ld + r
            };
            let v = m[r * cols + col];
            let bit = idx * bits;
            for i in 0..bits.div_ceil(8).max(1) {
                let byte = bit / 8 + i;
                if bits < 8 {
                    out[byte] |= ((v & 0xf) << (bit % 8)) as u8;
                } else {
                    out[byte] = (v >> (8 * i)) as u8;
                }
            }
        }
    }
    out
}

fn unpack(t: Ty, rows: usize, cols: usize, row_major: bool, ld: usize, bytes: &[u8]) -> Vec<u64> {
    let bits = t.bits();
    let mut m = vec![0u64; rows * cols];
    for r in 0..rows {
        for col in 0..cols {
            let idx = if row_major {
                r * ld + col
            } else {
                col * ld + r
            };
            let byte = idx * bits / 8;
            let mut v = 0u64;
            for i in 0..bits / 8 {
                v |= (bytes.get(byte + i).copied().unwrap_or(0) as u64) << (8 * i);
            }
            m[r * cols + col] = v;
        }
    }
    m
}

fn u64s(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Runs a case on the current backend: D as row-major element bits (for ldmatrix and
/// movmatrix, the registers each lane received).
pub fn run(
    ctx: &Context,
    lib: &Library,
    s: &Stream,
    c: &Case,
    variant: &str,
) -> Result<Vec<u64>, Error> {
    let (a, b, cm) = inputs(c, variant);
    let k = lib.get_kernel(c.kernel)?;
    let cfg = LaunchConfig::new(1, 32);
    match c.kind {
        Kind::Mma => {
            let (da, db, dc) = (ctx.htod(&a)?, ctx.htod(&b)?, ctx.htod(&cm)?);
            let dd = ctx.alloc_zeroed::<u64>(c.m * c.n)?;
            launch!(k, s, &cfg, da, db, dc, dd)?;
            s.synchronize()?;
            dd.to_vec()
        }
        Kind::Wmma {
            a_row,
            b_row,
            c_row,
            lda,
            ldb,
            ldc,
        } => {
            let pa = pack(c.a, c.m, c.k, a_row, lda, &a);
            let pb = pack(c.b, c.k, c.n, b_row, ldb, &b);
            let pc = pack(c.c, c.m, c.n, c_row, ldc, &cm);
            let (da, db, dc) = (ctx.htod(&pa)?, ctx.htod(&pb)?, ctx.htod(&pc)?);
            let dd = ctx.alloc_zeroed::<u8>(pc.len())?;
            launch!(k, s, &cfg, da, db, dc, dd)?;
            s.synchronize()?;
            Ok(unpack(c.d, c.m, c.n, c_row, ldc, &dd.to_vec()?))
        }
        Kind::LdMatrix { .. } | Kind::MovMatrix | Kind::StMatrix { .. } => {
            let tile: Vec<u16> = a.iter().map(|&v| v as u16).collect();
            let din = ctx.htod(&tile)?;
            let words = match c.kind {
                Kind::MovMatrix => 32,
                Kind::StMatrix { .. } => 256,
                _ => 128,
            };
            let dout = ctx.alloc_zeroed::<u32>(words)?;
            launch!(k, s, &cfg, din, dout)?;
            s.synchronize()?;
            Ok(dout.to_vec()?.into_iter().map(u64::from).collect())
        }
    }
}

/// A result as a hex string of little-endian 64-bit words (for the recorded JSON).
pub fn hex(v: &[u64]) -> String {
    u64s(v).iter().map(|b| format!("{b:02x}")).collect()
}

/// The words of a [`hex`] string.
pub fn unhex(s: &str) -> Vec<u64> {
    let bytes: Vec<u8> = (0..s.len() / 2)
        .filter_map(|i| u8::from_str_radix(s.get(2 * i..2 * i + 2)?, 16).ok())
        .collect();
    bytes
        .chunks(8)
        .map(|c| c.iter().rev().fold(0u64, |v, &b| v << 8 | b as u64))
        .collect()
}

/// Compares a result with the definition; `Err` names the first difference.
pub fn check(c: &Case, variant: &str, got: &[u64]) -> Result<(), String> {
    let (a, b, cm) = inputs(c, variant);
    let want = definition(c, &a, &b, &cm);
    if got.len() != want.len() {
        return Err(format!("{} words, want {}", got.len(), want.len()));
    }
    for (i, (&g, &w)) in got.iter().zip(&want).enumerate() {
        if g == w {
            continue;
        }
        let (r, col) = (i / c.n.max(1), i % c.n.max(1));
        let tol = tolerance(c, variant, &a, &b, &cm, r, col);
        let (gv, wv) = (c.d.value(g), c.d.value(w));
        let close = tol > 0.0 && (gv - wv).abs() <= tol;
        let both_nan = gv.is_nan() && wv.is_nan();
        if !(close || both_nan) {
            return Err(format!(
                "element {i} (row {r}, column {col}): got {g:#x} ({gv}), want {w:#x} ({wv}), tolerance {tol:e}"
            ));
        }
    }
    Ok(())
}

/// The CUDA source of the cases: `tensor_ops.cu` (compute_80), or with `sm90`
/// `tensor_ops_sm90.cu` (compute_90).
pub fn source(sm90: bool) -> String {
    let file = if sm90 {
        "tensor_ops_sm90.cu"
    } else {
        "tensor_ops.cu"
    };
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(file);
    std::fs::read_to_string(path).unwrap_or_default()
}
