//! Textures and surfaces on the simulator, against an H100's answers: every case of
//! `tests/common/textures.rs` (a grid of fetches for every geometry, element format, read
//! mode, filter and address mode, surface reads and writes with their boundary modes, and
//! five cuda-samples texture programs) compiled with NVRTC, run through the public API and
//! compared word for word with `tests/fixtures/textures.expected.json`, recorded by
//! `tests/gpu/textures.rs`. Point sampling and surfaces must give the GPU's bits; linear
//! filtering (and the samples, which filter) must be within [`LINEAR_TOLERANCE`] of the
//! GPU's value relative to the largest element magnitude involved.

use crate::common::nvrtc;
use crate::common::textures;

use cuda_library::{BackendKind, Device};

/// How far a linearly filtered result may be from the GPU's, as a fraction of the largest
/// magnitude among the case's results. The GPU's way of combining its 8-bit per-axis weights
/// is undocumented: the largest difference recorded on an H100 is 6.9e-3.
const LINEAR_TOLERANCE: f64 = 1e-2;

#[test]
fn texture_cases_match_the_gpu() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    if nvrtc::ptx_or_skip("extern \"C\" __global__ void k() {}", "compute_80").is_none() {
        return;
    }
    let (lib, samples) = textures::libraries().unwrap();
    let stream = ctx.create_stream().unwrap();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/textures.expected.json");
    let recorded: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let mut failures = Vec::new();
    let (mut exact, mut within, mut worst) = (0usize, 0usize, 0f64);
    let names = textures::names();
    for name in &names {
        let got = match textures::run(&ctx, &lib, &samples, &stream, name) {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let Some(gpu) = recorded["outputs"][name].as_str() else {
            failures.push(format!("{name}: not in the GPU's record"));
            continue;
        };
        let gpu: Vec<u32> = (0..gpu.len() / 8)
            .map(|i| u32::from_str_radix(&gpu[i * 8..i * 8 + 8], 16).unwrap())
            .collect();
        if gpu.len() != got.len() {
            failures.push(format!(
                "{name}: {} words, the GPU gave {}",
                got.len(),
                gpu.len()
            ));
            continue;
        }
        if gpu == got {
            exact += 1;
            continue;
        }
        if !textures::approximate(name) {
            let (i, (g, s)) = gpu
                .iter()
                .zip(&got)
                .enumerate()
                .find(|(_, (g, s))| g != s)
                .unwrap();
            failures.push(format!(
                "{name}: word {i} (point {}, channel {}) is {s:#010x} ({}), the GPU's {g:#010x} ({})",
                i / 4,
                i % 4,
                f32::from_bits(*s),
                f32::from_bits(*g)
            ));
            continue;
        }
        let scale = gpu
            .iter()
            .map(|&w| f64::from(f32::from_bits(w)).abs())
            .filter(|v| v.is_finite())
            .fold(1e-30f64, f64::max);
        let mut bad = None;
        for (i, (&g, &s)) in gpu.iter().zip(&got).enumerate() {
            let d = (f64::from(f32::from_bits(g)) - f64::from(f32::from_bits(s))).abs() / scale;
            worst = worst.max(d);
            if d > LINEAR_TOLERANCE && bad.is_none() {
                bad = Some((i, g, s, d));
            }
        }
        match bad {
            Some((i, g, s, d)) => failures.push(format!(
                "{name}: word {i} is {} where the GPU gave {} ({d:.2e} of the largest value)",
                f32::from_bits(s),
                f32::from_bits(g)
            )),
            None => within += 1,
        }
    }
    println!(
        "{} texture cases: {exact} bit-identical to the GPU, {within} within {LINEAR_TOLERANCE:e} \
         (largest difference {worst:.2e} of the case's largest value)",
        names.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        names.len(),
        failures.join("\n")
    );
}

/// Misuse gets a clear error and leaves the library usable: a pointer passed where a
/// texture belongs, a surface over an array not made for it, copies of the wrong size,
/// filtering integers, a misaligned pitch, a surface write outside its array in trap mode.
#[test]
fn texture_misuse_is_reported() {
    use cuda_library::{
        Array, ArrayDesc, ArrayFormat, DeviceBuffer, Error, FilterMode, Surface, Texture,
        TextureDesc,
    };
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let Some(code) = nvrtc::ptx_or_skip(&textures::source(), "compute_80") else {
        return;
    };
    let lib = code.to_library(&Default::default()).unwrap();
    let stream = ctx.create_stream().unwrap();
    let out = DeviceBuffer::<[f32; 4]>::zeroed(&ctx, 1).unwrap();
    let x = DeviceBuffer::from_slice(&ctx, &[0.5f32]).unwrap();

    // A device pointer is not a texture object.
    let err = lib
        .get_kernel("fetch1d")
        .unwrap()
        .launcher(&stream)
        .grid(1)
        .block(1)
        .arg(&x.as_raw())
        .arg(&x)
        .arg(&out)
        .arg(&1i32)
        .launch()
        .and_then(|_| stream.synchronize())
        .unwrap_err();
    assert!(
        err.to_string().contains("not a live texture object"),
        "{err}"
    );

    let desc = ArrayDesc::d2(4, 4, ArrayFormat::U8, 1);
    let array = Array::new(&ctx, desc).unwrap();
    let err = Surface::new(&array).unwrap_err();
    assert!(err.to_string().contains("with_surface"), "{err}");
    assert!(matches!(
        array.copy_from(&[0u8; 15]),
        Err(Error::SizeMismatch { .. })
    ));
    let integer_linear = TextureDesc {
        filter: FilterMode::Linear,
        ..Default::default()
    };
    let err = Texture::new(&array, &integer_linear).unwrap_err();
    assert!(err.to_string().contains("NormalizedFloat"), "{err}");
    assert!(Array::new(&ctx, ArrayDesc::d2(4, 4, ArrayFormat::F32, 3)).is_err());
    let buf = DeviceBuffer::<f32>::zeroed(&ctx, 64).unwrap();
    let err = Texture::pitch2d(
        &buf,
        ArrayDesc::d2(5, 4, ArrayFormat::F32, 1),
        20,
        &Default::default(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("multiple of 32"), "{err}");

    // Coordinates far outside, infinite or not a number are answered, not a crash.
    let floats = Array::from_slice(
        &ctx,
        ArrayDesc::d2(4, 4, ArrayFormat::F32, 1),
        &[1.0f32; 16],
    )
    .unwrap();
    let linear = Texture::new(
        &floats,
        &TextureDesc {
            filter: FilterMode::Linear,
            ..Default::default()
        },
    )
    .unwrap();
    let wild = [
        1e30f32,
        -1e30,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        3e9,
    ];
    let xs = DeviceBuffer::from_slice(&ctx, &wild).unwrap();
    let outs = DeviceBuffer::<[f32; 4]>::zeroed(&ctx, wild.len()).unwrap();
    lib.get_kernel("fetch2d")
        .unwrap()
        .launcher(&stream)
        .grid(1)
        .block(32)
        .arg(&linear)
        .arg(&xs)
        .arg(&xs)
        .arg(&outs)
        .arg(&(wild.len() as i32))
        .launch()
        .unwrap();
    stream.synchronize().unwrap();
    assert!(outs.to_vec().unwrap().iter().all(|v| v[0] == 1.0));

    // tex1Dfetch indices past 2^24 (where f32 stops being exact) read their own element.
    let big = 16_777_220usize;
    let bits: Vec<f32> = (0..big as u32)
        .map(|i| f32::from_bits(0x3f80_0000 + i))
        .collect();
    let plain = DeviceBuffer::from_slice(&ctx, &bits).unwrap();
    let fetch = Texture::linear(&plain, ArrayFormat::F32, 1, &Default::default()).unwrap();
    let idx: Vec<i32> = vec![16_777_215, 16_777_216, 16_777_217, 16_777_219, 16_777_220];
    let ibuf = DeviceBuffer::from_slice(&ctx, &idx).unwrap();
    let got = DeviceBuffer::<[u32; 4]>::zeroed(&ctx, idx.len()).unwrap();
    lib.get_kernel("fetch1d_index")
        .unwrap()
        .launcher(&stream)
        .grid(1)
        .block(32)
        .arg(&fetch)
        .arg(&ibuf)
        .arg(&got)
        .arg(&(idx.len() as i32))
        .launch()
        .unwrap();
    stream.synchronize().unwrap();
    let got: Vec<u32> = got.to_vec().unwrap().iter().map(|v| v[0]).collect();
    let want: Vec<u32> = vec![
        0x3f80_0000 + 16_777_215,
        0x3f80_0000 + 16_777_216,
        0x3f80_0000 + 16_777_217,
        0x3f80_0000 + 16_777_219,
        0, // past the end
    ];
    assert_eq!(got, want);
    drop(fetch);
    drop(plain);

    // An access wider than a row of the surface is refused, saying so.
    let narrow = Array::new(&ctx, ArrayDesc::d2(1, 2, ArrayFormat::U8, 1).with_surface()).unwrap();
    let ns = Surface::new(&narrow).unwrap();
    let err = lib
        .get_kernel("surface_rw")
        .unwrap()
        .launcher(&stream)
        .grid(1)
        .block((1, 1))
        .arg(&ns)
        .arg(&1i32)
        .arg(&2i32)
        .launch()
        .and_then(|_| stream.synchronize())
        .unwrap_err();
    assert!(
        err.to_string().contains("4 bytes on rows of 1 bytes"),
        "{err}"
    );

    // A surface write outside the array in trap mode faults, naming the access; the
    // library still runs the next launch.
    let sdesc = ArrayDesc::d2(6, 3, ArrayFormat::F32, 1).with_surface();
    let sarray = Array::new(&ctx, sdesc).unwrap();
    let surface = Surface::new(&sarray).unwrap();
    let err = lib
        .get_kernel("surface_layered")
        .unwrap()
        .launcher(&stream)
        .grid(1)
        .block((8, 8))
        .arg(&surface)
        .arg(&9i32)
        .arg(&3i32)
        .arg(&1i32)
        .launch()
        .and_then(|_| stream.synchronize())
        .unwrap_err();
    assert!(err.to_string().contains("surface"), "{err}");
    let tex = Texture::new(&sarray, &Default::default()).unwrap();
    lib.get_kernel("fetch1d")
        .unwrap()
        .launcher(&stream)
        .grid(1)
        .block(1)
        .arg(&tex)
        .arg(&x)
        .arg(&out)
        .arg(&1i32)
        .launch()
        .unwrap();
    stream.synchronize().unwrap();
}
