//! Half-precision arithmetic, comparisons and conversions (`.f16`, `.bf16` and their `x2`
//! pairs) as CUDA's `cuda_fp16.h`/`cuda_bf16.h` emit them. One thread per input word
//! `a | b << 16` (two halves; the same bits are read as f16 and as bf16, and the whole word as
//! an f32 and an s32 for conversions); each thread writes `OUTPUTS` words. `expected`
//! computes them with the `half` crate as an independent oracle; the simulator test
//! (`tests/sim/ptx_ops.rs`) and the GPU test (`tests/gpu/library.rs`) both check against it,
//! so the GPU is the judge of the definitions.

use half::{bf16, f16};

/// Results per thread.
pub const OUTPUTS: usize = 28;

/// The kernel `halves(out, inp)`: `inp` holds one u32 per thread, `out` `OUTPUTS` u32.
pub const PTX: &str = r#".version 8.0
.target sm_90
.address_size 64

.visible .entry halves(.param .u64 out, .param .u64 inp)
{
    .reg .pred %p<8>;
    .reg .b16 %h<40>;
    .reg .b32 %r<60>;
    .reg .f32 %f<8>;
    .reg .f64 %fd<4>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [inp];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r2, [%rd4];
    mov.b32 {%h1, %h2}, %r2;
    mov.b32 %f1, %r2;
    // f16
    add.f16 %h3, %h1, %h2;
    sub.f16 %h4, %h1, %h2;
    mul.f16 %h5, %h1, %h2;
    fma.rn.f16 %h6, %h1, %h2, %h1;
    min.f16 %h7, %h1, %h2;
    max.f16 %h8, %h1, %h2;
    neg.f16 %h9, %h1;
    abs.f16 %h10, %h1;
    add.sat.f16 %h11, %h1, %h2;
    add.ftz.f16 %h12, %h1, %h2;
    fma.rn.relu.f16 %h13, %h1, %h2, %h1;
    {
        .reg .pred p;
        setp.lt.f16 p, %h1, %h2;
        selp.u16 %h14, 1, 0, p;
    }
    setp.ge.f16 %p1, %h1, %h2;
    setp.equ.f16 %p2, %h1, %h2;
    setp.nan.f16 %p3, %h1, %h2;
    selp.u32 %r3, 2, 0, %p1;
    selp.u32 %r4, 4, 0, %p2;
    selp.u32 %r5, 8, 0, %p3;
    cvt.u32.u16 %r6, %h14;
    or.b32 %r6, %r6, %r3;
    or.b32 %r6, %r6, %r4;
    or.b32 %r6, %r6, %r5;
    cvt.f32.f16 %f2, %h1;
    mov.b32 %r7, %f2;
    cvt.rn.f16.f32 %h15, %f1;
    cvt.rz.f16.f32 %h16, %f1;
    cvt.rm.f16.f32 %h17, %f1;
    cvt.rp.f16.f32 %h18, %f1;
    cvt.rni.s32.f16 %r8, %h1;
    cvt.rn.f16.s32 %h19, %r2;
    add.f16x2 %r9, %r2, %r2;
    mov.b32 %r10, {%h2, %h1};
    fma.rn.f16x2 %r11, %r2, %r10, %r2;
    cvt.rn.f16x2.f32 %r12, %f1, %f2;
    // bf16
    add.bf16 %h20, %h1, %h2;
    sub.bf16 %h21, %h1, %h2;
    mul.bf16 %h22, %h1, %h2;
    fma.rn.bf16 %h23, %h1, %h2, %h1;
    min.bf16 %h24, %h1, %h2;
    max.bf16 %h25, %h1, %h2;
    neg.bf16 %h26, %h1;
    abs.bf16 %h27, %h1;
    cvt.f32.bf16 %f3, %h1;
    mov.b32 %r13, %f3;
    cvt.rn.bf16.f32 %h28, %f1;
    cvt.rz.bf16.f32 %h29, %f1;
    setp.lt.bf16 %p4, %h1, %h2;
    setp.neu.bf16 %p5, %h1, %h2;
    selp.u32 %r14, 1, 0, %p4;
    selp.u32 %r15, 2, 0, %p5;
    or.b32 %r14, %r14, %r15;
    fma.rn.bf16x2 %r16, %r2, %r10, %r2;
    cvt.rn.bf16x2.f32 %r17, %f1, %f3;
    cvt.rn.bf16.s32 %h30, %r2;
    cvt.f64.f16 %fd1, %h1;
    cvt.f64.bf16 %fd2, %h1;
    mov.b64 {%r34, %r35}, %fd1;
    mov.b64 {%r36, %r37}, %fd2;
    cvt.rn.relu.f16x2.f32 %r38, %f1, %f2;
    cvt.rni.f16.f16 %h31, %h1;
    cvt.rzi.f16.f16 %h32, %h1;
    mov.b32 %r39, {%h31, %h32};
    // out
    mul.wide.u32 %rd5, %r1, 112;
    add.s64 %rd6, %rd1, %rd5;
    mov.b32 %r20, {%h3, %h4};
    mov.b32 %r21, {%h5, %h6};
    mov.b32 %r22, {%h7, %h8};
    mov.b32 %r23, {%h9, %h10};
    mov.b32 %r24, {%h11, %h12};
    mov.b32 %r25, {%h13, %h19};
    mov.b32 %r26, {%h15, %h16};
    mov.b32 %r27, {%h17, %h18};
    mov.b32 %r28, {%h20, %h21};
    mov.b32 %r29, {%h22, %h23};
    mov.b32 %r30, {%h24, %h25};
    mov.b32 %r31, {%h26, %h27};
    mov.b32 %r32, {%h28, %h29};
    cvt.u32.u16 %r33, %h30;
    st.global.u32 [%rd6], %r20;
    st.global.u32 [%rd6+4], %r21;
    st.global.u32 [%rd6+8], %r22;
    st.global.u32 [%rd6+12], %r23;
    st.global.u32 [%rd6+16], %r24;
    st.global.u32 [%rd6+20], %r25;
    st.global.u32 [%rd6+24], %r6;
    st.global.u32 [%rd6+28], %r7;
    st.global.u32 [%rd6+32], %r26;
    st.global.u32 [%rd6+36], %r27;
    st.global.u32 [%rd6+40], %r8;
    st.global.u32 [%rd6+44], %r9;
    st.global.u32 [%rd6+48], %r11;
    st.global.u32 [%rd6+52], %r12;
    st.global.u32 [%rd6+56], %r28;
    st.global.u32 [%rd6+60], %r29;
    st.global.u32 [%rd6+64], %r30;
    st.global.u32 [%rd6+68], %r31;
    st.global.u32 [%rd6+72], %r13;
    st.global.u32 [%rd6+76], %r32;
    st.global.u32 [%rd6+80], %r14;
    st.global.u32 [%rd6+84], %r16;
    st.global.u32 [%rd6+88], %r17;
    st.global.u32 [%rd6+92], %r33;
    st.global.u32 [%rd6+96], %r35;
    st.global.u32 [%rd6+100], %r37;
    st.global.u32 [%rd6+104], %r38;
    st.global.u32 [%rd6+108], %r39;
    ret;
}
"#;

/// Input words `a | b << 16`: ones and near-ones (ties), overflow, subnormals, infinities,
/// NaN of both signs, signed zeros, thirds and pi, negatives, the subnormal/normal edge.
pub const INPUTS: [u32; 19] = [
    0x3c00_3c00, // 1, 1
    0x3c02_3c01, // 1 + ulp, 1 + 2 ulp
    0x7bff_7bff, // 65504, 65504 (f16 overflow)
    0x8001_0001, // smallest subnormals, +-
    0xfc00_7c00, // +inf, -inf
    0x3c00_7e00, // NaN, 1
    0x8000_0000, // +0, -0
    0x4248_3555, // ~1/3, ~pi
    0x3800_c500, // -5, 0.5
    0x0400_03ff, // largest subnormal, smallest normal
    0x3c01_7bff, // 65504, 1 + ulp
    0xabcd_1234, // arbitrary
    0xd640_5640, // 100, -100
    0x8001_3c00, // 1, -smallest subnormal
    0x7e00_fe00, // -NaN, NaN
    0x0400_4000, // 2, smallest normal
    0x4b80_0001, // f32 16777216.0 + 1 ulp-ish word; s32 large
    0x7f7f_ffff, // f32 max; bf16 max
    0x3c00_7fc1, // a NaN in both formats whose payload differs from the canonical one, 1
];

fn canon16(h: u16, is_nan: bool) -> u16 {
    if is_nan {
        0x7fff
    } else {
        h
    }
}

fn f16r(x: f64) -> u16 {
    let h = f16::from_f64(x);
    canon16(h.to_bits(), h.is_nan())
}

fn bf16r(x: f64) -> u16 {
    let h = bf16::from_f64(x);
    canon16(h.to_bits(), h.is_nan())
}

/// IEEE minNum/maxNum on bits: a NaN operand yields the other; -0 orders below +0.
fn minmax(a: u16, b: u16, x: f64, y: f64, min: bool) -> u16 {
    match (x.is_nan(), y.is_nan()) {
        (true, true) => 0x7fff,
        (true, false) => b,
        (false, true) => a,
        _ if x == y && a != b => {
            if min {
                a | b
            } else {
                a & b
            }
        }
        _ if (x < y) == min => a,
        _ => b,
    }
}

/// The neighbours of `x` in a 16-bit format, as (round to nearest, toward zero, down, up).
fn directed(x: f64, to: fn(f64) -> u16, back: fn(u16) -> f64) -> [u16; 4] {
    let rn = to(x);
    if x.is_nan() {
        return [0x7fff; 4];
    }
    let v = back(rn);
    if v == x {
        return [rn; 4];
    }
    // The other neighbour: one step away from rn toward x.
    let step = |h: u16, up: bool| -> u16 {
        let neg = h & 0x8000 != 0;
        match (h & 0x7fff == 0, up, neg) {
            (true, true, _) => 0x0001,
            (true, false, _) => 0x8001,
            (false, true, false) | (false, false, true) => h + 1,
            _ => h - 1,
        }
    };
    let other = step(rn, x > v);
    let (lo, hi) = if x > v { (rn, other) } else { (other, rn) };
    let rz = if x > 0.0 { lo } else { hi };
    [rn, rz, lo, hi]
}

fn f16v(h: u16) -> f64 {
    f16::from_bits(h).to_f64()
}
fn bf16v(h: u16) -> f64 {
    bf16::from_bits(h).to_f64()
}

fn pack(lo: u16, hi: u16) -> u32 {
    lo as u32 | (hi as u32) << 16
}

/// The results the PTX ISA defines for one input word.
pub fn expected(word: u32) -> [u32; OUTPUTS] {
    let (a, b) = (word as u16, (word >> 16) as u16);
    let w = f32::from_bits(word) as f64;
    // f16
    let (x, y) = (f16v(a), f16v(b));
    let fma = |p: f64, q: f64, r: f64, to: fn(f64) -> u16| to(p * q + r);
    let sub_to_zero = |h: u16| {
        if h & 0x7c00 == 0 {
            h & 0x8000
        } else {
            h
        }
    };
    let sat = |h: u16| {
        let v = f16v(h);
        if v.is_nan() || v <= 0.0 {
            0
        } else if v >= 1.0 {
            0x3c00
        } else {
            h
        }
    };
    let fa = |h: u16| f16v(sub_to_zero(h));
    let relu = |h: u16| {
        if h & 0x8000 != 0 && !f16::from_bits(h).is_nan() {
            0
        } else {
            h
        }
    };
    let nan = x.is_nan() || y.is_nan();
    let cmp =
        (x < y) as u32 | ((x >= y) as u32) << 1 | ((nan || x == y) as u32) << 2 | (nan as u32) << 3;
    let round_int = |v: f64| -> u32 {
        if v.is_nan() {
            0
        } else {
            v.round_ties_even().clamp(i32::MIN as f64, i32::MAX as f64) as i32 as u32
        }
    };
    let [rn, rz, rm, rp] = directed(w, f16r, f16v);
    let pair = |f: &dyn Fn(u16, u16) -> u16, p: u32, q: u32| -> u32 {
        pack(f(p as u16, q as u16), f((p >> 16) as u16, (q >> 16) as u16))
    };
    let swapped = pack(b, a);
    let f16_sum = |p: u16, q: u16| f16r(f16v(p) + f16v(q));
    let f16_fma = |p: u16, q: u16| fma(f16v(p), f16v(q), f16v(p), f16r);
    // bf16
    let (u, v) = (bf16v(a), bf16v(b));
    let bnan = u.is_nan() || v.is_nan();
    let bcmp = (u < v) as u32 | ((bnan || u != v) as u32) << 1;
    let bf16_fma = |p: u16, q: u16| fma(bf16v(p), bf16v(q), bf16v(p), bf16r);
    let [brn, brz, _, _] = directed(w, bf16r, bf16v);
    [
        pack(f16r(x + y), f16r(x - y)),
        pack(f16r(x * y), fma(x, y, x, f16r)),
        pack(minmax(a, b, x, y, true), minmax(a, b, x, y, false)),
        // The GPU answers NaN with its canonical NaN even for neg and abs.
        if x.is_nan() {
            0x7fff_7fff
        } else {
            pack(a ^ 0x8000, a & 0x7fff)
        },
        pack(sat(f16r(x + y)), sub_to_zero(f16r(fa(a) + fa(b)))),
        pack(relu(fma(x, y, x, f16r)), f16r(word as i32 as f64)),
        cmp,
        if x.is_nan() {
            0x7fff_ffff
        } else {
            (x as f32).to_bits()
        },
        pack(rn, rz),
        pack(rm, rp),
        round_int(x),
        pair(&f16_sum, word, word),
        pair(&f16_fma, word, swapped),
        pack(f16r(x), f16r(w)),
        pack(bf16r(u + v), bf16r(u - v)),
        pack(bf16r(u * v), fma(u, v, u, bf16r)),
        pack(minmax(a, b, u, v, true), minmax(a, b, u, v, false)),
        if u.is_nan() {
            0x7fff_7fff
        } else {
            pack(a ^ 0x8000, a & 0x7fff)
        },
        // Widening a bf16 keeps a NaN's payload (it is the top half of an f32); f16's
        // becomes the canonical NaN.
        (a as u32) << 16,
        pack(brn, brz),
        bcmp,
        pair(&bf16_fma, word, swapped),
        pack(bf16r(u), bf16r(w)),
        bf16r(word as i32 as f64) as u32,
        // ... but to f64 an f16 NaN keeps its sign and payload (quiet).
        if x.is_nan() {
            ((a as u32 & 0x8000) << 16) | 0x7ff8_0000 | ((a as u32 & 0x3ff) << 10)
        } else {
            (x.to_bits() >> 32) as u32
        },
        (f64::from(f32::from_bits((a as u32) << 16)).to_bits() >> 32) as u32,
        pack(relu(f16r(x)), relu(f16r(w))),
        pack(f16r(x.round_ties_even()), f16r(x.trunc())),
    ]
}

/// Loads [`PTX`] on the current backend, runs `halves` over [`INPUTS`] in `ctx` and asserts
/// every result equals [`expected`], listing all words that differ.
pub fn run_and_check(ctx: &cuda_library::Context) {
    let got = super::ptx_ops::launch_rows(ctx, PTX, "halves", &INPUTS, INPUTS.len(), OUTPUTS);
    let bad: Vec<String> = INPUTS
        .iter()
        .enumerate()
        .flat_map(|(t, &word)| {
            let row = &got[t * OUTPUTS..(t + 1) * OUTPUTS];
            let want = expected(word);
            (0..OUTPUTS)
                .filter(move |&i| row[i] != want[i])
                .map(move |i| {
                    format!(
                        "input {word:#010x} output {i}: got {:#010x}, expected {:#010x}",
                        row[i], want[i]
                    )
                })
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{} differences:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
