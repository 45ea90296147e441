//! Tensor maps on the driver: `cuTensorMapEncodeTiled`, `cuTensorMapEncodeIm2col` and
//! `cuTensorMapReplaceAddress` (CUDA 12.0), resolved when first needed through
//! `cuGetProcAddress` (the pinned bindings do not carry their `PFN_*` types, so the
//! signatures are written here from `cuda.h`), as the linker's `cuLink*` are.

use std::ffi::{c_int, c_void};

use super::{driver, Driver};
use crate::error::{CudaVersion, Error, Result};
use crate::sys::driver as sys;
use cuda_library_engine::tensor_map::{TensorMapDesc, MAX_RANK, TENSOR_MAP_BYTES};

/// `CUtensorMap`: 128 bytes, 64-byte aligned, as the driver writes them.
#[repr(C, align(64))]
struct RawMap([u8; TENSOR_MAP_BYTES]);

/// `cuTensorMapEncodeTiled` (the enums are C `int`s).
type EncodeTiled = unsafe extern "C" fn(
    *mut RawMap,
    u32,
    u32,
    *mut c_void,
    *const u64,
    *const u64,
    *const u32,
    *const u32,
    u32,
    u32,
    u32,
    u32,
) -> sys::CUresult;

/// `cuTensorMapEncodeIm2col`.
type EncodeIm2col = unsafe extern "C" fn(
    *mut RawMap,
    u32,
    u32,
    *mut c_void,
    *const u64,
    *const u64,
    *const c_int,
    *const c_int,
    u32,
    u32,
    *const u32,
    u32,
    u32,
    u32,
    u32,
) -> sys::CUresult;

/// `cuTensorMapReplaceAddress`.
type ReplaceAddress = unsafe extern "C" fn(*mut RawMap, *mut c_void) -> sys::CUresult;

/// The CUDA version that introduced the three.
const SINCE: i32 = 12000;

/// The address of `name`, or the error that names it.
fn resolve(drv: &Driver, name: &'static std::ffi::CStr) -> Result<*mut c_void> {
    let p = drv.proc_address(name, SINCE);
    if p.is_null() {
        return Err(Error::MissingEntryPoint {
            function: name.to_str().unwrap_or("cuTensorMap*"),
            driver: drv.version,
            needed: CudaVersion(SINCE),
        });
    }
    Ok(p)
}

/// The driver's 128 bytes for `desc` (already checked against the driver's rules).
pub(crate) fn encode(desc: &TensorMapDesc) -> Result<[u8; TENSOR_MAP_BYTES]> {
    let drv = driver()?;
    let mut map = RawMap([0; TENSOR_MAP_BYTES]);
    let rank = desc.rank.min(MAX_RANK);
    let (dims, strides) = (desc.dims, desc.strides);
    let (box_dims, element_strides) = (desc.box_dims, desc.element_strides);
    let enums = (
        desc.interleave as u32,
        desc.swizzle as u32,
        desc.l2_promotion as u32,
        desc.oob_fill as u32,
    );
    let address = desc.global_address as *mut c_void;
    let rc = match desc.im2col {
        None => {
            let name = c"cuTensorMapEncodeTiled";
            let f = resolve(drv, name)?;
            // SAFETY: the symbol's ABI at version 12000 is `EncodeTiled` (cuda.h); a
            // non-null pointer from cuGetProcAddress is that function.
            let f = unsafe { std::mem::transmute::<*mut c_void, EncodeTiled>(f) };
            // SAFETY: every array has at least `rank` entries (`rank - 1` for strides) and
            // outlives the call; `map` is 64-byte aligned and 128 bytes, as required.
            let rc = unsafe {
                f(
                    &mut map,
                    desc.data_type.code(),
                    rank as u32,
                    address,
                    dims.as_ptr(),
                    strides.as_ptr(),
                    box_dims.as_ptr(),
                    element_strides.as_ptr(),
                    enums.0,
                    enums.1,
                    enums.2,
                    enums.3,
                )
            };
            drv.check(rc, "cuTensorMapEncodeTiled")
        }
        Some(i) => {
            let f = resolve(drv, c"cuTensorMapEncodeIm2col")?;
            // SAFETY: as above, for `EncodeIm2col`.
            let f = unsafe { std::mem::transmute::<*mut c_void, EncodeIm2col>(f) };
            let (lower, upper) = (i.lower, i.upper);
            // SAFETY: the corner arrays have the `rank - 2` entries the driver reads.
            let rc = unsafe {
                f(
                    &mut map,
                    desc.data_type.code(),
                    rank as u32,
                    address,
                    dims.as_ptr(),
                    strides.as_ptr(),
                    lower.as_ptr(),
                    upper.as_ptr(),
                    i.channels_per_pixel,
                    i.pixels_per_column,
                    element_strides.as_ptr(),
                    enums.0,
                    enums.1,
                    enums.2,
                    enums.3,
                )
            };
            drv.check(rc, "cuTensorMapEncodeIm2col")
        }
    };
    rc?;
    Ok(map.0)
}

/// `cuTensorMapReplaceAddress` on the driver's 128 bytes `bytes`.
pub(crate) fn replace_address(bytes: &mut [u8; TENSOR_MAP_BYTES], address: u64) -> Result<()> {
    let drv = driver()?;
    let f = resolve(drv, c"cuTensorMapReplaceAddress")?;
    // SAFETY: the symbol's ABI at version 12000 is `ReplaceAddress`.
    let f = unsafe { std::mem::transmute::<*mut c_void, ReplaceAddress>(f) };
    let mut map = RawMap(*bytes);
    // SAFETY: `map` is an aligned copy of a map the driver encoded.
    let rc = unsafe { f(&mut map, address as *mut c_void) };
    drv.check(rc, "cuTensorMapReplaceAddress")?;
    *bytes = map.0;
    Ok(())
}
