//! Textures and surfaces on a GPU through the driver backend: every case of
//! `tests/common/textures.rs` (the fetch grid of `textures.cu` and the cuda-samples
//! texture kernels). With `CUDA_LIBRARY_RECORD_TEXTURES=path` the results are written there
//! as JSON (`tests/fixtures/textures.expected.json`, which `tests/sim/textures.rs` compares
//! the simulator with). Skipped, with the reason printed, without a GPU
//! (`CUDA_LIBRARY_REQUIRE_GPU=1` fails instead).

use crate::common::gpu;
use crate::common::textures;

use std::collections::BTreeMap;

gpu_tests![texture_cases_on_the_gpu];

pub fn texture_cases_on_the_gpu() {
    let ctx = gpu::context();
    let (lib, samples) = textures::libraries().unwrap();
    let stream = ctx.create_stream().unwrap();
    let mut outputs = BTreeMap::new();
    let mut failures = Vec::new();
    for name in textures::names() {
        match textures::run(&ctx, &lib, &samples, &stream, &name) {
            Ok(words) => {
                let hex: String = words.iter().map(|w| format!("{w:08x}")).collect();
                outputs.insert(name, hex);
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    println!("{} texture cases ran on the GPU", outputs.len());
    if let Ok(path) = std::env::var("CUDA_LIBRARY_RECORD_TEXTURES") {
        let device = cuda_library::Device::new(0).unwrap().name().unwrap();
        let record = serde_json::json!({
            "device": device,
            "driver": cuda_library::driver_version().map(|v| v.to_string()).unwrap_or_default(),
            "outputs": outputs,
        });
        std::fs::write(&path, serde_json::to_string_pretty(&record).unwrap()).unwrap();
        println!("recorded in {path}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
