//! The driver backend on a real GPU: every test skips, printing why, where no CUDA driver or
//! device is present (`CUDA_LIBRARY_REQUIRE_GPU=1` makes that a failure). The tests take
//! turns on the GPU (`common::gpu::turn`). `scripts/gpu-stage.sh` builds this binary for a
//! GPU machine that has no Rust toolchain.
//!
//! Several modules record what the GPU computes into `tests/fixtures/` for the simulator
//! tests (`tests/sim/`) to compare with; each says how.

#[path = "../common/mod.rs"]
mod common;

mod calibration;
mod corpus;
#[cfg(feature = "cudarc")]
mod cudarc;
mod differential;
mod library;
mod multi_device;
mod profile;
mod semantics;
mod tensor_ops;
mod textures;
