//! [`Library`]: an image loaded with `cuLibraryLoadData` / `cuLibraryLoadFromFile`, or on
//! the simulator.

use std::collections::BTreeMap;
use std::ffi::c_void;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

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
    /// Kernels already looked up, by the name asked for.
    taken: Box<TakenKernels>,
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
        let kind = image::detect(image).ok_or_else(|| Error::InvalidImage {
            kind: None,
            detail: format!(
                "{} bytes that are neither a cubin (ELF), a fatbin nor PTX text",
                image.len()
            ),
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
        let prepared = image::prepare(kind, image)?;
        let loaded = seam::Library::load_data(&prepared, options, &source)?;
        let lib = Library::loaded(loaded, Some(kind), source);
        // A copy for profiles, which run a GPU's launches again on the simulator.
        #[cfg(feature = "notebook")]
        crate::profile::keep_image(&lib.lib, kind, image.len(), || image.to_vec());
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
            taken: Box::default(),
        }
    }

    /// Loads a library from a file (`cuLibraryLoadFromFile`; the driver reads the file, the
    /// simulator reads it itself). The kind is recognised from the contents, and the image
    /// is checked as in [`load_data`](Library::load_data). The file is read as
    /// [`read_image_file`](crate::read_image_file) reads it: a device, FIFO or directory is
    /// refused, and so is a file larger than
    /// [`Limits::image_bytes`](crate::Limits::image_bytes), before a byte is read.
    pub fn load_file(path: impl AsRef<Path>, options: &LibraryOptions) -> Result<Library> {
        let path = path.as_ref();
        if options.binary_is_preserved {
            return Err(Error::InvalidArgument(
                "binary_is_preserved cannot be used with Library::load_file (the driver rejects \
                 CU_LIBRARY_BINARY_IS_PRESERVED for files); read the file and use load_data"
                    .to_string(),
            ));
        }
        let bytes = image::read_image_file(path)?;
        let kind = image::detect(&bytes).ok_or_else(|| Error::InvalidImage {
            kind: None,
            detail: format!(
                "{} is neither a cubin (ELF), a fatbin nor PTX text",
                path.display()
            ),
        })?;
        let source = format!("{} ({kind})", path.display());
        let prepared = image::prepare(kind, &bytes)?;
        let loaded = seam::Library::load_file(path, &prepared, options, &source)?;
        drop(prepared);
        let lib = Library::loaded(loaded, Some(kind), source);
        #[cfg(feature = "notebook")]
        crate::profile::keep_image(&lib.lib, kind, bytes.len(), || bytes);
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
            taken: Box::default(),
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
    /// maps).
    ///
    /// The first lookup of a name costs one driver call (`cuLibraryGetKernel`) and keeps the
    /// handle, which the driver keeps stable for the library's lifetime; later lookups of
    /// that name are answered by the library itself, faster than the driver call, with no
    /// lock and no allocation. The first [`KEPT_KERNEL_NAMES`](Library::KEPT_KERNEL_NAMES)
    /// names looked up are kept; others cost the driver call every time.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
    /// let lib = cuda_library::Library::load_file(path, &Default::default())?;
    /// let first = lib.get_kernel("saxpy")?; // asks the backend
    /// let again = lib.get_kernel("saxpy")?; // answered by the library
    /// assert_eq!(first.as_raw(), again.as_raw());
    /// assert!(lib.get_kernel("no_such_kernel").is_err());
    /// # Ok(()) }
    /// ```
    #[inline(always)]
    pub fn get_kernel(&self, name: &str) -> Result<Kernel> {
        // The library is loaded for as long as `self` is borrowed (unload takes `self`): no
        // hold, and a kept handle is valid.
        match self.taken.find(name) {
            Some(raw) => Ok(Kernel::new(self.lib, raw)),
            None => self.look_up_kernel(name),
        }
    }

    /// How many kernel names a library keeps the handles of, for
    /// [`get_kernel`](Library::get_kernel) to answer without the driver.
    ///
    /// ```
    /// assert_eq!(cuda_library::Library::KEPT_KERNEL_NAMES, 32);
    /// ```
    pub const KEPT_KERNEL_NAMES: usize = TAKEN_SLOTS;

    /// A kernel the library has not kept: asks the backend, and keeps the answer.
    fn look_up_kernel(&self, name: &str) -> Result<Kernel> {
        let symbol = self.symbol(name);
        match self.lib.imp.get_kernel(symbol)? {
            Some(raw) => {
                self.taken.keep(name, raw);
                Ok(Kernel::new(self.lib, raw))
            }
            None => Err(self.missing("kernel", symbol)),
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

/// How many kernel names a [`TakenKernels`] keeps.
const TAKEN_SLOTS: usize = 32;

/// The kernels of a library already looked up, by the name asked for: an append-only list
/// that readers search without a lock (each slot is written once, before `filled` counts
/// it). Bounded, so a program asking for many names keeps at most [`TAKEN_SLOTS`] of them;
/// it lives and dies with its [`Library`], so a kept handle is never used after unload.
struct TakenKernels {
    /// How many slots are written (a `Release` store after the slot's write).
    filled: AtomicUsize,
    slots: [OnceLock<(Box<str>, seam::Kernel)>; TAKEN_SLOTS],
    /// Serialises writers, so two threads never claim one slot.
    adding: Mutex<()>,
}

impl Default for TakenKernels {
    fn default() -> Self {
        TakenKernels {
            filled: AtomicUsize::new(0),
            slots: std::array::from_fn(|_| OnceLock::new()),
            adding: Mutex::new(()),
        }
    }
}

impl TakenKernels {
    /// The kept kernel named `name`.
    #[inline(always)]
    fn find(&self, name: &str) -> Option<seam::Kernel> {
        let filled = self.filled.load(Ordering::Acquire);
        self.slots
            .iter()
            .take(filled)
            .filter_map(OnceLock::get)
            .find(|(kept, _)| **kept == *name)
            .map(|(_, kernel)| *kernel)
    }

    /// Keeps `kernel` under `name`, unless it is kept already or the slots are full.
    #[cold]
    fn keep(&self, name: &str, kernel: seam::Kernel) {
        let _g = self.adding.lock().unwrap_or_else(|p| p.into_inner());
        let filled = self.filled.load(Ordering::Relaxed);
        if self.find(name).is_some() {
            return;
        }
        if let Some(slot) = self.slots.get(filled) {
            if slot.set((name.into(), kernel)).is_ok() {
                self.filled.store(filled + 1, Ordering::Release);
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// PTX with `n` empty kernels `k0`, `k1`, ...
    fn many_kernels(n: usize) -> String {
        let mut ptx = String::from(".version 8.0\n.target sm_80\n.address_size 64\n");
        for i in 0..n {
            ptx.push_str(&format!(".visible .entry k{i}() {{ ret; }}\n"));
        }
        ptx
    }

    #[test]
    fn a_repeated_lookup_returns_the_kept_handle() {
        let lib =
            Library::load_data(many_kernels(3).as_bytes(), &LibraryOptions::default()).unwrap();
        let first = lib.get_kernel("k1").unwrap();
        assert_eq!(lib.taken.filled.load(Ordering::Relaxed), 1);
        let again = lib.get_kernel("k1").unwrap();
        assert_eq!(again.name().unwrap(), "k1");
        assert!(lib.contains(&again) && lib.contains(&first));
        assert_eq!(lib.taken.filled.load(Ordering::Relaxed), 1);
        // A missing name is not kept, and stays an error.
        assert!(lib.get_kernel("k9").is_err());
        assert!(lib.get_kernel("k9").is_err());
        assert_eq!(lib.taken.filled.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn names_past_the_bound_still_resolve() {
        let n = TAKEN_SLOTS + 8;
        let lib =
            Library::load_data(many_kernels(n).as_bytes(), &LibraryOptions::default()).unwrap();
        for round in 0..2 {
            for i in 0..n {
                let k = lib.get_kernel(&format!("k{i}")).unwrap();
                assert_eq!(k.name().unwrap(), format!("k{i}"), "round {round}");
            }
        }
        assert_eq!(lib.taken.filled.load(Ordering::Relaxed), TAKEN_SLOTS);
    }

    #[test]
    fn threads_looking_up_at_once_keep_each_name_once() {
        let n = 12;
        let lib =
            Library::load_data(many_kernels(n).as_bytes(), &LibraryOptions::default()).unwrap();
        std::thread::scope(|s| {
            for t in 0..4 {
                let lib = &lib;
                s.spawn(move || {
                    for r in 0..50 {
                        let i = (r * 7 + t) % n;
                        let k = lib.get_kernel(&format!("k{i}")).unwrap();
                        assert_eq!(k.name().unwrap(), format!("k{i}"));
                    }
                });
            }
        });
        let filled = lib.taken.filled.load(Ordering::Relaxed);
        assert_eq!(filled, n);
        let mut names: Vec<&str> = lib.taken.slots[..filled]
            .iter()
            .filter_map(|s| s.get().map(|(name, _)| &**name))
            .collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n);
    }

    #[test]
    fn a_kept_kernel_is_unusable_after_unload() {
        let lib =
            Library::load_data(many_kernels(2).as_bytes(), &LibraryOptions::default()).unwrap();
        lib.get_kernel("k0").unwrap();
        let kept = lib.get_kernel("k0").unwrap();
        lib.unload().unwrap();
        assert!(matches!(kept.name(), Err(Error::Unloaded { .. })));
    }
}
