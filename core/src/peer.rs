//! Several devices: peer access between them and copies from one device's memory to
//! another's (`cuDeviceCanAccessPeer`, `cuCtxEnablePeerAccess`, `cuMemcpyPeer`,
//! `cuMemcpyPeerAsync`).
//!
//! A [`Library`](crate::Library) is context-independent: take a kernel once and launch it
//! on streams of every device; each device gets its own buffers. On the simulator the
//! devices `CUDA_LIBRARY_SIM_DEVICES` or [`sim::set_device_count`](crate::sim::set_device_count)
//! present can all reach each other.
//!
//! ```
//! # fn main() -> cuda_library::Result<()> {
//! use cuda_library::{sim, BackendKind, Device, DeviceBuffer};
//! # cuda_library::use_backend(BackendKind::Sim)?;
//! # sim::set_device_count(2)?;
//! let (d0, d1) = (Device::new(0)?, Device::new(1)?);
//! let (c0, c1) = (d0.primary_context()?, d1.primary_context()?);
//! if d1.can_access_peer(&d0)? {
//!     c1.enable_peer_access(&c0)?; // kernels on device 1 may read device 0's memory
//! }
//! let a = DeviceBuffer::from_slice(&c0, &[1u32, 2, 3])?;
//! let b = DeviceBuffer::<u32>::zeroed(&c1, 3)?;
//! b.copy_from_peer(&a)?;           // device 0 -> device 1
//! assert_eq!(b.to_vec()?, vec![1, 2, 3]);
//! # sim::set_device_count(1)?;
//! # Ok(()) }
//! ```

use crate::context::Context;
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::{DeviceBuffer, DeviceRepr};
use crate::stream::Stream;

impl Device {
    /// Whether kernels on this device can access `peer`'s memory directly once
    /// [`Context::enable_peer_access`] allows it (NVLink or PCIe peer-to-peer). A device is
    /// not its own peer. Copies between devices work either way ([`DeviceBuffer::copy_from_peer`]).
    pub fn can_access_peer(&self, peer: &Device) -> Result<bool> {
        if self.ordinal() == peer.ordinal() || self.backend() != peer.backend() {
            return Ok(false);
        }
        self.imp.can_access_peer(&peer.imp)
    }
}

impl Context {
    /// Lets kernels running in this context access memory allocated in `peer`'s
    /// (`cuCtxEnablePeerAccess`; enabling it twice is not an error). Fails, saying why, for a
    /// context of the same device or a pair the hardware does not connect
    /// ([`Device::can_access_peer`]).
    pub fn enable_peer_access(&self, peer: &Context) -> Result<()> {
        let me = Device::new(self.device_ordinal())?;
        let other = Device::new(peer.device_ordinal())?;
        if me.ordinal() == other.ordinal() {
            return Err(Error::InvalidArgument(format!(
                "peer access from device {} to itself: a device reaches its own memory already",
                me.ordinal()
            )));
        }
        if !me.can_access_peer(&other)? {
            return Err(Error::Unsupported(format!(
                "device {} cannot access device {}'s memory directly (no peer-to-peer path \
                 between them); copy between them with DeviceBuffer::copy_from_peer",
                me.ordinal(),
                other.ordinal()
            )));
        }
        self.imp.enable_peer_access(&peer.imp)
    }
}

impl<T: DeviceRepr> DeviceBuffer<T> {
    fn check_peer(&self, src: &DeviceBuffer<T>) -> Result<()> {
        if src.len() != self.len() {
            return Err(Error::SizeMismatch {
                what: format!("a device buffer of {} elements", self.len()),
                expected: self.size_bytes(),
                got: src.size_bytes(),
            });
        }
        Ok(())
    }

    /// Copies `src`, a buffer of the same length on any device, into this one
    /// (`cuMemcpyPeer`): synchronous, ordered after work queued before it on both devices.
    /// Peer access is not needed (without it the driver stages the copy).
    pub fn copy_from_peer(&self, src: &DeviceBuffer<T>) -> Result<()> {
        self.check_peer(src)?;
        if self.is_empty() {
            return Ok(());
        }
        // Both ranges are these buffers', exactly `size_bytes` long.
        self.ctx
            .copy_from_peer(self.ptr, &src.ctx, src.ptr, self.size_bytes(), None)
    }

    /// Queues a copy of `src` (same length, any device) into this buffer on `stream`
    /// (`cuMemcpyPeerAsync`): it runs in order with the stream's other work.
    pub fn copy_from_peer_async(&self, src: &DeviceBuffer<T>, stream: &Stream) -> Result<()> {
        self.check_peer(src)?;
        if self.is_empty() {
            return Ok(());
        }
        // Both ranges are these buffers'; like every asynchronous copy, the buffers must
        // outlive it (they free with cuMemFree, which waits for the device).
        self.ctx.copy_from_peer(
            self.ptr,
            &src.ctx,
            src.ptr,
            self.size_bytes(),
            Some(&stream.imp),
        )
    }
}
