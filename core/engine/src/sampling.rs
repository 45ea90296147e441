//! Texture and surface objects on the simulated device: the table of live objects (their
//! handles are what kernels receive) and the rules of a fetch, as the CUDA Programming
//! Guide's "Texture Fetching" appendix states them: coordinates scaled when normalised,
//! address modes per dimension, nearest-point or linear filtering with 8-bit fractional
//! weights, integer elements read as they are or as normalised floats, cubemap faces chosen
//! by the major axis, layers clamped. Surfaces are read and written byte for byte, their x
//! coordinate in bytes.

use super::half::{to_f64, HalfFmt};
use super::mem::Memory;
use crate::texture::{AddressMode, ArrayFormat, FilterMode, Layout, ReadMode};

/// The shape a texture or surface instruction addresses (`.1d`, `.2d`, `.3d`, `.a1d`,
/// `.a2d`, `.cube`, `.acube`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Geometry {
    /// `.1d`
    D1,
    /// `.2d`
    D2,
    /// `.3d`
    D3,
    /// `.a1d`: a layer index, then x.
    A1,
    /// `.a2d`: a layer index, then x and y.
    A2,
    /// `.cube`: a direction x, y, z.
    Cube,
    /// `.acube`: a cubemap layer, then a direction.
    ACube,
}

impl Geometry {
    /// From the instruction's modifier.
    pub fn parse(m: &str) -> Option<Geometry> {
        Some(match m {
            "1d" => Geometry::D1,
            "2d" => Geometry::D2,
            "3d" => Geometry::D3,
            "a1d" => Geometry::A1,
            "a2d" => Geometry::A2,
            "cube" => Geometry::Cube,
            "acube" => Geometry::ACube,
            _ => return None,
        })
    }

    /// Whether the first coordinate is a layer index.
    pub fn layered(self) -> bool {
        matches!(self, Geometry::A1 | Geometry::A2 | Geometry::ACube)
    }

    /// Coordinates in the instruction's vector (a vector of 3 is padded to 4 in PTX).
    pub fn coordinates(self) -> usize {
        match self {
            Geometry::D1 => 1,
            Geometry::D2 | Geometry::A1 => 2,
            Geometry::D3 | Geometry::A2 | Geometry::Cube => 3,
            Geometry::ACube => 4,
        }
    }

    /// Spatial dimensions (without the layer).
    fn dims(self) -> usize {
        match self {
            Geometry::D1 | Geometry::A1 => 1,
            Geometry::D2 | Geometry::A2 => 2,
            Geometry::D3 | Geometry::Cube | Geometry::ACube => 3,
        }
    }
}

/// What a fetch returns: four 32-bit channels as bits (floats or integers).
pub type Texel = [u32; 4];

/// The type the instruction gives coordinates in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoordType {
    /// `.f32`
    F32,
    /// `.s32` (element indices; no filtering)
    S32,
}

/// The type the instruction returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TexelType {
    /// `.f32`
    F32,
    /// `.s32`
    S32,
    /// `.u32`
    U32,
}

/// One element's channels, read from memory.
fn element(mem: &Memory, l: &Layout, x: usize, y: usize, z: usize) -> Result<[u32; 4], String> {
    let d = &l.desc;
    let size = d.element_bytes();
    let at = l.base + z as u64 * l.slice_bytes() + y as u64 * l.pitch + (x * size) as u64;
    let bytes = mem.slice(at, size).ok_or_else(|| {
        format!("the texture's memory at {at:#x} is gone (its buffer or array was freed)")
    })?;
    let w = d.format.bytes();
    let mut out = [0u32; 4];
    for (c, o) in out.iter_mut().enumerate().take(d.channels as usize) {
        let b = &bytes[c * w..(c + 1) * w];
        *o = match w {
            1 => u32::from(b[0]),
            2 => u32::from(u16::from_le_bytes([b[0], b[1]])),
            _ => u32::from_le_bytes([b[0], b[1], b[2], b[3]]),
        };
    }
    Ok(out)
}

/// A channel as the float a filtered or float-returning fetch uses.
fn channel_f32(format: ArrayFormat, read: ReadMode, raw: u32) -> f32 {
    let normalized = read == ReadMode::NormalizedFloat;
    match format {
        ArrayFormat::F32 => f32::from_bits(raw),
        ArrayFormat::F16 => to_f64(raw as u16, HalfFmt::F16) as f32,
        ArrayFormat::U8 if normalized => raw as f32 / 255.0,
        ArrayFormat::U16 if normalized => raw as f32 / 65535.0,
        ArrayFormat::I8 if normalized => (raw as u8 as i8 as f32 / 127.0).max(-1.0),
        ArrayFormat::I16 if normalized => (raw as u16 as i16 as f32 / 32767.0).max(-1.0),
        ArrayFormat::U8 | ArrayFormat::U16 | ArrayFormat::U32 => raw as f32,
        ArrayFormat::I8 => raw as u8 as i8 as f32,
        ArrayFormat::I16 => raw as u16 as i16 as f32,
        ArrayFormat::I32 => raw as i32 as f32,
    }
}

/// An integer channel widened to 32 bits, as an element-type fetch returns it.
fn channel_int(format: ArrayFormat, raw: u32) -> u32 {
    match format {
        ArrayFormat::I8 => raw as u8 as i8 as i32 as u32,
        ArrayFormat::I16 => raw as u16 as i16 as i32 as u32,
        _ => raw,
    }
}

/// Where index `i` of a dimension of `n` elements reads under `mode`, or `None` for the
/// border.
fn index(mode: AddressMode, i: i64, n: i64) -> Option<i64> {
    match mode {
        AddressMode::Clamp => Some(i.clamp(0, n - 1)),
        AddressMode::Border => (0..n).contains(&i).then_some(i),
        AddressMode::Wrap => Some(i.rem_euclid(n)),
        AddressMode::Mirror => {
            let k = i.rem_euclid(2 * n);
            Some(if k < n { k } else { 2 * n - 1 - k })
        }
    }
}

/// A coordinate in element units, with wrap and mirror applied to normalised coordinates
/// (unnormalised coordinates support clamp and border only: CUDA treats the others as
/// clamp there).
fn scaled(c: f32, n: usize, normalized: bool, mode: AddressMode) -> (f32, AddressMode) {
    if !normalized {
        let mode = match mode {
            AddressMode::Wrap | AddressMode::Mirror => AddressMode::Clamp,
            m => m,
        };
        return (c, mode);
    }
    let c = match mode {
        AddressMode::Wrap => c - c.floor(),
        AddressMode::Mirror => {
            let f = c.floor();
            let frac = c - f;
            if (f as i64).rem_euclid(2) == 0 {
                frac
            } else {
                1.0 - frac
            }
        }
        _ => c,
    };
    (mul_toward_zero(c, n as f32), mode)
}

/// Fraction bits of a normalised coordinate inside the texture unit.
const COORD_FRACTION_BITS: i32 = 20;

/// A normalised coordinate in element units: the coordinate truncated to
/// [`COORD_FRACTION_BITS`] fraction bits, then scaled (an H100 maps 0.2 x 5 to element 0:
/// 0.2 is 0.2000000030 in f32, which rounded up would give element 1).
fn mul_toward_zero(a: f32, b: f32) -> f32 {
    let scale = f64::from(COORD_FRACTION_BITS).exp2();
    let fixed = (f64::from(a) * scale).floor() / scale;
    (fixed * f64::from(b)) as f32
}

/// The border colour as the texture holds it: converted to the element format (so an 8-bit
/// normalised texture returns 64/255 for 0.25), in the channels the format has.
fn border_texel(format: ArrayFormat, read: ReadMode, channels: u32, color: [f32; 4]) -> [f32; 4] {
    let mut out = [0f32; 4];
    for ch in 0..channels as usize {
        let c = color[ch];
        let raw = match format {
            ArrayFormat::F32 => c.to_bits(),
            ArrayFormat::F16 => u32::from(super::half::from_f64(
                f64::from(c),
                HalfFmt::F16,
                super::exact::Round::Nearest,
            )),
            ArrayFormat::U8 if read == ReadMode::NormalizedFloat => {
                (c.clamp(0.0, 1.0) * 255.0).round() as u32
            }
            ArrayFormat::U16 if read == ReadMode::NormalizedFloat => {
                (c.clamp(0.0, 1.0) * 65535.0).round() as u32
            }
            ArrayFormat::I8 if read == ReadMode::NormalizedFloat => {
                (c.clamp(-1.0, 1.0) * 127.0).round() as i32 as u32 & 0xff
            }
            ArrayFormat::I16 if read == ReadMode::NormalizedFloat => {
                (c.clamp(-1.0, 1.0) * 32767.0).round() as i32 as u32 & 0xffff
            }
            _ => c as i32 as u32,
        };
        out[ch] = channel_f32(format, read, raw);
    }
    out
}

/// The fractional weight as the texture unit holds it: 9-bit fixed point, 8 fraction bits.
fn weight(frac: f32) -> f32 {
    (frac * 256.0).round() / 256.0
}

/// The cubemap face and its (s, t) coordinates in [0, 1] for direction (x, y, z).
fn cube_face(x: f32, y: f32, z: f32) -> (usize, f32, f32) {
    let (ax, ay, az) = (x.abs(), y.abs(), z.abs());
    // On a tie z wins over y and y over x (as an H100 chooses).
    let (face, m, s, t) = if az >= ax && az >= ay {
        if z >= 0.0 {
            (4, az, x, -y)
        } else {
            (5, az, -x, -y)
        }
    } else if ay >= ax {
        if y >= 0.0 {
            (2, ay, x, z)
        } else {
            (3, ay, x, -z)
        }
    } else if x >= 0.0 {
        (0, ax, -z, -y)
    } else {
        (1, ax, z, -y)
    };
    let m = if m == 0.0 { 1.0 } else { m };
    (face, (s / m + 1.0) / 2.0, (t / m + 1.0) / 2.0)
}

/// One fetch: `tex.geometry` with coordinates `coords` (raw bits of `ctype`).
pub fn fetch(
    mem: &Memory,
    handle: u64,
    geometry: Geometry,
    ctype: CoordType,
    ttype: TexelType,
    coords: [u32; 4],
) -> Result<Texel, String> {
    let Some((layout, desc)) = mem.textures.texture(handle).map(|(l, d)| (*l, *d)) else {
        return Err(format!(
            "{handle:#x} is not a live texture object (pass a `Texture` as the argument)"
        ));
    };
    let a = layout.desc;
    let (mut layer, spatial) = if geometry.layered() {
        (coords[0] as i32 as i64, &coords[1..])
    } else {
        (0, &coords[..])
    };
    let layers = a.depth.max(1) as i64;
    // Float coordinates, and integer ones (`.s32`: element indices, never through f32,
    // which is exact only to 2^24).
    let mut c = [0f32; 3];
    let mut ic = [0i64; 3];
    for k in 0..geometry.dims() {
        match ctype {
            CoordType::F32 => c[k] = f32::from_bits(spatial[k]),
            CoordType::S32 => ic[k] = i64::from(spatial[k] as i32),
        }
    }
    let mut normalized = desc.normalized_coords && ctype == CoordType::F32;
    let mut sizes = [a.width, a.height.max(1), a.depth.max(1)];
    let mut dims = geometry.dims();
    if layout.linear_memory {
        if ctype == CoordType::F32 || !(0..a.width as i64).contains(&ic[0]) {
            // Outside plain memory a fetch reads zeros (an H100 does, whatever the mode).
            return Ok([0; 4]);
        }
    } else if dims == 1 {
        // A 1-D texture is fetched as a 2-D one of height 1 at y = 0: linear filtering then
        // mixes in half of row -1, which only the border mode makes visible (an H100 gives
        // (element + border) / 2 at an element's centre in border mode).
        dims = 2;
        c[1] = 0.0;
    }
    if matches!(geometry, Geometry::Cube | Geometry::ACube) {
        let (face, s, t) = cube_face(c[0], c[1], c[2]);
        layer = layer * 6 + face as i64;
        c = [s, t, 0.0];
        normalized = true;
        dims = 2;
    }
    if a.layered || a.cubemap {
        // The layer index is unsigned to the hardware: a negative one reads the last layer.
        layer = (layer as u32 as i64).min(layers - 1);
        sizes[2] = 1;
    }
    let integer_result = a.format.is_integer() && desc.read == ReadMode::ElementType;
    let linear = desc.filter == FilterMode::Linear && ctype == CoordType::F32 && !integer_result;
    // Per dimension: the elements read and their weights.
    let mut taps: [[(Option<i64>, f32); 2]; 3] = [[(Some(0), 1.0), (Some(0), 0.0)]; 3];
    for k in 0..dims {
        let n = sizes[k] as i64;
        if ctype == CoordType::S32 && !matches!(geometry, Geometry::Cube | Geometry::ACube) {
            // Element indices: no scaling or filtering; wrap and mirror act as clamp.
            let mode = match desc.address[k] {
                AddressMode::Wrap | AddressMode::Mirror => AddressMode::Clamp,
                m => m,
            };
            taps[k] = [(index(mode, ic[k], n), 1.0), (None, 0.0)];
            continue;
        }
        let (u, mode) = scaled(c[k], sizes[k], normalized, desc.address[k]);
        // Far outside any texture (or not a number): every address mode has decided by
        // then, and the indices below stay far from overflow.
        let u = if u.is_nan() { 0.0 } else { u.clamp(-1e9, 1e9) };
        if linear {
            let ub = u - 0.5;
            let i = ub.floor();
            let alpha = weight(ub - i);
            let i = i as i64;
            taps[k] = [
                (index(mode, i, n), 1.0 - alpha),
                (index(mode, i + 1, n), alpha),
            ];
        } else {
            taps[k] = [(index(mode, u.floor() as i64, n), 1.0), (None, 0.0)];
        }
    }
    let border = border_texel(a.format, desc.read, a.channels, desc.border_color);
    let read = |x: Option<i64>, y: Option<i64>, z: Option<i64>| -> Result<[f32; 4], String> {
        match (x, y, z) {
            (Some(x), Some(y), Some(z)) => {
                let z = if a.layered || a.cubemap { layer } else { z };
                let raw = element(mem, &layout, x as usize, y as usize, z as usize)?;
                let mut v = [0f32; 4];
                for ch in 0..a.channels as usize {
                    v[ch] = channel_f32(a.format, desc.read, raw[ch]);
                }
                Ok(v)
            }
            _ => Ok(border),
        }
    };
    if integer_result {
        let (x, y, z) = (taps[0][0].0, taps[1][0].0, taps[2][0].0);
        return match (x, y, z) {
            (Some(x), Some(y), Some(z)) => {
                let z = if a.layered || a.cubemap { layer } else { z };
                let raw = element(mem, &layout, x as usize, y as usize, z as usize)?;
                let mut out = [0u32; 4];
                for ch in 0..a.channels as usize {
                    out[ch] = channel_int(a.format, raw[ch]);
                }
                Ok(out)
            }
            _ => Ok(border.map(|b| b as i32 as u32)),
        };
    }
    let mut sum = [0f64; 4];
    let spans = if linear { 2 } else { 1 };
    for iz in 0..if dims > 2 { spans } else { 1 } {
        for iy in 0..if dims > 1 { spans } else { 1 } {
            for ix in 0..spans {
                // The GPU combines the per-axis weights in a way it does not document
                // (products of its 8-bit weights rounded somewhere): summed exactly here, it
                // agrees within 0.7% of the texture's largest value (guide::engine,
                // "Textures and surfaces").
                let w =
                    f64::from(taps[0][ix].1) * f64::from(taps[1][iy].1) * f64::from(taps[2][iz].1);
                if w == 0.0 {
                    continue;
                }
                let v = read(taps[0][ix].0, taps[1][iy].0, taps[2][iz].0)?;
                for ch in 0..4 {
                    sum[ch] += w * f64::from(v[ch]);
                }
            }
        }
    }
    Ok(sum.map(|s| match ttype {
        TexelType::F32 => (s as f32).to_bits(),
        TexelType::S32 => s as i32 as u32,
        TexelType::U32 => s as u32,
    }))
}

/// What a surface access does outside the surface (`.trap`, `.clamp`, `.zero`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Boundary {
    /// Fault.
    Trap,
    /// Use the nearest element.
    Clamp,
    /// Loads read 0, stores are dropped.
    Zero,
}

/// The device address a surface access of `bytes` at `coords` (x in bytes) touches, or
/// `None` where `.zero` drops it.
pub fn surface_address(
    mem: &Memory,
    handle: u64,
    geometry: Geometry,
    boundary: Boundary,
    coords: [u32; 4],
    bytes: usize,
) -> Result<Option<u64>, String> {
    let Some(layout) = mem.textures.surface(handle).copied() else {
        return Err(format!(
            "{handle:#x} is not a live surface object (pass a `Surface` as the argument)"
        ));
    };
    let a = layout.desc;
    let (layer, spatial) = if geometry.layered() {
        (Some(coords[0] as i32 as i64), &coords[1..])
    } else {
        (None, &coords[..])
    };
    let row_bytes = (a.width * a.element_bytes()) as i64;
    if bytes == 0 || bytes as i64 > row_bytes {
        return Err(format!(
            "a surface access of {bytes} bytes on rows of {row_bytes} bytes"
        ));
    }
    let mut at = [0i64; 3];
    // The last x an access of `bytes` may start at (a multiple of `bytes`).
    let limits = [
        (row_bytes - bytes as i64) / bytes as i64 * bytes as i64,
        a.height.max(1) as i64 - 1,
        a.depth.max(1) as i64 - 1,
    ];
    let dims = match geometry {
        Geometry::D1 | Geometry::A1 => 1,
        Geometry::D2 | Geometry::A2 => 2,
        _ => 3,
    };
    let mut coords_used: Vec<i64> = (0..dims).map(|k| spatial[k] as i32 as i64).collect();
    if let Some(l) = layer {
        coords_used.push(l);
    }
    let limit_of = |k: usize| if k < dims { limits[k] } else { limits[2] };
    for (k, &v) in coords_used.iter().enumerate() {
        let hi = limit_of(k);
        let v = if (0..=hi).contains(&v) {
            v
        } else {
            match boundary {
                Boundary::Trap => {
                    let what = match k {
                        _ if k >= dims => "the layer",
                        0 => "x (in bytes)",
                        1 => "y",
                        _ => "z",
                    };
                    return Err(format!(
                        "surface access out of range: {what} is {v}, the surface is {} \
                         bytes x {} x {} (`.trap`)",
                        row_bytes,
                        a.height.max(1),
                        a.depth.max(1)
                    ));
                }
                Boundary::Zero => return Ok(None),
                Boundary::Clamp => v.clamp(0, hi.max(0)),
            }
        };
        let slot = if k < dims { k } else { 2 };
        at[slot] = v;
    }
    if at[0] % bytes as i64 != 0 {
        return Err(format!(
            "misaligned surface access: x = {} bytes is not a multiple of the {bytes}-byte access",
            at[0]
        ));
    }
    Ok(Some(
        layout.base
            + at[2] as u64 * layout.slice_bytes()
            + at[1] as u64 * layout.pitch
            + at[0] as u64,
    ))
}
