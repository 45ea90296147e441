//! Plain data describing CUDA arrays, textures and surfaces: element formats, array shapes,
//! address and filter modes. `cuda-library`'s texture handles take them; the engine samples
//! by these same rules (`sampling`).

use crate::error::{Error, Result};

/// The type of each channel of an array or texture element (`CUarray_format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ArrayFormat {
    /// 8-bit unsigned integer.
    U8,
    /// 16-bit unsigned integer.
    U16,
    /// 32-bit unsigned integer.
    U32,
    /// 8-bit signed integer.
    I8,
    /// 16-bit signed integer.
    I16,
    /// 32-bit signed integer.
    I32,
    /// IEEE half precision.
    F16,
    /// IEEE single precision.
    F32,
}

impl ArrayFormat {
    /// Bytes of one channel.
    pub fn bytes(self) -> usize {
        match self {
            ArrayFormat::U8 | ArrayFormat::I8 => 1,
            ArrayFormat::U16 | ArrayFormat::I16 | ArrayFormat::F16 => 2,
            ArrayFormat::U32 | ArrayFormat::I32 | ArrayFormat::F32 => 4,
        }
    }

    /// Whether channels are integers (which a texture may return as they are, or as
    /// normalised floats).
    pub fn is_integer(self) -> bool {
        !matches!(self, ArrayFormat::F16 | ArrayFormat::F32)
    }
}

/// The shape and element type of a CUDA array (`CUDA_ARRAY3D_DESCRIPTOR`).
///
/// `height == 0` makes a 1-D array and `depth == 0` a 2-D one. For a layered array `depth`
/// is the number of layers; a cubemap has `width == height` and `depth == 6` (six faces in
/// the order +x, -x, +y, -y, +z, -z). Build one with the constructors:
///
/// ```
/// use cuda_library_engine::texture::{ArrayDesc, ArrayFormat};
/// let image = ArrayDesc::d2(640, 480, ArrayFormat::U8, 4);
/// assert_eq!(image.element_bytes(), 4);
/// assert_eq!(image.size_bytes(), 640 * 480 * 4);
/// let cube = ArrayDesc::cubemap(64, ArrayFormat::F32, 1);
/// assert_eq!(cube.depth, 6);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArrayDesc {
    /// Elements per row.
    pub width: usize,
    /// Rows (0 for a 1-D array).
    pub height: usize,
    /// Slices of a 3-D array, layers of a layered one, 6 for a cubemap (0 for 1-D and 2-D).
    pub depth: usize,
    /// The type of each channel.
    pub format: ArrayFormat,
    /// Channels per element: 1, 2 or 4.
    pub channels: u32,
    /// `CUDA_ARRAY3D_LAYERED`: `depth` counts layers of a 1-D or 2-D array.
    pub layered: bool,
    /// `CUDA_ARRAY3D_CUBEMAP`: six square faces.
    pub cubemap: bool,
    /// `CUDA_ARRAY3D_SURFACE_LDST`: kernels may read and write it through a surface
    /// object (`cuda_library::Surface`).
    pub surface: bool,
}

impl ArrayDesc {
    fn new(width: usize, height: usize, depth: usize, format: ArrayFormat, channels: u32) -> Self {
        ArrayDesc {
            width,
            height,
            depth,
            format,
            channels,
            layered: false,
            cubemap: false,
            surface: false,
        }
    }

    /// A 1-D array of `width` elements.
    pub fn d1(width: usize, format: ArrayFormat, channels: u32) -> Self {
        Self::new(width, 0, 0, format, channels)
    }

    /// A 2-D array.
    pub fn d2(width: usize, height: usize, format: ArrayFormat, channels: u32) -> Self {
        Self::new(width, height, 0, format, channels)
    }

    /// A 3-D array.
    pub fn d3(
        width: usize,
        height: usize,
        depth: usize,
        format: ArrayFormat,
        channels: u32,
    ) -> Self {
        Self::new(width, height, depth, format, channels)
    }

    /// `layers` 2-D layers of `width` x `height` (a layered texture, `tex2DLayered`).
    pub fn layered_2d(
        width: usize,
        height: usize,
        layers: usize,
        format: ArrayFormat,
        channels: u32,
    ) -> Self {
        ArrayDesc {
            layered: true,
            ..Self::new(width, height, layers, format, channels)
        }
    }

    /// A cubemap of six `size` x `size` faces (`texCubemap`).
    pub fn cubemap(size: usize, format: ArrayFormat, channels: u32) -> Self {
        ArrayDesc {
            cubemap: true,
            ..Self::new(size, size, 6, format, channels)
        }
    }

    /// The same array, readable and writable through a surface object
    /// (`cuda_library::Surface`).
    pub fn with_surface(self) -> Self {
        ArrayDesc {
            surface: true,
            ..self
        }
    }

    /// Bytes of one element (all its channels).
    pub fn element_bytes(&self) -> usize {
        self.format.bytes() * self.channels as usize
    }

    /// Elements in all (`width * max(height, 1) * max(depth, 1)`).
    pub fn elements(&self) -> usize {
        self.width
            .saturating_mul(self.height.max(1))
            .saturating_mul(self.depth.max(1))
    }

    /// Bytes of the whole array as the host copies it: rows of `width` elements, tightly
    /// packed, then slices (or layers, or faces).
    pub fn size_bytes(&self) -> usize {
        self.elements().saturating_mul(self.element_bytes())
    }

    /// Checks the shape is one CUDA can make, with the limits of an sm_90 device.
    pub fn validate(&self) -> Result<()> {
        let bad = |why: String| Err(Error::InvalidArgument(format!("array {self:?}: {why}")));
        if !matches!(self.channels, 1 | 2 | 4) {
            return bad(format!("{} channels: use 1, 2 or 4", self.channels));
        }
        if self.width == 0 {
            return bad("a width of 0".into());
        }
        if self.cubemap
            && (self.width != self.height
                || self.depth == 0
                || self.depth % 6 != 0
                || (!self.layered && self.depth != 6))
        {
            return bad(
                "a cubemap needs width == height and depth 6 (six faces), or a multiple of 6 \
                 when layered"
                    .into(),
            );
        }
        if (self.layered || self.cubemap) && self.depth == 0 {
            return bad("a layered array needs at least one layer (depth)".into());
        }
        if self.height == 0 && self.depth > 0 && !self.layered {
            return bad("a 3-D array needs a height".into());
        }
        // sm_90's largest arrays (cudaDeviceProp maxTexture1D, 2D, 3D, 1DLayered,
        // 2DLayered, Cubemap, CubemapLayered): past them the driver refuses an array.
        let (max_w, max_h, max_d) = match (self.height, self.depth, self.layered, self.cubemap) {
            (_, _, true, true) => (32_768, 32_768, 6 * 2_046),
            (_, _, false, true) => (32_768, 32_768, 6),
            (0, _, true, _) => (32_768, 1, 2_048),
            (0, _, false, _) => (131_072, 1, 1),
            (_, _, true, _) => (32_768, 32_768, 2_048),
            (_, 0, false, _) => (131_072, 65_536, 1),
            _ => (16_384, 16_384, 16_384),
        };
        if self.width > max_w || self.height > max_h || self.depth > max_d {
            return bad(format!(
                "larger than a device allows (at most {max_w} x {max_h} x {max_d})"
            ));
        }
        Ok(())
    }
}

/// What a texture fetch does with a coordinate outside the texture (`CUaddress_mode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AddressMode {
    /// Repeats the texture (normalised coordinates only; clamps otherwise).
    Wrap,
    /// Uses the edge element.
    #[default]
    Clamp,
    /// Repeats it mirrored (normalised coordinates only; clamps otherwise).
    Mirror,
    /// Returns [`TextureDesc::border_color`].
    Border,
}

/// How a texture fetch between elements is answered (`CUfilter_mode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FilterMode {
    /// The nearest element.
    #[default]
    Point,
    /// Linear interpolation of the 2, 4 or 8 nearest elements, with the hardware's 8-bit
    /// fractional weights (floating-point results only).
    Linear,
}

/// What a fetch from an integer texture returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ReadMode {
    /// The integer as it is (`cudaReadModeElementType`, `CU_TRSF_READ_AS_INTEGER`).
    #[default]
    ElementType,
    /// A float in [0, 1] (unsigned) or [-1, 1] (signed) (`cudaReadModeNormalizedFloat`).
    NormalizedFloat,
}

/// How a kernel samples a texture (`CUDA_TEXTURE_DESC`).
///
/// ```
/// use cuda_library_engine::texture::{AddressMode, FilterMode, TextureDesc};
/// let desc = TextureDesc {
///     address: [AddressMode::Wrap; 3],
///     filter: FilterMode::Linear,
///     normalized_coords: true,
///     ..Default::default()
/// };
/// assert_eq!(desc.border_color, [0.0; 4]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TextureDesc {
    /// Per dimension (x, y, z).
    pub address: [AddressMode; 3],
    /// Point or linear filtering.
    pub filter: FilterMode,
    /// What integer elements read as.
    pub read: ReadMode,
    /// Coordinates in [0, 1) across the texture instead of element units.
    pub normalized_coords: bool,
    /// What [`AddressMode::Border`] returns outside the texture.
    pub border_color: [f32; 4],
}

/// Where a texture's elements live, as the simulator needs to read them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Device address of element (0, 0, 0).
    pub base: u64,
    /// The shape; for linear memory a 1-D shape, for pitched memory a 2-D one.
    pub desc: ArrayDesc,
    /// Bytes from one row to the next.
    pub pitch: u64,
    /// Plain device memory read as a 1-D texture (`tex1Dfetch`): a fetch outside it
    /// returns zeros, whatever the address mode.
    pub linear_memory: bool,
}

impl Layout {
    /// A tightly packed array at `base`.
    pub fn packed(base: u64, desc: ArrayDesc) -> Layout {
        Layout {
            base,
            desc,
            pitch: (desc.width * desc.element_bytes()) as u64,
            linear_memory: false,
        }
    }

    /// Bytes from one slice (or layer) to the next.
    pub fn slice_bytes(&self) -> u64 {
        self.pitch * self.desc.height.max(1) as u64
    }
}

/// Checks what a texture description asks of the elements it reads, as the driver does.
pub fn check_texture(array: &ArrayDesc, desc: &TextureDesc) -> Result<()> {
    let integer = array.format.is_integer() && desc.read == ReadMode::ElementType;
    if integer && desc.filter == FilterMode::Linear {
        return Err(Error::InvalidArgument(format!(
            "linear filtering of {:?} elements read as integers: filtering needs floating-point \
             results; use ReadMode::NormalizedFloat or FilterMode::Point",
            array.format
        )));
    }
    if desc.read == ReadMode::NormalizedFloat
        && matches!(array.format, ArrayFormat::U32 | ArrayFormat::I32)
    {
        return Err(Error::InvalidArgument(
            "32-bit integers cannot be read as normalised floats (CUDA allows it for 8- and \
             16-bit channels only); use ReadMode::ElementType"
                .into(),
        ));
    }
    Ok(())
}
