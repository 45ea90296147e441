//! Tensor-core instructions on a GPU through the driver backend: the cases of
//! `tests/common/tensor_ops.rs` compiled with NVRTC for the device, checked against their
//! definitions (integers and exact inputs bit for bit, other floating-point results within
//! the documented tolerance). With `CUDA_LIBRARY_RECORD_TENSOR=path` the results are
//! written there as JSON (`tests/fixtures/tensor_ops.expected.json`, which
//! `tests/sim/tensor_ops.rs` compares the simulator with). Skipped, with the reason
//! printed, without a GPU (`CUDA_LIBRARY_REQUIRE_GPU=1` fails instead).

use crate::common::gpu;
use crate::common::tensor_ops;

use std::collections::BTreeMap;

use cuda_library::{Device, ImageKind, Program, ProgramOptions};

gpu_tests![tensor_core_cases_on_the_gpu];

pub fn tensor_core_cases_on_the_gpu() {
    let ctx = gpu::context();
    let compile = |sm90: bool| {
        let arch = if sm90 { "compute_90" } else { "compute_80" };
        let options = ProgramOptions {
            arch: Some(arch.into()),
            ..Default::default()
        };
        Program::new(tensor_ops::source(sm90), options)
            .with_name("tensor_ops.cu")
            .compile(ImageKind::Ptx, &[])
            .unwrap()
            .to_library(&Default::default())
            .unwrap()
    };
    let (lib, lib90) = (compile(false), compile(true));
    let s = ctx.create_stream().unwrap();
    let mut outputs = BTreeMap::new();
    let mut failures = Vec::new();
    for c in tensor_ops::all() {
        for v in tensor_ops::variants(&c) {
            let name = format!("{}/{v}", c.kernel);
            let lib = if c.sm90() { &lib90 } else { &lib };
            match tensor_ops::run(&ctx, lib, &s, &c, v) {
                Ok(got) => {
                    if let Err(e) = tensor_ops::check(&c, v, &got) {
                        failures.push(format!("{name}: {e}"));
                    }
                    outputs.insert(name, tensor_ops::hex(&got));
                }
                Err(e) => failures.push(format!("{name}: {e}")),
            }
        }
    }
    if let Ok(path) = std::env::var("CUDA_LIBRARY_RECORD_TENSOR") {
        let dev = Device::new(0).unwrap();
        let doc = serde_json::json!({
            "device": dev.name().unwrap(),
            "driver": cuda_library::driver_version().unwrap().to_string(),
            "nvrtc": format!("{:?}", Program::nvrtc_version().unwrap()),
            "failures": failures,
            "outputs": outputs,
        });
        std::fs::write(&path, serde_json::to_string_pretty(&doc).unwrap()).unwrap();
        println!("recorded {} results to {path}", outputs.len());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
