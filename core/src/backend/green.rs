//! Green contexts across the seam, on both backends: the driver's (`driver::green`) and the
//! simulator's model (`sim::green`, which splits the simulated device's SMs as the driver
//! does and makes contexts that know their SM count). Generated forwarders, as in
//! `backend::seam`; an SM resource travels as the driver's `CUdevResource` bytes and its
//! SM count.

use super::dispatch::forward;
use super::interface::{ContextInterface, DeviceInterface, SmResource};
use super::seam::{Context, Device};
use crate::error::Result;

forward!(Device {
    /// All the device's SMs.
    fn sm_resource(&self) -> Result<SmResource>;
    /// Up to `groups` groups of at least `min_sms` SMs from `input`, and what is left.
    fn split_sms(&self, input: &SmResource, groups: u32, min_sms: u32)
        -> Result<(Vec<SmResource>, SmResource)>;
    /// A context limited to the SMs of `resource`.
    fn green_context(&self, resource: &SmResource) -> Result<Context> => Context::from;
});

forward!(Context {
    /// The SMs of a green context (`None` for a context of the whole device).
    fn green_sms(&self) -> Option<u32>;
});
