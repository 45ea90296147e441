//! The GPU tests' common start: whether this machine has a GPU ([`missing`]), and device 0's
//! primary context on the driver backend ([`context`]). The GPU test binary
//! (`tests/gpu/main.rs`) asks [`missing`] once and reports every GPU test as ignored, with
//! the reason, where there is none; `CUDA_LIBRARY_REQUIRE_GPU=1` makes a missing GPU a
//! failure instead.
//!
//! The GPU tests take turns ([`turn`]): one of them reads device-wide free memory and others
//! time launches with events, so no other test may use the GPU meanwhile.

#![allow(dead_code)]

use std::ops::Deref;
use std::sync::{Mutex, MutexGuard};

use cuda_library::{BackendKind, Context, Device, Result};

static TURN: Mutex<()> = Mutex::new(());

/// This test's turn on the GPU, held until dropped.
pub fn turn() -> MutexGuard<'static, ()> {
    TURN.lock().unwrap_or_else(|p| p.into_inner())
}

/// Whether `CUDA_LIBRARY_REQUIRE_GPU=1` says a missing GPU is a failure.
pub fn required() -> bool {
    std::env::var("CUDA_LIBRARY_REQUIRE_GPU").is_ok_and(|v| v == "1")
}

/// Why the GPU tests cannot run here (no CUDA driver, or no device), or `None` where they
/// can, or where `CUDA_LIBRARY_REQUIRE_GPU=1` wants them run (and fail) regardless.
pub fn missing() -> Option<String> {
    if required() {
        return None;
    }
    cuda_library::use_backend(BackendKind::Driver)
        .and_then(|_| Device::new(0))
        .err()
        .map(|e| e.to_string())
}

/// Device 0 on the driver backend, with its primary context current.
pub fn device_and_context() -> Result<(Device, Context)> {
    cuda_library::use_backend(BackendKind::Driver)?;
    let device = Device::new(0)?;
    let ctx = device.set_current()?;
    Ok((device, ctx))
}

/// Device 0's context with this test's turn on the GPU (see [`turn`]).
pub struct Gpu {
    ctx: Context,
    _turn: MutexGuard<'static, ()>,
}

impl Deref for Gpu {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.ctx
    }
}

/// Device 0's context on the driver backend and this test's turn. Fails the test where
/// there is no GPU: the harness has skipped the GPU tests by then unless one is required.
pub fn context() -> Gpu {
    let turn = turn();
    match device_and_context() {
        Ok((_, ctx)) => Gpu { ctx, _turn: turn },
        Err(e) => panic!("a GPU is required: {e}"),
    }
}
