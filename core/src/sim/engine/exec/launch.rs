//! Running a kernel over its grid: the launch's checks against the kernel and the
//! simulated device, its counting tables, and its blocks one after another, each run
//! round by round over its warps until every thread has exited.

use super::barrier::{release_block_barrier, step_past_barrier, STALL_ROUNDS};
use super::budget::{block_work, Budget, Meter};
use super::counters::{LineCounters, Stats};
use super::probe::{chains, fold, lines, sole_writers, Memo, Probe, Site, NO_CHAIN};
use super::warp::{empty_warp, init_warp, live_threads, start_warp, Warp, ENVREG};
use super::Block;
use super::Dims;
use crate::error::{Error, Result};
use crate::sim::engine::ir::*;
use crate::sim::engine::lower::{KernelCode, SimModule};
use crate::sim::engine::mem::Memory;
use std::collections::HashMap;

/// Checks a launch of `code` against the kernel and the simulated device; the threads per
/// block.
pub(super) fn check(
    code: &KernelCode,
    kernel: &str,
    dims: Dims,
    params: &[u8],
    budget: &Budget,
) -> Result<u32> {
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
    let nwarps = threads.div_ceil(32) as usize;
    // Every register is a row of 32 lanes of 8 bytes in each warp.
    let nregs = code.nregs.max(crate::sim::engine::lower::SPECIAL.len()) as u64;
    let register_file = nregs * 32 * 8 * nwarps as u64;
    if register_file > budget.register_file_bytes {
        return Err(crate::limits::exceeded(
            format!(
                "kernel `{kernel}` ({nregs} registers per thread, {threads} threads per block) \
                 on the simulator's register file"
            ),
            register_file,
            "register_file_bytes",
            budget.register_file_bytes,
        ));
    }
    Ok(threads)
}

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
/// then the counters.
pub(super) fn run(
    module: &SimModule,
    gmem: &mut Memory,
    code: &KernelCode,
    (dims, params): (Dims, &[u8]),
    budget: Budget,
    threads: u32,
) -> Result<(Stats, Vec<LineCounters>)> {
    let (probes, n_memos) = probes(code);
    let nwarps = threads.div_ceil(32) as usize;
    let memos: Vec<Memo> = (0..n_memos).map(|_| Memo::empty(nwarps)).collect();
    let sites: Vec<Site> = probes
        .iter()
        .map(|p| Site {
            probed: !matches!(p, Probe::None),
            ..Site::default()
        })
        .collect();
    let mut stats = Stats::default();
    let shared_bytes = code.shared_static + dims.shared_dynamic as usize;
    stats.blocks = dims
        .grid
        .iter()
        .fold(1u64, |n, &d| n.saturating_mul(d as u64));
    stats.block_threads = threads;
    stats.block_shared_bytes = shared_bytes.min(u32::MAX as usize) as u32;
    // Storage is allocated once per launch and reused by every block.
    let mut warps: Vec<Warp> = (0..nwarps).map(|_| empty_warp()).collect();
    for (wi, w) in warps.iter_mut().enumerate() {
        init_warp(w, code, dims, wi, nwarps, threads);
    }
    // Cooperative groups' grid sync counts arrivals in a workspace the driver passes in
    // %envreg1:%envreg2 (one grid of blocks run one after another can sync only with a
    // single block; more spin until the work budget stops them).
    let workspace = if code.grid_workspace {
        let at = gmem.alloc(16, 16)?;
        for w in warps.iter_mut() {
            w.regs[ENVREG] = [at >> 32; 32];
            w.regs[ENVREG + 1] = [at & 0xffff_ffff; 32];
        }
        Some(at)
    } else {
        None
    };
    let mut block = Block {
        code,
        probes: &probes,
        memos,
        sites,
        updates: HashMap::new(),
        run: 0,
        serial: 0,
        module,
        params,
        shared: vec![0u8; shared_bytes],
        ctaid: [0; 3],
        threads,
        bars: [(0, 0, 0); 16],
        epoch: 0,
        meter: Meter::new(budget),
        charged: 0,
        device_allocations: 0,
    };
    let result = block.run_grid(gmem, &mut warps, dims, &mut stats);
    if let Some(at) = workspace {
        let _ = gmem.free(at);
    }
    result?;
    let mut memos = block.memos;
    for m in memos.iter_mut() {
        m.settle();
    }
    fold(&mut stats, code, &probes, &block.sites, &memos);
    let lines = lines(code, &probes, &block.sites, &memos);
    Ok((stats, lines))
}

impl Block<'_> {
    /// Runs every block of the grid, one after another.
    fn run_grid(
        &mut self,
        gmem: &mut Memory,
        warps: &mut [Warp],
        dims: Dims,
        stats: &mut Stats,
    ) -> Result<()> {
        let per_block = block_work(self.threads, self.shared.len(), self.code.local_bytes);
        let first_line = self.code.code.first().map_or(0, |i| i.line);
        for bz in 0..dims.grid[2] {
            for by in 0..dims.grid[1] {
                for bx in 0..dims.grid[0] {
                    self.serial += 1;
                    // The block's set-up is charged before it is done.
                    stats.work = stats.work.saturating_add(per_block);
                    self.meter.check(stats, &self.code.name, first_line)?;
                    self.start([bx, by, bz]);
                    for w in warps.iter_mut() {
                        start_warp(w, [bx, by, bz]);
                    }
                    self.run_to_end(gmem, warps, stats)?;
                }
            }
        }
        Ok(())
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
    fn run_to_end(
        &mut self,
        gmem: &mut Memory,
        warps: &mut [Warp],
        stats: &mut Stats,
    ) -> Result<()> {
        let mut stalled = 0u32;
        loop {
            let before = (self.epoch, live_threads(warps));
            for w in warps.iter_mut() {
                self.turn(gmem, w, stats)?;
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
    /// where the meter says to look at the budget and the clock.
    fn turn(&mut self, gmem: &mut Memory, w: &mut Warp, stats: &mut Stats) -> Result<()> {
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
        while w.live != 0 && !w.waiting {
            let before = stats.thread_instructions;
            let pause_at = self.meter.pause_at(stats);
            self.charged = 0;
            let paused = self.run_warp(gmem, w, stats, pause_at)?;
            stats.work += stats.thread_instructions - before;
            stats.work = stats.work.saturating_add(self.charged);
            match paused {
                None => break,
                Some((line, threads)) => {
                    self.meter.paused(stats, threads, &self.code.name, line)?
                }
            }
        }
        Ok(())
    }
}
