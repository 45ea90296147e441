//! Graphs on a GPU through the driver backend: the cases of `tests/common/graphs.rs`, which
//! `tests/sim_device/graph.rs` runs on the simulator (the same assertions hold on both).

use crate::common::gpu;
use crate::common::graphs;

gpu_tests![
    capture_matches_stream_launches,
    explicit_dependencies_order,
    kernel_node_update_checks_arguments,
    unloaded_library_is_refused,
    unloaded_child_is_refused,
    graph_launch_into_a_capture_is_refused,
    update_from_recapture,
    synchronous_copy_during_capture_is_refused,
    capture_modes_guard_allocation,
    update_refuses_child_graphs_of_another_topology,
    stream_ordered_allocation_during_capture,
    fork_join_capture,
    unjoined_fork_is_refused,
    capture_isolation_is_kept,
    capture_refuses_synchronization,
    host_nodes_run_in_order,
    host_panic_is_caught,
    host_fn_cuda_calls_are_refused,
    jacobi_in_a_while_loop,
    jacobi_in_a_nested_while_loop,
    conditional_nodes_branch_and_refuse,
    graph_memory_nodes,
    dropped_bodies_and_children_still_run,
    live_graph_allocation_outlives_its_graph,
    captured_memory_nodes,
    captured_allocation_freed_after_its_graph,
    update_with_memory_nodes,
];

pub fn capture_matches_stream_launches() {
    graphs::capture_matches_stream_launches(&gpu::context());
}

pub fn explicit_dependencies_order() {
    graphs::explicit_dependencies_order(&gpu::context());
}

pub fn kernel_node_update_checks_arguments() {
    graphs::kernel_node_update_checks_arguments(&gpu::context());
}

pub fn unloaded_library_is_refused() {
    graphs::unloaded_library_is_refused(&gpu::context());
}

pub fn unloaded_child_is_refused() {
    graphs::unloaded_child_is_refused(&gpu::context());
}

pub fn graph_launch_into_a_capture_is_refused() {
    graphs::graph_launch_into_a_capture_is_refused(&gpu::context());
}

pub fn update_from_recapture() {
    graphs::update_from_recapture(&gpu::context());
}

pub fn synchronous_copy_during_capture_is_refused() {
    graphs::synchronous_copy_during_capture_is_refused(&gpu::context());
}

pub fn capture_modes_guard_allocation() {
    graphs::capture_modes_guard_allocation(&gpu::context());
}

pub fn update_refuses_child_graphs_of_another_topology() {
    graphs::update_refuses_child_graphs_of_another_topology(&gpu::context());
}

pub fn stream_ordered_allocation_during_capture() {
    graphs::stream_ordered_allocation_during_capture(&gpu::context());
}

pub fn fork_join_capture() {
    graphs::fork_join_capture(&gpu::context());
}

pub fn unjoined_fork_is_refused() {
    graphs::unjoined_fork_is_refused(&gpu::context());
}

pub fn capture_isolation_is_kept() {
    graphs::capture_isolation_is_kept(&gpu::context());
}

pub fn capture_refuses_synchronization() {
    graphs::capture_refuses_synchronization(&gpu::context());
}

pub fn host_nodes_run_in_order() {
    graphs::host_nodes_run_in_order(&gpu::context());
}

pub fn host_panic_is_caught() {
    graphs::host_panic_is_caught(&gpu::context());
}

pub fn host_fn_cuda_calls_are_refused() {
    graphs::host_fn_cuda_calls_are_refused(&gpu::context());
}

pub fn jacobi_in_a_while_loop() {
    graphs::jacobi_in_a_while_loop(&gpu::context());
}

pub fn jacobi_in_a_nested_while_loop() {
    graphs::jacobi_in_a_nested_while_loop(&gpu::context());
}

pub fn conditional_nodes_branch_and_refuse() {
    graphs::conditional_nodes_branch_and_refuse(&gpu::context());
}

pub fn graph_memory_nodes() {
    graphs::graph_memory_nodes(&gpu::context());
}

pub fn dropped_bodies_and_children_still_run() {
    graphs::dropped_bodies_and_children_still_run(&gpu::context());
}

pub fn live_graph_allocation_outlives_its_graph() {
    graphs::live_graph_allocation_outlives_its_graph(&gpu::context());
}

pub fn captured_memory_nodes() {
    graphs::captured_memory_nodes(&gpu::context());
}

pub fn captured_allocation_freed_after_its_graph() {
    graphs::captured_allocation_freed_after_its_graph(&gpu::context());
}

pub fn update_with_memory_nodes() {
    graphs::update_with_memory_nodes(&gpu::context());
}
