//! What a launch may use ([`Budget`]) and the [`Meter`] that stops it there: work in
//! thread-instructions and wall-clock time.

use super::counters::Stats;
use crate::error::{Error, Result};

/// What one launch may use: simulated work, wall-clock time and register file.
///
/// Work is counted in thread-instructions: each instruction a thread executes is one, and
/// starting a block costs what [`block_work`] says, so a kernel that does nothing on a
/// huge grid stops as surely as one that loops for ever. A budget of 2·10⁹ (the default)
/// is a few seconds of simulation natively.
///
/// ```
/// use cuda_library::sim::Budget;
/// let b = Budget::from(1_000_000); // work only, as `sim::launch(.., 1_000_000)` says
/// assert_eq!(b.deadline, None);
/// let b = Budget::from(&cuda_library::Limits::default());
/// assert_eq!(b.work, cuda_library::sim::DEFAULT_BUDGET);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Work, in thread-instructions ([`Error::InstructionBudget`] past it).
    pub work: u64,
    /// Wall-clock time ([`Error::Deadline`] past it); ignored on wasm32, which has no
    /// clock here (the playground stops its worker instead).
    pub deadline: Option<std::time::Duration>,
    /// Bytes of register file one block may use ([`Error::LimitExceeded`] past it).
    pub register_file_bytes: u64,
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

/// Stops a launch at its budget and deadline.
pub(super) struct Meter {
    pub(super) budget: Budget,
    pub(super) started: Option<Clock>,
    /// Work at which to look at the clock next.
    pub(super) next_clock: u64,
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
        }
    }

    /// The thread-instruction count at which the running warp must pause: the budget, or
    /// the next look at the clock.
    #[inline]
    pub(super) fn pause_at(&self, stats: &Stats) -> u64 {
        let left = self.budget.work.saturating_sub(stats.work);
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
        if stats.work > self.budget.work {
            return Err(self.over_budget(kernel, line));
        }
        if stats.work >= self.next_clock {
            self.tick(stats.work, kernel, line)?;
        }
        Ok(())
    }

    /// A warp paused before an instruction of `threads` threads at `line`: past the
    /// budget that is the end; otherwise the clock is due.
    #[inline]
    pub(super) fn paused(
        &mut self,
        stats: &Stats,
        threads: u64,
        kernel: &str,
        line: u32,
    ) -> Result<()> {
        if stats.work.saturating_add(threads) > self.budget.work {
            return Err(self.over_budget(kernel, line));
        }
        self.tick(stats.work, kernel, line)
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
