//! [`Kernel`]: a `__global__` function of a [`Library`](crate::Library).

use std::ffi::c_void;
use std::sync::OnceLock;

use crate::backend::seam;
use crate::backend::slot::{LibRef, Live};
use crate::device::Device;
use crate::error::Result;
use crate::info::{CachePreference, KernelAttribute, KernelAttributes, KernelRow, ParamInfo};
use crate::names::demangle;

/// A kernel of a loaded [`Library`](crate::Library) (`CUkernel`). It keeps a handle to its
/// library; after the library is unloaded every method returns [`Error::Unloaded`](crate::Error::Unloaded).
///
/// [Try it in your browser](../playground/index.html#kernels): the playground lesson on the
/// kernel table: names, registers, occupancy, parameters, run on the simulated GPU.
///
/// The [`api`](crate::guide::api) guide explains lifetimes and argument checking.
pub struct Kernel {
    pub(crate) lib: LibRef,
    pub(crate) raw: seam::Kernel,
    /// The parameter layout, once asked for: interned (see [`intern`]), so a kernel handle
    /// owns nothing that needs dropping and taking one stays as cheap as the driver call.
    params: OnceLock<&'static [ParamInfo]>,
}

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
    pub(crate) source: String,
    /// Whether the library is on the simulated backend.
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

/// One shared copy of each distinct parameter layout, kept for the process. Kernels with the
/// same layout share it, so what this keeps is bounded by the number of distinct kernel
/// signatures a process loads (a few dozen bytes each), not by the handles taken.
fn intern(params: Vec<ParamInfo>) -> &'static [ParamInfo] {
    // A sorted list (a set's lookups, and less code for every build to compile than a set).
    static SEEN: std::sync::Mutex<Vec<&'static [ParamInfo]>> = std::sync::Mutex::new(Vec::new());
    let mut seen = SEEN.lock().unwrap_or_else(|p| p.into_inner());
    match seen.binary_search_by(|p| (**p).cmp(params.as_slice())) {
        Ok(i) => seen[i],
        Err(i) => {
            let p: &'static [ParamInfo] = Box::leak(params.into_boxed_slice());
            seen.insert(i, p);
            p
        }
    }
}

impl Kernel {
    #[inline(always)]
    pub(crate) fn new(lib: LibRef, raw: seam::Kernel) -> Kernel {
        Kernel {
            lib,
            raw,
            params: OnceLock::new(),
        }
    }

    /// Holds the library loaded for one call.
    #[inline]
    fn live(&self) -> Result<Live> {
        self.lib.live(|| "a kernel".to_string())
    }

    /// The symbol name (`cuKernelGetName`, CUDA 12.3+).
    pub fn name(&self) -> Result<String> {
        let g = self.live()?;
        self.name_held(&g)
    }

    /// The symbol name, under a hold the caller already has (a call never takes a second
    /// hold of the same library: see `backend::slot::Slot`).
    pub(crate) fn name_held(&self, _g: &Live) -> Result<String> {
        self.raw.name()
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
        let g = self.live()?;
        self.params_held(&g)
    }

    /// The parameters, under a hold the caller already has.
    #[inline]
    pub(crate) fn params_held(&self, _g: &Live) -> Result<&[ParamInfo]> {
        if let Some(p) = self.params.get() {
            return Ok(p);
        }
        let out = intern(self.raw.params()?);
        Ok(self.params.get_or_init(|| out))
    }

    /// Every `CU_FUNC_ATTRIBUTE_*` on `device`.
    pub fn attributes(&self, device: &Device) -> Result<KernelAttributes> {
        let _g = self.live()?;
        self.raw.attributes(&device.imp)
    }

    /// Names, parameters, registers, memory and most threads per block on `device`, in
    /// one plain-data row (every attribute: [`Kernel::attributes`]).
    pub fn info(&self, device: &Device) -> Result<KernelRow> {
        let attributes = self.attributes(device)?;
        Ok(KernelRow::reported(
            self.name()?,
            self.params()?,
            &attributes,
        ))
    }

    /// Sets a settable attribute on `device` (`cuKernelSetAttribute`). The simulator keeps
    /// the values and enforces the dynamic shared memory limit at launch, as the driver does.
    pub fn set_attribute(&self, attr: KernelAttribute, value: i32, device: &Device) -> Result<()> {
        let _g = self.live()?;
        self.raw.set_attribute(attr, value, &device.imp)
    }

    /// Sets the preferred cache configuration on `device` (`cuKernelSetCacheConfig`). A
    /// preference only; the simulator accepts and ignores it.
    pub fn set_cache_config(&self, pref: CachePreference, device: &Device) -> Result<()> {
        let _g = self.live()?;
        self.raw.set_cache_config(pref, &device.imp)
    }

    /// The `CUfunction` of this kernel in the current context (device 0's primary context if
    /// none is current), for interop. It is valid while the library stays loaded. Driver
    /// backend only.
    pub fn function(&self) -> Result<*mut c_void> {
        let _g = self.live()?;
        self.raw.function()
    }

    /// How many blocks of `block_size` threads using `dynamic_smem` bytes of dynamic shared
    /// memory fit on one multiprocessor of the current context's device (on the simulator,
    /// by its documented limits). Times the device's multiprocessors (a green context's own,
    /// on its streams), it is the largest grid of a cooperative launch
    /// ([`LaunchConfig::with_cooperative`](crate::LaunchConfig::with_cooperative)).
    pub fn max_active_blocks_per_sm(&self, block_size: u32, dynamic_smem: usize) -> Result<u32> {
        let _g = self.live()?;
        self.raw.max_active_blocks_per_sm(block_size, dynamic_smem)
    }

    /// The block size that maximises occupancy and the smallest grid that reaches it:
    /// `(min_grid_size, block_size)` (`cuOccupancyMaxPotentialBlockSize`). `block_size_limit`
    /// 0 means no limit.
    pub fn max_potential_block_size(
        &self,
        dynamic_smem: usize,
        block_size_limit: u32,
    ) -> Result<(u32, u32)> {
        let _g = self.live()?;
        self.raw
            .max_potential_block_size(dynamic_smem, block_size_limit)
    }

    /// The raw `CUlibrary` the driver says this kernel belongs to (`cuKernelGetLibrary`,
    /// CUDA 12.5+). Driver backend only.
    pub fn library_raw(&self) -> Result<*mut c_void> {
        let _g = self.live()?;
        self.raw.library_raw()
    }

    /// The raw `CUkernel` (null on the simulator), valid while the library is loaded.
    pub fn as_raw(&self) -> *mut c_void {
        self.raw.as_raw()
    }

    /// Whether the kernel's library is still loaded.
    pub fn is_loaded(&self) -> bool {
        self.lib.is_loaded()
    }
}
