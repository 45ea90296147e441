//! What the API records of a graph's nodes ([`NodeRecord`]): each node's description, and the
//! kernel and libraries it runs, so that a graph whose library was unloaded is refused with
//! [`Error::Unloaded`](crate::Error::Unloaded) rather than launched. Explicit nodes are
//! recorded as they are added; a capture's nodes are noted here as the work is queued on the
//! capturing stream (`Kernel::launch` and the stream-ordered copies queue their work through
//! [`queue`], which keeps the log in the backend's order).
//!
//! A capture's log is found by its stream's identity ([`Stream::id`], never reused), not its
//! address, and ends with the stream if nothing ended it. When no capture is under way a
//! launch pays one relaxed atomic load.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::node::{GraphNodeInfo, GraphNodeKind};
use crate::backend::slot::LibRef;
use crate::error::Result;
use crate::info::Geometry;
use crate::kernel::Kernel;
use crate::stream::Stream;

/// One node as the API knows it.
#[derive(Clone)]
pub(crate) struct NodeRecord {
    pub info: GraphNodeInfo,
    /// A kernel node's kernel and geometry (arguments are checked against the kernel when
    /// the node is set again).
    pub kernel: Option<(Kernel, Geometry)>,
    /// The libraries the node runs kernels of (a child graph's too).
    pub libs: Vec<LibRef>,
}

impl NodeRecord {
    /// A kernel node.
    pub fn kernel(kernel: &Kernel, geometry: Geometry, deps: Vec<usize>) -> NodeRecord {
        let name = kernel.name().unwrap_or_else(|_| "?".to_string());
        let d = |v: [u32; 3]| match v {
            [x, 1, 1] => format!("{x}"),
            [x, y, 1] => format!("({x},{y})"),
            [x, y, z] => format!("({x},{y},{z})"),
        };
        NodeRecord {
            info: GraphNodeInfo {
                index: 0,
                kind: GraphNodeKind::Kernel,
                label: format!("{name}<<<{}, {}>>>", d(geometry.grid), d(geometry.block)),
                deps,
            },
            kernel: Some((kernel.clone(), geometry)),
            libs: vec![kernel.lib],
        }
    }

    /// A node that runs no kernel.
    pub fn plain(kind: GraphNodeKind, label: String, deps: Vec<usize>) -> NodeRecord {
        NodeRecord {
            info: GraphNodeInfo {
                index: 0,
                kind,
                label,
                deps,
            },
            kernel: None,
            libs: Vec::new(),
        }
    }
}

/// Captures under way in the process: what a launch asks first, so that it pays one relaxed
/// atomic load when nothing captures.
static ACTIVE: AtomicUsize = AtomicUsize::new(0);

/// The log of each capture under way, by its stream's [`id`](Stream::id), which no other
/// stream of the process ever has. A log leaves when its capture ends or its stream is
/// dropped (a capture whose builder was forgotten ends with its stream).
static LOGS: Mutex<Vec<(u64, OpenLog)>> = Mutex::new(Vec::new());

fn logs() -> std::sync::MutexGuard<'static, Vec<(u64, OpenLog)>> {
    LOGS.lock().unwrap_or_else(|p| p.into_inner())
}

/// A capture's log and its place in [`ACTIVE`], given back when the log is dropped.
struct OpenLog {
    nodes: Vec<NodeRecord>,
    _counted: Counted,
}

/// One count in [`ACTIVE`], for as long as it lives.
struct Counted;

impl Counted {
    fn new() -> Counted {
        ACTIVE.fetch_add(1, Ordering::Relaxed);
        Counted
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        ACTIVE.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The stream's turn to queue work or to begin or end a capture ([`Stream::queueing`]).
fn turn(stream: &Stream) -> std::sync::MutexGuard<'_, ()> {
    stream.queueing.lock().unwrap_or_else(|p| p.into_inner())
}

/// Begins `stream`'s capture: `begin` (the backend's) and the log's start in the stream's
/// turn, so work queued on it ([`queue`]) is in both the capture and the log or in neither.
pub(crate) fn open(stream: &Stream, begin: impl FnOnce() -> Result<()>) -> Result<()> {
    let _turn = turn(stream);
    begin()?;
    let log = OpenLog {
        nodes: Vec::new(),
        _counted: Counted::new(),
    };
    let mut logs = logs();
    logs.retain(|(id, _)| *id != stream.id);
    logs.push((stream.id, log));
    Ok(())
}

/// Ends `stream`'s log and the backend's capture (`end`) in the stream's turn: the nodes
/// noted and the backend's graph.
pub(crate) fn close<G>(
    stream: &Stream,
    end: impl FnOnce() -> Result<G>,
) -> (Vec<NodeRecord>, Result<G>) {
    let _turn = turn(stream);
    let nodes = {
        let mut logs = logs();
        match logs.iter().position(|(id, _)| *id == stream.id) {
            Some(i) => logs.swap_remove(i).1.nodes,
            None => Vec::new(),
        }
    };
    (nodes, end())
}

/// Whether `stream` captures.
pub(crate) fn is_open(stream: &Stream) -> bool {
    capturing() && logs().iter().any(|(id, _)| *id == stream.id)
}

impl Drop for Stream {
    // A capture still under way (its builder was forgotten) ends with its stream: its log
    // goes, and with it its count of the captures under way.
    fn drop(&mut self) {
        if capturing() {
            let mut logs = logs();
            logs.retain(|(id, _)| *id != self.id);
        }
    }
}

/// Whether any stream is capturing (cheap: what a launch asks first).
#[inline(always)]
pub(crate) fn capturing() -> bool {
    ACTIVE.load(Ordering::Relaxed) != 0
}

/// Queues work on `stream` with `op` (the backend's call) in the stream's turn and, if the
/// stream is capturing, notes the node `make` describes; it depends on the node noted before
/// it. The turn keeps the log in the backend's order when threads queue on one stream, and
/// keeps a capture from beginning or ending between `op` and its note. When nothing
/// captures, the note costs one relaxed atomic load.
pub(crate) fn queue<T>(
    stream: &Stream,
    op: impl FnOnce() -> Result<T>,
    make: impl FnOnce(Vec<usize>) -> NodeRecord,
) -> Result<T> {
    let _turn = turn(stream);
    let out = op()?;
    if capturing() {
        note(stream, make);
    }
    Ok(out)
}

#[cold]
fn note(stream: &Stream, make: impl FnOnce(Vec<usize>) -> NodeRecord) {
    let mut logs = logs();
    if let Some((_, log)) = logs.iter_mut().find(|(id, _)| *id == stream.id) {
        let deps = log.nodes.len().checked_sub(1).into_iter().collect();
        let mut record = make(deps);
        record.info.index = log.nodes.len();
        log.nodes.push(record);
    }
}
