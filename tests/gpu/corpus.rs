//! The differential corpus on the GPU: compiles `tests/fixtures/corpus.cu` with NVRTC for the
//! device, runs every case through the driver backend, and either records the outputs
//! (`CUDA_LIBRARY_RECORD_CORPUS=path/corpus.expected.json`, see `tests/fixtures/record-corpus.sh`) or
//! compares them with the checked-in `tests/fixtures/corpus.expected.json`.
//! Skipped, with the reason printed, without a GPU (`CUDA_LIBRARY_REQUIRE_GPU=1` fails).

use crate::common::cases;
use crate::common::gpu;

use std::collections::BTreeMap;
use std::path::PathBuf;

use cases::run_case;
use cuda_library::{Device, ImageKind, Program, ProgramOptions};

fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

gpu_tests![corpus_on_the_gpu];

pub fn corpus_on_the_gpu() {
    let ctx = gpu::context();
    let src = std::fs::read_to_string(fixtures_dir().join("corpus.cu")).unwrap();
    let code = Program::new(src, ProgramOptions::default())
        .with_name("corpus.cu")
        .compile(ImageKind::Cubin, &cases::NAME_EXPRESSIONS)
        .unwrap();
    let lib = code.to_library(&Default::default()).unwrap();
    let stream = ctx.create_stream().unwrap();
    let mut results: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for c in cases::all() {
        let outs = run_case(&lib, &ctx, &stream, &c).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        results.insert(
            c.name.to_string(),
            outs.iter().map(|o| cases::hex(o)).collect(),
        );
    }
    if let Ok(path) = std::env::var("CUDA_LIBRARY_RECORD_CORPUS") {
        let dev = Device::new(0).unwrap();
        let doc = serde_json::json!({
            "device": dev.name().unwrap(),
            "driver": cuda_library::driver_version().unwrap().to_string(),
            "nvrtc": format!("{:?}", Program::nvrtc_version().unwrap()),
            "outputs": results,
        });
        std::fs::write(&path, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
        println!(
            "recorded {} cases to {path}",
            doc["outputs"].as_object().unwrap().len()
        );
        return;
    }
    let expected: serde_json::Value = serde_json::from_slice(
        &std::fs::read(fixtures_dir().join("corpus.expected.json")).unwrap(),
    )
    .unwrap();
    for (name, outs) in &results {
        assert_eq!(
            serde_json::to_value(outs).unwrap(),
            expected["outputs"][name],
            "{name}: the GPU disagrees with the recorded outputs"
        );
    }
}
