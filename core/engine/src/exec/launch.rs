//! Running a kernel over its grid: the launch's checks against the kernel and the
//! simulated device, its counting tables, and its blocks one after another, each run
//! round by round over its warps until every thread has exited.

use super::barrier::{release_block_barrier, step_past_barrier, STALL_ROUNDS};
use super::budget::{block_work, Budget};
use super::cluster::{set_cluster_regs, ClusterShape};
use super::counters::{LineCounters, Stats};
use super::footprint::Footprint;
use super::global::Global;
use super::group::{Resident, Schedule, SLICE};
use super::plan::Plan;
use super::probe::{chains, fold, lines, sole_writers, Probe, NO_CHAIN};
use super::warp::{live_threads, start_warp, Warp};
use super::Block;
use super::Dims;
use crate::error::{Error, Result};
use crate::sim::engine::ir::*;
use crate::sim::engine::lower::{KernelCode, SimModule};
use crate::sim::engine::mem::Memory;

/// Checks a launch of `code` against the kernel and the simulated device; the threads per
/// block.
pub(super) fn check(
    code: &KernelCode,
    kernel: &str,
    dims: Dims,
    params: &[u8],
    (schedule, budget): (&Schedule, &Budget),
) -> Result<u32> {
    check_shape(kernel, dims, schedule)?;
    if params.len() < code.param_bytes {
        return Err(Error::InvalidArgument(format!(
            "kernel `{kernel}` takes {} bytes of parameters but {} were given",
            code.param_bytes,
            params.len()
        )));
    }
    let threads64 = dims
        .block
        .iter()
        .fold(1u64, |n, &d| n.saturating_mul(d as u64));
    if threads64 == 0 || dims.grid.contains(&0) {
        return Err(Error::InvalidArgument(
            "a grid or block dimension is zero".into(),
        ));
    }
    let threads = threads64.min(u32::MAX as u64) as u32;
    if threads > code.max_threads.unwrap_or(1024).min(1024) {
        return Err(Error::InvalidArgument(format!(
            "kernel `{kernel}` cannot run {threads} threads per block (at most {})",
            code.max_threads.unwrap_or(1024).min(1024)
        )));
    }
    // The simulated device's limits (sm_90): shared memory per block and local per thread.
    const MAX_SHARED: usize = crate::sim::engine::MAX_SHARED_PER_BLOCK;
    const MAX_LOCAL: usize = 512 * 1024;
    let shared_total = code
        .shared_static
        .saturating_add(dims.shared_dynamic as usize);
    if shared_total > MAX_SHARED {
        return Err(Error::InvalidArgument(format!(
            "kernel `{kernel}` needs {shared_total} bytes of shared memory per block; the simulated device has {MAX_SHARED}"
        )));
    }
    if code.local_bytes > MAX_LOCAL {
        return Err(Error::InvalidArgument(format!(
            "kernel `{kernel}` needs {} bytes of local memory per thread; the simulated device allows {MAX_LOCAL}",
            code.local_bytes
        )));
    }
    let footprint = Footprint::of(
        code,
        (threads, shared_total as u64),
        schedule.group_blocks(),
        0,
    );
    check_footprint(kernel, &footprint, budget)?;
    Ok(threads)
}

/// Checks that one unit of the launch (a block, or the blocks that run together) fits in
/// the simulator's register file with their shared and local memory.
fn check_footprint(kernel: &str, footprint: &Footprint, budget: &Budget) -> Result<()> {
    let bytes = footprint.unit();
    if bytes <= budget.register_file_bytes {
        return Ok(());
    }
    let what = if footprint.blocks > 1 {
        format!(
            "kernel `{kernel}`: {} blocks run together (a cluster or a cooperative grid), \
             their registers, shared and local memory on the simulator's register file",
            footprint.blocks
        )
    } else {
        format!(
            "kernel `{kernel}` ({} bytes of registers, {} of shared and {} of local memory \
             per block) on the simulator's register file",
            footprint.registers, footprint.shared, footprint.local
        )
    };
    Err(crate::limits::exceeded(
        what,
        bytes,
        "register_file_bytes",
        budget.register_file_bytes,
    ))
}

/// Checks a launch's cluster shape: whole clusters of at most 16 blocks tile the grid.
fn check_shape(kernel: &str, dims: Dims, schedule: &Schedule) -> Result<()> {
    let c = schedule.cluster.dims;
    let tiles = (0..3).all(|k| c[k] != 0 && dims.grid[k] % c[k] == 0);
    let size = c.iter().fold(1u64, |n, &d| n.saturating_mul(d as u64));
    if !tiles || size > MAX_CLUSTER {
        return Err(Error::InvalidArgument(format!(
            "kernel `{kernel}`: clusters of ({}, {}, {}) blocks cannot tile the grid ({}, {}, {}) \
             (each dimension a divisor of the grid's, at most {MAX_CLUSTER} blocks)",
            c[0], c[1], c[2], dims.grid[0], dims.grid[1], dims.grid[2]
        )));
    }
    Ok(())
}

/// The most blocks a cluster may have (sm_90, with non-portable sizes allowed).
pub(super) const MAX_CLUSTER: u64 = 16;

/// Each instruction's [`Probe`], with the sole writer of each address register filled
/// in, and the number of [`Memo`]s they use.
fn probes(code: &KernelCode) -> (Vec<Probe>, u32) {
    let mut n_memos = 0u32;
    let mut probes: Vec<Probe> = code
        .code
        .iter()
        .map(|i| Probe::of(&i.op, &mut n_memos))
        .collect();
    chains(&code.code, &mut probes);
    let writers = sole_writers(&code.code, code.nregs);
    for p in probes.iter_mut() {
        if let Probe::Access {
            addr: Addr {
                base: Src::Reg(r), ..
            },
            writer,
            ..
        } = p
        {
            *writer = writers.get(*r as usize).copied().unwrap_or(NO_CHAIN);
        }
    }
    (probes, n_memos)
}

/// Runs a launch that [`check`] accepted (`threads` per block): every block of the grid,
/// alone or in the groups `schedule` says, on one thread or several
/// ([`super::parallel`]), then the counters.
pub(super) fn run(
    module: &SimModule,
    gmem: &mut Memory,
    code: &KernelCode,
    (dims, params): (Dims, &[u8]),
    (schedule, budget): (Schedule, Budget),
    threads: u32,
) -> Result<(Stats, Vec<LineCounters>)> {
    let (probes, n_memos) = probes(code);
    let mut stats = Stats::default();
    let shared_bytes = code.shared_static + dims.shared_dynamic as usize;
    stats.blocks = dims
        .grid
        .iter()
        .fold(1u64, |n, &d| n.saturating_mul(d as u64));
    stats.block_threads = threads;
    stats.block_shared_bytes = shared_bytes.min(u32::MAX as usize) as u32;
    // Cooperative groups' grid sync counts arrivals in a workspace the driver passes in
    // %envreg1:%envreg2 (a grid of blocks run one after another can sync only with a
    // single block; more spin until the work budget stops them: a cooperative launch runs
    // its blocks together).
    let workspace = if code.grid_workspace {
        Some(gmem.alloc(16, 16)?)
    } else {
        None
    };
    let plan = Plan {
        block_work: block_work(threads, shared_bytes, code.local_bytes),
        first_line: code.code.first().map_or(0, |i| i.line),
        module,
        code,
        probes: &probes,
        n_memos,
        params,
        dims,
        threads,
        schedule,
        grouped: schedule.cluster.explicit || schedule.cooperative || code.cluster_barrier,
        workspace,
    };
    let result = super::parallel::run_units(&plan, gmem, budget, &mut stats);
    if let Some(at) = workspace {
        let _ = gmem.free(at);
    }
    let mut block = result?;
    for m in block.memos.iter_mut() {
        m.settle();
    }
    fold(&mut stats, code, &probes, &block.sites, &block.memos);
    let lines = lines(code, &probes, &block.sites, &block.memos);
    Ok((stats, lines))
}

impl Block<'_> {
    /// Runs unit `i` of the launch: block `i` in grid order, or group `i`.
    pub(super) fn run_unit<G: Global>(
        &mut self,
        gmem: &mut G,
        residents: &mut [Resident],
        plan: &Plan,
        i: u64,
        stats: &mut Stats,
    ) -> Result<()> {
        match residents {
            [one] if !plan.grouped => self.run_block(gmem, &mut one.warps, plan, i, stats),
            all => self.run_group_at(gmem, all, &plan.schedule, i, stats),
        }
    }

    /// Runs block `i` of the grid (x fastest, then y, then z) alone.
    fn run_block<G: Global>(
        &mut self,
        gmem: &mut G,
        warps: &mut [Warp],
        plan: &Plan,
        i: u64,
        stats: &mut Stats,
    ) -> Result<()> {
        let dims = plan.dims;
        let [gx, gy] = [dims.grid[0], dims.grid[1]];
        // Most grids number their blocks in 32 bits, where division is cheaper.
        let ctaid = match u32::try_from(i) {
            Ok(i) => [i % gx, (i / gx) % gy, i / gx / gy],
            Err(_) => {
                let [gx, gy] = [gx as u64, gy as u64];
                [i % gx, (i / gx) % gy, i / gx / gy].map(|c| c as u32)
            }
        };
        self.serial = i + 1;
        // The block's set-up is charged before it is done.
        stats.work = stats.work.saturating_add(plan.block_work);
        self.meter.check(stats, &self.code.name, plan.first_line)?;
        self.start(ctaid);
        for w in warps.iter_mut() {
            start_warp(w, ctaid);
        }
        if !self.code.cluster_regs.is_empty() {
            self.alone_in_cluster(warps, dims.grid);
        }
        self.run_to_end(gmem, warps, stats)
    }

    /// Sets the cluster special registers of a block that is a cluster of its own.
    #[cold]
    fn alone_in_cluster(&self, warps: &mut [Warp], grid: [u32; 3]) {
        let shape = ClusterShape {
            dims: [1, 1, 1],
            explicit: false,
        };
        for w in warps.iter_mut() {
            set_cluster_regs(w, &self.code.cluster_regs, shape, (grid, self.ctaid));
        }
    }

    /// Prepares for block `ctaid` of the grid: shared memory zeroed, barriers reset.
    fn start(&mut self, ctaid: [u32; 3]) {
        self.shared.fill(0);
        self.ctaid = ctaid;
        self.bars = [(0, 0, 0); 16];
        self.epoch = 0;
    }

    /// Runs the block's warps round after round until every thread has exited: in each
    /// round every warp runs until it waits or exits; then the barriers they wait at are
    /// released, or the block is deadlocked.
    fn run_to_end<G: Global>(
        &mut self,
        gmem: &mut G,
        warps: &mut [Warp],
        stats: &mut Stats,
    ) -> Result<()> {
        let mut stalled = 0u32;
        loop {
            let before = (self.epoch, live_threads(warps));
            for w in warps.iter_mut() {
                self.turn::<false, G>(gmem, w, stats)?;
            }
            if warps.iter().all(|w| w.live == 0) {
                return Ok(());
            }
            let released = warps.iter().any(|w| {
                w.wait_bar
                    .is_some_and(|(id, g)| w.waiting && self.bars[id as usize].1 != g)
            });
            if released || warps.iter().any(|w| w.yielded.is_some()) {
                // Warps polling an mbarrier run again; when a whole round of them changes
                // nothing, nothing ever will.
                if (self.epoch, live_threads(warps)) == before {
                    stalled += 1;
                    if stalled > STALL_ROUNDS {
                        return Err(self.deadlock(warps));
                    }
                } else {
                    stalled = 0;
                }
                continue;
            }
            if warps.iter().any(|w| w.waiting && w.wait_bar.is_some()) {
                if self.free_counted_barriers(warps) {
                    continue;
                }
                return Err(self.deadlock(warps));
            }
            release_block_barrier(warps);
        }
    }

    /// A warp's turn in a round: it runs until it waits at a barrier or exits, pausing
    /// where the meter says to look at the budget and the clock; `SLICED` (a block that
    /// runs with others), also until it has run [`SLICE`] thread-instructions (then it is
    /// [`sliced`](Warp::sliced)). A block that runs alone gets the code without slices.
    pub(super) fn turn<const SLICED: bool, G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        stats: &mut Stats,
    ) -> Result<()> {
        // A barrier for part of the block completed since the warp came.
        if let Some((id, generation)) = w.wait_bar.filter(|_| w.waiting) {
            if self.bars[id as usize].1 != generation {
                w.waiting = false;
                w.wait_bar = None;
                step_past_barrier(w);
            }
        }
        w.yielded = None;
        w.parked = 0;
        let slice_end = stats.thread_instructions.saturating_add(SLICE);
        while w.live != 0 && !w.waiting {
            let before = stats.thread_instructions;
            let meter_at = self.meter.pause_at(stats);
            let pause_at = if SLICED {
                meter_at.min(slice_end)
            } else {
                meter_at
            };
            self.charged = 0;
            let paused = self.run_warp(gmem, w, stats, pause_at)?;
            stats.work += stats.thread_instructions - before;
            stats.work = stats.work.saturating_add(self.charged);
            match paused {
                None => break,
                Some(_) if SLICED && pause_at < meter_at => {
                    w.sliced = true;
                    break;
                }
                Some((line, work)) => self.meter.paused(stats, work, &self.code.name, line)?,
            }
        }
        Ok(())
    }
}
