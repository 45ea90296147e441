//! Checkpointing a CUDA process on a GPU (`cuCheckpointProcess*`): this test binary runs
//! itself again as the target (`checkpoint::child_holds_memory`, with
//! `CUDA_LIBRARY_CHECKPOINT_CHILD` set), which fills 256 MiB of device memory, says `READY`
//! and waits; the test locks it, checkpoints it (the device's free memory grows by what the
//! target held), restores and unlocks it, then lets it check that its memory came back.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use cuda_library::{CheckpointProcess, DeviceBuffer, ProcessState};

use crate::common::gpu;

gpu_tests![
    a_process_is_checkpointed_and_restored_with_its_memory,
    child_holds_memory unless not_a_child,
];

/// Set in the target process.
const CHILD: &str = "CUDA_LIBRARY_CHECKPOINT_CHILD";
/// Elements (u32) of the target's buffer: 256 MiB.
const N: usize = 64 << 20;

fn not_a_child() -> Option<String> {
    match std::env::var_os(CHILD) {
        Some(_) => None,
        None => Some("run by checkpoint::a_process_is_checkpointed_and_restored_with_its_memory, in a child process".to_string()),
    }
}

fn pattern(i: usize) -> u32 {
    (i as u32).wrapping_mul(2_654_435_761)
}

/// How long the whole exchange with the target may take. On an H100 in a container the
/// checkpoint once ran past 100 s without an answer; a bound turns that into a failure that
/// names the step, and frees the rest of the run.
const BOUND: Duration = Duration::from_secs(60);

fn a_process_is_checkpointed_and_restored_with_its_memory() {
    let step_now = Arc::new(Mutex::new("starting the target process"));
    let child_pid = Arc::new(Mutex::new(None::<u32>));
    let (done, finished) = mpsc::channel();
    let (seen_step, seen_pid) = (Arc::clone(&step_now), Arc::clone(&child_pid));
    std::thread::spawn(move || {
        let outcome = std::panic::catch_unwind(|| checkpoint_and_restore(&seen_step, &seen_pid));
        let _ = done.send(outcome);
    });
    match finished.recv_timeout(BOUND) {
        Ok(Ok(())) => {}
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(_) => {
            // The target may hold the driver's attention: end it, so nothing waits on it.
            if let Some(pid) = *child_pid.lock().unwrap_or_else(|e| e.into_inner()) {
                let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            }
            let step = *step_now.lock().unwrap_or_else(|e| e.into_inner());
            panic!(
                "checkpointing did not finish within {} s; it was at: {step} (the target was \
                 killed; a container may not allow checkpointing)",
                BOUND.as_secs()
            );
        }
    }
}

fn checkpoint_and_restore(step_now: &Mutex<&'static str>, child_pid: &Mutex<Option<u32>>) {
    let at = |what: &'static str| *step_now.lock().unwrap_or_else(|e| e.into_inner()) = what;
    let ctx = gpu::context();
    let exe = std::env::current_exe().expect("the test binary's path");
    let mut child = Command::new(&exe)
        .args([
            "--exact",
            "checkpoint::child_holds_memory",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the target process");
    *child_pid.lock().unwrap_or_else(|e| e.into_inner()) = Some(child.id());
    at("waiting for the target to fill its memory (READY)");
    let mut out = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        let n = out.read_line(&mut line).unwrap_or(0);
        seen.push_str(&line);
        if n == 0 || line.trim() == "READY" {
            break;
        }
    }
    if !seen.contains("READY") {
        let mut err = String::new();
        let _ = child.stderr.take().map(|mut e| e.read_to_string(&mut err));
        panic!("the target process ended before it was ready:\n{seen}\n{err}");
    }

    let target = CheckpointProcess::new(child.id()).unwrap();
    assert_eq!(target.state().unwrap(), ProcessState::Running);
    println!(
        "restore thread of the target: {:?}",
        target.restore_thread_id()
    );
    let (free_before, _) = ctx.mem_info().unwrap();
    at("cuCheckpointProcessLock");
    step(
        &mut child,
        "cuCheckpointProcessLock",
        target.lock(Some(Duration::from_secs(10))),
    );
    assert_eq!(target.state().unwrap(), ProcessState::Locked);
    at("cuCheckpointProcessCheckpoint");
    step(
        &mut child,
        "cuCheckpointProcessCheckpoint",
        target.checkpoint(),
    );
    assert_eq!(target.state().unwrap(), ProcessState::Checkpointed);
    let (free_checkpointed, _) = ctx.mem_info().unwrap();
    println!(
        "device memory free: {} MiB with the target running, {} MiB checkpointed",
        free_before >> 20,
        free_checkpointed >> 20
    );
    assert!(
        free_checkpointed >= free_before + (128 << 20),
        "checkpointing the target should free its 256 MiB buffer on the device"
    );
    at("cuCheckpointProcessRestore");
    step(&mut child, "cuCheckpointProcessRestore", target.restore());
    assert_eq!(target.state().unwrap(), ProcessState::Locked);
    at("cuCheckpointProcessUnlock");
    step(&mut child, "cuCheckpointProcessUnlock", target.unlock());
    assert_eq!(target.state().unwrap(), ProcessState::Running);

    at("the target checking its memory after the restore");
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin.write_all(b"go\n").unwrap();
    drop(stdin);
    let mut rest = String::new();
    let _ = out.read_to_string(&mut rest);
    let mut err = String::new();
    let _ = child.stderr.take().map(|mut e| e.read_to_string(&mut err));
    let status = child.wait().unwrap();
    let shown = format!("--- target stdout\n{seen}{rest}\n--- target stderr\n{err}");
    assert!(
        status.success() && rest.contains("1 passed"),
        "after the restore the target did not find its memory as it left it ({status})\n{shown}"
    );
}

/// Fails the test if a step failed, ending the target first (it may be left locked).
fn step(child: &mut Child, what: &str, result: cuda_library::Result<()>) {
    if let Err(e) = result {
        let _ = child.kill();
        panic!(
            "{what} of the target process failed: {e}\n(the coordinator needs the permission \
             to act on the target that ptrace needs; the driver needs CUDA 12.8+)"
        );
    }
}

fn child_holds_memory() {
    let ctx = gpu::context();
    let data: Vec<u32> = (0..N).map(pattern).collect();
    let buf = DeviceBuffer::from_slice(&ctx, &data).unwrap();
    println!("READY");
    let mut line = String::new();
    std::io::stdin().read_line(&mut line).unwrap();
    let back = buf.to_vec().expect("the buffer after the restore");
    let wrong = (0..N).find(|&i| back[i] != pattern(i));
    assert_eq!(
        wrong, None,
        "the restored buffer differs (first wrong element)"
    );
    // And the context still runs work.
    buf.fill(7).unwrap();
    assert!(buf.to_vec().unwrap().iter().all(|&v| v == 7));
}
