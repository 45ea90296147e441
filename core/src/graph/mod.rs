//! CUDA graphs: work recorded once and launched many times with one call.
//!
//! A graph is a set of nodes (kernel launches, copies, memsets, event records and waits,
//! whole child graphs) with dependencies between them. Launching a graph of a hundred small
//! kernels costs one call rather than a hundred, which is what launch-bound loops (inference
//! steps, iterative solvers, a notebook's sweep of small kernels) need.
//!
//! - [`Stream::begin_capture`](crate::Stream::begin_capture) records a stream's work into a
//!   graph ([`GraphBuilder`], cuda.core's name).
//! - [`GraphDefinition`] builds one node by node, with explicit dependencies.
//! - [`Graph`] is the executable graph: [`upload`](Graph::upload),
//!   [`launch`](Graph::launch), [`set_kernel_args`](Graph::set_kernel_args) for one kernel
//!   node, [`update`](Graph::update) from a graph captured again.
//!
//! The same API runs on the simulator, which records the work and replays it when the graph
//! is launched, with simulated times.
//!
//! The [`graphs`](crate::guide::graphs) guide explains them in full.

mod capture;
mod conditional;
mod definition;
mod exec;
mod fork;
pub(crate) mod log;
mod memory;
mod node;
mod order;
mod stream_ops;
#[cfg(feature = "notebook")]
mod timing;

pub use capture::GraphBuilder;
pub use conditional::{ConditionalHandle, ConditionalKind};
pub use definition::GraphDefinition;
pub use exec::Graph;
pub use memory::GraphAllocation;
pub use node::{GraphNode, GraphNodeInfo, GraphNodeKind};
#[cfg(feature = "notebook")]
pub use timing::GraphTiming;

/// An error when a host function (`GraphDefinition::add_host`, `Stream::launch_host_func`)
/// makes the CUDA call `what`: the driver refuses them (`CUDA_ERROR_NOT_PERMITTED`), and on
/// the simulator the call would run inside the replay that called the function.
pub(crate) fn refuse_in_host_fn(what: &str) -> crate::Result<()> {
    if !crate::backend::interface::in_host_fn() {
        return Ok(());
    }
    Err(crate::Error::InvalidArgument(format!(
        "{what} from inside a host function is not allowed (CUDA_ERROR_NOT_PERMITTED on the \
         driver): a host function may not call CUDA; queue the work after it on the stream \
         instead"
    )))
}
