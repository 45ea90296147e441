//! Texture and surface cases run on both backends: the kernels of `textures.cu` (fetches at
//! a grid of coordinates, inside, between and outside the elements, for every geometry,
//! element format, read mode, filter and address mode) and the texture kernels of NVIDIA's
//! cuda-samples from the real-world corpus (`simpleTexture`, `simplePitchLinearTexture`,
//! `simpleSurfaceWrite`, `simpleLayeredTexture`, `simpleCubemapTexture`), run as those
//! samples' hosts set them up. Each case gives its outputs as 32-bit words.
#![allow(dead_code)]

use cuda_library::{
    AddressMode, Array, ArrayDesc, ArrayFormat, Context, DeviceBuffer, FilterMode, Library,
    ReadMode, Stream, Surface, Texture, TextureDesc,
};

/// The test kernels' source.
pub fn source() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/textures.cu");
    std::fs::read_to_string(path).unwrap()
}

/// The cuda-samples units whose kernels the cases run (corpus ids).
pub const SAMPLES: [&str; 5] = [
    "cuda-samples/Samples/0_Introduction/simpleTexture/simpleTexture.cu",
    "cuda-samples/Samples/0_Introduction/simplePitchLinearTexture/simplePitchLinearTexture.cu",
    "cuda-samples/Samples/0_Introduction/simpleSurfaceWrite/simpleSurfaceWrite.cu",
    "cuda-samples/Samples/0_Introduction/simpleLayeredTexture/simpleLayeredTexture.cu",
    "cuda-samples/Samples/0_Introduction/simpleCubemapTexture/simpleCubemapTexture.cu",
];

/// Whether a case's results may differ from the GPU's in the last bits: linear filtering
/// (the GPU's filtering arithmetic is not documented beyond its 8-bit weights) and the
/// samples that compute coordinates with `sinf`/`cosf`.
pub fn approximate(name: &str) -> bool {
    name.contains("linear") || name.starts_with("samples/")
}

/// Element values: varied, exact in every format, different per channel.
fn data(desc: &ArrayDesc) -> Vec<u8> {
    let n = desc.elements() * desc.channels as usize;
    let mut out = Vec::with_capacity(n * desc.format.bytes());
    for i in 0..n {
        let k = (i * 37 + (i / 3) * 11) % 251;
        match desc.format {
            ArrayFormat::U8 | ArrayFormat::I8 => out.push(k as u8),
            ArrayFormat::U16 | ArrayFormat::I16 => {
                out.extend_from_slice(&((k * 257 + i) as u16).to_le_bytes())
            }
            ArrayFormat::U32 | ArrayFormat::I32 => out.extend_from_slice(
                &((k as u32).wrapping_mul(0x0101_0101) ^ i as u32).to_le_bytes(),
            ),
            ArrayFormat::F16 => {
                out.extend_from_slice(&half_bits(k as f32 * 0.125 - 10.0).to_le_bytes())
            }
            ArrayFormat::F32 => out.extend_from_slice(&(k as f32 * 0.375 - 40.0).to_le_bytes()),
        }
    }
    out
}

/// `x` (exact in half precision here) as f16 bits.
fn half_bits(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    if x == 0.0 {
        return sign;
    }
    let exp = ((b >> 23) & 0xff) as i32 - 127 + 15;
    let frac = ((b >> 13) & 0x3ff) as u16;
    sign | ((exp as u16) << 10) | frac
}

const XS: [f32; 14] = [
    -1.3, -0.5, 0.0, 0.2, 0.5, 0.77, 1.0, 1.49, 2.5, 3.1, 4.5, 4.99, 5.0, 6.2,
];
const YS: [f32; 7] = [-0.7, 0.0, 0.3, 1.25, 2.0, 3.5, 4.6];
const ZS: [f32; 5] = [-0.4, 0.5, 1.2, 2.5, 3.7];

/// One fetch case of `textures.cu`.
struct Fetch {
    name: String,
    kernel: &'static str,
    array: ArrayDesc,
    tex: TextureDesc,
}

fn fetch_cases() -> Vec<Fetch> {
    let mut v = Vec::new();
    let modes = [
        ("clamp", AddressMode::Clamp, false),
        ("border", AddressMode::Border, false),
        ("wrap", AddressMode::Wrap, true),
        ("mirror", AddressMode::Mirror, true),
        ("clamp-normalized", AddressMode::Clamp, true),
    ];
    let formats = [
        ("f32x1", ArrayFormat::F32, 1, ReadMode::ElementType),
        ("f16x2", ArrayFormat::F16, 2, ReadMode::ElementType),
        (
            "u8x4-normalized",
            ArrayFormat::U8,
            4,
            ReadMode::NormalizedFloat,
        ),
        (
            "i16x1-normalized",
            ArrayFormat::I16,
            1,
            ReadMode::NormalizedFloat,
        ),
        (
            "i8x2-normalized",
            ArrayFormat::I8,
            2,
            ReadMode::NormalizedFloat,
        ),
        (
            "u16x4-normalized",
            ArrayFormat::U16,
            4,
            ReadMode::NormalizedFloat,
        ),
    ];
    for (fname, format, channels, read) in formats {
        for (mname, mode, normalized) in modes {
            for filter in [FilterMode::Point, FilterMode::Linear] {
                let f = if filter == FilterMode::Point {
                    "point"
                } else {
                    "linear"
                };
                let tex = TextureDesc {
                    address: [mode; 3],
                    filter,
                    read,
                    normalized_coords: normalized,
                    border_color: [0.25, -1.5, 3.0, 7.0],
                };
                v.push(Fetch {
                    name: format!("fetch2d/{fname}/{mname}/{f}"),
                    kernel: "fetch2d",
                    array: ArrayDesc::d2(5, 4, format, channels),
                    tex,
                });
                if fname == "f32x1" || fname == "u8x4-normalized" {
                    v.push(Fetch {
                        name: format!("fetch1d/{fname}/{mname}/{f}"),
                        kernel: "fetch1d",
                        array: ArrayDesc::d1(5, format, channels),
                        tex,
                    });
                    v.push(Fetch {
                        name: format!("fetch3d/{fname}/{mname}/{f}"),
                        kernel: "fetch3d",
                        array: ArrayDesc::d3(5, 4, 3, format, channels),
                        tex,
                    });
                    v.push(Fetch {
                        name: format!("layered/{fname}/{mname}/{f}"),
                        kernel: "fetch_layered",
                        array: ArrayDesc::layered_2d(5, 4, 3, format, channels),
                        tex,
                    });
                }
            }
        }
    }
    for (fname, format, kernel) in [
        ("u16x2", ArrayFormat::U16, "fetch2d_uint"),
        ("i8x4", ArrayFormat::I8, "fetch2d_int"),
        ("i32x1", ArrayFormat::I32, "fetch2d_int"),
        ("u32x2", ArrayFormat::U32, "fetch2d_uint"),
    ] {
        for (mname, mode, normalized) in modes {
            v.push(Fetch {
                name: format!("fetch2d-integer/{fname}/{mname}/point"),
                kernel,
                array: ArrayDesc::d2(
                    5,
                    4,
                    format,
                    if fname.ends_with("x1") {
                        1
                    } else if fname.ends_with("x2") {
                        2
                    } else {
                        4
                    },
                ),
                tex: TextureDesc {
                    address: [mode; 3],
                    normalized_coords: normalized,
                    ..Default::default()
                },
            });
        }
    }
    for filter in [FilterMode::Point, FilterMode::Linear] {
        let f = if filter == FilterMode::Point {
            "point"
        } else {
            "linear"
        };
        v.push(Fetch {
            name: format!("cube/f32x1/{f}"),
            kernel: "fetch_cube",
            array: ArrayDesc::cubemap(4, ArrayFormat::F32, 1),
            tex: TextureDesc {
                filter,
                normalized_coords: true,
                ..Default::default()
            },
        });
        v.push(Fetch {
            name: format!("lod/f32x1/{f}"),
            kernel: "fetch2d_lod",
            array: ArrayDesc::d2(5, 4, ArrayFormat::F32, 1),
            tex: TextureDesc {
                filter,
                ..Default::default()
            },
        });
    }
    v
}

/// Every case's name, in order.
pub fn names() -> Vec<String> {
    let mut v: Vec<String> = fetch_cases().into_iter().map(|c| c.name).collect();
    v.extend(
        [
            "memory1d/f32x4/fetch1d-index",
            "pitch2d/f32x1/linear",
            "surface/u8x4/read-write",
            "surface/f32x1/bounds",
            "surface/f32x1/layered",
            "surface/i16x2/3d",
            "samples/simpleTexture/transformKernel",
            "samples/simplePitchLinearTexture/shiftPitchLinear",
            "samples/simplePitchLinearTexture/shiftArray",
            "samples/simpleSurfaceWrite/surfaceWriteKernel+transformKernel",
            "samples/simpleLayeredTexture/transformKernel",
            "samples/simpleCubemapTexture/transformKernel",
        ]
        .map(String::from),
    );
    v
}

fn words<T: cuda_library::DeviceRepr + Default>(buf: &DeviceBuffer<T>) -> Vec<u32> {
    let bytes = buf.size_bytes();
    let v = buf.to_vec().unwrap();
    // SAFETY: plain data viewed as its bytes.
    let b = unsafe { std::slice::from_raw_parts(v.as_ptr().cast::<u8>(), bytes) };
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// The coordinates a case's kernel is given: (x, y, z) for each point.
fn points(c: &Fetch) -> Vec<[f32; 3]> {
    let a = &c.array;
    let mut v = Vec::new();
    let scale = |x: f32, n: usize| {
        if c.tex.normalized_coords {
            x / n as f32
        } else {
            x
        }
    };
    match c.kernel {
        "fetch1d" => {
            for &x in &XS {
                v.push([scale(x, a.width), 0.0, 0.0]);
            }
        }
        "fetch3d" | "fetch_layered" => {
            for &x in &XS {
                for &y in &YS[..5] {
                    for &z in &ZS {
                        let z = if c.kernel == "fetch_layered" {
                            z.floor()
                        } else {
                            scale(z, a.depth)
                        };
                        v.push([scale(x, a.width), scale(y, a.height), z]);
                    }
                }
            }
        }
        "fetch_cube" => {
            // Directions across every face, edges and corners included.
            let s = [-1.0f32, -0.6, -0.2, 0.0, 0.3, 0.75, 1.0];
            for &x in &s {
                for &y in &s {
                    for &z in &[-1.0f32, -0.4, 0.5, 1.0] {
                        v.push([x, y, z]);
                    }
                }
            }
        }
        _ => {
            for &x in &XS {
                for &y in &YS {
                    v.push([scale(x, a.width), scale(y, a.height), 0.0]);
                }
            }
        }
    }
    v
}

/// Runs case `name`; `lib` is `textures.cu`, `samples` the cuda-samples units' libraries in
/// the order of [`SAMPLES`].
pub fn run(
    ctx: &Context,
    lib: &Library,
    samples: &[Library],
    stream: &Stream,
    name: &str,
) -> Result<Vec<u32>, String> {
    let e = |e: cuda_library::Error| e.to_string();
    if let Some(c) = fetch_cases().into_iter().find(|c| c.name == name) {
        let array = Array::new(ctx, c.array).map_err(e)?;
        array.copy_from(&data(&c.array)).map_err(e)?;
        let tex = Texture::new(&array, &c.tex).map_err(e)?;
        let pts = points(&c);
        let n = pts.len();
        let col = |k: usize| -> Result<DeviceBuffer<f32>, String> {
            DeviceBuffer::from_slice(ctx, &pts.iter().map(|p| p[k]).collect::<Vec<_>>()).map_err(e)
        };
        let (x, y, z) = (col(0)?, col(1)?, col(2)?);
        let out = DeviceBuffer::<[u32; 4]>::zeroed(ctx, n).map_err(e)?;
        let k = lib.get_kernel(c.kernel).map_err(e)?;
        let l = k
            .launcher(stream)
            .grid(n.div_ceil(64) as u32)
            .block(64)
            .arg(&tex)
            .arg(&x);
        let l = match c.kernel {
            "fetch1d" => l,
            "fetch3d" | "fetch_layered" | "fetch_cube" => l.arg(&y).arg(&z),
            _ => l.arg(&y),
        };
        l.arg(&out).arg(&(n as i32)).launch().map_err(e)?;
        stream.synchronize().map_err(e)?;
        return Ok(words(&out));
    }
    match name {
        "memory1d/f32x4/fetch1d-index" => {
            let vals: Vec<f32> = (0..40).map(|i| i as f32 * 1.5 - 7.0).collect();
            let buf = DeviceBuffer::from_slice(ctx, &vals).map_err(e)?;
            let tex =
                Texture::linear(&buf, ArrayFormat::F32, 4, &TextureDesc::default()).map_err(e)?;
            let idx: Vec<i32> = vec![-3, -1, 0, 1, 2, 5, 9, 10, 11, 40];
            let ibuf = DeviceBuffer::from_slice(ctx, &idx).map_err(e)?;
            let out = DeviceBuffer::<[u32; 4]>::zeroed(ctx, idx.len()).map_err(e)?;
            lib.get_kernel("fetch1d_index")
                .map_err(e)?
                .launcher(stream)
                .grid(1)
                .block(32)
                .arg(&tex)
                .arg(&ibuf)
                .arg(&out)
                .arg(&(idx.len() as i32))
                .launch()
                .map_err(e)?;
            stream.synchronize().map_err(e)?;
            Ok(words(&out))
        }
        "pitch2d/f32x1/linear" => {
            // 5 x 4 floats in rows 64 bytes apart.
            let mut vals = vec![0f32; 16 * 4];
            for y in 0..4 {
                for x in 0..5 {
                    vals[y * 16 + x] = (y * 5 + x) as f32 * 0.5 - 3.0;
                }
            }
            let buf = DeviceBuffer::from_slice(ctx, &vals).map_err(e)?;
            let desc = TextureDesc {
                filter: FilterMode::Linear,
                ..Default::default()
            };
            let tex = Texture::pitch2d(&buf, ArrayDesc::d2(5, 4, ArrayFormat::F32, 1), 64, &desc)
                .map_err(e)?;
            let pts: Vec<[f32; 2]> = XS
                .iter()
                .flat_map(|&x| YS.iter().map(move |&y| [x, y]))
                .collect();
            let x = DeviceBuffer::from_slice(ctx, &pts.iter().map(|p| p[0]).collect::<Vec<_>>())
                .map_err(e)?;
            let y = DeviceBuffer::from_slice(ctx, &pts.iter().map(|p| p[1]).collect::<Vec<_>>())
                .map_err(e)?;
            let out = DeviceBuffer::<[u32; 4]>::zeroed(ctx, pts.len()).map_err(e)?;
            lib.get_kernel("fetch2d")
                .map_err(e)?
                .launcher(stream)
                .grid(pts.len().div_ceil(64) as u32)
                .block(64)
                .arg(&tex)
                .arg(&x)
                .arg(&y)
                .arg(&out)
                .arg(&(pts.len() as i32))
                .launch()
                .map_err(e)?;
            stream.synchronize().map_err(e)?;
            Ok(words(&out))
        }
        "surface/u8x4/read-write" => {
            let desc = ArrayDesc::d2(19, 7, ArrayFormat::U8, 4).with_surface();
            let array = Array::new(ctx, desc).map_err(e)?;
            array.copy_from(&data(&desc)).map_err(e)?;
            let s = Surface::new(&array).map_err(e)?;
            lib.get_kernel("surface_rw")
                .map_err(e)?
                .launcher(stream)
                .grid((3, 1))
                .block((8, 8))
                .arg(&s)
                .arg(&19i32)
                .arg(&7i32)
                .launch()
                .map_err(e)?;
            stream.synchronize().map_err(e)?;
            array.to_vec::<u32>().map_err(e)
        }
        "surface/f32x1/bounds" => {
            let desc = ArrayDesc::d2(6, 3, ArrayFormat::F32, 1).with_surface();
            let array = Array::new(ctx, desc).map_err(e)?;
            array.copy_from(&data(&desc)).map_err(e)?;
            let s = Surface::new(&array).map_err(e)?;
            let xs: Vec<i32> = vec![-2, -1, 0, 3, 5, 6, 9, 2, 4, 0];
            let ys: Vec<i32> = vec![0, 1, 2, -1, 3, 1, 1, 7, -5, 0];
            let x = DeviceBuffer::from_slice(ctx, &xs).map_err(e)?;
            let y = DeviceBuffer::from_slice(ctx, &ys).map_err(e)?;
            let out = DeviceBuffer::<f32>::zeroed(ctx, 2 * xs.len()).map_err(e)?;
            lib.get_kernel("surface_bounds")
                .map_err(e)?
                .launcher(stream)
                .grid(1)
                .block(32)
                .arg(&s)
                .arg(&x)
                .arg(&y)
                .arg(&out)
                .arg(&(xs.len() as i32))
                .launch()
                .map_err(e)?;
            stream.synchronize().map_err(e)?;
            Ok(words(&out))
        }
        "surface/f32x1/layered" => {
            let desc = ArrayDesc::layered_2d(9, 5, 3, ArrayFormat::F32, 1).with_surface();
            surface_pass(ctx, lib, stream, desc, "surface_layered", (2, 1))
        }
        "surface/i16x2/3d" => {
            let desc = ArrayDesc::d3(7, 5, 4, ArrayFormat::I16, 2).with_surface();
            surface_pass(ctx, lib, stream, desc, "surface3d", (1, 1))
        }
        _ => run_sample(ctx, samples, stream, name),
    }
}

/// Fills a surface array with [`data`], runs `kernel(surface, width, height, depth)` over
/// `grid` blocks of 8 x 8 threads, and returns the array's words.
fn surface_pass(
    ctx: &Context,
    lib: &Library,
    stream: &Stream,
    desc: ArrayDesc,
    kernel: &str,
    grid: (u32, u32),
) -> Result<Vec<u32>, String> {
    let e = |e: cuda_library::Error| e.to_string();
    let array = Array::new(ctx, desc).map_err(e)?;
    array.copy_from(&data(&desc)).map_err(e)?;
    let s = Surface::new(&array).map_err(e)?;
    let dims = [desc.width, desc.height, desc.depth].map(|d| d as i32);
    lib.get_kernel(kernel)
        .map_err(e)?
        .launcher(stream)
        .grid(grid)
        .block((8, 8))
        .arg(&s)
        .arg(&dims[0])
        .arg(&dims[1])
        .arg(&dims[2])
        .launch()
        .map_err(e)?;
    stream.synchronize().map_err(e)?;
    array.to_vec::<u32>().map_err(e)
}

/// A test image for the samples: a smooth pattern with edges.
fn image(w: usize, h: usize) -> Vec<f32> {
    (0..w * h)
        .map(|i| {
            let (x, y) = ((i % w) as f32, (i / w) as f32);
            ((x * 0.37).sin() * (y * 0.23).cos()
                + if (x as usize / 4 + y as usize / 4) % 2 == 0 {
                    0.5
                } else {
                    -0.25
                })
                * 100.0
        })
        .collect()
}

fn run_sample(
    ctx: &Context,
    samples: &[Library],
    stream: &Stream,
    name: &str,
) -> Result<Vec<u32>, String> {
    let e = |e: cuda_library::Error| e.to_string();
    let (w, h) = (24usize, 16usize);
    let wrap_linear = TextureDesc {
        address: [AddressMode::Wrap; 3],
        filter: FilterMode::Linear,
        normalized_coords: true,
        ..Default::default()
    };
    let grid = ((w / 8) as u32, (h / 8) as u32);
    match name {
        "samples/simpleTexture/transformKernel" => {
            let array =
                Array::from_slice(ctx, ArrayDesc::d2(w, h, ArrayFormat::F32, 1), &image(w, h))
                    .map_err(e)?;
            let tex = Texture::new(&array, &wrap_linear).map_err(e)?;
            let out = DeviceBuffer::<f32>::zeroed(ctx, w * h).map_err(e)?;
            samples[0]
                .get_kernel("_Z15transformKernelPfiify")
                .map_err(e)?
                .launcher(stream)
                .grid(grid)
                .block((8, 8))
                .arg(&out)
                .arg(&(w as i32))
                .arg(&(h as i32))
                .arg(&0.5f32)
                .arg(&tex)
                .launch()
                .map_err(e)?;
            stream.synchronize().map_err(e)?;
            Ok(words(&out))
        }
        "samples/simplePitchLinearTexture/shiftPitchLinear"
        | "samples/simplePitchLinearTexture/shiftArray" => {
            let pitch_elems = 32usize;
            let img = image(w, h);
            let desc = TextureDesc {
                address: [AddressMode::Wrap; 3],
                normalized_coords: true,
                ..Default::default()
            };
            let out = DeviceBuffer::<f32>::zeroed(ctx, pitch_elems * h).map_err(e)?;
            let (shift_x, shift_y) = (5i32, 3i32);
            let mut padded = vec![0f32; pitch_elems * h];
            for y in 0..h {
                padded[y * pitch_elems..y * pitch_elems + w]
                    .copy_from_slice(&img[y * w..(y + 1) * w]);
            }
            let buf = DeviceBuffer::from_slice(ctx, &padded).map_err(e)?;
            let array = Array::from_slice(ctx, ArrayDesc::d2(w, h, ArrayFormat::F32, 1), &img)
                .map_err(e)?;
            let (kernel, tex) = if name.ends_with("shiftPitchLinear") {
                let t = Texture::pitch2d(
                    &buf,
                    ArrayDesc::d2(w, h, ArrayFormat::F32, 1),
                    pitch_elems * 4,
                    &desc,
                )
                .map_err(e)?;
                ("_Z16shiftPitchLinearPfiiiiiy", t)
            } else {
                (
                    "_Z10shiftArrayPfiiiiiy",
                    Texture::new(&array, &desc).map_err(e)?,
                )
            };
            samples[1]
                .get_kernel(kernel)
                .map_err(e)?
                .launcher(stream)
                .grid(grid)
                .block((8, 8))
                .arg(&out)
                .arg(&(pitch_elems as i32))
                .arg(&(w as i32))
                .arg(&(h as i32))
                .arg(&shift_x)
                .arg(&shift_y)
                .arg(&tex)
                .launch()
                .map_err(e)?;
            stream.synchronize().map_err(e)?;
            Ok(words(&out))
        }
        "samples/simpleSurfaceWrite/surfaceWriteKernel+transformKernel" => {
            let input = DeviceBuffer::from_slice(ctx, &image(w, h)).map_err(e)?;
            let array = Array::new(ctx, ArrayDesc::d2(w, h, ArrayFormat::F32, 1).with_surface())
                .map_err(e)?;
            let surf = Surface::new(&array).map_err(e)?;
            samples[2]
                .get_kernel("_Z18surfaceWriteKernelPfiiy")
                .map_err(e)?
                .launcher(stream)
                .grid(grid)
                .block((8, 8))
                .arg(&input)
                .arg(&(w as i32))
                .arg(&(h as i32))
                .arg(&surf)
                .launch()
                .map_err(e)?;
            let tex = Texture::new(&array, &wrap_linear).map_err(e)?;
            let out = DeviceBuffer::<f32>::zeroed(ctx, w * h).map_err(e)?;
            samples[2]
                .get_kernel("_Z15transformKernelPfiify")
                .map_err(e)?
                .launcher(stream)
                .grid(grid)
                .block((8, 8))
                .arg(&out)
                .arg(&(w as i32))
                .arg(&(h as i32))
                .arg(&0.5f32)
                .arg(&tex)
                .launch()
                .map_err(e)?;
            stream.synchronize().map_err(e)?;
            Ok(words(&out))
        }
        "samples/simpleLayeredTexture/transformKernel" => {
            let layers = 3usize;
            let mut img = Vec::new();
            for l in 0..layers {
                img.extend(image(w, h).iter().map(|v| v + l as f32));
            }
            let array = Array::from_slice(
                ctx,
                ArrayDesc::layered_2d(w, h, layers, ArrayFormat::F32, 1),
                &img,
            )
            .map_err(e)?;
            let tex = Texture::new(&array, &wrap_linear).map_err(e)?;
            let out = DeviceBuffer::<f32>::zeroed(ctx, w * h * layers).map_err(e)?;
            let k = samples[3]
                .get_kernel("_Z15transformKernelPfiiiy")
                .map_err(e)?;
            for layer in 0..layers as i32 {
                k.launcher(stream)
                    .grid(grid)
                    .block((8, 8))
                    .arg(&out)
                    .arg(&(w as i32))
                    .arg(&(h as i32))
                    .arg(&layer)
                    .arg(&tex)
                    .launch()
                    .map_err(e)?;
            }
            stream.synchronize().map_err(e)?;
            Ok(words(&out))
        }
        "samples/simpleCubemapTexture/transformKernel" => {
            let size = 16usize;
            let img: Vec<f32> = (0..6 * size * size)
                .map(|i| (i % 97) as f32 * 0.5 - (i / (size * size)) as f32)
                .collect();
            let array = Array::from_slice(ctx, ArrayDesc::cubemap(size, ArrayFormat::F32, 1), &img)
                .map_err(e)?;
            let tex = Texture::new(&array, &wrap_linear).map_err(e)?;
            let out = DeviceBuffer::<f32>::zeroed(ctx, 6 * size * size).map_err(e)?;
            samples[4]
                .get_kernel("_Z15transformKernelPfiy")
                .map_err(e)?
                .launcher(stream)
                .grid((2, 2))
                .block((8, 8))
                .arg(&out)
                .arg(&(size as i32))
                .arg(&tex)
                .launch()
                .map_err(e)?;
            stream.synchronize().map_err(e)?;
            Ok(words(&out))
        }
        other => Err(format!("no case named {other}")),
    }
}

/// Compiles `textures.cu` and the sample units for compute_80 and loads them.
pub fn libraries() -> Result<(Library, Vec<Library>), cuda_library::Error> {
    use cuda_library::{ImageKind, Program, ProgramOptions};
    let options = ProgramOptions {
        arch: Some("compute_80".into()),
        ..Default::default()
    };
    let lib = Program::new(source(), options)
        .with_name("textures.cu")
        .compile(ImageKind::Ptx, &[])?
        .to_library(&Default::default())?;
    let units = super::realworld::units();
    let mut samples = Vec::new();
    for id in SAMPLES {
        let unit = units
            .iter()
            .find(|u| u.id() == id)
            .unwrap_or_else(|| panic!("{id} is not in the corpus"));
        let ptx = unit.compile()?;
        samples.push(Library::load_data(ptx.as_bytes(), &Default::default())?);
    }
    Ok((lib, samples))
}
