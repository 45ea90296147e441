//! Half precision (`.f16`, IEEE binary16, and `.bf16`, bfloat16) as the GPU computes it:
//! every result is the exact value rounded once to the format.
//!
//! Values are widened to `f64` (exact), computed there, and rounded back with
//! [`from_f64`]. A sum or product of two halves is exact in `f64` or, for the rare `bf16`
//! sums it is not, rounded in `f64` and then to `bf16`, which is harmless because `f64`
//! carries more than `2p + 2` bits of a `bf16`'s `p`. A fused multiply-add rounds its sum to
//! odd first ([`add_round_to_odd`]) so that the one rounding to half is the only one that
//! counts.

use super::exact::Round;
use crate::limits::ApproxMath;

/// A half-precision format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HalfFmt {
    /// IEEE binary16: 5 exponent bits, 10 fraction bits.
    F16,
    /// bfloat16: 8 exponent bits, 7 fraction bits (the top half of an `f32`).
    BF16,
}

/// The NaN the GPU produces for a half-precision result (sign clear, all bits set).
pub const CANONICAL_NAN: u16 = 0x7fff;

impl HalfFmt {
    /// Exponent and fraction bits.
    fn bits(self) -> (i32, i32) {
        match self {
            HalfFmt::F16 => (5, 10),
            HalfFmt::BF16 => (8, 7),
        }
    }

    /// Whether the bits are a subnormal value.
    pub fn is_subnormal(self, h: u16) -> bool {
        let (_, frac) = self.bits();
        (h & 0x7fff) >> frac == 0 && h & 0x7fff != 0
    }

    /// Whether the bits are NaN.
    pub fn is_nan(self, h: u16) -> bool {
        let (_, frac) = self.bits();
        let exp_mask = 0x7fff & !((1u16 << frac) - 1);
        h & exp_mask == exp_mask && h & ((1 << frac) - 1) != 0
    }
}

/// The exact value of half-precision bits.
pub fn to_f64(h: u16, fmt: HalfFmt) -> f64 {
    match fmt {
        HalfFmt::BF16 => f32::from_bits((h as u32) << 16) as f64,
        HalfFmt::F16 => {
            let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
            let exp = ((h >> 10) & 0x1f) as i32;
            let frac = (h & 0x3ff) as f64;
            sign * match exp {
                0 => frac * 2f64.powi(-24),
                31 if frac == 0.0 => f64::INFINITY,
                31 => return f64::NAN,
                e => (1024.0 + frac) * 2f64.powi(e - 25),
            }
        }
    }
}

/// `x` rounded to the format with `round` (NaN becomes [`CANONICAL_NAN`]; values past the
/// largest finite one become infinity or that value, as the rounding direction says).
pub fn from_f64(x: f64, fmt: HalfFmt, round: Round) -> u16 {
    if x.is_nan() {
        return CANONICAL_NAN;
    }
    let (exp_bits, frac) = fmt.bits();
    let sign: u16 = if x.is_sign_negative() { 0x8000 } else { 0 };
    let bias = (1 << (exp_bits - 1)) - 1;
    let emin = 1 - bias;
    let inf = ((1u16 << exp_bits) - 1) << frac;
    let max_finite = inf - 1;
    let ax = x.abs();
    if ax.is_infinite() {
        return sign | inf;
    }
    if ax == 0.0 {
        return sign;
    }
    // The exponent of ax (never below the smallest normal's), and ax in units of the last
    // place there: exact, a power-of-two scaling of an f64.
    let e = ((ax.to_bits() >> 52) as i32 - 1023).max(emin);
    let m = ax * 2f64.powi(frac - e);
    let up = match round {
        Round::Nearest => None,
        Round::Zero => Some(false),
        // Toward minus infinity grows a negative value's magnitude.
        Round::Down => Some(sign != 0),
        Round::Up => Some(sign == 0),
    };
    let r = match up {
        None => m.round_ties_even(),
        Some(true) => m.ceil(),
        Some(false) => m.floor(),
    } as u64;
    let one = 1u64 << frac;
    let (e, r) = if r >= 2 * one { (e + 1, r / 2) } else { (e, r) };
    if r < one {
        // Subnormal (or rounded to zero): the exponent field is 0.
        return sign | r as u16;
    }
    let field = e + bias;
    if field >= (1 << exp_bits) - 1 {
        // Overflow: infinity when rounding toward it (or to nearest), else the largest finite.
        return sign | if up == Some(false) { max_finite } else { inf };
    }
    sign | ((field as u16) << frac) | (r - one) as u16
}

/// `p + z` rounded to odd in `f64`: the truncated sum with its last bit set when inexact.
/// Rounding that once more to a format of at most 51 bits gives the correctly rounded sum.
/// Infinities and NaN are returned as the plain sum.
pub fn add_round_to_odd(p: f64, z: f64) -> f64 {
    let s = p + z;
    if !s.is_finite() {
        return s;
    }
    // Two-sum: the exact error of s.
    let pp = s - z;
    let err = (p - pp) + (z - (s - pp));
    let bits = s.to_bits();
    let fix = err != 0.0 && bits & 1 == 0;
    let step = if (err > 0.0) == (s > 0.0) {
        1
    } else {
        u64::MAX
    };
    f64::from_bits(bits.wrapping_add(if fix { step } else { 0 }))
}

/// `min`/`max` of floats: a NaN operand yields the other, two NaNs a NaN; -0 orders below
/// +0 (as an H200 answers).
#[inline]
pub fn min_max<F: Copy + PartialOrd>(
    x: F,
    y: F,
    xb: u64,
    yb: u64,
    min: bool,
    nan: fn(F) -> bool,
) -> Option<u64> {
    match (nan(x), nan(y)) {
        (true, true) => None,
        (true, false) => Some(yb),
        (false, true) => Some(xb),
        // Equal: identical bits, or +0 and -0 (the sign bit decides).
        _ if x == y => Some(if min { xb | yb } else { xb & yb }),
        _ if (x < y) == min => Some(xb),
        _ => Some(yb),
    }
}

/// Half-precision operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HalfOp {
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`.
    Mul,
    /// `a * b + c`, rounded once.
    Fma,
    /// The smaller; a NaN operand yields the other.
    Min,
    /// The larger; a NaN operand yields the other.
    Max,
    /// `-a` (the sign bit flipped; NaN gives the canonical NaN).
    Neg,
    /// `|a|` (the sign bit cleared; NaN gives the canonical NaN).
    Abs,
    /// `ex2.approx`: `2^a`, on the GPU the `f32` `MUFU.EX2` of the widened operand rounded
    /// toward zero (see [`ex2`]).
    Ex2,
    /// `tanh.approx`: on the GPU the `f32` `MUFU.TANH` of the widened operand rounded toward
    /// zero (see [`tanh`]).
    Tanh,
}

/// Modifiers of a half-precision instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HalfMods {
    /// `.ftz`: subnormal inputs and results become zero of the same sign.
    pub ftz: bool,
    /// `.sat`: the result is clamped to `[0, 1]` (NaN becomes `+0`).
    pub sat: bool,
    /// `.relu`: a negative result becomes `+0` (NaN stays NaN).
    pub relu: bool,
    /// `.NaN` of `min`/`max`: a NaN operand gives the canonical NaN.
    pub nan: bool,
}

/// `ex2.approx.f16`/`.ftz.bf16` (and their pairs, lane by lane): as an H100 computes it,
/// `MUFU.EX2` on the operand widened to `f32`, rounded toward zero (bit for bit on all 2^16
/// inputs of each format); under [`ApproxMath::CorrectlyRounded`] the exact value rounded to
/// nearest.
fn ex2(a: u16, fmt: HalfFmt) -> u16 {
    let x = to_f64(a, fmt);
    if crate::limits::approx_math() == ApproxMath::CorrectlyRounded {
        return from_f64(x.exp2(), fmt, Round::Nearest);
    }
    let r = f64::from(super::approx::ex2(x as f32, true));
    // Toward zero, but a result past the format's largest binade is infinite (65536 in
    // f16; a bf16 has f32's range).
    if fmt == HalfFmt::F16 && r >= 65536.0 {
        return from_f64(f64::INFINITY, fmt, Round::Zero);
    }
    from_f64(r, fmt, Round::Zero)
}

/// `tanh.approx.f16`/`.bf16` (and their pairs, lane by lane): as an H100 computes it, the
/// `f32` `tanh.approx` of the operand widened to `f32`, rounded toward zero; under
/// [`ApproxMath::CorrectlyRounded`] the exact value rounded to nearest.
fn tanh(a: u16, fmt: HalfFmt) -> u16 {
    let x = to_f64(a, fmt);
    if crate::limits::approx_math() == ApproxMath::CorrectlyRounded {
        return from_f64(x.tanh(), fmt, Round::Nearest);
    }
    from_f64(f64::from(super::approx::tanh(x as f32)), fmt, Round::Zero)
}

/// One half-precision operation on bits (`c` only for [`HalfOp::Fma`]).
pub fn op(op: HalfOp, fmt: HalfFmt, mods: HalfMods, a: u16, b: u16, c: u16) -> u16 {
    let flush = |h: u16| {
        if mods.ftz && fmt.is_subnormal(h) {
            h & 0x8000
        } else {
            h
        }
    };
    let (a, b, c) = (flush(a), flush(b), flush(c));
    let r = match op {
        // An H200 answers a NaN with the canonical NaN even here.
        HalfOp::Neg | HalfOp::Abs if fmt.is_nan(a) => CANONICAL_NAN,
        HalfOp::Neg => a ^ 0x8000,
        HalfOp::Abs => a & 0x7fff,
        HalfOp::Min | HalfOp::Max if mods.nan && (fmt.is_nan(a) || fmt.is_nan(b)) => CANONICAL_NAN,
        HalfOp::Ex2 => ex2(a, fmt),
        HalfOp::Tanh => tanh(a, fmt),
        HalfOp::Min | HalfOp::Max => {
            let (x, y) = (to_f64(a, fmt), to_f64(b, fmt));
            min_max(x, y, a as u64, b as u64, op == HalfOp::Min, f64::is_nan)
                .map_or(CANONICAL_NAN, |v| v as u16)
        }
        _ => {
            let (x, y) = (to_f64(a, fmt), to_f64(b, fmt));
            let v = match op {
                HalfOp::Add => add_round_to_odd(x, y),
                HalfOp::Sub => add_round_to_odd(x, -y),
                HalfOp::Mul => x * y,
                _ => add_round_to_odd(x * y, to_f64(c, fmt)),
            };
            from_f64(v, fmt, Round::Nearest)
        }
    };
    let r = if mods.sat && !matches!(op, HalfOp::Neg | HalfOp::Abs) {
        let v = to_f64(r, fmt);
        if v.is_nan() || v <= 0.0 {
            0
        } else if v >= 1.0 {
            from_f64(1.0, fmt, Round::Nearest)
        } else {
            r
        }
    } else {
        r
    };
    let r = if mods.relu && !fmt.is_nan(r) && r & 0x8000 != 0 {
        0
    } else {
        r
    };
    flush(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_f16_survives_the_round_trip_through_f64() {
        for h in 0..=u16::MAX {
            let back = from_f64(to_f64(h, HalfFmt::F16), HalfFmt::F16, Round::Nearest);
            if HalfFmt::F16.is_nan(h) {
                assert_eq!(back, CANONICAL_NAN);
            } else {
                assert_eq!(back, h, "{h:#06x}");
            }
            let back = from_f64(to_f64(h, HalfFmt::BF16), HalfFmt::BF16, Round::Zero);
            if HalfFmt::BF16.is_nan(h) {
                assert_eq!(back, CANONICAL_NAN);
            } else {
                assert_eq!(back, h, "bf16 {h:#06x}");
            }
        }
    }

    #[test]
    fn f16_decodes_as_ieee_binary16() {
        let v = |h| to_f64(h, HalfFmt::F16);
        assert_eq!(v(0x3c00), 1.0);
        assert_eq!(v(0xc000), -2.0);
        assert_eq!(v(0x7bff), 65504.0);
        assert_eq!(v(0x0001), 2f64.powi(-24));
        assert_eq!(v(0x0400), 2f64.powi(-14));
        assert_eq!(v(0x7c00), f64::INFINITY);
        assert!(v(0x7e00).is_nan());
        assert_eq!(to_f64(0x3f80, HalfFmt::BF16), 1.0);
    }

    #[test]
    fn rounding_to_f16_in_every_direction() {
        let f = |x: f64, r| from_f64(x, HalfFmt::F16, r);
        let half_ulp = 2f64.powi(-11);
        // Ties go to even; directed modes go their way.
        assert_eq!(f(1.0 + half_ulp, Round::Nearest), 0x3c00);
        assert_eq!(f(1.0 + 3.0 * half_ulp, Round::Nearest), 0x3c02);
        assert_eq!(f(1.0 + half_ulp / 2.0, Round::Up), 0x3c01);
        assert_eq!(f(-1.0 - half_ulp / 2.0, Round::Down), 0xbc01);
        assert_eq!(f(-1.0 - half_ulp / 2.0, Round::Zero), 0xbc00);
        // Overflow: infinity to nearest, the largest finite toward zero.
        assert_eq!(f(65520.0, Round::Nearest), 0x7c00);
        assert_eq!(f(65519.0, Round::Nearest), 0x7bff);
        assert_eq!(f(1e9, Round::Zero), 0x7bff);
        assert_eq!(f(-1e9, Round::Up), 0xfbff);
        // Subnormals and underflow to zero (sign kept).
        assert_eq!(f(2f64.powi(-25), Round::Nearest), 0x0000);
        assert_eq!(f(1.5 * 2f64.powi(-25), Round::Nearest), 0x0001);
        assert_eq!(f(-1e-30, Round::Nearest), 0x8000);
        assert_eq!(f(1e-30, Round::Up), 0x0001);
        // The largest subnormal rounds up into the smallest normal.
        assert_eq!(f(2f64.powi(-14) - 2f64.powi(-26), Round::Nearest), 0x0400);
    }

    #[test]
    fn arithmetic_rounds_once() {
        let m = HalfMods::default();
        let f16 = |o, a, b, c| op(o, HalfFmt::F16, m, a, b, c);
        assert_eq!(f16(HalfOp::Add, 0x3c00, 0x3c00, 0), 0x4000); // 1 + 1
        assert_eq!(f16(HalfOp::Mul, 0x4200, 0x4200, 0), 0x4880); // 3 * 3
        assert_eq!(f16(HalfOp::Sub, 0x3c00, 0x3c00, 0), 0x0000); // 1 - 1 = +0
                                                                 // fma: (1 + 2^-10)(1 + 2^-9) - 1 = 3 * 2^-10 + 2^-19, one ulp above 3 * 2^-10;
                                                                 // rounding the product first would lose the 2^-19. And an exact tie goes to even.
        assert_eq!(f16(HalfOp::Fma, 0x3c01, 0x3c02, 0xbc00), 0x1a01);
        assert_eq!(f16(HalfOp::Fma, 0x3c01, 0x3c01, 0xbc00), 0x1800);
        assert_eq!(f16(HalfOp::Add, 0x7c00, 0xfc00, 0), CANONICAL_NAN);
        assert_eq!(f16(HalfOp::Min, 0x7e00, 0x3c00, 0), 0x3c00);
        assert_eq!(f16(HalfOp::Max, 0x8000, 0x0000, 0), 0x0000);
        assert_eq!(f16(HalfOp::Min, 0x0000, 0x8000, 0), 0x8000);
        let sat = HalfMods { sat: true, ..m };
        assert_eq!(
            op(HalfOp::Add, HalfFmt::F16, sat, 0x3c00, 0x3c00, 0),
            0x3c00
        );
        let ftz = HalfMods { ftz: true, ..m };
        assert_eq!(
            op(HalfOp::Add, HalfFmt::F16, ftz, 0x0001, 0x0000, 0),
            0x0000
        );
        // bf16: 1 + 2^-8 is a tie between 1 and 1 + 2^-7: even is 1.
        assert_eq!(op(HalfOp::Add, HalfFmt::BF16, m, 0x3f80, 0x3b80, 0), 0x3f80);
    }
}
