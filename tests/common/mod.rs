//! The harness the test binaries share: each binary declares it with
//! `#[path = "../common/mod.rs"] mod common;` and uses what it needs. The data these
//! modules read (CUDA C++, PTX, recorded GPU results) lives in `tests/fixtures/`.
//!
//! `hostile.rs` and `bombs.rs` are also compiled alone, through `#[path]`, by the
//! WebAssembly tests (`playground/tests/web.rs`), the `library_launch` fuzz target and
//! `cli/tests/hostile.rs`: they name nothing else of this folder.

// Each binary uses part of the harness.
#![allow(dead_code, unused_imports)]

pub mod bombs;
pub mod calibration;
pub mod cases;
pub mod cluster;
pub mod differential;
pub mod gpu;
pub mod graphs;
pub mod half_ops;
pub mod half_set;
pub mod hopper_timing;
pub mod hostile;
pub mod linking;
pub mod managed;
pub mod mem_pool;
pub mod multi_device;
pub mod nvrtc;
pub mod ptx_ops;
pub mod realworld;
pub mod semantics;
pub mod tensor_ops;
pub mod textures;
pub mod tma;

/// Says in the test log, whatever libtest captures, that the running test skips itself for
/// `reason` (it then returns): libtest cannot skip at run time, so it counts the test as
/// passed, and `scripts/test.sh` counts these lines as skipped instead. One line,
/// `skipped at run time: TEST: REASON`; keep `reason` short and the same for one cause, so
/// the skips group.
pub fn skip(reason: &str) {
    use std::io::Write;
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    // Written to the stream itself: `eprintln!` would be captured, and shown only on failure.
    let _ = writeln!(std::io::stderr(), "skipped at run time: {test}: {reason}");
}

/// The name libtest gives test `name` of the module at `module` (`module_path!()` there),
/// for running that one test in a child process with `--exact`.
pub fn test_name(module: &str, name: &str) -> String {
    match module.split_once("::") {
        Some((_, path)) => format!("{path}::{name}"),
        None => name.to_string(),
    }
}
