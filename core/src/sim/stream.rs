//! Streams and events on the simulated devices. Work runs when it is enqueued; a stream is
//! a timeline that launches and copies advance by what the cost model charges, and an event
//! records where its stream's timeline was.

use std::ffi::c_void;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use super::context::Context;
use super::device::{gpu, print_device_output};
use super::{mem_pool, LaunchProfile, MemPool, SimBackend};
use crate::backend::interface::MemPoolInterface;
use crate::backend::interface::{EventInterface, StreamInterface};
use crate::error::{Error, Result};

/// A simulated stream: its context and the simulated time (ns) its last work ends.
pub(crate) struct Stream {
    pub ctx: Arc<Context>,
    ready_ns: Mutex<f64>,
    /// Profiles being taken on the stream (they nest); while there are none, a launch
    /// makes no profile (`profiling`).
    profiles: AtomicU32,
    /// The profile of the stream's last launch while profiles were taken, until taken.
    last: Mutex<Option<Box<LaunchProfile>>>,
}

/// A profile being taken on a simulated stream: its launches keep their profiles until it
/// drops, also when the profiled code panics.
#[cfg(feature = "notebook")]
pub(crate) struct Profiling<'a>(&'a Stream);

#[cfg(feature = "notebook")]
impl Profiling<'_> {
    /// The profile of the stream's last launch since profiling started or the last call,
    /// if there was one.
    pub fn take(&self) -> Option<LaunchProfile> {
        let mut last = self.0.last.lock().unwrap_or_else(|p| p.into_inner());
        last.take().map(|b| *b)
    }
}

#[cfg(feature = "notebook")]
impl Drop for Profiling<'_> {
    fn drop(&mut self) {
        self.0.profiles.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Stream {
    /// Whether a launch should make its profile: only while one is taken on the stream.
    /// Costs a launch one relaxed load.
    #[inline(always)]
    pub fn profiling(&self) -> bool {
        self.profiles.load(Ordering::Relaxed) != 0
    }

    /// Keeps `profile`, when the launch made one, as the stream's last launch.
    #[inline]
    pub fn keep_profile(&self, profile: Option<LaunchProfile>) {
        if let Some(profile) = profile {
            *self.last.lock().unwrap_or_else(|p| p.into_inner()) = Some(Box::new(profile));
        }
    }

    /// Starts keeping the profiles of the stream's launches (and forgets an earlier one)
    /// until the guard drops.
    #[cfg(feature = "notebook")]
    pub fn start_profiling(&self) -> Profiling<'_> {
        *self.last.lock().unwrap_or_else(|p| p.into_inner()) = None;
        self.profiles.fetch_add(1, Ordering::Relaxed);
        Profiling(self)
    }

    /// The stream's timeline, locked: take it before the device (as launches do).
    pub fn timeline(&self) -> MutexGuard<'_, f64> {
        self.ready_ns.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Where the stream's simulated timeline is, in nanoseconds (work on the legacy default
    /// stream of its device included).
    pub fn now_ns(&self) -> f64 {
        let legacy = gpu().lock().clock(self.ctx.ordinal).legacy_ns;
        self.timeline().max(legacy)
    }
}

impl StreamInterface<SimBackend> for Stream {
    /// A stream in `ctx`, starting at its device's current time.
    fn create(ctx: &Arc<Context>) -> Result<Stream> {
        Ok(Stream {
            ctx: ctx.clone(),
            ready_ns: Mutex::new(gpu().lock().clock(ctx.ordinal).legacy_ns),
            profiles: AtomicU32::new(0),
            last: Mutex::new(None),
        })
    }

    /// Nothing is ever pending; prints the device's `printf` output. A synchronization
    /// point: the device's memory pools release what they keep beyond their thresholds.
    fn synchronize(&self) -> Result<()> {
        print_device_output();
        mem_pool::release_kept(self.ctx.ordinal);
        Ok(())
    }

    /// Always idle: work ran when it was enqueued.
    fn is_idle(&self) -> Result<bool> {
        Ok(true)
    }

    fn context(&self) -> Arc<Context> {
        self.ctx.clone()
    }

    fn as_raw(&self) -> *mut c_void {
        std::ptr::null_mut()
    }

    fn simulated_time_ms(&self) -> Option<f64> {
        Some(self.now_ns() / 1e6)
    }

    /// Allocates at once (the work before it has run) from `pool` or the device's default
    /// pool. Refused as any allocation is while a capture guards against it (a `Global`
    /// one, or a `ThreadLocal` one of this thread); the API refuses it on a capturing
    /// stream before it comes here (the driver would record a graph memory node, which
    /// this crate does not).
    fn alloc_async(&self, bytes: usize, pool: Option<&MemPool>) -> Result<u64> {
        super::refuse_alloc_during_capture()?;
        match pool {
            Some(p) => p.alloc(bytes),
            None => MemPool::device_default(&self.ctx)?.alloc(bytes),
        }
    }

    /// Gives the memory back to its pool at once (the work before it has run).
    fn free_async(&self, ptr: u64, pool: Option<&MemPool>) -> Result<()> {
        match pool {
            Some(p) => p.free(ptr),
            None => MemPool::device_default(&self.ctx)?.free(ptr),
        }
    }
}

/// A simulated event: the time it was recorded at, if it was (shared with the graphs that
/// record or wait for it).
pub(crate) struct Event {
    at: EventCell,
}

/// Where an event keeps the time it was recorded at (shared with the graph nodes that
/// record or wait for it).
pub(crate) type EventCell = Arc<Mutex<Option<f64>>>;

impl Event {
    /// Where the event's time is kept, for a graph's node.
    pub fn cell(&self) -> EventCell {
        self.at.clone()
    }

    fn at(&self) -> Option<f64> {
        *self.at.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl EventInterface<SimBackend> for Event {
    /// An event not yet recorded.
    fn create(_ctx: &Arc<Context>) -> Result<Event> {
        Ok(Event {
            at: Arc::new(Mutex::new(None)),
        })
    }

    /// Records where `stream`'s timeline is.
    fn record(&self, stream: &Stream) -> Result<()> {
        let t = stream.now_ns();
        *self.at.lock().unwrap_or_else(|p| p.into_inner()) = Some(t);
        Ok(())
    }

    /// Prints the device's `printf` output; nothing is pending.
    fn synchronize(&self) -> Result<()> {
        print_device_output();
        Ok(())
    }

    /// Always complete.
    fn is_complete(&self) -> Result<bool> {
        Ok(true)
    }

    /// Simulated milliseconds from `start` to this event.
    fn elapsed_ms_since(&self, start: &Event) -> Result<f32> {
        match (start.at(), self.at()) {
            (Some(b), Some(e)) => Ok(((e - b) / 1e6) as f32),
            _ => Err(Error::InvalidArgument(
                "an event was never recorded; record both on a stream first \
                 (CUDA_ERROR_INVALID_HANDLE on the driver)"
                    .to_string(),
            )),
        }
    }

    fn as_raw(&self) -> *mut c_void {
        std::ptr::null_mut()
    }
}
