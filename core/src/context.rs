//! CUDA contexts: a device's primary context (what most code uses) or a context of its own.
//!
//! A context is where memory, streams and events live. On the simulator every context
//! shares the one simulated device's memory.

use std::ffi::c_void;
use std::sync::{Arc, Mutex};
#[cfg(not(target_arch = "wasm32"))]
use std::{ptr, sync::OnceLock};

#[cfg(not(target_arch = "wasm32"))]
use crate::driver::{cu, driver, Driver};
use crate::error::{Error, Result};
use crate::sim::device::gpu;
#[cfg(not(target_arch = "wasm32"))]
use crate::sys::driver as sys;

#[cfg(not(target_arch = "wasm32"))]
/// The shared part of a context handle; the context is released when the last owner drops.
pub(crate) struct ContextInner {
    pub raw: sys::CUcontext,
    pub device: sys::CUdevice,
    pub ordinal: usize,
    primary: bool,
    /// False for a context wrapped with [`Context::from_raw`]: someone else destroys it.
    owned: bool,
    pub drv: &'static Driver,
    /// What keeps a borrowed context alive while this value lives (cudarc's
    /// `Arc<CudaContext>` for one made with `Context::from_cudarc`).
    _keep_alive: Option<Arc<dyn std::any::Any + Send + Sync>>,
}

// SAFETY: CUDA contexts may be used from any thread; the handle is never mutated.
#[cfg(not(target_arch = "wasm32"))]
unsafe impl Send for ContextInner {}
// SAFETY: as above.
#[cfg(not(target_arch = "wasm32"))]
unsafe impl Sync for ContextInner {}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for ContextInner {
    fn drop(&mut self) {
        // SAFETY: releasing a context this value owns. Errors cannot be reported from Drop.
        unsafe {
            if !self.owned {
                return;
            }
            if self.primary {
                let _ = cu!(self.drv, primary_ctx_release(self.device));
            } else {
                let _ = cu!(self.drv, ctx_destroy(self.raw));
            }
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl ContextInner {
    /// Makes this context current on the calling thread unless it already is.
    #[inline]
    pub fn make_current(&self) -> Result<()> {
        let mut cur: sys::CUcontext = ptr::null_mut();
        // SAFETY: reads the thread's current context.
        unsafe { cu!(self.drv, ctx_get_current(&mut cur)) }?;
        if cur != self.raw {
            // SAFETY: sets a context this value keeps alive.
            unsafe { cu!(self.drv, ctx_set_current(self.raw)) }?;
        }
        Ok(())
    }
}

/// A context on the simulated device.
#[derive(Debug)]
pub(crate) struct SimContext {
    pub ordinal: usize,
    primary: bool,
}

/// A context of one backend or the other.
#[derive(Clone)]
pub(crate) enum CtxImp {
    #[cfg(not(target_arch = "wasm32"))]
    Driver(Arc<ContextInner>),
    Sim(Arc<SimContext>),
}

fn out_of_range(what: &str, bytes: usize, addr: u64) -> Error {
    Error::InvalidArgument(format!(
        "{what} of {bytes} bytes at {addr:#x} is outside simulated device memory"
    ))
}

impl CtxImp {
    /// Makes this context current on the calling thread unless it already is.
    #[inline]
    pub fn make_current(&self) -> Result<()> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => c.make_current(),
            CtxImp::Sim(c) => {
                SIM_CURRENT.with(|cur| *cur.borrow_mut() = Some(c.clone()));
                Ok(())
            }
        }
    }

    /// The device ordinal.
    pub fn ordinal(&self) -> usize {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => c.ordinal,
            CtxImp::Sim(c) => c.ordinal,
        }
    }

    /// Whether it is a primary context.
    fn primary(&self) -> bool {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => c.primary,
            CtxImp::Sim(c) => c.primary,
        }
    }

    /// Waits for the context's work (the simulator's work is done when it is enqueued).
    pub fn synchronize(&self) -> Result<()> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => {
                c.make_current()?;
                // SAFETY: no arguments.
                unsafe { cu!(c.drv, ctx_synchronize()) }
            }
            CtxImp::Sim(_) => {
                crate::sim::device::print_device_output();
                Ok(())
            }
        }
    }

    /// Allocates `bytes` of device memory (`bytes > 0`).
    pub fn alloc(&self, bytes: usize) -> Result<u64> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => {
                c.make_current()?;
                let mut ptr: sys::CUdeviceptr = 0;
                // SAFETY: allocates `bytes`; the caller frees it with `free`.
                unsafe { cu!(c.drv, mem_alloc(&mut ptr, bytes)) }?;
                Ok(ptr)
            }
            CtxImp::Sim(_) => gpu().lock().mem.alloc(bytes, 256),
        }
    }

    /// Frees memory from [`alloc`](CtxImp::alloc).
    pub fn free(&self, ptr: u64) -> Result<()> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => {
                c.make_current()?;
                // SAFETY: frees an allocation the caller owns.
                unsafe { cu!(c.drv, mem_free(ptr)) }
            }
            CtxImp::Sim(_) => gpu().lock().mem.free(ptr),
        }
    }

    /// Copies host bytes to device address `dst`.
    ///
    /// The caller guarantees `[dst, dst + src.len())` is device memory it may write.
    pub fn htod(&self, dst: u64, src: &[u8]) -> Result<()> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => {
                c.make_current()?;
                // SAFETY: the caller guarantees the device range; the host slice is its size.
                unsafe { cu!(c.drv, memcpy_htod(dst, src.as_ptr().cast(), src.len())) }
            }
            CtxImp::Sim(c) => gpu().copy(c.ordinal, src.len(), true, |m| {
                let d = m
                    .slice_mut(dst, src.len())
                    .ok_or_else(|| out_of_range("a copy to the device", src.len(), dst))?;
                d.copy_from_slice(src);
                Ok(())
            }),
        }
    }

    /// Copies device bytes at `src` to the host.
    pub fn dtoh(&self, dst: &mut [u8], src: u64) -> Result<()> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => {
                c.make_current()?;
                // SAFETY: the caller guarantees the device range; the host slice is its size.
                unsafe { cu!(c.drv, memcpy_dtoh(dst.as_mut_ptr().cast(), src, dst.len())) }
            }
            CtxImp::Sim(c) => gpu().copy(c.ordinal, dst.len(), true, |m| {
                let s = m
                    .slice(src, dst.len())
                    .ok_or_else(|| out_of_range("a copy from the device", dst.len(), src))?;
                dst.copy_from_slice(s);
                Ok(())
            }),
        }
    }

    /// Copies `bytes` from device address `src` to `dst`.
    pub fn dtod(&self, dst: u64, src: u64, bytes: usize) -> Result<()> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => {
                c.make_current()?;
                // SAFETY: the caller guarantees both device ranges.
                unsafe { cu!(c.drv, memcpy_dtod(dst, src, bytes)) }
            }
            CtxImp::Sim(c) => gpu().copy(c.ordinal, bytes, false, |m| {
                let v = m
                    .slice(src, bytes)
                    .ok_or_else(|| out_of_range("a device copy", bytes, src))?
                    .to_vec();
                m.write(dst, &v)
            }),
        }
    }

    /// Sets `count` bytes at `dst` to `value`.
    pub fn memset8(&self, dst: u64, value: u8, count: usize) -> Result<()> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => {
                c.make_current()?;
                // SAFETY: the caller guarantees the device range.
                unsafe { cu!(c.drv, memset_d8(dst, value, count)) }
            }
            CtxImp::Sim(c) => gpu().copy(c.ordinal, count, false, |m| {
                m.slice_mut(dst, count)
                    .ok_or_else(|| out_of_range("a memset", count, dst))?
                    .fill(value);
                Ok(())
            }),
        }
    }

    /// Sets `count` 4-byte words at `dst` to `value`.
    pub fn memset32(&self, dst: u64, value: u32, count: usize) -> Result<()> {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => {
                c.make_current()?;
                // SAFETY: the caller guarantees the device range.
                unsafe { cu!(c.drv, memset_d32(dst, value, count)) }
            }
            CtxImp::Sim(c) => {
                let bytes = count.saturating_mul(4);
                gpu().copy(c.ordinal, bytes, false, |m| {
                    let s = m
                        .slice_mut(dst, bytes)
                        .ok_or_else(|| out_of_range("a memset", bytes, dst))?;
                    for w in s.chunks_exact_mut(4) {
                        w.copy_from_slice(&value.to_ne_bytes());
                    }
                    Ok(())
                })
            }
        }
    }
}

thread_local! {
    /// The simulated context made current on this thread.
    static SIM_CURRENT: std::cell::RefCell<Option<Arc<SimContext>>> =
        const { std::cell::RefCell::new(None) };
}

/// A CUDA context: a device's primary context ([`Device::primary_context`]) or one created
/// with [`Context::new`]. Cloning is cheap; the context is released when the last clone, and
/// everything made in it (streams, buffers, events), is dropped.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// let ctx = cuda_library::Device::new(0)?.set_current()?;
/// let (free, total) = ctx.mem_info()?;
/// assert!(free <= total);
/// # Ok(()) }
/// ```
///
/// [`Device::primary_context`]: crate::Device::primary_context
#[derive(Clone)]
pub struct Context {
    pub(crate) imp: CtxImp,
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("device", &self.imp.ordinal())
            .field("primary", &self.imp.primary())
            .field("simulated", &self.is_simulated())
            .field("raw", &self.as_raw())
            .finish()
    }
}

impl Context {
    /// The simulated device's primary context.
    pub(crate) fn sim_primary(ordinal: usize) -> Context {
        static PRIMARY: Mutex<Vec<Arc<SimContext>>> = Mutex::new(Vec::new());
        let mut p = PRIMARY.lock().unwrap_or_else(|p| p.into_inner());
        let c = match p.iter().find(|c| c.ordinal == ordinal) {
            Some(c) => c.clone(),
            None => {
                let c = Arc::new(SimContext {
                    ordinal,
                    primary: true,
                });
                p.push(c.clone());
                c
            }
        };
        Context {
            imp: CtxImp::Sim(c),
        }
    }

    /// The device's primary context. It is retained once per process and kept for the
    /// process's life, so a context made current and then dropped by the caller never
    /// leaves the thread with a destroyed context.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn primary(ordinal: usize, device: sys::CUdevice) -> Result<Context> {
        static PRIMARY: Mutex<Vec<Context>> = Mutex::new(Vec::new());
        let mut cache = PRIMARY.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(c) = cache
            .iter()
            .find(|c| matches!(&c.imp, CtxImp::Driver(i) if i.device == device))
        {
            return Ok(c.clone());
        }
        let ctx = Self::retain_primary(ordinal, device)?;
        cache.push(ctx.clone());
        Ok(ctx)
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn retain_primary(ordinal: usize, device: sys::CUdevice) -> Result<Context> {
        let drv = driver()?;
        let mut raw: sys::CUcontext = ptr::null_mut();
        // SAFETY: retains the primary context; released in ContextInner::drop.
        unsafe { cu!(drv, primary_ctx_retain(&mut raw, device)) }?;
        Ok(Context::driver(ContextInner {
            raw,
            device,
            ordinal,
            primary: true,
            owned: true,
            drv,
            _keep_alive: None,
        }))
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn driver(inner: ContextInner) -> Context {
        Context {
            imp: CtxImp::Driver(Arc::new(inner)),
        }
    }

    /// Creates a new context on `device` (not the primary one). It becomes current on the
    /// calling thread, as `cuCtxCreate` makes it.
    ///
    /// Most programs want [`Device::primary_context`](crate::Device::primary_context); a
    /// separate context is for isolation tests and interop. On the simulator it shares the
    /// device's memory with every other context.
    pub fn new(device: &crate::Device) -> Result<Context> {
        if device.is_simulated() {
            let ctx = Context {
                imp: CtxImp::Sim(Arc::new(SimContext {
                    ordinal: device.ordinal(),
                    primary: false,
                })),
            };
            ctx.set_current()?;
            return Ok(ctx);
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let drv = driver()?;
            let mut raw: sys::CUcontext = ptr::null_mut();
            // SAFETY: creates a context destroyed in ContextInner::drop.
            unsafe { cu!(drv, ctx_create(&mut raw, 0, device.raw)) }?;
            let ctx = Context::driver(ContextInner {
                raw,
                device: device.raw,
                ordinal: device.ordinal(),
                primary: false,
                owned: true,
                drv,
                _keep_alive: None,
            });
            register(&ctx);
            Ok(ctx)
        }
        #[cfg(target_arch = "wasm32")]
        unreachable_backend()
    }

    /// Wraps a context made elsewhere (another crate, C code) without taking ownership: it is
    /// not destroyed when this value drops. Driver backend only.
    ///
    /// # Safety
    /// `raw` must be a valid `CUcontext` that outlives the returned value and everything
    /// made through it.
    #[cfg(not(target_arch = "wasm32"))]
    pub unsafe fn from_raw(raw: *mut c_void) -> Result<Context> {
        // SAFETY: the caller's promise, passed on.
        unsafe { Context::borrowed(raw, None) }
    }

    /// [`from_raw`](Context::from_raw), keeping `keep_alive` (the context's owner) alive as
    /// long as this value and its clones.
    ///
    /// # Safety
    /// As [`from_raw`](Context::from_raw), with "outlives" met by `keep_alive` if given.
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) unsafe fn borrowed(
        raw: *mut c_void,
        keep_alive: Option<Arc<dyn std::any::Any + Send + Sync>>,
    ) -> Result<Context> {
        if crate::backend::is_sim()? {
            return Err(Error::Unsupported(
                "Context::from_raw wraps a driver context; the simulator has none".to_string(),
            ));
        }
        let drv = driver()?;
        let raw: sys::CUcontext = raw.cast();
        let mut prev: sys::CUcontext = ptr::null_mut();
        let mut device: sys::CUdevice = 0;
        // SAFETY: the caller promises `raw` is valid; push/pop leaves the thread as it was.
        unsafe {
            cu!(drv, ctx_push_current(raw))?;
            let r = cu!(drv, ctx_get_device(&mut device));
            cu!(drv, ctx_pop_current(&mut prev))?;
            r?;
        }
        let ctx = Context::driver(ContextInner {
            raw,
            device,
            ordinal: device.max(0) as usize,
            primary: false,
            owned: false,
            drv,
            _keep_alive: keep_alive,
        });
        register(&ctx);
        Ok(ctx)
    }

    /// Makes this context current on the calling thread.
    pub fn set_current(&self) -> Result<()> {
        self.imp.make_current()
    }

    /// Waits for all work in this context to finish (`cuCtxSynchronize`).
    pub fn synchronize(&self) -> Result<()> {
        self.imp.synchronize()
    }

    /// The ordinal of the device this context belongs to.
    pub fn device_ordinal(&self) -> usize {
        self.imp.ordinal()
    }

    /// Whether this is the device's primary context.
    pub fn is_primary(&self) -> bool {
        self.imp.primary()
    }

    /// Whether this context is on the simulated device.
    pub fn is_simulated(&self) -> bool {
        matches!(self.imp, CtxImp::Sim(_))
    }

    /// Free and total device memory in bytes (`cuMemGetInfo`), as seen from this context.
    pub fn mem_info(&self) -> Result<(usize, usize)> {
        match &self.imp {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => {
                c.make_current()?;
                let (mut free, mut total) = (0usize, 0usize);
                // SAFETY: writes two size_t.
                unsafe { cu!(c.drv, mem_get_info(&mut free, &mut total)) }?;
                Ok((free, total))
            }
            CtxImp::Sim(_) => {
                let used = gpu().lock().mem.used();
                let total = crate::sim::CAPACITY;
                let fit = |v: u64| usize::try_from(v).unwrap_or(usize::MAX); // 32-bit usize on wasm32
                Ok((fit(total.saturating_sub(used)), fit(total)))
            }
        }
    }

    /// The raw `CUcontext` (null on the simulator). It stays valid while this `Context` (or
    /// a clone) lives.
    pub fn as_raw(&self) -> *mut c_void {
        match &self.imp {
            #[cfg(not(target_arch = "wasm32"))]
            CtxImp::Driver(c) => c.raw.cast(),
            CtxImp::Sim(_) => std::ptr::null_mut(),
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn unreachable_backend<T>() -> Result<T> {
    Err(Error::BackendUnavailable(
        "WebAssembly has no CUDA driver; this build runs on the simulator".to_string(),
    ))
}

/// The context work runs in when the caller did not pick one: the calling thread's current
/// context (a [`Context`] this crate made or wrapped, or a device's primary context), otherwise
/// device 0's primary context, made current. This is what lets `Library::get_global` and
/// friends work without ceremony.
pub(crate) fn current_or_default() -> Result<Context> {
    if crate::backend::is_sim()? {
        if let Some(c) = SIM_CURRENT.with(|cur| cur.borrow().clone()) {
            return Ok(Context {
                imp: CtxImp::Sim(c),
            });
        }
        let ctx = default_context()?;
        ctx.set_current()?;
        return Ok(ctx);
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        driver_current_or_default()
    }
    #[cfg(target_arch = "wasm32")]
    unreachable_backend()
}

#[cfg(not(target_arch = "wasm32"))]
fn driver_current_or_default() -> Result<Context> {
    let drv = driver()?;
    let mut cur: sys::CUcontext = ptr::null_mut();
    // SAFETY: reads the thread's current context.
    unsafe { cu!(drv, ctx_get_current(&mut cur)) }?;
    if cur.is_null() {
        let ctx = default_context()?;
        ctx.set_current()?;
        return Ok(ctx);
    }
    if let Some(ctx) = known_context(cur) {
        return Ok(ctx);
    }
    let mut device: sys::CUdevice = 0;
    // SAFETY: writes the current context's device.
    unsafe { cu!(drv, ctx_get_device(&mut device)) }?;
    let primary = Context::primary(device.max(0) as usize, device)?;
    if primary.as_raw() == cur.cast() {
        return Ok(primary);
    }
    Err(Error::InvalidArgument(
        "the thread's current CUDA context was not made by cuda-library; wrap it with \
         `Context::from_raw` or make a cuda-library `Context` current"
            .to_string(),
    ))
}

/// Device 0's primary context.
fn default_context() -> Result<Context> {
    crate::Device::new(0)?.primary_context()
}

/// Registry of contexts this crate made, so a raw current context maps back to its owner.
#[cfg(not(target_arch = "wasm32"))]
fn known_context(raw: sys::CUcontext) -> Option<Context> {
    let reg = registry().lock().ok()?;
    reg.iter()
        .filter_map(|w| w.upgrade())
        .find(|c| c.raw == raw)
        .map(|inner| Context {
            imp: CtxImp::Driver(inner),
        })
}

#[cfg(not(target_arch = "wasm32"))]
fn registry() -> &'static std::sync::Mutex<Vec<std::sync::Weak<ContextInner>>> {
    static REG: OnceLock<std::sync::Mutex<Vec<std::sync::Weak<ContextInner>>>> = OnceLock::new();
    REG.get_or_init(Default::default)
}

#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn register(ctx: &Context) {
    let CtxImp::Driver(inner) = &ctx.imp else {
        return;
    };
    if let Ok(mut reg) = registry().lock() {
        reg.retain(|w| w.strong_count() > 0);
        reg.push(Arc::downgrade(inner));
    }
}
