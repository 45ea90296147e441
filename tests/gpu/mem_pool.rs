//! Stream-ordered allocation and memory pools on a GPU (`cuMemAllocAsync`,
//! `cuMemFreeAsync`, `cuMemPoolCreate`, `cuMemAllocFromPoolAsync`, `cuMemPoolSetAttribute`,
//! `cuMemPoolTrimTo`, `cuDeviceGetDefaultMemPool`): the checks the simulator runs too
//! (`tests/common/mem_pool.rs`).

use crate::common::gpu;
use crate::common::mem_pool;

gpu_tests![
    a_stream_buffer_works_like_any_buffer,
    a_pool_keeps_memory_up_to_its_threshold,
    a_buffer_outlives_its_stream_and_pool_handles,
    allocating_in_a_loop_reuses_memory,
    bad_sizes_are_refused,
    the_default_pool_is_the_drivers,
];

fn a_stream_buffer_works_like_any_buffer() {
    mem_pool::a_stream_buffer_works_like_any_buffer(&gpu::context());
}

fn a_pool_keeps_memory_up_to_its_threshold() {
    mem_pool::a_pool_keeps_memory_up_to_its_threshold(&gpu::context());
}

fn a_buffer_outlives_its_stream_and_pool_handles() {
    mem_pool::a_buffer_outlives_its_stream_and_pool_handles(&gpu::context());
}

fn allocating_in_a_loop_reuses_memory() {
    mem_pool::allocating_in_a_loop_reuses_memory(&gpu::context());
}

fn bad_sizes_are_refused() {
    mem_pool::bad_sizes_are_refused(&gpu::context());
}

/// `MemPool::device_default` is the handle the driver gives, and a created pool another.
fn the_default_pool_is_the_drivers() {
    let ctx = gpu::context();
    let a = cuda_library::MemPool::device_default(&ctx).unwrap();
    let b = cuda_library::MemPool::device_default(&ctx).unwrap();
    assert!(!a.as_raw().is_null());
    assert_eq!(a.as_raw(), b.as_raw());
    let own = cuda_library::MemPool::new(&ctx, 0).unwrap();
    assert_ne!(own.as_raw(), a.as_raw());
    println!("default pool: {:?}", a.stats().unwrap());
}
