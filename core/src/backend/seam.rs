//! The seam between the public API and the two backends.
//!
//! # Design
//!
//! Every handle the API holds is one enum here with a `Driver` variant (a handle from
//! [`crate::driver`]) and a `Sim` variant (a handle from [`crate::sim`]), and each method
//! forwards to the variant's method of the same name. An enum rather than a trait object:
//! the backend of a handle is fixed when it is made, the set of backends is closed, and a
//! `match` on a two-variant enum inlines to a compare and a direct call, which keeps
//! `get_kernel` and launches as cheap as the raw driver call (a `dyn` call per operation
//! would add an indirect call and a heap allocation per handle). An enum also makes mixing
//! backends (a simulated event recorded on a driver stream) one `match` arm that says so.
//!
//! The API files (`context.rs`, `library.rs`, `kernel.rs`, ...) hold these enums and call
//! their methods; they never name the driver or the simulator. This file is the only one
//! that names both. On wasm32 the `driver` module does not exist: the `Driver` variants and
//! their arms are compiled out here, through the [`on!`] and [`driver!`] macros and one
//! attribute per enum, and nowhere else.
//!
//! Constructors that pick a backend (`Device::count`, `Context::current_or_default`,
//! `Library::load_data`) ask [`selected`](super::selected) which one this process runs.
//!
//! # Adding an API method on both backends
//!
//! 1. `driver/<handle>.rs`: the driver call, a safe method on the driver handle.
//! 2. `sim/<handle>.rs` (or `sim/library.rs` for kernels): the same method on the simulated
//!    handle, with the same signature.
//! 3. Here: a method on the handle enum that forwards with `on!`.
//! 4. The API file: the public method, with its rustdoc, argument checks and errors, calling
//!    the enum's method.

// On wasm32 the driver arms are compiled out, and with them the only use of some
// arguments (a load's description, a cache preference).
#![cfg_attr(target_arch = "wasm32", allow(unused_variables))]

use std::ffi::c_void;
use std::sync::Arc;

use super::{selected, BackendKind};
#[cfg(not(target_arch = "wasm32"))]
use crate::driver;
use crate::error::{Error, Result};
use crate::image::ImageKind;
use crate::info::{
    CachePreference, DeviceProperties, Geometry, KernelAttribute, KernelAttributes, ParamInfo,
};
use crate::options::LibraryOptions;
use crate::sampling::{ArrayDesc, Layout, TextureDesc};
use crate::sim::{self, SimLibrary};

/// A `match` over a handle enum whose `Driver` arm exists only where the driver does.
macro_rules! on {
    ($value:expr, $d:pat => $de:expr, $s:pat => $se:expr $(,)?) => {
        match $value {
            #[cfg(not(target_arch = "wasm32"))]
            $d => $de,
            $s => $se,
        }
    };
    // Two handles that must be of one backend; `$mixed` when they are not.
    ($value:expr, $d:pat => $de:expr, $s:pat => $se:expr, mixed => $mixed:expr $(,)?) => {
        match $value {
            #[cfg(not(target_arch = "wasm32"))]
            $d => $de,
            $s => $se,
            #[cfg(not(target_arch = "wasm32"))]
            _ => $mixed,
        }
    };
}

/// Evaluates a driver-side expression, or (on wasm32, which has no driver) the error that
/// says so.
macro_rules! driver {
    ($e:expr) => {{
        #[cfg(not(target_arch = "wasm32"))]
        {
            $e
        }
        #[cfg(target_arch = "wasm32")]
        {
            Err(no_driver())
        }
    }};
}

#[cfg(target_arch = "wasm32")]
fn no_driver() -> Error {
    Error::BackendUnavailable(
        "WebAssembly has no CUDA driver; this build runs on the simulator".to_string(),
    )
}

#[cfg(not(target_arch = "wasm32"))]
fn mixed(what: &str) -> Error {
    Error::InvalidArgument(format!(
        "{what} belong to different backends (driver and simulator)"
    ))
}

fn driver_only(what: &str) -> Error {
    Error::Unsupported(format!("{what} is a driver handle; the simulator has none"))
}

/// A handle of the simulator used where the simulated library is missing (a driver
/// library's hold): cannot happen through the public API.
fn no_sim_library() -> Error {
    Error::InvalidArgument("a driver library was used as a simulated one".to_string())
}

fn sim_lib(sim: Option<&SimLibrary>) -> Result<&SimLibrary> {
    sim.ok_or_else(no_sim_library)
}

// ---------------------------------------------------------------------------------------
// Devices

/// A device.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Device {
    #[cfg(not(target_arch = "wasm32"))]
    Driver(driver::Device),
    /// Simulated device `ordinal`.
    Sim(usize),
}

impl Device {
    /// How many devices the selected backend has.
    pub fn count() -> Result<usize> {
        match selected()?.kind {
            BackendKind::Driver => driver!(driver::Device::count()),
            BackendKind::Sim => {
                sim::device::check_device_count_setting()?;
                Ok(sim::device_count())
            }
        }
    }

    /// Device `ordinal` of the selected backend (checked against the count by the caller).
    pub fn get(ordinal: usize) -> Result<Device> {
        match selected()?.kind {
            BackendKind::Driver => driver!(driver::Device::get(ordinal).map(Device::Driver)),
            BackendKind::Sim => Ok(Device::Sim(ordinal)),
        }
    }

    /// Whether it is a simulated device.
    pub fn is_simulated(&self) -> bool {
        matches!(self, Device::Sim(_))
    }

    /// The raw `CUdevice` (the ordinal on the simulator).
    pub fn raw(&self) -> i32 {
        on!(self, Device::Driver(d) => d.raw, Device::Sim(o) => *o as i32)
    }

    /// The driver's handle, for the driver-only methods in `raw.rs`.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn driver(&self) -> Option<driver::Device> {
        match self {
            Device::Driver(d) => Some(*d),
            Device::Sim(_) => None,
        }
    }

    pub fn name(&self) -> Result<String> {
        on!(self, Device::Driver(d) => d.name(), Device::Sim(_) => Ok(sim::device::NAME.to_string()))
    }

    pub fn compute_capability(&self) -> Result<(i32, i32)> {
        on!(self,
            Device::Driver(d) => d.compute_capability(),
            Device::Sim(_) => {
                let arch = crate::SIM_ARCH as i32;
                Ok((arch / 10, arch % 10))
            }
        )
    }

    pub fn uuid(&self) -> Result<[u8; 16]> {
        on!(self, Device::Driver(d) => d.uuid(), Device::Sim(o) => Ok(sim::device::uuid(*o)))
    }

    pub fn total_memory(&self) -> Result<usize> {
        on!(self, Device::Driver(d) => d.total_memory(), Device::Sim(_) => Ok(sim::device::total_memory()))
    }

    /// Fills in the properties beyond name, UUID, capability and memory.
    pub fn properties(&self, base: DeviceProperties) -> Result<DeviceProperties> {
        on!(self, Device::Driver(d) => d.properties(base), Device::Sim(_) => Ok(sim::device::properties(base)))
    }

    pub fn primary_context(&self, ordinal: usize) -> Result<Context> {
        on!(self,
            Device::Driver(d) => driver::Context::primary(ordinal, *d).map(Context::Driver),
            Device::Sim(_) => Ok(Context::Sim(sim::Context::primary(ordinal))),
        )
    }

    /// A new context, current on the calling thread.
    pub fn create_context(&self, ordinal: usize) -> Result<Context> {
        on!(self,
            Device::Driver(d) => driver::Context::create(ordinal, *d).map(Context::Driver),
            Device::Sim(_) => Ok(Context::Sim(sim::Context::create(ordinal))),
        )
    }

    /// Whether kernels on this device can read `peer`'s memory (simulated devices share
    /// one memory).
    pub fn can_access_peer(&self, peer: &Device) -> Result<bool> {
        on!((self, peer),
            (Device::Driver(a), Device::Driver(b)) => a.can_access_peer(b),
            (Device::Sim(_), Device::Sim(_)) => Ok(true),
            mixed => Ok(false),
        )
    }
}

// ---------------------------------------------------------------------------------------
// Contexts and memory

/// A context; cloning shares it.
#[derive(Clone)]
pub(crate) enum Context {
    #[cfg(not(target_arch = "wasm32"))]
    Driver(Arc<driver::Context>),
    Sim(Arc<sim::Context>),
}

impl Context {
    /// The thread's current context, or device 0's primary context made current.
    pub fn current_or_default() -> Result<Context> {
        match selected()?.kind {
            BackendKind::Driver => {
                driver!(driver::Context::current_or_default().map(Context::Driver))
            }
            BackendKind::Sim => {
                // A malformed CUDA_LIBRARY_SIM_DEVICES is an error here as for Device::new.
                sim::device::check_device_count_setting()?;
                Ok(Context::Sim(sim::Context::current_or_default()))
            }
        }
    }

    /// Wraps a driver context made elsewhere.
    ///
    /// # Safety
    /// `raw` is a valid `CUcontext` that outlives the value (or `keep_alive` keeps it alive).
    pub unsafe fn borrowed(
        raw: *mut c_void,
        keep_alive: Option<Arc<dyn std::any::Any + Send + Sync>>,
    ) -> Result<Context> {
        if selected()?.kind == BackendKind::Sim {
            return Err(Error::Unsupported(
                "Context::from_raw wraps a driver context; the simulator has none".to_string(),
            ));
        }
        // SAFETY: the caller's promise, passed on.
        driver!(unsafe { driver::Context::borrowed(raw, keep_alive) }.map(Context::Driver))
    }

    pub fn is_simulated(&self) -> bool {
        matches!(self, Context::Sim(_))
    }

    #[inline]
    pub fn make_current(&self) -> Result<()> {
        on!(self, Context::Driver(c) => c.make_current(), Context::Sim(c) => {
            sim::Context::make_current(c);
            Ok(())
        })
    }

    pub fn ordinal(&self) -> usize {
        on!(self, Context::Driver(c) => c.ordinal, Context::Sim(c) => c.ordinal)
    }

    pub fn primary(&self) -> bool {
        on!(self, Context::Driver(c) => c.primary, Context::Sim(c) => c.primary)
    }

    /// The raw `CUcontext` (null on the simulator).
    pub fn as_raw(&self) -> *mut c_void {
        on!(self, Context::Driver(c) => c.raw.cast(), Context::Sim(_) => std::ptr::null_mut())
    }

    pub fn synchronize(&self) -> Result<()> {
        on!(self, Context::Driver(c) => c.synchronize(), Context::Sim(c) => c.synchronize())
    }

    pub fn mem_info(&self) -> Result<(usize, usize)> {
        on!(self, Context::Driver(c) => c.mem_info(), Context::Sim(c) => c.mem_info())
    }

    /// Allocates `bytes > 0` of device memory.
    pub fn alloc(&self, bytes: usize) -> Result<u64> {
        on!(self, Context::Driver(c) => c.alloc(bytes), Context::Sim(c) => c.alloc(bytes))
    }

    /// Frees memory from [`alloc`](Context::alloc).
    pub fn free(&self, ptr: u64) -> Result<()> {
        on!(self, Context::Driver(c) => c.free(ptr), Context::Sim(c) => c.free(ptr))
    }

    /// Host to device; the caller guarantees `[dst, dst + src.len())` is device memory it
    /// may write.
    pub fn htod(&self, dst: u64, src: &[u8]) -> Result<()> {
        on!(self, Context::Driver(c) => c.htod(dst, src), Context::Sim(c) => c.htod(dst, src))
    }

    /// The allocation holding `ptr`: its base and size (the driver's
    /// `cuMemGetAddressRange`; the simulator's allocations), or `None`.
    pub fn address_range(&self, ptr: u64) -> Result<Option<(u64, usize)>> {
        on!(self, Context::Driver(c) => c.address_range(ptr), Context::Sim(c) => Ok(c.address_range(ptr)))
    }

    /// Device to host; the caller guarantees the device range.
    pub fn dtoh(&self, dst: &mut [u8], src: u64) -> Result<()> {
        on!(self, Context::Driver(c) => c.dtoh(dst, src), Context::Sim(c) => c.dtoh(dst, src))
    }

    /// Device to device; the caller guarantees both ranges.
    pub fn dtod(&self, dst: u64, src: u64, bytes: usize) -> Result<()> {
        on!(self, Context::Driver(c) => c.dtod(dst, src, bytes), Context::Sim(c) => c.dtod(dst, src, bytes))
    }

    /// Sets `count` bytes; the caller guarantees the range.
    pub fn memset8(&self, dst: u64, value: u8, count: usize) -> Result<()> {
        on!(self, Context::Driver(c) => c.memset8(dst, value, count), Context::Sim(c) => c.memset8(dst, value, count))
    }

    /// Sets `count` 4-byte words; the caller guarantees the range.
    pub fn memset32(&self, dst: u64, value: u32, count: usize) -> Result<()> {
        on!(self, Context::Driver(c) => c.memset32(dst, value, count), Context::Sim(c) => c.memset32(dst, value, count))
    }

    /// Reads managed memory after the device's work; the caller guarantees the range is a
    /// managed variable held loaded.
    pub fn read_managed(&self, dst: &mut [u8], src: u64) -> Result<()> {
        on!(self, Context::Driver(c) => c.read_managed(dst, src), Context::Sim(c) => c.read_managed(dst, src))
    }

    /// Writes managed memory after the device's work; as [`read_managed`](Context::read_managed).
    pub fn write_managed(&self, dst: u64, src: &[u8]) -> Result<()> {
        on!(self, Context::Driver(c) => c.write_managed(dst, src), Context::Sim(c) => c.write_managed(dst, src))
    }

    pub fn enable_peer_access(&self, peer: &Context) -> Result<()> {
        on!((self, peer),
            (Context::Driver(c), Context::Driver(p)) => c.enable_peer_access(p),
            (Context::Sim(c), Context::Sim(p)) => c.enable_peer_access(p),
            mixed => Err(mixed("the two contexts")),
        )
    }

    /// Copies `bytes` from `src` in `src_ctx` to `dst` in this context, on `stream` when
    /// given. The caller guarantees both ranges.
    pub fn copy_from_peer(
        &self,
        dst: u64,
        src_ctx: &Context,
        src: u64,
        bytes: usize,
        stream: Option<&Stream>,
    ) -> Result<()> {
        match stream {
            None => on!((self, src_ctx),
                (Context::Driver(d), Context::Driver(s)) => d.copy_from_peer(dst, s, src, bytes, None),
                (Context::Sim(d), Context::Sim(s)) => d.copy_from_peer(dst, s, src, bytes, None),
                mixed => Err(mixed("the two buffers")),
            ),
            Some(stream) => on!((self, src_ctx, stream),
                (Context::Driver(d), Context::Driver(s), Stream::Driver(st)) => d.copy_from_peer(dst, s, src, bytes, Some(st)),
                (Context::Sim(d), Context::Sim(s), Stream::Sim(st)) => d.copy_from_peer(dst, s, src, bytes, Some(&mut st.timeline())),
                mixed => Err(mixed("the two buffers and the stream")),
            ),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Streams and events

/// A stream.
pub(crate) enum Stream {
    #[cfg(not(target_arch = "wasm32"))]
    Driver(driver::Stream),
    Sim(sim::Stream),
}

impl Stream {
    pub fn create(ctx: &Context) -> Result<Stream> {
        on!(ctx,
            Context::Driver(c) => driver::Stream::create(c).map(Stream::Driver),
            Context::Sim(c) => Ok(Stream::Sim(sim::Stream::create(c))),
        )
    }

    /// Wraps a driver stream that `owner` keeps alive and destroys.
    ///
    /// # Safety
    /// As `driver::Stream::borrowed`: `raw` is a stream of `ctx` that `owner` keeps alive.
    #[cfg(all(feature = "cudarc", not(target_arch = "wasm32")))]
    pub unsafe fn borrowed(
        raw: *mut c_void,
        ctx: &Context,
        owner: Arc<dyn std::any::Any + Send + Sync>,
    ) -> Result<Stream> {
        match ctx {
            // SAFETY: the caller's promise, passed on.
            Context::Driver(c) => Ok(Stream::Driver(unsafe {
                driver::Stream::borrowed(raw, c.clone(), owner)
            })),
            Context::Sim(_) => Err(driver_only("a borrowed stream")),
        }
    }

    pub fn is_simulated(&self) -> bool {
        matches!(self, Stream::Sim(_))
    }

    pub fn synchronize(&self) -> Result<()> {
        on!(self, Stream::Driver(s) => s.synchronize(), Stream::Sim(s) => s.synchronize())
    }

    pub fn is_idle(&self) -> Result<bool> {
        on!(self, Stream::Driver(s) => s.is_idle(), Stream::Sim(s) => s.is_idle())
    }

    pub fn context(&self) -> Context {
        on!(self, Stream::Driver(s) => Context::Driver(s.ctx.clone()), Stream::Sim(s) => Context::Sim(s.ctx.clone()))
    }

    /// The raw `CUstream` (null on the simulator).
    pub fn as_raw(&self) -> *mut c_void {
        on!(self, Stream::Driver(s) => s.raw.cast(), Stream::Sim(_) => std::ptr::null_mut())
    }

    /// Where a simulated stream's timeline is, in milliseconds.
    pub fn simulated_time_ms(&self) -> Option<f64> {
        on!(self, Stream::Driver(_) => None, Stream::Sim(s) => Some(s.now_ns() / 1e6))
    }

    /// The profile of a simulated stream's last launch since the last call.
    pub fn take_profile(&self) -> Option<sim::LaunchProfile> {
        on!(self, Stream::Driver(_) => None, Stream::Sim(s) => s.take_profile())
    }
}

/// An event.
pub(crate) enum Event {
    #[cfg(not(target_arch = "wasm32"))]
    Driver(driver::Event),
    Sim(sim::Event),
}

impl Event {
    pub fn create(ctx: &Context) -> Result<Event> {
        on!(ctx,
            Context::Driver(c) => driver::Event::create(c).map(Event::Driver),
            Context::Sim(_) => Ok(Event::Sim(sim::Event::create())),
        )
    }

    pub fn is_simulated(&self) -> bool {
        matches!(self, Event::Sim(_))
    }

    pub fn record(&self, stream: &Stream) -> Result<()> {
        on!((self, stream),
            (Event::Driver(e), Stream::Driver(s)) => e.record(s),
            (Event::Sim(e), Stream::Sim(s)) => e.record(s),
            mixed => Err(mixed("the event and the stream")),
        )
    }

    pub fn synchronize(&self) -> Result<()> {
        on!(self, Event::Driver(e) => e.synchronize(), Event::Sim(e) => e.synchronize())
    }

    pub fn is_complete(&self) -> Result<bool> {
        on!(self, Event::Driver(e) => e.is_complete(), Event::Sim(e) => e.is_complete())
    }

    pub fn elapsed_ms_since(&self, start: &Event) -> Result<f32> {
        on!((self, start),
            (Event::Driver(e), Event::Driver(s)) => e.elapsed_ms_since(s),
            (Event::Sim(e), Event::Sim(s)) => e.elapsed_ms_since(s),
            mixed => Err(mixed("the two events")),
        )
    }

    /// The raw `CUevent` (null on the simulator).
    pub fn as_raw(&self) -> *mut c_void {
        on!(self, Event::Driver(e) => e.raw.cast(), Event::Sim(_) => std::ptr::null_mut())
    }
}

// ---------------------------------------------------------------------------------------
// Libraries and kernels

/// A loaded library. Copied into every handle taken from it; the simulated library itself
/// lives in the library's slot (`backend::slot`), which hands it to each call's hold, so
/// the simulated methods below take it as `sim`.
#[derive(Clone, Copy)]
pub(crate) enum Library {
    #[cfg(not(target_arch = "wasm32"))]
    Driver(driver::Library),
    Sim,
}

/// What a load produced.
pub(crate) struct Loaded {
    pub library: Library,
    /// The simulated library, for the slot.
    pub sim: Option<SimLibrary>,
    /// The JIT info log (driver).
    pub info_log: String,
    /// The image bytes the driver may read until unload.
    pub kept: Option<Box<[u8]>>,
}

impl Library {
    /// Loads checked image bytes in the selected backend; `describe` names the image in a
    /// load failure.
    pub fn load_data(
        kind: ImageKind,
        bytes: &[u8],
        options: &LibraryOptions,
        describe: &str,
    ) -> Result<Loaded> {
        match selected()?.kind {
            BackendKind::Sim => {
                options.validate()?;
                if options.host_universal_table.is_some() {
                    return Err(Error::Unsupported(
                        "a host universal function and data table needs the CUDA driver; the \
                         simulator has no unified functions"
                            .to_string(),
                    ));
                }
                Ok(Loaded {
                    library: Library::Sim,
                    sim: Some(SimLibrary::load(kind, bytes)?),
                    info_log: String::new(),
                    kept: None,
                })
            }
            BackendKind::Driver => driver!(driver::Library::load_data(
                bytes,
                kind != ImageKind::Cubin,
                options,
                describe
            )
            .map(Loaded::driver)),
        }
    }

    /// Loads a file with `cuLibraryLoadFromFile` (driver backend; the simulator reads the
    /// file's bytes through [`load_data`](Library::load_data)).
    pub fn load_file(
        kind: ImageKind,
        path: &std::path::Path,
        options: &LibraryOptions,
        describe: &str,
    ) -> Result<Loaded> {
        driver!(
            driver::Library::load_file(path, kind != ImageKind::Cubin, options, describe)
                .map(Loaded::driver)
        )
    }

    /// Wraps a driver `CUlibrary` loaded elsewhere.
    ///
    /// # Safety
    /// As `driver::Library::from_raw`: a loaded library nothing else unloads.
    pub unsafe fn from_raw(raw: *mut c_void) -> Result<Library> {
        if selected()?.kind == BackendKind::Sim {
            return Err(Error::Unsupported(
                "Library::from_raw wraps a driver CUlibrary; the simulator has none".to_string(),
            ));
        }
        // SAFETY: the caller's promise, passed on.
        driver!(unsafe { driver::Library::from_raw(raw) }.map(Library::Driver))
    }

    /// Unloads a driver library (a simulated one is freed when the slot drops it).
    ///
    /// # Safety
    /// Called once, with no call in progress using the library (the slot's promise).
    pub unsafe fn unload(self) -> Result<()> {
        on!(self,
            // SAFETY: the caller's promise, passed on.
            Library::Driver(l) => unsafe { l.unload() },
            Library::Sim => Ok(()),
        )
    }

    #[inline(always)]
    pub fn is_simulated(&self) -> bool {
        matches!(self, Library::Sim)
    }

    /// The raw `CUlibrary` (null on the simulator).
    pub fn as_raw(&self) -> *mut c_void {
        on!(self, Library::Driver(l) => l.raw.cast(), Library::Sim => std::ptr::null_mut())
    }

    /// A kernel by symbol name; `None` when there is none.
    #[inline(always)]
    pub fn get_kernel(&self, name: &str, sim: Option<&SimLibrary>) -> Result<Option<Kernel>> {
        on!(self,
            Library::Driver(l) => Ok(l.get_kernel(name)?.map(Kernel::Driver)),
            Library::Sim => Ok(sim_lib(sim)?.kernel_index(name).map(Kernel::Sim)),
        )
    }

    /// Every kernel (the driver's order; the simulator's is by name).
    pub fn kernels(&self, sim: Option<&SimLibrary>) -> Result<Vec<Kernel>> {
        on!(self,
            Library::Driver(l) => Ok(l.kernels()?.into_iter().map(Kernel::Driver).collect()),
            Library::Sim => Ok((0..sim_lib(sim)?.table.kernels.len()).map(Kernel::Sim).collect()),
        )
    }

    /// A variable's address and size (`managed`: only `__managed__` ones); `None` when
    /// not found. The caller has made a context current.
    pub fn variable(
        &self,
        name: &str,
        managed: bool,
        sim: Option<&SimLibrary>,
    ) -> Result<Option<(u64, usize)>> {
        on!(self,
            Library::Driver(l) => l.variable(name, managed),
            Library::Sim => Ok(sim_lib(sim)?
                .global(name)
                .filter(|&(_, _, kind)| !managed || kind == crate::GlobalKind::Managed)
                .map(|(addr, size, _)| (addr, size as usize))),
        )
    }

    /// A unified function's address; `None` when not found.
    pub fn unified_function(&self, name: &str) -> Result<Option<*mut c_void>> {
        on!(self,
            Library::Driver(l) => l.unified_function(name),
            Library::Sim => Err(Error::Unsupported(format!(
                "unified function `{name}`: unified functions are host code the CUDA driver \
                 links in; the simulator has none"
            ))),
        )
    }

    /// The `CUmodule` in the current context.
    pub fn module(&self) -> Result<*mut c_void> {
        on!(self,
            Library::Driver(l) => {
                Context::current_or_default()?;
                l.module()
            },
            Library::Sim => Err(driver_only("a CUmodule")),
        )
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Loaded {
    fn driver(l: driver::Loaded) -> Loaded {
        Loaded {
            library: Library::Driver(l.library),
            sim: None,
            info_log: l.info_log,
            kept: l.kept,
        }
    }
}

/// A kernel of a loaded library; every method is called with the library held loaded
/// (and, for a simulated kernel, its library as `sim`).
#[derive(Clone, Copy)]
pub(crate) enum Kernel {
    #[cfg(not(target_arch = "wasm32"))]
    Driver(driver::Kernel),
    /// Index into the simulated library's kernel table.
    Sim(usize),
}

impl Kernel {
    /// The driver's handle, for the driver-only methods in `raw.rs`.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn driver(&self) -> Option<driver::Kernel> {
        match self {
            Kernel::Driver(k) => Some(*k),
            Kernel::Sim(_) => None,
        }
    }

    pub fn name(&self, sim: Option<&SimLibrary>) -> Result<String> {
        on!(self, Kernel::Driver(k) => k.name(), Kernel::Sim(i) => sim_lib(sim)?.kernel_name(*i))
    }

    pub fn params(&self, sim: Option<&SimLibrary>) -> Result<Vec<ParamInfo>> {
        on!(self, Kernel::Driver(k) => k.params(), Kernel::Sim(i) => sim_lib(sim)?.params(*i))
    }

    pub fn attributes(
        &self,
        device: &Device,
        sim: Option<&SimLibrary>,
    ) -> Result<KernelAttributes> {
        on!((self, device),
            (Kernel::Driver(k), Device::Driver(d)) => k.attributes(*d),
            (Kernel::Sim(i), _) => sim_lib(sim)?.attributes(*i),
            mixed => Err(mixed("the kernel and the device")),
        )
    }

    pub fn set_attribute(
        &self,
        attr: KernelAttribute,
        value: i32,
        device: &Device,
        sim: Option<&SimLibrary>,
    ) -> Result<()> {
        on!((self, device),
            (Kernel::Driver(k), Device::Driver(d)) => k.set_attribute(attr, value, *d),
            (Kernel::Sim(i), _) => sim_lib(sim)?.set_attribute(*i, attr, value),
            mixed => Err(mixed("the kernel and the device")),
        )
    }

    pub fn set_cache_config(
        &self,
        pref: CachePreference,
        device: &Device,
        sim: Option<&SimLibrary>,
    ) -> Result<()> {
        on!((self, device),
            (Kernel::Driver(k), Device::Driver(d)) => k.set_cache_config(pref, *d),
            // A preference only: the simulator accepts and ignores it.
            (Kernel::Sim(_), _) => sim_lib(sim).map(|_| ()),
            mixed => Err(mixed("the kernel and the device")),
        )
    }

    /// The `CUfunction` in the current context.
    pub fn function(&self) -> Result<*mut c_void> {
        on!(self, Kernel::Driver(k) => Ok(k.function()?.cast()), Kernel::Sim(_) => Err(driver_only("a CUfunction")))
    }

    pub fn max_active_blocks_per_sm(
        &self,
        block_size: u32,
        dynamic_smem: usize,
        sim: Option<&SimLibrary>,
    ) -> Result<u32> {
        on!(self,
            Kernel::Driver(k) => k.max_active_blocks_per_sm(block_size, dynamic_smem),
            Kernel::Sim(i) => sim_lib(sim)?.max_active_blocks_per_sm(*i, block_size, dynamic_smem),
        )
    }

    pub fn max_potential_block_size(
        &self,
        dynamic_smem: usize,
        block_size_limit: u32,
        sim: Option<&SimLibrary>,
    ) -> Result<(u32, u32)> {
        on!(self,
            Kernel::Driver(k) => k.max_potential_block_size(dynamic_smem, block_size_limit),
            Kernel::Sim(i) => sim_lib(sim)?.max_potential_block_size(*i, dynamic_smem, block_size_limit),
        )
    }

    /// The `CUlibrary` the driver says the kernel belongs to.
    pub fn library_raw(&self) -> Result<*mut c_void> {
        on!(self, Kernel::Driver(k) => k.library_raw(), Kernel::Sim(_) => Err(driver_only("a CUlibrary")))
    }

    /// The raw `CUkernel` (null on the simulator).
    pub fn as_raw(&self) -> *mut c_void {
        on!(self, Kernel::Driver(k) => k.raw.cast(), Kernel::Sim(_) => std::ptr::null_mut())
    }

    /// Launches on `stream` with arguments already checked against `params` (same count,
    /// each exactly its parameter's size).
    #[inline]
    pub fn launch<'a>(
        &self,
        stream: &Stream,
        geometry: &Geometry,
        params: &[ParamInfo],
        args: impl ExactSizeIterator<Item = &'a [u8]> + Clone,
        sim: Option<&SimLibrary>,
    ) -> Result<()> {
        on!((self, stream),
            (Kernel::Driver(k), Stream::Driver(s)) => k.launch(s, geometry, params, args),
            (Kernel::Sim(i), Stream::Sim(s)) => {
                let dims = sim::Dims {
                    grid: geometry.grid,
                    block: geometry.block,
                    shared_dynamic: geometry.shared_mem_bytes,
                };
                let args = params.iter().map(|p| p.offset).zip(args);
                sim_lib(sim)?.launch_on(*i, s, dims, args)
            },
            mixed => Err(mixed("the kernel and the stream")),
        )
    }
}

// ---------------------------------------------------------------------------------------
// Arrays, textures and surfaces

/// A CUDA array, freed on drop.
pub(crate) enum Array {
    #[cfg(not(target_arch = "wasm32"))]
    Driver(driver::Array),
    Sim(sim::Array),
}

/// A texture or surface object, destroyed on drop.
pub(crate) enum TexObject {
    #[cfg(not(target_arch = "wasm32"))]
    Driver(driver::TexObject),
    Sim(sim::TexObject),
}

impl Array {
    pub fn create(ctx: &Context, desc: &ArrayDesc) -> Result<Array> {
        on!(ctx,
            Context::Driver(c) => driver::Array::create(c, desc).map(Array::Driver),
            Context::Sim(c) => sim::Array::create(c.ordinal, desc).map(Array::Sim),
        )
    }

    /// Copies the whole array from `host`, exactly `desc.size_bytes()` long (checked by the
    /// caller); `desc` describes this array.
    pub fn write(&self, desc: &ArrayDesc, host: &[u8]) -> Result<()> {
        on!(self, Array::Driver(a) => a.write(desc, host), Array::Sim(a) => a.write(host))
    }

    /// Copies the whole array to `host`; as [`write`](Array::write).
    pub fn read(&self, desc: &ArrayDesc, host: &mut [u8]) -> Result<()> {
        on!(self, Array::Driver(a) => a.read(desc, host), Array::Sim(a) => a.read(host))
    }

    /// A texture object over the array; the caller keeps the array alive as long.
    pub fn texture(&self, desc: &TextureDesc) -> Result<TexObject> {
        on!(self, Array::Driver(a) => a.texture(desc).map(TexObject::Driver), Array::Sim(a) => a.texture(desc).map(TexObject::Sim))
    }

    /// A surface object over the array; the caller keeps the array alive as long.
    pub fn surface(&self) -> Result<TexObject> {
        on!(self, Array::Driver(a) => a.surface().map(TexObject::Driver), Array::Sim(a) => a.surface().map(TexObject::Sim))
    }
}

impl TexObject {
    /// A texture object over device memory of `ctx`; the caller keeps the memory alive as
    /// long.
    pub fn over_memory(ctx: &Context, layout: Layout, desc: &TextureDesc) -> Result<TexObject> {
        on!(ctx,
            Context::Driver(c) => driver::TexObject::over_memory(c, layout, desc).map(TexObject::Driver),
            Context::Sim(_) => sim::TexObject::over_memory(layout, desc).map(TexObject::Sim),
        )
    }

    /// The 64-bit handle kernels take.
    pub fn handle(&self) -> u64 {
        *self.handle_ref()
    }

    /// The handle, borrowed (what a kernel argument points to).
    pub fn handle_ref(&self) -> &u64 {
        on!(self, TexObject::Driver(t) => &t.handle, TexObject::Sim(t) => &t.handle)
    }
}
