//! The simulator's limits hold for hostile kernels: work that is not instructions (empty
//! blocks, cleared local memory) counts against the budget, a deadline stops a launch on
//! time, a huge register file is refused before it is allocated, a barrier only part of a
//! warp reaches is a fault, and a long launch does not stop other threads from using the
//! library.

use std::time::{Duration, Instant};

use cuda_library::sim::{self, Budget, Dims, Memory};
use cuda_library::{Error, Limits};

const HEADER: &str = ".version 8.0\n.target sm_80\n.address_size 64\n";

fn load(body: &str) -> (sim::SimModule, Memory) {
    let mut mem = Memory::new();
    let m = sim::load_ptx(&format!("{HEADER}{body}"), &mut mem).unwrap();
    (m, mem)
}

fn dims(grid: [u32; 3], threads: u32) -> Dims {
    Dims {
        grid,
        block: [threads, 1, 1],
        shared_dynamic: 0,
    }
}

/// The budget as a work count: how many blocks of `threads` threads an empty kernel runs.
fn empty_blocks_within(budget: u64, threads: u32, local: usize) -> u64 {
    budget / (sim::block_work(threads, 0, local) + threads as u64)
}

#[test]
fn an_empty_kernel_on_a_huge_grid_stops_at_the_budget() {
    let _turn = crate::turn();
    let (m, mut mem) = load(".visible .entry nothing() { ret; }");
    let budget = 20_000_000;
    let t = Instant::now();
    let e = sim::launch(
        &m,
        &mut mem,
        "nothing",
        dims([u32::MAX >> 1, 1, 1], 1),
        &[],
        budget,
    )
    .unwrap_err();
    let took = t.elapsed();
    assert!(
        matches!(e, Error::InstructionBudget { budget: b, .. } if b == budget),
        "{e}"
    );
    // Blocks are charged by their set-up, so the grid stops after a budget's worth of them
    // (about 250,000 one-thread blocks), not after 2^31.
    assert!(empty_blocks_within(budget, 1, 0) < 400_000);
    println!("2^31-1 empty blocks, budget {budget}: stopped in {took:?}");
    // A debug build is far slower than release, where the default budget (100 times this)
    // stops in about a second (core/guide/limits.md, "Hostile inputs, measured"); this
    // bound only catches an unbounded run.
    assert!(took < Duration::from_secs(30), "{took:?}");
}

#[test]
fn clearing_local_memory_counts_as_work() {
    let _turn = crate::turn();
    // 64 KiB of local memory per thread, 1024 threads: 64 MiB cleared per block.
    let (m, mut mem) = load(".visible .entry big_local() { .local .align 4 .b8 buf[65536]; ret; }");
    let budget = 50_000_000;
    let t = Instant::now();
    let e = sim::launch(
        &m,
        &mut mem,
        "big_local",
        dims([1 << 20, 1, 1], 1024),
        &[],
        budget,
    )
    .unwrap_err();
    assert!(matches!(e, Error::InstructionBudget { .. }), "{e}");
    // 64 MiB / 16 = 4 Mi of work per block: the budget ends after about a dozen blocks.
    assert!(empty_blocks_within(budget, 1024, 65536) < 20);
    assert!(t.elapsed() < Duration::from_secs(30), "{:?}", t.elapsed());
}

#[test]
fn a_deadline_stops_a_runaway_kernel_on_time() {
    let _turn = crate::turn();
    let (m, mut mem) = load(
        ".visible .entry forever() { .reg .pred %p<2>; LOOP: setp.eq.u32 %p1, 1, 1; @%p1 bra LOOP; ret; }",
    );
    let budget = Budget {
        work: u64::MAX,
        deadline: Some(Duration::from_millis(300)),
        ..Budget::from(&Limits::default())
    };
    let t = Instant::now();
    let e = sim::launch(&m, &mut mem, "forever", dims([1, 1, 1], 32), &[], budget).unwrap_err();
    let took = t.elapsed();
    match &e {
        Error::Deadline { kernel, line, .. } => {
            assert_eq!(kernel, "forever");
            assert_eq!(*line, 4);
        }
        other => panic!("{other}"),
    }
    assert!(e.to_string().contains("deadline of 300ms"), "{e}");
    assert!(took >= Duration::from_millis(300));
    assert!(
        took < Duration::from_secs(3),
        "stopped {took:?} after a 300 ms deadline"
    );
}

#[test]
fn a_register_file_past_the_limit_is_refused_before_it_is_allocated() {
    let _turn = crate::turn();
    // 100,000 registers used (one row each per warp), 1024 threads: 800 MB of rows.
    let mut body = String::from(".visible .entry many() { .reg .b32 %r<100001>;\n");
    for i in 1..=100_000 {
        body.push_str(&format!("mov.u32 %r{i}, {i};\n"));
    }
    body.push_str("ret; }");
    let (m, mut mem) = load(&body);
    let e = sim::launch(
        &m,
        &mut mem,
        "many",
        dims([1, 1, 1], 1024),
        &[],
        sim::DEFAULT_BUDGET,
    )
    .unwrap_err();
    match &e {
        Error::LimitExceeded {
            limit,
            asked,
            value,
            ..
        } => {
            assert_eq!(limit, "register_file_bytes");
            assert!(*asked > 800_000_000, "{asked}");
            assert_eq!(*value, Limits::default().register_file_bytes);
        }
        other => panic!("{other}"),
    }
    assert!(e.to_string().contains("register_file_bytes"), "{e}");
    // One warp of the same kernel fits (25 MB) and runs.
    sim::launch(
        &m,
        &mut mem,
        "many",
        dims([1, 1, 1], 32),
        &[],
        sim::DEFAULT_BUDGET,
    )
    .unwrap();
}

#[test]
fn a_barrier_reached_by_half_a_warp_is_a_fault_with_its_line() {
    let _turn = crate::turn();
    // Half a warp at one barrier while the other half waits at another.
    let (m, mut mem) = load(
        r#".visible .entry half_sync() {
    .reg .pred %p<2>; .reg .b32 %r<2>;
    mov.u32 %r1, %tid.x;
    setp.lt.u32 %p1, %r1, 16;
    @!%p1 bra OTHER;
    bar.sync 0;
    bra.uni END;
OTHER:
    bar.sync 0;
END:
    ret;
}"#,
    );
    let e = sim::launch(
        &m,
        &mut mem,
        "half_sync",
        dims([1, 1, 1], 32),
        &[],
        sim::DEFAULT_BUDGET,
    )
    .unwrap_err();
    match &e {
        Error::KernelFault {
            line,
            thread,
            detail,
            ..
        } => {
            assert_eq!(*line, 12, "{e}");
            assert_eq!(*thread, [0, 0, 0]);
            assert!(detail.contains("16 of the warp's 32"), "{detail}");
            assert!(
                detail.contains("this thread is at PTX line 9 (`bar.sync"),
                "{detail}"
            );
        }
        other => panic!("{other}"),
    }
    // Half a warp at a barrier whose other half returns is fine on sm_70 and later (exited
    // threads count as arrived; an H100 runs it, tests/fixtures/semantics.gpu.json).
    let (m, mut mem) = load(
        r#".visible .entry half_sync_rest_exit() {
    .reg .pred %p<2>; .reg .b32 %r<2>;
    mov.u32 %r1, %tid.x;
    setp.lt.u32 %p1, %r1, 16;
    @!%p1 bra SKIP;
    bar.sync 0;
SKIP:
    ret;
}"#,
    );
    sim::launch(
        &m,
        &mut mem,
        "half_sync_rest_exit",
        dims([1, 1, 1], 32),
        &[],
        sim::DEFAULT_BUDGET,
    )
    .unwrap();
    // The same barrier reached by every thread is fine, as is one after half the threads exit.
    let (m, mut mem) = load(
        r#".visible .entry exit_then_sync() {
    .reg .pred %p<2>; .reg .b32 %r<2>;
    mov.u32 %r1, %tid.x;
    setp.ge.u32 %p1, %r1, 16;
    @%p1 ret;
    bar.sync 0;
    ret;
}"#,
    );
    sim::launch(
        &m,
        &mut mem,
        "exit_then_sync",
        dims([1, 1, 1], 64),
        &[],
        sim::DEFAULT_BUDGET,
    )
    .unwrap();
}

/// A long launch holds the simulated device's memory (as a kernel holds a GPU's legacy
/// stream), but nothing else: another thread reads the library's kernels meanwhile, and
/// an unload waits for the launch to end (here at its deadline), then succeeds.
#[test]
fn a_long_launch_blocks_neither_lookups_nor_an_unload_for_longer_than_it_runs() {
    let _turn = crate::turn();
    use cuda_library::{launch, BackendKind, Device, LaunchConfig, Library};
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ptx = format!(
        "{HEADER}.visible .entry forever(.param .u32 n) {{ .reg .pred %p<2>; LOOP: setp.eq.u32 %p1, 1, 1; @%p1 bra LOOP; ret; }}\n"
    );
    let lib = Library::load_data(ptx.as_bytes(), &Default::default()).unwrap();
    let k = lib.get_kernel("forever").unwrap();
    let saved = cuda_library::limits();
    cuda_library::set_limits(Limits {
        launch_budget: u64::MAX,
        launch_deadline: Some(Duration::from_millis(1500)),
        ..saved.clone()
    });
    let started = Instant::now();
    let runner = std::thread::spawn(move || {
        let ctx = Device::new(0).unwrap().set_current().unwrap();
        let stream = ctx.create_stream().unwrap();
        launch!(k, &stream, &LaunchConfig::new(1, 32), 1u32)
    });
    std::thread::sleep(Duration::from_millis(300));
    // Lookups while the kernel runs: answered at once.
    let t = Instant::now();
    let names: Vec<String> = lib
        .kernels()
        .unwrap()
        .iter()
        .map(|k| k.name().unwrap())
        .collect();
    let k2 = lib.get_kernel("forever").unwrap();
    assert_eq!(k2.param_info().unwrap().len(), 1);
    assert_eq!(names, ["forever"]);
    assert!(
        t.elapsed() < Duration::from_millis(200),
        "{:?}",
        t.elapsed()
    );
    // The unload waits for the launch, which stops at its deadline.
    lib.unload().unwrap();
    let unloaded_after = started.elapsed();
    let r = runner.join().unwrap();
    cuda_library::set_limits(saved);
    assert!(matches!(r, Err(Error::Deadline { .. })), "{r:?}");
    assert!(
        unloaded_after >= Duration::from_millis(1500),
        "{unloaded_after:?}"
    );
    assert!(
        unloaded_after < Duration::from_secs(10),
        "{unloaded_after:?}"
    );
    assert!(matches!(k2.name(), Err(Error::Unloaded { .. })));
}

use crate::common::hostile;

/// Every hostile case through the public API (load, launch with zeroed arguments, unload):
/// each ends in a clear error, none panics, hangs or allocates past the limits. The same
/// cases run in WebAssembly (`playground/tests/web.rs`).
#[test]
fn hostile_kernels_end_in_errors_through_the_public_api() {
    let _turn = crate::turn();
    // A tenth of the default budget: the same stops, ten times sooner in a debug build.
    let saved = cuda_library::limits();
    cuda_library::set_limits(Limits {
        launch_budget: saved.launch_budget / 10,
        ..saved.clone()
    });
    let result = std::panic::catch_unwind(run_hostile_cases);
    cuda_library::set_limits(saved);
    if let Err(p) = result {
        std::panic::resume_unwind(p);
    }
}

fn run_hostile_cases() {
    for (name, body, grid, block) in hostile::CASES {
        let t = Instant::now();
        let r = hostile::load_and_run(hostile::ptx(body).as_bytes(), *grid, *block, 3);
        let e = r.expect_err(name);
        println!(
            "{name}: {:?}: {}",
            t.elapsed(),
            e.to_string().lines().next().unwrap_or("")
        );
        let ok = match *name {
            "empty huge grid" | "big local, huge grid" | "endless loop" => {
                matches!(e, Error::InstructionBudget { .. })
            }
            "bar.sync by half a warp" => matches!(e, Error::KernelFault { .. }),
            _ => !matches!(
                e,
                Error::InstructionBudget { .. } | Error::KernelFault { .. }
            ),
        };
        assert!(ok, "{name}: {e}");
    }
}
