//! Where a GPU stream keeps its last launch while a profile is taken, so that
//! [`shadow`](super::shadow) can run it again on the simulator.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

use crate::backend::seam;
use crate::backend::slot::LibRef;
use crate::info::Geometry;

/// One launch on a GPU stream, as [`simulate`] needs it.
#[derive(Clone)]
pub(crate) struct LaunchRecord {
    pub lib: LibRef,
    /// The kernel's symbol name.
    pub kernel: String,
    pub geometry: Geometry,
    /// Each argument's bytes.
    pub args: Vec<Vec<u8>>,
    /// The stream's context: where the arguments' memory is.
    pub ctx: seam::Context,
    /// The device's name, for the cost model's preset.
    pub device: String,
}

/// The last launch a stream saw while recording: its record, or why it could not be
/// recorded.
pub(crate) type Recorded = std::result::Result<LaunchRecord, String>;

/// Where a stream keeps its last launch while a profile is taken. Costs a launch one
/// relaxed load when no profile is being taken.
#[derive(Default)]
pub(crate) struct Recorder {
    /// Profiles in progress on the stream (they nest: each sees the launches made while
    /// it was taken).
    armed: AtomicU32,
    last: Mutex<Option<Recorded>>,
}

/// Recording in progress: stops when dropped, also when the profiled code panics.
pub(crate) struct Recording<'a>(&'a Recorder);

impl Recorder {
    /// Starts recording (and forgets an earlier record) until the guard drops.
    pub fn arm(&self) -> Recording<'_> {
        *self.last.lock().unwrap_or_else(|p| p.into_inner()) = None;
        self.armed.fetch_add(1, Ordering::Relaxed);
        Recording(self)
    }

    /// Whether a launch should be recorded.
    #[inline(always)]
    pub fn is_armed(&self) -> bool {
        self.armed.load(Ordering::Relaxed) != 0
    }

    /// Keeps the last launch (or why it could not be recorded).
    pub fn keep(&self, record: Recorded) {
        *self.last.lock().unwrap_or_else(|p| p.into_inner()) = Some(record);
    }
}

impl Recording<'_> {
    /// The last launch recorded since recording started, if any.
    pub fn last(&self) -> Option<Recorded> {
        self.0
            .last
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }
}

impl Drop for Recording<'_> {
    fn drop(&mut self) {
        if self.0.armed.fetch_sub(1, Ordering::Relaxed) == 1 {
            *self.0.last.lock().unwrap_or_else(|p| p.into_inner()) = None;
        }
    }
}
