//! CUDA devices and their properties.

use crate::backend::{seam, BackendKind};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::info::DeviceProperties;

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
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Device {
    ordinal: usize,
    pub(crate) imp: seam::Device,
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("ordinal", &self.ordinal)
            .field("raw", &self.as_raw())
            .field("kind", &self.backend())
            .finish()
    }
}

impl Device {
    /// How many devices the backend has (the simulator has one, or what
    /// `CUDA_LIBRARY_SIM_DEVICES` or [`sim::set_device_count`](crate::sim::set_device_count)
    /// asks for).
    pub fn count() -> Result<usize> {
        seam::Device::count()
    }

    /// The device with this ordinal.
    pub fn new(ordinal: usize) -> Result<Device> {
        let count = Device::count()?;
        if ordinal >= count {
            return Err(if count == 0 {
                Error::NoDevice
            } else {
                Error::InvalidDevice {
                    ordinal,
                    count,
                    simulated: crate::backend::selected()?.kind == crate::BackendKind::Sim,
                }
            });
        }
        Ok(Device {
            ordinal,
            imp: seam::Device::get(ordinal)?,
        })
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
        if self.imp.is_simulated() {
            BackendKind::Sim
        } else {
            BackendKind::Driver
        }
    }

    /// Whether this is the simulated device.
    pub fn is_simulated(&self) -> bool {
        self.imp.is_simulated()
    }

    /// The raw `CUdevice` (the ordinal on the simulator).
    pub fn as_raw(&self) -> i32 {
        self.imp.raw()
    }

    /// The device's name.
    pub fn name(&self) -> Result<String> {
        self.imp.name()
    }

    /// Compute capability `(major, minor)`, e.g. `(9, 0)` for an H100 (and the simulator).
    pub fn compute_capability(&self) -> Result<(i32, i32)> {
        self.imp.compute_capability()
    }

    /// The SASS architecture name NVRTC and nvcc use for this device, e.g. `sm_90`.
    pub fn arch(&self) -> Result<String> {
        let (major, minor) = self.compute_capability()?;
        Ok(format!("sm_{major}{minor}"))
    }

    /// The device's UUID in `nvidia-smi`'s form (a simulated device's is zeros but its
    /// ordinal and the letters `sim` at the end).
    pub fn uuid(&self) -> Result<String> {
        let b = self.imp.uuid()?;
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
        self.imp.total_memory()
    }

    /// The main properties in one plain-data value. The simulated device reports the
    /// limits it enforces and an H100-like shape (132 multiprocessors, sm_90).
    pub fn properties(&self) -> Result<DeviceProperties> {
        self.imp.properties(DeviceProperties {
            ordinal: self.ordinal,
            name: self.name()?,
            uuid: self.uuid()?,
            compute_capability: self.compute_capability()?,
            total_memory: self.total_memory()?,
            ..DeviceProperties::default()
        })
    }

    /// The device's primary context. It is retained on first use and kept for the life of
    /// the process.
    pub fn primary_context(&self) -> Result<Context> {
        Ok(Context {
            imp: self.imp.primary_context(self.ordinal)?,
        })
    }

    /// Makes the primary context current on the calling thread and returns it.
    pub fn set_current(&self) -> Result<Context> {
        let ctx = self.primary_context()?;
        ctx.set_current()?;
        Ok(ctx)
    }
}

// `Context::new` lives here rather than in `context.rs`: a context is made from a device,
// and keeping it here lets `context.rs` know nothing of devices (no module imports one that
// imports it back).
impl Context {
    /// Creates a new context on `device` (not the primary one). It becomes current on the
    /// calling thread, as `cuCtxCreate` makes it.
    ///
    /// Most programs want [`Device::primary_context`](crate::Device::primary_context); a
    /// separate context is for isolation tests and interop. On the simulator it shares the
    /// device's memory with every other context.
    pub fn new(device: &crate::Device) -> Result<Context> {
        Ok(Context {
            imp: device.imp.create_context(device.ordinal())?,
        })
    }
}
