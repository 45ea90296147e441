//! PTX's approximate `f32` math as an H100 (sm_90) computes it, bit for bit where the
//! hardware's answers are recorded.
//!
//! ptxas turns each approximate instruction into one `MUFU` operation of the
//! special-function unit ([`mufu`]), and the forms without `.ftz` into a short sequence
//! around it that scales subnormal (or huge) operands into range and back. This module
//! writes down those sequences as `cuobjdump -sass` shows them for `-arch=sm_90`
//! (`tests/fixtures/approx/record.cu` prints them), so each PTX instruction is exact as soon
//! as its `MUFU` is. [`ApproxMath`](crate::ApproxMath) picks these or the correctly rounded
//! results; the [engine guide](https://docs.rs/cuda-library/latest/cuda_library/guide/engine/index.html) tabulates how each compares with the
//! GPU over all 2^32 inputs.

mod interp;
mod mufu;
mod table;

/// `2^-126`, the smallest normal `f32`.
const MIN_NORMAL: f32 = f32::MIN_POSITIVE;
/// `2^126`: a divisor beyond it has a subnormal reciprocal.
const HUGE: f32 = f32::from_bits(0x7e80_0000);
/// `2^24`, the factor that lifts a subnormal into the normal range.
const LIFT: f32 = 16_777_216.0;

/// `|x| < 2^-126` as `FSETP.GEU` decides it (false for NaN).
fn tiny(x: f32) -> bool {
    x.abs() < MIN_NORMAL
}

/// `ex2.approx{.ftz}.f32`. Without `.ftz`: `x < -126` takes `MUFU.EX2(x/2)` squared, which
/// reaches the subnormal results.
pub(crate) fn ex2(x: f32, ftz: bool) -> f32 {
    if !ftz && x < -126.0 {
        let r = mufu::ex2(x * 0.5);
        return r * r;
    }
    mufu::ex2(x)
}

/// `lg2.approx{.ftz}.f32`. Without `.ftz` a subnormal is lifted by `2^24` and 24 taken off.
pub(crate) fn lg2(x: f32, ftz: bool) -> f32 {
    if !ftz && tiny(x) {
        return mufu::lg2(x * LIFT) - 24.0;
    }
    mufu::lg2(x)
}

/// `rsqrt.approx{.ftz}.f32`. Without `.ftz` a subnormal is lifted by `2^24` and the result
/// scaled by `2^12`.
pub(crate) fn rsqrt(x: f32, ftz: bool) -> f32 {
    if !ftz && tiny(x) {
        return mufu::rsq(x * LIFT) * 4096.0;
    }
    mufu::rsq(x)
}

/// `sqrt.approx{.ftz}.f32`. Without `.ftz` a subnormal is lifted by `2^24` and the result
/// scaled by `2^-12`.
pub(crate) fn sqrt(x: f32, ftz: bool) -> f32 {
    if !ftz && tiny(x) {
        return mufu::sqrt(x * LIFT) * (1.0 / 4096.0);
    }
    mufu::sqrt(x)
}

/// `rcp.approx{.ftz}.f32`. Without `.ftz` the operand is scaled by `s` (`2^24` when
/// subnormal, `1/4` beyond `2^126`) and the reciprocal by `s` again.
pub(crate) fn rcp(x: f32, ftz: bool) -> f32 {
    if ftz {
        return mufu::rcp(x);
    }
    let s = if x.abs() > HUGE {
        0.25
    } else if tiny(x) {
        LIFT
    } else {
        1.0
    };
    s * mufu::rcp(x * s)
}

/// `sin.approx{.ftz}.f32`: the angle is turned into revolutions (a multiplication rounded
/// toward zero) for `MUFU.SIN`; `.ftz` changes nothing.
pub(crate) fn sin(x: f32) -> f32 {
    mufu::sin(revolutions(x))
}

/// `cos.approx{.ftz}.f32`, like [`sin`].
pub(crate) fn cos(x: f32) -> f32 {
    mufu::cos(revolutions(x))
}

/// `tanh.approx.f32`: `MUFU.TANH` alone (PTX has no `.ftz` form: subnormals pass through).
pub(crate) fn tanh(x: f32) -> f32 {
    mufu::tanh(x)
}

/// `div.approx{.ftz}.f32`: `a * rcp(b)`, so a divisor beyond `2^126` gives zero. Without
/// `.ftz` a subnormal divisor and the dividend are both lifted by `2^24` first.
pub(crate) fn div_approx(a: f32, b: f32, ftz: bool) -> f32 {
    if ftz {
        return mufu::flush(a * mufu::rcp(b));
    }
    if tiny(b) {
        return mufu::rcp(b * LIFT) * (a * LIFT);
    }
    mufu::rcp(b) * a
}

/// `div.full{.ftz}.f32`: `a * rcp(b)` with both operands scaled by `1/4` when
/// `|b| > 2^126`, so the quotient keeps its range; without `.ftz` also by `2^24` when `b`
/// is subnormal.
pub(crate) fn div_full(a: f32, b: f32, ftz: bool) -> f32 {
    if ftz {
        let (a, b) = if b.abs() > HUGE {
            (mufu::flush(a * 0.25), mufu::flush(b * 0.25))
        } else {
            (a, b)
        };
        return mufu::flush(mufu::rcp(b) * a);
    }
    let (mut a, mut b) = if b.abs() > HUGE {
        (a * 0.25, b * 0.25)
    } else {
        (a, b)
    };
    if tiny(b) {
        (a, b) = (a * LIFT, b * LIFT);
    }
    mufu::rcp(b) * a
}

/// `rcp.approx.ftz.f64`: `MUFU.RCP64H` of the operand's high word, the low word zero.
pub(crate) fn rcp64(x: f64) -> f64 {
    with_high(mufu::rcp64h(high(x)))
}

/// `rsqrt.approx{.ftz}.f64`: with `.ftz`, `MUFU.RSQ64H` alone (the low word zero); without,
/// one refinement step after it, as ptxas writes it, and a subnormal operand lifted by `2^54`
/// (the result then scaled by `2^27`).
pub(crate) fn rsqrt64(x: f64, ftz: bool) -> f64 {
    if ftz {
        return with_high(mufu::rsq64h(high(x)));
    }
    if high(x).wrapping_sub(0x0010_0000) < 0x7fe0_0000 {
        return refine_rsqrt64(x);
    }
    if x == 0.0 {
        f64::INFINITY.copysign(x)
    } else if x.is_nan() {
        x + x
    } else if x < 0.0 {
        f64::from_bits(0xfff8_0000_0000_0000)
    } else if x.is_infinite() {
        0.0
    } else {
        refine_rsqrt64(x * 18_014_398_509_481_984.0) * 134_217_728.0
    }
}

/// `y = RSQ64H(x)`, then `y + y r (3/8 r + 1/2)` with `r = 1 - x y^2` (`DMUL`, `DFMA`s).
fn refine_rsqrt64(x: f64) -> f64 {
    let y = with_high(mufu::rsq64h(high(x)));
    let r = x.mul_add(-(y * y), 1.0);
    let c = r.mul_add(0.375, 0.5);
    c.mul_add(y * r, y)
}

/// The high 32 bits of `x`.
fn high(x: f64) -> u32 {
    (x.to_bits() >> 32) as u32
}

/// The `f64` with high word `h` and low word zero.
fn with_high(h: u32) -> f64 {
    f64::from_bits(u64::from(h) << 32)
}

/// `FMUL.RZ x, 1/(2 pi)`: the product rounded toward zero.
fn revolutions(x: f32) -> f32 {
    const INV_TAU: f32 = 0.159_154_94;
    // Both factors have 24 significant bits, so the f64 product is exact.
    let p = f64::from(x) * f64::from(INV_TAU);
    let r = p as f32;
    if r.is_finite() && f64::from(r).abs() > p.abs() {
        // Rounded away from zero: step one unit back toward it.
        f32::from_bits(r.to_bits() - 1)
    } else if r.is_infinite() && p.is_finite() {
        f32::MAX.copysign(r)
    } else {
        r
    }
}

#[cfg(test)]
mod tests;
