//! Hostile kernels against the Hopper surface on the simulator: `wgmma`, TMA and
//! `mbarrier`. Each must end in a typed error or a bounded run, never a panic, a hang or an
//! allocation that grows with the work budget.

use std::time::Duration;

use crate::launch_bounds::in_bounded_child_of;

/// [`in_bounded_child_of`] this module.
fn in_bounded_child(name: &str, peak_mb: u64, time: Duration, body: impl FnOnce()) {
    in_bounded_child_of(module_path!(), name, peak_mb, time, body);
}

use cuda_library::sim::{self, Budget, Coschedule, Dims, Memory};
use cuda_library::Error;

/// Loads `ptx` (kernel `k`, one `.u64` parameter: a zeroed 4 KiB buffer) and runs one
/// block of `threads` within `work` units on one worker: the buffer's first `f32` after.
fn run(ptx: &str, threads: u32, work: u64) -> cuda_library::Result<f32> {
    let mut mem = Memory::new();
    let module = sim::load_ptx(ptx, &mut mem)?;
    let buf = mem.alloc(4096, 256)?;
    let params = sim::pack_params(&module, "k", &[&buf.to_le_bytes()])?;
    let dims = Dims {
        grid: [1, 1, 1],
        block: [threads, 1, 1],
        shared_dynamic: 0,
    };
    let budget = Budget {
        threads: 1,
        ..Budget::from(work)
    };
    let launch = ("k", dims, Coschedule::default());
    sim::launch_coscheduled(&module, &mut mem, launch, &params, budget)?;
    let mut out = [0u8; 4];
    mem.read(buf, &mut out)?;
    Ok(f32::from_le_bytes(out))
}

/// A loop of `trips` `m64n8k8` tf32 `wgmma.mma_async` (1,024 units of work each per warp)
/// over shared memory of tf32 ones, waited for only after the loop: `per_iteration` is what
/// follows each. Each trip adds 8 to every accumulator.
fn wgmma_loop(per_iteration: &str, trips: u32) -> String {
    format!(
        ".version 8.0\n.target sm_90a\n.address_size 64\n\
         .visible .entry k(.param .u64 out)\n{{\n\
         .reg .f32 %f<8>;\n.reg .b64 %rd<4>;\n.reg .b32 %r<8>;\n.reg .pred %p<2>;\n\
         .shared .align 1024 .b8 sm[4096];\n\
         mov.u32 %r4, 0x3f800000;\nmov.u32 %r2, 0;\n\
         FILL:\nmov.u32 %r3, sm;\nadd.u32 %r3, %r3, %r2;\nst.shared.u32 [%r3], %r4;\n\
         add.u32 %r2, %r2, 4;\nsetp.lt.u32 %p1, %r2, 4096;\n@%p1 bra FILL;\nbar.sync 0;\n\
         mov.f32 %f1, 0f00000000;\nmov.f32 %f2, 0f00000000;\n\
         mov.f32 %f3, 0f00000000;\nmov.f32 %f4, 0f00000000;\n\
         mov.b64 %rd1, 0x0000001000080000;\nmov.b64 %rd2, 0x0000001000080000;\n\
         mov.u32 %r1, 0;\n\
         LOOP:\n\
         wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {{%f1, %f2, %f3, %f4}}, %rd1, %rd2, 1, 1, 1;\n\
         {per_iteration}\n\
         add.u32 %r1, %r1, 1;\nsetp.lt.u32 %p1, %r1, {trips};\n@%p1 bra LOOP;\n\
         wgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 0;\n\
         ld.param.u64 %rd3, [out];\nst.global.f32 [%rd3], %f1;\nret;\n}}\n"
    )
}

const COMMIT: &str = "wgmma.commit_group.sync.aligned;";

/// Results folded in the open group and groups landed past the 32 kept give what waiting
/// for each would: 40 trips of 8 products of ones, chained.
#[test]
fn bounded_wgmma_pending_results_still_chain() {
    for per in ["", COMMIT] {
        let got = run(&wgmma_loop(per, 40), 128, 100_000_000).unwrap();
        assert_eq!(got, 320.0, "{per:?}");
    }
}

/// Runs `ptx` until a budget of 2·10⁷ stops it, and checks that it was the budget.
fn stopped_by_the_budget(ptx: &str) {
    match run(ptx, 128, 20_000_000) {
        Err(Error::InstructionBudget { .. }) => {}
        other => panic!("expected the work budget to stop it, got {other:?}"),
    }
}

/// A warpgroup issuing `wgmma.mma_async` into the same accumulators without ever waiting
/// held every result (about 540 bytes an accumulator register) and scanned them all at
/// each issue: memory grew with the budget (about 2 GB for the default one) and time with
/// its square (45 MB peak at this test's budget of 2·10⁷). Results for one register in one
/// open group now fold into one (9 MB).
#[test]
fn wgmma_issued_without_a_wait_holds_bounded_memory() {
    in_bounded_child(
        "wgmma_issued_without_a_wait_holds_bounded_memory",
        20,
        Duration::from_secs(120),
        || stopped_by_the_budget(&wgmma_loop("", 2_000_000_000)),
    );
}

/// The same with a `wgmma.commit_group` after each: committed groups past
/// 32 land, oldest first, as a GPU may complete them at any time before
/// their wait.
#[test]
fn wgmma_groups_committed_without_a_wait_hold_bounded_memory() {
    in_bounded_child(
        "wgmma_groups_committed_without_a_wait_hold_bounded_memory",
        20,
        Duration::from_secs(120),
        || stopped_by_the_budget(&wgmma_loop(COMMIT, 2_000_000_000)),
    );
}

/// `mbarrier.arrive.expect_tx` with a 64-bit transaction count: the count was added to the
/// barrier's before its range was checked, so one near `i64::MAX` (or `i64::MIN`)
/// overflowed the sum (a panic in a debug build, a wrapped count in a release one).
#[test]
fn an_arrival_expecting_a_64_bit_transaction_count_is_a_fault() {
    for (before, count) in [
        (
            "mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [bar], 5;",
            "0x7fffffffffffffff",
        ),
        (
            "mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [bar], 5;",
            "0x8000000000000000",
        ),
        ("", "0xffffffffffffffff"),
    ] {
        let ptx = format!(
            ".version 8.0\n.target sm_90\n.address_size 64\n\
             .visible .entry k(.param .u64 out) {{\n\
             .reg .b64 %rd<4>; .shared .align 8 .b64 bar;\n\
             mbarrier.init.shared::cta.b64 [bar], 2;\n{before}\n\
             mov.b64 %rd2, {count};\n\
             mbarrier.arrive.expect_tx.shared::cta.b64 %rd1, [bar], %rd2;\nret;\n}}"
        );
        match run(&ptx, 1, 1 << 20) {
            Err(e @ Error::KernelFault { .. }) => {
                assert!(e.to_string().contains("transaction count"), "{count}: {e}")
            }
            other => {
                panic!("{count}: expected a fault naming the transaction count, got {other:?}")
            }
        }
    }
}

/// `cp.async.bulk` from global to global memory is not in the PTX ISA (one side is
/// shared memory, which bounds a copy to 227 KiB); the simulator took it, and one lane
/// could then copy up to 4 GiB before its work was charged, far past a small budget (the
/// playground's 10⁷) and between two readings of the deadline's clock.
#[test]
fn a_bulk_copy_from_global_to_global_memory_is_refused() {
    let ptx = ".version 8.0\n.target sm_90\n.address_size 64\n\
               .visible .entry k(.param .u64 out) {\n\
               .reg .b64 %rd<4>; .reg .b32 %r<2>;\n\
               ld.param.u64 %rd1, [out];\nadd.u64 %rd2, %rd1, 2048;\nmov.u32 %r1, 2048;\n\
               cp.async.bulk.global.global [%rd2], [%rd1], %r1;\nret;\n}";
    let e = run(ptx, 1, 1 << 20).unwrap_err().to_string();
    assert!(e.contains("global memory to global memory"), "{e}");
    // The ISA's directions still load.
    let to_global = ptx.replace(
        "cp.async.bulk.global.global [%rd2], [%rd1], %r1;",
        ".shared .align 16 .b8 sm[2048];\ncp.async.bulk.global.shared::cta.bulk_group [%rd2], [sm], %r1;",
    );
    run(&to_global, 1, 1 << 20).unwrap();
}

/// Hostile operands of the asynchronous-copy and `mbarrier` instructions, each in a
/// 128-thread block: every one ends in a fault that says what was wrong.
#[test]
fn hostile_async_copy_and_mbarrier_operands_fault_with_the_reason() {
    let head = ".version 8.0\n.target sm_90a\n.address_size 64\n\
                .visible .entry k(.param .u64 out, .param .align 64 .b8 map[128]) {\n\
                .reg .b64 %rd<8>; .reg .b32 %r<8>; .reg .pred %p<4>;\n\
                .shared .align 1024 .b8 sm[4096];\n.shared .align 8 .b64 bar;\n\
                ld.param.u64 %rd1, [out];\n";
    let init = "mbarrier.init.shared::cta.b64 [bar], 1;\n";
    let cases = [
        // A misaligned barrier.
        ("mbarrier.init.shared::cta.b64 [bar+4], 1;".to_string(), "misaligned 8-byte access"),
        // A 2 GiB bulk copy from a 4 KiB buffer.
        (
            format!(
                "{init}mov.u32 %r1, 0x7ffffff0;\ncp.async.bulk.shared::cluster.global.\
                 mbarrier::complete_tx::bytes [sm], [%rd1], %r1, [bar];"
            ),
            "outside every allocation",
        ),
        // A bulk reduction of 4 GiB.
        (
            "mov.u32 %r1, 0xfffffff0;\ncp.reduce.async.bulk.global.shared::cta.bulk_group.\
             add.u32 [%rd1], [sm], %r1;"
                .to_string(),
            "outside every allocation",
        ),
        // A parameter of zeros taken for a tensor map.
        (
            "mov.u64 %rd2, map;\n\
             tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%rd2], %rd1;"
                .to_string(),
            "not a tensor map the simulator encoded",
        ),
        // A tensor map at the top of the address space.
        (
            "mov.u64 %rd3, -64;\ncp.async.bulk.tensor.2d.shared::cluster.global.\
             mbarrier::complete_tx::bytes [sm], [%rd3, {%r1, %r2}], [bar];"
                .to_string(),
            "reading the tensor map",
        ),
        (
            "mov.u64 %rd3, -64;\n\
             tensormap.replace.tile.global_address.global.b1024.b64 [%rd3], %rd1;"
                .to_string(),
            "outside every allocation",
        ),
        // Arrival counts of 0 and 2^32 - 1.
        (
            format!("{init}mbarrier.arrive.shared::cta.b64 %rd2, [bar], 0;"),
            "0 arrivals",
        ),
        (
            format!(
                "{init}mov.u32 %r1, 0xffffffff;\nmbarrier.arrive.shared::cta.b64 %rd2, [bar], %r1;"
            ),
            "4294967295 arrivals",
        ),
        // Every thread polling a phase nobody completes.
        (
            format!(
                "{init}LOOP: mbarrier.try_wait.parity.shared::cta.b64 %p1, [bar], 0;\n@!%p1 bra LOOP;"
            ),
            "deadlock",
        ),
        // Transaction counts past the ISA's range, by many threads and by a forged state.
        (
            format!("{init}mbarrier.expect_tx.shared::cta.b64 [bar], 1048575;"),
            "transaction count",
        ),
        (
            "st.shared.u64 [bar], -1;\nmbarrier.complete_tx.shared::cta.b64 [bar], 1048575;"
                .to_string(),
            "transaction count",
        ),
        // A cluster rank far outside a cluster of one.
        (
            "mov.u32 %r1, 0;\nmapa.shared::cluster.u32 %r2, %r1, 4000000000;".to_string(),
            "mapa to block rank 4000000000",
        ),
    ];
    for (body, why) in cases {
        let ptx = format!("{head}{body}\nret;\n}}\n");
        let result = (|| {
            let mut mem = Memory::new();
            let module = sim::load_ptx(&ptx, &mut mem)?;
            let buf = mem.alloc(4096, 256)?;
            let params = sim::pack_params(&module, "k", &[&buf.to_le_bytes(), &[0u8; 128]])?;
            let dims = Dims {
                grid: [1, 1, 1],
                block: [128, 1, 1],
                shared_dynamic: 0,
            };
            let budget = Budget {
                threads: 1,
                ..Budget::from(10_000_000)
            };
            let launch = ("k", dims, Coschedule::default());
            sim::launch_coscheduled(&module, &mut mem, launch, &params, budget)
        })();
        match result {
            Err(e @ Error::KernelFault { .. }) => {
                assert!(e.to_string().contains(why), "{body}: {e}")
            }
            other => panic!("{body}: expected a fault naming {why:?}, got {other:?}"),
        }
    }
}
