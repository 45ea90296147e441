//! The cluster, distributed-shared-memory and grid-sync cases of `tests/common/cluster.rs`
//! on the GPU: records their outputs (`CUDA_LIBRARY_RECORD_CLUSTER=path`, written to
//! `tests/fixtures/cluster.gpu.json` for `tests/sim/cluster.rs`), or checks the GPU still
//! gives the recorded ones. Reported as ignored, with the reason, without a GPU.

use crate::common::cluster;
use crate::common::gpu;

use cuda_library::{launch, Device, Error, LaunchConfig, Library, LibraryOptions};

gpu_tests![
    clusters_and_grid_sync_on_the_gpu,
    a_cooperative_grid_too_large_is_the_typed_error,
];

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

/// One block past the occupancy limit: the driver's `CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE`
/// as [`Error::CooperativeLaunchTooLarge`], with the limit the driver's occupancy gives.
pub fn a_cooperative_grid_too_large_is_the_typed_error() {
    let ctx = gpu::context();
    let lib = Library::load_data(cluster::PTX.as_bytes(), &LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("grid_and_cluster").unwrap();
    let per_sm = k.max_active_blocks_per_sm(1024, 0).unwrap();
    let sms = Device::new(0)
        .unwrap()
        .properties()
        .unwrap()
        .multiprocessor_count as u32;
    let blocks = per_sm * sms + 1;
    let buf = ctx.alloc_zeroed::<u32>(blocks as usize).unwrap();
    let stream = ctx.create_stream().unwrap();
    let cfg = LaunchConfig::new(blocks, 1024).with_cooperative(true);
    let e = launch!(k, &stream, &cfg, buf, buf).unwrap_err();
    println!("{per_sm} per SM x {sms} SMs; {blocks} blocks: {e}");
    assert!(
        matches!(e, Error::CooperativeLaunchTooLarge { per_sm: p, .. } if p == per_sm),
        "{e:?}"
    );
    assert_eq!(
        e.cuda_error_name(),
        Some("CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE")
    );
}
