//! Work across streams, captured or not: [`Event::record`], [`Stream::wait_event`] and
//! [`Stream::launch_host_func`].
//!
//! A capture can span several streams, as the driver's does: a stream that waits for an
//! event recorded in a capture joins it (a fork), and its work becomes nodes of the same
//! graph, after the nodes the event stands for; the stream that began the capture waits for
//! an event recorded on the joined stream to join it back. The API tracks each member
//! stream's dependencies (`log::SharedCapture`) on both backends, so that the graph's nodes
//! and edges are known here, and applies the driver's rules:
//!
//! - a capturing stream that waits for an event of another capture, or for an event recorded
//!   outside any capture, would cross the capture's boundary:
//!   `CUDA_ERROR_STREAM_CAPTURE_ISOLATION`, which invalidates the capture;
//! - ending a capture while a joined stream has work the origin stream does not wait for:
//!   `CUDA_ERROR_STREAM_CAPTURE_UNJOINED` (`GraphBuilder::end`);
//! - synchronizing a capturing stream, or synchronizing or querying an event recorded in a
//!   capture: they stand for no work that runs (`CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED`,
//!   which invalidates the capture, and `CUDA_ERROR_CAPTURED_EVENT`).

use std::sync::Arc;

use super::log::{CaptureLog, NodeRecord};
use crate::backend::interface::HostFn;
use crate::error::{Error, Result};
use crate::stream::{Event, Stream};
use crate::CaptureRule;

impl Event {
    /// Records the event on `stream`: it completes when the work queued before it does.
    ///
    /// On a capturing stream nothing runs: the event then stands for the capture's work
    /// queued on that stream so far, and a stream that waits for it
    /// ([`Stream::wait_event`]) waits for those nodes in the graph, joining the capture if it
    /// was not capturing. Such an event cannot be synchronized, queried or timed until it is
    /// recorded again outside a capture.
    pub fn record(&self, stream: &Stream) -> Result<()> {
        super::refuse_in_host_fn("recording an event")?;
        let turn = stream.turn();
        let Some(log) = turn.as_ref() else {
            stream.imp.record_event(None, &self.imp)?;
            *self.captured_state() = None;
            return Ok(());
        };
        log.with_backend(|c| stream.imp.record_event(c, &self.imp))?;
        *self.captured_state() = Some(log.captured_event());
        Ok(())
    }

    fn captured_state(&self) -> std::sync::MutexGuard<'_, Option<super::log::CapturedEvent>> {
        self.captured.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// An error when the event was last recorded in a capture (`what`: what was asked of
    /// it).
    pub(crate) fn not_captured(&self, what: &str) -> Result<()> {
        super::refuse_in_host_fn("waiting for an event")?;
        if self.captured_state().is_some() {
            return Err(Error::StreamCapture {
                rule: CaptureRule::CapturedEvent,
                detail: format!(
                    "an event last recorded on a capturing stream cannot be {what}: it stands \
                     for nodes of a graph, not for work that runs (CUDA_ERROR_CAPTURED_EVENT \
                     on the driver); record it again outside the capture, or record it in \
                     the graph (GraphDefinition::add_event_record)"
                ),
            });
        }
        Ok(())
    }
}

impl Stream {
    /// Makes the work queued on this stream after the call wait until `event`'s last record
    /// has completed (`cuStreamWaitEvent`); the host does not wait. An event never recorded
    /// is no wait.
    ///
    /// With captures, this is how a capture spans several streams (a fork and a join):
    ///
    /// - this stream does not capture and `event` was recorded on a capturing stream: this
    ///   stream joins that capture, and its work becomes nodes of the same graph after the
    ///   nodes the event stands for;
    /// - this stream captures and `event` was recorded in the same capture: its next node
    ///   also waits for the event's nodes (how the joined work is joined back);
    /// - this stream captures and `event` was recorded outside it (in another capture, or
    ///   outside any): refused, and the capture is invalidated
    ///   (`CUDA_ERROR_STREAM_CAPTURE_ISOLATION`).
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{CaptureMode, Device};
    /// let ctx = Device::new(0)?.set_current()?;
    /// let (a, b) = (ctx.alloc_zeroed::<u32>(256)?, ctx.alloc_zeroed::<u32>(256)?);
    /// let (main, side) = (ctx.create_stream()?, ctx.create_stream()?);
    /// let (fork, join) = (ctx.create_event()?, ctx.create_event()?);
    ///
    /// let builder = main.begin_capture(CaptureMode::Global)?;
    /// fork.record(&main)?;
    /// side.wait_event(&fork)?;    // `side` joins the capture
    /// a.fill_async(1, &main)?;    // these two may run at once
    /// b.fill_async(2, &side)?;
    /// join.record(&side)?;
    /// main.wait_event(&join)?;    // joined back: the capture may end
    /// let def = builder.end()?;
    /// assert_eq!(def.len(), 2);
    /// assert!(def.nodes().iter().all(|n| n.deps.is_empty())); // two branches
    ///
    /// def.instantiate()?.launch(&main)?;
    /// main.synchronize()?;
    /// assert_eq!((a.to_vec()?[0], b.to_vec()?[0]), (1, 2));
    /// # Ok(()) }
    /// ```
    pub fn wait_event(&self, event: &Event) -> Result<()> {
        super::refuse_in_host_fn("waiting for an event")?;
        let captured = event
            .captured
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone();
        let mut turn = self.turn();
        match (turn.as_ref(), captured) {
            (None, None) => self.imp.wait_event(None, &event.imp),
            (None, Some(captured)) => {
                let Some(log) = CaptureLog::join(&captured) else {
                    return Err(Error::InvalidArgument(
                        "the event was last recorded in a capture that has ended: it stands \
                         for no work that runs; record it again outside a capture"
                            .to_string(),
                    ));
                };
                log.with_backend(|c| self.imp.wait_event(c, &event.imp))?;
                *turn = Some(log);
                Ok(())
            }
            (Some(log), Some(captured)) => {
                log.wait(&captured)?;
                log.with_backend(|c| self.imp.wait_event(c, &event.imp))
            }
            (Some(log), None) => {
                let why = "a capturing stream waited for an event recorded outside the \
                           capture: only the stream's own order may cross the capture's \
                           boundary (CUDA_ERROR_STREAM_CAPTURE_ISOLATION on the driver, which \
                           also invalidates the capture); record the event in the capture, or \
                           wait for it before the capture begins";
                log.invalidate(why);
                Err(Error::StreamCapture {
                    rule: CaptureRule::Isolation,
                    detail: why.to_string(),
                })
            }
        }
    }

    /// Runs `f` on the host once the work queued on this stream before it has finished
    /// (`cuLaunchHostFunc`); work queued after it waits for it. On a capturing stream it is
    /// recorded as a host node instead, which calls `f` at every launch of the graph (which
    /// keeps `f` alive as long as it can call it).
    ///
    /// `f` must make no CUDA call: refused with an error on both backends (the driver's
    /// `CUDA_ERROR_NOT_PERMITTED`). A panic inside it is caught (it may not unwind into the
    /// driver) and printed; on the simulator, which runs `f` at once, this call returns
    /// [`Error::HostFunctionPanicked`].
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use std::sync::mpsc;
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let stream = ctx.create_stream()?;
    /// let (tx, rx) = mpsc::channel();
    /// stream.launch_host_func(move || tx.send("done").unwrap_or(()))?;
    /// stream.synchronize()?;
    /// assert_eq!(rx.recv().ok(), Some("done"));
    /// # Ok(()) }
    /// ```
    pub fn launch_host_func(&self, f: impl FnMut() + Send + 'static) -> Result<()> {
        let host = Arc::new(HostFn::new(f));
        self.queue(
            |capture| self.imp.launch_host(capture, &host),
            |deps| NodeRecord::host(&host, deps),
        )
        .map_err(|e| match host.take_panic() {
            Some(message) => Error::HostFunctionPanicked { message },
            None => e,
        })
    }
}
