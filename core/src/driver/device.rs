//! Devices on the driver: count, handles, names and attributes, peer access.

use std::ffi::c_char;
use std::sync::Arc;

use super::{cu, driver, Context, DriverBackend};
use crate::backend::interface::{DeviceInterface, SmResource};
use crate::error::Result;
use crate::info::DeviceProperties;
use crate::sys::driver as sys;

/// A `CUdevice`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Device {
    pub raw: sys::CUdevice,
}

impl Device {
    /// `cuDeviceGetAttribute`.
    pub fn attribute(&self, attr: sys::CUdevice_attribute) -> Result<i32> {
        let mut v = 0i32;
        // SAFETY: writes one int.
        unsafe { cu!(driver()?, device_get_attribute(&mut v, attr, self.raw)) }?;
        Ok(v)
    }
}

impl DeviceInterface<DriverBackend> for Device {
    /// `cuDeviceGetCount`.
    fn count() -> Result<usize> {
        let mut n = 0i32;
        // SAFETY: writes one int.
        unsafe { cu!(driver()?, device_get_count(&mut n)) }?;
        Ok(n.max(0) as usize)
    }

    /// `cuDeviceGet`; the caller has checked `ordinal` against the count.
    fn get(ordinal: usize) -> Result<Device> {
        let mut raw: sys::CUdevice = 0;
        // SAFETY: writes one device handle.
        unsafe { cu!(driver()?, device_get(&mut raw, ordinal as i32)) }?;
        Ok(Device { raw })
    }

    /// `cuDeviceGetName`.
    fn name(&self) -> Result<String> {
        let mut buf = [0 as c_char; 256];
        // SAFETY: the driver writes a NUL-terminated name of at most len bytes.
        unsafe {
            cu!(
                driver()?,
                device_get_name(buf.as_mut_ptr(), buf.len() as i32, self.raw)
            )
        }?;
        let bytes: Vec<u8> = buf
            .iter()
            .take_while(|&&c| c != 0)
            .map(|&c| c as u8)
            .collect();
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Compute capability (major, minor).
    fn compute_capability(&self) -> Result<(i32, i32)> {
        use sys::CUdevice_attribute as A;
        Ok((
            self.attribute(A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?,
            self.attribute(A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?,
        ))
    }

    /// `cuDeviceGetUuid`'s 16 bytes.
    fn uuid(&self) -> Result<[u8; 16]> {
        let mut u = sys::CUuuid { bytes: [0; 16] };
        // SAFETY: writes 16 bytes.
        unsafe { cu!(driver()?, device_get_uuid(&mut u, self.raw)) }?;
        Ok(u.bytes.map(|b| b as u8))
    }

    /// `cuDeviceTotalMem`.
    fn total_memory(&self) -> Result<usize> {
        let mut bytes = 0usize;
        // SAFETY: writes one size_t.
        unsafe { cu!(driver()?, device_total_mem(&mut bytes, self.raw)) }?;
        Ok(bytes)
    }

    /// The attributes [`DeviceProperties`] holds beyond name, UUID, capability and memory
    /// (those are filled in by the caller from the calls above).
    fn properties(&self, base: DeviceProperties) -> Result<DeviceProperties> {
        use sys::CUdevice_attribute as A;
        let a = |x| self.attribute(x);
        Ok(DeviceProperties {
            multiprocessor_count: a(A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?,
            max_threads_per_block: a(A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK)?,
            max_threads_per_multiprocessor: a(
                A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
            )?,
            max_block_dim: [
                a(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X)?,
                a(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y)?,
                a(A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z)?,
            ],
            max_grid_dim: [
                a(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X)?,
                a(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y)?,
                a(A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z)?,
            ],
            warp_size: a(A::CU_DEVICE_ATTRIBUTE_WARP_SIZE)?,
            shared_memory_per_block: a(A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK)?,
            shared_memory_per_block_optin: a(
                A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
            )?,
            shared_memory_per_multiprocessor: a(
                A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
            )?,
            registers_per_block: a(A::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK)?,
            total_constant_memory: a(A::CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY)?,
            l2_cache_size: a(A::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)?,
            memory_bus_width: a(A::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH)?,
            memory_clock_khz: a(A::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE)?,
            clock_rate_khz: a(A::CU_DEVICE_ATTRIBUTE_CLOCK_RATE)?,
            pci: (
                a(A::CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID)?,
                a(A::CU_DEVICE_ATTRIBUTE_PCI_BUS_ID)?,
                a(A::CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID)?,
            ),
            managed_memory: a(A::CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY)? != 0,
            cooperative_launch: a(A::CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH)? != 0,
            cluster_launch: a(A::CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH)? != 0,
            ..base
        })
    }

    /// `cuDeviceCanAccessPeer`.
    fn can_access_peer(&self, peer: &Device) -> Result<bool> {
        let mut can = 0i32;
        // SAFETY: writes one int; both device handles came from the driver.
        unsafe {
            cu!(
                driver()?,
                device_can_access_peer(&mut can, self.raw, peer.raw)
            )
        }?;
        Ok(can != 0)
    }

    /// `cuDeviceGetDevResource` (type SM).
    fn sm_resource(&self) -> Result<SmResource> {
        super::green::device_sms(self.raw).map(|r| (r.bytes, r.sm_count()))
    }

    /// `cuDevSmResourceSplitByCount`.
    fn split_sms(
        &self,
        input: &SmResource,
        groups: u32,
        min_sms: u32,
    ) -> Result<(Vec<SmResource>, SmResource)> {
        let input = super::green::Resource { bytes: input.0 };
        let (made, rest) = super::green::split(&input, groups, min_sms)?;
        let seam = |r: super::green::Resource| (r.bytes, r.sm_count());
        Ok((made.into_iter().map(seam).collect(), seam(rest)))
    }

    /// `cuGreenCtxCreate`, then `cuCtxFromGreenCtx`.
    fn green_context(&self, resource: &SmResource) -> Result<Arc<Context>> {
        super::green::create(self.raw, &super::green::Resource { bytes: resource.0 })
    }

    fn raw(&self) -> i32 {
        self.raw
    }

    fn primary_context(&self, ordinal: usize) -> Result<Arc<Context>> {
        Context::primary(ordinal, *self)
    }

    fn create_context(&self, ordinal: usize) -> Result<Arc<Context>> {
        Context::create(ordinal, *self)
    }
}
