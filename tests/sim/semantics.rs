//! The kernels of `tests/common/semantics.rs` on the simulator against what the GPU
//! computed (`tests/fixtures/semantics.gpu.json`, recorded by `tests/gpu/semantics.rs` on an
//! H200; an H100 gave the same bits for every kernel the two recordings share):
//! `mul` + `add`/`sub` pairs contracted where ptxas contracts them and only there, barriers
//! completed by the threads that have not exited, and `bmsk`. Bit for bit.

use crate::common::semantics;

use cuda_library::{BackendKind, Device};

/// Kernels the simulator does not match yet, and why.
const KNOWN: &[(&str, &str)] = &[(
    "f32_loop",
    "ptxas unrolls the three-round loop and fuses the product from before it into the \
         add in it; the simulator contracts within the PTX text's basic blocks",
)];

#[test]
fn simulator_matches_the_gpu_on_contraction_barriers_and_bmsk() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let recorded: serde_json::Value =
        serde_json::from_str(include_str!("../fixtures/semantics.gpu.json")).unwrap();
    let results = semantics::run_all(&ctx);
    assert!(results.len() >= 100, "{} kernels", results.len());
    let mut bad = Vec::new();
    for (name, got) in &results {
        let Some(want) = recorded["outputs"][name].as_str() else {
            bad.push(format!(
                "{name}: no GPU record (here: {})",
                got.get(..120).unwrap_or(got)
            ));
            continue;
        };
        if let Some((_, why)) = KNOWN.iter().find(|(k, _)| k == name) {
            println!(
                "{name}: {} ({why})",
                if got == want {
                    "now matches"
                } else {
                    "differs"
                }
            );
            continue;
        }
        if got != want {
            let threads = semantics::differing_threads(got, want);
            let row = |s: &str, t: usize| s.get(t * 64..(t + 1) * 64).unwrap_or("").to_string();
            let t = threads.first().copied().unwrap_or(0);
            bad.push(format!(
                "{name}: threads {threads:?} differ; thread {t} (32 bytes):\n  here {}\n  GPU  {}",
                row(got, t),
                row(want, t)
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} kernels differ:\n{}",
        bad.len(),
        results.len(),
        bad.join("\n")
    );
}
