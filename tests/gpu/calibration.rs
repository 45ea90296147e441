//! Times the cost model's calibration set (`tests/common/calibration.rs`) on the GPU with
//! events. `CUDA_LIBRARY_RECORD_CALIBRATION=path` writes the times as JSON (how
//! `tests/fixtures/calibration.h100.json` was made); without it they are printed.

use crate::common::calibration;
use crate::common::gpu;

use cuda_library::{Library, LibraryOptions};

gpu_tests![time_the_calibration_set];

pub fn time_the_calibration_set() {
    let ctx = gpu::context();
    let lib = Library::load_data(calibration::PTX.as_bytes(), &LibraryOptions::default())
        .expect("the calibration PTX loads");
    let device = cuda_library::Device::new(0).expect("device 0");
    let mut ms = serde_json::Map::new();
    for case in calibration::cases()
        .into_iter()
        .chain(calibration::held_out())
    {
        let t = calibration::time(&ctx, &lib, &case, 21);
        println!("{:<28} {:>10.4} ms", case.name, t);
        ms.insert(case.name.to_string(), serde_json::json!(t));
    }
    let record = serde_json::json!({
        "device": device.name().expect("name"),
        "how": "median of 21 launches, each between two events, after one warm-up launch",
        "ms": ms,
    });
    if let Ok(path) = std::env::var("CUDA_LIBRARY_RECORD_CALIBRATION") {
        std::fs::write(
            &path,
            serde_json::to_string_pretty(&record).expect("json") + "\n",
        )
        .expect("write the recording");
    }
}
