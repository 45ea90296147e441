//! Benchmark: raw CUDA driver calls against this crate, in one run, on one GPU.
//!
//! `cargo run --release --example bench [-- path/to/kernels.sm90.cubin]`
//!
//! "Raw" opens libcuda with libloading, looks the entry points up with the header's PFN
//! types and calls them directly, as C code would. Each measurement alternates raw and crate
//! rounds and reports the median round. Launch rows measure CPU-side enqueue cost: batches of
//! launches are timed while they are queued, and the stream is drained between batches
//! (untimed), so the GPU's execution rate does not hide the host overhead.

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
    unit: &'static str,
}

fn check(rc: sys::CUresult, what: &str) {
    if rc != sys::CUresult::CUDA_SUCCESS {
        eprintln!("{what} failed: {}", rc.0);
        std::process::exit(1);
    }
}

fn main() -> cuda_library::Result<()> {
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
    {
        let iters = 200;
        let (mut r, mut o) = (Vec::new(), Vec::new());
        for _ in 0..ROUNDS {
            let t = Instant::now();
            for _ in 0..iters {
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
            }
            r.push(t.elapsed().as_secs_f64() / iters as f64);
            let opts = LibraryOptions::default();
            let t = Instant::now();
            for _ in 0..iters {
                let lib = Library::load_data(&image, &opts)?;
                black_box(lib.get_kernel("saxpy")?);
                lib.unload()?;
            }
            o.push(t.elapsed().as_secs_f64() / iters as f64);
        }
        rows.push(Row {
            what: "load_data + get_kernel + unload",
            raw: median(r) * 1e6,
            ours: median(o) * 1e6,
            unit: "µs",
        });
    }

    let lib = Library::load_data(&image, &LibraryOptions::default())?;

    // 2. get_kernel lookup
    {
        let iters = 1_000_000;
        let raw_lib: sys::CUlibrary = lib.as_raw().cast();
        let (mut r, mut o) = (Vec::new(), Vec::new());
        for _ in 0..ROUNDS {
            let t = Instant::now();
            for _ in 0..iters {
                let mut k: sys::CUkernel = ptr::null_mut();
                // SAFETY: a loaded library and a NUL-terminated name.
                unsafe { check(get_kernel(&mut k, raw_lib, c"saxpy".as_ptr()), "get") };
                black_box(k);
            }
            r.push(t.elapsed().as_secs_f64() / iters as f64);
            let t = Instant::now();
            for _ in 0..iters {
                black_box(lib.get_kernel(black_box("saxpy"))?);
            }
            o.push(t.elapsed().as_secs_f64() / iters as f64);
        }
        rows.push(Row {
            what: "get_kernel",
            raw: median(r) * 1e9,
            ours: median(o) * 1e9,
            unit: "ns",
        });
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
        let (mut r, mut o) = (Vec::new(), Vec::new());
        for _ in 0..ROUNDS * 4 {
            let t = Instant::now();
            for _ in 0..batch {
                raw_launch();
            }
            r.push(t.elapsed().as_secs_f64() / batch as f64);
            stream.synchronize().expect("sync");
            let t = Instant::now();
            for _ in 0..batch {
                our_launch();
            }
            o.push(t.elapsed().as_secs_f64() / batch as f64);
            stream.synchronize().expect("sync");
        }
        rows.push(Row {
            what,
            raw: median(r) * 1e6,
            ours: median(o) * 1e6,
            unit: "µs",
        });
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

    println!();
    println!("| operation | raw driver | cuda-library | overhead |");
    println!("|---|---|---|---|");
    for r in &rows {
        println!(
            "| {} | {:.3} {} | {:.3} {} | {:+.1}% |",
            r.what,
            r.raw,
            r.unit,
            r.ours,
            r.unit,
            (r.ours / r.raw - 1.0) * 100.0
        );
    }
    println!(
        "\nempty kernel back to back (enqueue + GPU, {n} launches then one sync): {b2b:.2} µs per launch"
    );
    Ok(())
}
