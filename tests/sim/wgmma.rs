//! Warpgroup MMA, fp8 `mma` and the fp8 conversions on the simulator, through the public
//! API: the probe's kernels (`tests/hopper/probe/mma/kernels.cuh`, NVRTC for compute_90a)
//! on inputs whose exact answers the tests know (small integers, whose sums no rounding
//! touches), with the operands placed in shared memory by the test's own reading of the
//! PTX ISA's layouts; the faults a wrong warpgroup program gets; and the GPU's recorded
//! answers (`tests/fixtures/hopper/mma/`) replayed bit for bit.

mod harness;
mod recordings;

use cuda_library::{BackendKind, Context, Device, Library, ObjectCode, Stream};
use harness::{a_position, accumulator_position, f16_int, f32_int, Layout, Rng, WgParams};
use std::path::{Path, PathBuf};

fn setup() -> Option<(Context, Library, Stream)> {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let lib = harness::library(&ctx)?;
    let s = ctx.create_stream().unwrap();
    Some((ctx, lib, s))
}

/// Small random integers in `[-r, r]`.
fn ints(rng: &mut Rng, n: usize, r: i32) -> Vec<i32> {
    (0..n)
        .map(|_| rng.below(2 * r as u64 + 1) as i32 - r)
        .collect()
}

/// `A (m x k) * B (k x n) + C`, exactly, over integers.
fn product(a: &[i32], b: &[i32], c: &[i32], (m, n, k): (usize, usize, usize)) -> Vec<i64> {
    (0..m * n)
        .map(|i| {
            let (r, col) = (i / n, i % n);
            (0..k).fold(c[i] as i64, |s, x| {
                s + a[r * k + x] as i64 * b[x * n + col] as i64
            })
        })
        .collect()
}

/// The accumulator registers (f32 bits, lane-major over 128 threads) of an m64nN matrix.
fn accumulators(c: &[i32], n: usize) -> Vec<u32> {
    let regs = n / 2;
    let mut out = vec![0u32; regs * 128];
    for t in 0..128 {
        for i in 0..regs {
            let (r, col) = accumulator_position(t, i);
            out[i * 128 + t] = f32_int(c[r * n + col]);
        }
    }
    out
}

/// The m64nN matrix (as f32 values) in accumulator registers.
fn from_accumulators(words: &[u32], n: usize) -> Vec<f32> {
    let mut d = vec![0f32; 64 * n];
    for t in 0..128 {
        for i in 0..n / 2 {
            let (r, col) = accumulator_position(t, i);
            d[r * n + col] = f32::from_bits(words[i * 128 + t]);
        }
    }
    d
}

/// Bytes of a shared-memory region: noise (f16 integers the matrix must not be read
/// from), then `m`'s 16-bit elements placed where `at(row, col)` says.
fn region(
    rng: &mut Rng,
    bytes: usize,
    m: &[i32],
    cols: usize,
    at: impl Fn(u32, u32) -> u32,
) -> Vec<u32> {
    let mut out: Vec<u8> = (0..bytes / 2)
        .flat_map(|_| (f16_int(rng.below(9) as i32 + 100) as u16).to_le_bytes())
        .collect();
    for (i, &v) in m.iter().enumerate() {
        let (r, c) = ((i / cols) as u32, (i % cols) as u32);
        let p = at(r, c) as usize;
        out[p..p + 2].copy_from_slice(&(f16_int(v) as u16).to_le_bytes());
    }
    out.chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn every_swizzle_and_major_layout_reads_the_matrices_the_isa_places() {
    let Some((ctx, lib, s)) = setup() else { return };
    let n = 32usize;
    let k_major = |start: u32, swizzle: u32| {
        let w = Layout {
            swizzle,
            ..Default::default()
        }
        .width();
        Layout {
            start,
            lbo: if swizzle == 0 { 128 } else { 16 },
            sbo: if swizzle == 0 { 256 } else { 8 * w },
            swizzle,
        }
    };
    // MN-major: without swizzle SBO steps 8 elements of M/N and LBO 8 rows of K; with
    // one, SBO steps 8 rows of K and LBO a swizzle width of M/N.
    let mn_major = |swizzle: u32, mn_bytes: u32| {
        let w = Layout {
            swizzle,
            ..Default::default()
        }
        .width();
        if swizzle == 0 {
            Layout {
                start: 0,
                lbo: mn_bytes / 16 * 128,
                sbo: 128,
                swizzle,
            }
        } else {
            Layout {
                start: 0,
                lbo: 16 * w,
                sbo: 8 * w,
                swizzle,
            }
        }
    };
    let mut configs = Vec::new();
    for swizzle in 0..4 {
        configs.push((false, k_major(0, swizzle), k_major(0, swizzle)));
        configs.push((true, mn_major(swizzle, 128), mn_major(swizzle, 64)));
    }
    // A k-step inside a swizzled row: the descriptor starts 32, 64 or 96 bytes in.
    for start in [32, 64, 96] {
        configs.push((false, k_major(start, 1), k_major(start, 1)));
    }
    configs.push((false, k_major(32, 2), k_major(32, 2)));
    let mut rng = Rng(7);
    for (mn, la, lb) in configs {
        let a = ints(&mut rng, 64 * 16, 3);
        let b = ints(&mut rng, 16 * n, 3);
        let c = ints(&mut rng, 64 * n, 20);
        // A is 64 x 16 (row r, column k); B is 16 x 32 (row k, column j).
        let mut input = if mn {
            region(&mut rng, 8192, &a, 16, |r, k| la.mn_major(2 * r, k))
        } else {
            region(&mut rng, 8192, &a, 16, |r, k| la.k_major(r, 2 * k))
        };
        input.extend(if mn {
            region(&mut rng, 8192, &b, n, |k, j| lb.mn_major(2 * j, k))
        } else {
            region(&mut rng, 8192, &b, n, |k, j| lb.k_major(j, 2 * k))
        });
        input.extend(accumulators(&c, n));
        let p = WgParams {
            a_bytes: 8192,
            b_bytes: 8192,
            c_regs: 16,
            a: la,
            b: lb,
            scale_d: 1,
            ..Default::default()
        };
        let name = if mn {
            "wg_m64n32k16_f32_f16_tnsp"
        } else {
            "wg_m64n32k16_f32_f16"
        };
        let out = harness::run_wgmma(&ctx, &lib, &s, name, &p, &input, 1).unwrap();
        let want = product(&a, &b, &c, (64, n, 16));
        let got = from_accumulators(&out, n);
        let wrong = (0..want.len())
            .filter(|&i| got[i] != want[i] as f32)
            .count();
        assert_eq!(
            wrong,
            0,
            "{name} A {la:?} B {lb:?}: {wrong} of {} differ",
            want.len()
        );
    }
}

/// The probe's m64n8 case: A (64 x k) and B (k x 8) K-major without swizzle, elements of
/// `bytes` each, and where each starts.
fn plain_case(
    rng: &mut Rng,
    k: usize,
    enc: impl Fn(i32) -> u32,
    bytes: usize,
    r: i32,
) -> (Vec<i32>, Vec<i32>, Vec<i32>, Vec<u32>, WgParams) {
    let a = ints(rng, 64 * k, r);
    let b = ints(rng, k * 8, r);
    let c = ints(rng, 64 * 8, 50);
    let row_bytes = (k * bytes) as u32;
    let lay = Layout {
        start: 0,
        lbo: 128,
        sbo: row_bytes / 16 * 128,
        swizzle: 0,
    };
    // Row `row` of an operand stored K-major: A's rows, B's columns.
    let place = |rows: usize, at: &dyn Fn(usize, usize) -> i32| {
        let mut out = vec![0u8; rows * k * bytes];
        for row in 0..rows {
            for x in 0..k {
                let p = lay.k_major(row as u32, (x * bytes) as u32) as usize;
                let v = enc(at(row, x)).to_le_bytes();
                out[p..p + bytes].copy_from_slice(&v[..bytes]);
            }
        }
        out
    };
    let mut words: Vec<u8> = place(64, &|r, x| a[r * k + x]);
    words.extend(place(8, &|j, x| b[x * 8 + j]));
    let mut input: Vec<u32> = words
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    input.extend(accumulators(&c, 8));
    let p = WgParams {
        a_bytes: 64 * row_bytes,
        b_bytes: 8 * row_bytes,
        c_regs: 4,
        a: lay,
        b: lay,
        scale_d: 1,
        ..Default::default()
    };
    (a, b, c, input, p)
}

/// A's registers (lane-major over 128 threads) for an A of `per_reg` elements a register.
fn a_registers(a: &[i32], k: usize, per_reg: usize, enc: impl Fn(i32) -> u32) -> Vec<u32> {
    let bits = 32 / per_reg;
    let mut out = vec![0u32; 4 * 128];
    for t in 0..128 {
        let (w, lane) = (t / 32, t % 32);
        for i in 0..4 * per_reg {
            let (r, x) = a_position(lane, i, per_reg);
            let v = enc(a[(16 * w + r) * k + x])
                & if bits == 32 {
                    u32::MAX
                } else {
                    (1 << bits) - 1
                };
            out[(i / per_reg) * 128 + t] |= v << ((i % per_reg) * bits);
        }
    }
    out
}

/// The e4m3 bits of a small integer (|v| <= 16).
fn e4m3_int(v: i32) -> u32 {
    if v == 0 {
        return 0;
    }
    let sign = if v < 0 { 0x80 } else { 0 };
    let a = v.unsigned_abs();
    let e = 31 - a.leading_zeros();
    let frac = if e >= 3 {
        (a >> (e - 3)) & 7
    } else {
        (a << (3 - e)) & 7
    };
    sign | ((e + 7) << 3) | frac
}

/// The e5m2 bits of a small integer (|v| <= 7).
fn e5m2_int(v: i32) -> u32 {
    (f16_int(v) >> 8) & 0xff
}

#[test]
fn a_from_registers_negation_and_scale_d_do_what_the_isa_says() {
    let Some((ctx, lib, s)) = setup() else { return };
    let mut rng = Rng(11);
    for (name, negate, scale_d) in [
        ("wg_m64n8k16_f32_f16", false, 1),
        ("wg_m64n8k16_f32_f16_neg", true, 1),
        ("wg_m64n8k16_f32_f16", false, 0),
    ] {
        let (a, b, c, input, mut p) = plain_case(&mut rng, 16, f16_int, 2, 4);
        p.scale_d = scale_d;
        let out = harness::run_wgmma(&ctx, &lib, &s, name, &p, &input, 1).unwrap();
        let a_used: Vec<i32> = a.iter().map(|&v| if negate { -v } else { v }).collect();
        let c_used: Vec<i32> = if scale_d == 0 {
            vec![0; c.len()]
        } else {
            c.clone()
        };
        let want = product(&a_used, &b, &c_used, (64, 8, 16));
        let got = from_accumulators(&out, 8);
        assert!(
            (0..want.len()).all(|i| got[i] == want[i] as f32),
            "{name} scale-d {scale_d}"
        );
        // The same A from registers gives the same answer.
        if !negate && scale_d == 1 {
            let mut rs = input[(p.a_bytes / 4) as usize..].to_vec();
            let b_words = (p.b_bytes / 4) as usize;
            let regs = a_registers(&a, 16, 2, f16_int);
            rs.splice(b_words..b_words, regs);
            let prs = WgParams {
                a_bytes: 0,
                a_regs: 4,
                ..p
            };
            let out =
                harness::run_wgmma(&ctx, &lib, &s, "wg_m64n8k16_f32_f16_rs", &prs, &rs, 1).unwrap();
            assert_eq!(from_accumulators(&out, 8), got, "A from registers");
        }
    }
}

#[test]
fn fp8_wgmma_and_mma_on_exact_inputs_equal_the_definition() {
    let Some((ctx, lib, s)) = setup() else { return };
    let mut rng = Rng(13);
    // e4m3 x e4m3, from shared memory and from registers.
    let (a, b, c, input, p) = plain_case(&mut rng, 32, e4m3_int, 1, 4);
    let want = product(&a, &b, &c, (64, 8, 32));
    let out = harness::run_wgmma(&ctx, &lib, &s, "wg_m64n8k32_f32_e4m3", &p, &input, 1).unwrap();
    let got = from_accumulators(&out, 8);
    assert!(
        (0..want.len()).all(|i| got[i] == want[i] as f32),
        "e4m3 wgmma"
    );
    let mut rs = input[(p.a_bytes / 4) as usize..].to_vec();
    rs.splice(
        (p.b_bytes / 4) as usize..(p.b_bytes / 4) as usize,
        a_registers(&a, 32, 4, e4m3_int),
    );
    let prs = WgParams {
        a_bytes: 0,
        a_regs: 4,
        ..p
    };
    let out = harness::run_wgmma(&ctx, &lib, &s, "wg_m64n8k32_f32_e4m3_rs", &prs, &rs, 1).unwrap();
    assert_eq!(
        from_accumulators(&out, 8),
        got,
        "e4m3 wgmma, A from registers"
    );

    // mma.sync m16n8k32 e4m3 x e5m2: A (16 x 32) rows, B (32 x 8) columns.
    let a = ints(&mut rng, 16 * 32, 4);
    let b = ints(&mut rng, 32 * 8, 4);
    let c = ints(&mut rng, 16 * 8, 50);
    let mut words = vec![0u32; (4 + 2 + 4) * 32];
    for lane in 0..32 {
        for i in 0..16 {
            let (r, x) = a_position(lane, i, 4);
            words[(i / 4) * 32 + lane] |= e4m3_int(a[r * 32 + x]) << ((i % 4) * 8);
            // B: row t * 4 + j + q * 16, column g.
            let (q, j) = (i / 4, i % 4);
            if q < 2 {
                let (row, col) = ((lane & 3) * 4 + j + q * 16, lane >> 2);
                words[(4 + q) * 32 + lane] |= e5m2_int(b[row * 8 + col]) << (j * 8);
            }
        }
        for i in 0..4 {
            let (r, col) = ((lane >> 2) + 8 * (i >> 1), 2 * (lane & 3) + (i & 1));
            words[(6 + i) * 32 + lane] = f32_int(c[r * 8 + col]);
        }
    }
    let out = harness::run_mma(
        &ctx,
        &lib,
        &s,
        "mma_m16n8k32_f32_e4m3_e5m2",
        &words,
        (1, 128),
    )
    .unwrap();
    let want = product(&a, &b, &c, (16, 8, 32));
    for lane in 0..32 {
        for i in 0..4 {
            let (r, col) = ((lane >> 2) + 8 * (i >> 1), 2 * (lane & 3) + (i & 1));
            assert_eq!(f32::from_bits(out[i * 32 + lane]), want[r * 8 + col] as f32);
        }
    }
}

#[test]
fn integer_wgmma_wraps_and_saturates_as_asked() {
    let Some((ctx, lib, s)) = setup() else { return };
    let mut rng = Rng(17);
    let byte = |v: i32| (v as u32) & 0xff;
    for (name, unsigned_b, sat) in [
        ("wg_m64n8k32_s32_s8_u8", true, false),
        ("wg_m64n8k32_s32_s8_s8_sat", false, true),
    ] {
        let (a, mut b, mut c, mut input, p) = plain_case(&mut rng, 32, byte, 1, 127);
        if unsigned_b {
            // B's bytes read as unsigned.
            b.iter_mut().for_each(|v| *v = (*v as u32 & 0xff) as i32);
        }
        // Accumulators near the s32 limits, so sums leave the range.
        for (i, v) in c.iter_mut().enumerate() {
            *v = if i % 2 == 0 {
                i32::MAX - 100
            } else {
                i32::MIN + 100
            };
        }
        let regs = (p.a_bytes + p.b_bytes) as usize / 4;
        for t in 0..128 {
            for i in 0..4 {
                let (r, col) = accumulator_position(t, i);
                input[regs + i * 128 + t] = c[r * 8 + col] as u32;
            }
        }
        let out = harness::run_wgmma(&ctx, &lib, &s, name, &p, &input, 1).unwrap();
        let want = product(&a, &b, &c, (64, 8, 32));
        for t in 0..128 {
            for i in 0..4 {
                let (r, col) = accumulator_position(t, i);
                let w = want[r * 8 + col];
                let w = if sat {
                    w.clamp(i32::MIN as i64, i32::MAX as i64) as i32
                } else {
                    w as i32
                };
                assert_eq!(out[i * 128 + t] as i32, w, "{name} ({r}, {col})");
            }
        }
    }
}

#[test]
fn fp8_conversions_round_to_nearest_even_and_saturate() {
    let Some((ctx, lib, s)) = setup() else { return };
    // (f32 input, e4m3, e5m2) per the OCP 8-bit floating point formats.
    let cases: [(f32, u32, u32); 10] = [
        (1.0, 0x38, 0x3c),
        (-2.5, 0xc2, 0xc1),
        (448.0, 0x7e, 0x5f),
        (1e6, 0x7e, 0x7b),
        (f32::INFINITY, 0x7e, 0x7b),
        (f32::NEG_INFINITY, 0xfe, 0xfb),
        (f32::NAN, 0x7f, 0x7f),
        (2f32.powi(-9), 0x01, 0x18),
        (2f32.powi(-10), 0x00, 0x14),
        (1.0625, 0x38, 0x3c),
    ];
    let mut input = Vec::new();
    for &(x, _, _) in &cases {
        input.extend([x.to_bits(), (-x).to_bits()]);
    }
    let n = cases.len() as u32;
    let e4 = harness::run_cvt(&ctx, &lib, &s, "cvt_e4m3x2_f32", &input, n).unwrap();
    let e5 = harness::run_cvt(&ctx, &lib, &s, "cvt_e5m2x2_f32", &input, n).unwrap();
    let relu = harness::run_cvt(&ctx, &lib, &s, "cvt_relu_e4m3x2_f32", &input, n).unwrap();
    for (i, &(x, w4, w5)) in cases.iter().enumerate() {
        let neg = |v: u32| if x.is_nan() { v } else { v ^ 0x80 };
        assert_eq!(e4[i], w4 << 8 | neg(w4), "e4m3 of {x}");
        assert_eq!(e5[i], w5 << 8 | neg(w5), "e5m2 of {x}");
        let r = |v: u32| if v & 0x80 != 0 && !x.is_nan() { 0 } else { v };
        assert_eq!(relu[i], r(w4) << 8 | r(neg(w4)), "relu e4m3 of {x}");
    }
    // Back to f16x2: every byte exactly, the low byte into the low half.
    let bytes: Vec<u32> = (0..256u32).map(|i| i | (i ^ 0x81) << 8).collect();
    let h = harness::run_cvt(&ctx, &lib, &s, "cvt_f16x2_e5m2x2", &bytes, 256).unwrap();
    for (i, &v) in h.iter().enumerate() {
        // e5m2 is the top byte of binary16 (NaNs aside).
        let (lo, hi) = (i as u32, i as u32 ^ 0x81);
        if lo & 0x7f <= 0x7c {
            assert_eq!(v & 0xffff, lo << 8, "f16 of e5m2 {lo:#x}");
        }
        if hi & 0x7f <= 0x7c {
            assert_eq!(v >> 16, hi << 8, "f16 of e5m2 {hi:#x} in the high half");
        }
    }
}

/// A kernel of one `wgmma.mma_async` over a 4 KiB shared buffer: `pre` before it,
/// `post` after its wait.
fn wgmma_ptx(pre: &str, desc: &str, post: &str) -> String {
    format!(
        ".version 8.0\n.target sm_90a\n.address_size 64\n\
         .visible .entry k(.param .u64 out)\n{{\n\
         .reg .f32 %f<8>;\n.reg .b64 %rd<4>;\n.reg .b32 %r<4>;\n\
         .shared .align 1024 .b8 sm[4096];\n\
         mov.f32 %f1, 0f00000000;\nmov.f32 %f2, 0f00000000;\n\
         mov.f32 %f3, 0f00000000;\nmov.f32 %f4, 0f00000000;\n\
         mov.b64 %rd1, {desc};\nmov.b64 %rd2, {desc};\n{pre}\n\
         wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {{%f1, %f2, %f3, %f4}}, %rd1, %rd2, 1, 1, 1, 0, 0;\n\
         wgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 0;\n{post}\n\
         ld.param.u64 %rd3, [out];\nst.global.f32 [%rd3], %f1;\nret;\n}}\n"
    )
}

fn launch_ptx(ctx: &Context, ptx: &str, threads: u32) -> Result<f32, cuda_library::Error> {
    let lib = ObjectCode::from_ptx(ptx.as_bytes()).to_library(&Default::default())?;
    let k = lib.get_kernel("k")?;
    let s = ctx.create_stream()?;
    let out = ctx.alloc_zeroed::<f32>(1)?;
    cuda_library::launch!(k, &s, &cuda_library::LaunchConfig::new(1, threads), out)?;
    s.synchronize()?;
    Ok(out.to_vec()?[0])
}

#[test]
fn wrong_warpgroup_programs_fault_with_what_to_fix() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    // Descriptor: start 0, LBO 128, SBO 256, no swizzle.
    let desc = "0x0000001000080000";
    let fenced = wgmma_ptx("wgmma.fence.sync.aligned;", desc, "");
    assert_eq!(launch_ptx(&ctx, &fenced, 128).unwrap(), 0.0);
    // Without the fence too: ptxas injects it.
    assert_eq!(
        launch_ptx(&ctx, &wgmma_ptx("", desc, ""), 128).unwrap(),
        0.0
    );
    let cases = [
        (
            fenced.clone(),
            64,
            "needs a whole warpgroup (4 warps, 128 threads)",
        ),
        (
            wgmma_ptx("wgmma.fence.sync.aligned;", "0x000000100008fff0", ""),
            128,
            "reads shared memory at 0x3ff00, past the block's",
        ),
        (
            wgmma_ptx("wgmma.fence.sync.aligned;", "0x0006001000080000", ""),
            128,
            "has a base offset (3) without a swizzle",
        ),
        // 128-byte swizzle (bits 62-63: 1), LBO 16, SBO 1024, start 128: one row into the
        // 1024-byte pattern, where what the GPU reads is not recorded.
        (
            wgmma_ptx("wgmma.fence.sync.aligned;", "0x4000004000010008", ""),
            128,
            "the descriptor 0x4000004000010008 starts at 0x80, 128 bytes into the \
             128-byte swizzle's 1024-byte repeating pattern",
        ),
        // The same at start 0 with base offset 1 (bit 49).
        (
            wgmma_ptx("wgmma.fence.sync.aligned;", "0x4002004000010000", ""),
            128,
            "has a base offset (1) and starts at 0x0",
        ),
    ];
    for (ptx, threads, why) in cases {
        let e = launch_ptx(&ctx, &ptx, threads).unwrap_err().to_string();
        assert!(e.contains(why), "{why}: {e}");
    }
    // A step along the first row of a swizzled pattern (start 32, SBO 128 to stay in
    // the 4 KiB) is read: the shared memory's zeros give 0.
    let k_step = wgmma_ptx("wgmma.fence.sync.aligned;", "0x4000000800010002", "");
    assert_eq!(launch_ptx(&ctx, &k_step, 128).unwrap(), 0.0);
    // Reading an accumulator before the wait: ptxas serializes the pipeline, so the read
    // sees the result (here 16 products of 1 x 1, the shared memory holding f16 ones).
    let ones = "mov.u32 %r1, 0x3c003c00;\nmov.u32 %r2, 0;\n\
                $fill: mov.u32 %r3, sm;\nadd.u32 %r3, %r3, %r2;\nst.shared.u32 [%r3], %r1;\n\
                add.u32 %r2, %r2, 4;\n\
                setp.lt.u32 %p1, %r2, 4096;\n@%p1 bra $fill;\nbar.sync 0;\nwgmma.fence.sync.aligned;";
    let early = wgmma_ptx(ones, desc, "").replace(
        "wgmma.commit_group.sync.aligned;\n",
        "wgmma.commit_group.sync.aligned;\nmov.f32 %f5, %f1;\n",
    );
    let early = early
        .replace("st.global.f32 [%rd3], %f1;", "st.global.f32 [%rd3], %f5;")
        .replace(".reg .b32 %r<4>;", ".reg .b32 %r<4>;\n.reg .pred %p<2>;");
    assert_eq!(launch_ptx(&ctx, &early, 128).unwrap(), 16.0);
    // Without the read, the result also lands at the wait.
    let waited = wgmma_ptx(ones, desc, "")
        .replace(".reg .b32 %r<4>;", ".reg .b32 %r<4>;\n.reg .pred %p<2>;");
    assert_eq!(launch_ptx(&ctx, &waited, 128).unwrap(), 16.0);
    // setmaxnreg runs in a whole warpgroup.
    let regs = fenced.replace(
        "wgmma.fence.sync.aligned;",
        "setmaxnreg.dec.sync.aligned.u32 40;\nwgmma.fence.sync.aligned;",
    );
    assert_eq!(launch_ptx(&ctx, &regs, 128).unwrap(), 0.0);
}

/// Where the checked-in recordings live.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hopper/mma")
}

/// Re-packs the checked-in subset from a probe run (`tests/fixtures/hopper/mma/README.md`):
/// `MMA_PROBE_OUT=DIR cargo test --test sim wgmma::pack_the_recordings -- --ignored`.
#[test]
#[ignore = "writes tests/fixtures/hopper/mma from MMA_PROBE_OUT"]
fn pack_the_recordings() {
    let from = std::env::var("MMA_PROBE_OUT").expect("MMA_PROBE_OUT names the probe's output");
    recordings::pack(Path::new(&from), &fixtures()).unwrap();
}

#[test]
fn the_gpu_recordings_replay_bit_for_bit() {
    let dir = fixtures();
    let recs = recordings::manifest(&dir).expect("tests/fixtures/hopper/mma/manifest.csv");
    assert!(recs.len() >= 40, "{} recordings", recs.len());
    replay(&dir, &recs, |name, ext| {
        recordings::unpack(&dir.join(format!("{name}.{ext}.lz4")))
    });
}

/// Replays a whole probe run, every case (`MMA_PROBE_OUT=DIR cargo test --test sim
/// wgmma::replay_a_probe_run -- --ignored --nocapture`).
#[test]
#[ignore = "reads the probe run MMA_PROBE_OUT"]
fn replay_a_probe_run() {
    let dir = PathBuf::from(std::env::var("MMA_PROBE_OUT").expect("MMA_PROBE_OUT"));
    let recs = recordings::manifest(&dir).unwrap();
    replay(&dir, &recs, |name, ext| {
        std::fs::read(dir.join(format!("{name}.{ext}")))
            .map(|b| recordings::words(&b))
            .map_err(|e| e.to_string())
    });
}

/// Runs every recording of `dir` on the simulator and requires the GPU's words.
fn replay(
    dir: &Path,
    recs: &[recordings::Recording],
    read: impl Fn(&str, &str) -> Result<Vec<u32>, String>,
) {
    let Some((ctx, lib, s)) = setup() else { return };
    let (mut failures, mut compared) = (Vec::new(), 0usize);
    for r in recs {
        let input = read(&r.name, "in").unwrap();
        let want = read(&r.name, "out").unwrap();
        let got = match r.run(&ctx, &lib, &s, &input, r.cases) {
            Ok(g) => g,
            Err(e) => {
                failures.push(format!("{}: {e}", r.name));
                continue;
            }
        };
        compared += want.len();
        let differ: Vec<usize> = (0..want.len())
            .filter(|&i| got.get(i) != Some(&want[i]))
            .collect();
        if let Some(&i) = differ.first() {
            failures.push(format!(
                "{}: {} of {} words differ; word {i}: GPU {:#010x}, simulator {:#010x}",
                r.name,
                differ.len(),
                want.len(),
                want[i],
                got.get(i).copied().unwrap_or(0)
            ));
        }
    }
    println!(
        "{} recordings ({}), {compared} words compared",
        recs.len(),
        recordings::device(dir).unwrap_or_default()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
