//! [`Library`]: a loaded cubin, fatbin or PTX image (`CUlibrary`).

use std::collections::BTreeMap;
use std::ffi::c_void;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
#[cfg(not(target_arch = "wasm32"))]
use std::{
    ffi::{c_char, CStr},
    ptr,
};

use crate::context::current_or_default;
#[cfg(not(target_arch = "wasm32"))]
use crate::driver::{cu, driver, Driver};
#[cfg(not(target_arch = "wasm32"))]
use crate::error::LoadFailure;
use crate::error::{Error, Result};
use crate::global::{Global, Managed, UnifiedFunction};
use crate::image::table::GlobalKind;
use crate::image::{self, ImageKind};
use crate::kernel::{Kernel, KernelRaw, Kernels};
use crate::options::LibraryOptions;
use crate::sim::library::SimLibrary;
#[cfg(not(target_arch = "wasm32"))]
use crate::sys::driver as sys;

/// A process-lifetime cell a loaded library occupies. Handles (kernels, globals) refer to a
/// slot and the generation they were made in, so they need no reference count: taking a
/// kernel costs no atomic operation, and after unload the generation no longer matches.
/// Slots are recycled, so their number is bounded by the most libraries loaded at once.
///
/// # Why an unload cannot deadlock
///
/// A call that uses the library takes a *hold* ([`LibRef::live`]): one atomic increment
/// of `holds`, undone when the [`Live`] proof drops. Taking a hold never waits: when the
/// slot is closed (unloading or unloaded) or belongs to another load, it fails at once with
/// [`Error::Unloaded`]. An unload closes the slot (new holds fail), then waits until the
/// holds taken before it have been released, and only then calls `cuLibraryUnload` or frees
/// the simulated library. Only unloads wait, and they wait for nothing but calls in
/// progress, which never wait for anything an unload holds: there is no cycle, whatever
/// order threads run in, and a call may take a second hold while it holds one (a launch
/// asking for the kernel's parameters) without the risk that std's `RwLock` has of a
/// queued writer blocking the second read.
struct Slot {
    /// Holds in progress (low bits) and [`CLOSED`].
    holds: AtomicU64,
    /// The load occupying the slot; changed only while the slot is closed and unheld.
    generation: AtomicU64,
    /// The simulated library, for slots of the simulator backend. Cloned into each hold,
    /// so a hold reads it without a lock; the unload drops the slot's reference after the
    /// last hold is gone, which frees the library's simulated memory.
    sim: Mutex<Option<Arc<SimLibrary>>>,
}

/// The bit of [`Slot::holds`] that says the slot is unloading or free.
const CLOSED: u64 = 1 << 63;

static FREE_SLOTS: Mutex<Vec<&'static Slot>> = Mutex::new(Vec::new());

/// Where unloads wait for holds to end. One for the process: unloads are rare and a
/// spurious wake-up costs one check.
static RELEASED: (Mutex<()>, Condvar) = (Mutex::new(()), Condvar::new());

fn take_slot(sim: Option<SimLibrary>) -> (&'static Slot, u64) {
    let reused = FREE_SLOTS.lock().unwrap_or_else(|p| p.into_inner()).pop();
    let slot = reused.unwrap_or_else(|| {
        Box::leak(Box::new(Slot {
            holds: AtomicU64::new(CLOSED),
            generation: AtomicU64::new(0),
            sim: Mutex::new(None),
        }))
    });
    // The slot is closed: stale holds fail before they look at the generation or the
    // library, so both can be set before it opens.
    *slot.sim.lock().unwrap_or_else(|p| p.into_inner()) = sim.map(Arc::new);
    let generation = slot.generation.fetch_add(1, Ordering::Relaxed) + 1;
    // Release: a hold that sees the slot open sees the generation and library above.
    slot.holds.fetch_and(!CLOSED, Ordering::Release);
    (slot, generation)
}

/// Which backend a library is loaded in, and its driver handle.
#[derive(Clone, Copy)]
pub(crate) enum LibImp {
    #[cfg(not(target_arch = "wasm32"))]
    Driver {
        raw: sys::CUlibrary,
        drv: &'static Driver,
    },
    /// The simulator: the library lives in the slot.
    Sim,
}

/// A handle's link to its library: cheap to copy, checked on every use.
#[derive(Clone, Copy)]
pub(crate) struct LibRef {
    slot: &'static Slot,
    generation: u64,
    pub imp: LibImp,
}

// SAFETY: CUlibrary handles are context-independent and usable from any thread; the slot
// state is atomic or behind a lock.
unsafe impl Send for LibRef {}
// SAFETY: as above.
unsafe impl Sync for LibRef {}

/// Proof, held across a driver call or a simulated launch, that the library stays loaded
/// until it is dropped (a hold on its slot: see [`Slot`]).
pub(crate) struct Live {
    slot: &'static Slot,
    sim: Option<Arc<SimLibrary>>,
}

impl Live {
    /// The simulated library (for handles of the simulator backend).
    pub fn sim(&self) -> Result<&SimLibrary> {
        self.sim.as_deref().ok_or_else(|| {
            Error::InvalidArgument("a driver library was used as a simulated one".to_string())
        })
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        // The library reference goes first, so the unload's reference is the last one.
        self.sim = None;
        release(self.slot);
    }
}

/// Ends one hold; wakes the unloads when it was the last hold of a closing slot.
#[inline]
fn release(slot: &Slot) {
    let before = slot.holds.fetch_sub(1, Ordering::AcqRel);
    if before == CLOSED | 1 {
        // Taking the lock orders this wake-up after the unload's check of the count.
        let _g = RELEASED.0.lock().unwrap_or_else(|p| p.into_inner());
        RELEASED.1.notify_all();
    }
}

impl LibRef {
    /// Holds the library loaded for the duration of a call, or says it is gone. Never
    /// waits (see [`Slot`]).
    #[inline]
    pub fn live(&self, what: impl FnOnce() -> String) -> Result<Live> {
        let slot = self.slot;
        let before = slot.holds.fetch_add(1, Ordering::Acquire);
        if before & CLOSED != 0 || slot.generation.load(Ordering::Relaxed) != self.generation {
            release(slot);
            return Err(Error::Unloaded { what: what() });
        }
        let sim = match self.imp {
            LibImp::Sim => slot.sim.lock().unwrap_or_else(|p| p.into_inner()).clone(),
            #[cfg(not(target_arch = "wasm32"))]
            LibImp::Driver { .. } => None,
        };
        Ok(Live { slot, sim })
    }

    /// Whether the library is still loaded (a hold taken and given back at once).
    pub fn is_loaded(&self) -> bool {
        self.live(String::new).is_ok()
    }

    /// Whether both refer to the same load of the same library.
    pub fn same(&self, other: &LibRef) -> bool {
        std::ptr::eq(self.slot, other.slot) && self.generation == other.generation
    }

    /// Unloads once; later calls (and Drop after `unload`) do nothing. Closes the slot,
    /// waits for the calls in progress that hold it, then unloads.
    fn unload(&self) -> Result<()> {
        let slot = self.slot;
        // Close the slot if it is still this load's and open; otherwise someone else did.
        let mut cur = slot.holds.load(Ordering::Relaxed);
        loop {
            if cur & CLOSED != 0 || slot.generation.load(Ordering::Relaxed) != self.generation {
                return Ok(());
            }
            match slot.holds.compare_exchange_weak(
                cur,
                cur | CLOSED,
                Ordering::AcqRel,
                Ordering::Relaxed,
            ) {
                Ok(_) => break,
                Err(now) => cur = now,
            }
        }
        {
            let mut g = RELEASED.0.lock().unwrap_or_else(|p| p.into_inner());
            while slot.holds.load(Ordering::Acquire) != CLOSED {
                g = RELEASED.1.wait(g).unwrap_or_else(|p| p.into_inner());
            }
        }
        let r = match self.imp {
            #[cfg(not(target_arch = "wasm32"))]
            // SAFETY: unloading a library this slot holds, exactly once (only the thread
            // that closed the slot gets here), with no call in progress using it.
            LibImp::Driver { raw, drv } => unsafe { cu!(drv, library_unload(raw)) },
            LibImp::Sim => {
                // The last reference: dropping it frees the library's simulated memory.
                drop(slot.sim.lock().unwrap_or_else(|p| p.into_inner()).take());
                Ok(())
            }
        };
        FREE_SLOTS
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(slot);
        r
    }
}

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

/// Converts `name` to a NUL-terminated string for the driver without allocating when short.
#[inline]
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn with_cstr<R>(name: &str, f: impl FnOnce(&CStr) -> Result<R>) -> Result<R> {
    const INLINE: usize = 128;
    let bytes = name.as_bytes();
    if bytes.len() < INLINE {
        // One pass copies the name and checks it for NUL bytes (short names: no calls into
        // memchr or memcpy on the lookup path).
        let mut buf = [std::mem::MaybeUninit::<u8>::uninit(); INLINE];
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

#[cfg(target_arch = "wasm32")]
fn no_driver<T>() -> Result<T> {
    Err(Error::BackendUnavailable(
        "WebAssembly has no CUDA driver; this build runs on the simulator".to_string(),
    ))
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
        if crate::backend::is_sim()? {
            return Self::load_sim(kind, &bytes, options, source);
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            Self::load_driver(kind, &bytes, options, source)
        }
        #[cfg(target_arch = "wasm32")]
        no_driver()
    }

    fn load_sim(
        kind: ImageKind,
        bytes: &[u8],
        options: &LibraryOptions,
        source: String,
    ) -> Result<Library> {
        options.validate()?;
        if options.host_universal_table.is_some() {
            return Err(Error::Unsupported(
                "a host universal function and data table needs the CUDA driver; the \
                 simulator has no unified functions"
                    .to_string(),
            ));
        }
        let sim = SimLibrary::load(kind, bytes)?;
        let (slot, generation) = take_slot(Some(sim));
        Ok(Library {
            lib: LibRef {
                slot,
                generation,
                imp: LibImp::Sim,
            },
            source,
            _image: None,
            kind: Some(kind),
            jit_info_log: String::new(),
            symbols: BTreeMap::new(),
        })
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn load_driver(
        kind: ImageKind,
        bytes: &[u8],
        options: &LibraryOptions,
        source: String,
    ) -> Result<Library> {
        let mut enc = options.encode(kind != ImageKind::Cubin)?;
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
        if crate::backend::is_sim()? {
            return Self::load_kind(kind, &bytes, options, source);
        }
        image::prepare(kind, &bytes)?;
        #[cfg(not(target_arch = "wasm32"))]
        {
            Self::load_path(kind, path, options, source)
        }
        #[cfg(target_arch = "wasm32")]
        no_driver()
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn load_path(
        kind: ImageKind,
        path: &Path,
        options: &LibraryOptions,
        source: String,
    ) -> Result<Library> {
        let cpath = path_cstring(path)?;
        let mut enc = options.encode(kind != ImageKind::Cubin)?;
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
        Self::finish(drv, rc, raw, &enc, Some(kind), source, None)
    }

    #[cfg(not(target_arch = "wasm32"))]
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
                lib: driver_ref(raw, drv),
                source,
                _image: kept,
                kind,
                jit_info_log: enc.info_log(),
                symbols: BTreeMap::new(),
            }),
            Err(Error::Cuda(error)) => Err(Error::LoadFailed(Box::new(LoadFailure {
                source_desc: source,
                error,
                jit_error_log: enc.error_log(),
                jit_info_log: enc.info_log(),
            }))),
            Err(other) => Err(other),
        }
    }

    /// Wraps a `CUlibrary` loaded elsewhere; this value unloads it on drop. Driver backend
    /// only.
    ///
    /// # Safety
    /// `raw` must be a loaded library that nothing else unloads.
    #[cfg(not(target_arch = "wasm32"))]
    pub unsafe fn from_raw(raw: *mut c_void) -> Result<Library> {
        if crate::backend::is_sim()? {
            return Err(Error::Unsupported(
                "Library::from_raw wraps a driver CUlibrary; the simulator has none".to_string(),
            ));
        }
        Ok(Library {
            lib: driver_ref(raw.cast(), driver()?),
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

    #[inline]
    fn symbol<'a>(&'a self, name: &'a str) -> &'a str {
        if self.symbols.is_empty() {
            name
        } else {
            self.symbols.get(name).map_or(name, String::as_str)
        }
    }

    /// The raw `CUlibrary` (null on the simulator), valid until this library is unloaded.
    pub fn as_raw(&self) -> *mut c_void {
        match self.lib.imp {
            #[cfg(not(target_arch = "wasm32"))]
            LibImp::Driver { raw, .. } => raw.cast(),
            LibImp::Sim => std::ptr::null_mut(),
        }
    }

    /// Whether the library is loaded on the simulator.
    pub fn is_simulated(&self) -> bool {
        matches!(self.lib.imp, LibImp::Sim)
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
    #[inline]
    pub fn get_kernel(&self, name: &str) -> Result<Kernel> {
        let name = self.symbol(name);
        match self.lib.imp {
            #[cfg(not(target_arch = "wasm32"))]
            LibImp::Driver { raw: lib, drv } => {
                let mut raw: sys::CUkernel = ptr::null_mut();
                // SAFETY: `self` is loaded for as long as it is borrowed (unload takes `self`).
                let rc = with_cstr(name, |c| unsafe {
                    cu!(drv, library_get_kernel(&mut raw, lib, c.as_ptr()))
                });
                match rc {
                    Ok(()) => Ok(Kernel::new(self.lib, KernelRaw::Driver(raw))),
                    Err(e) => Err(self.not_found(e, "kernel", name)),
                }
            }
            LibImp::Sim => {
                let index = {
                    let g = self.lib.live(|| "a library".to_string())?;
                    g.sim()?.kernel_index(name)
                };
                match index {
                    Some(i) => Ok(Kernel::new(self.lib, KernelRaw::Sim(i))),
                    None => Err(self.missing("kernel", name)),
                }
            }
        }
    }

    /// Turns the driver's NOT_FOUND into [`Error::SymbolNotFound`] with suggestions.
    #[cold]
    #[cfg(not(target_arch = "wasm32"))]
    fn not_found(&self, e: Error, kind: &'static str, name: &str) -> Error {
        if e.cuda_code() != Some(crate::error::CudaError::NOT_FOUND) {
            return e;
        }
        self.missing(kind, name)
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
        let kernels = self.kernel_vec()?;
        Ok(Kernels {
            kernels,
            source: self.source().to_string(),
            simulated: self.is_simulated(),
        })
    }

    fn kernel_vec(&self) -> Result<Vec<Kernel>> {
        match self.lib.imp {
            #[cfg(not(target_arch = "wasm32"))]
            LibImp::Driver { raw: lib, drv } => {
                let mut count = 0u32;
                // SAFETY: the library is loaded while borrowed.
                unsafe { cu!(drv, library_get_kernel_count(&mut count, lib)) }?;
                let mut raws: Vec<sys::CUkernel> = vec![ptr::null_mut(); count as usize];
                if count > 0 {
                    // SAFETY: room for `count` handles.
                    unsafe {
                        cu!(
                            drv,
                            library_enumerate_kernels(raws.as_mut_ptr(), count, lib)
                        )
                    }?;
                }
                Ok(raws
                    .into_iter()
                    .map(|k| Kernel::new(self.lib, KernelRaw::Driver(k)))
                    .collect())
            }
            LibImp::Sim => {
                let g = self.lib.live(|| "a library".to_string())?;
                let n = g.sim()?.table.kernels.len();
                Ok((0..n)
                    .map(|i| Kernel::new(self.lib, KernelRaw::Sim(i)))
                    .collect())
            }
        }
    }

    /// Looks a module-scope variable up: its address and size (`cuLibraryGetGlobal`, or
    /// `cuLibraryGetManaged` when `managed`, which finds only `__managed__` variables).
    fn lookup_variable(&self, name: &str, managed: bool) -> Result<(u64, usize)> {
        let what = if managed {
            "managed variable"
        } else {
            "global"
        };
        match self.lib.imp {
            #[cfg(not(target_arch = "wasm32"))]
            LibImp::Driver { raw, drv } => {
                let (mut dptr, mut size) = (0 as sys::CUdeviceptr, 0usize);
                // SAFETY: the library is loaded while borrowed; a context is current.
                let rc = with_cstr(name, |c| unsafe {
                    if managed {
                        cu!(
                            drv,
                            library_get_managed(&mut dptr, &mut size, raw, c.as_ptr())
                        )
                    } else {
                        cu!(
                            drv,
                            library_get_global(&mut dptr, &mut size, raw, c.as_ptr())
                        )
                    }
                });
                rc.map(|()| (dptr, size))
                    .map_err(|e| self.not_found(e, what, name))
            }
            LibImp::Sim => {
                let found = {
                    let g = self.lib.live(|| "a library".to_string())?;
                    g.sim()?.global(name)
                };
                match found {
                    Some((addr, size, kind)) if !managed || kind == GlobalKind::Managed => {
                        Ok((addr, size as usize))
                    }
                    _ => Err(self.missing(what, name)),
                }
            }
        }
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
        match self.lib.imp {
            #[cfg(not(target_arch = "wasm32"))]
            LibImp::Driver { raw, drv } => {
                let mut fptr: *mut c_void = ptr::null_mut();
                // SAFETY: the library is loaded while borrowed.
                let rc = with_cstr(name, |c| unsafe {
                    cu!(
                        drv,
                        library_get_unified_function(&mut fptr, raw, c.as_ptr())
                    )
                });
                match rc {
                    Ok(()) => Ok(UnifiedFunction::new(self.lib, name.to_string(), fptr)),
                    Err(e) => Err(self.not_found(e, "unified function", name)),
                }
            }
            LibImp::Sim => Err(Error::Unsupported(format!(
                "unified function `{name}`: unified functions are host code the CUDA driver \
                 links in; the simulator has none"
            ))),
        }
    }

    /// The `CUmodule` for the current context (device 0's primary context if none is
    /// current), for interop with code that takes modules. Driver backend only.
    pub fn module(&self) -> Result<ModuleHandle> {
        match self.lib.imp {
            #[cfg(not(target_arch = "wasm32"))]
            LibImp::Driver { raw, drv } => {
                current_or_default()?;
                let mut m: sys::CUmodule = ptr::null_mut();
                // SAFETY: the library is loaded while borrowed; a context is current.
                unsafe { cu!(drv, library_get_module(&mut m, raw)) }?;
                Ok(ModuleHandle {
                    raw: m.cast(),
                    lib: self.lib,
                })
            }
            LibImp::Sim => Err(Error::Unsupported(
                "a CUmodule is a driver handle; the simulator has none".to_string(),
            )),
        }
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
    /// kernel runs to its end (checked on an H200 by `tests/gpu_library.rs`).
    pub fn unload(self) -> Result<()> {
        self.lib.unload()
    }

    /// Each kernel's parameter PTX types (`.u64`, `.f32`, ...) where the image tells (PTX
    /// on the simulator); empty otherwise.
    pub fn param_types(&self) -> Vec<(String, Vec<Option<String>>)> {
        let Ok(g) = self.lib.live(String::new) else {
            return Vec::new();
        };
        let Ok(sim) = g.sim() else {
            return Vec::new();
        };
        sim.table
            .kernels
            .iter()
            .map(|k| {
                (
                    k.name.clone(),
                    k.params.iter().map(|p| p.ptx_type.clone()).collect(),
                )
            })
            .collect()
    }

    /// The names of the library's module-scope variables, when they can be listed: on the
    /// simulator always (from the image); the driver has no call that lists them.
    pub fn variable_names(&self) -> Option<Vec<String>> {
        let g = self.lib.live(String::new).ok()?;
        let sim = g.sim().ok()?;
        Some(sim.table.globals.keys().cloned().collect())
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

#[cfg(not(target_arch = "wasm32"))]
fn driver_ref(raw: sys::CUlibrary, drv: &'static Driver) -> LibRef {
    let (slot, generation) = take_slot(None);
    LibRef {
        slot,
        generation,
        imp: LibImp::Driver { raw, drv },
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

#[cfg(not(target_arch = "wasm32"))]
fn path_cstring(path: &Path) -> Result<std::ffi::CString> {
    let s = path.as_os_str().to_string_lossy();
    std::ffi::CString::new(s.as_bytes()).map_err(|_| Error::InvalidName(s.into_owned()))
}

/// Reads a driver-owned C string.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn driver_string(p: *const c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: the driver returns NUL-terminated strings it owns for the object's lifetime.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}
