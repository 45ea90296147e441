//! Memory pools attacked as a careless or hostile program would: allocations and frees from
//! many threads at once on many streams, the threshold and trims changed meanwhile, pool and
//! stream handles dropped while their buffers live and are dropped on other threads. What
//! must hold: no two live buffers share memory (each keeps what was written to it), the
//! pool's figures return to zero, and every byte goes back to the device.

use std::sync::{Arc, Barrier};
use std::thread;

use cuda_library::{BackendKind, Context, Device, MemPool};

fn sim() -> (Context, std::sync::MutexGuard<'static, ()>) {
    let turn = crate::turn();
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    (Device::new(0).unwrap().set_current().unwrap(), turn)
}

/// A small deterministic generator (xorshift), so a failure repeats.
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Eight threads, each on a stream of its own, allocate from one pool buffers of mixed sizes,
/// fill each with a value of their own, keep up to eight live and check them before freeing;
/// two more threads meanwhile trim the pool, change its threshold and synchronize streams
/// (which releases kept memory). A block handed to two live buffers would show as a
/// buffer holding another's value.
#[test]
fn threads_allocating_freeing_and_trimming_one_pool_never_share_a_block() {
    let (ctx, _turn) = sim();
    let free_before = ctx.mem_info().unwrap().0;
    let pool = MemPool::new(&ctx, 1 << 20).unwrap();
    let workers = 8;
    let rounds = 300;
    let start = Arc::new(Barrier::new(workers + 2));
    let mut handles = Vec::new();
    for w in 0..workers {
        let (ctx, pool, start) = (ctx.clone(), pool.clone(), start.clone());
        handles.push(thread::spawn(move || {
            ctx.set_current().unwrap();
            let stream = ctx.create_stream().unwrap();
            let mut rng = 0x9e37_79b9_7f4a_7c15_u64 ^ (w as u64 + 1);
            let mut live = Vec::new();
            start.wait();
            for round in 0..rounds {
                let len = 1 + (next(&mut rng) % 4096) as usize;
                let value = (w * rounds + round) as u32;
                let buf = stream.alloc_async_from::<u32>(&pool, len).unwrap();
                buf.fill(value).unwrap();
                live.push((buf, value));
                if live.len() > 8 || next(&mut rng) % 3 == 0 {
                    let at = (next(&mut rng) as usize) % live.len();
                    let (buf, value) = live.swap_remove(at);
                    let got = buf.to_vec().unwrap();
                    assert!(
                        got.iter().all(|&v| v == value),
                        "worker {w}: a buffer filled with {value} holds another's values"
                    );
                }
            }
            for (buf, value) in live {
                assert!(buf.to_vec().unwrap().iter().all(|&v| v == value));
            }
            stream.synchronize().unwrap();
        }));
    }
    for meddler in 0..2 {
        let (ctx, pool, start) = (ctx.clone(), pool.clone(), start.clone());
        handles.push(thread::spawn(move || {
            ctx.set_current().unwrap();
            let stream = ctx.create_stream().unwrap();
            start.wait();
            for i in 0..400u64 {
                match (i + meddler) % 4 {
                    0 => pool.trim_to(0).unwrap(),
                    1 => pool.set_release_threshold(i * 4096).unwrap(),
                    2 => stream.synchronize().unwrap(),
                    _ => pool.trim_to(u64::MAX).unwrap(),
                }
                thread::yield_now();
            }
        }));
    }
    for h in handles {
        h.join().unwrap();
    }
    let stats = pool.stats().unwrap();
    assert_eq!(stats.used, 0, "{stats:?}");
    assert!(stats.used_high > 0 && stats.reserved_high >= stats.used_high);
    pool.trim_to(0).unwrap();
    assert_eq!(pool.stats().unwrap().reserved, 0);
    drop(pool);
    assert_eq!(
        ctx.mem_info().unwrap().0,
        free_before,
        "device memory leaked"
    );
}

/// The device's default pool from many threads at once (`alloc_async`), every stream
/// synchronizing meanwhile: the same guarantees.
#[test]
fn threads_sharing_the_default_pool_keep_their_own_blocks() {
    let (ctx, _turn) = sim();
    let free_before = ctx.mem_info().unwrap().0;
    let handles: Vec<_> = (0..6u32)
        .map(|w| {
            let ctx = ctx.clone();
            thread::spawn(move || {
                ctx.set_current().unwrap();
                let stream = ctx.create_stream().unwrap();
                for round in 0..200u32 {
                    let value = w * 1000 + round;
                    let a = stream.alloc_async::<u32>(64 + round as usize).unwrap();
                    let b = stream.alloc_async::<u32>(64).unwrap();
                    a.fill(value).unwrap();
                    b.fill(!value).unwrap();
                    drop(b);
                    if round % 7 == 0 {
                        stream.synchronize().unwrap();
                    }
                    assert!(a.to_vec().unwrap().iter().all(|&v| v == value));
                }
                stream.synchronize().unwrap();
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let default = MemPool::device_default(&ctx).unwrap();
    assert_eq!(default.stats().unwrap().used, 0);
    default.trim_to(0).unwrap();
    assert_eq!(
        ctx.mem_info().unwrap().0,
        free_before,
        "device memory leaked"
    );
}

/// Buffers outlive every handle of their pool and stream and are dropped on other threads;
/// trims with live buffers free nothing in use; the last buffer gone, every byte is back.
#[test]
fn buffers_dropped_on_other_threads_after_their_pool_and_stream_go() {
    let (ctx, _turn) = sim();
    let free_before = ctx.mem_info().unwrap().0;
    let pool = MemPool::new(&ctx, u64::MAX).unwrap();
    let stream = ctx.create_stream().unwrap();
    let bufs: Vec<_> = (0..64u32)
        .map(|i| {
            let b = stream.alloc_async_from::<u32>(&pool, 1000).unwrap();
            b.fill(i).unwrap();
            b
        })
        .collect();
    // Misuse: trims and a threshold of zero while every buffer is in use.
    pool.set_release_threshold(0).unwrap();
    pool.trim_to(0).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(pool.stats().unwrap().used, 64 * 4000);
    drop(pool);
    drop(stream);
    let handles: Vec<_> = bufs
        .into_iter()
        .enumerate()
        .map(|(i, b)| {
            thread::spawn(move || {
                assert!(b.to_vec().unwrap().iter().all(|&v| v == i as u32));
                drop(b);
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    assert_eq!(
        ctx.mem_info().unwrap().0,
        free_before,
        "device memory leaked"
    );
}

/// Sizes at the edge of the address space from a pool that keeps blocks: each is an error
/// (no overflow in rounding, no kept block handed out too small), and the pool's figures and
/// the device's free memory are as before.
#[test]
fn sizes_at_the_edge_of_the_address_space_are_refused_and_change_nothing() {
    let (ctx, _turn) = sim();
    let stream = ctx.create_stream().unwrap();
    let pool = MemPool::new(&ctx, u64::MAX).unwrap();
    drop(stream.alloc_async_from::<u8>(&pool, 1 << 20).unwrap());
    let stats = pool.stats().unwrap();
    let free = ctx.mem_info().unwrap().0;
    let total = ctx.mem_info().unwrap().1;
    for bytes in [
        usize::MAX,
        usize::MAX - 255,
        usize::MAX / 2 + 1,
        total + 1,
        (1 << 20) + total,
    ] {
        assert!(
            stream.alloc_async_from::<u8>(&pool, bytes).is_err(),
            "{bytes} bytes allocated"
        );
        assert!(
            stream.alloc_async::<u8>(bytes).is_err(),
            "{bytes} bytes allocated"
        );
    }
    assert_eq!(pool.stats().unwrap(), stats);
    assert_eq!(ctx.mem_info().unwrap().0, free);
    // The kept block still serves an allocation that fits it.
    let b = stream.alloc_async_from::<u8>(&pool, 1 << 20).unwrap();
    b.fill(9).unwrap();
    assert!(b.to_vec().unwrap().iter().all(|&v| v == 9));
    assert_eq!(ctx.mem_info().unwrap().0, free);
}
