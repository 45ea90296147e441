//! The simulator: the PTX engine on its own (counters, faults, warp operations, recursion)
//! and through the public API on the simulated backend (instruction families against their
//! definitions and the GPU's recorded results, the PTX grammar, real-world kernels,
//! hostile images, profiles). No GPU needed.
//!
//! Tests here may run side by side: none reads or sets what the whole process shares (free
//! device memory, event timelines, the work budget, limits, the device count). Those live
//! in `tests/sim_device/` and `tests/sim_multi_device.rs`.

#[path = "../common/mod.rs"]
mod common;

mod barriers;
mod checkpoint;
mod cluster;
mod counters;
mod cub;
mod debug_ptx;
mod exact_ops;
mod faults;
mod green;
mod half_set;
mod hopper_gemm;
mod hostile_hopper;
mod hostile_images;
mod hostile_links;
mod ipc;
mod launch_bounds;
mod link_messages;
mod linking;
mod managed;
mod parallel;
mod parse_once;
mod profile;
mod ptx_grammar;
mod ptx_ops;
mod realworld;
mod recursion;
mod runtime;
mod semantics;
mod special_registers;
mod tensor_ops;
mod textures;
mod tma;
mod tma_counters;
mod warp_masks;
mod warp_ops;
mod warp_sync_gather;
mod wgmma;
