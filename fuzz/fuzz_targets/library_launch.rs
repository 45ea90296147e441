//! Any bytes as a library image through the public API, as a user would use it: loaded on
//! the simulator (cubin, fatbin or PTX), each of its first kernels launched with zeroed
//! arguments of the declared sizes, then unloaded (`tests/common/hostile.rs`, which the
//! native and WebAssembly tests run on the known hostile kernels). Built with overflow
//! checks (`cargo fuzz run -a`). Errors are fine; panics, hangs and allocations past the
//! limits are not.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/hostile.rs"]
mod hostile;

fuzz_target!(|data: &[u8]| {
    static SMALL_BUDGET: std::sync::Once = std::sync::Once::new();
    SMALL_BUDGET.call_once(|| cuda_library::sim::set_launch_budget(200_000));
    let _ = hostile::load_and_run(data, 2, 40, 3);
});
