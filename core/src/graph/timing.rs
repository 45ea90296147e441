//! Timing a graph's replay, for the notebook's view of it ([`GraphTiming`]).

use super::exec::Graph;
use super::node::{GraphNodeInfo, GraphNodeKind};
use crate::error::Result;
use crate::stream::Stream;
use crate::timing::time_launches;

/// A graph's nodes and how long its replay takes (median of `runs`), optionally beside the
/// same work queued one launch at a time: what [`Graph::time`] and [`Graph::time_against`]
/// measure, shown in a notebook cell as the graph's diagram and a table of times. GPU event
/// times on the driver; on the simulator, simulated times from the cost model (labelled so).
#[derive(Debug, Clone)]
pub struct GraphTiming {
    /// The nodes replayed.
    pub nodes: Vec<GraphNodeInfo>,
    /// How many of them are kernel launches.
    pub kernels: usize,
    /// Runs timed.
    pub runs: usize,
    /// Median milliseconds per graph launch.
    pub graph_ms: f64,
    /// Median milliseconds per run of the same work queued launch by launch, if measured.
    pub stream_ms: Option<f64>,
    /// Whether the times are simulated.
    pub simulated: bool,
}

impl Graph {
    /// Times `runs` launches of the graph on `stream` (after one untimed warm-up), each
    /// between two events.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{launch, CaptureMode, Device, LaunchConfig, Library};
    /// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
    /// let ctx = Device::new(0)?.set_current()?;
    /// let lib = Library::load_file(path, &Default::default())?;
    /// let empty = lib.get_kernel("empty")?;
    /// let stream = ctx.create_stream()?;
    /// let builder = stream.begin_capture(CaptureMode::Global)?;
    /// for _ in 0..20 {
    ///     launch!(empty, &stream, &LaunchConfig::new(1, 32))?;
    /// }
    /// let graph = builder.complete()?;
    /// let t = graph.time(&stream, 5)?;
    /// assert_eq!(t.kernels, 20);
    /// assert!(t.to_html().contains("empty&lt;&lt;&lt;1, 32&gt;&gt;&gt; ×20"));
    /// # Ok(()) }
    /// ```
    pub fn time(&self, stream: &Stream, runs: usize) -> Result<GraphTiming> {
        let t = time_launches(stream, runs, 1, || self.launch(stream))?;
        let nodes = self.nodes();
        Ok(GraphTiming {
            kernels: nodes
                .iter()
                .filter(|n| n.kind == GraphNodeKind::Kernel)
                .count(),
            nodes,
            runs,
            graph_ms: t.summary()?.median,
            stream_ms: None,
            simulated: t.simulated,
        })
    }

    /// As [`time`](Graph::time), and also `runs` runs of `one_by_one`, which should queue
    /// the same work on `stream` launch by launch: the two side by side show what the graph
    /// saves.
    pub fn time_against(
        &self,
        stream: &Stream,
        runs: usize,
        one_by_one: impl FnMut() -> Result<()>,
    ) -> Result<GraphTiming> {
        let mut t = self.time(stream, runs)?;
        let s = time_launches(stream, runs, 1, one_by_one)?;
        t.stream_ms = Some(s.summary()?.median);
        Ok(t)
    }
}
