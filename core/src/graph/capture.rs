//! Stream capture: [`Stream::begin_capture`] and the [`GraphBuilder`] it returns.

use std::marker::PhantomData;
use std::mem::ManuallyDrop;
use std::sync::Arc;

use super::definition::{Definition, GraphDefinition};
use super::exec::Graph;
use super::log::{CaptureLog, GraphToken, NodeRecord};
use crate::backend::seam;
use crate::error::{Error, Result};
use crate::info::CaptureMode;
use crate::stream::Stream;

/// A stream capture under way (cuda.core's `GraphBuilder`): until [`end`](GraphBuilder::end)
/// the kernel launches, [`copy_from_buffer_async`](crate::DeviceBuffer::copy_from_buffer_async)
/// and [`fill_async`](crate::DeviceBuffer::fill_async) calls queued on the stream are recorded
/// into a graph instead of running, each after the one before. It borrows the stream for the
/// whole capture; dropped without `end`, it ends the capture and discards the graph.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{launch, CaptureMode, Device, LaunchConfig, Library};
/// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
/// let ctx = Device::new(0)?.set_current()?;
/// let lib = Library::load_file(path, &Default::default())?;
/// let saxpy = lib.get_kernel("saxpy")?;
/// let (x, y) = (ctx.htod(&[1.0f32; 256])?, ctx.alloc_zeroed::<f32>(256)?);
/// let stream = ctx.create_stream()?;
///
/// let builder = stream.begin_capture(CaptureMode::ThreadLocal)?;
/// y.fill_async(1.0f32, &stream)?;
/// launch!(saxpy, &stream, &LaunchConfig::new(1, 256), 2.0f32, x, y, 256i32)?;
/// let def = builder.end()?;
/// assert_eq!(def.len(), 2);
/// assert_eq!(y.to_vec()?[0], 0.0); // recorded, not run
///
/// def.instantiate()?.launch(&stream)?;
/// stream.synchronize()?;
/// assert_eq!(y.to_vec()?[0], 3.0);
/// # Ok(()) }
/// ```
///
/// A builder stays on the thread that began the capture: the driver ends a `Global` or
/// `ThreadLocal` capture only there (`CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD`), so a builder
/// ended or dropped elsewhere would leave its stream capturing for ever. It is neither
/// `Send` nor `Sync`:
///
/// ```compile_fail,E0277
/// # fn main() -> cuda_library::Result<()> {
/// let stream = cuda_library::Device::new(0)?.create_stream()?;
/// let builder = stream.begin_capture(cuda_library::CaptureMode::Global)?;
/// std::thread::scope(|s| {
///     s.spawn(move || builder.end()); // a builder cannot move to another thread
/// });
/// # Ok(()) }
/// ```
///
/// A builder that is [forgotten](std::mem::forget) leaves its stream capturing until the
/// stream is dropped; no other stream is affected.
pub struct GraphBuilder<'s> {
    stream: &'s Stream,
    /// Neither `Send` nor `Sync`: the capture ends on the thread that began it.
    _same_thread: PhantomData<*const ()>,
}

impl std::fmt::Debug for GraphBuilder<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GraphBuilder")
            .field("stream", self.stream)
            .finish()
    }
}

impl Stream {
    /// Starts capturing the work queued on this stream into a graph
    /// (`cuStreamBeginCapture`). `mode` says which calls that cannot be captured (a
    /// synchronous copy, memset or allocation) are refused while it runs; such a call
    /// invalidates the capture, and [`GraphBuilder::end`] then fails.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{CaptureMode, Device};
    /// let ctx = Device::new(0)?.set_current()?;
    /// let stream = ctx.create_stream()?;
    /// let buf = ctx.alloc_zeroed::<u32>(64)?;
    /// let builder = stream.begin_capture(CaptureMode::Global)?;
    /// buf.fill_async(7, &stream)?;          // recorded
    /// assert!(buf.to_vec().is_err());       // a synchronous copy: refused, capture invalidated
    /// assert!(builder.end().is_err());
    ///
    /// let builder = stream.begin_capture(CaptureMode::Global)?;
    /// buf.fill_async(7, &stream)?;
    /// let graph = builder.complete()?;
    /// graph.launch(&stream)?;
    /// stream.synchronize()?;
    /// assert_eq!(buf.to_vec()?, [7; 64]);
    /// # Ok(()) }
    /// ```
    pub fn begin_capture(&self, mode: CaptureMode) -> Result<GraphBuilder<'_>> {
        // In the stream's turn, so work queued on it is in both the capture and its log or
        // in neither.
        super::refuse_in_host_fn("beginning a capture")?;
        let mut turn = self.turn();
        let backend = self.imp.begin_capture(turn.is_some(), mode)?;
        *turn = Some(CaptureLog::new(backend));
        Ok(GraphBuilder {
            stream: self,
            _same_thread: PhantomData,
        })
    }
}

impl GraphBuilder<'_> {
    /// The capturing stream.
    pub fn stream(&self) -> &Stream {
        self.stream
    }

    /// Ends the capture (`cuStreamEndCapture`): the graph of the work queued since
    /// [`Stream::begin_capture`]. An error when the capture was invalidated.
    pub fn end(self) -> Result<GraphDefinition> {
        // Ended here, so not again on drop.
        let this = ManuallyDrop::new(self);
        let (nodes, imp, token) = this.finish();
        let mut def = Definition::new(imp?, nodes, true);
        def.capture_token = token;
        def.keep_captured_hosts();
        def.note_captured_memory_nodes();
        Ok(GraphDefinition {
            inner: Arc::new(def),
            _parent: None,
        })
    }

    /// Ends the capture in the stream's turn, on the thread that began it (the builder
    /// cannot leave it): the nodes its log noted and the backend's graph. An error when the
    /// capture was invalidated, which ends it too.
    ///
    /// Every stream that joined the capture stops capturing. A capture the API invalidated
    /// (a refused call), or one with a stream that joined it and was not joined back
    /// (`CUDA_ERROR_STREAM_CAPTURE_UNJOINED`), gives an error: the backend's capture is
    /// ended all the same and its graph discarded.
    fn finish(
        &self,
    ) -> (
        Vec<NodeRecord>,
        Result<seam::Graph>,
        Option<Arc<GraphToken>>,
    ) {
        let mut turn = self.stream.turn();
        let not_capturing = || {
            // Not reached: a builder is made with its capture, and only it ends the capture.
            let e = "the stream is not capturing (CUDA_ERROR_ILLEGAL_STATE on the driver)";
            (Vec::new(), Err(Error::InvalidArgument(e.to_string())), None)
        };
        let Some(log) = turn.take() else {
            return not_capturing();
        };
        let ended = log.end();
        let Some(backend) = ended.backend else {
            return not_capturing();
        };
        let graph = self.stream.imp.end_capture(backend);
        match ended.refused {
            Some(refused) => (Vec::new(), Err(refused), None),
            None => (ended.nodes, graph, ended.graph_token),
        }
    }

    /// Ends the capture and instantiates the graph: [`end`](GraphBuilder::end) then
    /// [`GraphDefinition::instantiate`].
    pub fn complete(self) -> Result<Graph> {
        self.end()?.instantiate()
    }
}

impl Drop for GraphBuilder<'_> {
    fn drop(&mut self) {
        // The graph is discarded, and so is an invalidated capture's error.
        let _ = self.finish();
    }
}
