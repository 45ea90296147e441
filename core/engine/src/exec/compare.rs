//! Comparisons and selections: `setp` (`Op::Setp`, a comparison into a predicate,
//! combined with another), `selp` and `slct` (a choice by a predicate or a sign) and
//! `testp` (a floating-point value's class). The scalar functions compute one lane as PTX
//! specifies; the `exec_*` functions apply them to a warp's lanes.

use super::arith::{bool_op, f32v, f64v, flush_bits, half_fmt, sext, width_mask};
use super::warp_state::{lanes, Warp};
use crate::sim::engine::half;
use crate::sim::engine::ir::*;
use std::mem::MaybeUninit;

#[inline(always)]
pub(super) fn setp(cmp: Cmp, ty: Ty, unordered: bool, a: u64, b: u64) -> bool {
    if let Some(fmt) = half_fmt(ty) {
        let (x, y) = (half::to_f64(a as u16, fmt), half::to_f64(b as u16, fmt));
        return setp(cmp, Ty::F64, unordered, x.to_bits(), y.to_bits());
    }
    match ty {
        Ty::F32 | Ty::F64 => {
            let (x, y) = if ty == Ty::F32 {
                (f32v(a) as f64, f32v(b) as f64)
            } else {
                (f64v(a), f64v(b))
            };
            let nan = x.is_nan() || y.is_nan();
            match cmp {
                Cmp::Num => !nan,
                Cmp::Nan => nan,
                _ if nan => unordered,
                Cmp::Eq => x == y,
                Cmp::Ne => x != y,
                Cmp::Lt => x < y,
                Cmp::Le => x <= y,
                Cmp::Gt => x > y,
                Cmp::Ge => x >= y,
            }
        }
        Ty::S(n) => {
            let (x, y) = (sext(a, n as u32 * 8), sext(b, n as u32 * 8));
            cmp_ord(cmp, x.cmp(&y))
        }
        _ => {
            let m = width_mask(ty.bits());
            cmp_ord(cmp, (a & m).cmp(&(b & m)))
        }
    }
}

#[inline]
pub(super) fn cmp_ord(cmp: Cmp, o: std::cmp::Ordering) -> bool {
    use std::cmp::Ordering::*;
    match cmp {
        Cmp::Eq => o == Equal,
        Cmp::Ne => o != Equal,
        Cmp::Lt => o == Less,
        Cmp::Le => o != Greater,
        Cmp::Gt => o == Greater,
        Cmp::Ge => o != Less,
        Cmp::Num => true,
        Cmp::Nan => false,
    }
}

/// `setp` (`Op::Setp`) in lanes `m`: the comparison, combined with a predicate when the
/// instruction says so, and its negation in the second destination.
#[inline(always)]
pub(super) fn exec_setp(w: &mut Warp, m: u32, op: &Setp) {
    let Setp {
        cmp,
        ty,
        unordered,
        ftz,
        p,
        pn,
        a,
        b,
        combine,
    } = *op;
    let (mut pt, mut pf) = ([0u64; 32], [0u64; 32]);
    let (mut ta, mut tb) = (MaybeUninit::uninit(), MaybeUninit::uninit());
    let (av, bv) = (w.src_row(a, &mut ta), w.src_row(b, &mut tb));
    let (fa, fb);
    let (av, bv) = match (ftz, ty) {
        (true, Ty::F32) => {
            fa = av.map(flush_bits);
            fb = bv.map(flush_bits);
            (&fa, &fb)
        }
        (true, Ty::F16 | Ty::BF16) => {
            let fmt = half_fmt(ty).unwrap_or(HalfFmt::F16);
            fa = av.map(|v| flush_half(v as u16, fmt) as u64);
            fb = bv.map(|v| flush_half(v as u16, fmt) as u64);
            (&fa, &fb)
        }
        _ => (av, bv),
    };
    let mut tq = MaybeUninit::uninit();
    let qv = combine.map(|(_, q, _)| w.src_row(q, &mut tq));
    for l in 0..32 {
        let t = setp(cmp, ty, unordered, av[l], bv[l]);
        let (t, f) = match (combine, &qv) {
            (Some((op, _, neg)), Some(q)) => {
                let qb = (q[l] != 0) != neg;
                (bool_op(op, t, qb), bool_op(op, !t, qb))
            }
            _ => (t, !t),
        };
        pt[l] = t as u64;
        pf[l] = f as u64;
    }
    w.blend(p, m, &pt);
    if let Some(pn) = pn {
        w.blend(pn, m, &pf);
    }
}

/// A half's bits with a subnormal value flushed to zero of its sign (`.ftz`).
#[inline]
fn flush_half(h: u16, fmt: HalfFmt) -> u16 {
    if fmt.is_subnormal(h) {
        h & 0x8000
    } else {
        h
    }
}

/// One half of a `setp`/`set` on a half pair: `a cmp b`, with `.ftz`, combined with the
/// predicate `q` (`combine`'s operation and negation) where there is one.
#[inline]
pub(super) fn half_compare(op: &HalfCmp, a: u16, b: u16, q: Option<bool>) -> bool {
    let (a, b) = if op.ftz {
        (flush_half(a, op.fmt), flush_half(b, op.fmt))
    } else {
        (a, b)
    };
    let ty = match op.fmt {
        HalfFmt::F16 => Ty::F16,
        HalfFmt::BF16 => Ty::BF16,
    };
    let t = setp(op.cmp, ty, op.unordered, a as u64, b as u64);
    match (op.combine, q) {
        (Some((bop, _, neg)), Some(q)) => bool_op(bop, t, q != neg),
        _ => t,
    }
}

/// `setp`/`set` on a half pair (`Op::HalfCmp`) in lanes `m`: `setp` writes the low half's
/// result to `d` and the high half's to `q`; `set` writes `yes` or 0 into each half of `d`.
pub(super) fn exec_half_cmp(w: &mut Warp, m: u32, op: &HalfCmp) {
    let mut out = [0u64; 32];
    let mut high = [0u64; 32];
    for l in lanes(m) {
        let (a, b) = (w.get(op.a, l), w.get(op.b, l));
        let q = op.combine.map(|(_, c, _)| w.get(c, l) != 0);
        let lo = half_compare(op, a as u16, b as u16, q);
        let hi = half_compare(op, (a >> 16) as u16, (b >> 16) as u16, q);
        match op.yes {
            Some(yes) => {
                let half = |t: bool| if t { yes as u64 } else { 0 };
                out[l] = half(lo) | half(hi) << 16;
            }
            None => {
                out[l] = lo as u64;
                high[l] = hi as u64;
            }
        }
    }
    w.blend(op.d, m, &out);
    if let (None, Some(q)) = (op.yes, op.q) {
        w.blend(q, m, &high);
    }
}

/// `slct` (`Op::Slct`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_slct(w: &mut Warp, m: u32, op: &Slct) {
    let Slct {
        cty,
        ftz,
        d,
        a,
        b,
        c,
    } = *op;
    for l in lanes(m) {
        let cv = w.get(c, l);
        let cv = if ftz && cty == Ty::F32 && f32v(cv).is_subnormal() {
            0
        } else {
            cv
        };
        let v = if setp(Cmp::Ge, cty, false, cv, 0) {
            w.get(a, l)
        } else {
            w.get(b, l)
        };
        w.set(d, l, v);
    }
}

/// `testp` (`Op::Testp`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_testp(w: &mut Warp, m: u32, op: &Testp) {
    let Testp { test, ty, p, a } = *op;
    let mut out = [0u64; 32];
    for l in lanes(m) {
        out[l] = testp(test, ty, w.get(a, l)) as u64;
    }
    w.blend(p, m, &out);
}

/// `testp`'s test on one value of type `ty` (`f32` or `f64`).
#[inline]
pub(super) fn testp(test: FpTest, ty: Ty, x: u64) -> bool {
    let x = if ty == Ty::F32 {
        f32v(x) as f64
    } else {
        f64v(x)
    };
    let sub = if ty == Ty::F32 {
        (x as f32).is_subnormal()
    } else {
        x.is_subnormal()
    };
    match test {
        FpTest::Finite => x.is_finite(),
        FpTest::Infinite => x.is_infinite(),
        FpTest::Number => !x.is_nan(),
        FpTest::NotANumber => x.is_nan(),
        // As the GPU answers: zero counts as normal.
        FpTest::Normal => x.is_finite() && !sub,
        FpTest::Subnormal => sub,
    }
}

/// `selp` (`Op::Selp`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_selp(w: &mut Warp, m: u32, op: &Selp) {
    let Selp { d, a, b, p } = *op;
    for l in lanes(m) {
        let v = if w.get(p, l) != 0 {
            w.get(a, l)
        } else {
            w.get(b, l)
        };
        w.set(d, l, v);
    }
}

#[cfg(test)]
mod tests {
    use super::super::arith::bool_op;
    use super::super::warp_state::empty_warp;
    use super::{exec_half_cmp, setp, testp};
    use crate::sim::engine::ir::{BoolOp, Cmp, FpTest, HalfCmp, HalfFmt, Src, Ty};

    const U32: Ty = Ty::U(4);
    const S32: Ty = Ty::S(4);
    const F32: Ty = Ty::F32;
    const NAN32: u64 = 0x7fff_ffff;

    fn f(x: f32) -> u64 {
        x.to_bits() as u64
    }

    #[test]
    fn setp_on_nan_is_false_unless_unordered() {
        for cmp in [Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge] {
            assert!(!setp(cmp, F32, false, NAN32, f(1.0)), "{cmp:?}");
            assert!(setp(cmp, F32, true, NAN32, f(1.0)), "{cmp:?}");
        }
        assert!(setp(Cmp::Nan, F32, false, f(1.0), NAN32));
        assert!(!setp(Cmp::Num, F32, false, f(1.0), NAN32));
        assert!(setp(Cmp::Eq, F32, false, f(0.0), f(-0.0)));
        assert!(setp(Cmp::Lt, S32, false, 0xffff_ffff, 0));
        assert!(!setp(Cmp::Lt, U32, false, 0xffff_ffff, 0));
        // Only the type's bits are compared.
        assert!(setp(Cmp::Eq, U32, false, 0x1_0000_0005, 5));
        // f16: 0x7e00 is a NaN, 0x3c00 is 1.0, 0x4000 is 2.0.
        assert!(!setp(Cmp::Eq, Ty::F16, false, 0x7e00, 0x7e00));
        assert!(setp(Cmp::Lt, Ty::F16, false, 0x3c00, 0x4000));
        assert!(bool_op(BoolOp::Xor, true, false));
        assert!(!bool_op(BoolOp::And, true, false));
    }

    #[test]
    fn testp_classifies_as_the_gpu_does() {
        // Zero counts as normal.
        assert!(testp(FpTest::Normal, F32, f(0.0)));
        assert!(testp(FpTest::Subnormal, F32, f(1e-40)));
        assert!(!testp(FpTest::Normal, F32, f(1e-40)));
        assert!(testp(FpTest::Infinite, Ty::F64, f64::INFINITY.to_bits()));
        assert!(testp(FpTest::NotANumber, F32, NAN32));
        assert!(!testp(FpTest::Finite, F32, NAN32));
        assert!(testp(FpTest::Number, Ty::F64, 1f64.to_bits()));
    }

    /// A `set.cmp.yes.f16x2` (or `bf16x2`) of the pairs `a` and `b` in lane 0.
    fn set_pair(cmp: Cmp, unordered: bool, fmt: HalfFmt, ftz: bool, a: u32, b: u32) -> u32 {
        let mut w = empty_warp();
        w.regs = vec![[0u64; 32]; 3];
        let op = HalfCmp {
            cmp,
            unordered,
            fmt,
            ftz,
            yes: Some(0x3c00),
            d: 0,
            q: None,
            a: Src::Imm(a as u64),
            b: Src::Imm(b as u64),
            combine: None,
        };
        exec_half_cmp(&mut w, 1, &op);
        w.regs[0][0] as u32
    }

    #[test]
    fn each_half_of_a_pair_is_compared_on_its_own() {
        const ONE: u32 = 0x3c00;
        let f16 = HalfFmt::F16;
        // (1.0, 2.0) < (2.0, 1.0): true in the low half, false in the high one.
        let pair = |lo: u16, hi: u16| (hi as u32) << 16 | lo as u32;
        let (a, b) = (pair(0x3c00, 0x4000), pair(0x4000, 0x3c00));
        assert_eq!(set_pair(Cmp::Lt, false, f16, false, a, b), ONE);
        assert_eq!(set_pair(Cmp::Gt, false, f16, false, a, b), ONE << 16);
        // NaN (0x7e00): false unless unordered; -0 equals +0; infinities order.
        let nan = pair(0x7e00, 0x7c00);
        let other = pair(0x3c00, 0x7c00);
        assert_eq!(set_pair(Cmp::Eq, false, f16, false, nan, other), ONE << 16);
        assert_eq!(
            set_pair(Cmp::Eq, true, f16, false, nan, other),
            ONE | ONE << 16
        );
        assert_eq!(set_pair(Cmp::Nan, false, f16, false, nan, other), ONE);
        assert_eq!(set_pair(Cmp::Num, false, f16, false, nan, other), ONE << 16);
        assert_eq!(
            set_pair(
                Cmp::Eq,
                false,
                f16,
                false,
                pair(0x8000, 0xfc00),
                pair(0, 0x7c00)
            ),
            ONE
        );
        // A subnormal (0x0001) is above zero, unless `.ftz` flushes it.
        let (sub, zero) = (pair(0x0001, 0x8001), pair(0, 0));
        assert_eq!(set_pair(Cmp::Gt, false, f16, false, sub, zero), ONE);
        assert_eq!(set_pair(Cmp::Lt, false, f16, false, sub, zero), ONE << 16);
        assert_eq!(
            set_pair(Cmp::Eq, false, f16, true, sub, zero),
            ONE | ONE << 16
        );
        // bf16: 0x3f80 is 1.0, 0x4000 is 2.0, 0x7fc0 a NaN.
        let bf = HalfFmt::BF16;
        let (a, b) = (pair(0x3f80, 0x7fc0), pair(0x4000, 0x3f80));
        assert_eq!(set_pair(Cmp::Le, false, bf, false, a, b), ONE);
        assert_eq!(set_pair(Cmp::Le, true, bf, false, a, b), ONE | ONE << 16);
    }

    #[test]
    fn setp_on_a_pair_writes_both_predicates_combined() {
        let mut w = empty_warp();
        w.regs = vec![[0u64; 32]; 3];
        w.regs[2] = [1; 32];
        let op = HalfCmp {
            cmp: Cmp::Lt,
            unordered: false,
            fmt: HalfFmt::F16,
            ftz: false,
            yes: None,
            d: 0,
            q: Some(1),
            a: Src::Imm(0x4000_3c00),
            b: Src::Imm(0x3c00_4000),
            combine: Some((BoolOp::Xor, Src::Reg(2), false)),
        };
        exec_half_cmp(&mut w, 1, &op);
        // Low: 1 < 2 is true, xor 1: false; high: 2 < 1 false, xor 1: true.
        assert_eq!((w.regs[0][0], w.regs[1][0]), (0, 1));
    }
}
