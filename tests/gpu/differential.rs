//! The differential cases (`tests/realworld/differential/cases.json`) on a GPU, through the
//! driver backend: records what the GPU computes for `tests/sim/differential.rs` to compare
//! the simulator with.
//!
//! - `CUDA_LIBRARY_DIFF_PTX=dir`: the NVRTC PTX of the units, as the selection run wrote it
//!   here (the GPU machine's NVRTC is another version); nvcc's PTX comes from
//!   `differential/nvcc/`.
//! - `CUDA_LIBRARY_RECORD_DIFF=dir`: appends one JSON line per case to
//!   `dir/gpu-nvrtc.jsonl` and `dir/gpu-nvcc.jsonl` (the unit, the kernel, the PTX's hash,
//!   the outputs of the first of two runs and whether both agreed, or the error).
//! - `CUDA_LIBRARY_DIFF_FULL=1`: the bytes of every buffer a case changed, not only where it
//!   is compared within ulps (to look into a difference; too large to keep).
//! - `CUDA_LIBRARY_DIFF_SET=project`: the cases of a project with its own set
//!   (`differential/<project>/cases.json`, see `differential::OWN_SETS`).
//! - `CUDA_LIBRARY_DIFF_UNIT=unit`: only that unit's cases (a kernel that faults ends the
//!   CUDA context it ran in, so `scripts/differential.sh` runs one process per unit).
//!
//! Reported as ignored, with the reason, without a GPU or without those variables.

use crate::common::differential;
use crate::common::gpu;

use std::io::Write;
use std::path::PathBuf;

use cuda_library::{Library, LibraryOptions};
use differential::Case;
use serde_json::{json, Value};

gpu_tests![record_the_gpu_results unless unconfigured];

/// Why the recorder cannot run: it needs its two variables (the harness skips it then).
pub fn unconfigured() -> Option<String> {
    let set = |name| std::env::var_os(name).is_some();
    (!set("CUDA_LIBRARY_DIFF_PTX") || !set("CUDA_LIBRARY_RECORD_DIFF")).then(|| {
        "set CUDA_LIBRARY_DIFF_PTX and CUDA_LIBRARY_RECORD_DIFF (scripts/differential.sh)"
            .to_string()
    })
}

pub fn record_the_gpu_results() {
    let (Some(ptx_dir), Some(out_dir)) = (
        std::env::var_os("CUDA_LIBRARY_DIFF_PTX").map(PathBuf::from),
        std::env::var_os("CUDA_LIBRARY_RECORD_DIFF").map(PathBuf::from),
    ) else {
        panic!("{}", unconfigured().unwrap_or_default());
    };
    let ctx = gpu::context();
    let only = std::env::var("CUDA_LIBRARY_DIFF_UNIT").ok();
    let full = std::env::var("CUDA_LIBRARY_DIFF_FULL").is_ok_and(|v| v == "1");
    let set = differential::set_from_env();
    let text =
        std::fs::read_to_string(differential::set_dir(set.as_deref()).join("cases.json")).unwrap();
    let cases: Vec<Case> = serde_json::from_str::<Value>(&text)
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(Case::from_json)
        .filter(|c| only.as_ref().is_none_or(|u| &c.unit == u))
        .collect();
    let mut units: Vec<&str> = cases.iter().map(|c| c.unit.as_str()).collect();
    units.sort_unstable();
    units.dedup();
    std::fs::create_dir_all(&out_dir).unwrap();
    for compiler in ["nvrtc", "nvcc"] {
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(out_dir.join(format!("gpu-{compiler}.jsonl")))
            .unwrap();
        for unit in &units {
            let ptx = match compiler {
                "nvrtc" => std::fs::read_to_string(ptx_dir.join(differential::ptx_file(unit))).ok(),
                _ => differential::nvcc_ptx(unit),
            };
            let Some(ptx) = ptx else { continue };
            let hash = differential::ptx_hash(&ptx);
            let lib = Library::load_data(ptx.as_bytes(), &LibraryOptions::default());
            for case in cases.iter().filter(|c| c.unit == *unit) {
                let mut case = case.clone();
                // Recorded under the case's name; run under the name this PTX has for it.
                let head = json!({ "unit": case.unit, "kernel": case.kernel, "ptx_hash": hash });
                let (mut symbol, mut unresolved) = (case.kernel.clone(), None);
                if let Ok(lib) = &lib {
                    let entry = differential::entry_name(&ptx, &case.kernel);
                    let direct = lib.get_kernel(&entry).is_ok();
                    (symbol, unresolved) = differential::resolve(lib, &ptx, &case.kernel);
                    // In the log, for the record: a kernel the driver found only once the
                    // library's kernels had been enumerated (or under another name).
                    if !direct && unresolved.is_none() && lib.get_kernel(&symbol).is_ok() {
                        eprintln!(
                            "{unit}: {entry}: not found by name at first; found after enumerating the library's kernels{}",
                            if symbol == entry { "" } else { " under another name" }
                        );
                    }
                }
                if let Some((_, _, body)) = differential::kernel_text(&ptx, &symbol) {
                    case.approx = differential::uses_approx(&body);
                    case.elem = differential::store_width(&body);
                }
                let line = match lib.as_ref().map_err(|e| e.to_string()).and_then(|lib| {
                    let run = |case| {
                        differential::run_as(&ctx, lib, case, &symbol).map_err(
                            |e| match &unresolved {
                                Some(names) => {
                                    format!("{e} (its internal-linkage kernels: {names})")
                                }
                                None => e.to_string(),
                            },
                        )
                    };
                    Ok((run(&case)?, run(&case)?))
                }) {
                    Ok((a, b)) => {
                        let mut v = head;
                        v["outputs"] = differential::record_with(&case, &a, case.approx || full);
                        v["deterministic"] = Value::Bool(a == b);
                        v
                    }
                    Err(e) => {
                        let mut v = head;
                        v["error"] = Value::String(e);
                        v
                    }
                };
                // One write per line: the processes of several units append to one file.
                file.write_all(format!("{line}\n").as_bytes()).unwrap();
            }
        }
    }
}
