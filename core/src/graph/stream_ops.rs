//! Work queued on a stream in its turn ([`Stream::queue`]): launches, stream-ordered copies
//! and memsets reach the backend this way, given the stream's capture under way, so that a
//! capture records each as a graph node and its log notes it.

use std::sync::MutexGuard;

use super::definition::{memset_word, same_len};
use super::log::{CaptureLog, NodeRecord};
use super::node::{bytes_label, GraphNodeKind};
use crate::backend::seam;
use crate::error::{Error, Result};
use crate::memory::{DeviceBuffer, DeviceRepr};
use crate::stream::Stream;

impl Stream {
    /// Queues work on the stream in its turn: `op`, the backend's call, given the backend's
    /// capture when the stream captures; then, if it captures, the node `make` describes is
    /// noted, after the one noted before it. The turn keeps the log in the backend's order
    /// when threads queue on one stream, and keeps a capture from beginning or ending
    /// between `op` and its note.
    #[inline]
    pub(crate) fn queue<T>(
        &self,
        op: impl FnOnce(Option<&mut seam::Capture>) -> Result<T>,
        make: impl FnOnce(Vec<usize>) -> NodeRecord,
    ) -> Result<T> {
        super::refuse_in_host_fn("queueing work on a stream")?;
        let turn = self.turn();
        let Some(log) = turn.as_ref() else {
            return op(None);
        };
        log.queue(op, make)
    }

    /// The stream's turn for a stream-ordered allocation, with the capture under way if
    /// the stream captures (the allocation is then a graph memory allocation node, as
    /// `cuMemAllocAsync` on a capturing stream is). An allocation from an explicit pool
    /// (`from_pool`) on a capturing stream is refused before the backend sees it, and the
    /// capture goes on: this crate records allocation nodes from the device's current pool
    /// only. The caller allocates in the turn, so no capture begins or ends meanwhile.
    pub(crate) fn ordered_alloc_turn(
        &self,
        from_pool: bool,
    ) -> Result<MutexGuard<'_, Option<CaptureLog>>> {
        let turn = self.turn();
        if turn.is_some() && from_pool {
            return Err(Error::Unsupported(
                "a stream-ordered allocation from a MemPool on a capturing stream would be a \
                 graph memory node with the pool's properties, which this crate does not \
                 record; allocate with Stream::alloc_async (the device's current pool) in the \
                 capture, or from the pool before it"
                    .to_string(),
            ));
        }
        Ok(turn)
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
        stream.queue(
            |capture| stream.imp.copy_async(capture, self.ptr, src.ptr, bytes),
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
        stream.queue(
            |capture| {
                let count = self.len();
                stream
                    .imp
                    .memset_async(capture, self.ptr, word, width, count)
            },
            |deps| {
                let label = format!("memset {}", bytes_label(self.size_bytes()));
                NodeRecord::plain(GraphNodeKind::Memset, label, deps)
            },
        )
    }
}
