//! Warp-wide instructions real code uses through CUDA's intrinsics: `redux.sync`
//! (`__reduce_*_sync`), `match.sync` (`__match_any_sync`, `__match_all_sync`) and
//! `elect.sync` (what `cooperative_groups::invoke_one` becomes on sm_90), and `cp.async`
//! (`__pipeline_memcpy_async`), and the block-wide `bar.red` (`__syncthreads_count/and/or`)
//! on the simulator,
//! against their definitions in the CUDA programming guide and the PTX ISA.

use cuda_library::sim::{self, Dims, Memory};

const SOURCE: &str = r#"
extern "C" __global__ void warp(unsigned* out) {
    unsigned t = threadIdx.x;
    unsigned all = __activemask();
    unsigned* o = out + t * 8;
    o[0] = __reduce_add_sync(all, t);
    o[1] = __reduce_min_sync(all, 40u - t);
    o[2] = (unsigned)__reduce_max_sync(all, (int)t - 20);
    o[3] = __reduce_or_sync(all, 1u << t);
    o[4] = __match_any_sync(all, t % 4);
    int pred;
    o[5] = __match_all_sync(all, t / 64, &pred);
    o[6] = (unsigned)pred;
    o[7] = __match_all_sync(all, t, &pred) | (unsigned)pred;
}
"#;

use crate::common::nvrtc;
use nvrtc::ptx_text_or_skip;

fn run(ptx: &str, kernel: &str, threads: u32, words: usize) -> Vec<u32> {
    let mut mem = Memory::new();
    let m = sim::load_ptx(ptx, &mut mem).unwrap();
    let out = mem.alloc(words * 4, 4).unwrap();
    let p = sim::pack_params(&m, kernel, &[&out.to_le_bytes()]).unwrap();
    let dims = Dims {
        grid: [1, 1, 1],
        block: [threads, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch(&m, &mut mem, kernel, dims, &p, sim::DEFAULT_BUDGET).unwrap();
    let mut bytes = vec![0u8; words * 4];
    mem.read(out, &mut bytes).unwrap();
    bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

#[test]
fn reduce_and_match_intrinsics_follow_their_definitions() {
    let Some(ptx) = ptx_text_or_skip(SOURCE, "compute_80") else {
        return;
    };
    let got = run(&ptx, "warp", 32, 32 * 8);
    for t in 0..32u32 {
        let row = &got[t as usize * 8..][..8];
        let same_class = (0..32u32)
            .filter(|k| k % 4 == t % 4)
            .fold(0, |m, k| m | 1 << k);
        let want = [
            (0..32).sum::<u32>(),
            40 - 31,
            (31i32 - 20) as u32,
            u32::MAX,
            same_class,
            u32::MAX, // every lane holds t / 64 == 0: the whole mask
            1,
            0, // lanes differ: 0, and pred false
        ];
        assert_eq!(row, want, "thread {t}");
    }
}

#[test]
fn elect_picks_the_lowest_lane_taking_part() {
    let ptx = r#".version 8.0
.target sm_90
.address_size 64
.visible .entry elect(.param .u64 out)
{
    .reg .pred %p<3>; .reg .b32 %r<6>; .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd2, %r1, 8;
    add.s64 %rd3, %rd1, %rd2;
    setp.lt.u32 %p1, %r1, 5;
    @%p1 bra DONE;
    activemask.b32 %r2;
    elect.sync %r3|%p2, %r2;
    selp.u32 %r4, 1, 0, %p2;
    st.global.u32 [%rd3], %r3;
    st.global.u32 [%rd3+4], %r4;
DONE:
    ret;
}"#;
    let got = run(ptx, "elect", 32, 64);
    for t in 0..32usize {
        let (leader, me) = (got[2 * t], got[2 * t + 1]);
        if t < 5 {
            assert_eq!((leader, me), (0, 0), "lane {t} did not take part");
        } else {
            assert_eq!((leader, me), (5, (t == 5) as u32), "lane {t}");
        }
    }
}

/// `cp.async` through CUDA's pipeline primitives (`__pipeline_memcpy_async`, 4, 8 and 16
/// bytes, and 8 with a zero-filled tail), committed and waited for, then read from shared
/// memory.
#[test]
fn async_copies_to_shared_memory_arrive_by_the_wait() {
    let source = r#"
#include <cuda_pipeline.h>
extern "C" __global__ void stage(const float4* in, float* out) {
    __shared__ float4 tile[32];
    __shared__ float2 pairs[32];
    __shared__ float2 half_filled[32];
    unsigned t = threadIdx.x;
    __pipeline_memcpy_async(&tile[t], &in[t], 16);
    __pipeline_memcpy_async(&pairs[t], &in[t], 8);
    // 8 bytes of which the last 4 are zero-filled: only `.x` comes from memory.
    __pipeline_memcpy_async(&half_filled[t], &in[t], 8, 4);
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    float4 v = tile[31 - t];
    out[t] = v.x + v.y + v.z + v.w + pairs[t].y + half_filled[t].x + 1000.0f * half_filled[t].y;
}
"#;
    let Some(ptx) = ptx_text_or_skip(source, "compute_80") else {
        return;
    };
    assert!(ptx.contains("cp.async"), "{ptx}");
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    let input: Vec<f32> = (0..128).map(|i| i as f32).collect();
    let inp = mem.alloc(512, 16).unwrap();
    let bytes: Vec<u8> = input.iter().flat_map(|v| v.to_le_bytes()).collect();
    mem.write(inp, &bytes).unwrap();
    let out = mem.alloc(128, 4).unwrap();
    let p = sim::pack_params(&m, "stage", &[&inp.to_le_bytes(), &out.to_le_bytes()]).unwrap();
    let dims = Dims {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch(&m, &mut mem, "stage", dims, &p, sim::DEFAULT_BUDGET).unwrap();
    let mut got = [0u8; 128];
    mem.read(out, &mut got).unwrap();
    for t in 0..32usize {
        let g = f32::from_le_bytes(got[4 * t..4 * t + 4].try_into().unwrap());
        let r = 31 - t;
        let tile: f32 = (0..4).map(|k| input[4 * r + k]).sum();
        let want = tile + input[4 * t + 1] + input[4 * t];
        assert_eq!(g, want, "thread {t}");
    }
}

/// `__syncthreads_count`, `__syncthreads_and` and `__syncthreads_or` (`bar.red`): a block-wide
/// reduction of a predicate, the same result in every thread, over three warps.
#[test]
fn barrier_reductions_count_and_combine_the_whole_block() {
    let source = r#"
extern "C" __global__ void votes(unsigned* out, unsigned limit) {
    unsigned t = threadIdx.x;
    out[t * 4 + 0] = __syncthreads_count(t < limit);
    out[t * 4 + 1] = __syncthreads_and(t < limit);
    out[t * 4 + 2] = __syncthreads_or(t == limit);
    out[t * 4 + 3] = __syncthreads_and(t < 1000);
}
"#;
    let Some(ptx) = ptx_text_or_skip(source, "compute_80") else {
        return;
    };
    assert!(ptx.contains("bar.red.popc"), "{ptx}");
    for limit in [0u32, 40, 96, 200] {
        let mut mem = Memory::new();
        let m = sim::load_ptx(&ptx, &mut mem).unwrap();
        let out = mem.alloc(96 * 16, 4).unwrap();
        let p = sim::pack_params(&m, "votes", &[&out.to_le_bytes(), &limit.to_le_bytes()]).unwrap();
        let dims = Dims {
            grid: [1, 1, 1],
            block: [96, 1, 1],
            shared_dynamic: 0,
        };
        sim::launch(&m, &mut mem, "votes", dims, &p, sim::DEFAULT_BUDGET).unwrap();
        let mut bytes = vec![0u8; 96 * 16];
        mem.read(out, &mut bytes).unwrap();
        let want = [limit.min(96), (limit >= 96) as u32, (limit < 96) as u32, 1];
        for t in 0..96usize {
            let row: Vec<u32> = (0..4)
                .map(|k| u32::from_le_bytes(bytes[16 * t + 4 * k..][..4].try_into().unwrap()))
                .collect();
            assert_eq!(row, want, "limit {limit}, thread {t}");
        }
    }
}

/// An f16's value, by its definition (1 sign, 5 exponent, 10 mantissa bits).
fn half_f64(h: u16) -> f64 {
    let (sign, exp, man) = (h >> 15, (h >> 10) & 0x1f, (h & 0x3ff) as f64);
    let mag = match exp {
        0 => man * 2f64.powi(-24),
        31 if man == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        e => (1.0 + man / 1024.0) * 2f64.powi(e as i32 - 15),
    };
    if sign == 1 {
        -mag
    } else {
        mag
    }
}

/// `__dp4a` and `__dp2a_lo/hi` (`dp4a`, `dp2a`: the integer dot products quantized matmuls
/// are built on) and `set` (a comparison as 1.0 or all ones), against their definitions.
#[test]
fn integer_dot_products_and_set_follow_their_definitions() {
    let source = r#"
extern "C" __global__ void dots(const int* in, int* out) {
    unsigned t = threadIdx.x;
    int a = in[2 * t], b = in[2 * t + 1];
    out[7 * t + 0] = __dp4a(a, b, 7);
    out[7 * t + 1] = (int)__dp4a((unsigned)a, (unsigned)b, 7u);
    out[7 * t + 2] = __dp2a_lo(a, b, -3);
    out[7 * t + 3] = __dp2a_hi(a, b, -3);
    float fa = __int_as_float(a), fb = __int_as_float(b);
    int r;
    asm("set.lt.u32.f32 %0, %1, %2;" : "=r"(r) : "f"(fa), "f"(fb));
    out[7 * t + 4] = r;
    float f;
    asm("set.ge.f32.s32 %0, %1, %2;" : "=f"(f) : "r"(a), "r"(b));
    out[7 * t + 5] = __float_as_int(f);
    unsigned short h, ha = (unsigned short)a, hb = (unsigned short)b;
    asm("set.lt.f16.f16 %0, %1, %2;" : "=h"(h) : "h"(ha), "h"(hb));
    out[7 * t + 6] = h;
}
"#;
    let Some(ptx) = ptx_text_or_skip(source, "compute_80") else {
        return;
    };
    let pairs: [(i32, i32); 8] = [
        (0x0102_0304, 0x0506_0708),
        (-1, -1),
        (0x7f80_7f80, 0x80ff_80ff_u32 as i32),
        (0, 12345),
        (-123456, 98765),
        (0x3f80_0000, 0x4000_0000), // 1.0 and 2.0 as floats
        (0x7fc0_0000, 0),           // a NaN
        (i32::MIN, i32::MAX),
    ];
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    let inp = mem.alloc(pairs.len() * 8, 4).unwrap();
    let bytes: Vec<u8> = pairs
        .iter()
        .flat_map(|&(a, b)| [a.to_le_bytes(), b.to_le_bytes()].concat())
        .collect();
    mem.write(inp, &bytes).unwrap();
    let out = mem.alloc(pairs.len() * 28, 4).unwrap();
    let p = sim::pack_params(&m, "dots", &[&inp.to_le_bytes(), &out.to_le_bytes()]).unwrap();
    let dims = Dims {
        grid: [1, 1, 1],
        block: [pairs.len() as u32, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch(&m, &mut mem, "dots", dims, &p, sim::DEFAULT_BUDGET).unwrap();
    let mut got = vec![0u8; pairs.len() * 28];
    mem.read(out, &mut got).unwrap();
    let sbytes = |x: i32| x.to_le_bytes().map(|b| b as i8 as i32);
    let ubytes = |x: i32| x.to_le_bytes().map(|b| b as i32);
    for (t, &(a, b)) in pairs.iter().enumerate() {
        let row: Vec<i32> = (0..7)
            .map(|k| i32::from_le_bytes(got[28 * t + 4 * k..][..4].try_into().unwrap()))
            .collect();
        let (sa, sb, ua, ub) = (sbytes(a), sbytes(b), ubytes(a), ubytes(b));
        let halves = [a as i16 as i32, (a >> 16) as i16 as i32];
        let (fa, fb) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
        let want = [
            (0..4).fold(7i32, |s, i| s.wrapping_add(sa[i] * sb[i])),
            (0..4).fold(7u32, |s, i| s.wrapping_add((ua[i] * ub[i]) as u32)) as i32,
            (0..2).fold(-3i32, |s, i| s.wrapping_add(halves[i] * sb[i])),
            (0..2).fold(-3i32, |s, i| s.wrapping_add(halves[i] * sb[i + 2])),
            if fa < fb { -1 } else { 0 },
            if a >= b { 1.0f32.to_bits() as i32 } else { 0 },
            // The low halves as f16: true is 1.0 in f16 (0x3c00); NaN compares false.
            if half_f64(a as u16) < half_f64(b as u16) {
                0x3c00
            } else {
                0
            },
        ];
        assert_eq!(row, want, "pair {t}: {a:#x}, {b:#x}");
    }
}

/// `__hmax_nan`/`__hmin_nan` (`max.NaN.f16`, `min.NaN.bf16`): a NaN operand gives the
/// canonical NaN (0x7fff) where plain `max`/`min` return the other operand.
#[test]
fn half_min_max_with_nan_propagate_it() {
    let source = r#"
#include <cuda_fp16.h>
#include <cuda_bf16.h>
extern "C" __global__ void nanmm(const unsigned short* in, unsigned short* out) {
    unsigned t = threadIdx.x;
    __half a = __ushort_as_half(in[2 * t]), b = __ushort_as_half(in[2 * t + 1]);
    __nv_bfloat16 c = __ushort_as_bfloat16(in[2 * t]), d = __ushort_as_bfloat16(in[2 * t + 1]);
    out[4 * t + 0] = __half_as_ushort(__hmax_nan(a, b));
    out[4 * t + 1] = __half_as_ushort(__hmax(a, b));
    out[4 * t + 2] = __bfloat16_as_ushort(__hmin_nan(c, d));
    out[4 * t + 3] = __bfloat16_as_ushort(__hmin(c, d));
}
"#;
    let Some(ptx) = ptx_text_or_skip(source, "compute_80") else {
        return;
    };
    assert!(ptx.contains(".NaN"), "{ptx}");
    // (1.0, NaN) and (2.0, 1.0) in f16; the same bits read as bf16 are other numbers.
    let pairs: [(u16, u16); 2] = [(0x3c00, 0x7fc1), (0x4000, 0x3c00)];
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    let inp = mem.alloc(8, 4).unwrap();
    let bytes: Vec<u8> = pairs
        .iter()
        .flat_map(|&(a, b)| [a.to_le_bytes(), b.to_le_bytes()].concat())
        .collect();
    mem.write(inp, &bytes).unwrap();
    let out = mem.alloc(16, 4).unwrap();
    let p = sim::pack_params(&m, "nanmm", &[&inp.to_le_bytes(), &out.to_le_bytes()]).unwrap();
    let dims = Dims {
        grid: [1, 1, 1],
        block: [2, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch(&m, &mut mem, "nanmm", dims, &p, sim::DEFAULT_BUDGET).unwrap();
    let mut got = [0u8; 16];
    mem.read(out, &mut got).unwrap();
    let h: Vec<u16> = got
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    // 0x7fc1 is a NaN in f16 and in bf16 (exponent all ones, mantissa bits set).
    assert_eq!(h[..4], [0x7fff, 0x3c00, 0x7fff, 0x3c00]);
    // No NaN: the larger f16 (2.0) and the smaller bf16 (0x3c00 < 0x4000 as bf16 too).
    assert_eq!(h[4..], [0x4000, 0x4000, 0x3c00, 0x3c00]);
}

/// `__reduce_*_sync` with a different member mask per lane (cooperative groups'
/// `labeled_partition` + `reduce`: each lane passes the mask `__match_any_sync` gave it)
/// reduces each lane's own group, not the whole warp (it did, before the real-world
/// differential run caught it in cuda-samples' `warpAggregatedAtomicsCG`).
#[test]
fn reduce_with_a_member_mask_per_lane_reduces_each_group() {
    const GROUPS: &str = r#"
extern "C" __global__ void groups(unsigned* out) {
    unsigned t = threadIdx.x;
    unsigned group = __match_any_sync(__activemask(), t % 3);
    out[t * 2] = __reduce_add_sync(group, t);
    out[t * 2 + 1] = (unsigned)__reduce_max_sync(group, (int)(t * 7 % 11));
}
"#;
    let Some(ptx) = ptx_text_or_skip(GROUPS, "compute_80") else {
        return;
    };
    assert!(
        ptx.contains("redux.sync"),
        "NVRTC emits redux.sync for sm_80"
    );
    let got = run(&ptx, "groups", 32, 64);
    for t in 0..32u32 {
        let members = (0..32u32).filter(|k| k % 3 == t % 3);
        let sum: u32 = members.clone().sum();
        let max = members.map(|k| k * 7 % 11).max().unwrap();
        assert_eq!(got[2 * t as usize], sum, "lane {t}: sum of its group");
        assert_eq!(got[2 * t as usize + 1], max, "lane {t}: max of its group");
    }
}
