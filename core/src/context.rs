//! CUDA contexts: a device's primary context (what most code uses) or a context of its own.

use std::ffi::c_void;
use std::ptr;
use std::sync::{Arc, Mutex, OnceLock};

use crate::driver::{cu, driver, Driver};
use crate::error::{Error, Result};
use crate::sys::driver as sys;

/// The shared part of a context handle; the context is released when the last owner drops.
pub(crate) struct ContextInner {
    pub raw: sys::CUcontext,
    pub device: sys::CUdevice,
    pub ordinal: usize,
    primary: bool,
    /// False for a context wrapped with [`Context::from_raw`]: someone else destroys it.
    owned: bool,
    pub drv: &'static Driver,
}

// SAFETY: CUDA contexts may be used from any thread; the handle is never mutated.
unsafe impl Send for ContextInner {}
// SAFETY: as above.
unsafe impl Sync for ContextInner {}

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

/// A CUDA context: a device's primary context ([`Device::primary_context`]) or one created
/// with [`Context::new`]. Cloning is cheap; the context is released when the last clone, and
/// everything made in it (streams, buffers, events), is dropped.
///
/// [`Device::primary_context`]: crate::Device::primary_context
#[derive(Clone)]
pub struct Context {
    pub(crate) inner: Arc<ContextInner>,
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("device", &self.inner.ordinal)
            .field("primary", &self.inner.primary)
            .field("raw", &self.inner.raw)
            .finish()
    }
}

impl Context {
    /// The device's primary context. It is retained once per process and kept for the
    /// process's life, so a context made current and then dropped by the caller never
    /// leaves the thread with a destroyed context.
    pub(crate) fn primary(ordinal: usize, device: sys::CUdevice) -> Result<Context> {
        static PRIMARY: Mutex<Vec<Context>> = Mutex::new(Vec::new());
        let mut cache = PRIMARY.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(c) = cache.iter().find(|c| c.inner.device == device) {
            return Ok(c.clone());
        }
        let ctx = Self::retain_primary(ordinal, device)?;
        cache.push(ctx.clone());
        Ok(ctx)
    }

    fn retain_primary(ordinal: usize, device: sys::CUdevice) -> Result<Context> {
        let drv = driver()?;
        let mut raw: sys::CUcontext = ptr::null_mut();
        // SAFETY: retains the primary context; released in ContextInner::drop.
        unsafe { cu!(drv, primary_ctx_retain(&mut raw, device)) }?;
        Ok(Context {
            inner: Arc::new(ContextInner {
                raw,
                device,
                ordinal,
                primary: true,
                owned: true,
                drv,
            }),
        })
    }

    /// Creates a new context on `device` (not the primary one). It becomes current on the
    /// calling thread, as `cuCtxCreate` makes it.
    ///
    /// Most programs want [`Device::primary_context`](crate::Device::primary_context); a
    /// separate context is for isolation tests and interop.
    pub fn new(device: &crate::Device) -> Result<Context> {
        let drv = driver()?;
        let mut raw: sys::CUcontext = ptr::null_mut();
        // SAFETY: creates a context destroyed in ContextInner::drop.
        unsafe { cu!(drv, ctx_create(&mut raw, 0, device.raw)) }?;
        let ctx = Context {
            inner: Arc::new(ContextInner {
                raw,
                device: device.raw,
                ordinal: device.ordinal(),
                primary: false,
                owned: true,
                drv,
            }),
        };
        register(&ctx);
        Ok(ctx)
    }

    /// Wraps a context made elsewhere (another crate, C code) without taking ownership: it is
    /// not destroyed when this value drops.
    ///
    /// # Safety
    /// `raw` must be a valid `CUcontext` that outlives the returned value and everything
    /// made through it.
    pub unsafe fn from_raw(raw: *mut c_void) -> Result<Context> {
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
        let ctx = Context {
            inner: Arc::new(ContextInner {
                raw,
                device,
                ordinal: device.max(0) as usize,
                primary: false,
                owned: false,
                drv,
            }),
        };
        register(&ctx);
        Ok(ctx)
    }

    /// Makes this context current on the calling thread.
    pub fn set_current(&self) -> Result<()> {
        self.inner.make_current()
    }

    /// Waits for all work in this context to finish (`cuCtxSynchronize`).
    pub fn synchronize(&self) -> Result<()> {
        self.inner.make_current()?;
        // SAFETY: no arguments.
        unsafe { cu!(self.inner.drv, ctx_synchronize()) }
    }

    /// The ordinal of the device this context belongs to.
    pub fn device_ordinal(&self) -> usize {
        self.inner.ordinal
    }

    /// Whether this is the device's primary context.
    pub fn is_primary(&self) -> bool {
        self.inner.primary
    }

    /// Free and total device memory in bytes (`cuMemGetInfo`), as seen from this context.
    pub fn mem_info(&self) -> Result<(usize, usize)> {
        self.inner.make_current()?;
        let (mut free, mut total) = (0usize, 0usize);
        // SAFETY: writes two size_t.
        unsafe { cu!(self.inner.drv, mem_get_info(&mut free, &mut total)) }?;
        Ok((free, total))
    }

    /// The raw `CUcontext`. It stays valid while this `Context` (or a clone) lives.
    pub fn as_raw(&self) -> *mut c_void {
        self.inner.raw.cast()
    }
}

/// The context work runs in when the caller did not pick one: the calling thread's current
/// context (a [`Context`] this crate made or wrapped, or a device's primary context), otherwise
/// device 0's primary context, made current. This is what lets `Library::get_global` and
/// friends work without ceremony.
pub(crate) fn current_or_default() -> Result<Context> {
    let drv = driver()?;
    let mut cur: sys::CUcontext = ptr::null_mut();
    // SAFETY: reads the thread's current context.
    unsafe { cu!(drv, ctx_get_current(&mut cur)) }?;
    if cur.is_null() {
        let ctx = default_context()?;
        ctx.inner.make_current()?;
        return Ok(ctx);
    }
    if let Some(ctx) = known_context(cur) {
        return Ok(ctx);
    }
    let mut device: sys::CUdevice = 0;
    // SAFETY: writes the current context's device.
    unsafe { cu!(drv, ctx_get_device(&mut device)) }?;
    let primary = Context::primary(device.max(0) as usize, device)?;
    if primary.inner.raw == cur {
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
fn known_context(raw: sys::CUcontext) -> Option<Context> {
    let reg = registry().lock().ok()?;
    reg.iter()
        .filter_map(|w| w.upgrade())
        .find(|c| c.raw == raw)
        .map(|inner| Context { inner })
}

fn registry() -> &'static std::sync::Mutex<Vec<std::sync::Weak<ContextInner>>> {
    static REG: OnceLock<std::sync::Mutex<Vec<std::sync::Weak<ContextInner>>>> = OnceLock::new();
    REG.get_or_init(Default::default)
}

pub(crate) fn register(ctx: &Context) {
    if let Ok(mut reg) = registry().lock() {
        reg.retain(|w| w.strong_count() > 0);
        reg.push(Arc::downgrade(&ctx.inner));
    }
}
