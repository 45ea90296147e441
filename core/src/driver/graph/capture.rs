//! Stream capture and the work queued on a stream on the driver. CUDA keeps the capture:
//! it records the work queued on a capturing stream itself, so the work goes to the stream
//! whether or not a capture is under way, and the driver's [`Capture`] holds nothing.

use std::ptr;

use super::super::{DriverBackend, Kernel, Stream};
use super::ffi::{cug, CUgraph};
use super::{Graph, GraphExec};
use crate::backend::interface::{
    ArgBytes, CaptureInterface, CheckedArgs, GraphExecInterface, KernelInterface,
};
use crate::error::{Error, Result};
use crate::info::{CaptureMode, Geometry};

/// A capture under way on a driver stream: CUDA's own, so nothing to hold.
pub(crate) struct Capture;

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
            return Err(Error::InvalidArgument(
                "the capture produced no graph (it was invalidated)".to_string(),
            ));
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
}
