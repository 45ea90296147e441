//! Streams and timing events.

use std::ffi::c_void;
use std::ptr;
use std::sync::Arc;

use crate::context::{Context, ContextInner};
use crate::driver::cu;
use crate::error::{Error, Result};
use crate::sys::driver as sys;

/// A CUDA stream: work queued on it runs in order. Destroyed on drop.
pub struct Stream {
    pub(crate) raw: sys::CUstream,
    pub(crate) ctx: Arc<ContextInner>,
}

// SAFETY: streams may be used from any thread.
unsafe impl Send for Stream {}
// SAFETY: as above; the handle is never mutated.
unsafe impl Sync for Stream {}

impl std::fmt::Debug for Stream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stream")
            .field("raw", &self.raw)
            .field("device", &self.ctx.ordinal)
            .finish()
    }
}

impl Stream {
    /// A new stream in `ctx`. It is a blocking stream: it orders with the legacy default
    /// stream, so synchronous copies such as [`DeviceBuffer::to_vec`](crate::DeviceBuffer::to_vec)
    /// see the results of kernels launched on it.
    pub fn new(ctx: &Context) -> Result<Stream> {
        ctx.inner.make_current()?;
        let mut raw: sys::CUstream = ptr::null_mut();
        // SAFETY: creates a stream destroyed in Drop.
        unsafe {
            cu!(
                ctx.inner.drv,
                stream_create(&mut raw, sys::CUstream_flags::CU_STREAM_DEFAULT.0)
            )
        }?;
        Ok(Stream {
            raw,
            ctx: ctx.inner.clone(),
        })
    }

    /// Waits until all work queued on this stream has finished.
    pub fn synchronize(&self) -> Result<()> {
        // SAFETY: the stream is alive.
        unsafe { cu!(self.ctx.drv, stream_synchronize(self.raw)) }
    }

    /// Whether all queued work has finished (`cuStreamQuery`), without waiting.
    pub fn is_idle(&self) -> Result<bool> {
        // SAFETY: the stream is alive.
        let rc = unsafe {
            match self.ctx.drv.api.stream_query.get() {
                Ok(f) => f(self.raw),
                Err(e) => return Err(e),
            }
        };
        match rc {
            sys::CUresult::CUDA_SUCCESS => Ok(true),
            sys::CUresult::CUDA_ERROR_NOT_READY => Ok(false),
            other => Err(Error::Cuda(self.ctx.drv.error(other, "cuStreamQuery"))),
        }
    }

    /// The context the stream belongs to.
    pub fn context(&self) -> Context {
        Context {
            inner: self.ctx.clone(),
        }
    }

    /// The raw `CUstream`, valid while this value lives.
    pub fn as_raw(&self) -> *mut c_void {
        self.raw.cast()
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
        // SAFETY: destroying the stream this value owns; queued work still completes.
        unsafe {
            let _ = cu!(self.ctx.drv, stream_destroy(self.raw));
        }
    }
}

/// A CUDA event for timing: record it on a stream, then ask for the time between two.
///
/// ```no_run
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::Device;
/// let dev = Device::new(0)?;
/// let stream = dev.create_stream()?;
/// let (start, end) = (dev.create_event()?, dev.create_event()?);
/// start.record(&stream)?;
/// // ... launch work on `stream` ...
/// end.record(&stream)?;
/// println!("{} ms", end.elapsed_ms_since(&start)?);
/// # Ok(()) }
/// ```
pub struct Event {
    raw: sys::CUevent,
    ctx: Arc<ContextInner>,
}

// SAFETY: events may be used from any thread.
unsafe impl Send for Event {}
// SAFETY: as above.
unsafe impl Sync for Event {}

impl std::fmt::Debug for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Event").field("raw", &self.raw).finish()
    }
}

impl Event {
    /// A new event in `ctx` that records timing.
    pub fn new(ctx: &Context) -> Result<Event> {
        ctx.inner.make_current()?;
        let mut raw: sys::CUevent = ptr::null_mut();
        // SAFETY: creates an event destroyed in Drop.
        unsafe {
            cu!(
                ctx.inner.drv,
                event_create(&mut raw, sys::CUevent_flags::CU_EVENT_DEFAULT.0)
            )
        }?;
        Ok(Event {
            raw,
            ctx: ctx.inner.clone(),
        })
    }

    /// Records the event on `stream`: it completes when the work queued before it does.
    pub fn record(&self, stream: &Stream) -> Result<()> {
        // SAFETY: both handles are alive.
        unsafe { cu!(self.ctx.drv, event_record(self.raw, stream.raw)) }
    }

    /// Waits until the event has completed.
    pub fn synchronize(&self) -> Result<()> {
        // SAFETY: the event is alive.
        unsafe { cu!(self.ctx.drv, event_synchronize(self.raw)) }
    }

    /// Whether the event has completed (`cuEventQuery`), without waiting.
    pub fn is_complete(&self) -> Result<bool> {
        // SAFETY: the event is alive.
        let rc = unsafe {
            match self.ctx.drv.api.event_query.get() {
                Ok(f) => f(self.raw),
                Err(e) => return Err(e),
            }
        };
        match rc {
            sys::CUresult::CUDA_SUCCESS => Ok(true),
            sys::CUresult::CUDA_ERROR_NOT_READY => Ok(false),
            other => Err(Error::Cuda(self.ctx.drv.error(other, "cuEventQuery"))),
        }
    }

    /// Milliseconds between `start` and this event (both recorded). Waits for this event.
    pub fn elapsed_ms_since(&self, start: &Event) -> Result<f32> {
        self.synchronize()?;
        let mut ms = 0f32;
        // SAFETY: both events are alive and recorded.
        unsafe {
            cu!(
                self.ctx.drv,
                event_elapsed_time(&mut ms, start.raw, self.raw)
            )
        }?;
        Ok(ms)
    }

    /// The raw `CUevent`, valid while this value lives.
    pub fn as_raw(&self) -> *mut c_void {
        self.raw.cast()
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        // SAFETY: destroying the event this value owns.
        unsafe {
            let _ = cu!(self.ctx.drv, event_destroy(self.raw));
        }
    }
}
