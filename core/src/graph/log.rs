//! What the API records of a graph's nodes ([`NodeRecord`]): each node's description, and the
//! kernel and libraries it runs, so that a graph whose library was unloaded is refused with
//! [`Error::Unloaded`](crate::Error::Unloaded) rather than launched. Explicit nodes are
//! recorded as they are added; a capture's nodes are noted here as the work is queued on the
//! capturing stream (`Kernel::launch` and the stream-ordered copies call [`note`]).
//!
//! The capture log is keyed by the address of the capturing [`Stream`]: the
//! [`GraphBuilder`](crate::GraphBuilder) borrows the stream for the whole capture, so it
//! cannot move. When no capture is under way a launch pays one relaxed atomic load.

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

/// Captures under way (a launch checks this before it looks for its stream's log).
static ACTIVE: AtomicUsize = AtomicUsize::new(0);
/// Each capturing stream's address and the nodes noted so far.
static LOGS: Mutex<Vec<(usize, Vec<NodeRecord>)>> = Mutex::new(Vec::new());

fn key(stream: &Stream) -> usize {
    stream as *const Stream as usize
}

/// Starts `stream`'s log.
pub(crate) fn open(stream: &Stream) {
    let mut logs = LOGS.lock().unwrap_or_else(|p| p.into_inner());
    logs.retain(|(k, _)| *k != key(stream));
    logs.push((key(stream), Vec::new()));
    ACTIVE.fetch_add(1, Ordering::Relaxed);
}

/// Ends `stream`'s log: the nodes noted.
pub(crate) fn close(stream: &Stream) -> Vec<NodeRecord> {
    let mut logs = LOGS.lock().unwrap_or_else(|p| p.into_inner());
    match logs.iter().position(|(k, _)| *k == key(stream)) {
        Some(i) => {
            ACTIVE.fetch_sub(1, Ordering::Relaxed);
            logs.swap_remove(i).1
        }
        None => Vec::new(),
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
    let mut logs = LOGS.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, log)) = logs.iter_mut().find(|(k, _)| *k == key(stream)) {
        let deps = log.len().checked_sub(1).into_iter().collect();
        let mut record = make(deps);
        record.info.index = log.len();
        log.push(record);
    }
}

/// Notes a launch of `kernel` on `stream` if it is capturing.
#[cold]
pub(crate) fn note_launch(stream: &Stream, kernel: &Kernel, geometry: Geometry) {
    note(stream, |deps| NodeRecord::kernel(kernel, geometry, deps));
}
