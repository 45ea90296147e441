//! Tensor maps (`CUtensorMap`): what a TMA copy (`cp.async.bulk.tensor`) reads to find a
//! tile of a tensor in global memory, the driver's rules for a valid one, and the 128 bytes
//! the simulator keeps one in.
//!
//! On a GPU the 128 bytes are opaque: `cuTensorMapEncodeTiled` / `cuTensorMapEncodeIm2col`
//! fill them and only the TMA unit reads them. The simulator fills them with
//! [`TensorMapDesc::encode`] and its TMA copies read them back with
//! [`TensorMapDesc::decode`], in this layout (little-endian):
//!
//! | bytes | field |
//! |---|---|
//! | 0..4 | magic `b"TMAP"` |
//! | 4 | layout version (1) |
//! | 5 | rank (1..=5) |
//! | 6 | element type (`CUtensorMapDataType`'s number) |
//! | 7 | mode: 0 tiled, 1 im2col |
//! | 8 | interleave, 9 swizzle, 10 L2 promotion, 11 out-of-bounds fill (the driver's numbers) |
//! | 12..14 | im2col channels per pixel, 14..16 pixels per column |
//! | 16..24 | global address |
//! | 24..64 | global dimensions, 5 × u64 |
//! | 64..96 | global strides in bytes of dimensions 1..5, 4 × u64 |
//! | 96..101 | box size per dimension minus one, 5 × u8 |
//! | 101..106 | element strides, 5 × u8 |
//! | 106..112 | im2col lower corner, 3 × i16 (spatial dimensions, W first) |
//! | 112..118 | im2col upper corner, 3 × i16 |
//! | 118..128 | zero |
//!
//! A kernel can hand a TMA copy any 128 bytes (a map in global memory it wrote itself), so
//! [`TensorMapDesc::decode`] checks everything [`TensorMapDesc::validate`] checks: a copy
//! never trusts the bytes it reads.

use std::fmt;

/// Bytes of a tensor map (`CU_TENSOR_MAP_NUM_QWORDS` × 8).
pub const TENSOR_MAP_BYTES: usize = 128;
/// Alignment of a tensor map, in memory and as a kernel parameter
/// (`.param .align 64 .b8 map[128]`).
pub const TENSOR_MAP_ALIGN: usize = 64;
/// The most dimensions a tensor map has.
pub const MAX_RANK: usize = 5;

const MAGIC: [u8; 4] = *b"TMAP";
const VERSION: u8 = 1;

/// The element type of a tensor map (`CUtensorMapDataType`, in the driver's order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TensorMapDataType {
    /// `UINT8`.
    U8,
    /// `UINT16`.
    U16,
    /// `UINT32`.
    U32,
    /// `INT32`.
    S32,
    /// `UINT64`.
    U64,
    /// `INT64`.
    S64,
    /// `FLOAT16`.
    F16,
    /// `FLOAT32`.
    F32,
    /// `FLOAT64`.
    F64,
    /// `BFLOAT16`.
    BF16,
    /// `FLOAT32_FTZ`.
    F32Ftz,
    /// `TFLOAT32`.
    TF32,
    /// `TFLOAT32_FTZ`.
    TF32Ftz,
}

impl TensorMapDataType {
    const ALL: [TensorMapDataType; 13] = [
        Self::U8,
        Self::U16,
        Self::U32,
        Self::S32,
        Self::U64,
        Self::S64,
        Self::F16,
        Self::F32,
        Self::F64,
        Self::BF16,
        Self::F32Ftz,
        Self::TF32,
        Self::TF32Ftz,
    ];

    /// Bytes of one element.
    pub fn size(self) -> u64 {
        match self {
            Self::U8 => 1,
            Self::U16 | Self::F16 | Self::BF16 => 2,
            Self::U32 | Self::S32 | Self::F32 | Self::F32Ftz | Self::TF32 | Self::TF32Ftz => 4,
            Self::U64 | Self::S64 | Self::F64 => 8,
        }
    }

    /// Whether it is a floating-point type (the only ones a NaN fill is allowed for).
    pub fn is_float(self) -> bool {
        !matches!(
            self,
            Self::U8 | Self::U16 | Self::U32 | Self::S32 | Self::U64 | Self::S64
        )
    }

    /// The driver's number for it.
    pub fn code(self) -> u32 {
        self as u32
    }

    /// The type of the driver's number `code`.
    pub fn from_code(code: u32) -> Option<Self> {
        Self::ALL.get(code as usize).copied()
    }

    /// Its name as CUDA C or PTX spells it (`f16`, `bf16`, `tf32`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Self::U8 => "u8",
            Self::U16 => "u16",
            Self::U32 => "u32",
            Self::S32 => "s32",
            Self::U64 => "u64",
            Self::S64 => "s64",
            Self::F16 => "f16",
            Self::F32 => "f32",
            Self::F64 => "f64",
            Self::BF16 => "bf16",
            Self::F32Ftz => "f32 (ftz)",
            Self::TF32 => "tf32",
            Self::TF32Ftz => "tf32 (ftz)",
        }
    }
}

/// Interleaved layouts (`CUtensorMapInterleave`): NC/8HWC8-style tensors whose inner
/// dimension is a chunk of 16 or 32 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TensorMapInterleave {
    /// Not interleaved.
    #[default]
    None,
    /// 16-byte chunks.
    B16,
    /// 32-byte chunks.
    B32,
}

/// How a TMA copy arranges a box in shared memory (`CUtensorMapSwizzle`): the 16-byte
/// chunks of each span are permuted so that rows read together hit different banks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TensorMapSwizzle {
    /// Rows packed as they are.
    #[default]
    None,
    /// 16-byte chunks permuted within each 32-byte span.
    B32,
    /// Within each 64-byte span.
    B64,
    /// Within each 128-byte span.
    B128,
}

impl TensorMapSwizzle {
    /// The span in bytes whose chunks are permuted (0 for none).
    pub fn span(self) -> u64 {
        match self {
            Self::None => 0,
            Self::B32 => 32,
            Self::B64 => 64,
            Self::B128 => 128,
        }
    }

    /// Where the byte at shared-memory address `addr` of a box lands: the 16-byte chunk
    /// index (address bits 4..) XOR the 128-byte row index (bits 7..), both taken to
    /// log₂(span/16) bits, so the pattern repeats every 8 rows of 128 bytes (128-byte
    /// swizzle), 4 (64) or 2 (32): CUTLASS's `Swizzle<3,4,3>`, `<2,4,3>` and `<1,4,3>`.
    /// The permutation is its own inverse.
    pub fn apply(self, addr: u64) -> u64 {
        let bits = match self {
            Self::None => return addr,
            Self::B32 => 1,
            Self::B64 => 2,
            Self::B128 => 3,
        };
        let mask = (1u64 << bits) - 1;
        addr ^ (((addr >> 7) & mask) << 4)
    }

    /// The bytes a box of this swizzle must start at in shared memory: the pattern's
    /// repeat (256, 512 or 1024 bytes), or 128 unswizzled (the PTX ISA's alignment of a
    /// tensor copy's shared-memory operand).
    pub fn alignment(self) -> u64 {
        match self {
            Self::None => 128,
            Self::B32 => 256,
            Self::B64 => 512,
            Self::B128 => 1024,
        }
    }
}

/// L2 promotion (`CUtensorMapL2promotion`): the granularity L2 fetches from memory with. A
/// hint: the simulator keeps it and does nothing with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TensorMapL2Promotion {
    /// None.
    #[default]
    None,
    /// 64 bytes.
    B64,
    /// 128 bytes.
    B128,
    /// 256 bytes.
    B256,
}

/// What a TMA load writes for elements of its box outside the tensor
/// (`CUtensorMapFloatOOBfill`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TensorMapOobFill {
    /// Zeros.
    #[default]
    Zero,
    /// `NAN_REQUEST_ZERO_FMA`: a NaN (floating-point types only).
    NanRequestZeroFma,
}

/// The im2col half of a tensor map (`cuTensorMapEncodeIm2col`): for a tensor of rank 3
/// to 5 laid out channels first (NWC, NHWC, NDHWC), a load gathers `pixels_per_column`
/// pixels of `channels_per_pixel` channels each, walking W, then H, then D, then N.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Im2col {
    /// The bounding box's lower corner offsets per spatial dimension (W first).
    pub lower: [i32; 3],
    /// Its upper corner offsets, from the far end of each spatial dimension.
    pub upper: [i32; 3],
    /// Channels loaded per pixel (1..=256).
    pub channels_per_pixel: u32,
    /// Pixels loaded (1..=1024).
    pub pixels_per_column: u32,
}

/// Everything a tensor map says, as plain data: the arguments of
/// `cuTensorMapEncodeTiled` (with `im2col: None`) or `cuTensorMapEncodeIm2col`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TensorMapDesc {
    /// The element type.
    pub data_type: TensorMapDataType,
    /// Dimensions (1..=5; 3..=5 for im2col or an interleaved layout).
    pub rank: usize,
    /// The tensor's device address.
    pub global_address: u64,
    /// Elements per dimension, innermost first (entries past `rank` unused).
    pub dims: [u64; MAX_RANK],
    /// Bytes between consecutive indices of dimensions 1..rank (`strides[0]` is dimension
    /// 1's; entries past `rank - 1` unused).
    pub strides: [u64; MAX_RANK - 1],
    /// The box a tiled copy moves, elements per dimension (unused for im2col).
    pub box_dims: [u32; MAX_RANK],
    /// Traversal strides per dimension (1..=8; dimension 0's is ignored unless
    /// interleaved, as on the GPU).
    pub element_strides: [u32; MAX_RANK],
    /// Interleaved layout.
    pub interleave: TensorMapInterleave,
    /// Shared-memory swizzle.
    pub swizzle: TensorMapSwizzle,
    /// L2 promotion (a hint).
    pub l2_promotion: TensorMapL2Promotion,
    /// Out-of-bounds fill.
    pub oob_fill: TensorMapOobFill,
    /// The im2col description, for an im2col map.
    pub im2col: Option<Im2col>,
}

/// The driver's rule a tensor map description breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TensorMapRule {
    /// The rank is 1 to 5 (3 to 5 for im2col and interleaved layouts).
    Rank,
    /// The global address is 16-byte aligned (32 with 32-byte interleave).
    AddressAlignment,
    /// Each dimension is 1 to 2³² elements.
    Dimension,
    /// Each stride is a multiple of 16 bytes (32 with 32-byte interleave) below 2⁴⁰.
    Stride,
    /// Each box dimension is 1 to 256 elements.
    BoxSize,
    /// Without interleave, the box's inner dimension is a multiple of 16 bytes.
    BoxInnerBytes,
    /// With a swizzle and no interleave, the box's inner dimension fits the swizzle span.
    SwizzleSpan,
    /// 32-byte interleave needs the 32-byte swizzle.
    InterleaveSwizzle,
    /// Each element stride is 1 to 8.
    ElementStride,
    /// A NaN fill needs a floating-point element type.
    OobFillType,
    /// The im2col corners fit their range for the rank.
    Im2colCorner,
    /// 1 to 256 channels per pixel and 1 to 1024 pixels per column.
    Im2colSize,
    /// The 128 bytes are not a tensor map this simulator made (read back by a TMA copy).
    Encoding,
    /// The tensor reaches past the buffer it is made over.
    Extent,
}

impl fmt::Display for TensorMapRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Rank => "rank",
            Self::AddressAlignment => "address alignment",
            Self::Dimension => "dimension size",
            Self::Stride => "stride",
            Self::BoxSize => "box size",
            Self::BoxInnerBytes => "box inner dimension",
            Self::SwizzleSpan => "swizzle span",
            Self::InterleaveSwizzle => "interleave and swizzle",
            Self::ElementStride => "element stride",
            Self::OobFillType => "out-of-bounds fill",
            Self::Im2colCorner => "im2col corner",
            Self::Im2colSize => "im2col size",
            Self::Encoding => "encoding",
            Self::Extent => "extent",
        })
    }
}

/// A tensor map description that breaks one of the driver's rules: which, and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidTensorMap {
    /// The rule.
    pub rule: TensorMapRule,
    /// What was given and what would be valid.
    pub detail: String,
}

impl fmt::Display for InvalidTensorMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid tensor map ({}): {}", self.rule, self.detail)
    }
}

fn broken(rule: TensorMapRule, detail: String) -> Result<(), InvalidTensorMap> {
    Err(InvalidTensorMap { rule, detail })
}

impl TensorMapDesc {
    /// A tiled map of a `dims` tensor of `data_type` at `global_address`, densely packed
    /// (each stride the previous dimension's bytes), moving boxes of `box_dims`, element
    /// strides 1, no interleave, swizzle or promotion, zero fill. `dims` and `box_dims`
    /// have one entry per dimension, innermost first: 1 to 5 of them, as many boxes as
    /// dimensions, or [`TensorMapRule::Rank`] (a dropped or padded entry would move
    /// another tile than the one asked for). The other rules are [`validate`](Self::validate)'s.
    ///
    /// ```
    /// use cuda_library_engine::tensor_map::{TensorMapDataType, TensorMapDesc, TensorMapRule};
    /// let d = TensorMapDesc::tiled(TensorMapDataType::F32, 0, &[64, 32], &[32, 8]).unwrap();
    /// assert_eq!(d.box_bytes(), 32 * 8 * 4);
    /// let e = TensorMapDesc::tiled(TensorMapDataType::F32, 0, &[64, 32], &[32]).unwrap_err();
    /// assert_eq!(e.rule, TensorMapRule::Rank);
    /// ```
    pub fn tiled(
        data_type: TensorMapDataType,
        global_address: u64,
        dims: &[u64],
        box_dims: &[u32],
    ) -> Result<TensorMapDesc, InvalidTensorMap> {
        let rank = dims.len();
        if rank == 0 || rank > MAX_RANK {
            broken(
                TensorMapRule::Rank,
                format!("rank {rank} (1 to 5); give one size per dimension"),
            )?;
        }
        if box_dims.len() != rank {
            broken(
                TensorMapRule::Rank,
                format!(
                    "{rank} dimensions but a box of {}; give one box size per dimension",
                    box_dims.len()
                ),
            )?;
        }
        let mut d = [1u64; MAX_RANK];
        d[..rank].copy_from_slice(dims);
        let mut b = [1u32; MAX_RANK];
        b[..rank].copy_from_slice(box_dims);
        let mut strides = [0u64; MAX_RANK - 1];
        let mut bytes = data_type.size();
        for k in 0..rank.saturating_sub(1) {
            bytes = bytes.saturating_mul(d[k]);
            strides[k] = bytes;
        }
        Ok(TensorMapDesc {
            data_type,
            rank,
            global_address,
            dims: d,
            strides,
            box_dims: b,
            element_strides: [1; MAX_RANK],
            interleave: TensorMapInterleave::None,
            swizzle: TensorMapSwizzle::None,
            l2_promotion: TensorMapL2Promotion::None,
            oob_fill: TensorMapOobFill::Zero,
            im2col: None,
        })
    }

    /// Elements a copy moves along dimension `k` of a tiled map: ⌈box / element stride⌉
    /// (dimension 0's stride counts only when interleaved, as on the GPU).
    pub fn traversed(&self, k: usize) -> u64 {
        let b = self.box_dims[k] as u64;
        let e = if k == 0 && self.interleave == TensorMapInterleave::None {
            1
        } else {
            self.element_strides[k].max(1) as u64
        };
        b.div_ceil(e)
    }

    /// Bytes one copy moves: the whole box (or im2col column), out-of-bounds elements
    /// included, as `mbarrier::complete_tx::bytes` counts them. On a description not yet
    /// [validated](Self::validate) (the fields are public), a rank past 5 counts five
    /// dimensions and a product past `u64::MAX` is `u64::MAX`.
    pub fn box_bytes(&self) -> u64 {
        let elems = match self.im2col {
            Some(i) => i.channels_per_pixel as u64 * i.pixels_per_column as u64,
            None => (0..self.rank.min(MAX_RANK))
                .map(|k| self.traversed(k))
                .fold(1u64, u64::saturating_mul),
        };
        elems.saturating_mul(self.data_type.size())
    }

    /// Bytes of one row of the box in shared memory (its inner dimension).
    pub fn row_bytes(&self) -> u64 {
        let inner = match self.im2col {
            Some(i) => i.channels_per_pixel as u64,
            None => self.traversed(0),
        };
        inner * self.data_type.size()
    }

    /// Why the simulator refuses copies of this map, if it does: what a GPU does with it is
    /// unrecorded, so moving it any way would be a guess. An interleaved layout (where the
    /// GPU puts an interleaved box in shared memory), and the `f32 (ftz)`, `tf32` and
    /// `tf32 (ftz)` element types (whether a copy flushes subnormals or rounds to tf32; the
    /// driver documentation does not say). The driver backend takes them all.
    pub fn unsimulated(&self) -> Option<String> {
        use TensorMapDataType as D;
        let chunk = match self.interleave {
            TensorMapInterleave::None => 0,
            TensorMapInterleave::B16 => 16,
            TensorMapInterleave::B32 => 32,
        };
        if chunk != 0 {
            return Some(format!(
                "a tensor map with {chunk}-byte interleave: where a GPU's TMA puts an \
                 interleaved box in shared memory is not recorded for the simulator; use \
                 TensorMapInterleave::None on the simulator, or run on a GPU"
            ));
        }
        if let D::F32Ftz | D::TF32 | D::TF32Ftz = self.data_type {
            return Some(format!(
                "a tensor map of {} elements: whether a GPU's TMA flushes or rounds them is \
                 not recorded for the simulator; use TensorMapDataType::F32 (the bytes \
                 unchanged) on the simulator, or run on a GPU",
                self.data_type.name()
            ));
        }
        None
    }

    /// Checks the description against the driver's rules for `cuTensorMapEncodeTiled` and
    /// `cuTensorMapEncodeIm2col` (CUDA 12 driver API, "Tensor Map Object Management").
    pub fn validate(&self) -> Result<(), InvalidTensorMap> {
        use TensorMapRule as R;
        let size = self.data_type.size();
        let im2col = self.im2col.is_some();
        let interleaved = self.interleave != TensorMapInterleave::None;
        let least = if im2col || interleaved { 3 } else { 1 };
        if self.rank < least || self.rank > MAX_RANK {
            return broken(
                R::Rank,
                format!(
                    "rank {} ({least} to 5{}); give one size per dimension",
                    self.rank,
                    if im2col {
                        " for an im2col map"
                    } else if interleaved {
                        " for an interleaved layout"
                    } else {
                        ""
                    }
                ),
            );
        }
        let align = if self.interleave == TensorMapInterleave::B32 {
            32
        } else {
            16
        };
        if self.global_address % align != 0 {
            return broken(
                R::AddressAlignment,
                format!(
                    "global address {:#x} is not {align}-byte aligned; use a buffer's start or \
                     an offset that is a multiple of {align}",
                    self.global_address
                ),
            );
        }
        for (k, &d) in self.dims[..self.rank].iter().enumerate() {
            if d == 0 || d > 1 << 32 {
                return broken(
                    R::Dimension,
                    format!("dimension {k} has {d} elements (1 to 2^32)"),
                );
            }
        }
        for (k, &s) in self.strides[..self.rank - 1].iter().enumerate() {
            if s % align != 0 || s >= 1 << 40 {
                return broken(
                    R::Stride,
                    format!(
                        "the stride of dimension {} is {s} bytes (a multiple of {align} below \
                         2^40); pad the rows of the tensor to a multiple of {align} bytes",
                        k + 1
                    ),
                );
            }
        }
        for (k, &e) in self.element_strides[..self.rank].iter().enumerate() {
            if e == 0 || e > 8 {
                return broken(
                    R::ElementStride,
                    format!("element stride {e} in dimension {k} (1 to 8)"),
                );
            }
        }
        if self.interleave == TensorMapInterleave::B32 && self.swizzle != TensorMapSwizzle::B32 {
            return broken(
                R::InterleaveSwizzle,
                format!(
                    "32-byte interleave with swizzle {:?}; use TensorMapSwizzle::B32",
                    self.swizzle
                ),
            );
        }
        if self.oob_fill == TensorMapOobFill::NanRequestZeroFma && !self.data_type.is_float() {
            return broken(
                R::OobFillType,
                format!(
                    "a NaN fill for {} elements; use TensorMapOobFill::Zero for integers",
                    self.data_type.name()
                ),
            );
        }
        let inner = match self.im2col {
            Some(i) => {
                if !(1..=256).contains(&i.channels_per_pixel)
                    || !(1..=1024).contains(&i.pixels_per_column)
                {
                    return broken(
                        R::Im2colSize,
                        format!(
                            "{} channels per pixel (1 to 256) and {} pixels per column (1 to 1024)",
                            i.channels_per_pixel, i.pixels_per_column
                        ),
                    );
                }
                let spatial = self.rank - 2;
                let reach = match spatial {
                    1 => 1 << 15,
                    2 => 1 << 7,
                    _ => 1 << 4,
                };
                for k in 0..spatial {
                    for (what, v) in [("lower", i.lower[k]), ("upper", i.upper[k])] {
                        if v < -reach || v >= reach {
                            return broken(
                                R::Im2colCorner,
                                format!(
                                    "the {what} corner's offset {v} in spatial dimension {k} \
                                     ({} to {} for rank {})",
                                    -reach,
                                    reach - 1,
                                    self.rank
                                ),
                            );
                        }
                    }
                }
                i.channels_per_pixel as u64 * size
            }
            None => {
                for (k, &b) in self.box_dims[..self.rank].iter().enumerate() {
                    if b == 0 || b > 256 {
                        return broken(
                            R::BoxSize,
                            format!("box dimension {k} is {b} elements (1 to 256)"),
                        );
                    }
                }
                let inner = self.box_dims[0] as u64 * size;
                if !interleaved && inner % 16 != 0 {
                    return broken(
                        R::BoxInnerBytes,
                        format!(
                            "the box's inner dimension is {} elements of {size} bytes = {inner} \
                             bytes (a multiple of 16)",
                            self.box_dims[0]
                        ),
                    );
                }
                inner
            }
        };
        let span = self.swizzle.span();
        if !interleaved && span != 0 && inner > span {
            return broken(
                R::SwizzleSpan,
                format!(
                    "the box's inner dimension is {inner} bytes, more than the {span}-byte swizzle \
                     span; make the inner box at most {} elements or use a wider swizzle",
                    span / size
                ),
            );
        }
        Ok(())
    }

    /// The simulator's 128 bytes of this map (layout above). Call [`validate`](Self::validate)
    /// first: fields out of their ranges are cut to them.
    pub fn encode(&self) -> [u8; TENSOR_MAP_BYTES] {
        let mut b = [0u8; TENSOR_MAP_BYTES];
        b[0..4].copy_from_slice(&MAGIC);
        b[4] = VERSION;
        b[5] = self.rank as u8;
        b[6] = self.data_type.code() as u8;
        b[7] = self.im2col.is_some() as u8;
        b[8] = self.interleave as u8;
        b[9] = self.swizzle as u8;
        b[10] = self.l2_promotion as u8;
        b[11] = self.oob_fill as u8;
        let i = self.im2col.unwrap_or_default();
        b[12..14]
            .copy_from_slice(&(i.channels_per_pixel.min(u16::MAX as u32) as u16).to_le_bytes());
        b[14..16].copy_from_slice(&(i.pixels_per_column.min(u16::MAX as u32) as u16).to_le_bytes());
        b[16..24].copy_from_slice(&self.global_address.to_le_bytes());
        for k in 0..MAX_RANK {
            b[24 + 8 * k..32 + 8 * k].copy_from_slice(&self.dims[k].to_le_bytes());
            b[96 + k] = self.box_dims[k].clamp(1, 256).wrapping_sub(1) as u8;
            b[101 + k] = self.element_strides[k].min(255) as u8;
        }
        for k in 0..MAX_RANK - 1 {
            b[64 + 8 * k..72 + 8 * k].copy_from_slice(&self.strides[k].to_le_bytes());
        }
        for k in 0..3 {
            let clamp = |v: i32| v.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
            b[106 + 2 * k..108 + 2 * k].copy_from_slice(&clamp(i.lower[k]).to_le_bytes());
            b[112 + 2 * k..114 + 2 * k].copy_from_slice(&clamp(i.upper[k]).to_le_bytes());
        }
        b
    }

    /// The map in `bytes`, which a TMA copy read: `Err` unless it is a valid map in the
    /// simulator's layout (the driver's maps, and anything else, are refused with what was
    /// found).
    pub fn decode(bytes: &[u8; TENSOR_MAP_BYTES]) -> Result<TensorMapDesc, InvalidTensorMap> {
        let bad = |detail: String| InvalidTensorMap {
            rule: TensorMapRule::Encoding,
            detail,
        };
        if bytes[0..4] != MAGIC || bytes[4] != VERSION {
            return Err(bad(
                "the 128 bytes are not a tensor map the simulator encoded (make it with \
                 TensorMap on the simulated device, or copy one made there)"
                    .into(),
            ));
        }
        let u64_at = |at: usize| {
            let mut v = [0u8; 8];
            v.copy_from_slice(&bytes[at..at + 8]);
            u64::from_le_bytes(v)
        };
        let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
        let i16_at = |at: usize| i16::from_le_bytes([bytes[at], bytes[at + 1]]) as i32;
        let pick = |v: u8, what: &str, n: u8| -> Result<u8, InvalidTensorMap> {
            if v < n {
                Ok(v)
            } else {
                Err(bad(format!("{what} {v}")))
            }
        };
        let data_type = TensorMapDataType::from_code(bytes[6] as u32)
            .ok_or_else(|| bad(format!("element type {}", bytes[6])))?;
        let interleave = [
            TensorMapInterleave::None,
            TensorMapInterleave::B16,
            TensorMapInterleave::B32,
        ][pick(bytes[8], "interleave", 3)? as usize];
        let swizzle = [
            TensorMapSwizzle::None,
            TensorMapSwizzle::B32,
            TensorMapSwizzle::B64,
            TensorMapSwizzle::B128,
        ][pick(bytes[9], "swizzle", 4)? as usize];
        let l2_promotion = [
            TensorMapL2Promotion::None,
            TensorMapL2Promotion::B64,
            TensorMapL2Promotion::B128,
            TensorMapL2Promotion::B256,
        ][pick(bytes[10], "L2 promotion", 4)? as usize];
        let oob_fill = [TensorMapOobFill::Zero, TensorMapOobFill::NanRequestZeroFma]
            [pick(bytes[11], "out-of-bounds fill", 2)? as usize];
        let im2col = match pick(bytes[7], "mode", 2)? {
            0 => None,
            _ => Some(Im2col {
                lower: [i16_at(106), i16_at(108), i16_at(110)],
                upper: [i16_at(112), i16_at(114), i16_at(116)],
                channels_per_pixel: u16_at(12) as u32,
                pixels_per_column: u16_at(14) as u32,
            }),
        };
        let mut desc = TensorMapDesc {
            data_type,
            rank: bytes[5] as usize,
            global_address: u64_at(16),
            dims: [0; MAX_RANK],
            strides: [0; MAX_RANK - 1],
            box_dims: [0; MAX_RANK],
            element_strides: [0; MAX_RANK],
            interleave,
            swizzle,
            l2_promotion,
            oob_fill,
            im2col,
        };
        for k in 0..MAX_RANK {
            desc.dims[k] = u64_at(24 + 8 * k);
            desc.box_dims[k] = bytes[96 + k] as u32 + 1;
            desc.element_strides[k] = bytes[101 + k] as u32;
        }
        for k in 0..MAX_RANK - 1 {
            desc.strides[k] = u64_at(64 + 8 * k);
        }
        // Dimensions past the rank are not checked by `validate`; keep them harmless.
        for k in desc.rank.min(MAX_RANK)..MAX_RANK {
            desc.dims[k] = 1;
            desc.box_dims[k] = 1;
            desc.element_strides[k] = 1;
        }
        desc.validate()?;
        Ok(desc)
    }

    /// The bytes from [`global_address`](Self::global_address) to the tensor's last
    /// element, one past it (`None` if that overflows): what a buffer must hold.
    pub fn extent(&self) -> Option<u64> {
        let size = self.data_type.size();
        let mut last = self.dims[0].checked_sub(1)?.checked_mul(size)?;
        for k in 1..self.rank.min(MAX_RANK) {
            let step = self.dims[k]
                .checked_sub(1)?
                .checked_mul(self.strides[k - 1])?;
            last = last.checked_add(step)?;
        }
        last.checked_add(size)
    }

    /// Where the global address lies in the simulator's 128 bytes (what
    /// `tensormap.replace.tile.global_address` writes).
    pub const ADDRESS_OFFSET: u64 = 16;

    /// Whether the first 8 bytes of a map (little-endian) are the simulator's header.
    pub fn is_encoded_header(first: u64) -> bool {
        let b = first.to_le_bytes();
        b[0..4] == MAGIC && b[4] == VERSION
    }

    /// The same map over another tensor at `address` (`cuTensorMapReplaceAddress`).
    pub fn with_address(mut self, address: u64) -> TensorMapDesc {
        self.global_address = address;
        self
    }
}

/// The value an out-of-bounds element of `data_type` reads as under `fill`: zero, or the
/// canonical NaN of its width (`0x7fff` for 16 bits, `0x7fffffff`, `0x7fffffffffffffff`).
pub fn oob_value(data_type: TensorMapDataType, fill: TensorMapOobFill) -> u64 {
    match fill {
        TensorMapOobFill::Zero => 0,
        TensorMapOobFill::NanRequestZeroFma => match data_type.size() {
            2 => 0x7fff,
            4 => 0x7fff_ffff,
            _ => 0x7fff_ffff_ffff_ffff,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> TensorMapDesc {
        TensorMapDesc::tiled(TensorMapDataType::F32, 0x1000, &[64, 32], &[32, 8]).unwrap()
    }

    #[test]
    fn a_valid_map_survives_its_encoding() {
        let mut m = map();
        m.swizzle = TensorMapSwizzle::B128;
        m.oob_fill = TensorMapOobFill::NanRequestZeroFma;
        m.l2_promotion = TensorMapL2Promotion::B256;
        assert_eq!(m.validate(), Ok(()));
        assert_eq!(TensorMapDesc::decode(&m.encode()), Ok(m));
        let mut i =
            TensorMapDesc::tiled(TensorMapDataType::F16, 0x1000, &[8, 5, 5, 2], &[1; 4]).unwrap();
        i.im2col = Some(Im2col {
            lower: [-1, -1, 0],
            upper: [-1, -1, 0],
            channels_per_pixel: 8,
            pixels_per_column: 32,
        });
        assert_eq!(i.validate(), Ok(()));
        assert_eq!(TensorMapDesc::decode(&i.encode()), Ok(i));
        assert_eq!(i.box_bytes(), 8 * 32 * 2);
    }

    #[test]
    fn each_driver_rule_is_named() {
        let rule = |f: &dyn Fn(&mut TensorMapDesc)| {
            let mut m = map();
            f(&mut m);
            m.validate().map_err(|e| e.rule)
        };
        use TensorMapRule as R;
        assert_eq!(rule(&|m| m.rank = 0), Err(R::Rank));
        assert_eq!(rule(&|m| m.rank = 6), Err(R::Rank));
        assert_eq!(
            rule(&|m| m.global_address = 0x1008),
            Err(R::AddressAlignment)
        );
        assert_eq!(rule(&|m| m.dims[1] = 0), Err(R::Dimension));
        assert_eq!(rule(&|m| m.dims[0] = (1 << 32) + 1), Err(R::Dimension));
        assert_eq!(rule(&|m| m.strides[0] = 24), Err(R::Stride));
        assert_eq!(rule(&|m| m.strides[0] = 1 << 40), Err(R::Stride));
        assert_eq!(rule(&|m| m.box_dims[1] = 257), Err(R::BoxSize));
        assert_eq!(rule(&|m| m.box_dims[0] = 6), Err(R::BoxInnerBytes));
        assert_eq!(rule(&|m| m.element_strides[1] = 9), Err(R::ElementStride));
        assert_eq!(
            rule(&|m| m.swizzle = TensorMapSwizzle::B64),
            Err(R::SwizzleSpan),
            "32 f32 = 128 bytes do not fit a 64-byte span"
        );
        assert_eq!(
            rule(&|m| {
                m.data_type = TensorMapDataType::S32;
                m.oob_fill = TensorMapOobFill::NanRequestZeroFma
            }),
            Err(R::OobFillType)
        );
        assert_eq!(
            rule(&|m| m.interleave = TensorMapInterleave::B16),
            Err(R::Rank)
        );
        let e = rule(&|m| m.strides[0] = 24).unwrap_err();
        assert_eq!(e, R::Stride);
        let text = {
            let mut m = map();
            m.strides[0] = 24;
            m.validate().unwrap_err().to_string()
        };
        assert!(
            text.contains("stride") && text.contains("multiple of 16"),
            "{text}"
        );
    }

    #[test]
    fn box_bytes_of_a_description_not_yet_validated_saturates() {
        let mut d = map();
        d.rank = 6;
        d.box_dims = [u32::MAX; MAX_RANK];
        assert_eq!(d.box_bytes(), u64::MAX);
        assert_eq!(d.validate().unwrap_err().rule, TensorMapRule::Rank);
        d.rank = 0;
        assert_eq!(d.box_bytes(), d.data_type.size());
        assert_eq!(d.validate().unwrap_err().rule, TensorMapRule::Rank);
    }

    #[test]
    fn bytes_not_from_the_simulator_are_refused() {
        let mut b = map().encode();
        b[0] = b'X';
        assert_eq!(
            TensorMapDesc::decode(&b).map_err(|e| e.rule),
            Err(TensorMapRule::Encoding)
        );
        let mut b = map().encode();
        b[9] = 7;
        assert!(TensorMapDesc::decode(&b).is_err());
        let mut b = map().encode();
        b[5] = 9;
        assert_eq!(
            TensorMapDesc::decode(&b).map_err(|e| e.rule),
            Err(TensorMapRule::Rank)
        );
    }

    #[test]
    fn the_swizzle_permutes_16_byte_chunks_within_its_span() {
        // 128-byte swizzle: row r's chunk c lands at chunk c ^ (r % 8).
        for row in 0..16u64 {
            for chunk in 0..8u64 {
                let at = TensorMapSwizzle::B128.apply(row * 128 + chunk * 16 + 3);
                assert_eq!(at, row * 128 + (chunk ^ (row % 8)) * 16 + 3);
            }
        }
        // 64-byte: chunks 0..4 of each 128 bytes XOR (row % 4); 32-byte: chunk bit 0 only.
        assert_eq!(TensorMapSwizzle::B64.apply(3 * 128 + 16), 3 * 128 + 2 * 16);
        assert_eq!(TensorMapSwizzle::B64.apply(4 * 128 + 16), 4 * 128 + 16);
        assert_eq!(TensorMapSwizzle::B32.apply(128), 128 + 16);
        assert_eq!(TensorMapSwizzle::B32.apply(256 + 16), 256 + 16);
        for s in [
            TensorMapSwizzle::B32,
            TensorMapSwizzle::B64,
            TensorMapSwizzle::B128,
        ] {
            for a in 0..2048 {
                assert_eq!(s.apply(s.apply(a)), a);
            }
        }
    }
}
