//! The cluster, distributed-shared-memory and grid-sync cases of `tests/common/cluster.rs`
//! on the GPU: records their outputs (`CUDA_LIBRARY_RECORD_CLUSTER=path`, written to
//! `tests/fixtures/cluster.gpu.json` for `tests/sim/cluster.rs`), or checks the GPU still
//! gives the recorded ones. Reported as ignored, with the reason, without a GPU.

use crate::common::cluster;
use crate::common::gpu;

use cuda_library::Device;

gpu_tests![clusters_and_grid_sync_on_the_gpu];

pub fn clusters_and_grid_sync_on_the_gpu() {
    let ctx = gpu::context();
    let results = cluster::run_all(&ctx);
    if let Ok(path) = std::env::var("CUDA_LIBRARY_RECORD_CLUSTER") {
        let dev = Device::new(0).unwrap();
        let doc = serde_json::json!({
            "device": dev.name().unwrap(),
            "arch": dev.arch().unwrap().to_string(),
            "driver": cuda_library::driver_version().unwrap().to_string(),
            "multiprocessors": dev.properties().unwrap().multiprocessor_count,
            "outputs": results,
        });
        std::fs::write(&path, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
        println!("recorded {} cases to {path}", results.len());
        for (name, v) in &results {
            println!("{name}: {}", v.get(..100).unwrap_or(v));
        }
        return;
    }
    let recorded: serde_json::Value =
        serde_json::from_str(include_str!("../fixtures/cluster.gpu.json")).unwrap();
    for (name, got) in &results {
        assert_eq!(
            recorded["outputs"][name].as_str(),
            Some(got.as_str()),
            "{name}: the GPU disagrees with the recorded outputs"
        );
    }
}
