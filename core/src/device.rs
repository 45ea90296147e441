//! CUDA devices and their properties.

use std::ffi::c_char;

use serde::Serialize;

use crate::context::Context;
use crate::driver::{cu, driver};
use crate::error::{Error, Result};
use crate::stream::{Event, Stream};
use crate::sys::driver as sys;

/// A CUDA device, by ordinal.
///
/// ```no_run
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::Device;
/// for dev in Device::all()? {
///     let (major, minor) = dev.compute_capability()?;
///     println!("{}: {} (sm_{major}{minor})", dev.ordinal(), dev.name()?);
/// }
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Device {
    ordinal: usize,
    pub(crate) raw: sys::CUdevice,
}

/// The main properties of a device, as plain data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeviceProperties {
    /// Device ordinal.
    pub ordinal: usize,
    /// Marketing name, e.g. `NVIDIA H100 80GB HBM3`.
    pub name: String,
    /// UUID as `GPU-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`.
    pub uuid: String,
    /// Compute capability `(major, minor)`.
    pub compute_capability: (i32, i32),
    /// Total global memory in bytes.
    pub total_memory: usize,
    /// Streaming multiprocessors.
    pub multiprocessor_count: i32,
    /// Threads per block, at most.
    pub max_threads_per_block: i32,
    /// Threads per multiprocessor, at most.
    pub max_threads_per_multiprocessor: i32,
    /// Maximum block dimensions.
    pub max_block_dim: [i32; 3],
    /// Maximum grid dimensions.
    pub max_grid_dim: [i32; 3],
    /// Warp size in threads.
    pub warp_size: i32,
    /// Static shared memory per block in bytes.
    pub shared_memory_per_block: i32,
    /// Shared memory per block a kernel can opt in to, in bytes.
    pub shared_memory_per_block_optin: i32,
    /// Shared memory per multiprocessor in bytes.
    pub shared_memory_per_multiprocessor: i32,
    /// 32-bit registers per block.
    pub registers_per_block: i32,
    /// Constant memory in bytes.
    pub total_constant_memory: i32,
    /// L2 cache in bytes.
    pub l2_cache_size: i32,
    /// Memory bus width in bits.
    pub memory_bus_width: i32,
    /// Peak memory clock in kHz.
    pub memory_clock_khz: i32,
    /// Peak SM clock in kHz.
    pub clock_rate_khz: i32,
    /// PCI domain, bus and device ids.
    pub pci: (i32, i32, i32),
    /// Whether `__managed__` memory is supported.
    pub managed_memory: bool,
    /// Whether cooperative launches are supported.
    pub cooperative_launch: bool,
    /// Whether thread-block clusters can be launched (sm_90+).
    pub cluster_launch: bool,
}

impl Device {
    /// How many CUDA devices the driver reports.
    pub fn count() -> Result<usize> {
        let drv = driver()?;
        let mut n = 0i32;
        // SAFETY: writes one int.
        unsafe { cu!(drv, device_get_count(&mut n)) }?;
        Ok(n.max(0) as usize)
    }

    /// The device with this ordinal.
    pub fn new(ordinal: usize) -> Result<Device> {
        let drv = driver()?;
        let count = Device::count()?;
        if ordinal >= count {
            return Err(if count == 0 {
                Error::NoDevice
            } else {
                Error::InvalidDevice { ordinal, count }
            });
        }
        let mut raw: sys::CUdevice = 0;
        // SAFETY: writes one device handle; ordinal is in range.
        unsafe { cu!(drv, device_get(&mut raw, ordinal as i32)) }?;
        Ok(Device { ordinal, raw })
    }

    /// Every device, in ordinal order.
    pub fn all() -> Result<Vec<Device>> {
        (0..Device::count()?).map(Device::new).collect()
    }

    /// The ordinal.
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    /// The raw `CUdevice`.
    pub fn as_raw(&self) -> i32 {
        self.raw
    }

    /// The device's name.
    pub fn name(&self) -> Result<String> {
        let drv = driver()?;
        let mut buf = [0 as c_char; 256];
        // SAFETY: the driver writes a NUL-terminated name of at most len bytes.
        unsafe {
            cu!(
                drv,
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

    /// One `CU_DEVICE_ATTRIBUTE_*` value.
    pub fn attribute(&self, attr: sys::CUdevice_attribute) -> Result<i32> {
        let drv = driver()?;
        let mut v = 0i32;
        // SAFETY: writes one int.
        unsafe { cu!(drv, device_get_attribute(&mut v, attr, self.raw)) }?;
        Ok(v)
    }

    /// Compute capability `(major, minor)`, e.g. `(9, 0)` for an H100.
    pub fn compute_capability(&self) -> Result<(i32, i32)> {
        Ok((
            self.attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?,
            self.attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?,
        ))
    }

    /// The SASS architecture name NVRTC and nvcc use for this device, e.g. `sm_90`.
    pub fn arch(&self) -> Result<String> {
        let (major, minor) = self.compute_capability()?;
        Ok(format!("sm_{major}{minor}"))
    }

    /// The device's UUID in `nvidia-smi`'s form.
    pub fn uuid(&self) -> Result<String> {
        let drv = driver()?;
        let mut u = sys::CUuuid { bytes: [0; 16] };
        // SAFETY: writes 16 bytes.
        unsafe { cu!(drv, device_get_uuid(&mut u, self.raw)) }?;
        let b: Vec<u8> = u.bytes.iter().map(|&c| c as u8).collect();
        let hex = |r: std::ops::Range<usize>| -> String {
            b[r].iter().map(|x| format!("{x:02x}")).collect()
        };
        Ok(format!(
            "GPU-{}-{}-{}-{}-{}",
            hex(0..4),
            hex(4..6),
            hex(6..8),
            hex(8..10),
            hex(10..16)
        ))
    }

    /// Total global memory in bytes.
    pub fn total_memory(&self) -> Result<usize> {
        let drv = driver()?;
        let mut bytes = 0usize;
        // SAFETY: writes one size_t.
        unsafe { cu!(drv, device_total_mem(&mut bytes, self.raw)) }?;
        Ok(bytes)
    }

    /// The main properties in one plain-data value.
    pub fn properties(&self) -> Result<DeviceProperties> {
        use sys::CUdevice_attribute as A;
        let a = |x| self.attribute(x);
        Ok(DeviceProperties {
            ordinal: self.ordinal,
            name: self.name()?,
            uuid: self.uuid()?,
            compute_capability: self.compute_capability()?,
            total_memory: self.total_memory()?,
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
        })
    }

    /// The device's primary context. It is retained on first use and kept for the life of
    /// the process.
    pub fn primary_context(&self) -> Result<Context> {
        Context::primary(self.ordinal, self.raw)
    }

    /// Makes the primary context current on the calling thread and returns it.
    pub fn set_current(&self) -> Result<Context> {
        let ctx = self.primary_context()?;
        ctx.set_current()?;
        Ok(ctx)
    }

    /// A new stream in the primary context.
    pub fn create_stream(&self) -> Result<Stream> {
        Stream::new(&self.primary_context()?)
    }

    /// A new timing event in the primary context.
    pub fn create_event(&self) -> Result<Event> {
        Event::new(&self.primary_context()?)
    }
}
