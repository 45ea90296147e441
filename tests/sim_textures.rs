//! Textures and surfaces on the simulator, against an H100's answers: every case of
//! `tests/kernels/textures.rs` (a grid of fetches for every geometry, element format, read
//! mode, filter and address mode, surface reads and writes with their boundary modes, and
//! five cuda-samples texture programs) compiled with NVRTC, run through the public API and
//! compared word for word with `tests/kernels/textures.expected.json`, recorded by
//! `tests/gpu_textures.rs`. Point sampling and surfaces must give the GPU's bits; linear
//! filtering (and the samples, which filter) must be within [`LINEAR_TOLERANCE`] of the
//! GPU's value relative to the largest element magnitude involved.

#[path = "kernels/nvrtc.rs"]
mod nvrtc;
#[path = "kernels/realworld.rs"]
mod realworld;
#[path = "kernels/textures.rs"]
mod textures;

use cuda_library::{BackendKind, Device};

/// How far a linearly filtered result may be from the GPU's, as a fraction of the largest
/// magnitude among the case's results.
const LINEAR_TOLERANCE: f64 = 1e-6;

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
        .join("tests/kernels/textures.expected.json");
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
            failures.push(format!("{name}: {} words, the GPU gave {}", got.len(), gpu.len()));
            continue;
        }
        if gpu == got {
            exact += 1;
            continue;
        }
        if !textures::approximate(name) {
            let (i, (g, s)) = gpu.iter().zip(&got).enumerate().find(|(_, (g, s))| g != s).unwrap();
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
    assert!(failures.is_empty(), "{} of {} cases differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}
