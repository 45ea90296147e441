//! The differential corpus on the simulator: `tests/fixtures/corpus.cu` compiled to PTX with
//! NVRTC (no GPU needed), loaded as a `Library` on the simulated backend, every case run
//! through the same public API the GPU run uses (`cases::run_case`), and the outputs compared with
//! what the same kernels produced on an H200 (`tests/fixtures/corpus.expected.json`, recorded by
//! `tests/fixtures/record-corpus.sh`). Integers and IEEE-exact float operations must match bit for
//! bit, approximate instructions (fast math) included.

use crate::common::cases;

use std::path::PathBuf;

use cases::run_case;
use cuda_library::{BackendKind, Device, ImageKind, ObjectCode, Program, ProgramOptions};

fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The corpus as PTX for compute_80, or `None` (printed) without NVRTC.
fn corpus_ptx() -> Option<ObjectCode> {
    let src = std::fs::read_to_string(fixtures_dir().join("corpus.cu")).unwrap();
    let options = ProgramOptions {
        arch: Some("compute_80".into()),
        ..Default::default()
    };
    match Program::new(src, options)
        .with_name("corpus.cu")
        .compile(ImageKind::Ptx, &cases::NAME_EXPRESSIONS)
    {
        Ok(code) => Some(code),
        Err(e @ cuda_library::Error::NvrtcNotFound { .. }) => {
            crate::common::nvrtc::skip_without_nvrtc(e);
            None
        }
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn corpus_matches_the_gpu() {
    let _turn = crate::turn();
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let Some(code) = corpus_ptx() else {
        return;
    };
    let expected: serde_json::Value = serde_json::from_slice(
        &std::fs::read(fixtures_dir().join("corpus.expected.json")).unwrap(),
    )
    .unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let lib = code.to_library(&Default::default()).unwrap();
    assert!(lib.is_simulated());
    let stream = ctx.create_stream().unwrap();
    let (free_before, _) = ctx.mem_info().unwrap();
    let mut failures = Vec::new();
    let cases = cases::all();
    assert!(cases.len() >= 27);
    let (start, end) = (ctx.create_event().unwrap(), ctx.create_event().unwrap());
    start.record(&stream).unwrap();
    for c in &cases {
        let outs = match run_case(&lib, &ctx, &stream, c) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{}: {e}", c.name));
                continue;
            }
        };
        let want = &expected["outputs"][c.name];
        for (i, out) in outs.iter().enumerate() {
            let w = cases::unhex(want[i].as_str().unwrap_or(""));
            let ok = *out == w;
            if !ok {
                let first = out.iter().zip(&w).position(|(a, b)| a != b).unwrap_or(0);
                failures.push(format!(
                    "{} output {i}: differs from the GPU at byte {first} (sim {:02x?} vs gpu {:02x?})",
                    c.name,
                    &out[first..(first + 8).min(out.len())],
                    &w[first.min(w.len())..(first + 8).min(w.len())]
                ));
            }
        }
    }
    end.record(&stream).unwrap();
    let ms = end.elapsed_ms_since(&start).unwrap();
    println!("{} cases, {ms:.3} ms of simulated time", cases.len());
    assert!(ms > 0.0);
    // Every case's buffers were freed again.
    assert_eq!(ctx.mem_info().unwrap().0, free_before);
    assert!(
        failures.is_empty(),
        "{} case(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
