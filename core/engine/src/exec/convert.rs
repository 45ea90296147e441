//! Moves and conversions: `mov` (`Op::Mov`, and `Op::Pack`/`Op::Unpack` between a wide
//! register and a vector of parts), `cvt` between every pair of integer and floating-point
//! types with its rounding modes, `.sat` and `.ftz` (`Op::Cvt`), `cvt` of two `f32` values
//! to a packed half pair (`Op::CvtPair`) and `cvta` between generic and state-space
//! addresses (`Op::Cvta`).

use super::arith::{f32v, f64v, ftz32, half_fmt, round_f64_to_f32, sext, width_mask};
use super::warp_state::{lanes, Warp, FULL};
use crate::sim::engine::half;
use crate::sim::engine::ir::*;
use crate::sim::engine::mem::{LOCAL_WINDOW, SHARED_WINDOW};

#[inline]
pub(super) fn round_f64(x: f64, r: Round) -> f64 {
    match r {
        Round::Nearest => x.round_ties_even(),
        Round::Zero => x.trunc(),
        Round::Down => x.floor(),
        Round::Up => x.ceil(),
    }
}

/// An integer as an `f64` rounded to odd (exact when it fits in 53 bits), so that rounding
/// it once more to a half format is the correctly rounded conversion.
#[inline]
pub(super) fn int_to_f64_odd(v: i128) -> f64 {
    let f = v as f64;
    let back = f as i128;
    if back == v || f.to_bits() & 1 == 1 {
        return f;
    }
    let bits = f.to_bits();
    f64::from_bits(if v.unsigned_abs() > back.unsigned_abs() {
        bits + 1
    } else {
        bits - 1
    })
}

/// An integer as an `f64` rounded in direction `r` (exact below 2^53).
#[inline]
pub(super) fn int_to_f64_directed(v: i128, r: Round) -> f64 {
    let n = v as f64;
    let back = n as i128;
    if back == v || r == Round::Nearest {
        return n;
    }
    // The neighbour of `n` on `v`'s side (`n` is a nonzero integer of 54 bits or more).
    let toward_v = |x: f64| -> f64 {
        // Toward v is toward zero (a smaller magnitude, the bits minus one) when x is
        // positive and above v, or negative and below it.
        let smaller = (x > 0.0) == (back > v);
        f64::from_bits(if smaller {
            x.to_bits() - 1
        } else {
            x.to_bits() + 1
        })
    };
    let (down, up) = if back < v {
        (n, toward_v(n))
    } else {
        (toward_v(n), n)
    };
    match r {
        Round::Down => down,
        Round::Up => up,
        Round::Zero if v > 0 => down,
        _ => up,
    }
}

/// `cvt` to `.f16`/`.bf16` from any type (round to nearest unless told otherwise).
#[inline]
pub(super) fn cvt_to_half(
    fmt: HalfFmt,
    sty: Ty,
    round: Option<Round>,
    sat: bool,
    ftz: bool,
    a: u64,
) -> u64 {
    let x = match sty {
        Ty::F32 => (if ftz { ftz32(f32v(a)) } else { f32v(a) }) as f64,
        Ty::F64 => f64v(a),
        Ty::S(n) => int_to_f64_odd(sext(a, n as u32 * 8) as i128),
        _ => match half_fmt(sty) {
            Some(src) => half::to_f64(a as u16, src),
            None => int_to_f64_odd((a & width_mask(sty.bits())) as i128),
        },
    };
    // `cvt.rni.f16.f16` and the like: rounding to an integral value in the same format.
    let x = match round {
        Some(r) if half_fmt(sty) == Some(fmt) => round_f64(x, r),
        _ => x,
    };
    let x = if sat && !x.is_nan() {
        x.clamp(0.0, 1.0)
    } else if sat {
        0.0
    } else {
        x
    };
    half::from_f64(x, fmt, round.unwrap_or(Round::Nearest)) as u64
}

#[inline]
pub(super) fn cvt(dty: Ty, sty: Ty, round: Option<Round>, sat: bool, ftz: bool, a: u64) -> u64 {
    if let Some(fmt) = half_fmt(dty) {
        return cvt_to_half(fmt, sty, round, sat, ftz, a);
    }
    if let Some(fmt) = half_fmt(sty) {
        // As an H200 widens an f16 NaN: to f32 the canonical NaN, to f64 with its sign and
        // payload, quiet. (A bf16 NaN keeps its payload: it is the top half of an f32.)
        if fmt == HalfFmt::F16 && fmt.is_nan(a as u16) {
            let sign = (a & 0x8000) << 48;
            match dty {
                Ty::F32 => return 0x7fff_ffff,
                Ty::F64 => return sign | 0x7ff8_0000_0000_0000 | (a & 0x3ff) << 42,
                _ => {}
            }
        }
        // Widening a half is exact; then it converts as an f64 would.
        let x = half::to_f64(a as u16, fmt);
        return cvt(dty, Ty::F64, round, sat, false, x.to_bits());
    }
    let is_float = |t: Ty| matches!(t, Ty::F32 | Ty::F64);
    match (is_float(dty), is_float(sty)) {
        (false, false) => {
            let v: i128 = match sty {
                Ty::S(n) => sext(a, n as u32 * 8) as i128,
                _ => (a & width_mask(sty.bits())) as i128,
            };
            if sat {
                let (lo, hi) = int_range(dty);
                v.clamp(lo, hi) as u64 & width_mask(dty.bits())
            } else {
                v as u64 & width_mask(dty.bits())
            }
        }
        (false, true) => {
            let x = if sty == Ty::F32 {
                let f = f32v(a);
                (if ftz { ftz32(f) } else { f }) as f64
            } else {
                f64v(a)
            };
            if x.is_nan() {
                return 0;
            }
            let x = round_f64(x, round.unwrap_or(Round::Zero));
            let (lo, hi) = int_range(dty);
            let v = if x <= lo as f64 {
                lo
            } else if x >= hi as f64 {
                hi
            } else {
                x as i128
            };
            v as u64 & width_mask(dty.bits())
        }
        (true, false) => {
            let v: i128 = match sty {
                Ty::S(n) => sext(a, n as u32 * 8) as i128,
                _ => (a & width_mask(sty.bits())) as i128,
            };
            // `as` rounds to nearest even (`.rn`, the default); `.rz`, `.rm` and `.rp`
            // (`__int2float_rd`, `__uint2double_ru`, ...) round the exact value once.
            let r = round.unwrap_or(Round::Nearest);
            if dty == Ty::F32 {
                round_f64_to_f32(int_to_f64_odd(v), r).to_bits() as u64
            } else {
                int_to_f64_directed(v, r).to_bits()
            }
        }
        (true, true) => {
            let x = if sty == Ty::F32 {
                f32v(a) as f64
            } else {
                f64v(a)
            };
            let x = match round {
                Some(r) if dty == sty => round_f64(x, r),
                _ => x,
            };
            // `.sat` sends NaN to +0 as well (an H200: `cvt.sat.f32.f32` and
            // `cvt.rn.sat.f32.f64` of a NaN give 0x00000000).
            let x = match sat {
                true if x.is_nan() => 0.0,
                true => x.clamp(0.0, 1.0),
                false => x,
            };
            if dty == Ty::F32 {
                // Narrowing f64 to f32 in the direction asked (`__double2float_rd`, ...).
                let f = match round {
                    Some(r) if sty == Ty::F64 => round_f64_to_f32(x, r),
                    _ => x as f32,
                };
                (if ftz { ftz32(f) } else { f }).to_bits() as u64
            } else {
                x.to_bits()
            }
        }
    }
}

#[inline]
pub(super) fn int_range(t: Ty) -> (i128, i128) {
    match t {
        Ty::S(n) => {
            let b = n as u32 * 8;
            (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1)
        }
        _ => (0, (1i128 << t.bits()) - 1),
    }
}

/// `cvt` (`Op::Cvt`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_cvt(w: &mut Warp, m: u32, op: &Cvt) {
    let Cvt {
        dty,
        sty,
        round,
        sat,
        ftz,
        d,
        a,
    } = *op;
    for l in lanes(m) {
        let v = cvt(dty, sty, round, sat, ftz, w.get(a, l));
        w.set(d, l, v);
    }
}

/// `cvt` of two `f32` values to a packed `f16x2`/`bf16x2` (`Op::CvtPair`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_cvt_pair(w: &mut Warp, m: u32, op: &CvtPair) {
    let CvtPair {
        fmt,
        round,
        mods,
        d,
        a,
        b,
    } = *op;
    let h = |v: u64| {
        let r = half::from_f64(f32v(v) as f64, fmt, round);
        let negative = r & 0x8000 != 0 && !fmt.is_nan(r);
        (if mods.relu && negative { 0 } else { r }) as u64
    };
    for l in lanes(m) {
        let v = h(w.get(a, l)) << 16 | h(w.get(b, l));
        w.set(d, l, v);
    }
}

/// An fp8 conversion (`Op::CvtFp8`) in lanes `m` (see [`crate::sim::engine::fp8`]).
#[inline(never)]
pub(super) fn exec_cvt_fp8(w: &mut Warp, m: u32, op: &CvtFp8) {
    use crate::sim::engine::fp8;
    let CvtFp8 {
        fmt,
        dir,
        relu,
        d,
        a,
        b,
    } = *op;
    let to8 = |x: f64| fp8::from_f64(x, fmt, relu) as u64;
    let half = |h: u64| half::to_f64(h as u16, HalfFmt::F16);
    for l in lanes(m) {
        let (va, vb) = (w.get(a, l), w.get(b, l));
        let v = match dir {
            Fp8Cvt::FromF32 => to8(f32v(va) as f64) << 8 | to8(f32v(vb) as f64),
            Fp8Cvt::FromF16x2 => to8(half(va >> 16)) << 8 | to8(half(va)),
            Fp8Cvt::ToF16x2 => {
                let h = |byte: u64| {
                    let x = fp8::to_f64(byte as u8, fmt);
                    // .relu: negative values and -0 become +0 (NaN stays NaN).
                    let x = if relu && x <= 0.0 { 0.0 } else { x };
                    half::from_f64(x, HalfFmt::F16, Round::Nearest) as u64
                };
                h(va >> 8 & 0xff) << 16 | h(va & 0xff)
            }
        };
        w.set(d, l, v);
    }
}

/// `mov` (`Op::Mov`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_mov(w: &mut Warp, m: u32, op: &Mov) {
    let Mov { d, a } = *op;
    match a {
        Src::Imm(v) => w.fill(d, m, v),
        Src::Reg(r) if m == FULL => {
            if let Some(&src) = w.regs.get(r as usize) {
                w.regs[d as usize] = src;
            }
        }
        Src::Reg(_) => {
            let out = w.row(a);
            w.blend(d, m, &out);
        }
    }
}

/// `mov` of a vector into one wide register (`Op::Pack`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_pack(w: &mut Warp, m: u32, op: &Pack) {
    let Pack {
        d,
        ref parts,
        part_bits,
    } = *op;
    for l in lanes(m) {
        let mut v = 0u64;
        for (k, &p) in parts.iter().enumerate() {
            v |= (w.get(p, l) & width_mask(part_bits)) << (k as u32 * part_bits);
        }
        w.set(d, l, v);
    }
}

/// `mov` of one wide register into a vector (`Op::Unpack`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_unpack(w: &mut Warp, m: u32, op: &Unpack) {
    let Unpack {
        ref ds,
        a,
        part_bits,
    } = *op;
    for l in lanes(m) {
        let v = w.get(a, l);
        for (k, &d) in ds.iter().enumerate() {
            let part = (v >> (k as u32 * part_bits)) & width_mask(part_bits);
            w.set(d, l, part);
        }
    }
}

/// `cvta` (`Op::Cvta`) in lanes `m`: a shared or local address to generic, or back.
#[inline(always)]
pub(super) fn exec_cvta(w: &mut Warp, m: u32, op: &Cvta) {
    let Cvta { to, space, d, a } = *op;
    let window = match space {
        MemSpace::Shared => SHARED_WINDOW,
        MemSpace::Local => LOCAL_WINDOW,
        _ => 0,
    };
    for l in lanes(m) {
        let x = w.get(a, l);
        let v = if to {
            x.wrapping_sub(window)
        } else {
            x.wrapping_add(window)
        };
        w.set(d, l, v);
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_rng::Rng;
    use super::cvt;
    use crate::sim::engine::ir::{Round, Ty};

    /// The moves a call parameter held in a register lowers to (`lower/memory.rs`): bits
    /// kept whole, a signed byte or half-word sign-extended to 32 bits.
    #[test]
    fn parameter_moves_keep_bits_and_extend_signs() {
        let snan = 0xff9c_70fe_u64;
        assert_eq!(cvt(Ty::U(4), Ty::U(4), None, false, false, snan), snan);
        assert_eq!(
            cvt(Ty::U(8), Ty::U(8), None, false, false, 0x7ff4 << 48),
            0x7ff4 << 48
        );
        assert_eq!(
            cvt(Ty::S(4), Ty::S(1), None, false, false, 0x12de),
            0xffff_ffde
        );
        assert_eq!(
            cvt(Ty::S(4), Ty::S(2), None, false, false, 0x8001),
            0xffff_8001
        );
        assert_eq!(cvt(Ty::S(4), Ty::S(1), None, false, false, 0x7f), 0x7f);
    }

    /// The integer `v` rounded to a float of `bits` significant bits in direction `r`, by
    /// integer arithmetic alone: the magnitude cut to its top `bits` bits (toward zero) or
    /// one unit of the last place more (away), chosen by the sign and the direction.
    fn int_rounded(v: i128, bits: u32, r: Round) -> i128 {
        let m = v.unsigned_abs();
        let len = 128 - m.leading_zeros();
        if len <= bits {
            return v;
        }
        let shift = len - bits;
        let cut = m >> shift << shift;
        let (lower, upper) = (cut, cut + (1u128 << shift));
        let rem = m - cut;
        let half = 1u128 << (shift - 1);
        let away = match r {
            Round::Zero => false,
            Round::Down => v < 0 && rem != 0,
            Round::Up => v > 0 && rem != 0,
            Round::Nearest => rem > half || (rem == half && (cut >> shift) & 1 == 1),
        };
        let mag = if away { upper } else { lower } as i128;
        if v < 0 {
            -mag
        } else {
            mag
        }
    }

    #[test]
    fn integer_to_float_conversions_round_in_every_direction() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let modes = [Round::Nearest, Round::Zero, Round::Down, Round::Up];
        for i in 0..200_000u32 {
            let raw = rng.next();
            // Every magnitude: shift the bits down by a varying amount.
            let raw = raw >> (i % 64);
            for (sty, v) in [
                (Ty::S(4), (raw as u32 as i32) as i128),
                (Ty::U(4), (raw as u32) as i128),
                (Ty::S(8), (raw as i64) as i128),
                (Ty::U(8), raw as i128),
            ] {
                for r in modes {
                    let got32 =
                        f32::from_bits(cvt(Ty::F32, sty, Some(r), false, false, raw) as u32);
                    let want32 = int_rounded(v, 24, r);
                    assert_eq!(got32 as i128, want32, "cvt.{r:?}.f32.{sty:?} {v}");
                    let got64 = f64::from_bits(cvt(Ty::F64, sty, Some(r), false, false, raw));
                    let want64 = int_rounded(v, 53, r);
                    assert_eq!(got64 as i128, want64, "cvt.{r:?}.f64.{sty:?} {v}");
                }
            }
        }
    }

    #[test]
    fn f64_to_f32_conversions_round_in_every_direction() {
        // 1 + 2^-30 lies between two f32 values: down/zero give 1, up gives the next.
        let x = 1.0f64 + 2f64.powi(-30);
        let c = |r, x: f64| {
            f32::from_bits(cvt(Ty::F32, Ty::F64, Some(r), false, false, x.to_bits()) as u32)
        };
        assert_eq!(c(Round::Down, x), 1.0);
        assert_eq!(c(Round::Zero, x), 1.0);
        assert_eq!(c(Round::Nearest, x), 1.0);
        assert_eq!(c(Round::Up, x), 1.0 + f32::EPSILON);
        assert_eq!(c(Round::Down, -x), -1.0 - f32::EPSILON);
        assert_eq!(c(Round::Zero, -x), -1.0);
        assert_eq!(c(Round::Up, -x), -1.0);
    }

    const U32: Ty = Ty::U(4);
    const S32: Ty = Ty::S(4);
    const F32: Ty = Ty::F32;
    const F64: Ty = Ty::F64;

    fn f(x: f32) -> u64 {
        x.to_bits() as u64
    }

    #[test]
    fn float_to_int_saturates_and_sends_nan_to_zero() {
        assert_eq!(cvt(S32, F32, None, false, false, f(3e9)), 0x7fff_ffff);
        assert_eq!(cvt(S32, F32, None, false, false, f(-3e9)), 0x8000_0000);
        assert_eq!(cvt(U32, F32, None, false, false, f(-1.0)), 0);
        assert_eq!(
            cvt(U32, F32, None, false, false, f(f32::INFINITY)),
            0xffff_ffff
        );
        assert_eq!(cvt(S32, F32, None, false, false, 0x7fff_ffff), 0);
        assert_eq!(
            cvt(Ty::S(8), F64, None, false, false, f64::NAN.to_bits()),
            0
        );
        assert_eq!(cvt(Ty::U(1), F32, None, false, false, f(300.0)), 0xff);
        assert_eq!(cvt(Ty::S(2), F32, None, false, false, f(-40000.0)), 0x8000);
    }

    #[test]
    fn float_to_int_rounds_as_told() {
        let g = |r: Option<Round>, x: f32| cvt(S32, F32, r, false, false, f(x)) as u32 as i32;
        // No rounding modifier: toward zero, as `cvt.rzi` does.
        assert_eq!(g(None, 2.7), 2);
        assert_eq!(g(None, -2.7), -2);
        assert_eq!(g(Some(Round::Nearest), 2.5), 2);
        assert_eq!(g(Some(Round::Nearest), 3.5), 4);
        assert_eq!(g(Some(Round::Down), -2.1), -3);
        assert_eq!(g(Some(Round::Up), 2.1), 3);
        assert_eq!(g(Some(Round::Zero), -2.9), -2);
    }

    #[test]
    fn int_to_int_truncates_extends_or_saturates() {
        assert_eq!(cvt(Ty::U(1), U32, None, false, false, 0x1234), 0x34);
        assert_eq!(cvt(Ty::U(1), U32, None, true, false, 0x1234), 0xff);
        assert_eq!(
            cvt(Ty::S(1), S32, None, true, false, (-1000i32) as u32 as u64),
            0x80
        );
        assert_eq!(cvt(S32, Ty::S(2), None, false, false, 0x8000), 0xffff_8000);
        assert_eq!(cvt(U32, Ty::U(2), None, false, false, 0xffff_8000), 0x8000);
        assert_eq!(cvt(U32, S32, None, true, false, 0xffff_ffff), 0);
        assert_eq!(cvt(S32, U32, None, true, false, 0xffff_ffff), 0x7fff_ffff);
    }

    #[test]
    fn float_to_float_saturates_flushes_and_rounds() {
        assert_eq!(cvt(F32, F32, None, true, false, f(1.5)), f(1.0));
        assert_eq!(cvt(F32, F32, None, true, false, f(-0.5)), f(0.0));
        // NaN saturates to +0 (an H200, canonical and negative NaNs, from f32 and f64).
        assert_eq!(cvt(F32, F32, None, true, false, 0x7fc0_0000), 0);
        assert_eq!(cvt(F32, F32, None, true, true, 0xffc0_0000), 0);
        let nan64 = 0x7ff8_0000_0000_0000;
        assert_eq!(cvt(F32, F64, Some(Round::Nearest), true, false, nan64), 0);
        assert_eq!(cvt(F64, F64, None, true, false, nan64), 0);
        assert_eq!(cvt(F32, F64, None, false, true, 1e-40f64.to_bits()), f(0.0));
        assert_eq!(
            cvt(F32, F64, None, false, false, 1e300f64.to_bits()),
            f(f32::INFINITY)
        );
        // `cvt.rni.f32.f32`: to an integral value, ties to even.
        assert_eq!(
            cvt(F32, F32, Some(Round::Nearest), false, false, f(2.5)),
            f(2.0)
        );
        assert_eq!(
            cvt(F32, F32, Some(Round::Down), false, false, f(-2.5)),
            f(-3.0)
        );
        assert_eq!(cvt(F64, F32, None, false, false, f(1.5)), 1.5f64.to_bits());
    }

    #[test]
    fn half_conversions_round_saturate_and_keep_nan() {
        assert_eq!(cvt(Ty::F16, F32, None, false, false, f(1.0)), 0x3c00);
        // 65520 is halfway between the largest f16 (65504) and 65536: to even, infinity.
        assert_eq!(cvt(Ty::F16, F32, None, false, false, f(65520.0)), 0x7c00);
        assert_eq!(
            cvt(Ty::F16, F32, Some(Round::Zero), false, false, f(65520.0)),
            0x7bff
        );
        assert_eq!(cvt(Ty::F16, F32, None, true, false, f(2.0)), 0x3c00);
        assert_eq!(cvt(Ty::BF16, F32, None, false, false, f(1.0)), 0x3f80);
        // An f16 NaN widens to the canonical f32 NaN.
        assert_eq!(cvt(F32, Ty::F16, None, false, false, 0x7e01), 0x7fff_ffff);
        // f16 -2.5 to s32: toward zero.
        assert_eq!(cvt(S32, Ty::F16, None, false, false, 0xc100), 0xffff_fffe);
    }
}
