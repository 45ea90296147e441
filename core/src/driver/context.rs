//! Contexts on the driver: a device's primary context (retained once per process) or one
//! created or wrapped, with memory allocation, copies and fills in it. A registry maps the
//! thread's raw current context back to the [`Context`] that owns it.

use std::ffi::c_void;
use std::ptr;
use std::sync::{Arc, Mutex, OnceLock, Weak};

use super::{cu, driver, Device, Driver, DriverBackend, Stream};
use crate::backend::interface::{ContextInterface, DeviceInterface};
use crate::error::{Error, Result};
use crate::sys::driver as sys;

/// `CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED`.
const PEER_ACCESS_ALREADY_ENABLED: u32 = 704;

/// A driver context; released (primary) or destroyed (created) when the last owner drops it.
pub(crate) struct Context {
    pub raw: sys::CUcontext,
    pub device: sys::CUdevice,
    pub ordinal: usize,
    pub primary: bool,
    /// False for a context wrapped with `Context::from_raw`: someone else destroys it.
    owned: bool,
    pub drv: &'static Driver,
    /// What keeps a borrowed context alive while this value lives (cudarc's
    /// `Arc<CudaContext>` for one made with `Context::from_cudarc`).
    _keep_alive: Option<Arc<dyn std::any::Any + Send + Sync>>,
}

// SAFETY: CUDA contexts may be used from any thread; the handle is never mutated.
unsafe impl Send for Context {}
// SAFETY: as above.
unsafe impl Sync for Context {}

impl Drop for Context {
    fn drop(&mut self) {
        if !self.owned {
            return;
        }
        // SAFETY: releasing a context this value owns. Errors cannot be reported from Drop.
        unsafe {
            if self.primary {
                let _ = cu!(self.drv, primary_ctx_release(self.device));
            } else {
                let _ = cu!(self.drv, ctx_destroy(self.raw));
            }
        }
    }
}

impl Context {
    /// The device's primary context. It is retained once per process and kept for the
    /// process's life, so a context made current and then dropped by the caller never
    /// leaves the thread with a destroyed context.
    pub fn primary(ordinal: usize, device: Device) -> Result<Arc<Context>> {
        static PRIMARY: Mutex<Vec<Arc<Context>>> = Mutex::new(Vec::new());
        let mut cache = PRIMARY.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(c) = cache.iter().find(|c| c.device == device.raw) {
            return Ok(c.clone());
        }
        let drv = driver()?;
        let mut raw: sys::CUcontext = ptr::null_mut();
        // SAFETY: retains the primary context; released in Drop.
        unsafe { cu!(drv, primary_ctx_retain(&mut raw, device.raw)) }?;
        let ctx = Arc::new(Context {
            raw,
            device: device.raw,
            ordinal,
            primary: true,
            owned: true,
            drv,
            _keep_alive: None,
        });
        cache.push(ctx.clone());
        Ok(ctx)
    }

    /// A new context on `device` (`cuCtxCreate`), current on the calling thread.
    pub fn create(ordinal: usize, device: Device) -> Result<Arc<Context>> {
        let drv = driver()?;
        let mut raw: sys::CUcontext = ptr::null_mut();
        // SAFETY: creates a context destroyed in Drop.
        unsafe { cu!(drv, ctx_create(&mut raw, 0, device.raw)) }?;
        Ok(register(Context {
            raw,
            device: device.raw,
            ordinal,
            primary: false,
            owned: true,
            drv,
            _keep_alive: None,
        }))
    }

    /// Wraps a context made elsewhere without owning it.
    ///
    /// # Safety
    /// `raw` must be a valid `CUcontext` that outlives the returned value (or that
    /// `keep_alive` keeps alive).
    pub unsafe fn borrowed(
        raw: *mut c_void,
        keep_alive: Option<Arc<dyn std::any::Any + Send + Sync>>,
    ) -> Result<Arc<Context>> {
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
        Ok(register(Context {
            raw,
            device,
            ordinal: device.max(0) as usize,
            primary: false,
            owned: false,
            drv,
            _keep_alive: keep_alive,
        }))
    }

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

impl ContextInterface<DriverBackend> for Context {
    /// The calling thread's current context when this crate made or wrapped it (or it is a
    /// device's primary context); otherwise device 0's primary context, made current.
    fn current_or_default() -> Result<Arc<Context>> {
        let drv = driver()?;
        let mut cur: sys::CUcontext = ptr::null_mut();
        // SAFETY: reads the thread's current context.
        unsafe { cu!(drv, ctx_get_current(&mut cur)) }?;
        if cur.is_null() {
            let ctx = Context::primary(0, Device::get(0)?)?;
            ctx.make_current()?;
            return Ok(ctx);
        }
        if let Some(ctx) = known(cur) {
            return Ok(ctx);
        }
        let mut device: sys::CUdevice = 0;
        // SAFETY: writes the current context's device.
        unsafe { cu!(drv, ctx_get_device(&mut device)) }?;
        let primary = Context::primary(device.max(0) as usize, Device { raw: device })?;
        if primary.raw == cur {
            return Ok(primary);
        }
        Err(Error::InvalidArgument(
            "the thread's current CUDA context was not made by cuda-library; wrap it with \
             `Context::from_raw` or make a cuda-library `Context` current"
                .to_string(),
        ))
    }

    /// `cuCtxSynchronize`.
    fn synchronize(&self) -> Result<()> {
        self.make_current()?;
        // SAFETY: no arguments.
        unsafe { cu!(self.drv, ctx_synchronize()) }
    }

    /// `cuMemGetInfo`: free and total bytes.
    fn mem_info(&self) -> Result<(usize, usize)> {
        self.make_current()?;
        let (mut free, mut total) = (0usize, 0usize);
        // SAFETY: writes two size_t.
        unsafe { cu!(self.drv, mem_get_info(&mut free, &mut total)) }?;
        Ok((free, total))
    }

    /// The allocation holding `ptr` (`cuMemGetAddressRange`): its base and size, or `None`
    /// when `ptr` is not device memory of this context's address space.
    #[cfg(feature = "notebook")]
    fn address_range(&self, ptr: u64) -> Result<Option<(u64, usize)>> {
        self.make_current()?;
        let (mut base, mut size) = (0u64, 0usize);
        // SAFETY: writes a CUdeviceptr and a size_t; the driver only looks the pointer up.
        match unsafe { cu!(self.drv, mem_get_address_range(&mut base, &mut size, ptr)) } {
            Ok(()) => Ok(Some((base, size))),
            // Not an allocation; any other error (a context broken by a fault) is reported.
            Err(Error::Cuda(e))
                if e.code == crate::CudaError::NOT_FOUND
                    || e.code == crate::CudaError::INVALID_VALUE =>
            {
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// `cuMemAlloc` of `bytes > 0`.
    fn alloc(&self, bytes: usize) -> Result<u64> {
        self.make_current()?;
        let mut ptr: sys::CUdeviceptr = 0;
        // SAFETY: allocates `bytes`; the caller frees it with `free`.
        unsafe { cu!(self.drv, mem_alloc(&mut ptr, bytes)) }?;
        Ok(ptr)
    }

    /// `cuMemFree` of memory from [`alloc`](Context::alloc).
    fn free(&self, ptr: u64) -> Result<()> {
        self.make_current()?;
        // SAFETY: frees an allocation the caller owns.
        unsafe { cu!(self.drv, mem_free(ptr)) }
    }

    /// Host to device. The caller guarantees `[dst, dst + src.len())` is device memory.
    fn htod(&self, dst: u64, src: &[u8]) -> Result<()> {
        self.make_current()?;
        // SAFETY: the caller guarantees the device range; the host slice is its size.
        unsafe { cu!(self.drv, memcpy_htod(dst, src.as_ptr().cast(), src.len())) }
    }

    /// Device to host. The caller guarantees the device range.
    fn dtoh(&self, dst: &mut [u8], src: u64) -> Result<()> {
        self.make_current()?;
        // SAFETY: the caller guarantees the device range; the host slice is its size.
        unsafe {
            cu!(
                self.drv,
                memcpy_dtoh(dst.as_mut_ptr().cast(), src, dst.len())
            )
        }
    }

    /// Device to device. The caller guarantees both ranges.
    fn dtod(&self, dst: u64, src: u64, bytes: usize) -> Result<()> {
        self.make_current()?;
        // SAFETY: the caller guarantees both device ranges.
        unsafe { cu!(self.drv, memcpy_dtod(dst, src, bytes)) }
    }

    /// `cuMemsetD8`. The caller guarantees the device range.
    fn memset8(&self, dst: u64, value: u8, count: usize) -> Result<()> {
        self.make_current()?;
        // SAFETY: the caller guarantees the device range.
        unsafe { cu!(self.drv, memset_d8(dst, value, count)) }
    }

    /// `cuMemsetD32`. The caller guarantees the device range.
    fn memset32(&self, dst: u64, value: u32, count: usize) -> Result<()> {
        self.make_current()?;
        // SAFETY: the caller guarantees the device range.
        unsafe { cu!(self.drv, memset_d32(dst, value, count)) }
    }

    /// Reads host-accessible (managed) memory after the device's work. The caller
    /// guarantees `[src, src + dst.len())` is managed memory that stays allocated.
    fn read_managed(&self, dst: &mut [u8], src: u64) -> Result<()> {
        self.synchronize()?;
        // SAFETY: the caller's guarantee; the device is idle.
        unsafe {
            std::ptr::copy_nonoverlapping(src as usize as *const u8, dst.as_mut_ptr(), dst.len())
        };
        Ok(())
    }

    /// Writes host-accessible (managed) memory after the device's work. As
    /// [`read_managed`](Context::read_managed).
    fn write_managed(&self, dst: u64, src: &[u8]) -> Result<()> {
        self.synchronize()?;
        // SAFETY: the caller guarantees the managed range; the device is idle.
        unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), dst as usize as *mut u8, src.len()) };
        Ok(())
    }

    /// `cuCtxEnablePeerAccess`: kernels in this context may read `peer`'s memory. Enabling
    /// it twice is not an error.
    fn enable_peer_access(&self, peer: &Context) -> Result<()> {
        self.make_current()?;
        // SAFETY: both contexts are alive; flags must be 0.
        match unsafe { cu!(self.drv, ctx_enable_peer_access(peer.raw, 0)) } {
            Err(Error::Cuda(e)) if e.code == PEER_ACCESS_ALREADY_ENABLED => Ok(()),
            r => r,
        }
    }

    /// `cuMemcpyPeer` (or `cuMemcpyPeerAsync` on `stream`) of `bytes` from `src` in
    /// `src_ctx` to `dst` in this context. The caller guarantees both ranges (and, for an
    /// asynchronous copy, that they outlive it).
    fn copy_from_peer(
        &self,
        dst: u64,
        src_ctx: &Context,
        src: u64,
        bytes: usize,
        stream: Option<&Stream>,
    ) -> Result<()> {
        match stream {
            None => {
                self.make_current()?;
                // SAFETY: the caller guarantees both ranges.
                unsafe {
                    cu!(
                        self.drv,
                        memcpy_peer(dst, self.raw, src, src_ctx.raw, bytes)
                    )
                }
            }
            Some(s) => {
                s.ctx.make_current()?;
                // SAFETY: the caller guarantees both ranges; the stream is alive.
                unsafe {
                    cu!(
                        self.drv,
                        memcpy_peer_async(dst, self.raw, src, src_ctx.raw, bytes, s.raw)
                    )
                }
            }
        }
    }

    fn make_current(this: &Arc<Context>) -> Result<()> {
        this.make_current()
    }

    fn ordinal(&self) -> usize {
        self.ordinal
    }

    fn is_primary(&self) -> bool {
        self.primary
    }

    /// The SMs of the green context this context was made from (`cuCtxFromGreenCtx`),
    /// which it keeps alive.
    fn green_sms(&self) -> Option<u32> {
        let keep = self._keep_alive.as_deref()?;
        keep.downcast_ref::<super::green::GreenContext>()
            .map(super::green::GreenContext::sm_count)
    }

    fn as_raw(&self) -> *mut c_void {
        self.raw.cast()
    }

    fn encode_tensor_map(
        &self,
        desc: &cuda_library_engine::tensor_map::TensorMapDesc,
    ) -> Result<[u8; cuda_library_engine::tensor_map::TENSOR_MAP_BYTES]> {
        super::tensor_map::encode(desc)
    }

    fn replace_tensor_map_address(
        &self,
        map: &mut [u8; cuda_library_engine::tensor_map::TENSOR_MAP_BYTES],
        _desc: &cuda_library_engine::tensor_map::TensorMapDesc,
        address: u64,
    ) -> Result<()> {
        super::tensor_map::replace_address(map, address)
    }
}

/// Contexts this crate made or wrapped, so a raw current context maps back to its owner.
fn registry() -> &'static Mutex<Vec<Weak<Context>>> {
    static REG: OnceLock<Mutex<Vec<Weak<Context>>>> = OnceLock::new();
    REG.get_or_init(Default::default)
}

fn register(ctx: Context) -> Arc<Context> {
    let ctx = Arc::new(ctx);
    if let Ok(mut reg) = registry().lock() {
        reg.retain(|w| w.strong_count() > 0);
        reg.push(Arc::downgrade(&ctx));
    }
    ctx
}

fn known(raw: sys::CUcontext) -> Option<Arc<Context>> {
    let reg = registry().lock().ok()?;
    reg.iter().filter_map(Weak::upgrade).find(|c| c.raw == raw)
}
