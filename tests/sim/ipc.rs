//! Sharing between processes on the simulator: every export and import is refused with
//! `Error::IpcOnSimulator`, whose message says why (simulated memory lives in one process)
//! and what to do; handles that came from elsewhere are still read (and checked) as bytes.

use cuda_library::{
    BackendKind, Device, DeviceBuffer, Error, IpcBuffer, IpcEvent, IpcEventHandle, IpcMemHandle,
    IpcPoolPointer, MemPool, IPC_HANDLE_BYTES,
};

/// Asserts `result` is the simulator's refusal naming `what`, with its reason and hint.
fn refused<T: std::fmt::Debug>(result: cuda_library::Result<T>, what: &str) {
    match result {
        Err(e @ Error::IpcOnSimulator { .. }) => {
            let text = e.to_string();
            assert!(text.starts_with(what), "{text}");
            assert!(text.contains("inside one process"), "{text}");
            assert!(text.contains("CUDA_LIBRARY_BACKEND=driver"), "{text}");
        }
        other => panic!("expected Error::IpcOnSimulator for {what}, got {other:?}"),
    }
}

/// A handle as another process (on a GPU) would have sent it: this crate's layout around
/// 64 bytes the simulator never made.
fn foreign(kind: u8) -> [u8; IPC_HANDLE_BYTES] {
    let mut b = [0x5au8; IPC_HANDLE_BYTES];
    b[..4].copy_from_slice(b"CLIP");
    b[4] = 1;
    b[5] = kind;
    b[6] = 0;
    b[7] = 0;
    b[72..].copy_from_slice(&64u64.to_le_bytes());
    b
}

#[test]
fn every_ipc_call_is_refused_with_the_reason() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let ctx = Device::new(0).unwrap().set_current().unwrap();

    let buf = DeviceBuffer::from_slice(&ctx, &[1u32, 2, 3]).unwrap();
    refused(buf.ipc_handle(), "device memory");
    let mem = IpcMemHandle::from_bytes(&foreign(1)).unwrap();
    refused(IpcBuffer::<u32>::open(&ctx, &mem), "device memory");

    refused(IpcEvent::new(&ctx), "an event");
    let event = IpcEventHandle::from_bytes(&foreign(2)).unwrap();
    refused(IpcEvent::open(&ctx, &event), "an event");

    refused(MemPool::new_shareable(&ctx, 0), "a memory pool");
    // A pool of the simulator's own cannot be exported, nor its buffers.
    let pool = MemPool::new(&ctx, 0).unwrap();
    refused(pool.export_fd(), "a memory pool");
    let stream = ctx.create_stream().unwrap();
    let pooled = stream.alloc_async_from::<u32>(&pool, 16).unwrap();
    refused(pool.export_pointer(&pooled), "a pool allocation");
    let record = IpcPoolPointer::from_bytes(&foreign(3)).unwrap();
    refused(pool.import_pointer::<u32>(&record), "a memory pool");
    let stdin = std::io::stdin();
    refused(
        MemPool::import_fd(&ctx, std::os::fd::AsFd::as_fd(&stdin)),
        "a memory pool",
    );

    // Nothing was left half done: the buffer is still the process's own.
    assert_eq!(buf.to_vec().unwrap(), [1, 2, 3]);
}
