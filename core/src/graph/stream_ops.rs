//! Stream-ordered copies and memsets of device buffers: queued on a stream like launches,
//! so that a capture records them as graph nodes.

use super::definition::{memset_word, same_len};
use super::log::{self, NodeRecord};
use super::node::{bytes_label, GraphNodeKind};
use crate::error::{Error, Result};
use crate::memory::{DeviceBuffer, DeviceRepr};
use crate::stream::Stream;

impl Stream {
    /// An error when this stream captures: a stream-ordered allocation queued on it would
    /// be a graph memory node (`cuMemAllocAsync` in a capture), which this crate does not
    /// record, so the graph would hold memory it does not know of. Refused before the
    /// backend sees it: the capture goes on.
    pub(crate) fn refuse_ordered_alloc_while_capturing(&self) -> Result<()> {
        if log::is_open(self) {
            return Err(Error::Unsupported(
                "a stream-ordered allocation on a capturing stream would be a graph memory \
                 node, which this crate does not record; allocate before the capture (or on \
                 another stream, with CaptureMode::Relaxed)"
                    .to_string(),
            ));
        }
        Ok(())
    }
}

impl<T: DeviceRepr> DeviceBuffer<T> {
    /// Copies `src`, of the same length, into this buffer on the device, ordered on `stream`
    /// (`cuMemcpyDtoDAsync`): after the work queued there before, and recorded as a memcpy
    /// node while the stream captures.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let stream = ctx.create_stream()?;
    /// let (a, b) = (ctx.htod(&[1u32, 2, 3])?, ctx.alloc_zeroed::<u32>(3)?);
    /// b.copy_from_buffer_async(&a, &stream)?;
    /// stream.synchronize()?;
    /// assert_eq!(b.to_vec()?, [1, 2, 3]);
    /// # Ok(()) }
    /// ```
    pub fn copy_from_buffer_async(&self, src: &DeviceBuffer<T>, stream: &Stream) -> Result<()> {
        same_len(self, src)?;
        let bytes = self.size_bytes();
        if bytes == 0 {
            return Ok(());
        }
        log::queue(
            stream,
            || stream.imp.copy_async(self.ptr, src.ptr, bytes),
            |deps| {
                let label = format!("copy {}", bytes_label(bytes));
                NodeRecord::plain(GraphNodeKind::Memcpy, label, deps)
            },
        )
    }

    /// Sets every element to `value` on the device, ordered on `stream`
    /// (`cuMemsetD8Async`/`D16`/`D32`), and recorded as a memset node while the stream
    /// captures. Elements of 1, 2 or 4 bytes.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let stream = ctx.create_stream()?;
    /// let buf = ctx.alloc_zeroed::<f32>(4)?;
    /// buf.fill_async(0.5, &stream)?;
    /// stream.synchronize()?;
    /// assert_eq!(buf.to_vec()?, [0.5; 4]);
    /// assert!(ctx.alloc_zeroed::<f64>(4)?.fill_async(1.0, &stream).is_err()); // 8 bytes
    /// # Ok(()) }
    /// ```
    pub fn fill_async(&self, value: T, stream: &Stream) -> Result<()> {
        let (word, width) = memset_word(value)?;
        if self.is_empty() {
            return Ok(());
        }
        log::queue(
            stream,
            || stream.imp.memset_async(self.ptr, word, width, self.len()),
            |deps| {
                let label = format!("memset {}", bytes_label(self.size_bytes()));
                NodeRecord::plain(GraphNodeKind::Memset, label, deps)
            },
        )
    }
}
