//! Benchmark: raw CUDA driver calls against this crate, in one run, on one GPU.
//!
//! `cargo run --release --example bench [-- path/to/kernels.sm90.cubin]`
//!
//! "Raw" opens libcuda with libloading, looks the entry points up with the header's PFN
//! types and calls them directly, as C code would. Each measurement runs rounds of a raw
//! batch and a crate batch back to back, the order swapped every round (so neither side
//! always runs on a warmer cache or a fuller queue), and reports the median of each side and
//! the median of the per-round differences: the overhead column compares the two batches of
//! one round, which the driver's own drift between rounds does not move. Launch rows measure
//! CPU-side enqueue cost: batches of launches are timed while they are queued, and the
//! stream is drained between batches (untimed), so the GPU's execution rate does not hide
//! the host overhead.

use std::ffi::c_void;
use std::hint::black_box;
use std::ptr;
use std::time::Instant;

use cuda_library::sys::driver as sys;
use cuda_library::{launch, Device, LaunchConfig, Library, LibraryOptions};

const ROUNDS: usize = 15;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

struct Row {
    what: &'static str,
    raw: f64,
    ours: f64,
    /// Median over rounds of (ours - raw) / raw.
    overhead: f64,
    /// Median over rounds of ours - raw, in `unit`.
    extra: f64,
    unit: &'static str,
}

/// Seconds per call of `iters` calls of `f`, then `between` (untimed).
#[inline(always)]
fn time(iters: usize, f: &mut impl FnMut(), between: &mut impl FnMut()) -> f64 {
    let t = Instant::now();
    for _ in 0..iters {
        f();
    }
    let s = t.elapsed().as_secs_f64() / iters as f64;
    between();
    s
}

/// Times `rounds` pairs of batches (`iters` calls each), swapping which side goes first
/// every round; `between` runs untimed after each batch. The closures are generic, so each
/// side's loop is compiled as directly as a hand-written one.
#[allow(clippy::too_many_arguments)]
fn compare(
    what: &'static str,
    unit: &'static str,
    scale: f64,
    rounds: usize,
    iters: usize,
    mut raw: impl FnMut(),
    mut ours: impl FnMut(),
    mut between: impl FnMut(),
) -> Row {
    let (mut r, mut o, mut ratio, mut diff) = (vec![], vec![], vec![], vec![]);
    for round in 0..rounds {
        let (tr, to) = if round % 2 == 0 {
            let tr = time(iters, &mut raw, &mut between);
            (tr, time(iters, &mut ours, &mut between))
        } else {
            let to = time(iters, &mut ours, &mut between);
            (time(iters, &mut raw, &mut between), to)
        };
        r.push(tr);
        o.push(to);
        ratio.push(to / tr - 1.0);
        diff.push(to - tr);
    }
    Row {
        what,
        raw: median(r) * scale,
        ours: median(o) * scale,
        overhead: median(ratio),
        extra: median(diff) * scale,
        unit,
    }
}

fn check(rc: sys::CUresult, what: &str) {
    if rc != sys::CUresult::CUDA_SUCCESS {
        eprintln!("{what} failed: {}", rc.0);
        std::process::exit(1);
    }
}

/// Runs the example; an error prints as its message and hint (not Rust's `Debug`) and
/// the exit status is 1.
fn main() -> std::process::ExitCode {
    // Every row times the raw driver API beside this crate's calls: on the simulator there is
    // no raw side, so say what is needed and what runs instead.
    match cuda_library::backend() {
        Ok(info) if info.is_simulated() => {
            eprintln!(
                "bench compares raw CUDA driver calls with this crate's, so it needs a CUDA GPU; \
                 this process runs on {info}\n\
                 Without a GPU, `cargo run --release --example sim_bench` measures the simulator \
                 and `cargo run --release --example graph_bench` runs on it."
            );
            return std::process::ExitCode::FAILURE;
        }
        Ok(_) => {}
        Err(e) => {
            eprintln!("error: {e}");
            return std::process::ExitCode::FAILURE;
        }
    }
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> cuda_library::Result<()> {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/kernels.sm90.cubin"
        )
        .to_string()
    });
    let image = std::fs::read(&path).map_err(|source| cuda_library::Error::Io {
        path: path.clone().into(),
        source,
    })?;
    let dev = Device::new(0)?;
    let ctx = dev.set_current()?;
    let stream = ctx.create_stream()?;
    println!(
        "device: {} | driver CUDA {} | image {} ({} bytes)",
        dev.name()?,
        cuda_library::driver_version()?,
        path,
        image.len()
    );

    // Raw driver entry points, found the way a C program would dlopen/dlsym them, with the
    // header's function-pointer types.
    // SAFETY: opening the CUDA driver library.
    let raw = unsafe { libloading::Library::new("libcuda.so.1") }.expect("libcuda.so.1");
    /// The symbol `name` as the PFN type `F` (an `Option` of a function pointer).
    fn sym<F: Copy>(lib: &libloading::Library, name: &[u8]) -> F {
        // SAFETY: `F` is the header's PFN typedef for this symbol.
        unsafe { *lib.get::<F>(name).expect("driver symbol") }
    }
    let load = sym::<sys::PFN_cuLibraryLoadData_v12000>(&raw, b"cuLibraryLoadData\0")
        .expect("cuLibraryLoadData");
    let unload = sym::<sys::PFN_cuLibraryUnload_v12000>(&raw, b"cuLibraryUnload\0")
        .expect("cuLibraryUnload");
    let get_kernel = sym::<sys::PFN_cuLibraryGetKernel_v12000>(&raw, b"cuLibraryGetKernel\0")
        .expect("cuLibraryGetKernel");
    let launch_ex = sym::<sys::PFN_cuLaunchKernelEx_v11060>(&raw, b"cuLaunchKernelEx\0")
        .expect("cuLaunchKernelEx");

    let mut rows = Vec::new();

    // 1. load_data + get_kernel + unload
    let opts = LibraryOptions::default();
    rows.push(compare(
        "load_data + get_kernel + unload",
        "µs",
        1e6,
        ROUNDS * 2,
        200,
        || {
            let mut lib: sys::CUlibrary = ptr::null_mut();
            let mut k: sys::CUkernel = ptr::null_mut();
            // SAFETY: a valid cubin; no options.
            unsafe {
                check(
                    load(
                        &mut lib,
                        image.as_ptr().cast(),
                        ptr::null_mut(),
                        ptr::null_mut(),
                        0,
                        ptr::null_mut(),
                        ptr::null_mut(),
                        0,
                    ),
                    "cuLibraryLoadData",
                );
                check(
                    get_kernel(&mut k, lib, c"saxpy".as_ptr()),
                    "cuLibraryGetKernel",
                );
                check(unload(lib), "cuLibraryUnload");
            }
        },
        || {
            let lib = Library::load_data(&image, &opts).expect("load");
            black_box(lib.get_kernel("saxpy").expect("get_kernel"));
            lib.unload().expect("unload");
        },
        || {},
    ));

    let lib = Library::load_data(&image, &LibraryOptions::default())?;

    // 2. get_kernel lookup
    {
        let raw_lib: sys::CUlibrary = lib.as_raw().cast();
        rows.push(compare(
            "get_kernel",
            "ns",
            1e9,
            ROUNDS * 2,
            1_000_000,
            || {
                let mut k: sys::CUkernel = ptr::null_mut();
                // SAFETY: a loaded library and a NUL-terminated name.
                unsafe { check(get_kernel(&mut k, raw_lib, c"saxpy".as_ptr()), "get") };
                black_box(k);
            },
            || {
                black_box(lib.get_kernel(black_box("saxpy")).expect("get_kernel"));
            },
            || {},
        ));
    }

    // Stream-ordered allocation: a 1 MiB scratch buffer allocated and freed on a stream
    // from the device's default pool, the stream drained between batches (untimed).
    {
        let alloc_async = sym::<sys::PFN_cuMemAllocAsync_v11020>(&raw, b"cuMemAllocAsync\0")
            .expect("cuMemAllocAsync");
        let free_async = sym::<sys::PFN_cuMemFreeAsync_v11020>(&raw, b"cuMemFreeAsync\0")
            .expect("cuMemFreeAsync");
        let raw_stream: sys::CUstream = stream.as_raw().cast();
        rows.push(compare(
            "alloc_async + free on drop (1 MiB, default pool)",
            "µs",
            1e6,
            ROUNDS * 2,
            2_000,
            || {
                let mut p: sys::CUdeviceptr = 0;
                // SAFETY: a live stream; the allocation is freed right after, on it.
                unsafe {
                    check(alloc_async(&mut p, 1 << 20, raw_stream), "cuMemAllocAsync");
                    check(free_async(p, raw_stream), "cuMemFreeAsync");
                }
            },
            || {
                black_box(stream.alloc_async::<u8>(1 << 20).expect("alloc_async"));
            },
            || stream.synchronize().expect("synchronize"),
        ));
    }

    // 3. and 4. launches: CPU-side enqueue cost per launch.
    let batch = 256;
    let empty = lib.get_kernel("empty")?;
    let args5 = lib.get_kernel("args5")?;
    let out = ctx.alloc_zeroed::<f32>(1)?;
    let cfg = LaunchConfig::new(1, 32);
    let raw_stream: sys::CUstream = stream.as_raw().cast();
    let raw_cfg = sys::CUlaunchConfig {
        gridDimX: 1,
        gridDimY: 1,
        gridDimZ: 1,
        blockDimX: 32,
        blockDimY: 1,
        blockDimZ: 1,
        sharedMemBytes: 0,
        hStream: raw_stream,
        attrs: ptr::null_mut(),
        numAttrs: 0,
    };
    // Warm both paths (first launch loads the kernel into the context).
    launch!(empty, &stream, &cfg)?;
    launch!(args5, &stream, &cfg, 1i32, 2.0f32, 3.0f64, out, 5i64)?;
    stream.synchronize()?;

    type LaunchFn<'a> = Box<dyn FnMut() + 'a>;
    let mut measure = |what: &'static str, mut raw_launch: LaunchFn, mut our_launch: LaunchFn| {
        rows.push(compare(
            what,
            "µs",
            1e6,
            ROUNDS * 8,
            batch,
            &mut *raw_launch,
            &mut *our_launch,
            || stream.synchronize().expect("sync"),
        ));
    };

    let empty_raw = empty.as_raw() as sys::CUfunction;
    measure(
        "launch empty kernel (enqueue)",
        Box::new(|| {
            // SAFETY: a loaded kernel with no parameters.
            unsafe {
                check(
                    launch_ex(&raw_cfg, empty_raw, ptr::null_mut(), ptr::null_mut()),
                    "launch",
                )
            }
        }),
        Box::new(|| launch!(empty, &stream, &cfg).expect("launch")),
    );
    let args5_raw = args5.as_raw() as sys::CUfunction;
    let out_ptr = out.as_raw();
    measure(
        "launch 5-argument kernel (enqueue)",
        Box::new(|| {
            let (a, b, c, e) = (1i32, 2.0f32, 3.0f64, 5i64);
            let mut params: [*mut c_void; 5] = [
                (&a as *const i32).cast_mut().cast(),
                (&b as *const f32).cast_mut().cast(),
                (&c as *const f64).cast_mut().cast(),
                (&out_ptr as *const u64).cast_mut().cast(),
                (&e as *const i64).cast_mut().cast(),
            ];
            // SAFETY: five live arguments of the kernel's parameter sizes.
            unsafe {
                check(
                    launch_ex(&raw_cfg, args5_raw, params.as_mut_ptr(), ptr::null_mut()),
                    "launch",
                )
            }
        }),
        Box::new(|| {
            launch!(args5, &stream, &cfg, 1i32, 2.0f32, 3.0f64, out, 5i64).expect("launch")
        }),
    );

    // Back-to-back throughput including GPU execution, for reference.
    let n = 10_000;
    stream.synchronize()?;
    let t = Instant::now();
    for _ in 0..n {
        launch!(empty, &stream, &cfg)?;
    }
    stream.synchronize()?;
    let b2b = t.elapsed().as_secs_f64() / n as f64 * 1e6;

    // Where the crate's extra time goes: the same calls through the pointers
    // cuGetProcAddress_v2 returns (what the crate calls) instead of dlsym's, and the
    // cuCtxGetCurrent a launch makes to check its stream's context is current.
    let get_proc = sym::<sys::PFN_cuGetProcAddress_v12000>(&raw, b"cuGetProcAddress_v2\0")
        .expect("cuGetProcAddress_v2");
    let proc_of = |name: &std::ffi::CStr, version: i32| -> *mut c_void {
        let mut p: *mut c_void = ptr::null_mut();
        let mut status = sys::CUdriverProcAddressQueryResult::CU_GET_PROC_ADDRESS_SUCCESS;
        // SAFETY: writes one pointer and a status.
        unsafe {
            check(
                get_proc(name.as_ptr(), &mut p, version, 0, &mut status),
                "getproc",
            )
        };
        p
    };
    // SAFETY: the header's PFN types for these symbols at these versions.
    let gp_get_kernel: unsafe extern "C" fn(
        *mut sys::CUkernel,
        sys::CUlibrary,
        *const std::ffi::c_char,
    ) -> sys::CUresult = unsafe { std::mem::transmute(proc_of(c"cuLibraryGetKernel", 12000)) };
    // SAFETY: as above.
    let gp_launch: unsafe extern "C" fn(
        *const sys::CUlaunchConfig,
        sys::CUfunction,
        *mut *mut c_void,
        *mut *mut c_void,
    ) -> sys::CUresult = unsafe { std::mem::transmute(proc_of(c"cuLaunchKernelEx", 11060)) };
    let ctx_get_current =
        sym::<sys::PFN_cuCtxGetCurrent_v4000>(&raw, b"cuCtxGetCurrent\0").expect("cuCtxGetCurrent");
    // An empty-kernel launch as C code makes it (a `Copy` closure, reused below).
    let raw_empty = || {
        // SAFETY: a loaded kernel with no parameters.
        unsafe {
            check(
                launch_ex(&raw_cfg, empty_raw, ptr::null_mut(), ptr::null_mut()),
                "launch",
            )
        }
    };
    let raw_lib: sys::CUlibrary = lib.as_raw().cast();
    let mut probes = Vec::new();
    probes.push(compare(
        "cuLibraryGetKernel: dlsym vs cuGetProcAddress pointer",
        "ns",
        1e9,
        ROUNDS * 2,
        1_000_000,
        || {
            let mut k: sys::CUkernel = ptr::null_mut();
            // SAFETY: a loaded library and a NUL-terminated name.
            unsafe { check(get_kernel(&mut k, raw_lib, c"saxpy".as_ptr()), "get") };
            black_box(k);
        },
        || {
            let mut k: sys::CUkernel = ptr::null_mut();
            // SAFETY: as above.
            unsafe { check(gp_get_kernel(&mut k, raw_lib, c"saxpy".as_ptr()), "get") };
            black_box(k);
        },
        || {},
    ));
    probes.push(compare(
        "cuLibraryGetKernel: a static name vs one just copied byte by byte to the stack",
        "ns",
        1e9,
        ROUNDS * 2,
        1_000_000,
        || {
            let mut k: sys::CUkernel = ptr::null_mut();
            // SAFETY: a loaded library and a NUL-terminated name.
            unsafe { check(get_kernel(&mut k, raw_lib, c"saxpy".as_ptr()), "get") };
            black_box(k);
        },
        || {
            let name = black_box("saxpy").as_bytes();
            let mut buf = [0u8; 64];
            for (d, s) in buf.iter_mut().zip(name) {
                // Volatile: one byte store each, as a byte loop compiles to.
                // SAFETY: writing within `buf`.
                unsafe { std::ptr::write_volatile(d, *s) };
            }
            let mut k: sys::CUkernel = ptr::null_mut();
            // SAFETY: a loaded library and a NUL-terminated name (`buf` is zeroed past it).
            unsafe { check(get_kernel(&mut k, raw_lib, buf.as_ptr().cast()), "get") };
            black_box(k);
        },
        || {},
    ));
    probes.push(compare(
        "cuLaunchKernelEx (empty): dlsym vs cuGetProcAddress pointer",
        "µs",
        1e6,
        ROUNDS * 8,
        batch,
        raw_empty,
        || {
            // SAFETY: as above.
            unsafe {
                check(
                    gp_launch(&raw_cfg, empty_raw, ptr::null_mut(), ptr::null_mut()),
                    "launch",
                )
            }
        },
        || stream.synchronize().expect("sync"),
    ));
    let mut no_attrs = [sys::CUlaunchAttribute::default(); 1];
    let attrs_cfg = sys::CUlaunchConfig {
        attrs: no_attrs.as_mut_ptr(),
        ..raw_cfg
    };
    probes.push(compare(
        "cuLaunchKernelEx (empty): attrs null vs an empty attribute array",
        "µs",
        1e6,
        ROUNDS * 8,
        batch,
        raw_empty,
        || {
            // SAFETY: as above; zero attributes in a live array.
            unsafe {
                check(
                    launch_ex(&attrs_cfg, empty_raw, ptr::null_mut(), ptr::null_mut()),
                    "launch",
                )
            }
        },
        || stream.synchronize().expect("sync"),
    ));
    // The crate's own work per launch, measured against a driver that does nothing
    // (a stub libcuda), is about 20 ns; this asks what the same amount of unrelated work
    // between two launches does to the real driver's enqueue.
    let mut scratch = [0u64; 16];
    probes.push(compare(
        "cuLaunchKernelEx (empty): alone vs after ~20 ns of unrelated work",
        "µs",
        1e6,
        ROUNDS * 8,
        batch,
        raw_empty,
        || {
            for (i, w) in scratch.iter_mut().enumerate() {
                *w = black_box(w.wrapping_mul(31).wrapping_add(i as u64));
            }
            black_box(&scratch);
            // SAFETY: as above.
            unsafe {
                check(
                    launch_ex(&raw_cfg, empty_raw, ptr::null_mut(), ptr::null_mut()),
                    "launch",
                )
            }
        },
        || stream.synchronize().expect("sync"),
    ));
    probes.push(compare(
        "cuLaunchKernelEx (empty): alone vs after cuCtxGetCurrent",
        "µs",
        1e6,
        ROUNDS * 8,
        batch,
        raw_empty,
        || {
            let mut c: sys::CUcontext = ptr::null_mut();
            // SAFETY: writes one handle; then as above.
            unsafe {
                check(ctx_get_current(&mut c), "cuCtxGetCurrent");
                black_box(c);
                check(
                    launch_ex(&raw_cfg, empty_raw, ptr::null_mut(), ptr::null_mut()),
                    "launch",
                )
            }
        },
        || stream.synchronize().expect("sync"),
    ));

    // Which context does cuLaunchKernelEx use for a CUkernel: the current one or the
    // stream's? Launch on a stream of a second context while the primary one is current.
    {
        let other = cuda_library::Context::new(&dev)?;
        let other_stream = other.create_stream()?;
        let other_out = other.alloc_zeroed::<f32>(1)?;
        ctx.set_current()?;
        let (a, b, c, e) = (-1i32, 2.0f32, 3.0f64, 5i64);
        let d = other_out.as_raw();
        let mut params: [*mut c_void; 5] = [
            (&a as *const i32).cast_mut().cast(),
            (&b as *const f32).cast_mut().cast(),
            (&c as *const f64).cast_mut().cast(),
            (&d as *const u64).cast_mut().cast(),
            (&e as *const i64).cast_mut().cast(),
        ];
        let cfg_other = sys::CUlaunchConfig {
            hStream: other_stream.as_raw().cast(),
            ..raw_cfg
        };
        // SAFETY: five live arguments of the kernel's parameter sizes; `d` is device memory
        // of the other context.
        let rc = unsafe { launch_ex(&cfg_other, args5_raw, params.as_mut_ptr(), ptr::null_mut()) };
        let mut cur: sys::CUcontext = ptr::null_mut();
        // SAFETY: writes one handle.
        unsafe { check(ctx_get_current(&mut cur), "cuCtxGetCurrent") };
        other_stream.synchronize()?;
        println!(
            "\ncontext probe: launch on another context's stream while the primary is current: \
             CUresult {}, result {:?} (10 = written), current context afterwards is the \
             primary: {}",
            rc.0,
            other_out.to_vec()?,
            cur.cast() == ctx.as_raw()
        );
        ctx.set_current()?;
    }

    println!();
    println!("| operation | raw driver | cuda-library | overhead (median of rounds) |");
    println!("|---|---|---|---|");
    for r in &rows {
        println!(
            "| {} | {:.3} {} | {:.3} {} | {:+.1}% ({:+.3} {}) |",
            r.what,
            r.raw,
            r.unit,
            r.ours,
            r.unit,
            r.overhead * 100.0,
            r.extra,
            r.unit
        );
    }
    println!(
        "\nempty kernel back to back (enqueue + GPU, {n} launches then one sync): {b2b:.2} µs per launch"
    );
    println!("\n| probe (first vs second) | first | second | difference |");
    println!("|---|---|---|---|");
    for r in &probes {
        println!(
            "| {} | {:.3} {} | {:.3} {} | {:+.1}% ({:+.3} {}) |",
            r.what,
            r.raw,
            r.unit,
            r.ours,
            r.unit,
            r.overhead * 100.0,
            r.extra,
            r.unit
        );
    }
    Ok(())
}
