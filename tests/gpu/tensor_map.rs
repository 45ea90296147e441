//! Tensor maps and TMA on the GPU: every case of `tests/common/tma.rs` (each swizzle, a
//! rank-3 box over two edges with zero and NaN fill, negative corners, 5-D, element
//! strides, im2col of rank 3 and 4, stores, u32 and f16 reductions, a multicast to a
//! cluster of 2) runs on the driver with maps from `cuTensorMapEncodeTiled` /
//! `cuTensorMapEncodeIm2col`, and its bytes must equal what the simulator's engine gives
//! for the same case with its own encoding of the map. Needs sm_90 (Hopper) or newer.

use crate::common::gpu;
use crate::common::tma::{cases, run_api, run_engine};

use cuda_library::{Device, DeviceBuffer, TensorMap, TensorMapDataType, TENSOR_MAP_BYTES};

gpu_tests![
    every_tma_case_gives_the_simulators_bytes unless not_hopper,
    a_driver_tensor_map_is_replaced_and_passed_as_128_bytes unless not_hopper,
];

/// Why the GPU cannot run TMA: older than sm_90.
fn not_hopper() -> Option<String> {
    let dev = Device::new(0).ok()?;
    let (major, _) = dev.compute_capability().ok()?;
    (major < 9).then(|| format!("TMA needs sm_90; device 0 is sm_{major}x"))
}

pub fn every_tma_case_gives_the_simulators_bytes() {
    let ctx = gpu::context();
    let mut bad = Vec::new();
    let all = cases();
    for c in &all {
        let gpu = match run_api(&ctx, c) {
            Ok(b) => b,
            Err(e) => {
                bad.push(format!("{}: the GPU run failed: {e}", c.name));
                continue;
            }
        };
        let sim = run_engine(c).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        if gpu != sim {
            let word = |b: &[u8], i: usize| {
                b.get(4 * i..4 * i + 4)
                    .map_or(0, |w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
            };
            let first = (0..gpu.len() / 4)
                .find(|&i| word(&gpu, i) != word(&sim, i))
                .unwrap_or(0);
            bad.push(format!(
                "{}: differs from word {first}: GPU {:08x}, simulator {:08x}",
                c.name,
                word(&gpu, first),
                word(&sim, first)
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} TMA cases differ:\n{}",
        bad.len(),
        all.len(),
        bad.join("\n")
    );
}

pub fn a_driver_tensor_map_is_replaced_and_passed_as_128_bytes() {
    let ctx = gpu::context();
    let a = DeviceBuffer::<u32>::zeroed(&ctx, 64 * 16).unwrap();
    let b = DeviceBuffer::<u32>::zeroed(&ctx, 64 * 16).unwrap();
    let mut map = TensorMap::tiled(&a, TensorMapDataType::U32, &[64, 16], &[32, 8]).unwrap();
    let before = *map.as_bytes();
    assert_eq!(before.len(), TENSOR_MAP_BYTES);
    assert_ne!(
        before, [0u8; TENSOR_MAP_BYTES],
        "the driver encoded nothing"
    );
    map.replace_address(&b).unwrap();
    assert_ne!(
        *map.as_bytes(),
        before,
        "cuTensorMapReplaceAddress changed nothing"
    );
    assert_eq!(map.desc().global_address, b.as_raw());
}
