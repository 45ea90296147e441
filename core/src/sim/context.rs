//! Devices and contexts on the simulated devices, as the seam holds them. Every context of
//! every simulated device shares the one simulated memory; a context knows its device,
//! whose clock its copies advance.

use std::ffi::c_void;
use std::sync::{Arc, Mutex};

use super::device::{self, check_device_count_setting, gpu, print_device_output};
use super::engine::Memory;
use super::{SimBackend, Stream, CAPACITY};
use crate::backend::interface::{ContextInterface, DeviceInterface, SmResource};
use crate::error::{Error, Result};
use crate::info::DeviceProperties;

/// A context on simulated device `ordinal`.
#[derive(Debug)]
pub(crate) struct Context {
    pub ordinal: usize,
    pub primary: bool,
    /// A green context's SM count (`None` for a context of the whole device): what a
    /// cooperative launch's grid is checked against. The simulator runs a green context's
    /// work as any other (it does not partition SMs), so it is the check's only effect.
    pub green_sms: Option<u32>,
}

thread_local! {
    /// The simulated context made current on this thread.
    static CURRENT: std::cell::RefCell<Option<Arc<Context>>> =
        const { std::cell::RefCell::new(None) };
}

fn out_of_range(what: &str, bytes: usize, addr: u64) -> Error {
    Error::InvalidArgument(format!(
        "{what} of {bytes} bytes at {addr:#x} is outside simulated device memory"
    ))
}

impl Context {
    /// Device `ordinal`'s primary context (one per device for the process).
    pub fn primary(ordinal: usize) -> Arc<Context> {
        static PRIMARY: Mutex<Vec<Arc<Context>>> = Mutex::new(Vec::new());
        let mut p = PRIMARY.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(c) = p.iter().find(|c| c.ordinal == ordinal) {
            return c.clone();
        }
        let c = Arc::new(Context {
            ordinal,
            primary: true,
            green_sms: None,
        });
        p.push(c.clone());
        c
    }

    /// A new (non-primary) context on device `ordinal`, made current.
    pub fn create(ordinal: usize) -> Arc<Context> {
        let c = Arc::new(Context {
            ordinal,
            primary: false,
            green_sms: None,
        });
        CURRENT.with(|cur| *cur.borrow_mut() = Some(c.clone()));
        c
    }

    /// A green context on device `ordinal` holding `sms` of its SMs (not made current, as
    /// `cuGreenCtxCreate` makes none current).
    pub fn green(ordinal: usize, sms: u32) -> Arc<Context> {
        Arc::new(Context {
            ordinal,
            primary: false,
            green_sms: Some(sms),
        })
    }

    /// Reserves `bytes` of simulated memory for a graph's own use (an allocation node's
    /// address): not an allocation of the caller's, so no capture guards it, as the driver
    /// records `cuMemAllocAsync` on a capturing stream in any capture mode.
    pub(crate) fn reserve(&self, bytes: usize) -> Result<u64> {
        Ok(gpu().lock().mem.alloc(bytes, 256)?)
    }
}

impl ContextInterface<SimBackend> for Context {
    /// The thread's current context, or device 0's primary context made current (a
    /// malformed `CUDA_LIBRARY_SIM_DEVICES` is an error here as for `Device::new`).
    fn current_or_default() -> Result<Arc<Context>> {
        check_device_count_setting()?;
        if let Some(c) = CURRENT.with(|cur| cur.borrow().clone()) {
            return Ok(c);
        }
        let c = Context::primary(0);
        Context::make_current(&c)?;
        Ok(c)
    }

    /// Makes `ctx` current on the calling thread.
    fn make_current(ctx: &Arc<Context>) -> Result<()> {
        CURRENT.with(|cur| *cur.borrow_mut() = Some(ctx.clone()));
        Ok(())
    }

    fn ordinal(&self) -> usize {
        self.ordinal
    }

    fn is_primary(&self) -> bool {
        self.primary
    }

    fn green_sms(&self) -> Option<u32> {
        self.green_sms
    }

    fn as_raw(&self) -> *mut c_void {
        std::ptr::null_mut()
    }

    /// The simulator's work is done when it is enqueued: synchronizing prints the device's
    /// `printf` output, as the driver does at a synchronization point.
    fn synchronize(&self) -> Result<()> {
        print_device_output();
        super::mem_pool::release_kept(self.ordinal);
        Ok(())
    }

    /// Free and total simulated memory.
    fn mem_info(&self) -> Result<(usize, usize)> {
        let used = gpu().lock().mem.used();
        let fit = |v: u64| usize::try_from(v).unwrap_or(usize::MAX); // 32-bit usize on wasm32
        Ok((fit(CAPACITY.saturating_sub(used)), fit(CAPACITY)))
    }

    /// Allocates `bytes` of simulated memory.
    fn alloc(&self, bytes: usize) -> Result<u64> {
        super::refuse_alloc_during_capture()?;
        Ok(gpu().lock().mem.alloc(bytes, 256)?)
    }

    /// Frees memory from [`alloc`](Context::alloc).
    fn free(&self, ptr: u64) -> Result<()> {
        Ok(gpu().lock().mem.free(ptr)?)
    }

    /// Host to device, charged to this device's clock.
    fn htod(&self, dst: u64, src: &[u8]) -> Result<()> {
        super::refuse_sync_during_capture("a synchronous copy to the device")?;
        gpu().copy(self.ordinal, src.len(), true, |m| {
            m.slice_mut(dst, src.len())
                .ok_or_else(|| out_of_range("a copy to the device", src.len(), dst))?
                .copy_from_slice(src);
            Ok(())
        })
    }

    /// The allocation holding `ptr`: its base and size.
    #[cfg(feature = "notebook")]
    fn address_range(&self, ptr: u64) -> Result<Option<(u64, usize)>> {
        Ok(gpu().lock().mem.allocation(ptr))
    }

    /// Device to host.
    fn dtoh(&self, dst: &mut [u8], src: u64) -> Result<()> {
        super::refuse_sync_during_capture("a synchronous copy from the device")?;
        gpu().copy(self.ordinal, dst.len(), true, |m| {
            let s = m
                .slice(src, dst.len())
                .ok_or_else(|| out_of_range("a copy from the device", dst.len(), src))?;
            dst.copy_from_slice(s);
            Ok(())
        })
    }

    /// Device to device.
    fn dtod(&self, dst: u64, src: u64, bytes: usize) -> Result<()> {
        super::refuse_sync_during_capture("a synchronous device copy")?;
        gpu().copy(self.ordinal, bytes, false, |m| {
            copy_within(m, dst, src, bytes)
        })
    }

    /// Sets `count` bytes at `dst` to `value`.
    fn memset8(&self, dst: u64, value: u8, count: usize) -> Result<()> {
        super::refuse_sync_during_capture("a synchronous memset")?;
        gpu().copy(self.ordinal, count, false, |m| {
            m.slice_mut(dst, count)
                .ok_or_else(|| out_of_range("a memset", count, dst))?
                .fill(value);
            Ok(())
        })
    }

    /// Sets `count` 4-byte words at `dst` to `value`.
    fn memset32(&self, dst: u64, value: u32, count: usize) -> Result<()> {
        super::refuse_sync_during_capture("a synchronous memset")?;
        let bytes = count.saturating_mul(4);
        gpu().copy(self.ordinal, bytes, false, |m| {
            let s = m
                .slice_mut(dst, bytes)
                .ok_or_else(|| out_of_range("a memset", bytes, dst))?;
            for w in s.chunks_exact_mut(4) {
                w.copy_from_slice(&value.to_ne_bytes());
            }
            Ok(())
        })
    }

    /// Managed memory is simulated memory: a copy after the (finished) work.
    fn read_managed(&self, dst: &mut [u8], src: u64) -> Result<()> {
        self.synchronize()?;
        self.dtoh(dst, src)
    }

    /// As [`read_managed`](Context::read_managed), the other way.
    fn write_managed(&self, dst: u64, src: &[u8]) -> Result<()> {
        self.synchronize()?;
        self.htod(dst, src)
    }

    /// Simulated devices share one memory: peer access is always there.
    fn enable_peer_access(&self, _peer: &Context) -> Result<()> {
        Ok(())
    }

    /// Copies `bytes` from `src` (in `src_ctx`'s device) to `dst` (in this one), charged as
    /// a peer copy; on a stream's timeline when given one.
    fn copy_from_peer(
        &self,
        dst: u64,
        src_ctx: &Context,
        src: u64,
        bytes: usize,
        stream: Option<&Stream>,
    ) -> Result<()> {
        // A stream's clock is taken before the device, as launches take them.
        let mut timeline = stream.map(Stream::timeline);
        let link = (src_ctx.ordinal, self.ordinal);
        let g = gpu();
        let mut st = g.lock();
        copy_within(&mut st.mem, dst, src, bytes).map_err(|_| {
            Error::InvalidArgument(format!(
                "a peer copy of {bytes} bytes from {src:#x} to {dst:#x} is outside \
                     simulated device memory"
            ))
        })?;
        match timeline.as_deref_mut() {
            None => {
                st.charge_peer_copy(&g.cost, link, None, bytes);
            }
            Some(t) => *t = st.charge_peer_copy(&g.cost, link, Some(*t), bytes),
        }
        Ok(())
    }

    /// Refuses what the simulator has no recording of a GPU doing (interleaved layouts, the
    /// flushing and tf32 element types), rather than moving it some guessed way.
    fn encode_tensor_map(
        &self,
        desc: &cuda_library_engine::tensor_map::TensorMapDesc,
    ) -> Result<[u8; cuda_library_engine::tensor_map::TENSOR_MAP_BYTES]> {
        match desc.unsimulated() {
            Some(why) => Err(Error::Unsupported(why)),
            None => Ok(desc.encode()),
        }
    }

    /// The simulator's layout holds the address: the map is encoded again with the new one.
    fn replace_tensor_map_address(
        &self,
        map: &mut [u8; cuda_library_engine::tensor_map::TENSOR_MAP_BYTES],
        desc: &cuda_library_engine::tensor_map::TensorMapDesc,
        address: u64,
    ) -> Result<()> {
        *map = desc.with_address(address).encode();
        Ok(())
    }
}

fn copy_within(mem: &mut Memory, dst: u64, src: u64, bytes: usize) -> Result<()> {
    let v = mem
        .slice(src, bytes)
        .ok_or_else(|| out_of_range("a device copy", bytes, src))?
        .to_vec();
    Ok(mem.write(dst, &v)?)
}

/// Simulated device `ordinal`, as the seam holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Device(pub usize);

impl DeviceInterface<SimBackend> for Device {
    fn count() -> Result<usize> {
        check_device_count_setting()?;
        Ok(device::device_count())
    }

    fn get(ordinal: usize) -> Result<Device> {
        Ok(Device(ordinal))
    }

    /// The ordinal.
    fn raw(&self) -> i32 {
        self.0 as i32
    }

    fn name(&self) -> Result<String> {
        Ok(device::NAME.to_string())
    }

    fn compute_capability(&self) -> Result<(i32, i32)> {
        let arch = crate::SIM_ARCH as i32;
        Ok((arch / 10, arch % 10))
    }

    fn uuid(&self) -> Result<[u8; 16]> {
        Ok(device::uuid(self.0))
    }

    fn total_memory(&self) -> Result<usize> {
        Ok(device::total_memory())
    }

    fn properties(&self, base: DeviceProperties) -> Result<DeviceProperties> {
        Ok(device::properties(base))
    }

    fn primary_context(&self, ordinal: usize) -> Result<Arc<Context>> {
        Ok(Context::primary(ordinal))
    }

    fn create_context(&self, ordinal: usize) -> Result<Arc<Context>> {
        Ok(Context::create(ordinal))
    }

    /// Simulated devices share one memory.
    fn can_access_peer(&self, _peer: &Device) -> Result<bool> {
        Ok(true)
    }

    /// The simulated device's 132 SMs.
    fn sm_resource(&self) -> Result<SmResource> {
        Ok(super::green::resource(device::SM_COUNT, false))
    }

    /// Split as the driver splits an H100's SMs (`sim::green`).
    fn split_sms(
        &self,
        input: &SmResource,
        groups: u32,
        min_sms: u32,
    ) -> Result<(Vec<SmResource>, SmResource)> {
        let (made, rest) =
            super::green::split(input.1, super::green::is_group(input), groups, min_sms)?;
        let made = made
            .into_iter()
            .map(|sms| super::green::resource(sms, true))
            .collect();
        Ok((made, super::green::resource(rest, false)))
    }

    /// A context that knows its SM count; its work runs as any context's.
    fn green_context(&self, resource: &SmResource) -> Result<Arc<Context>> {
        Ok(Context::green(self.0, resource.1))
    }
}
