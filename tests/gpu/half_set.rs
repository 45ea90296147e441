//! `set` and `setp` on half-precision pairs (`tests/common/half_set.rs`) on the GPU: the
//! kernel's outputs over NaN, ±0, ±inf and subnormals against the oracle, and bit for bit
//! against the simulator running the same PTX (the engine called directly, in this
//! process). Reported as ignored, with the reason, without a GPU.

use crate::common::gpu;
use crate::common::half_set;

use cuda_library::sim::{self, Dims, Memory};

gpu_tests![half_pair_comparisons_match_the_simulator_bit_for_bit];

/// The kernel's outputs on the simulator's engine.
fn on_the_simulator() -> Vec<u32> {
    let inputs = half_set::inputs();
    let threads = half_set::threads();
    let mut mem = Memory::new();
    let m = sim::load_ptx(&half_set::ptx(), &mut mem).unwrap();
    let bytes: Vec<u8> = inputs.iter().flat_map(|w| w.to_le_bytes()).collect();
    let inp = mem.alloc(bytes.len(), 8).unwrap();
    mem.write(inp, &bytes).unwrap();
    let out_len = threads * half_set::OUTPUTS * 4;
    let out = mem.alloc(out_len, 8).unwrap();
    let p = sim::pack_params(&m, "half_set", &[&out.to_le_bytes(), &inp.to_le_bytes()]).unwrap();
    let dims = Dims {
        grid: [1, 1, 1],
        block: [threads as u32, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch(&m, &mut mem, "half_set", dims, &p, sim::DEFAULT_BUDGET).unwrap();
    let mut got = vec![0u8; out_len];
    mem.read(out, &mut got).unwrap();
    got.chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

pub fn half_pair_comparisons_match_the_simulator_bit_for_bit() {
    let ctx = gpu::context();
    let gpu = half_set::run(&ctx);
    let sim = on_the_simulator();
    let against_oracle = half_set::mismatches(&gpu);
    let differ: Vec<String> = gpu
        .iter()
        .zip(&sim)
        .enumerate()
        .filter(|(_, (g, s))| g != s)
        .map(|(i, (g, s))| {
            let (t, k) = (i / half_set::OUTPUTS, i % half_set::OUTPUTS);
            let v = half_set::VARIANTS.len();
            let form = half_set::VARIANTS[k % v].replace("{c}", half_set::CMPS[k / v]);
            format!("thread {t} {form}: GPU {g:#010x}, simulator {s:#010x}")
        })
        .collect();
    assert!(
        differ.is_empty() && against_oracle.is_empty(),
        "{} outputs differ from the simulator's:\n{}\n{} from the oracle's:\n{}",
        differ.len(),
        differ.join("\n"),
        against_oracle.len(),
        against_oracle.join("\n")
    );
}
