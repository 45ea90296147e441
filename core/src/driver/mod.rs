//! The driver backend: everything that calls libcuda or NVRTC.
//!
//! This module opens the driver and resolves its entry points; the handle types below wrap
//! one driver object each (`Context`, `Device`, `Library`, `Kernel`, `Stream`, `Event`,
//! `Array`, `TexObject`), own it where the driver says it must be released, and expose
//! safe methods whose `unsafe` calls carry their SAFETY argument. `nvrtc` is the NVRTC
//! compiler, `nvjitlink` and `culink` the two device linkers, `loader` finds the libraries
//! (and CUDA's headers) on disk. Nothing here knows
//! about the public API types: the handles implement the seam's interface traits
//! (`crate::backend::interface`), and the seam (`crate::backend::seam`) wraps them.
//! The whole folder is left out of wasm32 builds (in `lib.rs`).
//!
//! ## Opening the driver
//!
//! The bindgen-generated [`DriverLib`](crate::sys::driver::DriverLib) opens `libcuda` with
//! `libloading` and supplies the bootstrap calls (`cuInit`, `cuDriverGetVersion`,
//! `cuGetProcAddress_v2`, `cuGetErrorName`, `cuGetErrorString`). Every other entry point is
//! resolved through `cuGetProcAddress_v2` at the ABI version of the header's `PFN_*` typedef,
//! so the `_v2`/`_v3` variant we call always matches the signature we call it with. A missing
//! entry point does not fail the load: only the call that needs it fails, naming the function,
//! the driver's version and the version that introduced it.
//!
//! ## Adding a driver call
//!
//! A new driver function is one row of the `entry_points!` table below: the field the code
//! calls it by, the symbol, the header's `PFN_*` typedef and the ABI version it names. A
//! handle's method calls it with `cu!` inside an `unsafe` block with its SAFETY argument. The
//! [`backends`](crate::guide::backends) guide ("Where a new driver call goes") has the whole
//! path, through the seam to the public API.

use std::ffi::{c_char, c_void, CStr};
use std::sync::OnceLock;

use crate::error::{CudaError, CudaVersion, Error, LoadAttempt, Result};
use crate::sys::driver as sys;

pub(crate) mod checkpoint;
mod context;
pub(crate) mod culink;
mod device;
pub(crate) mod graph;
pub(crate) mod green;
#[cfg(feature = "cudarc")]
pub mod interop;
pub(crate) mod ipc;
mod library;
pub(crate) mod loader;
mod managed;
mod mem_pool;
pub(crate) mod nvjitlink;
pub(crate) mod nvrtc;
mod options;
mod stream;
mod texture;
// Tensor maps (`cuTensorMapEncode*`, resolved when first used).
pub(crate) mod tensor_map;

pub(crate) use context::Context;
pub(crate) use device::Device;
pub(crate) use graph::{Capture, Graph, GraphExec};
pub(crate) use library::{Kernel, Library};
pub(crate) use mem_pool::MemPool;
pub(crate) use stream::{Event, Stream};
pub(crate) use texture::{Array, Object as TexObject};

/// The driver backend's handle types, for the seam (`backend::interface`).
pub(crate) struct DriverBackend;

impl crate::backend::interface::Backend for DriverBackend {
    type Device = Device;
    type Context = Context;
    type Stream = Stream;
    type Capture = Capture;
    type Event = Event;
    type Library = Library;
    type Kernel = Kernel;
    type Array = Array;
    type TexObject = TexObject;
    type Graph = Graph;
    type GraphExec = GraphExec;
    type MemPool = MemPool;
}

/// The oldest driver this crate accepts: CUDA 12.0 introduced `cuLibrary*`.
pub(crate) const MIN_VERSION: CudaVersion = CudaVersion(12000);

/// Gets the inner function type out of a bindgen `PFN_*` alias (`Option<unsafe extern fn>`).
pub(crate) trait Pfn {
    type Fn: Copy;
}
impl<F: Copy> Pfn for Option<F> {
    type Fn = F;
}

/// One resolved entry point.
pub(crate) struct Entry<F> {
    ptr: Option<F>,
    /// The driver function's name.
    pub name: &'static str,
    since: i32,
    driver: CudaVersion,
}

impl<F: Copy> Entry<F> {
    /// The function pointer, or the error that names what is missing.
    #[inline(always)]
    pub fn get(&self) -> Result<F> {
        match self.ptr {
            Some(f) => Ok(f),
            None => Err(missing(self.name, self.since, self.driver)),
        }
    }
}

/// The error for an entry point this driver lacks (not generic: one copy for all of them).
#[cold]
fn missing(function: &'static str, since: i32, driver: CudaVersion) -> Error {
    Error::MissingEntryPoint {
        function,
        driver,
        needed: CudaVersion(since.max(MIN_VERSION.0)),
    }
}

type GetProc = unsafe extern "C" fn(
    *const c_char,
    *mut *mut c_void,
    i32,
    sys::cuuint64_t,
    *mut sys::CUdriverProcAddressQueryResult,
) -> sys::CUresult;

/// The address `cuGetProcAddress_v2` gives for `name` at ABI `version`, or null. Not
/// generic, so the hundred-odd entry points share one copy of it; each entry point's own
/// code (written by `entry_points!`) is one cast, with no generic function behind it.
fn lookup(get: GetProc, name: &'static CStr, version: i32) -> *mut c_void {
    let mut ptr: *mut c_void = std::ptr::null_mut();
    let mut status = sys::CUdriverProcAddressQueryResult::CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
    // SAFETY: cuGetProcAddress_v2 writes a function pointer (or null) and a status.
    let rc = unsafe {
        get(
            name.as_ptr(),
            &mut ptr,
            version,
            sys::CUdriverProcAddress_flags::CU_GET_PROC_ADDRESS_DEFAULT.0 as u64,
            &mut status,
        )
    };
    let found = rc == sys::CUresult::CUDA_SUCCESS
        && status == sys::CUdriverProcAddressQueryResult::CU_GET_PROC_ADDRESS_SUCCESS;
    if found {
        ptr
    } else {
        std::ptr::null_mut()
    }
}

fn name_str(name: &'static CStr) -> &'static str {
    name.to_str().unwrap_or("<non-UTF-8 symbol>")
}

macro_rules! entry_points {
    ($( $(#[$attr:meta])* $field:ident => $sym:literal : $pfn:ident @ $ver:literal ;)*) => {
        /// Driver entry points resolved through `cuGetProcAddress_v2`.
        pub(crate) struct Api {
            $( $(#[$attr])* pub $field: Entry<<sys::$pfn as Pfn>::Fn>, )*
        }
        impl Api {
            fn resolve(get: GetProc, driver: CudaVersion) -> Api {
                Api {
                    $( $(#[$attr])* $field: Entry {
                        // SAFETY: `sys::$pfn` is the header's PFN typedef for exactly this
                        // symbol at exactly this ABI version, which is what
                        // cuGetProcAddress returned: an `Option` of a thin fn pointer, which
                        // has a pointer's size and is `None` for null.
                        ptr: unsafe {
                            std::mem::transmute::<*mut c_void, sys::$pfn>(lookup(get, $sym, $ver))
                        },
                        name: name_str($sym),
                        since: $ver,
                        driver,
                    }, )*
                }
            }
        }
    };
}

entry_points! {
    device_get => c"cuDeviceGet": PFN_cuDeviceGet_v2000 @ 2000;
    device_get_count => c"cuDeviceGetCount": PFN_cuDeviceGetCount_v2000 @ 2000;
    device_get_name => c"cuDeviceGetName": PFN_cuDeviceGetName_v2000 @ 2000;
    device_get_uuid => c"cuDeviceGetUuid": PFN_cuDeviceGetUuid_v11040 @ 11040;
    device_total_mem => c"cuDeviceTotalMem": PFN_cuDeviceTotalMem_v3020 @ 3020;
    device_get_attribute => c"cuDeviceGetAttribute": PFN_cuDeviceGetAttribute_v2000 @ 2000;
    primary_ctx_retain => c"cuDevicePrimaryCtxRetain": PFN_cuDevicePrimaryCtxRetain_v7000 @ 7000;
    primary_ctx_release => c"cuDevicePrimaryCtxRelease": PFN_cuDevicePrimaryCtxRelease_v11000 @ 11000;
    ctx_create => c"cuCtxCreate": PFN_cuCtxCreate_v3020 @ 3020;
    ctx_destroy => c"cuCtxDestroy": PFN_cuCtxDestroy_v4000 @ 4000;
    ctx_set_current => c"cuCtxSetCurrent": PFN_cuCtxSetCurrent_v4000 @ 4000;
    ctx_get_current => c"cuCtxGetCurrent": PFN_cuCtxGetCurrent_v4000 @ 4000;
    ctx_push_current => c"cuCtxPushCurrent": PFN_cuCtxPushCurrent_v4000 @ 4000;
    ctx_pop_current => c"cuCtxPopCurrent": PFN_cuCtxPopCurrent_v4000 @ 4000;
    ctx_get_device => c"cuCtxGetDevice": PFN_cuCtxGetDevice_v2000 @ 2000;
    ctx_synchronize => c"cuCtxSynchronize": PFN_cuCtxSynchronize_v2000 @ 2000;
    mem_get_info => c"cuMemGetInfo": PFN_cuMemGetInfo_v3020 @ 3020;
    mem_alloc => c"cuMemAlloc": PFN_cuMemAlloc_v3020 @ 3020;
    mem_free => c"cuMemFree": PFN_cuMemFree_v3020 @ 3020;
    mem_alloc_async => c"cuMemAllocAsync": PFN_cuMemAllocAsync_v11020 @ 11020;
    mem_free_async => c"cuMemFreeAsync": PFN_cuMemFreeAsync_v11020 @ 11020;
    mem_alloc_from_pool_async => c"cuMemAllocFromPoolAsync": PFN_cuMemAllocFromPoolAsync_v11020 @ 11020;
    mem_pool_create => c"cuMemPoolCreate": PFN_cuMemPoolCreate_v11020 @ 11020;
    mem_pool_destroy => c"cuMemPoolDestroy": PFN_cuMemPoolDestroy_v11020 @ 11020;
    mem_pool_set_attribute => c"cuMemPoolSetAttribute": PFN_cuMemPoolSetAttribute_v11020 @ 11020;
    mem_pool_get_attribute => c"cuMemPoolGetAttribute": PFN_cuMemPoolGetAttribute_v11020 @ 11020;
    mem_pool_trim_to => c"cuMemPoolTrimTo": PFN_cuMemPoolTrimTo_v11020 @ 11020;
    device_get_default_mem_pool => c"cuDeviceGetDefaultMemPool": PFN_cuDeviceGetDefaultMemPool_v11020 @ 11020;
    // Only profiles look allocations up (`profile::shadow`).
    #[cfg(feature = "notebook")]
    mem_get_address_range => c"cuMemGetAddressRange": PFN_cuMemGetAddressRange_v3020 @ 3020;
    memcpy_htod => c"cuMemcpyHtoD": PFN_cuMemcpyHtoD_v3020 @ 3020;
    memcpy_dtoh => c"cuMemcpyDtoH": PFN_cuMemcpyDtoH_v3020 @ 3020;
    memcpy_dtod => c"cuMemcpyDtoD": PFN_cuMemcpyDtoD_v3020 @ 3020;
    array_3d_create => c"cuArray3DCreate": PFN_cuArray3DCreate_v3020 @ 3020;
    array_destroy => c"cuArrayDestroy": PFN_cuArrayDestroy_v2000 @ 2000;
    memcpy_3d => c"cuMemcpy3D": PFN_cuMemcpy3D_v3020 @ 3020;
    device_can_access_peer => c"cuDeviceCanAccessPeer": PFN_cuDeviceCanAccessPeer_v4000 @ 4000;
    ctx_enable_peer_access => c"cuCtxEnablePeerAccess": PFN_cuCtxEnablePeerAccess_v4000 @ 4000;
    memcpy_peer => c"cuMemcpyPeer": PFN_cuMemcpyPeer_v4000 @ 4000;
    memcpy_peer_async => c"cuMemcpyPeerAsync": PFN_cuMemcpyPeerAsync_v4000 @ 4000;
    tex_object_create => c"cuTexObjectCreate": PFN_cuTexObjectCreate_v5000 @ 5000;
    tex_object_destroy => c"cuTexObjectDestroy": PFN_cuTexObjectDestroy_v5000 @ 5000;
    surf_object_create => c"cuSurfObjectCreate": PFN_cuSurfObjectCreate_v5000 @ 5000;
    surf_object_destroy => c"cuSurfObjectDestroy": PFN_cuSurfObjectDestroy_v5000 @ 5000;
    memset_d8 => c"cuMemsetD8": PFN_cuMemsetD8_v3020 @ 3020;
    memset_d32 => c"cuMemsetD32": PFN_cuMemsetD32_v3020 @ 3020;
    stream_create => c"cuStreamCreate": PFN_cuStreamCreate_v2000 @ 2000;
    stream_destroy => c"cuStreamDestroy": PFN_cuStreamDestroy_v4000 @ 4000;
    stream_synchronize => c"cuStreamSynchronize": PFN_cuStreamSynchronize_v2000 @ 2000;
    stream_query => c"cuStreamQuery": PFN_cuStreamQuery_v2000 @ 2000;
    event_create => c"cuEventCreate": PFN_cuEventCreate_v2000 @ 2000;
    event_destroy => c"cuEventDestroy": PFN_cuEventDestroy_v4000 @ 4000;
    event_record => c"cuEventRecord": PFN_cuEventRecord_v2000 @ 2000;
    event_synchronize => c"cuEventSynchronize": PFN_cuEventSynchronize_v2000 @ 2000;
    event_query => c"cuEventQuery": PFN_cuEventQuery_v2000 @ 2000;
    event_elapsed_time => c"cuEventElapsedTime": PFN_cuEventElapsedTime_v2000 @ 2000;
    launch_kernel_ex => c"cuLaunchKernelEx": PFN_cuLaunchKernelEx_v11060 @ 11060;
    library_load_data => c"cuLibraryLoadData": PFN_cuLibraryLoadData_v12000 @ 12000;
    library_load_from_file => c"cuLibraryLoadFromFile": PFN_cuLibraryLoadFromFile_v12000 @ 12000;
    library_unload => c"cuLibraryUnload": PFN_cuLibraryUnload_v12000 @ 12000;
    library_get_kernel => c"cuLibraryGetKernel": PFN_cuLibraryGetKernel_v12000 @ 12000;
    library_get_module => c"cuLibraryGetModule": PFN_cuLibraryGetModule_v12000 @ 12000;
    library_get_global => c"cuLibraryGetGlobal": PFN_cuLibraryGetGlobal_v12000 @ 12000;
    library_get_managed => c"cuLibraryGetManaged": PFN_cuLibraryGetManaged_v12000 @ 12000;
    library_get_unified_function => c"cuLibraryGetUnifiedFunction": PFN_cuLibraryGetUnifiedFunction_v12000 @ 12000;
    library_get_kernel_count => c"cuLibraryGetKernelCount": PFN_cuLibraryGetKernelCount_v12040 @ 12040;
    library_enumerate_kernels => c"cuLibraryEnumerateKernels": PFN_cuLibraryEnumerateKernels_v12040 @ 12040;
    kernel_get_function => c"cuKernelGetFunction": PFN_cuKernelGetFunction_v12000 @ 12000;
    kernel_get_attribute => c"cuKernelGetAttribute": PFN_cuKernelGetAttribute_v12000 @ 12000;
    kernel_set_attribute => c"cuKernelSetAttribute": PFN_cuKernelSetAttribute_v12000 @ 12000;
    kernel_set_cache_config => c"cuKernelSetCacheConfig": PFN_cuKernelSetCacheConfig_v12000 @ 12000;
    kernel_get_name => c"cuKernelGetName": PFN_cuKernelGetName_v12030 @ 12030;
    kernel_get_param_info => c"cuKernelGetParamInfo": PFN_cuKernelGetParamInfo_v12040 @ 12040;
    kernel_get_library => c"cuKernelGetLibrary": PFN_cuKernelGetLibrary_v12050 @ 12050;
    occupancy_max_active_blocks => c"cuOccupancyMaxActiveBlocksPerMultiprocessor": PFN_cuOccupancyMaxActiveBlocksPerMultiprocessor_v6050 @ 6050;
    occupancy_max_potential_block_size => c"cuOccupancyMaxPotentialBlockSize": PFN_cuOccupancyMaxPotentialBlockSize_v6050 @ 6050;
    // Unified memory (`driver::managed`). The prefetch and the advice are asked for at 12020,
    // which gives their `_v2` forms (a `CUmemLocation`, as cuda.bindings 13 resolves them);
    // driver 580 (CUDA 13) exports both names.
    mem_alloc_managed => c"cuMemAllocManaged": PFN_cuMemAllocManaged_v6000 @ 6000;
    mem_prefetch_async => c"cuMemPrefetchAsync": PFN_cuMemPrefetchAsync_v12020 @ 12020;
    mem_advise => c"cuMemAdvise": PFN_cuMemAdvise_v12020 @ 12020;
    stream_attach_mem_async => c"cuStreamAttachMemAsync": PFN_cuStreamAttachMemAsync_v6000 @ 6000;
}

/// The opened driver: where it came from, its version and its entry points.
pub(crate) struct Driver {
    lib: sys::DriverLib,
    /// The path or soname it was opened from.
    pub path: String,
    /// `cuDriverGetVersion`.
    pub version: CudaVersion,
    /// Candidates that failed before this one loaded (shown so a misconfiguration is visible).
    pub skipped: Vec<LoadAttempt>,
    /// Resolved entry points.
    pub api: Api,
}

// SAFETY: the driver API is thread-safe; the struct holds only function pointers and the
// library handle, none of which is mutated after construction.
unsafe impl Send for Driver {}
// SAFETY: as above.
unsafe impl Sync for Driver {}

impl Driver {
    /// Opens and initialises the driver from the standard candidates.
    fn open() -> Result<Driver> {
        let candidates = loader::driver_candidates();
        let (lib, path, skipped) =
            loader::open_first(&candidates).map_err(|tried| Error::DriverNotFound { tried })?;
        Driver::from_library(lib, path, skipped)
    }

    fn from_library(
        lib: libloading::Library,
        path: String,
        skipped: Vec<LoadAttempt>,
    ) -> Result<Driver> {
        let unusable = |reason: String| Error::DriverUnusable {
            path: path.clone(),
            reason,
        };
        // SAFETY: bindgen's loader looks up each symbol; missing ones become Err entries.
        let lib = unsafe { sys::DriverLib::from_library(lib) }
            .map_err(|e| unusable(format!("symbol table could not be read: {e}")))?;
        let get_version = *lib
            .cuDriverGetVersion
            .as_ref()
            .map_err(|e| unusable(format!("cuDriverGetVersion is missing ({e})")))?;
        let init = *lib
            .cuInit
            .as_ref()
            .map_err(|e| unusable(format!("cuInit is missing ({e})")))?;
        let mut v = 0i32;
        // SAFETY: writes one int.
        let rc = unsafe { get_version(&mut v) };
        if rc != sys::CUresult::CUDA_SUCCESS {
            return Err(unusable(format!("cuDriverGetVersion returned {}", rc.0)));
        }
        let version = CudaVersion(v);
        if version < MIN_VERSION {
            return Err(Error::DriverTooOld {
                found: version,
                needed: MIN_VERSION,
            });
        }
        let get_proc = *lib.cuGetProcAddress_v2.as_ref().map_err(|e| {
            unusable(format!(
                "cuGetProcAddress_v2 is missing ({e}); CUDA {version} drivers should have it"
            ))
        })?;
        // SAFETY: cuInit(0) is the documented first call.
        let rc = unsafe { init(0) };
        let api = Api::resolve(get_proc, version);
        let driver = Driver {
            lib,
            path,
            version,
            skipped,
            api,
        };
        if rc == sys::CUresult::CUDA_ERROR_NO_DEVICE {
            return Err(Error::NoDevice);
        }
        driver.check(rc, "cuInit")?;
        Ok(driver)
    }

    /// The address of entry point `name` at ABI `version`, or null: for entry points
    /// outside [`Api`], resolved when first needed (the linker's `cuLink*`, `culink.rs`).
    pub fn proc_address(&self, name: &'static CStr, version: i32) -> *mut c_void {
        match &self.lib.cuGetProcAddress_v2 {
            Ok(get) => lookup(*get, name, version),
            Err(_) => std::ptr::null_mut(),
        }
    }

    /// Turns a `CUresult` into `Ok(())` or the error for the [`CudaError`] with the driver's
    /// name and text (a capture rule's code is [`Error::StreamCapture`], as on the
    /// simulator: `From<CudaError>`).
    #[inline(always)]
    pub fn check(&self, rc: sys::CUresult, function: &'static str) -> Result<()> {
        if rc == sys::CUresult::CUDA_SUCCESS {
            Ok(())
        } else {
            Err(self.error(rc, function).into())
        }
    }

    /// Describes a non-success `CUresult`.
    #[cold]
    pub fn error(&self, rc: sys::CUresult, function: &'static str) -> CudaError {
        let text = |f: &Result<
            unsafe extern "C" fn(sys::CUresult, *mut *const c_char) -> sys::CUresult,
            libloading::Error,
        >| {
            let mut p: *const c_char = std::ptr::null();
            match f {
                // SAFETY: the driver writes a pointer to a static string, or returns an error.
                Ok(f)
                    if unsafe { f(rc, &mut p) } == sys::CUresult::CUDA_SUCCESS && !p.is_null() =>
                {
                    // SAFETY: a NUL-terminated static string owned by the driver.
                    Some(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
                }
                _ => None,
            }
        };
        CudaError {
            function,
            code: rc.0,
            name: text(&self.lib.cuGetErrorName).unwrap_or_else(|| format!("CUresult {}", rc.0)),
            description: text(&self.lib.cuGetErrorString)
                .unwrap_or_else(|| "unknown error".to_string()),
        }
    }
}

static DRIVER: OnceLock<std::result::Result<Driver, SavedError>> = OnceLock::new();

/// A load failure, kept so that every later call reports it again.
#[derive(Clone)]
enum SavedError {
    NotFound(Vec<LoadAttempt>),
    Unusable(String, String),
    TooOld(CudaVersion, CudaVersion),
    NoDevice,
    Cuda(CudaError),
    Other(String),
}

impl SavedError {
    fn save(e: &Error) -> SavedError {
        match e {
            Error::DriverNotFound { tried } => SavedError::NotFound(tried.clone()),
            Error::DriverUnusable { path, reason } => {
                SavedError::Unusable(path.clone(), reason.clone())
            }
            Error::DriverTooOld { found, needed } => SavedError::TooOld(*found, *needed),
            Error::NoDevice => SavedError::NoDevice,
            Error::Cuda(c) => SavedError::Cuda(c.clone()),
            other => SavedError::Other(other.to_string()),
        }
    }

    fn restore(&self) -> Error {
        match self.clone() {
            SavedError::NotFound(tried) => Error::DriverNotFound { tried },
            SavedError::Unusable(path, reason) => Error::DriverUnusable { path, reason },
            SavedError::TooOld(found, needed) => Error::DriverTooOld { found, needed },
            SavedError::NoDevice => Error::NoDevice,
            SavedError::Cuda(c) => Error::Cuda(c),
            SavedError::Other(s) => Error::DriverUnusable {
                path: String::new(),
                reason: s,
            },
        }
    }
}

/// The process-wide driver, opened on first use. A failure is remembered and returned again.
#[inline]
pub(crate) fn driver() -> Result<&'static Driver> {
    match DRIVER.get_or_init(|| Driver::open().map_err(|e| SavedError::save(&e))) {
        Ok(d) => Ok(d),
        Err(e) => Err(e.restore()),
    }
}

/// Calls a resolved entry point and checks its `CUresult`. Must be used inside `unsafe`.
///
/// `cu!(drv, field(args...))` evaluates to `Result<()>`.
macro_rules! cu {
    ($drv:expr, $field:ident ( $($arg:expr),* $(,)? )) => {{
        let drv: &$crate::driver::Driver = $drv;
        match drv.api.$field.get() {
            Ok(f) => drv.check(f($($arg),*), drv.api.$field.name),
            Err(e) => Err(e),
        }
    }};
}
pub(crate) use cu;
