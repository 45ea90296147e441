//! The differential corpus on the simulator: `tests/kernels/corpus.cu` compiled to PTX with
//! NVRTC (no GPU needed), every case run by the simulator, and the outputs compared with
//! what the same kernels produced on an H200 (`tests/kernels/expected.json`, recorded by
//! `tests/kernels/record.sh`). Integers and IEEE-exact float operations must match bit for
//! bit; cases marked `UlpF32(n)` use approximate instructions and allow n ulp.

#[path = "kernels/cases.rs"]
mod cases;

use std::path::PathBuf;

use cases::{Arg, Case, Compare};
use cuda_library::sim::{self, Dims, Memory, SimModule};
use cuda_library::{ImageKind, Program, ProgramOptions};

fn kernels_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/kernels")
}

/// The corpus as PTX for compute_80, or `None` (printed) without NVRTC.
fn corpus_ptx() -> Option<(String, std::collections::BTreeMap<String, String>)> {
    let src = std::fs::read_to_string(kernels_dir().join("corpus.cu")).unwrap();
    let options = ProgramOptions {
        arch: Some("compute_80".into()),
        ..Default::default()
    };
    match Program::new(src, options)
        .with_name("corpus.cu")
        .compile(ImageKind::Ptx, &cases::NAME_EXPRESSIONS)
    {
        Ok(code) => Some((
            code.ptx_text().unwrap().to_string(),
            code.symbol_mapping().clone(),
        )),
        Err(e @ cuda_library::Error::NvrtcNotFound { .. }) => {
            if std::env::var("CUDA_LIBRARY_REQUIRE_NVRTC").is_ok_and(|v| v == "1") {
                panic!("{e}");
            }
            eprintln!("skipping: {e}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

pub fn run_case(
    module: &SimModule,
    mem: &mut Memory,
    kernel: &str,
    c: &Case,
) -> cuda_library::Result<(Vec<Vec<u8>>, sim::Stats)> {
    let mut addrs = Vec::new();
    let mut arg_bytes: Vec<Vec<u8>> = Vec::new();
    for a in &c.args {
        arg_bytes.push(match a {
            Arg::Buf { bytes, .. } => {
                let at = mem.alloc(bytes.len().max(1), 256)?;
                mem.write(at, bytes)?;
                addrs.push(at);
                at.to_le_bytes().to_vec()
            }
            Arg::I32(v) => v.to_le_bytes().to_vec(),
            Arg::U32(v) => v.to_le_bytes().to_vec(),
            Arg::F32(v) => v.to_le_bytes().to_vec(),
            Arg::F64(v) => v.to_le_bytes().to_vec(),
        });
    }
    let refs: Vec<&[u8]> = arg_bytes.iter().map(|v| v.as_slice()).collect();
    let params = sim::pack_params(module, kernel, &refs)?;
    let dims = Dims {
        grid: c.grid,
        block: c.block,
        shared_dynamic: c.shared,
    };
    let stats = sim::launch(module, mem, kernel, dims, &params, sim::DEFAULT_BUDGET)?;
    let mut outs = Vec::new();
    let mut bi = 0;
    for a in &c.args {
        if let Arg::Buf { bytes, out } = a {
            if *out {
                let mut o = vec![0u8; bytes.len()];
                mem.read(addrs[bi], &mut o)?;
                outs.push(o);
            }
            bi += 1;
        }
    }
    for at in addrs {
        mem.free(at)?;
    }
    Ok((outs, stats))
}

fn ulp_diff(a: f32, b: f32) -> u32 {
    if a == b || (a.is_nan() && b.is_nan()) {
        return 0;
    }
    let key = |x: f32| {
        let i = x.to_bits() as i32;
        if i < 0 {
            i32::MIN - i
        } else {
            i
        }
    };
    (key(a) as i64 - key(b) as i64)
        .unsigned_abs()
        .min(u32::MAX as u64) as u32
}

#[test]
fn corpus_matches_the_gpu() {
    let Some((ptx, mapping)) = corpus_ptx() else {
        return;
    };
    let expected: serde_json::Value =
        serde_json::from_slice(&std::fs::read(kernels_dir().join("expected.json")).unwrap())
            .unwrap();
    let mut mem = Memory::new();
    let module = sim::load_ptx(&ptx, &mut mem).unwrap();
    let mut failures = Vec::new();
    let mut total = sim::Stats::default();
    let cases = cases::all();
    assert!(cases.len() >= 27);
    for c in &cases {
        let kernel = mapping
            .get(c.kernel)
            .map(String::as_str)
            .unwrap_or(c.kernel);
        let (outs, stats) = match run_case(&module, &mut mem, kernel, c) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{}: {e}", c.name));
                continue;
            }
        };
        total.thread_instructions += stats.thread_instructions;
        let want = &expected["outputs"][c.name];
        for (i, out) in outs.iter().enumerate() {
            let w = cases::unhex(want[i].as_str().unwrap_or(""));
            let ok = match c.compare {
                Compare::Exact => *out == w,
                Compare::UlpF32(n) => {
                    let f = |x: &[u8]| f32::from_le_bytes([x[0], x[1], x[2], x[3]]);
                    let worst = out
                        .chunks(4)
                        .zip(w.chunks(4))
                        .map(|(a, b)| ulp_diff(f(a), f(b)))
                        .max()
                        .unwrap_or(0);
                    println!(
                        "{}: largest difference from the GPU {worst} ulp (allowed {n})",
                        c.name
                    );
                    out.len() == w.len() && worst <= n
                }
            };
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
    println!(
        "{} cases, {} thread-instructions on the simulator",
        cases.len(),
        total.thread_instructions
    );
    assert!(
        failures.is_empty(),
        "{} case(s) differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
