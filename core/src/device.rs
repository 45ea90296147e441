//! CUDA devices and their properties.

#[cfg(not(target_arch = "wasm32"))]
use std::ffi::c_char;

use crate::backend::{selected, BackendKind};
use crate::context::Context;
#[cfg(not(target_arch = "wasm32"))]
use crate::driver::{cu, driver, Driver};
use crate::error::{Error, Result};
use crate::sim::device as simdev;
use crate::stream::{Event, Stream};
#[cfg(not(target_arch = "wasm32"))]
use crate::sys::driver as sys;

/// A CUDA device, by ordinal: a GPU behind the driver, or the simulated device (see
/// [`backend`](crate::backend())).
///
/// ```
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
    pub(crate) raw: i32,
    kind: BackendKind,
}

/// The main properties of a device, as plain data.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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

/// The number of devices the driver reports.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn driver_device_count(drv: &Driver) -> Result<usize> {
    let mut n = 0i32;
    // SAFETY: writes one int.
    unsafe { cu!(drv, device_get_count(&mut n)) }?;
    Ok(n.max(0) as usize)
}

impl Device {
    /// How many devices the backend has (the simulator has one, or what
    /// `CUDA_LIBRARY_SIM_DEVICES` or [`sim::set_device_count`](crate::sim::set_device_count)
    /// asks for).
    pub fn count() -> Result<usize> {
        match selected()?.kind {
            #[cfg(not(target_arch = "wasm32"))]
            BackendKind::Driver => driver_device_count(driver()?),
            _ => {
                simdev::check_device_count_setting()?;
                Ok(crate::sim::device_count())
            }
        }
    }

    /// The device with this ordinal.
    pub fn new(ordinal: usize) -> Result<Device> {
        let kind = selected()?.kind;
        let count = Device::count()?;
        if ordinal >= count {
            return Err(if count == 0 {
                Error::NoDevice
            } else {
                Error::InvalidDevice { ordinal, count }
            });
        }
        match kind {
            #[cfg(not(target_arch = "wasm32"))]
            BackendKind::Driver => {
                let mut raw: sys::CUdevice = 0;
                // SAFETY: writes one device handle; ordinal is in range.
                unsafe { cu!(driver()?, device_get(&mut raw, ordinal as i32)) }?;
                Ok(Device { ordinal, raw, kind })
            }
            _ => Ok(Device {
                ordinal,
                raw: ordinal as i32,
                kind: BackendKind::Sim,
            }),
        }
    }

    /// Every device, in ordinal order.
    pub fn all() -> Result<Vec<Device>> {
        (0..Device::count()?).map(Device::new).collect()
    }

    /// The ordinal.
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    /// The backend this device belongs to.
    pub fn backend(&self) -> BackendKind {
        self.kind
    }

    /// Whether this is the simulated device.
    pub fn is_simulated(&self) -> bool {
        self.kind == BackendKind::Sim
    }

    /// The raw `CUdevice` (the ordinal on the simulator).
    pub fn as_raw(&self) -> i32 {
        self.raw
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn driver(&self) -> Result<Option<&'static Driver>> {
        match self.kind {
            BackendKind::Driver => Ok(Some(driver()?)),
            _ => Ok(None),
        }
    }

    /// The device's name.
    pub fn name(&self) -> Result<String> {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(drv) = self.driver()? {
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
            return Ok(String::from_utf8_lossy(&bytes).into_owned());
        }
        Ok(simdev::NAME.to_string())
    }

    /// One `CU_DEVICE_ATTRIBUTE_*` value (driver backend; on the simulator use
    /// [`properties`](Device::properties)).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn attribute(&self, attr: sys::CUdevice_attribute) -> Result<i32> {
        let Some(drv) = self.driver()? else {
            return Err(Error::Unsupported(format!(
                "the simulated device has no raw attribute {attr:?}; use Device::properties()"
            )));
        };
        let mut v = 0i32;
        // SAFETY: writes one int.
        unsafe { cu!(drv, device_get_attribute(&mut v, attr, self.raw)) }?;
        Ok(v)
    }

    /// Compute capability `(major, minor)`, e.g. `(9, 0)` for an H100 (and the simulator).
    pub fn compute_capability(&self) -> Result<(i32, i32)> {
        #[cfg(not(target_arch = "wasm32"))]
        if self.kind == BackendKind::Driver {
            return Ok((
                self.attribute(
                    sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                )?,
                self.attribute(
                    sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                )?,
            ));
        }
        let arch = crate::SIM_ARCH as i32;
        Ok((arch / 10, arch % 10))
    }

    /// The SASS architecture name NVRTC and nvcc use for this device, e.g. `sm_90`.
    pub fn arch(&self) -> Result<String> {
        let (major, minor) = self.compute_capability()?;
        Ok(format!("sm_{major}{minor}"))
    }

    /// The device's UUID in `nvidia-smi`'s form (a simulated device's is zeros but its
    /// ordinal and the letters `sim` at the end).
    pub fn uuid(&self) -> Result<String> {
        let mut b = [0u8; 16];
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(drv) = self.driver()? {
            let mut u = sys::CUuuid { bytes: [0; 16] };
            // SAFETY: writes 16 bytes.
            unsafe { cu!(drv, device_get_uuid(&mut u, self.raw)) }?;
            for (d, s) in b.iter_mut().zip(u.bytes) {
                *d = s as u8;
            }
        }
        if self.is_simulated() {
            b[12] = self.ordinal as u8;
            b[13..].copy_from_slice(b"sim");
        }
        let hex = |r: std::ops::Range<usize>| crate::table_hex(&b[r]);
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
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(drv) = self.driver()? {
            let mut bytes = 0usize;
            // SAFETY: writes one size_t.
            unsafe { cu!(drv, device_total_mem(&mut bytes, self.raw)) }?;
            return Ok(bytes);
        }
        // 4 GiB does not fit a 32-bit usize (wasm32): report the most it can hold there.
        Ok(usize::try_from(crate::sim::CAPACITY).unwrap_or(usize::MAX))
    }

    /// The main properties in one plain-data value. The simulated device reports the
    /// limits it enforces and an H100-like shape (132 multiprocessors, sm_90).
    pub fn properties(&self) -> Result<DeviceProperties> {
        #[cfg(not(target_arch = "wasm32"))]
        if self.kind == BackendKind::Driver {
            return self.driver_properties();
        }
        Ok(DeviceProperties {
            ordinal: self.ordinal,
            name: self.name()?,
            uuid: self.uuid()?,
            compute_capability: self.compute_capability()?,
            total_memory: self.total_memory()?,
            multiprocessor_count: simdev::SM_COUNT as i32,
            max_threads_per_block: 1024,
            max_threads_per_multiprocessor: 2048,
            max_block_dim: [1024, 1024, 64],
            max_grid_dim: [i32::MAX, 65535, 65535],
            warp_size: 32,
            shared_memory_per_block: 48 * 1024,
            shared_memory_per_block_optin: crate::sim::MAX_SHARED_PER_BLOCK as i32,
            shared_memory_per_multiprocessor: 233_472,
            registers_per_block: 65536,
            total_constant_memory: 65536,
            l2_cache_size: 50 * 1024 * 1024,
            memory_bus_width: 5120,
            memory_clock_khz: 2_619_000,
            clock_rate_khz: simdev::CLOCK_KHZ,
            pci: (0, 0, 0),
            managed_memory: true,
            cooperative_launch: false,
            cluster_launch: false,
        })
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn driver_properties(&self) -> Result<DeviceProperties> {
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
        match self.kind {
            #[cfg(not(target_arch = "wasm32"))]
            BackendKind::Driver => Context::primary(self.ordinal, self.raw),
            _ => Ok(Context::sim_primary(self.ordinal)),
        }
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
