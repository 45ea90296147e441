//! [`GraphDefinition`]: a graph built node by node, or the result of a capture.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use super::log::NodeRecord;
use super::node::{bytes_label, child_label, GraphNode, GraphNodeInfo, GraphNodeKind};
use super::order::{Cycle, Order};
use crate::backend::interface::{CheckedArgs, HostFn};
use crate::backend::seam;
use crate::backend::slot::{LibRef, Live};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::info::Geometry;
use crate::kernel::Kernel;
use crate::launch::{KernelArg, LaunchConfig};
use crate::memory::{DeviceBuffer, DeviceRepr};
use crate::stream::Event;

/// A definition's state, shared with the executable graphs made from it (which keep it, and
/// so the driver's graph and node handles, alive).
pub(crate) struct Definition {
    pub id: u64,
    pub imp: seam::Graph,
    nodes: Mutex<Vec<NodeRecord>>,
    /// Every library the nodes run kernels of, once each: kept as nodes are added, so that
    /// a launch, or a parent adding this as a child, does not walk the nodes.
    libs: Mutex<Vec<LibRef>>,
    /// Events the nodes record or wait for, kept alive as long as the graph, each once (a
    /// child's are added to its parent's: nesting one child twice at each of 40 levels
    /// must not hold 2^40 of them).
    events: Mutex<Events>,
    /// Made by a capture: its nodes are the driver's and cannot be named.
    pub captured: bool,
    /// A captured graph's token, which the buffers allocated in its capture hold weakly
    /// (`log::CapturedAlloc`): while it lives, their addresses are this graph's.
    pub(crate) capture_token: Option<Arc<super::log::GraphToken>>,
    /// Its conditional nodes' bodies, and whether it is one.
    pub(crate) conds: Mutex<Conds>,
    /// Executable graphs made from it that are alive (a graph with conditional nodes may
    /// have one at a time).
    pub(crate) execs: AtomicUsize,
    /// The edges, to refuse one that closes a cycle without searching the graph; held for
    /// the whole of adding a node or an edge, so the backend's numbering and `nodes` agree
    /// when threads add nodes at once.
    adding: Mutex<Order>,
}

/// What a graph knows of conditional nodes (`graph::conditional`).
#[derive(Default)]
pub(crate) struct Conds {
    /// The bodies of its conditional nodes, kept alive with it (on the driver they are the
    /// nodes' own graphs).
    pub bodies: Vec<Arc<Definition>>,
    /// Whether it holds a conditional node.
    pub has_conditional: bool,
    /// Whether it holds a memory allocation or free node (`graph::memory`).
    pub has_memory_nodes: bool,
    /// The graphs whose handles its conditional nodes may use: itself and, for a body, the
    /// graphs it is nested in (outermost first).
    pub scope: Vec<u64>,
    /// Whether it is a conditional node's body, which takes kernel, memcpy, memset, empty,
    /// child graph and conditional nodes only.
    pub is_body: bool,
}

/// Events and host functions held alive by a graph, each once (keyed by the `Arc`'s
/// address, which cannot be reused while the `Arc` is held here).
#[derive(Default)]
struct Events {
    held: Vec<Arc<Event>>,
    seen: HashSet<usize>,
    hosts: Vec<Arc<HostFn>>,
    seen_hosts: HashSet<usize>,
}

impl Events {
    fn keep(&mut self, event: &Arc<Event>) {
        if self.seen.insert(Arc::as_ptr(event) as usize) {
            self.held.push(event.clone());
        }
    }

    fn keep_host(&mut self, host: &Arc<HostFn>) {
        if self.seen_hosts.insert(Arc::as_ptr(host) as usize) {
            self.hosts.push(host.clone());
        }
    }
}

impl Definition {
    pub fn new(imp: seam::Graph, nodes: Vec<NodeRecord>, captured: bool) -> Self {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        let mut order = Order::default();
        let mut libs = Vec::new();
        for node in &nodes {
            order.add_node(&node.info.deps);
            add_libs(&mut libs, &node.libs);
        }
        let id = NEXT.fetch_add(1, Ordering::Relaxed);
        Definition {
            id,
            imp,
            nodes: Mutex::new(nodes),
            libs: Mutex::new(libs),
            events: Mutex::new(Events::default()),
            captured,
            capture_token: None,
            conds: Mutex::new(Conds {
                scope: vec![id],
                ..Conds::default()
            }),
            execs: AtomicUsize::new(0),
            adding: Mutex::new(order),
        }
    }

    pub(crate) fn conds(&self) -> MutexGuard<'_, Conds> {
        self.conds.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// An error when this graph is a conditional node's body, which takes no `what` node
    /// (the driver's rule for bodies, and for the child graphs in them).
    pub(crate) fn allows_in_body(&self, what: &str) -> Result<()> {
        if self.conds().is_body {
            return Err(Error::Unsupported(format!(
                "a conditional node's body takes kernel, memcpy, memset, empty, child graph and \
                 conditional nodes only, not {what} (the driver refuses the node with \
                 CUDA_ERROR_INVALID_VALUE); put it before or after the conditional node"
            )));
        }
        Ok(())
    }

    /// Whether it holds host functions, its children's included.
    pub(crate) fn has_host_fns(&self) -> bool {
        !self.events().hosts.is_empty()
    }

    /// Whether it has host or event nodes, its children's included.
    fn has_host_or_event_nodes(&self) -> bool {
        let kept = self.events();
        !kept.held.is_empty() || !kept.hosts.is_empty()
    }

    /// Taken for the whole of adding a node or an edge.
    fn adding(&self) -> MutexGuard<'_, Order> {
        self.adding.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub fn nodes(&self) -> MutexGuard<'_, Vec<NodeRecord>> {
        self.nodes.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn events(&self) -> MutexGuard<'_, Events> {
        self.events.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Every library the graph runs kernels of, once each, its conditional nodes' bodies'
    /// included (nested at most `conditional::MAX_DEPTH` deep).
    pub fn libs(&self) -> Vec<LibRef> {
        let mut all = self.libs.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let bodies = self.conds().bodies.clone();
        for body in bodies {
            add_libs(&mut all, &body.libs());
        }
        all
    }

    /// Notes whether a captured graph holds memory allocation or free nodes (captured
    /// `Stream::alloc_async` and frees), which bring the rules of explicit ones.
    pub fn note_captured_memory_nodes(&self) {
        let memory = self.nodes().iter().any(|n| {
            matches!(
                n.info.kind,
                GraphNodeKind::MemAlloc | GraphNodeKind::MemFree
            )
        });
        if memory {
            self.conds().has_memory_nodes = true;
        }
    }

    /// Keeps the host functions of a captured graph's nodes, as `add_host` keeps an
    /// explicit one's.
    pub fn keep_captured_hosts(&self) {
        let hosts: Vec<Arc<HostFn>> = self.nodes().iter().filter_map(|n| n.host.clone()).collect();
        let mut kept = self.events();
        for h in &hosts {
            kept.keep_host(h);
        }
    }

    /// The message of a panic one of the graph's host functions (a child's included) caught
    /// since it was last asked, if one did (on the driver, a host function runs on the
    /// driver's thread: its panic is reported at the graph's next launch).
    pub fn take_host_panic(&self) -> Option<String> {
        let kept = self.events();
        kept.hosts.iter().find_map(|h| h.take_panic())
    }

    /// Holds every library the graph runs loaded for one call (the driver reads the
    /// kernels' handles), or fails with `Error::Unloaded` when one was unloaded.
    pub fn hold(&self) -> Result<Vec<Live>> {
        self.libs()
            .iter()
            .map(|l| l.live(|| "a kernel of this graph".to_string()))
            .collect()
    }
}

/// Adds to `all` each of `more` it does not hold yet.
fn add_libs(all: &mut Vec<LibRef>, more: &[LibRef]) {
    for lib in more {
        if !all.iter().any(|l| l.same(lib)) {
            all.push(*lib);
        }
    }
}

/// A CUDA graph being defined (`CUgraph`): kernel launches, copies, memsets, event records
/// and waits and whole child graphs, as nodes with explicit dependencies. Made node by node
/// with [`GraphDefinition::new`] and the `add_*` methods (cuda.core's `GraphDefinition`), or
/// by capturing a stream ([`Stream::begin_capture`](crate::Stream::begin_capture), cuda.core's
/// `GraphBuilder`). [`instantiate`](GraphDefinition::instantiate) makes the executable
/// [`Graph`](crate::Graph) that is launched. Destroyed on drop (its executable graphs keep what they need).
///
/// Kernel arguments are checked against the kernel's parameters exactly as launches are. A
/// node names device memory by address: keep the buffers alive as long as the graph runs.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{Device, GraphDefinition, KernelArg, LaunchConfig, Library};
/// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
/// let ctx = Device::new(0)?.set_current()?;
/// let lib = Library::load_file(path, &Default::default())?;
/// let saxpy = lib.get_kernel("saxpy")?;
/// let n = 1024;
/// let x = ctx.htod(&vec![1.0f32; n])?;
/// let y = ctx.alloc_zeroed::<f32>(n)?;
///
/// // y = 2, then y = 3 * x + y: the kernel waits for the memset.
/// let def = GraphDefinition::new(&ctx)?;
/// let fill = def.add_memset(&[], &y, 2.0f32)?;
/// let (a, len) = (3.0f32, n as i32);
/// let args = [KernelArg::of(&a), KernelArg::from_ref(&x), KernelArg::from_ref(&y), KernelArg::of(&len)];
/// def.add_kernel(&[fill], &saxpy, &LaunchConfig::for_num_elems(n as u32, 256), &args)?;
///
/// let graph = def.instantiate()?;
/// let stream = ctx.create_stream()?;
/// graph.launch(&stream)?;
/// stream.synchronize()?;
/// assert_eq!(y.to_vec()?[0], 5.0);
/// # Ok(()) }
/// ```
///
/// The [`graphs`](crate::guide::graphs) guide explains capture, explicit graphs and updates.
pub struct GraphDefinition {
    pub(crate) inner: Arc<Definition>,
    /// For a conditional node's body: the graph the node is in, kept alive as long as the
    /// body can be added to (on the driver the body is that graph's).
    pub(crate) _parent: Option<Arc<Definition>>,
}

impl std::fmt::Debug for GraphDefinition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GraphDefinition")
            .field("nodes", &self.len())
            .field("captured", &self.inner.captured)
            .field("simulated", &self.is_simulated())
            .finish()
    }
}

impl GraphDefinition {
    /// An empty graph in `ctx` (`cuGraphCreate`).
    pub fn new(ctx: &Context) -> Result<GraphDefinition> {
        let imp = seam::Graph::create(&ctx.imp)?;
        Ok(GraphDefinition {
            inner: Arc::new(Definition::new(imp, Vec::new(), false)),
            _parent: None,
        })
    }

    /// Every node: what it does and what it waits for.
    pub fn nodes(&self) -> Vec<GraphNodeInfo> {
        self.inner.nodes().iter().map(|n| n.info.clone()).collect()
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.inner.nodes().len()
    }

    /// Whether the graph has no nodes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether it runs on the simulator.
    pub fn is_simulated(&self) -> bool {
        self.inner.imp.is_simulated()
    }

    /// Whether a capture made it (its nodes cannot be named: add nodes to a definition made
    /// with [`GraphDefinition::new`]).
    pub fn is_captured(&self) -> bool {
        self.inner.captured
    }

    /// The node numbered `index`, if there is one.
    pub fn node(&self, index: usize) -> Option<GraphNode> {
        (index < self.len()).then_some(GraphNode {
            graph: self.inner.id,
            index,
        })
    }

    /// The numbers of `deps`, checked to be nodes of this graph.
    fn deps(&self, deps: &[GraphNode]) -> Result<Vec<usize>> {
        if self.inner.captured {
            return Err(Error::Unsupported(
                "a captured graph takes no new nodes here; make a GraphDefinition::new and \
                 add the captured one as a child graph (add_child)"
                    .to_string(),
            ));
        }
        let n = self.len();
        deps.iter()
            .map(|d| {
                if d.graph != self.inner.id || d.index >= n {
                    Err(Error::InvalidArgument(format!(
                        "dependency {} is a node of another graph",
                        d.index
                    )))
                } else {
                    Ok(d.index)
                }
            })
            .collect()
    }

    /// Adds a node with `add`, given the backend's graph and the checked dependencies,
    /// which returns its number, its record and whatever else it made; under the adding
    /// lock, as every node is added.
    pub(crate) fn add_node<T>(
        &self,
        deps: &[GraphNode],
        add: impl FnOnce(&seam::Graph, &[usize]) -> Result<(usize, NodeRecord, T)>,
    ) -> Result<(GraphNode, T)> {
        let mut order = self.inner.adding();
        let deps = self.deps(deps)?;
        let (index, record, more) = add(&self.inner.imp, &deps)?;
        Ok((self.push(&mut order, index, record), more))
    }

    /// Records a node the backend added as number `index`, in the nodes, their order and
    /// the libraries they run.
    fn push(&self, order: &mut Order, index: usize, mut record: NodeRecord) -> GraphNode {
        record.info.index = index;
        order.add_node(&record.info.deps);
        add_libs(
            &mut self.inner.libs.lock().unwrap_or_else(|p| p.into_inner()),
            &record.libs,
        );
        self.inner.nodes().push(record);
        GraphNode {
            graph: self.inner.id,
            index,
        }
    }

    /// A kernel launch (`cuGraphAddKernelNode`) after `deps`, its arguments checked against
    /// the kernel's parameters as [`Kernel::launch`] checks them (a wrong count or size is
    /// [`Error::ArgumentCount`] or [`Error::ArgumentSize`]). A kernel whose library is
    /// unloaded is [`Error::Unloaded`]. A cluster shape or cooperative launch is
    /// [`Error::Unsupported`] (launch those on a stream).
    pub fn add_kernel(
        &self,
        deps: &[GraphNode],
        kernel: &Kernel,
        config: &LaunchConfig,
        args: &[KernelArg<'_>],
    ) -> Result<GraphNode> {
        let mut order = self.inner.adding();
        let deps = self.deps(deps)?;
        let g = kernel.lib.live(|| "a kernel".to_string())?;
        let params = kernel.params_held(&g)?;
        let checked = match CheckedArgs::new(params, args) {
            Ok(c) => c,
            Err(m) => return Err(kernel.arg_error(&g, m)),
        };
        let geometry = config.geometry()?;
        no_cluster(&geometry)?;
        let index = self
            .inner
            .imp
            .add_kernel(&deps, &kernel.raw, &geometry, checked)?;
        drop(g);
        Ok(self.push(
            &mut order,
            index,
            NodeRecord::kernel(kernel, geometry, deps),
        ))
    }

    /// A device-to-device copy of all of `src` into `dst` (`cuGraphAddMemcpyNode`), which
    /// must be as long.
    pub fn add_memcpy<T: DeviceRepr>(
        &self,
        deps: &[GraphNode],
        dst: &DeviceBuffer<T>,
        src: &DeviceBuffer<T>,
    ) -> Result<GraphNode> {
        let mut order = self.inner.adding();
        let deps = self.deps(deps)?;
        same_len(dst, src)?;
        not_empty(dst, "copy")?;
        let bytes = dst.size_bytes();
        let index = self.inner.imp.add_memcpy(&deps, dst.ptr, src.ptr, bytes)?;
        let label = format!("copy {}", bytes_label(bytes));
        Ok(self.push(
            &mut order,
            index,
            NodeRecord::plain(GraphNodeKind::Memcpy, label, deps),
        ))
    }

    /// Sets every element of `dst` to `value` (`cuGraphAddMemsetNode`); elements of 1, 2 or
    /// 4 bytes, as the driver's memset nodes take.
    pub fn add_memset<T: DeviceRepr>(
        &self,
        deps: &[GraphNode],
        dst: &DeviceBuffer<T>,
        value: T,
    ) -> Result<GraphNode> {
        let mut order = self.inner.adding();
        let deps = self.deps(deps)?;
        let (word, width) = memset_word(value)?;
        not_empty(dst, "memset")?;
        let index = self
            .inner
            .imp
            .add_memset(&deps, dst.ptr, word, width, dst.len())?;
        let label = format!("memset {}", bytes_label(dst.size_bytes()));
        Ok(self.push(
            &mut order,
            index,
            NodeRecord::plain(GraphNodeKind::Memset, label, deps),
        ))
    }

    /// Records `event` when the node runs (`cuGraphAddEventRecordNode`); the graph keeps the
    /// event alive. Two record nodes time the nodes between them.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use std::sync::Arc;
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let buf = ctx.alloc_zeroed::<f32>(1 << 16)?;
    /// let (start, end) = (Arc::new(ctx.create_event()?), Arc::new(ctx.create_event()?));
    /// let def = cuda_library::GraphDefinition::new(&ctx)?;
    /// let s = def.add_event_record(&[], &start)?;
    /// let fill = def.add_memset(&[s], &buf, 1.0f32)?;
    /// def.add_event_record(&[fill], &end)?;
    /// let stream = ctx.create_stream()?;
    /// def.instantiate()?.launch(&stream)?;
    /// assert!(end.elapsed_ms_since(&start)? > 0.0);
    /// # Ok(()) }
    /// ```
    pub fn add_event_record(&self, deps: &[GraphNode], event: &Arc<Event>) -> Result<GraphNode> {
        let mut order = self.inner.adding();
        let deps = self.deps(deps)?;
        self.inner.allows_in_body("an event record node")?;
        let index = self.inner.imp.add_event_record(&deps, &event.imp)?;
        self.inner.events().keep(event);
        let record = NodeRecord::plain(GraphNodeKind::EventRecord, "record event".into(), deps);
        Ok(self.push(&mut order, index, record))
    }

    /// Waits for `event`'s last record before the nodes that depend on it run
    /// (`cuGraphAddEventWaitNode`); the graph keeps the event alive.
    pub fn add_event_wait(&self, deps: &[GraphNode], event: &Arc<Event>) -> Result<GraphNode> {
        let mut order = self.inner.adding();
        let deps = self.deps(deps)?;
        self.inner.allows_in_body("an event wait node")?;
        let index = self.inner.imp.add_event_wait(&deps, &event.imp)?;
        self.inner.events().keep(event);
        let record = NodeRecord::plain(GraphNodeKind::EventWait, "wait for event".into(), deps);
        Ok(self.push(&mut order, index, record))
    }

    /// A copy of `child` as one node (`cuGraphAddChildGraphNode`): later changes to `child`
    /// do not reach it. A child holding a kernel of an unloaded library is
    /// [`Error::Unloaded`].
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{Device, GraphDefinition};
    /// let ctx = Device::new(0)?.set_current()?;
    /// let (a, b) = (ctx.alloc_zeroed::<u32>(8)?, ctx.alloc_zeroed::<u32>(8)?);
    /// let step = GraphDefinition::new(&ctx)?; // a = 5, then b = a
    /// let fill = step.add_memset(&[], &a, 5u32)?;
    /// step.add_memcpy(&[fill], &b, &a)?;
    /// let twice = GraphDefinition::new(&ctx)?;
    /// let first = twice.add_child(&[], &step)?;
    /// twice.add_child(&[first], &step)?;
    /// assert_eq!(twice.nodes()[1].label, "child graph (2 nodes)");
    /// let stream = ctx.create_stream()?;
    /// twice.instantiate()?.launch(&stream)?;
    /// stream.synchronize()?;
    /// assert_eq!(b.to_vec()?, [5; 8]);
    /// # Ok(()) }
    /// ```
    pub fn add_child(&self, deps: &[GraphNode], child: &GraphDefinition) -> Result<GraphNode> {
        let mut order = self.inner.adding();
        let deps = self.deps(deps)?;
        if child.inner.conds().has_conditional {
            return Err(Error::Unsupported(
                "a graph with conditional nodes cannot be a child graph (the driver's rule: \
                 CUDA_ERROR_INVALID_VALUE); add its nodes to this graph instead"
                    .to_string(),
            ));
        }
        if child.inner.conds().has_memory_nodes {
            return Err(Error::Unsupported(
                "a graph with memory allocation or free nodes cannot be a child graph here \
                 (the driver takes one only with its ownership moved to the parent, which \
                 this crate does not do); add its nodes to this graph instead"
                    .to_string(),
            ));
        }
        if child.inner.has_host_or_event_nodes() {
            self.inner
                .allows_in_body("a child graph with host or event nodes")?;
        }
        let _held = child.inner.hold()?;
        let index = self.inner.imp.add_child(&deps, &child.inner.imp)?;
        // A child's events stay alive with the parent too.
        let (events, hosts) = {
            let kept = child.inner.events();
            (kept.held.clone(), kept.hosts.clone())
        };
        let mut mine = self.inner.events();
        for e in &events {
            mine.keep(e);
        }
        for h in &hosts {
            mine.keep_host(h);
        }
        drop(mine);
        let mut record =
            NodeRecord::plain(GraphNodeKind::ChildGraph, child_label(child.len()), deps);
        record.libs = child.inner.libs();
        Ok(self.push(&mut order, index, record))
    }

    /// A host node (`cuGraphAddHostNode`): `f` runs on the host each time the graph is
    /// launched, after the nodes it depends on and before those that depend on it. The
    /// graph keeps `f` alive as long as it or an executable graph made from it (or a graph
    /// it is a child of) may call it; on the driver `f` runs on a thread of the driver's,
    /// hence `Send`, and never twice at once.
    ///
    /// `f` must make no CUDA call (no launch, copy, allocation or synchronisation): the
    /// driver refuses them with `CUDA_ERROR_NOT_PERMITTED`, and this crate refuses them with
    /// an error on both backends. A panic inside `f` is caught (it may not unwind into the
    /// driver): the simulator's launch returns [`Error::HostFunctionPanicked`]; on the
    /// driver it is printed and the graph's next launch returns that error.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use std::sync::atomic::{AtomicU32, Ordering};
    /// use std::sync::Arc;
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let buf = ctx.alloc_zeroed::<u32>(64)?;
    /// let calls = Arc::new(AtomicU32::new(0));
    /// let def = cuda_library::GraphDefinition::new(&ctx)?;
    /// let fill = def.add_memset(&[], &buf, 7u32)?;
    /// let seen = calls.clone();
    /// def.add_host(&[fill], move || {
    ///     seen.fetch_add(1, Ordering::Relaxed);
    /// })?;
    /// let graph = def.instantiate()?;
    /// let stream = ctx.create_stream()?;
    /// graph.launch(&stream)?;
    /// graph.launch(&stream)?;
    /// stream.synchronize()?;
    /// assert_eq!(calls.load(Ordering::Relaxed), 2);
    /// # Ok(()) }
    /// ```
    pub fn add_host(
        &self,
        deps: &[GraphNode],
        f: impl FnMut() + Send + 'static,
    ) -> Result<GraphNode> {
        let mut order = self.inner.adding();
        let deps = self.deps(deps)?;
        self.inner.allows_in_body("a host node")?;
        let host = Arc::new(HostFn::new(f));
        let index = self.inner.imp.add_host(&deps, &host)?;
        self.inner.events().keep_host(&host);
        let record = NodeRecord::host(&host, deps);
        Ok(self.push(&mut order, index, record))
    }

    /// A node that does nothing, to join branches (`cuGraphAddEmptyNode`).
    pub fn add_empty(&self, deps: &[GraphNode]) -> Result<GraphNode> {
        let mut order = self.inner.adding();
        let deps = self.deps(deps)?;
        let index = self.inner.imp.add_empty(&deps)?;
        let record = NodeRecord::plain(GraphNodeKind::Empty, "join".into(), deps);
        Ok(self.push(&mut order, index, record))
    }

    /// Makes each `to` wait for its `from` (`cuGraphAddDependencies`): nodes can be added in
    /// any order and ordered afterwards. An edge that would close a cycle is an error.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let buf = ctx.alloc_zeroed::<u8>(16)?;
    /// let def = cuda_library::GraphDefinition::new(&ctx)?;
    /// let second = def.add_memset(&[], &buf, 2u8)?;
    /// let first = def.add_memset(&[], &buf, 1u8)?;
    /// def.add_dependencies(&[(first, second)])?;
    /// assert!(def.add_dependencies(&[(second, first)]).is_err()); // a cycle
    /// let stream = ctx.create_stream()?;
    /// def.instantiate()?.launch(&stream)?;
    /// stream.synchronize()?;
    /// assert_eq!(buf.to_vec()?, [2; 16]);
    /// # Ok(()) }
    /// ```
    pub fn add_dependencies(&self, edges: &[(GraphNode, GraphNode)]) -> Result<()> {
        let mut order = self.inner.adding();
        let from = self.deps(&edges.iter().map(|e| e.0).collect::<Vec<_>>())?;
        let to = self.deps(&edges.iter().map(|e| e.1).collect::<Vec<_>>())?;
        let pairs: Vec<(usize, usize)> = from.into_iter().zip(to).collect();
        // Every edge is checked before the backend sees any; only new ones reach it.
        let added = order
            .add_edges(&pairs)
            .map_err(|Cycle { from: f, to: t }| {
                Error::InvalidArgument(if f == t {
                    format!("an edge from node {f} to itself would close a cycle")
                } else {
                    format!(
                        "an edge from node {f} to node {t} would close a cycle: node {f} \
                     already waits for node {t}"
                    )
                })
            })?;
        if let Err(e) = self.inner.imp.add_edges(&added) {
            order.take_back(&added);
            return Err(e);
        }
        let mut nodes = self.inner.nodes();
        for (f, t) in added {
            if let Some(node) = nodes.get_mut(t) {
                node.info.deps.push(f);
            }
        }
        Ok(())
    }
}

/// An error for a kernel node with a cluster shape or a cooperative launch, which this
/// crate's kernel nodes do not take (launch those on a stream).
pub(crate) fn no_cluster(geometry: &Geometry) -> Result<()> {
    if geometry.cluster().is_some() || geometry.cooperative() {
        return Err(Error::Unsupported(
            "a graph's kernel node takes no cluster shape or cooperative launch here; launch \
             such kernels on a stream"
                .to_string(),
        ));
    }
    Ok(())
}

/// An error for a node over an empty buffer (the driver takes no zero-sized copy or memset
/// node; a stream-ordered one of an empty buffer queues nothing).
fn not_empty<T: DeviceRepr>(buf: &DeviceBuffer<T>, what: &str) -> Result<()> {
    if buf.is_empty() {
        return Err(Error::InvalidArgument(format!(
            "a {what} node over an empty buffer would do nothing; leave it out"
        )));
    }
    Ok(())
}

pub(crate) fn same_len<T: DeviceRepr>(dst: &DeviceBuffer<T>, src: &DeviceBuffer<T>) -> Result<()> {
    if dst.len() != src.len() {
        return Err(Error::SizeMismatch {
            what: format!("a copy into a device buffer of {} elements", dst.len()),
            expected: dst.size_bytes(),
            got: src.size_bytes(),
        });
    }
    Ok(())
}

/// A memset's value as the driver takes it: the element's bits and its width (1, 2 or 4).
pub(crate) fn memset_word<T: DeviceRepr>(value: T) -> Result<(u32, u32)> {
    match *crate::memory::as_bytes(std::slice::from_ref(&value)) {
        [a] => Ok((a as u32, 1)),
        [a, b] => Ok((u16::from_ne_bytes([a, b]) as u32, 2)),
        [a, b, c, d] => Ok((u32::from_ne_bytes([a, b, c, d]), 4)),
        _ => Err(Error::InvalidArgument(format!(
            "a memset sets elements of 1, 2 or 4 bytes, not {} ({}); copy the values instead",
            std::mem::size_of::<T>(),
            std::any::type_name::<T>()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memset_words_have_their_widths() {
        assert_eq!(memset_word(7u8).unwrap(), (7, 1));
        assert_eq!(memset_word(0x1234u16).unwrap(), (0x1234, 2));
        assert_eq!(memset_word(1.0f32).unwrap(), (0x3f80_0000, 4));
        assert!(memset_word(1.0f64).is_err());
    }
}
