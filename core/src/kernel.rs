//! [`Kernel`]: a `__global__` function of a [`Library`](crate::Library).

use std::ffi::{c_char, c_void};
use std::ptr;
use std::sync::OnceLock;

use serde::Serialize;

use crate::context::current_or_default;
use crate::device::Device;
use crate::driver::cu;
use crate::error::{CudaError, Result};
use crate::library::{driver_string, LibRef};
use crate::names::demangle;
use crate::sys::driver as sys;

/// One kernel parameter as the driver lays it out (`cuKernelGetParamInfo`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ParamInfo {
    /// Zero-based position.
    pub index: usize,
    /// Byte offset in the parameter buffer.
    pub offset: usize,
    /// Size in bytes.
    pub size: usize,
}

/// Every `CU_FUNC_ATTRIBUTE_*` of a kernel on one device.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KernelAttributes {
    /// Most threads per block this kernel can be launched with.
    pub max_threads_per_block: i32,
    /// Static shared memory in bytes.
    pub shared_size_bytes: i32,
    /// User constant memory in bytes.
    pub const_size_bytes: i32,
    /// Local memory per thread in bytes.
    pub local_size_bytes: i32,
    /// Registers per thread.
    pub num_regs: i32,
    /// PTX virtual architecture it was compiled for (`10 * major + minor`).
    pub ptx_version: i32,
    /// SASS architecture of the binary (`10 * major + minor`).
    pub binary_version: i32,
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

/// The kernel attributes that can be changed with [`Kernel::set_attribute`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
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

impl KernelAttribute {
    fn raw(self) -> sys::CUfunction_attribute {
        use sys::CUfunction_attribute as A;
        match self {
            KernelAttribute::MaxDynamicSharedSizeBytes => {
                A::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
            }
            KernelAttribute::PreferredSharedMemoryCarveout => {
                A::CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT
            }
            KernelAttribute::RequiredClusterWidth => A::CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH,
            KernelAttribute::RequiredClusterHeight => A::CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT,
            KernelAttribute::RequiredClusterDepth => A::CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH,
            KernelAttribute::NonPortableClusterSizeAllowed => {
                A::CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED
            }
            KernelAttribute::ClusterSchedulingPolicyPreference => {
                A::CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE
            }
        }
    }
}

/// Preferred split between L1 cache and shared memory (`CUfunc_cache`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
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

/// A kernel's table row: names, parameters and attributes on one device, as plain data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KernelInfo {
    /// The symbol name.
    pub name: String,
    /// The demangled C++ name (equal to `name` for `extern "C"` kernels).
    pub demangled: String,
    /// Parameters in order.
    pub params: Vec<ParamInfo>,
    /// Attributes on the device the info was taken for.
    pub attributes: KernelAttributes,
}

/// A kernel of a loaded [`Library`](crate::Library) (`CUkernel`). It keeps a handle to its
/// library; after the library is unloaded every method returns [`Error::Unloaded`](crate::Error::Unloaded).
pub struct Kernel {
    pub(crate) lib: LibRef,
    pub(crate) raw: sys::CUkernel,
    params: OnceLock<Vec<ParamInfo>>,
}

// SAFETY: CUkernel handles are context-independent and thread-safe; the parameter cache is
// a OnceLock.
unsafe impl Send for Kernel {}
// SAFETY: as above.
unsafe impl Sync for Kernel {}

impl Clone for Kernel {
    fn clone(&self) -> Self {
        Kernel {
            lib: self.lib,
            raw: self.raw,
            params: self.params.clone(),
        }
    }
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Kernel");
        match self.name() {
            Ok(n) => d.field("name", &n),
            Err(_) => d.field("raw", &self.raw),
        };
        d.finish()
    }
}

impl Kernel {
    #[inline]
    pub(crate) fn new(lib: LibRef, raw: sys::CUkernel) -> Kernel {
        Kernel {
            lib,
            raw,
            params: OnceLock::new(),
        }
    }

    #[inline]
    fn what(&self) -> String {
        "a kernel".to_string()
    }

    /// The symbol name (`cuKernelGetName`, CUDA 12.3+).
    pub fn name(&self) -> Result<String> {
        let _g = self.lib.live(|| self.what())?;
        let mut p: *const c_char = ptr::null();
        // SAFETY: the library is held loaded by `_g`.
        unsafe { cu!(self.lib.drv, kernel_get_name(&mut p, self.raw)) }?;
        Ok(driver_string(p))
    }

    /// The demangled C++ name, e.g. `void scale<float>(float*, float, int)`.
    pub fn demangled_name(&self) -> Result<String> {
        Ok(demangle(&self.name()?))
    }

    /// The parameters' offsets and sizes (`cuKernelGetParamInfo`, CUDA 12.4+). Cached after
    /// the first call; launches check arguments against it.
    pub fn param_info(&self) -> Result<Vec<ParamInfo>> {
        Ok(self.params()?.to_vec())
    }

    pub(crate) fn params(&self) -> Result<&[ParamInfo]> {
        if let Some(p) = self.params.get() {
            return Ok(p);
        }
        let _g = self.lib.live(|| self.what())?;
        let drv = self.lib.drv;
        let mut out = Vec::new();
        loop {
            let (mut offset, mut size) = (0usize, 0usize);
            // SAFETY: the library is held loaded; writes two size_t.
            let rc = unsafe {
                cu!(
                    drv,
                    kernel_get_param_info(self.raw, out.len(), &mut offset, &mut size)
                )
            };
            match rc {
                Ok(()) => out.push(ParamInfo {
                    index: out.len(),
                    offset,
                    size,
                }),
                // The driver answers INVALID_VALUE for the first index past the last parameter.
                Err(e) if e.cuda_code() == Some(CudaError::INVALID_VALUE) => break,
                Err(e) => return Err(e),
            }
            if out.len() > 4096 {
                break;
            }
        }
        Ok(self.params.get_or_init(|| out))
    }

    /// One attribute on `device`.
    pub fn attribute(&self, attr: sys::CUfunction_attribute, device: &Device) -> Result<i32> {
        let _g = self.lib.live(|| self.what())?;
        let mut v = 0i32;
        // SAFETY: the library is held loaded; writes one int.
        unsafe {
            cu!(
                self.lib.drv,
                kernel_get_attribute(&mut v, attr, self.raw, device.raw)
            )
        }?;
        Ok(v)
    }

    /// Every `CU_FUNC_ATTRIBUTE_*` on `device`.
    pub fn attributes(&self, device: &Device) -> Result<KernelAttributes> {
        use sys::CUfunction_attribute as A;
        let a = |x| self.attribute(x, device);
        Ok(KernelAttributes {
            max_threads_per_block: a(A::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?,
            shared_size_bytes: a(A::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)?,
            const_size_bytes: a(A::CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES)?,
            local_size_bytes: a(A::CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)?,
            num_regs: a(A::CU_FUNC_ATTRIBUTE_NUM_REGS)?,
            ptx_version: a(A::CU_FUNC_ATTRIBUTE_PTX_VERSION)?,
            binary_version: a(A::CU_FUNC_ATTRIBUTE_BINARY_VERSION)?,
            cache_mode_ca: a(A::CU_FUNC_ATTRIBUTE_CACHE_MODE_CA)? != 0,
            max_dynamic_shared_size_bytes: a(A::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)?,
            preferred_shared_memory_carveout: a(
                A::CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
            )?,
            cluster_size_must_be_set: a(A::CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET)? != 0,
            required_cluster_dim: [
                a(A::CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH)?,
                a(A::CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT)?,
                a(A::CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH)?,
            ],
            non_portable_cluster_size_allowed: a(
                A::CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED,
            )? != 0,
            cluster_scheduling_policy_preference: a(
                A::CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE,
            )?,
        })
    }

    /// Names, parameters and attributes on `device` in one plain-data row.
    pub fn info(&self, device: &Device) -> Result<KernelInfo> {
        let name = self.name()?;
        Ok(KernelInfo {
            demangled: demangle(&name),
            name,
            params: self.param_info()?,
            attributes: self.attributes(device)?,
        })
    }

    /// Sets a settable attribute on `device` (`cuKernelSetAttribute`).
    pub fn set_attribute(&self, attr: KernelAttribute, value: i32, device: &Device) -> Result<()> {
        let _g = self.lib.live(|| self.what())?;
        // SAFETY: the library is held loaded.
        unsafe {
            cu!(
                self.lib.drv,
                kernel_set_attribute(attr.raw(), value, self.raw, device.raw)
            )
        }
    }

    /// Sets the preferred cache configuration on `device` (`cuKernelSetCacheConfig`).
    pub fn set_cache_config(&self, pref: CachePreference, device: &Device) -> Result<()> {
        let _g = self.lib.live(|| self.what())?;
        use sys::CUfunc_cache as C;
        let c = match pref {
            CachePreference::None => C::CU_FUNC_CACHE_PREFER_NONE,
            CachePreference::Shared => C::CU_FUNC_CACHE_PREFER_SHARED,
            CachePreference::L1 => C::CU_FUNC_CACHE_PREFER_L1,
            CachePreference::Equal => C::CU_FUNC_CACHE_PREFER_EQUAL,
        };
        // SAFETY: the library is held loaded.
        unsafe {
            cu!(
                self.lib.drv,
                kernel_set_cache_config(self.raw, c, device.raw)
            )
        }
    }

    fn function_locked(&self) -> Result<sys::CUfunction> {
        current_or_default()?;
        let mut f: sys::CUfunction = ptr::null_mut();
        // SAFETY: the caller holds the library loaded; a context is current.
        unsafe { cu!(self.lib.drv, kernel_get_function(&mut f, self.raw)) }?;
        Ok(f)
    }

    /// The `CUfunction` of this kernel in the current context (device 0's primary context if
    /// none is current), for interop. It is valid while the library stays loaded.
    pub fn function(&self) -> Result<*mut c_void> {
        let _g = self.lib.live(|| self.what())?;
        Ok(self.function_locked()?.cast())
    }

    /// How many blocks of `block_size` threads using `dynamic_smem` bytes of dynamic shared
    /// memory fit on one multiprocessor of the current context's device.
    pub fn max_active_blocks_per_sm(&self, block_size: u32, dynamic_smem: usize) -> Result<u32> {
        let _g = self.lib.live(|| self.what())?;
        let f = self.function_locked()?;
        let mut n = 0i32;
        // SAFETY: `f` is valid while the library is held loaded.
        unsafe {
            cu!(
                self.lib.drv,
                occupancy_max_active_blocks(&mut n, f, block_size as i32, dynamic_smem)
            )
        }?;
        Ok(n.max(0) as u32)
    }

    /// The block size that maximises occupancy and the smallest grid that reaches it:
    /// `(min_grid_size, block_size)` (`cuOccupancyMaxPotentialBlockSize`). `block_size_limit`
    /// 0 means no limit.
    pub fn max_potential_block_size(
        &self,
        dynamic_smem: usize,
        block_size_limit: u32,
    ) -> Result<(u32, u32)> {
        let _g = self.lib.live(|| self.what())?;
        let f = self.function_locked()?;
        let (mut grid, mut block) = (0i32, 0i32);
        // SAFETY: `f` is valid while the library is held loaded; no size callback.
        unsafe {
            cu!(
                self.lib.drv,
                occupancy_max_potential_block_size(
                    &mut grid,
                    &mut block,
                    f,
                    None,
                    dynamic_smem,
                    block_size_limit as i32
                )
            )
        }?;
        Ok((grid.max(0) as u32, block.max(0) as u32))
    }

    /// The raw `CUlibrary` the driver says this kernel belongs to (`cuKernelGetLibrary`,
    /// CUDA 12.5+).
    pub fn library_raw(&self) -> Result<*mut c_void> {
        let _g = self.lib.live(|| self.what())?;
        let mut l: sys::CUlibrary = ptr::null_mut();
        // SAFETY: the library is held loaded.
        unsafe { cu!(self.lib.drv, kernel_get_library(&mut l, self.raw)) }?;
        Ok(l.cast())
    }

    /// The raw `CUkernel`, valid while the library is loaded.
    pub fn as_raw(&self) -> *mut c_void {
        self.raw.cast()
    }

    /// Whether the kernel's library is still loaded.
    pub fn is_loaded(&self) -> bool {
        self.lib.live(String::new).is_ok()
    }
}
