//! Stream capture on the simulated devices: while a stream captures, the work queued on it
//! (launches, stream-ordered copies and memsets) is recorded into a graph, each node
//! depending on the one before, instead of running.
//!
//! As on the driver, work that would run at once instead of in the graph is refused while
//! a capture runs, and invalidates it (its end then fails, as
//! `CUDA_ERROR_STREAM_CAPTURE_INVALIDATED` does): synchronous copies and memsets always
//! (they run on the legacy default stream, which would wait for the capturing stream), and
//! allocations, stream-ordered ones included, as the capture mode says (any thread for
//! `Global`, the capturing thread for `ThreadLocal`, never for `Relaxed`). Freeing memory is
//! not refused here: a buffer dropped during a capture is freed.
//!
//! A capture is found by its stream's identity ([`Stream::id`], never reused), ends with
//! its stream if nothing ended it, and gives back its share of the process-wide counts that
//! guard those calls when it is dropped ([`Registration`]).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::thread::ThreadId;

use super::super::device::gpu;
use super::super::library::Kernel;
use super::super::stream::Stream;
use super::super::SimBackend;
use super::exec::run;
use super::{kernel_op, Graph, Op};
use crate::backend::interface::CaptureInterface;
use crate::backend::interface::{ArgBytes, CheckedArgs};
use crate::error::{Error, Result};
use crate::info::CaptureMode;
use crate::info::Geometry;

/// Captures under way in the process, of any mode.
static ANY: AtomicUsize = AtomicUsize::new(0);
/// `Global` captures under way in the process.
static GLOBAL: AtomicUsize = AtomicUsize::new(0);
/// The threads that began the `ThreadLocal` captures under way, once per capture.
static THREAD_LOCAL: Mutex<Vec<ThreadId>> = Mutex::new(Vec::new());
/// Refused synchronous copies so far: each invalidates every capture under way.
static REFUSED_SYNC: AtomicU64 = AtomicU64::new(0);
/// Refused allocations so far: each invalidates the non-relaxed captures under way.
static REFUSED_GUARDED: AtomicU64 = AtomicU64::new(0);

fn thread_local_captures() -> MutexGuard<'static, Vec<ThreadId>> {
    THREAD_LOCAL.lock().unwrap_or_else(|p| p.into_inner())
}

/// The captures under way, by their stream's [`id`](Stream::id), which no other stream of
/// the process ever has. A capture leaves when it ends or when its stream is dropped.
static CAPTURES: Mutex<Vec<(u64, Capture)>> = Mutex::new(Vec::new());

fn captures() -> MutexGuard<'static, Vec<(u64, Capture)>> {
    CAPTURES.lock().unwrap_or_else(|p| p.into_inner())
}

impl Drop for Stream {
    // A capture still under way (its builder was forgotten) ends with its stream, and
    // gives back its share of the counts that guard copies and allocations.
    fn drop(&mut self) {
        if ANY.load(Ordering::Relaxed) == 0 {
            return;
        }
        let capture = {
            let mut all = captures();
            let i = all.iter().position(|(id, _)| *id == self.id);
            i.map(|i| all.swap_remove(i))
        };
        drop(capture);
    }
}

/// A capture's place in the process-wide counts that guard synchronous copies and
/// allocations: taken when it begins, given back when it is dropped, whichever thread that
/// is on and whether it ended or its stream went away.
struct Registration {
    mode: CaptureMode,
    thread: ThreadId,
}

impl Registration {
    fn new(mode: CaptureMode) -> Registration {
        let thread = std::thread::current().id();
        ANY.fetch_add(1, Ordering::Relaxed);
        match mode {
            CaptureMode::Global => {
                GLOBAL.fetch_add(1, Ordering::Relaxed);
            }
            CaptureMode::ThreadLocal => thread_local_captures().push(thread),
            CaptureMode::Relaxed => {}
        }
        Registration { mode, thread }
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        match self.mode {
            CaptureMode::Global => {
                GLOBAL.fetch_sub(1, Ordering::Relaxed);
            }
            CaptureMode::ThreadLocal => {
                let mut threads = thread_local_captures();
                if let Some(i) = threads.iter().position(|t| *t == self.thread) {
                    threads.swap_remove(i);
                }
            }
            CaptureMode::Relaxed => {}
        }
        ANY.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A stream's capture under way.
pub(crate) struct Capture {
    graph: Graph,
    /// The node the next one depends on.
    last: Option<usize>,
    /// The refusal counters when it began.
    refused_at_begin: (u64, u64),
    /// Something queued on the stream could not be captured.
    invalidated: bool,
    /// Its mode and thread, counted process-wide while it lives.
    registration: Registration,
}

/// An error when a synchronous copy or memset (`what`) is asked for while a stream
/// captures. It runs on the legacy default stream, which waits for every blocking stream
/// (this crate's streams are blocking), so it would make the legacy stream depend on the
/// capture: the driver refuses it whatever the mode (`CUDA_ERROR_STREAM_CAPTURE_IMPLICIT`)
/// and invalidates the capture.
pub(crate) fn refuse_sync_during_capture(what: &str) -> Result<()> {
    if ANY.load(Ordering::Relaxed) == 0 {
        return Ok(());
    }
    REFUSED_SYNC.fetch_add(1, Ordering::Relaxed);
    Err(Error::InvalidArgument(format!(
        "{what} while a stream is capturing would wait for the capture \
         (CUDA_ERROR_STREAM_CAPTURE_IMPLICIT on the driver, which also invalidates the \
         capture). Queue it on the capturing stream (DeviceBuffer::copy_from_buffer_async, \
         fill_async), or do it before or after the capture"
    )))
}

/// An error when memory is allocated while a capture guards against it (any thread for a
/// `Global` capture, the capturing thread for `ThreadLocal`, never for `Relaxed`):
/// `CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED` on the driver, which invalidates the capture.
pub(crate) fn refuse_alloc_during_capture() -> Result<()> {
    if ANY.load(Ordering::Relaxed) == 0 {
        return Ok(());
    }
    if GLOBAL.load(Ordering::Relaxed) == 0
        && !thread_local_captures().contains(&std::thread::current().id())
    {
        return Ok(());
    }
    REFUSED_GUARDED.fetch_add(1, Ordering::Relaxed);
    Err(Error::InvalidArgument(
        "allocating device memory is not allowed while a Global capture runs (or a \
         ThreadLocal one on this thread): CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED on the \
         driver, which also invalidates the capture. Allocate before the capture, or capture \
         with CaptureMode::Relaxed"
            .to_string(),
    ))
}

fn refusals() -> (u64, u64) {
    (
        REFUSED_SYNC.load(Ordering::Relaxed),
        REFUSED_GUARDED.load(Ordering::Relaxed),
    )
}

impl Stream {
    /// While the stream captures, records the operation `make` gives as the next node and
    /// says so (`true`); otherwise `false`, and the caller runs the work.
    fn record_if_capturing(&self, make: impl FnOnce() -> Result<Op>) -> Result<bool> {
        if ANY.load(Ordering::Relaxed) == 0 {
            return Ok(false);
        }
        let mut all = captures();
        let Some((_, c)) = all.iter_mut().find(|(id, _)| *id == self.id) else {
            return Ok(false);
        };
        let deps: Vec<usize> = c.last.into_iter().collect();
        c.last = Some(c.graph.push(&deps, make()?));
        Ok(true)
    }

    /// While the stream captures, records a launch of `kernel` as the next node and says so
    /// (`true`); otherwise `false`, and the caller launches it. A cluster or cooperative
    /// launch is refused while capturing: the simulator's kernel nodes take neither.
    pub fn record_launch_if_capturing<A: ArgBytes>(
        &self,
        kernel: &Kernel,
        geometry: &Geometry,
        args: &CheckedArgs<'_, A>,
    ) -> Result<bool> {
        self.record_if_capturing(|| {
            if geometry.cluster.is_some() || geometry.cooperative {
                return Err(Error::Unsupported(
                    "the simulator records no cluster or cooperative launch into a graph; \
                     launch it on a stream outside the capture"
                        .to_string(),
                ));
            }
            kernel_op(kernel, geometry, args)
        })
    }

    /// An error when the stream captures, which invalidates the capture: `what` cannot be
    /// captured (`CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED` on the driver).
    pub(crate) fn refuse_if_capturing(&self, what: &str) -> Result<()> {
        if ANY.load(Ordering::Relaxed) == 0 {
            return Ok(());
        }
        if let Some((_, c)) = captures().iter_mut().find(|(id, _)| *id == self.id) {
            c.invalidated = true;
            return Err(Error::InvalidArgument(format!(
                "{what} on a capturing stream is not allowed \
                 (CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED on the driver, which also invalidates \
                 the capture)"
            )));
        }
        Ok(())
    }

    /// Records `op` when capturing, or runs it now on the stream's timeline.
    fn enqueue(&self, op: Op) -> Result<()> {
        let mut op = Some(op);
        if self.record_if_capturing(|| Ok(op.take().unwrap_or(Op::Empty)))? {
            return Ok(());
        }
        let op = op.unwrap_or(Op::Empty);
        let mut t = self.timeline();
        let start = t.max(gpu().lock().clock(self.ctx.ordinal).legacy_ns);
        *t = run(&op, self, start)?;
        Ok(())
    }
}

fn illegal(what: &str) -> Error {
    Error::InvalidArgument(format!("{what} (CUDA_ERROR_ILLEGAL_STATE on the driver)"))
}

impl CaptureInterface<SimBackend> for Stream {
    fn begin_capture(&self, mode: CaptureMode) -> Result<()> {
        let mut all = captures();
        if all.iter().any(|(id, _)| *id == self.id) {
            return Err(illegal("the stream is already capturing"));
        }
        let capture = Capture {
            graph: Graph::new(self.ctx.clone()),
            last: None,
            refused_at_begin: refusals(),
            invalidated: false,
            registration: Registration::new(mode),
        };
        all.push((self.id, capture));
        Ok(())
    }

    fn end_capture(&self) -> Result<Graph> {
        let mut all = captures();
        let Some(i) = all.iter().position(|(id, _)| *id == self.id) else {
            return Err(illegal("the stream is not capturing"));
        };
        let r = &all[i].1.registration;
        if r.mode != CaptureMode::Relaxed && r.thread != std::thread::current().id() {
            // The API's builder cannot leave its thread; kept as the driver's answer.
            return Err(Error::InvalidArgument(
                "a Global or ThreadLocal capture must end on the thread that began it \
                 (CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD on the driver)"
                    .to_string(),
            ));
        }
        let (_, c) = all.swap_remove(i);
        drop(all);
        let (sync, guarded) = refusals();
        let invalidated = c.invalidated
            || sync != c.refused_at_begin.0
            || (c.registration.mode != CaptureMode::Relaxed && guarded != c.refused_at_begin.1);
        if invalidated {
            return Err(Error::InvalidArgument(
                "the capture was invalidated by a call it does not allow (a synchronous copy, \
                 memset or allocation while it ran; CUDA_ERROR_STREAM_CAPTURE_INVALIDATED on \
                 the driver); capture again without it"
                    .to_string(),
            ));
        }
        Ok(c.graph)
    }

    fn copy_async(&self, dst: u64, src: u64, bytes: usize) -> Result<()> {
        self.enqueue(Op::Copy { dst, src, bytes })
    }

    fn memset_async(&self, dst: u64, value: u32, width: u32, count: usize) -> Result<()> {
        self.enqueue(Op::Memset {
            dst,
            value,
            width,
            count,
        })
    }
}
