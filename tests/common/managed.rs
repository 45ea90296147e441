//! Unified memory (`ManagedBuffer`), the same checks on the simulator (`tests/sim/managed.rs`)
//! and on a GPU (`tests/gpu/managed.rs`). Each takes a context of the backend under test.

#![allow(dead_code)]

use cuda_library::{
    launch, Advice, Attach, Context, Error, LaunchConfig, Library, LibraryOptions, Location,
};

/// `vector_add(const float* a, const float* b, float* c, int n)`: `c[i] = a[i] + b[i]`, the
/// first kernel of every course (NVRTC's PTX of the usual CUDA C, written out so no compiler
/// is needed).
pub const VECTOR_ADD: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry vector_add(.param .u64 a, .param .u64 b, .param .u64 c, .param .u32 n) {
    .reg .pred %p<2>;
    .reg .f32 %f<4>;
    .reg .b32 %r<6>;
    .reg .b64 %rd<11>;
    ld.param.u64 %rd1, [a];
    ld.param.u64 %rd2, [b];
    ld.param.u64 %rd3, [c];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.x;
    mad.lo.s32 %r5, %r2, %r3, %r4;
    setp.ge.u32 %p1, %r5, %r1;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd4, %rd1;
    cvta.to.global.u64 %rd5, %rd2;
    cvta.to.global.u64 %rd6, %rd3;
    mul.wide.u32 %rd7, %r5, 4;
    add.s64 %rd8, %rd4, %rd7;
    add.s64 %rd9, %rd5, %rd7;
    add.s64 %rd10, %rd6, %rd7;
    ld.global.f32 %f1, [%rd8];
    ld.global.f32 %f2, [%rd9];
    add.f32 %f3, %f1, %f2;
    st.global.f32 [%rd10], %f3;
DONE:
    ret;
}

// `spin(u32* out, u32 iters)`: one thread steps a linear congruential generator `iters`
// times from 1 and stores the result (a kernel that runs as long as asked and whose answer
// the host can check).
.visible .entry spin(.param .u64 out, .param .u32 iters) {
    .reg .pred %p<2>;
    .reg .b32 %r<5>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [out];
    ld.param.u32 %r1, [iters];
    mov.u32 %r2, 0;
    mov.u32 %r3, 1;
LOOP:
    setp.ge.u32 %p1, %r2, %r1;
    @%p1 bra DONE;
    mad.lo.u32 %r3, %r3, 1664525, 1013904223;
    add.u32 %r2, %r2, 1;
    bra.uni LOOP;
DONE:
    cvta.to.global.u64 %rd2, %rd1;
    st.global.u32 [%rd2], %r3;
    ret;
}
"#;

/// What `spin` stores after `iters` steps.
pub fn spin_result(iters: u32) -> u32 {
    (0..iters).fold(1u32, |x, _| {
        x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223)
    })
}

fn library() -> Library {
    Library::load_data(VECTOR_ADD.as_bytes(), &LibraryOptions::default()).unwrap()
}

/// The first CUDA program as courses write it: three managed arrays, filled by the host,
/// added by a kernel, read by the host after a synchronize, with no copies.
pub fn the_first_cuda_program(ctx: &Context) {
    let lib = library();
    let add = lib.get_kernel("vector_add").unwrap();
    let n = 1usize << 20;
    let mut a = ctx.alloc_managed::<f32>(n).unwrap();
    let mut b = ctx.alloc_managed::<f32>(n).unwrap();
    let c = ctx.alloc_managed::<f32>(n).unwrap();
    a.host_mut().unwrap().fill(1.0);
    for (i, v) in b.host_mut().unwrap().iter_mut().enumerate() {
        *v = i as f32;
    }
    let stream = ctx.create_stream().unwrap();
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);
    launch!(add, &stream, &cfg, a, b, c, n as u32).unwrap();
    c.synchronize().unwrap();
    let got = c.host().unwrap();
    assert!(got.iter().enumerate().all(|(i, &v)| v == 1.0 + i as f32));
}

/// A launch that takes a buffer while the host views it is refused, and allowed once the
/// view is gone; the buffer's contents are untouched by the refused launch.
pub fn a_launch_is_refused_while_the_host_views_the_buffer(ctx: &Context) {
    let lib = library();
    let add = lib.get_kernel("vector_add").unwrap();
    let stream = ctx.create_stream().unwrap();
    let a = ctx.alloc_managed::<f32>(64).unwrap();
    a.copy_from(&[2.0; 64]).unwrap();
    let cfg = LaunchConfig::for_num_elems(64, 64);
    let view = a.host().unwrap();
    let e = launch!(add, &stream, &cfg, a, a, a, 64u32).unwrap_err();
    assert!(matches!(e, Error::ManagedInUse { .. }), "{e:?}");
    assert!(e.to_string().contains("view"), "{e}");
    assert!(
        e.hint().unwrap().contains("drop host views"),
        "{:?}",
        e.hint()
    );
    assert_eq!(view[0], 2.0);
    drop(view);
    launch!(add, &stream, &cfg, a, a, a, 64u32).unwrap();
    a.synchronize().unwrap();
    assert_eq!(a.to_vec().unwrap(), vec![4.0; 64]);
}

/// Zero elements, a size past the address space, `Attach::Single` at allocation, a copy of
/// the wrong length and a location naming a device that does not exist are errors that say
/// so, and the buffer stays usable after them.
pub fn bad_input_is_refused(ctx: &Context) {
    let e = ctx.alloc_managed::<f32>(0).unwrap_err();
    assert!(e.to_string().contains("0 elements"), "{e}");
    let e = ctx.alloc_managed::<[u8; 16]>(usize::MAX / 8).unwrap_err();
    assert!(e.to_string().contains("overflow"), "{e}");
    let e = ctx
        .alloc_managed_with::<u8>(16, Attach::Single)
        .unwrap_err();
    assert!(e.to_string().contains("ManagedBuffer::attach"), "{e}");
    let buf = ctx.alloc_managed::<u32>(4).unwrap();
    assert!(matches!(
        buf.copy_from(&[1, 2, 3]),
        Err(Error::SizeMismatch { .. })
    ));
    let stream = ctx.create_stream().unwrap();
    let e = buf.prefetch(Location::Device(1000), &stream).unwrap_err();
    assert!(
        matches!(e, Error::InvalidDevice { ordinal: 1000, .. }),
        "{e:?}"
    );
    let e = buf
        .advise(Advice::SetPreferredLocation(Location::Device(1000)))
        .unwrap_err();
    assert!(matches!(e, Error::InvalidDevice { .. }), "{e:?}");
    buf.copy_from(&[1, 2, 3, 4]).unwrap();
    assert_eq!(buf.to_vec().unwrap(), vec![1, 2, 3, 4]);
}

/// A managed buffer passed where the kernel takes 4 bytes is an argument-size error (its
/// argument is an 8-byte address), as a device buffer's is.
pub fn the_argument_check_takes_it_as_a_pointer(ctx: &Context) {
    let lib = library();
    let spin = lib.get_kernel("spin").unwrap();
    let stream = ctx.create_stream().unwrap();
    let out = ctx.alloc_managed::<u32>(1).unwrap();
    let cfg = LaunchConfig::new(1, 1);
    let e = launch!(spin, &stream, &cfg, out, out).unwrap_err();
    assert!(
        matches!(
            e,
            Error::ArgumentSize {
                index: 1,
                expected: 4,
                got: 8,
                ..
            }
        ),
        "{e:?}"
    );
    // The refused launch left no trace: host views are allowed.
    assert!(out.host().is_ok());
    launch!(spin, &stream, &cfg, out, 1000u32).unwrap();
    out.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), vec![spin_result(1000)]);
}

/// Prefetch to the device and back, advice and attachment to a stream keep the data and
/// the kernel's results.
pub fn prefetch_advice_and_attachment_keep_the_data(ctx: &Context) {
    let lib = library();
    let add = lib.get_kernel("vector_add").unwrap();
    let stream = ctx.create_stream().unwrap();
    let n = 1usize << 16;
    let table = ctx.alloc_managed::<f32>(n).unwrap();
    let data: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
    table.copy_from(&data).unwrap();
    table.advise(Advice::SetReadMostly).unwrap();
    table
        .advise(Advice::SetAccessedBy(Location::Device(
            ctx.device_ordinal(),
        )))
        .unwrap();
    let out = ctx.alloc_managed_with::<f32>(n, Attach::Host).unwrap();
    out.attach(&stream, Attach::Single).unwrap();
    assert_eq!(out.attachment(), Attach::Single);
    out.advise(Advice::SetPreferredLocation(Location::Device(
        ctx.device_ordinal(),
    )))
    .unwrap();
    let dev = Location::Device(ctx.device_ordinal());
    table.prefetch(dev, &stream).unwrap();
    out.prefetch(dev, &stream).unwrap();
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);
    launch!(add, &stream, &cfg, table, table, out, n as u32).unwrap();
    out.prefetch(Location::Host, &stream).unwrap();
    stream.synchronize().unwrap();
    let got = out.to_vec().unwrap();
    assert!(got.iter().zip(&data).all(|(g, d)| *g == 2.0 * d));
    for advice in [
        Advice::UnsetReadMostly,
        Advice::UnsetPreferredLocation,
        Advice::UnsetAccessedBy(dev),
    ] {
        table.advise(advice).unwrap();
    }
    out.attach(&stream, Attach::Global).unwrap();
    assert_eq!(table.to_vec().unwrap(), data);
}

/// A buffer keeps its context alive: with every other handle of the context dropped, the
/// buffer still reads, writes and frees (use after the context's handles are gone).
pub fn a_buffer_outlives_its_context_handle(ctx: Context) {
    let buf = ctx.alloc_managed::<u64>(3).unwrap();
    let again = buf.context();
    drop(ctx);
    drop(again);
    buf.copy_from(&[7, 8, 9]).unwrap();
    assert_eq!(buf.to_vec().unwrap(), vec![7, 8, 9]);
    drop(buf);
}
