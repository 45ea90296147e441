//! The kernels of `tests/common/semantics.rs` on the simulator against what an H100
//! computed (`tests/fixtures/semantics.gpu.json`, recorded by `tests/gpu/semantics.rs`):
//! `mul` + `add`/`sub` pairs contracted where ptxas contracts them and only there, barriers
//! completed by the threads that have not exited, and `bmsk`. Bit for bit.

use crate::common::semantics;

use cuda_library::{BackendKind, Device};

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
        if got != want {
            let threads = semantics::differing_threads(got, want);
            bad.push(format!(
                "{name}: threads {threads:?} differ\n  here {}\n  GPU  {}",
                got.get(..160).unwrap_or(got),
                want.get(..160).unwrap_or(want)
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
