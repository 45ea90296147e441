//! [`Kernel`]: a `__global__` function of a [`Library`](crate::Library).

use std::ffi::c_void;
use std::sync::OnceLock;
#[cfg(not(target_arch = "wasm32"))]
use std::{ffi::c_char, ptr};

#[cfg(not(target_arch = "wasm32"))]
use crate::context::current_or_default;
use crate::device::Device;
#[cfg(not(target_arch = "wasm32"))]
use crate::driver::cu;
#[cfg(not(target_arch = "wasm32"))]
use crate::error::CudaError;
use crate::error::{Error, Result};
#[cfg(not(target_arch = "wasm32"))]
use crate::library::driver_string;
use crate::library::{LibRef, Live};
use crate::names::demangle;
use crate::sim::library::SimLibrary;
#[cfg(not(target_arch = "wasm32"))]
use crate::sys::driver as sys;

/// One kernel parameter as the driver lays it out (`cuKernelGetParamInfo`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ParamInfo {
    /// Zero-based position.
    pub index: usize,
    /// Byte offset in the parameter buffer.
    pub offset: usize,
    /// Size in bytes.
    pub size: usize,
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

/// The kernel attributes that can be changed with [`Kernel::set_attribute`].
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

impl KernelAttribute {
    #[cfg(not(target_arch = "wasm32"))]
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

/// A kernel's table row: names, parameters and attributes on one device, as plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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

/// A kernel's handle in its backend.
#[derive(Clone, Copy)]
pub(crate) enum KernelRaw {
    #[cfg(not(target_arch = "wasm32"))]
    Driver(sys::CUkernel),
    /// Index into the simulated library's kernel table.
    Sim(usize),
}

/// A kernel of a loaded [`Library`](crate::Library) (`CUkernel`). It keeps a handle to its
/// library; after the library is unloaded every method returns [`Error::Unloaded`](crate::Error::Unloaded).
///
/// [Try it in your browser](../playground/index.html#kernels): the playground lesson on the
/// kernel table: names, registers, occupancy, parameters, run on the simulated GPU.
pub struct Kernel {
    pub(crate) lib: LibRef,
    pub(crate) raw: KernelRaw,
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
            Err(_) => d.field("raw", &self.as_raw()),
        };
        d.finish()
    }
}

/// The kernels of a library, as [`Library::kernels`](crate::Library::kernels) gives them:
/// a list that derefs to a slice of [`Kernel`] (index it, iterate it, sort it) and shows
/// as the kernel table in a notebook cell.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
/// let lib = cuda_library::Library::load_file(path, &Default::default())?;
/// let mut kernels = lib.kernels()?;
/// kernels.sort_by_key(|k| k.name().unwrap_or_default());
/// assert_eq!(kernels[0].name()?, "_Z5scaleIdEvPT_S0_i");
/// assert!(kernels.iter().any(|k| k.name().is_ok_and(|n| n == "saxpy")));
/// // In a notebook, `lib.kernels()?` as a cell's last expression shows the table.
/// # #[cfg(feature = "notebook")]
/// assert!(kernels.to_html()?.contains("saxpy"));
/// let all: Vec<cuda_library::Kernel> = kernels.into_vec();
/// assert_eq!(all.len(), 7);
/// # Ok(()) }
/// ```
#[derive(Debug, Clone)]
pub struct Kernels {
    pub(crate) kernels: Vec<Kernel>,
    /// Where the library came from (the table's title).
    #[cfg_attr(not(feature = "notebook"), allow(dead_code))]
    pub(crate) source: String,
    /// Whether the library is on the simulated backend.
    #[cfg_attr(not(feature = "notebook"), allow(dead_code))]
    pub(crate) simulated: bool,
}

impl Kernels {
    /// The kernels as a plain vector.
    pub fn into_vec(self) -> Vec<Kernel> {
        self.kernels
    }
}

impl std::ops::Deref for Kernels {
    type Target = [Kernel];
    fn deref(&self) -> &[Kernel] {
        &self.kernels
    }
}

impl std::ops::DerefMut for Kernels {
    fn deref_mut(&mut self) -> &mut [Kernel] {
        &mut self.kernels
    }
}

impl IntoIterator for Kernels {
    type Item = Kernel;
    type IntoIter = std::vec::IntoIter<Kernel>;
    fn into_iter(self) -> Self::IntoIter {
        self.kernels.into_iter()
    }
}

impl<'a> IntoIterator for &'a Kernels {
    type Item = &'a Kernel;
    type IntoIter = std::slice::Iter<'a, Kernel>;
    fn into_iter(self) -> Self::IntoIter {
        self.kernels.iter()
    }
}

impl From<Kernels> for Vec<Kernel> {
    fn from(k: Kernels) -> Vec<Kernel> {
        k.kernels
    }
}

fn no_sim(what: &str) -> Error {
    Error::Unsupported(format!("{what} is a driver handle; the simulator has none"))
}

impl Kernel {
    #[inline]
    pub(crate) fn new(lib: LibRef, raw: KernelRaw) -> Kernel {
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

    /// Holds the library loaded and gives the simulated library and this kernel's index.
    fn sim<R>(&self, f: impl FnOnce(&SimLibrary, usize) -> Result<R>) -> Result<R> {
        let g = self.lib.live(|| self.what())?;
        self.sim_held(&g, f)
    }

    /// As [`sim`](Kernel::sim), under a hold the caller already has.
    fn sim_held<R>(&self, g: &Live, f: impl FnOnce(&SimLibrary, usize) -> Result<R>) -> Result<R> {
        match self.raw {
            KernelRaw::Sim(i) => f(g.sim()?, i),
            #[cfg(not(target_arch = "wasm32"))]
            KernelRaw::Driver(_) => Err(Error::InvalidArgument(
                "a driver kernel was used as a simulated one".to_string(),
            )),
        }
    }

    /// The symbol name (`cuKernelGetName`, CUDA 12.3+).
    pub fn name(&self) -> Result<String> {
        let g = self.lib.live(|| self.what())?;
        self.name_held(&g)
    }

    /// The symbol name, under a hold the caller already has (a call never takes a second
    /// hold of the same library: see `library::Slot`).
    pub(crate) fn name_held(&self, g: &Live) -> Result<String> {
        match self.raw {
            #[cfg(not(target_arch = "wasm32"))]
            KernelRaw::Driver(raw) => {
                let mut p: *const c_char = ptr::null();
                // SAFETY: the library is held loaded by `g`.
                unsafe { cu!(self.driver()?, kernel_get_name(&mut p, raw)) }?;
                Ok(driver_string(p))
            }
            KernelRaw::Sim(_) => self.sim_held(g, |l, i| Ok(l.table.kernels[i].name.clone())),
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn driver(&self) -> Result<&'static crate::driver::Driver> {
        match self.lib.imp {
            crate::library::LibImp::Driver { drv, .. } => Ok(drv),
            crate::library::LibImp::Sim => Err(Error::InvalidArgument(
                "a simulated kernel was used as a driver one".to_string(),
            )),
        }
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
        let g = self.lib.live(|| self.what())?;
        self.params_held(&g)
    }

    /// The parameters, under a hold the caller already has.
    #[inline]
    pub(crate) fn params_held(&self, g: &Live) -> Result<&[ParamInfo]> {
        if let Some(p) = self.params.get() {
            return Ok(p);
        }
        let out = match self.raw {
            #[cfg(not(target_arch = "wasm32"))]
            KernelRaw::Driver(raw) => self.driver_params(raw)?,
            KernelRaw::Sim(_) => self.sim_held(g, |l, i| {
                Ok(l.table.kernels[i]
                    .params
                    .iter()
                    .enumerate()
                    .map(|(index, p)| ParamInfo {
                        index,
                        offset: p.offset as usize,
                        size: p.size as usize,
                    })
                    .collect())
            })?,
        };
        Ok(self.params.get_or_init(|| out))
    }

    /// `cuKernelGetParamInfo` for every parameter; the caller holds the library.
    #[cfg(not(target_arch = "wasm32"))]
    fn driver_params(&self, raw: sys::CUkernel) -> Result<Vec<ParamInfo>> {
        let drv = self.driver()?;
        let mut out = Vec::new();
        loop {
            let (mut offset, mut size) = (0usize, 0usize);
            // SAFETY: the caller holds the library loaded; writes two size_t.
            let rc = unsafe {
                cu!(
                    drv,
                    kernel_get_param_info(raw, out.len(), &mut offset, &mut size)
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
        Ok(out)
    }

    /// One attribute on `device` (driver backend; on the simulator use
    /// [`attributes`](Kernel::attributes)).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn attribute(&self, attr: sys::CUfunction_attribute, device: &Device) -> Result<i32> {
        let KernelRaw::Driver(raw) = self.raw else {
            return Err(Error::Unsupported(format!(
                "the simulator has no raw attribute {attr:?}; use Kernel::attributes()"
            )));
        };
        let _g = self.lib.live(|| self.what())?;
        let mut v = 0i32;
        // SAFETY: the library is held loaded; writes one int.
        unsafe {
            cu!(
                self.driver()?,
                kernel_get_attribute(&mut v, attr, raw, device.raw)
            )
        }?;
        Ok(v)
    }

    /// Every `CU_FUNC_ATTRIBUTE_*` on `device`.
    pub fn attributes(&self, device: &Device) -> Result<KernelAttributes> {
        #[cfg(not(target_arch = "wasm32"))]
        if let KernelRaw::Driver(_) = self.raw {
            return self.driver_attributes(device);
        }
        let _ = device;
        self.sim(|l, i| {
            let k = &l.table.kernels[i];
            let s = l.settings(i);
            let arch = |a: &str| -> Option<i32> {
                a.trim_start_matches("sm_")
                    .trim_start_matches("compute_")
                    .trim_end_matches(['a', 'f'])
                    .parse()
                    .ok()
            };
            let is_ptx = l.table.source_kind == crate::ImageKind::Ptx;
            Ok(KernelAttributes {
                max_threads_per_block: k.max_threads.unwrap_or(1024) as i32,
                shared_size_bytes: k.shared_bytes.unwrap_or(0) as i32,
                const_size_bytes: k.const_bytes.unwrap_or(0) as i32,
                local_size_bytes: k.local_bytes.map(|v| v as i32),
                num_regs: k.num_regs.map(|v| v as i32),
                ptx_version: if is_ptx { arch(&l.table.arch) } else { None },
                binary_version: if is_ptx { None } else { arch(&l.table.arch) },
                cache_mode_ca: false,
                max_dynamic_shared_size_bytes: s.max_dynamic_shared,
                preferred_shared_memory_carveout: s.carveout,
                cluster_size_must_be_set: false,
                required_cluster_dim: s.cluster_dim,
                non_portable_cluster_size_allowed: s.non_portable_cluster,
                cluster_scheduling_policy_preference: s.cluster_policy,
            })
        })
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn driver_attributes(&self, device: &Device) -> Result<KernelAttributes> {
        use sys::CUfunction_attribute as A;
        let a = |x| self.attribute(x, device);
        Ok(KernelAttributes {
            max_threads_per_block: a(A::CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?,
            shared_size_bytes: a(A::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)?,
            const_size_bytes: a(A::CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES)?,
            local_size_bytes: Some(a(A::CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES)?),
            num_regs: Some(a(A::CU_FUNC_ATTRIBUTE_NUM_REGS)?),
            ptx_version: Some(a(A::CU_FUNC_ATTRIBUTE_PTX_VERSION)?),
            binary_version: Some(a(A::CU_FUNC_ATTRIBUTE_BINARY_VERSION)?),
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

    /// Sets a settable attribute on `device` (`cuKernelSetAttribute`). The simulator keeps
    /// the values and enforces the dynamic shared memory limit at launch, as the driver does.
    pub fn set_attribute(&self, attr: KernelAttribute, value: i32, device: &Device) -> Result<()> {
        #[cfg(not(target_arch = "wasm32"))]
        if let KernelRaw::Driver(raw) = self.raw {
            let _g = self.lib.live(|| self.what())?;
            // SAFETY: the library is held loaded.
            return unsafe {
                cu!(
                    self.driver()?,
                    kernel_set_attribute(attr.raw(), value, raw, device.raw)
                )
            };
        }
        let _ = device;
        self.sim(|l, i| {
            let static_shared = l.table.kernels[i].shared_bytes.unwrap_or(0) as i32;
            let mut all = l.settings.lock().unwrap_or_else(|p| p.into_inner());
            let s = all
                .get_mut(i)
                .ok_or_else(|| Error::InvalidArgument("a kernel index out of range".into()))?;
            let limit = crate::sim::MAX_SHARED_PER_BLOCK as i32 - static_shared;
            match attr {
                KernelAttribute::MaxDynamicSharedSizeBytes => {
                    if !(0..=limit).contains(&value) {
                        return Err(Error::InvalidArgument(format!(
                            "MaxDynamicSharedSizeBytes {value} is outside 0..={limit} on the \
                             simulated device (CUDA_ERROR_INVALID_VALUE on the driver)"
                        )));
                    }
                    s.max_dynamic_shared = value;
                }
                KernelAttribute::PreferredSharedMemoryCarveout => s.carveout = value,
                KernelAttribute::RequiredClusterWidth => s.cluster_dim[0] = value,
                KernelAttribute::RequiredClusterHeight => s.cluster_dim[1] = value,
                KernelAttribute::RequiredClusterDepth => s.cluster_dim[2] = value,
                KernelAttribute::NonPortableClusterSizeAllowed => {
                    s.non_portable_cluster = value != 0
                }
                KernelAttribute::ClusterSchedulingPolicyPreference => s.cluster_policy = value,
            }
            Ok(())
        })
    }

    /// Sets the preferred cache configuration on `device` (`cuKernelSetCacheConfig`). A
    /// preference only; the simulator accepts and ignores it.
    pub fn set_cache_config(&self, pref: CachePreference, device: &Device) -> Result<()> {
        #[cfg(not(target_arch = "wasm32"))]
        if let KernelRaw::Driver(raw) = self.raw {
            let _g = self.lib.live(|| self.what())?;
            use sys::CUfunc_cache as C;
            let c = match pref {
                CachePreference::None => C::CU_FUNC_CACHE_PREFER_NONE,
                CachePreference::Shared => C::CU_FUNC_CACHE_PREFER_SHARED,
                CachePreference::L1 => C::CU_FUNC_CACHE_PREFER_L1,
                CachePreference::Equal => C::CU_FUNC_CACHE_PREFER_EQUAL,
            };
            // SAFETY: the library is held loaded.
            return unsafe { cu!(self.driver()?, kernel_set_cache_config(raw, c, device.raw)) };
        }
        let _ = (pref, device);
        self.sim(|_, _| Ok(()))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn function_locked(&self) -> Result<sys::CUfunction> {
        let KernelRaw::Driver(raw) = self.raw else {
            return Err(no_sim("a CUfunction"));
        };
        current_or_default()?;
        let mut f: sys::CUfunction = ptr::null_mut();
        // SAFETY: the caller holds the library loaded; a context is current.
        unsafe { cu!(self.driver()?, kernel_get_function(&mut f, raw)) }?;
        Ok(f)
    }

    /// The `CUfunction` of this kernel in the current context (device 0's primary context if
    /// none is current), for interop. It is valid while the library stays loaded. Driver
    /// backend only.
    pub fn function(&self) -> Result<*mut c_void> {
        let _g = self.lib.live(|| self.what())?;
        #[cfg(not(target_arch = "wasm32"))]
        {
            Ok(self.function_locked()?.cast())
        }
        #[cfg(target_arch = "wasm32")]
        Err(no_sim("a CUfunction"))
    }

    /// Resident blocks per multiprocessor on the simulated device: limited by threads
    /// (2048), blocks (32), shared memory (228 KiB) and, when known, registers (64 Ki).
    fn sim_occupancy(&self, block_size: u32, dynamic_smem: usize) -> Result<u32> {
        self.sim(|l, i| {
            let k = &l.table.kernels[i];
            let max_threads = k.max_threads.unwrap_or(1024);
            if block_size == 0 || block_size > max_threads {
                return Ok(0);
            }
            let warps = block_size.div_ceil(32);
            let mut blocks = (64 / warps).min(32);
            let shared = k.shared_bytes.unwrap_or(0) as usize + dynamic_smem;
            if shared > 0 {
                blocks = blocks.min((233_472 / (shared + 1024)) as u32);
            }
            if let Some(regs) = k.num_regs {
                let per_warp = (regs.max(1) * 32).div_ceil(256) * 256;
                blocks = blocks.min(65_536 / (per_warp * warps).max(1));
            }
            Ok(blocks)
        })
    }

    /// How many blocks of `block_size` threads using `dynamic_smem` bytes of dynamic shared
    /// memory fit on one multiprocessor of the current context's device (on the simulator,
    /// by its documented limits).
    pub fn max_active_blocks_per_sm(&self, block_size: u32, dynamic_smem: usize) -> Result<u32> {
        #[cfg(not(target_arch = "wasm32"))]
        if let KernelRaw::Driver(_) = self.raw {
            let _g = self.lib.live(|| self.what())?;
            let f = self.function_locked()?;
            let mut n = 0i32;
            // SAFETY: `f` is valid while the library is held loaded.
            unsafe {
                cu!(
                    self.driver()?,
                    occupancy_max_active_blocks(&mut n, f, block_size as i32, dynamic_smem)
                )
            }?;
            return Ok(n.max(0) as u32);
        }
        self.sim_occupancy(block_size, dynamic_smem)
    }

    /// The block size that maximises occupancy and the smallest grid that reaches it:
    /// `(min_grid_size, block_size)` (`cuOccupancyMaxPotentialBlockSize`). `block_size_limit`
    /// 0 means no limit.
    pub fn max_potential_block_size(
        &self,
        dynamic_smem: usize,
        block_size_limit: u32,
    ) -> Result<(u32, u32)> {
        #[cfg(not(target_arch = "wasm32"))]
        if let KernelRaw::Driver(_) = self.raw {
            let _g = self.lib.live(|| self.what())?;
            let f = self.function_locked()?;
            let (mut grid, mut block) = (0i32, 0i32);
            // SAFETY: `f` is valid while the library is held loaded; no size callback.
            unsafe {
                cu!(
                    self.driver()?,
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
            return Ok((grid.max(0) as u32, block.max(0) as u32));
        }
        let limit = if block_size_limit == 0 {
            1024
        } else {
            block_size_limit.min(1024)
        };
        let (mut best, mut best_threads) = (0u32, 0u32);
        for block in (32..=limit).step_by(32) {
            let threads = self.sim_occupancy(block, dynamic_smem)? * block;
            if threads > best_threads || (threads == best_threads && block > best) {
                (best, best_threads) = (block, threads);
            }
        }
        let per_sm = best_threads.checked_div(best).unwrap_or(0);
        Ok((per_sm * crate::sim::device::SM_COUNT, best))
    }

    /// The raw `CUlibrary` the driver says this kernel belongs to (`cuKernelGetLibrary`,
    /// CUDA 12.5+). Driver backend only.
    pub fn library_raw(&self) -> Result<*mut c_void> {
        let _g = self.lib.live(|| self.what())?;
        match self.raw {
            #[cfg(not(target_arch = "wasm32"))]
            KernelRaw::Driver(raw) => {
                let mut l: sys::CUlibrary = ptr::null_mut();
                // SAFETY: the library is held loaded.
                unsafe { cu!(self.driver()?, kernel_get_library(&mut l, raw)) }?;
                Ok(l.cast())
            }
            KernelRaw::Sim(_) => Err(no_sim("a CUlibrary")),
        }
    }

    /// The raw `CUkernel` (null on the simulator), valid while the library is loaded.
    pub fn as_raw(&self) -> *mut c_void {
        match self.raw {
            #[cfg(not(target_arch = "wasm32"))]
            KernelRaw::Driver(raw) => raw.cast(),
            KernelRaw::Sim(_) => std::ptr::null_mut(),
        }
    }

    /// Whether the kernel's library is still loaded.
    pub fn is_loaded(&self) -> bool {
        self.lib.is_loaded()
    }
}
