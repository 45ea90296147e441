//! The two 8-bit floating-point formats of sm_89 and sm_90 (`e4m3`, `e5m2`): decoding,
//! and rounding into them as `cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}` does.
//!
//! `e4m3` (bias 7, 3 fraction bits) has no infinities; its only NaNs are `S.1111.111`,
//! so its largest finite value is 448. `e5m2` (bias 15, 2 fraction bits) is IEEE-like:
//! the top of binary16, with infinities and NaNs; its largest finite value is 57344.
//! Both have subnormals (2^-9 and 2^-16 the least).

/// An 8-bit floating-point format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fp8 {
    /// 4 exponent bits, 3 fraction bits, no infinities.
    E4M3,
    /// 5 exponent bits, 2 fraction bits, IEEE infinities and NaNs.
    E5M2,
}

impl Fp8 {
    /// Fraction bits.
    fn mbits(self) -> i32 {
        match self {
            Fp8::E4M3 => 3,
            Fp8::E5M2 => 2,
        }
    }

    /// The exponent bias.
    fn bias(self) -> i32 {
        match self {
            Fp8::E4M3 => 7,
            Fp8::E5M2 => 15,
        }
    }

    /// The bits of the largest finite value (positive).
    pub fn max_finite(self) -> u8 {
        match self {
            Fp8::E4M3 => 0x7e,
            Fp8::E5M2 => 0x7b,
        }
    }

    /// The NaN a conversion produces (`0x7f` in both formats).
    pub fn nan(self) -> u8 {
        0x7f
    }

    /// Whether `v` is a NaN.
    pub fn is_nan(self, v: u8) -> bool {
        match self {
            Fp8::E4M3 => v & 0x7f == 0x7f,
            Fp8::E5M2 => v & 0x7f > 0x7c,
        }
    }
}

/// Which way an fp8 conversion goes (`Op::CvtFp8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fp8Cvt {
    /// `cvt.rn.satfinite{.relu}.f8x2.f32 d, a, b`: `a` into the upper byte of `d`, `b`
    /// into the lower.
    FromF32,
    /// `cvt.rn.satfinite{.relu}.f8x2.f16x2 d, a`: each half of `a` into its byte.
    FromF16x2,
    /// `cvt.rn{.relu}.f16x2.f8x2 d, a`: each byte of `a` into its half (exact).
    ToF16x2,
}

/// The value of `v`, exactly.
pub fn to_f64(v: u8, f: Fp8) -> f64 {
    let sign = if v & 0x80 != 0 { -1.0 } else { 1.0 };
    let m = f.mbits();
    let e = ((v & 0x7f) >> m) as i32;
    let frac = (v & ((1 << m) - 1)) as f64;
    if f.is_nan(v) {
        return f64::NAN;
    }
    if f == Fp8::E5M2 && v & 0x7f == 0x7c {
        return sign * f64::INFINITY;
    }
    let scale = |p: i32| 2f64.powi(p);
    if e == 0 {
        sign * frac * scale(1 - f.bias() - m)
    } else {
        sign * (1.0 + frac * scale(-m)) * scale(e - f.bias())
    }
}

/// `x` rounded to the nearest `f` (ties to even), as `cvt.rn.satfinite` does: values
/// past the largest finite one, infinities included, become it (with their sign); NaN
/// becomes [`Fp8::nan`]. With `relu`, negative values (and -0) become +0.
pub fn from_f64(x: f64, f: Fp8, relu: bool) -> u8 {
    if x.is_nan() {
        return f.nan();
    }
    if relu && (x < 0.0 || (x == 0.0 && x.is_sign_negative())) {
        return 0;
    }
    let sign = if x.is_sign_negative() { 0x80u8 } else { 0 };
    let a = x.abs();
    let max = to_f64(f.max_finite(), f);
    if a >= max {
        return sign | f.max_finite();
    }
    if a == 0.0 {
        return sign;
    }
    let m = f.mbits();
    // The spacing of representable values at `a`: that of its binade, or the subnormal
    // spacing below the least normal.
    let emin = 1 - f.bias();
    let e = (a.log2().floor() as i32).max(emin);
    let quantum = 2f64.powi(e - m);
    let q = a / quantum; // exact: a power-of-two scaling
    let mut n = q.floor();
    let rem = q - n;
    if rem > 0.5 || (rem == 0.5 && n % 2.0 == 1.0) {
        n += 1.0;
    }
    // n * quantum, re-encoded: a carry into the next binade is handled by the encoding.
    let value = n * quantum;
    if value >= max {
        // Rounded up past the largest finite value (only from just below it).
        return sign | f.max_finite();
    }
    sign | encode(value, f)
}

/// The bits of a finite, non-negative `value` that `f` holds exactly.
fn encode(value: f64, f: Fp8) -> u8 {
    if value == 0.0 {
        return 0;
    }
    let m = f.mbits();
    let emin = 1 - f.bias();
    let e = value.log2().floor() as i32;
    if e < emin {
        let frac = value / 2f64.powi(emin - m);
        return frac as u8;
    }
    let frac = (value / 2f64.powi(e) - 1.0) * 2f64.powi(m);
    (((e + f.bias()) << m) as u8) | frac as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_finite_value_converts_back_to_itself() {
        for f in [Fp8::E4M3, Fp8::E5M2] {
            for v in 0..=255u8 {
                let x = to_f64(v, f);
                if x.is_finite() {
                    assert_eq!(from_f64(x, f, false), v, "{f:?} {v:#x} = {x}");
                }
            }
        }
    }

    #[test]
    fn the_formats_have_their_documented_limits() {
        assert_eq!(to_f64(0x7e, Fp8::E4M3), 448.0);
        assert!(to_f64(0x7f, Fp8::E4M3).is_nan());
        assert_eq!(to_f64(0x01, Fp8::E4M3), 2f64.powi(-9));
        assert_eq!(to_f64(0x7b, Fp8::E5M2), 57344.0);
        assert_eq!(to_f64(0x7c, Fp8::E5M2), f64::INFINITY);
        assert_eq!(to_f64(0xfc, Fp8::E5M2), f64::NEG_INFINITY);
        assert_eq!(to_f64(0x01, Fp8::E5M2), 2f64.powi(-16));
        assert_eq!(to_f64(0x38, Fp8::E4M3), 1.0);
        assert_eq!(to_f64(0x3c, Fp8::E5M2), 1.0);
    }

    #[test]
    fn rounding_is_to_nearest_even_and_saturates() {
        // 1 + 1/16 lies halfway between 1 and 1.125 in e4m3: to the even 1.
        assert_eq!(from_f64(1.0625, Fp8::E4M3, false), 0x38);
        // 1.125 + 1/16: halfway to 1.25, whose fraction is even.
        assert_eq!(from_f64(1.1875, Fp8::E4M3, false), 0x3a);
        assert_eq!(from_f64(1e9, Fp8::E4M3, false), 0x7e);
        assert_eq!(from_f64(f64::NEG_INFINITY, Fp8::E5M2, false), 0xfb);
        assert_eq!(from_f64(f64::NAN, Fp8::E5M2, false), 0x7f);
        // Half the least subnormal ties to zero; a little more rounds up to it.
        assert_eq!(from_f64(2f64.powi(-10), Fp8::E4M3, false), 0x00);
        assert_eq!(from_f64(2f64.powi(-10) * 1.01, Fp8::E4M3, false), 0x01);
        assert_eq!(from_f64(-0.0, Fp8::E4M3, false), 0x80);
        assert_eq!(from_f64(-3.0, Fp8::E4M3, true), 0x00);
        // 464 is halfway between 448 and the NaN's place: it saturates.
        assert_eq!(from_f64(464.0, Fp8::E4M3, false), 0x7e);
    }
}
