//! The public API on the simulated backend: the same calls the GPU tests make, with no GPU.
//!
//! Every test selects the simulator (`use_backend(BackendKind::Sim)`), so this binary runs
//! the same on a GPU machine. Fixtures: `tests/fixtures/kernels.cu` (a fatbin with sm_80 and
//! sm_90 SASS plus compute_80 PTX, the PTX alone, an sm_90 cubin) and their driver ground
//! truth (`*.driver.json`, recorded on an H200 by `tests/fixtures/ground-truth.sh`).

use std::path::PathBuf;

use cuda_library::{
    launch, BackendKind, Context, Device, Error, KernelAttribute, LaunchConfig, Library,
    LibraryOptions,
};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

type Turn = std::sync::MutexGuard<'static, ()>;

/// The simulated device 0, its primary context current, and this test's turn
/// (`crate::turn`: some tests compare device-wide memory figures).
fn sim() -> (Device, Context, Turn) {
    let turn = crate::turn();
    let info = cuda_library::use_backend(BackendKind::Sim).unwrap();
    assert!(info.is_simulated());
    let dev = Device::new(0).unwrap();
    let ctx = dev.set_current().unwrap();
    (dev, ctx, turn)
}

fn load(name: &str) -> Library {
    Library::load_file(fixture(name), &LibraryOptions::default()).unwrap()
}

#[test]
fn the_simulated_device_describes_itself() {
    let (dev, ctx, _turn) = sim();
    assert_eq!(Device::count().unwrap(), 1);
    assert!(dev.is_simulated() && ctx.is_simulated());
    assert!(matches!(
        Device::new(1),
        Err(Error::InvalidDevice {
            ordinal: 1,
            count: 1,
            simulated: true
        })
    ));
    let p = dev.properties().unwrap();
    assert_eq!(p.compute_capability, (9, 0));
    assert_eq!(dev.arch().unwrap(), "sm_90");
    assert!(p.name.contains("simulated"), "{}", p.name);
    assert!(p.uuid.ends_with("73696d"), "{}", p.uuid);
    assert_eq!(p.warp_size, 32);
    let info = cuda_library::backend().unwrap();
    assert!(info.to_string().contains("simulated"), "{info}");
    assert!(info.cost_model.is_some());
    assert!(ctx.as_raw().is_null());
}

/// The tables the simulator serves through `Library`/`Kernel`/`Global` equal what the
/// driver reported for the same images.
#[test]
fn libraries_agree_with_the_driver_ground_truth() {
    let (dev, _ctx, _turn) = sim();
    for name in [
        "kernels.fatbin",
        "kernels.ptx",
        "kernels.sm90.cubin",
        "tables.ptx",
        "tables.sm90.cubin",
        "tables.lz4.fatbin",
        "tables.zstd.fatbin",
    ] {
        let truth: serde_json::Value = serde_json::from_slice(
            &std::fs::read(fixture(&format!("{name}.driver.json"))).unwrap(),
        )
        .unwrap();
        let lib = load(name);
        let mut kernels = lib.kernels().unwrap();
        kernels.sort_by_key(|k| k.name().unwrap());
        let want = truth["kernels"].as_array().unwrap();
        assert_eq!(kernels.len(), want.len(), "{name}");
        for (k, w) in kernels.iter().zip(want) {
            let info = k.info(&dev).unwrap();
            assert_eq!(info.name, w["name"].as_str().unwrap(), "{name}");
            assert_eq!(info.demangled, w["demangled"].as_str().unwrap(), "{name}");
            let params: Vec<[u32; 2]> = info.params.iter().map(|p| [p.offset, p.size]).collect();
            assert_eq!(
                serde_json::to_value(&params).unwrap(),
                w["params"],
                "{name} {}",
                info.name
            );
            assert_eq!(
                info.shared_bytes.map(i64::from),
                Some(w["shared_bytes"].as_i64().unwrap())
            );
            if name.ends_with(".ptx") {
                assert_eq!(
                    info.num_regs, None,
                    "PTX registers are unknown until a JIT runs"
                );
            } else {
                assert_eq!(
                    info.num_regs.map(i64::from),
                    w["num_regs"].as_i64(),
                    "{name}"
                );
                assert_eq!(
                    info.const_bytes.map(i64::from),
                    Some(w["const_bytes"].as_i64().unwrap())
                );
            }
        }
        let table =
            cuda_library::LibraryTable::read(&std::fs::read(fixture(name)).unwrap()).unwrap();
        for (g, w) in truth["globals"].as_object().unwrap() {
            let global = lib.get_global(g).unwrap();
            assert_eq!(
                global.size() as u64,
                w["size"].as_u64().unwrap(),
                "{name} {g}"
            );
            if g == "source_ptr" && name.ends_with(".ptx") {
                // Initialised with the address of `source`: relocated on load, as the
                // driver does (whose addresses differ).
                assert_eq!(table.globals[g].init, None);
                let source = lib.get_global("source").unwrap().device_ptr().0;
                assert_eq!(global.read::<u64>().unwrap(), source, "{name}");
            } else if let Some(hex) = w["init_hex"]
                .as_str()
                .filter(|_| table.globals[g].init.is_some())
            {
                assert_eq!(
                    cuda_library::table_hex(&global.read_bytes().unwrap()),
                    hex,
                    "{name} {g}"
                );
            }
            let managed = lib.get_managed(g);
            assert_eq!(
                managed.is_ok(),
                w["kind"] == "managed",
                "{name} {g}: get_managed finds only __managed__ variables"
            );
        }
        lib.unload().unwrap();
    }
}

#[test]
fn saxpy_runs_with_checked_arguments() {
    let (_dev, ctx, _turn) = sim();
    let lib = load("kernels.fatbin");
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let n = 1000usize;
    let x = ctx
        .htod(&(0..n).map(|i| i as f32).collect::<Vec<_>>())
        .unwrap();
    let y = ctx.htod(&vec![1.0f32; n]).unwrap();
    let stream = ctx.create_stream().unwrap();
    let cfg = LaunchConfig::for_num_elems(n as u32, 128);
    launch!(saxpy, &stream, &cfg, 2.0f32, x, y, n as i32).unwrap();
    stream.synchronize().unwrap();
    let out = y.to_vec().unwrap();
    assert!(out
        .iter()
        .enumerate()
        .all(|(i, &v)| v == 2.0 * i as f32 + 1.0));

    // The builder, again.
    saxpy
        .launcher(&stream)
        .grid(cfg.grid)
        .block(128)
        .arg(&1.0f32)
        .arg(&x)
        .arg(&y)
        .arg(&(n as i32))
        .launch()
        .unwrap();
    assert_eq!(y.to_vec().unwrap()[3], 2.0 * 3.0 + 1.0 + 3.0);

    // Wrong arguments are refused before anything runs, and nothing changes.
    let e = launch!(saxpy, &stream, &cfg, 2.0f32, x, y, n).unwrap_err();
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
    let e = launch!(saxpy, &stream, &cfg, 2.0f32, x).unwrap_err();
    assert!(
        matches!(
            e,
            Error::ArgumentCount {
                expected: 4,
                got: 2,
                ..
            }
        ),
        "{e}"
    );
    let e = launch!(
        saxpy,
        &stream,
        &LaunchConfig::new(1, 2048),
        2.0f32,
        x,
        y,
        1i32
    )
    .unwrap_err();
    assert!(e.to_string().contains("1024"), "{e}");
    assert_eq!(y.to_vec().unwrap()[3], 2.0 * 3.0 + 1.0 + 3.0);

    // C++ names resolve through their mangled symbols and suggest themselves.
    let e = lib.get_kernel("scale").unwrap_err();
    let Error::SymbolNotFound { suggestions, .. } = &e else {
        panic!("{e}")
    };
    assert_eq!(suggestions.len(), 2, "{e}");
    let scale = lib.get_kernel("_Z5scaleIdEvPT_S0_i").unwrap();
    let v = ctx.htod(&[1.0f64, 2.0, 3.0]).unwrap();
    launch!(scale, &stream, &LaunchConfig::new(1, 32), v, 0.5f64, 3i32).unwrap();
    assert_eq!(v.to_vec().unwrap(), vec![0.5, 1.0, 1.5]);
}

#[test]
fn globals_constants_and_managed_variables() {
    let (_dev, ctx, _turn) = sim();
    let lib = load("kernels.fatbin");
    let use_vars = lib.get_kernel("use_vars").unwrap();
    let stream = ctx.create_stream().unwrap();
    let n = 64usize;
    let out = ctx.alloc_zeroed::<f32>(n).unwrap();
    launch!(use_vars, &stream, &LaunchConfig::new(2, 32), out, n as i32).unwrap();
    let table = [1.0f32, 2.0, 3.0, 4.0];
    let coeffs = [0.5f32, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5];
    let got = out.to_vec().unwrap();
    for (i, v) in got.iter().enumerate() {
        assert_eq!(*v, table[i % 4] * coeffs[i % 8], "out[{i}]");
    }
    assert_eq!(
        lib.get_global("counter").unwrap().read::<i32>().unwrap(),
        64
    );
    let managed = lib.get_managed("managed_value").unwrap();
    assert_eq!(managed.read::<i32>().unwrap(), 43);

    // Writes from the host are what the next launch sees.
    let c = lib.get_global("coeffs").unwrap();
    c.write_slice(&[2.0f32; 8]).unwrap();
    managed.write(&100i32).unwrap();
    launch!(use_vars, &stream, &LaunchConfig::new(1, 32), out, 32i32).unwrap();
    assert_eq!(out.to_vec().unwrap()[..4], [2.0, 4.0, 6.0, 8.0]);
    assert_eq!(managed.read::<i32>().unwrap(), 101);
    assert_eq!(
        lib.get_global("counter").unwrap().read::<i32>().unwrap(),
        96
    );

    // Sizes are checked.
    assert!(matches!(
        c.write_slice(&[1.0f32; 4]),
        Err(Error::SizeMismatch { .. })
    ));
    assert!(c.read::<f64>().is_err());
    assert!(matches!(
        lib.get_managed("counter"),
        Err(Error::SymbolNotFound { .. })
    ));
    assert!(matches!(
        lib.get_global("nope"),
        Err(Error::SymbolNotFound { .. })
    ));
}

#[test]
fn a_sass_only_image_lists_its_kernels_but_cannot_run_them() {
    let (_dev, ctx, _turn) = sim();
    let lib = load("kernels.sm90.cubin");
    assert_eq!(lib.kernels().unwrap().len(), 7);
    assert_eq!(
        lib.get_global("table").unwrap().read_vec::<f32>().unwrap(),
        vec![1.0, 2.0, 3.0, 4.0]
    );
    let empty = lib.get_kernel("empty").unwrap();
    let stream = ctx.create_stream().unwrap();
    let e = launch!(empty, &stream, &LaunchConfig::new(1, 1)).unwrap_err();
    assert!(matches!(e, Error::Unsupported(_)), "{e}");
    assert!(e.to_string().contains("only SASS"), "{e}");
    assert!(e.to_string().contains("PTX"), "{e}");
}

#[test]
fn faults_are_errors_that_name_the_thread_and_lose_nothing() {
    let (_dev, ctx, _turn) = sim();
    let lib = load("kernels.ptx");
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let stream = ctx.create_stream().unwrap();
    let x = ctx.htod(&[1.0f32; 100]).unwrap();
    let y = ctx.htod(&[1.0f32; 100]).unwrap();
    // n larger than the buffers: thread 100 reads past x.
    let e = launch!(
        saxpy,
        &stream,
        &LaunchConfig::new(1, 128),
        1.0f32,
        x,
        y,
        128i32
    )
    .unwrap_err();
    let Error::KernelFault {
        kernel,
        block,
        thread,
        detail,
        ..
    } = &e
    else {
        panic!("{e}")
    };
    assert_eq!(kernel, "saxpy");
    assert_eq!(*block, [0, 0, 0]);
    assert!(thread[0] >= 100, "{e}");
    assert!(detail.contains("ILLEGAL_ADDRESS"), "{e}");
    // The buffers, the library and the device still work.
    assert_eq!(x.to_vec().unwrap(), vec![1.0; 100]);
    launch!(
        saxpy,
        &stream,
        &LaunchConfig::new(1, 128),
        1.0f32,
        x,
        y,
        100i32
    )
    .unwrap();
    assert_eq!(y.to_vec().unwrap()[99], 2.0);
}

#[test]
fn a_runaway_kernel_stops_at_the_budget() {
    let (_dev, ctx, _turn) = sim();
    let lib = load("kernels.ptx");
    let spin = lib.get_kernel("spin").unwrap();
    let stream = ctx.create_stream().unwrap();
    // `spin` waits for clock64 to advance a billion billion cycles.
    let budget = cuda_library::sim::launch_budget();
    cuda_library::sim::set_launch_budget(2_000_000);
    let e = launch!(spin, &stream, &LaunchConfig::new(1, 32), i64::MAX / 2);
    cuda_library::sim::set_launch_budget(budget);
    let e = e.unwrap_err();
    assert!(matches!(e, Error::InstructionBudget { .. }), "{e}");
    assert!(e.to_string().contains("spin"), "{e}");
}

#[test]
fn unload_frees_memory_and_retires_every_handle() {
    let (_dev, ctx, _turn) = sim();
    let (free0, total) = ctx.mem_info().unwrap();
    let lib = load("kernels.fatbin");
    let (free1, _) = ctx.mem_info().unwrap();
    assert!(free1 < free0 && free0 <= total);
    let k = lib.get_kernel("saxpy").unwrap();
    let g = lib.get_global("table").unwrap();
    let m = lib.get_managed("managed_value").unwrap();
    assert!(lib.contains(&k));
    lib.unload().unwrap();
    assert_eq!(ctx.mem_info().unwrap().0, free0);
    assert!(!k.is_loaded() && !g.is_loaded());
    assert!(matches!(k.name(), Err(Error::Unloaded { .. })));
    assert!(matches!(g.read_bytes(), Err(Error::Unloaded { .. })));
    assert!(matches!(m.read::<i32>(), Err(Error::Unloaded { .. })));
    let stream = ctx.create_stream().unwrap();
    let e = launch!(
        k,
        &stream,
        &LaunchConfig::new(1, 1),
        1.0f32,
        0u64,
        0u64,
        0i32
    )
    .unwrap_err();
    assert!(matches!(e, Error::Unloaded { .. }), "{e}");

    // Many cycles leave nothing behind.
    for _ in 0..200 {
        let lib = load("kernels.ptx");
        drop(lib.get_kernel("saxpy").unwrap());
    }
    assert_eq!(ctx.mem_info().unwrap().0, free0);

    // Device buffers go back on drop.
    let b = ctx.alloc_zeroed::<u64>(1 << 20).unwrap();
    assert_eq!(ctx.mem_info().unwrap().0, free0 - (8 << 20));
    drop(b);
    assert_eq!(ctx.mem_info().unwrap().0, free0);
}

#[test]
fn events_measure_simulated_time() {
    let (dev, ctx, _turn) = sim();
    let lib = load("kernels.ptx");
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let (s1, s2) = (ctx.create_stream().unwrap(), ctx.create_stream().unwrap());
    let [a, b, c, d] = [(); 4].map(|_| dev.create_event().unwrap());
    assert!(a.is_simulated());
    let n = 1 << 16;
    let x = ctx.htod(&vec![1.0f32; n]).unwrap();
    let y = ctx.alloc_zeroed::<f32>(n).unwrap();
    let cfg = LaunchConfig::for_num_elems(n as u32, 256);
    a.record(&s1).unwrap();
    launch!(saxpy, &s1, &cfg, 1.0f32, x, y, n as i32).unwrap();
    b.record(&s1).unwrap();
    c.record(&s2).unwrap();
    for _ in 0..4 {
        launch!(saxpy, &s2, &cfg, 1.0f32, x, y, n as i32).unwrap();
    }
    d.record(&s2).unwrap();
    let one = b.elapsed_ms_since(&a).unwrap();
    let four = d.elapsed_ms_since(&c).unwrap();
    let model = cuda_library::backend().unwrap().cost_model.unwrap();
    assert!(one as f64 >= model.launch_ns / 1e6, "{one} ms");
    assert!((four / one - 4.0).abs() < 0.01, "{one} ms vs {four} ms");
    assert!(s1.simulated_time_ms().unwrap() > 0.0);
    // Recording nothing in between: no time.
    a.record(&s1).unwrap();
    b.record(&s1).unwrap();
    assert_eq!(b.elapsed_ms_since(&a).unwrap(), 0.0);
    let never = dev.create_event().unwrap();
    assert!(never.elapsed_ms_since(&a).is_err());
}

#[test]
fn dynamic_shared_memory_is_limited_as_on_the_driver() {
    let (dev, ctx, _turn) = sim();
    let ptx = r#"
.version 8.0
.target sm_80
.address_size 64
.extern .shared .align 4 .b8 smem[];
.visible .entry last(.param .u64 out, .param .u32 words)
{
    .reg .b32 %r<4>; .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    ld.param.u32 %r1, [words];
    sub.s32 %r2, %r1, 1;
    mul.wide.u32 %rd2, %r2, 4;
    mov.u64 %rd3, smem;
    add.s64 %rd3, %rd3, %rd2;
    st.shared.u32 [%rd3], %r1;
    ld.shared.u32 %r3, [%rd3];
    cvta.to.global.u64 %rd1, %rd1;
    st.global.u32 [%rd1], %r3;
    ret;
}"#;
    let lib = Library::load_data(ptx.as_bytes(), &LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("last").unwrap();
    let out = ctx.alloc_zeroed::<u32>(1).unwrap();
    let stream = ctx.create_stream().unwrap();
    let words = 20_000u32; // 80,000 bytes: more than the default 48 KiB
    let cfg = LaunchConfig::new(1, 1).with_shared_mem(words * 4);
    let e = launch!(k, &stream, &cfg, out, words).unwrap_err();
    assert!(e.to_string().contains("MaxDynamicSharedSizeBytes"), "{e}");
    k.set_attribute(KernelAttribute::MaxDynamicSharedSizeBytes, 80_000, &dev)
        .unwrap();
    assert_eq!(
        k.attributes(&dev).unwrap().max_dynamic_shared_size_bytes,
        80_000
    );
    launch!(k, &stream, &cfg, out, words).unwrap();
    assert_eq!(out.to_vec().unwrap(), vec![words]);
    assert!(k
        .set_attribute(KernelAttribute::MaxDynamicSharedSizeBytes, 1 << 20, &dev)
        .is_err());
}

#[test]
fn driver_handles_say_the_simulator_has_none() {
    let (dev, _ctx, _turn) = sim();
    let lib = load("kernels.ptx");
    let k = lib.get_kernel("saxpy").unwrap();
    assert!(lib.as_raw().is_null() && k.as_raw().is_null());
    for e in [
        lib.module().unwrap_err(),
        k.function().unwrap_err(),
        k.library_raw().unwrap_err(),
        lib.get_unified_function("saxpy").unwrap_err(),
    ] {
        assert!(matches!(e, Error::Unsupported(_)), "{e}");
    }
    // SAFETY: the call is refused before the pointer is used.
    let e = unsafe { Context::from_raw(std::ptr::null_mut()) }.unwrap_err();
    assert!(matches!(e, Error::Unsupported(_)), "{e}");
    let (blocks, block) = k.max_potential_block_size(0, 0).unwrap();
    assert!(block >= 32 && blocks > 0);
    assert_eq!(k.max_active_blocks_per_sm(256, 0).unwrap(), 8);
    // More dynamic shared memory than any block can have: no block fits (no overflow).
    assert_eq!(k.max_active_blocks_per_sm(256, usize::MAX).unwrap(), 0);
    assert_eq!(k.max_potential_block_size(usize::MAX, 0).unwrap().0, 0);
    let _ = dev;
}

#[test]
fn bad_images_and_options_are_refused() {
    let _turn = sim();
    let e = Library::load_data(
        b".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k( {",
        &LibraryOptions::default(),
    )
    .unwrap_err();
    assert!(matches!(e, Error::PtxSyntax { line: 4, .. }), "{e}");
    let cubin = std::fs::read(fixture("kernels.sm90.cubin")).unwrap();
    for cut in [10, 64, cubin.len() / 2, cubin.len() - 1] {
        assert!(Library::load_data(&cubin[..cut], &LibraryOptions::default()).is_err());
    }
    let opts = LibraryOptions {
        jit: cuda_library::JitOptions {
            max_registers: Some(1),
            ..Default::default()
        },
        ..Default::default()
    };
    let e = Library::load_data(&cubin, &opts).unwrap_err();
    assert!(e.to_string().contains("16 to 255"), "{e}");
}

#[test]
fn threads_share_the_device() {
    let (_dev, ctx, _turn) = sim();
    let lib = std::sync::Arc::new(load("kernels.ptx"));
    let handles: Vec<_> = (0..4)
        .map(|t| {
            let lib = lib.clone();
            let ctx = ctx.clone();
            std::thread::spawn(move || {
                ctx.set_current().unwrap();
                let saxpy = lib.get_kernel("saxpy").unwrap();
                let stream = ctx.create_stream().unwrap();
                let x = ctx.htod(&[t as f32; 256]).unwrap();
                let y = ctx.alloc_zeroed::<f32>(256).unwrap();
                for _ in 0..10 {
                    launch!(
                        saxpy,
                        &stream,
                        &LaunchConfig::new(2, 128),
                        1.0f32,
                        x,
                        y,
                        256i32
                    )
                    .unwrap();
                }
                y.to_vec().unwrap()
            })
        })
        .collect();
    for (t, h) in handles.into_iter().enumerate() {
        assert_eq!(h.join().unwrap(), vec![10.0 * t as f32; 256]);
    }
}
