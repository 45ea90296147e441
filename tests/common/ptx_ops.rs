//! PTX integer and selection instructions NVRTC rarely emits but hand-written PTX uses:
//! `mul24`, `mad24`, `sad`, `slct` and `testp`; and the `f32` modifiers fast-math code
//! carries (`.ftz`, `.sat`), directed rounding (`.rm`, `.rp`, `.rz`) and NaN results; funnel
//! shifts (`shf`, what nvcc -O3 makes of rotates) and directed integer-to-float conversions
//! (`__int2float_rd`, `__uint2float_ru`, ...); `prmt` in each of its modes; `min`/`max` with
//! `.NaN` and `.xorsign.abs` (`__fminf_nan`-style and `fminf` of magnitudes). One thread per input pair; each writes
//! `OUTPUTS` 32-bit results. `expected` computes them from the PTX ISA's definitions; the
//! simulator test (`tests/sim/ptx_ops.rs`) and the GPU test (`tests/gpu/library.rs`) both
//! check against it, so the GPU is the judge of the definitions.

/// Results per thread.
pub const OUTPUTS: usize = 47;

/// The kernel `extras(out, inp)`: `inp` holds two u32 per thread, `out` `OUTPUTS` u32.
/// Targets sm_86: `min`/`max.xorsign.abs` need it (the driver's JIT refuses the module for sm_80).
pub const PTX: &str = r#".version 8.0
.target sm_86
.address_size 64

.visible .entry extras(.param .u64 out, .param .u64 inp)
{
    .reg .pred %p<10>;
    .reg .b32 %r<40>;
    .reg .b32 %s<8>;
    .reg .f32 %f<24>;
    .reg .b64 %rd<8>;
    .reg .f64 %fd<4>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [inp];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd3, %r1, 8;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r2, [%rd4];
    ld.global.u32 %r3, [%rd4+4];
    mul24.lo.s32 %r4, %r2, %r3;
    mul24.hi.s32 %r5, %r2, %r3;
    mul24.lo.u32 %r6, %r2, %r3;
    mul24.hi.u32 %r7, %r2, %r3;
    mad24.lo.s32 %r8, %r2, %r3, 7;
    mad24.hi.u32 %r9, %r2, %r3, 7;
    sad.s32 %r10, %r2, %r3, 100;
    sad.u32 %r11, %r2, %r3, 100;
    slct.s32.s32 %r12, 1, 2, %r2;
    mov.b32 %f1, %r2;
    slct.u32.f32 %r13, 1, 2, %f1;
    slct.ftz.u32.f32 %r14, 1, 2, %f1;
    testp.finite.f32 %p1, %f1;
    testp.infinite.f32 %p2, %f1;
    testp.number.f32 %p3, %f1;
    testp.notanumber.f32 %p4, %f1;
    testp.normal.f32 %p5, %f1;
    testp.subnormal.f32 %p6, %f1;
    selp.u32 %r15, 1, 0, %p1;
    selp.u32 %r16, 2, 0, %p2;
    selp.u32 %r17, 4, 0, %p3;
    selp.u32 %r18, 8, 0, %p4;
    selp.u32 %r19, 16, 0, %p5;
    selp.u32 %r20, 32, 0, %p6;
    or.b32 %r15, %r15, %r16;
    or.b32 %r15, %r15, %r17;
    or.b32 %r15, %r15, %r18;
    or.b32 %r15, %r15, %r19;
    or.b32 %r15, %r15, %r20;
    mov.b32 %f2, %r3;
    add.f32 %f3, %f1, %f2;
    add.ftz.f32 %f4, %f1, %f2;
    mul.ftz.f32 %f5, %f1, %f2;
    fma.rn.ftz.f32 %f6, %f1, %f2, %f1;
    setp.lt.ftz.f32 %p7, %f1, %f2;
    setp.lt.f32 %p8, %f1, %f2;
    selp.u32 %r21, 1, 0, %p7;
    selp.u32 %r22, 2, 0, %p8;
    or.b32 %r21, %r21, %r22;
    add.sat.s32 %r23, %r2, %r3;
    add.sat.f32 %f7, %f1, %f2;
    min.ftz.f32 %f8, %f1, %f2;
    div.rn.f32 %f9, %f1, %f2;
    sqrt.rn.f32 %f10, %f1;
    cvt.f64.f32 %fd1, %f1;
    add.f64 %fd2, %fd1, %fd1;
    mov.b64 {%r24, %r25}, %fd2;
    mov.b64 {%r26, %r27}, %fd1;
    neg.f32 %f11, %f1;
    abs.f32 %f12, %f1;
    fma.rm.f32 %f13, %f1, %f2, %f1;
    fma.rp.f32 %f14, %f1, %f2, %f1;
    add.rz.f32 %f15, %f1, %f2;
    mul.rp.f32 %f16, %f1, %f2;
    shf.l.wrap.b32 %s1, %r2, %r3, %r3;
    shf.r.wrap.b32 %s2, %r2, %r3, %r3;
    shf.l.clamp.b32 %s3, %r2, %r3, %r3;
    shf.r.clamp.b32 %s4, %r2, %r3, %r3;
    cvt.rm.f32.s32 %f17, %r2;
    cvt.rp.f32.u32 %f18, %r2;
    cvt.rz.f32.s32 %f19, %r3;
    prmt.b32.f4e %r28, %r2, %r3, %r3;
    prmt.b32.b4e %r29, %r2, %r3, %r3;
    prmt.b32.rc8 %r30, %r2, %r3, %r3;
    prmt.b32.ecl %r31, %r2, %r3, %r3;
    prmt.b32.ecr %r32, %r2, %r3, %r3;
    prmt.b32.rc16 %r33, %r2, %r3, %r3;
    min.NaN.f32 %f20, %f1, %f2;
    max.NaN.f32 %f21, %f1, %f2;
    min.xorsign.abs.f32 %f22, %f1, %f2;
    max.xorsign.abs.f32 %f23, %f1, %f2;
    mul.wide.u32 %rd5, %r1, 188;
    add.s64 %rd6, %rd1, %rd5;
    st.global.u32 [%rd6], %r4;
    st.global.u32 [%rd6+4], %r5;
    st.global.u32 [%rd6+8], %r6;
    st.global.u32 [%rd6+12], %r7;
    st.global.u32 [%rd6+16], %r8;
    st.global.u32 [%rd6+20], %r9;
    st.global.u32 [%rd6+24], %r10;
    st.global.u32 [%rd6+28], %r11;
    st.global.u32 [%rd6+32], %r12;
    st.global.u32 [%rd6+36], %r13;
    st.global.u32 [%rd6+40], %r14;
    st.global.u32 [%rd6+44], %r15;
    st.global.f32 [%rd6+48], %f3;
    st.global.f32 [%rd6+52], %f4;
    st.global.f32 [%rd6+56], %f5;
    st.global.f32 [%rd6+60], %f6;
    st.global.u32 [%rd6+64], %r21;
    st.global.u32 [%rd6+68], %r23;
    st.global.f32 [%rd6+72], %f7;
    st.global.f32 [%rd6+76], %f8;
    st.global.f32 [%rd6+80], %f9;
    st.global.f32 [%rd6+84], %f10;
    st.global.u32 [%rd6+88], %r25;
    st.global.u32 [%rd6+92], %r27;
    st.global.f32 [%rd6+96], %f11;
    st.global.f32 [%rd6+100], %f12;
    st.global.f32 [%rd6+104], %f13;
    st.global.f32 [%rd6+108], %f14;
    st.global.f32 [%rd6+112], %f15;
    st.global.f32 [%rd6+116], %f16;
    st.global.u32 [%rd6+120], %s1;
    st.global.u32 [%rd6+124], %s2;
    st.global.u32 [%rd6+128], %s3;
    st.global.u32 [%rd6+132], %s4;
    st.global.f32 [%rd6+136], %f17;
    st.global.f32 [%rd6+140], %f18;
    st.global.f32 [%rd6+144], %f19;
    st.global.u32 [%rd6+148], %r28;
    st.global.u32 [%rd6+152], %r29;
    st.global.u32 [%rd6+156], %r30;
    st.global.u32 [%rd6+160], %r31;
    st.global.u32 [%rd6+164], %r32;
    st.global.u32 [%rd6+168], %r33;
    st.global.f32 [%rd6+172], %f20;
    st.global.f32 [%rd6+176], %f21;
    st.global.f32 [%rd6+180], %f22;
    st.global.f32 [%rd6+184], %f23;
    ret;
}
"#;

/// Input pairs: small, negative, 24-bit limits, bits above 24, and float patterns in `a`
/// (zero, minus zero, NaN, subnormals, infinities, normals).
pub const INPUTS: [(u32, u32); 21] = [
    (3, 5),
    ((-3i32) as u32, 5),
    (0x00ff_ffff, 0x00ff_ffff),
    (0x0080_0000, 0x0080_0000),
    (0x0100_0002, 3),
    (0x8000_0000, 7),
    (0x7fc0_0000, 1),
    (0x0000_0001, 2),
    (0x8000_0001, 2),
    (0x7f80_0000, 9),
    (0xff80_0000, 9),
    (0x3f80_0000, 0xffff_fff0),
    (0xbf80_0000, 0x0000_0010),
    (0, 0),
    // f32 pairs for the modifiers: a subnormal sum, normals, overflow, a NaN with a payload,
    // a subnormal times two, and integer saturation both ways.
    (0x0080_0000, 0x8070_0000),
    (0x3f80_0000, 0x3f80_0000),
    (0x7f7f_ffff, 0x7f7f_ffff),
    (0x7fc0_0001, 0x3f80_0000),
    (0x0040_0000, 0x4000_0000),
    (0x7fff_ffff, 1),
    (0x8000_0000, 0xffff_ffff),
];

fn s24(v: u32) -> i64 {
    (((v << 8) as i32) >> 8) as i64
}

/// `.ftz`: a subnormal becomes zero of its sign.
fn flush(x: f32) -> f32 {
    if x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

/// An `f32` result's bits, NaN as the GPU's canonical NaN.
fn canon(x: f32) -> u32 {
    if x.is_nan() {
        0x7fff_ffff
    } else {
        x.to_bits()
    }
}

/// `.sat`: clamped to [0, 1], NaN to 0.
fn sat(x: f32) -> u32 {
    if x.is_nan() {
        0
    } else {
        x.clamp(0.0, 1.0).to_bits()
    }
}

/// `min.f32`: a NaN operand yields the other, two give the canonical NaN; -0 below +0.
fn fmin(x: f32, y: f32) -> u32 {
    match (x.is_nan(), y.is_nan()) {
        (true, true) => 0x7fff_ffff,
        (true, false) => y.to_bits(),
        (false, true) => x.to_bits(),
        _ if x == y => x.to_bits() | y.to_bits(),
        _ => x.min(y).to_bits(),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Dir {
    Down,
    Up,
    Zero,
}

/// `p + z` (two doubles, `p` an exact product of two floats) rounded to `f32` in direction
/// `dir`. The exact sum is `s + err` (a two-sum), so the two `f32` values around it are found
/// by comparing with `s` first and `err` on a tie.
fn directed(p: f64, z: f64, dir: Dir) -> u32 {
    let s = p + z;
    if !s.is_finite() {
        return canon(s as f32);
    }
    let bb = s - p;
    let err = (p - (s - bb)) + (z - bb);
    let n = s as f32;
    // Where n lies against the exact value.
    let ord = (n as f64)
        .partial_cmp(&s)
        .unwrap_or(std::cmp::Ordering::Equal)
        .then(0f64.partial_cmp(&err).unwrap_or(std::cmp::Ordering::Equal));
    let next = |x: f32, up: bool| -> f32 {
        if x == 0.0 {
            f32::from_bits(1) * if up { 1.0 } else { -1.0 }
        } else if (x > 0.0) == up {
            f32::from_bits(x.to_bits() + 1)
        } else {
            f32::from_bits(x.to_bits() - 1)
        }
    };
    use std::cmp::Ordering::*;
    let (lo, hi) = match ord {
        Equal => (n, n),
        Less => (n, next(n, true)),
        Greater => (next(n, false), n),
    };
    let r = match dir {
        Dir::Down => lo,
        Dir::Up => hi,
        Dir::Zero if s > 0.0 || (s == 0.0 && err > 0.0) => lo,
        Dir::Zero => hi,
    };
    canon(r)
}

/// The results the PTX ISA defines for one input pair.
pub fn expected(a: u32, b: u32) -> [u32; OUTPUTS] {
    let g = f32::from_bits(b);
    let sp = s24(a) * s24(b); // 48-bit signed product
    let up = ((a & 0xff_ffff) as u64) * ((b & 0xff_ffff) as u64);
    let f = f32::from_bits(a);
    let sub = f.is_subnormal();
    let ge0 = |x: f32| !x.is_nan() && x >= 0.0;
    let tests = (f.is_finite() as u32)
        | (f.is_infinite() as u32) << 1
        | (!f.is_nan() as u32) << 2
        | (f.is_nan() as u32) << 3
        // The GPU counts zero as normal (H200, driver 580): normal = finite, not subnormal.
        | ((f.is_finite() && !sub) as u32) << 4
        | (sub as u32) << 5;
    [
        sp as u32,
        (sp >> 16) as u32,
        up as u32,
        (up >> 16) as u32,
        (sp as u32).wrapping_add(7),
        ((up >> 16) as u32).wrapping_add(7),
        100u32.wrapping_add((a as i32 as i64 - b as i32 as i64).unsigned_abs() as u32),
        100u32.wrapping_add(a.abs_diff(b)),
        if (a as i32) >= 0 { 1 } else { 2 },
        if ge0(f) { 1 } else { 2 },
        if ge0(if sub { 0.0 } else { f }) { 1 } else { 2 },
        tests,
        canon(f + g),
        canon(flush(flush(f) + flush(g))),
        canon(flush(flush(f) * flush(g))),
        canon(flush(flush(f).mul_add(flush(g), flush(f)))),
        (flush(f) < flush(g)) as u32 | ((f < g) as u32) << 1,
        (a as i32 as i64 + b as i32 as i64).clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32,
        sat(f + g),
        fmin(flush(f), flush(g)),
        canon(f / g),
        canon(f.sqrt()),
        // f64 arithmetic passes a NaN's payload on (unlike f32's, which canonicalises).
        if f.is_nan() {
            ((f as f64).to_bits() >> 32) as u32
        } else {
            ((f as f64 * 2.0).to_bits() >> 32) as u32
        },
        ((f as f64).to_bits() >> 32) as u32,
        canon(-f),
        canon(f.abs()),
        directed(f as f64 * g as f64, f as f64, Dir::Down),
        directed(f as f64 * g as f64, f as f64, Dir::Up),
        directed(f as f64, g as f64, Dir::Zero),
        // `p + -0.0` is `p`, keeping the sign of a zero product.
        directed(f as f64 * g as f64, -0.0, Dir::Up),
        funnel(a, b, true, b & 31),
        funnel(a, b, false, b & 31),
        funnel(a, b, true, b.min(32)),
        funnel(a, b, false, b.min(32)),
        // An integer is exact in f64, so rounding it to f32 once is the conversion.
        directed(a as i32 as f64, 0.0, Dir::Down),
        directed(a as f64, 0.0, Dir::Up),
        directed(b as i32 as f64, 0.0, Dir::Zero),
        prmt_mode(a, b, 0),
        prmt_mode(a, b, 1),
        prmt_mode(a, b, 2),
        prmt_mode(a, b, 3),
        prmt_mode(a, b, 4),
        prmt_mode(a, b, 5),
        if f.is_nan() || g.is_nan() {
            0x7fff_ffff
        } else {
            fmin(f, g)
        },
        if f.is_nan() || g.is_nan() {
            0x7fff_ffff
        } else {
            fmax(f, g)
        },
        xorsign(fmin(f.abs(), g.abs()), a ^ b),
        xorsign(fmax(f.abs(), g.abs()), a ^ b),
    ]
}

/// `max` as the GPU computes it: a NaN operand loses to a number, `+0` beats `-0`.
fn fmax(x: f32, y: f32) -> u32 {
    match (x.is_nan(), y.is_nan()) {
        (true, true) => 0x7fff_ffff,
        (true, false) => y.to_bits(),
        (false, true) => x.to_bits(),
        _ if x == y => x.to_bits() & y.to_bits(),
        _ => x.max(y).to_bits(),
    }
}

/// `.xorsign`: the result carries the XOR of the operands' signs (a NaN result stays).
fn xorsign(r: u32, signs: u32) -> u32 {
    if f32::from_bits(r).is_nan() {
        r
    } else {
        r | (signs & 0x8000_0000)
    }
}

/// `prmt.b32.<mode> d, a, b, b` as the PTX ISA's table gives it: for `b & 3`, the source
/// bytes of d.b3, d.b2, d.b1, d.b0 (bytes 0-3 of `a`, 4-7 of `b`), modes in the order
/// f4e, b4e, rc8, ecl, ecr, rc16.
fn prmt_mode(a: u32, b: u32, mode: usize) -> u32 {
    const TABLE: [[[u8; 4]; 4]; 6] = [
        [[3, 2, 1, 0], [4, 3, 2, 1], [5, 4, 3, 2], [6, 5, 4, 3]],
        [[5, 6, 7, 0], [6, 7, 0, 1], [7, 0, 1, 2], [0, 1, 2, 3]],
        [[0, 0, 0, 0], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]],
        [[3, 2, 1, 0], [3, 2, 1, 1], [3, 2, 2, 2], [3, 3, 3, 3]],
        [[0, 0, 0, 0], [1, 1, 1, 0], [2, 2, 1, 0], [3, 2, 1, 0]],
        [[1, 0, 1, 0], [3, 2, 3, 2], [1, 0, 1, 0], [3, 2, 3, 2]],
    ];
    let src = (b as u64) << 32 | a as u64;
    let row = TABLE[mode][(b & 3) as usize];
    row.iter().fold(0u32, |d, &byte| {
        d << 8 | ((src >> (8 * byte)) & 0xff) as u32
    })
}

/// `shf.l`/`shf.r` by `n` (0 to 32) of the 64-bit value whose high word is `b`: the high
/// word of the left shift, the low word of the right shift.
fn funnel(a: u32, b: u32, left: bool, n: u32) -> u32 {
    let x = (b as u64) << 32 | a as u64;
    if left {
        ((x << n) >> 32) as u32
    } else {
        (x >> n) as u32
    }
}

/// Loads [`PTX`] on the current backend, runs `extras` over [`INPUTS`] in `ctx` and asserts
/// every result equals [`expected`], listing all rows that differ.
pub fn run_and_check(ctx: &cuda_library::Context) {
    let inp: Vec<u32> = INPUTS.iter().flat_map(|&(a, b)| [a, b]).collect();
    let got = launch_rows(ctx, PTX, "extras", &inp, INPUTS.len(), OUTPUTS);
    let bad = mismatches(&got);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Loads `ptx` on the current backend and runs `kernel(out, inp)` in one block of `threads`
/// threads, each writing `outputs` 32-bit results; returns them, thread after thread.
pub fn launch_rows(
    ctx: &cuda_library::Context,
    ptx: &str,
    kernel: &str,
    inp: &[u32],
    threads: usize,
    outputs: usize,
) -> Vec<u32> {
    use cuda_library::{launch, LaunchConfig, Library, LibraryOptions};
    let lib = Library::load_data(ptx.as_bytes(), &LibraryOptions::default()).unwrap();
    let k = lib.get_kernel(kernel).unwrap();
    let inp = ctx.htod(inp).unwrap();
    let out = ctx.alloc_zeroed::<u32>(threads * outputs).unwrap();
    let stream = ctx.create_stream().unwrap();
    launch!(k, &stream, &LaunchConfig::new(1, threads as u32), out, inp).unwrap();
    stream.synchronize().unwrap();
    let got = out.to_vec().unwrap();
    assert_eq!(got.len(), threads * outputs);
    got
}

/// Every input pair whose results differ from [`expected`], with both rows (empty: all match).
fn mismatches(got: &[u32]) -> Vec<String> {
    INPUTS
        .iter()
        .enumerate()
        .filter_map(|(t, &(a, b))| {
            let row = got.get(t * OUTPUTS..(t + 1) * OUTPUTS)?;
            let want = expected(a, b);
            (row != want).then(|| format!("inputs {a:#x}, {b:#x}: got {row:?}, expected {want:?}"))
        })
        .collect()
}

/// Floating-point atomics in global and shared memory: `float_atomics(out)` with 64 threads
/// adds `(tid + 1) / 4` into an f64 in global memory (`atom`) and in shared memory, and `1.5`
/// into an f32 (`red`). Every partial sum is exact, so the totals do not depend on the
/// order the GPU happens to apply them in. Then f32 adds with subnormal operands: the
/// smallest subnormal into a zeroed f32 in global memory, which the GPU's
/// `ATOM.E.ADD.F32.FTZ.RN` flushes to zero (the total stays +0), and minus it into
/// `FLT_MIN` in shared memory, where an H100 keeps subnormals (64 steps down, exactly).
pub const ATOMICS_PTX: &str = r#".version 8.0
.target sm_80
.address_size 64

.visible .entry float_atomics(.param .u64 out)
{
    .shared .align 8 .f64 total;
    .shared .align 4 .f32 tiny;
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .f32 %f<2>;
    .reg .f64 %fd<6>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    setp.eq.u32 %p1, %r1, 0;
    mov.f64 %fd5, 0d0000000000000000;
    @%p1 st.shared.f64 [total], %fd5;
    @%p1 st.shared.b32 [tiny], 0x00800000;
    bar.sync 0;
    add.u32 %r2, %r1, 1;
    cvt.rn.f64.u32 %fd1, %r2;
    mul.f64 %fd2, %fd1, 0d3FD0000000000000;
    atom.global.add.f64 %fd3, [%rd1], %fd2;
    atom.shared.add.f64 %fd4, [total], %fd2;
    red.global.add.f32 [%rd1+8], 0f3FC00000;
    atom.global.add.f32 %f1, [%rd1+24], 0f00000001;
    red.shared.add.f32 [tiny], 0f80000001;
    bar.sync 0;
    @%p1 ld.shared.f64 %fd5, [total];
    @%p1 st.global.f64 [%rd1+16], %fd5;
    @%p1 ld.shared.b32 %r3, [tiny];
    @%p1 st.global.b32 [%rd1+32], %r3;
    ret;
}
"#;

/// Runs [`ATOMICS_PTX`] with 64 threads and checks the three totals.
pub fn run_float_atomics(ctx: &cuda_library::Context) {
    use cuda_library::{launch, LaunchConfig, Library, LibraryOptions};
    let lib = Library::load_data(ATOMICS_PTX.as_bytes(), &LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("float_atomics").unwrap();
    let out = ctx.alloc_zeroed::<u64>(5).unwrap();
    let stream = ctx.create_stream().unwrap();
    launch!(k, &stream, &LaunchConfig::new(1, 64), out).unwrap();
    stream.synchronize().unwrap();
    let got = out.to_vec().unwrap();
    let want = 0.25 * (64.0 * 65.0 / 2.0);
    assert_eq!(f64::from_bits(got[0]), want, "global f64 atom.add");
    assert_eq!(
        f32::from_bits(got[1] as u32),
        1.5 * 64.0,
        "global f32 red.add"
    );
    assert_eq!(f64::from_bits(got[2]), want, "shared f64 atom.add");
    assert_eq!(
        got[3], 0,
        "global f32 atom.add of subnormals: flushed to zero, so the total stays +0"
    );
    assert_eq!(
        got[4],
        0x0080_0000 - 64,
        "shared f32 red.add of a negative subnormal into FLT_MIN: not flushed, 64 steps down"
    );
}
