//! What a launch holds in host memory while it runs, and how many workers may hold it.
//!
//! Each block in flight has its warps' registers (a row of 32 lanes of 8 bytes per PTX
//! register), its shared memory and its threads' local memory; a cluster or a cooperative
//! grid has all its blocks in flight at once, and a parallel launch one unit per worker,
//! each worker with its own counting tables. [`Limits::register_file_bytes`] bounds the
//! total: a unit that cannot fit alone is refused before anything is allocated, and a
//! launch runs on as many workers as fit, fewer than [`Limits::sim_threads`] if need be.
//! Local memory counts in full although a lane's is allocated only when it is first used.
//! A recursive kernel's call stacks (up to [`STACK_BYTES`] a thread) count towards the
//! workers only: a block whose stacks could pass the limit still runs, on one worker.
//!
//! [`Limits::register_file_bytes`]: crate::Limits::register_file_bytes
//! [`Limits::sim_threads`]: crate::Limits::sim_threads

use super::control::STACK_BYTES;
use super::probe::{Memo, Seen, Site};
use crate::sim::engine::ir::Op;
use crate::sim::engine::lower::{KernelCode, SPECIAL};

/// A launch's memory: per block in flight, and per worker beyond its blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Footprint {
    /// Registers of one block.
    pub(super) registers: u64,
    /// Shared memory of one block.
    pub(super) shared: u64,
    /// Local memory of one block: every thread's.
    pub(super) local: u64,
    /// Blocks a unit holds at once (a cluster, a cooperative grid, or 1).
    pub(super) blocks: u64,
    /// A worker's counting tables: one entry per instruction, one memo per counted access.
    pub(super) tables: u64,
    /// Call stacks one block's threads may hold at most (0 without real calls).
    pub(super) stacks: u64,
}

impl Footprint {
    /// The footprint of `code` run with `threads` threads and `shared` bytes of shared
    /// memory per block, `blocks` blocks at once, with `memos` counted accesses.
    pub(super) fn of(
        code: &KernelCode,
        (threads, shared): (u32, u64),
        blocks: u64,
        memos: u32,
    ) -> Footprint {
        let warps = threads.div_ceil(32) as u64;
        let nregs = code.nregs.max(SPECIAL.len()) as u64;
        let memos = memos as u64;
        let memo = (std::mem::size_of::<Memo>() + 32 * 8) as u64
            + warps * std::mem::size_of::<Seen>() as u64;
        Footprint {
            registers: nregs * 32 * 8 * warps,
            shared,
            local: (code.local_bytes as u64).saturating_mul(threads as u64),
            blocks,
            stacks: if code.code.iter().any(|i| matches!(i.op, Op::Call(_))) {
                (STACK_BYTES as u64).saturating_mul(threads as u64)
            } else {
                0
            },
            tables: (code.code.len() as u64)
                .saturating_mul(std::mem::size_of::<Site>() as u64)
                .saturating_add(memos.saturating_mul(memo)),
        }
    }

    /// Bytes of one block in flight.
    pub(super) fn block(&self) -> u64 {
        self.registers
            .saturating_add(self.shared)
            .saturating_add(self.local)
    }

    /// Bytes of one unit in flight: its blocks.
    pub(super) fn unit(&self) -> u64 {
        self.block().saturating_mul(self.blocks)
    }

    /// Workers, of at most `wanted`, whose units and tables fit in `limit` bytes together
    /// (at least 1: a unit that does not fit alone is refused before).
    pub(super) fn workers_within(&self, limit: u64, wanted: usize) -> usize {
        let stacks = self.stacks.saturating_mul(self.blocks);
        let per_worker = self
            .unit()
            .saturating_add(stacks)
            .saturating_add(self.tables)
            .max(1);
        let fit = (limit / per_worker).max(1);
        wanted.min(fit.min(usize::MAX as u64) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::Footprint;

    fn footprint(registers: u64, local: u64, blocks: u64) -> Footprint {
        Footprint {
            registers,
            shared: 1000,
            local,
            blocks,
            tables: 500,
            stacks: 0,
        }
    }

    #[test]
    fn a_unit_holds_every_block_s_registers_shared_and_local_memory() {
        let f = footprint(10_000, 4096, 16);
        assert_eq!(f.block(), 10_000 + 1000 + 4096);
        assert_eq!(f.unit(), 16 * (10_000 + 1000 + 4096));
    }

    #[test]
    fn workers_are_as_many_as_fit_and_at_least_one() {
        // 100 MB per worker: 16 wanted, 96 MiB allowed: one.
        let big = footprint(100_000_000 - 1500, 0, 1);
        assert_eq!(big.workers_within(96 << 20, 16), 1);
        // 10 MB per worker: nine fit in 96 MiB.
        let medium = footprint(10_000_000 - 1500, 0, 1);
        assert_eq!(medium.workers_within(96 << 20, 16), 10);
        assert_eq!(medium.workers_within(96 << 20, 4), 4);
        // Saturating, never zero.
        let huge = footprint(u64::MAX, u64::MAX, u64::MAX);
        assert_eq!(huge.workers_within(96 << 20, 16), 1);
        assert_eq!(huge.unit(), u64::MAX);
        // Call stacks that could reach 32 MiB a block leave room for two workers.
        let recursive = Footprint {
            stacks: 32 << 20,
            ..footprint(1000, 0, 1)
        };
        assert_eq!(recursive.workers_within(96 << 20, 16), 2);
    }
}
