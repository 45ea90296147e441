//! A graph's nodes: the handle that names one ([`GraphNode`]) and what one is
//! ([`GraphNodeInfo`], plain data for display and inspection).

/// A node of a [`GraphDefinition`](crate::GraphDefinition): a small `Copy` handle, valid for
/// the definition that made it (and the executable [`Graph`](crate::Graph)s instantiated from
/// it). The node itself belongs to its graph and is destroyed with it; naming a node of
/// another graph is an error, never a wrong node.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// let ctx = cuda_library::Device::new(0)?.set_current()?;
/// let def = cuda_library::GraphDefinition::new(&ctx)?;
/// let a = def.add_empty(&[])?;
/// let b = def.add_empty(&[a])?;
/// assert_eq!((a.index(), b.index()), (0, 1));
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GraphNode {
    pub(crate) graph: u64,
    pub(crate) index: usize,
}

impl GraphNode {
    /// The node's number in its graph: nodes are numbered from 0 in the order they were
    /// added (a captured graph's in the order its work was queued).
    pub fn index(&self) -> usize {
        self.index
    }
}

/// What a node does.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{GraphDefinition, GraphNodeKind};
/// let ctx = cuda_library::Device::new(0)?.set_current()?;
/// let def = GraphDefinition::new(&ctx)?;
/// def.add_empty(&[])?;
/// assert_eq!(def.nodes()[0].kind, GraphNodeKind::Empty);
/// assert_eq!(GraphNodeKind::ChildGraph.to_string(), "child graph");
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum GraphNodeKind {
    /// A kernel launch.
    Kernel,
    /// A device-to-device copy.
    Memcpy,
    /// A memset.
    Memset,
    /// Records an event.
    EventRecord,
    /// Waits for an event.
    EventWait,
    /// A whole graph as one node.
    ChildGraph,
    /// Does nothing: a join point.
    Empty,
    /// Calls a Rust closure on the host.
    Host,
    /// Runs body graphs as a conditional handle's value says (`if`, `while`, `switch`).
    Conditional,
    /// Allocates memory for the graph.
    MemAlloc,
    /// Frees memory a graph allocated.
    MemFree,
}

impl std::fmt::Display for GraphNodeKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GraphNodeKind::Kernel => "kernel",
            GraphNodeKind::Memcpy => "memcpy",
            GraphNodeKind::Memset => "memset",
            GraphNodeKind::EventRecord => "event record",
            GraphNodeKind::EventWait => "event wait",
            GraphNodeKind::ChildGraph => "child graph",
            GraphNodeKind::Empty => "empty",
            GraphNodeKind::Host => "host",
            GraphNodeKind::Conditional => "conditional",
            GraphNodeKind::MemAlloc => "memory allocation",
            GraphNodeKind::MemFree => "memory free",
        })
    }
}

/// One node as [`GraphDefinition::nodes`](crate::GraphDefinition::nodes) lists it: plain
/// data, what the notebook's graph diagram draws.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{GraphDefinition, GraphNodeKind};
/// let ctx = cuda_library::Device::new(0)?.set_current()?;
/// let buf = ctx.alloc_zeroed::<u32>(256)?;
/// let def = GraphDefinition::new(&ctx)?;
/// let fill = def.add_memset(&[], &buf, 7u32)?;
/// def.add_empty(&[fill])?;
/// let nodes = def.nodes();
/// assert_eq!(nodes[0].kind, GraphNodeKind::Memset);
/// assert_eq!(nodes[1].deps, vec![0]);
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GraphNodeInfo {
    /// The node's number.
    pub index: usize,
    /// What it does.
    pub kind: GraphNodeKind,
    /// A short description: the kernel's name and launch shape, the bytes copied or set.
    pub label: String,
    /// The nodes it waits for.
    pub deps: Vec<usize>,
}

/// A child graph node's label: `child graph (1 node)`, `child graph (12 nodes)`.
pub(crate) fn child_label(nodes: usize) -> String {
    let s = if nodes == 1 { "" } else { "s" };
    format!("child graph ({nodes} node{s})")
}

/// A byte count in a few characters (`256 B`, `4 KiB`, `1.5 MiB`).
pub(crate) fn bytes_label(bytes: usize) -> String {
    const UNITS: [&str; 4] = ["B", "KiB", "MiB", "GiB"];
    let mut v = bytes as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 || v.fract() == 0.0 {
        format!("{v:.0} {}", UNITS[unit])
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_labels_are_short() {
        assert_eq!(bytes_label(256), "256 B");
        assert_eq!(bytes_label(4096), "4 KiB");
        assert_eq!(bytes_label(1536 * 1024), "1.5 MiB");
    }
}
