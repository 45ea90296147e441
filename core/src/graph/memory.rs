//! Graph memory nodes: [`GraphDefinition::add_mem_alloc`] (`cuGraphAddMemAllocNode`) and
//! [`GraphDefinition::add_mem_free`] (`cuGraphAddMemFreeNode`), with the driver's lifetime
//! rules for the [`GraphAllocation`] they make and free.
//!
//! The allocation's address is fixed when the node is made and stays so for the graph's
//! lifetime; the memory is allocated each time the allocation node runs, and must be freed
//! before the graph runs again: by a free node of the same graph, by a free node of another
//! graph, or on a stream ([`GraphAllocation::free_async`], `cuMemFreeAsync`). One freed in
//! its own graph cannot be freed anywhere else, and one freed elsewhere gets no free node in
//! its own graph. A graph with memory nodes cannot be a child graph here and may have one
//! executable graph at a time.

use std::marker::PhantomData;
use std::sync::{Arc, Mutex};

use super::definition::GraphDefinition;
use super::log::NodeRecord;
use super::node::{bytes_label, GraphNode, GraphNodeKind};
use crate::error::{Error, Result};
use crate::memory::{DevicePtr, DeviceRepr};
use crate::stream::Stream;

/// Who frees a graph allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Freer {
    /// Nobody yet.
    Nobody,
    /// A free node of the graph that allocates it.
    Owner,
    /// A free node of another graph, or a stream.
    Elsewhere,
}

/// Memory a graph allocates when its allocation node runs (`cuGraphAddMemAllocNode`):
/// `len` elements of `T` at an address fixed for the graph's lifetime. A small handle that
/// names the memory; it does not free it (a free node, or
/// [`free_async`](GraphAllocation::free_async), does). Nodes of the graph ordered after the
/// allocation node (and before its free node, if any) may use it, and so may stream work
/// ordered after the graph's launch while it is not freed.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{Device, GraphDefinition};
/// let ctx = Device::new(0)?.set_current()?;
/// let out = ctx.alloc_zeroed::<u32>(64)?;
/// let def = GraphDefinition::new(&ctx)?;
/// let (alloc, scratch) = def.add_mem_alloc::<u32>(&[], 64)?;
/// // ... kernel nodes after `alloc` use `scratch.device_ptr()` ...
/// let done = def.add_memset(&[alloc], &out, 5u32)?;
/// def.add_mem_free(&[done], &scratch)?;
/// let stream = ctx.create_stream()?;
/// let graph = def.instantiate()?;
/// graph.launch(&stream)?;
/// graph.launch(&stream)?; // freed in the graph: it may run again
/// stream.synchronize()?;
/// assert_eq!(out.to_vec()?, [5; 64]);
/// # Ok(()) }
/// ```
#[derive(Debug, Clone)]
pub struct GraphAllocation<T> {
    ptr: u64,
    len: usize,
    /// The graph that allocates it.
    owner: u64,
    freer: Arc<Mutex<Freer>>,
    _element: PhantomData<fn() -> T>,
}

impl<T> GraphAllocation<T> {
    /// The allocation's device address, for kernel arguments.
    pub fn device_ptr(&self) -> DevicePtr {
        DevicePtr(self.ptr)
    }

    /// Its length in elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether it has no elements (never: an allocation node takes at least one).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn freer(&self) -> std::sync::MutexGuard<'_, Freer> {
        self.freer.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Frees the allocation on `stream` after the work queued there before
    /// (`cuMemFreeAsync`), typically after a launch of its graph that allocated it; the
    /// graph may then run again. On a capturing stream it records a memory free node into
    /// the captured graph instead, which frees it each time that graph runs (as
    /// [`add_mem_free`](GraphDefinition::add_mem_free) in another graph does). Refused for
    /// an allocation its own graph frees. On the simulator, freeing one that is not
    /// allocated (its graph has not run since it was freed) is an error.
    pub fn free_async(&self, stream: &Stream) -> Result<()> {
        super::refuse_in_host_fn("freeing a graph allocation")?;
        if *self.freer() == Freer::Owner {
            return Err(owned_free());
        }
        let turn = stream.turn();
        match turn.as_ref() {
            Some(log) => {
                let bytes = self.len.saturating_mul(std::mem::size_of::<T>());
                log.queue(
                    |capture| match capture {
                        Some(c) => stream.imp.free_in_capture(c, self.ptr),
                        None => Err(crate::graph::log::ended_error()),
                    },
                    |deps| super::log::free_record(bytes, deps),
                )?;
            }
            None => stream.imp.free_graph_alloc(self.ptr)?,
        }
        *self.freer() = Freer::Elsewhere;
        Ok(())
    }
}

fn owned_free() -> Error {
    Error::InvalidArgument(
        "the allocation is freed by a free node of its own graph: it cannot be freed anywhere \
         else (CUDA_ERROR_INVALID_VALUE on the driver)"
            .to_string(),
    )
}

impl GraphDefinition {
    /// A memory allocation node (`cuGraphAddMemAllocNode`) of `len > 0` elements of `T` on
    /// the graph's device, and the allocation, whose address is fixed for the graph's
    /// lifetime. Free it in the graph ([`add_mem_free`](GraphDefinition::add_mem_free)) or
    /// after each launch ([`GraphAllocation::free_async`]): a launch while the last one's
    /// allocation is not freed is refused (`CUDA_ERROR_INVALID_VALUE`).
    pub fn add_mem_alloc<T: DeviceRepr>(
        &self,
        deps: &[GraphNode],
        len: usize,
    ) -> Result<(GraphNode, GraphAllocation<T>)> {
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())
            .filter(|&b| b > 0)
            .ok_or_else(|| {
                Error::InvalidArgument(format!(
                    "a graph allocation of {len} elements of {} is empty or overflows the \
                     address space",
                    std::any::type_name::<T>()
                ))
            })?;
        self.inner.allows_in_body("a memory allocation node")?;
        let (node, ptr) = self.add_node(deps, |imp, deps| {
            let (index, ptr) = imp.add_mem_alloc(deps, bytes)?;
            let label = format!("alloc {}", bytes_label(bytes));
            let record = NodeRecord::plain(GraphNodeKind::MemAlloc, label, deps.to_vec());
            Ok((index, record, ptr))
        })?;
        self.inner.conds().has_memory_nodes = true;
        Ok((
            node,
            GraphAllocation {
                ptr,
                len,
                owner: self.inner.id,
                freer: Arc::new(Mutex::new(Freer::Nobody)),
                _element: PhantomData,
            },
        ))
    }

    /// A node freeing `alloc` (`cuGraphAddMemFreeNode`), made by an allocation node of this
    /// graph or of another. The driver's rules: an allocation is freed once in its own
    /// graph, and one freed elsewhere gets no free node in its own graph (and the other way
    /// round).
    pub fn add_mem_free<T>(
        &self,
        deps: &[GraphNode],
        alloc: &GraphAllocation<T>,
    ) -> Result<GraphNode> {
        self.inner.allows_in_body("a memory free node")?;
        let own = alloc.owner == self.inner.id;
        let mut freer = alloc.freer();
        match (*freer, own) {
            (Freer::Owner, _) => return Err(owned_free()),
            (Freer::Elsewhere, true) => {
                return Err(Error::InvalidArgument(
                    "the allocation is freed outside its graph: its own graph can no longer \
                     free it (CUDA_ERROR_INVALID_VALUE on the driver)"
                        .to_string(),
                ))
            }
            _ => {}
        }
        let bytes = alloc.len.saturating_mul(std::mem::size_of::<T>());
        let (node, ()) = self.add_node(deps, |imp, deps| {
            let index = imp.add_mem_free(deps, alloc.ptr)?;
            let label = format!("free {}", bytes_label(bytes));
            let record = NodeRecord::plain(GraphNodeKind::MemFree, label, deps.to_vec());
            Ok((index, record, ()))
        })?;
        *freer = if own { Freer::Owner } else { Freer::Elsewhere };
        self.inner.conds().has_memory_nodes = true;
        Ok(node)
    }
}
