//! Graphs on the driver: `CUgraph` (a definition, built node by node or captured from a
//! stream) and `CUgraphExec` (an executable graph), each destroyed on drop. A definition keeps
//! the node handles it made, numbered in the order they were added, so the API can name
//! nodes by number (a captured graph's nodes are the driver's own and have no numbers here).

mod capture;
pub(crate) mod ffi;

pub(crate) use capture::Capture;

use std::ffi::c_void;
use std::ptr;
use std::sync::{Arc, Mutex};

use super::{Context, DriverBackend, Event, Kernel, Stream};
use crate::backend::interface::{
    ArgBytes, CheckedArgs, GraphExecInterface, GraphInterface, HostFn,
};
use crate::error::{Error, Result};
use crate::info::Geometry;
use crate::sys::driver as sys;
use ffi::{cug, CUgraph, CUgraphExec, CUgraphNode, KernelNodeParams, MemsetNodeParams};

/// A `CUgraph` and the nodes this crate added to it.
pub(crate) struct Graph {
    raw: CUgraph,
    ctx: Arc<Context>,
    nodes: Mutex<Vec<CUgraphNode>>,
    /// A conditional node's body: the driver owns it (`CUDA_CONDITIONAL_NODE_PARAMS::
    /// phGraph_out` is "CUDA-owned ... valid for the lifetime of the conditional node", and
    /// destroyed with it), so this value does not destroy it. The API keeps the parent graph
    /// alive as long as a body's value can be used. (A child graph node takes a clone of
    /// its child, so the child stays ours to destroy.)
    body: bool,
}

// SAFETY: graph handles may be used from any thread; `nodes` is behind a lock and the
// driver's calls on one graph are serialised by it where they add nodes.
unsafe impl Send for Graph {}
// SAFETY: as above.
unsafe impl Sync for Graph {}

impl Drop for Graph {
    fn drop(&mut self) {
        if self.body {
            return;
        }
        // SAFETY: destroying the graph this value owns (and its nodes); the API keeps it
        // alive as long as the executable graphs made from it.
        unsafe {
            let _ = cug!(self.ctx.drv, graph_destroy(self.raw));
        }
    }
}

/// The parameter pointers of checked arguments (the driver copies the values when the node
/// is made or set).
fn param_ptrs<A: ArgBytes>(args: &CheckedArgs<'_, A>) -> Vec<*mut c_void> {
    args.bytes()
        .map(|a| a.as_ptr().cast_mut().cast::<c_void>())
        .collect()
}

fn kernel_params(
    kernel: &Kernel,
    ctx: &Context,
    geometry: &Geometry,
    ptrs: &mut [*mut c_void],
) -> Result<KernelNodeParams> {
    // The API refused a cluster or cooperative geometry for a kernel node (`no_cluster`).
    Ok(KernelNodeParams {
        func: ptr::null_mut(),
        grid_dim: geometry.grid(),
        block_dim: geometry.block(),
        shared_mem_bytes: geometry.shared_mem_bytes(),
        kernel_params: if ptrs.is_empty() {
            ptr::null_mut()
        } else {
            ptrs.as_mut_ptr()
        },
        extra: ptr::null_mut(),
        kern: kernel.raw,
        ctx: ctx.raw,
    })
}

impl Graph {
    fn wrap(raw: CUgraph, ctx: Arc<Context>) -> Graph {
        Graph {
            raw,
            ctx,
            nodes: Mutex::new(Vec::new()),
            body: false,
        }
    }

    /// The driver's handles of nodes `numbers`.
    fn handles(&self, numbers: &[usize]) -> Result<Vec<CUgraphNode>> {
        let nodes = self.nodes.lock().unwrap_or_else(|p| p.into_inner());
        numbers
            .iter()
            .map(|&i| {
                nodes.get(i).copied().ok_or_else(|| {
                    Error::InvalidArgument(format!(
                        "node {i} is not one this crate added to the graph (a captured \
                         graph's nodes cannot be named)"
                    ))
                })
            })
            .collect()
    }

    /// Adds a node with `add(out, graph, deps, n)`; its number.
    fn add(
        &self,
        deps: &[usize],
        add: impl FnOnce(*mut CUgraphNode, CUgraph, *const CUgraphNode, usize) -> Result<()>,
    ) -> Result<usize> {
        let deps = self.handles(deps)?;
        let mut node: CUgraphNode = ptr::null_mut();
        let dp = if deps.is_empty() {
            ptr::null()
        } else {
            deps.as_ptr()
        };
        add(&mut node, self.raw, dp, deps.len())?;
        let mut nodes = self.nodes.lock().unwrap_or_else(|p| p.into_inner());
        nodes.push(node);
        Ok(nodes.len() - 1)
    }
}

impl GraphInterface<DriverBackend> for Graph {
    /// `cuGraphCreate`.
    fn create(ctx: &Arc<Context>) -> Result<Graph> {
        let mut raw: CUgraph = ptr::null_mut();
        // SAFETY: creates a graph destroyed in Drop.
        unsafe { cug!(ctx.drv, graph_create(&mut raw, 0)) }?;
        Ok(Graph::wrap(raw, ctx.clone()))
    }

    /// `cuGraphAddKernelNode` with the kernel's `CUkernel` in the graph's context.
    fn add_kernel<A: ArgBytes>(
        &self,
        deps: &[usize],
        kernel: &Kernel,
        geometry: &Geometry,
        args: CheckedArgs<'_, A>,
    ) -> Result<usize> {
        let mut ptrs = param_ptrs(&args);
        let params = kernel_params(kernel, &self.ctx, geometry, &mut ptrs)?;
        let drv = self.ctx.drv;
        self.add(deps, |out, g, dp, n| {
            // SAFETY: `params` points at one pointer per parameter, each at a live argument
            // of exactly its parameter's size (`CheckedArgs`); the driver copies them.
            unsafe { cug!(drv, add_kernel_node(out, g, dp, n, &params)) }
        })
    }

    /// `cuGraphAddMemcpyNode`, device to device.
    fn add_memcpy(&self, deps: &[usize], dst: u64, src: u64, bytes: usize) -> Result<usize> {
        let copy = sys::CUDA_MEMCPY3D_st {
            srcMemoryType: sys::CUmemorytype::CU_MEMORYTYPE_DEVICE,
            srcDevice: src,
            dstMemoryType: sys::CUmemorytype::CU_MEMORYTYPE_DEVICE,
            dstDevice: dst,
            WidthInBytes: bytes,
            Height: 1,
            Depth: 1,
            ..Default::default()
        };
        let (drv, ctx) = (self.ctx.drv, self.ctx.raw);
        self.add(deps, |out, g, dp, n| {
            // SAFETY: a device-to-device copy between ranges the caller guarantees.
            unsafe { cug!(drv, add_memcpy_node(out, g, dp, n, &copy, ctx)) }
        })
    }

    /// `cuGraphAddMemsetNode`, one row.
    fn add_memset(
        &self,
        deps: &[usize],
        dst: u64,
        value: u32,
        width: u32,
        count: usize,
    ) -> Result<usize> {
        let params = MemsetNodeParams {
            dst,
            pitch: 0,
            value,
            element_size: width,
            width: count,
            height: 1,
        };
        let (drv, ctx) = (self.ctx.drv, self.ctx.raw);
        self.add(deps, |out, g, dp, n| {
            // SAFETY: sets a range the caller guarantees.
            unsafe { cug!(drv, add_memset_node(out, g, dp, n, &params, ctx)) }
        })
    }

    /// `cuGraphAddEventRecordNode`.
    fn add_event_record(&self, deps: &[usize], event: &Event) -> Result<usize> {
        let drv = self.ctx.drv;
        self.add(deps, |out, g, dp, n| {
            // SAFETY: the event outlives the graph (the API keeps it).
            unsafe { cug!(drv, add_event_record_node(out, g, dp, n, event.raw)) }
        })
    }

    /// `cuGraphAddEventWaitNode`.
    fn add_event_wait(&self, deps: &[usize], event: &Event) -> Result<usize> {
        let drv = self.ctx.drv;
        self.add(deps, |out, g, dp, n| {
            // SAFETY: as for the record node.
            unsafe { cug!(drv, add_event_wait_node(out, g, dp, n, event.raw)) }
        })
    }

    /// `cuGraphAddChildGraphNode` (the driver copies the child).
    fn add_child(&self, deps: &[usize], child: &Graph) -> Result<usize> {
        let drv = self.ctx.drv;
        self.add(deps, |out, g, dp, n| {
            // SAFETY: both graphs are alive; the child is cloned into the node.
            unsafe { cug!(drv, add_child_graph_node(out, g, dp, n, child.raw)) }
        })
    }

    /// `cuGraphAddEmptyNode`.
    fn add_empty(&self, deps: &[usize]) -> Result<usize> {
        let drv = self.ctx.drv;
        self.add(deps, |out, g, dp, n| {
            // SAFETY: the graph is alive.
            unsafe { cug!(drv, add_empty_node(out, g, dp, n)) }
        })
    }

    /// `cuGraphAddDependencies`.
    fn add_edges(&self, edges: &[(usize, usize)]) -> Result<()> {
        let from = self.handles(&edges.iter().map(|e| e.0).collect::<Vec<_>>())?;
        let to = self.handles(&edges.iter().map(|e| e.1).collect::<Vec<_>>())?;
        if from.is_empty() {
            return Ok(());
        }
        // SAFETY: two arrays of `len` nodes of this graph.
        unsafe {
            cug!(
                self.ctx.drv,
                add_dependencies(self.raw, from.as_ptr(), to.as_ptr(), from.len())
            )
        }
    }

    /// `cuGraphAddHostNode`, calling `host` (kept alive by the API as long as the graph).
    fn add_host(&self, deps: &[usize], host: &Arc<HostFn>) -> Result<usize> {
        let params = ffi::HostNodeParams {
            func: Some(capture::call_held),
            user_data: Arc::as_ptr(host).cast_mut().cast::<c_void>(),
        };
        let drv = self.ctx.drv;
        self.add(deps, |out, g, dp, n| {
            // SAFETY: the graph is alive; the API keeps `host` alive as long as the graph
            // and its executables (and the parents it is copied into).
            unsafe { cug!(drv, add_host_node(out, g, dp, n, &params)) }
        })
    }

    /// `cuGraphAddMemAllocNode` of device memory on the context's device.
    fn add_mem_alloc(&self, deps: &[usize], bytes: usize) -> Result<(usize, u64)> {
        let mut params = ffi::MemAllocNodeParams {
            pool_props: sys::CUmemPoolProps_v1 {
                allocType: sys::CUmemAllocationType::CU_MEM_ALLOCATION_TYPE_PINNED,
                handleTypes: sys::CUmemAllocationHandleType::CU_MEM_HANDLE_TYPE_NONE,
                location: sys::CUmemLocation {
                    type_: sys::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE,
                    id: self.ctx.device,
                },
                ..Default::default()
            },
            access_descs: ptr::null(),
            access_desc_count: 0,
            bytesize: bytes,
            dptr: 0,
        };
        let drv = self.ctx.drv;
        let index = self.add(deps, |out, g, dp, n| {
            // SAFETY: the graph is alive; `params` is complete and zero-padded; the driver
            // writes `dptr`.
            unsafe { cug!(drv, add_mem_alloc_node(out, g, dp, n, &mut params)) }
        })?;
        Ok((index, params.dptr))
    }

    /// `cuGraphAddMemFreeNode`.
    fn add_mem_free(&self, deps: &[usize], ptr: u64) -> Result<usize> {
        let drv = self.ctx.drv;
        self.add(deps, |out, g, dp, n| {
            // SAFETY: the graph is alive; the caller checked `ptr` is a graph allocation.
            unsafe { cug!(drv, add_mem_free_node(out, g, dp, n, ptr)) }
        })
    }

    /// `cuGraphConditionalHandleCreate` in the graph's context.
    fn conditional_handle(&self, default: u32, assign_default: bool) -> Result<u64> {
        let mut handle = 0u64;
        let flags = if assign_default {
            ffi::COND_ASSIGN_DEFAULT
        } else {
            0
        };
        // SAFETY: the graph and context are alive; the driver writes `handle`.
        unsafe {
            cug!(
                self.ctx.drv,
                conditional_handle_create(&mut handle, self.raw, self.ctx.raw, default, flags)
            )
        }?;
        Ok(handle)
    }

    /// `cuGraphAddNode` of a conditional node; its bodies are the driver's graphs, wrapped
    /// without ownership (the parent graph keeps them, and the API keeps the parent).
    fn add_conditional(
        &self,
        deps: &[usize],
        handle: u64,
        kind: u32,
        size: u32,
    ) -> Result<(usize, Vec<Graph>)> {
        let mut params = ffi::GraphNodeParams {
            kind: ffi::NODE_TYPE_CONDITIONAL,
            reserved0: [0; 3],
            conditional: ffi::ConditionalNodeParams {
                handle,
                kind,
                size,
                graphs_out: ptr::null_mut(),
                ctx: self.ctx.raw,
            },
            rest: [0; 232 - std::mem::size_of::<ffi::ConditionalNodeParams>()],
            reserved2: 0,
        };
        let drv = self.ctx.drv;
        let index = self.add(deps, |out, g, dp, n| {
            // SAFETY: the graph is alive; the parameters are the header's layout
            // (`GraphNodeParams`), zero but what is set; the driver writes `graphs_out`.
            unsafe { cug!(drv, add_node(out, g, dp, n, &mut params)) }
        })?;
        let out = params.conditional.graphs_out;
        if out.is_null() {
            return Err(Error::InvalidArgument(
                "the driver made a conditional node but gave no body graphs".to_string(),
            ));
        }
        let bodies = (0..size as usize)
            .map(|i| {
                // SAFETY: the driver's array of `size` graphs, valid as long as the node.
                let raw = unsafe { *out.add(i) };
                Graph {
                    raw,
                    ctx: self.ctx.clone(),
                    nodes: Mutex::new(Vec::new()),
                    body: true,
                }
            })
            .collect();
        Ok((index, bodies))
    }

    /// `cuGraphInstantiateWithFlags` (no flags).
    fn instantiate(&self) -> Result<GraphExec> {
        self.ctx.make_current()?;
        let mut raw: CUgraphExec = ptr::null_mut();
        // SAFETY: instantiates a live graph into an executable destroyed in Drop.
        unsafe { cug!(self.ctx.drv, instantiate_with_flags(&mut raw, self.raw, 0)) }?;
        Ok(GraphExec {
            raw,
            ctx: self.ctx.clone(),
        })
    }
}

/// A `CUgraphExec`.
pub(crate) struct GraphExec {
    raw: CUgraphExec,
    ctx: Arc<Context>,
}

// SAFETY: executable graphs may be launched from any thread; the handle is not mutated.
unsafe impl Send for GraphExec {}
// SAFETY: as above.
unsafe impl Sync for GraphExec {}

impl Drop for GraphExec {
    fn drop(&mut self) {
        // SAFETY: destroying the executable this value owns; launches already queued finish.
        unsafe {
            let _ = cug!(self.ctx.drv, exec_destroy(self.raw));
        }
    }
}

impl GraphExecInterface<DriverBackend> for GraphExec {
    /// `cuGraphUpload`.
    fn upload(&self, stream: &Stream) -> Result<()> {
        // SAFETY: both handles are alive.
        unsafe { cug!(self.ctx.drv, upload(self.raw, stream.raw)) }
    }

    /// `cuGraphLaunch`.
    #[inline]
    fn launch(&self, stream: &Stream) -> Result<()> {
        // SAFETY: both handles are alive; the API holds the graph's libraries loaded.
        unsafe { cug!(self.ctx.drv, launch(self.raw, stream.raw)) }
    }

    /// `cuGraphExecKernelNodeSetParams`.
    fn set_kernel_params<A: ArgBytes>(
        &self,
        source: &Graph,
        node: usize,
        kernel: &Kernel,
        geometry: &Geometry,
        args: CheckedArgs<'_, A>,
    ) -> Result<()> {
        let handle = source.handles(&[node])?[0];
        let mut ptrs = param_ptrs(&args);
        let params = kernel_params(kernel, &self.ctx, geometry, &mut ptrs)?;
        // SAFETY: a kernel node of the graph this was instantiated from (alive: the API
        // keeps it), with checked parameter pointers the driver copies.
        unsafe {
            cug!(
                self.ctx.drv,
                exec_kernel_node_set_params(self.raw, handle, &params)
            )
        }
    }

    /// `cuGraphExecUpdate`; a refused update names the driver's reason.
    fn update(&self, graph: &Graph) -> Result<()> {
        let mut info = ffi::ExecUpdateResultInfo {
            result: 0,
            error_node: ptr::null_mut(),
            error_from_node: ptr::null_mut(),
        };
        // SAFETY: both graphs are alive; the driver writes `info`.
        let r = unsafe { cug!(self.ctx.drv, exec_update(self.raw, graph.raw, &mut info)) };
        r.map_err(
            |e| match (e, crate::GraphUpdateResult::from_raw(info.result)) {
                (Error::Cuda(c), Some(result)) => Error::GraphUpdate {
                    result,
                    detail: format!("cuGraphExecUpdate refused it ({})", c.name),
                },
                (other, _) => other,
            },
        )
    }
}
