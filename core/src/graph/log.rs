//! What the API records of a graph's nodes ([`NodeRecord`]): each node's description, and the
//! kernel and libraries it runs, so that a graph whose library was unloaded is refused with
//! [`Error::Unloaded`](crate::Error::Unloaded) rather than launched. Explicit nodes are
//! recorded as they are added; a capture's nodes are noted in its [`CaptureLog`] as the work
//! is queued on the capturing stream.
//!
//! A capture's log is held by its stream (`Stream::turn`), the one record of which streams
//! capture and what their captures hold: the API's nodes, and the backend's capture
//! ([`seam::Capture`]), which each call that queues work on the stream is given (the
//! simulator records the work into it; on the driver, CUDA's own capture does). It ends with
//! the stream if nothing ended it.

use super::node::{GraphNodeInfo, GraphNodeKind};
use crate::backend::seam;
use crate::backend::slot::LibRef;
use crate::info::Geometry;
use crate::kernel::Kernel;

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
                label: format!(
                    "{name}<<<{}, {}>>>",
                    d(geometry.grid()),
                    d(geometry.block())
                ),
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

/// A capture under way on one stream, held by the stream: the nodes noted so far, each
/// after the one before, and the backend's capture.
pub(crate) struct CaptureLog {
    nodes: Vec<NodeRecord>,
    backend: seam::Capture,
}

impl CaptureLog {
    /// The log of a capture the backend just began.
    pub fn new(backend: seam::Capture) -> CaptureLog {
        CaptureLog {
            nodes: Vec::new(),
            backend,
        }
    }

    /// The backend's capture, for a call that queues work on the stream.
    #[inline]
    pub fn backend(&mut self) -> &mut seam::Capture {
        &mut self.backend
    }

    /// Notes the node `make` describes, given its dependencies: the node noted before it.
    pub fn note(&mut self, make: impl FnOnce(Vec<usize>) -> NodeRecord) {
        let index = self.nodes.len();
        let deps = index.checked_sub(1).into_iter().collect();
        let mut record = make(deps);
        record.info.index = index;
        self.nodes.push(record);
    }

    /// The nodes noted and the backend's capture, for the capture's end.
    pub fn into_parts(self) -> (Vec<NodeRecord>, seam::Capture) {
        (self.nodes, self.backend)
    }
}
