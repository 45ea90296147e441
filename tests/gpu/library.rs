//! GPU tests: the driver backend against a real device.
//!
//! Reported as ignored, with the reason, where no CUDA driver or device is present; set
//! `CUDA_LIBRARY_REQUIRE_GPU=1` to make that a failure. The tests take turns on the GPU
//! with the other GPU tests (`gpu::turn`), because the memory-leak test reads device-wide
//! free memory.
//!
//! Fixtures: `tests/fixtures/kernels.cu` built by nvcc (`tests/fixtures/build.sh`) into a
//! sm_90 cubin, a fatbin (sm_80 + sm_90 SASS, compute_80 PTX) and compute_80 PTX.

use crate::common::gpu;
use crate::common::half_ops;
use crate::common::nvrtc;
use crate::common::ptx_ops;

use std::path::PathBuf;
use std::sync::Arc;

use cuda_library::{
    launch, CudaError, Device, DeviceBuffer, Error, HostTable, ImageKind, JitOptions,
    KernelAttribute, LaunchConfig, Library, LibraryOptions, ObjectCode, Program, ProgramOptions,
};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn bytes(name: &str) -> Vec<u8> {
    std::fs::read(fixture(name)).unwrap()
}

/// Device 0 with its primary context current, and this test's turn on the GPU.
fn gpu() -> (
    Device,
    cuda_library::Context,
    std::sync::MutexGuard<'static, ()>,
) {
    let turn = gpu::turn();
    match gpu::device_and_context() {
        Ok((d, c)) => (d, c, turn),
        Err(e) => panic!("a GPU is required: {e}"),
    }
}

const KERNELS: [&str; 7] = [
    "_Z5scaleIdEvPT_S0_i",
    "_Z5scaleIfEvPT_S0_i",
    "args5",
    "empty",
    "saxpy",
    "spin",
    "use_vars",
];

fn opts() -> LibraryOptions {
    LibraryOptions::default()
}

fn sorted_names(lib: &Library) -> Vec<String> {
    let mut names: Vec<String> = lib
        .kernels()
        .unwrap()
        .iter()
        .map(|k| k.name().unwrap())
        .collect();
    names.sort();
    names
}

fn check_saxpy(lib: &Library, ctx: &cuda_library::Context) {
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let n = 10_000usize;
    let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let dx = ctx.htod(&x).unwrap();
    let dy = ctx.htod(&vec![1.0f32; n]).unwrap();
    let stream = ctx.create_stream().unwrap();
    launch!(
        saxpy,
        &stream,
        &LaunchConfig::for_num_elems(n as u32, 128),
        2.0f32,
        dx,
        dy,
        n as i32
    )
    .unwrap();
    stream.synchronize().unwrap();
    let y = dy.to_vec().unwrap();
    for (i, v) in y.iter().enumerate() {
        assert_eq!(*v, 2.0 * i as f32 + 1.0, "y[{i}]");
    }
}

gpu_tests![
    launch_runs_in_the_streams_context,
    loads_cubin_fatbin_and_ptx_from_bytes_and_files,
    enumerates_template_instances_with_demangled_names,
    parameter_info_matches_the_signatures,
    globals_constants_and_initialised_arrays_round_trip,
    managed_variable_is_read_and_written_from_the_host,
    unified_function_behaviour_with_and_without_the_option,
    everything_is_an_error_after_unload,
    unload_with_a_kernel_in_flight,
    ten_thousand_load_unload_cycles_keep_memory_flat,
    eight_threads_load_and_launch_at_once,
    one_library_shared_by_threads_and_unloaded_under_them,
    wrong_arguments_are_rejected_before_launch,
    lookups_fail_clearly,
    kernel_attributes_occupancy_and_handles,
    cluster_and_cooperative_launches,
    jit_options_and_logs,
    nvrtc_program_with_name_expressions_launches unless nvrtc::missing,
    one_library_in_two_contexts,
    device_properties_buffers_and_events,
    a_context_destroyed_under_a_library_leaves_it_usable_and_unloadable,
    ptx_integer_and_select_extras_match_their_definitions,
    half_precision_matches_its_definitions,
    floating_point_atomics_add_up,
    #[cfg(feature = "notebook")]
    the_library_card_names_the_gpu_and_the_driver,
    an_allocation_past_free_memory_is_out_of_memory,
];

/// The driver's `CUDA_ERROR_OUT_OF_MEMORY` is [`Error::OutOfMemory`], the variant the
/// simulator gives for the same allocation (issue 35), and the context stays usable.
pub fn an_allocation_past_free_memory_is_out_of_memory() {
    let (_dev, ctx, _turn) = gpu();
    let (free, total) = ctx.mem_info().unwrap();
    let e = ctx
        .alloc_zeroed::<u8>(total.max(free) + (1 << 30))
        .unwrap_err();
    println!("{e}");
    assert!(matches!(e, Error::OutOfMemory { asked: None, .. }), "{e:?}");
    assert_eq!(e.cuda_error_name(), Some("CUDA_ERROR_OUT_OF_MEMORY"));
    assert_eq!(e.cuda_code(), Some(CudaError::OUT_OF_MEMORY));
    assert!(
        ctx.alloc_zeroed::<u8>(1 << 20).is_ok(),
        "the context is still usable"
    );
}

/// A launch runs in its stream's context, whatever context is current (the crate relies on
/// it to skip a cuCtxGetCurrent per launch).
pub fn launch_runs_in_the_streams_context() {
    let (dev, ctx, _turn) = gpu();
    let lib = Library::load_file(fixture("kernels.sm90.cubin"), &opts()).unwrap();
    let args5 = lib.get_kernel("args5").unwrap();
    let other = cuda_library::Context::new(&dev).unwrap();
    let stream = other.create_stream().unwrap();
    let out = other.alloc_zeroed::<f32>(1).unwrap();
    ctx.set_current().unwrap();
    launch!(
        args5,
        &stream,
        &LaunchConfig::new(1, 1),
        -1i32,
        2.0f32,
        3.0f64,
        out,
        5i64
    )
    .unwrap();
    stream.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), vec![10.0]);
    drop((out, stream));
    ctx.set_current().unwrap();
}

pub fn loads_cubin_fatbin_and_ptx_from_bytes_and_files() {
    let (_dev, ctx, _turn) = gpu();
    for name in ["kernels.sm90.cubin", "kernels.fatbin", "kernels.ptx"] {
        let from_bytes = Library::load_data(&bytes(name), &opts()).unwrap();
        let from_file = Library::load_file(fixture(name), &opts()).unwrap();
        assert_eq!(sorted_names(&from_bytes), KERNELS, "{name} from bytes");
        assert_eq!(sorted_names(&from_file), KERNELS, "{name} from file");
        check_saxpy(&from_bytes, &ctx);
        check_saxpy(&from_file, &ctx);
        assert!(from_file.source().contains(name));
        from_bytes.unload().unwrap();
        from_file.unload().unwrap();
    }
    // ObjectCode paths, bytes and files.
    let lib = ObjectCode::from_fatbin(bytes("kernels.fatbin"))
        .with_name("fixture")
        .to_library(&opts())
        .unwrap();
    assert_eq!(lib.image_kind(), Some(ImageKind::Fatbin));
    assert_eq!(lib.source(), "fixture (fatbin, 29904 bytes)");
    check_saxpy(&lib, &ctx);
    let lib = ObjectCode::from_ptx(fixture("kernels.ptx").as_path())
        .to_library(&opts())
        .unwrap();
    check_saxpy(&lib, &ctx);
}

pub fn enumerates_template_instances_with_demangled_names() {
    let (dev, _ctx, _turn) = gpu();
    let lib = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    let mut demangled: Vec<String> = lib
        .kernels()
        .unwrap()
        .iter()
        .map(|k| k.demangled_name().unwrap())
        .collect();
    demangled.sort();
    assert!(demangled.contains(&"void scale<float>(float*, float, int)".to_string()));
    assert!(demangled.contains(&"void scale<double>(double*, double, int)".to_string()));
    let info = lib
        .get_kernel("_Z5scaleIdEvPT_S0_i")
        .unwrap()
        .info(&dev)
        .unwrap();
    assert_eq!(info.demangled, "void scale<double>(double*, double, int)");
    assert_eq!(info.params.len(), 3);
    assert_eq!(info.params[1].size, 8);
    #[cfg(feature = "serde")]
    assert_eq!(serde_json::to_value(&info).unwrap()["params"][1]["size"], 8);
}

pub fn parameter_info_matches_the_signatures() {
    let (_, _, _turn) = gpu();
    let lib = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    let layout = |name: &str| -> Vec<(usize, usize)> {
        lib.get_kernel(name)
            .unwrap()
            .param_info()
            .unwrap()
            .iter()
            .map(|p| (p.offset, p.size))
            .collect()
    };
    assert_eq!(layout("saxpy"), [(0, 4), (8, 8), (16, 8), (24, 4)]);
    assert_eq!(layout("args5"), [(0, 4), (4, 4), (8, 8), (16, 8), (24, 8)]);
    assert_eq!(layout("empty"), []);
    assert_eq!(layout("_Z5scaleIfEvPT_S0_i"), [(0, 8), (8, 4), (12, 4)]);
}

pub fn globals_constants_and_initialised_arrays_round_trip() {
    let (_, _, _turn) = gpu();
    for name in ["kernels.sm90.cubin", "kernels.ptx"] {
        let lib = Library::load_data(&bytes(name), &opts()).unwrap();
        let table = lib.get_global("table").unwrap();
        assert_eq!(table.size(), 16);
        assert_eq!(table.read_vec::<f32>().unwrap(), [1.0, 2.0, 3.0, 4.0]);
        let coeffs = lib.get_global("coeffs").unwrap();
        assert_eq!(coeffs.size(), 32);
        assert_eq!(
            coeffs.read_vec::<f32>().unwrap(),
            [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5]
        );
        let counter = lib.get_global("counter").unwrap();
        assert_eq!(counter.read::<i32>().unwrap(), 0);
        // cuLibraryGetGlobal also finds __managed__ variables.
        assert_eq!(lib.get_global("managed_value").unwrap().size(), 4);

        table.write_slice(&[10.0f32, 20.0, 30.0, 40.0]).unwrap();
        coeffs.write_slice(&[1.0f32; 8]).unwrap();
        assert_eq!(table.read_vec::<f32>().unwrap(), [10.0, 20.0, 30.0, 40.0]);

        // The kernel sees what the host wrote.
        let ctx = Device::new(0).unwrap().set_current().unwrap();
        let out = ctx.alloc_zeroed::<f32>(8).unwrap();
        let stream = ctx.create_stream().unwrap();
        let k = lib.get_kernel("use_vars").unwrap();
        launch!(k, &stream, &LaunchConfig::new(1, 8), out, 8i32).unwrap();
        stream.synchronize().unwrap();
        assert_eq!(
            out.to_vec().unwrap(),
            [10.0, 20.0, 30.0, 40.0, 10.0, 20.0, 30.0, 40.0]
        );
        assert_eq!(counter.read::<i32>().unwrap(), 8);

        // Size checks.
        assert!(matches!(
            table.read::<f64>(),
            Err(Error::SizeMismatch {
                expected: 16,
                got: 8,
                ..
            })
        ));
        assert!(table.write_slice(&[1.0f32; 3]).is_err());
        assert!(coeffs.read_vec::<[u8; 3]>().is_err());
        assert_eq!(table.read_bytes().unwrap().len(), 16);
    }
}

pub fn managed_variable_is_read_and_written_from_the_host() {
    let (_dev, ctx, _turn) = gpu();
    let lib = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    let m = lib.get_managed("managed_value").unwrap();
    assert_eq!(m.size(), 4);
    assert_eq!(m.read::<i32>().unwrap(), 42);
    m.write(&7i32).unwrap();
    let out = ctx.alloc_zeroed::<f32>(1).unwrap();
    let stream = ctx.create_stream().unwrap();
    let k = lib.get_kernel("use_vars").unwrap();
    launch!(k, &stream, &LaunchConfig::new(1, 1), out, 1i32).unwrap();
    // No explicit synchronize: the managed read waits for the context's work.
    assert_eq!(m.read::<i32>().unwrap(), 8);
    assert_eq!(m.read_vec::<u8>().unwrap(), 8i32.to_ne_bytes());
    // cuLibraryGetManaged finds only __managed__ variables.
    match lib.get_managed("table") {
        Err(Error::SymbolNotFound { kind, .. }) => assert_eq!(kind, "managed variable"),
        other => panic!("expected not found, got {other:?}"),
    }
}

pub fn unified_function_behaviour_with_and_without_the_option() {
    let (_, _, _turn) = gpu();
    let plain = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    let e = plain.get_unified_function("saxpy").unwrap_err();
    assert_eq!(e.cuda_error_name(), Some("CUDA_ERROR_INVALID_VALUE"), "{e}");
    // A null host table crashes the driver (seen on 580.159): it is refused before loading.
    let with_null_table = LibraryOptions {
        // SAFETY: never handed to the driver: encoding refuses it.
        host_universal_table: Some(unsafe { HostTable::from_raw(std::ptr::null_mut()) }),
        ..Default::default()
    };
    let e = Library::load_data(&bytes("kernels.sm90.cubin"), &with_null_table).unwrap_err();
    assert!(matches!(e, Error::InvalidArgument(_)), "{e}");
    // Names that are not functions at all are not found either way.
    assert!(plain.get_unified_function("table").is_err());
    assert!(plain.get_unified_function("no_such_function").is_err());
}

pub fn everything_is_an_error_after_unload() {
    let (_dev, ctx, _turn) = gpu();
    let lib = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    let k = lib.get_kernel("saxpy").unwrap();
    let g = lib.get_global("table").unwrap();
    let m = lib.get_managed("managed_value").unwrap();
    let module = lib.module().unwrap();
    assert!(!module.as_raw().unwrap().is_null());
    assert!(k.is_loaded());
    lib.unload().unwrap();
    assert!(!k.is_loaded() && !g.is_loaded());
    assert!(matches!(k.name(), Err(Error::Unloaded { .. })));
    assert!(matches!(g.read_bytes(), Err(Error::Unloaded { .. })));
    assert!(matches!(g.write(&[0f32; 4]), Err(Error::Unloaded { .. })));
    assert!(matches!(m.read::<i32>(), Err(Error::Unloaded { .. })));
    assert!(matches!(module.as_raw(), Err(Error::Unloaded { .. })));
    let stream = ctx.create_stream().unwrap();
    let x = ctx.alloc_zeroed::<f32>(4).unwrap();
    let e = launch!(k, &stream, &LaunchConfig::new(1, 4), 1.0f32, x, x, 4i32).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("a kernel was used after its library was unloaded"),
        "{e}"
    );
}

pub fn unload_with_a_kernel_in_flight() {
    let (_dev, ctx, _turn) = gpu();
    let lib = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    let spin = lib.get_kernel("spin").unwrap();
    let stream = ctx.create_stream().unwrap();
    let (start, end) = (ctx.create_event().unwrap(), ctx.create_event().unwrap());
    start.record(&stream).unwrap();
    // About 50 ms at ~2 GHz.
    launch!(spin, &stream, &LaunchConfig::new(4, 32), 100_000_000i64).unwrap();
    end.record(&stream).unwrap();
    assert!(!stream.is_idle().unwrap());
    let r = lib.unload();
    println!("unload while spinning: {r:?}");
    r.unwrap();
    stream.synchronize().unwrap();
    let ms = end.elapsed_ms_since(&start).unwrap();
    println!("spin kernel ran {ms:.1} ms");
    assert!(ms > 10.0);
    // The context is healthy afterwards.
    let lib = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    check_saxpy(&lib, &ctx);
}

pub fn ten_thousand_load_unload_cycles_keep_memory_flat() {
    let (_dev, ctx, _turn) = gpu();
    let image = bytes("kernels.sm90.cubin");
    let cycle = || {
        let lib = Library::load_data(&image, &opts()).unwrap();
        let k = lib.get_kernel("saxpy").unwrap();
        let _ = lib.get_global("table").unwrap();
        drop(k);
        lib.unload().unwrap();
    };
    for _ in 0..100 {
        cycle();
    }
    ctx.synchronize().unwrap();
    let (free_before, _) = ctx.mem_info().unwrap();
    let t = std::time::Instant::now();
    for _ in 0..10_000 {
        cycle();
    }
    ctx.synchronize().unwrap();
    let (free_after, _) = ctx.mem_info().unwrap();
    let lost = free_before as i64 - free_after as i64;
    println!(
        "10000 cycles in {:.2} s; free memory before {free_before}, after {free_after}, lost {lost} bytes",
        t.elapsed().as_secs_f64()
    );
    assert!(lost <= 2 << 20, "device memory fell by {lost} bytes");
}

pub fn eight_threads_load_and_launch_at_once() {
    let (_, _, _turn) = gpu();
    let image = Arc::new(bytes("kernels.sm90.cubin"));
    let threads: Vec<_> = (0..8)
        .map(|t| {
            let image = image.clone();
            std::thread::spawn(move || {
                // No context is current on a new thread: set it.
                let ctx = Device::new(0).unwrap().set_current().unwrap();
                let stream = ctx.create_stream().unwrap();
                for round in 0..20 {
                    let lib = Library::load_data(&image, &opts()).unwrap();
                    let k = lib.get_kernel("saxpy").unwrap();
                    let n = 4096;
                    let x = ctx.htod(&vec![t as f32; n]).unwrap();
                    let y = ctx.htod(&vec![round as f32; n]).unwrap();
                    launch!(
                        k,
                        &stream,
                        &LaunchConfig::for_num_elems(n as u32, 256),
                        3.0f32,
                        x,
                        y,
                        n as i32
                    )
                    .unwrap();
                    stream.synchronize().unwrap();
                    let want = 3.0 * t as f32 + round as f32;
                    assert!(y.to_vec().unwrap().iter().all(|&v| v == want));
                    lib.unload().unwrap();
                }
            })
        })
        .collect();
    for th in threads {
        th.join().unwrap();
    }
}

pub fn one_library_shared_by_threads_and_unloaded_under_them() {
    let (_, _, _turn) = gpu();
    const MAX_LAUNCHES: usize = 20_000;
    let lib = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    let k = lib.get_kernel("empty").unwrap();
    let started = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let k = k.clone();
            let started = started.clone();
            std::thread::spawn(move || {
                let ctx = Device::new(0).unwrap().set_current().unwrap();
                let stream = ctx.create_stream().unwrap();
                let mut ok = 0;
                let mut saw_unload = false;
                while ok < MAX_LAUNCHES {
                    match launch!(k, &stream, &LaunchConfig::new(1, 32)) {
                        Ok(()) => ok += 1,
                        Err(Error::Unloaded { .. }) => {
                            saw_unload = true;
                            break;
                        }
                        Err(e) => panic!("{e}"),
                    }
                    if ok == 1 {
                        started.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    }
                    // Keep the queue short so launches stay quick.
                    if ok % 64 == 0 {
                        stream.synchronize().unwrap();
                    }
                }
                stream.synchronize().unwrap();
                (ok, saw_unload)
            })
        })
        .collect();
    while started.load(std::sync::atomic::Ordering::SeqCst) < 8 {
        std::thread::yield_now();
    }
    let t = std::time::Instant::now();
    lib.unload().unwrap();
    let unload_ms = t.elapsed().as_secs_f64() * 1e3;
    let results: Vec<(usize, bool)> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    let launched: usize = results.iter().map(|r| r.0).sum();
    let stopped = results.iter().filter(|r| r.1).count();
    println!(
        "unload took {unload_ms:.2} ms while 8 threads launched; {launched} launches, \
         {stopped} thread(s) stopped by Error::Unloaded"
    );
    assert!(launched >= 8);
    assert!(stopped > 0, "no thread saw the unload");
    // Every thread either saw the unload or finished its launches: nothing hung or crashed.
    assert!(results.iter().all(|&(ok, saw)| saw || ok == MAX_LAUNCHES));
}

pub fn wrong_arguments_are_rejected_before_launch() {
    let (_dev, ctx, _turn) = gpu();
    let lib = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    let k = lib.get_kernel("saxpy").unwrap();
    let stream = ctx.create_stream().unwrap();
    let x = ctx.alloc_zeroed::<f32>(16).unwrap();
    let cfg = LaunchConfig::new(1, 16);
    let e = launch!(k, &stream, &cfg, 1.0f32, x, x, 16usize).unwrap_err();
    assert!(
        matches!(
            e,
            Error::ArgumentSize {
                index: 3,
                expected: 4,
                got: 8,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("kernel `saxpy`"));
    let e = launch!(k, &stream, &cfg, 1.0f32, x).unwrap_err();
    assert!(matches!(
        e,
        Error::ArgumentCount {
            expected: 4,
            got: 2,
            ..
        }
    ));
    let e = launch!(k, &stream, &cfg, 1.0f64, x, x, 16i32).unwrap_err();
    assert!(matches!(e, Error::ArgumentSize { index: 0, .. }));
    // The builder checks the same way.
    let e = k
        .launcher(&stream)
        .grid(1)
        .block(16)
        .arg(&1.0f32)
        .arg(&x)
        .launch()
        .unwrap_err();
    assert!(matches!(e, Error::ArgumentCount { .. }));
    k.launcher(&stream)
        .grid(1)
        .block(16)
        .arg(&1.0f32)
        .arg(&x)
        .arg(&x)
        .arg(&16i32)
        .launch()
        .unwrap();
    stream.synchronize().unwrap();
    // Bad configurations never reach the driver.
    assert!(launch!(k, &stream, &LaunchConfig::new(1, 2048), 1.0f32, x, x, 1i32).is_err());
}

pub fn lookups_fail_clearly() {
    let (_, _, _turn) = gpu();
    let lib = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    match lib.get_kernel("scale") {
        Err(Error::SymbolNotFound { suggestions, .. }) => {
            assert_eq!(suggestions.len(), 2, "{suggestions:?}");
        }
        other => panic!("{other:?}"),
    }
    let e = lib.get_kernel("nope").unwrap_err();
    assert!(e
        .to_string()
        .contains("the library has no kernel named `nope`"));
    assert!(matches!(
        lib.get_global("nope"),
        Err(Error::SymbolNotFound { .. })
    ));
    assert!(matches!(
        lib.get_kernel("sa\0xpy"),
        Err(Error::InvalidName(_))
    ));
    let long = "k".repeat(1000);
    assert!(matches!(
        lib.get_kernel(&long),
        Err(Error::SymbolNotFound { .. })
    ));
}

pub fn kernel_attributes_occupancy_and_handles() {
    let (dev, _ctx, _turn) = gpu();
    let lib = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    let k = lib.get_kernel("saxpy").unwrap();
    let a = k.attributes(&dev).unwrap();
    println!("{a:?}");
    assert!(a.num_regs.is_some_and(|r| r > 0 && r < 64));
    assert_eq!(a.binary_version, Some(90));
    assert_eq!(a.max_threads_per_block, 1024);
    assert_eq!(a.shared_size_bytes, 0);
    assert!(k.max_active_blocks_per_sm(256, 0).unwrap() >= 4);
    let (grid, block) = k.max_potential_block_size(0, 0).unwrap();
    assert!(grid > 0 && block > 0 && block <= 1024);
    k.set_attribute(KernelAttribute::MaxDynamicSharedSizeBytes, 64 * 1024, &dev)
        .unwrap();
    assert_eq!(
        k.attributes(&dev).unwrap().max_dynamic_shared_size_bytes,
        64 * 1024
    );
    k.set_cache_config(cuda_library::CachePreference::Shared, &dev)
        .unwrap();
    assert_eq!(k.library_raw().unwrap(), lib.as_raw());
    assert!(!k.function().unwrap().is_null());
    assert!(lib.contains(&k));
}

pub fn cluster_and_cooperative_launches() {
    let (dev, ctx, _turn) = gpu();
    let lib = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    let k = lib.get_kernel("empty").unwrap();
    let stream = ctx.create_stream().unwrap();
    if dev.properties().unwrap().cluster_launch {
        launch!(k, &stream, &LaunchConfig::new(8, 64).with_cluster(2)).unwrap();
    }
    launch!(k, &stream, &LaunchConfig::new(2, 64).with_cooperative(true)).unwrap();
    stream.synchronize().unwrap();
}

pub fn jit_options_and_logs() {
    let (_, _, _turn) = gpu();
    let verbose = LibraryOptions {
        jit: JitOptions {
            log_verbose: true,
            optimization_level: Some(3),
            max_registers: Some(32),
            ..Default::default()
        },
        ..Default::default()
    };
    // A comment that differs per run keeps the driver's JIT cache from answering instead of
    // the compiler (a cached load writes no log).
    let nonce = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let mut fresh = bytes("kernels.ptx");
    fresh.extend_from_slice(format!("\n// run {nonce}\n").as_bytes());
    let lib = Library::load_data(&fresh, &verbose).unwrap();
    println!("info log: {}", lib.jit_info_log());
    assert!(
        lib.jit_info_log().contains("registers"),
        "{}",
        lib.jit_info_log()
    );

    // Broken PTX: the error log comes back with the failed load, or, where the driver
    // defers compiling (lazy loading), the first use of the kernel fails.
    let ptx = String::from_utf8(bytes("kernels.ptx")).unwrap();
    let broken = ptx.replacen("ret;", "bogus.instruction %r1;", 1);
    match Library::load_data(broken.as_bytes(), &opts()) {
        Err(e) => {
            println!("broken PTX, load failed: {e}");
            match &e {
                Error::LoadFailed(f) => {
                    assert!(f.jit_error_log.contains("bogus"), "{}", f.jit_error_log);
                    assert_eq!(f.error.function, "cuLibraryLoadData");
                }
                other => panic!("{other:?}"),
            }
        }
        Ok(lib) => {
            let ctx = Device::new(0).unwrap().set_current().unwrap();
            let stream = ctx.create_stream().unwrap();
            let x = ctx.alloc_zeroed::<f32>(1).unwrap();
            let r = lib
                .get_kernel("saxpy")
                .and_then(|k| launch!(k, &stream, &LaunchConfig::new(1, 1), 1f32, x, x, 1i32));
            println!("broken PTX loaded lazily; first use: {r:?}");
            assert!(r.is_err());
        }
    }
    // Preserved binaries load and work.
    let preserved = LibraryOptions {
        binary_is_preserved: true,
        ..Default::default()
    };
    let ctx = Device::new(0).unwrap().set_current().unwrap();
    check_saxpy(
        &Library::load_data(&bytes("kernels.sm90.cubin"), &preserved).unwrap(),
        &ctx,
    );
}

pub fn nvrtc_program_with_name_expressions_launches() {
    let (dev, ctx, _turn) = gpu();
    let src = std::fs::read_to_string(fixture("kernels.cu")).unwrap();
    let code = Program::new(src, ProgramOptions::default())
        .with_name("kernels.cu")
        .compile(ImageKind::Cubin, &["scale<float>", "scale<double>"])
        .unwrap_or_else(|e| panic!("{e}"));
    let lib = code.to_library(&opts()).unwrap();
    let k = lib.get_kernel("scale<double>").unwrap();
    assert_eq!(k.name().unwrap(), "_Z5scaleIdEvPT_S0_i");
    assert_eq!(
        k.attributes(&dev).unwrap().binary_version,
        dev.compute_capability().map(|(a, b)| a * 10 + b).ok()
    );
    let x = ctx.htod(&[1.0f64, 2.0, 3.0]).unwrap();
    let stream = ctx.create_stream().unwrap();
    launch!(k, &stream, &LaunchConfig::new(1, 32), x, 0.5f64, 3i32).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(x.to_vec().unwrap(), [0.5, 1.0, 1.5]);
}

pub fn one_library_in_two_contexts() {
    let (dev, primary, _turn) = gpu();
    let lib = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    let other = cuda_library::Context::new(&dev).unwrap();
    for ctx in [&primary, &other] {
        ctx.set_current().unwrap();
        check_saxpy(&lib, ctx);
        let g = lib.get_global("counter").unwrap();
        g.write(&0i32).unwrap();
        let out = ctx.alloc_zeroed::<f32>(64).unwrap();
        let stream = ctx.create_stream().unwrap();
        let k = lib.get_kernel("use_vars").unwrap();
        launch!(k, &stream, &LaunchConfig::new(2, 32), out, 64i32).unwrap();
        stream.synchronize().unwrap();
        assert_eq!(g.read::<i32>().unwrap(), 64);
    }
    // Each context has its own copy of the globals.
    primary.set_current().unwrap();
    let a = lib.get_global("counter").unwrap();
    other.set_current().unwrap();
    let b = lib.get_global("counter").unwrap();
    assert_ne!(a.device_ptr(), b.device_ptr());
    a.write(&1i32).unwrap();
    b.write(&2i32).unwrap();
    assert_eq!((a.read::<i32>().unwrap(), b.read::<i32>().unwrap()), (1, 2));
    primary.set_current().unwrap();
}

pub fn device_properties_buffers_and_events() {
    let (dev, ctx, _turn) = gpu();
    let p = dev.properties().unwrap();
    println!("{p:?}");
    assert!(p.name.contains("NVIDIA"));
    assert!(p.uuid.starts_with("GPU-") && p.uuid.len() == 40);
    assert_eq!(p.warp_size, 32);
    assert!(p.multiprocessor_count > 0);
    assert_eq!(
        dev.arch().unwrap(),
        format!("sm_{}{}", p.compute_capability.0, p.compute_capability.1)
    );
    let info = cuda_library::backend().unwrap();
    println!("{info}");
    assert!(info.driver.as_ref().unwrap().version.major() >= 12);

    let buf = DeviceBuffer::<u32>::zeroed(&ctx, 1000).unwrap();
    buf.fill(0xdead_beef).unwrap();
    assert!(buf.to_vec().unwrap().iter().all(|&v| v == 0xdead_beef));
    let b8 = ctx.alloc_zeroed::<u8>(3).unwrap();
    b8.fill(7).unwrap();
    assert_eq!(b8.to_vec().unwrap(), [7, 7, 7]);
    let f64s = ctx.alloc_zeroed::<f64>(5).unwrap();
    f64s.fill(2.5).unwrap();
    assert_eq!(f64s.to_vec().unwrap(), [2.5; 5]);
    let copy = ctx.alloc_zeroed::<f64>(5).unwrap();
    copy.copy_from_buffer(&f64s).unwrap();
    assert_eq!(copy.to_vec().unwrap(), [2.5; 5]);
    assert!(buf.copy_from(&[1, 2, 3]).is_err());
    let empty = ctx.alloc_zeroed::<f32>(0).unwrap();
    assert!(empty.to_vec().unwrap().is_empty());

    let e = ctx.create_event().unwrap();
    let s = ctx.create_stream().unwrap();
    e.record(&s).unwrap();
    e.synchronize().unwrap();
    assert!(e.is_complete().unwrap());
    let err = CudaError::NOT_FOUND;
    assert_eq!(err, 500);
}

pub fn a_context_destroyed_under_a_library_leaves_it_usable_and_unloadable() {
    let (dev, primary, _turn) = gpu();
    let lib = Library::load_data(&bytes("kernels.sm90.cubin"), &opts()).unwrap();
    {
        let other = cuda_library::Context::new(&dev).unwrap();
        other.set_current().unwrap();
        check_saxpy(&lib, &other);
        primary.set_current().unwrap();
        // `other` is destroyed here, with the library's code loaded in it.
    }
    check_saxpy(&lib, &primary);
    lib.unload().unwrap();
    // Load and unload again after the context is gone.
    for _ in 0..10 {
        let lib = Library::load_data(&bytes("kernels.fatbin"), &opts()).unwrap();
        check_saxpy(&lib, &primary);
        lib.unload().unwrap();
    }
}

/// The GPU is the judge of `mul24`/`mad24`/`sad`/`slct`/`testp` as `tests/common/ptx_ops.rs`
/// defines them (the simulator is checked against the same definitions in
/// `tests/sim/ptx_ops.rs`).
pub fn ptx_integer_and_select_extras_match_their_definitions() {
    let (_d, ctx, _turn) = gpu();
    ptx_ops::run_and_check(&ctx);
}

/// The GPU is the judge of half-precision arithmetic, comparisons and conversions as
/// `tests/common/half_ops.rs` defines them (the simulator is checked against the same
/// definitions in `tests/sim/ptx_ops.rs`).
pub fn half_precision_matches_its_definitions() {
    let (_d, ctx, _turn) = gpu();
    half_ops::run_and_check(&ctx);
}

/// f64 and f32 atomics in global and shared memory (`tests/common/ptx_ops.rs`).
pub fn floating_point_atomics_add_up() {
    let (_d, ctx, _turn) = gpu();
    ptx_ops::run_float_atomics(&ctx);
}

/// The notebook card of a library loaded on a GPU names the GPU and the driver.
#[cfg(feature = "notebook")]
pub fn the_library_card_names_the_gpu_and_the_driver() {
    let (d, _ctx, _turn) = gpu();
    let lib = Library::load_data(&bytes("kernels.fatbin"), &opts()).unwrap();
    let html = lib.to_html().unwrap();
    let name = d.name().unwrap();
    assert!(
        html.contains(&format!("{name} ({})", d.arch().unwrap())),
        "{html}"
    );
    assert!(html.contains("CUDA driver"), "{html}");
    assert!(!html.contains("simulated"), "{html}");
}
