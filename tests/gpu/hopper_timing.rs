//! Times notebook 08's TMA and wgmma kernels on the GPU with events
//! (`tests/common/hopper_timing.rs`), for the cost model's tensor-pipe and bulk-copy rows,
//! which are not yet calibrated. `CUDA_LIBRARY_RECORD_HOPPER=path` writes the times as JSON
//! (to check in as `tests/fixtures/calibration.hopper.h100.json`); without it they are
//! printed. Needs an sm_90 GPU (the PTX targets sm_90a).

use crate::common::gpu;
use crate::common::hopper_timing;

use cuda_library::{Library, LibraryOptions};

gpu_tests![time_the_hopper_kernels];

pub fn time_the_hopper_kernels() {
    let ctx = gpu::context();
    let lib = Library::load_data(hopper_timing::PTX.as_bytes(), &LibraryOptions::default())
        .expect("notebook 08's PTX loads (an sm_90 GPU)");
    let device = cuda_library::Device::new(0).expect("device 0");
    let mut ms = serde_json::Map::new();
    for case in hopper_timing::cases() {
        let t = hopper_timing::time(&ctx, &lib, &case, 21);
        assert!(t > 0.0, "{}: {t} ms", case.name);
        println!("{:<24} {:>10.4} ms", case.name, t);
        ms.insert(case.name.to_string(), serde_json::json!(t));
    }
    let record = serde_json::json!({
        "device": device.name().expect("name"),
        "how": "median of 21 launches, each between two events, after one warm-up launch",
        "ms": ms,
    });
    if let Ok(path) = std::env::var("CUDA_LIBRARY_RECORD_HOPPER") {
        std::fs::write(
            &path,
            serde_json::to_string_pretty(&record).expect("json") + "\n",
        )
        .expect("write the recording");
    }
}
