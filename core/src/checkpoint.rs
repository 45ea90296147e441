//! Checkpointing a CUDA process (CUDA 12.8+, Linux): lock its CUDA calls, move its GPU
//! memory into host memory and release the GPU, bring it back, unlock.
//!
//! A coordinator acts on a target process by its id, as a debugger does (this process or
//! another one the operating system lets it act on). With the GPU state in host memory a
//! CPU checkpointer (CRIU, `criu dump`) can save the whole process, or the GPU can serve
//! someone else meanwhile; restored and unlocked, the target carries on where it was.
//!
//! On the simulator every call is refused ([`Error::Unsupported`](crate::Error::Unsupported)):
//! a simulated process's GPU state is its own memory, with no driver state to save.

use std::time::Duration;

use crate::backend::driver_only;
use crate::error::{Error, Result};
pub use crate::info::ProcessState;

/// A CUDA process to checkpoint and restore, named by its process id (cuda.core's
/// `checkpoint.Process`).
///
/// The steps go `lock` → `checkpoint` → `restore` → `unlock` (a checkpointed process
/// returns to [`ProcessState::Locked`] when restored); the driver refuses a step from the
/// wrong state with its error. While it is locked, the target's CUDA calls wait.
///
/// ```no_run
/// # fn main() -> cuda_library::Result<()> {
/// use std::time::Duration;
/// use cuda_library::{CheckpointProcess, ProcessState};
/// # let pid = std::process::id();
/// let target = CheckpointProcess::new(pid)?; // the process id of a CUDA program
/// target.lock(Some(Duration::from_secs(5)))?;
/// target.checkpoint()?; // its GPU memory is in host memory now
/// assert_eq!(target.state()?, ProcessState::Checkpointed);
/// // ... save the process with a CPU checkpointer, or let another job use the GPU ...
/// target.restore()?;
/// target.unlock()?;
/// assert_eq!(target.state()?, ProcessState::Running);
/// # Ok(()) }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckpointProcess {
    pid: i32,
}

impl CheckpointProcess {
    /// The process with id `pid`. Nothing is asked of the driver yet; a `pid` that is not
    /// a CUDA process is an error of the first call.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::CheckpointProcess;
    /// assert!(CheckpointProcess::new(0).is_err());
    /// assert!(CheckpointProcess::new(u32::MAX).is_err());
    /// assert_eq!(CheckpointProcess::new(42)?.pid(), 42);
    /// # Ok(()) }
    /// ```
    pub fn new(pid: u32) -> Result<CheckpointProcess> {
        match i32::try_from(pid) {
            Ok(pid) if pid > 0 => Ok(CheckpointProcess { pid }),
            _ => Err(Error::InvalidArgument(format!(
                "{pid} is not a process id: ids are positive and below 2^31"
            ))),
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.pid.unsigned_abs()
    }

    /// Where the process stands (`cuCheckpointProcessGetState`).
    pub fn state(&self) -> Result<ProcessState> {
        driver_only::process_state(self.pid)
    }

    /// Locks the process's CUDA calls (`cuCheckpointProcessLock`): its next calls wait until
    /// it is unlocked. With a `timeout` the driver gives up after it (rounded to whole
    /// milliseconds, at most `u32::MAX` of them) and leaves the process running.
    pub fn lock(&self, timeout: Option<Duration>) -> Result<()> {
        let ms = match timeout {
            // 0 means "no timeout" to the driver: a zero duration waits the least it can.
            Some(t) => u32::try_from(t.as_millis()).unwrap_or(u32::MAX).max(1),
            None => 0,
        };
        driver_only::lock_process(self.pid, ms)
    }

    /// Moves a locked process's GPU memory into host memory and releases its GPU resources
    /// (`cuCheckpointProcessCheckpoint`).
    pub fn checkpoint(&self) -> Result<()> {
        driver_only::checkpoint_process(self.pid, false)
    }

    /// Brings a checkpointed process's GPU memory back (`cuCheckpointProcessRestore`); it
    /// stays locked until [`unlock`](CheckpointProcess::unlock).
    pub fn restore(&self) -> Result<()> {
        driver_only::checkpoint_process(self.pid, true)
    }

    /// Lets a locked process's CUDA calls proceed (`cuCheckpointProcessUnlock`).
    pub fn unlock(&self) -> Result<()> {
        driver_only::unlock_process(self.pid)
    }

    /// The id of the process's CUDA restore thread
    /// (`cuCheckpointProcessGetRestoreThreadId`), which a CPU checkpointer needs to know.
    pub fn restore_thread_id(&self) -> Result<i32> {
        driver_only::process_restore_thread(self.pid)
    }
}
