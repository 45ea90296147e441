//! Named barriers for part of a block (`bar.sync`/`bar.arrive`/`barrier.sync id, count`)
//! and `mbarrier` (what `cuda::barrier`, `cuda::pipeline` and cooperative groups compile
//! to) on the simulated backend, through the public API: producer/consumer hand-offs,
//! independent groups, phases and tokens, `arrive_drop`, transaction counts, the
//! cuda-samples `simpleAWBarrier` kernel; and deadlocks end as errors naming the line.

use crate::common::nvrtc;

use cuda_library::{
    launch, BackendKind, Device, Error, LaunchConfig, Library, LibraryOptions, Program,
    ProgramOptions,
};

fn sim() -> cuda_library::Context {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    Device::new(0).unwrap().set_current().unwrap()
}

/// Warps 0-1 produce, warps 2-3 consume through `bar.arrive`/`bar.sync` on barrier 1 (the
/// producers never wait); meanwhile warps 0-1 and 2-3 also synchronise among themselves
/// on barriers 2 and 3, several rounds over.
const NAMED: &str = r#"
extern "C" __global__ void named(int* out, int rounds) {
    __shared__ int buf[64];
    __shared__ int mine[2][64];
    int t = threadIdx.x;
    int group = t / 64;
    for (int r = 0; r < rounds; ++r) {
        if (group == 0) {
            buf[t] = t * 10 + r;
            asm volatile("bar.arrive 1, 128;" ::: "memory");
            // The producers hand values to each other on barrier 2.
            mine[0][t] = r + t;
            asm volatile("bar.sync 2, 64;" ::: "memory");
            out[1024 + r * 64 + t] = mine[0][63 - t];
            asm volatile("bar.sync 2, 64;" ::: "memory");
        } else {
            asm volatile("barrier.sync 1, 128;" ::: "memory");
            int v = buf[t - 64];
            mine[1][t - 64] = v;
            asm volatile("bar.sync 3, 64;" ::: "memory");
            out[r * 64 + t - 64] = mine[1][127 - t] + 1;
            asm volatile("bar.sync 3, 64;" ::: "memory");
            // Consumed: the producers may overwrite buf after the next arrive pairs up.
            asm volatile("bar.arrive 4, 128;" ::: "memory");
        }
        if (group == 0) {
            asm volatile("bar.sync 4, 128;" ::: "memory");
        }
    }
}
"#;

#[test]
fn named_barriers_synchronise_part_of_a_block() {
    let ctx = sim();
    let Some(code) = nvrtc::ptx_or_skip(NAMED, "compute_80") else {
        return;
    };
    let lib = code.to_library(&LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("named").unwrap();
    let rounds = 5i32;
    let out = ctx.alloc_zeroed::<i32>(2048).unwrap();
    let s = ctx.create_stream().unwrap();
    launch!(k, &s, &LaunchConfig::new(1, 128), out, rounds).unwrap();
    s.synchronize().unwrap();
    let got = out.to_vec().unwrap();
    for r in 0..rounds {
        for i in 0..64 {
            let j = 63 - i;
            assert_eq!(
                got[(r * 64 + i) as usize],
                j * 10 + r + 1,
                "consumer round {r} {i}"
            );
            assert_eq!(
                got[(1024 + r * 64 + i) as usize],
                r + j,
                "producer round {r} {i}"
            );
        }
    }
}

/// Raw `mbarrier` PTX: two phases with tokens, parity waits, `pending_count`,
/// `arrive_drop`, `expect_tx`/`complete_tx`, `inval`, `cp.async.mbarrier.arrive.noinc`.
const MBAR_PTX: &str = r#".version 8.0
.target sm_90
.address_size 64

.visible .entry mbar(.param .u64 out)
{
    .reg .pred %p<8>;
    .reg .b32 %r<16>;
    .reg .b64 %rd<16>;
    .shared .align 8 .b64 bar;
    .shared .align 8 .b64 txbar;
    .shared .align 4 .b32 data[64];
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd1, %rd1;
    mov.u32 %r0, %tid.x;
    mul.wide.u32 %rd2, %r0, 4;
    add.s64 %rd3, %rd1, %rd2;
    setp.ne.u32 %p1, %r0, 0;
    @%p1 bra INITDONE;
    mbarrier.init.shared::cta.b64 [bar], 64;
    mbarrier.init.shared.b64 [txbar], 1;
INITDONE:
    bar.sync 0;
    // Phase 0: every thread writes, arrives, waits on its token.
    mov.u32 %r1, data;
    shl.b32 %r2, %r0, 2;
    add.u32 %r3, %r1, %r2;
    add.u32 %r4, %r0, 100;
    st.shared.u32 [%r3], %r4;
    mbarrier.arrive.release.cta.shared::cta.b64 %rd4, [bar];
    mbarrier.pending_count.b64 %r5, %rd4;
WAIT0:
    mbarrier.test_wait.shared.b64 %p2, [bar], %rd4;
    @!%p2 bra WAIT0;
    // Read the neighbour's value: written before its arrival.
    xor.b32 %r6, %r0, 63;
    shl.b32 %r7, %r6, 2;
    add.u32 %r8, %r1, %r7;
    ld.shared.u32 %r9, [%r8];
    st.global.u32 [%rd3], %r9;
    st.global.u32 [%rd3+256], %r5;
    // Phase 1: the upper half drops out; the lower half waits with a parity.
    setp.ge.u32 %p3, %r0, 32;
    @%p3 bra DROP;
    mbarrier.arrive.shared.b64 %rd5, [bar];
WAIT1:
    mbarrier.try_wait.parity.shared.b64 %p4, [bar], 1;
    @!%p4 bra WAIT1;
    // Phase 2 expects 32 arrivals now.
    mbarrier.arrive.shared.b64 %rd6, [bar];
WAIT2:
    mbarrier.try_wait.shared.b64 %p5, [bar], %rd6;
    @!%p5 bra WAIT2;
    selp.u32 %r10, 1, 0, %p5;
    st.global.u32 [%rd3+512], %r10;
    bra.uni TX;
DROP:
    mbarrier.arrive_drop.shared.b64 _, [bar];
TX:
    bar.sync 0;
    @%p1 bra END;
    // A transaction count: the phase needs 16 bytes as well as the arrival.
    mbarrier.arrive.expect_tx.shared.b64 %rd7, [txbar], 16;
    mbarrier.test_wait.shared.b64 %p6, [txbar], %rd7;
    selp.u32 %r11, 1, 0, %p6;
    mbarrier.complete_tx.shared.b64 [txbar], 16;
    mbarrier.test_wait.shared.b64 %p7, [txbar], %rd7;
    selp.u32 %r12, 1, 0, %p7;
    st.global.v2.u32 [%rd1+768], {%r11, %r12};
    // cp.async arrivals: without .noinc nothing changes, with it one arrival.
    cp.async.mbarrier.arrive.shared.b64 [txbar];
    mbarrier.test_wait.parity.shared.b64 %p6, [txbar], 1;
    selp.u32 %r13, 1, 0, %p6;
    cp.async.mbarrier.arrive.noinc.shared.b64 [txbar];
    mbarrier.test_wait.parity.shared.b64 %p7, [txbar], 1;
    selp.u32 %r14, 1, 0, %p7;
    st.global.v2.u32 [%rd1+776], {%r13, %r14};
    mbarrier.inval.shared.b64 [bar];
    ld.shared.u64 %rd8, [bar];
    st.global.u64 [%rd1+784], %rd8;
END:
    ret;
}
"#;

#[test]
fn mbarrier_phases_tokens_drops_and_transactions() {
    let ctx = sim();
    let lib = Library::load_data(MBAR_PTX.as_bytes(), &LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("mbar").unwrap();
    let out = ctx.alloc_zeroed::<u32>(200).unwrap();
    let s = ctx.create_stream().unwrap();
    launch!(k, &s, &LaunchConfig::new(1, 64), out).unwrap();
    s.synchronize().unwrap();
    let got = out.to_vec().unwrap();
    for t in 0..64u32 {
        assert_eq!(got[t as usize], (t ^ 63) + 100, "thread {t}: phase 0 data");
        // The token is the state before the thread's arrival: 64 - t pending.
        assert_eq!(got[64 + t as usize], 64 - t, "thread {t}: pending_count");
        if t < 32 {
            assert_eq!(got[128 + t as usize], 1, "thread {t}: phase 2 done");
        }
    }
    assert_eq!(got[192..194], [0, 1], "expect_tx then complete_tx");
    assert_eq!(
        got[194..196],
        [0, 1],
        "cp.async.mbarrier.arrive without and with .noinc"
    );
    assert_eq!(got[196..198], [0, 0], "mbarrier.inval clears the object");
}

/// `cuda::barrier` (libcu++) as users write it: arrive/wait, arrive_and_wait and
/// arrive_and_drop over several phases.
const CUDA_BARRIER: &str = r#"
#include <cuda/barrier>
extern "C" __global__ void cxx_barrier(int* out, int phases) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ int slot[256];
    int t = threadIdx.x;
    if (t == 0) init(&bar, blockDim.x);
    __syncthreads();
    int acc = 0;
    for (int p = 0; p < phases; ++p) {
        slot[t] = t * p;
        bar.arrive_and_wait();
        acc += slot[(t + 1) % blockDim.x];
        auto token = bar.arrive();
        bar.wait(std::move(token));
    }
    // The odd threads leave; the even ones go on alone.
    if (t & 1) {
        bar.arrive_and_drop();
        out[t] = acc;
        return;
    }
    slot[t] = -t;
    bar.arrive_and_wait();
    out[t] = acc + slot[(t + 2) % blockDim.x];
}
"#;

#[test]
fn cuda_barrier_from_libcuxx_runs() {
    let ctx = sim();
    let Some(code) = nvrtc::ptx_or_skip(CUDA_BARRIER, "compute_80") else {
        return;
    };
    let lib = code.to_library(&LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("cxx_barrier").unwrap();
    let (n, phases) = (96i32, 4i32);
    let out = ctx.alloc_zeroed::<i32>(n as usize).unwrap();
    let s = ctx.create_stream().unwrap();
    launch!(k, &s, &LaunchConfig::new(1, n as u32), out, phases).unwrap();
    s.synchronize().unwrap();
    let got = out.to_vec().unwrap();
    for t in 0..n {
        let acc: i32 = (0..phases).map(|p| ((t + 1) % n) * p).sum();
        let want = if t & 1 == 1 { acc } else { acc - (t + 2) % n };
        assert_eq!(got[t as usize], want, "thread {t}");
    }
}

/// The cuda-samples `simpleAWBarrier` kernel (cooperative groups, `cuda::barrier`, a grid
/// sync) on one block: both vectors divided by the square root of their dot product.
#[test]
fn simple_aw_barrier_sample_runs() {
    let ctx = sim();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/realworld");
    let dir = root.join("cuda-samples");
    let path = dir.join("Samples/0_Introduction/simpleAWBarrier/simpleAWBarrier.cu");
    let source = std::fs::read_to_string(&path).unwrap();
    let options = ProgramOptions {
        arch: Some("compute_80".into()),
        std: Some("c++17".into()),
        include_paths: vec![dir.join("Common"), root.join("shim")],
        extra: vec!["-include=math.h".into()],
        ..Default::default()
    };
    let program = Program::new(&source, options).with_name("simpleAWBarrier.cu");
    let Some(code) = nvrtc::compiled_or_skip(program) else {
        return;
    };
    let lib = code.to_library(&LibraryOptions::default()).unwrap();
    let k = lib
        .get_kernel("_Z28normVecByDotProductAWBarrierPfS_Pdi")
        .unwrap();
    let n = 1000usize;
    let a: Vec<f32> = (0..n).map(|i| 1.0 + (i % 7) as f32 * 0.25).collect();
    let b: Vec<f32> = (0..n).map(|i| 0.5 + (i % 5) as f32 * 0.125).collect();
    let da = ctx.htod(&a).unwrap();
    let db = ctx.htod(&b).unwrap();
    let partial = ctx.alloc_zeroed::<f64>(1).unwrap();
    let threads = 256u32;
    let cfg = LaunchConfig::new(1, threads)
        .with_shared_mem(threads / 32 * 8)
        .with_cooperative(true);
    let s = ctx.create_stream().unwrap();
    launch!(k, &s, &cfg, da, db, partial, n as i32).unwrap();
    s.synchronize().unwrap();
    let dot: f64 = a.iter().zip(&b).map(|(x, y)| (x * y) as f64).sum();
    let norm = dot.sqrt();
    let got = partial.to_vec().unwrap()[0];
    assert!(
        (got - norm).abs() <= 1e-12 * norm,
        "sqrt of the dot product {got}, want {norm}"
    );
    let ga = da.to_vec().unwrap();
    for i in (0..n).step_by(97) {
        let want = (a[i] as f64 / got) as f32;
        assert_eq!(ga[i], want, "vecA[{i}]");
    }
}

/// Two deadlocks: an `mbarrier` that expects more arrivals than ever come, and a named
/// barrier that too few threads reach (one warp of three, where two must). Both end with an error naming the line.
const DEADLOCKS: &str = r#".version 8.0
.target sm_80
.address_size 64

.visible .entry never_completes()
{
    .reg .pred %p<3>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    .shared .align 8 .b64 bar;
    mov.u32 %r0, %tid.x;
    setp.ne.u32 %p1, %r0, 0;
    @%p1 bra READY;
    mbarrier.init.shared.b64 [bar], 128;
READY:
    bar.sync 0;
    mbarrier.arrive.shared.b64 %rd1, [bar];
POLL:
    mbarrier.test_wait.shared.b64 %p2, [bar], %rd1;
    @!%p2 bra POLL;
    ret;
}

.visible .entry too_few()
{
    .reg .pred %p<2>;
    .reg .b32 %r<2>;
    mov.u32 %r0, %tid.x;
    setp.ge.u32 %p1, %r0, 32;
    @%p1 bra OUT;
    bar.sync 5, 64;
OUT:
    ret;
}
"#;

#[test]
fn deadlocks_end_with_an_error_naming_the_line() {
    let ctx = sim();
    let lib = Library::load_data(DEADLOCKS.as_bytes(), &LibraryOptions::default()).unwrap();
    let s = ctx.create_stream().unwrap();
    let k = lib.get_kernel("never_completes").unwrap();
    let e = launch!(k, &s, &LaunchConfig::new(1, 64))
        .and_then(|_| s.synchronize())
        .unwrap_err();
    let t = e.to_string();
    assert!(matches!(e, Error::KernelFault { line: 19, .. }), "{t}");
    assert!(t.contains("deadlock") && t.contains("mbarrier"), "{t}");
    let k = lib.get_kernel("too_few").unwrap();
    let e = launch!(k, &s, &LaunchConfig::new(1, 96))
        .and_then(|_| s.synchronize())
        .unwrap_err();
    let t = e.to_string();
    assert!(matches!(e, Error::KernelFault { line: 31, .. }), "{t}");
    assert!(t.contains("deadlock") && t.contains("barrier 5"), "{t}");
    // The library stays usable.
    let k = lib.get_kernel("too_few").unwrap();
    launch!(k, &s, &LaunchConfig::new(1, 64)).unwrap();
    s.synchronize().unwrap();
}

/// `cp.async.bulk` global -> shared completing an `mbarrier`'s transaction bytes, the
/// waiting threads then reading the copy, and shared -> global with a bulk group.
const BULK_PTX: &str = r#".version 8.0
.target sm_90
.address_size 64

.visible .entry bulk(.param .u64 out, .param .u64 inp)
{
    .reg .pred %p<4>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<8>;
    .shared .align 8 .b64 bar;
    .shared .align 16 .b8 tile[256];
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [inp];
    cvta.to.global.u64 %rd1, %rd1;
    cvta.to.global.u64 %rd2, %rd2;
    mov.u32 %r0, %tid.x;
    setp.ne.u32 %p1, %r0, 0;
    @%p1 bra READY;
    mbarrier.init.shared::cta.b64 [bar], 64;
READY:
    bar.sync 0;
    @%p1 bra ARRIVE;
    mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [bar], 256;
    cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [tile], [%rd2], 256, [bar];
ARRIVE:
    mbarrier.arrive.shared::cta.b64 %rd3, [bar];
WAIT:
    mbarrier.try_wait.shared::cta.b64 %p2, [bar], %rd3;
    @!%p2 bra WAIT;
    mov.u32 %r1, tile;
    shl.b32 %r2, %r0, 2;
    add.u32 %r3, %r1, %r2;
    ld.shared.u32 %r4, [%r3];
    add.u32 %r4, %r4, 1;
    st.shared.u32 [%r3], %r4;
    bar.sync 0;
    @%p1 bra END;
    cp.async.bulk.global.shared::cta.bulk_group [%rd1], [tile], 256;
    cp.async.bulk.commit_group;
    cp.async.bulk.wait_group.read 0;
END:
    ret;
}
"#;

#[test]
fn bulk_copies_complete_mbarrier_transactions() {
    let ctx = sim();
    let lib = Library::load_data(BULK_PTX.as_bytes(), &LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("bulk").unwrap();
    let inp: Vec<u32> = (0..64).map(|i| i * 3 + 7).collect();
    let dinp = ctx.htod(&inp).unwrap();
    let out = ctx.alloc_zeroed::<u32>(64).unwrap();
    let s = ctx.create_stream().unwrap();
    launch!(k, &s, &LaunchConfig::new(1, 64), out, dinp).unwrap();
    s.synchronize().unwrap();
    let want: Vec<u32> = inp.iter().map(|v| v + 1).collect();
    assert_eq!(out.to_vec().unwrap(), want);
}
