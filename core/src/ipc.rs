//! Sharing device memory, events and memory pools between processes (CUDA IPC).
//!
//! Three ways, each an exporting side that makes a handle and an importing side that opens
//! it in another process on the same machine:
//!
//! | What | Export | Send | Import |
//! |---|---|---|---|
//! | a buffer from [`DeviceBuffer::zeroed`] and the like (`cuMemAlloc`) | [`DeviceBuffer::ipc_handle`] (`cuIpcGetMemHandle`) | [`IpcMemHandle::to_bytes`], 80 bytes | [`IpcBuffer::open`] (`cuIpcOpenMemHandle`) |
//! | an event made with [`IpcEvent::new`] (`CU_EVENT_INTERPROCESS \| CU_EVENT_DISABLE_TIMING`) | [`IpcEvent::handle`] (`cuIpcGetEventHandle`) | [`IpcEventHandle::to_bytes`], 80 bytes | [`IpcEvent::open`] (`cuIpcOpenEventHandle`) |
//! | a pool made with [`MemPool::new_shareable`], and its buffers | [`MemPool::export_fd`] (`cuMemPoolExportToShareableHandle`, a POSIX file descriptor), then [`MemPool::export_pointer`] per buffer | the descriptor over a Unix socket (`SCM_RIGHTS`) or by inheritance; [`IpcPoolPointer::to_bytes`], 80 bytes | [`MemPool::import_fd`], then [`MemPool::import_pointer`] |
//!
//! The handles are plain bytes: write them to a pipe, a socket, a file or an environment
//! variable; `from_bytes` checks that they are a handle of the kind asked for (a tag,
//! a version and the kind lead the 64 bytes the driver gives). A pool's descriptor is
//! not bytes but an open file: it travels as a file descriptor does, which this crate
//! leaves to the program (`std::os::unix::net` plus `sendmsg`, or a child process that
//! inherits it).
//!
//! # Lifetimes
//!
//! - An imported mapping ([`IpcBuffer`]) is unmapped when it drops (`cuIpcCloseMemHandle`,
//!   or `cuMemFree` for a pool pointer) and holds its context alive until then, so it
//!   cannot outlive its context.
//! - The exporter must keep its buffer, event or pool alive until every importer has
//!   dropped what it opened. The driver does not keep the memory alive for the importer:
//!   if the exporter frees it or exits first, the importer's mapping refers to memory that
//!   is gone (the driver calls the results undefined: wrong data or a fault in the
//!   importing process's kernels). Tell the exporter when you are done (a message on the
//!   channel the handle came by), then let it free.
//! - A pool pointer must be freed in every importing process before the exporter frees it
//!   (the driver's rule for `cuMemPoolImportPointer`); [`MemPool::export_pointer`] waits
//!   for the buffer's allocation to complete, so the importer never sees it unfinished.
//! - An imported event may be waited on and recorded in either process; using it after the
//!   exporter destroyed its event is undefined.
//!
//! # Where it works
//!
//! On the driver, on Linux (Windows supports legacy IPC only "for compatibility" and not
//! the POSIX descriptor of a pool, which this crate does not export there). The simulator
//! refuses every export and import with [`Error::IpcOnSimulator`]: its memory lives inside
//! one process and no other process can map it.

use std::marker::PhantomData;
use std::mem::size_of;
use std::ops::Deref;
use std::sync::Arc;

use crate::backend::seam;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::mem_pool::MemPool;
use crate::memory::{DeviceBuffer, DeviceRepr, Release};
use crate::stream::Event;

/// The bytes the driver gives for each handle (`CU_IPC_HANDLE_SIZE`).
const CUDA_BYTES: usize = 64;
/// The tag that leads every handle this crate writes.
const TAG: [u8; 4] = *b"CLIP";
/// The version of the layout below.
const VERSION: u8 = 1;
/// Where the driver's bytes start: after the tag, the version, the kind and two zero bytes.
const CUDA_AT: usize = 8;
/// Where the size in bytes (little-endian `u64`) starts; 0 for an event.
const SIZE_AT: usize = CUDA_AT + CUDA_BYTES;

/// Bytes of every handle's [`to_bytes`](IpcMemHandle::to_bytes).
pub const IPC_HANDLE_BYTES: usize = SIZE_AT + 8;

/// Which handle a run of bytes holds (the byte after the version).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Memory = 1,
    Event = 2,
    PoolPointer = 3,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Memory => "IpcMemHandle",
            Kind::Event => "IpcEventHandle",
            Kind::PoolPointer => "IpcPoolPointer",
        }
    }
}

/// The driver's 64 bytes and a size, as `IPC_HANDLE_BYTES` bytes.
fn encode(kind: Kind, cuda: &[u8; CUDA_BYTES], size: u64) -> [u8; IPC_HANDLE_BYTES] {
    let mut out = [0u8; IPC_HANDLE_BYTES];
    out[..4].copy_from_slice(&TAG);
    out[4] = VERSION;
    out[5] = kind as u8;
    out[CUDA_AT..SIZE_AT].copy_from_slice(cuda);
    out[SIZE_AT..].copy_from_slice(&size.to_le_bytes());
    out
}

/// The driver's 64 bytes and the size from bytes `encode` wrote for `kind`.
fn decode(kind: Kind, bytes: &[u8]) -> Result<([u8; CUDA_BYTES], u64)> {
    let bad = |why: String| Error::IpcHandle(format!("{} from_bytes: {why}", kind.name()));
    if bytes.len() != IPC_HANDLE_BYTES {
        return Err(bad(format!(
            "{} bytes given, a handle is {IPC_HANDLE_BYTES}",
            bytes.len()
        )));
    }
    if bytes[..4] != TAG {
        return Err(bad(format!(
            "the bytes do not start with the tag {:?}",
            String::from_utf8_lossy(&TAG)
        )));
    }
    if bytes[4] != VERSION {
        return Err(bad(format!(
            "layout version {} (this crate reads version {VERSION})",
            bytes[4]
        )));
    }
    if bytes[5] != kind as u8 {
        let found = [Kind::Memory, Kind::Event, Kind::PoolPointer]
            .into_iter()
            .find(|k| *k as u8 == bytes[5])
            .map_or_else(
                || format!("unknown kind {}", bytes[5]),
                |k| k.name().to_string(),
            );
        return Err(bad(format!("the bytes hold a {found}")));
    }
    if bytes[6..CUDA_AT] != [0, 0] {
        return Err(bad("the reserved bytes 6 and 7 are not zero".to_string()));
    }
    let mut cuda = [0u8; CUDA_BYTES];
    cuda.copy_from_slice(&bytes[CUDA_AT..SIZE_AT]);
    let mut size = [0u8; 8];
    size.copy_from_slice(&bytes[SIZE_AT..]);
    Ok((cuda, u64::from_le_bytes(size)))
}

/// The handle of a device buffer another process can map ([`IpcBuffer::open`]): the
/// driver's `CUipcMemHandle` and the buffer's size in bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct IpcMemHandle {
    cuda: [u8; CUDA_BYTES],
    bytes: u64,
}

impl std::fmt::Debug for IpcMemHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IpcMemHandle")
            .field("bytes", &self.bytes)
            .finish_non_exhaustive()
    }
}

impl IpcMemHandle {
    /// The handle as [`IPC_HANDLE_BYTES`] bytes, to send to another process.
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{IpcMemHandle, IPC_HANDLE_BYTES};
    /// let bytes = [0u8; IPC_HANDLE_BYTES];
    /// // Bytes that are not a handle are refused, with what is wrong.
    /// assert!(IpcMemHandle::from_bytes(&bytes).is_err());
    /// # Ok(()) }
    /// ```
    pub fn to_bytes(&self) -> [u8; IPC_HANDLE_BYTES] {
        encode(Kind::Memory, &self.cuda, self.bytes)
    }

    /// The handle `to_bytes` wrote; [`Error::IpcHandle`] for anything else (a wrong
    /// length, tag, version or kind).
    pub fn from_bytes(bytes: &[u8]) -> Result<IpcMemHandle> {
        let (cuda, bytes) = decode(Kind::Memory, bytes)?;
        Ok(IpcMemHandle { cuda, bytes })
    }

    /// The size of the exported buffer in bytes.
    pub fn size_bytes(&self) -> u64 {
        self.bytes
    }
}

/// The handle of an event another process can open ([`IpcEvent::open`]): the driver's
/// `CUipcEventHandle`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct IpcEventHandle {
    cuda: [u8; CUDA_BYTES],
}

impl std::fmt::Debug for IpcEventHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IpcEventHandle").finish_non_exhaustive()
    }
}

impl IpcEventHandle {
    /// The handle as [`IPC_HANDLE_BYTES`] bytes, to send to another process.
    pub fn to_bytes(&self) -> [u8; IPC_HANDLE_BYTES] {
        encode(Kind::Event, &self.cuda, 0)
    }

    /// The handle `to_bytes` wrote; [`Error::IpcHandle`] for anything else.
    pub fn from_bytes(bytes: &[u8]) -> Result<IpcEventHandle> {
        let (cuda, _) = decode(Kind::Event, bytes)?;
        Ok(IpcEventHandle { cuda })
    }
}

/// What names one allocation of a shared pool to a process that imported the pool
/// ([`MemPool::import_pointer`]): the driver's `CUmemPoolPtrExportData` and the buffer's
/// size in bytes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct IpcPoolPointer {
    cuda: [u8; CUDA_BYTES],
    bytes: u64,
}

impl std::fmt::Debug for IpcPoolPointer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IpcPoolPointer")
            .field("bytes", &self.bytes)
            .finish_non_exhaustive()
    }
}

impl IpcPoolPointer {
    /// The record as [`IPC_HANDLE_BYTES`] bytes, to send to another process.
    pub fn to_bytes(&self) -> [u8; IPC_HANDLE_BYTES] {
        encode(Kind::PoolPointer, &self.cuda, self.bytes)
    }

    /// The record `to_bytes` wrote; [`Error::IpcHandle`] for anything else.
    pub fn from_bytes(bytes: &[u8]) -> Result<IpcPoolPointer> {
        let (cuda, bytes) = decode(Kind::PoolPointer, bytes)?;
        Ok(IpcPoolPointer { cuda, bytes })
    }

    /// The size of the exported buffer in bytes.
    pub fn size_bytes(&self) -> u64 {
        self.bytes
    }
}

impl<T: DeviceRepr> DeviceBuffer<T> {
    /// A handle another process can map this buffer's memory with (`cuIpcGetMemHandle`).
    /// Keep the buffer alive until every process that opened it has dropped its
    /// [`IpcBuffer`] (see [the lifetimes](crate::ipc#lifetimes)).
    ///
    /// A buffer from a memory pool ([`Stream::alloc_async`](crate::Stream::alloc_async))
    /// is shared with its pool instead: [`MemPool::new_shareable`], then
    /// [`MemPool::export_pointer`]. Memory imported from another process (an
    /// [`IpcBuffer`]) is refused with [`Error::InvalidArgument`]: export it from the process
    /// that allocated it. On the simulator: [`Error::IpcOnSimulator`].
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{Device, DeviceBuffer, Error, IpcMemHandle};
    /// let ctx = Device::new(0)?.set_current()?;
    /// let buf = DeviceBuffer::from_slice(&ctx, &[1u32, 2, 3])?;
    /// match buf.ipc_handle() {
    ///     // Send `handle.to_bytes()` to the other process.
    ///     Ok(handle) => assert_eq!(IpcMemHandle::from_bytes(&handle.to_bytes())?, handle),
    ///     Err(Error::IpcOnSimulator { .. }) => assert!(ctx.is_simulated()),
    ///     Err(e) => return Err(e),
    /// }
    /// # Ok(()) }
    /// ```
    pub fn ipc_handle(&self) -> Result<IpcMemHandle> {
        // Before the driver, which answers with a bare INVALID_VALUE-style error.
        if matches!(self.release, Release::Imported) {
            return Err(Error::InvalidArgument(
                "this memory was imported from another process (an IpcBuffer), and only \
                 the allocating process's driver can make an IPC handle of it: export it \
                 from the process that allocated it, and send that handle on"
                    .to_string(),
            ));
        }
        if self.ctx.is_simulated() {
            return Err(Error::IpcOnSimulator {
                what: "device memory",
            });
        }
        if matches!(
            self.release,
            Release::OnStream { .. } | Release::Captured { .. }
        ) {
            return Err(Error::InvalidArgument(
                "this buffer comes from a memory pool (Stream::alloc_async), which \
                 cuIpcGetMemHandle cannot export: allocate it from a pool made with \
                 MemPool::new_shareable and share it with MemPool::export_pointer, or \
                 allocate it with DeviceBuffer::zeroed / from_slice"
                    .to_string(),
            ));
        }
        if self.ptr == 0 {
            return Err(Error::InvalidArgument(
                "an empty buffer owns no device memory to share".to_string(),
            ));
        }
        Ok(IpcMemHandle {
            cuda: self.ctx.ipc_mem_handle(self.ptr)?,
            bytes: self.size_bytes() as u64,
        })
    }
}

/// How an [`IpcBuffer`] gives its mapping back.
enum Unmap {
    /// `cuIpcCloseMemHandle` (memory opened from an [`IpcMemHandle`]).
    Close,
    /// `cuMemFree` of a pointer imported from a pool, which is kept alive until then.
    FreeFromPool { _pool: MemPool },
}

/// Device memory another process exported, mapped into this one: a [`DeviceBuffer`] of
/// `T` (it derefs to one: copy to and from it, fill it, pass it to kernels) that unmaps
/// the memory on drop (`cuIpcCloseMemHandle`, or `cuMemFree` for a pool pointer) and
/// holds its context alive until then.
///
/// The memory is the exporter's: writes here are seen there and the other way round, and
/// it is valid only while the exporter keeps it (see [the lifetimes](crate::ipc#lifetimes)).
/// As a kernel argument, pass the buffer it derefs to: `launch!(kernel, &stream, &config,
/// *shared)`.
pub struct IpcBuffer<T: DeviceRepr> {
    buf: DeviceBuffer<T>,
    unmap: Unmap,
}

impl<T: DeviceRepr> std::fmt::Debug for IpcBuffer<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IpcBuffer")
            .field("ptr", &format_args!("{:#x}", self.buf.ptr))
            .field("len", &self.buf.len)
            .field("type", &std::any::type_name::<T>())
            .finish()
    }
}

/// The number of `T` in `bytes` exported bytes, checked against the `mapped` bytes the
/// driver says the memory has.
fn elements<T>(bytes: u64, mapped: usize) -> Result<usize> {
    let bytes = usize::try_from(bytes)
        .map_err(|_| Error::IpcHandle(format!("{bytes} bytes do not fit this address space")))?;
    if bytes > mapped {
        return Err(Error::IpcHandle(format!(
            "the handle says {bytes} bytes but the memory it maps has {mapped}"
        )));
    }
    let each = size_of::<T>();
    if each == 0 || bytes % each != 0 {
        return Err(Error::IpcHandle(format!(
            "{bytes} bytes are not a whole number of {} ({each} bytes each): open it as \
             the element type it was exported as",
            std::any::type_name::<T>()
        )));
    }
    Ok(bytes / each)
}

impl<T: DeviceRepr> IpcBuffer<T> {
    /// Maps the buffer `handle` names, exported by another process, in `ctx`
    /// (`cuIpcOpenMemHandle`; on another device than the exporter's, peer access is
    /// enabled as needed). The exporter must keep its buffer alive until this drops.
    ///
    /// Errors: [`Error::IpcHandle`] when the handle's size is not a whole number of `T`
    /// or exceeds the memory mapped; the driver's error when the handle cannot be opened
    /// here (the driver opens a handle only in a process other than the exporter);
    /// [`Error::IpcOnSimulator`] on the simulator.
    ///
    /// ```no_run
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{Device, IpcBuffer, IpcMemHandle};
    /// let ctx = Device::new(0)?.set_current()?;
    /// # let bytes_from_the_other_process = [0u8; cuda_library::IPC_HANDLE_BYTES];
    /// let handle = IpcMemHandle::from_bytes(&bytes_from_the_other_process)?;
    /// let shared = IpcBuffer::<f32>::open(&ctx, &handle)?;
    /// println!("{:?}", shared.to_vec()?);
    /// # Ok(()) }
    /// ```
    pub fn open(ctx: &Context, handle: &IpcMemHandle) -> Result<IpcBuffer<T>> {
        let (ptr, mapped) = ctx.imp.ipc_open_mem_handle(&handle.cuda)?;
        // Built before the check, so that a refused handle is closed again on drop.
        let mut opened = IpcBuffer::mapped(ctx.imp.clone(), ptr, Unmap::Close);
        opened.buf.len = elements::<T>(handle.bytes, mapped)?;
        Ok(opened)
    }

    /// The memory at `ptr`, mapped in `ctx` and given back by `unmap`, as an empty buffer
    /// (the caller sets its length once it has checked it).
    fn mapped(ctx: seam::Context, ptr: u64, unmap: Unmap) -> IpcBuffer<T> {
        IpcBuffer {
            buf: DeviceBuffer {
                ptr,
                len: 0,
                ctx,
                release: Release::Imported,
                _t: PhantomData,
            },
            unmap,
        }
    }

    /// The mapped memory as a buffer (what `*self` gives).
    pub fn buffer(&self) -> &DeviceBuffer<T> {
        &self.buf
    }
}

impl<T: DeviceRepr> Deref for IpcBuffer<T> {
    type Target = DeviceBuffer<T>;

    fn deref(&self) -> &DeviceBuffer<T> {
        &self.buf
    }
}

impl<T: DeviceRepr> Drop for IpcBuffer<T> {
    fn drop(&mut self) {
        // Errors cannot be reported from Drop.
        let _ = match &self.unmap {
            Unmap::Close => self.buf.ctx.ipc_close_mem_handle(self.buf.ptr),
            Unmap::FreeFromPool { .. } => self.buf.ctx.free(self.buf.ptr),
        };
        // The memory is given back: the buffer's own drop must not free it again.
        self.buf.ptr = 0;
    }
}

/// An event two processes share: made here with [`IpcEvent::new`]
/// (`CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING`, as the driver requires) and
/// exported with [`IpcEvent::handle`], or opened from another process's handle with
/// [`IpcEvent::open`]. It derefs to an [`Event`]: record it on a stream in one process,
/// wait for it ([`Event::synchronize`]) in the other. It has no timing: `elapsed_ms_since`
/// fails.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{Device, Error, IpcEvent};
/// let ctx = Device::new(0)?.set_current()?;
/// match IpcEvent::new(&ctx) {
///     Ok(event) => {
///         let stream = ctx.create_stream()?;
///         event.record(&stream)?;
///         let bytes = event.handle()?.to_bytes(); // for the other process
///         # let _ = bytes;
///     }
///     Err(Error::IpcOnSimulator { .. }) => assert!(ctx.is_simulated()),
///     Err(e) => return Err(e),
/// }
/// # Ok(()) }
/// ```
pub struct IpcEvent {
    event: Event,
    ctx: seam::Context,
}

impl std::fmt::Debug for IpcEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IpcEvent")
            .field("raw", &self.event.as_raw())
            .finish()
    }
}

impl IpcEvent {
    /// A new event in `ctx` that other processes can open. On the simulator:
    /// [`Error::IpcOnSimulator`].
    pub fn new(ctx: &Context) -> Result<IpcEvent> {
        Ok(IpcEvent {
            event: Event {
                imp: seam::Event::create_interprocess(&ctx.imp)?,
                captured: Default::default(),
            },
            ctx: ctx.imp.clone(),
        })
    }

    /// The handle another process opens the event with (`cuIpcGetEventHandle`). Keep
    /// this event alive until every process that opened it is done with it.
    pub fn handle(&self) -> Result<IpcEventHandle> {
        Ok(IpcEventHandle {
            cuda: self.event.imp.ipc_handle(&self.ctx)?,
        })
    }

    /// Opens, in `ctx`, the event another process exported (`cuIpcOpenEventHandle`);
    /// destroyed on drop (`cuEventDestroy`), which leaves the exporter's event alone.
    pub fn open(ctx: &Context, handle: &IpcEventHandle) -> Result<IpcEvent> {
        Ok(IpcEvent {
            event: Event {
                imp: seam::Event::ipc_open(&ctx.imp, &handle.cuda)?,
                captured: Default::default(),
            },
            ctx: ctx.imp.clone(),
        })
    }

    /// The event (what `*self` gives).
    pub fn event(&self) -> &Event {
        &self.event
    }
}

impl Deref for IpcEvent {
    type Target = Event;

    fn deref(&self) -> &Event {
        &self.event
    }
}

impl MemPool {
    /// A new pool on `ctx`'s device whose allocations other processes can import
    /// ([`export_fd`](MemPool::export_fd), [`export_pointer`](MemPool::export_pointer)):
    /// `cuMemPoolCreate` with `CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR`. Otherwise as
    /// [`MemPool::new`]. On the simulator: [`Error::IpcOnSimulator`].
    ///
    /// ```
    /// # fn main() -> cuda_library::Result<()> {
    /// use cuda_library::{Device, Error, MemPool};
    /// let ctx = Device::new(0)?.set_current()?;
    /// match MemPool::new_shareable(&ctx, 0) {
    ///     Ok(pool) => {
    ///         let stream = ctx.create_stream()?;
    ///         let buf = stream.alloc_async_from::<u32>(&pool, 256)?;
    ///         let record = pool.export_pointer(&buf)?; // for the other process
    ///         assert_eq!(record.size_bytes(), 1024);
    ///     }
    ///     Err(Error::IpcOnSimulator { .. }) => assert!(ctx.is_simulated()),
    ///     Err(e) => return Err(e),
    /// }
    /// # Ok(()) }
    /// ```
    pub fn new_shareable(ctx: &Context, release_threshold: u64) -> Result<MemPool> {
        Ok(MemPool {
            imp: Arc::new(seam::MemPool::create_shareable(
                &ctx.imp,
                release_threshold,
            )?),
            ordinal: ctx.device_ordinal(),
        })
    }

    /// The pool as a POSIX file descriptor (`cuMemPoolExportToShareableHandle`) for
    /// another process to [`import_fd`](MemPool::import_fd). It is an open file, not
    /// bytes: pass it over a Unix socket (`SCM_RIGHTS`) or let a child process inherit
    /// it. Only a pool made with [`new_shareable`](MemPool::new_shareable) exports
    /// (the driver refuses others with `CUDA_ERROR_INVALID_VALUE`).
    #[cfg(unix)]
    pub fn export_fd(&self) -> Result<std::os::fd::OwnedFd> {
        self.imp.ipc_export()
    }

    /// Imports, in `ctx`, the pool another process exported as the descriptor `fd`
    /// (`cuMemPoolImportFromShareableHandle`; `fd` stays open, yours to close), with
    /// read-write access for `ctx`'s device. An imported pool does not allocate: it
    /// gives access to the exporter's buffers through
    /// [`import_pointer`](MemPool::import_pointer). Keep the exporter's pool alive as
    /// long.
    #[cfg(unix)]
    pub fn import_fd(ctx: &Context, fd: std::os::fd::BorrowedFd<'_>) -> Result<MemPool> {
        Ok(MemPool {
            imp: Arc::new(seam::MemPool::ipc_import(&ctx.imp, fd)?),
            ordinal: ctx.device_ordinal(),
        })
    }

    /// What names `buf`, a buffer allocated from this pool, to a process that imported
    /// the pool (`cuMemPoolExportPointer`). Waits for the allocation to complete on its
    /// stream first, as the importer may use it only then. Keep `buf` alive until every
    /// importer has dropped what it imported.
    pub fn export_pointer<T: DeviceRepr>(&self, buf: &DeviceBuffer<T>) -> Result<IpcPoolPointer> {
        let stream = match &buf.release {
            Release::OnStream {
                stream,
                pool: Some(pool),
            } if Arc::ptr_eq(pool, &self.imp) => stream,
            _ => {
                return Err(Error::InvalidArgument(
                    "the buffer was not allocated from this pool: allocate it with \
                     Stream::alloc_async_from(&pool, n)"
                        .to_string(),
                ))
            }
        };
        if buf.ptr == 0 {
            return Err(Error::InvalidArgument(
                "an empty buffer owns no device memory to share".to_string(),
            ));
        }
        stream.synchronize()?;
        Ok(IpcPoolPointer {
            cuda: seam::MemPool::ipc_export_pointer(&buf.ctx, buf.ptr)?,
            bytes: buf.size_bytes() as u64,
        })
    }

    /// Maps the buffer `record` names from this imported pool (`cuMemPoolImportPointer`):
    /// an [`IpcBuffer`] of `T` freed (`cuMemFree`) on drop, which keeps this pool alive.
    /// Drop it before the exporter frees its buffer.
    pub fn import_pointer<T: DeviceRepr>(&self, record: &IpcPoolPointer) -> Result<IpcBuffer<T>> {
        let ctx = self.imp.ipc_context()?;
        let ptr = self.imp.ipc_import_pointer(&record.cuda)?;
        let mut imported = IpcBuffer::mapped(
            ctx,
            ptr,
            Unmap::FreeFromPool {
                _pool: self.clone(),
            },
        );
        let mapped = imported.buf.ctx.ipc_bytes_from(ptr)?;
        imported.buf.len = elements::<T>(record.bytes, mapped)?;
        Ok(imported)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Memory another process exported is not this process's to export again: refused
    /// with advice before the driver is asked (the simulator's context stands in for the
    /// importer's; the check comes first on either backend).
    #[test]
    fn imported_memory_is_not_exported_again() {
        crate::use_backend(crate::BackendKind::Sim).unwrap();
        let ctx = crate::Device::new(0).unwrap().set_current().unwrap();
        let mut shared = IpcBuffer::<u32>::mapped(ctx.imp.clone(), 1 << 40, Unmap::Close);
        shared.buf.len = 4;
        let e = shared.ipc_handle().unwrap_err();
        assert!(matches!(e, Error::InvalidArgument(_)), "{e}");
        assert!(
            e.to_string()
                .contains("export it from the process that allocated it"),
            "{e}"
        );
    }

    fn sample(kind: Kind) -> [u8; IPC_HANDLE_BYTES] {
        let mut cuda = [0u8; CUDA_BYTES];
        for (i, b) in cuda.iter_mut().enumerate() {
            *b = i as u8 ^ 0xa5;
        }
        encode(kind, &cuda, 4096)
    }

    #[test]
    fn handles_round_trip_through_bytes() {
        let bytes = sample(Kind::Memory);
        let h = IpcMemHandle::from_bytes(&bytes).unwrap();
        assert_eq!(h.size_bytes(), 4096);
        assert_eq!(h.to_bytes(), bytes);
        let p = IpcPoolPointer::from_bytes(&sample(Kind::PoolPointer)).unwrap();
        assert_eq!(p.to_bytes(), sample(Kind::PoolPointer));
        // An event's handle carries no size: it writes 0 whatever it was given.
        let e = IpcEventHandle::from_bytes(&sample(Kind::Event)).unwrap();
        assert_eq!(e.to_bytes()[..SIZE_AT], sample(Kind::Event)[..SIZE_AT]);
        assert_eq!(e.to_bytes()[SIZE_AT..], [0; 8]);
    }

    fn refusal(result: Result<impl std::fmt::Debug>) -> String {
        match result {
            Err(e @ Error::IpcHandle(_)) => e.to_string(),
            other => panic!("expected Error::IpcHandle, got {other:?}"),
        }
    }

    #[test]
    fn bytes_that_are_not_a_handle_are_refused_with_the_reason() {
        let good = sample(Kind::Memory);
        assert!(refusal(IpcMemHandle::from_bytes(&good[..40])).contains("40 bytes given"));
        assert!(refusal(IpcMemHandle::from_bytes(&[])).contains("0 bytes given"));
        let mut long = good.to_vec();
        long.push(0);
        assert!(refusal(IpcMemHandle::from_bytes(&long)).contains("81 bytes given"));
        let mut tag = good;
        tag[0] = b'X';
        assert!(refusal(IpcMemHandle::from_bytes(&tag)).contains("tag"));
        let mut version = good;
        version[4] = 9;
        assert!(refusal(IpcMemHandle::from_bytes(&version)).contains("version 9"));
        let mut reserved = good;
        reserved[7] = 1;
        assert!(refusal(IpcMemHandle::from_bytes(&reserved)).contains("reserved"));
        let mut unknown = good;
        unknown[5] = 77;
        assert!(refusal(IpcMemHandle::from_bytes(&unknown)).contains("unknown kind 77"));
    }

    #[test]
    fn a_handle_of_one_kind_is_not_taken_for_another() {
        let event = sample(Kind::Event);
        let msg = refusal(IpcMemHandle::from_bytes(&event));
        assert!(
            msg.contains("IpcMemHandle") && msg.contains("IpcEventHandle"),
            "{msg}"
        );
        assert!(IpcPoolPointer::from_bytes(&sample(Kind::Memory)).is_err());
        assert!(IpcEventHandle::from_bytes(&sample(Kind::PoolPointer)).is_err());
    }

    #[test]
    fn the_exported_size_must_fit_the_mapping_and_the_type() {
        assert_eq!(elements::<u32>(16, 4096).unwrap(), 4);
        assert!(refusal(elements::<u32>(4097, 4096)).contains("has 4096"));
        assert!(refusal(elements::<u32>(18, 4096)).contains("whole number"));
        assert!(refusal(elements::<u64>(u64::MAX, usize::MAX)).contains("whole number"));
    }
}
