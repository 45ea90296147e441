//! The kernels of `tests/common/semantics.rs` (contraction, barriers after exits, `bmsk`) on
//! the GPU: records their outputs (`CUDA_LIBRARY_RECORD_SEMANTICS=path`, written to
//! `tests/fixtures/semantics.gpu.json` for `tests/sim/semantics.rs`), or checks the GPU
//! still gives the recorded ones. Reported as ignored, with the reason, without a GPU.

use crate::common::gpu;
use crate::common::semantics;

use cuda_library::Device;

gpu_tests![semantics_on_the_gpu];

pub fn semantics_on_the_gpu() {
    let ctx = gpu::context();
    let results = semantics::run_all(&ctx);
    if let Ok(path) = std::env::var("CUDA_LIBRARY_RECORD_SEMANTICS") {
        let dev = Device::new(0).unwrap();
        let doc = serde_json::json!({
            "device": dev.name().unwrap(),
            "arch": dev.arch().unwrap().to_string(),
            "driver": cuda_library::driver_version().unwrap().to_string(),
            "outputs": results,
        });
        std::fs::write(&path, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
        println!("recorded {} kernels to {path}", results.len());
        return;
    }
    let recorded: serde_json::Value =
        serde_json::from_str(include_str!("../fixtures/semantics.gpu.json")).unwrap();
    for (name, got) in &results {
        assert_eq!(
            recorded["outputs"][name].as_str(),
            Some(got.as_str()),
            "{name}: the GPU disagrees with the recorded outputs"
        );
    }
}
