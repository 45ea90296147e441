//! Unified memory on the driver: `cuMemAllocManaged`, `cuMemPrefetchAsync` (its CUDA 12.2
//! form, with a `CUmemLocation`), `cuMemAdvise` (likewise) and `cuStreamAttachMemAsync`.
//! Managed memory is host-addressable: a host view reads it in place.

use super::{cu, Context, Device, DriverBackend, Stream};
use crate::backend::interface::ManagedInterface;
use crate::error::{Error, Result};
use crate::info::{Advice, Attach, Location, Migration};
use crate::sys::driver as sys;

/// `CUmemAttach_flags` of an attachment.
fn attach_flags(attach: Attach) -> u32 {
    let f = match attach {
        Attach::Global => sys::CUmemAttach_flags::CU_MEM_ATTACH_GLOBAL,
        Attach::Host => sys::CUmemAttach_flags::CU_MEM_ATTACH_HOST,
        Attach::Single => sys::CUmemAttach_flags::CU_MEM_ATTACH_SINGLE,
    };
    f.0
}

/// A checked location as the driver's `CUmemLocation` (a device's ordinal is its
/// `CUdevice`; the id of the host is ignored).
fn location(to: Location) -> Result<sys::CUmemLocation> {
    Ok(match to {
        Location::Device(ordinal) => sys::CUmemLocation {
            type_: sys::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE,
            id: i32::try_from(ordinal).map_err(|_| {
                Error::InvalidArgument(format!("device ordinal {ordinal} does not fit a CUdevice"))
            })?,
        },
        Location::Host => sys::CUmemLocation {
            type_: sys::CUmemLocationType::CU_MEM_LOCATION_TYPE_HOST,
            id: 0,
        },
    })
}

impl ManagedInterface<DriverBackend> for Context {
    /// `cuMemAllocManaged`.
    fn alloc_managed(&self, bytes: usize, attach: Attach) -> Result<u64> {
        self.make_current()?;
        let mut ptr: sys::CUdeviceptr = 0;
        // SAFETY: allocates `bytes` (> 0, checked by the caller); freed by `free_managed`.
        unsafe {
            cu!(
                self.drv,
                mem_alloc_managed(&mut ptr, bytes, attach_flags(attach))
            )
        }?;
        Ok(ptr)
    }

    /// `cuMemFree`, which frees managed memory too.
    fn free_managed(&self, ptr: u64) -> Result<()> {
        self.make_current()?;
        // SAFETY: frees an allocation the caller owns, whose kernels it waited for.
        unsafe { cu!(self.drv, mem_free(ptr)) }
    }

    /// `CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS` of the context's device.
    fn concurrent_managed_access(&self) -> Result<bool> {
        let device = Device { raw: self.device };
        let v = device
            .attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS)?;
        Ok(v != 0)
    }

    /// Managed memory has one address on the host and the device.
    fn managed_host_ptr(&self, ptr: u64) -> Option<*mut u8> {
        Some(ptr as usize as *mut u8)
    }

    /// The driver migrates pages when the host touches them.
    fn managed_to_host(&self, _ptr: u64, _bytes: usize) -> Result<()> {
        Ok(())
    }

    /// A copy through the host pointer (the views read in place; kept for the seam).
    fn managed_read(&self, dst: &mut [u8], src: u64) -> Result<()> {
        // SAFETY: the caller's range is managed memory of `dst.len()` bytes, host-addressable,
        // and no kernel that takes it runs (the caller keeps the rule).
        let s = unsafe { std::slice::from_raw_parts(src as usize as *const u8, dst.len()) };
        dst.copy_from_slice(s);
        Ok(())
    }

    /// As `managed_read`, the other way.
    fn managed_write(&self, dst: u64, src: &[u8]) -> Result<()> {
        // SAFETY: as in `managed_read`; the caller holds the only access.
        let d = unsafe { std::slice::from_raw_parts_mut(dst as usize as *mut u8, src.len()) };
        d.copy_from_slice(src);
        Ok(())
    }

    /// The GPU faults the pages in itself.
    fn managed_kernel_touch(&self, _ptr: u64, _bytes: usize, _stream: &Stream) -> Result<()> {
        Ok(())
    }

    /// `cuMemPrefetchAsync` (the `_v2` ABI of CUDA 12.2+), no flags.
    fn prefetch_managed(
        &self,
        ptr: u64,
        bytes: usize,
        to: Location,
        stream: &Stream,
    ) -> Result<()> {
        self.make_current()?;
        let loc = location(to)?;
        // SAFETY: the range is the caller's managed allocation; the stream is alive.
        unsafe { cu!(self.drv, mem_prefetch_async(ptr, bytes, loc, 0, stream.raw)) }
    }

    /// `cuMemAdvise` (the `_v2` ABI of CUDA 12.2+).
    fn advise_managed(&self, ptr: u64, bytes: usize, advice: Advice) -> Result<()> {
        use sys::CUmem_advise as A;
        self.make_current()?;
        let (code, loc) = match advice {
            Advice::SetReadMostly => (A::CU_MEM_ADVISE_SET_READ_MOSTLY, None),
            Advice::UnsetReadMostly => (A::CU_MEM_ADVISE_UNSET_READ_MOSTLY, None),
            Advice::SetPreferredLocation(l) => (A::CU_MEM_ADVISE_SET_PREFERRED_LOCATION, Some(l)),
            Advice::UnsetPreferredLocation => (A::CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION, None),
            Advice::SetAccessedBy(l) => (A::CU_MEM_ADVISE_SET_ACCESSED_BY, Some(l)),
            Advice::UnsetAccessedBy(l) => (A::CU_MEM_ADVISE_UNSET_ACCESSED_BY, Some(l)),
        };
        // The advice without a location ignores it; the device's is as good as any.
        let loc = location(loc.unwrap_or(Location::Device(self.ordinal)))?;
        // SAFETY: the range is the caller's managed allocation.
        unsafe { cu!(self.drv, mem_advise(ptr, bytes, code, loc)) }
    }

    /// `cuStreamAttachMemAsync` of the whole allocation (length 0, as the driver requires
    /// for memory from `cuMemAllocManaged`).
    fn attach_managed(&self, ptr: u64, attach: Attach, stream: &Stream) -> Result<()> {
        self.make_current()?;
        // SAFETY: `ptr` is the base of the caller's managed allocation; the stream is alive.
        unsafe {
            cu!(
                self.drv,
                stream_attach_mem_async(stream.raw, ptr, 0, attach_flags(attach))
            )
        }
    }

    /// The driver keeps no migration count this crate can read cheaply.
    fn managed_migration(&self, _ptr: u64) -> Option<Migration> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attachments_and_locations_are_the_headers_values() {
        assert_eq!(attach_flags(Attach::Global), 1);
        assert_eq!(attach_flags(Attach::Host), 2);
        assert_eq!(attach_flags(Attach::Single), 4);
        let d = location(Location::Device(3)).unwrap();
        assert_eq!((d.type_.0, d.id), (1, 3));
        assert_eq!(location(Location::Host).unwrap().type_.0, 2);
        assert!(location(Location::Device(usize::MAX)).is_err());
    }
}
