//! cudarc interop on a GPU (the `cudarc` feature): cudarc's slices as kernel arguments of a
//! `Library` kernel, contexts and streams converted both ways without copies, drops in
//! either order without a double free, and arguments checked as usual. Skipped, with the
//! reason printed, without a GPU (`CUDA_LIBRARY_REQUIRE_GPU=1` fails instead).

use crate::common::gpu;

use cuda_library::{interop, Context, Device, Error, Library, Stream};
use cudarc::driver::CudaContext;

const KERNELS_PTX: &[u8] = include_bytes!("../fixtures/kernels.ptx");

gpu_tests![cudarc_memory_contexts_and_streams];

pub fn cudarc_memory_contexts_and_streams() {
    let ours = gpu::context();
    let cu = CudaContext::new(0).unwrap();
    let cu_stream = cu.new_stream().unwrap();

    // The same primary context on both sides.
    let ctx = Context::from_cudarc(&cu).unwrap();
    assert_eq!(ctx.as_raw(), cu.cu_ctx().cast());
    assert_eq!(ctx.as_raw(), ours.as_raw());
    assert_eq!(ours.to_cudarc().unwrap().cu_ctx(), cu.cu_ctx());
    // A context of its own cannot become cudarc's (it would be destroyed twice).
    let own = Context::new(&Device::new(0).unwrap()).unwrap();
    assert!(matches!(own.to_cudarc(), Err(Error::Unsupported(_))));
    ctx.set_current().unwrap();

    // cudarc memory as arguments, launched on cudarc's stream through this crate.
    let lib = Library::load_data(KERNELS_PTX, &Default::default()).unwrap();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let stream = Stream::from_cudarc(&cu_stream).unwrap();
    assert_eq!(stream.as_raw(), cu_stream.cu_stream().cast());
    let n = 10_000usize;
    let xs: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let x = cu_stream.clone_htod(&xs).unwrap();
    let mut y = cu_stream.clone_htod(&vec![1.0f32; n]).unwrap();
    {
        let xa = interop::arg(&x, &cu_stream);
        let ya = interop::arg_mut(&mut y, &cu_stream);
        saxpy
            .launcher(&stream)
            .grid(n.div_ceil(256) as u32)
            .block(256)
            .arg(&2.0f32)
            .arg(&xa)
            .arg(&ya)
            .arg(&(n as i32))
            .launch()
            .unwrap();
    }
    let got = cu_stream.clone_dtoh(&y).unwrap();
    assert!(got
        .iter()
        .enumerate()
        .all(|(i, &v)| v == 2.0 * i as f32 + 1.0));

    // A slice where a float belongs is the usual size error, before anything runs.
    let xa = interop::arg(&x, &cu_stream);
    let err = saxpy
        .launcher(&stream)
        .grid(1)
        .block(32)
        .arg(&xa)
        .arg(&xa)
        .arg(&xa)
        .arg(&(n as i32))
        .launch()
        .unwrap_err();
    assert!(matches!(err, Error::ArgumentSize { index: 0, .. }), "{err}");
    drop(xa);

    // This crate's stream lent to cudarc: cudarc copies on it; dropping cudarc's wrapper
    // leaves the stream alive, and dropping ours after it destroys it once.
    let own_stream = ours.create_stream().unwrap();
    // SAFETY: own_stream outlives the wrapper (dropped first below); same context.
    let lent = unsafe { own_stream.to_cudarc(&cu) }.unwrap();
    let z = lent.clone_htod(&[7u32, 8, 9]).unwrap();
    assert_eq!(lent.clone_dtoh(&z).unwrap(), vec![7, 8, 9]);
    drop(z);
    drop(lent);
    own_stream.synchronize().unwrap();
    drop(own_stream);

    // cudarc's per-thread default stream is a special handle (0x2) that runs in whatever
    // context is current, so a launch on it must make its own context current first. With
    // another context current, the launch runs in cudarc's (primary) context and leaves it
    // current: the kernel's CUfunction is then the primary context's.
    let per_thread = Stream::from_cudarc(&cu.per_thread_stream()).unwrap();
    let out = ctx.alloc_zeroed::<f32>(1).unwrap();
    let args5 = lib.get_kernel("args5").unwrap();
    ctx.set_current().unwrap();
    let in_primary = args5.function().unwrap();
    let other = Context::new(&Device::new(0).unwrap()).unwrap();
    assert_ne!(args5.function().unwrap(), in_primary);
    cuda_library::launch!(
        args5,
        &per_thread,
        &cuda_library::LaunchConfig::new(1, 1),
        -1i32,
        2.0f32,
        3.0f64,
        out,
        5i64
    )
    .unwrap();
    assert_eq!(args5.function().unwrap(), in_primary);
    per_thread.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), vec![10.0]);
    drop((per_thread, other));
    ctx.set_current().unwrap();

    // Drops in the other order: cudarc's stream and context first, ours still work.
    drop(x);
    drop(y);
    drop(cu_stream);
    drop(cu);
    stream.synchronize().unwrap();
    drop(stream);
    let s = ctx.create_stream().unwrap();
    let buf = ctx.htod(&[1.0f32; 64]).unwrap();
    saxpy
        .launcher(&s)
        .grid(1)
        .block(64)
        .arg(&1.0f32)
        .arg(&buf)
        .arg(&buf)
        .arg(&64i32)
        .launch()
        .unwrap();
    assert_eq!(buf.to_vec().unwrap(), vec![2.0; 64]);
}
