//! What a launch may hold and how long it may run, whatever the kernel: the memory of the
//! blocks in flight (registers, shared and local memory, on every worker and in every
//! co-scheduled block) stays within `Limits::register_file_bytes`, and the work budget
//! ends a launch whose co-scheduled blocks spin as surely as a plain one.
//!
//! The tests that would take gigabytes or minutes without their fix run in a child process
//! (this test binary again) that reports its peak resident memory (`VmHWM`) and its time.

use std::process::Command;
use std::time::{Duration, Instant};

use cuda_library::sim::{self, Budget, Coschedule, Dims, Memory};
use cuda_library::Error;

const CHILD_ENV: &str = "LAUNCH_BOUNDS_CHILD";

/// Runs `body` in a child process (this binary, running only test `name`) and asserts
/// that it succeeded within `time` with a peak resident memory under `peak_mb` MB.
fn in_bounded_child(name: &str, peak_mb: u64, time: Duration, body: impl FnOnce()) {
    in_bounded_child_of(module_path!(), name, peak_mb, time, body);
}

/// [`in_bounded_child`] for test `name` of the test module `module` (its `module_path!()`).
pub(crate) fn in_bounded_child_of(
    module: &str,
    name: &str,
    peak_mb: u64,
    time: Duration,
    body: impl FnOnce(),
) {
    if std::env::var(CHILD_ENV).as_deref() == Ok(name) {
        let started = Instant::now();
        body();
        println!("\nBOUNDS-MS {}", started.elapsed().as_millis());
        println!("BOUNDS-PEAK-KIB {}", peak_kib());
        return;
    }
    if !cfg!(target_os = "linux") {
        body();
        return;
    }
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            crate::common::test_name(module, name).as_str(),
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, name)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{name}: the child failed ({})\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    let field = |key: &str| -> u64 {
        stdout
            .lines()
            .find_map(|l| l.split(key).nth(1))
            .unwrap_or_else(|| panic!("{name}: the child did not report {key}:\n{stdout}"))
            .trim()
            .parse()
            .unwrap()
    };
    let (ms, peak) = (field("BOUNDS-MS "), field("BOUNDS-PEAK-KIB "));
    eprintln!("{name}: {ms} ms, peak resident memory {} MB", peak / 1000);
    assert!(peak < peak_mb * 1000, "{name}: peak {peak} KiB");
    assert!(
        ms < time.as_millis() as u64,
        "{name}: {ms} ms, more than {time:?}"
    );
}

/// `VmHWM` of this process, in KiB.
fn peak_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// Loads `ptx` (kernels taking one `.u64` pointer) with a zeroed 4 KiB buffer for it;
/// runs kernel `k` as `co` says within `budget`.
fn launch(
    ptx: &str,
    k: &str,
    (grid, threads, co): (u32, u32, Coschedule),
    budget: Budget,
) -> cuda_library::Result<sim::Stats> {
    let mut mem = Memory::new();
    let module = sim::load_ptx(ptx, &mut mem)?;
    let buf = mem.alloc(4096, 256)?;
    let params = sim::pack_params(&module, k, &[&buf.to_le_bytes()])?;
    let dims = Dims {
        grid: [grid, 1, 1],
        block: [threads, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch_coscheduled(&module, &mut mem, (k, dims, co), &params, budget)
        .map(|(stats, _)| stats)
}

const HEAD: &str = ".version 8.0\n.target sm_90\n.address_size 64\n";

/// Thread 0 of the cluster's rank 0 spins on a word nobody writes; every other thread waits
/// at the cluster barrier.
const CLUSTER_SPIN: &str = r#"
.visible .entry spin(.param .u64 flag)
{
    .reg .b32 %r<4>; .reg .b64 %rd<2>; .reg .pred %p<3>;
    ld.param.u64 %rd1, [flag];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %cluster_ctarank;
    or.b32 %r3, %r1, %r2;
    setp.eq.u32 %p1, %r3, 0;
    @%p1 bra SPIN;
    barrier.cluster.arrive;
    barrier.cluster.wait;
    ret;
SPIN:
    ld.volatile.global.u32 %r3, [%rd1];
    setp.eq.u32 %p2, %r3, 0;
    @%p2 bra SPIN;
    ret;
}
"#;

/// Every block's thread 0 counts its arrival and spins until all blocks have (as a grid
/// sync does), but the last block never arrives: it spins too, on another word.
const GRID_SPIN: &str = r#"
.visible .entry spin(.param .u64 flag)
{
    .reg .b32 %r<8>; .reg .b64 %rd<3>; .reg .pred %p<4>;
    ld.param.u64 %rd1, [flag];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %nctaid.x;
    add.u32 %r4, %r2, 1;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra WAIT;
    setp.eq.u32 %p3, %r4, %r3;
    @%p3 bra NEVER;
    atom.global.add.u32 %r5, [%rd1], 1;
ARRIVE:
    ld.volatile.global.u32 %r5, [%rd1];
    setp.lt.u32 %p2, %r5, %r3;
    @%p2 bra ARRIVE;
    bra WAIT;
NEVER:
    ld.volatile.global.u32 %r5, [%rd1+64];
    setp.eq.u32 %p2, %r5, 0;
    @%p2 bra NEVER;
WAIT:
    bar.sync 0;
    ret;
}
"#;

fn cluster(n: u32) -> Coschedule {
    Coschedule {
        cluster: Some([n, 1, 1]),
        cooperative: false,
    }
}

const COOPERATIVE: Coschedule = Coschedule {
    cluster: None,
    cooperative: true,
};

fn one_thread(work: u64) -> Budget {
    Budget {
        threads: 1,
        ..Budget::from(work)
    }
}

/// Each thread of kernel `local` has 512 KiB of local memory; thread 0 of each block
/// writes its last word and copies it out.
const BIG_LOCAL: &str = r#"
.visible .entry local(.param .u64 out)
{
    .local .align 4 .b8 buf[524288];
    .reg .b32 %r<4>; .reg .b64 %rd<2>; .reg .pred %p<2>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 ret;
    mov.u32 %r2, %ctaid.x;
    add.u32 %r2, %r2, 7;
    st.local.u32 [buf+524284], %r2;
    ld.local.u32 %r3, [buf+524284];
    st.global.u32 [%rd1], %r3;
    ret;
}
"#;

/// The same with 4 KiB per thread.
const SMALL_LOCAL: &str = r#"
.visible .entry local(.param .u64 out)
{
    .local .align 4 .b8 buf[4096];
    .reg .b32 %r<4>; .reg .b64 %rd<2>; .reg .pred %p<2>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 ret;
    mov.u32 %r2, %ctaid.x;
    add.u32 %r2, %r2, 7;
    st.local.u32 [buf+4092], %r2;
    ld.local.u32 %r3, [buf+4092];
    atom.global.add.u32 %r3, [%rd1], %r3;
    ret;
}
"#;

/// Kernel `regs` writing each of `n` registers in every thread.
fn many_registers(n: usize) -> String {
    let mut body = format!("{HEAD}.visible .entry regs(.param .u64 out) {{ .reg .b32 %r<{n}>;\n");
    for i in 0..n {
        body.push_str(&format!("mov.u32 %r{i}, {i};\n"));
    }
    body.push_str("ret; }");
    body
}

/// On `workers` threads with every launch worth sharing.
fn workers(threads: usize) -> Budget {
    Budget {
        threads,
        parallel_work: 0,
        ..Budget::from(sim::DEFAULT_BUDGET)
    }
}

#[test]
fn local_memory_counts_in_the_register_file_bytes() {
    in_bounded_child(
        "local_memory_counts_in_the_register_file_bytes",
        100,
        Duration::from_secs(5),
        || {
            // 1024 threads of 512 KiB: 512 MiB, once allocated up front (532 MB on one
            // worker, an allocation failure on 64). Refused before anything is allocated.
            let ptx = format!("{HEAD}{BIG_LOCAL}");
            let e =
                launch(&ptx, "local", (1, 1024, Coschedule::default()), workers(16)).unwrap_err();
            match &e {
                Error::LimitExceeded { limit, asked, .. } => {
                    assert_eq!(limit, "register_file_bytes");
                    assert!(*asked > 512 << 20, "{asked}");
                }
                other => panic!("{other}"),
            }
            assert!(e.to_string().contains("local memory"), "{e}");
            // A cooperative grid of 264 blocks of 1024 threads with 4 KiB each: 1.1 GB.
            let ptx = format!("{HEAD}{SMALL_LOCAL}");
            let e = launch(&ptx, "local", (264, 1024, COOPERATIVE), workers(16)).unwrap_err();
            assert!(
                matches!(&e, Error::LimitExceeded { asked, .. } if *asked > 1 << 30),
                "{e}"
            );
        },
    );
}

#[test]
fn local_memory_is_allocated_when_a_thread_first_uses_it() {
    in_bounded_child(
        "local_memory_is_allocated_when_a_thread_first_uses_it",
        60,
        Duration::from_secs(20),
        || {
            // 128 threads of 512 KiB (64 MiB a block) on 16 workers: one fits in the
            // register file's 96 MiB, and only thread 0's local memory is ever allocated.
            let ptx = format!("{HEAD}{BIG_LOCAL}");
            let stats = launch(&ptx, "local", (64, 128, Coschedule::default()), workers(16))
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(stats.blocks, 64);
            // A cooperative grid of 264 blocks of 64 threads with 4 KiB each (69 MB if
            // allocated) fits, and holds 264 threads' 4 KiB.
            let ptx = format!("{HEAD}{SMALL_LOCAL}");
            launch(&ptx, "local", (264, 64, COOPERATIVE), workers(16))
                .unwrap_or_else(|e| panic!("{e}"));
        },
    );
}

#[test]
fn workers_hold_no_more_registers_than_the_register_file_bytes() {
    in_bounded_child(
        "workers_hold_no_more_registers_than_the_register_file_bytes",
        60,
        Duration::from_secs(60),
        || {
            // 1,000 registers written by 1024 threads: 8.4 MB a block; 16 workers held
            // 134 MB. With a register file of 20 MiB, two workers run.
            let budget = Budget {
                register_file_bytes: 20 << 20,
                ..workers(16)
            };
            let ptx = many_registers(1000);
            let one = launch(&ptx, "regs", (16, 1024, Coschedule::default()), workers(1))
                .unwrap_or_else(|e| panic!("{e}"));
            let many = launch(&ptx, "regs", (16, 1024, Coschedule::default()), budget)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(many, one);
        },
    );
}

/// Every thread of the block spins on a word nobody writes.
const FULL_SPIN: &str = r#"
.visible .entry spin(.param .u64 flag)
{
    .reg .b32 %r<4>; .reg .b64 %rd<2>; .reg .pred %p<3>;
    ld.param.u64 %rd1, [flag];
SPIN:
    ld.volatile.global.u32 %r3, [%rd1];
    setp.eq.u32 %p2, %r3, 0;
    @%p2 bra SPIN;
    ret;
}
"#;

/// Thread 0 spins on a word nobody writes; the block's other threads wait for it at
/// `bar.sync` (so its warp is diverged).
const BARRIER_SPIN: &str = r#"
.visible .entry spin(.param .u64 flag)
{
    .reg .b32 %r<4>; .reg .b64 %rd<2>; .reg .pred %p<3>;
    ld.param.u64 %rd1, [flag];
    mov.u32 %r1, %tid.x;
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra WAIT;
SPIN:
    ld.volatile.global.u32 %r3, [%rd1];
    setp.eq.u32 %p2, %r3, 0;
    @%p2 bra SPIN;
WAIT:
    bar.sync 0;
    ret;
}
"#;

/// Thread 0 takes a lock nobody releases and spins trying to take it again
/// (`atom.cas`, as a spin lock does).
const LOCK_SPIN: &str = r#"
.visible .entry spin(.param .u64 flag)
{
    .reg .b32 %r<4>; .reg .b64 %rd<2>; .reg .pred %p<3>;
    ld.param.u64 %rd1, [flag];
    atom.global.cas.b32 %r1, [%rd1], 0, 1;
SPIN:
    atom.global.cas.b32 %r2, [%rd1], 0, 1;
    setp.ne.u32 %p2, %r2, 0;
    @%p2 bra SPIN;
    ret;
}
"#;

/// One thread counting forever in registers: the cheapest loop there is.
const COUNT_SPIN: &str = r#"
.visible .entry spin(.param .u64 flag)
{
    .reg .b32 %r<4>;
    mov.u32 %r1, 0;
SPIN:
    add.u32 %r1, %r1, 1;
    bra SPIN;
}
"#;

/// Full warps multiplying matrices forever: `mma.sync` of 16x8x16 halves into floats
/// (2,048 multiply-adds per warp-instruction) and of 16x8x32 bytes into integers (4,096).
const MMA_SPIN: &str = r#"
.visible .entry spin(.param .u64 flag)
{
    .reg .b32 %a<4>; .reg .b32 %b<2>; .reg .f32 %f<4>; .reg .b32 %i<4>;
    mov.b32 %a0, 0x3c003c00; mov.b32 %a1, 0x3c003c00; mov.b32 %a2, 0x3c003c00;
    mov.b32 %a3, 0x3c003c00; mov.b32 %b0, 0x3c003c00; mov.b32 %b1, 0x3c003c00;
    mov.f32 %f0, 0f00000000; mov.f32 %f1, 0f00000000; mov.f32 %f2, 0f00000000;
    mov.f32 %f3, 0f00000000;
    mov.b32 %i0, 0; mov.b32 %i1, 0; mov.b32 %i2, 0; mov.b32 %i3, 0;
SPIN:
    mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, {%a0,%a1,%a2,%a3}, {%b0,%b1}, {%f0,%f1,%f2,%f3};
    mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%i0,%i1,%i2,%i3}, {%a0,%a1,%a2,%a3}, {%b0,%b1}, {%i0,%i1,%i2,%i3};
    bra SPIN;
}
"#;

/// Work per second of kernel `spin` of `ptx` launched as `shape` until `work` stops it
/// (the best of two runs).
fn rate(ptx: &str, shape: (u32, u32, Coschedule), work: u64) -> f64 {
    let mut best = 0.0f64;
    for _ in 0..2 {
        let started = Instant::now();
        let e = launch(&format!("{HEAD}{ptx}"), "spin", shape, one_thread(work)).unwrap_err();
        assert!(matches!(e, Error::InstructionBudget { .. }), "{e}");
        best = best.max(work as f64 / started.elapsed().as_secs_f64());
    }
    best
}

/// Co-scheduled blocks in which one thread spins while the others wait (at a cluster
/// barrier, or at a grid sync a block never reaches) use up the work budget at least a
/// fifteenth as fast as full warps do, so the default budget (2·10⁹, about two seconds of
/// full warps in a release build) ends them within a minute. They were charged one unit per
/// instruction of the spinning thread and its turns cost nothing: 10 to 60 times slower in
/// this test (debug), 90 to 400 in a release build (379 s for a cluster, about 13 minutes
/// for a cooperative grid).
#[test]
fn co_scheduled_spins_use_up_the_budget_about_as_fast_as_full_warps() {
    let full = rate(FULL_SPIN, (1, 1024, Coschedule::default()), 5_000_000);
    for (what, ptx, shape) in [
        (
            "cluster of 16 blocks of 1024",
            CLUSTER_SPIN,
            (16, 1024, cluster(16)),
        ),
        (
            "cluster of 2 blocks of 64",
            CLUSTER_SPIN,
            (2, 64, cluster(2)),
        ),
        (
            "cooperative grid of 264 blocks of 1024",
            GRID_SPIN,
            (264, 1024, COOPERATIVE),
        ),
        (
            "cooperative grid of 264 blocks of 32",
            GRID_SPIN,
            (264, 32, COOPERATIVE),
        ),
    ] {
        let r = rate(ptx, shape, 1_000_000);
        let slower = full / r;
        eprintln!(
            "{what}: {:.2} M units/s, {slower:.1} times slower than full warps",
            r / 1e6
        );
        assert!(
            slower < 15.0,
            "{what}: {slower:.1} times slower than full warps"
        );
    }
}

/// A plain launch in which one thread spins alone, or while the rest of its block waits at
/// `bar.sync`, or on a lock, uses up the work budget at least a sixth as fast as full warps
/// do, and ends with the budget's error: each warp-instruction costs at least 16 units, as
/// its time is about a full warp's. At one unit per instruction of the spinning thread
/// these were 25 to 55 times slower in a release build (the default budget took 5 to 11
/// minutes).
#[test]
fn a_thread_spinning_alone_uses_up_the_budget_about_as_fast_as_full_warps() {
    let plain = Coschedule::default();
    let full = rate(FULL_SPIN, (1, 1024, plain), 5_000_000);
    for (what, ptx, threads) in [
        ("one thread spinning", FULL_SPIN, 1),
        ("one thread spinning, 1023 at bar.sync", BARRIER_SPIN, 1024),
        ("one thread spinning on atom.cas", LOCK_SPIN, 1),
        ("one thread counting in a register", COUNT_SPIN, 1),
    ] {
        let r = rate(ptx, (1, threads, plain), 1_000_000);
        let slower = full / r;
        eprintln!(
            "{what}: {:.2} M units/s, {slower:.1} times slower than full warps",
            r / 1e6
        );
        assert!(
            slower < 6.0,
            "{what}: {slower:.1} times slower than full warps"
        );
    }
}

/// Full warps looping over `mma.sync` use up the work budget at least a sixth as fast as
/// full warps spinning on a flag: each `mma` costs its multiply-adds. Counted as one
/// warp-instruction each, the loop was about 300 times slower (5,329 s for the default
/// budget in a release build).
#[test]
fn an_mma_loop_uses_up_the_budget_about_as_fast_as_full_warps() {
    let plain = Coschedule::default();
    let full = rate(FULL_SPIN, (1, 128, plain), 2_000_000);
    let r = rate(MMA_SPIN, (1, 128, plain), 2_000_000);
    let slower = full / r;
    eprintln!(
        "mma.sync loop: {:.2} M units/s, {slower:.1} times slower than full warps",
        r / 1e6
    );
    assert!(slower < 6.0, "{slower:.1} times slower than full warps");
}

/// Launches that never end, for the limits guide's table: how fast each uses up the work
/// budget, and how long the default budget (2·10⁹) takes at that rate. Run in a release
/// build: `cargo test --release --test sim -- --ignored launch_bounds::figures_spins
/// --nocapture`.
#[test]
#[ignore = "figures for the limits guide: run in a release build"]
fn figures_spins() {
    let plain = Coschedule::default();
    for (what, ptx, shape) in [
        (
            "full warps spinning (1024 threads)",
            FULL_SPIN,
            (1, 1024, plain),
        ),
        ("one thread spinning", FULL_SPIN, (1, 1, plain)),
        (
            "one thread spinning, 1023 at bar.sync",
            BARRIER_SPIN,
            (1, 1024, plain),
        ),
        ("one thread spinning on atom.cas", LOCK_SPIN, (1, 1, plain)),
        (
            "one thread counting in a register",
            COUNT_SPIN,
            (1, 1, plain),
        ),
        (
            "full warps looping over mma.sync (1024 threads)",
            MMA_SPIN,
            (1, 1024, plain),
        ),
        (
            "cluster of 16 blocks of 1024",
            CLUSTER_SPIN,
            (16, 1024, cluster(16)),
        ),
        (
            "cluster of 2 blocks of 64",
            CLUSTER_SPIN,
            (2, 64, cluster(2)),
        ),
        (
            "cooperative grid of 264 blocks of 1024",
            GRID_SPIN,
            (264, 1024, COOPERATIVE),
        ),
        (
            "cooperative grid of 264 blocks of 32",
            GRID_SPIN,
            (264, 32, COOPERATIVE),
        ),
    ] {
        let r = rate(ptx, shape, 50_000_000);
        println!(
            "{what}: {:.1} M units/s, the default budget in {:.0} s",
            r / 1e6,
            sim::DEFAULT_BUDGET as f64 / r
        );
    }
}
