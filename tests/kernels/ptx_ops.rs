//! PTX integer and selection instructions NVRTC rarely emits but hand-written PTX uses:
//! `mul24`, `mad24`, `sad`, `slct` and `testp`. One thread per input pair; each writes
//! `OUTPUTS` 32-bit results. `expected` computes them from the PTX ISA's definitions; the
//! simulator test (`tests/sim_ptx_ops.rs`) and the GPU test (`tests/gpu_library.rs`) both
//! check against it, so the GPU is the judge of the definitions.

/// Results per thread.
pub const OUTPUTS: usize = 12;

/// The kernel `extras(out, inp)`: `inp` holds two u32 per thread, `out` `OUTPUTS` u32.
pub const PTX: &str = r#".version 8.0
.target sm_80
.address_size 64

.visible .entry extras(.param .u64 out, .param .u64 inp)
{
    .reg .pred %p<8>;
    .reg .b32 %r<24>;
    .reg .f32 %f<2>;
    .reg .b64 %rd<8>;
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
    mul.wide.u32 %rd5, %r1, 48;
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
    ret;
}
"#;

/// Input pairs: small, negative, 24-bit limits, bits above 24, and float patterns in `a`
/// (zero, minus zero, NaN, subnormals, infinities, normals).
pub const INPUTS: [(u32, u32); 14] = [
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
];

fn s24(v: u32) -> i64 {
    (((v << 8) as i32) >> 8) as i64
}

/// The results the PTX ISA defines for one input pair.
pub fn expected(a: u32, b: u32) -> [u32; OUTPUTS] {
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
    ]
}

/// Loads [`PTX`] on the current backend, runs `extras` over [`INPUTS`] in `ctx` and asserts
/// every result equals [`expected`], listing all rows that differ.
pub fn run_and_check(ctx: &cuda_library::Context) {
    use cuda_library::{launch, LaunchConfig, Library, LibraryOptions};
    let lib = Library::load_data(PTX.as_bytes(), &LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("extras").unwrap();
    let inp: Vec<u32> = INPUTS.iter().flat_map(|&(a, b)| [a, b]).collect();
    let n = INPUTS.len();
    let inp = ctx.htod(&inp).unwrap();
    let out = ctx.alloc_zeroed::<u32>(n * OUTPUTS).unwrap();
    let stream = ctx.create_stream().unwrap();
    launch!(k, &stream, &LaunchConfig::new(1, n as u32), out, inp).unwrap();
    stream.synchronize().unwrap();
    let got = out.to_vec().unwrap();
    assert_eq!(got.len(), n * OUTPUTS);
    let bad = mismatches(&got);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
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
/// order the GPU happens to apply them in.
pub const ATOMICS_PTX: &str = r#".version 8.0
.target sm_80
.address_size 64

.visible .entry float_atomics(.param .u64 out)
{
    .shared .align 8 .f64 total;
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
    bar.sync 0;
    add.u32 %r2, %r1, 1;
    cvt.rn.f64.u32 %fd1, %r2;
    mul.f64 %fd2, %fd1, 0d3FD0000000000000;
    atom.global.add.f64 %fd3, [%rd1], %fd2;
    atom.shared.add.f64 %fd4, [total], %fd2;
    red.global.add.f32 [%rd1+8], 0f3FC00000;
    bar.sync 0;
    @%p1 ld.shared.f64 %fd5, [total];
    @%p1 st.global.f64 [%rd1+16], %fd5;
    ret;
}
"#;

/// Runs [`ATOMICS_PTX`] with 64 threads and checks the three totals.
pub fn run_float_atomics(ctx: &cuda_library::Context) {
    use cuda_library::{launch, LaunchConfig, Library, LibraryOptions};
    let lib = Library::load_data(ATOMICS_PTX.as_bytes(), &LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("float_atomics").unwrap();
    let out = ctx.alloc_zeroed::<u64>(3).unwrap();
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
}
