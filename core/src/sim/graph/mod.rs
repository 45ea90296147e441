//! Graphs on the simulated devices: a graph is a list of recorded operations with their
//! dependencies; an executable graph replays them on a stream in an order that respects the
//! dependencies. Work runs when the graph is launched, as all simulated work does; simulated
//! time follows the dependencies, so independent branches overlap on the timeline as they
//! would on a GPU (each node's start is the latest end of the nodes it depends on).
//!
//! `capture` records a stream's work into a graph instead of running it (the capture is held
//! by the API's stream and handed to each call that queues work); `exec` replays.

mod capture;
mod exec;

use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use super::context::Context;
use super::library::Kernel;
use super::stream::{Event, EventCell};
use super::SimBackend;
use crate::backend::interface::{ArgBytes, CheckedArgs, ContextInterface, GraphInterface, HostFn};
use crate::error::{Error, Result};
use crate::info::Geometry;

pub(crate) use capture::{refuse_alloc_during_capture, refuse_sync_during_capture, Capture};
pub(crate) use exec::GraphExec;

/// One recorded operation.
#[derive(Clone)]
pub(crate) enum Op {
    /// A launch with its packed parameter buffer.
    Kernel {
        kernel: Kernel,
        geometry: Geometry,
        params: Vec<u8>,
    },
    /// Device to device.
    Copy { dst: u64, src: u64, bytes: usize },
    /// `count` elements of `width` bytes set to `value`.
    Memset {
        dst: u64,
        value: u32,
        width: u32,
        count: usize,
    },
    /// Records the event at the node's time.
    Record(EventCell),
    /// Starts no earlier than the event's time.
    Wait(EventCell),
    /// A copy of another graph, replayed as one node.
    Child(Arc<Plan>),
    /// Nothing (a join point).
    Empty,
    /// Calls a Rust closure on the replaying thread.
    Host(Arc<HostFn>),
    /// Runs body graphs as its handle's value says (`if`, `while`, `switch`).
    Conditional(Conditional),
    /// Makes a graph allocation live.
    MemAlloc(Arc<GraphAlloc>),
    /// Frees a graph allocation.
    MemFree(Arc<GraphAlloc>),
}

/// A graph allocation on the simulator: reserved when its node is made (its address is
/// fixed for the graph's lifetime, as the driver's is), live from a run of its allocation
/// node until a free node, or a stream, frees it. The memory stays mapped in between: the
/// simulator does not fault on a use outside the allocation's life (a GPU may).
///
/// Shared by its graph, the plans that allocate or free it and, while it can still be
/// freed by address, the registry of allocations; the memory is unmapped when the last of
/// them drops. Dropping the graph does not free a live allocation (the driver's rule): it
/// stays mapped until a stream or another graph frees it.
pub(crate) struct GraphAlloc {
    ctx: Arc<Context>,
    pub addr: u64,
    pub bytes: usize,
    pub live: AtomicBool,
    /// Its graph was dropped: once it is freed nothing can make it live again, so it leaves
    /// the registry then.
    orphaned: AtomicBool,
}

impl Drop for GraphAlloc {
    fn drop(&mut self) {
        // Nothing names the address any more; a failure could not be reported from Drop.
        let _ = self.ctx.free(self.addr);
    }
}

impl GraphAlloc {
    /// Its graph is dropped: it leaves the registry now if it is not live, otherwise when it
    /// is freed ([`GraphAlloc::freed`]).
    fn orphan(&self) {
        self.orphaned.store(true, Ordering::SeqCst);
        if !self.live.load(Ordering::SeqCst) {
            forget_alloc(self.addr);
        }
    }

    /// It was just freed: one whose graph is gone leaves the registry.
    pub(crate) fn freed(&self) {
        if self.orphaned.load(Ordering::SeqCst) {
            forget_alloc(self.addr);
        }
    }
}

/// Takes the allocation at `addr` out of the registry (its memory is unmapped when the last
/// plan holding it drops, outside the registry's lock).
fn forget_alloc(addr: u64) {
    let removed = allocs().remove(&addr);
    drop(removed);
}

/// Every graph allocation alive, by address: a free node of another graph, or a stream,
/// names one by address only.
static ALLOCS: Mutex<BTreeMap<u64, Arc<GraphAlloc>>> = Mutex::new(BTreeMap::new());

fn allocs() -> MutexGuard<'static, BTreeMap<u64, Arc<GraphAlloc>>> {
    ALLOCS.lock().unwrap_or_else(|p| p.into_inner())
}

/// The graph allocation at `ptr`.
pub(crate) fn graph_alloc(ptr: u64) -> Result<Arc<GraphAlloc>> {
    allocs().get(&ptr).cloned().ok_or_else(|| {
        Error::InvalidArgument(format!(
            "{ptr:#x} is not a graph allocation (CUDA_ERROR_INVALID_VALUE on the driver)"
        ))
    })
}

/// What a conditional node decides by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CondKind {
    /// Body 0 when the value is not 0; body 1 (if there is one) when it is.
    If,
    /// Body 0 again and again while the value is not 0 (looked at before each run).
    While,
    /// Body `value`, if there is one.
    Switch,
}

/// A conditional handle's 32-bit value in simulated device memory (its address is the
/// handle), and the value to set at each launch, if it has one. Shared by the graph that made
/// it and by every plan made from that graph (an executable graph's, or a parent's that holds
/// the graph as a child or a body): the memory is freed when the last of them is dropped, so
/// dropping a graph never frees a handle a plan still sets or reads.
pub(crate) struct HandleCell {
    ctx: Arc<Context>,
    pub addr: u64,
    pub default: Option<u32>,
}

impl Drop for HandleCell {
    fn drop(&mut self) {
        // Nothing names the address any more; a failure could not be reported from Drop.
        let _ = self.ctx.free(self.addr);
    }
}

/// A graph's conditional handles.
type Handles = Arc<Mutex<Vec<Arc<HandleCell>>>>;

/// The handles of `handles`, held by a plan (which resets those with a default when a
/// launch begins).
fn resets_of(handles: &Handles) -> Vec<Arc<HandleCell>> {
    handles.lock().unwrap_or_else(|p| p.into_inner()).clone()
}

/// A conditional node: its handle (the device address of the handle's 32-bit value) and its
/// bodies, as the graph holds them (`sources`, which nodes are still added to, with the
/// handles made in each body, which its plan resets at each launch) and as a plan orders
/// them (`plans`, made from the sources when the graph is planned).
#[derive(Clone)]
pub(crate) struct Conditional {
    pub handle: u64,
    pub kind: CondKind,
    sources: Vec<(Arc<Mutex<Vec<Node>>>, Handles)>,
    pub plans: Vec<Arc<Plan>>,
}

impl Op {
    /// Whether two operations are the same kind of node (what an update may not change).
    fn same_kind(&self, other: &Op) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// An operation and the nodes it waits for.
#[derive(Clone)]
pub(crate) struct Node {
    pub op: Op,
    pub deps: Vec<usize>,
}

/// Nodes and an order to run them in that respects every dependency.
///
/// Plans nest (a child graph node holds its child's plan) as deep as a caller nests graphs,
/// so nothing here recurses on the nesting: replaying, comparing and dropping walk it with
/// a stack of their own (20,000 levels would overflow a thread's stack).
#[derive(Clone)]
pub(crate) struct Plan {
    pub nodes: Vec<Node>,
    pub order: Vec<usize>,
    /// The conditional handles made in the graph it was planned from: held alive with the
    /// plan, and those with a default value set to it when a launch begins.
    pub resets: Vec<Arc<HandleCell>>,
}

impl Drop for Plan {
    /// Drops the nested plans one by one rather than each inside its parent's drop.
    fn drop(&mut self) {
        let mut children: Vec<Arc<Plan>> = Vec::new();
        take_children(&mut self.nodes, &mut children);
        while let Some(child) = children.pop() {
            // The last holder of a plan empties it before it drops, so its drop is shallow.
            if let Some(mut plan) = Arc::into_inner(child) {
                take_children(&mut plan.nodes, &mut children);
            }
        }
    }
}

/// Moves the child plans out of `nodes` into `out` (each node left empty).
fn take_children(nodes: &mut [Node], out: &mut Vec<Arc<Plan>>) {
    for node in nodes {
        if matches!(node.op, Op::Child(_)) {
            if let Op::Child(plan) = std::mem::replace(&mut node.op, Op::Empty) {
                out.push(plan);
            }
        }
    }
}

/// Whether two plans have the same topology all the way down: the same number of nodes, of
/// the same kinds, with the same dependencies, and child graphs of the same topology (what
/// `cuGraphExecUpdate` requires). Each pair of nested plans is compared once, so a graph
/// that nests one child twice at each of 40 levels is compared in 80 steps, not 2^40.
pub(crate) fn same_topology(a: &Arc<Plan>, b: &Arc<Plan>) -> bool {
    // Every plan compared is held by `a` or `b` for the whole call, so no address in
    // `compared` can be reused by another plan meanwhile.
    let mut compared: HashSet<(usize, usize)> = HashSet::new();
    let mut stack: Vec<(&Plan, &Plan)> = vec![(a, b)];
    while let Some((x, y)) = stack.pop() {
        let key = (x as *const Plan as usize, y as *const Plan as usize);
        if std::ptr::eq(x, y) || !compared.insert(key) {
            continue;
        }
        if x.nodes.len() != y.nodes.len() {
            return false;
        }
        for (m, n) in x.nodes.iter().zip(&y.nodes) {
            if !m.op.same_kind(&n.op) || m.deps != n.deps {
                return false;
            }
            if let (Op::Child(p), Op::Child(q)) = (&m.op, &n.op) {
                stack.push((p, q));
            }
            if let (Op::Conditional(p), Op::Conditional(q)) = (&m.op, &n.op) {
                if p.kind != q.kind || p.plans.len() != q.plans.len() {
                    return false;
                }
                stack.extend(p.plans.iter().zip(&q.plans).map(|(a, b)| (&**a, &**b)));
            }
        }
    }
    true
}

impl Plan {
    /// Orders `nodes` (Kahn's algorithm); a cycle is an error.
    pub fn new(nodes: Vec<Node>) -> Result<Plan> {
        let n = nodes.len();
        let mut waiting: Vec<usize> = nodes.iter().map(|x| x.deps.len()).collect();
        let mut users: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, node) in nodes.iter().enumerate() {
            for &d in &node.deps {
                let list = users.get_mut(d).ok_or_else(|| {
                    Error::InvalidArgument(format!(
                        "node {i} depends on node {d}, which is not in the graph"
                    ))
                })?;
                list.push(i);
            }
        }
        let mut ready: Vec<usize> = (0..n).filter(|&i| waiting[i] == 0).rev().collect();
        let mut order = Vec::with_capacity(n);
        while let Some(i) = ready.pop() {
            order.push(i);
            for &u in users[i].iter().rev() {
                waiting[u] -= 1;
                if waiting[u] == 0 {
                    ready.push(u);
                }
            }
        }
        if order.len() != n {
            return Err(Error::InvalidArgument(
                "the graph's dependencies form a cycle (CUDA_ERROR_INVALID_VALUE on the driver)"
                    .to_string(),
            ));
        }
        Ok(Plan {
            nodes,
            order,
            resets: Vec::new(),
        })
    }

    /// Orders `nodes`, the bodies of their conditional nodes too (`depth` levels of
    /// conditionals down), with the handles to reset when a launch begins.
    fn of(mut nodes: Vec<Node>, resets: Vec<Arc<HandleCell>>, depth: usize) -> Result<Plan> {
        for node in &mut nodes {
            if let Op::Conditional(c) = &mut node.op {
                if depth >= MAX_CONDITIONAL_DEPTH {
                    return Err(Error::Unsupported(format!(
                        "conditional nodes nested more than {MAX_CONDITIONAL_DEPTH} deep in \
                         the bodies of others: the simulator's bound (it plans them \
                         recursively)"
                    )));
                }
                c.plans = c
                    .sources
                    .iter()
                    .map(|(body, handles)| {
                        let body = body.lock().unwrap_or_else(|p| p.into_inner()).clone();
                        Plan::of(body, resets_of(handles), depth + 1).map(Arc::new)
                    })
                    .collect::<Result<_>>()?;
            }
        }
        let mut plan = Plan::new(nodes)?;
        plan.resets = resets;
        Ok(plan)
    }
}

/// How deep conditional nodes may nest in the bodies of others on the simulator (planning a
/// graph walks them recursively).
pub(crate) const MAX_CONDITIONAL_DEPTH: usize = 64;

/// A simulated graph being defined.
pub(crate) struct Graph {
    pub ctx: Arc<Context>,
    /// Shared with the conditional node whose body this graph is, if it is one.
    nodes: Arc<Mutex<Vec<Node>>>,
    /// The plan of `nodes` as they are, made when first asked for and dropped when they
    /// change: adding one child many times, or instantiating again, orders it once. (A
    /// graph with conditional nodes is planned each time: its bodies may have changed.)
    plan: Mutex<Option<Arc<Plan>>>,
    /// Its conditional handles (shared with the conditional node whose body it is, and held
    /// by the plans made from it: freed when the last of them drops).
    handles: Handles,
    /// The allocations its allocation nodes make, given up with the graph (a live one
    /// stays until it is freed).
    owned_allocs: Mutex<Vec<Arc<GraphAlloc>>>,
}

impl Drop for Graph {
    fn drop(&mut self) {
        let owned =
            std::mem::take(&mut *self.owned_allocs.lock().unwrap_or_else(|p| p.into_inner()));
        for a in owned {
            a.orphan();
        }
    }
}

impl Graph {
    pub fn new(ctx: Arc<Context>) -> Graph {
        Graph {
            ctx,
            nodes: Arc::new(Mutex::new(Vec::new())),
            plan: Mutex::new(None),
            handles: Arc::new(Mutex::new(Vec::new())),
            owned_allocs: Mutex::new(Vec::new()),
        }
    }

    fn nodes(&self) -> MutexGuard<'_, Vec<Node>> {
        self.nodes.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn cached_plan(&self) -> MutexGuard<'_, Option<Arc<Plan>>> {
        self.plan.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The nodes, ordered (a cycle is an error).
    pub fn plan(&self) -> Result<Arc<Plan>> {
        if let Some(plan) = self.cached_plan().as_ref() {
            return Ok(plan.clone());
        }
        let nodes = self.nodes().clone();
        let conditional = nodes.iter().any(|n| matches!(n.op, Op::Conditional(_)));
        let resets = resets_of(&self.handles);
        let plan = Arc::new(Plan::of(nodes, resets, 0)?);
        if !conditional {
            *self.cached_plan() = Some(plan.clone());
        }
        Ok(plan)
    }

    /// The allocation at `ptr` that one of its allocation nodes makes, if there is one.
    pub fn own_alloc(&self, ptr: u64) -> Option<Arc<GraphAlloc>> {
        self.owned_allocs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .find(|a| a.addr == ptr)
            .cloned()
    }

    /// Appends a node; its number.
    pub fn push(&self, deps: &[usize], op: Op) -> usize {
        let mut nodes = self.nodes();
        *self.cached_plan() = None;
        nodes.push(Node {
            op,
            deps: deps.to_vec(),
        });
        nodes.len() - 1
    }
}

/// A launch's operation: the kernel, its geometry and its packed parameters. (A kernel
/// node takes no cluster or cooperative launch: the API refuses those for the nodes it adds
/// or sets, and a capture before it records one.)
pub(crate) fn kernel_op<A: ArgBytes>(
    kernel: &Kernel,
    geometry: &Geometry,
    args: &CheckedArgs<'_, A>,
) -> Result<Op> {
    Ok(Op::Kernel {
        kernel: *kernel,
        geometry: *geometry,
        params: super::param_buffer(args.at_offsets())?,
    })
}

impl GraphInterface<SimBackend> for Graph {
    fn create(ctx: &Arc<Context>) -> Result<Graph> {
        Ok(Graph::new(ctx.clone()))
    }

    fn add_kernel<A: ArgBytes>(
        &self,
        deps: &[usize],
        kernel: &Kernel,
        geometry: &Geometry,
        args: CheckedArgs<'_, A>,
    ) -> Result<usize> {
        Ok(self.push(deps, kernel_op(kernel, geometry, &args)?))
    }

    fn add_memcpy(&self, deps: &[usize], dst: u64, src: u64, bytes: usize) -> Result<usize> {
        Ok(self.push(deps, Op::Copy { dst, src, bytes }))
    }

    fn add_memset(
        &self,
        deps: &[usize],
        dst: u64,
        value: u32,
        width: u32,
        count: usize,
    ) -> Result<usize> {
        let op = Op::Memset {
            dst,
            value,
            width,
            count,
        };
        Ok(self.push(deps, op))
    }

    fn add_event_record(&self, deps: &[usize], event: &Event) -> Result<usize> {
        Ok(self.push(deps, Op::Record(event.cell())))
    }

    fn add_event_wait(&self, deps: &[usize], event: &Event) -> Result<usize> {
        Ok(self.push(deps, Op::Wait(event.cell())))
    }

    fn add_child(&self, deps: &[usize], child: &Graph) -> Result<usize> {
        let plan = child.plan()?;
        Ok(self.push(deps, Op::Child(plan)))
    }

    fn add_empty(&self, deps: &[usize]) -> Result<usize> {
        Ok(self.push(deps, Op::Empty))
    }

    /// Adds edges the API checked: new ones, between nodes of this graph.
    fn add_edges(&self, edges: &[(usize, usize)]) -> Result<()> {
        let mut nodes = self.nodes();
        let n = nodes.len();
        if let Some(&(from, to)) = edges.iter().find(|&&(f, t)| f >= n || t >= n) {
            return Err(Error::InvalidArgument(format!(
                "no edge from node {from} to node {to}: the graph has {n} nodes"
            )));
        }
        *self.cached_plan() = None;
        for &(from, to) in edges {
            if let Some(node) = nodes.get_mut(to) {
                node.deps.push(from);
            }
        }
        Ok(())
    }

    fn add_host(&self, deps: &[usize], host: &Arc<HostFn>) -> Result<usize> {
        Ok(self.push(deps, Op::Host(host.clone())))
    }

    /// A 32-bit value in simulated device memory, its address the handle (what a kernel's
    /// `cudaGraphSetConditional` stores to), set to `default` now and, with
    /// `assign_default`, at each launch.
    fn conditional_handle(&self, default: u32, assign_default: bool) -> Result<u64> {
        // A cached plan would not hold (nor reset) the new handle.
        *self.cached_plan() = None;
        let cell = Arc::new(HandleCell {
            ctx: self.ctx.clone(),
            addr: self.ctx.alloc(4)?,
            default: assign_default.then_some(default),
        });
        // On an error `cell` drops and frees the memory.
        self.ctx.htod(cell.addr, &default.to_le_bytes())?;
        let addr = cell.addr;
        self.handles
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(cell);
        Ok(addr)
    }

    /// Reserves the memory now: its address is fixed for the graph's lifetime.
    fn add_mem_alloc(&self, deps: &[usize], bytes: usize) -> Result<(usize, u64)> {
        let addr = self.ctx.reserve(bytes)?;
        let a = Arc::new(GraphAlloc {
            ctx: self.ctx.clone(),
            addr,
            bytes,
            live: AtomicBool::new(false),
            orphaned: AtomicBool::new(false),
        });
        allocs().insert(addr, a.clone());
        self.owned_allocs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(a.clone());
        Ok((self.push(deps, Op::MemAlloc(a)), addr))
    }

    fn add_mem_free(&self, deps: &[usize], ptr: u64) -> Result<usize> {
        let a = graph_alloc(ptr)?;
        Ok(self.push(deps, Op::MemFree(a)))
    }

    fn add_conditional(
        &self,
        deps: &[usize],
        handle: u64,
        kind: u32,
        size: u32,
    ) -> Result<(usize, Vec<Graph>)> {
        let kind = match kind {
            0 => CondKind::If,
            1 => CondKind::While,
            _ => CondKind::Switch,
        };
        let bodies: Vec<Graph> = (0..size).map(|_| Graph::new(self.ctx.clone())).collect();
        let op = Op::Conditional(Conditional {
            handle,
            kind,
            sources: bodies
                .iter()
                .map(|b| (b.nodes.clone(), b.handles.clone()))
                .collect(),
            plans: Vec::new(),
        });
        Ok((self.push(deps, op), bodies))
    }

    fn instantiate(&self) -> Result<GraphExec> {
        Ok(GraphExec::new(self.ctx.clone(), self.plan()?))
    }
}
