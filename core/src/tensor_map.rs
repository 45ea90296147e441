//! Tensor maps (`CUtensorMap`): the descriptor a Hopper kernel's TMA copies
//! (`cp.async.bulk.tensor`) read to move a tile of a tensor between global and shared
//! memory.
//!
//! A [`TensorMap`] is made on the host from a [`DeviceBuffer`] and a [`TensorMapDesc`]
//! (plain data: element type, dimensions, strides, box, element strides, interleave,
//! swizzle, L2 promotion, out-of-bounds fill, and the im2col corners), checked against the
//! driver's rules first ([`Error::InvalidTensorMap`] names the rule and what to do), then
//! encoded by the context's backend: `cuTensorMapEncodeTiled` / `cuTensorMapEncodeIm2col`
//! on the driver, the simulator's own 128-byte layout
//! ([`cuda_library_engine::tensor_map`]) on the simulator, whose TMA copies read it back.
//! A kernel takes it by value as the `__grid_constant__ const CUtensorMap` parameter
//! (`.param .align 64 .b8 map[128]`): pass `&map` to [`launch!`](crate::launch).

use crate::backend::seam;
use crate::error::{Error, Result};
use crate::launch::{AsKernelArg, KernelArg};
use crate::memory::{DeviceBuffer, DeviceRepr};

pub use cuda_library_engine::tensor_map::{
    Im2col, InvalidTensorMap, TensorMapDataType, TensorMapDesc, TensorMapInterleave,
    TensorMapL2Promotion, TensorMapOobFill, TensorMapRule, TensorMapSwizzle, TENSOR_MAP_ALIGN,
    TENSOR_MAP_BYTES,
};

/// The 128 bytes of a map, aligned as the driver and a kernel parameter need them.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(64))]
struct Bytes([u8; TENSOR_MAP_BYTES]);

const _: () = assert!(std::mem::align_of::<Bytes>() == TENSOR_MAP_ALIGN);

/// A tensor map over a device buffer, encoded by the buffer's backend.
///
/// The map holds the buffer's address, not the buffer: a kernel that uses a map after its
/// buffer is freed reads freed memory (the simulator faults there, as a GPU may).
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{Device, DeviceBuffer, TensorMap, TensorMapDataType, TensorMapSwizzle};
/// let ctx = Device::new(0)?.set_current()?;
/// // A 64 x 32 matrix of f32, moved in boxes of 32 x 8 (the inner dimension first).
/// let a = DeviceBuffer::<f32>::zeroed(&ctx, 64 * 32)?;
/// let map = TensorMap::tiled(&a, TensorMapDataType::F32, &[64, 32], &[32, 8])?;
/// assert_eq!(map.desc().box_bytes(), 32 * 8 * 4);
/// // The driver's rules are checked on both backends: 32 f32 are 128 bytes, more than a
/// // 64-byte swizzle span.
/// let mut desc = *map.desc();
/// desc.swizzle = TensorMapSwizzle::B64;
/// let e = TensorMap::new(&a, &desc).unwrap_err();
/// assert!(e.to_string().contains("swizzle span"), "{e}");
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct TensorMap {
    bytes: Bytes,
    desc: TensorMapDesc,
    ctx: seam::Context,
}

impl std::fmt::Debug for TensorMap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let d = &self.desc;
        f.debug_struct("TensorMap")
            .field("data_type", &d.data_type)
            .field("dims", &&d.dims[..d.rank])
            .field("box", &&d.box_dims[..d.rank])
            .field("swizzle", &d.swizzle)
            .field("address", &format_args!("{:#x}", d.global_address))
            .finish()
    }
}

impl TensorMap {
    /// A map of `desc` over `buffer`: `desc.global_address` must lie in the buffer and the
    /// whole tensor (its dimensions and strides) within it. Build `desc` with
    /// [`TensorMapDesc::tiled`] from [`DeviceBuffer::as_raw`] and set its fields; set
    /// [`im2col`](TensorMapDesc::im2col) for an im2col map.
    pub fn new<T: DeviceRepr>(buffer: &DeviceBuffer<T>, desc: &TensorMapDesc) -> Result<TensorMap> {
        check(buffer, desc)?;
        let ctx = buffer.context().imp;
        let bytes = Bytes(ctx.encode_tensor_map(desc)?);
        Ok(TensorMap {
            bytes,
            desc: *desc,
            ctx,
        })
    }

    /// A tiled map of the densely packed `dims` tensor of `data_type` at the start of
    /// `buffer`, moving boxes of `box_dims` (both innermost first), with no swizzle, zero
    /// fill: [`TensorMapDesc::tiled`] made into a map.
    pub fn tiled<T: DeviceRepr>(
        buffer: &DeviceBuffer<T>,
        data_type: TensorMapDataType,
        dims: &[u64],
        box_dims: &[u32],
    ) -> Result<TensorMap> {
        let desc =
            TensorMapDesc::tiled(data_type, buffer.as_raw(), dims, box_dims).map_err(invalid)?;
        TensorMap::new(buffer, &desc)
    }

    /// Points the map at the same tensor in `buffer`, from its start
    /// (`cuTensorMapReplaceAddress`): everything else stays.
    pub fn replace_address<T: DeviceRepr>(&mut self, buffer: &DeviceBuffer<T>) -> Result<()> {
        let desc = self.desc.with_address(buffer.as_raw());
        check(buffer, &desc)?;
        let ctx = buffer.context().imp;
        let mut bytes = self.bytes.0;
        // A map encoded on one backend means nothing to the other: encode it anew there.
        if std::mem::discriminant(&ctx) == std::mem::discriminant(&self.ctx) {
            ctx.replace_tensor_map_address(&mut bytes, &desc, desc.global_address)?;
        } else {
            bytes = ctx.encode_tensor_map(&desc)?;
        }
        self.bytes = Bytes(bytes);
        self.desc = desc;
        self.ctx = ctx;
        Ok(())
    }

    /// What the map describes.
    pub fn desc(&self) -> &TensorMapDesc {
        &self.desc
    }

    /// The 128 bytes a kernel receives (the driver's opaque encoding on a GPU, the
    /// simulator's layout on the simulator).
    pub fn as_bytes(&self) -> &[u8; TENSOR_MAP_BYTES] {
        &self.bytes.0
    }
}

/// The engine's description of a broken rule as this crate's error.
fn invalid(InvalidTensorMap { rule, detail }: InvalidTensorMap) -> Error {
    Error::InvalidTensorMap { rule, detail }
}

/// The driver's rules, and the tensor inside `buffer`.
fn check<T: DeviceRepr>(buffer: &DeviceBuffer<T>, desc: &TensorMapDesc) -> Result<()> {
    desc.validate().map_err(invalid)?;
    let (start, len) = (buffer.as_raw(), buffer.size_bytes() as u64);
    let offset = desc.global_address.wrapping_sub(start);
    let reach = desc.extent().and_then(|e| e.checked_add(offset));
    if desc.global_address < start || reach.is_none_or(|r| r > len) {
        return Err(Error::InvalidTensorMap {
            rule: TensorMapRule::Extent,
            detail: format!(
                "the tensor at {:#x} spans {} bytes, past the {len}-byte buffer at {start:#x}; \
                 check the dimensions and strides, or use a larger buffer",
                desc.global_address,
                desc.extent()
                    .map_or("more than 2^64".into(), |e| e.to_string())
            ),
        });
    }
    Ok(())
}

impl AsKernelArg for TensorMap {
    fn as_kernel_arg(&self) -> KernelArg<'_> {
        KernelArg::from_bytes(&self.bytes.0)
    }
}

/// `launch!(kernel, stream, config, &map)`: the map by value, as its 128 bytes.
impl AsKernelArg for &TensorMap {
    fn as_kernel_arg(&self) -> KernelArg<'_> {
        KernelArg::from_bytes(&self.bytes.0)
    }
}
