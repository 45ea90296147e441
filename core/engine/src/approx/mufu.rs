//! The GPU's special-function unit (`MUFU.*` in SASS), one function per operation.
//!
//! What every `MUFU` shares (seen on an H100): subnormal inputs count as zero, subnormal
//! results are flushed to zero of the same sign, and a NaN comes out as the canonical NaN
//! (`TANH` alone keeps subnormals). `RCP`, `RSQ`, `SQRT` and `EX2` are the hardware's own
//! answers (tables recorded on the GPU, see [`table`](super::table)); `LG2`, `SIN`, `COS` and
//! `TANH` its quadratic interpolator (see [`interp`](super::interp)). Without the `gpu-math`
//! feature the values are rounded correctly instead, with the same special values.

use super::table;

const NAN: f32 = f32::from_bits(0x7fff_ffff);

/// Zero of the same sign for a subnormal.
pub(super) fn flush(x: f32) -> f32 {
    if x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

/// `sign * value * 2^exp` for a table value, flushed to zero below the normal range and
/// infinite above it.
fn scale(sign: bool, value: u32, exp: i32) -> f32 {
    let v = f64::from(value) * pow2(exp);
    let r = if v >= f64::from(f32::MAX) * 2.0 {
        f32::INFINITY
    } else {
        flush(v as f32)
    };
    if sign {
        -r
    } else {
        r
    }
}

/// `2^e` for the exponents used here (well inside `f64`'s normal range).
fn pow2(e: i32) -> f64 {
    f64::from_bits(((e.clamp(-1022, 1023) + 1023) as u64) << 52)
}

/// The unbiased exponent and 23-bit fraction of a normal `x`.
fn parts(x: f32) -> (i32, u32) {
    let b = x.to_bits();
    (((b >> 23) & 0xff) as i32 - 127, b & 0x7f_ffff)
}

/// `MUFU.RCP`: `1/x`.
pub(super) fn rcp(x: f32) -> f32 {
    let x = flush(x);
    if x.is_nan() {
        return NAN;
    }
    if x == 0.0 {
        return f32::INFINITY.copysign(x);
    }
    if x.is_infinite() {
        return 0.0f32.copysign(x);
    }
    let Some(t) = table::rcp() else {
        return rounded(x, |x| 1.0 / x);
    };
    let (e, k) = parts(x);
    scale(x < 0.0, t.value(k), -24 - e)
}

/// `MUFU.RSQ`: `1/sqrt(x)`.
pub(super) fn rsq(x: f32) -> f32 {
    let x = flush(x);
    if x.is_nan() || x < 0.0 {
        return NAN;
    }
    if x == 0.0 {
        return f32::INFINITY.copysign(x);
    }
    if x.is_infinite() {
        return 0.0;
    }
    let Some(t) = table::rsq() else {
        return rounded(x, |x| 1.0 / x.sqrt());
    };
    let (e, k) = parts(x);
    // [1, 4) holds two binades: an odd exponent takes the upper one.
    let odd = e.rem_euclid(2) as u32;
    scale(false, t.value((odd << 23) | k), -24 - (e - odd as i32) / 2)
}

/// `MUFU.EX2`: `2^x`. The input becomes a fixed-point number with 23 fraction bits, its
/// magnitude truncated; a negative one is complemented bit by bit (so `-n - f` takes the
/// table at `1 - f - 2^-23` and one power of two lower), except that a whole negative
/// number gives its power of two exactly.
pub(super) fn ex2(x: f32) -> f32 {
    let x = flush(x);
    if x.is_nan() {
        return NAN;
    }
    let Some(t) = table::ex2() else {
        return rounded(x, f64::exp2);
    };
    let a = x.abs();
    if a >= 128.0 {
        return if x > 0.0 { f32::INFINITY } else { 0.0 };
    }
    // |x| < 128: the magnitude in units of 2^-23 fits in 30 bits and is exact in f64.
    let fixed = (f64::from(a) * 8_388_608.0) as u32;
    let (n, f) = ((fixed >> 23) as i32, fixed & 0x7f_ffff);
    if x >= 0.0 {
        scale(false, t.value(f), n - 23)
    } else if f == 0 {
        scale(false, 1, -n)
    } else {
        scale(false, t.value(0x7f_ffff - f), -n - 1 - 23)
    }
}

/// `MUFU.RCP64H`: the high word of `1/x` from the high word of `x`: the `f32` unit's answer
/// for the same 20 significand bits, cut to 20 (an H200's answers on 2^16 recorded operands).
pub(super) fn rcp64h(hi: u32) -> u32 {
    let (sign, e, m) = (hi & 0x8000_0000, (hi >> 20) & 0x7ff, hi & 0xf_ffff);
    if e == 0x7ff {
        return if m != 0 { NAN_HIGH } else { sign };
    }
    if e == 0 {
        return sign | 0x7ff0_0000;
    }
    let y = rcp(f32::from_bits(0x3f80_0000 | (m << 3)));
    scale_high(sign, y, -(e as i32 - 1023))
}

/// `MUFU.RSQ64H`: the high word of `1/sqrt(x)`, like [`rcp64h`].
pub(super) fn rsq64h(hi: u32) -> u32 {
    let (e, m) = ((hi >> 20) & 0x7ff, hi & 0xf_ffff);
    if e == 0 {
        return (hi & 0x8000_0000) | 0x7ff0_0000;
    }
    if hi & 0x8000_0000 != 0 || (e == 0x7ff && m != 0) {
        return NAN_HIGH;
    }
    if e == 0x7ff {
        return 0;
    }
    // 2^E m with E even: the unit's answer for m (or 2m) and half of E.
    let big_e = e as i32 - 1023;
    let odd = big_e.rem_euclid(2) as u32;
    let y = rsq(f32::from_bits((0x3f80_0000 + (odd << 23)) | (m << 3)));
    scale_high(0, y, -(big_e - odd as i32) / 2)
}

/// The canonical `f64` NaN's high word.
const NAN_HIGH: u32 = 0x7fff_ffff;

/// The high word of `sign y 2^k` (`y` a normal `f32` near 1): flushed to zero below the
/// normal range, infinite above.
fn scale_high(sign: u32, y: f32, k: i32) -> u32 {
    let b = f64::from(y).to_bits();
    let e = ((b >> 52) & 0x7ff) as i32 + k;
    if e <= 0 {
        return sign;
    }
    if e >= 0x7ff {
        return sign | 0x7ff0_0000;
    }
    sign | ((e as u32) << 20) | ((b >> 32) as u32 & 0xf_ffff)
}

/// A correctly rounded stand-in for a `MUFU` without a recorded table: `f` on the flushed
/// input, the result rounded to `f32` and flushed.
fn rounded(x: f32, f: fn(f64) -> f64) -> f32 {
    let r = f(f64::from(flush(x)));
    if r.is_nan() {
        NAN
    } else {
        flush(r as f32)
    }
}

/// `MUFU.LG2`: `log2(x)`, as `e + log2(m)` for `x = m * 2^e`: the interpolated `log2(m)` in
/// fixed point plus the exponent, cut toward zero. Just below 1 (from `1 - 2^-7`) the unit
/// interpolates the small result on its own, and in its last `2^-13` answers as recorded.
pub(super) fn lg2(x: f32) -> f32 {
    let x = flush(x);
    if x.is_nan() || x < 0.0 {
        return NAN;
    }
    if x == 0.0 {
        return f32::NEG_INFINITY;
    }
    if x.is_infinite() {
        return x;
    }
    let Some(t) = table::lg2() else {
        return rounded(x, f64::log2);
    };
    let (e, k) = parts(x);
    if e == 0 && k == 0 {
        return 0.0;
    }
    if e == -1 && k >= NEAR_ONE {
        let j = k - NEAR_ONE;
        let tail = table::lg2_near1();
        let last = (1u32 << 17).saturating_sub(tail.len() as u32);
        if j >= last {
            return -tail.get((j - last) as usize).copied().unwrap_or(f32::NAN);
        }
        return -t.answer((1 << 23) + j, 0).unwrap_or(f32::NAN);
    }
    t.answer(k, e).unwrap_or(f32::NAN)
}

/// `MUFU.SQRT`: `sqrt(x)`.
pub(super) fn sqrt(x: f32) -> f32 {
    let x = flush(x);
    if x.is_nan() || x < 0.0 {
        return NAN;
    }
    if x == 0.0 || x.is_infinite() {
        return x;
    }
    let Some(t) = table::sqrt() else {
        return rounded(x, f64::sqrt);
    };
    let (e, k) = parts(x);
    let odd = e.rem_euclid(2) as u32;
    scale(false, t.value((odd << 23) | k), (e - odd as i32) / 2 - 23)
}

/// `MUFU.SIN`: `sin(2 pi r)` of an angle `r` in revolutions.
pub(super) fn sin(r: f32) -> f32 {
    if r.is_sign_negative() {
        // Odd, down to -0.
        return -sin_cos(-r, 0);
    }
    sin_cos(r, 0)
}

/// `MUFU.COS`: `cos(2 pi r)` of an angle `r` in revolutions.
pub(super) fn cos(r: f32) -> f32 {
    sin_cos(r.abs(), 1)
}

/// `sin(2 pi (r + quarter / 4))` for `r >= 0` (or NaN): the unit reads the revolutions'
/// fraction in fixed point with 25 bits, truncated; the top two are the quadrant, the other
/// 23 index a quarter wave (counted back from its end in the odd quadrants), which the
/// interpolator gives, negated in the second half turn.
fn sin_cos(r: f32, quarter: u32) -> f32 {
    let r = flush(r);
    if !r.is_finite() {
        return NAN;
    }
    let Some(t) = table::sin() else {
        let turns = f64::from(r) + f64::from(quarter) * 0.25;
        return flush((std::f64::consts::TAU * turns).sin() as f32);
    };
    // r < 2^128: its fraction is exact in f64.
    let a = f64::from(r);
    let k = ((a - a.floor()) * 33_554_432.0) as u32 + (quarter << 23);
    let (q, low) = ((k >> 23) & 3, k & 0x7f_ffff);
    let index = if q & 1 == 1 { 0x7f_ffff - low } else { low };
    let v = if index == 0 {
        0.0
    } else {
        t.answer(index, 0).unwrap_or(f32::NAN)
    };
    if q >= 2 {
        -v
    } else {
        v
    }
}

/// `MUFU.TANH`: `tanh(x)`. Below `2^-8` in magnitude the unit answers `x` itself (subnormals
/// included, not flushed); from there on it reads `|x|` in fixed point, truncated (steps of
/// `2^-25` at `2^-8`, coarser higher up, see `tanh.bin`'s regions), interpolates, and
/// answers with the sign of `x`; from 8 on, `+-1`.
pub(super) fn tanh(x: f32) -> f32 {
    if x.is_nan() {
        return NAN;
    }
    let a = x.abs();
    if a < TANH_SMALL {
        return x;
    }
    if a >= TANH_ONE {
        return 1.0f32.copysign(x);
    }
    // 2^-8 <= a < 8: a * 2^25 is exact and below 2^28.
    let k = (a * 33_554_432.0) as u32;
    match table::tanh().and_then(|t| t.answer(k, 0)) {
        Some(v) => v.copysign(x),
        None => (f64::from(x).tanh() as f32).copysign(x),
    }
}

/// The significand bits from which `MUFU.LG2` of `x` just below 1 is computed apart.
const NEAR_ONE: u32 = 63 << 17;

/// `2^-8`: `MUFU.TANH` returns smaller inputs unchanged.
const TANH_SMALL: f32 = 0.003_906_25;
/// `MUFU.TANH` is 1 from 8 on.
const TANH_ONE: f32 = 8.0;
