//! The approximate functions against answers recorded on an H100 and an H200
//! (`gpu_answers.txt`), and their special values.

use super::*;
#[cfg(feature = "gpu-math")]
use crate::sim::engine::half::{self, HalfFmt, HalfMods, HalfOp};

/// The instruction of a fixture line, applied to its operands' bits; `None` for the
/// functions without a recorded table (measured in the engine guide instead).
#[cfg(feature = "gpu-math")]
fn eval(name: &str, ops: &[u32]) -> Option<u32> {
    let f = |i: usize| f32::from_bits(ops[i]);
    let r = match name {
        "rcp.approx.ftz.f32" => rcp(f(0), true),
        "rsqrt.approx.ftz.f32" => rsqrt(f(0), true),
        "ex2.approx.ftz.f32" => ex2(f(0), true),
        "sqrt.approx.ftz.f32" => sqrt(f(0), true),
        "div.approx.f32" => div_approx(f(0), f(1), false),
        "div.approx.ftz.f32" => div_approx(f(0), f(1), true),
        "div.full.f32" => div_full(f(0), f(1), false),
        "div.full.ftz.f32" => div_full(f(0), f(1), true),
        "lg2.approx.ftz.f32" => lg2(f(0), true),
        "sin.approx.ftz.f32" => sin(f(0)),
        "cos.approx.ftz.f32" => cos(f(0)),
        "tanh.approx.f32" => tanh(f(0)),
        "ex2.approx.f16" | "ex2.approx.ftz.bf16" | "tanh.approx.f16" | "tanh.approx.bf16" => {
            let fmt = if name.ends_with("f16") && !name.ends_with("bf16") {
                HalfFmt::F16
            } else {
                HalfFmt::BF16
            };
            let op = if name.starts_with("ex2") {
                HalfOp::Ex2
            } else {
                HalfOp::Tanh
            };
            let ftz = name.contains("ftz");
            let mods = HalfMods {
                ftz,
                ..HalfMods::default()
            };
            return Some(u32::from(half::op(op, fmt, mods, ops[0] as u16, 0, 0)));
        }
        _ => return None,
    };
    Some(canon(r))
}

/// The GPU's bits for a result: one NaN.
fn canon(x: f32) -> u32 {
    if x.is_nan() {
        0x7fff_ffff
    } else {
        x.to_bits()
    }
}

#[test]
#[cfg(feature = "gpu-math")]
fn recorded_gpu_answers() {
    let (mut checked, mut wrong) = (0, Vec::new());
    for line in include_str!("gpu_answers.txt").lines() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace();
        let name = words.next().unwrap_or_default();
        let bits: Vec<u32> = words
            .map(|w| u32::from_str_radix(w, 16).unwrap_or(0))
            .collect();
        let (ops, want) = bits.split_at(bits.len() - 1);
        if let Some(got) = eval(name, ops) {
            checked += 1;
            if got != want[0] {
                wrong.push(format!("{line}: got {got:08x}"));
            }
        }
    }
    assert!(checked >= 3700, "{checked}");
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

#[test]
fn special_values() {
    let (inf, nan) = (f32::INFINITY, 0x7fff_ffffu32);
    let sub = f32::from_bits(1);
    for ftz in [true, false] {
        assert_eq!(canon(rcp(0.0, ftz)), inf.to_bits());
        assert_eq!(canon(rcp(-0.0, ftz)), (-inf).to_bits());
        assert_eq!(canon(rcp(inf, ftz)), 0);
        assert_eq!(canon(rcp(f32::NAN, ftz)), nan);
        assert_eq!(canon(rsqrt(-1.0, ftz)), nan);
        assert_eq!(canon(rsqrt(inf, ftz)), 0);
        assert_eq!(canon(rsqrt(-0.0, ftz)), (-inf).to_bits());
        assert_eq!(canon(ex2(-inf, ftz)), 0);
        assert_eq!(canon(ex2(inf, ftz)), inf.to_bits());
        assert_eq!(canon(ex2(0.0, ftz)), 1.0f32.to_bits());
        assert_eq!(canon(lg2(0.0, ftz)), (-inf).to_bits());
        assert_eq!(canon(lg2(-1.0, ftz)), nan);
        assert_eq!(canon(sqrt(-0.0, ftz)), (-0.0f32).to_bits());
    }
    // Subnormals: flushed with .ftz, kept in range without.
    assert_eq!(rcp(sub, true), inf);
    assert_eq!(rcp(sub, false), inf); // 2^149 overflows either way
    assert_eq!(rcp(f32::from_bits(0x0040_0000), false), 8.507_059e37 * 2.0);
    assert_eq!(rsqrt(sub, true), inf);
    assert!(rsqrt(sub, false).is_finite());
    assert_eq!(lg2(sub, true), -inf);
    assert_eq!(lg2(sub, false), -149.0);
    assert_eq!(ex2(-127.0, true), 0.0);
    // Without .ftz, the square of MUFU.EX2(x/2): near 2^-127, not exactly it (as on the GPU).
    let r = ex2(-127.0, false);
    assert!(
        r.is_subnormal() && r.to_bits().abs_diff(0x0040_0000) <= 2,
        "{r:e}"
    );
    // Exact powers of two stay exact.
    assert_eq!(rcp(4.0, true), 0.25);
    assert_eq!(rsqrt(4.0, true), 0.5);
    assert_eq!(ex2(-3.0, true), 0.125);
    assert_eq!(ex2(10.0, true), 1024.0);
}

#[test]
fn tanh_special_values() {
    let nan = 0x7fff_ffffu32;
    assert_eq!(canon(tanh(f32::NAN)), nan);
    assert_eq!(canon(tanh(-f32::NAN)), nan);
    assert_eq!(tanh(f32::INFINITY), 1.0);
    assert_eq!(tanh(f32::NEG_INFINITY), -1.0);
    assert_eq!(tanh(0.0).to_bits(), 0);
    assert_eq!(tanh(-0.0).to_bits(), 0x8000_0000);
    // Below 2^-8 the GPU answers the operand itself, subnormals included.
    for bits in [
        1u32,
        0x8000_0001,
        0x007f_ffff,
        0x3a00_0000,
        0x3b7f_ffff,
        0xbb7f_ffff,
    ] {
        assert_eq!(tanh(f32::from_bits(bits)).to_bits(), bits);
    }
    // From 8 on, +-1; just below, not yet.
    assert_eq!(tanh(8.0), 1.0);
    assert_eq!(tanh(-8.0), -1.0);
    assert_eq!(tanh(1e30), 1.0);
    #[cfg(feature = "gpu-math")]
    assert_eq!(tanh(f32::from_bits(0x40ff_ffff)).to_bits(), 0x3f7f_fffc);
    // Odd: the sign of the operand on the magnitude's answer.
    for bits in [0x3c00_1234u32, 0x3f12_3456, 0x4012_3456, 0x40a1_2345] {
        let x = f32::from_bits(bits);
        assert_eq!(tanh(-x).to_bits(), tanh(x).to_bits() | 0x8000_0000);
    }
}

#[test]
#[cfg(feature = "gpu-math")]
fn half_tanh_is_the_f32_answer_cut_toward_zero() {
    let mods = HalfMods::default();
    // tanh(0.5): the GPU's f32 answer 0.46211..., cut to f16 0.46191 (to nearest: 0.46216).
    assert_eq!(
        half::op(HalfOp::Tanh, HalfFmt::F16, mods, 0x3800, 0, 0),
        0x3764
    );
    // bf16 keeps the f32 answer's top half.
    let x = f32::from_bits(0x3f00_0000);
    let want = (tanh(x).to_bits() >> 16) as u16;
    assert_eq!(
        half::op(HalfOp::Tanh, HalfFmt::BF16, mods, 0x3f00, 0, 0),
        want
    );
    // A NaN gives the canonical NaN; infinities +-1.
    assert_eq!(
        half::op(HalfOp::Tanh, HalfFmt::F16, mods, 0x7e00, 0, 0),
        0x7fff
    );
    assert_eq!(
        half::op(HalfOp::Tanh, HalfFmt::F16, mods, 0xfc00, 0, 0),
        0xbc00
    );
}

#[test]
#[cfg(feature = "gpu-math")]
fn sin_cos_special_values() {
    let nan = 0x7fff_ffffu32;
    for x in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        assert_eq!(canon(sin(x)), nan);
        assert_eq!(canon(cos(x)), nan);
    }
    assert_eq!(sin(0.0).to_bits(), 0);
    assert_eq!(sin(-0.0).to_bits(), 0x8000_0000);
    assert_eq!(sin(-f32::from_bits(1)).to_bits(), 0x8000_0000);
    assert_eq!(cos(0.0), 1.0);
    assert_eq!(cos(-0.0), 1.0);
    // Below one step of the unit's 2^-25 turns, sin is 0; cos already just under 1 a few
    // steps on (where the rounded value is still 1).
    assert_eq!(sin(1e-8), 0.0);
    assert_eq!(cos(f32::from_bits(0x3640_0000)).to_bits(), 0x3f7f_ffff);
    // A whole number of turns: exactly 0 and 1.
    assert_eq!(sin(1e20), 0.0);
    assert_eq!(cos(1e20), 1.0);
}

#[test]
#[cfg(feature = "gpu-math")]
fn f64_forms_match_recorded_answers() {
    // (x, rcp.approx.ftz.f64, rsqrt.approx.f64, rsqrt.approx.ftz.f64) as an H200 answered
    // (record_mufu.cu's f64.bin): normal, negative, subnormal and NaN operands.
    for [x, rcp, rsqrt, rsqrt_ftz] in [
        [
            0x3800000040822041u64,
            0x47e0000000000000,
            0x43e6a09e38e1fc37,
            0x43e6a09e00000000,
        ],
        [
            0x100041060c011441,
            0x6fdf7ffc00000000,
            0x57e6732e2e677692,
            0x57e6732e00000000,
        ],
        [
            0xc31e842f6e862629,
            0xbcc0c72400000000,
            0xfff8000000000000,
            0x7fffffff00000000,
        ],
        [
            0xf554f503555d8025,
            0x8a886e4e00000000,
            0xfff8000000000000,
            0x7fffffff00000000,
        ],
        [
            0x8007cdf54db6af6a,
            0xfff0000000000000,
            0xfff8000000000000,
            0xfff0000000000000,
        ],
        [
            0x0008f9c5db47e7ec,
            0x7ff0000000000000,
            0x5fe55cba86e90ebb,
            0x7ff0000000000000,
        ],
        [
            0x7ff9afaaac2bc96c,
            0x7fffffff00000000,
            0x7ff9afaaac2bc96c,
            0x7fffffff00000000,
        ],
    ] {
        let v = f64::from_bits(x);
        assert_eq!(rcp64(v).to_bits(), rcp, "rcp {x:016x}");
        assert_eq!(rsqrt64(v, false).to_bits(), rsqrt, "rsqrt {x:016x}");
        assert_eq!(rsqrt64(v, true).to_bits(), rsqrt_ftz, "rsqrt.ftz {x:016x}");
    }
    assert_eq!(rcp64(f64::INFINITY), 0.0);
    assert_eq!(rsqrt64(f64::INFINITY, false), 0.0);
    assert_eq!(rcp64(4.0), 0.25);
}

#[test]
fn angles_turn_into_revolutions_rounded_toward_zero() {
    assert_eq!(revolutions(0.0), 0.0);
    let r = revolutions(1.0);
    assert!(f64::from(r) <= f64::from(0.159_154_94f32));
    assert_eq!(revolutions(-1.0), -r);
    assert!(revolutions(f32::MAX) <= f32::MAX * 0.159_154_94);
}
