//! Conditional nodes (CUDA 12.4+): a node that runs body graphs as the value of a
//! [`ConditionalHandle`] says, once (`if`, `switch`) or again and again (`while`), with no
//! round trip to the host. A kernel sets the value with `cudaGraphSetConditional(handle,
//! value)` from the CUDA device runtime; the handle is a kernel argument of type
//! `cudaGraphConditionalHandle` (a `u64`).
//!
//! On the driver the kernel is compiled with relocatable device code and linked with
//! `libcudadevrt` (NVRTC emits `.extern .func cudaGraphSetConditional(.param .b64,
//! .param .b32)` and a call to it). On the simulator the handle is the device address of a
//! 32-bit value and the call a 32-bit store there, so the same PTX runs unlinked.

use std::sync::Arc;

use super::definition::{Definition, GraphDefinition};
use super::log::NodeRecord;
use super::node::{GraphNode, GraphNodeKind};
use crate::error::{Error, Result};

/// How deep conditional nodes may nest in the bodies of others (this crate's bound: the
/// simulator plans bodies recursively).
pub(crate) const MAX_CONDITIONAL_DEPTH: usize = 64;

/// The most bodies a `switch` node may have here (the driver takes any number; each body is
/// a graph this crate holds).
pub(crate) const MAX_SWITCH_CASES: u32 = 1 << 12;

/// A conditional node's handle (`CUgraphConditionalHandle`): made by
/// [`GraphDefinition::conditional_handle`], given to a conditional node, and passed to the
/// kernels that decide with [`raw`](ConditionalHandle::raw).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ConditionalHandle {
    graph: u64,
    raw: u64,
}

impl ConditionalHandle {
    /// The value a kernel takes as its `cudaGraphConditionalHandle` argument, and passes to
    /// `cudaGraphSetConditional`.
    pub fn raw(&self) -> u64 {
        self.raw
    }
}

/// What a conditional node does with its handle's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ConditionalKind {
    /// Runs its body when the value is not 0 (`CU_GRAPH_COND_TYPE_IF`, one body).
    If,
    /// Runs body 0 when the value is not 0 and body 1 when it is (`CU_GRAPH_COND_TYPE_IF`
    /// with two bodies, CUDA 12.8).
    IfElse,
    /// Runs its body again and again while the value is not 0, looked at before each run
    /// (`CU_GRAPH_COND_TYPE_WHILE`): a kernel of the body sets it to 0 to end the loop.
    While,
    /// Runs body `value` if there is one (`CU_GRAPH_COND_TYPE_SWITCH` with this many
    /// bodies, CUDA 12.8).
    Switch(u32),
}

impl ConditionalKind {
    /// The driver's `CUgraphConditionalNodeType` and number of bodies.
    fn raw(self) -> Result<(u32, u32)> {
        Ok(match self {
            ConditionalKind::If => (0, 1),
            ConditionalKind::IfElse => (0, 2),
            ConditionalKind::While => (1, 1),
            ConditionalKind::Switch(n) if n == 0 || n > MAX_SWITCH_CASES => {
                return Err(Error::InvalidArgument(format!(
                    "a switch node has 1 to {MAX_SWITCH_CASES} bodies here, not {n}"
                )))
            }
            ConditionalKind::Switch(n) => (2, n),
        })
    }

    fn label(self) -> String {
        match self {
            ConditionalKind::If => "if".to_string(),
            ConditionalKind::IfElse => "if / else".to_string(),
            ConditionalKind::While => "while".to_string(),
            ConditionalKind::Switch(n) => format!("switch ({n} cases)"),
        }
    }
}

impl GraphDefinition {
    /// A conditional handle for conditional nodes of this graph or of the bodies nested in
    /// it (`cuGraphConditionalHandleCreate`). Its value is `default` at the start of each
    /// launch when `default` is given (`CU_GRAPH_COND_ASSIGN_DEFAULT`); otherwise it keeps
    /// what a kernel last set (0 at first).
    pub fn conditional_handle(&self, default: Option<u32>) -> Result<ConditionalHandle> {
        if self.inner.captured {
            return Err(Error::Unsupported(
                "a captured graph takes no conditional handle here; build the graph with \
                 GraphDefinition::new"
                    .to_string(),
            ));
        }
        let raw = self
            .inner
            .imp
            .conditional_handle(default.unwrap_or(0), default.is_some())?;
        Ok(ConditionalHandle {
            graph: self.inner.id,
            raw,
        })
    }

    /// A conditional node after `deps` (`cuGraphAddNode` of
    /// `CU_GRAPH_NODE_TYPE_CONDITIONAL`) deciding by `handle`, and its empty body graphs
    /// (one, or two for `IfElse`, or as many as a `Switch` has), to add nodes to. A body
    /// takes kernel, memcpy, memset, empty, child graph and conditional nodes only (the
    /// driver's rule); it lives as long as this graph.
    ///
    /// A graph with conditional nodes cannot be a child graph and may have one executable
    /// graph at a time (the driver's rules). On the simulator a `while` node that runs its
    /// body 2^20 times in one launch ends the launch with an error (the simulator's bound).
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{ConditionalKind, Device, GraphDefinition};
    /// let ctx = Device::new(0)?.set_current()?;
    /// let buf = ctx.alloc_zeroed::<u32>(16)?;
    /// let def = GraphDefinition::new(&ctx)?;
    /// let run = def.conditional_handle(Some(0))?; // 0: the body does not run
    /// let (_node, bodies) = def.add_conditional(&[], run, ConditionalKind::If)?;
    /// bodies[0].add_memset(&[], &buf, 7u32)?;
    /// let stream = ctx.create_stream()?;
    /// def.instantiate()?.launch(&stream)?;
    /// stream.synchronize()?;
    /// assert_eq!(buf.to_vec()?, [0; 16]);
    /// # Ok(()) }
    /// ```
    pub fn add_conditional(
        &self,
        deps: &[GraphNode],
        handle: ConditionalHandle,
        kind: ConditionalKind,
    ) -> Result<(GraphNode, Vec<GraphDefinition>)> {
        let (raw_kind, size) = kind.raw()?;
        if self.inner.captured {
            return Err(Error::Unsupported(
                "a captured graph takes no new nodes here; build the graph with \
                 GraphDefinition::new"
                    .to_string(),
            ));
        }
        let (scope, depth) = {
            let c = self.inner.conds();
            (c.scope.clone(), c.scope.len())
        };
        if !scope.contains(&handle.graph) {
            return Err(Error::InvalidArgument(
                "the conditional handle belongs to another graph: make it with this graph's \
                 (or an enclosing graph's) conditional_handle (CUDA_ERROR_INVALID_VALUE on the \
                 driver)"
                    .to_string(),
            ));
        }
        if depth > MAX_CONDITIONAL_DEPTH {
            return Err(Error::Unsupported(format!(
                "conditional nodes nest at most {MAX_CONDITIONAL_DEPTH} deep here"
            )));
        }
        let node = self.add_node(deps, |imp, deps| {
            let (index, bodies) = imp.add_conditional(deps, handle.raw, raw_kind, size)?;
            let record = NodeRecord::plain(GraphNodeKind::Conditional, kind.label(), deps.to_vec());
            Ok((index, record, bodies))
        })?;
        let (node, bodies) = node;
        let mut made = Vec::with_capacity(bodies.len());
        let mut conds = self.inner.conds();
        conds.has_conditional = true;
        for imp in bodies {
            let body = Arc::new(Definition::new(imp, Vec::new(), false));
            {
                let mut b = body.conds();
                b.is_body = true;
                let own = b.scope.clone();
                b.scope = scope.iter().copied().chain(own).collect();
            }
            conds.bodies.push(body.clone());
            made.push(GraphDefinition {
                inner: body,
                _parent: Some(self.inner.clone()),
            });
        }
        Ok((node, made))
    }
}
