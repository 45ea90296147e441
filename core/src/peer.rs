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

use crate::context::{Context, CtxImp};
use crate::device::Device;
use crate::error::{Error, Result};
use crate::memory::{DeviceBuffer, DeviceRepr};
use crate::sim::device::gpu;
use crate::stream::{Stream, StreamImp};

#[cfg(not(target_arch = "wasm32"))]
use crate::driver::cu;

/// `CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED`.
#[cfg(not(target_arch = "wasm32"))]
const PEER_ACCESS_ALREADY_ENABLED: u32 = 704;

#[cfg(not(target_arch = "wasm32"))]
fn mixed() -> Error {
    Error::InvalidArgument(
        "the two handles belong to different backends (driver and simulator)".into(),
    )
}

impl Device {
    /// Whether kernels on this device can access `peer`'s memory directly once
    /// [`Context::enable_peer_access`] allows it (NVLink or PCIe peer-to-peer). A device is
    /// not its own peer. Copies between devices work either way ([`DeviceBuffer::copy_from_peer`]).
    pub fn can_access_peer(&self, peer: &Device) -> Result<bool> {
        if self.ordinal() == peer.ordinal() || self.backend() != peer.backend() {
            return Ok(false);
        }
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(drv) = self.driver()? {
            let mut can = 0i32;
            // SAFETY: writes one int; both device handles came from the driver.
            unsafe { cu!(drv, device_can_access_peer(&mut can, self.raw, peer.raw)) }?;
            return Ok(can != 0);
        }
        // Simulated devices share one memory.
        Ok(true)
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
        match (&self.imp, &peer.imp) {
            #[cfg(not(target_arch = "wasm32"))]
            (CtxImp::Driver(c), CtxImp::Driver(p)) => {
                c.make_current()?;
                // SAFETY: both contexts are alive; flags must be 0.
                match unsafe { cu!(c.drv, ctx_enable_peer_access(p.raw, 0)) } {
                    Err(Error::Cuda(e)) if e.code == PEER_ACCESS_ALREADY_ENABLED => Ok(()),
                    r => r,
                }
            }
            (CtxImp::Sim(_), CtxImp::Sim(_)) => Ok(()),
            #[cfg(not(target_arch = "wasm32"))]
            _ => Err(mixed()),
        }
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
        match (&self.ctx, &src.ctx) {
            #[cfg(not(target_arch = "wasm32"))]
            (CtxImp::Driver(d), CtxImp::Driver(s)) => {
                d.make_current()?;
                // SAFETY: both ranges are these buffers', exactly `size_bytes` long.
                unsafe {
                    cu!(
                        d.drv,
                        memcpy_peer(self.ptr, d.raw, src.ptr, s.raw, self.size_bytes())
                    )
                }
            }
            (CtxImp::Sim(d), CtxImp::Sim(s)) => {
                let g = gpu();
                let mut st = g.lock();
                copy_sim(&mut st.mem, self.ptr, src.ptr, self.size_bytes())?;
                st.charge_peer_copy(&g.cost, (s.ordinal, d.ordinal), None, self.size_bytes());
                Ok(())
            }
            #[cfg(not(target_arch = "wasm32"))]
            _ => Err(mixed()),
        }
    }

    /// Queues a copy of `src` (same length, any device) into this buffer on `stream`
    /// (`cuMemcpyPeerAsync`): it runs in order with the stream's other work.
    pub fn copy_from_peer_async(&self, src: &DeviceBuffer<T>, stream: &Stream) -> Result<()> {
        self.check_peer(src)?;
        if self.is_empty() {
            return Ok(());
        }
        match (&self.ctx, &src.ctx, &stream.imp) {
            #[cfg(not(target_arch = "wasm32"))]
            (CtxImp::Driver(d), CtxImp::Driver(s), StreamImp::Driver { raw, ctx, .. }) => {
                ctx.make_current()?;
                // SAFETY: both ranges are these buffers' and the stream is alive; the
                // buffers outlive the copy only if the caller synchronizes before dropping
                // them, as with every asynchronous copy (they free with cuMemFree, which
                // waits for the device).
                unsafe {
                    cu!(
                        d.drv,
                        memcpy_peer_async(self.ptr, d.raw, src.ptr, s.raw, self.size_bytes(), *raw)
                    )
                }
            }
            (CtxImp::Sim(d), CtxImp::Sim(s), StreamImp::Sim { ready_ns, .. }) => {
                // The stream's clock before the device, as a launch takes them.
                let mut t = ready_ns.lock().unwrap_or_else(|p| p.into_inner());
                let g = gpu();
                let mut st = g.lock();
                copy_sim(&mut st.mem, self.ptr, src.ptr, self.size_bytes())?;
                *t = st.charge_peer_copy(
                    &g.cost,
                    (s.ordinal, d.ordinal),
                    Some(*t),
                    self.size_bytes(),
                );
                Ok(())
            }
            #[cfg(not(target_arch = "wasm32"))]
            _ => Err(mixed()),
        }
    }
}

/// Copies `bytes` between two simulated allocations.
fn copy_sim(mem: &mut crate::sim::Memory, dst: u64, src: u64, bytes: usize) -> Result<()> {
    let v = mem
        .slice(src, bytes)
        .ok_or_else(|| {
            Error::InvalidArgument(format!(
                "a peer copy of {bytes} bytes from {src:#x} is outside simulated device memory"
            ))
        })?
        .to_vec();
    mem.write(dst, &v)
}
