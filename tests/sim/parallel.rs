//! Blocks on several worker threads ([`sim::Budget::threads`]): the same bits, counters and
//! faults as on one thread, and budgets and deadlines that stop every worker.
//!
//! `parallel_work: 0` makes every launch that can use its workers, however small.

use std::time::{Duration, Instant};

use crate::common::cases::{self, Arg};
use cuda_library::sim::{self, Budget, Dims, Memory};
use cuda_library::Error;

/// A budget of `threads` workers that uses them for any launch.
fn workers(threads: usize) -> Budget {
    Budget {
        threads,
        parallel_work: 0,
        ..Budget::from(sim::DEFAULT_BUDGET)
    }
}

/// What a launch left behind: its output buffers, counters and line counters.
type Outcome = (Vec<Vec<u8>>, sim::Stats, Vec<sim::LineCounters>);

/// Runs corpus case `c` on the engine with `budget`.
fn run_case(ptx: &str, c: &cases::Case, budget: Budget) -> cuda_library::Result<Outcome> {
    let mut mem = Memory::new();
    let module = sim::load_ptx(ptx, &mut mem)?;
    let mut args: Vec<Vec<u8>> = Vec::new();
    let mut outs = Vec::new();
    for a in &c.args {
        args.push(match a {
            Arg::Buf { bytes, out } => {
                let at = mem.alloc(bytes.len().max(1), 256)?;
                mem.write(at, bytes)?;
                if *out {
                    outs.push((at, bytes.len()));
                }
                at.to_le_bytes().to_vec()
            }
            Arg::I32(v) => v.to_le_bytes().to_vec(),
            Arg::U32(v) => v.to_le_bytes().to_vec(),
            Arg::F32(v) => v.to_le_bytes().to_vec(),
            Arg::F64(v) => v.to_le_bytes().to_vec(),
        });
    }
    let refs: Vec<&[u8]> = args.iter().map(|a| a.as_slice()).collect();
    let params = sim::pack_params(&module, c.kernel, &refs)?;
    let dims = Dims {
        grid: c.grid,
        block: c.block,
        shared_dynamic: c.shared,
    };
    let (stats, lines) = sim::launch_profiled(&module, &mut mem, c.kernel, dims, &params, budget)?;
    let mut read = Vec::new();
    for (at, len) in outs {
        let mut bytes = vec![0u8; len];
        mem.read(at, &mut bytes)?;
        read.push(bytes);
    }
    Ok((read, stats, lines))
}

#[test]
fn the_corpus_gives_the_same_bits_and_counters_on_one_and_many_workers() {
    let ptx = include_str!("../fixtures/corpus.ptx");
    // Float atomics on one address add in the order the workers reach them.
    let order_dependent = ["reduce_warp_shuffle"];
    let mut compared = 0;
    // The checked-in PTX predates some cases' kernels; templates need name expressions.
    let present = |c: &&cases::Case| ptx.contains(&format!(".entry {}(", c.kernel));
    for c in cases::all().iter().filter(present) {
        let one = run_case(ptx, c, workers(1)).unwrap();
        for threads in [2, 8] {
            let many = run_case(ptx, c, workers(threads)).unwrap();
            if !order_dependent.contains(&c.kernel) {
                assert!(many.0 == one.0, "{}: outputs differ on {threads}", c.name);
            }
            assert_eq!(many.1, one.1, "{}: counters on {threads} workers", c.name);
            assert_eq!(many.2, one.2, "{}: line counters on {threads}", c.name);
        }
        compared += 1;
    }
    assert!(compared >= 20, "{compared} cases");
}

const HEADER: &str = ".version 8.0\n.target sm_80\n.address_size 64\n";

/// Loads `entry` (a `.visible .entry k(...)`) into fresh memory.
fn load(entry: &str) -> (sim::SimModule, Memory) {
    let mut mem = Memory::new();
    let module = sim::load_ptx(&format!("{HEADER}{entry}"), &mut mem).unwrap();
    (module, mem)
}

/// Blocks 5, 7, 9, ... store past their buffer (thread 3 first); the rest store in it.
const FAULTS_FROM_BLOCK_5: &str = r#"
.visible .entry k(.param .u64 out)
{
    .reg .b32 %r<6>; .reg .b64 %rd<5>; .reg .pred %p<3>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %tid.x;
    mul.wide.u32 %rd2, %r2, 4;
    and.b32 %r3, %r1, 1;
    setp.eq.u32 %p1, %r3, 1;
    setp.ge.u32 %p2, %r1, 5;
    and.pred %p1, %p1, %p2;
    @%p1 add.s64 %rd2, %rd2, 1048564;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r1;
    ret;
}"#;

#[test]
fn the_earliest_faulting_block_is_reported_whatever_the_workers() {
    for round in 0..10 {
        let (m, mut mem) = load(FAULTS_FROM_BLOCK_5);
        let out = mem.alloc(1 << 20, 256).unwrap();
        let p = sim::pack_params(&m, "k", &[&out.to_le_bytes()]).unwrap();
        let dims = Dims {
            grid: [64, 1, 1],
            block: [32, 1, 1],
            shared_dynamic: 0,
        };
        let e = sim::launch(&m, &mut mem, "k", dims, &p, workers(8)).unwrap_err();
        match e {
            Error::KernelFault { block, thread, .. } => {
                assert_eq!(block, [5, 0, 0], "round {round}");
                assert_eq!(thread, [3, 0, 0], "round {round}");
            }
            e => panic!("round {round}: {e}"),
        }
    }
}

const FOREVER: &str =
    ".visible .entry k() { .reg .pred %p<2>; LOOP: setp.eq.u32 %p1, 1, 1; @%p1 bra LOOP; ret; }";

#[test]
fn a_runaway_kernel_stops_at_its_budget_and_deadline_on_every_worker() {
    let dims = Dims {
        grid: [64, 1, 1],
        block: [64, 1, 1],
        shared_dynamic: 0,
    };
    let (m, mut mem) = load(FOREVER);
    let budget = Budget {
        work: 50_000_000,
        ..workers(8)
    };
    let t = Instant::now();
    let e = sim::launch(&m, &mut mem, "k", dims, &[], budget).unwrap_err();
    assert!(matches!(e, Error::InstructionBudget { .. }), "{e}");
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());

    let budget = Budget {
        work: u64::MAX,
        deadline: Some(Duration::from_millis(200)),
        ..workers(8)
    };
    let t = Instant::now();
    let e = sim::launch(&m, &mut mem, "k", dims, &[], budget).unwrap_err();
    assert!(matches!(e, Error::Deadline { .. }), "{e}");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

/// Every block stores `ctaid` in both halves of one shared word, then reads the word back
/// into `out[ctaid]`: the blocks race.
const RACING: &str = r#"
.visible .entry k(.param .u64 word, .param .u64 out)
{
    .reg .b32 %r<3>; .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [word];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %ctaid.x;
    cvt.u64.u32 %rd3, %r1;
    shl.b64 %rd4, %rd3, 32;
    or.b64 %rd4, %rd4, %rd3;
    st.global.u64 [%rd1], %rd4;
    ld.global.u64 %rd5, [%rd1];
    mul.wide.u32 %rd6, %r1, 8;
    add.s64 %rd7, %rd2, %rd6;
    st.global.u64 [%rd7], %rd5;
    ret;
}"#;

#[test]
fn racing_blocks_see_one_value_or_another_never_a_torn_one() {
    let (m, mut mem) = load(RACING);
    let blocks = 512u32;
    let word = mem.alloc(8, 256).unwrap();
    let out = mem.alloc(blocks as usize * 8, 256).unwrap();
    let p = sim::pack_params(&m, "k", &[&word.to_le_bytes(), &out.to_le_bytes()]).unwrap();
    let dims = Dims {
        grid: [blocks, 1, 1],
        block: [1, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch(&m, &mut mem, "k", dims, &p, workers(8)).unwrap();
    let mut bytes = vec![0u8; blocks as usize * 8];
    mem.read(out, &mut bytes).unwrap();
    for (b, v) in bytes.chunks_exact(8).enumerate() {
        let v = u64::from_le_bytes(v.try_into().unwrap());
        assert_eq!(v >> 32, v & 0xffff_ffff, "block {b} read {v:#x}");
        assert!((v & 0xffff_ffff) < blocks as u64, "block {b} read {v:#x}");
    }
}

/// Each thread adds its index (as an `f32`) into one address: the sum's rounding depends
/// on the order.
const FLOAT_SUM: &str = r#"
.visible .entry k(.param .u64 sum)
{
    .reg .b32 %r<4>; .reg .f32 %f<3>; .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [sum];
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %tid.x;
    mad.lo.u32 %r3, %r1, 64, %r2;
    cvt.rn.f32.u32 %f1, %r3;
    mul.f32 %f1, %f1, 0f3DCCCCCD;
    red.global.add.f32 [%rd1], %f1;
    ret;
}"#;

#[test]
fn float_atomics_give_the_same_bits_every_run_on_one_worker() {
    let sum = |budget: Budget| {
        let (m, mut mem) = load(FLOAT_SUM);
        let at = mem.alloc(4, 256).unwrap();
        let p = sim::pack_params(&m, "k", &[&at.to_le_bytes()]).unwrap();
        let dims = Dims {
            grid: [256, 1, 1],
            block: [64, 1, 1],
            shared_dynamic: 0,
        };
        sim::launch(&m, &mut mem, "k", dims, &p, budget).unwrap();
        let mut bytes = [0u8; 4];
        mem.read(at, &mut bytes).unwrap();
        f32::from_le_bytes(bytes)
    };
    let first = sum(workers(1));
    for _ in 0..3 {
        assert_eq!(sum(workers(1)).to_bits(), first.to_bits());
    }
    // On several workers the order, and so the last bits, may change; the value may not
    // stray far from the exact sum (0.1 * (0 + ... + 16383)).
    let exact = 0.1 * (16384.0 * 16383.0 / 2.0);
    let many = sum(workers(8));
    assert!(
        ((many as f64) - exact).abs() / exact < 1e-3,
        "{many} vs {exact}"
    );
}

/// Every block reads 4 bytes of constant memory at an odd offset.
const MISALIGNED_CONST: &str = r#"
.const .align 4 .b8 table[16];
.visible .entry k(.param .u64 out)
{
    .reg .b32 %r<2>; .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [out];
    ld.const.u32 %r1, [table+2];
    st.global.u32 [%rd1], %r1;
    ret;
}"#;

#[test]
fn a_misaligned_constant_read_faults_on_one_worker_as_on_many() {
    for threads in [1, 8] {
        let (m, mut mem) = load(MISALIGNED_CONST);
        let out = mem.alloc(4, 256).unwrap();
        let p = sim::pack_params(&m, "k", &[&out.to_le_bytes()]).unwrap();
        let dims = Dims {
            grid: [16, 1, 1],
            block: [32, 1, 1],
            shared_dynamic: 0,
        };
        let e = sim::launch(&m, &mut mem, "k", dims, &p, workers(threads)).unwrap_err();
        match e {
            Error::KernelFault { block, detail, .. } => {
                assert_eq!(block, [0, 0, 0], "{threads} workers");
                assert!(detail.contains("misaligned 4-byte access"), "{detail}");
            }
            e => panic!("{threads} workers: {e}"),
        }
    }
}
