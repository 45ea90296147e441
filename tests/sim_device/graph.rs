//! Graphs on the simulator: the shared cases (`common::graphs`), run one at a time because
//! a capture guards the whole process's synchronous copies, and the simulated timeline of a
//! replay.

use cuda_library::{Device, GraphDefinition, KernelArg, LaunchConfig, Library};

use crate::common::graphs;

mod hostile;

fn ctx() -> cuda_library::Context {
    Device::new(0).unwrap().set_current().unwrap()
}

#[test]
fn capture_matches_stream_launches() {
    let _t = crate::turn();
    graphs::capture_matches_stream_launches(&ctx());
}

#[test]
fn explicit_dependencies_order() {
    let _t = crate::turn();
    graphs::explicit_dependencies_order(&ctx());
}

#[test]
fn kernel_node_update_checks_arguments() {
    let _t = crate::turn();
    graphs::kernel_node_update_checks_arguments(&ctx());
}

#[test]
fn unloaded_library_is_refused() {
    let _t = crate::turn();
    graphs::unloaded_library_is_refused(&ctx());
}

#[test]
fn update_from_recapture() {
    let _t = crate::turn();
    graphs::update_from_recapture(&ctx());
}

#[test]
fn synchronous_copy_during_capture_is_refused() {
    let _t = crate::turn();
    graphs::synchronous_copy_during_capture_is_refused(&ctx());
}

#[test]
fn fork_join_capture() {
    let _t = crate::turn();
    graphs::fork_join_capture(&ctx());
}

#[test]
fn unjoined_fork_is_refused() {
    let _t = crate::turn();
    graphs::unjoined_fork_is_refused(&ctx());
}

#[test]
fn capture_isolation_is_kept() {
    let _t = crate::turn();
    graphs::capture_isolation_is_kept(&ctx());
}

#[test]
fn capture_refuses_synchronization() {
    let _t = crate::turn();
    graphs::capture_refuses_synchronization(&ctx());
}

#[test]
fn host_nodes_run_in_order() {
    let _t = crate::turn();
    graphs::host_nodes_run_in_order(&ctx());
}

#[test]
fn host_panic_is_caught() {
    let _t = crate::turn();
    graphs::host_panic_is_caught(&ctx());
}

#[test]
fn host_fn_cuda_calls_are_refused() {
    let _t = crate::turn();
    graphs::host_fn_cuda_calls_are_refused(&ctx());
}

#[test]
fn jacobi_in_a_while_loop() {
    let _t = crate::turn();
    graphs::jacobi_in_a_while_loop(&ctx());
}

#[test]
fn jacobi_in_a_nested_while_loop() {
    let _t = crate::turn();
    graphs::jacobi_in_a_nested_while_loop(&ctx());
}

#[test]
fn conditional_nodes_branch_and_refuse() {
    let _t = crate::turn();
    graphs::conditional_nodes_branch_and_refuse(&ctx());
}

/// A capture forked onto a second stream and joined back is drawn as two branches that
/// meet: the diagram's boxes and arrows follow the captured dependencies.
#[test]
fn fork_join_diagram_shows_the_branches() {
    let _t = crate::turn();
    let ctx = ctx();
    let (main, side) = (ctx.create_stream().unwrap(), ctx.create_stream().unwrap());
    let (fork, join) = (ctx.create_event().unwrap(), ctx.create_event().unwrap());
    let (a, b) = (
        ctx.alloc_zeroed::<u32>(64).unwrap(),
        ctx.alloc_zeroed::<u32>(64).unwrap(),
    );
    let builder = main
        .begin_capture(cuda_library::CaptureMode::Relaxed)
        .unwrap();
    fork.record(&main).unwrap();
    side.wait_event(&fork).unwrap();
    a.fill_async(1, &main).unwrap();
    b.fill_async(2, &side).unwrap();
    join.record(&side).unwrap();
    main.wait_event(&join).unwrap();
    a.copy_from_buffer_async(&b, &main).unwrap();
    let def = builder.end().unwrap();
    let deps: Vec<Vec<usize>> = def.nodes().into_iter().map(|n| n.deps).collect();
    assert_eq!(deps, vec![vec![], vec![], vec![0, 1]]);
    let html = def.to_html();
    assert_eq!(html.matches("<rect").count(), 3, "{html}");
    assert_eq!(html.matches("<line").count(), 2, "{html}");
}

/// A while loop whose handle no kernel sets to 0 ends at the simulator's bound with an
/// error that says so, in bounded time.
#[test]
fn unbounded_while_ends_at_the_bound() {
    let _t = crate::turn();
    let ctx = ctx();
    let def = GraphDefinition::new(&ctx).unwrap();
    let forever = def.conditional_handle(Some(1)).unwrap();
    let (_, body) = def
        .add_conditional(&[], forever, cuda_library::ConditionalKind::While)
        .unwrap();
    body[0].add_empty(&[]).unwrap();
    let stream = ctx.create_stream().unwrap();
    let started = std::time::Instant::now();
    let e = def.instantiate().unwrap().launch(&stream).unwrap_err();
    assert!(e.to_string().contains("1048576 times"), "{e}");
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
}

#[test]
fn graph_memory_nodes() {
    let _t = crate::turn();
    graphs::graph_memory_nodes(&ctx());
}

#[test]
fn capture_modes_guard_allocation() {
    let _t = crate::turn();
    graphs::capture_modes_guard_allocation(&ctx());
}

/// Independent branches overlap on the simulated timeline: two kernels that wait for nothing
/// take less simulated time than the same two in a chain.
#[test]
fn independent_nodes_overlap_in_simulated_time() {
    let _t = crate::turn();
    let ctx = ctx();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/kernels.ptx");
    let lib = Library::load_file(path, &Default::default()).unwrap();
    let scale = lib.get_kernel("_Z5scaleIfEvPT_S0_i").unwrap();
    let n = 1 << 16;
    let (a, b) = (
        ctx.alloc_zeroed::<f32>(n).unwrap(),
        ctx.alloc_zeroed::<f32>(n).unwrap(),
    );
    let (ap, bp, two, len) = (a.device_ptr(), b.device_ptr(), 2.0f32, n as i32);
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);
    let time = |chained: bool| {
        let def = GraphDefinition::new(&ctx).unwrap();
        let first = def
            .add_kernel(
                &[],
                &scale,
                &cfg,
                &[KernelArg::of(&ap), KernelArg::of(&two), KernelArg::of(&len)],
            )
            .unwrap();
        let deps = if chained { vec![first] } else { vec![] };
        def.add_kernel(
            &deps,
            &scale,
            &cfg,
            &[KernelArg::of(&bp), KernelArg::of(&two), KernelArg::of(&len)],
        )
        .unwrap();
        let graph = def.instantiate().unwrap();
        let stream = ctx.create_stream().unwrap();
        let before = stream.simulated_time_ms().unwrap();
        graph.launch(&stream).unwrap();
        stream.simulated_time_ms().unwrap() - before
    };
    let (parallel, chained) = (time(false), time(true));
    assert!(
        parallel > 0.0 && parallel < chained,
        "{parallel} vs {chained}"
    );
}

#[test]
fn update_refuses_child_graphs_of_another_topology() {
    let _t = crate::turn();
    graphs::update_refuses_child_graphs_of_another_topology(&ctx());
}

#[test]
fn stream_ordered_allocation_during_capture() {
    let _t = crate::turn();
    graphs::stream_ordered_allocation_during_capture(&ctx());
}

#[test]
fn graph_launch_into_a_capture_is_refused() {
    let _t = crate::turn();
    graphs::graph_launch_into_a_capture_is_refused(&ctx());
}

#[test]
fn unloaded_child_is_refused() {
    let _t = crate::turn();
    graphs::unloaded_child_is_refused(&ctx());
}

#[test]
fn graphs_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<cuda_library::Graph>();
    check::<GraphDefinition>();
    check::<cuda_library::GraphNode>();
}

/// Nodes added from several threads at once keep the numbers the backend gave them.
#[test]
fn nodes_added_from_several_threads_keep_their_numbers() {
    let _t = crate::turn();
    let def = GraphDefinition::new(&ctx()).unwrap();
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..25 {
                    let n = def.add_empty(&[]).unwrap();
                    assert_eq!(def.nodes()[n.index()].index, n.index());
                }
            });
        }
    });
    assert_eq!(def.len(), 100);
    assert!(def.nodes().iter().enumerate().all(|(i, n)| n.index == i));
}

#[test]
fn dropped_bodies_and_children_still_run() {
    let _t = crate::turn();
    graphs::dropped_bodies_and_children_still_run(&ctx());
}

#[test]
fn live_graph_allocation_outlives_its_graph() {
    let _t = crate::turn();
    graphs::live_graph_allocation_outlives_its_graph(&ctx());
}

/// A child graph's conditional handles belong to the copy its parent holds: dropping the
/// child (which frees its own handles) leaves the parent's launch, which sets the handle to
/// its default, working. (Before, the parent's plan named freed memory and its launch
/// failed with "outside simulated device memory".)
#[test]
fn dropped_child_keeps_its_handles_in_the_parent() {
    let _t = crate::turn();
    let ctx = ctx();
    let out = ctx.alloc_zeroed::<u32>(8).unwrap();
    let child = GraphDefinition::new(&ctx).unwrap();
    child.add_memset(&[], &out, 4u32).unwrap();
    let handle = child.conditional_handle(Some(1)).unwrap();
    let parent = GraphDefinition::new(&ctx).unwrap();
    parent.add_child(&[], &child).unwrap();
    drop(child);
    let graph = parent.instantiate().unwrap();
    drop(parent);
    let stream = ctx.create_stream().unwrap();
    for _ in 0..2 {
        graph.launch(&stream).unwrap();
        stream.synchronize().unwrap();
        assert_eq!(out.to_vec().unwrap(), vec![4; 8]);
    }
    assert_ne!(handle.raw(), 0);
}

#[test]
fn captured_memory_nodes() {
    let _t = crate::turn();
    graphs::captured_memory_nodes(&ctx());
}

#[test]
fn update_with_memory_nodes() {
    let _t = crate::turn();
    graphs::update_with_memory_nodes(&ctx());
}

#[test]
fn captured_allocation_freed_after_its_graph() {
    let _t = crate::turn();
    graphs::captured_allocation_freed_after_its_graph(&ctx());
}

/// A buffer allocated in a capture whose graph is gone (the capture discarded) frees
/// nothing when it drops (its address may by then be another allocation's): a graph
/// allocation made meanwhile stays allocated.
#[test]
fn a_captured_buffer_outliving_its_graph_frees_nothing() {
    let _t = crate::turn();
    let ctx = ctx();
    let stream = ctx.create_stream().unwrap();
    let builder = stream
        .begin_capture(cuda_library::CaptureMode::Relaxed)
        .unwrap();
    let stale = stream.alloc_async::<u32>(64).unwrap();
    drop(builder); // the capture and its graph are discarded
    let def = GraphDefinition::new(&ctx).unwrap();
    let (_, live) = def.add_mem_alloc::<u32>(&[], 64).unwrap();
    let graph = def.instantiate().unwrap();
    graph.launch(&stream).unwrap();
    drop(stale);
    // Still allocated, whichever address it got: freeing it once succeeds.
    live.free_async(&stream).unwrap();
    assert!(live.free_async(&stream).is_err(), "freed twice");
}
