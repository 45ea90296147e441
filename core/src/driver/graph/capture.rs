//! Stream capture and the work queued on a stream on the driver. CUDA keeps the capture:
//! it records the work queued on a capturing stream itself, so the work goes to the stream
//! whether or not a capture is under way, and the driver's [`Capture`] holds nothing.

use std::ffi::c_void;
use std::ptr;
use std::sync::Arc;

use super::super::{DriverBackend, Event, Kernel, Stream};
use super::ffi::{cug, CUgraph};
use super::{Graph, GraphExec};
use crate::backend::interface::{
    ArgBytes, CaptureInterface, CaptureNodes, CheckedArgs, EventInterface, GraphExecInterface,
    HostFn, KernelInterface, StreamInterface,
};
use crate::error::{Error, Result};
use crate::info::{CaptureMode, Geometry};

/// A capture under way on a driver stream: CUDA's own, so nothing to hold.
pub(crate) struct Capture;

/// CUDA keeps each capturing stream's dependencies itself.
impl CaptureNodes for Capture {
    fn depend_on(&mut self, _deps: &[usize]) {}
}

/// Calls a host node's function: `data` is an `Arc<HostFn>`'s pointer, which the API keeps
/// alive as long as any graph that can call it. `HostFn::call` catches a panic, so nothing
/// unwinds into the driver.
pub(super) unsafe extern "C" fn call_held(data: *mut c_void) {
    // SAFETY: the pointer of a live `HostFn` (the caller's contract above).
    if let Some(host) = unsafe { data.cast::<HostFn>().cast_const().as_ref() } {
        let _ = host.call();
    }
}

/// Calls a host function launched once on a stream: `data` is an `Arc<HostFn>` turned into
/// a raw pointer for this call, released here.
unsafe extern "C" fn call_once(data: *mut c_void) {
    if data.is_null() {
        return;
    }
    // SAFETY: `launch_host` made `data` with `Arc::into_raw` for exactly one call.
    let host = unsafe { Arc::from_raw(data.cast::<HostFn>().cast_const()) };
    let _ = host.call();
}

/// The `CUstreamCaptureMode` value.
fn mode_raw(mode: CaptureMode) -> u32 {
    match mode {
        CaptureMode::Global => 0,
        CaptureMode::ThreadLocal => 1,
        CaptureMode::Relaxed => 2,
    }
}

impl CaptureInterface<DriverBackend> for Stream {
    /// `cuStreamBeginCapture` (the `_v2` with a mode), which refuses a stream that
    /// captures already.
    fn begin_capture(&self, _under_way: bool, mode: CaptureMode) -> Result<Capture> {
        // SAFETY: the stream is alive.
        unsafe { cug!(self.ctx.drv, stream_begin_capture(self.raw, mode_raw(mode))) }?;
        Ok(Capture)
    }

    /// `cuStreamEndCapture`.
    fn end_capture(&self, _capture: Capture) -> Result<Graph> {
        let mut raw: CUgraph = ptr::null_mut();
        // SAFETY: the stream is alive; the graph it gives is destroyed by the `Graph`.
        unsafe { cug!(self.ctx.drv, stream_end_capture(self.raw, &mut raw)) }?;
        if raw.is_null() {
            return Err(Error::StreamCapture {
                rule: crate::CaptureRule::Invalidated,
                detail: "cuStreamEndCapture gave no graph: the capture was invalidated".to_string(),
            });
        }
        Ok(Graph::wrap(raw, self.ctx.clone()))
    }

    /// The kernel's launch on the stream (CUDA records it while the stream captures).
    #[inline]
    fn launch<A: ArgBytes>(
        &self,
        _capture: Option<&mut Capture>,
        kernel: &Kernel,
        geometry: &Geometry,
        args: CheckedArgs<'_, A>,
    ) -> Result<()> {
        kernel.launch(self, geometry, args)
    }

    /// The graph's launch on the stream (CUDA refuses it while the stream captures).
    #[inline]
    fn launch_graph(&self, _capture: Option<&mut Capture>, graph: &GraphExec) -> Result<()> {
        graph.launch(self)
    }

    /// `cuMemcpyDtoDAsync`.
    fn copy_async(
        &self,
        _capture: Option<&mut Capture>,
        dst: u64,
        src: u64,
        bytes: usize,
    ) -> Result<()> {
        // SAFETY: both ranges are the caller's guarantee; the stream is alive.
        unsafe { cug!(self.ctx.drv, memcpy_dtod_async(dst, src, bytes, self.raw)) }
    }

    /// `cuMemsetD8Async`, `cuMemsetD16Async` or `cuMemsetD32Async`.
    fn memset_async(
        &self,
        _capture: Option<&mut Capture>,
        dst: u64,
        value: u32,
        width: u32,
        count: usize,
    ) -> Result<()> {
        let drv = self.ctx.drv;
        // SAFETY: the range is the caller's guarantee; the stream is alive. The value is
        // truncated to the element width, which the caller chose from its element type.
        unsafe {
            match width {
                1 => cug!(drv, memset_d8_async(dst, value as u8, count, self.raw)),
                2 => cug!(drv, memset_d16_async(dst, value as u16, count, self.raw)),
                _ => cug!(drv, memset_d32_async(dst, value, count, self.raw)),
            }
        }
    }

    /// `cuEventRecord` (in a capture, CUDA marks the event captured).
    fn record_event(&self, _capture: Option<&mut Capture>, event: &Event) -> Result<()> {
        event.record(self)
    }

    /// `cuStreamWaitEvent` (in a capture, or of a captured event, CUDA adds the dependency
    /// and joins the stream to the event's capture).
    fn wait_event(&self, _capture: Option<&mut Capture>, event: &Event) -> Result<()> {
        // SAFETY: both handles are alive.
        unsafe { cug!(self.ctx.drv, stream_wait_event(self.raw, event.raw, 0)) }
    }

    /// `cuLaunchHostFunc`. In a capture CUDA records a host node that calls the function
    /// at every launch of the graph, which the API keeps alive; outside one the function is
    /// called once, and holds itself alive until then.
    fn launch_host(&self, capture: Option<&mut Capture>, host: &Arc<HostFn>) -> Result<()> {
        let drv = self.ctx.drv;
        if capture.is_some() {
            let data = Arc::as_ptr(host).cast_mut().cast::<c_void>();
            // SAFETY: the API keeps `host` alive as long as the graph this records into.
            return unsafe { cug!(drv, launch_host_func(self.raw, Some(call_held), data)) };
        }
        let data = Arc::into_raw(host.clone()).cast_mut().cast::<c_void>();
        // SAFETY: `data` is released by `call_once`, which the driver calls once.
        let r = unsafe { cug!(drv, launch_host_func(self.raw, Some(call_once), data)) };
        if r.is_err() {
            // Not queued: released here instead.
            // SAFETY: made by `Arc::into_raw` above and not given to the driver.
            drop(unsafe { Arc::from_raw(data.cast::<HostFn>().cast_const()) });
        }
        r
    }

    /// `cuMemFreeAsync` of a graph allocation.
    fn free_graph_alloc(&self, ptr: u64) -> Result<()> {
        StreamInterface::free_async(self, ptr, None)
    }

    /// `cuMemAllocAsync` on the capturing stream: CUDA records a memory allocation node.
    fn alloc_in_capture(&self, _capture: &mut Capture, bytes: usize) -> Result<u64> {
        StreamInterface::alloc_async(self, bytes, None)
    }

    /// `cuMemFreeAsync` on the capturing stream: CUDA records a memory free node.
    fn free_in_capture(&self, _capture: &mut Capture, ptr: u64) -> Result<()> {
        StreamInterface::free_async(self, ptr, None)
    }
}
