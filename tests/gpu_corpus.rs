//! The differential corpus on the GPU: compiles `tests/kernels/corpus.cu` with NVRTC for the
//! device, runs every case through the driver backend, and either records the outputs
//! (`CUDA_LIBRARY_RECORD_CORPUS=path/expected.json`, see `tests/kernels/record.sh`) or
//! compares them with the checked-in `tests/kernels/expected.json`.
//! Skipped, with the reason printed, without a GPU (`CUDA_LIBRARY_REQUIRE_GPU=1` fails).

#[path = "kernels/cases.rs"]
mod cases;

use std::collections::BTreeMap;
use std::path::PathBuf;

use cases::{Arg, Case};
use cuda_library::{
    Device, DeviceBuffer, DevicePtr, ImageKind, KernelArg, LaunchConfig, Program, ProgramOptions,
};

fn kernels_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/kernels")
}

fn run_case(
    lib: &cuda_library::Library,
    ctx: &cuda_library::Context,
    stream: &cuda_library::Stream,
    c: &Case,
) -> cuda_library::Result<Vec<Vec<u8>>> {
    let k = lib.get_kernel(c.kernel)?;
    let mut bufs: Vec<Option<DeviceBuffer<u8>>> = Vec::new();
    let mut ptrs: Vec<DevicePtr> = Vec::new();
    for a in &c.args {
        if let Arg::Buf { bytes, .. } = a {
            let b = DeviceBuffer::from_slice(ctx, bytes)?;
            ptrs.push(b.device_ptr());
            bufs.push(Some(b));
        } else {
            bufs.push(None);
        }
    }
    let mut pi = 0;
    let mut args: Vec<KernelArg> = Vec::new();
    for a in &c.args {
        args.push(match a {
            Arg::Buf { .. } => {
                pi += 1;
                KernelArg::of(&ptrs[pi - 1])
            }
            Arg::I32(v) => KernelArg::of(v),
            Arg::U32(v) => KernelArg::of(v),
            Arg::F32(v) => KernelArg::of(v),
            Arg::F64(v) => KernelArg::of(v),
        });
    }
    let cfg = LaunchConfig::new(
        (c.grid[0], c.grid[1], c.grid[2]),
        (c.block[0], c.block[1], c.block[2]),
    )
    .with_shared_mem(c.shared);
    k.launch(stream, &cfg, &args)?;
    stream.synchronize()?;
    let mut outs = Vec::new();
    for (a, b) in c.args.iter().zip(&bufs) {
        if let (Arg::Buf { out: true, .. }, Some(b)) = (a, b) {
            outs.push(b.to_vec()?);
        }
    }
    Ok(outs)
}

#[test]
fn corpus_on_the_gpu() {
    let ctx = match Device::new(0).and_then(|d| d.set_current()) {
        Ok(c) => c,
        Err(e) => {
            if std::env::var("CUDA_LIBRARY_REQUIRE_GPU").is_ok_and(|v| v == "1") {
                panic!("a GPU is required: {e}");
            }
            eprintln!("skipping: {e}");
            return;
        }
    };
    let src = std::fs::read_to_string(kernels_dir().join("corpus.cu")).unwrap();
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
    let expected: serde_json::Value =
        serde_json::from_slice(&std::fs::read(kernels_dir().join("expected.json")).unwrap())
            .unwrap();
    for (name, outs) in &results {
        assert_eq!(
            serde_json::to_value(outs).unwrap(),
            expected["outputs"][name],
            "{name}: the GPU disagrees with the recorded outputs"
        );
    }
}
