//! [`Graph`]: an executable graph, launched on a stream as one unit.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use super::definition::{no_cluster, Definition, GraphDefinition};
use super::node::{GraphNode, GraphNodeInfo};
use crate::backend::interface::CheckedArgs;
use crate::backend::seam;
use crate::backend::slot::LibRef;
use crate::error::{Error, Result};
use crate::launch::{KernelArg, LaunchConfig};
use crate::stream::Stream;

/// An executable CUDA graph (`CUgraphExec`, cuda.core's `Graph`): made by
/// [`GraphDefinition::instantiate`] or [`GraphBuilder::complete`](crate::GraphBuilder::complete),
/// launched on a stream with one call however many nodes it has. Destroyed on drop.
///
/// A launch first checks that every library whose kernels the graph runs is still loaded and
/// holds them loaded for the call: a graph whose library was unloaded is refused with
/// [`Error::Unloaded`], never run. On the simulator the nodes run when the graph is
/// launched, and times are simulated (the cost model's, as for stream launches).
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{launch, CaptureMode, Device, LaunchConfig, Library};
/// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
/// let ctx = Device::new(0)?.set_current()?;
/// let lib = Library::load_file(path, &Default::default())?;
/// let saxpy = lib.get_kernel("saxpy")?;
/// let n = 1024;
/// let (x, y) = (ctx.htod(&vec![1.0f32; n])?, ctx.alloc_zeroed::<f32>(n)?);
/// let stream = ctx.create_stream()?;
/// let cfg = LaunchConfig::for_num_elems(n as u32, 256);
///
/// // Capture ten launches once, replay them as one graph.
/// let builder = stream.begin_capture(CaptureMode::Global)?;
/// for _ in 0..10 {
///     launch!(saxpy, &stream, &cfg, 1.0f32, x, y, n as i32)?;
/// }
/// let graph = builder.complete()?;
/// graph.upload(&stream)?;
/// graph.launch(&stream)?;
/// graph.launch(&stream)?;
/// stream.synchronize()?;
/// assert_eq!(y.to_vec()?[0], 20.0);
/// # Ok(()) }
/// ```
///
/// The [`graphs`](crate::guide::graphs) guide explains capture, explicit graphs and updates.
pub struct Graph {
    // Declared first so it is destroyed first: the driver's executable before the graph
    // (and node handles) it was made from.
    imp: seam::GraphExec,
    /// The definition it was instantiated from (node handles for kernel-node updates).
    source: Arc<Definition>,
    /// What it runs now: the source, or the definition of its last update.
    current: Mutex<Current>,
}

/// The definition a graph runs now and the libraries it holds while it launches.
struct Current {
    def: Arc<Definition>,
    libs: Vec<LibRef>,
    /// Definitions this graph ran before an update that hold host functions: a launch
    /// queued before the update may still call them on the driver, so they live as long as
    /// the executable graph.
    retired: Vec<Arc<Definition>>,
}

impl std::fmt::Debug for Graph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Graph")
            .field("nodes", &self.nodes().len())
            .field("simulated", &self.is_simulated())
            .finish()
    }
}

impl Graph {
    pub(crate) fn new(imp: seam::GraphExec, def: Arc<Definition>) -> Graph {
        def.execs.fetch_add(1, Ordering::AcqRel);
        let libs = def.libs();
        Graph {
            imp,
            source: def.clone(),
            current: Mutex::new(Current {
                def,
                libs,
                retired: Vec::new(),
            }),
        }
    }

    fn current(&self) -> std::sync::MutexGuard<'_, Current> {
        self.current.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether it runs on the simulator.
    pub fn is_simulated(&self) -> bool {
        self.imp.is_simulated()
    }

    /// The nodes it runs (those of its definition, or of its last
    /// [`update`](Graph::update)).
    pub fn nodes(&self) -> Vec<GraphNodeInfo> {
        let def = self.current().def.clone();
        let nodes = def.nodes();
        nodes.iter().map(|n| n.info.clone()).collect()
    }

    /// Makes the graph resident on the device ahead of its first launch (`cuGraphUpload`),
    /// so that launch costs no more than the later ones.
    pub fn upload(&self, stream: &Stream) -> Result<()> {
        self.imp.upload(&stream.imp)
    }

    /// Launches the whole graph on `stream` (`cuGraphLaunch`): its nodes run after the work
    /// queued before and before the work queued after. [`Error::Unloaded`] when a library
    /// whose kernels it runs was unloaded.
    ///
    /// A graph cannot be launched into a capture: on a capturing stream the driver refuses
    /// the launch (`CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED`) and the capture fails; add the
    /// graph's definition to another with
    /// [`GraphDefinition::add_child`](crate::GraphDefinition::add_child) instead.
    #[inline]
    pub fn launch(&self, stream: &Stream) -> Result<()> {
        let cur = self.current();
        let what = || "a kernel of this graph".to_string();
        super::refuse_in_host_fn("launching a graph")?;
        if let Some(message) = cur.def.take_host_panic() {
            return Err(Error::HostFunctionPanicked { message });
        }
        // Queued in the stream's turn, given its capture under way (which refuses it).
        let launch = || {
            let turn = stream.turn();
            match turn.as_ref() {
                Some(log) => log.with_backend(|c| stream.imp.launch_graph(c, &self.imp)),
                None => stream.imp.launch_graph(None, &self.imp),
            }
        };
        // Held loaded for the call, as a stream launch holds its kernel's library.
        let launched = match cur.libs.as_slice() {
            [] => launch(),
            [one] => {
                let _g = one.live(what)?;
                launch()
            }
            many => {
                let _held = many
                    .iter()
                    .map(|l| l.live(what))
                    .collect::<Result<Vec<_>>>()?;
                launch()
            }
        };
        // A captured graph's allocations are live now: the buffers of its capture free
        // them when they drop, even after the graph is gone.
        if let (Ok(()), Some(token)) = (&launched, &cur.def.capture_token) {
            token.note_launch();
        }
        launched
    }

    /// Sets new arguments and launch shape for kernel node `node`
    /// (`cuGraphExecKernelNodeSetParams`), checked against the node's kernel's parameters
    /// exactly as [`Kernel::launch`](crate::Kernel::launch) checks them: a wrong count or
    /// size is [`Error::ArgumentCount`] or [`Error::ArgumentSize`] and changes nothing. The
    /// definition is not changed, only this executable graph.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{Device, Error, GraphDefinition, KernelArg, LaunchConfig, Library};
    /// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
    /// let ctx = Device::new(0)?.set_current()?;
    /// let lib = Library::load_file(path, &Default::default())?;
    /// let saxpy = lib.get_kernel("saxpy")?;
    /// let (x, y) = (ctx.htod(&[1.0f32; 256])?, ctx.alloc_zeroed::<f32>(256)?);
    /// let (xp, yp, n) = (x.device_ptr(), y.device_ptr(), 256i32);
    /// let cfg = LaunchConfig::new(1, 256);
    /// let def = GraphDefinition::new(&ctx)?;
    /// let a = 1.0f32;
    /// let node = def.add_kernel(&[], &saxpy, &cfg,
    ///     &[KernelArg::of(&a), KernelArg::of(&xp), KernelArg::of(&yp), KernelArg::of(&n)])?;
    /// let graph = def.instantiate()?;
    ///
    /// let a = 4.0f32;
    /// graph.set_kernel_args(node, &cfg,
    ///     &[KernelArg::of(&a), KernelArg::of(&xp), KernelArg::of(&yp), KernelArg::of(&n)])?;
    /// // `a` as an f64 is the wrong size for the kernel's `float a`:
    /// let wrong = 4.0f64;
    /// let e = graph.set_kernel_args(node, &cfg,
    ///     &[KernelArg::of(&wrong), KernelArg::of(&xp), KernelArg::of(&yp), KernelArg::of(&n)]);
    /// assert!(matches!(e, Err(Error::ArgumentSize { index: 0, expected: 4, got: 8, .. })));
    ///
    /// let stream = ctx.create_stream()?;
    /// graph.launch(&stream)?;
    /// stream.synchronize()?;
    /// assert_eq!(y.to_vec()?[0], 4.0);
    /// # Ok(()) }
    /// ```
    pub fn set_kernel_args(
        &self,
        node: GraphNode,
        config: &LaunchConfig,
        args: &[KernelArg<'_>],
    ) -> Result<()> {
        let cur = self.current();
        if self.source.captured {
            return Err(Error::Unsupported(
                "the kernel nodes of a captured graph cannot be set one by one: capture the \
                 work again with the new arguments and call Graph::update with it"
                    .to_string(),
            ));
        }
        if node.graph != self.source.id && node.graph != cur.def.id {
            return Err(Error::InvalidArgument(
                "the node belongs to another graph than the one this was instantiated from"
                    .to_string(),
            ));
        }
        let kernel = {
            let nodes = cur.def.nodes();
            match nodes.get(node.index).and_then(|n| n.kernel.as_ref()) {
                Some((k, _)) => k.clone(),
                None => {
                    return Err(Error::InvalidArgument(format!(
                        "node {} is not a kernel node",
                        node.index
                    )))
                }
            }
        };
        let g = kernel.lib.live(|| "a kernel of this graph".to_string())?;
        let params = kernel.params_held(&g)?;
        let checked = match CheckedArgs::new(params, args) {
            Ok(c) => c,
            Err(m) => return Err(kernel.arg_error(&g, m)),
        };
        let geometry = config.geometry()?;
        no_cluster(&geometry)?;
        self.imp.set_kernel_params(
            &self.source.imp,
            node.index,
            &kernel.raw,
            &geometry,
            checked,
        )
    }

    /// Takes the parameters of `def` (`cuGraphExecUpdate`): the kernels' arguments and
    /// shapes, copies' and memsets' addresses, of a graph with the same nodes and edges,
    /// typically the same work captured again with new arguments. Cheaper than instantiating
    /// it. A graph whose topology differs is refused with the driver's reason and leaves this
    /// one unchanged.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{CaptureMode, Device};
    /// let ctx = Device::new(0)?.set_current()?;
    /// let stream = ctx.create_stream()?;
    /// let buf = ctx.alloc_zeroed::<u32>(32)?;
    /// let capture = |value: u32| {
    ///     let builder = stream.begin_capture(CaptureMode::ThreadLocal)?;
    ///     buf.fill_async(value, &stream)?;
    ///     builder.end()
    /// };
    /// let graph = capture(1)?.instantiate()?;
    /// graph.update(&capture(9)?)?;
    /// graph.launch(&stream)?;
    /// stream.synchronize()?;
    /// assert_eq!(buf.to_vec()?, [9; 32]);
    /// # Ok(()) }
    /// ```
    ///
    /// A graph with memory nodes is updated as any other (the executable graph then
    /// allocates at the new graph's addresses), but not with a graph that is instantiated as
    /// another executable graph alive: [`Error::GraphUpdate`] with
    /// [`GraphUpdateResult::NotSupported`](crate::GraphUpdateResult::NotSupported), on both
    /// backends. An allocation live from an earlier launch stays live until it is freed.
    pub fn update(&self, def: &GraphDefinition) -> Result<()> {
        let _held = def.inner.hold()?;
        let mut cur = self.current();
        let same = Arc::ptr_eq(&cur.def, &def.inner);
        // The CUDA C++ Programming Guide's "Graph Update Limitations", memory nodes: "It is
        // not possible to update a cudaGraphExec_t with a cudaGraph_t if the cudaGraph_t is
        // currently instantiated as a different cudaGraphExec_t" (a graph's allocations
        // belong to one executable graph at a time). The driver documents the rule but not
        // the result it gives, so this crate checks it for both backends.
        if !same
            && def.inner.conds().has_memory_nodes
            && def.inner.execs.load(Ordering::Acquire) > 0
        {
            return Err(Error::GraphUpdate {
                result: crate::GraphUpdateResult::NotSupported,
                detail: "the graph has memory nodes and is instantiated as another executable \
                         graph, which its allocations belong to: drop that executable graph \
                         first"
                    .to_string(),
            });
        }
        self.imp.update(&def.inner.imp)?;
        cur.libs = def.inner.libs();
        let old = std::mem::replace(&mut cur.def, def.inner.clone());
        if !same {
            // This executable graph is now the new graph's instantiation, not the old one's
            // (the one-at-a-time rule of graphs with memory or conditional nodes).
            def.inner.execs.fetch_add(1, Ordering::AcqRel);
            old.execs.fetch_sub(1, Ordering::AcqRel);
        }
        if old.has_host_fns() && !Arc::ptr_eq(&old, &self.source) {
            cur.retired.push(old);
        }
        Ok(())
    }
}

impl Drop for Graph {
    fn drop(&mut self) {
        let cur = self.current.get_mut().unwrap_or_else(|p| p.into_inner());
        cur.def.execs.fetch_sub(1, Ordering::AcqRel);
    }
}

impl GraphDefinition {
    /// The executable graph (`cuGraphInstantiateWithFlags`). A graph holding a kernel of an
    /// unloaded library is [`Error::Unloaded`]. A graph with conditional nodes may have one
    /// executable graph at a time (the driver's rule): instantiating it again while one is
    /// alive is refused.
    pub fn instantiate(&self) -> Result<Graph> {
        let single = {
            let c = self.inner.conds();
            c.has_conditional || c.has_memory_nodes
        };
        if single && self.inner.execs.load(Ordering::Acquire) > 0 {
            return Err(Error::InvalidArgument(
                "a graph with conditional or memory nodes may be instantiated once at a time \
                 (the driver's rule: CUDA_ERROR_INVALID_VALUE); drop the executable graph made \
                 from it first"
                    .to_string(),
            ));
        }
        if self.inner.conds().is_body {
            return Err(Error::InvalidArgument(
                "a conditional node's body is instantiated with the graph the node is in, \
                 not alone"
                    .to_string(),
            ));
        }
        let _held = self.inner.hold()?;
        let imp = self.inner.imp.instantiate()?;
        Ok(Graph::new(imp, self.inner.clone()))
    }
}
