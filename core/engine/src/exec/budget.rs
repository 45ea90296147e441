//! What a launch may use ([`Budget`]) and the [`Meter`] that stops it there: work in
//! thread-instructions and wall-clock time.

use super::counters::Stats;
use crate::error::{Error, Result};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// What a worker's meter answers when a unit before its own failed: never shown, because
/// the launch reports the earliest unit's error.
#[cold]
fn stopped() -> Error {
    Error::Unsupported("internal: the launch stopped at an earlier block's error".into())
}

/// What one launch may use: simulated work, wall-clock time and register file.
///
/// Work is counted in thread-instructions: each instruction a warp executes is one per
/// lane, whether or not the lane runs (its time hardly depends on how many do), and
/// starting a block costs what [`block_work`] says, so a kernel that does nothing on a huge grid
/// stops as surely as one that loops for ever. Blocks that take turns (a cluster, a
/// cooperative grid) also pay for their turns: each round of a block's warps 16 per warp.
/// A budget of 2·10⁹ (the default) is a few seconds of simulation natively, and under a
/// minute whatever the kernel.
///
/// ```
/// use cuda_library_engine::{self as sim, Budget};
/// let b = Budget::from(1_000_000); // work only, as `sim::launch(.., 1_000_000)` says
/// assert_eq!(b.deadline, None);
/// let b = Budget::from(&sim::Limits::default());
/// assert_eq!(b.work, sim::DEFAULT_BUDGET);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Work, in thread-instructions ([`Error::InstructionBudget`] past it).
    pub work: u64,
    /// Wall-clock time ([`Error::Deadline`] past it); ignored on wasm32, which has no
    /// clock here (the playground stops its worker instead).
    pub deadline: Option<std::time::Duration>,
    /// Bytes of registers, shared and local memory the launch's blocks in flight may hold,
    /// on every worker and in every co-scheduled block ([`Error::LimitExceeded`] past it
    /// for one unit; fewer workers where several do not fit):
    /// [`Limits::register_file_bytes`](crate::Limits::register_file_bytes).
    pub register_file_bytes: u64,
    /// Worker threads the launch's blocks may run on ([`Limits::sim_threads`]); 1 runs
    /// them one after another in grid order.
    ///
    /// [`Limits::sim_threads`]: crate::Limits::sim_threads
    pub threads: usize,
    /// Work below which a launch stays on one thread, as its first block's work times its
    /// blocks measures it (default 2^18, about a millisecond of simulation; the
    /// `CUDA_LIBRARY_SIM_PARALLEL_WORK` environment variable sets it, 0 to run every launch
    /// that can on its workers).
    pub parallel_work: u64,
}

/// `CUDA_LIBRARY_SIM_PARALLEL_WORK` if it is a number, else 2^18 (read once).
fn default_parallel_work() -> u64 {
    static WORK: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *WORK.get_or_init(|| {
        std::env::var("CUDA_LIBRARY_SIM_PARALLEL_WORK")
            .ok()
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(1 << 18)
    })
}

impl From<u64> for Budget {
    fn from(work: u64) -> Self {
        Budget {
            work,
            ..Budget::from(&crate::Limits::default())
        }
    }
}

impl From<&crate::Limits> for Budget {
    fn from(l: &crate::Limits) -> Self {
        Budget {
            work: l.launch_budget,
            deadline: l.launch_deadline,
            register_file_bytes: l.register_file_bytes,
            threads: l.sim_threads.max(1),
            parallel_work: default_parallel_work(),
        }
    }
}

/// The work of starting one block of `threads` threads: a fixed part for the block and
/// each warp, one per thread, and one per 16 bytes of shared and local memory cleared
/// for it. Calibrated so that work tracks time: an empty kernel costs about as much per
/// block as the instructions of a small one.
pub fn block_work(threads: u32, shared_bytes: usize, local_bytes_per_thread: usize) -> u64 {
    const BLOCK: u64 = 128;
    const WARP: u64 = 16;
    let warps = threads.div_ceil(32) as u64;
    let cleared = shared_bytes as u64 + local_bytes_per_thread as u64 * threads as u64;
    BLOCK + WARP * warps + threads as u64 + cleared / 16
}

/// Work of visiting one warp in a co-scheduled block's round (a cluster's or cooperative
/// grid's blocks take turns), whether or not it runs: what [`block_work`] charges to set a
/// warp up. Without it, a group in which one thread spins while thousands wait costs one
/// unit per instruction of that thread and took minutes to reach the default budget.
pub(super) const TURN_WORK_PER_WARP: u64 = 16;

/// Work of a warp-instruction, at least: one per lane, whether or not the lane runs. An
/// instruction's time hardly depends on how many of its lanes run (a one-lane load took
/// 90% of a full warp's time, release build), as a GPU's issue slot does not; counting
/// threads alone, one thread spinning on a flag cost one unit per instruction and ran five
/// to eleven minutes before the default budget stopped it, in a plain launch as in a
/// cluster whose other threads wait. (16 left a diverged warp's spin at 68 s on a busy
/// machine.)
pub(super) const INSTRUCTION_WORK_AT_LEAST: u64 = 32;

/// Work of a warp-wide matrix instruction beyond a warp-instruction's: `mma` and
/// `wmma.mma` cost one unit per multiply-add (2,048 for `m16n8k16`), as their time does:
/// counted as one warp-instruction, a loop of them took an hour and a half to reach the
/// default budget (0.4 M units/s, release build on a busy machine).
pub(super) fn matrix_work(op: &crate::sim::engine::ir::MatrixOp) -> u64 {
    use crate::sim::engine::ir::MatrixOp;
    match op {
        MatrixOp::Mma { shape, .. } | MatrixOp::WmmaMma { shape, .. } => {
            let products = (shape.m as u64)
                .saturating_mul(shape.n as u64)
                .saturating_mul(shape.k as u64);
            products.saturating_sub(INSTRUCTION_WORK_AT_LEAST)
        }
        _ => 0,
    }
}

/// How often (in work, and in blocks) a launch with a deadline reads the clock: every
/// 2^20 units, milliseconds even of slow instructions, so a launch stops within a few of
/// them past its deadline; rarely enough to cost nothing measurable. Device-runtime calls
/// also read it after each call (see [`Meter::look`]).
pub(super) const CLOCK_EVERY_WORK: u64 = 1 << 20;

/// Work of a device-runtime call (`printf`, `malloc`, `free`) on top of the bytes it
/// handles.
pub(super) const RUNTIME_CALL_WORK: u64 = 64;

/// Bytes cleared or copied per unit of work: [`block_work`]'s rate for cleared memory,
/// also charged for call frames saved and restored.
pub(super) const BYTES_PER_WORK: u64 = 16;

/// Work per byte of a `printf`'s format, arguments and text: formatting is byte by byte,
/// slower than an instruction per byte.
pub(super) const PRINTF_WORK_PER_BYTE: u64 = 2;

/// Work a worker of a parallel launch does between looks at the launch's total: small
/// enough that a runaway kernel stops within a few milliseconds on every worker (and a
/// launch passes its budget by at most this much per worker), large enough that the
/// shared counter, which every worker writes, costs nothing measurable with 16 of them.
pub(super) const WORKER_QUANTUM: u64 = 1 << 18;

/// A counter alone on its cache line (128 bytes: two lines prefetched together on x86), so
/// that workers writing one do not slow the others' reads of another.
#[derive(Debug, Default)]
#[repr(align(128))]
pub(super) struct Line(pub(super) AtomicU64);

/// What the workers of a parallel launch share: the next unit to take, the work they have
/// reported and the first unit (block or group, in launch order) that failed.
#[derive(Debug)]
pub(super) struct Pool {
    /// The next unit no worker has taken.
    pub(super) next: Line,
    work: Line,
    failed: Line,
    /// Threads sharing the launch.
    pub(super) workers: usize,
    /// Work of the launch's first unit, which ran before the workers started: what the
    /// next ones are expected to cost.
    pub(super) unit_work: u64,
}

impl Pool {
    /// Unit 0 done (its `work` counted), nothing failed yet, for `workers` threads.
    pub(super) fn new(work: u64, workers: usize) -> Pool {
        Pool {
            next: Line(AtomicU64::new(1)),
            work: Line(AtomicU64::new(work)),
            failed: Line(AtomicU64::new(u64::MAX)),
            workers,
            unit_work: work,
        }
    }

    /// Unit `unit` failed: workers running later units stop.
    pub(super) fn fail(&self, unit: u64) {
        self.failed.0.fetch_min(unit, Ordering::SeqCst);
    }

    /// Whether a unit before `unit` failed (so `unit`, which a one-thread run would never
    /// have reached, need not finish).
    pub(super) fn stopped_before(&self, unit: u64) -> bool {
        self.failed.0.load(Ordering::Relaxed) < unit
    }
}

/// Stops a launch at its budget and deadline.
pub(super) struct Meter {
    pub(super) budget: Budget,
    pub(super) started: Option<Clock>,
    /// Work at which to look at the clock next.
    pub(super) next_clock: u64,
    /// This meter's work at which to stop and look: the budget for a launch on one
    /// thread; for a worker, the end of its current [`WORKER_QUANTUM`].
    limit: u64,
    /// A worker's launch: its shared tally, the worker's work reported to it so far, and
    /// the unit it is running.
    pool: Option<(Arc<Pool>, u64, u64)>,
}

#[cfg(not(target_arch = "wasm32"))]
pub(super) type Clock = std::time::Instant;
#[cfg(target_arch = "wasm32")]
pub(super) type Clock = ();

impl Meter {
    pub(super) fn new(budget: Budget) -> Meter {
        #[cfg(not(target_arch = "wasm32"))]
        let started = budget.deadline.map(|_| std::time::Instant::now());
        #[cfg(target_arch = "wasm32")]
        let started = None;
        Meter {
            budget,
            started,
            next_clock: CLOCK_EVERY_WORK,
            limit: budget.work,
            pool: None,
        }
    }

    /// The meter of a worker of a parallel launch that started at `started`: its work is
    /// reported to `pool`, where the budget applies to the workers' total.
    pub(super) fn worker(budget: Budget, started: Option<Clock>, pool: Arc<Pool>) -> Meter {
        Meter {
            started,
            limit: 0,
            pool: Some((pool, 0, 0)),
            ..Meter::new(budget)
        }
    }

    /// When the meter was started, for its workers' meters.
    pub(super) fn started(&self) -> Option<Clock> {
        self.started
    }

    /// The worker is starting unit `unit`.
    pub(super) fn enter_unit(&mut self, unit: u64) {
        if let Some((_, _, at)) = self.pool.as_mut() {
            *at = unit;
        }
    }

    /// The thread-instruction count at which the running warp must pause: the budget, or
    /// the next look at the clock.
    #[inline]
    pub(super) fn pause_at(&self, stats: &Stats) -> u64 {
        let left = self.limit.saturating_sub(stats.work);
        let until_clock = if self.started.is_some() {
            self.next_clock.saturating_sub(stats.work)
        } else {
            u64::MAX
        };
        stats
            .thread_instructions
            .saturating_add(left.min(until_clock))
    }

    /// Checks the budget and, when due, the clock; `line` is where the kernel is.
    #[inline]
    pub(super) fn check(&mut self, stats: &Stats, kernel: &str, line: u32) -> Result<()> {
        if stats.work > self.limit {
            self.at_limit(stats, 0, kernel, line)?;
        }
        if stats.work >= self.next_clock {
            self.tick(stats.work, kernel, line)?;
        }
        Ok(())
    }

    /// A warp paused before an instruction that costs `work` at `line`: past the budget
    /// that is the end; otherwise the clock is due.
    #[inline]
    pub(super) fn paused(
        &mut self,
        stats: &Stats,
        work: u64,
        kernel: &str,
        line: u32,
    ) -> Result<()> {
        if stats.work.saturating_add(work) > self.limit {
            self.at_limit(stats, work, kernel, line)?;
        }
        self.tick(stats.work, kernel, line)
    }

    /// The meter's work reached its limit before an instruction that costs `threads`: on
    /// one thread the budget is spent; a worker reports its work to the launch's total
    /// and goes on for another quantum if the total leaves room (and no earlier unit
    /// failed).
    fn at_limit(&mut self, stats: &Stats, threads: u64, kernel: &str, line: u32) -> Result<()> {
        let Some((pool, reported, unit)) = self.pool.as_mut() else {
            return Err(self.over_budget(kernel, line));
        };
        let done = stats.work.saturating_sub(*reported);
        *reported = stats.work;
        let total = pool
            .work
            .0
            .fetch_add(done, Ordering::Relaxed)
            .saturating_add(done);
        if pool.stopped_before(*unit) {
            return Err(stopped());
        }
        let left = self.budget.work.saturating_sub(total);
        if threads > left {
            return Err(self.over_budget(kernel, line));
        }
        self.limit = stats
            .work
            .saturating_add(left.min(WORKER_QUANTUM.max(threads)));
        Ok(())
    }

    /// Looks at the clock; the next look is [`CLOCK_EVERY_WORK`] later.
    #[inline]
    pub(super) fn tick(&mut self, work: u64, kernel: &str, line: u32) -> Result<()> {
        self.next_clock = work.saturating_add(CLOCK_EVERY_WORK);
        self.look(kernel, line)
    }

    /// Looks at the clock now, whatever the work: after work that may take longer than it
    /// is charged (a device-runtime call).
    #[inline]
    pub(super) fn look(&self, kernel: &str, line: u32) -> Result<()> {
        #[cfg(not(target_arch = "wasm32"))]
        if let (Some(t), Some(d)) = (self.started, self.budget.deadline) {
            if t.elapsed() > d {
                return Err(Error::Deadline {
                    kernel: kernel.to_string(),
                    deadline: d,
                    line,
                });
            }
        }
        #[cfg(target_arch = "wasm32")]
        let _ = (kernel, line);
        Ok(())
    }

    #[cold]
    pub(super) fn over_budget(&self, kernel: &str, line: u32) -> Error {
        Error::InstructionBudget {
            kernel: kernel.to_string(),
            budget: self.budget.work,
            line,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{block_work, Budget, Meter};
    use crate::error::Error;
    use crate::sim::engine::exec::Stats;

    #[test]
    fn block_work_charges_set_up_and_cleared_memory() {
        assert_eq!(block_work(32, 0, 0), 128 + 16 + 32);
        assert_eq!(
            block_work(33, 1600, 16),
            128 + 32 + 33 + (1600 + 16 * 33) / 16
        );
    }

    #[test]
    fn the_meter_stops_past_the_budget_and_pauses_before_it() {
        let budget = Budget {
            work: 100,
            deadline: None,
            register_file_bytes: 0,
            threads: 1,
            parallel_work: 0,
        };
        let mut meter = Meter::new(budget);
        let mut stats = Stats {
            work: 100,
            ..Stats::default()
        };
        assert!(meter.check(&stats, "k", 1).is_ok());
        stats.work = 101;
        let err = meter.check(&stats, "k", 1);
        assert!(matches!(
            err,
            Err(Error::InstructionBudget {
                budget: 100,
                line: 1,
                ..
            })
        ));
        stats.work = 40;
        stats.thread_instructions = 7;
        assert_eq!(meter.pause_at(&stats), 7 + 60);
        assert!(meter.paused(&stats, 60, "k", 2).is_ok());
        assert!(meter.paused(&stats, 61, "k", 2).is_err());
    }
}
