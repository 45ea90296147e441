//! Graphs and captures used as an attacker would (issue 34): captures that cannot be ended,
//! builders forgotten, edges added one per call, graphs nested to replay 2^40 nodes or
//! 20,000 levels deep. Each ends in a clear error or works, within a stated time, and the
//! cases that once ran out of stack or memory run in a child process whose peak resident
//! memory must stay under 100 MB.

use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use cuda_library::{
    launch, CaptureMode, Context, Device, Error, GraphDefinition, KernelArg, LaunchConfig, Library,
    Limits,
};

fn ctx() -> Context {
    Device::new(0).unwrap().set_current().unwrap()
}

/// Peak resident memory allowed to a child.
const PEAK_LIMIT_KIB: u64 = 100 * 1000;
/// The child's address-space cap (`ulimit -v`, KiB).
const ADDRESS_SPACE_KIB: u64 = 1 << 21;
const CHILD_ENV: &str = "GRAPH_HOSTILE_CHILD";

/// Runs `body` in a child process (this binary, running only test `name`) under a 2 GiB
/// address-space cap, and asserts that it succeeded (a stack overflow aborts it) with a peak
/// resident memory under 100 MB. In the child, runs `body` and prints its peak.
fn in_bounded_child(name: &str, body: impl FnOnce()) {
    if std::env::var(CHILD_ENV).as_deref() == Ok(name) {
        body();
        println!("\nGRAPH-PEAK-KIB {}", peak_kib());
        return;
    }
    if !cfg!(target_os = "linux") {
        body();
        return;
    }
    let exe = std::env::current_exe().unwrap();
    let exact = crate::common::test_name(module_path!(), name);
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {ADDRESS_SPACE_KIB} && exec \"$0\" \"$@\""
        ))
        .arg(exe)
        .args([exact.as_str(), "--exact", "--nocapture", "--test-threads=1"])
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
    let peak: u64 = stdout
        .lines()
        .find_map(|l| l.split("GRAPH-PEAK-KIB ").nth(1))
        .unwrap_or_else(|| panic!("{name}: the child did not report its peak:\n{stdout}"))
        .trim()
        .parse()
        .unwrap();
    eprintln!("{name}: peak resident memory {} MB", peak / 1000);
    assert!(
        peak < PEAK_LIMIT_KIB,
        "{name}: peak resident memory {peak} KiB, more than {PEAK_LIMIT_KIB} KiB"
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

/// Runs `body` with `limits` in force, then puts the previous ones back (also on a panic).
fn with_limits<R>(limits: impl FnOnce(Limits) -> Limits, body: impl FnOnce() -> R) -> R {
    let saved = cuda_library::limits();
    cuda_library::set_limits(limits(saved.clone()));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(body));
    cuda_library::set_limits(saved);
    r.unwrap_or_else(|p| std::panic::resume_unwind(p))
}

/// 40 levels, each adding the level below twice, one after the other: 2^40 nodes to
/// replay from a definition of 81 nodes.
fn doubling(ctx: &Context, base: GraphDefinition, levels: usize) -> GraphDefinition {
    let mut level = base;
    for _ in 0..levels {
        let next = GraphDefinition::new(ctx).unwrap();
        let first = next.add_child(&[], &level).unwrap();
        next.add_child(&[first], &level).unwrap();
        level = next;
    }
    level
}

/// A builder forgotten (`mem::forget`) leaves its own stream capturing until the stream is
/// dropped, and no other: 20 new streams in turn (often at the address of the one before)
/// each start a capture of their own, and afterwards synchronous copies and allocations,
/// which any capture under way guards, work again. (Captures were found by the stream's
/// address: 20 of 20 new streams started "already capturing", and every synchronous copy
/// in the process failed for ever after.)
#[test]
fn a_forgotten_builder_leaves_no_capture_behind_its_stream() {
    let _t = crate::turn();
    let ctx = ctx();
    let buf = ctx.alloc_zeroed::<u32>(16).unwrap();
    for mode in [
        CaptureMode::Global,
        CaptureMode::ThreadLocal,
        CaptureMode::Relaxed,
    ] {
        for _ in 0..20 {
            let stream = ctx.create_stream().unwrap();
            std::mem::forget(stream.begin_capture(mode).unwrap());
            assert!(
                stream.begin_capture(mode).is_err(),
                "{mode:?}: the stream still captures"
            );
            drop(stream);
            let fresh = ctx.create_stream().unwrap();
            let builder = fresh.begin_capture(mode).unwrap();
            buf.fill_async(1, &fresh).unwrap();
            assert_eq!(builder.end().unwrap().len(), 1, "{mode:?}");
        }
    }
    buf.fill(3).unwrap();
    assert_eq!(buf.to_vec().unwrap(), [3; 16]);
    assert!(ctx.alloc_zeroed::<u8>(16).is_ok());
}

/// A capture whose builder was forgotten ends with its stream even while buffers allocated
/// on the stream still hold the backend's stream (to free on it): afterwards synchronous
/// copies and allocations, which any capture under way guards, work again. (The simulator
/// once kept its own list of captures, which ended only when the backend's stream went, so
/// every synchronous copy failed until the last such buffer was dropped.)
#[test]
fn a_forgotten_capture_ends_with_its_stream_while_its_buffers_live() {
    let _t = crate::turn();
    let ctx = ctx();
    let sync = ctx.alloc_zeroed::<u32>(16).unwrap();
    let stream = ctx.create_stream().unwrap();
    let ordered = stream.alloc_async::<u32>(16).unwrap();
    std::mem::forget(stream.begin_capture(CaptureMode::Global).unwrap());
    assert!(
        sync.fill(1).is_err(),
        "a synchronous memset while the capture runs"
    );
    drop(stream);
    sync.fill(3).unwrap();
    assert_eq!(sync.to_vec().unwrap(), [3; 16]);
    assert!(ctx.alloc_zeroed::<u8>(16).is_ok());
    drop(ordered);
}

/// A `ThreadLocal` capture guards allocations on the thread that began it only: another
/// thread allocates freely meanwhile, and the capture ends valid; an allocation on its own
/// thread is refused and invalidates it. Work queued on the capturing stream from other
/// threads is captured.
#[test]
fn a_thread_local_capture_guards_its_own_thread_only() {
    let _t = crate::turn();
    let ctx = ctx();
    let (capturing, other) = (ctx.create_stream().unwrap(), ctx.create_stream().unwrap());
    let buf = ctx.alloc_zeroed::<u32>(16).unwrap();
    let builder = capturing.begin_capture(CaptureMode::ThreadLocal).unwrap();
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                assert!(other.alloc_async::<u8>(64).is_ok());
                buf.fill_async(2, &capturing).unwrap();
            });
        }
    });
    assert_eq!(builder.end().unwrap().len(), 4);

    let builder = capturing.begin_capture(CaptureMode::ThreadLocal).unwrap();
    let e = other.alloc_async::<u8>(64).unwrap_err();
    assert!(
        e.to_string()
            .contains("CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"),
        "{e}"
    );
    assert!(builder.end().is_err());
    assert!(other.alloc_async::<u8>(64).is_ok(), "the capture ended");
}

/// Eight threads queue work on one capturing stream at once: the graph's record (its node
/// count and labels) keeps every node, in the order the backend took them (the backend's
/// call and the record are made under one lock).
#[test]
fn threads_queueing_on_a_capturing_stream_are_all_recorded() {
    let _t = crate::turn();
    let ctx = ctx();
    let stream = ctx.create_stream().unwrap();
    let bufs: Vec<_> = (1..=8)
        .map(|k| ctx.alloc_zeroed::<u32>(k).unwrap())
        .collect();
    let builder = stream.begin_capture(CaptureMode::Global).unwrap();
    std::thread::scope(|s| {
        for (k, buf) in bufs.iter().enumerate() {
            let stream = &stream;
            s.spawn(move || {
                for _ in 0..50 {
                    buf.fill_async(k as u32 + 1, stream).unwrap();
                }
            });
        }
    });
    let def = builder.end().unwrap();
    assert_eq!(def.len(), 400);
    let infos = def.nodes();
    assert!(infos.iter().enumerate().all(|(i, n)| n.index == i));
    for k in 1..=8usize {
        let label = format!("memset {} B", 4 * k);
        let n = def.nodes().iter().filter(|n| n.label == label).count();
        assert_eq!(n, 50, "{label}");
    }
    def.instantiate().unwrap().launch(&stream).unwrap();
    stream.synchronize().unwrap();
    for (k, buf) in bufs.iter().enumerate() {
        assert_eq!(buf.to_vec().unwrap(), vec![k as u32 + 1; k + 1]);
    }
}

/// One thread launches on a stream while another begins and ends captures of it, 100 times:
/// every capture's record holds exactly the launches its graph runs (its replay adds its
/// node count to the counter, no more; the record once missed launches queued while the
/// capture began or ended).
#[test]
fn launches_racing_a_capture_are_all_in_its_record() {
    const INC: &str = ".version 8.0\n.target sm_90\n.address_size 64\n\
        .visible .entry inc(.param .u64 p) {\n.reg .b64 %rd<2>;\n.reg .b32 %r<2>;\n\
        ld.param.u64 %rd1, [p];\ncvta.to.global.u64 %rd1, %rd1;\n\
        atom.global.add.u32 %r1, [%rd1], 1;\nret;\n}\n";
    let _t = crate::turn();
    let ctx = ctx();
    let lib = Library::load_data(INC.as_bytes(), &Default::default()).unwrap();
    let inc = lib.get_kernel("inc").unwrap();
    let counter = ctx.alloc_zeroed::<u32>(1).unwrap();
    let stream = ctx.create_stream().unwrap();
    let done = std::sync::atomic::AtomicBool::new(false);
    let cfg = LaunchConfig::new(1u32, 1u32);
    let mut graphs = Vec::new();
    std::thread::scope(|s| {
        s.spawn(|| {
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                launch!(inc, &stream, &cfg, counter).unwrap();
            }
        });
        for _ in 0..100 {
            let builder = stream.begin_capture(CaptureMode::Relaxed).unwrap();
            std::thread::yield_now();
            graphs.push(builder.end().unwrap());
        }
        done.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    stream.synchronize().unwrap();
    counter.fill(0).unwrap();
    let recorded: usize = graphs.iter().map(|g| g.len()).sum();
    for g in &graphs {
        g.instantiate().unwrap().launch(&stream).unwrap();
    }
    stream.synchronize().unwrap();
    assert_eq!(counter.to_vec().unwrap()[0] as usize, recorded);
}

/// 40,000 edges added one per call, against the order the nodes were added in and into one
/// join node, then one that closes a cycle: each call costs about the same whatever the
/// graph's size (checking every edge by a search of the whole graph took 70 s).
#[test]
fn edges_added_one_per_call_take_linear_time() {
    let _t = crate::turn();
    let ctx = ctx();
    let n = 20_000;
    let def = GraphDefinition::new(&ctx).unwrap();
    let nodes: Vec<_> = (0..n).map(|_| def.add_empty(&[]).unwrap()).collect();
    let join = def.add_empty(&[]).unwrap();
    let started = Instant::now();
    for w in nodes.windows(2) {
        def.add_dependencies(&[(w[1], w[0])]).unwrap();
    }
    for &node in &nodes {
        def.add_dependencies(&[(node, join)]).unwrap();
    }
    def.add_dependencies(&[(nodes[0], join)]).unwrap(); // already an edge
    let e = def.add_dependencies(&[(join, nodes[n - 1])]).unwrap_err();
    assert!(e.to_string().contains("would close a cycle"), "{e}");
    let elapsed = started.elapsed();
    assert!(
        elapsed < Duration::from_secs(2),
        "{} edges in {elapsed:?}",
        2 * n
    );
    eprintln!("{} edges one per call: {elapsed:?}", 2 * n);
    assert_eq!(def.nodes()[join.index()].deps.len(), n);
    assert_eq!(def.nodes()[0].deps, [1]);
    let stream = ctx.create_stream().unwrap();
    def.instantiate().unwrap().launch(&stream).unwrap();
}

/// A batch of edges is checked whole: one that closes a cycle refuses the batch, and the
/// edges before it in the batch are not added.
#[test]
fn a_batch_with_a_cycle_adds_no_edge() {
    let _t = crate::turn();
    let def = GraphDefinition::new(&ctx()).unwrap();
    let a = def.add_empty(&[]).unwrap();
    let b = def.add_empty(&[a]).unwrap();
    let c = def.add_empty(&[]).unwrap();
    assert!(def.add_dependencies(&[(b, c), (c, a)]).is_err());
    assert!(def.nodes()[c.index()].deps.is_empty());
    def.add_dependencies(&[(c, a)]).unwrap();
    assert_eq!(def.nodes()[a.index()].deps, [c.index()]);
    let e = def.add_dependencies(&[(a, a)]).unwrap_err();
    assert!(e.to_string().contains("to itself"), "{e}");
}

/// A graph launch charges the launch budget as one kernel launch does: 2^40 nested empty
/// nodes stop at the budget (10^7 here) within a second, with
/// [`Error::InstructionBudget`]; with no budget to speak of, at the deadline with
/// [`Error::Deadline`]. (Replayed without either, it would have run for days.)
#[test]
fn a_graph_launch_stops_at_the_launch_budget_and_deadline() {
    let _t = crate::turn();
    let ctx = ctx();
    let base = GraphDefinition::new(&ctx).unwrap();
    base.add_empty(&[]).unwrap();
    let graph = doubling(&ctx, base, 40).instantiate().unwrap();
    let stream = ctx.create_stream().unwrap();

    let budget = 10_000_000;
    let started = Instant::now();
    let r = with_limits(
        |l| Limits {
            launch_budget: budget,
            ..l
        },
        || graph.launch(&stream),
    );
    let elapsed = started.elapsed();
    assert!(
        matches!(&r, Err(Error::InstructionBudget { budget: b, .. }) if *b == budget),
        "{r:?}"
    );
    assert!(elapsed < Duration::from_secs(1), "{elapsed:?}");
    eprintln!("budget of {budget}: stopped after {elapsed:?}");

    let deadline = Duration::from_millis(200);
    let started = Instant::now();
    let r = with_limits(
        |l| Limits {
            launch_budget: u64::MAX,
            launch_deadline: Some(deadline),
            ..l
        },
        || graph.launch(&stream),
    );
    let elapsed = started.elapsed();
    assert!(
        matches!(&r, Err(Error::Deadline { deadline: d, .. }) if *d == deadline),
        "{r:?}"
    );
    assert!(
        elapsed >= deadline && elapsed < Duration::from_secs(1),
        "{elapsed:?}"
    );
    eprintln!("deadline of {deadline:?}: stopped after {elapsed:?}");
}

/// The kernels of one graph launch share its budget: 64 launches of a kernel that each fit
/// the budget alone stop, as one graph, with the kernel's name in the error; launched one
/// by one on a stream, each runs.
#[test]
fn kernel_nodes_share_the_launch_budget() {
    let _t = crate::turn();
    let ctx = ctx();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
    let lib = Library::load_file(path, &Default::default()).unwrap();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let n = 4096usize;
    let (x, y) = (
        ctx.htod(&vec![1.0f32; n]).unwrap(),
        ctx.alloc_zeroed::<f32>(n).unwrap(),
    );
    let (xp, yp, a, len) = (x.device_ptr(), y.device_ptr(), 1.0f32, n as i32);
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);
    let def = GraphDefinition::new(&ctx).unwrap();
    let args = [
        KernelArg::of(&a),
        KernelArg::of(&xp),
        KernelArg::of(&yp),
        KernelArg::of(&len),
    ];
    let mut last = Vec::new();
    for _ in 0..64 {
        last = vec![def.add_kernel(&last, &saxpy, &cfg, &args).unwrap()];
    }
    let graph = def.instantiate().unwrap();
    let stream = ctx.create_stream().unwrap();
    let budget = 1_000_000;
    let (one_by_one, replay) = with_limits(
        |l| Limits {
            launch_budget: budget,
            ..l
        },
        || {
            let one_by_one: cuda_library::Result<()> =
                (0..64).try_for_each(|_| launch!(saxpy, &stream, &cfg, a, x, y, len));
            (one_by_one, graph.launch(&stream))
        },
    );
    one_by_one.unwrap();
    match replay {
        Err(Error::InstructionBudget {
            kernel, budget: b, ..
        }) => {
            assert_eq!((kernel.as_str(), b), ("saxpy", budget));
        }
        other => panic!("expected the budget to stop the graph, got {other:?}"),
    }
}

/// Graphs nested 20,000 levels deep are built, instantiated, launched, updated and dropped
/// without running out of stack (each once recursed per level, and aborted the process).
#[test]
fn graphs_nested_20000_deep() {
    in_bounded_child("graphs_nested_20000_deep", || {
        let _t = crate::turn();
        let ctx = ctx();
        let buf = ctx.alloc_zeroed::<u32>(16).unwrap();
        let started = Instant::now();
        let nest = |value: u32| {
            let mut level = GraphDefinition::new(&ctx).unwrap();
            level.add_memset(&[], &buf, value).unwrap();
            for _ in 0..20_000 {
                let next = GraphDefinition::new(&ctx).unwrap();
                next.add_child(&[], &level).unwrap();
                level = next;
            }
            level
        };
        let def = nest(7);
        let graph = def.instantiate().unwrap();
        let stream = ctx.create_stream().unwrap();
        graph.launch(&stream).unwrap();
        stream.synchronize().unwrap();
        assert_eq!(buf.to_vec().unwrap(), [7; 16]);
        graph.update(&nest(9)).unwrap();
        graph.launch(&stream).unwrap();
        stream.synchronize().unwrap();
        assert_eq!(buf.to_vec().unwrap(), [9; 16]);
        drop((graph, def));
        let elapsed = started.elapsed();
        eprintln!("20,000 levels twice, launched, updated and dropped: {elapsed:?}");
        assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    });
}

/// A child holding an event, added twice at each of 40 levels, keeps the event once in
/// every parent (each parent once held every copy of its children's: 2^40 of them), and
/// the 2^40-node graph compares with itself at once when updated.
#[test]
fn nested_children_hold_their_events_once() {
    in_bounded_child("nested_children_hold_their_events_once", || {
        let _t = crate::turn();
        let ctx = ctx();
        let event = Arc::new(ctx.create_event().unwrap());
        let base = GraphDefinition::new(&ctx).unwrap();
        base.add_event_record(&[], &event).unwrap();
        let started = Instant::now();
        let top = doubling(&ctx, base, 40);
        let graph = top.instantiate().unwrap();
        graph.update(&top).unwrap();
        let elapsed = started.elapsed();
        assert!(elapsed < Duration::from_secs(1), "{elapsed:?}");
        assert_eq!(
            Arc::strong_count(&event),
            2,
            "held once, by the one definition left"
        );
    });
}

#[path = "../../common/graph_build.rs"]
mod graph_build;

/// The `graph_build` fuzz target's interpreter on 100 generated inputs of up to 600 bytes,
/// plus inputs made of one operation repeated: every answer agrees with its model, nothing
/// panics, and all of it takes seconds.
#[test]
fn generated_graph_building_agrees_with_its_model() {
    let _t = crate::turn();
    let ctx = ctx();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut inputs: Vec<Vec<u8>> = (0..100)
        .map(|_| {
            let len = (next() % 600) as usize;
            (0..len).map(|_| next() as u8).collect()
        })
        .collect();
    for op in 0..12u8 {
        inputs.push(
            (0..400)
                .map(|i| if i % 2 == 0 { op } else { i as u8 })
                .collect(),
        );
    }
    let started = Instant::now();
    with_limits(graph_build::limits_from, || {
        for input in &inputs {
            graph_build::run(&ctx, input);
        }
    });
    let elapsed = started.elapsed();
    eprintln!("{} generated inputs: {elapsed:?}", inputs.len());
    assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
}

/// With the default limits, the 2^40-node replay stops at the default budget (2·10^9)
/// well within a minute, as any launch does. A release-build measurement (a debug build
/// simulates some ten times slower): `cargo test --release --test sim_device
/// graph::hostile::the_default_budget -- --nocapture`.
#[test]
#[cfg_attr(debug_assertions, ignore = "release build only (a measurement)")]
fn the_default_budget_stops_a_doubling_replay_within_a_minute() {
    let _t = crate::turn();
    let ctx = ctx();
    let base = GraphDefinition::new(&ctx).unwrap();
    base.add_empty(&[]).unwrap();
    let graph = doubling(&ctx, base, 40).instantiate().unwrap();
    let stream = ctx.create_stream().unwrap();
    let started = Instant::now();
    let r = with_limits(|_| Limits::default(), || graph.launch(&stream));
    let elapsed = started.elapsed();
    assert!(matches!(r, Err(Error::InstructionBudget { .. })), "{r:?}");
    eprintln!("2^40 nodes, default budget: stopped after {elapsed:?}");
    assert!(elapsed < Duration::from_secs(60), "{elapsed:?}");
}

/// Conditional nodes asked for without bound (graphs complete, issue 38): a switch of 2^32 - 1
/// cases and conditionals nested hundreds deep end in a clear error at this crate's bounds
/// (4096 cases, 64 levels), at once, rather than making millions of graphs or overflowing
/// a stack when the graph is planned.
#[test]
fn conditional_nodes_are_bounded() {
    let _t = crate::turn();
    let ctx = ctx();
    let def = GraphDefinition::new(&ctx).unwrap();
    let h = def.conditional_handle(None).unwrap();
    let started = Instant::now();
    let e = def
        .add_conditional(&[], h, cuda_library::ConditionalKind::Switch(u32::MAX))
        .unwrap_err();
    assert!(e.to_string().contains("4096"), "{e}");
    let (_, cases) = def
        .add_conditional(&[], h, cuda_library::ConditionalKind::Switch(4096))
        .unwrap();
    assert_eq!(cases.len(), 4096);

    let top = GraphDefinition::new(&ctx).unwrap();
    let h = top.conditional_handle(Some(1)).unwrap();
    let mut body = top;
    let mut depth = 0;
    let e = loop {
        match body.add_conditional(&[], h, cuda_library::ConditionalKind::If) {
            Ok((_, mut bodies)) => {
                body = bodies.remove(0);
                depth += 1;
                assert!(depth <= 64, "nested past the bound");
            }
            Err(e) => break e,
        }
    };
    assert_eq!(depth, 64);
    assert!(e.to_string().contains("64"), "{e}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// A host function that panics with a payload that is no string, on every launch: each
/// launch reports it, none unwinds, and the process goes on.
#[test]
fn host_functions_panicking_every_time_are_reported_every_time() {
    let _t = crate::turn();
    let ctx = ctx();
    let def = GraphDefinition::new(&ctx).unwrap();
    def.add_host(&[], || std::panic::panic_any(42u32)).unwrap();
    let graph = def.instantiate().unwrap();
    let stream = ctx.create_stream().unwrap();
    for _ in 0..3 {
        match graph.launch(&stream) {
            Err(Error::HostFunctionPanicked { message }) => {
                assert!(message.contains("not a string"), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }
}

/// A kernel that calls cudaGraphSetConditional with a handle that is no handle (here a
/// null address) faults with the simulator's clear error instead of writing anywhere.
#[test]
fn set_conditional_with_a_bad_handle_faults() {
    let _t = crate::turn();
    let ctx = ctx();
    let Some(lib) = crate::common::graphs::jacobi_library(&ctx) else {
        return;
    };
    let check = lib.get_kernel("jacobi_check").unwrap();
    let state = ctx.alloc_zeroed::<u32>(3).unwrap();
    let stream = ctx.create_stream().unwrap();
    let e = launch!(
        check,
        &stream,
        &LaunchConfig::new(1, 1),
        state,
        1.0f32,
        10u32,
        8u64
    )
    .unwrap_err();
    assert!(matches!(e, Error::KernelFault { .. }), "{e}");
}
