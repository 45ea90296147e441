//! Stream-ordered allocation and memory pools, the same checks on the simulator
//! (`tests/sim_device/mem_pool.rs`) and on a GPU (`tests/gpu/mem_pool.rs`). Each takes the
//! current context; the caller holds its turn on the device (the default pool is shared by
//! the whole process).

#![allow(dead_code)]

use cuda_library::{
    launch, Context, Error, LaunchConfig, Library, LibraryOptions, MemPool, Stream,
};

/// `add_one(u32* x, u32 n)`: `x[i] += 1` for every `i < n`.
pub const ADD_ONE: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry add_one(.param .u64 x, .param .u32 n) {
    .reg .pred %p<2>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<5>;
    ld.param.u64 %rd1, [x];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.x;
    mad.lo.s32 %r5, %r2, %r3, %r4;
    setp.ge.u32 %p1, %r5, %r1;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r5, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r6, [%rd4];
    add.u32 %r7, %r6, 1;
    st.global.u32 [%rd4], %r7;
DONE:
    ret;
}
"#;

const MIB: u64 = 1 << 20;

/// A buffer allocated on a stream is written, used by a kernel on that stream, read back
/// and freed on the stream; the default pool counts it while it lives.
pub fn a_stream_buffer_works_like_any_buffer(ctx: &Context) {
    let lib = Library::load_data(ADD_ONE.as_bytes(), &LibraryOptions::default()).unwrap();
    let add_one = lib.get_kernel("add_one").unwrap();
    let stream = ctx.create_stream().unwrap();
    let default = MemPool::device_default(ctx).unwrap();
    let before = default.stats().unwrap().used;
    let n = 1 << 20;
    let buf = stream.alloc_async::<u32>(n).unwrap();
    assert!(buf.is_stream_ordered());
    assert_eq!(buf.len(), n);
    assert!(default.stats().unwrap().used >= before + 4 * MIB);
    let data: Vec<u32> = (0..n as u32).collect();
    buf.copy_from(&data).unwrap();
    launch!(
        add_one,
        &stream,
        &LaunchConfig::for_num_elems(n as u32, 256),
        buf,
        n as u32
    )
    .unwrap();
    let got = buf.to_vec().unwrap();
    assert!(got.iter().enumerate().all(|(i, &v)| v == i as u32 + 1));
    drop(buf);
    stream.synchronize().unwrap();
    assert_eq!(default.stats().unwrap().used, before);
}

/// A created pool keeps freed memory up to its threshold and reuses it; above the
/// threshold (lowered to 0) a synchronization releases it, and `trim_to` does at once.
pub fn a_pool_keeps_memory_up_to_its_threshold(ctx: &Context) {
    let stream = ctx.create_stream().unwrap();
    let pool = MemPool::new(ctx, 256 * MIB).unwrap();
    assert_eq!(pool.release_threshold().unwrap(), 256 * MIB);
    assert_eq!(pool.stats().unwrap().reserved, 0);
    let bytes = 16 * MIB as usize;
    let a = stream.alloc_async_from::<u8>(&pool, bytes).unwrap();
    let s = pool.stats().unwrap();
    assert!(s.used >= 16 * MIB && s.reserved >= s.used, "{s:?}");
    let reserved = s.reserved;
    drop(a);
    stream.synchronize().unwrap();
    let s = pool.stats().unwrap();
    assert_eq!(s.used, 0, "{s:?}");
    assert_eq!(s.reserved, reserved, "kept under the threshold: {s:?}");
    // The same size again comes from what the pool kept.
    let b = stream.alloc_async_from::<u8>(&pool, bytes).unwrap();
    assert_eq!(pool.stats().unwrap().reserved, reserved);
    // Threshold 0: what is freed is released at the next synchronization.
    pool.set_release_threshold(0).unwrap();
    drop(b);
    stream.synchronize().unwrap();
    assert_eq!(pool.stats().unwrap().reserved, 0, "released at synchronize");
    let s = pool.stats().unwrap();
    assert!(
        s.used_high >= 16 * MIB && s.reserved_high >= s.used_high,
        "{s:?}"
    );
    // trim_to releases at once, whatever the threshold.
    pool.set_release_threshold(u64::MAX).unwrap();
    drop(stream.alloc_async_from::<u8>(&pool, bytes).unwrap());
    stream.synchronize().unwrap();
    assert!(pool.stats().unwrap().reserved >= 16 * MIB);
    pool.trim_to(0).unwrap();
    assert_eq!(pool.stats().unwrap().reserved, 0);
}

/// A buffer keeps its stream and its pool alive: both may be dropped first.
pub fn a_buffer_outlives_its_stream_and_pool_handles(ctx: &Context) {
    let stream = ctx.create_stream().unwrap();
    let pool = MemPool::new(ctx, 0).unwrap();
    let from_pool = stream.alloc_async_from::<u32>(&pool, 1000).unwrap();
    let from_default = stream.alloc_async::<u32>(1000).unwrap();
    drop(pool);
    drop(stream);
    for buf in [&from_pool, &from_default] {
        buf.fill(5).unwrap();
        assert!(buf.to_vec().unwrap().iter().all(|&v| v == 5));
    }
    drop(from_pool);
    drop(from_default);
    ctx.synchronize().unwrap();
}

/// Many buffers allocated and freed on one stream, interleaved with work, in a loop: the
/// pattern stream-ordered allocation exists for. The pool's memory stays bounded.
pub fn allocating_in_a_loop_reuses_memory(ctx: &Context) {
    let lib = Library::load_data(ADD_ONE.as_bytes(), &LibraryOptions::default()).unwrap();
    let add_one = lib.get_kernel("add_one").unwrap();
    let stream: Stream = ctx.create_stream().unwrap();
    let pool = MemPool::new(ctx, u64::MAX).unwrap();
    let n = 1 << 18;
    for round in 0..50u32 {
        let buf = stream.alloc_async_from::<u32>(&pool, n).unwrap();
        buf.fill(round).unwrap();
        launch!(
            add_one,
            &stream,
            &LaunchConfig::for_num_elems(n as u32, 256),
            buf,
            n as u32
        )
        .unwrap();
        if round % 10 == 0 {
            assert!(buf.to_vec().unwrap().iter().all(|&v| v == round + 1));
        }
    }
    stream.synchronize().unwrap();
    let s = pool.stats().unwrap();
    assert_eq!(s.used, 0);
    // Fifty 1 MiB buffers, one at a time: a few MiB at most, not fifty.
    assert!(s.reserved_high <= 32 * MIB, "{s:?}");
}

/// Bad sizes are refused with a clear error; empty buffers own no memory.
pub fn bad_sizes_are_refused(ctx: &Context) {
    let stream = ctx.create_stream().unwrap();
    let empty = stream.alloc_async::<f64>(0).unwrap();
    assert!(empty.is_empty());
    assert_eq!(empty.to_vec().unwrap(), Vec::<f64>::new());
    match stream.alloc_async::<u64>(usize::MAX / 4) {
        Err(Error::InvalidArgument(m)) => assert!(m.contains("overflow"), "{m}"),
        other => panic!("expected an overflow error, got {other:?}"),
    }
    // More than the device holds: the backend's out-of-memory error, not a crash.
    let total = ctx.mem_info().unwrap().1;
    assert!(stream.alloc_async::<u8>(total.saturating_mul(2)).is_err());
}
