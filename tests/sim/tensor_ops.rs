//! Tensor-core instructions on the simulator: `mma.sync` (every shape and type sm_80 has),
//! `wmma` (the instructions `<mma.h>` emits), `ldmatrix` and `movmatrix`, compiled with
//! NVRTC for compute_80 (`tests/fixtures/tensor_ops.cu`), and `stmatrix` for compute_90
//! (`tensor_ops_sm90.cu`), run through the public API. Integer
//! results and floating-point results of exact inputs must equal the definitions
//! (`tests/common/tensor_ops.rs`) bit for bit; other floating-point results, computed with
//! the tensor cores' arithmetic (`core/engine/src/tensor_arith.rs`), and `f64`, whose fused
//! chain may differ from the exactly rounded dot product, within the documented tolerance.
//! Where `tests/fixtures/tensor_ops.expected.json` (recorded on a GPU by
//! `tests/gpu/tensor_ops.rs`) holds a case, the simulator's result must equal the GPU's bit
//! for bit, except `f64` on general inputs, which must be within the tolerance.

use crate::common::nvrtc;
use crate::common::tensor_ops;

use cuda_library::{BackendKind, Device, LibraryOptions};
use tensor_ops::{Kind, Ty};

#[test]
fn tensor_core_cases_match_their_definitions_and_the_gpu() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let Some(code) = nvrtc::ptx_or_skip(&tensor_ops::source(false), "compute_80") else {
        return;
    };
    let lib = code.to_library(&LibraryOptions::default()).unwrap();
    let Some(code) = nvrtc::ptx_or_skip(&tensor_ops::source(true), "compute_90") else {
        return;
    };
    let lib90 = code.to_library(&LibraryOptions::default()).unwrap();
    let s = ctx.create_stream().unwrap();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tensor_ops.expected.json");
    let recorded: Option<serde_json::Value> = std::fs::read(&path)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok());
    let mut failures = Vec::new();
    let (mut compared, mut approximate, mut identical) = (0, 0, 0);
    for c in tensor_ops::all() {
        for v in tensor_ops::variants(&c) {
            let name = format!("{}/{v}", c.kernel);
            let lib = if c.sm90() { &lib90 } else { &lib };
            let got = match tensor_ops::run(&ctx, lib, &s, &c, v) {
                Ok(g) => g,
                Err(e) => {
                    failures.push(format!("{name}: {e}"));
                    continue;
                }
            };
            let (a, b, cm) = tensor_ops::inputs(&c, v);
            let want = tensor_ops::definition(&c, &a, &b, &cm);
            let fused = c.d == Ty::F64 && v == "random";
            // General floating-point inputs: the tensor cores' own arithmetic (truncated
            // alignment, one rounding toward zero), within the hardware's error bound of
            // the exactly rounded dot product.
            let hardware = v == "random"
                && !c.a.is_int()
                && c.d != Ty::F64
                && matches!(c.kind, Kind::Mma | Kind::Wmma { .. });
            if got != want && !fused && !hardware {
                failures.push(format!("{name}: differs from the definition"));
            }
            if hardware {
                for (i, (&g, &w)) in got.iter().zip(&want).enumerate() {
                    let (r, col) = (i / c.n, i % c.n);
                    let tol = tensor_ops::tolerance(&c, v, &a, &b, &cm, r, col);
                    let (gv, wv) = (c.d.value(g), c.d.value(w));
                    if gv != wv && !(gv.is_nan() && wv.is_nan()) && (gv - wv).abs() > 2.0 * tol {
                        failures.push(format!("{name}: element {i}: {gv}, the definition {wv}"));
                        break;
                    }
                }
            }
            if let Err(e) = tensor_ops::check(&c, v, &got) {
                failures.push(format!("{name}: {e}"));
            }
            if let Some(gpu) = recorded.as_ref().and_then(|r| r["outputs"][&name].as_str()) {
                compared += 1;
                let gpu = tensor_ops::unhex(gpu);
                // Everything but the f64 chain of fused multiply-adds is the GPU's bits.
                let exact = c.d != Ty::F64
                    || v == "exact"
                    || !matches!(c.kind, Kind::Mma | Kind::Wmma { .. });
                if exact && gpu != got {
                    failures.push(format!("{name}: differs from the GPU's bits"));
                }
                if !exact {
                    approximate += 1;
                    identical += usize::from(gpu == got);
                    if gpu.len() != got.len() {
                        failures.push(format!(
                            "{name}: {} elements, the GPU's record has {}",
                            got.len(),
                            gpu.len()
                        ));
                        continue;
                    }
                    for (i, (&g, &x)) in gpu.iter().zip(&got).enumerate() {
                        let (r, col) = (i / c.n, i % c.n);
                        let tol = tensor_ops::tolerance(&c, v, &a, &b, &cm, r, col);
                        let (gv, xv) = (c.d.value(g), c.d.value(x));
                        // A NaN on one side only is a difference; on both, a match.
                        let close = if gv == xv {
                            true
                        } else if gv.is_nan() || xv.is_nan() {
                            gv.is_nan() && xv.is_nan()
                        } else {
                            (gv - xv).abs() <= 2.0 * tol
                        };
                        if !close {
                            failures.push(format!("{name}: element {i}: GPU {gv}, simulator {xv}"));
                            break;
                        }
                    }
                }
            }
        }
    }
    println!(
        "compared {compared} results with the GPU's; of the {approximate} with general \
         floating-point inputs, {identical} are bit for bit the GPU's"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    if recorded.is_some() {
        assert_eq!(compared, 52, "every recorded GPU result is compared");
    }
}

/// Forms the simulator does not implement are refused with their line, not run wrongly.
#[test]
fn unsupported_matrix_forms_are_refused_with_their_line() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let _ctx = Device::new(0).unwrap().set_current().unwrap();
    let ptx = ".version 8.0\n.target sm_80\n.address_size 64\n\
        .visible .entry sparse()\n{\n .reg .b32 %r<20>;\n\
        mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%r1,%r2,%r3,%r4}, {%r5,%r6,%r7,%r8}, {%r9,%r10,%r11,%r12}, {%r13,%r14,%r15,%r16}, %r17, 0x0;\n ret;\n}\n";
    let lib = cuda_library::Library::load_data(ptx.as_bytes(), &LibraryOptions::default()).unwrap();
    let e = lib.get_kernel("sparse").and_then(|k| {
        let ctx = Device::new(0)?.set_current()?;
        let s = ctx.create_stream()?;
        cuda_library::launch!(k, &s, &cuda_library::LaunchConfig::new(1, 32))
    });
    let t = e.unwrap_err().to_string();
    assert!(t.contains("mma") && t.contains("line 7"), "{t}");
}
