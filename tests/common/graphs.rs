//! Graph cases shared by the simulator's tests (`tests/sim_device/graph.rs`) and the GPU's
//! (`tests/gpu/graph.rs`): each takes a context and asserts what a user relies on, so both
//! backends are held to the same behaviour. The kernels are `tests/fixtures/kernels.ptx`.

use std::sync::Arc;

use cuda_library::{
    launch, CaptureMode, CaptureRule, Context, DeviceBuffer, Error, GraphDefinition, KernelArg,
    LaunchConfig, Library,
};

const N: usize = 4096;

fn fixture_lib() -> Library {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
    Library::load_file(path, &Default::default()).unwrap()
}

fn cfg() -> LaunchConfig {
    LaunchConfig::for_num_elems(N as u32, 256)
}

/// The work both ways run: y = 1; five saxpys; z = y; z *= 2.
fn queue_work(
    lib: &Library,
    stream: &cuda_library::Stream,
    x: &DeviceBuffer<f32>,
    y: &DeviceBuffer<f32>,
    z: &DeviceBuffer<f32>,
) {
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let scale = lib.get_kernel("_Z5scaleIfEvPT_S0_i").unwrap();
    y.fill_async(1.0f32, stream).unwrap();
    for i in 0..5 {
        launch!(saxpy, stream, &cfg(), 0.5f32 * i as f32, *x, *y, N as i32).unwrap();
    }
    z.copy_from_buffer_async(y, stream).unwrap();
    launch!(scale, stream, &cfg(), *z, 2.0f32, N as i32).unwrap();
}

/// A captured graph computes what the same launches on a stream compute, bit for bit, and
/// runs nothing while it is captured.
pub fn capture_matches_stream_launches(ctx: &Context) {
    let lib = fixture_lib();
    let stream = ctx.create_stream().unwrap();
    let x = ctx
        .htod(&(0..N).map(|i| i as f32 * 0.25).collect::<Vec<_>>())
        .unwrap();
    let (y, z) = (
        ctx.alloc_zeroed::<f32>(N).unwrap(),
        ctx.alloc_zeroed::<f32>(N).unwrap(),
    );
    queue_work(&lib, &stream, &x, &y, &z);
    stream.synchronize().unwrap();
    let (want_y, want_z) = (y.to_vec().unwrap(), z.to_vec().unwrap());

    y.fill(0.0).unwrap();
    z.fill(0.0).unwrap();
    let builder = stream.begin_capture(CaptureMode::ThreadLocal).unwrap();
    queue_work(&lib, &stream, &x, &y, &z);
    let def = builder.end().unwrap();
    assert_eq!(def.len(), 8, "{:?}", def.nodes());
    assert!(def.is_captured());
    assert!(
        def.nodes()[1].label.starts_with("saxpy<<<16, 256>>>"),
        "{:?}",
        def.nodes()
    );
    assert_eq!(def.nodes()[7].deps, vec![6]);
    assert!(
        y.to_vec().unwrap().iter().all(|&v| v == 0.0),
        "captured work ran"
    );

    let graph = def.instantiate().unwrap();
    graph.upload(&stream).unwrap();
    for _ in 0..2 {
        graph.launch(&stream).unwrap();
        stream.synchronize().unwrap();
        let bits = |v: Vec<f32>| v.into_iter().map(f32::to_bits).collect::<Vec<_>>();
        assert_eq!(bits(y.to_vec().unwrap()), bits(want_y.clone()));
        assert_eq!(bits(z.to_vec().unwrap()), bits(want_z.clone()));
    }
}

/// Explicit dependencies order the nodes, whatever order they were added in; an edge that
/// closes a cycle is refused; child graphs and event nodes run in place.
pub fn explicit_dependencies_order(ctx: &Context) {
    let lib = fixture_lib();
    let scale = lib.get_kernel("_Z5scaleIfEvPT_S0_i").unwrap();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let stream = ctx.create_stream().unwrap();
    let x = ctx.htod(&vec![1.0f32; N]).unwrap();
    let y = ctx.alloc_zeroed::<f32>(N).unwrap();
    let (yp, xp, n) = (y.device_ptr(), x.device_ptr(), N as i32);

    // Added first, runs second: y *= 2 after y = 3.
    let def = GraphDefinition::new(ctx).unwrap();
    let two = 2.0f32;
    let k = def
        .add_kernel(
            &[],
            &scale,
            &cfg(),
            &[KernelArg::of(&yp), KernelArg::of(&two), KernelArg::of(&n)],
        )
        .unwrap();
    let m = def.add_memset(&[], &y, 3.0f32).unwrap();
    def.add_dependencies(&[(m, k)]).unwrap();
    let e = def.add_dependencies(&[(k, m)]).unwrap_err();
    assert!(e.to_string().contains("cycle"), "{e}");
    assert_eq!(def.nodes()[k.index()].deps, vec![m.index()]);

    // Then a child graph (y += x) and an event record after it.
    let child = GraphDefinition::new(ctx).unwrap();
    let one = 1.0f32;
    child
        .add_kernel(
            &[],
            &saxpy,
            &cfg(),
            &[
                KernelArg::of(&one),
                KernelArg::of(&xp),
                KernelArg::of(&yp),
                KernelArg::of(&n),
            ],
        )
        .unwrap();
    let c = def.add_child(&[k], &child).unwrap();
    let done = Arc::new(ctx.create_event().unwrap());
    let start = Arc::new(ctx.create_event().unwrap());
    let rec = def.add_event_record(&[c], &done).unwrap();
    // A wait for that record, then a copy: z = y.
    let z = ctx.alloc_zeroed::<f32>(N).unwrap();
    let wait = def.add_event_wait(&[rec], &done).unwrap();
    def.add_memcpy(&[wait], &z, &y).unwrap();
    assert_eq!(def.len(), 6);
    let graph = def.instantiate().unwrap();
    start.record(&stream).unwrap();
    graph.launch(&stream).unwrap();
    stream.synchronize().unwrap();
    assert!(y.to_vec().unwrap().iter().all(|&v| v == 7.0));
    assert!(z.to_vec().unwrap().iter().all(|&v| v == 7.0));
    assert!(done.elapsed_ms_since(&start).unwrap() >= 0.0);

    // A node of another graph is refused as a dependency.
    let other = GraphDefinition::new(ctx).unwrap();
    assert!(other.add_empty(&[k]).is_err());
}

/// A kernel node's new arguments are checked against the kernel's parameters as launches
/// are: the wrong size or count is a clear error and changes nothing.
pub fn kernel_node_update_checks_arguments(ctx: &Context) {
    let lib = fixture_lib();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let stream = ctx.create_stream().unwrap();
    let x = ctx.htod(&vec![1.0f32; N]).unwrap();
    let y = ctx.alloc_zeroed::<f32>(N).unwrap();
    let (xp, yp, n) = (x.device_ptr(), y.device_ptr(), N as i32);
    let def = GraphDefinition::new(ctx).unwrap();
    let a = 1.0f32;
    let fill = def.add_memset(&[], &y, 0.0f32).unwrap();
    let node = def
        .add_kernel(
            &[fill],
            &saxpy,
            &cfg(),
            &[
                KernelArg::of(&a),
                KernelArg::of(&xp),
                KernelArg::of(&yp),
                KernelArg::of(&n),
            ],
        )
        .unwrap();
    // A cluster shape or a cooperative launch is no kernel node here, on either backend.
    for config in [cfg().with_cluster(2), cfg().with_cooperative(true)] {
        let e = def
            .add_kernel(
                &[],
                &saxpy,
                &config,
                &[
                    KernelArg::of(&a),
                    KernelArg::of(&xp),
                    KernelArg::of(&yp),
                    KernelArg::of(&n),
                ],
            )
            .unwrap_err();
        assert!(matches!(e, Error::Unsupported(_)), "{e}");
    }
    let graph = def.instantiate().unwrap();

    let a = 5.0f32;
    graph
        .set_kernel_args(
            node,
            &cfg(),
            &[
                KernelArg::of(&a),
                KernelArg::of(&xp),
                KernelArg::of(&yp),
                KernelArg::of(&n),
            ],
        )
        .unwrap();
    let wide = 5.0f64;
    let e = graph
        .set_kernel_args(
            node,
            &cfg(),
            &[
                KernelArg::of(&wide),
                KernelArg::of(&xp),
                KernelArg::of(&yp),
                KernelArg::of(&n),
            ],
        )
        .unwrap_err();
    assert!(
        matches!(
            e,
            Error::ArgumentSize {
                index: 0,
                expected: 4,
                got: 8,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("saxpy"), "{e}");
    let e = graph
        .set_kernel_args(node, &cfg(), &[KernelArg::of(&a)])
        .unwrap_err();
    assert!(
        matches!(
            e,
            Error::ArgumentCount {
                expected: 4,
                got: 1,
                ..
            }
        ),
        "{e}"
    );
    assert!(
        graph.set_kernel_args(fill, &cfg(), &[]).is_err(),
        "a memset node is no kernel node"
    );

    graph.launch(&stream).unwrap();
    stream.synchronize().unwrap();
    assert!(y.to_vec().unwrap().iter().all(|&v| v == 5.0));
}

/// A graph running a kernel of an unloaded library is refused with `Error::Unloaded`, at
/// launch, instantiation and node creation alike.
pub fn unloaded_library_is_refused(ctx: &Context) {
    let lib = fixture_lib();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let stream = ctx.create_stream().unwrap();
    let x = ctx.htod(&vec![1.0f32; N]).unwrap();
    let y = ctx.alloc_zeroed::<f32>(N).unwrap();
    let builder = stream.begin_capture(CaptureMode::ThreadLocal).unwrap();
    launch!(saxpy, &stream, &cfg(), 1.0f32, x, y, N as i32).unwrap();
    let def = builder.end().unwrap();
    let graph = def.instantiate().unwrap();
    graph.launch(&stream).unwrap();
    stream.synchronize().unwrap();

    lib.unload().unwrap();
    assert!(matches!(graph.launch(&stream), Err(Error::Unloaded { .. })));
    assert!(matches!(def.instantiate(), Err(Error::Unloaded { .. })));
    let (xp, yp, n, a) = (x.device_ptr(), y.device_ptr(), N as i32, 1.0f32);
    let fresh = GraphDefinition::new(ctx).unwrap();
    let e = fresh
        .add_kernel(
            &[],
            &saxpy,
            &cfg(),
            &[
                KernelArg::of(&a),
                KernelArg::of(&xp),
                KernelArg::of(&yp),
                KernelArg::of(&n),
            ],
        )
        .unwrap_err();
    assert!(matches!(e, Error::Unloaded { .. }), "{e}");
    // So is a child graph with the unloaded kernel.
    let parent = GraphDefinition::new(ctx).unwrap();
    assert!(matches!(
        parent.add_child(&[], &def),
        Err(Error::Unloaded { .. })
    ));
    assert!(parent.is_empty());
    assert_eq!(
        y.to_vec().unwrap()[0],
        1.0,
        "only the launch before the unload ran"
    );
}

/// An executable graph takes a recaptured graph's arguments (`Graph::update`); a recapture
/// of another shape is refused and leaves it as it was.
pub fn update_from_recapture(ctx: &Context) {
    let lib = fixture_lib();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let stream = ctx.create_stream().unwrap();
    let x = ctx.htod(&vec![1.0f32; N]).unwrap();
    let y = ctx.alloc_zeroed::<f32>(N).unwrap();
    let capture = |a: f32, launches: usize| {
        let builder = stream.begin_capture(CaptureMode::Relaxed).unwrap();
        y.fill_async(0.0f32, &stream).unwrap();
        for _ in 0..launches {
            launch!(saxpy, &stream, &cfg(), a, x, y, N as i32).unwrap();
        }
        builder.end().unwrap()
    };
    let graph = capture(1.0, 2).instantiate().unwrap();
    let run = || {
        graph.launch(&stream).unwrap();
        stream.synchronize().unwrap();
        y.to_vec().unwrap()[N - 1]
    };
    assert_eq!(run(), 2.0);
    graph.update(&capture(3.0, 2)).unwrap();
    assert_eq!(run(), 6.0);
    // More nodes: the driver's CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED on both.
    let e = graph.update(&capture(3.0, 3)).unwrap_err();
    assert!(
        matches!(
            e,
            Error::GraphUpdate {
                result: cuda_library::GraphUpdateResult::TopologyChanged,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        e.cuda_error_name(),
        Some("CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE")
    );
    assert_eq!(run(), 6.0);
    assert_eq!(graph.nodes().len(), 3);
}

/// A synchronous copy while a stream captures is refused and invalidates the capture (it
/// would run on the legacy stream, which waits for the capturing one).
pub fn synchronous_copy_during_capture_is_refused(ctx: &Context) {
    let stream = ctx.create_stream().unwrap();
    let y = ctx.alloc_zeroed::<f32>(N).unwrap();
    let builder = stream.begin_capture(CaptureMode::Global).unwrap();
    y.fill_async(2.0f32, &stream).unwrap();
    assert!(y.copy_from(&vec![1.0f32; N]).is_err());
    assert!(builder.end().is_err(), "the capture should be invalidated");
    // The stream captures no more and works as before.
    y.fill_async(4.0f32, &stream).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(y.to_vec().unwrap()[0], 4.0);
}

/// A child graph whose library is unloaded after it was added makes its parent refuse to
/// instantiate.
pub fn unloaded_child_is_refused(ctx: &Context) {
    let lib = fixture_lib();
    let empty = lib.get_kernel("empty").unwrap();
    let child = GraphDefinition::new(ctx).unwrap();
    child
        .add_kernel(&[], &empty, &LaunchConfig::new(1, 32), &[])
        .unwrap();
    let parent = GraphDefinition::new(ctx).unwrap();
    let c = parent.add_child(&[], &child).unwrap();
    parent.add_empty(&[c]).unwrap();
    let graph = parent.instantiate().unwrap();
    let stream = ctx.create_stream().unwrap();
    graph.launch(&stream).unwrap();
    stream.synchronize().unwrap();
    lib.unload().unwrap();
    assert!(matches!(parent.instantiate(), Err(Error::Unloaded { .. })));
    assert!(matches!(graph.launch(&stream), Err(Error::Unloaded { .. })));
}

/// Whether `e` is [`Error::StreamCapture`] for `rule`: the same variant and rule on the
/// driver (its `CUDA_ERROR_STREAM_CAPTURE_*` code mapped) and on the simulator.
fn broke(e: &Error, rule: CaptureRule) -> bool {
    matches!(e, Error::StreamCapture { rule: r, .. } if *r == rule)
        && e.cuda_error_name() == Some(rule.cuda_error_name())
        && e.cuda_code() == Some(rule.cuda_code())
}

/// What each capture mode refuses, with the driver's error names (the simulator's messages
/// name them too): an allocation under a Global or ThreadLocal capture on its thread
/// (`CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED`), the memset of `alloc_zeroed` under any capture
/// (`CUDA_ERROR_STREAM_CAPTURE_IMPLICIT`: it would make the legacy stream wait for the
/// capturing one); either invalidates the capture.
pub fn capture_modes_guard_allocation(ctx: &Context) {
    let stream = ctx.create_stream().unwrap();
    for (mode, refused) in [
        (CaptureMode::Global, CaptureRule::Unsupported),
        (CaptureMode::ThreadLocal, CaptureRule::Unsupported),
        (CaptureMode::Relaxed, CaptureRule::Implicit),
    ] {
        let builder = stream.begin_capture(mode).unwrap();
        let e = ctx.alloc_zeroed::<u8>(16).unwrap_err();
        assert!(
            e.to_string().contains(refused.cuda_error_name()),
            "{mode:?}: {e}"
        );
        assert!(broke(&e, refused), "{mode:?}: {e:?}");
        let e = builder.end().unwrap_err();
        assert!(
            e.to_string()
                .contains("CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"),
            "{mode:?}: {e}"
        );
        assert!(broke(&e, CaptureRule::Invalidated), "{mode:?}: {e:?}");
    }
    assert!(ctx.alloc_zeroed::<u8>(16).is_ok(), "the captures ended");
}

/// A graph cannot be launched into a capture: the driver refuses it (seen on an H200:
/// `cuGraphLaunch` gives `CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED`), and so does the simulator.
/// The way to nest graphs is a child graph node, which runs in place.
pub fn graph_launch_into_a_capture_is_refused(ctx: &Context) {
    let lib = fixture_lib();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let stream = ctx.create_stream().unwrap();
    let x = ctx.htod(&vec![1.0f32; N]).unwrap();
    let y = ctx.alloc_zeroed::<f32>(N).unwrap();
    let inner = {
        let builder = stream.begin_capture(CaptureMode::ThreadLocal).unwrap();
        launch!(saxpy, &stream, &cfg(), 1.0f32, x, y, N as i32).unwrap();
        builder.end().unwrap()
    };
    let graph = inner.instantiate().unwrap();
    let builder = stream.begin_capture(CaptureMode::ThreadLocal).unwrap();
    let e = graph.launch(&stream).unwrap_err();
    assert!(
        e.to_string()
            .contains("CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"),
        "{e}"
    );
    assert!(broke(&e, CaptureRule::Unsupported), "{e:?}");
    drop(builder);

    // A child graph node instead: y = 10, then y += x twice.
    let outer = GraphDefinition::new(ctx).unwrap();
    let fill = outer.add_memset(&[], &y, 10.0f32).unwrap();
    let first = outer.add_child(&[fill], &inner).unwrap();
    outer.add_child(&[first], &inner).unwrap();
    assert_eq!(outer.nodes()[1].label, "child graph (1 node)");
    outer.instantiate().unwrap().launch(&stream).unwrap();
    stream.synchronize().unwrap();
    assert!(y.to_vec().unwrap().iter().all(|&v| v == 12.0));
}

/// An update keeps the topology all the way down: a graph whose child graph has other nodes
/// than the executable graph's child is refused (the driver's
/// `CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED`) and leaves it as it was; one whose children
/// have the same shape is taken.
pub fn update_refuses_child_graphs_of_another_topology(ctx: &Context) {
    let stream = ctx.create_stream().unwrap();
    let buf = ctx.alloc_zeroed::<u32>(64).unwrap();
    let child = |values: &[u32]| {
        let def = GraphDefinition::new(ctx).unwrap();
        let mut last = Vec::new();
        for &v in values {
            last = vec![def.add_memset(&last, &buf, v).unwrap()];
        }
        def
    };
    let parent = |values: &[u32]| {
        let def = GraphDefinition::new(ctx).unwrap();
        def.add_child(&[], &child(values)).unwrap();
        def
    };
    let graph = parent(&[1]).instantiate().unwrap();
    let run = || {
        graph.launch(&stream).unwrap();
        stream.synchronize().unwrap();
        buf.to_vec().unwrap()[0]
    };
    assert_eq!(run(), 1);
    let e = graph.update(&parent(&[2, 3])).unwrap_err();
    assert!(matches!(e, Error::GraphUpdate { .. }), "{e:?}");
    assert_eq!(run(), 1, "a refused update changes nothing");
    graph.update(&parent(&[4])).unwrap();
    assert_eq!(run(), 4);
}

/// Stream-ordered allocation while a capture runs: on the capturing stream it is a graph
/// memory allocation node even under a `Global` capture (from a `MemPool` it is refused
/// before the backend sees it, and the capture goes on); on another stream it is refused
/// as any allocation is under a `Global` capture (`CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED`),
/// which invalidates the capture; under a `Relaxed` capture it is allowed.
pub fn stream_ordered_allocation_during_capture(ctx: &Context) {
    let capturing = ctx.create_stream().unwrap();
    let other = ctx.create_stream().unwrap();
    let buf = ctx.alloc_zeroed::<u32>(16).unwrap();
    let pool = cuda_library::MemPool::new(ctx, 0).unwrap();

    let builder = capturing.begin_capture(CaptureMode::Global).unwrap();
    let scratch = capturing.alloc_async::<u32>(16).unwrap();
    let e = capturing.alloc_async_from::<u32>(&pool, 16).unwrap_err();
    assert!(matches!(e, Error::Unsupported(_)), "{e}");
    buf.fill_async(5, &capturing).unwrap();
    drop(scratch);
    assert_eq!(builder.end().unwrap().len(), 3, "alloc, memset, free");

    let builder = capturing.begin_capture(CaptureMode::Global).unwrap();
    let e = other.alloc_async::<u32>(16).unwrap_err();
    assert!(
        e.to_string()
            .contains("CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"),
        "{e}"
    );
    assert!(broke(&e, CaptureRule::Unsupported), "{e:?}");
    assert!(
        builder.end().is_err(),
        "the refusal invalidates the capture"
    );

    let builder = capturing.begin_capture(CaptureMode::Relaxed).unwrap();
    let scratch = other.alloc_async::<u32>(16).unwrap();
    buf.fill_async(6, &capturing).unwrap();
    let graph = builder.complete().unwrap();
    drop(scratch);
    graph.launch(&capturing).unwrap();
    capturing.synchronize().unwrap();
    assert_eq!(buf.to_vec().unwrap(), [6; 16]);
}

// Graphs complete (issue 38): captures across streams, host functions.

/// A capture forked onto a second stream with an event and joined back with another: the
/// branches are independent nodes, the work after the join waits for both, and the graph
/// computes what the same work on two streams computes.
pub fn fork_join_capture(ctx: &Context) {
    let lib = fixture_lib();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let scale = lib.get_kernel("_Z5scaleIfEvPT_S0_i").unwrap();
    let (main, side) = (ctx.create_stream().unwrap(), ctx.create_stream().unwrap());
    let (fork, join) = (ctx.create_event().unwrap(), ctx.create_event().unwrap());
    let x = ctx.htod(&vec![1.0f32; N]).unwrap();
    let (a, b) = (
        ctx.alloc_zeroed::<f32>(N).unwrap(),
        ctx.alloc_zeroed::<f32>(N).unwrap(),
    );

    let builder = main.begin_capture(CaptureMode::Relaxed).unwrap();
    a.fill_async(1.0f32, &main).unwrap(); // 0
    fork.record(&main).unwrap();
    side.wait_event(&fork).unwrap(); // `side` joins the capture
    launch!(scale, &main, &cfg(), a, 3.0f32, N as i32).unwrap(); // 1: a = 3
    b.fill_async(2.0f32, &side).unwrap(); // 2, after 0 only
    launch!(scale, &side, &cfg(), b, 5.0f32, N as i32).unwrap(); // 3: b = 10
    join.record(&side).unwrap();
    main.wait_event(&join).unwrap();
    launch!(saxpy, &main, &cfg(), 1.0f32, b, a, N as i32).unwrap(); // 4: a += b
    let def = builder.end().unwrap();

    let deps: Vec<Vec<usize>> = def.nodes().into_iter().map(|n| n.deps).collect();
    assert_eq!(
        deps,
        vec![vec![], vec![0], vec![0], vec![2], vec![1, 3]],
        "{:?}",
        def.nodes()
    );
    assert!(
        a.to_vec().unwrap().iter().all(|&v| v == 0.0),
        "captured work ran"
    );
    // The capture ended for both streams: each may be synchronized and captured again.
    side.synchronize().unwrap();
    drop(side.begin_capture(CaptureMode::Relaxed).unwrap());

    let graph = def.instantiate().unwrap();
    for _ in 0..2 {
        graph.launch(&main).unwrap();
        main.synchronize().unwrap();
        assert!(a.to_vec().unwrap().iter().all(|&v| v == 13.0));
        assert!(b.to_vec().unwrap().iter().all(|&v| v == 10.0));
    }
    drop(x);
}

/// Ending a capture while a stream that joined it has work the origin does not wait for is
/// `CUDA_ERROR_STREAM_CAPTURE_UNJOINED`; the capture ends all the same, for both streams.
pub fn unjoined_fork_is_refused(ctx: &Context) {
    let (main, side) = (ctx.create_stream().unwrap(), ctx.create_stream().unwrap());
    let fork = ctx.create_event().unwrap();
    let buf = ctx.alloc_zeroed::<u32>(256).unwrap();
    let builder = main.begin_capture(CaptureMode::Relaxed).unwrap();
    fork.record(&main).unwrap();
    side.wait_event(&fork).unwrap();
    buf.fill_async(1, &side).unwrap();
    let e = builder.end().unwrap_err();
    assert!(
        e.to_string().contains("CUDA_ERROR_STREAM_CAPTURE_UNJOINED"),
        "{e}"
    );
    assert!(broke(&e, CaptureRule::Unjoined), "{e:?}");
    // Neither stream captures now.
    side.synchronize().unwrap();
    main.synchronize().unwrap();
    buf.fill_async(2, &side).unwrap();
    side.synchronize().unwrap();
    assert_eq!(buf.to_vec().unwrap(), vec![2; 256]);
    // A fork with no work is joined: nothing is left unjoined.
    let builder = main.begin_capture(CaptureMode::Relaxed).unwrap();
    fork.record(&main).unwrap();
    side.wait_event(&fork).unwrap();
    buf.fill_async(3, &main).unwrap();
    assert_eq!(builder.end().unwrap().len(), 1);
}

/// Dependencies may not cross a capture's boundary: a capturing stream waiting for an event
/// recorded outside the capture, or in another capture, is
/// `CUDA_ERROR_STREAM_CAPTURE_ISOLATION` and invalidates the capture.
pub fn capture_isolation_is_kept(ctx: &Context) {
    let (s1, s2) = (ctx.create_stream().unwrap(), ctx.create_stream().unwrap());
    let (outside, inside) = (ctx.create_event().unwrap(), ctx.create_event().unwrap());
    let buf = ctx.alloc_zeroed::<u32>(64).unwrap();
    outside.record(&s2).unwrap();

    let builder = s1.begin_capture(CaptureMode::Relaxed).unwrap();
    buf.fill_async(1, &s1).unwrap();
    let e = s1.wait_event(&outside).unwrap_err();
    assert!(
        e.to_string()
            .contains("CUDA_ERROR_STREAM_CAPTURE_ISOLATION"),
        "{e}"
    );
    assert!(broke(&e, CaptureRule::Isolation), "{e:?}");
    let e = builder.end().unwrap_err();
    assert!(broke(&e, CaptureRule::Invalidated), "{e:?}");

    // Two captures cannot be merged.
    let b1 = s1.begin_capture(CaptureMode::Relaxed).unwrap();
    let b2 = s2.begin_capture(CaptureMode::Relaxed).unwrap();
    buf.fill_async(2, &s2).unwrap();
    inside.record(&s2).unwrap();
    let e = s1.wait_event(&inside).unwrap_err();
    assert!(
        e.to_string()
            .contains("CUDA_ERROR_STREAM_CAPTURE_ISOLATION"),
        "{e}"
    );
    assert!(broke(&e, CaptureRule::Isolation), "{e:?}");
    assert!(b1.end().is_err(), "the waiting capture was invalidated");
    assert_eq!(b2.end().unwrap().len(), 1, "the other capture goes on");
}

/// A capturing stream has no work to wait for, and an event recorded in a capture stands
/// for none: synchronizing either is refused (the stream's capture is invalidated), until
/// the event is recorded again outside a capture.
pub fn capture_refuses_synchronization(ctx: &Context) {
    let stream = ctx.create_stream().unwrap();
    let event = ctx.create_event().unwrap();
    let buf = ctx.alloc_zeroed::<u32>(64).unwrap();

    let builder = stream.begin_capture(CaptureMode::Relaxed).unwrap();
    buf.fill_async(1, &stream).unwrap();
    event.record(&stream).unwrap();
    for e in [
        event.synchronize().unwrap_err(),
        event.is_complete().unwrap_err(),
    ] {
        assert!(e.to_string().contains("CUDA_ERROR_CAPTURED_EVENT"), "{e}");
        assert!(broke(&e, CaptureRule::CapturedEvent), "{e:?}");
    }
    let e = stream.synchronize().unwrap_err();
    assert!(
        e.to_string()
            .contains("CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED"),
        "{e}"
    );
    assert!(broke(&e, CaptureRule::Unsupported), "{e:?}");
    assert!(
        builder.end().is_err(),
        "synchronizing invalidated the capture"
    );
    assert!(event.synchronize().is_err(), "still a captured event");
    event.record(&stream).unwrap();
    event.synchronize().unwrap();
    stream.synchronize().unwrap();
}

/// Host functions: a graph's host node runs after the nodes it waits for, once per launch;
/// one captured with `launch_host_func` is recorded, not run, until the graph is launched;
/// one launched on a stream runs after the work before it.
pub fn host_nodes_run_in_order(ctx: &Context) {
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Mutex;
    let stream = ctx.create_stream().unwrap();
    let buf = ctx.alloc_zeroed::<u32>(64).unwrap();
    let calls = Arc::new(AtomicU32::new(0));

    let def = GraphDefinition::new(ctx).unwrap();
    let fill = def.add_memset(&[], &buf, 7u32).unwrap();
    let seen = calls.clone();
    let host = def
        .add_host(&[fill], move || {
            seen.fetch_add(1, Ordering::SeqCst);
        })
        .unwrap();
    assert_eq!(
        def.nodes()[host.index()].kind,
        cuda_library::GraphNodeKind::Host
    );
    assert_eq!(def.nodes()[host.index()].deps, vec![fill.index()]);
    let graph = def.instantiate().unwrap();
    drop(def); // the executable graph keeps the closure alive
    for round in 1..=3 {
        graph.launch(&stream).unwrap();
        stream.synchronize().unwrap();
        assert_eq!(calls.load(Ordering::SeqCst), round);
    }

    // Captured: the order of the calls follows the graph's.
    let order = Arc::new(Mutex::new(Vec::new()));
    let builder = stream.begin_capture(CaptureMode::Relaxed).unwrap();
    for i in 0..3 {
        let order = order.clone();
        stream
            .launch_host_func(move || order.lock().unwrap().push(i))
            .unwrap();
    }
    let graph = builder.complete().unwrap();
    assert!(
        order.lock().unwrap().is_empty(),
        "a captured host function ran"
    );
    graph.launch(&stream).unwrap();
    graph.launch(&stream).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(*order.lock().unwrap(), vec![0, 1, 2, 0, 1, 2]);

    // On a stream, outside a capture: after the work before it.
    let (tx, rx) = std::sync::mpsc::channel();
    buf.fill_async(9, &stream).unwrap();
    stream
        .launch_host_func(move || tx.send(()).unwrap())
        .unwrap();
    stream.synchronize().unwrap();
    rx.recv_timeout(std::time::Duration::from_secs(10)).unwrap();
}

/// A panic inside a host function does not unwind into the driver or the simulator: it is
/// caught and reported as `Error::HostFunctionPanicked` (by the launch on the simulator, by
/// the graph's next launch on the driver, whose thread ran it), and the graph runs again.
pub fn host_panic_is_caught(ctx: &Context) {
    use std::sync::atomic::{AtomicBool, Ordering};
    let stream = ctx.create_stream().unwrap();
    let def = GraphDefinition::new(ctx).unwrap();
    let first = Arc::new(AtomicBool::new(true));
    let again = first.clone();
    def.add_host(&[], move || {
        if again.swap(false, Ordering::SeqCst) {
            panic!("the first call fails");
        }
    })
    .unwrap();
    let graph = def.instantiate().unwrap();
    let launched = graph.launch(&stream);
    let e = match launched {
        Err(e) => e,
        Ok(()) => {
            stream.synchronize().unwrap();
            graph.launch(&stream).unwrap_err()
        }
    };
    match &e {
        Error::HostFunctionPanicked { message } => {
            assert!(message.contains("the first call fails"), "{e}")
        }
        other => panic!("expected HostFunctionPanicked, got {other:?}"),
    }
    // Reported once; the closure runs again and succeeds.
    graph.launch(&stream).unwrap();
    stream.synchronize().unwrap();
    assert!(!first.load(Ordering::SeqCst));
}

/// A host function may not call CUDA: a launch, a stream's synchronization and an
/// allocation from inside one are refused (`CUDA_ERROR_NOT_PERMITTED`), with no deadlock.
pub fn host_fn_cuda_calls_are_refused(ctx: &Context) {
    let stream = Arc::new(ctx.create_stream().unwrap());
    let buf = Arc::new(ctx.alloc_zeroed::<u32>(16).unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    let (s, b, c) = (stream.clone(), buf.clone(), ctx.clone());
    stream
        .launch_host_func(move || {
            let results = [
                b.fill_async(1, &s).map(|_| ()),
                s.synchronize(),
                c.alloc_zeroed::<u32>(4).map(|_| ()),
            ];
            let _ = tx.send(results.map(|r| r.err().map(|e| e.to_string())));
        })
        .unwrap();
    stream.synchronize().unwrap();
    let results = rx.recv_timeout(std::time::Duration::from_secs(10)).unwrap();
    for (i, r) in results.iter().enumerate() {
        let e = r.as_deref().unwrap_or("no error");
        assert!(e.contains("CUDA_ERROR_NOT_PERMITTED"), "call {i}: {e}");
    }
    assert_eq!(buf.to_vec().unwrap(), vec![0; 16]);
}

/// The Jacobi kernels (`tests/fixtures/jacobi.cu`): the PTX as NVRTC made it on the
/// simulator (which runs `cudaGraphSetConditional` itself); on a GPU, linked with
/// libcudadevrt by nvJitLink. `None` (the test skips) when a GPU has no libcudadevrt.
pub fn jacobi_library(ctx: &Context) -> Option<Library> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jacobi.ptx");
    let simulated = ctx.create_stream().unwrap().simulated_time_ms().is_some();
    if simulated {
        return Some(Library::load_file(path, &Default::default()).unwrap());
    }
    let Some(devrt) = crate::common::linking::cudadevrt() else {
        crate::common::skip("no libcudadevrt.a (set CUDA_LIBRARY_CUDADEVRT)");
        return None;
    };
    let objects = [
        cuda_library::ObjectCode::from_ptx(std::path::Path::new(path)),
        cuda_library::ObjectCode::from_library(devrt),
    ];
    let linked = cuda_library::Linker::new(&objects, cuda_library::LinkerOptions::default())
        .unwrap()
        .link(cuda_library::ImageKind::Cubin)
        .unwrap();
    Some(linked.to_library(&Default::default()).unwrap())
}

/// The Jacobi problem: `d x[i] - x[i-1] - x[i+1] = 1` on `n` points.
struct Jacobi {
    n: usize,
    d: f32,
    tolerance: f32,
    max_sweeps: u32,
}

impl Jacobi {
    fn cfg(&self) -> LaunchConfig {
        LaunchConfig::for_num_elems(self.n as u32, 256)
    }

    /// The largest |A x - b| of `x`, in f64.
    fn residual(&self, x: &[f32]) -> f64 {
        (0..self.n)
            .map(|i| {
                let at = |j: Option<usize>| j.and_then(|j| x.get(j)).map_or(0.0, |&v| v as f64);
                let ax = self.d as f64 * x[i] as f64 - at(i.checked_sub(1)) - at(Some(i + 1));
                (ax - 1.0).abs()
            })
            .fold(0.0, f64::max)
    }
}

/// An iterative solver in a graph's `while` loop: two sweeps and a check per iteration,
/// the check's kernel ending the loop with `cudaGraphSetConditional` once a sweep changes
/// no value by more than the tolerance. It gives bit for bit what the same kernels give in
/// a host loop that reads the decision back after each iteration, and solves the system.
pub fn jacobi_in_a_while_loop(ctx: &Context) {
    jacobi_graph(ctx, false);
}

/// The same solver with its `while` loop inside an `if` node's body, the loop's handle
/// made in that body graph with a default: every launch resets it to the default (the
/// driver's `CU_GRAPH_COND_ASSIGN_DEFAULT`), so a second launch runs the loop again.
pub fn jacobi_in_a_nested_while_loop(ctx: &Context) {
    jacobi_graph(ctx, true);
}

/// The Jacobi graph case; `nested`: the loop is in the body of an `if` whose handle is 1.
fn jacobi_graph(ctx: &Context, nested: bool) {
    let Some(lib) = jacobi_library(ctx) else {
        return;
    };
    let sweep = lib.get_kernel("jacobi_sweep").unwrap();
    let check = lib.get_kernel("jacobi_check").unwrap();
    let check_host = lib.get_kernel("jacobi_check_host").unwrap();
    let p = Jacobi {
        n: 1000,
        d: 2.5,
        tolerance: 1e-6,
        max_sweeps: 10_000,
    };
    let stream = ctx.create_stream().unwrap();
    let b = ctx.htod(&vec![1.0f32; p.n]).unwrap();
    let (x, y) = (
        ctx.alloc_zeroed::<f32>(p.n).unwrap(),
        ctx.alloc_zeroed::<f32>(p.n).unwrap(),
    );
    let state = ctx.alloc_zeroed::<u32>(3).unwrap();
    let (bp, xp, yp, sp) = (
        b.device_ptr(),
        x.device_ptr(),
        y.device_ptr(),
        state.device_ptr(),
    );
    let change = sp; // state[0]
    let (n, d, tol, max) = (p.n as i32, p.d, p.tolerance, p.max_sweeps);

    // The host loop: iterate until the check says done.
    let mut host_iterations = 0;
    loop {
        launch!(sweep, &stream, &p.cfg(), bp, xp, yp, change, d, n).unwrap();
        launch!(sweep, &stream, &p.cfg(), bp, yp, xp, change, d, n).unwrap();
        launch!(check_host, &stream, &LaunchConfig::new(1, 1), sp, tol, max).unwrap();
        host_iterations += 1;
        if state.to_vec().unwrap()[2] == 0 {
            break;
        }
    }
    let want = x.to_vec().unwrap();
    let want_sweeps = state.to_vec().unwrap()[1];
    assert!(
        want_sweeps < p.max_sweeps,
        "{want_sweeps} sweeps: no convergence"
    );
    assert!(p.residual(&want) < 1e-4, "residual {}", p.residual(&want));

    // The graph: reset, then while (handle) { sweep; sweep; check }, or when nested,
    // if (1) { while (handle) { ... } } with the loop's handle made in the if's body.
    let def = GraphDefinition::new(ctx).unwrap();
    let zero_x = def.add_memset(&[], &x, 0.0f32).unwrap();
    let zero_state = def.add_memset(&[], &state, 0u32).unwrap();
    let if_bodies;
    let (outer, deps) = if nested {
        let yes = def.conditional_handle(Some(1)).unwrap();
        let (_, b) = def
            .add_conditional(
                &[zero_x, zero_state],
                yes,
                cuda_library::ConditionalKind::If,
            )
            .unwrap();
        if_bodies = b;
        (&if_bodies[0], vec![])
    } else {
        (&def, vec![zero_x, zero_state])
    };
    let handle = outer.conditional_handle(Some(1)).unwrap();
    let h = handle.raw();
    let (node, bodies) = outer
        .add_conditional(&deps, handle, cuda_library::ConditionalKind::While)
        .unwrap();
    assert_eq!(outer.nodes()[node.index()].label, "while");
    let body = &bodies[0];
    let s1 = body
        .add_kernel(
            &[],
            &sweep,
            &p.cfg(),
            &[
                KernelArg::of(&bp),
                KernelArg::of(&xp),
                KernelArg::of(&yp),
                KernelArg::of(&change),
                KernelArg::of(&d),
                KernelArg::of(&n),
            ],
        )
        .unwrap();
    let s2 = body
        .add_kernel(
            &[s1],
            &sweep,
            &p.cfg(),
            &[
                KernelArg::of(&bp),
                KernelArg::of(&yp),
                KernelArg::of(&xp),
                KernelArg::of(&change),
                KernelArg::of(&d),
                KernelArg::of(&n),
            ],
        )
        .unwrap();
    body.add_kernel(
        &[s2],
        &check,
        &LaunchConfig::new(1, 1),
        &[
            KernelArg::of(&sp),
            KernelArg::of(&tol),
            KernelArg::of(&max),
            KernelArg::of(&h),
        ],
    )
    .unwrap();
    let graph = def.instantiate().unwrap();
    for _ in 0..2 {
        // The default value starts each launch's loop again.
        graph.launch(&stream).unwrap();
        stream.synchronize().unwrap();
        let got = x.to_vec().unwrap();
        let bits = |v: &[f32]| v.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
        assert_eq!(
            bits(&got),
            bits(&want),
            "the graph's loop and the host's differ"
        );
        assert_eq!(state.to_vec().unwrap()[1], want_sweeps);
        assert_eq!(want_sweeps, 2 * host_iterations);
    }
}

/// `if`, `if/else` and `switch` nodes run the body their handle's value picks, and the
/// driver's rules for conditional nodes are kept: bodies take no host or event nodes, a
/// graph with conditional nodes is no child and has one executable graph at a time, a
/// handle serves its own graph.
pub fn conditional_nodes_branch_and_refuse(ctx: &Context) {
    use cuda_library::ConditionalKind;
    let stream = ctx.create_stream().unwrap();
    let slots: Vec<DeviceBuffer<u32>> = (0..7).map(|_| ctx.alloc_zeroed(16).unwrap()).collect();
    let slot = |i: usize| &slots[i];
    let def = GraphDefinition::new(ctx).unwrap();
    let (yes, no, two) = (
        def.conditional_handle(Some(1)).unwrap(),
        def.conditional_handle(Some(0)).unwrap(),
        def.conditional_handle(Some(2)).unwrap(),
    );
    let (_, b) = def.add_conditional(&[], yes, ConditionalKind::If).unwrap();
    b[0].add_memset(&[], slot(0), 1u32).unwrap();
    let (_, b) = def.add_conditional(&[], no, ConditionalKind::If).unwrap();
    b[0].add_memset(&[], slot(1), 1u32).unwrap();
    let (_, b) = def
        .add_conditional(&[], no, ConditionalKind::IfElse)
        .unwrap();
    assert_eq!(b.len(), 2);
    b[0].add_memset(&[], slot(2), 1u32).unwrap();
    b[1].add_memset(&[], slot(3), 1u32).unwrap();
    let (_, b) = def
        .add_conditional(&[], two, ConditionalKind::Switch(3))
        .unwrap();
    for (i, body) in b.iter().enumerate() {
        body.add_memset(&[], slot(4 + i), 1u32).unwrap();
    }

    // What a body takes.
    let host = b[0].add_host(&[], || {}).unwrap_err();
    assert!(
        host.to_string().contains("conditional node's body"),
        "{host}"
    );
    let ev = Arc::new(ctx.create_event().unwrap());
    assert!(b[0].add_event_record(&[], &ev).is_err());
    assert!(def
        .add_conditional(&[], yes, ConditionalKind::Switch(0))
        .is_err());
    let other = GraphDefinition::new(ctx).unwrap();
    let foreign = other.conditional_handle(None).unwrap();
    assert!(def
        .add_conditional(&[], foreign, ConditionalKind::If)
        .is_err());
    let parent = GraphDefinition::new(ctx).unwrap();
    assert!(
        parent.add_child(&[], &def).is_err(),
        "a child with conditionals"
    );

    let graph = def.instantiate().unwrap();
    assert!(def.instantiate().is_err(), "one executable graph at a time");
    graph.launch(&stream).unwrap();
    stream.synchronize().unwrap();
    let ran: Vec<u32> = slots.iter().map(|s| s.to_vec().unwrap()[0]).collect();
    assert_eq!(ran, vec![1, 0, 0, 1, 0, 0, 1]);
    drop(graph);
    assert!(def.instantiate().is_ok(), "the first one was dropped");
}

/// Graph memory nodes: an allocation freed in its graph lets the graph run again and
/// again; one left allocated must be freed (on a stream, or by another graph's free node)
/// before the graph runs again; and the driver's rules on who frees it, children and
/// instantiation hold.
pub fn graph_memory_nodes(ctx: &Context) {
    let lib = fixture_lib();
    let args5 = lib.get_kernel("args5").unwrap();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let stream = ctx.create_stream().unwrap();
    let one = LaunchConfig::new(1, 1);
    // scratch[0] = 6 (args5 with a < 0), then out[0] += scratch[0].
    let use_scratch = |def: &GraphDefinition,
                       after: cuda_library::GraphNode,
                       scratch: &cuda_library::GraphAllocation<f32>,
                       out: &DeviceBuffer<f32>| {
        let (a, b, c, e, s) = (-1i32, 1.0f32, 2.0f64, 3i64, scratch.device_ptr());
        let w = def
            .add_kernel(
                &[after],
                &args5,
                &one,
                &[
                    KernelArg::of(&a),
                    KernelArg::of(&b),
                    KernelArg::of(&c),
                    KernelArg::of(&s),
                    KernelArg::of(&e),
                ],
            )
            .unwrap();
        let (k, o, n) = (1.0f32, out.device_ptr(), 1i32);
        def.add_kernel(
            &[w],
            &saxpy,
            &one,
            &[
                KernelArg::of(&k),
                KernelArg::of(&s),
                KernelArg::of(&o),
                KernelArg::of(&n),
            ],
        )
        .unwrap()
    };

    // Freed in its own graph.
    let out = ctx.alloc_zeroed::<f32>(1).unwrap();
    let def = GraphDefinition::new(ctx).unwrap();
    let (alloc, scratch) = def.add_mem_alloc::<f32>(&[], 256).unwrap();
    assert_eq!(def.nodes()[alloc.index()].label, "alloc 1 KiB");
    let used = use_scratch(&def, alloc, &scratch, &out);
    def.add_mem_free(&[used], &scratch).unwrap();
    assert!(
        def.add_mem_free(&[], &scratch).is_err(),
        "freed twice in its graph"
    );
    assert!(
        scratch.free_async(&stream).is_err(),
        "freed by its own graph"
    );
    let parent = GraphDefinition::new(ctx).unwrap();
    assert!(
        parent.add_child(&[], &def).is_err(),
        "a child with memory nodes"
    );
    let graph = def.instantiate().unwrap();
    assert!(def.instantiate().is_err(), "one executable graph at a time");
    for _ in 0..3 {
        graph.launch(&stream).unwrap();
    }
    stream.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), vec![18.0]);

    // Left allocated: freed on a stream, or by another graph, before the next launch.
    let out = ctx.alloc_zeroed::<f32>(1).unwrap();
    let def = GraphDefinition::new(ctx).unwrap();
    let (alloc, scratch) = def.add_mem_alloc::<f32>(&[], 1).unwrap();
    use_scratch(&def, alloc, &scratch, &out);
    let graph = def.instantiate().unwrap();
    graph.launch(&stream).unwrap();
    stream.synchronize().unwrap();
    let e = graph.launch(&stream).unwrap_err();
    assert!(e.to_string().contains("CUDA_ERROR_INVALID_VALUE"), "{e}");
    scratch.free_async(&stream).unwrap();
    graph.launch(&stream).unwrap();
    let frees = GraphDefinition::new(ctx).unwrap();
    frees.add_mem_free(&[], &scratch).unwrap();
    assert!(def.add_mem_free(&[], &scratch).is_err(), "freed elsewhere");
    frees.instantiate().unwrap().launch(&stream).unwrap();
    graph.launch(&stream).unwrap();
    scratch.free_async(&stream).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), vec![18.0]);

    // A conditional node's body takes no memory node.
    let def = GraphDefinition::new(ctx).unwrap();
    let h = def.conditional_handle(Some(0)).unwrap();
    let (_, bodies) = def
        .add_conditional(&[], h, cuda_library::ConditionalKind::If)
        .unwrap();
    assert!(bodies[0].add_mem_alloc::<u32>(&[], 4).is_err());
    assert!(def.add_mem_alloc::<u32>(&[], 0).is_err(), "empty");
}

/// A conditional node's body and a child graph belong to the graph they are in: dropping
/// the user's handle of the body (or of the child) before the parent is instantiated or
/// launched changes nothing, on either backend. The body's own conditional handle (made in
/// the body, reset at each launch) keeps working too.
pub fn dropped_bodies_and_children_still_run(ctx: &Context) {
    use cuda_library::ConditionalKind;
    let stream = ctx.create_stream().unwrap();
    let (a, b, c) = (
        ctx.alloc_zeroed::<u32>(16).unwrap(),
        ctx.alloc_zeroed::<u32>(16).unwrap(),
        ctx.alloc_zeroed::<u32>(16).unwrap(),
    );
    let def = GraphDefinition::new(ctx).unwrap();
    let yes = def.conditional_handle(Some(1)).unwrap();
    let (_, bodies) = def.add_conditional(&[], yes, ConditionalKind::If).unwrap();
    // In the body: a = 1, then if (inner) { b = 2 } with the inner handle the body's own.
    let fill = bodies[0].add_memset(&[], &a, 1u32).unwrap();
    let inner = bodies[0].conditional_handle(Some(1)).unwrap();
    let (_, inner_bodies) = bodies[0]
        .add_conditional(&[fill], inner, ConditionalKind::If)
        .unwrap();
    inner_bodies[0].add_memset(&[], &b, 2u32).unwrap();
    drop(inner_bodies);
    drop(bodies);
    // A child graph whose handle is dropped: c = 3.
    let child = GraphDefinition::new(ctx).unwrap();
    child.add_memset(&[], &c, 3u32).unwrap();
    def.add_child(&[], &child).unwrap();
    drop(child);

    let graph = def.instantiate().unwrap();
    drop(def);
    for _ in 0..2 {
        graph.launch(&stream).unwrap();
        stream.synchronize().unwrap();
        assert_eq!(a.to_vec().unwrap(), vec![1; 16]);
        assert_eq!(b.to_vec().unwrap(), vec![2; 16]);
        assert_eq!(c.to_vec().unwrap(), vec![3; 16]);
        for buf in [&a, &b, &c] {
            buf.fill(0).unwrap();
        }
    }
}

/// An allocation a graph leaves allocated outlives the graph (the driver's rule: destroying
/// a graph frees no live graph allocation): with the executable and the definition dropped,
/// stream work may still use it, and a stream frees it.
pub fn live_graph_allocation_outlives_its_graph(ctx: &Context) {
    let lib = fixture_lib();
    let (args5, saxpy) = (
        lib.get_kernel("args5").unwrap(),
        lib.get_kernel("saxpy").unwrap(),
    );
    let stream = ctx.create_stream().unwrap();
    let out = ctx.alloc_zeroed::<f32>(1).unwrap();
    let def = GraphDefinition::new(ctx).unwrap();
    let (_, scratch) = def.add_mem_alloc::<f32>(&[], 1).unwrap();
    let graph = def.instantiate().unwrap();
    graph.launch(&stream).unwrap();
    drop(graph);
    drop(def);
    // Still allocated: scratch[0] = 6 (args5 with a < 0), then out[0] += scratch[0].
    let one = LaunchConfig::new(1, 1);
    let s = scratch.device_ptr();
    launch!(args5, &stream, &one, -1i32, 1.0f32, 2.0f64, s, 3i64).unwrap();
    launch!(saxpy, &stream, &one, 1.0f32, s, out, 1i32).unwrap();
    scratch.free_async(&stream).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), vec![6.0]);
}

/// Stream-ordered allocation in a capture becomes graph memory nodes, as on the driver:
/// `Stream::alloc_async` on the capturing stream is an allocation node, and the buffer
/// dropped while the capture lasts a free node, so the captured graph runs again and
/// again; a buffer kept past the capture is the graph's allocation, live after each launch
/// until it is freed (dropping the buffer frees it on its stream), and the graph is not
/// launched again before that.
pub fn captured_memory_nodes(ctx: &Context) {
    use cuda_library::GraphNodeKind;
    let lib = fixture_lib();
    let (args5, saxpy) = (
        lib.get_kernel("args5").unwrap(),
        lib.get_kernel("saxpy").unwrap(),
    );
    let stream = ctx.create_stream().unwrap();
    let one = LaunchConfig::new(1, 1);

    // Freed in the capture: scratch[0] = 6 (args5 with a < 0), then out[0] += scratch[0].
    let out = ctx.alloc_zeroed::<f32>(1).unwrap();
    let builder = stream.begin_capture(CaptureMode::Global).unwrap();
    let scratch = stream.alloc_async::<f32>(256).unwrap();
    assert!(scratch.is_stream_ordered());
    let s = scratch.device_ptr();
    launch!(args5, &stream, &one, -1i32, 1.0f32, 2.0f64, s, 3i64).unwrap();
    launch!(saxpy, &stream, &one, 1.0f32, s, out, 1i32).unwrap();
    drop(scratch);
    let def = builder.end().unwrap();
    let kinds: Vec<GraphNodeKind> = def.nodes().iter().map(|n| n.kind).collect();
    assert_eq!(
        kinds,
        [
            GraphNodeKind::MemAlloc,
            GraphNodeKind::Kernel,
            GraphNodeKind::Kernel,
            GraphNodeKind::MemFree
        ]
    );
    assert_eq!(def.nodes()[0].label, "alloc 1 KiB");
    assert_eq!(def.nodes()[3].label, "free 1 KiB");
    let parent = GraphDefinition::new(ctx).unwrap();
    assert!(
        parent.add_child(&[], &def).is_err(),
        "a child with memory nodes"
    );
    let graph = def.instantiate().unwrap();
    assert!(def.instantiate().is_err(), "one executable graph at a time");
    for _ in 0..3 {
        graph.launch(&stream).unwrap();
    }
    stream.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), vec![18.0]);

    // Kept past the capture: the graph's allocation, live after a launch until freed.
    let builder = stream.begin_capture(CaptureMode::Relaxed).unwrap();
    let result = stream.alloc_async::<u32>(16).unwrap();
    result.fill_async(7, &stream).unwrap();
    let graph = builder.complete().unwrap();
    assert_eq!(graph.nodes().len(), 2, "alloc, memset: no free");
    graph.launch(&stream).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(result.to_vec().unwrap(), vec![7; 16]);
    let e = graph.launch(&stream).unwrap_err();
    assert!(e.to_string().contains("CUDA_ERROR_INVALID_VALUE"), "{e}");
    drop(result); // cuMemFreeAsync on `stream`
    graph.launch(&stream).unwrap();
    stream.synchronize().unwrap();

    // On a stream that joined the capture: the nodes are that branch's.
    let (side, fork, join) = (
        ctx.create_stream().unwrap(),
        ctx.create_event().unwrap(),
        ctx.create_event().unwrap(),
    );
    let total = ctx.alloc_zeroed::<u32>(16).unwrap();
    let builder = stream.begin_capture(CaptureMode::Global).unwrap();
    fork.record(&stream).unwrap();
    side.wait_event(&fork).unwrap();
    let part = side.alloc_async::<u32>(16).unwrap(); // node 0, on the side branch
    part.fill_async(5, &side).unwrap(); // node 1
    total.copy_from_buffer_async(&part, &side).unwrap(); // node 2
    drop(part); // node 3: the free, on `side`
    join.record(&side).unwrap();
    stream.wait_event(&join).unwrap();
    let graph = builder.complete().unwrap();
    let deps: Vec<Vec<usize>> = graph.nodes().into_iter().map(|n| n.deps).collect();
    assert_eq!(deps, [vec![], vec![0], vec![1], vec![2]]);
    graph.launch(&stream).unwrap();
    graph.launch(&stream).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(total.to_vec().unwrap(), vec![5; 16]);

    // Another graph's allocation freed in a capture: a free node of the captured graph.
    let def = GraphDefinition::new(ctx).unwrap();
    let (_, left) = def.add_mem_alloc::<u32>(&[], 4).unwrap();
    let allocates = def.instantiate().unwrap();
    let builder = stream.begin_capture(CaptureMode::Relaxed).unwrap();
    left.free_async(&stream).unwrap();
    let frees = builder.complete().unwrap();
    assert_eq!(frees.nodes()[0].kind, GraphNodeKind::MemFree);
    assert!(def.add_mem_free(&[], &left).is_err(), "freed elsewhere");
    for _ in 0..2 {
        allocates.launch(&stream).unwrap();
        frees.launch(&stream).unwrap();
    }
    stream.synchronize().unwrap();
}

/// A captured graph and the buffer its capture allocated, both dropped while the allocation
/// is live (the graph launched, the buffer kept past the capture): the buffer frees the
/// memory when it drops, after the graph is gone, as `cudaFreeAsync` would (destroying a
/// graph frees none of its live allocations, the CUDA guide's "Graph Memory Nodes").
/// Capture, launch and drop many times over: the device's free memory does not shrink by
/// more than a few allocations (the driver keeps what its graph memory pool reserved for
/// reuse until trimmed; the simulator gives every byte back), where a leak would take one
/// allocation per cycle.
pub fn captured_allocation_freed_after_its_graph(ctx: &Context) {
    const ELEMS: usize = 1 << 20; // 4 MiB of u32
    const CYCLES: usize = 64; // 256 MiB if each cycle leaked
    let stream = ctx.create_stream().unwrap();
    let cycle = |graph_first: bool| {
        let builder = stream.begin_capture(CaptureMode::Relaxed).unwrap();
        let buf = stream.alloc_async::<u32>(ELEMS).unwrap();
        buf.fill_async(7, &stream).unwrap();
        let graph = builder.complete().unwrap();
        graph.launch(&stream).unwrap();
        stream.synchronize().unwrap();
        assert_eq!(buf.to_vec().unwrap()[ELEMS - 1], 7);
        // Either order: the graph gone first is the case that leaked.
        if graph_first {
            drop(graph);
            drop(buf);
        } else {
            drop(buf);
            drop(graph);
        }
        stream.synchronize().unwrap();
    };
    cycle(true); // the driver's graph memory pool reserves its memory once
    let (before, _) = ctx.mem_info().unwrap();
    for i in 0..CYCLES {
        cycle(i % 4 != 3);
    }
    let (after, _) = ctx.mem_info().unwrap();
    let bytes = ELEMS * 4;
    assert!(
        after + 4 * bytes >= before,
        "{CYCLES} capture/launch/drop cycles took {} MiB of device memory (one allocation \
         is {} MiB): dropped graphs' live allocations were not freed",
        before.saturating_sub(after) >> 20,
        bytes >> 20
    );
    if ctx.is_simulated() {
        assert_eq!(after, before, "the simulator gives every byte back");
    }
}

/// An executable graph with memory nodes takes a recaptured graph's parameters as any
/// other (`cuGraphExecUpdate`): it then allocates at the new graph's addresses, and runs
/// again and again (its allocation is freed in the graph). A graph instantiated as another
/// executable graph is refused (the Programming Guide's graph update limitations, memory
/// nodes) with `CU_GRAPH_EXEC_UPDATE_ERROR_NOT_SUPPORTED`, on both backends, and the graph
/// is left as it was; once that executable graph is dropped, the update is taken.
pub fn update_with_memory_nodes(ctx: &Context) {
    use cuda_library::GraphUpdateResult;
    let stream = ctx.create_stream().unwrap();
    let out = ctx.alloc_zeroed::<u32>(64).unwrap();
    let capture = |value: u32| {
        let builder = stream.begin_capture(CaptureMode::Relaxed).unwrap();
        let scratch = stream.alloc_async::<u32>(64).unwrap(); // an allocation node
        scratch.fill_async(value, &stream).unwrap();
        out.copy_from_buffer_async(&scratch, &stream).unwrap();
        drop(scratch); // a free node
        builder.end().unwrap()
    };
    let graph = capture(1).instantiate().unwrap();
    let run = || {
        graph.launch(&stream).unwrap();
        graph.launch(&stream).unwrap();
        stream.synchronize().unwrap();
        out.to_vec().unwrap()[63]
    };
    assert_eq!(run(), 1);
    graph.update(&capture(2)).unwrap();
    assert_eq!(
        run(),
        2,
        "the update's memset ran, in the update's allocation"
    );

    let three = capture(3);
    let other = three.instantiate().unwrap();
    let e = graph.update(&three).unwrap_err();
    assert!(
        matches!(
            e,
            Error::GraphUpdate {
                result: GraphUpdateResult::NotSupported,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(e.cuda_code(), Some(910));
    assert_eq!(run(), 2, "a refused update changes nothing");
    other.launch(&stream).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(
        out.to_vec().unwrap()[0],
        3,
        "the other executable graph runs"
    );
    drop(other);
    graph.update(&three).unwrap();
    out.fill(0).unwrap();
    assert_eq!(run(), 3);
}
