//! The H100's tensor-core arithmetic for floating-point dot products, as recorded on the
//! GPU (`tests/hopper/probe/mma/`, `tests/fixtures/hopper/mma/`) and matched bit for bit.
//!
//! One instruction's dot product `d = c + Σ a_i b_i` (its whole k: 16 for `.f16`/`.bf16`,
//! 8 for `.tf32`, 32 for fp8 `wgmma`) is one fused block:
//!
//! 1. each product is exact; its exponent is `ea + eb`, the sum of its inputs' unbiased
//!    exponents (a subnormal input counts as its format's least normal exponent), so a
//!    product whose significands multiply to 2 or more keeps that extra bit above it;
//!    `c`'s exponent is its own (a subnormal `c` counts as the least normal one);
//! 2. `E` is the largest of those exponents over the non-zero terms;
//! 3. every term, `c` included, is truncated toward zero to a multiple of `2^(E - F)`:
//!    `F` is 25 (23 + 2 extra bits) for `.f16`, `.bf16` and `.tf32`, and 13 for fp8
//!    `wgmma` (the accumulation DeepSeek-V3 describes as about 14 bits);
//! 4. the truncated terms are added exactly;
//! 5. the sum is rounded once: toward zero into an `f32` result (to 13 fraction bits for
//!    fp8 `wgmma`), to nearest even into an `f16` one; an exponent past the format's
//!    range gives infinity.
//!
//! A NaN input or accumulator, `inf * 0`, or infinities of both signs give the canonical
//! NaN (`0x7fffffff`, `0x7fff`); otherwise an infinity gives itself. fp8 `mma.sync` has no
//! unit of its own on sm_90: ptxas converts the inputs to f16 (exactly), runs two m16n8k16
//! f16 products from zero (the k with `k % 4 < 2`, then the rest onto that result) and adds
//! `c` with an ordinary `add.rn` ([`fp8_mma`]).

use super::exact::Round;
use super::fp8::{self, Fp8};
use super::half::{self, HalfFmt};
use super::tensor::Elem;

/// Fraction bits kept below the largest exponent: HMMA/HGMMA (`.f16`, `.bf16`, `.tf32`).
pub const HALF_FRACTION_BITS: i32 = 25;
/// Fraction bits kept below the largest exponent and in the result: QGMMA (fp8 `wgmma`).
pub const FP8_FRACTION_BITS: i32 = 13;

/// A finite element: `(-1)^negative * sig * 2^lsb`, and the exponent its alignment uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Finite {
    negative: bool,
    sig: u64,
    lsb: i32,
    exp: i32,
}

/// An element's class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    Nan,
    Inf(bool),
    Zero,
    Finite(Finite),
}

/// Exponent bits, fraction bits and bias of a floating-point element type.
fn layout(e: Elem) -> Option<(u32, u32, i32)> {
    Some(match e {
        Elem::F16 => (5, 10, 15),
        Elem::BF16 => (8, 7, 127),
        Elem::TF32 => (8, 10, 127),
        Elem::F32 => (8, 23, 127),
        Elem::E4M3 => (4, 3, 7),
        Elem::E5M2 => (5, 2, 15),
        _ => return None,
    })
}

/// The class of element bits `v` of type `e`.
fn classify(v: u64, e: Elem) -> Class {
    let Some((ebits, mbits, bias)) = layout(e) else {
        return Class::Zero;
    };
    // tf32 is the top 19 bits of an f32 register: the low 13 are ignored.
    let v = if e == Elem::TF32 {
        (v >> 13) & 0x7_ffff
    } else {
        v
    };
    let negative = (v >> (ebits + mbits)) & 1 == 1;
    let field = ((v >> mbits) & ((1 << ebits) - 1)) as i32;
    let frac = v & ((1 << mbits) - 1);
    let top = (1 << ebits) - 1;
    match e {
        Elem::E4M3 if field == top && frac == (1 << mbits) - 1 => return Class::Nan,
        Elem::E4M3 => {}
        _ if field == top && frac != 0 => return Class::Nan,
        _ if field == top => return Class::Inf(negative),
        _ => {}
    }
    if field == 0 && frac == 0 {
        return Class::Zero;
    }
    let (sig, exp) = if field == 0 {
        (frac, 1 - bias)
    } else {
        (frac | 1 << mbits, field - bias)
    };
    Class::Finite(Finite {
        negative,
        sig,
        lsb: exp - mbits as i32,
        exp,
    })
}

/// How the sum of one block becomes the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    /// Fraction bits kept below the largest exponent ([`HALF_FRACTION_BITS`] or
    /// [`FP8_FRACTION_BITS`]).
    pub fraction_bits: i32,
    /// The result's type: `F32` (rounded toward zero) or `F16` (to nearest even).
    pub d: Elem,
}

/// `c + Σ a[i] * b[i]` (element bits of types `ta`, `tb`, `tc`) as the tensor core computes
/// one block of it (see the module's documentation).
pub fn block_dot(
    block: Block,
    (a, ta): (&[u64], Elem),
    (b, tb): (&[u64], Elem),
    (c, tc): (u64, Elem),
) -> u64 {
    let mut terms: Vec<Finite> = Vec::with_capacity(a.len() + 1);
    let (mut nan, mut pos_inf, mut neg_inf) = (false, false, false);
    let mut inf = |negative: bool| {
        if negative {
            neg_inf = true
        } else {
            pos_inf = true
        }
    };
    for (&x, &y) in a.iter().zip(b) {
        match (classify(x, ta), classify(y, tb)) {
            (Class::Nan, _) | (_, Class::Nan) => nan = true,
            (Class::Inf(_), Class::Zero) | (Class::Zero, Class::Inf(_)) => nan = true,
            (Class::Inf(s), Class::Inf(t)) => inf(s != t),
            (Class::Inf(s), Class::Finite(f)) | (Class::Finite(f), Class::Inf(s)) => {
                inf(s != f.negative)
            }
            (Class::Zero, _) | (_, Class::Zero) => {}
            (Class::Finite(x), Class::Finite(y)) => terms.push(Finite {
                negative: x.negative != y.negative,
                sig: x.sig * y.sig,
                lsb: x.lsb + y.lsb,
                exp: x.exp + y.exp,
            }),
        }
    }
    match classify(c, tc) {
        Class::Nan => nan = true,
        Class::Inf(s) => inf(s),
        Class::Zero => {}
        Class::Finite(f) => terms.push(f),
    }
    let d = block.d;
    if nan || (pos_inf && neg_inf) {
        return canonical_nan(d);
    }
    if pos_inf || neg_inf {
        return infinity(d, neg_inf);
    }
    let Some(top) = terms.iter().map(|t| t.exp).max() else {
        return 0;
    };
    // Every term truncated toward zero to a multiple of 2^q, then added exactly: each is
    // below 2^(F + 2) units of 2^q, so the sum of a block's few dozen fits an i64.
    let q = top - block.fraction_bits;
    let sum: i64 = terms
        .iter()
        .map(|t| {
            let shift = t.lsb - q;
            let units = if shift >= 0 {
                t.sig << shift.min(40)
            } else if -shift >= 64 {
                0
            } else {
                t.sig >> -shift
            };
            let units = units as i64;
            if t.negative {
                -units
            } else {
                units
            }
        })
        .sum();
    // |sum| < 2^40, so sum * 2^q is exact in an f64 (q is within f64's range: the
    // exponents of these formats stay within a few hundred of zero).
    let exact = sum as f64 * 2f64.powi(q);
    round_result(exact, d, block.fraction_bits)
}

/// The exact sum rounded into the result type.
fn round_result(x: f64, d: Elem, fraction_bits: i32) -> u64 {
    match d {
        Elem::F16 => half::from_f64(x, HalfFmt::F16, Round::Nearest) as u64,
        _ => {
            let bits = f32_toward_zero(x);
            if fraction_bits < 23 && bits & 0x7f80_0000 != 0x7f80_0000 {
                // fp8 wgmma keeps `fraction_bits` of the fraction (subnormals alike).
                let drop = 23 - fraction_bits as u32;
                (bits >> drop << drop) as u64
            } else {
                bits as u64
            }
        }
    }
}

/// `x` (exact) rounded toward zero into an `f32`; an exponent past the format's range
/// (2^128 and beyond) gives infinity, as the tensor core's normalisation does.
fn f32_toward_zero(x: f64) -> u32 {
    if x.abs() >= 2f64.powi(128) {
        return if x < 0.0 { 0xff80_0000 } else { 0x7f80_0000 };
    }
    let y = x as f32; // to nearest: at most one step too far from zero
    let bits = if (y as f64).abs() > x.abs() {
        y.to_bits() - 1
    } else {
        y.to_bits()
    };
    // Zero keeps x's sign only where x itself is a (signed) zero: a sum is +0.
    if x == 0.0 {
        0
    } else {
        bits
    }
}

fn canonical_nan(d: Elem) -> u64 {
    match d {
        Elem::F16 => half::CANONICAL_NAN as u64,
        _ => 0x7fff_ffff,
    }
}

fn infinity(d: Elem, negative: bool) -> u64 {
    match (d, negative) {
        (Elem::F16, false) => 0x7c00,
        (Elem::F16, true) => 0xfc00,
        (_, false) => 0x7f80_0000,
        (_, true) => 0xff80_0000,
    }
}

/// fp8 `mma.sync` as sm_90 runs it: the inputs converted to f16 (exact), two f16 blocks of
/// 16 from zero (the k with `k % 4 < 2` first, then the others onto that result, each
/// rounded into `d`'s type as a block is), then `c` added with round-to-nearest-even.
pub fn fp8_mma(a: (&[u64], Elem), b: (&[u64], Elem), c: (u64, Elem), d: Elem) -> u64 {
    let to_f16 = |(v, e): (&[u64], Elem), keep: &dyn Fn(usize) -> bool| -> Vec<u64> {
        let f = if e == Elem::E4M3 {
            Fp8::E4M3
        } else {
            Fp8::E5M2
        };
        v.iter()
            .enumerate()
            .filter(|(i, _)| keep(*i))
            .map(|(_, &x)| {
                half::from_f64(fp8::to_f64(x as u8, f), HalfFmt::F16, Round::Nearest) as u64
            })
            .collect()
    };
    let block = Block {
        fraction_bits: HALF_FRACTION_BITS,
        d,
    };
    let halves: [&dyn Fn(usize) -> bool; 2] = [&|i| i % 4 < 2, &|i| i % 4 >= 2];
    let mut acc = 0u64;
    for keep in halves {
        let (x, y) = (to_f16(a, keep), to_f16(b, keep));
        acc = block_dot(block, (&x, Elem::F16), (&y, Elem::F16), (acc, d));
    }
    // The final `add.rn` of c.
    let value = |v: u64, e: Elem| match e {
        Elem::F16 => half::to_f64(v as u16, HalfFmt::F16),
        _ => f32::from_bits(v as u32) as f64,
    };
    let (cv, ce) = c;
    let sum = value(acc, d) + value(cv, ce);
    match d {
        Elem::F16 => half::from_f64(sum, HalfFmt::F16, Round::Nearest) as u64,
        _ if sum.is_nan() => 0x7fff_ffff,
        _ => (sum as f32).to_bits() as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HALF: Block = Block {
        fraction_bits: HALF_FRACTION_BITS,
        d: Elem::F32,
    };
    const ONE_F16: u64 = 0x3c00;

    fn f16(x: f64) -> u64 {
        half::from_f64(x, HalfFmt::F16, Round::Nearest) as u64
    }

    #[test]
    fn small_terms_are_truncated_below_the_largest_exponent() {
        // 1 + 2^-24: the small product is 2 units of 2^-25, kept; the sum needs 25 bits,
        // and toward zero into an f32 it is 1.
        let a = [ONE_F16, f16(2f64.powi(-12))];
        let d = block_dot(HALF, (&a, Elem::F16), (&a, Elem::F16), (0, Elem::F32));
        assert_eq!(d, 1f32.to_bits() as u64);
        // 1 - 2^-26: the small product is below 2^-25 and truncated away before the sum,
        // so the answer is 1 (the exact sum toward zero would be 1 - 2^-24).
        let a = [ONE_F16, f16(-(2f64.powi(-13)))];
        let b = [ONE_F16, f16(2f64.powi(-13))];
        let d = block_dot(HALF, (&a, Elem::F16), (&b, Elem::F16), (0, Elem::F32));
        assert_eq!(d, 1f32.to_bits() as u64);
        // Alone, the small product sets the exponent itself and survives whole.
        let d = block_dot(
            HALF,
            (&a[1..], Elem::F16),
            (&b[1..], Elem::F16),
            (0, Elem::F32),
        );
        assert_eq!(d, (-(2f32.powi(-26))).to_bits() as u64);
    }

    #[test]
    fn the_product_exponent_is_the_sum_of_the_input_exponents() {
        // 1.5 * 1.5 = 2.25: exponent 0 + 0, so the quantum is 2^-25, not 2^-24. 2.25 plus
        // a c of 2^-24 keeps it: 2.25 + 2^-24 truncated into an f32 (ulp 2^-22) is 2.25.
        let a = [f16(1.5)];
        let c = 2f32.powi(-24).to_bits() as u64;
        let d = block_dot(HALF, (&a, Elem::F16), (&a, Elem::F16), (c, Elem::F32));
        assert_eq!(d, 2.25f32.to_bits() as u64);
    }

    #[test]
    fn specials_follow_ieee_and_give_the_canonical_nan() {
        let inf = 0x7c00u64;
        let d = |a: &[u64], c: u64| {
            block_dot(
                HALF,
                (a, Elem::F16),
                (&[ONE_F16, ONE_F16][..a.len()], Elem::F16),
                (c, Elem::F32),
            )
        };
        assert_eq!(d(&[inf, ONE_F16], 0), 0x7f80_0000);
        assert_eq!(d(&[inf, 0xfc00], 0), 0x7fff_ffff);
        assert_eq!(d(&[0x7e00, ONE_F16], 0), 0x7fff_ffff);
        assert_eq!(d(&[ONE_F16], 0xff80_0000), 0xff80_0000);
        let zero_inf = block_dot(HALF, (&[inf], Elem::F16), (&[0], Elem::F16), (0, Elem::F32));
        assert_eq!(zero_inf, 0x7fff_ffff);
    }

    #[test]
    fn fp8_wgmma_keeps_13_fraction_bits() {
        let q = Block {
            fraction_bits: FP8_FRACTION_BITS,
            d: Elem::F32,
        };
        // 1 (e4m3 0x38) times 1 plus c = 2^-14: below the 13-bit window, gone.
        let c = 2f32.powi(-14).to_bits() as u64;
        assert_eq!(
            block_dot(
                q,
                (&[0x38], Elem::E4M3),
                (&[0x38], Elem::E4M3),
                (c, Elem::F32)
            ),
            1f32.to_bits() as u64
        );
        // c = 1 + 2^-13 survives whole.
        let c = (1.0 + 2f32.powi(-13)).to_bits() as u64;
        assert_eq!(
            block_dot(q, (&[0], Elem::E4M3), (&[0], Elem::E4M3), (c, Elem::F32)),
            c
        );
    }
}
