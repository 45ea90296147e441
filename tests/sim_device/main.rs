//! The public API on the simulator's one device, one test at a time ([`turn`]): these tests
//! read or set what the whole process shares (free device memory, event timelines, the work
//! budget, the limits) or depend on the layout of its allocations, so no other test may use
//! the device meanwhile.

#[path = "../common/mod.rs"]
mod common;

mod api;
mod corpus;
mod differential;
mod graph;
mod hopper;
mod hopper_lowering;
mod hostile_runtime;
mod limits;
mod mem_pool;
mod pool_hostile;
mod runtime_budget;

use std::sync::{Mutex, MutexGuard};

static TURN: Mutex<()> = Mutex::new(());

/// This test's turn on the simulated device, held until dropped.
fn turn() -> MutexGuard<'static, ()> {
    TURN.lock().unwrap_or_else(|p| p.into_inner())
}
