//! Stream capture on the simulated devices: while a stream captures, the work queued on it
//! (launches, stream-ordered copies and memsets) is recorded into a graph, each node
//! depending on the one before, instead of running.
//!
//! A capture ([`Capture`]: the graph being recorded) is held by the API's stream while it
//! lasts, the one record of which streams capture (`graph::log`), and is handed to each call
//! that queues work on the stream ([`CaptureInterface`]); the simulator keeps no list of
//! captures of its own. What it keeps process-wide is what the driver guards process-wide:
//! how many captures of each mode are under way, which the calls below refuse by.
//!
//! As on the driver, work that would run at once instead of in the graph is refused while
//! a capture runs, and invalidates it (its end then fails, as
//! `CUDA_ERROR_STREAM_CAPTURE_INVALIDATED` does): synchronous copies and memsets always
//! (they run on the legacy default stream, which would wait for the capturing stream), and
//! allocations as the capture mode says (any thread for `Global`, the capturing thread for
//! `ThreadLocal`, never for `Relaxed`). Freeing memory is not refused here: a buffer
//! dropped during a capture is freed. A capture gives back its share of the process-wide
//! counts when it is dropped ([`Registration`]), ended or with its stream.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::ThreadId;

use super::super::device::gpu;
use super::super::library::Kernel;
use super::super::stream::{Event, Stream};
use super::super::SimBackend;
use super::exec::{run, GraphExec};
use super::{kernel_op, Graph, Op};
use crate::backend::interface::{
    in_host_fn, ArgBytes, CaptureInterface, CaptureNodes, CheckedArgs, EventInterface,
    GraphExecInterface, GraphInterface, HostFn, KernelInterface,
};
use crate::error::{Error, Result};
use crate::info::CaptureMode;
use crate::info::Geometry;
use crate::CaptureRule;

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

/// A stream's capture under way: the graph being recorded. Held by the API's stream while
/// it lasts, and handed to each call that queues work on the stream.
pub(crate) struct Capture {
    graph: Graph,
    /// The nodes the next one depends on (set by the API, which knows which of the streams
    /// sharing the capture queues it).
    deps: Vec<usize>,
    /// The refusal counters when it began.
    refused_at_begin: (u64, u64),
    /// Something queued on the stream could not be captured.
    invalidated: bool,
    /// Its mode and thread, counted process-wide while it lives.
    registration: Registration,
}

impl Capture {
    /// Records `op` as the next node, after the nodes it depends on; it is then what the
    /// next one depends on, unless the API says otherwise.
    fn record(&mut self, op: Op) {
        let index = self.graph.push(&self.deps, op);
        self.deps = vec![index];
    }
}

impl CaptureNodes for Capture {
    fn depend_on(&mut self, deps: &[usize]) {
        self.deps.clear();
        self.deps.extend_from_slice(deps);
    }
}

/// An error when a host function makes a CUDA call (`what`): the driver refuses them with
/// `CUDA_ERROR_NOT_PERMITTED`, and on the simulator the call would run inside the replay of
/// the graph or stream that called the function.
fn refuse_in_host_fn(what: &str) -> Result<()> {
    if !in_host_fn() {
        return Ok(());
    }
    Err(Error::InvalidArgument(format!(
        "{what} from inside a host function is not allowed (CUDA_ERROR_NOT_PERMITTED on the \
         driver): a host function may not call CUDA; queue the work after it on the stream \
         instead"
    )))
}

/// An error when a synchronous copy or memset (`what`) is asked for while a stream
/// captures. It runs on the legacy default stream, which waits for every blocking stream
/// (this crate's streams are blocking), so it would make the legacy stream depend on the
/// capture: the driver refuses it whatever the mode (`CUDA_ERROR_STREAM_CAPTURE_IMPLICIT`)
/// and invalidates the capture.
pub(crate) fn refuse_sync_during_capture(what: &str) -> Result<()> {
    refuse_in_host_fn(what)?;
    if ANY.load(Ordering::Relaxed) == 0 {
        return Ok(());
    }
    REFUSED_SYNC.fetch_add(1, Ordering::Relaxed);
    Err(Error::StreamCapture {
        rule: CaptureRule::Implicit,
        detail: format!(
            "{what} while a stream is capturing would wait for the capture \
             (CUDA_ERROR_STREAM_CAPTURE_IMPLICIT on the driver, which also invalidates the \
             capture). Queue it on the capturing stream (DeviceBuffer::copy_from_buffer_async, \
             fill_async), or do it before or after the capture"
        ),
    })
}

/// An error when memory is allocated while a capture guards against it (any thread for a
/// `Global` capture, the capturing thread for `ThreadLocal`, never for `Relaxed`):
/// `CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED` on the driver, which invalidates the capture.
pub(crate) fn refuse_alloc_during_capture() -> Result<()> {
    refuse_in_host_fn("allocating device memory")?;
    if ANY.load(Ordering::Relaxed) == 0 {
        return Ok(());
    }
    if GLOBAL.load(Ordering::Relaxed) == 0
        && !thread_local_captures().contains(&std::thread::current().id())
    {
        return Ok(());
    }
    REFUSED_GUARDED.fetch_add(1, Ordering::Relaxed);
    Err(Error::StreamCapture {
        rule: CaptureRule::Unsupported,
        detail: "allocating device memory is not allowed while a Global capture runs (or a \
                 ThreadLocal one on this thread): CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED on \
                 the driver, which also invalidates the capture. Allocate before the capture, \
                 or capture with CaptureMode::Relaxed"
            .to_string(),
    })
}

fn refusals() -> (u64, u64) {
    (
        REFUSED_SYNC.load(Ordering::Relaxed),
        REFUSED_GUARDED.load(Ordering::Relaxed),
    )
}

impl Stream {
    /// Records `op` into `capture`, or runs it now on the stream's timeline.
    fn enqueue(&self, capture: Option<&mut Capture>, op: Op) -> Result<()> {
        if let Some(capture) = capture {
            capture.record(op);
            return Ok(());
        }
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
    fn begin_capture(&self, under_way: bool, mode: CaptureMode) -> Result<Capture> {
        if under_way {
            return Err(illegal("the stream is already capturing"));
        }
        Ok(Capture {
            graph: Graph::new(self.ctx.clone()),
            deps: Vec::new(),
            refused_at_begin: refusals(),
            invalidated: false,
            registration: Registration::new(mode),
        })
    }

    fn end_capture(&self, capture: Capture) -> Result<Graph> {
        let r = &capture.registration;
        if r.mode != CaptureMode::Relaxed && r.thread != std::thread::current().id() {
            // The API's builder cannot leave its thread; kept as the driver's answer.
            return Err(Error::StreamCapture {
                rule: CaptureRule::WrongThread,
                detail: "a Global or ThreadLocal capture must end on the thread that began it \
                         (CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD on the driver)"
                    .to_string(),
            });
        }
        let (sync, guarded) = refusals();
        let invalidated = capture.invalidated
            || sync != capture.refused_at_begin.0
            || (r.mode != CaptureMode::Relaxed && guarded != capture.refused_at_begin.1);
        if invalidated {
            return Err(Error::StreamCapture {
                rule: CaptureRule::Invalidated,
                detail: "the capture was invalidated by a call it does not allow (a \
                         synchronous copy, memset or allocation while it ran; \
                         CUDA_ERROR_STREAM_CAPTURE_INVALIDATED on the driver); capture again \
                         without it"
                    .to_string(),
            });
        }
        Ok(capture.graph)
    }

    /// Records the launch into `capture`, or launches now. A cluster or cooperative launch
    /// is refused while capturing: the simulator's kernel nodes take neither.
    #[inline]
    fn launch<A: ArgBytes>(
        &self,
        capture: Option<&mut Capture>,
        kernel: &Kernel,
        geometry: &Geometry,
        args: CheckedArgs<'_, A>,
    ) -> Result<()> {
        let Some(capture) = capture else {
            return kernel.launch(self, geometry, args);
        };
        if geometry.cluster().is_some() || geometry.cooperative() {
            return Err(Error::Unsupported(
                "the simulator records no cluster or cooperative launch into a graph; \
                 launch it on a stream outside the capture"
                    .to_string(),
            ));
        }
        capture.record(kernel_op(kernel, geometry, &args)?);
        Ok(())
    }

    /// Replays `graph` now; refused into a capture, which it invalidates, as the driver
    /// refuses it (seen on an H200: `CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED`).
    fn launch_graph(&self, capture: Option<&mut Capture>, graph: &GraphExec) -> Result<()> {
        let Some(capture) = capture else {
            return graph.launch(self);
        };
        // A graph of another device is refused first, as it is outside a capture.
        graph.check_stream(self)?;
        capture.invalidated = true;
        Err(Error::StreamCapture {
            rule: CaptureRule::Unsupported,
            detail: "launching a graph (add its definition to another with \
                     GraphDefinition::add_child) on a capturing stream is not allowed \
                     (CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED on the driver, which also \
                     invalidates the capture)"
                .to_string(),
        })
    }

    fn copy_async(
        &self,
        capture: Option<&mut Capture>,
        dst: u64,
        src: u64,
        bytes: usize,
    ) -> Result<()> {
        self.enqueue(capture, Op::Copy { dst, src, bytes })
    }

    fn memset_async(
        &self,
        capture: Option<&mut Capture>,
        dst: u64,
        value: u32,
        width: u32,
        count: usize,
    ) -> Result<()> {
        let op = Op::Memset {
            dst,
            value,
            width,
            count,
        };
        self.enqueue(capture, op)
    }

    /// Records where the stream's timeline is, or, in a capture, nothing: the event then
    /// stands for the capture's nodes, which the API tracks.
    fn record_event(&self, capture: Option<&mut Capture>, event: &Event) -> Result<()> {
        if capture.is_some() {
            return Ok(());
        }
        event.record(self)
    }

    /// Moves the stream's timeline to the event's time, if it is later; in a capture,
    /// nothing (the API adds the dependency). An event never recorded is no wait, as on the
    /// driver.
    fn wait_event(&self, capture: Option<&mut Capture>, event: &Event) -> Result<()> {
        if capture.is_some() {
            return Ok(());
        }
        let at = *event.cell().lock().unwrap_or_else(|p| p.into_inner());
        if let Some(at) = at {
            let mut t = self.timeline();
            *t = t.max(at);
        }
        Ok(())
    }

    /// Calls `host` now, after the work before it (which has run), or records it as a
    /// host node.
    fn launch_host(&self, capture: Option<&mut Capture>, host: &Arc<HostFn>) -> Result<()> {
        self.enqueue(capture, Op::Host(host.clone()))
    }

    /// Frees the graph allocation now (the work before has run).
    fn free_graph_alloc(&self, ptr: u64) -> Result<()> {
        let a = super::graph_alloc(ptr)?;
        super::exec::free_graph_alloc(&a)
    }

    /// Records an allocation node, as `GraphDefinition::add_mem_alloc` adds one: the
    /// memory is reserved now, at the address the graph keeps, and the captured graph owns
    /// it.
    fn alloc_in_capture(&self, capture: &mut Capture, bytes: usize) -> Result<u64> {
        refuse_in_host_fn("allocating device memory")?;
        let (index, addr) = capture.graph.add_mem_alloc(&capture.deps, bytes)?;
        capture.deps = vec![index];
        Ok(addr)
    }

    /// Records a free node of a graph allocation: one the same capture made, or another
    /// graph's.
    fn free_in_capture(&self, capture: &mut Capture, ptr: u64) -> Result<()> {
        let a = match capture.graph.own_alloc(ptr) {
            Some(a) => a,
            None => super::graph_alloc(ptr)?,
        };
        capture.record(Op::MemFree(a));
        Ok(())
    }
}
