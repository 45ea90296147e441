//! Stream capture and stream-ordered copies on the driver.

use std::ptr;

use super::super::{DriverBackend, Stream};
use super::ffi::{cug, CUgraph};
use super::Graph;
use crate::backend::interface::CaptureInterface;
use crate::error::{Error, Result};
use crate::info::CaptureMode;

/// The `CUstreamCaptureMode` value.
fn mode_raw(mode: CaptureMode) -> u32 {
    match mode {
        CaptureMode::Global => 0,
        CaptureMode::ThreadLocal => 1,
        CaptureMode::Relaxed => 2,
    }
}

impl CaptureInterface<DriverBackend> for Stream {
    /// `cuStreamBeginCapture` (the `_v2` with a mode).
    fn begin_capture(&self, mode: CaptureMode) -> Result<()> {
        // SAFETY: the stream is alive.
        unsafe { cug!(self.ctx.drv, stream_begin_capture(self.raw, mode_raw(mode))) }
    }

    /// `cuStreamEndCapture`.
    fn end_capture(&self) -> Result<Graph> {
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

    /// `cuMemcpyDtoDAsync`.
    fn copy_async(&self, dst: u64, src: u64, bytes: usize) -> Result<()> {
        // SAFETY: both ranges are the caller's guarantee; the stream is alive.
        unsafe { cug!(self.ctx.drv, memcpy_dtod_async(dst, src, bytes, self.raw)) }
    }

    /// `cuMemsetD8Async`, `cuMemsetD16Async` or `cuMemsetD32Async`.
    fn memset_async(&self, dst: u64, value: u32, width: u32, count: usize) -> Result<()> {
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
