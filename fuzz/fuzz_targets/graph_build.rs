//! Any bytes as a sequence of graph-building calls on the simulator
//! (`tests/common/graph_build.rs`): definitions, nodes of every kind after any nodes (of
//! another graph too), batches of edges (cycles included), graphs nested in each other and
//! in themselves, instantiated, launched under a small launch budget, updated from other
//! definitions, captures in every mode ended, dropped or forgotten. Node numbers,
//! dependencies and the cycle check are compared with a model. Built with overflow checks
//! (`cargo fuzz run -a`). Errors are fine; panics, hangs, wrong answers and memory out of
//! proportion to the input are not.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/graph_build.rs"]
mod graph_build;

fuzz_target!(|data: &[u8]| {
    static SIM: std::sync::Once = std::sync::Once::new();
    SIM.call_once(|| {
        let _ = cuda_library::use_backend(cuda_library::BackendKind::Sim);
        cuda_library::set_limits(graph_build::limits_from(cuda_library::limits()));
    });
    if let Ok(ctx) = cuda_library::Device::new(0).and_then(|d| d.set_current()) {
        graph_build::run(&ctx, data);
    }
});
