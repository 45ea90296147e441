//! Graphs on the simulated devices: a graph is a list of recorded operations with their
//! dependencies; an executable graph replays them on a stream in an order that respects the
//! dependencies. Work runs when the graph is launched, as all simulated work does; simulated
//! time follows the dependencies, so independent branches overlap on the timeline as they
//! would on a GPU (each node's start is the latest end of the nodes it depends on).
//!
//! `capture` records a stream's work into a graph instead of running it; `exec` replays.

mod capture;
mod exec;

use std::sync::{Arc, Mutex, MutexGuard};

use super::context::Context;
use super::engine::Dims;
use super::library::Kernel;
use super::stream::{Event, EventCell};
use super::SimBackend;
use crate::backend::interface::{ArgBytes, CheckedArgs, GraphInterface};
use crate::error::{Error, Result};
use crate::info::Geometry;

pub(crate) use capture::{refuse_alloc_during_capture, refuse_sync_during_capture};
pub(crate) use exec::GraphExec;

/// One recorded operation.
#[derive(Clone)]
pub(crate) enum Op {
    /// A launch with its packed parameter buffer.
    Kernel {
        kernel: Kernel,
        dims: Dims,
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
#[derive(Clone)]
pub(crate) struct Plan {
    pub nodes: Vec<Node>,
    pub order: Vec<usize>,
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
        Ok(Plan { nodes, order })
    }
}

/// A simulated graph being defined.
pub(crate) struct Graph {
    pub ctx: Arc<Context>,
    nodes: Mutex<Vec<Node>>,
}

impl Graph {
    pub fn new(ctx: Arc<Context>) -> Graph {
        Graph {
            ctx,
            nodes: Mutex::new(Vec::new()),
        }
    }

    pub fn nodes(&self) -> MutexGuard<'_, Vec<Node>> {
        self.nodes.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Appends a node; its number.
    pub fn push(&self, deps: &[usize], op: Op) -> usize {
        let mut nodes = self.nodes();
        nodes.push(Node {
            op,
            deps: deps.to_vec(),
        });
        nodes.len() - 1
    }
}

/// A launch's operation: the kernel, its dimensions and its packed parameters.
pub(crate) fn kernel_op<A: ArgBytes>(
    kernel: &Kernel,
    geometry: &Geometry,
    args: &CheckedArgs<'_, A>,
) -> Result<Op> {
    if geometry.cluster.is_some() || geometry.cooperative {
        return Err(Error::Unsupported(
            "the simulator records no cluster or cooperative launch into a graph; launch it \
             on a stream outside the capture"
                .to_string(),
        ));
    }
    Ok(Op::Kernel {
        kernel: *kernel,
        dims: Dims {
            grid: geometry.grid,
            block: geometry.block,
            shared_dynamic: geometry.shared_mem_bytes,
        },
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
        let plan = Plan::new(child.nodes().clone())?;
        Ok(self.push(deps, Op::Child(Arc::new(plan))))
    }

    fn add_empty(&self, deps: &[usize]) -> Result<usize> {
        Ok(self.push(deps, Op::Empty))
    }

    fn add_edges(&self, edges: &[(usize, usize)]) -> Result<()> {
        let mut nodes = self.nodes();
        for &(from, to) in edges {
            let node = nodes
                .get_mut(to)
                .ok_or_else(|| Error::InvalidArgument(format!("no node {to} in the graph")))?;
            if !node.deps.contains(&from) {
                node.deps.push(from);
            }
        }
        Ok(())
    }

    fn instantiate(&self) -> Result<GraphExec> {
        let plan = Plan::new(self.nodes().clone())?;
        Ok(GraphExec::new(self.ctx.clone(), plan))
    }
}
