//! Executable graphs on the simulated devices: a plan replayed on a stream.

use std::sync::{Arc, Mutex};

use super::super::context::Context;
use super::super::device::gpu;
use super::super::library::Kernel;
use super::super::stream::Stream;
use super::super::SimBackend;
use super::{kernel_op, Graph, Op, Plan};
use crate::backend::interface::{ArgBytes, CheckedArgs, GraphExecInterface};
use crate::error::{Error, Result};
use crate::info::Geometry;

/// A simulated executable graph: the plan its last instantiation or update made.
pub(crate) struct GraphExec {
    ctx: Arc<Context>,
    plan: Mutex<Arc<Plan>>,
}

impl GraphExec {
    pub fn new(ctx: Arc<Context>, plan: Plan) -> GraphExec {
        GraphExec {
            ctx,
            plan: Mutex::new(Arc::new(plan)),
        }
    }

    fn plan(&self) -> Arc<Plan> {
        self.plan.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

/// Runs `plan` on `stream` from simulated time `start`; the time its last node ends.
fn replay(plan: &Plan, stream: &Stream, start: f64) -> Result<f64> {
    let mut ends = vec![start; plan.nodes.len()];
    let mut last = start;
    for &i in &plan.order {
        let node = &plan.nodes[i];
        let ready = node.deps.iter().map(|&d| ends[d]).fold(start, f64::max);
        let end = run(&node.op, stream, ready)?;
        ends[i] = end;
        last = last.max(end);
    }
    Ok(last)
}

/// Runs one operation that may start at `at`; when it ends.
pub(super) fn run(op: &Op, stream: &Stream, at: f64) -> Result<f64> {
    let ordinal = stream.ctx.ordinal;
    match op {
        Op::Kernel {
            kernel,
            dims,
            params,
        } => {
            let mut t = at;
            kernel.run_packed(stream, *dims, params, &mut t)?;
            Ok(t)
        }
        Op::Copy { dst, src, bytes } => device_op(ordinal, at, *bytes, |m| {
            let v = m
                .slice(*src, *bytes)
                .ok_or_else(|| outside("a graph's copy", *bytes, *src))?
                .to_vec();
            m.write(*dst, &v)
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
        Op::Empty => Ok(at),
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
    f: impl FnOnce(&mut super::super::Memory) -> Result<()>,
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

    /// Replays every node now, on the stream's timeline.
    fn launch(&self, stream: &Stream) -> Result<()> {
        if stream.ctx.ordinal != self.ctx.ordinal {
            return Err(Error::InvalidArgument(format!(
                "a graph of simulated device {} launched on a stream of device {} \
                 (CUDA_ERROR_INVALID_VALUE on the driver)",
                self.ctx.ordinal, stream.ctx.ordinal
            )));
        }
        // The driver refuses to launch a graph into a capture (seen on an H200).
        stream.refuse_if_capturing(
            "launching a graph (add its definition to another with GraphDefinition::add_child)",
        )?;
        let plan = self.plan();
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
        let nodes = graph.nodes().clone();
        let mut guard = self.plan.lock().unwrap_or_else(|p| p.into_inner());
        let same = guard.nodes.len() == nodes.len()
            && guard
                .nodes
                .iter()
                .zip(&nodes)
                .all(|(a, b)| a.op.same_kind(&b.op) && a.deps == b.deps);
        if !same {
            return Err(Error::InvalidArgument(
                "the graph's topology differs from the executable graph's: same nodes of the \
                 same kinds with the same dependencies are needed \
                 (CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED on the driver); instantiate \
                 it instead"
                    .to_string(),
            ));
        }
        *guard = Arc::new(Plan::new(nodes)?);
        Ok(())
    }
}
