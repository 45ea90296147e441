//! Arithmetic: integer and floating-point `add`/`sub`/`mul`/`div`/`min`/`max`/...
//! (`Op::Bin`), unary operations (`Op::Un`), `mad`/`fma` (`Op::Mad`), carry chains
//! (`Op::Carry`), predicate logic (`Op::Logic`) and half-precision arithmetic
//! (`Op::Half`). The scalar functions compute one lane exactly as PTX specifies; the `exec_*`
//! functions apply them to a warp's rows: computed for all 32 lanes from copies of the
//! operand rows (loops the compiler can vectorise) and written back to the active lanes
//! only.

use super::warp_state::{lanes, split_dst, split_src, Warp, FULL};
use crate::limits::{approx_math, ApproxMath};
use crate::sim::engine::ir::*;
use crate::sim::engine::{approx, exact, half};
use std::mem::MaybeUninit;

#[inline]
pub(super) fn width_mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

#[inline]
pub(super) fn trunc(v: u64, ty: Ty) -> u64 {
    v & width_mask(ty.bits())
}

#[inline]
pub(super) fn sext(v: u64, bits: u32) -> i64 {
    let s = 64 - bits.min(64);
    ((v << s) as i64) >> s
}

#[inline]
pub(super) fn f32v(v: u64) -> f32 {
    f32::from_bits(v as u32)
}
#[inline]
pub(super) fn f64v(v: u64) -> f64 {
    f64::from_bits(v)
}
#[inline]
pub(super) fn ftz32(x: f32) -> f32 {
    if x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

/// An `f32` result as the GPU writes it: a NaN becomes the canonical NaN `0x7fffffff` (f64
/// results keep their NaN's payload, as the GPU's do).
#[inline(always)]
pub(super) fn canon32(x: f32) -> u64 {
    if x.is_nan() {
        0x7fff_ffff
    } else {
        x.to_bits() as u64
    }
}

/// `.ftz` on an `f32` operand's bits.
#[inline(always)]
pub(super) fn flush_bits(v: u64) -> u64 {
    ftz32(f32v(v)).to_bits() as u64
}

/// An `f32` result's bits after `.ftz` and `.sat` (clamped to [0, 1]; NaN and -0 to +0,
/// as an H100 and an H200 give: `tests/fixtures/semantics.gpu.json`, `f32_ftz_sat_both`).
#[inline(always)]
pub(super) fn finish32(v: u64, mods: FpMods) -> u64 {
    let x = f32v(v);
    let x = if mods.ftz { ftz32(x) } else { x };
    if mods.sat {
        // `x > 0.0` is false for NaN and both zeros, which all saturate to +0.
        (if x > 0.0 { x.min(1.0) } else { 0.0 }).to_bits() as u64
    } else {
        canon32(x)
    }
}

/// `v` rounded to `f32` in direction `r` (`Nearest` is Rust's `as`). Exact when `v` is
/// the exact value or that value rounded to odd in `f64` ([`half::add_round_to_odd`]).
#[inline]
pub(super) fn round_f64_to_f32(v: f64, r: Round) -> f32 {
    let n = v as f32;
    if v.is_nan() || n as f64 == v {
        return n;
    }
    // The f32 neighbours of v: n and the next one on v's side.
    let step = |x: f32, up: bool| -> f32 {
        if x.is_infinite() && (x > 0.0) == up {
            x
        } else if x == 0.0 {
            f32::from_bits(1).copysign(if up { 1.0 } else { -1.0 })
        } else if (x > 0.0) == up {
            f32::from_bits(x.to_bits() + 1)
        } else {
            f32::from_bits(x.to_bits() - 1)
        }
    };
    let below = (n as f64) < v;
    let down = if below { n } else { step(n, false) };
    let up = if below { step(n, true) } else { n };
    match r {
        Round::Nearest => n,
        Round::Down => down,
        Round::Up => up,
        Round::Zero if v > 0.0 => down,
        Round::Zero => up,
    }
}

/// `f32` `add`/`sub`/`mul` (`c` unused) or `fma` rounded in direction `r`.
#[inline]
pub(super) fn f32_directed(op: BinOp, fused: bool, a: u64, b: u64, c: u64, r: Round) -> u64 {
    let (x, y, z) = (f32v(a) as f64, f32v(b) as f64, f32v(c) as f64);
    let v = match op {
        _ if fused => half::add_round_to_odd(x * y, z),
        BinOp::Add => half::add_round_to_odd(x, y),
        BinOp::Sub => half::add_round_to_odd(x, -y),
        _ => x * y,
    };
    canon32(round_f64_to_f32(v, r))
}

/// `fma.rn.f32`, exact and without a libm call (which is slow where the CPU has no FMA
/// instruction, and absent on wasm32): the product of two `f32` is exact in `f64`; the sum
/// is rounded to odd in `f64` (its exact error from a two-sum decides the direction); and
/// rounding that to `f32` is then the correctly rounded fused result, since `f64` has more
/// than two bits beyond `f32`'s precision. Infinities and NaN take `f32::mul_add`.
#[inline(always)]
pub(super) fn fma_f32(x: f32, y: f32, z: f32) -> f32 {
    let s = half::add_round_to_odd(x as f64 * y as f64, z as f64);
    if !s.is_finite() {
        return x.mul_add(y, z);
    }
    s as f32
}

/// `op` of `ty` in all 32 lanes (`d = a op b`), for [`Op::Bin`].
#[inline(always)]
pub(super) fn bin_rows(
    op: BinOp,
    ty: Ty,
    mods: FpMods,
    out: &mut [u64; 32],
    av: &[u64; 32],
    bv: &[u64; 32],
) {
    let plain = mods == FpMods::default();
    match (op, ty) {
        (BinOp::Add, Ty::U(4) | Ty::S(4)) if plain => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = av[l].wrapping_add(bv[l]) & 0xffff_ffff;
            }
        }
        (BinOp::Add, Ty::U(8) | Ty::S(8)) => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = av[l].wrapping_add(bv[l]);
            }
        }
        (BinOp::MulLo, Ty::U(4) | Ty::S(4)) => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = av[l].wrapping_mul(bv[l]) & 0xffff_ffff;
            }
        }
        (BinOp::MulWide, Ty::S(4)) => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = ((av[l] as u32 as i32 as i64).wrapping_mul(bv[l] as u32 as i32 as i64)) as u64;
            }
        }
        (BinOp::MulWide, Ty::U(4)) => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = (av[l] & 0xffff_ffff) * (bv[l] & 0xffff_ffff);
            }
        }
        (BinOp::Add, Ty::F32) if plain => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = canon32(f32v(av[l]) + f32v(bv[l]));
            }
        }
        (BinOp::MulLo, Ty::F32) if plain => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = canon32(f32v(av[l]) * f32v(bv[l]));
            }
        }
        (BinOp::DivApprox | BinOp::DivFull, Ty::F32) if mods.ftz => {
            for (l, o) in out.iter_mut().enumerate() {
                let r = approx_div(op, f32v(av[l]), f32v(bv[l]), true);
                *o = finish32(canon32(r), mods);
            }
        }
        (_, Ty::F32) if !plain => {
            for (l, o) in out.iter_mut().enumerate() {
                let (x, y) = if mods.ftz {
                    (flush_bits(av[l]), flush_bits(bv[l]))
                } else {
                    (av[l], bv[l])
                };
                let r = match mods.round {
                    Some(r) => f32_directed(op, false, x, y, 0, r),
                    None if mods.nan || mods.xorsign => min_max_f32(op, mods, x, y),
                    None => bin(op, ty, x, y),
                };
                *o = finish32(r, mods);
            }
        }
        (_, Ty::F64) if mods.round.is_some() => {
            let r = mods.round.unwrap_or(Round::Nearest);
            for (l, o) in out.iter_mut().enumerate() {
                let (x, y) = (f64v(av[l]), f64v(bv[l]));
                *o = match op {
                    BinOp::Add => exact::add(x, y, r).to_bits(),
                    BinOp::Sub => exact::add(x, -y, r).to_bits(),
                    BinOp::MulLo => exact::mul(x, y, r).to_bits(),
                    _ => bin(op, ty, av[l], bv[l]),
                };
            }
        }
        (BinOp::Add | BinOp::Sub, Ty::S(4)) if mods.sat => {
            for (l, o) in out.iter_mut().enumerate() {
                let (x, y) = (av[l] as u32 as i32 as i64, bv[l] as u32 as i32 as i64);
                let r = if op == BinOp::Add { x + y } else { x - y };
                *o = r.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32 as u64;
            }
        }
        _ => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = bin(op, ty, av[l], bv[l]);
            }
        }
    }
}

/// `d = a * b + c` (and `mad24`, `sad`, `fma`) in all 32 lanes, for [`Op::Mad`]; `m` is the
/// active mask (the f64 path computes only active lanes).
#[inline(always)]
pub(super) fn mad_rows(
    (ty, mul, wide, mods): (Ty, BinOp, bool, FpMods),
    m: u32,
    out: &mut [u64; 32],
    av: &[u64; 32],
    bv: &[u64; 32],
    cv: &[u64; 32],
) {
    match ty {
        Ty::F32 if mods.ftz || mods.round.is_some() => {
            let flush = |r: &[u64; 32]| {
                if mods.ftz {
                    r.map(flush_bits)
                } else {
                    *r
                }
            };
            let (x, y, z) = (flush(av), flush(bv), flush(cv));
            match mods.round {
                Some(r) => {
                    for (l, o) in out.iter_mut().enumerate() {
                        *o = f32_directed(BinOp::MulLo, true, x[l], y[l], z[l], r);
                    }
                }
                None => fma_f32_rows(out, &x, &y, &z),
            }
            *out = out.map(|v| finish32(v, mods));
        }
        Ty::F32 if !mods.sat => fma_f32_rows(out, av, bv, cv),
        Ty::F32 => {
            fma_f32_rows(out, av, bv, cv);
            *out = out.map(|v| finish32(v, mods));
        }
        // Only active lanes: a double fused multiply-add is a libm call.
        Ty::F64 if mods.round.is_some() => {
            let r = mods.round.unwrap_or(Round::Nearest);
            for l in lanes(m) {
                out[l] = exact::fma(f64v(av[l]), f64v(bv[l]), f64v(cv[l]), r).to_bits();
            }
        }
        Ty::F64 => {
            for l in lanes(m) {
                let r = f64v(av[l]).mul_add(f64v(bv[l]), f64v(cv[l]));
                out[l] = r.to_bits();
            }
        }
        Ty::U(4) | Ty::S(4) if mul == BinOp::MulLo && !wide => {
            for (l, o) in out.iter_mut().enumerate() {
                let p = av[l].wrapping_mul(bv[l]);
                *o = p.wrapping_add(cv[l]) & 0xffff_ffff;
            }
        }
        _ if wide => {
            for (l, o) in out.iter_mut().enumerate() {
                let p = bin(BinOp::MulWide, ty, av[l], bv[l]);
                *o = p.wrapping_add(cv[l]) & width_mask(ty.bits() * 2);
            }
        }
        _ => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = trunc(bin(mul, ty, av[l], bv[l]).wrapping_add(cv[l]), ty);
            }
        }
    }
}

/// `fma.rn.f32` in all 32 lanes: the CPU's fused multiply-add where it has one (x86-64 with
/// FMA, checked at run time; aarch64), else [`fma_f32`]. Both are exact, so both give the
/// GPU's bits (a NaN result as the canonical NaN).
#[inline]
pub(super) fn fma_f32_rows(out: &mut [u64; 32], a: &[u64; 32], b: &[u64; 32], c: &[u64; 32]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("fma") && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has the features `fma_f32_rows_fma` is compiled for.
        unsafe { fma_f32_rows_fma(out, a, b, c) };
        return;
    }
    for l in 0..32 {
        let r = if cfg!(target_arch = "aarch64") {
            f32v(a[l]).mul_add(f32v(b[l]), f32v(c[l]))
        } else {
            fma_f32(f32v(a[l]), f32v(b[l]), f32v(c[l]))
        };
        out[l] = canon32(r);
    }
}

/// [`fma_f32_rows`] with the x86-64 FMA and AVX2 instructions.
///
/// # Safety
/// The CPU must have AVX2 and FMA. (`unsafe fn`, not a safe `#[target_feature]` function,
/// which needs Rust 1.86: the crate's `rust-version` is 1.85.)
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
pub(super) unsafe fn fma_f32_rows_fma(
    out: &mut [u64; 32],
    a: &[u64; 32],
    b: &[u64; 32],
    c: &[u64; 32],
) {
    for l in 0..32 {
        out[l] = canon32(f32v(a[l]).mul_add(f32v(b[l]), f32v(c[l])));
    }
}

/// The half-precision format of a type, if it is one.
#[inline]
pub(super) fn half_fmt(t: Ty) -> Option<HalfFmt> {
    match t {
        Ty::F16 => Some(HalfFmt::F16),
        Ty::BF16 => Some(HalfFmt::BF16),
        _ => None,
    }
}

/// `min`/`max` of `f32` with `.NaN` and/or `.xorsign.abs`.
#[inline]
pub(super) fn min_max_f32(op: BinOp, mods: FpMods, a: u64, b: u64) -> u64 {
    let (x, y) = (f32v(a), f32v(b));
    if mods.nan && (x.is_nan() || y.is_nan()) {
        return 0x7fff_ffff;
    }
    if !mods.xorsign {
        return bin(op, Ty::F32, a, b);
    }
    let sign = (a ^ b) & 0x8000_0000;
    let r = bin(op, Ty::F32, a & 0x7fff_ffff, b & 0x7fff_ffff);
    if f32v(r).is_nan() {
        r
    } else {
        r | sign
    }
}

/// `div.approx`/`div.full` on `f32`: the GPU's sequence, or the correctly rounded
/// quotient under [`ApproxMath::CorrectlyRounded`].
fn approx_div(op: BinOp, x: f32, y: f32, ftz: bool) -> f32 {
    match (approx_math(), op) {
        (ApproxMath::CorrectlyRounded, _) => x / y,
        (_, BinOp::DivFull) => approx::div_full(x, y, ftz),
        _ => approx::div_approx(x, y, ftz),
    }
}

#[inline]
pub(super) fn bin(op: BinOp, ty: Ty, a: u64, b: u64) -> u64 {
    match ty {
        Ty::F32 => {
            let (x, y) = (f32v(a), f32v(b));
            let r = match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::MulLo | BinOp::MulWide | BinOp::MulHi => x * y,
                BinOp::Div => x / y,
                BinOp::DivApprox | BinOp::DivFull => approx_div(op, x, y, false),
                BinOp::Min | BinOp::Max => {
                    let (xb, yb) = (a & 0xffff_ffff, b & 0xffff_ffff);
                    return half::min_max(x, y, xb, yb, op == BinOp::Min, f32::is_nan)
                        .unwrap_or(0x7fff_ffff);
                }
                // A bit operation: the NaN's payload stays.
                BinOp::CopySign => return y.copysign(x).to_bits() as u64,
                _ => return trunc(bin(op, Ty::U(4), a, b), Ty::U(4)),
            };
            canon32(r)
        }
        Ty::F64 => {
            let (x, y) = (f64v(a), f64v(b));
            let r = match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::MulLo | BinOp::MulWide | BinOp::MulHi => x * y,
                BinOp::Div => x / y,
                BinOp::Min | BinOp::Max => {
                    return half::min_max(x, y, a, b, op == BinOp::Min, f64::is_nan)
                        .unwrap_or_else(|| (x + y).to_bits());
                }
                BinOp::CopySign => y.copysign(x),
                _ => return bin(op, Ty::U(8), a, b),
            };
            r.to_bits()
        }
        Ty::U(_) | Ty::S(_) | Ty::Pred | Ty::F16 | Ty::BF16 => {
            let bits = ty.bits();
            let signed = matches!(ty, Ty::S(_));
            let (ua, ub) = (a & width_mask(bits), b & width_mask(bits));
            let (sa, sb) = (sext(a, bits), sext(b, bits));
            let r: u64 = match op {
                BinOp::Add => ua.wrapping_add(ub),
                BinOp::Sub => ua.wrapping_sub(ub),
                BinOp::MulLo => ua.wrapping_mul(ub),
                BinOp::MulWide => {
                    return if signed {
                        (sa.wrapping_mul(sb) as u64) & width_mask(bits * 2)
                    } else {
                        ua.wrapping_mul(ub) & width_mask(bits * 2)
                    }
                }
                BinOp::MulHi => {
                    if signed {
                        ((sa as i128 * sb as i128) >> bits) as u64
                    } else {
                        ((ua as u128 * ub as u128) >> bits) as u64
                    }
                }
                BinOp::Div | BinOp::DivApprox | BinOp::DivFull => {
                    if ub == 0 {
                        u64::MAX
                    } else if signed {
                        sa.wrapping_div(sb) as u64
                    } else {
                        ua / ub
                    }
                }
                BinOp::Rem => {
                    if ub == 0 {
                        ua
                    } else if signed {
                        sa.wrapping_rem(sb) as u64
                    } else {
                        ua % ub
                    }
                }
                BinOp::Min => {
                    if signed {
                        sa.min(sb) as u64
                    } else {
                        ua.min(ub)
                    }
                }
                BinOp::Max => {
                    if signed {
                        sa.max(sb) as u64
                    } else {
                        ua.max(ub)
                    }
                }
                BinOp::And => ua & ub,
                BinOp::Or => ua | ub,
                BinOp::Xor => ua ^ ub,
                BinOp::Shl => {
                    if (b as u32) >= bits {
                        0
                    } else {
                        ua << (b as u32)
                    }
                }
                BinOp::Shr => {
                    let s = (b as u32).min(bits);
                    if signed {
                        (sa >> s.min(63)) as u64
                    } else if s >= bits {
                        0
                    } else {
                        ua >> s
                    }
                }
                BinOp::CopySign => ua,
                BinOp::Mul24Lo | BinOp::Mul24Hi => {
                    let (x, y) = if signed {
                        (sext(a, 24), sext(b, 24))
                    } else {
                        ((a & 0xff_ffff) as i64, (b & 0xff_ffff) as i64)
                    };
                    let p = x.wrapping_mul(y) as u64; // 48 significant bits
                    if op == BinOp::Mul24Hi {
                        p >> 16
                    } else {
                        p
                    }
                }
                BinOp::AbsDiff => {
                    if signed {
                        sa.abs_diff(sb)
                    } else {
                        ua.abs_diff(ub)
                    }
                }
            };
            r & width_mask(bits)
        }
    }
}

#[inline]
pub(super) fn un(op: UnOp, ty: Ty, ftz: bool, a: u64) -> u64 {
    match ty {
        Ty::F32 => {
            let x = if ftz { ftz32(f32v(a)) } else { f32v(a) };
            let r = match op {
                UnOp::Neg => -x,
                UnOp::Abs => x.abs(),
                UnOp::Sqrt => x.sqrt(),
                UnOp::Rcp => 1.0 / x,
                _ if approx_math() == ApproxMath::Gpu => match op {
                    UnOp::SqrtApprox => approx::sqrt(x, ftz),
                    UnOp::Rsqrt => approx::rsqrt(x, ftz),
                    UnOp::RcpApprox => approx::rcp(x, ftz),
                    UnOp::Ex2 => approx::ex2(x, ftz),
                    UnOp::Lg2 => approx::lg2(x, ftz),
                    UnOp::Sin => approx::sin(x),
                    UnOp::Cos => approx::cos(x),
                    UnOp::Tanh => approx::tanh(x),
                    _ => return un(op, Ty::U(4), false, a),
                },
                UnOp::SqrtApprox => x.sqrt(),
                UnOp::Rsqrt => 1.0 / x.sqrt(),
                UnOp::RcpApprox => 1.0 / x,
                UnOp::Ex2 => x.exp2(),
                UnOp::Lg2 => x.log2(),
                UnOp::Sin => x.sin(),
                UnOp::Cos => x.cos(),
                UnOp::Tanh => f64::from(x).tanh() as f32,
                _ => return un(op, Ty::U(4), false, a),
            };
            // Even `neg` and `abs` of a NaN give the canonical NaN on the GPU.
            canon32(if ftz { ftz32(r) } else { r })
        }
        Ty::F64 => {
            let x = f64v(a);
            let r = match op {
                UnOp::Neg => -x,
                UnOp::Abs => x.abs(),
                // `rcp.approx.ftz.f64` and `rsqrt.approx{.ftz}.f64`, as the GPU computes them.
                UnOp::RcpApprox if approx_math() == ApproxMath::Gpu => approx::rcp64(x),
                UnOp::Rsqrt if approx_math() == ApproxMath::Gpu => approx::rsqrt64(x, ftz),
                UnOp::Sqrt | UnOp::SqrtApprox => x.sqrt(),
                UnOp::Rsqrt => 1.0 / x.sqrt(),
                UnOp::Rcp | UnOp::RcpApprox => 1.0 / x,
                UnOp::Ex2 => x.exp2(),
                UnOp::Lg2 => x.log2(),
                UnOp::Sin => x.sin(),
                UnOp::Cos => x.cos(),
                UnOp::Tanh => x.tanh(),
                _ => return un(op, Ty::U(8), false, a),
            };
            r.to_bits()
        }
        _ => {
            let bits = ty.bits();
            let v = a & width_mask(bits);
            let r = match op {
                UnOp::Neg => v.wrapping_neg(),
                UnOp::Abs => sext(v, bits).unsigned_abs(),
                UnOp::Not => !v,
                UnOp::Popc => v.count_ones() as u64,
                UnOp::Clz => (v.leading_zeros() - (64 - bits)) as u64,
                UnOp::Brev => v.reverse_bits() >> (64 - bits),
                _ => v,
            };
            r & width_mask(bits)
        }
    }
}

#[inline]
pub(super) fn bool_op(op: BoolOp, a: bool, b: bool) -> bool {
    match op {
        BoolOp::And => a && b,
        BoolOp::Or => a || b,
        BoolOp::Xor => a ^ b,
    }
}

/// A binary operation (`Op::Bin`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_bin(w: &mut Warp, m: u32, op: &Bin) {
    let Bin {
        op,
        ty,
        mods,
        d,
        a,
        b,
    } = *op;
    let (mut ta, mut tb) = (MaybeUninit::uninit(), MaybeUninit::uninit());
    // All lanes active and the destination not an operand: computed in place.
    let direct = m == FULL && a != Src::Reg(d) && b != Src::Reg(d);
    let split = if direct {
        split_dst(&mut w.regs, d as usize)
    } else {
        None
    };
    if let Some((dst, lo, hi)) = split {
        let rows = (lo, hi, d as usize);
        if let (Some(av), Some(bv)) = (split_src(rows, a, &mut ta), split_src(rows, b, &mut tb)) {
            bin_rows(op, ty, mods, dst, av, bv);
            return;
        }
    }
    let mut out = [0u64; 32];
    let (av, bv) = (w.src_row(a, &mut ta), w.src_row(b, &mut tb));
    bin_rows(op, ty, mods, &mut out, av, bv);
    w.blend(d, m, &out);
}

/// A unary operation (`Op::Un`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_un(w: &mut Warp, m: u32, op: &Un) {
    let Un { op, ty, ftz, d, a } = *op;
    let av = w.row(a);
    let mut out = [0u64; 32];
    for (l, o) in out.iter_mut().enumerate() {
        *o = un(op, ty, ftz, av[l]);
    }
    w.blend(d, m, &out);
}

/// `mad`, `fma` and their wide and high forms (`Op::Mad`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_mad(w: &mut Warp, m: u32, op: &Mad) {
    let Mad {
        ty,
        mul,
        wide,
        mods,
        d,
        a,
        b,
        c,
    } = *op;
    let (mut ta, mut tb, mut tc) = (
        MaybeUninit::uninit(),
        MaybeUninit::uninit(),
        MaybeUninit::uninit(),
    );
    let kind = (ty, mul, wide, mods);
    let direct = m == FULL && ![a, b, c].contains(&Src::Reg(d));
    let split = if direct {
        split_dst(&mut w.regs, d as usize)
    } else {
        None
    };
    if let Some((dst, lo, hi)) = split {
        let rows = (lo, hi, d as usize);
        if let (Some(av), Some(bv), Some(cv)) = (
            split_src(rows, a, &mut ta),
            split_src(rows, b, &mut tb),
            split_src(rows, c, &mut tc),
        ) {
            mad_rows(kind, m, dst, av, bv, cv);
            return;
        }
    }
    let mut out = [0u64; 32];
    let (av, bv, cv) = (
        w.src_row(a, &mut ta),
        w.src_row(b, &mut tb),
        w.src_row(c, &mut tc),
    );
    mad_rows(kind, m, &mut out, av, bv, cv);
    w.blend(d, m, &out);
}

/// Predicate logic (`and`/`or`/`xor`/`not` on `.pred`, `Op::Logic`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_logic(w: &mut Warp, m: u32, op: &Logic) {
    let Logic { op, d, a, b } = *op;
    for l in lanes(m) {
        let (x, y) = (w.get(a, l) != 0, w.get(b, l) != 0);
        let v = match op {
            Some(op) => bool_op(op, x, y),
            None => !x,
        };
        w.set(d, l, v as u64);
    }
}

/// `add.cc`, `addc`, `sub.cc`, `subc`, `mad.cc`, `madc` (`Op::Carry`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_carry(w: &mut Warp, m: u32, op: &Carry) {
    let Carry {
        op,
        bits,
        signed,
        carry_in,
        carry_out,
        cf,
        d,
        a,
        b,
        c,
    } = *op;
    for l in lanes(m) {
        let flag = if carry_in { w.regs[cf as usize][l] } else { 0 };
        let (v, out) = exact::carry(
            op,
            bits as u32,
            signed,
            w.get(a, l),
            w.get(b, l),
            w.get(c, l),
            flag,
        );
        w.set(d, l, v);
        if carry_out {
            w.regs[cf as usize][l] = out;
        }
    }
}

/// Half-precision arithmetic, one value or a packed pair (`Op::Half`), in lanes `m`.
#[inline(always)]
pub(super) fn exec_half(w: &mut Warp, m: u32, op: &Half) {
    let Half {
        op,
        fmt,
        pair,
        mods,
        d,
        a,
        b,
        c,
    } = *op;
    for l in lanes(m) {
        let (x, y, z) = (w.get(a, l), w.get(b, l), w.get(c, l));
        let one = |s: u32| {
            let h = |v: u64| (v >> s) as u16;
            half::op(op, fmt, mods, h(x), h(y), h(z)) as u64
        };
        let v = if pair { one(0) | one(16) << 16 } else { one(0) };
        w.set(d, l, v);
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_rng::Rng;
    use super::{fma_f32, fma_f32_rows};

    fn check(x: f32, y: f32, z: f32) {
        let want = x.mul_add(y, z);
        let got = fma_f32(x, y, z);
        assert!(
            got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
            "fma({x:e}, {y:e}, {z:e}) = {got:e} ({:#x}), want {want:e} ({:#x})",
            got.to_bits(),
            want.to_bits()
        );
    }

    #[test]
    fn fma_f32_is_correctly_rounded() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..300_000 {
            // Sums of similar magnitude (cancellation), far apart (z lost in the product's
            // rounding), near overflow and in the subnormal range.
            for (ex, ey, ez) in [
                (0, 0, 0),
                (0, 0, -30),
                (0, 0, 30),
                (60, 60, 127),
                (-70, -70, -140),
            ] {
                let (x, y) = (rng.near(ex), rng.near(ey));
                check(x, y, rng.near(ez));
                // z = -round(x*y) plus a little: the exact residual decides the result.
                let p = x * y;
                check(x, y, -p);
                check(x, y, f32::from_bits((-p).to_bits().wrapping_add(1)));
            }
        }
        // Just below a halfway point: x*y = 2^-24 * (1 - 2^-2a), so x*y + z rounded to f64
        // lands exactly halfway between two f32 and a second rounding would pick the even
        // one; the exact value is below halfway.
        for a in 15..=23 {
            let x = 2f32.powi(-24) * (1.0 + 2f32.powi(-a));
            let y = 1.0 - 2f32.powi(-a);
            for z in [
                1.0 + f32::EPSILON,
                1.0 + 3.0 * f32::EPSILON,
                2.0 - f32::EPSILON,
            ] {
                check(x, y, z);
                check(-x, y, -z);
                check(x * 4.0, y, z * 4.0);
            }
        }
        for v in [
            0.0f32,
            -0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            f32::MAX,
            f32::MIN_POSITIVE,
            1e-45,
        ] {
            for u in [
                0.0f32,
                -0.0,
                1.0,
                -1.0,
                f32::INFINITY,
                f32::NAN,
                f32::MAX,
                1e-45,
            ] {
                check(v, u, v);
                check(u, v, -v);
                check(v, v, u);
            }
        }
    }

    #[test]
    fn fma_rows_agree_with_the_fused_multiply_add_in_every_lane() {
        // Whichever path this CPU takes (FMA instructions or the exact f64 emulation).
        let mut rng = Rng(42);
        for _ in 0..2_000 {
            let mut rows = [[0u64; 32]; 3];
            for row in rows.iter_mut() {
                for v in row.iter_mut() {
                    let e = (rng.next() % 40) as i32 - 20;
                    *v = rng.near(e).to_bits() as u64;
                }
            }
            let mut out = [0u64; 32];
            fma_f32_rows(&mut out, &rows[0], &rows[1], &rows[2]);
            for l in 0..32 {
                let f = |r: usize| f32::from_bits(rows[r][l] as u32);
                let want = f(0).mul_add(f(1), f(2));
                assert_eq!(out[l], want.to_bits() as u64, "lane {l}");
            }
        }
    }

    use super::{bin, finish32, min_max_f32, un};
    use crate::sim::engine::ir::{BinOp, FpMods, Ty, UnOp};

    const U32: Ty = Ty::U(4);
    const S32: Ty = Ty::S(4);
    const F32: Ty = Ty::F32;
    const NAN32: u64 = 0x7fff_ffff;

    fn f(x: f32) -> u64 {
        x.to_bits() as u64
    }

    #[test]
    fn integer_add_sub_mul_wrap_at_the_type_width() {
        assert_eq!(bin(BinOp::Add, U32, 0xffff_ffff, 1), 0);
        assert_eq!(bin(BinOp::Sub, U32, 0, 1), 0xffff_ffff);
        assert_eq!(bin(BinOp::Add, S32, 0x7fff_ffff, 1), 0x8000_0000);
        assert_eq!(bin(BinOp::Add, Ty::U(2), 0xffff, 1), 0);
        assert_eq!(bin(BinOp::MulLo, U32, 0x1_0000, 0x1_0000), 0);
        assert_eq!(
            bin(BinOp::MulHi, U32, 0xffff_ffff, 0xffff_ffff),
            0xffff_fffe
        );
        assert_eq!(bin(BinOp::MulHi, S32, 0xffff_ffff, 0xffff_ffff), 0);
        assert_eq!(
            bin(BinOp::MulWide, S32, 0xffff_ffff, 2),
            0xffff_ffff_ffff_fffe
        );
        assert_eq!(bin(BinOp::MulWide, Ty::U(2), 0xffff, 0xffff), 0xfffe_0001);
        assert_eq!(bin(BinOp::Mul24Lo, U32, 0xff_ffff, 0xff_ffff), 0xfe00_0001);
        assert_eq!(bin(BinOp::Mul24Hi, U32, 0xff_ffff, 0xff_ffff), 0xffff_fe00);
        assert_eq!(bin(BinOp::Mul24Lo, U32, 0x0100_0001, 2), 2);
    }

    #[test]
    fn integer_division_by_zero_and_overflow_do_not_trap() {
        assert_eq!(bin(BinOp::Div, U32, 7, 0), 0xffff_ffff);
        assert_eq!(bin(BinOp::Div, S32, 7, 0), 0xffff_ffff);
        assert_eq!(bin(BinOp::Rem, U32, 7, 0), 7);
        // INT_MIN / -1 wraps to INT_MIN with remainder 0.
        assert_eq!(bin(BinOp::Div, S32, 0x8000_0000, 0xffff_ffff), 0x8000_0000);
        assert_eq!(bin(BinOp::Rem, S32, 0x8000_0000, 0xffff_ffff), 0);
        assert_eq!(bin(BinOp::Div, Ty::S(8), 1 << 63, u64::MAX), 1 << 63);
        // Signed division truncates toward zero.
        assert_eq!(
            bin(BinOp::Div, S32, (-7i32) as u32 as u64, 2),
            (-3i32) as u32 as u64
        );
        assert_eq!(
            bin(BinOp::Rem, S32, (-7i32) as u32 as u64, 2),
            (-1i32) as u32 as u64
        );
    }

    #[test]
    fn shifts_past_the_width_give_zero_or_the_sign() {
        assert_eq!(bin(BinOp::Shl, U32, 1, 31), 0x8000_0000);
        assert_eq!(bin(BinOp::Shl, U32, 1, 32), 0);
        assert_eq!(bin(BinOp::Shl, U32, 1, 1000), 0);
        assert_eq!(bin(BinOp::Shl, Ty::U(2), 0x8001, 1), 2);
        assert_eq!(bin(BinOp::Shl, Ty::U(8), 1, 64), 0);
        assert_eq!(bin(BinOp::Shr, U32, 0x8000_0000, 32), 0);
        assert_eq!(bin(BinOp::Shr, S32, 0x8000_0000, 32), 0xffff_ffff);
        assert_eq!(bin(BinOp::Shr, S32, 0x8000_0000, 1000), 0xffff_ffff);
        assert_eq!(bin(BinOp::Shr, S32, 0x4000_0000, 40), 0);
        assert_eq!(bin(BinOp::Shr, Ty::S(8), 1 << 63, 64), u64::MAX);
    }

    #[test]
    fn integer_min_max_and_absdiff_respect_signedness() {
        assert_eq!(bin(BinOp::Min, S32, 0xffff_ffff, 1), 0xffff_ffff);
        assert_eq!(bin(BinOp::Min, U32, 0xffff_ffff, 1), 1);
        assert_eq!(bin(BinOp::Max, S32, 0x8000_0000, 0x7fff_ffff), 0x7fff_ffff);
        assert_eq!(bin(BinOp::Max, U32, 0x8000_0000, 0x7fff_ffff), 0x8000_0000);
        assert_eq!(
            bin(BinOp::AbsDiff, S32, 0x8000_0000, 0x7fff_ffff),
            0xffff_ffff
        );
        assert_eq!(bin(BinOp::AbsDiff, U32, 3, 5), 2);
    }

    #[test]
    fn f32_results_carry_the_canonical_nan() {
        let payload = 0x7fc0_1234u64;
        assert_eq!(bin(BinOp::Add, F32, payload, f(1.0)), NAN32);
        assert_eq!(bin(BinOp::Div, F32, f(0.0), f(0.0)), NAN32);
        assert_eq!(bin(BinOp::MulLo, F32, f(f32::INFINITY), f(0.0)), NAN32);
        // `copysign` is a bit operation: the NaN's payload stays, with the sign of `a`.
        assert_eq!(
            bin(BinOp::CopySign, F32, f(-1.0), payload),
            payload | 0x8000_0000
        );
        assert_eq!(bin(BinOp::Div, F32, f(1.0), f(-0.0)), f(f32::NEG_INFINITY));
    }

    #[test]
    fn f32_min_max_prefer_the_number() {
        assert_eq!(bin(BinOp::Min, F32, NAN32, f(2.0)), f(2.0));
        assert_eq!(bin(BinOp::Max, F32, f(2.0), NAN32), f(2.0));
        assert_eq!(bin(BinOp::Min, F32, NAN32, NAN32), NAN32);
        assert_eq!(bin(BinOp::Min, F32, f(-1.0), f(2.0)), f(-1.0));
        let nan = FpMods {
            nan: true,
            ..FpMods::default()
        };
        assert_eq!(min_max_f32(BinOp::Min, nan, NAN32, f(2.0)), NAN32);
        assert_eq!(min_max_f32(BinOp::Max, nan, f(1.0), f(2.0)), f(2.0));
        let xorsign = FpMods {
            xorsign: true,
            ..FpMods::default()
        };
        // min.xorsign.abs(-3, 2): the smaller magnitude, signed with the XOR of the signs.
        assert_eq!(min_max_f32(BinOp::Min, xorsign, f(-3.0), f(2.0)), f(-2.0));
        assert_eq!(min_max_f32(BinOp::Max, xorsign, f(-3.0), f(-2.0)), f(3.0));
    }

    #[test]
    fn finish32_saturates_and_flushes() {
        let sat = FpMods {
            sat: true,
            ..FpMods::default()
        };
        assert_eq!(finish32(f(1.5), sat), f(1.0));
        assert_eq!(finish32(f(-0.5), sat), f(0.0));
        assert_eq!(finish32(NAN32, sat), f(0.0));
        assert_eq!(finish32(f(-0.0), sat), 0, "-0 saturates to +0");
        let ftz = FpMods {
            ftz: true,
            ..FpMods::default()
        };
        assert_eq!(finish32(f(-1e-40), ftz), f(-0.0));
        assert_eq!(finish32(f(-1e-40), FpMods::default()), f(-1e-40));
        assert_eq!(finish32(0xffc0_0001, FpMods::default()), NAN32);
    }

    #[test]
    fn unary_integer_ops_stay_in_the_type_width() {
        assert_eq!(un(UnOp::Neg, S32, false, 0x8000_0000), 0x8000_0000);
        assert_eq!(un(UnOp::Abs, S32, false, 0x8000_0000), 0x8000_0000);
        assert_eq!(un(UnOp::Abs, S32, false, 0xffff_ffff), 1);
        assert_eq!(un(UnOp::Clz, U32, false, 0), 32);
        assert_eq!(un(UnOp::Clz, Ty::U(8), false, 1), 63);
        assert_eq!(un(UnOp::Popc, U32, false, 0xffff_ffff_ffff), 32);
        assert_eq!(un(UnOp::Brev, U32, false, 1), 0x8000_0000);
        assert_eq!(un(UnOp::Not, Ty::U(2), false, 0), 0xffff);
    }

    #[test]
    fn unary_f32_flushes_and_canonicalises() {
        let sub = f(1e-40);
        assert_eq!(un(UnOp::Neg, F32, true, sub), f(-0.0));
        assert_eq!(un(UnOp::Neg, F32, false, sub), f(-1e-40));
        assert_eq!(un(UnOp::Abs, F32, false, 0xffc0_0001), NAN32);
        assert_eq!(un(UnOp::Sqrt, F32, false, f(-1.0)), NAN32);
        assert_eq!(un(UnOp::Rcp, F32, false, f(0.0)), f(f32::INFINITY));
        assert_eq!(un(UnOp::Rcp, F32, false, f(-0.0)), f(f32::NEG_INFINITY));
        assert_eq!(un(UnOp::Rcp, F32, true, f(-1e-40)), f(f32::NEG_INFINITY));
    }
}
