//! Plain data the backends fill in or take: a device's properties, a kernel's parameters
//! and attributes, a kernel's row (the one type every kernel table is made of), a launch's
//! geometry. Nothing here calls a backend; the driver and the simulator both return or take
//! these.

use crate::error::Error;
use cuda_library_engine::{Coschedule, Dims, LaunchShape};

/// The main properties of a device, as plain data.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DeviceProperties {
    /// Device ordinal.
    pub ordinal: usize,
    /// Marketing name, e.g. `NVIDIA H100 80GB HBM3`.
    pub name: String,
    /// UUID as `GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
    pub uuid: String,
    /// Compute capability `(major, minor)`.
    pub compute_capability: (i32, i32),
    /// Total global memory in bytes.
    pub total_memory: usize,
    /// Streaming multiprocessors.
    pub multiprocessor_count: i32,
    /// Threads per block, at most.
    pub max_threads_per_block: i32,
    /// Threads per multiprocessor, at most.
    pub max_threads_per_multiprocessor: i32,
    /// Maximum block dimensions.
    pub max_block_dim: [i32; 3],
    /// Maximum grid dimensions.
    pub max_grid_dim: [i32; 3],
    /// Warp size in threads.
    pub warp_size: i32,
    /// Static shared memory per block in bytes.
    pub shared_memory_per_block: i32,
    /// Shared memory per block a kernel can opt in to, in bytes.
    pub shared_memory_per_block_optin: i32,
    /// Shared memory per multiprocessor in bytes.
    pub shared_memory_per_multiprocessor: i32,
    /// 32-bit registers per block.
    pub registers_per_block: i32,
    /// Constant memory in bytes.
    pub total_constant_memory: i32,
    /// L2 cache in bytes.
    pub l2_cache_size: i32,
    /// Memory bus width in bits.
    pub memory_bus_width: i32,
    /// Peak memory clock in kHz.
    pub memory_clock_khz: i32,
    /// Peak SM clock in kHz.
    pub clock_rate_khz: i32,
    /// PCI domain, bus and device ids.
    pub pci: (i32, i32, i32),
    /// Whether `__managed__` memory is supported.
    pub managed_memory: bool,
    /// Whether cooperative launches are supported.
    pub cooperative_launch: bool,
    /// Whether thread-block clusters can be launched (sm_90+).
    pub cluster_launch: bool,
}

/// The number of devices the driver reports.
/// One kernel parameter as the driver lays it out (`cuKernelGetParamInfo`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ParamInfo {
    /// Zero-based position.
    pub index: usize,
    /// Byte offset in the parameter buffer.
    pub offset: usize,
    /// Size in bytes.
    pub size: usize,
}

/// One parameter of a [`KernelRow`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParamRow {
    /// Byte offset in the parameter buffer.
    pub offset: u32,
    /// Size in bytes.
    pub size: u32,
    /// The PTX type (`.u64`, `.f32`, `.b8[16]`, ...) where the source tells: PTX read from
    /// the image, not the driver.
    pub ptx_type: Option<String>,
}

/// One kernel's row: names, parameters, resources and launch bounds, as plain data. The one
/// row type behind every kernel table: the image table ([`LibraryTable`](crate::LibraryTable),
/// read from the image), `culib inspect` (its [`Inspect`](crate::Inspect) view, with what
/// the driver also reports), [`Kernel::info`](crate::Kernel::info) (from the backend, on one
/// device) and the notebook's [`KernelTable`](crate::KernelTable) (with
/// [`blocks_per_sm`](KernelRow::blocks_per_sm) set). What the source cannot tell is `None`,
/// never a guess: the registers of PTX no JIT has compiled, the declared block shape to
/// the driver.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KernelRow {
    /// Symbol name.
    pub name: String,
    /// Demangled C++ name (equal to `name` for `extern "C"` kernels).
    pub demangled: String,
    /// Parameters in order.
    pub params: Vec<ParamRow>,
    /// Registers per thread (`None` for PTX read from the image: only the JIT knows).
    pub num_regs: Option<u32>,
    /// Static shared memory in bytes.
    pub shared_bytes: Option<u32>,
    /// User `__constant__` bytes.
    pub const_bytes: Option<u32>,
    /// Local memory per thread in bytes (`None` for PTX read from the image).
    pub local_bytes: Option<u32>,
    /// Most threads per block the kernel can be launched with (read from an image: on the
    /// simulated device, from `.maxntid`/`.reqntid` and, for SASS, the register file).
    pub max_threads: Option<u32>,
    /// `.reqntid` / `__launch_bounds__` exact block shape, when the image declares one.
    pub reqntid: Option<[u32; 3]>,
    /// `.maxntid`, when the image declares one.
    pub maxntid: Option<[u32; 3]>,
    /// Resident blocks per multiprocessor at the block size of the
    /// [`KernelTable`](crate::KernelTable) the row is in; `None` elsewhere (it depends on
    /// the device and the block size).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub blocks_per_sm: Option<u32>,
}

impl KernelRow {
    /// The row of a kernel as a backend reports it: its parameters' layout and its
    /// attributes on one device. Backends report no PTX types or declared block shapes.
    pub(crate) fn reported(name: String, params: &[ParamInfo], a: &KernelAttributes) -> Self {
        let count = |v: i32| u32::try_from(v).ok();
        let bytes = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
        KernelRow {
            demangled: crate::names::demangle(&name),
            name,
            params: params
                .iter()
                .map(|p| ParamRow {
                    offset: bytes(p.offset),
                    size: bytes(p.size),
                    ptx_type: None,
                })
                .collect(),
            num_regs: a.num_regs.and_then(count),
            shared_bytes: count(a.shared_size_bytes),
            const_bytes: count(a.const_size_bytes),
            local_bytes: a.local_size_bytes.and_then(count),
            max_threads: count(a.max_threads_per_block),
            reqntid: None,
            maxntid: None,
            blocks_per_sm: None,
        }
    }
}

/// Every `CU_FUNC_ATTRIBUTE_*` of a kernel on one device.
///
/// The driver knows every value. On the simulator the values come from the image; what an
/// image cannot tell is `None` (registers, local memory and the binary's architecture of PTX
/// that no JIT has compiled; the PTX version of a cubin).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct KernelAttributes {
    /// Most threads per block this kernel can be launched with.
    pub max_threads_per_block: i32,
    /// Static shared memory in bytes.
    pub shared_size_bytes: i32,
    /// User constant memory in bytes.
    pub const_size_bytes: i32,
    /// Local memory per thread in bytes.
    pub local_size_bytes: Option<i32>,
    /// Registers per thread.
    pub num_regs: Option<i32>,
    /// PTX virtual architecture it was compiled for (`10 * major + minor`).
    pub ptx_version: Option<i32>,
    /// SASS architecture of the binary (`10 * major + minor`).
    pub binary_version: Option<i32>,
    /// Whether compiled with `-Xptxas --dlcm=ca`.
    pub cache_mode_ca: bool,
    /// Dynamic shared memory a launch may use, at most (settable).
    pub max_dynamic_shared_size_bytes: i32,
    /// Preferred shared memory carve-out in percent, or -1 (settable).
    pub preferred_shared_memory_carveout: i32,
    /// Whether a cluster size must be given at launch.
    pub cluster_size_must_be_set: bool,
    /// Required cluster width, height and depth (0: none; settable).
    pub required_cluster_dim: [i32; 3],
    /// Whether a non-portable cluster size is allowed (settable).
    pub non_portable_cluster_size_allowed: bool,
    /// Cluster scheduling policy preference (settable).
    pub cluster_scheduling_policy_preference: i32,
}

/// The kernel attributes that can be changed with
/// [`Kernel::set_attribute`](crate::Kernel::set_attribute).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum KernelAttribute {
    /// `CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES`.
    MaxDynamicSharedSizeBytes,
    /// `CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT`.
    PreferredSharedMemoryCarveout,
    /// `CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH`.
    RequiredClusterWidth,
    /// `CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT`.
    RequiredClusterHeight,
    /// `CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH`.
    RequiredClusterDepth,
    /// `CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED`.
    NonPortableClusterSizeAllowed,
    /// `CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE`.
    ClusterSchedulingPolicyPreference,
}

/// Preferred split between L1 cache and shared memory (`CUfunc_cache`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum CachePreference {
    /// No preference.
    None,
    /// Prefer more shared memory.
    Shared,
    /// Prefer more L1 cache.
    L1,
    /// Equal split.
    Equal,
}

/// A launch's settings, checked: what every layer below the API takes as proof that the
/// rules each CUDA launch obeys whatever the backend hold (no zero dimension, at most 1,024
/// threads in a block, a cluster with no zero dimension that tiles the grid). Only
/// [`Geometry::check`] makes one, through the engine's [`LaunchShape`], the one place those
/// rules are written, and its fields are private, so no later layer checks these rules
/// again and none can change a setting after the check; the rules of the device and the
/// kernel (shared memory, cluster size) are the backend's: the driver's own on a GPU, the
/// engine's one check on the simulator, which takes the shape as it is. A cooperative grid
/// handed to a backend has also passed the occupancy rule (`Kernel::launch` checks it with
/// the settings, the only way a cooperative launch reaches a backend: graphs take none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Geometry {
    shape: LaunchShape,
}

impl Geometry {
    /// Checks a launch's settings against the rules every CUDA launch obeys, whatever the
    /// backend ([`LaunchShape::new`]); a broken rule is [`Error::InvalidLaunch`].
    pub(crate) fn check(
        grid: [u32; 3],
        block: [u32; 3],
        shared_mem_bytes: u32,
        cluster: Option<[u32; 3]>,
        cooperative: bool,
    ) -> crate::error::Result<Geometry> {
        let dims = Dims {
            grid,
            block,
            shared_dynamic: shared_mem_bytes,
        };
        let coschedule = Coschedule {
            cluster,
            cooperative,
        };
        let shape = LaunchShape::new(dims, coschedule).map_err(|problem| Error::InvalidLaunch {
            kernel: None,
            problem,
        })?;
        Ok(Geometry { shape })
    }

    /// The checked shape, as the engine takes it.
    #[inline]
    pub(crate) fn shape(&self) -> LaunchShape {
        self.shape
    }

    /// Blocks in the grid.
    #[inline]
    pub(crate) fn grid(&self) -> [u32; 3] {
        self.shape.dims().grid
    }

    /// Threads in a block.
    #[inline]
    pub(crate) fn block(&self) -> [u32; 3] {
        self.shape.dims().block
    }

    /// Dynamic shared memory per block in bytes.
    #[inline]
    pub(crate) fn shared_mem_bytes(&self) -> u32 {
        self.shape.dims().shared_dynamic
    }

    /// Blocks in a cluster, when launched in clusters.
    #[inline]
    pub(crate) fn cluster(&self) -> Option<[u32; 3]> {
        self.shape.coschedule().cluster
    }

    /// Whether the launch is cooperative.
    #[inline]
    pub(crate) fn cooperative(&self) -> bool {
        self.shape.coschedule().cooperative
    }
}

/// How strictly a stream capture ([`Stream::begin_capture`](crate::Stream::begin_capture))
/// guards against "potentially unsafe" calls such as allocating memory, which would run at
/// once rather than in the graph (`CUstreamCaptureMode`, cuda.core's `begin_building(mode)`):
/// the driver refuses them, and the refusal invalidates the capture. Synchronous copies and
/// memsets are refused in every mode while a stream captures (they would wait for it); queue
/// them on the capturing stream instead
/// ([`DeviceBuffer::fill_async`](crate::DeviceBuffer::fill_async)).
///
/// ```
/// assert_eq!(cuda_library::CaptureMode::default(), cuda_library::CaptureMode::Global);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CaptureMode {
    /// Refused on every thread while this capture runs (the driver's usual mode).
    #[default]
    Global,
    /// Refused only on the thread that began the capture.
    ThreadLocal,
    /// Not refused: the caller keeps such calls away from the capture (cuda.core's
    /// default).
    Relaxed,
}

/// Where a CUDA process stands in a checkpoint (`CUprocessState`), as
/// [`CheckpointProcess::state`](crate::CheckpointProcess::state) reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProcessState {
    /// Running normally: its CUDA calls proceed.
    Running,
    /// Locked: its CUDA calls block until it is unlocked.
    Locked,
    /// Checkpointed: its GPU memory is in host memory and its GPU resources released.
    Checkpointed,
    /// A checkpoint or restore failed and cannot be undone.
    Failed,
}

/// What a [`MemPool`](crate::MemPool) holds, in bytes (`CU_MEMPOOL_ATTR_*`).
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// let ctx = cuda_library::Device::new(0)?.set_current()?;
/// let stats = cuda_library::MemPool::device_default(&ctx)?.stats()?;
/// assert!(stats.used <= stats.reserved);
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MemPoolStats {
    /// Memory the pool holds from the system: in use, and freed but kept.
    pub reserved: u64,
    /// The most `reserved` has been.
    pub reserved_high: u64,
    /// Memory in buffers not yet freed.
    pub used: u64,
    /// The most `used` has been.
    pub used_high: u64,
    /// How much freed memory the pool keeps at a synchronization point.
    pub release_threshold: u64,
}

// Unified memory (`crate::managed`): how a managed buffer is attached, where its pages go,
// the advice it takes and what the simulator charged it.

/// Who may access a managed allocation (`CUmemAttach_flags`): what
/// [`Context::alloc_managed_with`](crate::Context::alloc_managed_with) and [`ManagedBuffer::attach`](crate::ManagedBuffer::attach) take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Attach {
    /// Any stream on any device (`CU_MEM_ATTACH_GLOBAL`, what `cudaMallocManaged` does by
    /// default).
    Global,
    /// The host; on a device without concurrent managed access no kernel may use it until
    /// it is attached to a stream (`CU_MEM_ATTACH_HOST`).
    Host,
    /// One stream (`CU_MEM_ATTACH_SINGLE`, only with [`ManagedBuffer::attach`](crate::ManagedBuffer::attach)): on a device
    /// without concurrent managed access the host may use it while other streams run.
    Single,
}

/// Where managed memory is placed or used: a device by ordinal, or the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Location {
    /// Device `n` (checked against [`Device::count`](crate::Device::count)).
    Device(usize),
    /// Host memory.
    Host,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Device(n) => write!(f, "device {n}"),
            Location::Host => write!(f, "the host"),
        }
    }
}

/// Memory advice (`cuMemAdvise`): how the program will use a managed range, so the driver
/// migrates less.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Advice {
    /// Mostly read: each processor that reads it keeps a read-only copy, so reads from
    /// both sides stop migrating it (`CU_MEM_ADVISE_SET_READ_MOSTLY`).
    SetReadMostly,
    /// Undoes [`SetReadMostly`](Advice::SetReadMostly).
    UnsetReadMostly,
    /// Keep the pages at this location; others map them rather than migrate them
    /// (`CU_MEM_ADVISE_SET_PREFERRED_LOCATION`).
    SetPreferredLocation(Location),
    /// Undoes [`SetPreferredLocation`](Advice::SetPreferredLocation).
    UnsetPreferredLocation,
    /// This processor will access it: keep it mapped there, so its accesses do not fault
    /// (`CU_MEM_ADVISE_SET_ACCESSED_BY`).
    SetAccessedBy(Location),
    /// Undoes [`SetAccessedBy`](Advice::SetAccessedBy) for this processor.
    UnsetAccessedBy(Location),
}

/// What the simulator charged a managed buffer for page migration, and where its pages are
/// (the [`cost_model`](crate::guide::cost_model) guide's "Unified memory" model). The driver
/// keeps no such count: [`ManagedBuffer::migration`](crate::ManagedBuffer::migration) is `None` there.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Migration {
    /// Whether the host holds a current copy.
    pub on_host: bool,
    /// The device holding a current copy, if any.
    pub on_device: Option<usize>,
    /// Bytes moved to a device by kernels' page faults.
    pub faulted_to_device: u64,
    /// Bytes moved to the host by host accesses' page faults.
    pub faulted_to_host: u64,
    /// Bytes moved by prefetches.
    pub prefetched: u64,
    /// Page faults charged (one per 64 KiB page the model moves on demand).
    pub faults: u64,
    /// Simulated nanoseconds charged for all of it.
    pub charged_ns: f64,
}

#[cfg(test)]
mod tests {
    use super::Geometry;

    #[test]
    fn a_checked_geometry_reads_back_what_was_checked() {
        let g = Geometry::check([8, 2, 1], [32, 4, 2], 96, Some([2, 2, 1]), true).unwrap();
        assert_eq!(g.grid(), [8, 2, 1]);
        assert_eq!(g.block(), [32, 4, 2]);
        assert_eq!(g.shared_mem_bytes(), 96);
        assert_eq!(g.cluster(), Some([2, 2, 1]));
        assert!(g.cooperative());
        let plain = Geometry::check([1; 3], [1; 3], 0, None, false).unwrap();
        assert_eq!((plain.cluster(), plain.cooperative()), (None, false));
    }

    #[test]
    fn each_rule_is_refused_with_what_broke_it() {
        let refused = |grid, block, cluster| {
            Geometry::check(grid, block, 0, cluster, false)
                .unwrap_err()
                .to_string()
        };
        assert!(refused([0, 1, 1], [1; 3], None).contains("grid dimensions (0, 1, 1)"));
        assert!(refused([1; 3], [1, 1, 0], None).contains("block dimensions (1, 1, 0)"));
        let huge = refused([1; 3], [u32::MAX; 3], None);
        assert!(huge.contains("exceeds the CUDA limit of 1024"), "{huge}");
        assert!(refused([4, 1, 1], [1; 3], Some([0, 1, 1])).contains("contain a zero"));
        let untiled = refused([6, 1, 1], [1; 3], Some([4, 1, 1]));
        assert!(
            untiled.contains("not a multiple of cluster (4, 1, 1)"),
            "{untiled}"
        );
    }
}
