//! Stream-ordered allocation: [`Stream::alloc_async`] and memory pools ([`MemPool`]).
//!
//! A buffer allocated on a stream is freed on drop on that same stream (`cuMemFreeAsync`),
//! after the work queued on it before, without waiting for the GPU. The memory comes from a
//! pool: the device's default pool, or one made with [`MemPool::new`]. A pool keeps freed
//! memory for reuse; at a synchronization point it returns to the system what it holds
//! beyond its release threshold (0 by default: everything).
//!
//! On the simulator work runs when it is queued, so the buffer is freed when it drops; the
//! pools keep and release memory of the simulated heap by the same rules (freed memory is
//! reused, and what is kept beyond the threshold is released when a stream or context of
//! the device synchronizes).

use std::ffi::c_void;
use std::marker::PhantomData;
use std::mem::size_of;
use std::sync::Arc;

use crate::backend::seam;
use crate::context::Context;
use crate::error::{Error, Result};
pub use crate::info::MemPoolStats;
use crate::memory::{DeviceBuffer, DeviceRepr, Release};
use crate::stream::Stream;

/// A pool of device memory for stream-ordered allocation: the device's default pool, or a
/// pool of its own made with [`MemPool::new`] (destroyed when the last clone and the last
/// buffer allocated from it are gone).
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{Device, MemPool};
/// let ctx = Device::new(0)?.set_current()?;
/// let stream = ctx.create_stream()?;
/// // Keep up to 64 MiB of freed memory for the next allocations.
/// let pool = MemPool::new(&ctx, 64 << 20)?;
/// let buf = stream.alloc_async_from::<f32>(&pool, 1 << 20)?;
/// assert!(pool.stats()?.used >= 4 << 20);
/// drop(buf); // freed on `stream`
/// stream.synchronize()?;
/// assert_eq!(pool.stats()?.used, 0);
/// assert!(pool.stats()?.reserved >= 4 << 20); // kept, under the threshold
/// pool.trim_to(0)?;
/// assert_eq!(pool.stats()?.reserved, 0);
/// # Ok(()) }
/// ```
///
/// # Coming from cudarc
///
/// cudarc's safe API allocates with `stream.alloc_zeros::<T>(n)` from the device's default
/// pool and has no safe pool type (cudarc issue #536). Here a pool is a value: make one that
/// keeps what is freed, allocate from it on a stream, and each step's allocations reuse what
/// the step before freed, without a round trip to the driver's allocator. With the `cudarc`
/// feature, `Context::from_cudarc` and `Stream::from_cudarc` take cudarc's context and
/// stream. The [`parity`](crate::guide::parity) guide maps the rest of cudarc's API.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{Device, MemPool};
/// let ctx = Device::new(0)?.set_current()?; // cudarc: CudaContext::new(0)
/// let stream = ctx.create_stream()?; // cudarc: ctx.new_stream()
/// let pool = MemPool::new(&ctx, u64::MAX)?; // keeps all it is given back
/// for _step in 0..3 {
///     // cudarc: stream.alloc_zeros::<f32>(1 << 20)
///     let activations = stream.alloc_async_from::<f32>(&pool, 1 << 20)?;
///     activations.fill(0.0)?;
///     // ... launch the step's kernels on `stream` ...
/// } // each step's buffer is freed on `stream` (cuMemFreeAsync), back into the pool
/// stream.synchronize()?;
/// let stats = pool.stats()?;
/// assert_eq!(stats.used, 0);
/// assert!(stats.used_high < 2 * (4 << 20)); // one step's buffer at a time
/// assert!(stats.reserved >= 4 << 20); // kept for the next step
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct MemPool {
    pub(crate) imp: Arc<seam::MemPool>,
    pub(crate) ordinal: usize,
}

impl std::fmt::Debug for MemPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MemPool")
            .field("raw", &self.as_raw())
            .field("device", &self.ordinal)
            .field("simulated", &self.is_simulated())
            .finish()
    }
}

impl MemPool {
    /// A new pool on `ctx`'s device (`cuMemPoolCreate`, pinned device memory, no IPC) that
    /// keeps up to `release_threshold` bytes of freed memory at synchronization points.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let pool = cuda_library::MemPool::new(&ctx, 1 << 30)?;
    /// assert_eq!(pool.release_threshold()?, 1 << 30);
    /// # Ok(()) }
    /// ```
    pub fn new(ctx: &Context, release_threshold: u64) -> Result<MemPool> {
        Ok(MemPool {
            imp: Arc::new(seam::MemPool::create(&ctx.imp, release_threshold)?),
            ordinal: ctx.device_ordinal(),
        })
    }

    /// The default pool of `ctx`'s device (`cuDeviceGetDefaultMemPool`): the one
    /// [`Stream::alloc_async`] takes from unless the device's current pool was changed
    /// elsewhere.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let pool = cuda_library::MemPool::device_default(&ctx)?;
    /// println!("{:?}", pool.stats()?);
    /// # Ok(()) }
    /// ```
    pub fn device_default(ctx: &Context) -> Result<MemPool> {
        Ok(MemPool {
            imp: Arc::new(seam::MemPool::device_default(&ctx.imp)?),
            ordinal: ctx.device_ordinal(),
        })
    }

    /// What the pool holds and keeps.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// assert_eq!(cuda_library::MemPool::new(&ctx, 0)?.stats()?.used, 0);
    /// # Ok(()) }
    /// ```
    pub fn stats(&self) -> Result<MemPoolStats> {
        self.imp.stats()
    }

    /// How many bytes of freed memory the pool keeps at a synchronization point.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// assert_eq!(cuda_library::MemPool::new(&ctx, 4096)?.release_threshold()?, 4096);
    /// # Ok(()) }
    /// ```
    pub fn release_threshold(&self) -> Result<u64> {
        Ok(self.imp.stats()?.release_threshold)
    }

    /// Sets the release threshold (`CU_MEMPOOL_ATTR_RELEASE_THRESHOLD`); `u64::MAX` keeps
    /// all freed memory.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let pool = cuda_library::MemPool::new(&ctx, 0)?;
    /// pool.set_release_threshold(u64::MAX)?;
    /// assert_eq!(pool.release_threshold()?, u64::MAX);
    /// # Ok(()) }
    /// ```
    pub fn set_release_threshold(&self, bytes: u64) -> Result<()> {
        self.imp.set_release_threshold(bytes)
    }

    /// Releases freed memory the pool keeps until it holds at most `keep_bytes` more than
    /// its buffers use (`cuMemPoolTrimTo`).
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let pool = cuda_library::MemPool::new(&ctx, u64::MAX)?;
    /// pool.trim_to(0)?;
    /// assert_eq!(pool.stats()?.reserved, 0);
    /// # Ok(()) }
    /// ```
    pub fn trim_to(&self, keep_bytes: u64) -> Result<()> {
        self.imp.trim_to(keep_bytes)
    }

    /// The device the pool belongs to.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// assert_eq!(cuda_library::MemPool::device_default(&ctx)?.device_ordinal(), 0);
    /// # Ok(()) }
    /// ```
    pub fn device_ordinal(&self) -> usize {
        self.ordinal
    }

    /// The raw `CUmemoryPool` (null on the simulator), valid while this value lives.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let pool = cuda_library::MemPool::device_default(&ctx)?;
    /// assert_eq!(pool.as_raw().is_null(), pool.is_simulated());
    /// # Ok(()) }
    /// ```
    pub fn as_raw(&self) -> *mut c_void {
        self.imp.as_raw()
    }

    /// Whether the pool is on the simulator.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let pool = cuda_library::MemPool::device_default(&ctx)?;
    /// assert_eq!(pool.is_simulated(), ctx.is_simulated());
    /// # Ok(()) }
    /// ```
    pub fn is_simulated(&self) -> bool {
        self.imp.is_simulated()
    }
}

impl Stream {
    /// Allocates `len` elements on this stream from the device's current memory pool
    /// (`cuMemAllocAsync`; the default pool unless changed elsewhere). The memory is
    /// usable by work queued on this stream after the call, and by synchronous copies
    /// ([`DeviceBuffer::copy_from`], [`DeviceBuffer::to_vec`]), which this crate's blocking
    /// streams order after it. It is not initialised: fill it or write it before reading.
    ///
    /// The buffer keeps the stream alive and is freed on drop on this stream
    /// (`cuMemFreeAsync`), after the work queued on it before: work on other streams that
    /// uses the buffer must be done (or waited for by this stream) before it drops.
    ///
    /// On a capturing stream the allocation is a memory allocation node of the captured
    /// graph, at an address fixed for the graph's lifetime, and dropping the buffer while
    /// the capture lasts records a free node (the [`graphs`](crate::guide::graphs) guide,
    /// "Memory the graph allocates", has the rules of one kept past the capture).
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let stream = ctx.create_stream()?;
    /// let buf = stream.alloc_async::<u32>(1024)?;
    /// buf.fill(7)?;
    /// assert!(buf.to_vec()?.iter().all(|&v| v == 7));
    /// assert!(buf.is_stream_ordered());
    /// drop(buf); // freed on `stream`, without waiting
    /// # Ok(()) }
    /// ```
    pub fn alloc_async<T: DeviceRepr>(&self, len: usize) -> Result<DeviceBuffer<T>> {
        self.alloc_ordered(None, len)
    }

    /// Allocates `len` elements on this stream from `pool` (`cuMemAllocFromPoolAsync`);
    /// otherwise as [`alloc_async`](Stream::alloc_async). The buffer keeps the pool alive.
    /// On a capturing stream it is refused ([`Error::Unsupported`]): this crate records
    /// allocation nodes from the device's current pool only.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// let ctx = cuda_library::Device::new(0)?.set_current()?;
    /// let stream = ctx.create_stream()?;
    /// let pool = cuda_library::MemPool::new(&ctx, 0)?;
    /// let buf = stream.alloc_async_from::<f64>(&pool, 100)?;
    /// assert_eq!(buf.len(), 100);
    /// # Ok(()) }
    /// ```
    pub fn alloc_async_from<T: DeviceRepr>(
        &self,
        pool: &MemPool,
        len: usize,
    ) -> Result<DeviceBuffer<T>> {
        if pool.ordinal != self.context().device_ordinal() {
            return Err(Error::InvalidArgument(format!(
                "the pool is on device {} and the stream on device {}: allocate from a pool of \
                 the stream's device",
                pool.ordinal,
                self.context().device_ordinal()
            )));
        }
        self.alloc_ordered(Some(pool.imp.clone()), len)
    }

    fn alloc_ordered<T: DeviceRepr>(
        &self,
        pool: Option<Arc<seam::MemPool>>,
        len: usize,
    ) -> Result<DeviceBuffer<T>> {
        // Held until the memory is allocated: no capture begins or ends meanwhile.
        let turn = self.ordered_alloc_turn(pool.is_some())?;
        let bytes = len.checked_mul(size_of::<T>()).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "{len} elements of {} overflow the address space",
                std::any::type_name::<T>()
            ))
        })?;
        if let Some(log) = turn.as_ref() {
            // A memory allocation node of the captured graph.
            let ptr = if bytes > 0 {
                log.queue(
                    |capture| match capture {
                        Some(c) => self.imp.alloc_in_capture(c, bytes),
                        None => Err(crate::graph::log::ended_error()),
                    },
                    |deps| crate::graph::log::alloc_record(bytes, deps),
                )?
            } else {
                0
            };
            return Ok(DeviceBuffer {
                ptr,
                len,
                ctx: self.imp.context(),
                release: Release::Captured {
                    stream: self.imp.clone(),
                    capture: log.captured_alloc(),
                },
                _t: PhantomData,
            });
        }
        // An empty buffer owns no memory (the driver rejects 0 bytes).
        let ptr = if bytes > 0 {
            self.imp.alloc_async(bytes, pool.as_deref())?
        } else {
            0
        };
        Ok(DeviceBuffer {
            ptr,
            len,
            ctx: self.imp.context(),
            release: Release::OnStream {
                stream: self.imp.clone(),
                pool,
            },
            _t: PhantomData,
        })
    }
}
