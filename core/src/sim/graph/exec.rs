//! Executable graphs on the simulated devices: a plan replayed on a stream.

use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::super::context::Context;
use super::super::device::gpu;
use super::super::library::Kernel;
use super::super::stream::Stream;
use super::super::SimBackend;
use super::{kernel_op, same_topology, CondKind, Graph, GraphAlloc, Op, Plan};
use crate::backend::interface::{ArgBytes, CheckedArgs, GraphExecInterface};
use crate::error::{Error, Result};
use crate::info::Geometry;
use crate::limits::Limits;

/// A simulated executable graph: the plan its last instantiation or update made.
pub(crate) struct GraphExec {
    ctx: Arc<Context>,
    plan: Mutex<Arc<Plan>>,
}

impl GraphExec {
    pub fn new(ctx: Arc<Context>, plan: Arc<Plan>) -> GraphExec {
        GraphExec {
            ctx,
            plan: Mutex::new(plan),
        }
    }

    /// An error when `stream` is on another device than the graph.
    pub(super) fn check_stream(&self, stream: &Stream) -> Result<()> {
        if stream.ctx.ordinal != self.ctx.ordinal {
            return Err(Error::InvalidArgument(format!(
                "a graph of simulated device {} launched on a stream of device {} \
                 (CUDA_ERROR_INVALID_VALUE on the driver)",
                self.ctx.ordinal, stream.ctx.ordinal
            )));
        }
        Ok(())
    }

    fn plan(&self) -> Arc<Plan> {
        self.plan.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

/// Work charged for replaying one node, on top of what it runs (a kernel's own work, a
/// copy's or memset's bytes at [`BYTES_PER_WORK`]): about what replaying an empty node
/// costs the host, in the units a kernel's instructions are counted in, so that a graph of
/// millions of nodes meets the launch budget as a kernel of millions of instructions does.
const NODE_WORK: u64 = 64;

/// Bytes copied or set per unit of work (as a block's cleared memory is charged).
const BYTES_PER_WORK: u64 = 16;

/// How much work passes between looks at the clock while no kernel runs (a kernel node
/// reads it itself, as every launch does).
const CLOCK_EVERY_WORK: u64 = 1 << 20;

/// What one graph launch may use: the launch budget and deadline of the limits in force when
/// it began, shared by all its nodes, nested ones included, as a kernel's blocks share
/// them. A kernel node runs with what is left.
struct Allowance {
    limits: Limits,
    left: u64,
    next_clock: u64,
    #[cfg(not(target_arch = "wasm32"))]
    started: std::time::Instant,
}

impl Allowance {
    fn new() -> Allowance {
        let limits = crate::limits();
        Allowance {
            left: limits.launch_budget,
            next_clock: CLOCK_EVERY_WORK,
            limits,
            #[cfg(not(target_arch = "wasm32"))]
            started: std::time::Instant::now(),
        }
    }

    /// Work done so far.
    fn spent(&self) -> u64 {
        self.limits.launch_budget.saturating_sub(self.left)
    }

    /// Charges `work` for the node `what` describes; past the budget that is
    /// [`Error::InstructionBudget`], past the deadline [`Error::Deadline`].
    fn charge(&mut self, work: u64, what: impl Fn() -> String) -> Result<()> {
        if work > self.left {
            return Err(Error::InstructionBudget {
                kernel: what(),
                budget: self.limits.launch_budget,
                line: 0,
            });
        }
        self.left -= work;
        if self.spent() >= self.next_clock {
            self.next_clock = self.spent().saturating_add(CLOCK_EVERY_WORK);
            if self.remaining_time() == Some(Duration::ZERO) {
                return Err(self.past_deadline(what()));
            }
        }
        Ok(())
    }

    /// Time left before the deadline, if there is one (none on wasm32, which has no clock
    /// here: the playground stops its worker instead).
    fn remaining_time(&self) -> Option<Duration> {
        #[cfg(not(target_arch = "wasm32"))]
        return self
            .limits
            .launch_deadline
            .map(|d| d.saturating_sub(self.started.elapsed()));
        #[cfg(target_arch = "wasm32")]
        None
    }

    fn past_deadline(&self, what: String) -> Error {
        Error::Deadline {
            kernel: what,
            deadline: self.limits.launch_deadline.unwrap_or_default(),
            line: 0,
        }
    }

    /// The limits a kernel node runs under: what is left of the budget and the deadline.
    fn for_kernel(&self) -> Result<Limits> {
        let deadline = self.remaining_time();
        if deadline == Some(Duration::ZERO) {
            return Err(self.past_deadline("a graph's kernel node".to_string()));
        }
        Ok(Limits {
            launch_budget: self.left,
            launch_deadline: deadline,
            ..self.limits.clone()
        })
    }

    /// Charges a kernel node's `work`, or turns its error at the budget or deadline it ran
    /// with into one that names the graph launch's.
    fn kernel_ran(&mut self, ran: Result<u64>) -> Result<()> {
        match ran {
            Ok(work) => {
                self.left = self.left.saturating_sub(work);
                Ok(())
            }
            Err(Error::InstructionBudget { kernel, line, .. }) => Err(Error::InstructionBudget {
                kernel,
                budget: self.limits.launch_budget,
                line,
            }),
            Err(Error::Deadline { kernel, line, .. }) => Err(Error::Deadline {
                kernel,
                deadline: self.limits.launch_deadline.unwrap_or_default(),
                line,
            }),
            Err(e) => Err(e),
        }
    }
}

/// What replaying a node costs before the kernel it runs, if any.
fn node_work(op: &Op) -> u64 {
    let bytes = match op {
        Op::Copy { bytes, .. } => *bytes as u64,
        Op::Memset { width, count, .. } => (*count as u64).saturating_mul(*width as u64),
        _ => 0,
    };
    NODE_WORK.saturating_add(bytes / BYTES_PER_WORK)
}

/// What a node is, for an error that stops a replay there.
fn node_name(op: &Op) -> String {
    let kind = match op {
        Op::Kernel { .. } => "kernel",
        Op::Copy { .. } => "copy",
        Op::Memset { .. } => "memset",
        Op::Record(_) => "event record",
        Op::Wait(_) => "event wait",
        Op::Child(_) => "child graph",
        Op::Empty => "empty",
        Op::Host(_) => "host",
        Op::MemAlloc(_) => "memory allocation",
        Op::MemFree(_) => "memory free",
        Op::Conditional(c) => match c.kind {
            CondKind::If => "if",
            CondKind::While => "while",
            CondKind::Switch => "switch",
        },
    };
    format!("a graph's {kind} node")
}

/// A plan being replayed: where it is in its order, when each node ended.
struct Frame<'p> {
    plan: &'p Plan,
    /// The next position in `plan.order`.
    next: usize,
    /// When each node ended (its start time until it runs).
    ends: Vec<f64>,
    /// When the plan may start.
    start: f64,
    /// When its last node so far ended.
    last: f64,
    /// The handle of the `while` node this plan is the body of: run again while its value
    /// is not 0.
    looping: Option<u64>,
    /// Runs of this body so far, for a `while` node.
    iterations: u64,
}

impl<'p> Frame<'p> {
    fn new(plan: &'p Plan, start: f64) -> Frame<'p> {
        Frame {
            plan,
            next: 0,
            ends: vec![start; plan.nodes.len()],
            start,
            last: start,
            looping: None,
            iterations: 0,
        }
    }

    /// Node `i` ended at `end`.
    fn ended(&mut self, i: usize, end: f64) {
        if let Some(e) = self.ends.get_mut(i) {
            *e = end;
        }
        self.last = self.last.max(end);
    }
}

/// Runs `plan` on `stream` from simulated time `start`, nested plans in place, within the
/// launch budget and deadline; the time its last node ends. The nesting is walked with a
/// stack of frames, never by recursion.
fn replay(plan: &Plan, stream: &Stream, start: f64) -> Result<f64> {
    let mut allowance = Allowance::new();
    let mut frames = vec![Frame::new(plan, start)];
    // The end of a child plan just replayed, for the node of its parent that ran it.
    let mut child_end: Option<f64> = None;
    while let Some(top) = frames.last_mut() {
        if let Some(end) = child_end.take() {
            let i = top.plan.order.get(top.next.wrapping_sub(1)).copied();
            if let Some(i) = i {
                top.ended(i, end);
            }
        }
        let plan: &Plan = top.plan;
        let Some(&i) = plan.order.get(top.next) else {
            if let Some(handle) = top.looping {
                if handle_value(handle)? != 0 {
                    top.iterations += 1;
                    if top.iterations >= MAX_WHILE_ITERATIONS {
                        return Err(Error::InvalidArgument(format!(
                            "a graph's while node ran its body {MAX_WHILE_ITERATIONS} times \
                             and its handle is still not 0: the simulator's bound on one \
                             while node's iterations per launch. Have a kernel of the body \
                             call cudaGraphSetConditional(handle, 0) when the loop is done"
                        )));
                    }
                    allowance.charge(NODE_WORK, || "a graph's while node".to_string())?;
                    let t = top.last;
                    top.next = 0;
                    top.start = t;
                    top.ends.fill(t);
                    continue;
                }
            }
            let end = top.last;
            frames.pop();
            if frames.is_empty() {
                return Ok(end);
            }
            child_end = Some(end);
            continue;
        };
        top.next += 1;
        let Some(node) = plan.nodes.get(i) else {
            continue;
        };
        let ready = node
            .deps
            .iter()
            .filter_map(|&d| top.ends.get(d).copied())
            .fold(top.start, f64::max);
        allowance.charge(node_work(&node.op), || node_name(&node.op))?;
        match &node.op {
            Op::Child(child) => frames.push(Frame::new(child, ready)),
            Op::Conditional(c) => {
                let value = handle_value(c.handle)?;
                let body = match c.kind {
                    CondKind::If if value != 0 => c.plans.first(),
                    CondKind::If => c.plans.get(1),
                    CondKind::While if value != 0 => c.plans.first(),
                    CondKind::While => None,
                    CondKind::Switch => c.plans.get(value as usize),
                };
                match body {
                    Some(body) => {
                        let mut frame = Frame::new(body, ready);
                        if c.kind == CondKind::While {
                            frame.looping = Some(c.handle);
                        }
                        frames.push(frame);
                    }
                    None => top.ended(i, ready),
                }
            }
            Op::Kernel {
                kernel,
                geometry,
                params,
            } => {
                let limits = allowance.for_kernel()?;
                let mut t = ready;
                let ran = kernel.run_packed(stream, geometry, params, &mut t, &limits);
                allowance.kernel_ran(ran)?;
                top.ended(i, t);
            }
            op => {
                let end = run(op, stream, ready)?;
                top.ended(i, end);
            }
        }
    }
    Ok(start)
}

/// How many times one `while` node may run its body in one launch on the simulator: a
/// loop whose kernels never set its handle to 0 ends with an error here rather than at the
/// launch budget.
pub(crate) const MAX_WHILE_ITERATIONS: u64 = 1 << 20;

/// Frees graph allocation `a` (a free node's run, or a stream's `cuMemFreeAsync`); one not
/// live is an error, as freeing it twice is on the driver.
pub(crate) fn free_graph_alloc(a: &GraphAlloc) -> Result<()> {
    if !a.live.swap(false, Ordering::SeqCst) {
        return Err(Error::InvalidArgument(format!(
            "the graph allocation at {:#x} ({} bytes) is not allocated: its graph has not run \
             since it was last freed (CUDA_ERROR_INVALID_VALUE on the driver)",
            a.addr, a.bytes
        )));
    }
    a.freed();
    Ok(())
}

/// An error when a graph allocation `plan` makes is still live from an earlier launch: the
/// driver refuses to launch the graph again until it is freed.
fn no_allocation_live(plan: &Plan) -> Result<()> {
    for node in &plan.nodes {
        if let Op::MemAlloc(a) = &node.op {
            if a.live.load(Ordering::SeqCst) {
                return Err(Error::InvalidArgument(format!(
                    "the graph's allocation at {:#x} ({} bytes) from its last launch is not \
                     freed: free it (GraphAllocation::free_async, or a free node of another \
                     graph) before launching the graph again (CUDA_ERROR_INVALID_VALUE on the \
                     driver)",
                    a.addr, a.bytes
                )));
            }
        }
    }
    Ok(())
}

/// The value of the conditional handle at device address `handle`.
fn handle_value(handle: u64) -> Result<u32> {
    let g = gpu();
    let st = g.lock();
    let bytes = st
        .mem
        .slice(handle, 4)
        .ok_or_else(|| outside("a conditional handle's value", 4, handle))?;
    Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
}

/// Sets the conditional handles of `plan` and of the plans nested in it that have a default
/// value to it, as a launch begins (`CU_GRAPH_COND_ASSIGN_DEFAULT`).
fn reset_handles(plan: &Plan) -> Result<()> {
    let mut seen: HashSet<usize> = HashSet::new();
    let mut stack: Vec<&Plan> = vec![plan];
    let g = gpu();
    let mut st = g.lock();
    while let Some(p) = stack.pop() {
        if !seen.insert(p as *const Plan as usize) {
            continue;
        }
        for h in &p.resets {
            if let Some(value) = h.default {
                st.mem.write(h.addr, &value.to_le_bytes())?;
            }
        }
        for node in &p.nodes {
            match &node.op {
                Op::Child(c) => stack.push(c),
                Op::Conditional(c) => stack.extend(c.plans.iter().map(|b| &**b)),
                _ => {}
            }
        }
    }
    Ok(())
}

/// Runs one operation that may start at `at` (a stream's copy or memset, or a node of a
/// graph that runs no kernel); when it ends. A kernel here runs under the limits in force.
pub(super) fn run(op: &Op, stream: &Stream, at: f64) -> Result<f64> {
    let ordinal = stream.ctx.ordinal;
    match op {
        Op::Kernel {
            kernel,
            geometry,
            params,
        } => {
            let mut t = at;
            kernel.run_packed(stream, geometry, params, &mut t, &crate::limits())?;
            Ok(t)
        }
        Op::Copy { dst, src, bytes } => device_op(ordinal, at, *bytes, |m| {
            let v = m
                .slice(*src, *bytes)
                .ok_or_else(|| outside("a graph's copy", *bytes, *src))?
                .to_vec();
            Ok(m.write(*dst, &v)?)
        }),
        Op::Memset {
            dst,
            value,
            width,
            count,
        } => {
            let w = *width as usize;
            let bytes = count.saturating_mul(w);
            device_op(ordinal, at, bytes, |m| {
                let s = m
                    .slice_mut(*dst, bytes)
                    .ok_or_else(|| outside("a graph's memset", bytes, *dst))?;
                let v = value.to_le_bytes();
                for e in s.chunks_exact_mut(w) {
                    e.copy_from_slice(&v[..w]);
                }
                Ok(())
            })
        }
        Op::Record(cell) => {
            *cell.lock().unwrap_or_else(|p| p.into_inner()) = Some(at);
            Ok(at)
        }
        Op::Wait(cell) => {
            let t = cell.lock().unwrap_or_else(|p| p.into_inner()).unwrap_or(at);
            Ok(at.max(t))
        }
        Op::Child(plan) => replay(plan, stream, at),
        // Not reached: a conditional node is a graph's, replayed by `replay`.
        Op::Conditional(_) => Ok(at),
        Op::MemAlloc(a) => {
            a.live.store(true, Ordering::SeqCst);
            Ok(at)
        }
        Op::MemFree(a) => {
            free_graph_alloc(a)?;
            Ok(at)
        }
        Op::Empty => Ok(at),
        // Run with no lock of the simulator's held; the closure's own time is not simulated.
        Op::Host(host) => match host.call() {
            Ok(()) => Ok(at),
            Err(message) => {
                // Reported here, so not again at the next launch.
                host.take_panic();
                Err(Error::HostFunctionPanicked { message })
            }
        },
    }
}

fn outside(what: &str, bytes: usize, addr: u64) -> Error {
    Error::InvalidArgument(format!(
        "{what} of {bytes} bytes at {addr:#x} is outside simulated device memory \
         (was a buffer it names dropped?)"
    ))
}

/// Runs `f` on device memory as a copy of `bytes` that may start at `at` on device
/// `ordinal`; when it ends. Charged as a stream-ordered device copy.
pub(crate) fn device_op(
    ordinal: usize,
    at: f64,
    bytes: usize,
    f: impl FnOnce(&mut super::super::engine::Memory) -> Result<()>,
) -> Result<f64> {
    let g = gpu();
    let mut st = g.lock();
    f(&mut st.mem)?;
    let clock = st.clock(ordinal);
    let end = at.max(clock.legacy_ns) + g.cost.copy_ns(bytes, false);
    clock.latest_ns = clock.latest_ns.max(end);
    Ok(end)
}

impl GraphExecInterface<SimBackend> for GraphExec {
    /// Nothing to upload: the simulator's graphs live in host memory.
    fn upload(&self, _stream: &Stream) -> Result<()> {
        Ok(())
    }

    /// Replays every node now, on the stream's timeline (a stream that captures records
    /// no graph launch: its `launch_graph` refuses it).
    fn launch(&self, stream: &Stream) -> Result<()> {
        self.check_stream(stream)?;
        let plan = self.plan();
        no_allocation_live(&plan)?;
        reset_handles(&plan)?;
        let mut t = stream.timeline();
        let start = t.max(gpu().lock().clock(stream.ctx.ordinal).legacy_ns);
        *t = replay(&plan, stream, start)?;
        Ok(())
    }

    fn set_kernel_params<A: ArgBytes>(
        &self,
        _source: &Graph,
        node: usize,
        kernel: &Kernel,
        geometry: &Geometry,
        args: CheckedArgs<'_, A>,
    ) -> Result<()> {
        let op = kernel_op(kernel, geometry, &args)?;
        let mut guard = self.plan.lock().unwrap_or_else(|p| p.into_inner());
        let plan = Arc::make_mut(&mut guard);
        match plan.nodes.get_mut(node) {
            Some(n) if matches!(n.op, Op::Kernel { .. }) => {
                n.op = op;
                Ok(())
            }
            _ => Err(Error::InvalidArgument(format!(
                "node {node} is not a kernel node of this graph"
            ))),
        }
    }

    fn update(&self, graph: &Graph) -> Result<()> {
        let plan = graph.plan()?;
        let mut guard = self.plan.lock().unwrap_or_else(|p| p.into_inner());
        if !same_topology(&guard, &plan) {
            return Err(Error::GraphUpdate {
                result: crate::GraphUpdateResult::TopologyChanged,
                detail: "its nodes, their kinds or their dependencies differ from the \
                         executable graph's (a child graph's included)"
                    .to_string(),
            });
        }
        *guard = plan;
        Ok(())
    }
}
