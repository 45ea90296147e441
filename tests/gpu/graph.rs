//! Graphs on a GPU through the driver backend: the cases of `tests/common/graphs.rs`, which
//! `tests/sim_device/graph.rs` runs on the simulator, and what the driver does with the
//! calls a capture guards against, for each capture mode.

use crate::common::gpu;
use crate::common::graphs;

use cuda_library::CaptureMode;

gpu_tests![
    capture_matches_stream_launches,
    explicit_dependencies_order,
    kernel_node_update_checks_arguments,
    unloaded_library_is_refused,
    unloaded_child_is_refused,
    update_from_recapture,
    synchronous_copy_during_capture_is_refused,
    capture_modes_guard_allocation,
];

pub fn capture_matches_stream_launches() {
    graphs::capture_matches_stream_launches(&gpu::context());
}

pub fn explicit_dependencies_order() {
    graphs::explicit_dependencies_order(&gpu::context());
}

pub fn kernel_node_update_checks_arguments() {
    graphs::kernel_node_update_checks_arguments(&gpu::context());
}

pub fn unloaded_library_is_refused() {
    graphs::unloaded_library_is_refused(&gpu::context());
}

pub fn unloaded_child_is_refused() {
    graphs::unloaded_child_is_refused(&gpu::context());
}

pub fn update_from_recapture() {
    graphs::update_from_recapture(&gpu::context());
}

pub fn synchronous_copy_during_capture_is_refused() {
    graphs::synchronous_copy_during_capture_is_refused(&gpu::context());
}

/// An allocation with a fill (`alloc_zeroed`) during a capture, in each mode: what the
/// driver says (printed), and that the simulator's rule holds (refused in every mode, the
/// capture then invalidated).
pub fn capture_modes_guard_allocation() {
    let ctx = gpu::context();
    let stream = ctx.create_stream().unwrap();
    for mode in [
        CaptureMode::Global,
        CaptureMode::ThreadLocal,
        CaptureMode::Relaxed,
    ] {
        let builder = stream.begin_capture(mode).unwrap();
        let alloc = ctx.alloc_zeroed::<u8>(16).map(|_| ());
        let end = builder.end().map(|_| ());
        println!("{mode:?}: alloc_zeroed -> {alloc:?}; end -> {end:?}");
        assert!(
            alloc.is_err() && end.is_err(),
            "{mode:?}: {alloc:?} {end:?}"
        );
    }
    assert!(ctx.alloc_zeroed::<u8>(16).is_ok());
}
