//! Executing lowered PTX: warps of 32 lanes with an active mask, reconvergence by running
//! the lanes at the lowest program counter first, block-wide barriers, shared, local,
//! constant and parameter memory, atomics, shuffles and votes.
//!
//! One room per instruction family, as in wasmi's executor: [`Block`] (here) is the state
//! they all work on; [`block`] holds the dispatch loop, which only picks the lanes that
//! run, counts the instruction and hands it to its family — [`arith`], [`bits`],
//! [`convert`], [`memory`], [`warp_ops`], [`texture`], [`matrix`], [`control`],
//! [`barrier`], [`runtime`]. [`warp`] is the warp's state and the row helpers they share;
//! [`counters`] and [`probe`] what a launch counts; [`budget`] what it may use and what
//! work that is not an instruction costs; [`launch`] runs the grid. Adding an instruction
//! touches its family file and one line of the dispatch (`Block::exec` or `Block::step`).

mod arith;
mod barrier;
mod bits;
mod block;
mod budget;
mod control;
mod convert;
mod counters;
mod launch;
mod matrix;
mod memory;
mod probe;
mod runtime;
#[cfg(test)]
mod test_rng;
mod texture;
mod warp;
mod warp_ops;

pub use budget::{block_work, Budget};
// `exec::STACK_BYTES` stays where it was before the split.
#[allow(unused_imports)]
pub use control::STACK_BYTES;
pub use counters::{
    AtomicRequests, InstructionMix, LineCounters, MemoryRequests, SharedRequests, Stats,
};

use crate::error::Result;
use crate::sim::engine::lower::{KernelCode, SimModule};
use crate::sim::engine::mem::Memory;
use budget::Meter;
use probe::{Memo, Probe, Site};
use std::collections::HashMap;

/// Grid and block shape of a launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dims {
    /// Blocks.
    pub grid: [u32; 3],
    /// Threads per block.
    pub block: [u32; 3],
    /// Dynamic shared memory per block.
    pub shared_dynamic: u32,
}

/// Runs `kernel` over the whole grid, block after block, within `budget` (a number is a
/// work budget in thread-instructions; a [`Budget`] adds a deadline and the register file).
///
/// The [`engine`](crate::guide::engine) guide says what a launch runs and how exactly.
pub fn launch(
    module: &SimModule,
    gmem: &mut Memory,
    kernel: &str,
    dims: Dims,
    params: &[u8],
    budget: impl Into<Budget>,
) -> Result<Stats> {
    launch_profiled(module, gmem, kernel, dims, params, budget).map(|(stats, _)| stats)
}

/// One block of the grid as it runs, with what the launch carries from block to block
/// (the counting tables, the meter): the state every instruction family works on.
struct Block<'a> {
    code: &'a KernelCode,
    /// Each instruction's [`Probe`].
    probes: &'a [Probe],
    /// One [`Memo`] per counted load or store, kept across the launch's blocks.
    memos: Vec<Memo>,
    /// Each instruction's counts, kept across the launch's blocks.
    sites: Vec<Site>,
    /// Atomic updates per address, over the launch.
    updates: HashMap<u64, u64>,
    /// Numbers the warps' runs over the launch (from 1; see [`Memo::shown`]).
    run: u64,
    /// The block's number in the launch, from 1 (see [`Seen`]).
    serial: u64,
    module: &'a SimModule,
    params: &'a [u8],
    shared: Vec<u8>,
    ctaid: [u32; 3],
    /// Threads in the block.
    threads: u32,
    /// Barriers 0..16 with a thread count: threads arrived, generation (completions),
    /// the count the last arrival gave.
    bars: [(u32, u32, u32); 16],
    /// Counts changes that can release a waiting warp (barrier completions, `mbarrier`
    /// writes): a round of the block's warps that changes nothing is a deadlock.
    epoch: u64,
    /// Stops the launch at its budget and deadline.
    meter: Meter,
    /// Work charged since the running warp last paused on top of its thread-instructions:
    /// what device-runtime calls, call frames and bulk copies cost beyond one instruction.
    charged: u64,
    /// Allocations device `malloc` made in this launch and has not freed (the size of the
    /// heap a `malloc` or `free` searches, as far as the launch knows).
    device_allocations: u64,
}

/// [`launch`], also giving what each PTX line did ([`LineCounters`], in line order).
pub fn launch_profiled(
    module: &SimModule,
    gmem: &mut Memory,
    kernel: &str,
    dims: Dims,
    params: &[u8],
    budget: impl Into<Budget>,
) -> Result<(Stats, Vec<LineCounters>)> {
    let budget = budget.into();
    // Unsupported kernels say why (instruction and line), not that they do not exist.
    let code = module.kernel(kernel)?;
    let threads = launch::check(code, kernel, dims, params, &budget)?;
    launch::run(module, gmem, code, (dims, params), budget, threads)
}
