//! [`Library`]: an image loaded with `cuLibraryLoadData` / `cuLibraryLoadFromFile`, or on
//! the simulator.

use std::collections::BTreeMap;
use std::ffi::c_void;
use std::path::Path;

use crate::backend::interface::Loaded;
use crate::backend::seam;
use crate::backend::slot::LibRef;
use crate::context::current_or_default;
use crate::error::{Error, Result};
use crate::global::{Global, Managed, UnifiedFunction};
use crate::image::{self, ImageKind};
use crate::kernel::{Kernel, Kernels};
use crate::options::LibraryOptions;

/// A loaded library: kernels, globals, managed variables and constants from one image.
///
/// Loading is context-independent (`cuLibraryLoadData`); the driver loads the code into a
/// context lazily when it is first used there. [`Kernel`]s and [`Global`]s taken from a
/// library keep a handle to it: after [`unload`](Library::unload) (or drop) using them is an
/// [`Error::Unloaded`], never undefined behaviour.
///
/// On the simulator the image is read by this crate ([`LibraryTable`](crate::LibraryTable)),
/// its variables are placed in simulated memory and its PTX (the image itself, or a fatbin's
/// PTX entry) is what kernels run. A SASS-only image loads and lists its kernels and
/// variables, but its kernels cannot run there. [`JitOptions`](crate::JitOptions) do not
/// apply to the simulator.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{Library, LibraryOptions};
/// let ptx = r#"
/// .version 8.0
/// .target sm_80
/// .address_size 64
/// .visible .global .align 4 .u32 counter = 7;
/// .visible .entry bump(.param .u32 by) {
///     .reg .b32 %r<3>; .reg .b64 %rd<2>;
///     ld.param.u32 %r1, [by];
///     mov.u64 %rd1, counter;
///     atom.global.add.u32 %r2, [%rd1], %r1;
///     ret;
/// }"#;
/// let lib = Library::load_data(ptx.as_bytes(), &LibraryOptions::default())?;
/// for k in lib.kernels()? {
///     println!("{} ({} params)", k.name()?, k.param_info()?.len());
/// }
/// let bump = lib.get_kernel("bump")?;
/// let counter = lib.get_global("counter")?;
/// assert_eq!(counter.read::<u32>()?, 7);
/// lib.unload()?;
/// assert!(bump.name().is_err()); // the kernel went with its library
/// assert!(counter.read::<u32>().is_err());
/// # Ok(()) }
/// ```
///
/// [Try it in your browser](../playground/index.html#load): the playground lesson on loading
/// images as libraries and reading what they hold, run on the simulated GPU.
///
/// The [`api`](crate::guide::api) guide explains handles, lifetimes and unloading.
pub struct Library {
    lib: LibRef,
    source: String,
    /// The image, kept alive when the driver was told it is preserved.
    _image: Option<Box<[u8]>>,
    kind: Option<ImageKind>,
    jit_info_log: String,
    /// Name expression -> symbol, from [`ObjectCode`](crate::ObjectCode).
    symbols: BTreeMap<String, String>,
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Library")
            .field("source", &self.source)
            .field("kind", &self.kind)
            .field("simulated", &self.is_simulated())
            .field("raw", &self.as_raw())
            .finish()
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
        let loaded = seam::Library::load_data(kind, &bytes, options, &source)?;
        let lib = Library::loaded(loaded, Some(kind), source);
        // A copy for profiles, which run a GPU's launches again on the simulator.
        #[cfg(feature = "notebook")]
        crate::profile::keep_image(&lib.lib, kind, image.len(), || {
            std::sync::Arc::new(image.to_vec())
        });
        Ok(lib)
    }

    fn loaded(l: Loaded<seam::Library>, kind: Option<ImageKind>, source: String) -> Library {
        Library {
            lib: LibRef::new(l.library),
            source,
            _image: l.kept,
            kind,
            jit_info_log: l.info_log,
            symbols: BTreeMap::new(),
        }
    }

    /// Loads a library from a file (`cuLibraryLoadFromFile`; the driver reads the file, the
    /// simulator reads it itself). The kind is recognised from the contents, and the image
    /// is checked as in [`load_data`](Library::load_data).
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
        let source = format!("{} ({kind})", path.display());
        let prepared = image::prepare(kind, &bytes)?;
        let loaded = seam::Library::load_file(kind, path, &prepared, options, &source)?;
        drop(prepared);
        let lib = Library::loaded(loaded, Some(kind), source);
        #[cfg(feature = "notebook")]
        crate::profile::keep_image(&lib.lib, kind, bytes.len(), || std::sync::Arc::new(bytes));
        Ok(lib)
    }

    /// Wraps a `CUlibrary` loaded elsewhere; this value unloads it on drop. Driver backend
    /// only.
    ///
    /// # Safety
    /// `raw` must be a loaded library that nothing else unloads.
    pub unsafe fn from_raw(raw: *mut c_void) -> Result<Library> {
        Ok(Library {
            // SAFETY: the caller's promise, passed on.
            lib: LibRef::new(unsafe { seam::Library::from_raw(raw) }?),
            source: "a CUlibrary handle".to_string(),
            _image: None,
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

    #[inline(always)]
    fn symbol<'a>(&'a self, name: &'a str) -> &'a str {
        if self.symbols.is_empty() {
            name
        } else {
            self.symbols.get(name).map_or(name, String::as_str)
        }
    }

    /// The raw `CUlibrary` (null on the simulator), valid until this library is unloaded.
    pub fn as_raw(&self) -> *mut c_void {
        self.lib.imp.as_raw()
    }

    /// Whether the library is loaded on the simulator.
    pub fn is_simulated(&self) -> bool {
        self.lib.imp.is_simulated()
    }

    /// Where the library came from, e.g. `kernels.cubin (cubin)` or `5120 bytes of PTX`.
    pub fn source(&self) -> &str {
        &self.source
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
    /// maps). On the driver the lookup costs one driver call and does not allocate.
    #[inline(always)]
    pub fn get_kernel(&self, name: &str) -> Result<Kernel> {
        let name = self.symbol(name);
        // The library is loaded for as long as `self` is borrowed (unload takes `self`): no
        // hold.
        match self.lib.imp.get_kernel(name)? {
            Some(raw) => Ok(Kernel::new(self.lib, raw)),
            None => Err(self.missing("kernel", name)),
        }
    }

    /// [`Error::SymbolNotFound`] for `name`, suggesting kernels with a similar name.
    #[cold]
    fn missing(&self, kind: &'static str, name: &str) -> Error {
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
    /// CUDA 12.4+), as a [`Kernels`] list: a slice of [`Kernel`] that shows as the kernel
    /// table in a notebook. The driver's order is not the source order; the simulator's is
    /// by name.
    pub fn kernels(&self) -> Result<Kernels> {
        let kernels = self
            .lib
            .imp
            .kernels()?
            .into_iter()
            .map(|raw| Kernel::new(self.lib, raw))
            .collect();
        Ok(Kernels {
            kernels,
            source: self.source().to_string(),
            simulated: self.is_simulated(),
        })
    }

    /// Looks a module-scope variable up: its address and size (`cuLibraryGetGlobal`, or
    /// `cuLibraryGetManaged` when `managed`, which finds only `__managed__` variables).
    fn lookup_variable(&self, name: &str, managed: bool) -> Result<(u64, usize)> {
        self.lib.imp.variable(name, managed)?.ok_or_else(|| {
            let what = if managed {
                "managed variable"
            } else {
                "global"
            };
            self.missing(what, name)
        })
    }

    /// A `__device__`, `__constant__` or `__managed__` variable (`cuLibraryGetGlobal`): its
    /// device address and size in the current context (device 0's primary context if none is
    /// current).
    pub fn get_global(&self, name: &str) -> Result<Global> {
        let name = self.symbol(name);
        let ctx = current_or_default()?;
        let (ptr, size) = self.lookup_variable(name, false)?;
        Ok(Global::new(self.lib, name.to_string(), ptr, size, ctx))
    }

    /// A `__managed__` variable (`cuLibraryGetManaged`), readable and writable from the host.
    /// Other globals are not found here: use [`get_global`](Library::get_global) for them.
    pub fn get_managed(&self, name: &str) -> Result<Managed> {
        let name = self.symbol(name);
        let ctx = current_or_default()?;
        let (ptr, size) = self.lookup_variable(name, true)?;
        Ok(Managed::new(self.lib, name.to_string(), ptr, size, ctx))
    }

    /// A unified function's address (`cuLibraryGetUnifiedFunction`). The driver returns
    /// `CUDA_ERROR_INVALID_VALUE` for an ordinary `__global__` kernel name; the simulator
    /// has no unified functions.
    pub fn get_unified_function(&self, name: &str) -> Result<UnifiedFunction> {
        match self.lib.imp.unified_function(name)? {
            Some(ptr) => Ok(UnifiedFunction::new(self.lib, name.to_string(), ptr)),
            None => Err(self.missing("unified function", name)),
        }
    }

    /// The `CUmodule` for the current context (device 0's primary context if none is
    /// current), for interop with code that takes modules. Driver backend only.
    pub fn module(&self) -> Result<ModuleHandle> {
        Ok(ModuleHandle {
            raw: self.lib.imp.module()?,
            lib: self.lib,
        })
    }

    /// Unloads the library now (`cuLibraryUnload`) and reports the driver's answer. Kernels,
    /// globals and modules taken from it become unusable: using them returns
    /// [`Error::Unloaded`]. Dropping a `Library` unloads it too, ignoring errors. On the
    /// simulator its variables' memory is freed.
    ///
    /// What it waits for: calls already in progress on other threads that use the library
    /// (a launch being enqueued, a variable being read or written, a lookup), and nothing
    /// else. Calls that start after the unload began fail with [`Error::Unloaded`] at once
    /// instead of waiting, so an unload can never deadlock with them. On the simulator a
    /// launch runs to completion inside its call, so the unload waits for kernels running
    /// from this library, which end at the latest at their work budget or deadline
    /// ([`Limits`](crate::Limits)). On the driver, kernels already queued on the GPU are
    /// the driver's to finish: `cuLibraryUnload` with a kernel in flight succeeds and the
    /// kernel runs to its end (checked on an H200 by `tests/gpu/library.rs`).
    ///
    /// The [`api`](crate::guide::api) guide explains lifetimes and unloading.
    pub fn unload(self) -> Result<()> {
        self.lib.unload()
    }

    /// Each kernel's parameter PTX types (`.u64`, `.f32`, ...) where the image tells (PTX
    /// on the simulator); empty otherwise.
    pub fn param_types(&self) -> Vec<(String, Vec<Option<String>>)> {
        self.lib.imp.param_types()
    }

    /// The names of the library's module-scope variables, when they can be listed: on the
    /// simulator always (from the image); the driver has no call that lists them.
    pub fn variable_names(&self) -> Option<Vec<String>> {
        self.lib.imp.variable_names()
    }

    /// Whether this library and `kernel` are the same library.
    pub fn contains(&self, kernel: &Kernel) -> bool {
        self.lib.same(&kernel.lib)
    }
}

impl Drop for Library {
    fn drop(&mut self) {
        let _ = self.lib.unload();
    }
}

/// The library's `CUmodule` in one context, valid while the library is loaded.
#[derive(Clone)]
pub struct ModuleHandle {
    raw: *mut c_void,
    lib: LibRef,
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
