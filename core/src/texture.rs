//! CUDA arrays, texture objects and surface objects: what `tex2D`, `tex3D`,
//! `tex2DLayered`, `texCubemap`, `surf2Dwrite` and the rest read and write.
//!
//! An [`Array`] holds elements in the layout the texture hardware wants; a [`Texture`]
//! samples an array, a [`DeviceBuffer`] as a 1-D texture or pitched rows as a 2-D one, with
//! the address, filter and read modes of a [`TextureDesc`]; a [`Surface`] lets kernels read
//! and write an array made [`with_surface`](ArrayDesc::with_surface). Textures and surfaces
//! pass to kernels as their 64-bit handle (`cudaTextureObject_t`, `cudaSurfaceObject_t`).
//!
//! ```
//! # fn main() -> cuda_library::Result<()> {
//! use cuda_library::{Array, ArrayDesc, ArrayFormat, Device, FilterMode, LaunchConfig,
//!                    Program, ProgramOptions, Texture, TextureDesc, DeviceBuffer};
//! let ctx = Device::new(0)?.set_current()?;
//! // A 4 x 2 image of floats, sampled between its elements.
//! let image = Array::from_slice(&ctx, ArrayDesc::d2(4, 2, ArrayFormat::F32, 1),
//!     &[0.0f32, 1.0, 2.0, 3.0, 10.0, 11.0, 12.0, 13.0])?;
//! let tex = Texture::new(&image, &TextureDesc { filter: FilterMode::Linear, ..Default::default() })?;
//! let ptx = r#"
//! .version 7.0
//! .target sm_80
//! .address_size 64
//! .visible .entry sample(.param .u64 t, .param .u64 out)
//! {
//!     .reg .b64 %rd<4>; .reg .f32 %f<8>;
//!     ld.param.u64 %rd1, [t];
//!     ld.param.u64 %rd2, [out];
//!     // Element i's centre is at i + 0.5: (1.0, 1.0) lies between elements 0 and 1
//!     // of rows 0 and 1.
//!     mov.f32 %f1, 0f3F800000;
//!     mov.f32 %f2, 0f3F800000;
//!     tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];
//!     cvta.to.global.u64 %rd3, %rd2;
//!     st.global.f32 [%rd3], %f3;
//!     ret;
//! }"#;
//! let lib = cuda_library::Library::load_data(ptx.as_bytes(), &Default::default())?;
//! let out = DeviceBuffer::<f32>::zeroed(&ctx, 1)?;
//! let stream = ctx.create_stream()?;
//! lib.get_kernel("sample")?.launcher(&stream).grid(1).block(1).arg(&tex).arg(&out).launch()?;
//! // The mean of 0, 1, 10 and 11.
//! assert_eq!(out.to_vec()?, vec![5.5]);
//! # Ok(()) }
//! ```

use std::marker::PhantomData;
use std::sync::Arc;

use crate::backend::seam;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::launch::{AsKernelArg, KernelArg};
use crate::memory::{as_bytes, as_bytes_mut, DeviceBuffer, DeviceRepr};
use crate::sampling::{check_texture, ArrayDesc, ArrayFormat, Layout, TextureDesc};

/// Bytes a pitched texture's rows must be aligned to (`texturePitchAlignment` of sm_90).
pub const TEXTURE_PITCH_ALIGNMENT: usize = 32;

/// An array and its description; dropped (and the array freed) with the last clone of
/// the [`Array`] and the last texture or surface over it.
struct ArrayInner {
    desc: ArrayDesc,
    imp: seam::Array,
}

/// A CUDA array (`CUarray`): elements laid out for texture fetches, 1-D, 2-D, 3-D,
/// layered or a cubemap ([`ArrayDesc`]), destroyed when the last clone and every texture or
/// surface over it is dropped. Copies to and from the host move the whole array, rows
/// packed (`width * channels` values each), then slices, layers or faces.
///
/// ```
/// # fn main() -> cuda_library::Result<()> {
/// use cuda_library::{Array, ArrayDesc, ArrayFormat, Device};
/// let ctx = Device::new(0)?.set_current()?;
/// let a = Array::from_slice(&ctx, ArrayDesc::d2(3, 2, ArrayFormat::U8, 1), &[1u8, 2, 3, 4, 5, 6])?;
/// assert_eq!(a.to_vec::<u8>()?, vec![1, 2, 3, 4, 5, 6]);
/// # Ok(()) }
/// ```
#[derive(Clone)]
pub struct Array {
    inner: Arc<ArrayInner>,
}

impl std::fmt::Debug for Array {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Array")
            .field("desc", &self.inner.desc)
            .finish()
    }
}

/// Host memory a copy reads from or writes to.
enum HostBytes<'a> {
    Read(&'a [u8]),
    Write(&'a mut [u8]),
}

fn size_mismatch(desc: &ArrayDesc, got: usize) -> Error {
    Error::SizeMismatch {
        what: format!(
            "an array of {} elements of {} x {:?}",
            desc.elements(),
            desc.channels,
            desc.format
        ),
        expected: desc.size_bytes(),
        got,
    }
}

impl Array {
    /// Makes an array (contents undefined on a GPU, zero on the simulator).
    pub fn new(ctx: &Context, desc: ArrayDesc) -> Result<Array> {
        desc.validate()?;
        Ok(Array {
            inner: Arc::new(ArrayInner {
                desc,
                imp: seam::Array::create(&ctx.imp, &desc)?,
            }),
        })
    }

    /// Makes an array and copies `data` (exactly [`ArrayDesc::size_bytes`]) into it.
    pub fn from_slice<T: DeviceRepr>(ctx: &Context, desc: ArrayDesc, data: &[T]) -> Result<Array> {
        let a = Array::new(ctx, desc)?;
        a.copy_from(data)?;
        Ok(a)
    }

    /// The shape and format.
    pub fn desc(&self) -> ArrayDesc {
        self.inner.desc
    }

    /// Copies the whole array from the host; `data` must be exactly its size in bytes.
    pub fn copy_from<T: DeviceRepr>(&self, data: &[T]) -> Result<()> {
        self.copy_host(HostBytes::Read(as_bytes(data)))
    }

    /// Copies the whole array to the host; `out` must be exactly its size in bytes.
    pub fn copy_to<T: DeviceRepr>(&self, out: &mut [T]) -> Result<()> {
        self.copy_host(HostBytes::Write(as_bytes_mut(out)))
    }

    /// Copies the whole array from or to host bytes of exactly its size.
    fn copy_host(&self, host: HostBytes<'_>) -> Result<()> {
        let d = &self.inner.desc;
        let len = match &host {
            HostBytes::Read(b) => b.len(),
            HostBytes::Write(b) => b.len(),
        };
        if len != d.size_bytes() {
            return Err(size_mismatch(d, len));
        }
        match host {
            HostBytes::Read(b) => self.inner.imp.write(d, b),
            HostBytes::Write(b) => self.inner.imp.read(d, b),
        }
    }

    /// The whole array as a `Vec` of `T` (its size must be a whole number of `T`).
    pub fn to_vec<T: DeviceRepr + Default>(&self) -> Result<Vec<T>> {
        let bytes = self.inner.desc.size_bytes();
        let size = std::mem::size_of::<T>();
        if size == 0 || bytes % size != 0 {
            return Err(size_mismatch(&self.inner.desc, bytes / size.max(1) * size));
        }
        let mut v = vec![T::default(); bytes / size];
        self.copy_to(&mut v)?;
        Ok(v)
    }
}

/// A texture object (`cudaTextureObject_t`): how kernels sample an [`Array`] or device
/// memory. Passes to a kernel as its 64-bit handle; destroyed on drop. A texture over an
/// array keeps the array alive; one over a [`DeviceBuffer`] borrows it (`'a`).
///
/// Sampling follows the CUDA Programming Guide's texture-fetching rules on both backends. On
/// the simulator point sampling gives an H100's bits; linear filtering uses the hardware's
/// 8-bit per-axis weights but combines them exactly, where the GPU rounds them in an
/// undocumented way: results differ by up to about 0.7% of the texture's largest value
/// (measured; see [the engine guide](crate::guide::engine), "Textures and surfaces").
pub struct Texture<'a> {
    /// Declared before the array: the object is destroyed first.
    object: seam::TexObject,
    _array: Option<Array>,
    _memory: PhantomData<&'a ()>,
}

impl std::fmt::Debug for Texture<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Texture")
            .field("handle", &format_args!("{:#x}", self.handle()))
            .finish()
    }
}

impl Texture<'static> {
    /// A texture over a whole array.
    pub fn new(array: &Array, desc: &TextureDesc) -> Result<Texture<'static>> {
        let a = &array.inner;
        check_texture(&a.desc, desc)?;
        Ok(Texture {
            object: a.imp.texture(desc)?,
            _array: Some(array.clone()),
            _memory: PhantomData,
        })
    }
}

impl<'a> Texture<'a> {
    fn over_memory(ctx: &Context, layout: Layout, desc: &TextureDesc) -> Result<Self> {
        check_texture(&layout.desc, desc)?;
        Ok(Texture {
            object: seam::TexObject::over_memory(&ctx.imp, layout, desc)?,
            _array: None,
            _memory: PhantomData,
        })
    }

    /// A 1-D texture over a whole buffer (`tex1Dfetch`, `CU_RESOURCE_TYPE_LINEAR`): its
    /// bytes as elements of `channels` x `format`. Linear-memory textures take integer
    /// coordinates in CUDA C++ and clamp to the edge or return the border.
    pub fn linear<T: DeviceRepr>(
        buf: &'a DeviceBuffer<T>,
        format: ArrayFormat,
        channels: u32,
        desc: &TextureDesc,
    ) -> Result<Texture<'a>> {
        let mut d = ArrayDesc::d1(1, format, channels);
        let element = d.element_bytes();
        if !matches!(channels, 1 | 2 | 4)
            || buf.size_bytes() == 0
            || buf.size_bytes() % element != 0
        {
            return Err(Error::InvalidArgument(format!(
                "a linear texture of {channels} x {format:?} over a buffer of {} bytes: the \
                 buffer must hold a whole, non-zero number of {element}-byte elements \
                 (channels 1, 2 or 4)",
                buf.size_bytes()
            )));
        }
        d.width = buf.size_bytes() / element;
        let layout = Layout {
            linear_memory: true,
            ..Layout::packed(buf.as_raw(), d)
        };
        Self::over_memory(&buf.context(), layout, desc)
    }

    /// A 2-D texture over rows of a buffer (`CU_RESOURCE_TYPE_PITCH2D`): `height` rows of
    /// `width` elements, `pitch_bytes` apart (a multiple of [`TEXTURE_PITCH_ALIGNMENT`]).
    pub fn pitch2d<T: DeviceRepr>(
        buf: &'a DeviceBuffer<T>,
        desc2d: ArrayDesc,
        pitch_bytes: usize,
        desc: &TextureDesc,
    ) -> Result<Texture<'a>> {
        desc2d.validate()?;
        let row = desc2d.width * desc2d.element_bytes();
        let needed = pitch_bytes.saturating_mul(desc2d.height.max(1));
        if desc2d.depth != 0 || desc2d.layered || desc2d.cubemap {
            return Err(Error::InvalidArgument(
                "a pitched texture is 2-D: use ArrayDesc::d2".into(),
            ));
        }
        if pitch_bytes < row
            || pitch_bytes % TEXTURE_PITCH_ALIGNMENT != 0
            || needed > buf.size_bytes()
        {
            return Err(Error::InvalidArgument(format!(
                "a pitched texture of {} x {} elements ({row} bytes a row) with a pitch of \
                 {pitch_bytes} bytes over a buffer of {} bytes: the pitch must be at least a \
                 row, a multiple of {TEXTURE_PITCH_ALIGNMENT}, and the rows must fit",
                desc2d.width,
                desc2d.height,
                buf.size_bytes()
            )));
        }
        let layout = Layout {
            base: buf.as_raw(),
            desc: desc2d,
            pitch: pitch_bytes as u64,
            linear_memory: false,
        };
        Self::over_memory(&buf.context(), layout, desc)
    }

    /// The handle kernels receive (`cudaTextureObject_t`).
    pub fn handle(&self) -> u64 {
        self.object.handle()
    }
}

impl AsKernelArg for Texture<'_> {
    fn as_kernel_arg(&self) -> KernelArg<'_> {
        KernelArg::of(self.object.handle_ref())
    }
}

/// A surface object (`cudaSurfaceObject_t`): kernels read and write an [`Array`] made
/// [`with_surface`](ArrayDesc::with_surface) with `surf2Dread`/`surf2Dwrite` and the like
/// (the x coordinate in bytes). Keeps the array alive; destroyed on drop.
pub struct Surface {
    /// Declared before the array: the object is destroyed first.
    object: seam::TexObject,
    _array: Array,
}

impl std::fmt::Debug for Surface {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Surface")
            .field("handle", &format_args!("{:#x}", self.handle()))
            .finish()
    }
}

impl Surface {
    /// A surface over a whole array.
    pub fn new(array: &Array) -> Result<Surface> {
        let a = &array.inner;
        if !a.desc.surface {
            return Err(Error::InvalidArgument(
                "the array was not made for surface access: make it with \
                 ArrayDesc::with_surface()"
                    .into(),
            ));
        }
        Ok(Surface {
            object: a.imp.surface()?,
            _array: array.clone(),
        })
    }

    /// The handle kernels receive (`cudaSurfaceObject_t`).
    pub fn handle(&self) -> u64 {
        self.object.handle()
    }
}

impl AsKernelArg for Surface {
    fn as_kernel_arg(&self) -> KernelArg<'_> {
        KernelArg::of(self.object.handle_ref())
    }
}
