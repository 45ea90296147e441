//! The GPU tests' common start: the driver backend with device 0's primary context
//! current, or the test skipped with the reason printed (`CUDA_LIBRARY_REQUIRE_GPU=1` makes
//! a missing GPU a failure instead).
//!
//! The GPU tests take turns ([`turn`]): one of them reads device-wide free memory and others
//! time launches with events, so no other test may use the GPU meanwhile.

#![allow(dead_code)]

use std::ops::Deref;
use std::sync::{Mutex, MutexGuard};

use cuda_library::{BackendKind, Context, Device};

static TURN: Mutex<()> = Mutex::new(());

/// This test's turn on the GPU, held until dropped.
pub fn turn() -> MutexGuard<'static, ()> {
    TURN.lock().unwrap_or_else(|p| p.into_inner())
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

/// Device 0's context on the driver backend and this test's turn, or `None` (the reason
/// printed) without a GPU.
pub fn context_or_skip() -> Option<Gpu> {
    let turn = turn();
    match cuda_library::use_backend(BackendKind::Driver)
        .and_then(|_| Device::new(0))
        .and_then(|d| d.set_current())
    {
        Ok(ctx) => Some(Gpu { ctx, _turn: turn }),
        Err(e) => {
            if std::env::var("CUDA_LIBRARY_REQUIRE_GPU").is_ok_and(|v| v == "1") {
                panic!("a GPU is required: {e}");
            }
            eprintln!("skipping: {e}");
            None
        }
    }
}
