//! Device memory: plain-data element types and owned device buffers.

use std::marker::PhantomData;
use std::mem::size_of;
use std::sync::Arc;

use crate::backend::seam;
use crate::context::Context;
use crate::error::{Error, Result};

/// Plain data that can be copied to and from the device byte for byte and passed to kernels
/// by value.
///
/// # Safety
/// The type must have no padding, no pointers into host memory and every bit pattern must be
/// a valid value (integers, floats, arrays and `#[repr(C)]` structs of them).
pub unsafe trait DeviceRepr: Copy + 'static {}

macro_rules! device_repr {
    ($($t:ty),*) => { $(
        // SAFETY: primitive numbers: no padding, every bit pattern valid.
        unsafe impl DeviceRepr for $t {}
    )* };
}
device_repr!(u8, i8, u16, i16, u32, i32, u64, i64, u128, i128, f32, f64, usize, isize);
// SAFETY: arrays of plain data are plain data.
unsafe impl<T: DeviceRepr, const N: usize> DeviceRepr for [T; N] {}

/// A raw device address, e.g. from another crate. Passes to kernels as a pointer parameter.
#[repr(transparent)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DevicePtr(pub u64);
// SAFETY: a transparent u64.
unsafe impl DeviceRepr for DevicePtr {}

/// Views plain data as bytes.
pub(crate) fn as_bytes<T: DeviceRepr>(v: &[T]) -> &[u8] {
    // SAFETY: DeviceRepr types have no padding; the length covers the slice exactly.
    unsafe { std::slice::from_raw_parts(v.as_ptr().cast(), std::mem::size_of_val(v)) }
}

/// Views plain data as mutable bytes.
pub(crate) fn as_bytes_mut<T: DeviceRepr>(v: &mut [T]) -> &mut [u8] {
    // SAFETY: every bit pattern is a valid T (DeviceRepr), so any bytes may be written.
    unsafe { std::slice::from_raw_parts_mut(v.as_mut_ptr().cast(), std::mem::size_of_val(v)) }
}

/// Device memory holding `len` values of `T`, freed on drop.
///
/// Copies to and from the host are synchronous and ordered after work queued on this
/// crate's streams (they are blocking streams), so reading a buffer after a launch sees the
/// kernel's results.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{Device, DeviceBuffer};
/// let ctx = Device::new(0)?.set_current()?;
/// let buf = DeviceBuffer::from_slice(&ctx, &[1.0f32, 2.0, 3.0])?;
/// assert_eq!(buf.to_vec()?, vec![1.0, 2.0, 3.0]);
/// # Ok(()) }
/// ```
pub struct DeviceBuffer<T: DeviceRepr> {
    pub(crate) ptr: u64,
    pub(crate) len: usize,
    pub(crate) ctx: seam::Context,
    /// How the memory is given back on drop.
    pub(crate) release: Release,
    /// The element type; `fn() -> T` so the buffer is `Send` and `Sync` whatever `T` is
    /// (it holds no `T`, only device memory).
    pub(crate) _t: PhantomData<fn() -> T>,
}

/// How a [`DeviceBuffer`]'s memory is given back when it drops.
pub(crate) enum Release {
    /// `cuMemFree` (memory from `cuMemAlloc`).
    Free,
    /// `cuMemFreeAsync` on the stream it was allocated on, to `pool` (the device's current
    /// pool when `None`). Holding both keeps them alive until then.
    OnStream {
        stream: Arc<seam::Stream>,
        pool: Option<Arc<seam::MemPool>>,
    },
    /// Nothing: the memory is another process's, mapped here by the
    /// [`IpcBuffer`](crate::IpcBuffer) that holds this buffer and unmaps it.
    Imported,
    /// A graph allocation made by `Stream::alloc_async` on a capturing stream: freed in
    /// the capture (a free node) while it lasts, otherwise on the stream
    /// (`cuMemFreeAsync`) while its graph exists, or once the graph is gone if the graph
    /// was launched (the driver keeps a live graph allocation past its graph); a graph
    /// never launched made nothing live, and its address is no longer the graph's.
    Captured {
        stream: Arc<seam::Stream>,
        capture: crate::graph::log::CapturedAlloc,
    },
}

impl<T: DeviceRepr> std::fmt::Debug for DeviceBuffer<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeviceBuffer")
            .field("ptr", &format_args!("{:#x}", self.ptr))
            .field("len", &self.len)
            .field("type", &std::any::type_name::<T>())
            .finish()
    }
}

impl<T: DeviceRepr> DeviceBuffer<T> {
    /// Allocates `len` elements, zero-filled.
    pub fn zeroed(ctx: &Context, len: usize) -> Result<Self> {
        let buf = Self::alloc(ctx, len)?;
        buf.fill_bytes(0)?;
        Ok(buf)
    }

    fn alloc(ctx: &Context, len: usize) -> Result<Self> {
        let bytes = len.checked_mul(size_of::<T>()).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "{len} elements of {} overflow the address space",
                std::any::type_name::<T>()
            ))
        })?;
        // cuMemAlloc rejects 0 bytes; an empty buffer owns no memory.
        let ptr = if bytes > 0 { ctx.imp.alloc(bytes)? } else { 0 };
        Ok(DeviceBuffer {
            ptr,
            len,
            ctx: ctx.imp.clone(),
            release: Release::Free,
            _t: PhantomData,
        })
    }

    /// Allocates and copies `data` in.
    pub fn from_slice(ctx: &Context, data: &[T]) -> Result<Self> {
        let buf = Self::alloc(ctx, data.len())?;
        buf.copy_from(data)?;
        Ok(buf)
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the buffer holds no elements.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Size in bytes.
    pub fn size_bytes(&self) -> usize {
        self.len * size_of::<T>()
    }

    /// The device address.
    pub fn device_ptr(&self) -> DevicePtr {
        DevicePtr(self.ptr)
    }

    fn check_len(&self, got: usize) -> Result<()> {
        if got != self.len {
            return Err(Error::SizeMismatch {
                what: format!("a device buffer of {} elements", self.len),
                expected: self.size_bytes(),
                got: got * size_of::<T>(),
            });
        }
        Ok(())
    }

    /// Copies `data` (exactly `len()` elements) from the host.
    pub fn copy_from(&self, data: &[T]) -> Result<()> {
        self.check_len(data.len())?;
        if self.len == 0 {
            return Ok(());
        }
        // The device range is this buffer's, exactly as long as the slice.
        self.ctx.htod(self.ptr, as_bytes(data))
    }

    /// Copies another buffer of the same length into this one, on the device.
    pub fn copy_from_buffer(&self, src: &DeviceBuffer<T>) -> Result<()> {
        self.check_len(src.len)?;
        if self.len == 0 {
            return Ok(());
        }
        self.ctx.dtod(self.ptr, src.ptr, self.size_bytes())
    }

    /// Copies the contents into `out` (exactly `len()` elements).
    pub fn copy_to(&self, out: &mut [T]) -> Result<()> {
        self.check_len(out.len())?;
        if self.len == 0 {
            return Ok(());
        }
        self.ctx.dtoh(as_bytes_mut(out), self.ptr)
    }

    /// Copies the contents to a new `Vec`.
    pub fn to_vec(&self) -> Result<Vec<T>>
    where
        T: Default,
    {
        let mut v = vec![T::default(); self.len];
        self.copy_to(&mut v)?;
        Ok(v)
    }

    /// Sets every byte to `value`.
    pub fn fill_bytes(&self, value: u8) -> Result<()> {
        if self.len == 0 {
            return Ok(());
        }
        self.ctx.memset8(self.ptr, value, self.size_bytes())
    }

    /// Sets every element to `value` (a device memset for 1- and 4-byte types, a host copy
    /// otherwise).
    pub fn fill(&self, value: T) -> Result<()> {
        if self.len == 0 {
            return Ok(());
        }
        let bytes = as_bytes(std::slice::from_ref(&value));
        match *bytes {
            [b] => self.ctx.memset8(self.ptr, b, self.len),
            [a, b, c, d] => self
                .ctx
                .memset32(self.ptr, u32::from_ne_bytes([a, b, c, d]), self.len),
            _ => self.copy_from(&vec![value; self.len]),
        }
    }

    /// The raw device pointer, valid while this buffer lives.
    pub fn as_raw(&self) -> u64 {
        self.ptr
    }

    /// The context the buffer was allocated in.
    pub fn context(&self) -> Context {
        Context {
            imp: self.ctx.clone(),
        }
    }

    /// Whether the buffer was allocated on a stream ([`Stream::alloc_async`](crate::Stream::alloc_async))
    /// and is freed on that stream when it drops.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// assert!(!ctx.alloc_zeroed::<u8>(16)?.is_stream_ordered());
    /// assert!(ctx.create_stream()?.alloc_async::<u8>(16)?.is_stream_ordered());
    /// # Ok(()) }
    /// ```
    pub fn is_stream_ordered(&self) -> bool {
        matches!(
            self.release,
            Release::OnStream { .. } | Release::Captured { .. }
        )
    }
}

impl<T: DeviceRepr> Drop for DeviceBuffer<T> {
    fn drop(&mut self) {
        if self.ptr == 0 {
            return;
        }
        // Frees memory this value owns. Errors cannot be reported from Drop.
        let _ = match &self.release {
            Release::Free => self.ctx.free(self.ptr),
            Release::OnStream { stream, pool } => stream.free_async(self.ptr, pool.as_deref()),
            Release::Imported => Ok(()),
            Release::Captured { stream, capture } => {
                let bytes = self.size_bytes();
                let in_capture = capture.free_in_capture(
                    |c| stream.free_in_capture(c, self.ptr),
                    |deps| crate::graph::log::free_record(bytes, deps),
                );
                match in_capture {
                    Some(r) => r,
                    None if capture.graph_alive() || capture.live_after_graph() => {
                        stream.free_graph_alloc(self.ptr)
                    }
                    None => Ok(()),
                }
            }
        };
    }
}

impl Context {
    /// Allocates a zero-filled buffer of `len` elements in this context.
    pub fn alloc_zeroed<T: DeviceRepr>(&self, len: usize) -> Result<DeviceBuffer<T>> {
        DeviceBuffer::zeroed(self, len)
    }

    /// Copies `data` into a new buffer in this context.
    pub fn htod<T: DeviceRepr>(&self, data: &[T]) -> Result<DeviceBuffer<T>> {
        DeviceBuffer::from_slice(self, data)
    }
}
