//! Timing launches and closures, with statistics and charts (feature `notebook`).
//!
//! [`time_launches`] brackets each run with events on the stream: GPU time on the driver,
//! simulated time on the simulator (labelled so everywhere it is shown). [`time_host`]
//! measures any closure with the host clock. A [`Sweep`] collects timings over problem
//! sizes and charts time against size (log-log) and the achieved bandwidth.
//!
//! Run counts are checked before anything runs: `runs` must be 1 to [`MAX_RUNS`] and
//! `warmup` at most [`MAX_RUNS`]; anything else is [`Error::InvalidArgument`] naming the
//! bound. The samples are kept (8 bytes a run), so the bound also bounds their memory.
//!
//! ```
//! # fn main() -> cuda_library::Result<()> {
//! use cuda_library::{launch, timing, Device, LaunchConfig, Library};
//! # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
//! let ctx = Device::new(0)?.set_current()?;
//! let lib = Library::load_file(path, &Default::default())?;
//! let saxpy = lib.get_kernel("saxpy")?;
//! let stream = ctx.create_stream()?;
//! let mut sweep = timing::Sweep::new("saxpy");
//! for n in [1usize << 10, 1 << 12, 1 << 14] {
//!     let (x, y) = (ctx.htod(&vec![1.0f32; n])?, ctx.alloc_zeroed::<f32>(n)?);
//!     let cfg = LaunchConfig::for_num_elems(n as u32, 256);
//!     let t = timing::time_launches(&stream, 5, 1, || {
//!         launch!(saxpy, &stream, &cfg, 2.0f32, x, y, n as i32)
//!     })?;
//!     sweep.add(n as f64, &t, Some(12.0 * n as f64));
//! }
//! assert_eq!(sweep.points.len(), 3);
//! // In a notebook cell, `sweep` as the last expression shows a table and two charts.
//! # Ok(()) }
//! ```

pub use cuda_library_notebook::stats::Summary;

pub use crate::profile::{compare, Comparison, Profile};

use crate::error::{Error, Result};
use crate::stream::Stream;

#[cfg(test)]
mod tests;

/// Samples of one measurement, in milliseconds.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Timings {
    /// What was timed.
    pub label: String,
    /// One sample per run, in milliseconds.
    pub samples_ms: Vec<f64>,
    /// Where the times come from: `gpu events`, `simulated (cost model)` or `host clock`.
    pub clock: String,
    /// Whether the times are simulated.
    pub simulated: bool,
}

impl Timings {
    /// Minimum, median, mean, 95th percentile, maximum (milliseconds).
    pub fn summary(&self) -> Result<Summary> {
        Summary::of(&self.samples_ms)
            .ok_or_else(|| Error::InvalidArgument(format!("`{}` has no samples", self.label)))
    }

    /// Renames the measurement.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }
}

/// The most runs (and the most warm-up runs) one call to [`time_launches`] or [`time_host`]
/// takes: 1,048,576. Each timed run keeps one 8-byte sample, so the samples of a call stay
/// within 8 MiB; a count past this is refused with [`Error::InvalidArgument`] before
/// anything runs (a count near `usize::MAX` would otherwise ask for exabytes).
pub const MAX_RUNS: usize = 1 << 20;

/// Checks the run counts a timing call was given, before anything runs.
fn check_runs(runs: usize, warmup: usize) -> Result<()> {
    if runs == 0 {
        return Err(Error::InvalidArgument(
            "timing needs at least one run".to_string(),
        ));
    }
    for (what, n) in [("runs", runs), ("warm-up runs", warmup)] {
        if n > MAX_RUNS {
            return Err(Error::InvalidArgument(format!(
                "timing was asked for {n} {what}, more than timing::MAX_RUNS ({MAX_RUNS}); \
                 time fewer runs per call (several calls' samples can be combined)"
            )));
        }
    }
    Ok(())
}

/// Runs `f` `warmup` times untimed, then `runs` times, each bracketed by events recorded on
/// `stream` (so `f` should enqueue its work there). GPU time on the driver; simulated time
/// on the simulator.
///
/// `runs` must be 1 to [`MAX_RUNS`] and `warmup` at most [`MAX_RUNS`]
/// ([`Error::InvalidArgument`] otherwise, before `f` is called); the first error `f`
/// returns ends the timing and is returned.
pub fn time_launches(
    stream: &Stream,
    runs: usize,
    warmup: usize,
    mut f: impl FnMut() -> Result<()>,
) -> Result<Timings> {
    check_runs(runs, warmup)?;
    let ctx = stream.context();
    for _ in 0..warmup {
        f()?;
    }
    let (start, end) = (ctx.create_event()?, ctx.create_event()?);
    let mut samples_ms = Vec::with_capacity(runs);
    for _ in 0..runs {
        start.record(stream)?;
        f()?;
        end.record(stream)?;
        samples_ms.push(end.elapsed_ms_since(&start)? as f64);
    }
    let simulated = start.is_simulated();
    Ok(Timings {
        label: "launch".to_string(),
        samples_ms,
        clock: if simulated {
            "simulated (cost model)".to_string()
        } else {
            "GPU events".to_string()
        },
        simulated,
    })
}

/// Runs `f` `runs` times and measures each with the host clock (wall time, whatever the
/// backend: on the simulator that is the time the simulation itself takes).
///
/// `runs` must be 1 to [`MAX_RUNS`] ([`Error::InvalidArgument`] otherwise, before `f` is
/// called); the first error `f` returns ends the timing and is returned.
///
/// ```
/// use cuda_library::timing;
/// let t = timing::time_host(3, || Ok(()))?;
/// assert_eq!(t.samples_ms.len(), 3);
/// assert!(timing::time_host(timing::MAX_RUNS + 1, || Ok(())).is_err());
/// # Ok::<(), cuda_library::Error>(())
/// ```
pub fn time_host(runs: usize, mut f: impl FnMut() -> Result<()>) -> Result<Timings> {
    check_runs(runs, 0)?;
    let mut samples_ms = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = host_seconds();
        f()?;
        samples_ms.push((host_seconds() - t) * 1e3);
    }
    Ok(Timings {
        label: "host".to_string(),
        samples_ms,
        clock: "host clock".to_string(),
        simulated: false,
    })
}

/// Seconds from a monotonic clock (on wasm32 without a clock: 0, so every sample is 0).
fn host_seconds() -> f64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::sync::OnceLock;
        static START: OnceLock<std::time::Instant> = OnceLock::new();
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_secs_f64()
    }
    #[cfg(target_arch = "wasm32")]
    {
        0.0
    }
}

/// One problem size of a [`Sweep`].
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SweepPoint {
    /// The problem size (elements, bytes, ...).
    pub size: f64,
    /// The timings' summary, in milliseconds.
    pub summary: Summary,
    /// Bytes moved per run, when known: gives the achieved bandwidth.
    pub bytes: Option<f64>,
}

impl SweepPoint {
    /// Achieved bandwidth from the median time, in bytes per second.
    pub fn bandwidth(&self) -> Option<f64> {
        let b = self.bytes?;
        (self.summary.median > 0.0).then(|| b / (self.summary.median * 1e-3))
    }
}

/// Timings over problem sizes: a table, time vs size (log-log) and bandwidth charts.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Sweep {
    /// What was measured.
    pub label: String,
    /// What the size counts (`elements` by default).
    pub size_unit: String,
    /// The points, in the order added.
    pub points: Vec<SweepPoint>,
    /// The clock of the timings (from the first point added).
    pub clock: String,
    /// Whether the times are simulated.
    pub simulated: bool,
}

impl Sweep {
    /// An empty sweep.
    pub fn new(label: impl Into<String>) -> Self {
        Sweep {
            label: label.into(),
            size_unit: "elements".to_string(),
            points: Vec::new(),
            clock: String::new(),
            simulated: false,
        }
    }

    /// Sets what the size counts.
    pub fn with_size_unit(mut self, unit: impl Into<String>) -> Self {
        self.size_unit = unit.into();
        self
    }

    /// Adds the timings of one size, with the bytes each run moves when known. Timings
    /// without samples are skipped.
    pub fn add(&mut self, size: f64, t: &Timings, bytes: Option<f64>) -> &mut Self {
        if let Ok(summary) = t.summary() {
            if self.points.is_empty() {
                self.clock = t.clock.clone();
                self.simulated = t.simulated;
            }
            self.points.push(SweepPoint {
                size,
                summary,
                bytes,
            });
        }
        self
    }
}

/// Runs `f`, which should launch one kernel on `stream`, bracketed by events, and profiles
/// that launch (the last one, if `f` launches several). On the simulator the profile holds
/// the launch's counters and the cost model's account. On a GPU it holds the time the GPU
/// measured and, where the simulator can run the kernel, the counters of the same launch run
/// again on a private simulated device (labelled simulated): the library's PTX (a library
/// loaded on the driver from PTX or a fatbin with PTX keeps a copy of up to 8 MiB for this),
/// the `__device__` variables' and the arguments' buffers copied from the GPU (up to 1 GiB;
/// as the launch left them, so a kernel whose path depends on data it overwrote can count
/// differently), the cost model of the GPU it ran on. Where that cannot be done (a cubin
/// without PTX, pointers stored inside buffers, textures) [`Profile::note`] says why.
///
/// A kernel's first launch also loads it (the driver loads lazily): launch it once before
/// profiling it on a GPU. One launch's time on a GPU varies (clocks ramp up when the GPU
/// has been idle): for a time to compare, use [`time_launches`] over several launches.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{launch, timing, Device, LaunchConfig, Library};
/// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
/// let ctx = Device::new(0)?.set_current()?;
/// let lib = Library::load_file(path, &Default::default())?;
/// let saxpy = lib.get_kernel("saxpy")?;
/// let stream = ctx.create_stream()?;
/// let n = 1 << 16;
/// let (x, y) = (ctx.htod(&vec![1.0f32; n])?, ctx.alloc_zeroed::<f32>(n)?);
/// let cfg = LaunchConfig::for_num_elems(n as u32, 256);
/// let p = timing::profile(&stream, || launch!(saxpy, &stream, &cfg, 2.0f32, x, y, n as i32))?;
/// if let Some(l) = &p.launch {
///     // Coalesced: 4 sectors per 32 lanes of 4-byte loads.
///     assert_eq!(l.stats.global_loads.sectors_per_request(), 4.0);
/// }
/// // In a notebook cell, `p` as the last expression shows the summary.
/// # Ok(()) }
/// ```
///
/// The [`profiles`](crate::guide::profiles) guide says what a profile holds on each backend.
pub fn profile(stream: &Stream, f: impl FnOnce() -> Result<()>) -> Result<Profile> {
    crate::profile::take(stream, f)
}
