//! Sharing between two processes on a GPU (`cuIpcGetMemHandle`/`OpenMemHandle`/
//! `CloseMemHandle`, `cuIpcGetEventHandle`/`OpenEventHandle`, `cuMemPoolExportToShareableHandle`,
//! `cuMemPoolImportFromShareableHandle`, `cuMemPoolExportPointer`/`ImportPointer`).
//!
//! Each parent test exports something, then runs this test binary again as its child
//! (`--exact ipc::child_*`, with `CUDA_LIBRARY_IPC_CHILD` set and the handles in hex in
//! environment variables, a pool's file descriptor as the child's standard input). The
//! child opens what it was given, checks what it reads and writes its own values back; the
//! parent checks those. Without `CUDA_LIBRARY_IPC_CHILD` the child tests are reported as
//! ignored ("run by ...").

use std::os::fd::AsFd;
use std::process::{Command, Stdio};

use cuda_library::{
    launch, DeviceBuffer, IpcBuffer, IpcEvent, IpcEventHandle, IpcMemHandle, IpcPoolPointer,
    LaunchConfig, Library, MemPool,
};

use crate::common::gpu;

gpu_tests![
    memory_written_in_one_process_is_read_in_the_other,
    an_event_recorded_in_one_process_is_waited_on_in_the_other,
    a_pool_buffer_is_shared_through_its_pool,
    child_memory unless not_a_child,
    child_event unless not_a_child,
    child_pool unless not_a_child,
];

/// Set in the child process: which parent started it.
const CHILD: &str = "CUDA_LIBRARY_IPC_CHILD";
/// The hex of an `IpcMemHandle`, an `IpcEventHandle`, an `IpcPoolPointer`.
const MEM: &str = "CUDA_LIBRARY_IPC_MEM";
const EVENT: &str = "CUDA_LIBRARY_IPC_EVENT";
const POOL_POINTER: &str = "CUDA_LIBRARY_IPC_POOL_POINTER";

/// Elements of the shared buffers.
const N: usize = 1 << 16;

fn not_a_child() -> Option<String> {
    match std::env::var_os(CHILD) {
        Some(_) => None,
        None => Some("run by an ipc:: test, in a child process".to_string()),
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(name: &str) -> Vec<u8> {
    let text = std::env::var(name).unwrap_or_else(|_| panic!("the parent did not set {name}"));
    (0..text.len())
        .step_by(2)
        .map(|i| {
            text.get(i..i + 2)
                .and_then(|d| u8::from_str_radix(d, 16).ok())
                .unwrap_or_else(|| panic!("{name} is not hex: {text:?}"))
        })
        .collect()
}

/// Runs `ipc::child_<name>` in a new process of this binary with `env` and `stdin`; fails
/// the test, with the child's whole output, unless it ran and passed.
fn run_child(name: &str, env: &[(&str, String)], stdin: Stdio) {
    let test = format!("ipc::child_{name}");
    let exe = std::env::current_exe().expect("the test binary's path");
    let out = Command::new(&exe)
        .args(["--exact", &test, "--nocapture", "--test-threads=1"])
        .env(CHILD, name)
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .stdin(stdin)
        .output()
        .unwrap_or_else(|e| panic!("could not start {} for {test}: {e}", exe.display()));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let shown = format!("--- child stdout\n{stdout}\n--- child stderr\n{stderr}");
    assert!(
        out.status.success(),
        "the child process ({test}) failed with {}: the importing side could not open or \
         check what this process exported\n{shown}",
        out.status
    );
    assert!(
        stdout.contains("1 passed"),
        "the child process ({test}) did not run its test (was it filtered out or ignored?)\n{shown}"
    );
    println!("{test} said:\n{stdout}");
}

// Memory: cuIpcGetMemHandle here, cuIpcOpenMemHandle there.

fn memory_written_in_one_process_is_read_in_the_other() {
    let ctx = gpu::context();
    let data: Vec<u32> = (0..N as u32).map(|i| i * 3 + 1).collect();
    let buf = DeviceBuffer::from_slice(&ctx, &data).unwrap();
    let handle = buf
        .ipc_handle()
        .expect("cuIpcGetMemHandle of a cuMemAlloc buffer");
    assert_eq!(handle.size_bytes(), (N * 4) as u64);
    run_child("memory", &[(MEM, hex(&handle.to_bytes()))], Stdio::null());
    // The child wrote i * 7 through its mapping.
    let back = buf.to_vec().unwrap();
    let wrong = (0..N).find(|&i| back[i] != i as u32 * 7);
    assert_eq!(
        wrong, None,
        "the child's writes are not in the exporter's buffer (first wrong element {wrong:?})"
    );
}

fn child_memory() {
    let ctx = gpu::context();
    let handle = IpcMemHandle::from_bytes(&unhex(MEM)).expect("the handle's bytes");
    let shared = IpcBuffer::<u32>::open(&ctx, &handle).expect("cuIpcOpenMemHandle");
    assert_eq!(shared.len(), N, "the mapping's length in elements");
    let seen = shared.to_vec().unwrap();
    let wrong = (0..N).find(|&i| seen[i] != i as u32 * 3 + 1);
    assert_eq!(
        wrong, None,
        "the importer does not read what the exporter wrote"
    );
    let mine: Vec<u32> = (0..N as u32).map(|i| i * 7).collect();
    shared.copy_from(&mine).unwrap();
    refuses_export_again(shared.ipc_handle());
    // Opened as the wrong element type: refused, not mis-sized.
    let e = IpcBuffer::<[u8; 3]>::open(&ctx, &handle).unwrap_err();
    assert!(e.to_string().contains("whole number"), "{e}");
    drop(shared); // cuIpcCloseMemHandle, before the exporter frees
                  // A handle whose driver bytes are made up is refused by the driver, not mapped.
    let mut forged = handle.to_bytes();
    for (i, b) in forged[8..72].iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(37) ^ 0x5a;
    }
    let forged = IpcMemHandle::from_bytes(&forged).unwrap();
    let e = IpcBuffer::<u32>::open(&ctx, &forged).expect_err("a forged handle was mapped");
    println!("a forged memory handle: {e}");
}

// Events: a kernel that spins for about two seconds, then writes; the event recorded after it
// is waited on in the other process, which must then see the write.

const SPIN_PTX: &str = r#".version 7.0
.target sm_70
.address_size 64
.visible .entry spin_then_write(.param .u64 out, .param .u64 cycles, .param .u32 value)
{
    .reg .pred %p<2>;
    .reg .b32 %r<2>;
    .reg .b64 %rd<7>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [cycles];
    ld.param.u32 %r1, [value];
    mov.u64 %rd3, %clock64;
LOOP:
    mov.u64 %rd4, %clock64;
    sub.u64 %rd5, %rd4, %rd3;
    setp.lt.u64 %p1, %rd5, %rd2;
    @%p1 bra LOOP;
    cvta.to.global.u64 %rd6, %rd1;
    st.global.u32 [%rd6], %r1;
    ret;
}
"#;

/// What the spinning kernel writes.
const WRITTEN: u32 = 0xC0FF_EE00;

fn an_event_recorded_in_one_process_is_waited_on_in_the_other() {
    let ctx = gpu::context();
    let lib = Library::load_data(SPIN_PTX.as_bytes(), &Default::default()).unwrap();
    let spin = lib.get_kernel("spin_then_write").unwrap();
    let out = DeviceBuffer::<u32>::zeroed(&ctx, 1).unwrap();
    let event = IpcEvent::new(&ctx).expect("cuEventCreate(INTERPROCESS | DISABLE_TIMING)");
    let stream = ctx.create_stream().unwrap();
    // About 2 s at 2 GHz: longer than the child takes to start.
    launch!(
        spin,
        &stream,
        &LaunchConfig::new(1, 1),
        out,
        4_000_000_000u64,
        WRITTEN
    )
    .unwrap();
    event.record(&stream).unwrap();
    assert!(
        !event.is_complete().unwrap(),
        "the kernel finished before the child started: the test would prove nothing"
    );
    run_child(
        "event",
        &[
            (MEM, hex(&out.ipc_handle().unwrap().to_bytes())),
            (EVENT, hex(&event.handle().unwrap().to_bytes())),
        ],
        Stdio::null(),
    );
    stream.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), [WRITTEN]);
    // An interprocess event has no timing.
    assert!(event.elapsed_ms_since(&event).is_err());
}

fn child_event() {
    let ctx = gpu::context();
    let mem = IpcMemHandle::from_bytes(&unhex(MEM)).unwrap();
    let handle = IpcEventHandle::from_bytes(&unhex(EVENT)).unwrap();
    let out = IpcBuffer::<u32>::open(&ctx, &mem).expect("cuIpcOpenMemHandle");
    let event = IpcEvent::open(&ctx, &handle).expect("cuIpcOpenEventHandle");
    let done_at_open = event.is_complete().unwrap();
    let before = out.to_vec().unwrap()[0];
    event
        .synchronize()
        .expect("cuEventSynchronize on the imported event");
    let after = out.to_vec().unwrap()[0];
    println!("at open: complete {done_at_open}, value {before:#x}; after the wait: {after:#x}");
    assert_eq!(
        after, WRITTEN,
        "after waiting on the imported event the kernel's write must be visible"
    );
}

// Pools: a shareable pool's descriptor as the child's stdin, a pointer record in hex.

fn a_pool_buffer_is_shared_through_its_pool() {
    let ctx = gpu::context();
    let pool = MemPool::new_shareable(&ctx, 0).expect("cuMemPoolCreate(POSIX_FILE_DESCRIPTOR)");
    let stream = ctx.create_stream().unwrap();
    let buf = stream.alloc_async_from::<f32>(&pool, N).unwrap();
    let data: Vec<f32> = (0..N).map(|i| i as f32 * 0.5).collect();
    buf.copy_from(&data).unwrap();
    let record = pool.export_pointer(&buf).expect("cuMemPoolExportPointer");
    assert_eq!(record.size_bytes(), (N * 4) as u64);
    let fd = pool.export_fd().expect("cuMemPoolExportToShareableHandle");
    run_child(
        "pool",
        &[(POOL_POINTER, hex(&record.to_bytes()))],
        Stdio::from(fd),
    );
    let back = buf.to_vec().unwrap();
    let wrong = (0..N).find(|&i| back[i] != i as f32 * 2.0);
    assert_eq!(
        wrong, None,
        "the child's writes through the imported pool are not in the buffer"
    );
    // A buffer not from this pool is refused.
    let other = DeviceBuffer::<f32>::zeroed(&ctx, 4).unwrap();
    assert!(pool.export_pointer(&other).is_err());
}

fn child_pool() {
    let ctx = gpu::context();
    let record = IpcPoolPointer::from_bytes(&unhex(POOL_POINTER)).unwrap();
    let stdin = std::io::stdin();
    let pool = MemPool::import_fd(&ctx, stdin.as_fd()).expect("cuMemPoolImportFromShareableHandle");
    let shared = pool
        .import_pointer::<f32>(&record)
        .expect("cuMemPoolImportPointer");
    assert_eq!(shared.len(), N);
    let seen = shared.to_vec().unwrap();
    let wrong = (0..N).find(|&i| seen[i] != i as f32 * 0.5);
    assert_eq!(
        wrong, None,
        "the importer does not read the pool buffer's data"
    );
    let mine: Vec<f32> = (0..N).map(|i| i as f32 * 2.0).collect();
    shared.copy_from(&mine).unwrap();
    refuses_export_again(shared.ipc_handle());
    drop(shared); // cuMemFree, before the exporter frees its buffer
}

/// Imported memory is not exported again: refused with advice, before the driver.
fn refuses_export_again(handle: cuda_library::Result<IpcMemHandle>) {
    let e = handle.expect_err("an imported mapping was exported again");
    assert!(
        matches!(e, cuda_library::Error::InvalidArgument(_)),
        "not the typed error: {e}"
    );
    assert!(
        e.to_string()
            .contains("export it from the process that allocated it"),
        "{e}"
    );
}
