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
//! the calls), sample textures, or sync the grid keep one thread. A launch runs on no more
//! workers than its blocks' memory allows ([`Footprint`]).

use super::budget::{Budget, Meter, Pool};
use super::counters::Stats;
use super::footprint::Footprint;
use super::global::Global;
use super::group::Resident;
use super::plan::Plan;
use super::Block;
use crate::error::{Error, Result};
use crate::sim::engine::ir::{Op, Runtime, RuntimeFn};
use crate::sim::engine::mem::{Memory, SharedMemory};
use std::sync::atomic::Ordering;
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
            Op::Runtime(Runtime {
                func: RuntimeFn::Vprintf
                    | RuntimeFn::Malloc
                    | RuntimeFn::Free
                    | RuntimeFn::SetConditional,
                ..
            }) | Op::Tex(_)
                | Op::SurfLd(_)
                | Op::SurfSt(_)
        )
    });
    if ordered || plan.code.grid_workspace {
        return 1;
    }
    let wanted = budget.threads.min(units.min(usize::MAX as u64) as usize);
    // Each worker holds a unit's blocks and its own counting tables: as many as fit.
    let footprint = Footprint::of(
        plan.code,
        (plan.threads, plan.shared_bytes() as u64),
        plan.group(),
        plan.n_memos,
    );
    footprint.workers_within(budget.register_file_bytes, wanted)
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
    let memory: SharedMemory = gmem.share();
    let (mine, theirs) = std::thread::scope(|s| {
        // A thread the system will not start is a worker fewer, not an error: the units
        // go to the others.
        let handles: Vec<_> = (1..workers)
            .filter_map(|_| {
                let (pool, memory) = (pool.clone(), &memory);
                std::thread::Builder::new()
                    .name("cuda-library-sim".into())
                    .spawn_scoped(s, move || {
                        let meter = Meter::worker(budget, started, pool.clone());
                        let mut block = plan.block(meter);
                        let mut residents = plan.residents();
                        let mut stats = Stats::default();
                        let mut view = memory.view();
                        let failed = work(
                            (&mut block, &mut residents),
                            &mut view,
                            (plan, &pool),
                            &mut stats,
                        );
                        Done {
                            block,
                            stats,
                            failed,
                        }
                    })
                    .ok()
            })
            .collect();
        let mut mine = Stats::default();
        let failed = work(
            (&mut block, &mut residents),
            &mut memory.view(),
            (plan, &pool),
            &mut mine,
        );
        let theirs: Vec<_> = handles.into_iter().map(|h| h.join()).collect();
        ((mine, failed), theirs)
    });
    let (mine, mut failed) = mine;
    stats.absorb(&mine);
    for done in theirs {
        let mut done = done.map_err(|_| {
            Error::Unsupported("internal: a simulator worker thread panicked".into())
        })?;
        absorb(&mut block, &mut done.block);
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
    (plan, pool): (&Plan, &Pool),
    stats: &mut Stats,
) -> Option<(u64, Error)> {
    let units = plan.units();
    while let Some(claimed) = claim(units, pool) {
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

/// Work a worker takes at once, as the first unit measures it: about 100 µs of simulation,
/// so that the shared counter, which every worker touches, costs little even with 16 of
/// them on cheap units, while a unit that waits for an earlier one (a decoupled look-back)
/// never waits for more than one batch of another worker's.
const BATCH_WORK: u64 = 1 << 17;

/// The next units a worker takes: [`BATCH_WORK`]'s worth, at most an eighth of its share
/// of what is left (the last units spread over every worker), at least one.
fn claim(units: u64, pool: &Pool) -> Option<std::ops::Range<u64>> {
    let batch = (BATCH_WORK / pool.unit_work.max(1)).max(1);
    let next = &pool.next.0;
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
fn absorb(block: &mut Block, other: &mut Block) {
    for (m, o) in block.memos.iter_mut().zip(other.memos.iter_mut()) {
        m.settle();
        o.settle();
        m.absorb(o);
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

#[cfg(test)]
mod tests {
    use crate::sim::engine::{launch_profiled, load_ptx, pack_params, Budget, Dims, Memory};

    /// Each thread adds 1 to a counter and `x` into a u64 total with atomics, stores its
    /// index, and every block's thread 0 also writes one shared word (a race: the last
    /// writer wins, whichever worker it is on).
    const KERNEL: &str = r#"
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out, .param .u64 counts, .param .u64 racy)
{
    .reg .b32 %r<6>; .reg .b64 %rd<8>; .reg .pred %p<2>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [counts];
    ld.param.u64 %rd3, [racy];
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %ntid.x;
    mov.u32 %r3, %tid.x;
    mad.lo.u32 %r4, %r1, %r2, %r3;
    mul.wide.u32 %rd4, %r4, 4;
    add.s64 %rd5, %rd1, %rd4;
    st.global.u32 [%rd5], %r4;
    atom.global.add.u32 %r5, [%rd2], 1;
    cvt.u64.u32 %rd6, %r4;
    red.global.add.u64 [%rd2+8], %rd6;
    membar.gl;
    setp.ne.u32 %p1, %r3, 0;
    @%p1 ret;
    st.global.u32 [%rd3], %r1;
    ret;
}"#;

    /// Runs the kernel on `threads` workers: the stores, the counters and the stats.
    fn run(threads: usize) -> (Vec<u8>, [u8; 16], u32, crate::sim::engine::Stats) {
        let mut mem = Memory::new();
        let module = load_ptx(KERNEL, &mut mem).expect("the kernel loads");
        let blocks = 4u32;
        let n = blocks as usize * 32;
        let out = mem.alloc(n * 4, 256).expect("memory");
        let counts = mem.alloc(16, 256).expect("memory");
        let racy = mem.alloc(4, 256).expect("memory");
        let args = [out, counts, racy].map(u64::to_le_bytes);
        let params = pack_params(&module, "k", &[&args[0], &args[1], &args[2]]).expect("params");
        let dims = Dims {
            grid: [blocks, 1, 1],
            block: [32, 1, 1],
            shared_dynamic: 0,
        };
        let budget = Budget {
            threads,
            parallel_work: 0,
            ..Budget::from(1_000_000)
        };
        let (stats, _) = launch_profiled(&module, &mut mem, "k", dims, &params, budget)
            .expect("the launch runs");
        let mut stored = vec![0u8; n * 4];
        mem.read(out, &mut stored).expect("read");
        let mut c = [0u8; 16];
        mem.read(counts, &mut c).expect("read");
        let mut r = [0u8; 4];
        mem.read(racy, &mut r).expect("read");
        (stored, c, u32::from_le_bytes(r), stats)
    }

    #[test]
    fn a_parallel_launch_gives_the_one_thread_answers_and_counts() {
        let (one, counts_one, racy_one, stats_one) = run(1);
        let (many, counts, racy, stats) = run(4);
        assert_eq!(many, one);
        assert_eq!(counts, counts_one);
        assert_eq!(
            u32::from_le_bytes([counts[0], counts[1], counts[2], counts[3]]),
            128
        );
        let total = u64::from_le_bytes(counts[8..16].try_into().unwrap_or_default());
        assert_eq!(total, (0..128).sum::<u64>());
        assert_eq!(stats, stats_one);
        assert_eq!(racy_one, 3, "one thread: the last block writes last");
        assert!(racy < 4, "many: one of the blocks' values, not a torn one");
    }
}
