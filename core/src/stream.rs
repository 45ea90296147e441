//! Streams and timing events.
//!
//! On the simulator work runs when it is enqueued, and times are simulated: each stream is a
//! timeline that launches and copies advance by what the [cost model](crate::sim::CostModel)
//! charges, and an event records where its stream's timeline is.

use std::ffi::c_void;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::backend::seam;
use crate::context::Context;
use crate::device::Device;
use crate::error::Result;
use crate::graph::log::{CaptureLog, CapturedEvent};
#[cfg(feature = "notebook")]
use crate::profile::Recorder;

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
    /// Shared with the stream-ordered buffers allocated on it, which free on it.
    pub(crate) imp: Arc<seam::Stream>,
    /// The stream's last launch while `timing::profile` takes one (driver streams).
    #[cfg(feature = "notebook")]
    pub(crate) recorder: Recorder,
    /// The capture under way on this stream, if any: the one record of whether the stream
    /// captures and of what its capture holds (the API's nodes and the backend's capture,
    /// [`CaptureLog`]). It ends with the stream if nothing ended it. Locked for the
    /// stream's turn ([`Stream::turn`]).
    capture: Mutex<Option<CaptureLog>>,
}

impl std::fmt::Debug for Stream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Stream")
            .field("raw", &self.as_raw())
            .field("device", &self.context().device_ordinal())
            .field("simulated", &self.imp.is_simulated())
            .finish()
    }
}

impl Stream {
    /// A new stream in `ctx`. It is a blocking stream: it orders with the legacy default
    /// stream, so synchronous copies such as [`DeviceBuffer::to_vec`](crate::DeviceBuffer::to_vec)
    /// see the results of kernels launched on it.
    pub fn new(ctx: &Context) -> Result<Stream> {
        Ok(Stream::wrap(seam::Stream::create(&ctx.imp)?))
    }

    /// The API's stream over a backend's.
    pub(crate) fn wrap(imp: seam::Stream) -> Stream {
        Stream {
            imp: Arc::new(imp),
            #[cfg(feature = "notebook")]
            recorder: Recorder::default(),
            capture: Mutex::new(None),
        }
    }

    /// The stream's turn, and in it the capture under way, if any: held while work is
    /// queued on the stream and while a capture of it begins or ends, so that whether the
    /// capture holds a piece of work and whether its record notes it are decided together,
    /// in the order the backend takes the work.
    #[inline]
    pub(crate) fn turn(&self) -> MutexGuard<'_, Option<CaptureLog>> {
        let mut turn = self.capture.lock().unwrap_or_else(|p| p.into_inner());
        // A stream that joined a capture leaves it when the capture ends.
        if turn.as_ref().is_some_and(CaptureLog::ended) {
            *turn = None;
        }
        turn
    }

    /// Waits until all work queued on this stream has finished. A stream that captures
    /// (or joined a capture) has no work to wait for: refused, and the capture is
    /// invalidated, as the driver does (`CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED`).
    pub fn synchronize(&self) -> Result<()> {
        crate::graph::refuse_in_host_fn("Stream::synchronize")?;
        if let Some(log) = self.turn().as_ref() {
            let why = "synchronizing a capturing stream is not allowed: its work is recorded, \
                       not run (CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED on the driver, which \
                       also invalidates the capture); end the capture first";
            log.invalidate(why);
            return Err(crate::error::Error::StreamCapture {
                rule: crate::CaptureRule::Unsupported,
                detail: why.to_string(),
            });
        }
        self.imp.synchronize()
    }

    /// Whether all queued work has finished (`cuStreamQuery`), without waiting.
    pub fn is_idle(&self) -> Result<bool> {
        self.imp.is_idle()
    }

    /// The context the stream belongs to.
    pub fn context(&self) -> Context {
        Context {
            imp: self.imp.context(),
        }
    }

    /// The raw `CUstream` (null on the simulator), valid while this value lives.
    pub fn as_raw(&self) -> *mut c_void {
        self.imp.as_raw()
    }

    /// Where the simulated timeline of this stream is, in simulated milliseconds since the
    /// process started using the simulator; `None` on the driver.
    pub fn simulated_time_ms(&self) -> Option<f64> {
        self.imp.simulated_time_ms()
    }
}

// `Device::create_stream` and `create_event` live here rather than in `device.rs`, as
// `Context`'s do: a stream holds its capture's record, which names kernels, and a kernel
// names devices, so `device.rs` knows nothing of streams (no module imports one that
// imports it back).
impl Device {
    /// A new stream in the primary context.
    pub fn create_stream(&self) -> Result<Stream> {
        Stream::new(&self.primary_context()?)
    }

    /// A new timing event in the primary context.
    pub fn create_event(&self) -> Result<Event> {
        Event::new(&self.primary_context()?)
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
    pub(crate) imp: seam::Event,
    /// Set while the event's last record was on a capturing stream: it stands for nodes of
    /// that capture, not for work that runs (`graph::fork`).
    pub(crate) captured: Mutex<Option<CapturedEvent>>,
}

impl std::fmt::Debug for Event {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Event")
            .field("raw", &self.as_raw())
            .field("simulated", &self.is_simulated())
            .finish()
    }
}

impl Event {
    /// A new event in `ctx` that records timing.
    pub fn new(ctx: &Context) -> Result<Event> {
        Ok(Event {
            imp: seam::Event::create(&ctx.imp)?,
            captured: Mutex::new(None),
        })
    }

    /// Whether the event's times are simulated.
    ///
    /// The [`cost_model`](crate::guide::cost_model) guide says how simulated times are made.
    pub fn is_simulated(&self) -> bool {
        self.imp.is_simulated()
    }

    /// Waits until the event has completed. An event last recorded in a capture stands
    /// for no work that runs: refused (`CUDA_ERROR_CAPTURED_EVENT` on the driver).
    pub fn synchronize(&self) -> Result<()> {
        self.not_captured("synchronized")?;
        self.imp.synchronize()
    }

    /// Whether the event has completed (`cuEventQuery`), without waiting. Refused for an
    /// event last recorded in a capture, as [`synchronize`](Event::synchronize) is.
    pub fn is_complete(&self) -> Result<bool> {
        self.not_captured("queried")?;
        self.imp.is_complete()
    }

    /// Milliseconds between `start` and this event (both recorded). Waits for this event.
    /// Simulated milliseconds on the simulator.
    pub fn elapsed_ms_since(&self, start: &Event) -> Result<f32> {
        self.synchronize()?;
        start.not_captured("timed")?;
        self.imp.elapsed_ms_since(&start.imp)
    }

    /// The raw `CUevent` (null on the simulator), valid while this value lives.
    pub fn as_raw(&self) -> *mut c_void {
        self.imp.as_raw()
    }
}
