//! Green contexts: a context limited to a share of a GPU's SMs (CUDA 12.4+).
//!
//! Take the device's SMs ([`Device::sm_resource`]), split them into groups
//! ([`SmResource::split`]), and make a [`GreenContext`] on one group: work launched on its
//! streams runs on those SMs only, so two parts of a program (a latency-sensitive
//! inference and a batch job, say) do not take each other's SMs. A green context is an
//! ordinary [`Context`] for everything else (streams, buffers, libraries, launches).
//!
//! A cooperative launch on a green context's stream may have at most as many blocks as
//! its SMs hold at once (not the device's): [`Error::CooperativeLaunchTooLarge`] past that,
//! on both backends.
//!
//! On the simulator the simulated H100's 132 SMs split as the driver splits them (groups of
//! a multiple of 8 SMs), and a green context knows its SM count, which bounds its
//! cooperative grids; the simulator does not partition SMs when it runs work, so a green
//! context's launches otherwise run as any context's.

use std::ops::Deref;

use crate::backend::interface::SM_RESOURCE_BYTES;
use crate::backend::seam;
use crate::context::Context;
use crate::device::Device;
use crate::error::{Error, Result};

/// A set of a device's SMs (the driver's `CUdevResource` of type SM): all of them
/// ([`Device::sm_resource`]) or a group split from them ([`SmResource::split`]).
#[derive(Clone)]
pub struct SmResource {
    bytes: [u8; SM_RESOURCE_BYTES],
    sms: u32,
    device: Device,
}

impl std::fmt::Debug for SmResource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmResource")
            .field("sm_count", &self.sms)
            .field("device", &self.device.ordinal())
            .finish()
    }
}

/// What [`SmResource::split`] gives: the groups, each with the same SM count, and the SMs
/// that did not fit in a group.
#[derive(Clone, Debug)]
pub struct SmSplit {
    /// The groups, disjoint, each of at least the asked SM count.
    pub groups: Vec<SmResource>,
    /// The SMs left over (possibly none); the driver gives them none of the groups'
    /// guarantees.
    pub remaining: SmResource,
}

impl Device {
    /// All of this device's SMs, to split into groups for green contexts
    /// (`cuDeviceGetDevResource`; on the simulator, its 132).
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::Device;
    /// let device = Device::new(0)?;
    /// let all = device.sm_resource()?;
    /// assert_eq!(all.sm_count() as i32, device.properties()?.multiprocessor_count);
    /// # Ok(()) }
    /// ```
    pub fn sm_resource(&self) -> Result<SmResource> {
        let (bytes, sms) = self.imp.sm_resource()?;
        Ok(SmResource {
            bytes,
            sms,
            device: *self,
        })
    }
}

impl SmResource {
    /// How many SMs it holds.
    pub fn sm_count(&self) -> u32 {
        self.sms
    }

    /// The device the SMs belong to.
    pub fn device(&self) -> Device {
        self.device
    }

    /// Splits the SMs into up to `groups` disjoint groups of at least `min_sms` SMs each
    /// (`cuDevSmResourceSplitByCount`). The driver rounds `min_sms` up to the device's
    /// granularity (on an H100, 8 SMs: the SMs of a cluster's GPC stay together) and may
    /// make fewer groups than asked; what is left over is
    /// [`remaining`](SmSplit::remaining). A group cannot be split again (make a green
    /// context of it and split that context's device's SMs instead).
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{Device, GreenContext};
    /// let all = Device::new(0)?.sm_resource()?;
    /// let split = all.split(2, 16)?; // two groups of at least 16 SMs
    /// let green = GreenContext::new(&split.groups[0])?;
    /// assert!(green.sm_count() >= 16);
    /// let stream = green.create_stream()?; // its work runs on that group's SMs
    /// # let _ = stream;
    /// # Ok(()) }
    /// ```
    pub fn split(&self, groups: u32, min_sms: u32) -> Result<SmSplit> {
        if groups == 0 {
            return Err(Error::InvalidArgument(
                "split into 0 groups: ask for at least one".to_string(),
            ));
        }
        if min_sms > self.sms {
            return Err(Error::InvalidArgument(format!(
                "groups of at least {min_sms} SMs cannot be split from {} SMs",
                self.sms
            )));
        }
        // The driver makes at most one group per SM: a larger count only allocates.
        let groups = groups.min(self.sms.max(1));
        let (made, (rest, rest_sms)) =
            self.device
                .imp
                .split_sms(&(self.bytes, self.sms), groups, min_sms)?;
        let resource = |(bytes, sms)| SmResource {
            bytes,
            sms,
            device: self.device,
        };
        Ok(SmSplit {
            groups: made.into_iter().map(resource).collect(),
            remaining: resource((rest, rest_sms)),
        })
    }
}

/// A context limited to the SMs of one [`SmResource`] (`cuGreenCtxCreate`, then
/// `cuCtxFromGreenCtx`): streams made in it run their work on those SMs only. It derefs to
/// a [`Context`]; the green context is destroyed (`cuGreenCtxDestroy`) when it and
/// everything made through it (streams, buffers) have dropped.
#[derive(Clone, Debug)]
pub struct GreenContext {
    ctx: Context,
    sms: u32,
}

impl GreenContext {
    /// A green context on the SMs of `resource`. It is not made current: make it current
    /// ([`Context::set_current`]) or use its streams, which run in it whatever is current.
    pub fn new(resource: &SmResource) -> Result<GreenContext> {
        if resource.sms == 0 {
            return Err(Error::InvalidArgument(
                "the resource holds no SMs: a green context needs at least one".to_string(),
            ));
        }
        let imp: seam::Context = resource
            .device
            .imp
            .green_context(&(resource.bytes, resource.sms))?;
        Ok(GreenContext {
            ctx: Context { imp },
            sms: resource.sms,
        })
    }

    /// How many SMs its work may run on.
    pub fn sm_count(&self) -> u32 {
        self.sms
    }

    /// The context (what `*self` gives).
    pub fn context(&self) -> &Context {
        &self.ctx
    }
}

impl Deref for GreenContext {
    type Target = Context;

    fn deref(&self) -> &Context {
        &self.ctx
    }
}
