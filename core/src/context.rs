//! CUDA contexts: a device's primary context (what most code uses) or a context of its own.
//!
//! A context is where memory, streams and events live. On the simulator every context
//! shares the simulated devices' one memory.

use std::ffi::c_void;

use crate::backend::seam;
use crate::error::Result;

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
    pub(crate) imp: seam::Context,
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("device", &self.imp.ordinal())
            .field("primary", &self.imp.is_primary())
            .field("simulated", &self.is_simulated())
            .field("raw", &self.as_raw())
            .finish()
    }
}

impl Context {
    /// Wraps a context made elsewhere (another crate, C code) without taking ownership: it is
    /// not destroyed when this value drops. Driver backend only.
    ///
    /// # Safety
    /// `raw` must be a valid `CUcontext` that outlives the returned value and everything
    /// made through it.
    pub unsafe fn from_raw(raw: *mut c_void) -> Result<Context> {
        // SAFETY: the caller's promise, passed on.
        unsafe { Context::borrowed(raw, None) }
    }

    /// [`from_raw`](Context::from_raw), keeping `keep_alive` (the context's owner) alive as
    /// long as this value and its clones.
    ///
    /// # Safety
    /// As [`from_raw`](Context::from_raw), with "outlives" met by `keep_alive` if given.
    pub(crate) unsafe fn borrowed(
        raw: *mut c_void,
        keep_alive: Option<std::sync::Arc<dyn std::any::Any + Send + Sync>>,
    ) -> Result<Context> {
        // SAFETY: the caller's promise, passed on.
        let imp = unsafe { seam::Context::borrowed(raw, keep_alive) }?;
        Ok(Context { imp })
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
        self.imp.is_primary()
    }

    /// Whether this context is on the simulated device.
    pub fn is_simulated(&self) -> bool {
        self.imp.is_simulated()
    }

    /// Free and total device memory in bytes (`cuMemGetInfo`), as seen from this context.
    pub fn mem_info(&self) -> Result<(usize, usize)> {
        self.imp.mem_info()
    }

    /// The raw `CUcontext` (null on the simulator). It stays valid while this `Context` (or
    /// a clone) lives.
    pub fn as_raw(&self) -> *mut c_void {
        self.imp.as_raw()
    }
}

/// The context work runs in when the caller did not pick one: the calling thread's current
/// context (a [`Context`] this crate made or wrapped, or a device's primary context), otherwise
/// device 0's primary context, made current. This is what lets `Library::get_global` and
/// friends work without ceremony.
pub(crate) fn current_or_default() -> Result<Context> {
    Ok(Context {
        imp: seam::Context::current_or_default()?,
    })
}
