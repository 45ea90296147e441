//! Unified memory on the simulator: the checks a GPU runs too (`tests/common/managed.rs`),
//! the rule against a launch under way on another thread, and the page-migration model's
//! charges (read per buffer, so tests running side by side do not disturb them).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cuda_library::{
    launch, Advice, BackendKind, Context, Device, Error, LaunchConfig, Library, LibraryOptions,
    Location,
};

use crate::common::managed::{self, spin_result, VECTOR_ADD};

fn sim() -> Context {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    Device::new(0).unwrap().set_current().unwrap()
}

#[test]
fn the_first_cuda_program() {
    managed::the_first_cuda_program(&sim());
}

#[test]
fn a_launch_is_refused_while_the_host_views_the_buffer() {
    managed::a_launch_is_refused_while_the_host_views_the_buffer(&sim());
}

#[test]
fn bad_input_is_refused() {
    managed::bad_input_is_refused(&sim());
}

#[test]
fn the_argument_check_takes_it_as_a_pointer() {
    managed::the_argument_check_takes_it_as_a_pointer(&sim());
}

#[test]
fn prefetch_advice_and_attachment_keep_the_data() {
    managed::prefetch_advice_and_attachment_keep_the_data(&sim());
}

/// The simulated device is an H100 under Linux: concurrent managed access.
#[test]
fn the_simulated_device_has_concurrent_managed_access() {
    assert!(sim().concurrent_managed_access().unwrap());
}

#[test]
fn a_buffer_outlives_its_context_handle() {
    managed::a_buffer_outlives_its_context_handle(sim());
}

/// A host view asked for while a launch that takes the buffer runs on another thread is
/// refused with `ManagedInUse` (the simulator runs a launch in the call that queues it, so
/// "running" is that call); after it, the view sees the kernel's result.
#[test]
fn a_host_view_during_a_running_kernel_is_refused() {
    let ctx = sim();
    let lib = Library::load_data(VECTOR_ADD.as_bytes(), &LibraryOptions::default()).unwrap();
    let spin = lib.get_kernel("spin").unwrap();
    let out = ctx.alloc_managed::<u32>(1).unwrap();
    let started = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    // Long enough (about a second on the simulator, debug build) that the other thread asks
    // while it runs.
    let iters = 300_000u32;
    let refused = std::thread::scope(|s| {
        let worker = s.spawn(|| {
            let stream = ctx.create_stream().unwrap();
            started.store(true, Ordering::SeqCst);
            // The other thread's brief views may refuse the launch: try again.
            let r = loop {
                match launch!(spin, &stream, &LaunchConfig::new(1, 1), out, iters) {
                    Err(Error::ManagedInUse { .. }) => std::thread::yield_now(),
                    r => break r,
                }
            };
            done.store(true, Ordering::SeqCst);
            r
        });
        while !started.load(Ordering::SeqCst) {
            std::thread::yield_now();
        }
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut refused = None;
        while !done.load(Ordering::SeqCst) && Instant::now() < deadline {
            match out.host() {
                Err(e) => {
                    refused = Some(e);
                    break;
                }
                // Asked before the launch began: ask again.
                Ok(view) => drop(view),
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        worker.join().unwrap().unwrap();
        refused
    });
    let e = refused.expect("the kernel finished before a host view was asked for while it ran");
    assert!(matches!(e, Error::ManagedInUse { .. }), "{e:?}");
    assert!(e.to_string().contains("under way"), "{e}");
    assert_eq!(out.to_vec().unwrap(), vec![spin_result(iters)]);
}

/// The model: a kernel's first touch of pages the host wrote faults them over (one fault per
/// 64 KiB page, every byte moved); a prefetch moves them as one copy, cheaper, and the
/// kernel after it faults nothing; the host's read after the kernel faults them back.
#[test]
fn migration_is_charged_on_first_touch_and_prefetch_removes_it() {
    let ctx = sim();
    let lib = Library::load_data(VECTOR_ADD.as_bytes(), &LibraryOptions::default()).unwrap();
    let add = lib.get_kernel("vector_add").unwrap();
    let stream = ctx.create_stream().unwrap();
    let n = 1usize << 18; // 1 MiB of f32: 16 pages
    let bytes = (n * 4) as u64;
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);

    let mut faulted = ctx.alloc_managed::<f32>(n).unwrap();
    faulted.host_mut().unwrap().fill(1.0);
    let m = faulted.migration().unwrap();
    assert_eq!((m.on_host, m.on_device, m.faults), (true, None, 0));
    launch!(add, &stream, &cfg, faulted, faulted, faulted, n as u32).unwrap();
    let m = faulted.migration().unwrap();
    assert_eq!((m.on_host, m.on_device), (false, Some(0)));
    assert_eq!(
        (m.faults, m.faulted_to_device, m.prefetched),
        (16, bytes, 0)
    );
    let on_demand = m.charged_ns;

    let mut prefetched = ctx.alloc_managed::<f32>(n).unwrap();
    prefetched.host_mut().unwrap().fill(1.0);
    prefetched.prefetch(Location::Device(0), &stream).unwrap();
    launch!(add, &stream, &cfg, prefetched, prefetched, prefetched, n as u32).unwrap();
    let m = prefetched.migration().unwrap();
    assert_eq!((m.faults, m.faulted_to_device, m.prefetched), (0, 0, bytes));
    assert!(
        m.charged_ns * 3.0 < on_demand,
        "a prefetch ({} ns) should cost well under the faults it saves ({on_demand} ns)",
        m.charged_ns
    );

    println!(
        "1 MiB written by the host, then a kernel: {:.1} us of faults, or {:.1} us of prefetch",
        on_demand / 1e3,
        m.charged_ns / 1e3
    );
    assert!(prefetched.to_vec().unwrap().iter().all(|&v| v == 2.0));
    let m = prefetched.migration().unwrap();
    assert_eq!(
        (m.faulted_to_host, m.on_host, m.on_device),
        (bytes, true, None)
    );
}

/// Read-mostly memory keeps a copy on each side: after the host and a kernel have both
/// read it, neither faults again.
#[test]
fn read_mostly_memory_stops_migrating() {
    let ctx = sim();
    let lib = Library::load_data(VECTOR_ADD.as_bytes(), &LibraryOptions::default()).unwrap();
    let add = lib.get_kernel("vector_add").unwrap();
    let stream = ctx.create_stream().unwrap();
    let n = 1usize << 16;
    let table = ctx.alloc_managed::<f32>(n).unwrap();
    let out = ctx.alloc_managed::<f32>(n).unwrap();
    table.copy_from(&vec![3.0; n]).unwrap();
    table.advise(Advice::SetReadMostly).unwrap();
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);
    launch!(add, &stream, &cfg, table, table, out, n as u32).unwrap();
    table.synchronize().unwrap();
    assert!(table.host().unwrap().iter().all(|&v| v == 3.0));
    let faults = table.migration().unwrap().faults;
    launch!(add, &stream, &cfg, table, table, out, n as u32).unwrap();
    table.synchronize().unwrap();
    drop(table.host().unwrap());
    let m = table.migration().unwrap();
    assert_eq!(m.faults, faults, "{m:?}");
    assert_eq!((m.on_host, m.on_device), (true, Some(0)));
    assert!(out.to_vec().unwrap().iter().all(|&v| v == 6.0));
}

/// On the simulator a host view is a copy of the buffer in host memory. Where the host
/// cannot allocate that copy (a 32-bit WebAssembly playground, a process under a memory
/// limit), the view is an error saying so; before, the allocation failure aborted the
/// process. Run in a child process whose address space is limited to 256 MiB more than it
/// uses: the 768 MiB buffer fits (untouched), its copy does not.
#[test]
#[cfg(target_os = "linux")]
fn a_host_view_the_host_cannot_allocate_is_an_error() {
    crate::launch_bounds::in_bounded_child_of(
        module_path!(),
        "a_host_view_the_host_cannot_allocate_is_an_error",
        200,
        Duration::from_secs(60),
        || {
            let ctx = sim();
            let buf = ctx.alloc_managed::<u8>(768 << 20).unwrap();
            limit_address_space(256 << 20);
            for e in [buf.host().unwrap_err(), buf.to_vec().unwrap_err()] {
                assert!(matches!(e, Error::InvalidArgument(_)), "{e:?}");
                assert!(e.to_string().contains("cannot allocate"), "{e}");
            }
        },
    );
}

/// Limits this process's address space to what it maps now plus `more` bytes.
#[cfg(target_os = "linux")]
fn limit_address_space(more: u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmSize:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    let limit = libc::rlimit {
        rlim_cur: kib * 1024 + more,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: setrlimit reads the struct it is given; lowering this process's own soft
    // limit affects only its later allocations.
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) }, 0);
}
