//! The driver's graph entry points and the C types they take, declared here by hand from
//! CUDA 12.9's `cuda.h` and `cudaTypedefs.h` (the pinned bindings in `crate::sys` were
//! generated without the graph API), and resolved on first use through
//! `cuGetProcAddress_v2` at the ABI version of each `PFN_*` typedef, like every other entry
//! point (`driver::Api`): one missing from an old driver fails only the call that needs it.

use std::ffi::c_void;
use std::sync::OnceLock;

use super::super::{lookup, name_str, Driver, Entry};
use crate::error::{Error, Result};
use crate::sys::driver as sys;

/// `CUgraph`.
pub type CUgraph = *mut c_void;
/// `CUgraphExec`.
pub type CUgraphExec = *mut c_void;
/// `CUgraphNode`.
pub type CUgraphNode = *mut c_void;

/// `CUDA_KERNEL_NODE_PARAMS_v2` (CUDA 12.0).
#[repr(C)]
pub struct KernelNodeParams {
    pub func: sys::CUfunction,
    pub grid_dim: [u32; 3],
    pub block_dim: [u32; 3],
    pub shared_mem_bytes: u32,
    pub kernel_params: *mut *mut c_void,
    pub extra: *mut *mut c_void,
    pub kern: sys::CUkernel,
    pub ctx: sys::CUcontext,
}

/// `CUDA_MEMSET_NODE_PARAMS`.
#[repr(C)]
pub struct MemsetNodeParams {
    pub dst: sys::CUdeviceptr,
    pub pitch: usize,
    pub value: u32,
    pub element_size: u32,
    pub width: usize,
    pub height: usize,
}

/// `CUgraphExecUpdateResultInfo` (CUDA 12.0).
#[repr(C)]
pub struct ExecUpdateResultInfo {
    pub result: u32,
    pub error_node: CUgraphNode,
    pub error_from_node: CUgraphNode,
}

/// `CUhostFn`: a host function the driver calls with its user data.
pub type HostFnPtr = Option<unsafe extern "C" fn(*mut c_void)>;

/// `CUDA_HOST_NODE_PARAMS`.
#[repr(C)]
pub struct HostNodeParams {
    pub func: HostFnPtr,
    pub user_data: *mut c_void,
}

/// `CUDA_CONDITIONAL_NODE_PARAMS` (CUDA 12.3).
#[repr(C)]
pub struct ConditionalNodeParams {
    pub handle: u64,
    pub kind: u32,
    pub size: u32,
    /// Written by the driver: its array of `size` body graphs.
    pub graphs_out: *mut CUgraph,
    pub ctx: sys::CUcontext,
}

/// `CUgraphNodeParams` (CUDA 12.2) holding a conditional node's parameters: the type, 12
/// reserved bytes, a 232-byte union and 8 reserved bytes, all zero but what is set.
#[repr(C)]
pub struct GraphNodeParams {
    pub kind: u32,
    pub reserved0: [i32; 3],
    pub conditional: ConditionalNodeParams,
    pub rest: [u8; 232 - std::mem::size_of::<ConditionalNodeParams>()],
    pub reserved2: i64,
}

/// `CUDA_MEM_ALLOC_NODE_PARAMS` (v1, CUDA 11.4).
#[repr(C)]
pub struct MemAllocNodeParams {
    pub pool_props: sys::CUmemPoolProps_v1,
    pub access_descs: *const c_void,
    pub access_desc_count: usize,
    pub bytesize: usize,
    /// Written by the driver: the allocation's address.
    pub dptr: sys::CUdeviceptr,
}

/// `CU_GRAPH_NODE_TYPE_CONDITIONAL`.
pub const NODE_TYPE_CONDITIONAL: u32 = 13;
/// `CU_GRAPH_COND_ASSIGN_DEFAULT`.
pub const COND_ASSIGN_DEFAULT: u32 = 1;

type R = sys::CUresult;
type Deps = *const CUgraphNode;

macro_rules! graph_entry_points {
    ($( $field:ident => $sym:literal @ $ver:literal : fn($($arg:ty),*) ;)*) => {
        /// The graph entry points (`PFN_<name>_v<version>` each).
        pub(crate) struct GraphApi {
            $( pub $field: Entry<unsafe extern "C" fn($($arg),*) -> R>, )*
        }
        impl GraphApi {
            fn resolve(drv: &Driver) -> Result<GraphApi> {
                let get = *drv.lib.cuGetProcAddress_v2.as_ref().map_err(|e| {
                    Error::DriverUnusable {
                        path: drv.path.clone(),
                        reason: format!("cuGetProcAddress_v2 is missing ({e})"),
                    }
                })?;
                Ok(GraphApi {
                    $( $field: Entry {
                        // SAFETY: the signature is the header's PFN typedef for exactly this
                        // symbol at exactly this ABI version, which is what cuGetProcAddress
                        // returned; a fn pointer has a pointer's size and `Option` of one is
                        // `None` for null.
                        ptr: unsafe {
                            std::mem::transmute::<*mut c_void, Option<unsafe extern "C" fn($($arg),*) -> R>>(
                                lookup(get, $sym, $ver),
                            )
                        },
                        name: name_str($sym),
                        since: $ver,
                        driver: drv.version,
                    }, )*
                })
            }
        }
    };
}

graph_entry_points! {
    stream_begin_capture => c"cuStreamBeginCapture" @ 10010: fn(sys::CUstream, u32);
    stream_end_capture => c"cuStreamEndCapture" @ 10000: fn(sys::CUstream, *mut CUgraph);
    memcpy_dtod_async => c"cuMemcpyDtoDAsync" @ 3020: fn(sys::CUdeviceptr, sys::CUdeviceptr, usize, sys::CUstream);
    memset_d8_async => c"cuMemsetD8Async" @ 3020: fn(sys::CUdeviceptr, u8, usize, sys::CUstream);
    memset_d16_async => c"cuMemsetD16Async" @ 3020: fn(sys::CUdeviceptr, u16, usize, sys::CUstream);
    memset_d32_async => c"cuMemsetD32Async" @ 3020: fn(sys::CUdeviceptr, u32, usize, sys::CUstream);
    graph_create => c"cuGraphCreate" @ 10000: fn(*mut CUgraph, u32);
    graph_destroy => c"cuGraphDestroy" @ 10000: fn(CUgraph);
    add_kernel_node => c"cuGraphAddKernelNode" @ 12000: fn(*mut CUgraphNode, CUgraph, Deps, usize, *const KernelNodeParams);
    add_memcpy_node => c"cuGraphAddMemcpyNode" @ 10000: fn(*mut CUgraphNode, CUgraph, Deps, usize, *const sys::CUDA_MEMCPY3D_st, sys::CUcontext);
    add_memset_node => c"cuGraphAddMemsetNode" @ 10000: fn(*mut CUgraphNode, CUgraph, Deps, usize, *const MemsetNodeParams, sys::CUcontext);
    add_event_record_node => c"cuGraphAddEventRecordNode" @ 11010: fn(*mut CUgraphNode, CUgraph, Deps, usize, sys::CUevent);
    add_event_wait_node => c"cuGraphAddEventWaitNode" @ 11010: fn(*mut CUgraphNode, CUgraph, Deps, usize, sys::CUevent);
    add_child_graph_node => c"cuGraphAddChildGraphNode" @ 10000: fn(*mut CUgraphNode, CUgraph, Deps, usize, CUgraph);
    add_empty_node => c"cuGraphAddEmptyNode" @ 10000: fn(*mut CUgraphNode, CUgraph, Deps, usize);
    add_dependencies => c"cuGraphAddDependencies" @ 10000: fn(CUgraph, Deps, Deps, usize);
    instantiate_with_flags => c"cuGraphInstantiateWithFlags" @ 11040: fn(*mut CUgraphExec, CUgraph, u64);
    exec_destroy => c"cuGraphExecDestroy" @ 10000: fn(CUgraphExec);
    upload => c"cuGraphUpload" @ 11010: fn(CUgraphExec, sys::CUstream);
    launch => c"cuGraphLaunch" @ 10000: fn(CUgraphExec, sys::CUstream);
    exec_kernel_node_set_params => c"cuGraphExecKernelNodeSetParams" @ 12000: fn(CUgraphExec, CUgraphNode, *const KernelNodeParams);
    exec_update => c"cuGraphExecUpdate" @ 12000: fn(CUgraphExec, CUgraph, *mut ExecUpdateResultInfo);
    // Graphs complete (issue 38): events across streams and host functions.
    stream_wait_event => c"cuStreamWaitEvent" @ 3020: fn(sys::CUstream, sys::CUevent, u32);
    launch_host_func => c"cuLaunchHostFunc" @ 10000: fn(sys::CUstream, HostFnPtr, *mut c_void);
    add_host_node => c"cuGraphAddHostNode" @ 10000: fn(*mut CUgraphNode, CUgraph, Deps, usize, *const HostNodeParams);
    conditional_handle_create => c"cuGraphConditionalHandleCreate" @ 12030: fn(*mut u64, CUgraph, sys::CUcontext, u32, u32);
    add_node => c"cuGraphAddNode" @ 12020: fn(*mut CUgraphNode, CUgraph, Deps, usize, *mut GraphNodeParams);
    add_mem_alloc_node => c"cuGraphAddMemAllocNode" @ 11040: fn(*mut CUgraphNode, CUgraph, Deps, usize, *mut MemAllocNodeParams);
    add_mem_free_node => c"cuGraphAddMemFreeNode" @ 11040: fn(*mut CUgraphNode, CUgraph, Deps, usize, sys::CUdeviceptr);
}

/// The graph entry points of `drv`, resolved on first use.
pub(crate) fn api(drv: &Driver) -> Result<&'static GraphApi> {
    static API: OnceLock<GraphApi> = OnceLock::new();
    if let Some(a) = API.get() {
        return Ok(a);
    }
    let a = GraphApi::resolve(drv)?;
    Ok(API.get_or_init(|| a))
}

/// Calls a graph entry point and checks its `CUresult`. Must be used inside `unsafe`.
///
/// `cug!(drv, field(args...))` evaluates to `Result<()>`.
macro_rules! cug {
    ($drv:expr, $field:ident ( $($arg:expr),* $(,)? )) => {{
        let drv: &$crate::driver::Driver = $drv;
        match $crate::driver::graph::ffi::api(drv).and_then(|a| Ok((a.$field.get()?, a.$field.name))) {
            Ok((f, name)) => drv.check(f($($arg),*), name),
            Err(e) => Err(e),
        }
    }};
}
pub(crate) use cug;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_params_have_the_headers_layout() {
        assert_eq!(std::mem::size_of::<ConditionalNodeParams>(), 32);
        assert_eq!(std::mem::size_of::<GraphNodeParams>(), 256);
        assert_eq!(std::mem::offset_of!(GraphNodeParams, conditional), 16);
        assert_eq!(std::mem::offset_of!(GraphNodeParams, reserved2), 248);
    }
}
