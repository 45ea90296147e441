//! A `.sync` warp operation in a diverged warp waits for the warp's lanes still elsewhere
//! (PTX ISA: `shfl.sync` "causes executing thread to wait until all non-exited threads
//! corresponding to membermask have executed shfl.sync"), as independent thread
//! scheduling does on sm_70+. The shape that broke it (finding S3 of
//! `tests/compiler/FINDINGS.md`): some lanes branch forward to the label just before the
//! operation while the others run code placed after it and come back later.

use cuda_library::sim::{self, Dims, Memory};
use cuda_library::{Program, ProgramOptions};

use crate::common::nvrtc::compiled_or_skip;

/// Odd lanes jump forward to `GATHER`; even lanes run `SLOW` (after the exit), which sets
/// `%r3 = 200 + lane` and `%p2`, and come back. Each lane then writes what the warp
/// operation `op` gave it (`%r4`) to `out[lane]`.
fn forward_branch_ptx(op: &str) -> String {
    format!(
        r#".version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out)
{{
    .reg .pred %p<3>;
    .reg .b32 %r<6>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %laneid;
    add.u32 %r3, %r1, 100;
    setp.gt.u32 %p2, %r1, 1000;
    and.b32 %r2, %r1, 1;
    setp.ne.u32 %p1, %r2, 0;
    @%p1 bra GATHER;
    bra SLOW;
GATHER:
    {op}
    mul.wide.u32 %rd2, %r1, 4;
    add.u64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r4;
    ret;
SLOW:
    add.u32 %r3, %r1, 200;
    setp.lt.u32 %p2, %r1, 1000;
    bra GATHER;
}}
"#
    )
}

fn run(ptx: &str, kernel: &str, threads: u32, params: &[&[u8]], words: usize) -> Vec<u32> {
    let mut mem = Memory::new();
    let m = sim::load_ptx(ptx, &mut mem).unwrap();
    let out = mem.alloc(words * 4, 4).unwrap();
    let mut args: Vec<&[u8]> = params.to_vec();
    let out_bytes = out.to_le_bytes();
    args.push(&out_bytes);
    let p = sim::pack_params(&m, kernel, &args).unwrap();
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

/// What every lane's `%r3` holds when it reaches `GATHER`.
fn value_at_gather(lane: u32) -> u32 {
    if lane % 2 == 1 {
        100 + lane
    } else {
        200 + lane
    }
}

#[test]
fn shfl_sync_waits_for_lanes_that_come_back_to_it_later() {
    let got = run(
        &forward_branch_ptx("shfl.sync.bfly.b32 %r4, %r3, 1, 31, -1;"),
        "k",
        32,
        &[],
        32,
    );
    let want: Vec<u32> = (0..32).map(|l| value_at_gather(l ^ 1)).collect();
    assert_eq!(got, want);
}

#[test]
fn vote_sync_counts_every_lane_of_its_mask() {
    let got = run(
        &forward_branch_ptx("vote.sync.ballot.b32 %r4, %p2, -1;"),
        "k",
        32,
        &[],
        32,
    );
    // Only the even lanes (through `SLOW`) set `%p2`.
    assert_eq!(got, vec![0x5555_5555; 32]);
}

#[test]
fn redux_sync_reduces_over_every_lane_of_its_mask() {
    let got = run(
        &forward_branch_ptx("redux.sync.add.u32 %r4, %r3, -1;"),
        "k",
        32,
        &[],
        32,
    );
    let sum: u32 = (0..32).map(value_at_gather).sum();
    assert_eq!(got, vec![sum; 32]);
}

#[test]
fn match_sync_compares_every_lane_of_its_mask() {
    // `%r3 >> 10` is 0 in every lane: each lane's match is the whole warp.
    let got = run(
        &forward_branch_ptx("shr.u32 %r5, %r3, 10;\n    match.any.sync.b32 %r4, %r5, -1;"),
        "k",
        32,
        &[],
        32,
    );
    assert_eq!(got, vec![u32::MAX; 32]);
}

#[test]
fn a_mask_naming_a_lane_that_spins_forever_ends_at_the_budget() {
    // Even lanes spin where the odd ones wait for them at the shuffle: a hang on a GPU;
    // here the launch ends with the budget's error.
    let ptx = forward_branch_ptx("shfl.sync.bfly.b32 %r4, %r3, 1, 31, -1;")
        .replace("    bra GATHER;\n}", "SPIN:\n    bra SPIN;\n}");
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    let out = mem.alloc(128, 4).unwrap();
    let p = sim::pack_params(&m, "k", &[&out.to_le_bytes()]).unwrap();
    let dims = Dims {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        shared_dynamic: 0,
    };
    let err = sim::launch(&m, &mut mem, "k", dims, &p, 1_000_000).unwrap_err();
    assert!(err.to_string().contains("budget"), "{err}");
}

#[test]
fn lanes_that_exit_are_not_waited_for() {
    // Even lanes exit in `SLOW`: the odd lanes' shuffle (mask -1) runs without them, as
    // the ISA says for exited lanes, and exchanges between odd lanes (lane ^ 2).
    let ptx = forward_branch_ptx("shfl.sync.bfly.b32 %r4, %r3, 2, 31, -1;")
        .replace("    bra GATHER;\n}", "    ret;\n}");
    let got = run(&ptx, "k", 32, &[], 32);
    for l in (1..32).step_by(2) {
        assert_eq!(got[l as usize], value_at_gather(l ^ 2), "lane {l}");
    }
}

/// Finding S3's kernel: NVRTC inlines `pow`, whose branches jump forward to the label just
/// before the `shfl.sync.bfly.b32` pair while one path comes back to it later.
const S3: &str = r#"
extern "C" __global__ void gen_kernel(const unsigned* in, unsigned* out) {
    const unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned* w = in + tid * 8u;
    double x = __longlong_as_double((long long)(((unsigned long long)(w[4] | 0x00080000u) << 32) | w[7]));
    x = (rsqrt((double)(short)w[5]) + ((double)(unsigned char)w[6] - x)) * x;
    double q = pow(x, x * x + x);
    double viaShfl = __shfl_xor_sync(0xffffffffu, q, 4);
    __shared__ double sq[64];
    sq[threadIdx.x] = q;
    __syncthreads();
    double viaShared = sq[threadIdx.x ^ 4];
    out[tid * 64u] = __double_as_longlong(viaShfl) == __double_as_longlong(viaShared);
}
"#;

#[test]
fn nvrtc_pow_then_shfl_agrees_with_shared_memory() {
    let options = ProgramOptions {
        arch: Some("compute_90".into()),
        extra: vec!["-fmad=false".into()],
        ..Default::default()
    };
    let Some(code) = compiled_or_skip(Program::new(S3, options)) else {
        return;
    };
    let ptx = code.ptx_text().unwrap_or_default().to_string();
    // Words from a fixed linear congruential sequence: exponents and signs vary by lane,
    // so `pow` takes different paths in one warp.
    let mut state = 33u64;
    let input: Vec<u32> = (0..64 * 8)
        .map(|_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as u32
        })
        .collect();
    let mut mem = Memory::new();
    let m = sim::load_ptx(&ptx, &mut mem).unwrap();
    let inp = mem.alloc(input.len() * 4, 4).unwrap();
    let bytes: Vec<u8> = input.iter().flat_map(|v| v.to_le_bytes()).collect();
    mem.write(inp, &bytes).unwrap();
    let out = mem.alloc(64 * 64 * 4, 4).unwrap();
    let p = sim::pack_params(&m, "gen_kernel", &[&inp.to_le_bytes(), &out.to_le_bytes()]).unwrap();
    let dims = Dims {
        grid: [1, 1, 1],
        block: [64, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch(&m, &mut mem, "gen_kernel", dims, &p, sim::DEFAULT_BUDGET).unwrap();
    let mut got = vec![0u8; 64 * 64 * 4];
    mem.read(out, &mut got).unwrap();
    for t in 0..64usize {
        let word = u32::from_le_bytes([
            got[t * 256],
            got[t * 256 + 1],
            got[t * 256 + 2],
            got[t * 256 + 3],
        ]);
        assert_eq!(
            word, 1,
            "thread {t}: the shuffle and shared memory disagree"
        );
    }
}
