//! The cases of `tests/common/cluster.rs` (thread-block clusters, their special registers,
//! distributed shared memory, cooperative grid sync and its occupancy limit) on the
//! simulator against what the GPU computed (`tests/fixtures/cluster.gpu.json`, recorded by
//! `tests/gpu/cluster.rs`). Bit for bit.

use crate::common::cluster;

use cuda_library::{BackendKind, Device};

#[test]
fn simulator_matches_the_gpu_on_clusters_and_grid_sync() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let recorded: serde_json::Value =
        serde_json::from_str(include_str!("../fixtures/cluster.gpu.json")).unwrap();
    let results = cluster::run_all(&ctx);
    assert!(results.len() >= 20, "{} cases", results.len());
    let mut bad = Vec::new();
    for (name, got) in &results {
        let Some(want) = recorded["outputs"][name].as_str() else {
            bad.push(format!("{name}: no GPU record (here: {})", short(got)));
            continue;
        };
        if got != want {
            let at = got
                .bytes()
                .zip(want.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            bad.push(format!(
                "{name}: differs from byte {}:\n  here {}\n  GPU  {}",
                at / 2,
                short(got.get(at..).unwrap_or("")),
                short(want.get(at..).unwrap_or(""))
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} cases differ:\n{}",
        bad.len(),
        results.len(),
        bad.join("\n")
    );
}

fn short(s: &str) -> &str {
    s.get(..160).unwrap_or(s)
}
