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

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use super::node::{GraphNodeInfo, GraphNodeKind};
use crate::backend::interface::HostFn;
use crate::backend::seam;
use crate::backend::slot::LibRef;
use crate::error::{Error, Result};
use crate::info::Geometry;
use crate::kernel::Kernel;
use crate::CaptureRule;

/// One node as the API knows it.
#[derive(Clone)]
pub(crate) struct NodeRecord {
    pub info: GraphNodeInfo,
    /// A kernel node's kernel and geometry (arguments are checked against the kernel when
    /// the node is set again).
    pub kernel: Option<(Kernel, Geometry)>,
    /// The libraries the node runs kernels of (a child graph's too).
    pub libs: Vec<LibRef>,
    /// A host node's function, kept alive with the graph.
    pub host: Option<Arc<HostFn>>,
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
            host: None,
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
            host: None,
        }
    }

    /// A host node calling `host`.
    pub fn host(host: &Arc<HostFn>, deps: Vec<usize>) -> NodeRecord {
        NodeRecord {
            host: Some(host.clone()),
            ..NodeRecord::plain(GraphNodeKind::Host, "host function".into(), deps)
        }
    }
}

/// A capture under way, shared by the streams it records: the one that began it (its
/// origin) and those that joined it by waiting for an event recorded in it (a fork). Each
/// member stream holds a [`CaptureLog`] naming it; the state is here, under one lock.
pub(crate) struct SharedCapture {
    /// Set when the capture ends (or its origin stream goes away): a joined stream's log
    /// that sees it is dropped at the stream's next turn, and the stream no longer captures.
    ended: AtomicBool,
    state: Mutex<CaptureState>,
}

/// What a capture holds while it lasts.
struct CaptureState {
    nodes: Vec<NodeRecord>,
    /// The backend's capture; taken at the end.
    backend: Option<seam::Capture>,
    /// Each member stream's dependency set, by member number (0 the origin): the nodes the
    /// next node queued on that stream waits for.
    frontiers: Vec<Vec<usize>>,
    /// Why the capture was invalidated by a call the API refused itself, if it was.
    invalidated: Option<String>,
    /// Stands for the captured graph: made with the capture, handed to the graph's
    /// definition when it ends (dropped if no graph is made). Buffers allocated in the
    /// capture hold it weakly, to know whether their graph still exists.
    graph_token: Option<Arc<GraphToken>>,
}

/// Stands for a captured graph, held by its definition; the buffers allocated in its
/// capture hold it weakly, and share whether the graph has been launched.
pub(crate) struct GraphToken {
    /// Set once an executable graph made from it has launched: its allocation nodes have
    /// run, so the memory of a buffer allocated in the capture (and not freed in it) is
    /// live until that buffer frees it, the one thing that can.
    launched: Arc<AtomicBool>,
}

impl GraphToken {
    fn new() -> GraphToken {
        GraphToken {
            launched: Arc::new(AtomicBool::new(false)),
        }
    }

    /// An executable graph made from the captured graph launched.
    #[inline]
    pub fn note_launch(&self) {
        self.launched.store(true, Ordering::Release);
    }
}

/// A stream's part in a capture, held by the stream (`Stream::turn`): the capture and the
/// stream's member number in it.
pub(crate) struct CaptureLog {
    shared: Arc<SharedCapture>,
    member: usize,
}

/// What the end of a capture gives: the nodes noted and the backend's capture, or why the
/// API refuses to end it with a graph.
pub(crate) struct Ended {
    pub nodes: Vec<NodeRecord>,
    pub backend: Option<seam::Capture>,
    /// Why no graph is made, though the backend's capture is ended.
    pub refused: Option<Error>,
    /// The captured graph's token ([`CapturedAlloc`]), for its definition to hold.
    pub graph_token: Option<Arc<GraphToken>>,
}

/// The record of a memory allocation node of `bytes`.
pub(crate) fn alloc_record(bytes: usize, deps: Vec<usize>) -> NodeRecord {
    let label = format!("alloc {}", super::node::bytes_label(bytes));
    NodeRecord::plain(GraphNodeKind::MemAlloc, label, deps)
}

/// The record of a memory free node of `bytes`.
pub(crate) fn free_record(bytes: usize, deps: Vec<usize>) -> NodeRecord {
    let label = format!("free {}", super::node::bytes_label(bytes));
    NodeRecord::plain(GraphNodeKind::MemFree, label, deps)
}

/// What a buffer allocated on a capturing stream (`Stream::alloc_async`, a memory
/// allocation node of the captured graph) holds of its capture: the capture, to record a
/// free node when the buffer drops while the capture lasts, and the captured graph's token,
/// to know afterwards whether the graph (which reserves the buffer's address) still exists.
pub(crate) struct CapturedAlloc {
    shared: Arc<SharedCapture>,
    member: usize,
    graph: Weak<GraphToken>,
    /// The token's `launched`, which outlives the graph.
    launched: Arc<AtomicBool>,
}

impl CapturedAlloc {
    /// Records a free node of the allocation at `ptr` with `free`, the backend's call, if
    /// the capture still lasts: `None` once it has ended.
    pub fn free_in_capture(
        &self,
        free: impl FnOnce(&mut seam::Capture) -> Result<()>,
        make: impl FnOnce(Vec<usize>) -> NodeRecord,
    ) -> Option<Result<()>> {
        if self.shared.ended.load(Ordering::Acquire) {
            return None;
        }
        let r = self.shared.queue(
            self.member,
            |c| match c {
                Some(c) => free(c),
                None => Err(ended_error()),
            },
            make,
        );
        match r {
            Err(_) if self.shared.ended.load(Ordering::Acquire) => None,
            r => Some(r),
        }
    }

    /// Whether the captured graph still exists (its definition, or an executable graph made
    /// from it): while it does, the allocation's address is the graph's.
    pub fn graph_alive(&self) -> bool {
        self.graph.strong_count() > 0
    }

    /// Whether the buffer's memory must be freed when it drops although its graph is gone:
    /// the graph was launched, so its allocation node made the memory live, and destroying
    /// a graph does not free its live allocations ("Graph destruction does not
    /// automatically free any live graph-allocated memory ... The allocation must
    /// subsequently be freed in another graph, or using cudaFreeAsync()/cudaFree()": the
    /// CUDA C++ Programming Guide, "Graph Memory Nodes"). The buffer is the one thing that
    /// frees it, so it is still live. A graph never launched made nothing live, and its
    /// address may be another allocation's by now: nothing to free.
    pub fn live_after_graph(&self) -> bool {
        self.launched.load(Ordering::Acquire)
    }
}

impl CaptureLog {
    /// The log of a capture the backend just began on its origin stream.
    pub fn new(backend: seam::Capture) -> CaptureLog {
        let state = CaptureState {
            nodes: Vec::new(),
            backend: Some(backend),
            frontiers: vec![Vec::new()],
            invalidated: None,
            graph_token: Some(Arc::new(GraphToken::new())),
        };
        CaptureLog {
            shared: Arc::new(SharedCapture {
                ended: AtomicBool::new(false),
                state: Mutex::new(state),
            }),
            member: 0,
        }
    }

    fn state(&self) -> MutexGuard<'_, CaptureState> {
        self.shared.state()
    }

    /// Whether the capture this stream belonged to has ended (a joined stream's log is
    /// then stale).
    #[inline]
    pub fn ended(&self) -> bool {
        self.shared.ended.load(Ordering::Acquire)
    }

    /// Queues work on the stream: `op`, the backend's call, given the backend's capture,
    /// whose next node waits for this stream's dependency set; then the node `make`
    /// describes is noted with those dependencies and becomes the stream's set.
    #[inline]
    pub fn queue<T>(
        &self,
        op: impl FnOnce(Option<&mut seam::Capture>) -> Result<T>,
        make: impl FnOnce(Vec<usize>) -> NodeRecord,
    ) -> Result<T> {
        self.shared.queue(self.member, op, make)
    }

    /// What a buffer allocated on this stream in the capture holds of it.
    pub fn captured_alloc(&self) -> CapturedAlloc {
        let (graph, launched) = match self.state().graph_token.as_ref() {
            Some(token) => (Arc::downgrade(token), token.launched.clone()),
            None => (Weak::new(), Arc::new(AtomicBool::new(false))),
        };
        CapturedAlloc {
            shared: self.shared.clone(),
            member: self.member,
            graph,
            launched,
        }
    }

    /// Runs `op` with the backend's capture, noting nothing (a call the backend refuses in
    /// a capture, such as a graph launch).
    pub fn with_backend<T>(&self, op: impl FnOnce(Option<&mut seam::Capture>) -> T) -> T {
        let mut st = self.state();
        op(st.backend.as_mut())
    }

    /// An event recorded on this stream: what it stands for in the capture (the stream's
    /// dependency set now).
    pub fn captured_event(&self) -> CapturedEvent {
        let deps = self
            .state()
            .frontiers
            .get(self.member)
            .cloned()
            .unwrap_or_default();
        CapturedEvent {
            capture: Arc::downgrade(&self.shared),
            deps,
        }
    }

    /// This stream waits for `event`, recorded in the same capture: its dependency set
    /// takes the event's nodes too. An event of another capture is
    /// `CUDA_ERROR_STREAM_CAPTURE_ISOLATION` and invalidates this one.
    pub fn wait(&self, event: &CapturedEvent) -> Result<()> {
        let same = event
            .capture
            .upgrade()
            .is_some_and(|c| Arc::ptr_eq(&c, &self.shared));
        let mut st = self.state();
        if !same {
            let why = "a capturing stream waited for an event recorded in another capture: \
                       two captures cannot be merged (CUDA_ERROR_STREAM_CAPTURE_ISOLATION on \
                       the driver, which also invalidates the capture)";
            st.invalidated.get_or_insert_with(|| why.to_string());
            return Err(Error::StreamCapture {
                rule: CaptureRule::Isolation,
                detail: why.to_string(),
            });
        }
        if let Some(f) = st.frontiers.get_mut(self.member) {
            for &d in &event.deps {
                if !f.contains(&d) {
                    f.push(d);
                }
            }
        }
        Ok(())
    }

    /// A stream that does not capture waits for `event`, recorded in a capture under way:
    /// it joins that capture (a fork), its dependency set the event's nodes. `None` when
    /// the event's capture has ended.
    pub fn join(event: &CapturedEvent) -> Option<CaptureLog> {
        let shared = event.capture.upgrade()?;
        if shared.ended.load(Ordering::Acquire) {
            return None;
        }
        let member = {
            let mut st = shared.state();
            st.frontiers.push(event.deps.clone());
            st.frontiers.len() - 1
        };
        Some(CaptureLog { shared, member })
    }

    /// Invalidates the capture with `why`: its end then fails (a call the driver refuses
    /// in a capture and that invalidates it, which the API refuses itself).
    pub fn invalidate(&self, why: &str) {
        self.state()
            .invalidated
            .get_or_insert_with(|| why.to_string());
    }

    /// Ends the capture (the origin's log): every member stream stops capturing. The
    /// nodes and the backend's capture, and why no graph may be made of them: the API's
    /// own invalidation, or a stream that joined the capture and was not joined back
    /// (`CUDA_ERROR_STREAM_CAPTURE_UNJOINED`).
    pub fn end(self) -> Ended {
        self.shared.ended.store(true, Ordering::Release);
        let mut st = self.state();
        let nodes = std::mem::take(&mut st.nodes);
        let backend = st.backend.take();
        let refused = match st.invalidated.take() {
            Some(why) => Some(Error::StreamCapture {
                rule: CaptureRule::Invalidated,
                detail: format!("the capture was invalidated by a call refused during it: {why}"),
            }),
            None => unjoined(&nodes, &st.frontiers).map(|detail| Error::StreamCapture {
                rule: CaptureRule::Unjoined,
                detail,
            }),
        };
        let graph_token = st.graph_token.take();
        drop(st);
        Ended {
            nodes,
            backend,
            refused,
            graph_token,
        }
    }
}

impl Drop for CaptureLog {
    /// The origin stream went away without ending its capture: the capture ends, and the
    /// backend's with it (its share of the process-wide counts is given back), whatever
    /// joined streams still hold.
    fn drop(&mut self) {
        if self.member == 0 && !self.ended() {
            self.shared.ended.store(true, Ordering::Release);
            let (backend, token) = {
                let mut st = self.state();
                (st.backend.take(), st.graph_token.take())
            };
            drop((backend, token));
        }
    }
}

impl SharedCapture {
    fn state(&self) -> MutexGuard<'_, CaptureState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// `CaptureLog::queue` for member stream `member`.
    #[inline]
    fn queue<T>(
        &self,
        member: usize,
        op: impl FnOnce(Option<&mut seam::Capture>) -> Result<T>,
        make: impl FnOnce(Vec<usize>) -> NodeRecord,
    ) -> Result<T> {
        let mut st = self.state();
        let st = &mut *st;
        let deps = st.frontiers.get(member).cloned().unwrap_or_default();
        let Some(backend) = st.backend.as_mut() else {
            return Err(ended_error());
        };
        backend.depend_on(&deps);
        let out = op(Some(backend))?;
        let index = st.nodes.len();
        let mut record = make(deps);
        record.info.index = index;
        st.nodes.push(record);
        if let Some(f) = st.frontiers.get_mut(member) {
            *f = vec![index];
        }
        Ok(out)
    }
}

/// The error of work queued into a capture that has ended (not reached: a stale log is
/// dropped at the stream's turn, and a log hands its calls the backend's capture while it
/// lasts).
pub(crate) fn ended_error() -> Error {
    Error::InvalidArgument(
        "the capture this stream joined has ended (CUDA_ERROR_ILLEGAL_STATE on the driver)"
            .to_string(),
    )
}

/// Why a capture cannot end with a graph: a stream that joined it has a node the origin
/// stream's dependency set does not reach (it was not joined back with an event the origin
/// waited for). `None` when every fork was joined.
fn unjoined(nodes: &[NodeRecord], frontiers: &[Vec<usize>]) -> Option<String> {
    let origin = frontiers.first()?;
    // The nodes the origin's set reaches: those in it and everything they wait for.
    let mut reached = vec![false; nodes.len()];
    let mut stack: Vec<usize> = origin.clone();
    while let Some(i) = stack.pop() {
        match reached.get_mut(i) {
            Some(r) if !*r => *r = true,
            _ => continue,
        }
        if let Some(n) = nodes.get(i) {
            stack.extend(n.info.deps.iter().copied());
        }
    }
    let (member, node) = frontiers.iter().enumerate().skip(1).find_map(|(m, f)| {
        f.iter()
            .find(|&&i| !reached.get(i).copied().unwrap_or(true))
            .map(|&i| (m, i))
    })?;
    Some(format!(
        "node {node}, queued on a stream that joined the capture (fork {member}), is not \
         joined back to the stream that began it: record an event on that stream after its \
         work and make the capturing stream wait for it before ending the capture \
         (CUDA_ERROR_STREAM_CAPTURE_UNJOINED on the driver)"
    ))
}

/// An event last recorded on a capturing stream: the capture (weakly: an event does not
/// keep a capture alive) and the nodes a stream that waits for it will wait for.
#[derive(Clone)]
pub(crate) struct CapturedEvent {
    capture: Weak<SharedCapture>,
    deps: Vec<usize>,
}
