//! CUDA arrays, texture objects and surface objects on the simulated devices: an array is
//! simulated memory in the layout the engine's sampler reads (`engine::sampling`), and an
//! object is an entry in the simulated memory's object table, its handle what kernels get.

use std::sync::Arc;

use super::context::Context;
use super::device::gpu;
use super::SimBackend;
use crate::backend::interface::{ArrayInterface, TexObjectInterface};
use crate::error::Result;
use crate::sampling::{ArrayDesc, Layout, TextureDesc};

/// A simulated array: its memory, freed on drop.
pub(crate) struct Array {
    base: u64,
    desc: ArrayDesc,
    ordinal: usize,
}

/// A texture or surface object in the simulated object table, removed on drop.
pub(crate) struct Object {
    pub handle: u64,
}

impl ArrayInterface<SimBackend> for Array {
    /// Allocates an array of `desc` on `ctx`'s device.
    fn create(ctx: &Arc<Context>, desc: &ArrayDesc) -> Result<Array> {
        let base = gpu().lock().mem.alloc(desc.size_bytes(), 256)?;
        Ok(Array {
            base,
            desc: *desc,
            ordinal: ctx.ordinal,
        })
    }

    /// Copies the whole array from `host` (exactly its size, checked by the caller).
    fn write(&self, _desc: &ArrayDesc, host: &[u8]) -> Result<()> {
        gpu().copy(self.ordinal, host.len(), true, |m| {
            Ok(m.write(self.base, host)?)
        })
    }

    /// Copies the whole array to `host` (exactly its size, checked by the caller).
    fn read(&self, _desc: &ArrayDesc, host: &mut [u8]) -> Result<()> {
        gpu().copy(self.ordinal, host.len(), true, |m| {
            Ok(m.read(self.base, host)?)
        })
    }

    /// A texture object over the array.
    fn texture(&self, desc: &TextureDesc) -> Result<Object> {
        Ok(Object::over(Layout::packed(self.base, self.desc), desc))
    }

    /// A surface object over the array.
    fn surface(&self) -> Result<Object> {
        let layout = Layout::packed(self.base, self.desc);
        let handle = gpu().lock().mem.textures.add_surface(layout);
        Ok(Object { handle })
    }
}

impl Drop for Array {
    fn drop(&mut self) {
        // Errors cannot be reported from Drop.
        let _ = gpu().lock().mem.free(self.base);
    }
}

impl Object {
    /// A texture object over simulated memory laid out as `layout`.
    fn over(layout: Layout, desc: &TextureDesc) -> Object {
        let handle = gpu().lock().mem.textures.add_texture(layout, *desc);
        Object { handle }
    }
}

impl TexObjectInterface<SimBackend> for Object {
    /// A texture object over simulated memory laid out as `layout` (every context shares
    /// the one memory).
    fn over_memory(_ctx: &Arc<Context>, layout: Layout, desc: &TextureDesc) -> Result<Object> {
        Ok(Object::over(layout, desc))
    }

    fn handle_ref(&self) -> &u64 {
        &self.handle
    }
}

impl Drop for Object {
    fn drop(&mut self) {
        gpu().lock().mem.textures.remove(self.handle)
    }
}
