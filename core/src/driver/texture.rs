//! CUDA arrays, texture objects and surface objects on the driver (`cuArray3DCreate`,
//! `cuMemcpy3D`, `cuTexObjectCreate`, `cuSurfObjectCreate`).

use std::sync::Arc;

use super::{cu, Context, DriverBackend};
use crate::backend::interface::{ArrayInterface, TexObjectInterface};
use crate::error::Result;
use crate::sampling::{
    AddressMode, ArrayDesc, ArrayFormat, FilterMode, Layout, ReadMode, TextureDesc,
};
use crate::sys::driver as sys;

/// A `CUarray`, destroyed on drop.
pub(crate) struct Array {
    raw: sys::CUarray,
    ctx: Arc<Context>,
}

// SAFETY: a CUarray may be used from any thread; the handle is never mutated.
unsafe impl Send for Array {}
// SAFETY: as above; copies go through the driver.
unsafe impl Sync for Array {}

/// A texture or surface object (`CUtexObject`, `CUsurfObject`), destroyed on drop.
pub(crate) struct Object {
    pub handle: u64,
    ctx: Arc<Context>,
    texture: bool,
}

fn format(f: ArrayFormat) -> sys::CUarray_format {
    match f {
        ArrayFormat::U8 => sys::CUarray_format::CU_AD_FORMAT_UNSIGNED_INT8,
        ArrayFormat::U16 => sys::CUarray_format::CU_AD_FORMAT_UNSIGNED_INT16,
        ArrayFormat::U32 => sys::CUarray_format::CU_AD_FORMAT_UNSIGNED_INT32,
        ArrayFormat::I8 => sys::CUarray_format::CU_AD_FORMAT_SIGNED_INT8,
        ArrayFormat::I16 => sys::CUarray_format::CU_AD_FORMAT_SIGNED_INT16,
        ArrayFormat::I32 => sys::CUarray_format::CU_AD_FORMAT_SIGNED_INT32,
        ArrayFormat::F16 => sys::CUarray_format::CU_AD_FORMAT_HALF,
        ArrayFormat::F32 => sys::CUarray_format::CU_AD_FORMAT_FLOAT,
    }
}

fn address(m: AddressMode) -> sys::CUaddress_mode {
    match m {
        AddressMode::Wrap => sys::CUaddress_mode::CU_TR_ADDRESS_MODE_WRAP,
        AddressMode::Clamp => sys::CUaddress_mode::CU_TR_ADDRESS_MODE_CLAMP,
        AddressMode::Mirror => sys::CUaddress_mode::CU_TR_ADDRESS_MODE_MIRROR,
        AddressMode::Border => sys::CUaddress_mode::CU_TR_ADDRESS_MODE_BORDER,
    }
}

/// What a texture or surface reads.
enum Resource {
    Array(sys::CUarray),
    Linear(Layout),
    Pitch2d(Layout),
}

fn resource(r: &Resource) -> sys::CUDA_RESOURCE_DESC_v1 {
    let mut res = sys::CUDA_RESOURCE_DESC_v1::default();
    match r {
        Resource::Array(a) => {
            res.resType = sys::CUresourcetype::CU_RESOURCE_TYPE_ARRAY;
            res.res.array.hArray = *a;
        }
        Resource::Linear(l) => {
            res.resType = sys::CUresourcetype::CU_RESOURCE_TYPE_LINEAR;
            res.res.linear.devPtr = l.base;
            res.res.linear.format = format(l.desc.format);
            res.res.linear.numChannels = l.desc.channels;
            res.res.linear.sizeInBytes = l.desc.size_bytes();
        }
        Resource::Pitch2d(l) => {
            res.resType = sys::CUresourcetype::CU_RESOURCE_TYPE_PITCH2D;
            res.res.pitch2D.devPtr = l.base;
            res.res.pitch2D.format = format(l.desc.format);
            res.res.pitch2D.numChannels = l.desc.channels;
            res.res.pitch2D.width = l.desc.width;
            res.res.pitch2D.height = l.desc.height;
            res.res.pitch2D.pitchInBytes = l.pitch as usize;
        }
    }
    res
}

/// Host memory of another size than the array is refused before the driver sees it.
fn check_len(d: &ArrayDesc, len: usize) -> Result<()> {
    if len == d.size_bytes() {
        return Ok(());
    }
    Err(crate::error::Error::SizeMismatch {
        what: "an array copy".to_string(),
        expected: d.size_bytes(),
        got: len,
    })
}

impl Array {
    /// # Safety
    /// `host` points to exactly `d.size_bytes()` bytes, writable unless `to_array`, and `d`
    /// describes this array.
    unsafe fn copy(&self, d: &ArrayDesc, host: *mut u8, to_array: bool) -> Result<()> {
        self.ctx.make_current()?;
        let row = d.width * d.element_bytes();
        let rows = d.height.max(1);
        let mut p = sys::CUDA_MEMCPY3D_v2 {
            WidthInBytes: row,
            Height: rows,
            Depth: d.depth.max(1),
            ..Default::default()
        };
        if to_array {
            p.srcMemoryType = sys::CUmemorytype::CU_MEMORYTYPE_HOST;
            p.srcHost = host.cast_const().cast();
            p.srcPitch = row;
            p.srcHeight = rows;
            p.dstMemoryType = sys::CUmemorytype::CU_MEMORYTYPE_ARRAY;
            p.dstArray = self.raw;
        } else {
            p.srcMemoryType = sys::CUmemorytype::CU_MEMORYTYPE_ARRAY;
            p.srcArray = self.raw;
            p.dstMemoryType = sys::CUmemorytype::CU_MEMORYTYPE_HOST;
            p.dstHost = host.cast();
            p.dstPitch = row;
            p.dstHeight = rows;
        }
        // SAFETY: the caller's promise about `host` and `d`.
        unsafe { cu!(self.ctx.drv, memcpy_3d(&p)) }
    }
}

impl ArrayInterface<DriverBackend> for Array {
    /// `cuArray3DCreate` in `ctx`.
    fn create(ctx: &Arc<Context>, d: &ArrayDesc) -> Result<Array> {
        ctx.make_current()?;
        let mut flags = 0;
        if d.layered {
            flags |= sys::CUDA_ARRAY3D_LAYERED;
        }
        if d.cubemap {
            flags |= sys::CUDA_ARRAY3D_CUBEMAP;
        }
        if d.surface {
            flags |= sys::CUDA_ARRAY3D_SURFACE_LDST;
        }
        let desc = sys::CUDA_ARRAY3D_DESCRIPTOR_v2 {
            Width: d.width,
            Height: d.height,
            Depth: d.depth,
            Format: format(d.format),
            NumChannels: d.channels,
            Flags: flags,
        };
        let mut raw: sys::CUarray = std::ptr::null_mut();
        // SAFETY: a filled descriptor; the array is destroyed in Drop.
        unsafe { cu!(ctx.drv, array_3d_create(&mut raw, &desc)) }?;
        Ok(Array {
            raw,
            ctx: ctx.clone(),
        })
    }

    /// Copies the whole array from `host` (`cuMemcpy3D`); `d` describes this array.
    fn write(&self, d: &ArrayDesc, host: &[u8]) -> Result<()> {
        check_len(d, host.len())?;
        // SAFETY: `host` holds exactly the array's bytes; the driver only reads through the
        // pointer when copying to the array.
        unsafe { self.copy(d, host.as_ptr().cast_mut(), true) }
    }

    /// Copies the whole array to `host` (`cuMemcpy3D`); `d` describes this array.
    fn read(&self, d: &ArrayDesc, host: &mut [u8]) -> Result<()> {
        check_len(d, host.len())?;
        // SAFETY: `host` holds exactly the array's bytes and is writable.
        unsafe { self.copy(d, host.as_mut_ptr(), false) }
    }

    /// A texture object over the whole array. The caller keeps the array alive as long as
    /// the object.
    fn texture(&self, desc: &TextureDesc) -> Result<Object> {
        Object::texture(&self.ctx, &Resource::Array(self.raw), desc)
    }

    /// A surface object over the whole array. The caller keeps the array alive as long as
    /// the object.
    fn surface(&self) -> Result<Object> {
        self.ctx.make_current()?;
        let res = resource(&Resource::Array(self.raw));
        let mut handle: sys::CUsurfObject_v1 = 0;
        // SAFETY: a filled descriptor; the object is destroyed in Drop.
        unsafe { cu!(self.ctx.drv, surf_object_create(&mut handle, &res)) }?;
        Ok(Object {
            handle,
            ctx: self.ctx.clone(),
            texture: false,
        })
    }
}

impl Drop for Array {
    fn drop(&mut self) {
        if self.ctx.make_current().is_err() {
            return;
        }
        // SAFETY: destroys an array this value owns; the objects over it hold the API's
        // Array clone, so none is left. Errors cannot be reported from Drop.
        let _ = unsafe { cu!(self.ctx.drv, array_destroy(self.raw)) };
    }
}

impl Object {
    fn texture(ctx: &Arc<Context>, r: &Resource, d: &TextureDesc) -> Result<Object> {
        ctx.make_current()?;
        let res = resource(r);
        let mut flags = 0;
        if d.read == ReadMode::ElementType {
            flags |= sys::CU_TRSF_READ_AS_INTEGER;
        }
        if d.normalized_coords {
            flags |= sys::CU_TRSF_NORMALIZED_COORDINATES;
        }
        let tex = sys::CUDA_TEXTURE_DESC_v1 {
            addressMode: d.address.map(address),
            filterMode: match d.filter {
                FilterMode::Point => sys::CUfilter_mode::CU_TR_FILTER_MODE_POINT,
                FilterMode::Linear => sys::CUfilter_mode::CU_TR_FILTER_MODE_LINEAR,
            },
            flags,
            borderColor: d.border_color,
            ..Default::default()
        };
        let mut handle: sys::CUtexObject_v1 = 0;
        // SAFETY: filled descriptors; the object is destroyed in Drop, and the memory it
        // reads outlives it (the caller's promise).
        unsafe {
            cu!(
                ctx.drv,
                tex_object_create(&mut handle, &res, &tex, std::ptr::null())
            )
        }?;
        Ok(Object {
            handle,
            ctx: ctx.clone(),
            texture: true,
        })
    }
}

impl TexObjectInterface<DriverBackend> for Object {
    /// A texture object over device memory in `ctx` (a buffer as 1-D linear memory, or
    /// pitched rows). The caller keeps the memory alive as long as the object.
    fn over_memory(ctx: &Arc<Context>, layout: Layout, desc: &TextureDesc) -> Result<Object> {
        let r = if layout.linear_memory {
            Resource::Linear(layout)
        } else {
            Resource::Pitch2d(layout)
        };
        Object::texture(ctx, &r, desc)
    }

    fn handle_ref(&self) -> &u64 {
        &self.handle
    }
}

impl Drop for Object {
    fn drop(&mut self) {
        if self.ctx.make_current().is_err() {
            return;
        }
        // SAFETY: destroys an object this value owns. Errors cannot be reported from Drop.
        let _ = unsafe {
            if self.texture {
                cu!(self.ctx.drv, tex_object_destroy(self.handle))
            } else {
                cu!(self.ctx.drv, surf_object_destroy(self.handle))
            }
        };
    }
}
