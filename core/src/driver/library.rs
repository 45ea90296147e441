//! Libraries and their kernels on the driver: `cuLibrary*` and `cuKernel*`, and
//! `cuLaunchKernelEx`.

use std::ffi::{c_char, c_void, CStr};
use std::mem::MaybeUninit;
use std::path::Path;
use std::ptr;

use super::{cu, driver, Context, Device, Driver, DriverBackend, Stream};
use crate::backend::interface::{
    self, ArgBytes, CheckedArgs, ContextInterface, KernelInterface, LibraryInterface,
};
use crate::error::{CudaError, Error, LoadFailure, Result};
use crate::image::{ImageKind, Prepared};
use crate::info::{CachePreference, Geometry, KernelAttribute, KernelAttributes, ParamInfo};
use crate::options::LibraryOptions;
use crate::sys::driver as sys;

/// A loaded `CUlibrary`. Copied into every handle taken from it; unloaded only through
/// [`unload`](Library::unload), which the library slot calls exactly once.
#[derive(Clone, Copy)]
pub(crate) struct Library {
    pub raw: sys::CUlibrary,
    drv: &'static Driver,
}

/// `CU_STREAM_PER_THREAD`: the largest of the special stream handles (0 null, 1
/// `CU_STREAM_LEGACY`, 2 per-thread), which run in the calling thread's current context.
const CU_STREAM_PER_THREAD: usize = 2;

/// A `CUkernel` of a loaded library.
#[derive(Clone, Copy)]
pub(crate) struct Kernel {
    pub raw: sys::CUkernel,
    drv: &'static Driver,
}

// SAFETY: CUlibrary and CUkernel handles are context-independent and usable from any
// thread; neither is mutated after the load.
unsafe impl Send for Library {}
// SAFETY: as above.
unsafe impl Sync for Library {}
// SAFETY: as above.
unsafe impl Send for Kernel {}
// SAFETY: as above.
unsafe impl Sync for Kernel {}

/// What a driver load returns: the library, its JIT info log, and the image bytes the
/// driver may read until unload (kept when `binary_is_preserved`).
type Loaded = interface::Loaded<Library>;

/// Converts `name` to a NUL-terminated string for the driver without allocating when short.
/// (Writing the copy as 16-byte words instead, so the driver's wide reads of it need not wait
/// for byte stores, was measured on an H100 host and was no faster.)
#[inline(always)]
fn with_cstr<R>(name: &str, f: impl FnOnce(&CStr) -> Result<R>) -> Result<R> {
    const INLINE: usize = 128;
    let bytes = name.as_bytes();
    if bytes.len() < INLINE {
        // One pass copies the name and checks it for NUL bytes (short names: no calls into
        // memchr or memcpy on the lookup path).
        let mut buf = [MaybeUninit::<u8>::uninit(); INLINE];
        for (slot, &b) in buf.iter_mut().zip(bytes) {
            if b == 0 {
                return Err(Error::InvalidName(name.to_string()));
            }
            slot.write(b);
        }
        buf[bytes.len()].write(0);
        // SAFETY: the first `len + 1` bytes are initialised: the name, free of NUL bytes,
        // then its terminator.
        let c = unsafe {
            CStr::from_bytes_with_nul_unchecked(std::slice::from_raw_parts(
                buf.as_ptr().cast::<u8>(),
                bytes.len() + 1,
            ))
        };
        f(c)
    } else {
        let c = std::ffi::CString::new(name).map_err(|_| Error::InvalidName(name.to_string()))?;
        f(&c)
    }
}

/// Reads a driver-owned C string.
fn driver_string(p: *const c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: the driver returns NUL-terminated strings it owns for the object's lifetime.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

/// The driver's NOT_FOUND as `None`, other errors as they are.
#[inline(always)]
fn found<T>(r: Result<T>) -> Result<Option<T>> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.cuda_code() == Some(CudaError::NOT_FOUND) => Ok(None),
        Err(e) => Err(e),
    }
}

impl Library {
    /// Wraps a `CUlibrary` loaded elsewhere.
    ///
    /// # Safety
    /// `raw` is a loaded library that stays loaded until this crate unloads it (it is later
    /// passed to `cuLibraryGetKernel`, `cuLibraryUnload` and the rest).
    pub unsafe fn from_raw(raw: *mut c_void) -> Result<Library> {
        Ok(Library {
            raw: raw.cast(),
            drv: driver()?,
        })
    }
}

impl LibraryInterface<DriverBackend> for Library {
    /// `cuLibraryLoadData` of a checked image; `describe` names it in a load failure.
    fn load_data(image: &Prepared<'_>, options: &LibraryOptions, describe: &str) -> Result<Loaded> {
        let (kind, bytes) = (image.kind, &*image.bytes);
        let jit = kind != ImageKind::Cubin;
        // With BINARY_IS_PRESERVED the driver may read the bytes until unload: keep a copy.
        let kept: Option<Box<[u8]>> = options
            .binary_is_preserved
            .then(|| bytes.to_vec().into_boxed_slice());
        let code: *const c_void = match &kept {
            Some(b) => b.as_ptr().cast(),
            None => bytes.as_ptr().cast(),
        };
        load(jit, options, describe, kept, |drv, raw, o| {
            // SAFETY: `code` is a checked image that lives across the call (and beyond it
            // when preserved); `o` are the option arrays of a live `EncodedOptions`.
            unsafe {
                cu!(
                    drv,
                    library_load_data(raw, code, o.0, o.1, o.2, o.3, o.4, o.5)
                )
            }
        })
    }

    /// `cuLibraryLoadFromFile`.
    fn load_file(
        path: &Path,
        image: &Prepared<'_>,
        options: &LibraryOptions,
        describe: &str,
    ) -> Result<Loaded> {
        let jit = image.kind != ImageKind::Cubin;
        let s = path.as_os_str().to_string_lossy();
        let cpath =
            std::ffi::CString::new(s.as_bytes()).map_err(|_| Error::InvalidName(s.to_string()))?;
        load(jit, options, describe, None, |drv, raw, o| {
            // SAFETY: a NUL-terminated path; `o` are the option arrays of a live
            // `EncodedOptions`.
            unsafe {
                cu!(
                    drv,
                    library_load_from_file(raw, cpath.as_ptr(), o.0, o.1, o.2, o.3, o.4, o.5)
                )
            }
        })
    }

    /// `cuLibraryUnload`.
    ///
    /// # Safety
    /// Called once, with no call in progress using the library.
    unsafe fn unload(self) -> Result<()> {
        // SAFETY: the caller's promise.
        unsafe { cu!(self.drv, library_unload(self.raw)) }
    }

    /// `cuLibraryGetKernel`; `None` when the library has no such kernel. The caller keeps
    /// the library loaded.
    #[inline(always)]
    fn get_kernel(&self, name: &str) -> Result<Option<Kernel>> {
        let mut raw: sys::CUkernel = ptr::null_mut();
        // SAFETY: the library is loaded (the caller's promise); writes one handle.
        let rc = with_cstr(name, |c| unsafe {
            cu!(self.drv, library_get_kernel(&mut raw, self.raw, c.as_ptr()))
        });
        match rc {
            Ok(()) => Ok(Some(Kernel { raw, drv: self.drv })),
            Err(e) => found(Err(e)),
        }
    }

    /// `cuLibraryGetKernelCount` + `cuLibraryEnumerateKernels`.
    fn kernels(&self) -> Result<Vec<Kernel>> {
        let mut count = 0u32;
        // SAFETY: the library is loaded.
        unsafe { cu!(self.drv, library_get_kernel_count(&mut count, self.raw)) }?;
        let mut raws: Vec<sys::CUkernel> = vec![ptr::null_mut(); count as usize];
        if count > 0 {
            // SAFETY: room for `count` handles.
            unsafe {
                cu!(
                    self.drv,
                    library_enumerate_kernels(raws.as_mut_ptr(), count, self.raw)
                )
            }?;
        }
        Ok(raws
            .into_iter()
            .map(|raw| Kernel { raw, drv: self.drv })
            .collect())
    }

    /// `cuLibraryGetGlobal` (or `cuLibraryGetManaged`): address and size, `None` when not
    /// found. The caller has made a context current.
    fn variable(&self, name: &str, managed: bool) -> Result<Option<(u64, usize)>> {
        let (mut dptr, mut size) = (0 as sys::CUdeviceptr, 0usize);
        // SAFETY: the library is loaded; a context is current; writes an address and a size.
        let rc = with_cstr(name, |c| unsafe {
            if managed {
                cu!(
                    self.drv,
                    library_get_managed(&mut dptr, &mut size, self.raw, c.as_ptr())
                )
            } else {
                cu!(
                    self.drv,
                    library_get_global(&mut dptr, &mut size, self.raw, c.as_ptr())
                )
            }
        });
        found(rc.map(|()| (dptr, size)))
    }

    /// `cuLibraryGetUnifiedFunction`; `None` when not found.
    fn unified_function(&self, name: &str) -> Result<Option<*mut c_void>> {
        let mut fptr: *mut c_void = ptr::null_mut();
        // SAFETY: the library is loaded; writes one pointer.
        let rc = with_cstr(name, |c| unsafe {
            cu!(
                self.drv,
                library_get_unified_function(&mut fptr, self.raw, c.as_ptr())
            )
        });
        found(rc.map(|()| fptr))
    }

    /// `cuLibraryGetModule` in the current context (device 0's primary context when none).
    fn module(&self) -> Result<*mut c_void> {
        Context::current_or_default()?;
        let mut m: sys::CUmodule = ptr::null_mut();
        // SAFETY: the library is loaded; a context is current.
        unsafe { cu!(self.drv, library_get_module(&mut m, self.raw)) }?;
        Ok(m.cast())
    }

    fn as_raw(&self) -> *mut c_void {
        self.raw.cast()
    }

    /// The driver does not say a parameter's type.
    fn param_types(&self) -> Vec<(String, Vec<Option<String>>)> {
        Vec::new()
    }

    /// The driver has no call that lists a library's variables.
    fn variable_names(&self) -> Option<Vec<String>> {
        None
    }

    /// The driver reads no PTX (a kept image for profiles is the slot's).
    fn declared_type(&self, _name: &str) -> Option<String> {
        None
    }
}

/// The option arrays as `cuLibraryLoadData` and `cuLibraryLoadFromFile` take them: JIT keys,
/// values and count, then library keys, values and count.
type OptionArrays = (
    *mut sys::CUjit_option,
    *mut *mut c_void,
    u32,
    *mut sys::CUlibraryOption,
    *mut *mut c_void,
    u32,
);

/// Encodes `options`, makes the load call `call` (the library handle to write, the option
/// arrays) and turns its answer into a [`Loaded`] or a load failure with the JIT logs.
fn load(
    jit: bool,
    options: &LibraryOptions,
    describe: &str,
    kept: Option<Box<[u8]>>,
    call: impl FnOnce(&'static Driver, *mut sys::CUlibrary, OptionArrays) -> Result<()>,
) -> Result<Loaded> {
    let mut enc = super::options::encode(options, jit)?;
    let drv = driver()?;
    let mut raw: sys::CUlibrary = ptr::null_mut();
    let arrays = (
        enc.jit_keys.as_mut_ptr(),
        enc.jit_values.as_mut_ptr(),
        enc.jit_keys.len() as u32,
        enc.lib_keys.as_mut_ptr(),
        enc.lib_values.as_mut_ptr(),
        enc.lib_keys.len() as u32,
    );
    let rc = call(drv, &mut raw, arrays);
    finish(drv, rc, raw, &enc, describe, kept)
}

fn finish(
    drv: &'static Driver,
    rc: Result<()>,
    raw: sys::CUlibrary,
    enc: &super::options::EncodedOptions,
    describe: &str,
    kept: Option<Box<[u8]>>,
) -> Result<Loaded> {
    match rc {
        Ok(()) => Ok(Loaded {
            library: Library { raw, drv },
            info_log: enc.info_log(),
            kept,
        }),
        Err(Error::Cuda(error)) => Err(Error::LoadFailed(Box::new(LoadFailure {
            source_desc: describe.to_string(),
            error,
            jit_error_log: enc.error_log(),
            jit_info_log: enc.info_log(),
        }))),
        Err(other) => Err(other),
    }
}

fn attribute_raw(a: KernelAttribute) -> sys::CUfunction_attribute {
    use sys::CUfunction_attribute as A;
    match a {
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

/// Every method is called with the kernel's library held loaded.
impl Kernel {
    /// `cuKernelGetAttribute` on `device`.
    pub fn attribute(&self, attr: sys::CUfunction_attribute, device: Device) -> Result<i32> {
        let mut v = 0i32;
        // SAFETY: the library is held loaded; writes one int.
        unsafe {
            cu!(
                self.drv,
                kernel_get_attribute(&mut v, attr, self.raw, device.raw)
            )
        }?;
        Ok(v)
    }

    /// `cuKernelGetFunction` in the current context (device 0's primary context when none).
    pub fn cu_function(&self) -> Result<sys::CUfunction> {
        super::Context::current_or_default()?;
        let mut f: sys::CUfunction = ptr::null_mut();
        // SAFETY: the library is held loaded; a context is current.
        unsafe { cu!(self.drv, kernel_get_function(&mut f, self.raw)) }?;
        Ok(f)
    }
}

impl KernelInterface<DriverBackend> for Kernel {
    /// `cuKernelGetName`.
    fn name(&self) -> Result<String> {
        let mut p: *const c_char = ptr::null();
        // SAFETY: the library is held loaded; writes one pointer to a driver-owned string.
        unsafe { cu!(self.drv, kernel_get_name(&mut p, self.raw)) }?;
        Ok(driver_string(p))
    }

    /// `cuKernelGetParamInfo` for every parameter.
    fn params(&self) -> Result<Vec<ParamInfo>> {
        let mut out = Vec::new();
        loop {
            let (mut offset, mut size) = (0usize, 0usize);
            // SAFETY: the library is held loaded; writes two size_t.
            let rc = unsafe {
                cu!(
                    self.drv,
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
        Ok(out)
    }

    /// Every attribute on `device`.
    fn attributes(&self, device: &Device) -> Result<KernelAttributes> {
        let device = *device;
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

    /// `cuKernelSetAttribute` on `device`.
    fn set_attribute(&self, attr: KernelAttribute, value: i32, device: &Device) -> Result<()> {
        // SAFETY: the library is held loaded.
        unsafe {
            cu!(
                self.drv,
                kernel_set_attribute(attribute_raw(attr), value, self.raw, device.raw)
            )
        }
    }

    /// `cuKernelSetCacheConfig` on `device`.
    fn set_cache_config(&self, pref: CachePreference, device: &Device) -> Result<()> {
        use sys::CUfunc_cache as C;
        let c = match pref {
            CachePreference::None => C::CU_FUNC_CACHE_PREFER_NONE,
            CachePreference::Shared => C::CU_FUNC_CACHE_PREFER_SHARED,
            CachePreference::L1 => C::CU_FUNC_CACHE_PREFER_L1,
            CachePreference::Equal => C::CU_FUNC_CACHE_PREFER_EQUAL,
        };
        // SAFETY: the library is held loaded.
        unsafe { cu!(self.drv, kernel_set_cache_config(self.raw, c, device.raw)) }
    }

    /// `cuOccupancyMaxActiveBlocksPerMultiprocessor` in the current context.
    fn max_active_blocks_per_sm(&self, block_size: u32, dynamic_smem: usize) -> Result<u32> {
        let f = self.cu_function()?;
        let mut n = 0i32;
        // SAFETY: `f` is valid while the library is held loaded.
        unsafe {
            cu!(
                self.drv,
                occupancy_max_active_blocks(&mut n, f, block_size as i32, dynamic_smem)
            )
        }?;
        Ok(n.max(0) as u32)
    }

    /// `cuOccupancyMaxPotentialBlockSize` in the current context: (min grid, block).
    fn max_potential_block_size(
        &self,
        dynamic_smem: usize,
        block_size_limit: u32,
    ) -> Result<(u32, u32)> {
        let f = self.cu_function()?;
        let (mut grid, mut block) = (0i32, 0i32);
        // SAFETY: `f` is valid while the library is held loaded; no size callback.
        unsafe {
            cu!(
                self.drv,
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

    /// `cuKernelGetLibrary`.
    fn library_raw(&self) -> Result<*mut c_void> {
        let mut l: sys::CUlibrary = ptr::null_mut();
        // SAFETY: the library is held loaded.
        unsafe { cu!(self.drv, kernel_get_library(&mut l, self.raw)) }?;
        Ok(l.cast())
    }

    /// `cuLaunchKernelEx` on `stream` with the arguments' pointers and the launch attributes
    /// on the stack. The caller holds the library loaded; `args` are the parameters' bytes in
    /// order (an argument of another size than its parameter is refused here too, so the
    /// driver never reads past one).
    #[inline]
    fn launch<A: ArgBytes>(
        &self,
        stream: &Stream,
        geometry: &Geometry,
        args: CheckedArgs<'_, A>,
    ) -> Result<()> {
        // Special handles (the null and legacy default streams, the per-thread stream that
        // cudarc's `per_thread_stream()` hands out) run in the *current* context, so only
        // they need it made current; a CUkernel launched on a stream of its own runs in the
        // stream's context whatever is current (checked on an H100: `tests/gpu/library.rs`
        // and the context probe of `examples/bench.rs`). Skipping the check saves a
        // cuCtxGetCurrent per launch.
        if stream.raw as usize <= CU_STREAM_PER_THREAD {
            stream.ctx.make_current()?;
        }
        // The parameters' pointers, on the stack unless there are many. `CheckedArgs` holds
        // one argument of exactly its parameter's size per parameter, so the driver reads
        // each pointer's parameter size from a live slice and no slot past the last.
        const INLINE: usize = 32;
        let mut inline = [MaybeUninit::<*mut c_void>::uninit(); INLINE];
        let mut heap: Vec<*mut c_void> = Vec::new();
        let mut written = 0usize;
        for a in args.bytes() {
            let at = a.as_ptr().cast_mut().cast::<c_void>();
            if written < INLINE {
                inline[written].write(at);
            } else {
                if written == INLINE {
                    // SAFETY: the INLINE slots are written (written == INLINE).
                    heap.extend(inline.iter().map(|s| unsafe { s.assume_init() }));
                }
                heap.push(at);
            }
            written += 1;
        }
        let ptrs: *mut *mut c_void = if written == 0 {
            // No parameter array for a kernel without parameters.
            ptr::null_mut()
        } else if written <= INLINE {
            inline.as_mut_ptr().cast()
        } else {
            heap.as_mut_ptr()
        };

        let mut attrs = [MaybeUninit::<sys::CUlaunchAttribute>::uninit(); 2];
        let mut n_attrs = 0;
        if let Some([x, y, z]) = geometry.cluster() {
            let mut a = sys::CUlaunchAttribute {
                id: sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION,
                ..Default::default()
            };
            a.value.clusterDim = sys::CUlaunchAttributeValue_union__bindgen_ty_1 { x, y, z };
            attrs[n_attrs].write(a);
            n_attrs += 1;
        }
        if geometry.cooperative() {
            let mut a = sys::CUlaunchAttribute {
                id: sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_COOPERATIVE,
                ..Default::default()
            };
            a.value.cooperative = 1;
            attrs[n_attrs].write(a);
            n_attrs += 1;
        }
        let [gx, gy, gz] = geometry.grid();
        let [bx, by, bz] = geometry.block();
        let cfg = sys::CUlaunchConfig {
            gridDimX: gx,
            gridDimY: gy,
            gridDimZ: gz,
            blockDimX: bx,
            blockDimY: by,
            blockDimZ: bz,
            sharedMemBytes: geometry.shared_mem_bytes(),
            hStream: stream.raw,
            // No attribute array when there are none, as a C caller passes it.
            attrs: if n_attrs == 0 {
                ptr::null_mut()
            } else {
                attrs.as_mut_ptr().cast()
            },
            numAttrs: n_attrs as u32,
        };

        // SAFETY: the library is held loaded (the caller's promise); every pointer is a live
        // slice of exactly its parameter's size, one per parameter (`CheckedArgs`); a CUkernel may be passed
        // where a CUfunction is expected (CUDA 12.0+), and the stream's context is current.
        unsafe {
            cu!(
                self.drv,
                launch_kernel_ex(&cfg, self.raw as sys::CUfunction, ptrs, ptr::null_mut())
            )
        }
    }

    fn function(&self) -> Result<*mut c_void> {
        Ok(self.cu_function()?.cast())
    }

    fn as_raw(&self) -> *mut c_void {
        self.raw.cast()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_every_short_length_are_copied_with_their_terminator() {
        let text: String = (0..200)
            .map(|i| char::from(b'a' + (i % 26) as u8))
            .collect();
        for n in 0..text.len() {
            let name = &text[..n];
            let got = with_cstr(name, |c| Ok(c.to_bytes().to_vec())).unwrap();
            assert_eq!(got, name.as_bytes(), "length {n}");
        }
        assert!(matches!(
            with_cstr("sax\0py", |_| Ok(())),
            Err(Error::InvalidName(_))
        ));
    }
}
