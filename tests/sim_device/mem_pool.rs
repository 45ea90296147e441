//! Stream-ordered allocation and memory pools on the simulator: the checks the GPU runs
//! (`tests/common/mem_pool.rs`), one at a time (the default pool is the process's), plus
//! what only the simulator can show (its heap's figures).

use cuda_library::{BackendKind, Context, Device, MemPool};

use crate::common::mem_pool;

fn sim() -> (Context, std::sync::MutexGuard<'static, ()>) {
    let turn = crate::turn();
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    (Device::new(0).unwrap().set_current().unwrap(), turn)
}

#[test]
fn a_stream_buffer_works_like_any_buffer() {
    let (ctx, _turn) = sim();
    mem_pool::a_stream_buffer_works_like_any_buffer(&ctx);
}

#[test]
fn a_pool_keeps_memory_up_to_its_threshold() {
    let (ctx, _turn) = sim();
    mem_pool::a_pool_keeps_memory_up_to_its_threshold(&ctx);
}

#[test]
fn a_buffer_outlives_its_stream_and_pool_handles() {
    let (ctx, _turn) = sim();
    mem_pool::a_buffer_outlives_its_stream_and_pool_handles(&ctx);
}

#[test]
fn allocating_in_a_loop_reuses_memory() {
    let (ctx, _turn) = sim();
    mem_pool::allocating_in_a_loop_reuses_memory(&ctx);
}

#[test]
fn bad_sizes_are_refused() {
    let (ctx, _turn) = sim();
    mem_pool::bad_sizes_are_refused(&ctx);
}

/// What a pool keeps is simulated device memory: it shows in `mem_info`, and a pool
/// dropped with nothing in use gives it back.
#[test]
fn kept_memory_is_device_memory_until_the_pool_goes() {
    let (ctx, _turn) = sim();
    let stream = ctx.create_stream().unwrap();
    let free_before = ctx.mem_info().unwrap().0;
    let pool = MemPool::new(&ctx, u64::MAX).unwrap();
    drop(stream.alloc_async_from::<u8>(&pool, 8 << 20).unwrap());
    stream.synchronize().unwrap();
    assert_eq!(pool.stats().unwrap().reserved, 8 << 20);
    assert_eq!(ctx.mem_info().unwrap().0, free_before - (8 << 20));
    drop(pool);
    assert_eq!(ctx.mem_info().unwrap().0, free_before);
}

/// Each pool counts its own buffers; the simulator has no raw pool handle.
#[test]
fn each_pool_counts_its_own_buffers() {
    let (ctx, _turn) = sim();
    let stream = ctx.create_stream().unwrap();
    let (a, b) = (
        MemPool::new(&ctx, 0).unwrap(),
        MemPool::new(&ctx, 0).unwrap(),
    );
    let buf = stream.alloc_async_from::<u8>(&a, 4096).unwrap();
    assert_eq!(a.stats().unwrap().used, 4096);
    assert_eq!(b.stats().unwrap().used, 0);
    assert!(MemPool::device_default(&ctx).unwrap().as_raw().is_null());
    drop(buf);
    assert_eq!(a.stats().unwrap().used, 0);
}

/// 100,000 live stream-ordered buffers, then every one freed (oldest first, then a second
/// round newest first), all released at a synchronization: each allocation and free costs
/// about the same however many buffers are live (once 4.9 s in a release build, every
/// allocation summing every block and every free searching them all).
#[test]
fn a_hundred_thousand_live_buffers_allocate_and_free_quickly() {
    let (ctx, _turn) = sim();
    let stream = ctx.create_stream().unwrap();
    let pool = MemPool::new(&ctx, 0).unwrap();
    let n = 100_000;
    let started = std::time::Instant::now();
    for newest_first in [false, true] {
        let mut bufs: Vec<_> = (0..n)
            .map(|_| stream.alloc_async_from::<u8>(&pool, 16).unwrap())
            .collect();
        assert_eq!(pool.stats().unwrap().used, 16 * n as u64);
        if newest_first {
            bufs.reverse();
        }
        drop(bufs);
        assert_eq!(pool.stats().unwrap().used, 0);
        stream.synchronize().unwrap();
        assert_eq!(pool.stats().unwrap().reserved, 0);
    }
    let took = started.elapsed();
    // A debug build on 2 cores shared with other builds: 3 to 9 s (543 s before).
    assert!(took.as_secs_f64() < 30.0, "{took:?}");
}
