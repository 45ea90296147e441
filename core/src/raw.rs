//! The driver-only corner of the public API: methods whose signatures use the generated
//! bindings' types (`crate::sys`), so they exist only where the driver does (not on wasm32;
//! `lib.rs` leaves this file out there). Everything else in the API is on both backends.

use crate::error::{Error, Result};
use crate::sys::driver as sys;
use crate::{Device, Kernel};

impl Device {
    /// One `CU_DEVICE_ATTRIBUTE_*` value (`cuDeviceGetAttribute`; driver backend: on the
    /// simulator use [`properties`](Device::properties)).
    pub fn attribute(&self, attr: sys::CUdevice_attribute) -> Result<i32> {
        match self.imp.driver() {
            Some(d) => d.attribute(attr),
            None => Err(Error::Unsupported(format!(
                "the simulated device has no raw attribute {attr:?}; use Device::properties()"
            ))),
        }
    }
}

impl Kernel {
    /// One `CU_FUNC_ATTRIBUTE_*` value on `device` (`cuKernelGetAttribute`; driver backend:
    /// on the simulator use [`attributes`](Kernel::attributes)).
    pub fn attribute(&self, attr: sys::CUfunction_attribute, device: &Device) -> Result<i32> {
        let (Some(k), Some(d)) = (self.raw.driver(), device.imp.driver()) else {
            return Err(Error::Unsupported(format!(
                "the simulator has no raw attribute {attr:?}; use Kernel::attributes()"
            )));
        };
        let _g = self.lib.live(|| "a kernel".to_string())?;
        k.attribute(attr, d)
    }
}
