//! Streams and timing events.
//!
//! On the simulator work runs when it is enqueued, and times are simulated: each stream is a
//! timeline that launches and copies advance by what the [cost model](crate::sim::CostModel)
//! charges, and an event records where its stream's timeline is.

use std::ffi::c_void;
#[cfg(not(target_arch = "wasm32"))]
use std::ptr;
use std::sync::{Arc, Mutex};

#[cfg(not(target_arch = "wasm32"))]
use crate::context::ContextInner;
use crate::context::{Context, CtxImp, SimContext};
#[cfg(not(target_arch = "wasm32"))]
use crate::driver::cu;
use crate::error::{Error, Result};
use crate::sim::device::gpu;
#[cfg(not(target_arch = "wasm32"))]
use crate::sys::driver as sys;

pub(crate) enum StreamImp {
    #[cfg(not(target_arch = "wasm32"))]
    Driver {
        raw: sys::CUstream,
        ctx: Arc<ContextInner>,
        /// For a stream this crate did not create (`Stream::from_cudarc`): its owner, kept
        /// alive while this value lives; the stream is then not destroyed on drop.
        borrowed_from: Option<Arc<dyn std::any::Any + Send + Sync>>,
    },
    Sim {
        ctx: Arc<SimContext>,
        /// Where this stream's timeline is, in simulated nanoseconds.
        ready_ns: Mutex<f64>,
    },
}

/// A CUDA stream: work queued on it runs in order. Destroyed on drop.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// let stream = cuda_library::Device::new(0)?.create_stream()?;
/// stream.synchronize()?;
/// assert!(stream.is_idle()?);
/// # Ok(()) }
/// ```
pub struct Stream {
    pub(crate) imp: StreamImp,
}

// SAFETY: streams may be used from any thread; the driver handle is never mutated and the
// simulated timeline is behind a mutex.
unsafe impl Send for Stream {}
// SAFETY: as above.
unsafe impl Sync for Stream {}

impl std::fmt::Debug for Stream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stream")
            .field("raw", &self.as_raw())
            .field("device", &self.context().device_ordinal())
            .field("simulated", &matches!(self.imp, StreamImp::Sim { .. }))
            .finish()
    }
}

impl Stream {
    /// A new stream in `ctx`. It is a blocking stream: it orders with the legacy default
    /// stream, so synchronous copies such as [`DeviceBuffer::to_vec`](crate::DeviceBuffer::to_vec)
    /// see the results of kernels launched on it.
    pub fn new(ctx: &Context) -> Result<Stream> {
        match &ctx.imp {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => {
                c.make_current()?;
                let mut raw: sys::CUstream = ptr::null_mut();
                // SAFETY: creates a stream destroyed in Drop.
                unsafe {
                    cu!(
                        c.drv,
                        stream_create(&mut raw, sys::CUstream_flags::CU_STREAM_DEFAULT.0)
                    )
                }?;
                Ok(Stream {
                    imp: StreamImp::Driver {
                        raw,
                        ctx: c.clone(),
                        borrowed_from: None,
                    },
                })
            }
            CtxImp::Sim(c) => Ok(Stream {
                imp: StreamImp::Sim {
                    ctx: c.clone(),
                    ready_ns: Mutex::new(gpu().lock().clock(c.ordinal).legacy_ns),
                },
            }),
        }
    }

    /// Waits until all work queued on this stream has finished.
    pub fn synchronize(&self) -> Result<()> {
        match &self.imp {
            #[cfg(not(target_arch = "wasm32"))]
            // SAFETY: the stream is alive.
            StreamImp::Driver { raw, ctx, .. } => unsafe { cu!(ctx.drv, stream_synchronize(*raw)) },
            StreamImp::Sim { .. } => {
                crate::sim::device::print_device_output();
                Ok(())
            }
        }
    }

    /// Whether all queued work has finished (`cuStreamQuery`), without waiting.
    pub fn is_idle(&self) -> Result<bool> {
        match &self.imp {
            #[cfg(not(target_arch = "wasm32"))]
            StreamImp::Driver { raw, ctx, .. } => {
                // SAFETY: the stream is alive.
                let rc = unsafe {
                    match ctx.drv.api.stream_query.get() {
                        Ok(f) => f(*raw),
                        Err(e) => return Err(e),
                    }
                };
                match rc {
                    sys::CUresult::CUDA_SUCCESS => Ok(true),
                    sys::CUresult::CUDA_ERROR_NOT_READY => Ok(false),
                    other => Err(Error::Cuda(ctx.drv.error(other, "cuStreamQuery"))),
                }
            }
            StreamImp::Sim { .. } => Ok(true),
        }
    }

    /// The context the stream belongs to.
    pub fn context(&self) -> Context {
        let imp = match &self.imp {
            #[cfg(not(target_arch = "wasm32"))]
            StreamImp::Driver { ctx, .. } => CtxImp::Driver(ctx.clone()),
            StreamImp::Sim { ctx, .. } => CtxImp::Sim(ctx.clone()),
        };
        Context { imp }
    }

    /// The raw `CUstream` (null on the simulator), valid while this value lives.
    pub fn as_raw(&self) -> *mut c_void {
        match &self.imp {
            #[cfg(not(target_arch = "wasm32"))]
            StreamImp::Driver { raw, .. } => raw.cast(),
            StreamImp::Sim { .. } => std::ptr::null_mut(),
        }
    }

    /// Where the simulated timeline of this stream is, in simulated milliseconds since the
    /// process started using the simulator; `None` on the driver.
    pub fn simulated_time_ms(&self) -> Option<f64> {
        match &self.imp {
            #[cfg(not(target_arch = "wasm32"))]
            StreamImp::Driver { .. } => None,
            StreamImp::Sim { ready_ns, ctx } => {
                let legacy = gpu().lock().clock(ctx.ordinal).legacy_ns;
                let t = *ready_ns.lock().unwrap_or_else(|p| p.into_inner());
                Some(t.max(legacy) / 1e6)
            }
        }
    }
}

impl Context {
    /// A new stream in this context.
    pub fn create_stream(&self) -> Result<Stream> {
        Stream::new(self)
    }

    /// A new timing event in this context.
    pub fn create_event(&self) -> Result<Event> {
        Event::new(self)
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        if let StreamImp::Driver {
            raw,
            ctx,
            borrowed_from: None,
        } = &self.imp
        {
            // SAFETY: destroying the stream this value owns; queued work still completes.
            unsafe {
                let _ = cu!(ctx.drv, stream_destroy(*raw));
            }
        }
    }
}

enum EventImp {
    #[cfg(not(target_arch = "wasm32"))]
    Driver {
        raw: sys::CUevent,
        ctx: Arc<ContextInner>,
    },
    /// The simulated time it was last recorded at.
    Sim(Mutex<Option<f64>>),
}

/// A CUDA event for timing: record it on a stream, then ask for the time between two.
/// On the simulator the time is simulated ([`Event::is_simulated`]): it comes from the
/// [cost model](crate::sim::CostModel), not a clock.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::Device;
/// let dev = Device::new(0)?;
/// let stream = dev.create_stream()?;
/// let (start, end) = (dev.create_event()?, dev.create_event()?);
/// start.record(&stream)?;
/// // ... launch work on `stream` ...
/// end.record(&stream)?;
/// let ms = end.elapsed_ms_since(&start)?;
/// println!("{ms} ms{}", if end.is_simulated() { " (simulated)" } else { "" });
/// # Ok(()) }
/// ```
///
/// [Try it in your browser](../playground/index.html#timing): the playground lesson on timing
/// launches, with charts, run on the simulated GPU.
pub struct Event {
    imp: EventImp,
}

// SAFETY: events may be used from any thread.
unsafe impl Send for Event {}
// SAFETY: as above.
unsafe impl Sync for Event {}

impl std::fmt::Debug for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Event")
            .field("raw", &self.as_raw())
            .field("simulated", &self.is_simulated())
            .finish()
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn mixed() -> Error {
    Error::InvalidArgument(
        "the event and the stream belong to different backends (driver and simulator)".to_string(),
    )
}

impl Event {
    /// A new event in `ctx` that records timing.
    pub fn new(ctx: &Context) -> Result<Event> {
        match &ctx.imp {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => {
                c.make_current()?;
                let mut raw: sys::CUevent = ptr::null_mut();
                // SAFETY: creates an event destroyed in Drop.
                unsafe {
                    cu!(
                        c.drv,
                        event_create(&mut raw, sys::CUevent_flags::CU_EVENT_DEFAULT.0)
                    )
                }?;
                Ok(Event {
                    imp: EventImp::Driver {
                        raw,
                        ctx: c.clone(),
                    },
                })
            }
            CtxImp::Sim(_) => Ok(Event {
                imp: EventImp::Sim(Mutex::new(None)),
            }),
        }
    }

    /// Whether the event's times are simulated.
    pub fn is_simulated(&self) -> bool {
        matches!(self.imp, EventImp::Sim(_))
    }

    /// Records the event on `stream`: it completes when the work queued before it does.
    pub fn record(&self, stream: &Stream) -> Result<()> {
        match (&self.imp, &stream.imp) {
            #[cfg(not(target_arch = "wasm32"))]
            (EventImp::Driver { raw, ctx }, StreamImp::Driver { raw: s, .. }) => {
                // SAFETY: both handles are alive.
                unsafe { cu!(ctx.drv, event_record(*raw, *s)) }
            }
            (EventImp::Sim(at), StreamImp::Sim { ready_ns, ctx }) => {
                let legacy = gpu().lock().clock(ctx.ordinal).legacy_ns;
                let t = *ready_ns.lock().unwrap_or_else(|p| p.into_inner());
                *at.lock().unwrap_or_else(|p| p.into_inner()) = Some(t.max(legacy));
                Ok(())
            }
            #[cfg(not(target_arch = "wasm32"))]
            _ => Err(mixed()),
        }
    }

    /// Waits until the event has completed.
    pub fn synchronize(&self) -> Result<()> {
        match &self.imp {
            #[cfg(not(target_arch = "wasm32"))]
            // SAFETY: the event is alive.
            EventImp::Driver { raw, ctx } => unsafe { cu!(ctx.drv, event_synchronize(*raw)) },
            EventImp::Sim(_) => {
                crate::sim::device::print_device_output();
                Ok(())
            }
        }
    }

    /// Whether the event has completed (`cuEventQuery`), without waiting.
    pub fn is_complete(&self) -> Result<bool> {
        match &self.imp {
            #[cfg(not(target_arch = "wasm32"))]
            EventImp::Driver { raw, ctx } => {
                // SAFETY: the event is alive.
                let rc = unsafe {
                    match ctx.drv.api.event_query.get() {
                        Ok(f) => f(*raw),
                        Err(e) => return Err(e),
                    }
                };
                match rc {
                    sys::CUresult::CUDA_SUCCESS => Ok(true),
                    sys::CUresult::CUDA_ERROR_NOT_READY => Ok(false),
                    other => Err(Error::Cuda(ctx.drv.error(other, "cuEventQuery"))),
                }
            }
            EventImp::Sim(_) => Ok(true),
        }
    }

    /// Milliseconds between `start` and this event (both recorded). Waits for this event.
    /// Simulated milliseconds on the simulator.
    pub fn elapsed_ms_since(&self, start: &Event) -> Result<f32> {
        self.synchronize()?;
        match (&self.imp, &start.imp) {
            #[cfg(not(target_arch = "wasm32"))]
            (EventImp::Driver { raw, ctx }, EventImp::Driver { raw: s, .. }) => {
                let mut ms = 0f32;
                // SAFETY: both events are alive and recorded.
                unsafe { cu!(ctx.drv, event_elapsed_time(&mut ms, *s, *raw)) }?;
                Ok(ms)
            }
            (EventImp::Sim(end), EventImp::Sim(begin)) => {
                let end = *end.lock().unwrap_or_else(|p| p.into_inner());
                let begin = *begin.lock().unwrap_or_else(|p| p.into_inner());
                match (begin, end) {
                    (Some(b), Some(e)) => Ok(((e - b) / 1e6) as f32),
                    _ => Err(Error::InvalidArgument(
                        "an event was never recorded; record both on a stream first \
                         (CUDA_ERROR_INVALID_HANDLE on the driver)"
                            .to_string(),
                    )),
                }
            }
            #[cfg(not(target_arch = "wasm32"))]
            _ => Err(mixed()),
        }
    }

    /// The raw `CUevent` (null on the simulator), valid while this value lives.
    pub fn as_raw(&self) -> *mut c_void {
        match &self.imp {
            #[cfg(not(target_arch = "wasm32"))]
            EventImp::Driver { raw, .. } => raw.cast(),
            EventImp::Sim(_) => std::ptr::null_mut(),
        }
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        if let EventImp::Driver { raw, ctx } = &self.imp {
            // SAFETY: destroying the event this value owns.
            unsafe {
                let _ = cu!(ctx.drv, event_destroy(*raw));
            }
        }
    }
}
