//! [`Library`]: a loaded cubin, fatbin or PTX image (`CUlibrary`).

use std::collections::BTreeMap;
use std::ffi::{c_char, c_void, CStr};
use std::path::Path;
use std::ptr;
use std::sync::{Arc, RwLock, RwLockReadGuard};

use crate::context::current_or_default;
use crate::driver::{cu, driver, Driver};
use crate::error::{Error, Result};
use crate::global::{Global, Managed, UnifiedFunction};
use crate::image::{self, ImageKind};
use crate::kernel::Kernel;
use crate::options::LibraryOptions;
use crate::sys::driver as sys;

/// What every handle into a library shares: the `CUlibrary` and whether it is still loaded.
pub(crate) struct LibraryShared {
    pub raw: sys::CUlibrary,
    /// `true` while loaded. Readers hold it across a driver call, so `unload` waits for them.
    loaded: RwLock<bool>,
    pub drv: &'static Driver,
    pub source: String,
    /// The image, kept alive when the driver was told it is preserved.
    _image: Option<Box<[u8]>>,
}

// SAFETY: CUlibrary handles are context-independent and may be used from any thread; the
// loaded flag is behind a lock.
unsafe impl Send for LibraryShared {}
// SAFETY: as above.
unsafe impl Sync for LibraryShared {}

impl LibraryShared {
    /// Holds the library loaded for the duration of a call, or says it is gone.
    #[inline]
    pub fn live(&self, what: impl FnOnce() -> String) -> Result<RwLockReadGuard<'_, bool>> {
        let g = self.loaded.read().unwrap_or_else(|p| p.into_inner());
        if *g {
            Ok(g)
        } else {
            Err(Error::Unloaded { what: what() })
        }
    }

    fn unload(&self) -> Result<()> {
        let mut g = self.loaded.write().unwrap_or_else(|p| p.into_inner());
        if !*g {
            return Ok(());
        }
        *g = false;
        // SAFETY: unloading a library this value loaded, exactly once.
        unsafe { cu!(self.drv, library_unload(self.raw)) }
    }
}

/// A loaded library: kernels, globals, managed variables and constants from one image.
///
/// Loading is context-independent (`cuLibraryLoadData`); the driver loads the code into a
/// context lazily when it is first used there. [`Kernel`]s and [`Global`]s taken from a
/// library keep a handle to it: after [`unload`](Library::unload) (or drop) using them is an
/// [`Error::Unloaded`], never undefined behaviour.
///
/// ```no_run
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{Library, LibraryOptions};
/// let lib = Library::load_file("kernels.cubin", &LibraryOptions::default())?;
/// for k in lib.kernels()? {
///     println!("{} ({} params)", k.name()?, k.param_info()?.len());
/// }
/// let saxpy = lib.get_kernel("saxpy")?;
/// lib.unload()?;
/// assert!(saxpy.name().is_err()); // the kernel went with its library
/// # Ok(()) }
/// ```
pub struct Library {
    shared: Arc<LibraryShared>,
    kind: Option<ImageKind>,
    jit_info_log: String,
    /// Name expression -> symbol, from [`ObjectCode`](crate::ObjectCode).
    symbols: BTreeMap<String, String>,
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Library")
            .field("source", &self.shared.source)
            .field("kind", &self.kind)
            .field("raw", &self.shared.raw)
            .finish()
    }
}

/// Converts `name` to a NUL-terminated string for the driver without allocating when short.
#[inline]
pub(crate) fn with_cstr<R>(name: &str, f: impl FnOnce(&CStr) -> Result<R>) -> Result<R> {
    let bytes = name.as_bytes();
    let mut buf = [0u8; 256];
    if bytes.len() < buf.len() {
        buf[..bytes.len()].copy_from_slice(bytes);
        match CStr::from_bytes_until_nul(&buf[..=bytes.len()]) {
            Ok(c) if c.count_bytes() == bytes.len() => f(c),
            _ => Err(Error::InvalidName(name.to_string())),
        }
    } else {
        let c = std::ffi::CString::new(name).map_err(|_| Error::InvalidName(name.to_string()))?;
        f(&c)
    }
}

impl Library {
    /// Loads a library from image bytes: a cubin, a fatbin or PTX text (a terminating NUL is
    /// added when missing). The bytes are checked for structural damage first, so a
    /// truncated image is an error rather than a driver crash.
    pub fn load_data(image: &[u8], options: &LibraryOptions) -> Result<Library> {
        let kind = image::detect(image).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "{} bytes that are neither a cubin (ELF), a fatbin nor PTX text",
                image.len()
            ))
        })?;
        Self::load_kind(
            kind,
            image,
            options,
            format!("{} bytes of {kind}", image.len()),
        )
    }

    pub(crate) fn load_kind(
        kind: ImageKind,
        image: &[u8],
        options: &LibraryOptions,
        source: String,
    ) -> Result<Library> {
        // Bad input is refused before the driver is even needed.
        let bytes = image::prepare(kind, image)?;
        let mut enc = options.encode()?;
        let drv = driver()?;
        // With BINARY_IS_PRESERVED the driver may read the bytes until unload: keep a copy.
        let kept: Option<Box<[u8]>> = options
            .binary_is_preserved
            .then(|| bytes.to_vec().into_boxed_slice());
        let code: *const c_void = match &kept {
            Some(b) => b.as_ptr().cast(),
            None => bytes.as_ptr().cast(),
        };
        let mut raw: sys::CUlibrary = ptr::null_mut();
        // SAFETY: `code` is a checked image that lives across the call (and beyond it when
        // preserved); the option arrays and log buffers live in `enc`.
        let rc = unsafe {
            cu!(
                drv,
                library_load_data(
                    &mut raw,
                    code,
                    enc.jit_keys.as_mut_ptr(),
                    enc.jit_values.as_mut_ptr(),
                    enc.jit_keys.len() as u32,
                    enc.lib_keys.as_mut_ptr(),
                    enc.lib_values.as_mut_ptr(),
                    enc.lib_keys.len() as u32
                )
            )
        };
        Self::finish(drv, rc, raw, &enc, Some(kind), source, kept)
    }

    /// Loads a library from a file (`cuLibraryLoadFromFile`); the driver reads the file. The
    /// kind is recognised from the contents, and the image is checked as in
    /// [`load_data`](Library::load_data).
    pub fn load_file(path: impl AsRef<Path>, options: &LibraryOptions) -> Result<Library> {
        let path = path.as_ref();
        if options.binary_is_preserved {
            return Err(Error::InvalidArgument(
                "binary_is_preserved cannot be used with Library::load_file (the driver rejects \
                 CU_LIBRARY_BINARY_IS_PRESERVED for files); read the file and use load_data"
                    .to_string(),
            ));
        }
        let bytes = std::fs::read(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let kind = image::detect(&bytes).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "{} is neither a cubin (ELF), a fatbin nor PTX text",
                path.display()
            ))
        })?;
        image::prepare(kind, &bytes)?;
        Self::load_path(kind, path, options)
    }

    fn load_path(kind: ImageKind, path: &Path, options: &LibraryOptions) -> Result<Library> {
        let cpath = path_cstring(path)?;
        let mut enc = options.encode()?;
        let drv = driver()?;
        let mut raw: sys::CUlibrary = ptr::null_mut();
        // SAFETY: a NUL-terminated path; option arrays live in `enc`.
        let rc = unsafe {
            cu!(
                drv,
                library_load_from_file(
                    &mut raw,
                    cpath.as_ptr(),
                    enc.jit_keys.as_mut_ptr(),
                    enc.jit_values.as_mut_ptr(),
                    enc.jit_keys.len() as u32,
                    enc.lib_keys.as_mut_ptr(),
                    enc.lib_values.as_mut_ptr(),
                    enc.lib_keys.len() as u32
                )
            )
        };
        let source = format!("{} ({kind})", path.display());
        Self::finish(drv, rc, raw, &enc, Some(kind), source, None)
    }

    fn finish(
        drv: &'static Driver,
        rc: Result<()>,
        raw: sys::CUlibrary,
        enc: &crate::options::EncodedOptions,
        kind: Option<ImageKind>,
        source: String,
        kept: Option<Box<[u8]>>,
    ) -> Result<Library> {
        match rc {
            Ok(()) => Ok(Library {
                shared: Arc::new(LibraryShared {
                    raw,
                    loaded: RwLock::new(true),
                    drv,
                    source,
                    _image: kept,
                }),
                kind,
                jit_info_log: enc.info_log(),
                symbols: BTreeMap::new(),
            }),
            Err(Error::Cuda(error)) => Err(Error::LoadFailed {
                source_desc: source,
                error,
                jit_error_log: enc.error_log(),
                jit_info_log: enc.info_log(),
            }),
            Err(other) => Err(other),
        }
    }

    /// Wraps a `CUlibrary` loaded elsewhere; this value unloads it on drop.
    ///
    /// # Safety
    /// `raw` must be a loaded library that nothing else unloads.
    pub unsafe fn from_raw(raw: *mut c_void) -> Result<Library> {
        Ok(Library {
            shared: Arc::new(LibraryShared {
                raw: raw.cast(),
                loaded: RwLock::new(true),
                drv: driver()?,
                source: "a CUlibrary handle".to_string(),
                _image: None,
            }),
            kind: None,
            jit_info_log: String::new(),
            symbols: BTreeMap::new(),
        })
    }

    pub(crate) fn with_symbol_mapping(mut self, symbols: BTreeMap<String, String>) -> Self {
        self.symbols = symbols;
        self
    }

    /// Name expression → symbol pairs this library resolves (from
    /// [`Program::compile`](crate::Program::compile) name expressions).
    pub fn symbol_mapping(&self) -> &BTreeMap<String, String> {
        &self.symbols
    }

    #[inline]
    fn symbol<'a>(&'a self, name: &'a str) -> &'a str {
        if self.symbols.is_empty() {
            name
        } else {
            self.symbols.get(name).map_or(name, String::as_str)
        }
    }

    /// The raw `CUlibrary`, valid until this library is unloaded.
    pub fn as_raw(&self) -> *mut c_void {
        self.shared.raw.cast()
    }

    /// Where the library came from, e.g. `kernels.cubin (cubin)` or `5120 bytes of PTX`.
    pub fn source(&self) -> &str {
        &self.shared.source
    }

    /// The kind of image it was loaded from, when known.
    pub fn image_kind(&self) -> Option<ImageKind> {
        self.kind
    }

    /// The JIT info log of the load (empty unless PTX was compiled and logs were enabled).
    pub fn jit_info_log(&self) -> &str {
        &self.jit_info_log
    }

    /// A kernel by its symbol name (the mangled name for C++ kernels not declared
    /// `extern "C"`, or a name expression the library's [`ObjectCode`](crate::ObjectCode)
    /// maps). The lookup costs one driver call and does not allocate.
    #[inline]
    pub fn get_kernel(&self, name: &str) -> Result<Kernel> {
        let name = self.symbol(name);
        let drv = self.shared.drv;
        let mut raw: sys::CUkernel = ptr::null_mut();
        // SAFETY: `self` is loaded for as long as it is borrowed (unload takes `self`).
        let rc = with_cstr(name, |c| unsafe {
            cu!(
                drv,
                library_get_kernel(&mut raw, self.shared.raw, c.as_ptr())
            )
        });
        match rc {
            Ok(()) => Ok(Kernel::new(self.shared.clone(), raw)),
            Err(e) => Err(self.not_found(e, "kernel", name)),
        }
    }

    #[cold]
    fn not_found(&self, e: Error, kind: &'static str, name: &str) -> Error {
        if e.cuda_code() != Some(crate::error::CudaError::NOT_FOUND) {
            return e;
        }
        let mut suggestions = Vec::new();
        if kind == "kernel" {
            if let Ok(kernels) = self.kernels() {
                let want = name.to_ascii_lowercase();
                for k in kernels {
                    let Ok(n) = k.name() else { continue };
                    let d = k.demangled_name().unwrap_or_else(|_| n.clone());
                    let base = d.split('(').next().unwrap_or(&d).to_ascii_lowercase();
                    if base == want
                        || base.ends_with(&format!("::{want}"))
                        || n.to_ascii_lowercase().contains(&want)
                        || base.starts_with(&format!("{want}<"))
                    {
                        suggestions.push(n);
                    }
                }
            }
        }
        Error::SymbolNotFound {
            kind,
            name: name.to_string(),
            suggestions,
        }
    }

    /// Every kernel in the library (`cuLibraryGetKernelCount` + `cuLibraryEnumerateKernels`,
    /// CUDA 12.4+). The driver's order is not the source order.
    pub fn kernels(&self) -> Result<Vec<Kernel>> {
        let drv = self.shared.drv;
        let mut count = 0u32;
        // SAFETY: the library is loaded while borrowed.
        unsafe { cu!(drv, library_get_kernel_count(&mut count, self.shared.raw)) }?;
        let mut raws: Vec<sys::CUkernel> = vec![ptr::null_mut(); count as usize];
        if count > 0 {
            // SAFETY: room for `count` handles.
            unsafe {
                cu!(
                    drv,
                    library_enumerate_kernels(raws.as_mut_ptr(), count, self.shared.raw)
                )
            }?;
        }
        Ok(raws
            .into_iter()
            .map(|k| Kernel::new(self.shared.clone(), k))
            .collect())
    }

    /// A `__device__`, `__constant__` or `__managed__` variable (`cuLibraryGetGlobal`): its
    /// device address and size in the current context (device 0's primary context if none is
    /// current).
    pub fn get_global(&self, name: &str) -> Result<Global> {
        let name = self.symbol(name);
        let ctx = current_or_default()?;
        let drv = self.shared.drv;
        let (mut dptr, mut size) = (0 as sys::CUdeviceptr, 0usize);
        // SAFETY: the library is loaded while borrowed; a context is current.
        let rc = with_cstr(name, |c| unsafe {
            cu!(
                drv,
                library_get_global(&mut dptr, &mut size, self.shared.raw, c.as_ptr())
            )
        });
        match rc {
            Ok(()) => Ok(Global::new(
                self.shared.clone(),
                name.to_string(),
                dptr,
                size,
                ctx,
            )),
            Err(e) => Err(self.not_found(e, "global", name)),
        }
    }

    /// A `__managed__` variable (`cuLibraryGetManaged`), readable and writable from the host.
    /// Other globals are not found here: use [`get_global`](Library::get_global) for them.
    pub fn get_managed(&self, name: &str) -> Result<Managed> {
        let name = self.symbol(name);
        let ctx = current_or_default()?;
        let drv = self.shared.drv;
        let (mut dptr, mut size) = (0 as sys::CUdeviceptr, 0usize);
        // SAFETY: the library is loaded while borrowed; a context is current.
        let rc = with_cstr(name, |c| unsafe {
            cu!(
                drv,
                library_get_managed(&mut dptr, &mut size, self.shared.raw, c.as_ptr())
            )
        });
        match rc {
            Ok(()) => Ok(Managed::new(
                self.shared.clone(),
                name.to_string(),
                dptr,
                size,
                ctx,
            )),
            Err(e) => Err(self.not_found(e, "managed variable", name)),
        }
    }

    /// A unified function's address (`cuLibraryGetUnifiedFunction`). The driver returns
    /// `CUDA_ERROR_INVALID_VALUE` for an ordinary `__global__` kernel name.
    pub fn get_unified_function(&self, name: &str) -> Result<UnifiedFunction> {
        let drv = self.shared.drv;
        let mut fptr: *mut c_void = ptr::null_mut();
        // SAFETY: the library is loaded while borrowed.
        let rc = with_cstr(name, |c| unsafe {
            cu!(
                drv,
                library_get_unified_function(&mut fptr, self.shared.raw, c.as_ptr())
            )
        });
        match rc {
            Ok(()) => Ok(UnifiedFunction::new(
                self.shared.clone(),
                name.to_string(),
                fptr,
            )),
            Err(e) => Err(self.not_found(e, "unified function", name)),
        }
    }

    /// The `CUmodule` for the current context (device 0's primary context if none is
    /// current), for interop with code that takes modules.
    pub fn module(&self) -> Result<ModuleHandle> {
        current_or_default()?;
        let mut m: sys::CUmodule = ptr::null_mut();
        // SAFETY: the library is loaded while borrowed; a context is current.
        unsafe { cu!(self.shared.drv, library_get_module(&mut m, self.shared.raw)) }?;
        Ok(ModuleHandle {
            raw: m.cast(),
            lib: self.shared.clone(),
        })
    }

    /// Unloads the library now (`cuLibraryUnload`) and reports the driver's answer. Kernels,
    /// globals and modules taken from it become unusable: using them returns
    /// [`Error::Unloaded`]. Dropping a `Library` unloads it too, ignoring errors.
    pub fn unload(self) -> Result<()> {
        self.shared.unload()
    }

    /// Whether this library and `kernel` are the same library.
    pub fn contains(&self, kernel: &Kernel) -> bool {
        Arc::ptr_eq(&self.shared, &kernel.lib)
    }
}

impl Drop for Library {
    fn drop(&mut self) {
        let _ = self.shared.unload();
    }
}

/// The library's `CUmodule` in one context, valid while the library is loaded.
#[derive(Clone)]
pub struct ModuleHandle {
    raw: *mut c_void,
    lib: Arc<LibraryShared>,
}

impl std::fmt::Debug for ModuleHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ModuleHandle")
            .field("raw", &self.raw)
            .finish()
    }
}

impl ModuleHandle {
    /// The raw `CUmodule`, or [`Error::Unloaded`] once the library is gone.
    pub fn as_raw(&self) -> Result<*mut c_void> {
        let _g = self.lib.live(|| "a module".to_string())?;
        Ok(self.raw)
    }
}

fn path_cstring(path: &Path) -> Result<std::ffi::CString> {
    let s = path.as_os_str().to_string_lossy();
    std::ffi::CString::new(s.as_bytes()).map_err(|_| Error::InvalidName(s.into_owned()))
}

/// Reads a driver-owned C string.
pub(crate) fn driver_string(p: *const c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: the driver returns NUL-terminated strings it owns for the object's lifetime.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}
