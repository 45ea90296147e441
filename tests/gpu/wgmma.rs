//! Warpgroup MMA on the GPU against the simulator, in one process: the tensor-core probe's
//! kernels (`tests/hopper/probe/mma/kernels.cuh`, NVRTC for compute_90a) run through the
//! driver and, on the same PTX and the same input words, on the engine directly
//! (`cuda_library::sim`); every word they write must be the same. The cases: every swizzle,
//! K-major and MN-major, at N 32 and 64; A from registers and from shared memory; f16, bf16,
//! tf32 and fp8 on random inputs; four fp8 `wgmma` chained in one group. Reported as ignored,
//! with the reason, without a GPU or NVRTC.
//!
//! `wgmma_base_offsets_are_recorded` records what the simulator refuses for want of a
//! recording: a swizzled descriptor whose start is 128 bytes or more into its repeating
//! pattern, or one with a nonzero base offset (the PTX ISA gives that field's value,
//! `(pattern start >> 7) & 7`, but not how the GPU reads with it). It prints which of the
//! candidate readings ([`Reading`]) the GPU's answer matches, case by case.

#[path = "../sim/wgmma/harness.rs"]
mod harness;

use crate::common::gpu;
use cuda_library::sim::{self, Dims, Memory};
use cuda_library::{ImageKind, Program, ProgramOptions};
use harness::{Layout, Rng, WgParams, SMEM};

gpu_tests![
    wgmma_kernels_give_the_simulators_bits unless crate::common::nvrtc::missing,
    wgmma_base_offsets_are_recorded unless crate::common::nvrtc::missing,
];

/// One launch: the kernel, its parameters, its input words and how many cases they hold.
struct Case {
    kernel: &'static str,
    what: String,
    p: WgParams,
    input: Vec<u32>,
    cases: usize,
}

/// Draws one input word of a case.
type WordSource = Box<dyn FnMut(&mut Rng) -> u32>;

/// The f16 bits of a random finite value of modest exponent.
fn f16_random(rng: &mut Rng) -> u32 {
    let e = 15 - 4 + rng.below(9) as u32;
    (rng.below(2) as u32) << 15 | e << 10 | rng.below(1024) as u32
}

/// Input words: `a_bytes + b_bytes` of shared memory from `fill`, A's registers and C's.
fn words(
    rng: &mut Rng,
    p: &WgParams,
    cases: usize,
    fill: &mut dyn FnMut(&mut Rng) -> u32,
) -> Vec<u32> {
    let mut v = Vec::new();
    for _ in 0..cases {
        for _ in 0..(p.a_bytes + p.b_bytes) / 4 {
            v.push(fill(rng));
        }
        for _ in 0..p.a_regs * 128 {
            v.push(fill(rng));
        }
        for _ in 0..p.c_regs * 128 {
            v.push(((rng.below(2000) as f32 - 1000.0) / 64.0).to_bits());
        }
    }
    v
}

fn cases() -> Vec<Case> {
    let mut rng = Rng(0x5eed);
    let mut out = Vec::new();
    // Every layout, on small f16 integers and on random f16s.
    for n in [32u32, 64] {
        for swizzle in 0..4u32 {
            for mn in [false, true] {
                let w = Layout {
                    swizzle,
                    ..Default::default()
                }
                .width();
                let lay = |mn_bytes: u32| match (mn, swizzle) {
                    (false, 0) => Layout {
                        start: 0,
                        lbo: 128,
                        sbo: 256,
                        swizzle,
                    },
                    (false, _) => Layout {
                        start: 0,
                        lbo: 16,
                        sbo: 8 * w,
                        swizzle,
                    },
                    (true, 0) => Layout {
                        start: 0,
                        lbo: mn_bytes / 16 * 128,
                        sbo: 128,
                        swizzle,
                    },
                    (true, _) => Layout {
                        start: 0,
                        lbo: 16 * w,
                        sbo: 8 * w,
                        swizzle,
                    },
                };
                let p = WgParams {
                    a_bytes: 8192,
                    b_bytes: 8192,
                    c_regs: n / 2,
                    a: lay(128),
                    b: lay(2 * n),
                    scale_d: 1,
                    ..Default::default()
                };
                let kernel: &'static str = match (n, mn) {
                    (32, false) => "wg_m64n32k16_f32_f16",
                    (32, true) => "wg_m64n32k16_f32_f16_tnsp",
                    (_, false) => "wg_m64n64k16_f32_f16",
                    (_, true) => "wg_m64n64k16_f32_f16_tnsp",
                };
                let input = words(&mut rng, &p, 2, &mut |r| {
                    f16_random(r) | f16_random(r) << 16
                });
                out.push(Case {
                    kernel,
                    what: format!(
                        "n{n} {} swizzle {swizzle}",
                        if mn { "MN-major" } else { "K-major" }
                    ),
                    p,
                    input,
                    cases: 2,
                });
            }
        }
    }
    // The probe's m64n8 kernels (K-major, no swizzle) on random inputs of their types.
    let plain = |k_bytes: u32, a_regs: u32, step: u32| WgParams {
        a_bytes: if a_regs > 0 { 0 } else { 64 * k_bytes },
        b_bytes: 8 * k_bytes,
        a_regs,
        c_regs: 4,
        a: Layout {
            start: step,
            lbo: 128,
            sbo: k_bytes / 16 * 128,
            swizzle: 0,
        },
        b: Layout {
            start: step,
            lbo: 128,
            sbo: k_bytes / 16 * 128,
            swizzle: 0,
        },
        scale_d: 1,
    };
    let byte = |r: &mut Rng| {
        // fp8 bytes without e5m2's infinities and NaNs (nor e4m3's top values).
        let b = r.below(256) as u32;
        if b & 0x7c == 0x7c {
            b & 0xf3
        } else {
            b
        }
    };
    let fp8 = move |r: &mut Rng| (0..4).fold(0u32, |v, i| v | byte(r) << (8 * i));
    // f32 bits of modest exponent, the low 13 (which tf32 ignores) random too.
    let tf32 = |r: &mut Rng| {
        (r.below(2) as u32) << 31 | (127 - 6 + r.below(12) as u32) << 23 | r.below(1 << 23) as u32
    };
    let bf16 = |r: &mut Rng| {
        let h = |r: &mut Rng| {
            (r.below(2) as u32) << 15 | (127 - 6 + r.below(12) as u32) << 7 | r.below(128) as u32
        };
        h(r) | h(r) << 16
    };
    let f16x2 = |r: &mut Rng| f16_random(r) | f16_random(r) << 16;
    let sets: Vec<(&'static str, WgParams, WordSource)> = vec![
        ("wg_m64n8k16_f32_f16", plain(32, 0, 0), Box::new(f16x2)),
        ("wg_m64n8k16_f32_f16_rs", plain(32, 4, 0), Box::new(f16x2)),
        (
            "wg_m64n8k16_f16_f16",
            WgParams {
                c_regs: 2,
                ..plain(32, 0, 0)
            },
            Box::new(f16x2),
        ),
        ("wg_m64n8k16_f32_bf16", plain(32, 0, 0), Box::new(bf16)),
        ("wg_m64n8k8_f32_tf32", plain(32, 0, 0), Box::new(tf32)),
        ("wg_m64n8k32_f32_e4m3", plain(32, 0, 0), Box::new(fp8)),
        ("wg_m64n8k32_f32_e5m2_e4m3", plain(32, 0, 0), Box::new(fp8)),
        ("wg_m64n8k32_f32_e4m3_rs", plain(32, 4, 0), Box::new(fp8)),
        (
            "wg_m64n8k32_f16_e4m3",
            WgParams {
                c_regs: 2,
                ..plain(32, 0, 0)
            },
            Box::new(fp8),
        ),
        ("wg_m64n8k32x4_f32_e4m3", plain(128, 0, 256), Box::new(fp8)),
    ];
    for (kernel, p, mut fill) in sets {
        let mut input = words(&mut rng, &p, 4, &mut *fill);
        if p.c_regs == 2 {
            // f16 accumulators: small f16 pairs, not f32 bits.
            let regs = p.case_words() - 2 * 128;
            for c in 0..4 {
                for w in &mut input[c * p.case_words() + regs..(c + 1) * p.case_words()] {
                    *w = f16_random(&mut rng) | f16_random(&mut rng) << 16;
                }
            }
        }
        out.push(Case {
            kernel,
            what: "random inputs".into(),
            p,
            input,
            cases: 4,
        });
    }
    out
}

/// The words `case` writes on the simulator's engine, from the same PTX.
fn on_the_engine(ptx: &str, case: &Case) -> Vec<u32> {
    let mut mem = Memory::new();
    let module = sim::load_ptx(ptx, &mut mem).unwrap();
    let in_bytes: Vec<u8> = case.input.iter().flat_map(|w| w.to_le_bytes()).collect();
    let out_len = case.cases * case.p.c_regs as usize * 128 * 4;
    let din = mem.alloc(in_bytes.len(), 256).unwrap();
    let dout = mem.alloc(out_len, 256).unwrap();
    mem.write(din, &in_bytes).unwrap();
    let params: Vec<u8> = case
        .p
        .words()
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    let packed = sim::pack_params(
        &module,
        case.kernel,
        &[&din.to_le_bytes(), &dout.to_le_bytes(), &params],
    )
    .unwrap();
    let dims = Dims {
        grid: [case.cases as u32, 1, 1],
        block: [128, 1, 1],
        shared_dynamic: SMEM,
    };
    sim::launch(
        &module,
        &mut mem,
        case.kernel,
        dims,
        &packed,
        sim::DEFAULT_BUDGET,
    )
    .unwrap();
    let mut out = vec![0u8; out_len];
    mem.read(dout, &mut out).unwrap();
    out.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

pub fn wgmma_kernels_give_the_simulators_bits() {
    let ctx = gpu::context();
    let options = ProgramOptions {
        arch: Some("compute_90a".into()),
        ..Default::default()
    };
    let code = Program::new(harness::KERNELS, options)
        .with_name("kernels.cu")
        .compile(ImageKind::Ptx, &[])
        .unwrap();
    let ptx = code.ptx_text().unwrap().to_string();
    let lib = code.to_library(&Default::default()).unwrap();
    let s = ctx.create_stream().unwrap();
    let mut failures = Vec::new();
    let cases = cases();
    for case in &cases {
        let gpu = harness::run_wgmma(
            &ctx,
            &lib,
            &s,
            case.kernel,
            &case.p,
            &case.input,
            case.cases,
        )
        .unwrap();
        let sim = on_the_engine(&ptx, case);
        let differ = (0..gpu.len()).filter(|&i| gpu[i] != sim[i]).count();
        if differ > 0 {
            let i = (0..gpu.len()).find(|&i| gpu[i] != sim[i]).unwrap_or(0);
            failures.push(format!(
                "{} ({}): {differ} of {} words differ; word {i}: GPU {:#010x}, simulator {:#010x}",
                case.kernel,
                case.what,
                gpu.len(),
                gpu[i],
                sim[i]
            ));
        }
    }
    println!("{} wgmma launches compared with the simulator", cases.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A reading of a swizzled descriptor whose pattern does not start where the ISA's base
/// offset 0 says (a 1024-, 512- or 256-byte boundary for the 128-, 64- and 32-byte
/// swizzles): how the GPU might pick the row whose bits XOR a 16-byte chunk's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    /// The address's own bits 7.. (the base offset ignored): the simulator's rule for the
    /// descriptors it accepts.
    Address,
    /// The start's bits 7.. replaced by the base offset.
    StartReplaced,
    /// The address's bits 7.. less the base offset: the pattern begins that many 128-byte
    /// lines into its repeat.
    Less,
    /// The address's bits 7.. plus the base offset.
    More,
    /// The address's bits 7.. XOR the base offset.
    Xor,
}

const READINGS: [Reading; 5] = [
    Reading::Address,
    Reading::StartReplaced,
    Reading::Less,
    Reading::More,
    Reading::Xor,
];

impl Reading {
    /// Where this reading finds byte `kb` of row `r` of the K-major operand `lay` (whose
    /// swizzle word carries the base offset in bits 8-10).
    fn k_major(self, lay: Layout, r: u32, kb: u32) -> u32 {
        let w = lay.width();
        let base_offset = (lay.swizzle >> 8) & 7;
        if w == 16 {
            return lay.start + (r % 8) * 16 + (r / 8) * lay.sbo + kb % 16 + (kb / 16) * lay.lbo;
        }
        let at = lay.start + (r % 8) * w + (r / 8) * lay.sbo + kb;
        let line = at >> 7;
        let row = match self {
            Reading::Address => line,
            Reading::StartReplaced => line.wrapping_sub(lay.start >> 7).wrapping_add(base_offset),
            Reading::Less => line.wrapping_sub(base_offset),
            Reading::More => line.wrapping_add(base_offset),
            Reading::Xor => line ^ base_offset,
        } % (w / 16);
        at ^ (row << 4)
    }
}

/// Runs `wg_m64n8k16_f32_f16` with A's descriptor at an unaligned start or with a base
/// offset, and the same A again from an aligned descriptor, its bytes moved to where each
/// [`Reading`] says the first run found them: the readings whose run gives the same bits
/// are what the GPU does. A's shared memory is random f16s, so a reading that picks other
/// bytes gives other sums.
pub fn wgmma_base_offsets_are_recorded() {
    let ctx = gpu::context();
    let lib = harness::library(&ctx).expect("NVRTC compiles the probe's kernels");
    let s = ctx.create_stream().unwrap();
    let kernel = "wg_m64n8k16_f32_f16";
    let mut rng = Rng(0xba5e_0ff5);
    // (swizzle code: 1 128-byte, 2 64-byte, 3 32-byte, 0 none; start; base offset)
    let cases: [(u32, u32, u32); 16] = [
        (1, 32, 0),
        (1, 0, 1),
        (1, 0, 3),
        (1, 128, 0),
        (1, 128, 1),
        (1, 128, 5),
        (1, 384, 0),
        (1, 384, 3),
        (1, 1024 + 640, 0),
        (1, 1024 + 640, 5),
        (2, 128, 0),
        (2, 128, 1),
        (2, 256, 2),
        (3, 128, 0),
        (3, 128, 1),
        (0, 0, 3),
    ];
    let mut unexplained = Vec::new();
    let mut control = Vec::new();
    for (swizzle, start, base_offset) in cases {
        let w = Layout {
            swizzle,
            ..Default::default()
        }
        .width();
        let aligned = Layout {
            start: 0,
            lbo: if swizzle == 0 { 128 } else { 16 },
            sbo: if swizzle == 0 { 256 } else { 8 * w },
            swizzle,
        };
        let odd = Layout {
            start,
            swizzle: swizzle | base_offset << 8,
            ..aligned
        };
        let a_odd: Vec<u32> = (0..harness::B_AT / 4)
            .map(|_| f16_random(&mut rng) | f16_random(&mut rng) << 16)
            .collect();
        let b: Vec<u32> = (0..1024 / 4)
            .map(|_| f16_random(&mut rng) | f16_random(&mut rng) << 16)
            .collect();
        let c: Vec<u32> = (0..4 * 128)
            .map(|_| ((rng.below(2000) as f32 - 1000.0) / 64.0).to_bits())
            .collect();
        let run = |a: &[u32], a_lay: Layout| -> Vec<u32> {
            let p = WgParams {
                a_bytes: a.len() as u32 * 4,
                b_bytes: 1024,
                a_regs: 0,
                c_regs: 4,
                a: a_lay,
                b: aligned,
                scale_d: 1,
            };
            let mut input = a.to_vec();
            input.extend(&b);
            input.extend(&c);
            harness::run_wgmma(&ctx, &lib, &s, kernel, &p, &input, 1).unwrap()
        };
        let got = run(&a_odd, odd);
        let bytes: Vec<u8> = a_odd.iter().flat_map(|w| w.to_le_bytes()).collect();
        let matching: Vec<Reading> = READINGS
            .into_iter()
            .filter(|reading| {
                let mut moved = vec![0u8; 8192];
                for r in 0..64 {
                    for kb in (0..32).step_by(2) {
                        let from = reading.k_major(odd, r, kb) as usize;
                        let to = aligned.k_major(r, kb) as usize;
                        moved[to..to + 2].copy_from_slice(&bytes[from..from + 2]);
                    }
                }
                let words: Vec<u32> = moved
                    .chunks_exact(4)
                    .map(|q| u32::from_le_bytes([q[0], q[1], q[2], q[3]]))
                    .collect();
                run(&words, aligned) == got
            })
            .collect();
        let what = format!(
            "swizzle {}, start {start:#x}, base offset {base_offset}",
            match w {
                16 => "none".to_string(),
                w => format!("{w}B"),
            }
        );
        println!("wgmma descriptor, {what}: the GPU reads as {matching:?}");
        if matching.is_empty() {
            unexplained.push(what.clone());
        }
        if (swizzle, start, base_offset) == (1, 32, 0) {
            control = matching;
        }
    }
    assert!(
        control.contains(&Reading::Address),
        "a k-step along a 128-byte swizzled row (which the simulator reads) is not read as \
         the simulator reads it: {control:?}"
    );
    assert!(
        unexplained.is_empty(),
        "no candidate reading gives the GPU's answer for: {}",
        unexplained.join("; ")
    );
}
