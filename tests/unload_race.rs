//! Launches racing unloads on another thread: nothing may hang, crash or give an error
//! other than [`Error::Unloaded`] or the argument errors asked for.
//!
//! Runs on whichever backend `auto` picks: the simulator in CI, the driver on a GPU
//! machine (`CUDA_LIBRARY_BACKEND` forces one). It runs for `UNLOAD_RACE_SECONDS`
//! (default 3); the figures in core/guide/figures.md come from 600-second runs on both
//! backends.
//!
//! Each round loads `kernels.fatbin`, takes fresh kernel handles (so the first launch of
//! each also fetches its parameters) and hands them to a launching thread, which launches
//! them, with right and wrong arguments, and reads their names and parameters, until it
//! meets `Error::Unloaded`. The main thread unloads the library after a varying delay. A
//! round that does not end within `HANG` is a deadlock: the test fails (the process exits,
//! since a hung thread cannot be joined).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use cuda_library::{launch, Device, Error, Kernel, LaunchConfig, Library, LibraryOptions};

/// A round that takes longer than this has hung.
const HANG: Duration = Duration::from_secs(30);

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn seconds() -> u64 {
    std::env::var("UNLOAD_RACE_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
}

/// What the launching thread did in one round.
#[derive(Default)]
struct Round {
    launches: u64,
    stopped_by_unload: bool,
}

/// Launches until the library goes away. Errors other than the expected ones fail the test.
fn launch_until_unloaded(
    kernels: &[Kernel],
    stream: &cuda_library::Stream,
    x: &cuda_library::DeviceBuffer<f32>,
) -> Round {
    let mut round = Round::default();
    let cfg = LaunchConfig::new(1, 32);
    let expect = |r: cuda_library::Result<()>, wrong: bool| -> Option<bool> {
        match r {
            Ok(()) if !wrong => Some(true),
            Err(Error::Unloaded { .. }) => None,
            Err(Error::ArgumentCount { .. }) if wrong => Some(false),
            other => panic!("unexpected result {other:?} (wrong arguments: {wrong})"),
        }
    };
    // Bounded so a round cannot run away if the unload never came.
    for i in 0..1_000_000u64 {
        for k in kernels {
            let r = match k.name() {
                Ok(n) if n == "saxpy" => launch!(k, stream, &cfg, 2.0f32, *x, *x, 32i32),
                Ok(n) if n == "empty" => launch!(k, stream, &cfg),
                Ok(_) => continue,
                Err(Error::Unloaded { .. }) => {
                    round.stopped_by_unload = true;
                    return round;
                }
                Err(e) => panic!("name(): {e}"),
            };
            match expect(r, false) {
                Some(_) => round.launches += 1,
                None => {
                    round.stopped_by_unload = true;
                    return round;
                }
            }
            // A wrong argument count: the error names the kernel, under the same hold.
            if expect(launch!(k, stream, &cfg, 1.0f32), true).is_none() {
                round.stopped_by_unload = true;
                return round;
            }
            if let Err(e) = k.param_info() {
                assert!(matches!(e, Error::Unloaded { .. }), "param_info(): {e}");
                round.stopped_by_unload = true;
                return round;
            }
        }
        if i % 64 == 63 {
            stream.synchronize().unwrap();
        }
    }
    round
}

#[test]
fn launches_racing_unloads_never_hang() {
    let info = cuda_library::backend().unwrap();
    let image = std::fs::read(fixture("kernels.fatbin")).unwrap();
    let deadline = Instant::now() + Duration::from_secs(seconds());
    let progress = Arc::new(AtomicU64::new(0));

    // The launching thread: one context, stream and buffer for the whole test.
    let (to_worker, from_main) = mpsc::channel::<Vec<Kernel>>();
    let (to_main, from_worker) = mpsc::channel::<Round>();
    let worker = std::thread::spawn(move || {
        let ctx = Device::new(0).unwrap().set_current().unwrap();
        let stream = ctx.create_stream().unwrap();
        let x = ctx.alloc_zeroed::<f32>(32).unwrap();
        for kernels in from_main {
            let round = launch_until_unloaded(&kernels, &stream, &x);
            stream.synchronize().unwrap();
            if to_main.send(round).is_err() {
                break;
            }
        }
    });

    // A watchdog: a deadlock leaves both threads blocked, so only another thread can tell.
    let watched = progress.clone();
    std::thread::spawn(move || {
        let mut last = (watched.load(Ordering::SeqCst), Instant::now());
        loop {
            std::thread::sleep(Duration::from_secs(1));
            let now = watched.load(Ordering::SeqCst);
            if now != last.0 {
                last = (now, Instant::now());
            } else if last.1.elapsed() > HANG {
                eprintln!("launches_racing_unloads_never_hang: no progress for {HANG:?} after {now} rounds: a deadlock");
                std::process::exit(3);
            }
        }
    });

    let ctx = Device::new(0).unwrap().set_current().unwrap();
    let (mut rounds, mut launches, mut stopped) = (0u64, 0u64, 0u64);
    let mut max_unload = Duration::ZERO;
    while Instant::now() < deadline {
        let lib = Library::load_data(&image, &LibraryOptions::default()).unwrap();
        let kernels: Vec<Kernel> = ["empty", "saxpy"]
            .iter()
            .map(|n| lib.get_kernel(n).unwrap())
            .collect();
        to_worker.send(kernels).unwrap();
        // Unload at a different moment each round: at once, or after some launches.
        for _ in 0..(rounds % 97) * 50 {
            std::hint::spin_loop();
        }
        let t = Instant::now();
        lib.unload().unwrap();
        max_unload = max_unload.max(t.elapsed());
        let round = from_worker
            .recv_timeout(HANG)
            .expect("the launching thread hung");
        launches += round.launches;
        stopped += round.stopped_by_unload as u64;
        rounds += 1;
        progress.store(rounds, Ordering::SeqCst);
    }
    drop(to_worker);
    worker.join().unwrap();
    ctx.synchronize().unwrap();
    println!(
        "{}: {rounds} load/launch/unload rounds in {} s, {launches} launches, {stopped} rounds \
         ended by Error::Unloaded, longest unload {:.3} ms",
        info.kind,
        seconds(),
        max_unload.as_secs_f64() * 1e3
    );
    assert!(rounds > 0);
    assert_eq!(stopped, rounds, "every round ends with the unload");
}
