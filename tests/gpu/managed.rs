//! Unified memory on a GPU (`cuMemAllocManaged`, `cuMemPrefetchAsync` v2, `cuMemAdvise` v2,
//! `cuStreamAttachMemAsync`): the checks the simulator runs too (`tests/common/managed.rs`),
//! the rule against a kernel still running on its stream, and the cost of page faults
//! against a prefetch, printed for the cost model's guide.

use std::time::Instant;

use cuda_library::{launch, Error, LaunchConfig, Library, LibraryOptions, Location};

use crate::common::gpu;
use crate::common::managed::{self, spin_result, VECTOR_ADD};

gpu_tests![
    the_first_cuda_program,
    a_launch_is_refused_while_the_host_views_the_buffer,
    bad_input_is_refused,
    the_argument_check_takes_it_as_a_pointer,
    prefetch_advice_and_attachment_keep_the_data,
    a_buffer_outlives_its_context_handle,
    a_host_view_while_the_kernel_runs_is_refused,
    the_device_reports_concurrent_managed_access,
    faults_cost_more_than_a_prefetch,
];

fn the_first_cuda_program() {
    managed::the_first_cuda_program(&gpu::context());
}

fn a_launch_is_refused_while_the_host_views_the_buffer() {
    managed::a_launch_is_refused_while_the_host_views_the_buffer(&gpu::context());
}

fn bad_input_is_refused() {
    managed::bad_input_is_refused(&gpu::context());
}

fn the_argument_check_takes_it_as_a_pointer() {
    managed::the_argument_check_takes_it_as_a_pointer(&gpu::context());
}

fn prefetch_advice_and_attachment_keep_the_data() {
    managed::prefetch_advice_and_attachment_keep_the_data(&gpu::context());
}

fn a_buffer_outlives_its_context_handle() {
    let ctx = gpu::context();
    managed::a_buffer_outlives_its_context_handle(ctx.clone());
}

/// A host view asked for right after a long kernel that takes the buffer was queued is
/// refused (its stream is not idle), not a segfault or a stale read; after
/// `synchronize` it reads the kernel's result.
fn a_host_view_while_the_kernel_runs_is_refused() {
    let ctx = gpu::context();
    let lib = Library::load_data(VECTOR_ADD.as_bytes(), &LibraryOptions::default()).unwrap();
    let spin = lib.get_kernel("spin").unwrap();
    let stream = ctx.create_stream().unwrap();
    let out = ctx.alloc_managed::<u32>(1).unwrap();
    // About 0.2 s of dependent multiply-adds on one thread.
    let iters = 50_000_000u32;
    launch!(spin, &stream, &LaunchConfig::new(1, 1), out, iters).unwrap();
    let e = out.host().unwrap_err();
    assert!(matches!(e, Error::ManagedInUse { .. }), "{e:?}");
    assert!(e.to_string().contains("may still run"), "{e}");
    assert!(out.to_vec().is_err());
    out.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), vec![spin_result(iters)]);
}

/// What the rule's documentation says of the H100 and H200 under Linux: they report
/// concurrent managed access.
fn the_device_reports_concurrent_managed_access() {
    let ctx = gpu::context();
    let dev = cuda_library::Device::new(ctx.device_ordinal()).unwrap();
    let props = dev.properties().unwrap();
    assert!(props.managed_memory);
    let (major, _) = dev.compute_capability().unwrap();
    let concurrent = ctx.concurrent_managed_access().unwrap();
    println!(
        "device {} ({}, sm_{major}x): concurrent managed access {concurrent}",
        ctx.device_ordinal(),
        props.name
    );
    if major >= 9 && cfg!(target_os = "linux") {
        assert!(
            concurrent,
            "an H100 or H200 under Linux reports concurrent managed access"
        );
    }
}

/// The first kernel on host-written managed memory pays page faults; a prefetch first is
/// cheaper. Prints both, for the cost model's guide ("Unified memory").
fn faults_cost_more_than_a_prefetch() {
    let ctx = gpu::context();
    let lib = Library::load_data(VECTOR_ADD.as_bytes(), &LibraryOptions::default()).unwrap();
    let add = lib.get_kernel("vector_add").unwrap();
    let stream = ctx.create_stream().unwrap();
    let n = 1usize << 24; // 64 MiB of f32
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);
    // The kernel's first launch loads it: not part of either figure.
    let warm = ctx.alloc_managed::<f32>(256).unwrap();
    launch!(
        add,
        &stream,
        &LaunchConfig::new(1, 256),
        warm,
        warm,
        warm,
        256u32
    )
    .unwrap();
    stream.synchronize().unwrap();
    let time = |prefetch: bool| {
        let mut a = ctx.alloc_managed::<f32>(n).unwrap();
        a.host_mut().unwrap().fill(1.0);
        let start = Instant::now();
        if prefetch {
            a.prefetch(Location::Device(ctx.device_ordinal()), &stream)
                .unwrap();
        }
        launch!(add, &stream, &cfg, a, a, a, n as u32).unwrap();
        stream.synchronize().unwrap();
        let took = start.elapsed();
        assert!(a.host().unwrap().iter().all(|&v| v == 2.0));
        took
    };
    let faulted = time(false);
    let prefetched = time(true);
    println!(
        "64 MiB first touched by a kernel: {:.3} ms on demand, {:.3} ms after a prefetch",
        faulted.as_secs_f64() * 1e3,
        prefetched.as_secs_f64() * 1e3
    );
    assert!(prefetched < faulted, "{prefetched:?} vs {faulted:?}");
}
