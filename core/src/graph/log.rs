//! What the API records of a graph's nodes ([`NodeRecord`]): each node's description, and the
//! kernel and libraries it runs, so that a graph whose library was unloaded is refused with
//! [`Error::Unloaded`](crate::Error::Unloaded) rather than launched. Explicit nodes are
//! recorded as they are added; a capture's nodes are noted here as the work is queued on the
//! capturing stream (`Kernel::launch` and the stream-ordered copies call [`note`]).
//!
//! A capture's log lives in its [`Stream`] ([`CaptureLog`]). When no capture is under way
//! a launch pays one relaxed atomic load.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::node::{GraphNodeInfo, GraphNodeKind};
use crate::backend::slot::LibRef;
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

/// A stream's capture log: the nodes noted since its capture began, or nothing when it does
/// not capture. It lives in the [`Stream`] itself, so a stream's log is found by the stream's
/// identity, never by an address another stream may have later.
#[derive(Default)]
pub(crate) struct CaptureLog(Mutex<Option<OpenLog>>);

/// A capture's log and its place in [`ACTIVE`], given back when the log is closed or its
/// stream dropped (a capture whose builder was forgotten ends with its stream).
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

impl CaptureLog {
    fn lock(&self) -> std::sync::MutexGuard<'_, Option<OpenLog>> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Starts the log (a log already open is replaced: the backend refused a second
    /// capture of one stream before this is called).
    pub(crate) fn open(&self) {
        *self.lock() = Some(OpenLog {
            nodes: Vec::new(),
            _counted: Counted::new(),
        });
    }

    /// Ends the log: the nodes noted.
    pub(crate) fn close(&self) -> Vec<NodeRecord> {
        self.lock().take().map(|l| l.nodes).unwrap_or_default()
    }

    /// Whether the stream captures.
    pub(crate) fn is_open(&self) -> bool {
        self.lock().is_some()
    }

    /// Notes the node `make` describes when the stream captures; it depends on the node
    /// noted before it.
    fn note(&self, make: impl FnOnce(Vec<usize>) -> NodeRecord) {
        if let Some(log) = self.lock().as_mut() {
            let deps = log.nodes.len().checked_sub(1).into_iter().collect();
            let mut record = make(deps);
            record.info.index = log.nodes.len();
            log.nodes.push(record);
        }
    }
}

/// Whether any stream is capturing (cheap: what a launch asks first).
#[inline(always)]
pub(crate) fn capturing() -> bool {
    ACTIVE.load(Ordering::Relaxed) != 0
}

/// Notes the node `make` describes when `stream` is capturing; it depends on the node noted
/// before it.
#[cold]
pub(crate) fn note(stream: &Stream, make: impl FnOnce(Vec<usize>) -> NodeRecord) {
    stream.capture.note(make);
}

/// Notes a launch of `kernel` on `stream` if it is capturing.
#[cold]
pub(crate) fn note_launch(stream: &Stream, kernel: &Kernel, geometry: Geometry) {
    note(stream, |deps| NodeRecord::kernel(kernel, geometry, deps));
}
