//! Green contexts on the driver: a device's SMs split into groups (`cuDeviceGetDevResource`,
//! `cuDevSmResourceSplitByCount`) and a context limited to one group (`cuDevResourceGenerateDesc`,
//! `cuGreenCtxCreate`, `cuCtxFromGreenCtx`, `cuGreenCtxDestroy`), CUDA 12.4+.
//!
//! Resolved when first needed through `cuGetProcAddress` at the 12.4 ABI of their
//! `cudaTypedefs.h` typedefs (as `ipc.rs` and `culink.rs` do). `CUdevResource` is written out
//! below from `cuda.h` (12.9): a versioned struct of fixed size, padded for growth, which
//! the 12.4 entry points read and write.

use std::ffi::{c_int, c_uint, c_void, CStr};
use std::ptr;
use std::sync::Arc;

use super::{driver, Context, Driver};
use crate::error::{CudaVersion, Error, Result};
use crate::sys::driver as sys;

/// Bytes of `CUdevResource` (`RESOURCE_ABI_VERSION` 1): the type, 92 bytes of padding and
/// a 48-byte union whose SM member is `unsigned int smCount`.
pub(crate) const RESOURCE_BYTES: usize = 4 + 92 + 48;
/// Where `sm.smCount` lies in it.
const SM_COUNT_AT: usize = 96;
/// `CU_DEV_RESOURCE_TYPE_SM`.
const TYPE_SM: c_int = 1;
/// `CU_GREEN_CTX_DEFAULT_STREAM`, which `cuGreenCtxCreate` requires.
const GREEN_CTX_DEFAULT_STREAM: c_uint = 1;
/// The ABI version of every entry point here.
const SINCE: i32 = 12040;

/// `CUdevResource`, as bytes with the struct's alignment.
#[repr(C, align(4))]
#[derive(Clone, Copy)]
pub(crate) struct Resource {
    pub bytes: [u8; RESOURCE_BYTES],
}

impl Resource {
    fn zeroed() -> Resource {
        Resource {
            bytes: [0; RESOURCE_BYTES],
        }
    }

    /// `sm.smCount`.
    pub fn sm_count(&self) -> u32 {
        let mut word = [0u8; 4];
        word.copy_from_slice(&self.bytes[SM_COUNT_AT..SM_COUNT_AT + 4]);
        u32::from_ne_bytes(word)
    }
}

type CuResult = sys::CUresult;
type GetDevResource = unsafe extern "C" fn(sys::CUdevice, *mut Resource, c_int) -> CuResult;
type SplitByCount = unsafe extern "C" fn(
    *mut Resource,
    *mut c_uint,
    *const Resource,
    *mut Resource,
    c_uint,
    c_uint,
) -> CuResult;
type GenerateDesc = unsafe extern "C" fn(*mut *mut c_void, *mut Resource, c_uint) -> CuResult;
type GreenCtxCreate =
    unsafe extern "C" fn(*mut *mut c_void, *mut c_void, sys::CUdevice, c_uint) -> CuResult;
type CtxFromGreenCtx = unsafe extern "C" fn(*mut sys::CUcontext, *mut c_void) -> CuResult;
type GreenCtxDestroy = unsafe extern "C" fn(*mut c_void) -> CuResult;

/// Resolves `name` at the 12.4 ABI as `F`.
///
/// # Safety
/// `F` is the `cudaTypedefs.h` typedef of `name` at version 12040.
unsafe fn resolve<F: Copy>(drv: &Driver, name: &'static CStr) -> Result<F> {
    let p = drv.proc_address(name, SINCE);
    if p.is_null() {
        return Err(Error::MissingEntryPoint {
            function: name.to_str().unwrap_or("cuGreenCtx*"),
            driver: drv.version,
            needed: CudaVersion(SINCE),
        });
    }
    // SAFETY: a non-null address for this symbol at this version, whose signature `F`
    // spells (the caller's promise); `F` is a thin fn pointer.
    Ok(unsafe { std::mem::transmute_copy::<*mut c_void, F>(&p) })
}

/// All the SMs of `device` (`cuDeviceGetDevResource`, type SM).
pub(crate) fn device_sms(device: sys::CUdevice) -> Result<Resource> {
    let drv = driver()?;
    // SAFETY: the type is `PFN_cuDeviceGetDevResource_v12040`.
    let f: GetDevResource = unsafe { resolve(drv, c"cuDeviceGetDevResource") }?;
    let mut r = Resource::zeroed();
    // SAFETY: writes one CUdevResource.
    drv.check(
        unsafe { f(device, &mut r, TYPE_SM) },
        "cuDeviceGetDevResource",
    )?;
    Ok(r)
}

/// Up to `groups` groups of at least `min_sms` SMs each, split from `input`, and the SMs
/// left over (`cuDevSmResourceSplitByCount`, default flags).
pub(crate) fn split(
    input: &Resource,
    groups: u32,
    min_sms: u32,
) -> Result<(Vec<Resource>, Resource)> {
    let drv = driver()?;
    // SAFETY: the type is `PFN_cuDevSmResourceSplitByCount_v12040`.
    let f: SplitByCount = unsafe { resolve(drv, c"cuDevSmResourceSplitByCount") }?;
    let wanted = usize::try_from(groups).unwrap_or(usize::MAX);
    let mut result = vec![Resource::zeroed(); wanted];
    let mut made: c_uint = groups;
    let mut remaining = Resource::zeroed();
    // SAFETY: `result` holds `groups` resources, the count the driver is told; it writes at
    // most that many, the count it made and the remainder.
    drv.check(
        unsafe {
            f(
                result.as_mut_ptr(),
                &mut made,
                input,
                &mut remaining,
                0,
                min_sms,
            )
        },
        "cuDevSmResourceSplitByCount",
    )?;
    result.truncate(usize::try_from(made).unwrap_or(usize::MAX).min(wanted));
    Ok((result, remaining))
}

/// A green context: destroyed (`cuGreenCtxDestroy`) when the last handle made through it
/// drops, which releases the device's primary context it retained.
pub(crate) struct GreenContext {
    raw: *mut c_void,
    drv: &'static Driver,
    /// The SMs of the resource it was made on.
    sms: u32,
}

impl GreenContext {
    /// How many SMs its work may run on.
    pub fn sm_count(&self) -> u32 {
        self.sms
    }
}

// SAFETY: green context handles may be used from any thread; the handle is never mutated.
unsafe impl Send for GreenContext {}
// SAFETY: as above.
unsafe impl Sync for GreenContext {}

impl Drop for GreenContext {
    fn drop(&mut self) {
        // SAFETY: the type is `PFN_cuGreenCtxDestroy_v12040`.
        if let Ok(f) = unsafe { resolve::<GreenCtxDestroy>(self.drv, c"cuGreenCtxDestroy") } {
            // SAFETY: destroys the green context this value made; nothing made through it
            // is alive (they hold this value).
            let _ = unsafe { f(self.raw) };
        }
    }
}

/// A green context on `device` holding the SMs of `resource`, as a context of this crate
/// (`cuCtxFromGreenCtx`) that keeps the green context alive.
pub(crate) fn create(device: sys::CUdevice, resource: &Resource) -> Result<Arc<Context>> {
    let drv = driver()?;
    // SAFETY: the types are the 12.4 typedefs of these symbols.
    let generate: GenerateDesc = unsafe { resolve(drv, c"cuDevResourceGenerateDesc") }?;
    // SAFETY: as above.
    let create: GreenCtxCreate = unsafe { resolve(drv, c"cuGreenCtxCreate") }?;
    // SAFETY: as above.
    let convert: CtxFromGreenCtx = unsafe { resolve(drv, c"cuCtxFromGreenCtx") }?;
    let mut desc: *mut c_void = ptr::null_mut();
    let mut one = *resource;
    // SAFETY: one resource; the driver writes a descriptor handle it owns.
    drv.check(
        unsafe { generate(&mut desc, &mut one, 1) },
        "cuDevResourceGenerateDesc",
    )?;
    let mut raw: *mut c_void = ptr::null_mut();
    // SAFETY: a descriptor the driver made; writes one green context, owned by `green`.
    drv.check(
        unsafe { create(&mut raw, desc, device, GREEN_CTX_DEFAULT_STREAM) },
        "cuGreenCtxCreate",
    )?;
    let green = Arc::new(GreenContext {
        raw,
        drv,
        sms: resource.sm_count(),
    });
    let mut ctx: sys::CUcontext = ptr::null_mut();
    // SAFETY: the green context is alive; writes its context handle, valid while it is.
    drv.check(unsafe { convert(&mut ctx, raw) }, "cuCtxFromGreenCtx")?;
    // SAFETY: `ctx` is valid while `green` lives, and the context value keeps `green`.
    unsafe { Context::borrowed(ctx.cast(), Some(green)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resource_struct_has_the_header_layout() {
        assert_eq!(std::mem::size_of::<Resource>(), 144);
        assert_eq!(std::mem::align_of::<Resource>(), 4);
        let mut r = Resource::zeroed();
        r.bytes[SM_COUNT_AT..SM_COUNT_AT + 4].copy_from_slice(&66u32.to_ne_bytes());
        assert_eq!(r.sm_count(), 66);
    }
}
