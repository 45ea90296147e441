//! Sharing device memory, events and memory pools between processes on the driver
//! (`cuIpc*`, `cuMemPoolExportToShareableHandle` and its companions).
//!
//! The entry points are resolved when first needed, through `cuGetProcAddress` at the ABI
//! version of their `cudaTypedefs.h` typedef (as `culink.rs` does): the checked-in bindings
//! are generated from an allowlist that does not hold them, and their C types are a handful
//! of 64-byte structs, written out below from `cuda.h` (CUDA 12.9).

use std::ffi::{c_char, c_int, c_uint, c_ulonglong, c_void, CStr};
use std::ptr;
use std::sync::Arc;

use super::{Context, Driver, Event, MemPool};
use crate::error::{CudaVersion, Error, Result};
use crate::sys::driver as sys;

/// `CU_IPC_HANDLE_SIZE`: the bytes of every handle and export record here.
pub(crate) const HANDLE_BYTES: usize = 64;

/// `CUipcMemHandle` / `CUipcEventHandle` (`char reserved[64]`).
#[repr(C)]
#[derive(Clone, Copy)]
struct IpcHandle {
    reserved: [c_char; HANDLE_BYTES],
}

/// `CUmemPoolPtrExportData` (`unsigned char reserved[64]`).
#[repr(C)]
#[derive(Clone, Copy)]
struct PoolPtrExportData {
    reserved: [u8; HANDLE_BYTES],
}

/// `CUmemAccessDesc`: a location and the access it gets.
#[repr(C)]
struct AccessDesc {
    location: sys::CUmemLocation,
    flags: c_int,
}

/// `CU_MEM_ACCESS_FLAGS_PROT_READWRITE`.
const ACCESS_READ_WRITE: c_int = 3;
/// `CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS`, the one flag `cuIpcOpenMemHandle` takes.
const LAZY_ENABLE_PEER_ACCESS: c_uint = 1;
/// `CU_EVENT_DISABLE_TIMING | CU_EVENT_INTERPROCESS`: what an exported event needs.
const INTERPROCESS_EVENT_FLAGS: c_uint = 0x2 | 0x4;

type CuResult = sys::CUresult;
type GetMemHandle = unsafe extern "C" fn(*mut IpcHandle, sys::CUdeviceptr) -> CuResult;
type OpenMemHandle = unsafe extern "C" fn(*mut sys::CUdeviceptr, IpcHandle, c_uint) -> CuResult;
type CloseMemHandle = unsafe extern "C" fn(sys::CUdeviceptr) -> CuResult;
type GetEventHandle = unsafe extern "C" fn(*mut IpcHandle, sys::CUevent) -> CuResult;
type OpenEventHandle = unsafe extern "C" fn(*mut sys::CUevent, IpcHandle) -> CuResult;
type EventCreate = unsafe extern "C" fn(*mut sys::CUevent, c_uint) -> CuResult;
type GetAddressRange =
    unsafe extern "C" fn(*mut sys::CUdeviceptr, *mut usize, sys::CUdeviceptr) -> CuResult;
type PoolExport = unsafe extern "C" fn(
    *mut c_void,
    sys::CUmemoryPool,
    sys::CUmemAllocationHandleType,
    c_ulonglong,
) -> CuResult;
type PoolImport = unsafe extern "C" fn(
    *mut sys::CUmemoryPool,
    *mut c_void,
    sys::CUmemAllocationHandleType,
    c_ulonglong,
) -> CuResult;
type PoolExportPointer = unsafe extern "C" fn(*mut PoolPtrExportData, sys::CUdeviceptr) -> CuResult;
type PoolImportPointer = unsafe extern "C" fn(
    *mut sys::CUdeviceptr,
    sys::CUmemoryPool,
    *mut PoolPtrExportData,
) -> CuResult;
type PoolGetAccess =
    unsafe extern "C" fn(*mut c_int, sys::CUmemoryPool, *mut sys::CUmemLocation) -> CuResult;
type PoolSetAccess = unsafe extern "C" fn(sys::CUmemoryPool, *const AccessDesc, usize) -> CuResult;

/// Resolves `name` at ABI `version` as the function type `F`.
///
/// # Safety
/// `F` is the `cudaTypedefs.h` typedef of `name` at exactly `version`.
unsafe fn resolve<F: Copy>(drv: &Driver, name: &'static CStr, version: i32) -> Result<F> {
    let p = drv.proc_address(name, version);
    if p.is_null() {
        return Err(Error::MissingEntryPoint {
            function: name.to_str().unwrap_or("cuIpc*"),
            driver: drv.version,
            needed: CudaVersion(version),
        });
    }
    // SAFETY: a non-null address cuGetProcAddress gave for this symbol at this version,
    // whose signature `F` spells (the caller's promise); `F` is a thin fn pointer.
    Ok(unsafe { std::mem::transmute_copy::<*mut c_void, F>(&p) })
}

/// Calls a resolved function and checks its `CUresult` under the driver's name for it.
fn check(drv: &Driver, rc: CuResult, function: &'static str) -> Result<()> {
    drv.check(rc, function)
}

/// `cuIpcGetMemHandle` of the allocation at `ptr` (the base of a `cuMemAlloc`).
pub(crate) fn mem_handle(ctx: &Context, ptr: u64) -> Result<[u8; HANDLE_BYTES]> {
    ctx.make_current()?;
    // SAFETY: the type is `PFN_cuIpcGetMemHandle_v4010`.
    let f: GetMemHandle = unsafe { resolve(ctx.drv, c"cuIpcGetMemHandle", 4010) }?;
    let mut h = IpcHandle {
        reserved: [0; HANDLE_BYTES],
    };
    // SAFETY: writes one 64-byte handle; the pointer is the caller's live allocation.
    check(ctx.drv, unsafe { f(&mut h, ptr) }, "cuIpcGetMemHandle")?;
    Ok(h.reserved.map(|b| b as u8))
}

/// `cuIpcOpenMemHandle` in `ctx` (peer access enabled lazily when the memory is on another
/// device), then the size of the mapping (`cuMemGetAddressRange`): the pointer and its bytes.
pub(crate) fn open_mem_handle(ctx: &Context, handle: &[u8; HANDLE_BYTES]) -> Result<(u64, usize)> {
    ctx.make_current()?;
    // SAFETY: the type is `PFN_cuIpcOpenMemHandle_v11000`.
    let open: OpenMemHandle = unsafe { resolve(ctx.drv, c"cuIpcOpenMemHandle", 11000) }?;
    let h = IpcHandle {
        reserved: handle.map(|b| b as c_char),
    };
    let mut ptr: sys::CUdeviceptr = 0;
    // SAFETY: the handle is passed by value (64 bytes) as cuda.h declares; writes one
    // pointer, closed by `close_mem_handle`.
    check(
        ctx.drv,
        unsafe { open(&mut ptr, h, LAZY_ENABLE_PEER_ACCESS) },
        "cuIpcOpenMemHandle",
    )?;
    match bytes_from(ctx, ptr) {
        Ok(bytes) => Ok((ptr, bytes)),
        Err(e) => {
            let _ = close_mem_handle(ctx, ptr);
            Err(e)
        }
    }
}

/// `cuIpcCloseMemHandle` of a pointer `open_mem_handle` gave.
pub(crate) fn close_mem_handle(ctx: &Context, ptr: u64) -> Result<()> {
    ctx.make_current()?;
    // SAFETY: the type is `PFN_cuIpcCloseMemHandle_v4010`.
    let f: CloseMemHandle = unsafe { resolve(ctx.drv, c"cuIpcCloseMemHandle", 4010) }?;
    // SAFETY: unmaps a mapping this process opened and no longer uses.
    check(ctx.drv, unsafe { f(ptr) }, "cuIpcCloseMemHandle")
}

/// `cuEventCreate` with `CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING`.
pub(crate) fn create_event(ctx: &Arc<Context>) -> Result<Event> {
    ctx.make_current()?;
    // SAFETY: the type is `PFN_cuEventCreate_v2000`.
    let f: EventCreate = unsafe { resolve(ctx.drv, c"cuEventCreate", 2000) }?;
    let mut raw: sys::CUevent = ptr::null_mut();
    // SAFETY: creates one event, owned (and destroyed) by the returned value.
    check(
        ctx.drv,
        unsafe { f(&mut raw, INTERPROCESS_EVENT_FLAGS) },
        "cuEventCreate",
    )?;
    Ok(Event::owned(raw, ctx))
}

/// `cuIpcGetEventHandle` of an event made by `create_event`.
pub(crate) fn event_handle(ctx: &Context, event: &Event) -> Result<[u8; HANDLE_BYTES]> {
    ctx.make_current()?;
    // SAFETY: the type is `PFN_cuIpcGetEventHandle_v4010`.
    let f: GetEventHandle = unsafe { resolve(ctx.drv, c"cuIpcGetEventHandle", 4010) }?;
    let mut h = IpcHandle {
        reserved: [0; HANDLE_BYTES],
    };
    // SAFETY: writes one 64-byte handle of a live event.
    check(
        ctx.drv,
        unsafe { f(&mut h, event.raw) },
        "cuIpcGetEventHandle",
    )?;
    Ok(h.reserved.map(|b| b as u8))
}

/// `cuIpcOpenEventHandle` in `ctx`: an event destroyed (`cuEventDestroy`) on drop.
pub(crate) fn open_event(ctx: &Arc<Context>, handle: &[u8; HANDLE_BYTES]) -> Result<Event> {
    ctx.make_current()?;
    // SAFETY: the type is `PFN_cuIpcOpenEventHandle_v4010`.
    let f: OpenEventHandle = unsafe { resolve(ctx.drv, c"cuIpcOpenEventHandle", 4010) }?;
    let h = IpcHandle {
        reserved: handle.map(|b| b as c_char),
    };
    let mut raw: sys::CUevent = ptr::null_mut();
    // SAFETY: the handle by value, as declared; writes one event, owned by the result.
    check(ctx.drv, unsafe { f(&mut raw, h) }, "cuIpcOpenEventHandle")?;
    Ok(Event::owned(raw, ctx))
}

/// A pool whose allocations can be shared as a POSIX file descriptor.
pub(crate) fn create_shareable_pool(ctx: &Arc<Context>, release_threshold: u64) -> Result<MemPool> {
    MemPool::create_exportable(
        ctx,
        release_threshold,
        sys::CUmemAllocationHandleType::CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR,
    )
}

/// `cuMemPoolExportToShareableHandle` as a POSIX file descriptor, which the caller owns.
#[cfg(unix)]
pub(crate) fn export_pool(pool: &MemPool) -> Result<std::os::fd::OwnedFd> {
    use std::os::fd::FromRawFd;
    let ctx = &pool.ctx;
    ctx.make_current()?;
    // SAFETY: the type is `PFN_cuMemPoolExportToShareableHandle_v11020`.
    let f: PoolExport = unsafe { resolve(ctx.drv, c"cuMemPoolExportToShareableHandle", 11020) }?;
    let mut fd: c_int = -1;
    // SAFETY: for CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR the driver writes one int.
    let rc = unsafe {
        f(
            (&mut fd as *mut c_int).cast(),
            pool.raw,
            sys::CUmemAllocationHandleType::CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR,
            0,
        )
    };
    check(ctx.drv, rc, "cuMemPoolExportToShareableHandle")?;
    if fd < 0 {
        return Err(Error::InvalidArgument(format!(
            "cuMemPoolExportToShareableHandle succeeded but gave the file descriptor {fd}"
        )));
    }
    // SAFETY: the driver opened this descriptor for the caller and nothing else owns it.
    Ok(unsafe { std::os::fd::OwnedFd::from_raw_fd(fd) })
}

/// `cuMemPoolImportFromShareableHandle` of the descriptor `fd` (which stays the caller's),
/// then read-write access for `ctx`'s device if the pool does not give it already.
#[cfg(unix)]
pub(crate) fn import_pool(ctx: &Arc<Context>, fd: std::os::fd::BorrowedFd<'_>) -> Result<MemPool> {
    use std::os::fd::AsRawFd;
    ctx.make_current()?;
    // SAFETY: the types are `PFN_cuMemPoolImportFromShareableHandle_v11020`,
    // `PFN_cuMemPoolGetAccess_v11020` and `PFN_cuMemPoolSetAccess_v11020`.
    let import: PoolImport =
        unsafe { resolve(ctx.drv, c"cuMemPoolImportFromShareableHandle", 11020) }?;
    // SAFETY: as above.
    let get_access: PoolGetAccess = unsafe { resolve(ctx.drv, c"cuMemPoolGetAccess", 11020) }?;
    // SAFETY: as above.
    let set_access: PoolSetAccess = unsafe { resolve(ctx.drv, c"cuMemPoolSetAccess", 11020) }?;
    let mut raw: sys::CUmemoryPool = ptr::null_mut();
    // SAFETY: a POSIX descriptor is passed as the pointer-sized value itself (cuda.h);
    // the driver duplicates what it needs and does not close it. Writes one pool handle,
    // owned (destroyed) by the result.
    let rc = unsafe {
        import(
            &mut raw,
            fd.as_raw_fd() as isize as *mut c_void,
            sys::CUmemAllocationHandleType::CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR,
            0,
        )
    };
    check(ctx.drv, rc, "cuMemPoolImportFromShareableHandle")?;
    let pool = MemPool::imported(raw, ctx);
    let mut here = sys::CUmemLocation {
        type_: sys::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE,
        id: ctx.device,
    };
    let mut access: c_int = 0;
    // SAFETY: the pool is alive; reads one flag word for one location.
    check(
        ctx.drv,
        unsafe { get_access(&mut access, pool.raw, &mut here) },
        "cuMemPoolGetAccess",
    )?;
    if access != ACCESS_READ_WRITE {
        let desc = AccessDesc {
            location: here,
            flags: ACCESS_READ_WRITE,
        };
        // SAFETY: one descriptor, alive for the call.
        check(
            ctx.drv,
            unsafe { set_access(pool.raw, &desc, 1) },
            "cuMemPoolSetAccess",
        )?;
    }
    Ok(pool)
}

/// `cuMemPoolExportPointer` of an allocation from a shareable pool.
pub(crate) fn export_pointer(ctx: &Context, ptr: u64) -> Result<[u8; HANDLE_BYTES]> {
    ctx.make_current()?;
    // SAFETY: the type is `PFN_cuMemPoolExportPointer_v11020`.
    let f: PoolExportPointer = unsafe { resolve(ctx.drv, c"cuMemPoolExportPointer", 11020) }?;
    let mut data = PoolPtrExportData {
        reserved: [0; HANDLE_BYTES],
    };
    // SAFETY: writes 64 bytes of export data for a live pool allocation.
    check(
        ctx.drv,
        unsafe { f(&mut data, ptr) },
        "cuMemPoolExportPointer",
    )?;
    Ok(data.reserved)
}

/// `cuMemPoolImportPointer` from an imported pool: the pointer, freed with `cuMemFree`.
pub(crate) fn import_pointer(pool: &MemPool, data: &[u8; HANDLE_BYTES]) -> Result<u64> {
    let ctx = &pool.ctx;
    ctx.make_current()?;
    // SAFETY: the type is `PFN_cuMemPoolImportPointer_v11020`.
    let f: PoolImportPointer = unsafe { resolve(ctx.drv, c"cuMemPoolImportPointer", 11020) }?;
    let mut data = PoolPtrExportData { reserved: *data };
    let mut ptr: sys::CUdeviceptr = 0;
    // SAFETY: the pool is alive; the driver reads the 64 bytes and writes one pointer.
    check(
        ctx.drv,
        unsafe { f(&mut ptr, pool.raw, &mut data) },
        "cuMemPoolImportPointer",
    )?;
    Ok(ptr)
}

/// The size of the allocation `ptr` points into, from `ptr` on (`cuMemGetAddressRange`).
pub(crate) fn bytes_from(ctx: &Context, ptr: u64) -> Result<usize> {
    ctx.make_current()?;
    // SAFETY: the type is `PFN_cuMemGetAddressRange_v3020`.
    let range: GetAddressRange = unsafe { resolve(ctx.drv, c"cuMemGetAddressRange", 3020) }?;
    let mut base: sys::CUdeviceptr = 0;
    let mut bytes: usize = 0;
    // SAFETY: writes a base and a size for a pointer of this context.
    check(
        ctx.drv,
        unsafe { range(&mut base, &mut bytes, ptr) },
        "cuMemGetAddressRange",
    )?;
    let before = usize::try_from(ptr.saturating_sub(base)).unwrap_or(usize::MAX);
    Ok(bytes.saturating_sub(before))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The C structs have the sizes cuda.h gives them: they are passed by value.
    #[test]
    fn handle_structs_have_the_header_sizes() {
        assert_eq!(std::mem::size_of::<IpcHandle>(), 64);
        assert_eq!(std::mem::size_of::<PoolPtrExportData>(), 64);
        // CUmemLocation (8 bytes) and an int flag word.
        assert_eq!(std::mem::size_of::<AccessDesc>(), 12);
    }
}
