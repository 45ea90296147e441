//! The contract each backend signs: one trait per handle, with the methods the API needs of
//! it. The driver (`crate::driver`) and the simulator (`crate::sim`) implement every trait
//! for their own handle types, named together by their [`Backend`]; the seam's enums
//! (`backend::seam`) hold one handle of either and forward to these methods with a
//! `match`. A method missing or mistyped in one backend is a compile error here, not a
//! review finding (the model: wgpu's `dispatch.rs` `*Interface` traits). Two methods are
//! the backends' own rather than the API's: a kernel's and an executable graph's `launch`,
//! which run work now and which each backend's [`CaptureInterface`] calls when the stream
//! does not capture (the API queues all work through the stream, which knows its capture).
//!
//! The traits are used only statically (each enum arm calls its backend's method
//! directly): no `dyn`, no allocation, and a call costs what the backend's own method does.

use std::cell::Cell;
use std::ffi::c_void;
use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::sync::{Arc, Mutex};

use crate::error::Result;
use crate::image::Prepared;
use crate::info::{Advice, Attach, Location, Migration};
use crate::info::{
    CachePreference, CaptureMode, DeviceProperties, Geometry, KernelAttribute, KernelAttributes,
    MemPoolStats, ParamInfo,
};
use crate::options::LibraryOptions;
use crate::sampling::{ArrayDesc, Layout, TextureDesc};

/// One backend: its handle types, each of which implements its handle's interface (but a
/// capture, which the stream's [`CaptureInterface`] takes).
pub(crate) trait Backend: Sized {
    type Device: DeviceInterface<Self>;
    type Context: ContextInterface<Self> + ManagedInterface<Self>;
    type Stream: StreamInterface<Self> + CaptureInterface<Self>;
    /// A stream's capture under way, held by the API's stream while it lasts (see
    /// [`CaptureInterface`]).
    type Capture: CaptureNodes;
    type Event: EventInterface<Self>;
    type Library: LibraryInterface<Self>;
    type Kernel: KernelInterface<Self>;
    type Array: ArrayInterface<Self>;
    type TexObject: TexObjectInterface<Self>;
    type Graph: GraphInterface<Self>;
    type GraphExec: GraphExecInterface<Self>;
    type MemPool: MemPoolInterface<Self>;
}

/// Bytes of a `CUdevResource`, a green context's resource.
pub(crate) const SM_RESOURCE_BYTES: usize = 144;

/// An SM resource as it crosses the seam: the driver's `CUdevResource` bytes and its SM
/// count (the simulator writes its own bytes: `sim::green`).
pub(crate) type SmResource = ([u8; SM_RESOURCE_BYTES], u32);

/// A device: `Copy`, checked against the count by the caller.
pub(crate) trait DeviceInterface<B: Backend>: Copy {
    /// How many devices the backend has.
    fn count() -> Result<usize>;
    /// Device `ordinal`.
    fn get(ordinal: usize) -> Result<Self>;
    /// The raw `CUdevice` (the ordinal on the simulator).
    fn raw(&self) -> i32;
    fn name(&self) -> Result<String>;
    fn compute_capability(&self) -> Result<(i32, i32)>;
    fn uuid(&self) -> Result<[u8; 16]>;
    fn total_memory(&self) -> Result<usize>;
    /// `base` (name, UUID, capability and memory) with the other properties filled in.
    fn properties(&self, base: DeviceProperties) -> Result<DeviceProperties>;
    /// The device's primary context (device number `ordinal`).
    fn primary_context(&self, ordinal: usize) -> Result<Arc<B::Context>>;
    /// A new context, current on the calling thread.
    fn create_context(&self, ordinal: usize) -> Result<Arc<B::Context>>;
    /// Whether kernels on this device can read `peer`'s memory.
    fn can_access_peer(&self, peer: &Self) -> Result<bool>;
    /// All the device's SMs, as a green context's resource and its SM count.
    fn sm_resource(&self) -> Result<SmResource>;
    /// Up to `groups` groups of at least `min_sms` SMs split from `input`, and the rest.
    fn split_sms(
        &self,
        input: &SmResource,
        groups: u32,
        min_sms: u32,
    ) -> Result<(Vec<SmResource>, SmResource)>;
    /// A green context limited to the SMs of `resource`.
    fn green_context(&self, resource: &SmResource) -> Result<Arc<B::Context>>;
}

/// A context and its memory. The ranges the memory methods take are checked by the
/// caller (a buffer's own range, a variable's).
pub(crate) trait ContextInterface<B: Backend> {
    /// The thread's current context, or device 0's primary context made current.
    fn current_or_default() -> Result<Arc<Self>>;
    fn make_current(this: &Arc<Self>) -> Result<()>;
    fn ordinal(&self) -> usize;
    fn is_primary(&self) -> bool;
    /// The SMs of a green context (`None` for a context of the whole device).
    fn green_sms(&self) -> Option<u32>;
    /// The raw `CUcontext` (null on the simulator).
    fn as_raw(&self) -> *mut c_void;
    fn synchronize(&self) -> Result<()>;
    /// Free and total memory in bytes.
    fn mem_info(&self) -> Result<(usize, usize)>;
    /// `bytes > 0` of device memory.
    fn alloc(&self, bytes: usize) -> Result<u64>;
    fn free(&self, ptr: u64) -> Result<()>;
    fn htod(&self, dst: u64, src: &[u8]) -> Result<()>;
    fn dtoh(&self, dst: &mut [u8], src: u64) -> Result<()>;
    fn dtod(&self, dst: u64, src: u64, bytes: usize) -> Result<()>;
    /// The allocation holding `ptr`: its base and size, or `None` (for profiles:
    /// `profile::shadow`).
    #[cfg(feature = "notebook")]
    fn address_range(&self, ptr: u64) -> Result<Option<(u64, usize)>>;
    fn memset8(&self, dst: u64, value: u8, count: usize) -> Result<()>;
    fn memset32(&self, dst: u64, value: u32, count: usize) -> Result<()>;
    /// Reads managed memory after the device's work.
    fn read_managed(&self, dst: &mut [u8], src: u64) -> Result<()>;
    /// Writes managed memory after the device's work.
    fn write_managed(&self, dst: u64, src: &[u8]) -> Result<()>;
    fn enable_peer_access(&self, peer: &Self) -> Result<()>;
    /// Copies `bytes` from `src` in `src_ctx` to `dst` here, on `stream` when given.
    fn copy_from_peer(
        &self,
        dst: u64,
        src_ctx: &Self,
        src: u64,
        bytes: usize,
        stream: Option<&B::Stream>,
    ) -> Result<()>;

    /// The 128 bytes of tensor map `desc` (checked against the driver's rules): the driver's
    /// encoding, or the simulator's layout.
    fn encode_tensor_map(
        &self,
        desc: &cuda_library_engine::tensor_map::TensorMapDesc,
    ) -> Result<[u8; cuda_library_engine::tensor_map::TENSOR_MAP_BYTES]>;
    /// Points `map`, which this backend encoded for `desc`, at `address`
    /// (`cuTensorMapReplaceAddress`).
    fn replace_tensor_map_address(
        &self,
        map: &mut [u8; cuda_library_engine::tensor_map::TENSOR_MAP_BYTES],
        desc: &cuda_library_engine::tensor_map::TensorMapDesc,
        address: u64,
    ) -> Result<()>;
}

/// Unified memory of a context (`cuMemAllocManaged`), and the stream work on it: the
/// driver's in `driver::managed`, the simulator's (with its page-migration model) in
/// `sim::managed`. The ranges are a managed buffer's own, checked by the caller
/// (`crate::managed`), which also keeps the rule of who may touch the memory when.
pub(crate) trait ManagedInterface<B: Backend> {
    /// `bytes > 0` of managed memory attached as `attach` (`Global` or `Host`).
    fn alloc_managed(&self, bytes: usize, attach: Attach) -> Result<u64>;
    /// Frees memory from `alloc_managed`.
    fn free_managed(&self, ptr: u64) -> Result<()>;
    /// Whether the device and the host may access managed memory at the same time
    /// (`CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS`).
    fn concurrent_managed_access(&self) -> Result<bool>;
    /// The host pointer to managed memory at `ptr` where the host addresses it directly
    /// (a GPU's); `None` where the host sees it through copies (the simulator's).
    fn managed_host_ptr(&self, ptr: u64) -> Option<*mut u8>;
    /// Before a host access of the range (the simulator migrates its pages to the host).
    fn managed_to_host(&self, ptr: u64, bytes: usize) -> Result<()>;
    /// Copies managed memory to the host, for a view where `managed_host_ptr` is `None`.
    fn managed_read(&self, dst: &mut [u8], src: u64) -> Result<()>;
    /// Copies a host view back, where `managed_host_ptr` is `None`.
    fn managed_write(&self, dst: u64, src: &[u8]) -> Result<()>;
    /// Before a kernel on `stream` that takes the range runs (the simulator migrates its
    /// pages to the stream's device, charging the stream).
    fn managed_kernel_touch(&self, ptr: u64, bytes: usize, stream: &B::Stream) -> Result<()>;
    /// `cuMemPrefetchAsync` of the range to `to` (a checked location), on `stream`.
    fn prefetch_managed(
        &self,
        ptr: u64,
        bytes: usize,
        to: Location,
        stream: &B::Stream,
    ) -> Result<()>;
    /// `cuMemAdvise` of the range (locations checked).
    fn advise_managed(&self, ptr: u64, bytes: usize, advice: Advice) -> Result<()>;
    /// `cuStreamAttachMemAsync` of the whole allocation at `ptr`, on `stream`.
    fn attach_managed(&self, ptr: u64, attach: Attach, stream: &B::Stream) -> Result<()>;
    /// What the simulator's model charged the allocation at `ptr`; `None` on a GPU.
    fn managed_migration(&self, ptr: u64) -> Option<Migration>;
}

/// A stream.
pub(crate) trait StreamInterface<B: Backend>: Sized {
    fn create(ctx: &Arc<B::Context>) -> Result<Self>;
    fn synchronize(&self) -> Result<()>;
    fn is_idle(&self) -> Result<bool>;
    fn context(&self) -> Arc<B::Context>;
    /// The raw `CUstream` (null on the simulator).
    fn as_raw(&self) -> *mut c_void;
    /// Where a simulated stream's timeline is, in milliseconds; `None` on a GPU.
    fn simulated_time_ms(&self) -> Option<f64>;
    /// `bytes > 0` of device memory, ordered on this stream: from `pool`, or from the
    /// device's current pool when `None`.
    fn alloc_async(&self, bytes: usize, pool: Option<&B::MemPool>) -> Result<u64>;
    /// Frees memory from [`alloc_async`](StreamInterface::alloc_async) (of `pool`, the
    /// same as it was allocated from), ordered on this stream.
    fn free_async(&self, ptr: u64, pool: Option<&B::MemPool>) -> Result<()>;
}

/// A memory pool for stream-ordered allocation; a created pool is destroyed on drop.
pub(crate) trait MemPoolInterface<B: Backend>: Sized {
    /// A new pool on the context's device, keeping up to `release_threshold` bytes of
    /// freed memory at synchronization points.
    fn create(ctx: &Arc<B::Context>, release_threshold: u64) -> Result<Self>;
    /// The device's default pool (never destroyed).
    fn device_default(ctx: &Arc<B::Context>) -> Result<Self>;
    /// What the pool holds and keeps.
    fn stats(&self) -> Result<MemPoolStats>;
    fn set_release_threshold(&self, bytes: u64) -> Result<()>;
    /// Releases freed memory until the pool keeps at most `keep` bytes.
    fn trim_to(&self, keep: u64) -> Result<()>;
    /// The raw `CUmemoryPool` (null on the simulator).
    fn as_raw(&self) -> *mut c_void;
}

/// A timing event.
pub(crate) trait EventInterface<B: Backend>: Sized {
    fn create(ctx: &Arc<B::Context>) -> Result<Self>;
    fn record(&self, stream: &B::Stream) -> Result<()>;
    fn synchronize(&self) -> Result<()>;
    fn is_complete(&self) -> Result<bool>;
    /// Milliseconds from `start` to this event, both recorded.
    fn elapsed_ms_since(&self, start: &Self) -> Result<f32>;
    /// The raw `CUevent` (null on the simulator).
    fn as_raw(&self) -> *mut c_void;
}

/// A stream's capture into a graph, and the work queued on a stream that a capture records:
/// kernel launches, graph launches, copies and memsets. The ranges are checked by the
/// caller (a buffer's own).
///
/// Which streams capture, and what their captures hold, is known in one place: the API's
/// stream, which holds its capture under way (`graph::log::CaptureLog`) and passes the
/// backend's part of it to each call here as `capture` (`None` while the stream does not
/// capture), in the stream's turn. The simulator records the work into its capture
/// ([`Backend::Capture`]: the graph being recorded) instead of running it; on the driver
/// the capture is CUDA's own, which records the work queued on the stream, and the driver's
/// `Capture` holds nothing.
pub(crate) trait CaptureInterface<B: Backend> {
    /// Starts recording the work queued on the stream into a graph, instead of running it;
    /// `under_way`: whether the stream captures already (a stream captures once at a time:
    /// an error on both backends).
    fn begin_capture(&self, under_way: bool, mode: CaptureMode) -> Result<B::Capture>;
    /// Ends `capture`, the stream's: the graph of the work queued since `begin_capture`.
    fn end_capture(&self, capture: B::Capture) -> Result<B::Graph>;
    /// Launches `kernel` on the stream, or records the launch into `capture`; the
    /// arguments were checked once, by [`CheckedArgs::new`].
    fn launch<A: ArgBytes>(
        &self,
        capture: Option<&mut B::Capture>,
        kernel: &B::Kernel,
        geometry: &Geometry,
        args: CheckedArgs<'_, A>,
    ) -> Result<()>;
    /// Launches the whole of `graph` on the stream (a graph cannot be launched into a
    /// capture: an error on both backends, which invalidates the capture).
    fn launch_graph(&self, capture: Option<&mut B::Capture>, graph: &B::GraphExec) -> Result<()>;
    /// Copies `bytes` from device `src` to device `dst`, ordered on the stream.
    fn copy_async(
        &self,
        capture: Option<&mut B::Capture>,
        dst: u64,
        src: u64,
        bytes: usize,
    ) -> Result<()>;
    /// Sets `count` elements of `width` bytes (1, 2 or 4) at `dst` to `value`, ordered on
    /// the stream.
    fn memset_async(
        &self,
        capture: Option<&mut B::Capture>,
        dst: u64,
        value: u32,
        width: u32,
        count: usize,
    ) -> Result<()>;
    // Graphs complete (issue 38): events across streams and host functions.
    /// Records `event` on the stream (`cuEventRecord`). In a capture the event stands for
    /// the capture's nodes, which the API tracks: the driver marks it captured itself, the
    /// simulator records nothing.
    fn record_event(&self, capture: Option<&mut B::Capture>, event: &B::Event) -> Result<()>;
    /// Makes the work queued on the stream after this wait for `event`'s last record
    /// (`cuStreamWaitEvent`). In a capture the API adds the dependency (the simulator
    /// records nothing; on the driver CUDA joins the stream to the event's capture).
    fn wait_event(&self, capture: Option<&mut B::Capture>, event: &B::Event) -> Result<()>;
    /// Runs `host` on the host after the work queued before (`cuLaunchHostFunc`), or records
    /// it into `capture` as a host node.
    fn launch_host(&self, capture: Option<&mut B::Capture>, host: &Arc<HostFn>) -> Result<()>;
    /// Frees the graph allocation at `ptr` after the work queued before (`cuMemFreeAsync`);
    /// the caller checked it is one that no graph frees.
    fn free_graph_alloc(&self, ptr: u64) -> Result<()>;
    /// Allocates `bytes` from the device's current pool into `capture`: a memory
    /// allocation node of the captured graph (`cuMemAllocAsync` on a capturing stream). The
    /// address, fixed for the graph's lifetime; the memory is allocated each time the node
    /// runs.
    fn alloc_in_capture(&self, capture: &mut B::Capture, bytes: usize) -> Result<u64>;
    /// Frees the graph allocation at `ptr` (made in the same capture, or by another graph)
    /// in `capture`: a memory free node (`cuMemFreeAsync` on a capturing stream).
    fn free_in_capture(&self, capture: &mut B::Capture, ptr: u64) -> Result<()>;
}

/// A backend's capture under way: the nodes the next recorded node waits for are set by the
/// API before each call that queues work (it knows each member stream's dependencies when
/// several streams share a capture).
pub(crate) trait CaptureNodes: Send {
    /// The next node recorded waits for `deps` (node numbers in the capture's graph).
    fn depend_on(&mut self, deps: &[usize]);
}

/// A graph being defined (`CUgraph`), destroyed on drop. Nodes are numbered from 0 in the
/// order they are added (a captured graph's in the order its work was queued); a node's
/// dependencies are earlier numbers, checked by the caller.
pub(crate) trait GraphInterface<B: Backend>: Sized {
    fn create(ctx: &Arc<B::Context>) -> Result<Self>;
    fn add_kernel<A: ArgBytes>(
        &self,
        deps: &[usize],
        kernel: &B::Kernel,
        geometry: &Geometry,
        args: CheckedArgs<'_, A>,
    ) -> Result<usize>;
    /// A device-to-device copy; the caller guarantees both ranges.
    fn add_memcpy(&self, deps: &[usize], dst: u64, src: u64, bytes: usize) -> Result<usize>;
    /// As [`CaptureInterface::memset_async`].
    fn add_memset(
        &self,
        deps: &[usize],
        dst: u64,
        value: u32,
        width: u32,
        count: usize,
    ) -> Result<usize>;
    /// Records `event` (kept alive by the caller as long as the graph and its executables).
    fn add_event_record(&self, deps: &[usize], event: &B::Event) -> Result<usize>;
    /// Waits for `event` (kept alive as for `add_event_record`).
    fn add_event_wait(&self, deps: &[usize], event: &B::Event) -> Result<usize>;
    /// A copy of `child` as one node.
    fn add_child(&self, deps: &[usize], child: &Self) -> Result<usize>;
    /// A node that does nothing (a join point).
    fn add_empty(&self, deps: &[usize]) -> Result<usize>;
    /// Edges `from -> to` between existing nodes (checked by the caller).
    fn add_edges(&self, edges: &[(usize, usize)]) -> Result<()>;
    // Graphs complete (issue 38).
    /// A host node calling `host` (`cuGraphAddHostNode`); the caller keeps `host` alive as
    /// long as the graph and its executables.
    fn add_host(&self, deps: &[usize], host: &Arc<HostFn>) -> Result<usize>;
    /// A conditional handle of this graph (`cuGraphConditionalHandleCreate`), whose value
    /// is `default` at first and, with `assign_default`, at the start of each launch.
    fn conditional_handle(&self, default: u32, assign_default: bool) -> Result<u64>;
    /// A memory allocation node of `bytes > 0` on the graph's device
    /// (`cuGraphAddMemAllocNode`): its number and the allocation's address, fixed for the
    /// graph's lifetime.
    fn add_mem_alloc(&self, deps: &[usize], bytes: usize) -> Result<(usize, u64)>;
    /// A node freeing the graph allocation at `ptr` (`cuGraphAddMemFreeNode`), checked by
    /// the caller to be one.
    fn add_mem_free(&self, deps: &[usize], ptr: u64) -> Result<usize>;
    /// A conditional node (`cuGraphAddNode` of `CU_GRAPH_NODE_TYPE_CONDITIONAL`) of `kind`
    /// (`CUgraphConditionalNodeType`: 0 if, 1 while, 2 switch) with `size` body graphs,
    /// checked by the caller; its number and the bodies (owned by the node on the driver).
    fn add_conditional(
        &self,
        deps: &[usize],
        handle: u64,
        kind: u32,
        size: u32,
    ) -> Result<(usize, Vec<Self>)>;
    /// An executable graph.
    fn instantiate(&self) -> Result<B::GraphExec>;
}

/// An executable graph (`CUgraphExec`), destroyed on drop; the caller keeps the graph it was
/// instantiated from alive as long.
pub(crate) trait GraphExecInterface<B: Backend>: Sized {
    /// Makes it resident on the device ahead of a launch on `stream`.
    fn upload(&self, stream: &B::Stream) -> Result<()>;
    /// Launches the whole graph on `stream` now (the backend's
    /// [`CaptureInterface::launch_graph`] calls it when the stream does not capture).
    fn launch(&self, stream: &B::Stream) -> Result<()>;
    /// New arguments and geometry for kernel node `node` of `source`, the graph this was
    /// instantiated from; `kernel` is the node's kernel.
    fn set_kernel_params<A: ArgBytes>(
        &self,
        source: &B::Graph,
        node: usize,
        kernel: &B::Kernel,
        geometry: &Geometry,
        args: CheckedArgs<'_, A>,
    ) -> Result<()>;
    /// Takes the parameters of `graph`, whose topology must be the same
    /// (`cuGraphExecUpdate`).
    fn update(&self, graph: &B::Graph) -> Result<()>;
}

/// What a load produced.
pub(crate) struct Loaded<L> {
    pub library: L,
    /// The JIT info log (driver).
    pub info_log: String,
    /// The image bytes the driver may read until unload.
    pub kept: Option<Box<[u8]>>,
}

/// A loaded library: `Copy`, copied into every handle taken from it. Every method but
/// `unload` is called with the library held loaded (`backend::slot`).
pub(crate) trait LibraryInterface<B: Backend>: Copy {
    /// Loads a checked image; `describe` names the image in a load failure.
    fn load_data(
        image: &Prepared<'_>,
        options: &LibraryOptions,
        describe: &str,
    ) -> Result<Loaded<Self>>;
    /// Loads the file at `path`, whose checked contents are `image` (the driver reads the
    /// file itself; the simulator loads the bytes).
    fn load_file(
        path: &Path,
        image: &Prepared<'_>,
        options: &LibraryOptions,
        describe: &str,
    ) -> Result<Loaded<Self>>;
    /// Unloads the library.
    ///
    /// # Safety
    /// Called once, with no call in progress using the library (the slot's promise).
    unsafe fn unload(self) -> Result<()>;
    /// The raw `CUlibrary` (null on the simulator).
    fn as_raw(&self) -> *mut c_void;
    /// A kernel by symbol name; `None` when there is none.
    fn get_kernel(&self, name: &str) -> Result<Option<B::Kernel>>;
    /// Every kernel (the driver's order; the simulator's is by name).
    fn kernels(&self) -> Result<Vec<B::Kernel>>;
    /// A variable's address and size (`managed`: only `__managed__` ones); `None` when
    /// not found. The caller has made a context current.
    fn variable(&self, name: &str, managed: bool) -> Result<Option<(u64, usize)>>;
    /// A unified function's address; `None` when not found.
    fn unified_function(&self, name: &str) -> Result<Option<*mut c_void>>;
    /// The `CUmodule` in the current context.
    fn module(&self) -> Result<*mut c_void>;
    /// Each kernel's parameter PTX types, where the image tells; empty otherwise.
    fn param_types(&self) -> Vec<(String, Vec<Option<String>>)>;
    /// The module-scope variables' names, where they can be listed.
    fn variable_names(&self) -> Option<Vec<String>>;
    /// The type the PTX declaration of variable `name` names (`.f32`, `.b8`...), where the
    /// backend read the library's PTX (the simulator's load did).
    fn declared_type(&self, name: &str) -> Option<String>;
}

/// A kernel of a loaded library: `Copy`; every method is called with the library held
/// loaded.
pub(crate) trait KernelInterface<B: Backend>: Copy {
    fn name(&self) -> Result<String>;
    fn params(&self) -> Result<Vec<ParamInfo>>;
    fn attributes(&self, device: &B::Device) -> Result<KernelAttributes>;
    fn set_attribute(&self, attr: KernelAttribute, value: i32, device: &B::Device) -> Result<()>;
    fn set_cache_config(&self, pref: CachePreference, device: &B::Device) -> Result<()>;
    /// The `CUfunction` in the current context.
    fn function(&self) -> Result<*mut c_void>;
    fn max_active_blocks_per_sm(&self, block_size: u32, dynamic_smem: usize) -> Result<u32>;
    /// `(min_grid_size, block_size)`.
    fn max_potential_block_size(
        &self,
        dynamic_smem: usize,
        block_size_limit: u32,
    ) -> Result<(u32, u32)>;
    /// The `CUlibrary` the driver says the kernel belongs to.
    fn library_raw(&self) -> Result<*mut c_void>;
    /// The raw `CUkernel` (null on the simulator).
    fn as_raw(&self) -> *mut c_void;
    /// Launches on `stream` now (the backend's [`CaptureInterface::launch`] calls it when
    /// the stream does not capture); the arguments were checked once, by
    /// [`CheckedArgs::new`].
    fn launch<A: ArgBytes>(
        &self,
        stream: &B::Stream,
        geometry: &Geometry,
        args: CheckedArgs<'_, A>,
    ) -> Result<()>;
}

/// A CUDA array, freed on drop.
pub(crate) trait ArrayInterface<B: Backend>: Sized {
    fn create(ctx: &Arc<B::Context>, desc: &ArrayDesc) -> Result<Self>;
    /// Copies the whole array from `host`, exactly `desc.size_bytes()` long (checked by
    /// the caller); `desc` describes this array.
    fn write(&self, desc: &ArrayDesc, host: &[u8]) -> Result<()>;
    /// Copies the whole array to `host`; as `write`.
    fn read(&self, desc: &ArrayDesc, host: &mut [u8]) -> Result<()>;
    /// A texture object over the array; the caller keeps the array alive as long.
    fn texture(&self, desc: &TextureDesc) -> Result<B::TexObject>;
    /// A surface object over the array; the caller keeps the array alive as long.
    fn surface(&self) -> Result<B::TexObject>;
}

/// A texture or surface object, destroyed on drop.
pub(crate) trait TexObjectInterface<B: Backend>: Sized {
    /// A texture object over device memory of `ctx`; the caller keeps the memory alive.
    fn over_memory(ctx: &Arc<B::Context>, layout: Layout, desc: &TextureDesc) -> Result<Self>;
    /// The 64-bit handle kernels take, borrowed (what a kernel argument points to).
    fn handle_ref(&self) -> &u64;
}

/// A kernel argument's bytes (the API's `KernelArg`).
pub(crate) trait ArgBytes {
    fn arg_bytes(&self) -> &[u8];
}

/// How arguments disagree with a kernel's parameters.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum ArgMismatch {
    Count {
        expected: usize,
        got: usize,
    },
    Size {
        index: usize,
        expected: usize,
        got: usize,
    },
}

/// A launch's arguments, checked against the kernel's parameters: one per parameter, each
/// exactly its parameter's size. Made only by [`CheckedArgs::new`], so the backends take
/// them as they are (the driver hands their pointers to `cuLaunchKernelEx`, which reads
/// each parameter's size from each).
#[derive(Clone, Copy)]
pub(crate) struct CheckedArgs<'p, A> {
    params: &'p [ParamInfo],
    args: &'p [A],
}

impl<'p, A: ArgBytes> CheckedArgs<'p, A> {
    /// Checks argument count and sizes against the parameter list.
    #[inline]
    pub fn new(params: &'p [ParamInfo], args: &'p [A]) -> std::result::Result<Self, ArgMismatch> {
        if params.len() != args.len() {
            return Err(ArgMismatch::Count {
                expected: params.len(),
                got: args.len(),
            });
        }
        for (i, (p, a)) in params.iter().zip(args).enumerate() {
            let got = a.arg_bytes().len();
            if p.size != got {
                return Err(ArgMismatch::Size {
                    index: i,
                    expected: p.size,
                    got,
                });
            }
        }
        Ok(CheckedArgs { params, args })
    }

    /// Each argument's bytes, in parameter order.
    #[inline]
    pub fn bytes(&self) -> impl ExactSizeIterator<Item = &'p [u8]> + Clone + 'p {
        self.args.iter().map(ArgBytes::arg_bytes)
    }

    /// Each argument's bytes with its parameter's offset.
    #[inline]
    pub fn at_offsets(&self) -> impl Iterator<Item = (usize, &'p [u8])> + Clone + 'p {
        self.params.iter().map(|p| p.offset).zip(self.bytes())
    }
}

/// A Rust closure run on the host as a stream's work or a graph's host node
/// (`cuLaunchHostFunc`, `cuGraphAddHostNode`): called on a thread of the backend's (the
/// driver's callback thread; the simulator's replaying thread), once per launch of a graph
/// that holds it, never two calls at once. A panic inside it does not unwind into the
/// caller (on the driver, a C frame): it is caught, printed, and kept until
/// [`take_panic`](HostFn::take_panic).
pub(crate) struct HostFn {
    call: Mutex<Box<dyn FnMut() + Send>>,
    panicked: Mutex<Option<String>>,
}

thread_local! {
    /// Set while this thread runs a host function: CUDA calls are not allowed there.
    static IN_HOST_FN: Cell<bool> = const { Cell::new(false) };
}

/// Whether the calling thread is running a host function (where the driver refuses CUDA
/// calls with `CUDA_ERROR_NOT_PERMITTED`; this crate refuses them itself on both backends).
pub(crate) fn in_host_fn() -> bool {
    IN_HOST_FN.with(Cell::get)
}

impl HostFn {
    /// Wraps `f`.
    pub fn new(f: impl FnMut() + Send + 'static) -> HostFn {
        HostFn {
            call: Mutex::new(Box::new(f)),
            panicked: Mutex::new(None),
        }
    }

    /// Calls the closure on this thread, which is marked as running a host function for
    /// the call. A panic is caught: its message is the error, printed to stderr (a driver
    /// thread has no caller to return it to) and kept for [`take_panic`](HostFn::take_panic).
    pub fn call(&self) -> std::result::Result<(), String> {
        let was = IN_HOST_FN.with(|c| c.replace(true));
        let ran = {
            let mut f = self.call.lock().unwrap_or_else(|p| p.into_inner());
            std::panic::catch_unwind(AssertUnwindSafe(|| (*f)()))
        };
        IN_HOST_FN.with(|c| c.set(was));
        ran.map_err(|payload| {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic with a payload that is not a string".to_string());
            // Not `eprintln!`, which panics when stderr is closed: nothing may unwind here.
            let _ = writeln!(
                std::io::stderr(),
                "cuda-library: a host function panicked: {message}"
            );
            *self.panicked.lock().unwrap_or_else(|p| p.into_inner()) = Some(message.clone());
            message
        })
    }

    /// The message of a panic caught since the last call, if there was one.
    pub fn take_panic(&self) -> Option<String> {
        self.panicked
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
    }
}
