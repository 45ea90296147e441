//! Running a launch's units (blocks, or the groups [`group`](super::group) forms) on
//! several threads.
//!
//! Workers take units in launch order from a shared counter, each with its own [`Block`]
//! state (shared memory, barriers, warps, counting tables) and a [`SharedView`] of
//! global memory. Taking units in order is what makes a kernel whose blocks wait for
//! earlier ones (a decoupled look-back scan) progress: the earliest unfinished unit is
//! always running. The counting tables are added together at the end, so a launch counts
//! the same on any number of workers; the error reported is the earliest unit's, as one
//! thread would have met it, because workers past a failed unit stop and the ones before
//! it finish.
//!
//! A launch runs on one thread when more would not pay or could not give the same
//! answer: its first unit runs alone, and the rest go to workers only when that unit's
//! work times the units left is worth starting threads ([`Budget::parallel_work`]: about a
//! millisecond of simulation, against tens of microseconds to start a thread); kernels that
//! call device `printf`, `malloc` or `free` (whose output and heap follow the order of
//! the calls), sample textures, or sync the grid keep one thread.

use super::budget::{Budget, Meter, Pool};
use super::counters::Stats;
use super::global::Global;
use super::group::Resident;
use super::launch::Plan;
use super::Block;
use crate::error::{Error, Result};
use crate::sim::engine::ir::{Op, RuntimeFn};
use crate::sim::engine::mem::{Memory, SharedMemory};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Runs every unit of `plan`; the block state whose counting tables hold the whole
/// launch's counts (its [`Stats`] are in `stats`).
pub(super) fn run_units<'a>(
    plan: &Plan<'a>,
    gmem: &mut Memory,
    budget: Budget,
    stats: &mut Stats,
) -> Result<Block<'a>> {
    let units = plan.units();
    let mut block = plan.block(Meter::new(budget));
    let mut residents = plan.residents();
    let workers = workers(plan, budget, units);
    let mut first = 0;
    if workers > 1 {
        block.run_unit(gmem, &mut residents, plan, 0, stats)?;
        first = 1;
        let rest = stats.work.saturating_mul(units - 1);
        if rest >= budget.parallel_work {
            return run_on_workers(plan, gmem, budget, (block, residents), stats, workers);
        }
    }
    for i in first..units {
        block.run_unit(gmem, &mut residents, plan, i, stats)?;
    }
    Ok(block)
}

/// Threads the launch's units may run on: 1 unless the budget allows more, there are
/// units to share, and the kernel gives the same answers on several (see the module's
/// text).
fn workers(plan: &Plan, budget: Budget, units: u64) -> usize {
    if budget.threads <= 1 || units < 2 || cfg!(target_arch = "wasm32") {
        return 1;
    }
    let ordered = plan.code.code.iter().any(|i| {
        matches!(
            i.op,
            Op::Runtime {
                func: RuntimeFn::Vprintf | RuntimeFn::Malloc | RuntimeFn::Free,
                ..
            } | Op::Tex { .. }
                | Op::SurfLd { .. }
                | Op::SurfSt { .. }
        )
    });
    if ordered || plan.code.grid_workspace {
        return 1;
    }
    budget.threads.min(units.min(usize::MAX as u64) as usize)
}

/// What a worker hands back: its counting tables and counts, and the unit that failed
/// with its error, if one did.
struct Done<'a> {
    block: Block<'a>,
    stats: Stats,
    failed: Option<(u64, Error)>,
}

/// Runs units 1.. of the launch on `workers` threads (this one among them), unit 0 having
/// run in `first` (its block state and warps) with `stats`.
fn run_on_workers<'a>(
    plan: &Plan<'a>,
    gmem: &mut Memory,
    budget: Budget,
    first: (Block<'a>, Vec<Resident>),
    stats: &mut Stats,
    workers: usize,
) -> Result<Block<'a>> {
    let (mut block, mut residents) = first;
    let pool = Arc::new(Pool::new(stats.work, workers));
    let started = block.meter.started();
    block.meter = Meter::worker(budget, started, pool.clone());
    let next = AtomicU64::new(1);
    let memory: SharedMemory = gmem.share();
    let (mine, theirs) = std::thread::scope(|s| {
        let handles: Vec<_> = (1..workers)
            .map(|_| {
                let (pool, next, memory) = (pool.clone(), &next, &memory);
                s.spawn(move || {
                    let mut block = plan.block(Meter::worker(budget, started, pool.clone()));
                    let mut residents = plan.residents();
                    let mut stats = Stats::default();
                    let mut view = memory.view();
                    let failed = work(
                        (&mut block, &mut residents),
                        &mut view,
                        (plan, next, &pool),
                        &mut stats,
                    );
                    Done {
                        block,
                        stats,
                        failed,
                    }
                })
            })
            .collect();
        let mut mine = Stats::default();
        let failed = work(
            (&mut block, &mut residents),
            &mut memory.view(),
            (plan, &next, &pool),
            &mut mine,
        );
        let theirs: Vec<_> = handles.into_iter().map(|h| h.join()).collect();
        ((mine, failed), theirs)
    });
    let (mine, mut failed) = mine;
    stats.absorb(&mine);
    for done in theirs {
        let done = done.map_err(|_| {
            Error::Unsupported("internal: a simulator worker thread panicked".into())
        })?;
        absorb(&mut block, &done.block);
        stats.absorb(&done.stats);
        failed = earliest(failed, done.failed);
    }
    if let Some((_, e)) = failed {
        return Err(e);
    }
    stats.atomics.hottest = block.updates.values().copied().max().unwrap_or(0);
    Ok(block)
}

/// A worker's loop: the next units in launch order until none is left or an earlier one
/// failed; the unit that failed here, with its error.
fn work<G: Global>(
    (block, residents): (&mut Block, &mut [Resident]),
    gmem: &mut G,
    (plan, next, pool): (&Plan, &AtomicU64, &Pool),
    stats: &mut Stats,
) -> Option<(u64, Error)> {
    let units = plan.units();
    while let Some(claimed) = claim(next, units, pool) {
        for i in claimed {
            if pool.stopped_before(i) {
                return None;
            }
            block.meter.enter_unit(i);
            if let Err(e) = block.run_unit(gmem, residents, plan, i, stats) {
                pool.fail(i);
                return Some((i, e));
            }
        }
    }
    None
}

/// Work a worker takes at once, as the first unit measures it: about 15 µs of simulation,
/// so that the shared counter costs about 1% of cheap units' time, while a unit that waits
/// for an earlier one (a decoupled look-back) never waits for more than a few units of
/// another worker's batch.
const BATCH_WORK: u64 = 1 << 14;

/// The next units a worker takes: [`BATCH_WORK`]'s worth, at most an eighth of its share
/// of what is left (the last units spread over every worker), at least one.
fn claim(next: &AtomicU64, units: u64, pool: &Pool) -> Option<std::ops::Range<u64>> {
    let batch = (BATCH_WORK / pool.unit_work.max(1)).max(1);
    let mut at = next.load(Ordering::Relaxed);
    loop {
        let left = units.checked_sub(at).filter(|&n| n > 0)?;
        let take = (left / (pool.workers as u64 * 8)).clamp(1, batch);
        match next.compare_exchange_weak(at, at + take, Ordering::SeqCst, Ordering::Relaxed) {
            Ok(_) => return Some(at..at + take),
            Err(now) => at = now,
        }
    }
}

/// The failure of the earlier unit.
fn earliest(a: Option<(u64, Error)>, b: Option<(u64, Error)>) -> Option<(u64, Error)> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b.0 < a.0 { b } else { a }),
        (a, b) => a.or(b),
    }
}

/// Adds a worker's counting tables to `block`'s.
fn absorb(block: &mut Block, other: &Block) {
    for (m, o) in block.memos.iter_mut().zip(&other.memos) {
        m.settle();
        let mut o = o.clone();
        o.settle();
        m.absorb(&o);
    }
    for (s, o) in block.sites.iter_mut().zip(&other.sites) {
        s.absorb(o);
    }
    for (&addr, &n) in &other.updates {
        let tracked = block.updates.len() < super::probe::MAX_TRACKED_ATOMICS;
        if tracked || block.updates.contains_key(&addr) {
            *block.updates.entry(addr).or_insert(0) += n;
        }
    }
}
