//! Memory pools on the driver (`cuMemPool*`, CUDA 11.2+), for stream-ordered allocation.

use std::ffi::c_void;
use std::ptr;
use std::sync::Arc;

use super::{cu, Context, DriverBackend};
use crate::backend::interface::MemPoolInterface;
use crate::error::Result;
use crate::info::MemPoolStats;
use crate::sys::driver as sys;

/// A `CUmemoryPool`: a created pool (destroyed on drop) or a device's default pool.
pub(crate) struct MemPool {
    pub raw: sys::CUmemoryPool,
    pub ctx: Arc<Context>,
    /// Whether this value made the pool (and destroys it).
    owned: bool,
}

// SAFETY: pool handles may be used from any thread; the handle is never mutated.
unsafe impl Send for MemPool {}
// SAFETY: as above.
unsafe impl Sync for MemPool {}

impl MemPool {
    /// `cuMemPoolGetAttribute` of a 64-bit attribute.
    fn get(&self, attr: sys::CUmemPool_attribute) -> Result<u64> {
        let mut value: u64 = 0;
        // SAFETY: the pool is alive; every attribute asked for here is a cuuint64_t.
        unsafe {
            cu!(
                self.ctx.drv,
                mem_pool_get_attribute(self.raw, attr, (&mut value as *mut u64).cast())
            )
        }?;
        Ok(value)
    }
}

impl MemPool {
    /// `cuMemPoolCreate` of pinned memory on the context's device whose allocations can be
    /// exported as `handle_type` (`CU_MEM_HANDLE_TYPE_NONE`: none), then its release
    /// threshold.
    pub(super) fn create_exportable(
        ctx: &Arc<Context>,
        release_threshold: u64,
        handle_type: sys::CUmemAllocationHandleType,
    ) -> Result<MemPool> {
        ctx.make_current()?;
        let props = sys::CUmemPoolProps_v1 {
            allocType: sys::CUmemAllocationType::CU_MEM_ALLOCATION_TYPE_PINNED,
            handleTypes: handle_type,
            location: sys::CUmemLocation {
                type_: sys::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE,
                // The device's ordinal, which is its CUdevice.
                id: ctx.device,
            },
            ..Default::default()
        };
        let mut raw: sys::CUmemoryPool = ptr::null_mut();
        // SAFETY: `props` is a complete, zero-padded CUmemPoolProps; writes one handle,
        // destroyed in Drop.
        unsafe { cu!(ctx.drv, mem_pool_create(&mut raw, &props)) }?;
        let pool = MemPool {
            raw,
            ctx: ctx.clone(),
            owned: true,
        };
        pool.set_release_threshold(release_threshold)?;
        Ok(pool)
    }

    /// Takes ownership of a pool imported from another process (destroyed on drop).
    pub(super) fn imported(raw: sys::CUmemoryPool, ctx: &Arc<Context>) -> MemPool {
        MemPool {
            raw,
            ctx: ctx.clone(),
            owned: true,
        }
    }
}

impl MemPoolInterface<DriverBackend> for MemPool {
    /// `cuMemPoolCreate` of pinned memory on the context's device, no IPC handles, then
    /// its release threshold.
    fn create(ctx: &Arc<Context>, release_threshold: u64) -> Result<MemPool> {
        MemPool::create_exportable(
            ctx,
            release_threshold,
            sys::CUmemAllocationHandleType::CU_MEM_HANDLE_TYPE_NONE,
        )
    }

    /// `cuDeviceGetDefaultMemPool`.
    fn device_default(ctx: &Arc<Context>) -> Result<MemPool> {
        ctx.make_current()?;
        let mut raw: sys::CUmemoryPool = ptr::null_mut();
        // SAFETY: writes one handle, which the driver owns.
        unsafe { cu!(ctx.drv, device_get_default_mem_pool(&mut raw, ctx.device)) }?;
        Ok(MemPool {
            raw,
            ctx: ctx.clone(),
            owned: false,
        })
    }

    fn stats(&self) -> Result<MemPoolStats> {
        use sys::CUmemPool_attribute as A;
        Ok(MemPoolStats {
            reserved: self.get(A::CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT)?,
            reserved_high: self.get(A::CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH)?,
            used: self.get(A::CU_MEMPOOL_ATTR_USED_MEM_CURRENT)?,
            used_high: self.get(A::CU_MEMPOOL_ATTR_USED_MEM_HIGH)?,
            release_threshold: self.get(A::CU_MEMPOOL_ATTR_RELEASE_THRESHOLD)?,
        })
    }

    /// `cuMemPoolSetAttribute(CU_MEMPOOL_ATTR_RELEASE_THRESHOLD)`.
    fn set_release_threshold(&self, bytes: u64) -> Result<()> {
        let mut value = bytes;
        // SAFETY: the pool is alive; the attribute is a cuuint64_t the driver reads.
        unsafe {
            cu!(
                self.ctx.drv,
                mem_pool_set_attribute(
                    self.raw,
                    sys::CUmemPool_attribute::CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                    (&mut value as *mut u64).cast()
                )
            )
        }
    }

    /// `cuMemPoolTrimTo`.
    fn trim_to(&self, keep: u64) -> Result<()> {
        let keep = usize::try_from(keep).unwrap_or(usize::MAX);
        // SAFETY: the pool is alive.
        unsafe { cu!(self.ctx.drv, mem_pool_trim_to(self.raw, keep)) }
    }

    fn as_raw(&self) -> *mut c_void {
        self.raw.cast()
    }
}

impl Drop for MemPool {
    fn drop(&mut self) {
        if !self.owned {
            return;
        }
        // SAFETY: destroying the pool this value made. Buffers from it hold this value
        // until they are freed, so none is outstanding; the driver finishes frees still
        // queued before releasing the pool.
        unsafe {
            let _ = cu!(self.ctx.drv, mem_pool_destroy(self.raw));
        }
    }
}
