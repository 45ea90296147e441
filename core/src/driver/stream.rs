//! Streams and events on the driver.

use std::ffi::c_void;
use std::ptr;
use std::sync::Arc;

use super::{cu, Context, DriverBackend, MemPool};
use crate::backend::interface::{EventInterface, StreamInterface};
use crate::error::Result;
use crate::sys::driver as sys;

/// A `CUstream` and the context it was made in; destroyed on drop unless borrowed.
pub(crate) struct Stream {
    pub raw: sys::CUstream,
    pub ctx: Arc<Context>,
    /// The owner of a stream wrapped from another crate (it destroys the stream, not us).
    borrowed_from: Option<Arc<dyn std::any::Any + Send + Sync>>,
}

// SAFETY: streams may be used from any thread; the handle is never mutated.
unsafe impl Send for Stream {}
// SAFETY: as above.
unsafe impl Sync for Stream {}

impl Stream {
    /// Wraps a stream owned elsewhere; `owner` keeps it alive and destroys it.
    ///
    /// # Safety
    /// `raw` is a stream of `ctx` (or one of the special handles) that `owner` keeps alive
    /// as long as the returned value.
    #[cfg(feature = "cudarc")]
    pub unsafe fn borrowed(
        raw: *mut std::ffi::c_void,
        ctx: Arc<Context>,
        owner: Arc<dyn std::any::Any + Send + Sync>,
    ) -> Stream {
        Stream {
            raw: raw.cast(),
            ctx,
            borrowed_from: Some(owner),
        }
    }
}

impl StreamInterface<DriverBackend> for Stream {
    /// `cuStreamCreate` in `ctx`.
    fn create(ctx: &Arc<Context>) -> Result<Stream> {
        ctx.make_current()?;
        let mut raw: sys::CUstream = ptr::null_mut();
        // SAFETY: creates a stream destroyed in Drop.
        unsafe {
            cu!(
                ctx.drv,
                stream_create(&mut raw, sys::CUstream_flags::CU_STREAM_DEFAULT.0)
            )
        }?;
        Ok(Stream {
            raw,
            ctx: ctx.clone(),
            borrowed_from: None,
        })
    }

    /// `cuStreamSynchronize`.
    fn synchronize(&self) -> Result<()> {
        // SAFETY: the stream is alive.
        unsafe { cu!(self.ctx.drv, stream_synchronize(self.raw)) }
    }

    /// `cuStreamQuery`: whether all its work is done.
    fn is_idle(&self) -> Result<bool> {
        let f = self.ctx.drv.api.stream_query.get()?;
        // SAFETY: the stream is alive.
        match unsafe { f(self.raw) } {
            sys::CUresult::CUDA_SUCCESS => Ok(true),
            sys::CUresult::CUDA_ERROR_NOT_READY => Ok(false),
            other => Err(self.ctx.drv.error(other, "cuStreamQuery").into()),
        }
    }

    fn context(&self) -> Arc<Context> {
        self.ctx.clone()
    }

    fn as_raw(&self) -> *mut c_void {
        self.raw.cast()
    }

    /// Times on a GPU are measured, not simulated.
    fn simulated_time_ms(&self) -> Option<f64> {
        None
    }

    /// `cuMemAllocAsync`, or `cuMemAllocFromPoolAsync` from `pool`.
    fn alloc_async(&self, bytes: usize, pool: Option<&MemPool>) -> Result<u64> {
        self.ctx.make_current()?;
        let mut ptr: sys::CUdeviceptr = 0;
        // SAFETY: the stream (and the pool) are alive; allocates `bytes`, which the caller
        // frees with `free_async`.
        unsafe {
            match pool {
                None => cu!(self.ctx.drv, mem_alloc_async(&mut ptr, bytes, self.raw)),
                Some(p) => cu!(
                    self.ctx.drv,
                    mem_alloc_from_pool_async(&mut ptr, bytes, p.raw, self.raw)
                ),
            }
        }?;
        Ok(ptr)
    }

    /// `cuMemFreeAsync` (the pool is the allocation's own).
    fn free_async(&self, ptr: u64, _pool: Option<&MemPool>) -> Result<()> {
        self.ctx.make_current()?;
        // SAFETY: frees an allocation the caller owns, after the stream's queued work.
        unsafe { cu!(self.ctx.drv, mem_free_async(ptr, self.raw)) }
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        if self.borrowed_from.is_some() {
            return;
        }
        // SAFETY: destroying the stream this value owns; queued work still completes.
        unsafe {
            let _ = cu!(self.ctx.drv, stream_destroy(self.raw));
        }
    }
}

/// A `CUevent`, destroyed on drop.
pub(crate) struct Event {
    pub raw: sys::CUevent,
    ctx: Arc<Context>,
}

// SAFETY: events may be used from any thread.
unsafe impl Send for Event {}
// SAFETY: as above.
unsafe impl Sync for Event {}

impl Event {
    /// Takes ownership of an event made by `driver::ipc` (destroyed on drop).
    pub(super) fn owned(raw: sys::CUevent, ctx: &Arc<Context>) -> Event {
        Event {
            raw,
            ctx: ctx.clone(),
        }
    }
}

impl EventInterface<DriverBackend> for Event {
    /// `cuEventCreate` in `ctx`.
    fn create(ctx: &Arc<Context>) -> Result<Event> {
        ctx.make_current()?;
        let mut raw: sys::CUevent = ptr::null_mut();
        // SAFETY: creates an event destroyed in Drop.
        unsafe {
            cu!(
                ctx.drv,
                event_create(&mut raw, sys::CUevent_flags::CU_EVENT_DEFAULT.0)
            )
        }?;
        Ok(Event {
            raw,
            ctx: ctx.clone(),
        })
    }

    /// `cuEventRecord` on `stream`.
    fn record(&self, stream: &Stream) -> Result<()> {
        // SAFETY: both handles are alive.
        unsafe { cu!(self.ctx.drv, event_record(self.raw, stream.raw)) }
    }

    /// `cuEventSynchronize`.
    fn synchronize(&self) -> Result<()> {
        // SAFETY: the event is alive.
        unsafe { cu!(self.ctx.drv, event_synchronize(self.raw)) }
    }

    /// `cuEventQuery`: whether the work before the record is done.
    fn is_complete(&self) -> Result<bool> {
        let f = self.ctx.drv.api.event_query.get()?;
        // SAFETY: the event is alive.
        match unsafe { f(self.raw) } {
            sys::CUresult::CUDA_SUCCESS => Ok(true),
            sys::CUresult::CUDA_ERROR_NOT_READY => Ok(false),
            other => Err(self.ctx.drv.error(other, "cuEventQuery").into()),
        }
    }

    /// `cuEventElapsedTime` from `start` to this event, in milliseconds.
    fn elapsed_ms_since(&self, start: &Event) -> Result<f32> {
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

    fn as_raw(&self) -> *mut c_void {
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
