//! `Linker` on a GPU: the LTO pair (`tests/fixtures/linking/`: a kernel calling a device
//! function of another translation unit, both compiled by NVRTC with `-dlto`) linked by
//! nvJitLink with link-time optimisation, into a cubin and into PTX, and launched; the same
//! pair as relocatable objects from `nvcc -dc` (host objects), `nvcc -cubin -rdc=true`
//! (device ELFs) and `nvcc -fatbin -rdc=true`, compiled on the GPU machine into
//! `$CUDA_LIBRARY_LINK_OBJECTS` (`.dev-link/go.sh`); the PTX linker's output JIT-compiled
//! by the driver (the simulator's result, on a GPU), also with `-lineinfo`; link errors
//! with their logs; and the driver's `cuLink*` fallback.

use crate::common::gpu;
use crate::common::linking::{
    APPLY_INPUT, APPLY_OUTPUT, HELPER_CU, HELPER_PTX, INLINED_CU, MAIN_CU, MAIN_PTX, PTX_OUTPUT,
};
use cuda_library::{
    launch, Error, ImageKind, LaunchConfig, LibraryOptions, Linker, LinkerBackend, LinkerOptions,
    ObjectCode, Program, ProgramOptions,
};

gpu_tests![
    lto_pair_links_with_nvjitlink_and_runs unless no_nvrtc,
    lto_pair_links_into_ptx_which_the_driver_jits unless no_nvrtc,
    relocatable_ptx_links_with_nvjitlink_and_with_culink unless no_nvrtc,
    nvcc_dc_objects_link_with_nvjitlink_and_culink unless no_objects,
    the_ptx_linker_s_output_runs_on_the_gpu,
    the_ptx_linker_s_line_info_output_jits unless no_nvrtc,
    link_errors_carry_the_linker_s_log unless no_nvrtc,
    culink_refuses_ltoir,
];

fn no_nvrtc() -> Option<String> {
    crate::common::nvrtc::missing()
}

fn no_objects() -> Option<String> {
    match std::env::var("CUDA_LIBRARY_LINK_OBJECTS") {
        Ok(d) if std::path::Path::new(&d).join("main.o").is_file() => None,
        _ => Some("needs CUDA_LIBRARY_LINK_OBJECTS (nvcc -dc objects; .dev-link/go.sh)".into()),
    }
}

/// `source` compiled by NVRTC as relocatable code for the GPU's architecture.
fn compile(source: &str, name: &str, kind: ImageKind) -> ObjectCode {
    let options = ProgramOptions {
        relocatable: true,
        ..Default::default()
    };
    Program::new(source, options)
        .with_name(name)
        .compile(kind, &[])
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Launches `apply` of `code` on [`APPLY_INPUT`] and returns the result.
fn run_apply(ctx: &cuda_library::Context, code: &ObjectCode) -> Vec<f32> {
    let lib = code.to_library(&LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("apply").unwrap();
    let x = ctx.htod(&APPLY_INPUT).unwrap();
    let stream = ctx.create_stream().unwrap();
    launch!(k, &stream, &LaunchConfig::for_num_elems(3, 32), x, 3i32).unwrap();
    stream.synchronize().unwrap();
    x.to_vec().unwrap()
}

fn lto() -> LinkerOptions {
    LinkerOptions {
        link_time_optimization: true,
        ..Default::default()
    }
}

pub fn lto_pair_links_with_nvjitlink_and_runs() {
    let ctx = gpu::context();
    let (path, version) = cuda_library::nvjitlink_info().unwrap();
    println!("nvJitLink {}.{} from {path}", version.0, version.1);
    let main = compile(MAIN_CU, "main.cu", ImageKind::Ltoir);
    let helper = compile(HELPER_CU, "helper.cu", ImageKind::Ltoir);
    let linker = Linker::new([&main, &helper], lto()).unwrap();
    assert_eq!(
        linker.backend(ImageKind::Cubin).unwrap(),
        LinkerBackend::NvJitLink
    );
    let start = std::time::Instant::now();
    let cubin = linker.link(ImageKind::Cubin).unwrap();
    println!(
        "LTO link: {} bytes of cubin in {:.1} ms",
        cubin.bytes().unwrap().len(),
        start.elapsed().as_secs_f64() * 1e3
    );
    assert_eq!(run_apply(&ctx, &cubin), APPLY_OUTPUT);
}

pub fn lto_pair_links_into_ptx_which_the_driver_jits() {
    let ctx = gpu::context();
    let main = compile(MAIN_CU, "main.cu", ImageKind::Ltoir);
    let helper = compile(HELPER_CU, "helper.cu", ImageKind::Ltoir);
    let ptx = Linker::new([&main, &helper], lto())
        .unwrap()
        .link(ImageKind::Ptx)
        .unwrap();
    assert!(ptx.ptx_text().unwrap().contains(".entry apply"));
    assert_eq!(run_apply(&ctx, &ptx), APPLY_OUTPUT);
}

pub fn relocatable_ptx_links_with_nvjitlink_and_with_culink() {
    let ctx = gpu::context();
    let main = compile(MAIN_CU, "main.cu", ImageKind::Ptx);
    let helper = compile(HELPER_CU, "helper.cu", ImageKind::Ptx);
    for backend in [
        Some(LinkerBackend::NvJitLink),
        Some(LinkerBackend::Driver),
        Some(LinkerBackend::Ptx),
    ] {
        let options = LinkerOptions {
            backend,
            verbose: true,
            ..Default::default()
        };
        let target = match backend {
            Some(LinkerBackend::Ptx) => ImageKind::Ptx,
            _ => ImageKind::Cubin,
        };
        let linked = Linker::new([&main, &helper], options)
            .unwrap()
            .link(target)
            .unwrap_or_else(|e| panic!("{backend:?}: {e}"));
        println!(
            "{backend:?}: {} bytes; info log: {}",
            linked.bytes().unwrap().len(),
            linked.compile_log().lines().next().unwrap_or("")
        );
        assert_eq!(run_apply(&ctx, &linked), APPLY_OUTPUT, "{backend:?}");
    }
}

pub fn nvcc_dc_objects_link_with_nvjitlink_and_culink() {
    let ctx = gpu::context();
    let dir = std::path::PathBuf::from(std::env::var("CUDA_LIBRARY_LINK_OBJECTS").unwrap());
    let read = |f: &str| std::fs::read(dir.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
    // Host objects (`nvcc -dc`), device ELFs (`nvcc -cubin -rdc=true`), both relocatable,
    // and a relocatable fatbin (`nvcc -fatbin -rdc=true`).
    for (main, helper) in [
        ("main.o", "helper.o"),
        ("main.rdc.cubin", "helper.rdc.cubin"),
        ("main.rdc.cubin", "helper.rdc.fatbin"),
    ] {
        let objects = [
            ObjectCode::from_bytes(read(main)).unwrap().with_name(main),
            ObjectCode::from_bytes(read(helper))
                .unwrap()
                .with_name(helper),
        ];
        assert_eq!(objects[0].kind(), ImageKind::Object, "{main}");
        if helper.ends_with("fatbin") {
            assert_eq!(objects[1].kind(), ImageKind::Fatbin, "{helper}");
        }
        for backend in [LinkerBackend::NvJitLink, LinkerBackend::Driver] {
            let options = LinkerOptions {
                backend: Some(backend),
                ..Default::default()
            };
            let cubin = Linker::new(&objects, options)
                .unwrap()
                .link(ImageKind::Cubin)
                .unwrap_or_else(|e| panic!("{main} with {backend}: {e}"));
            assert_eq!(
                run_apply(&ctx, &cubin),
                APPLY_OUTPUT,
                "{main} with {backend}"
            );
            println!("{main} + {helper} with {backend}: ok");
        }
        // Loading one unlinked is refused before the driver sees it.
        let e = objects[0]
            .to_library(&LibraryOptions::default())
            .unwrap_err();
        assert!(e.to_string().contains("link it first"), "{e}");
    }
}

pub fn the_ptx_linker_s_output_runs_on_the_gpu() {
    let ctx = gpu::context();
    let linked = Linker::new(
        [
            ObjectCode::from_ptx(MAIN_PTX.as_bytes()).with_name("main.ptx"),
            ObjectCode::from_ptx(HELPER_PTX.as_bytes()).with_name("helper.ptx"),
        ],
        LinkerOptions::default(),
    )
    .unwrap()
    .link(ImageKind::Ptx)
    .unwrap();
    let lib = linked.to_library(&LibraryOptions::default()).unwrap();
    let k = lib.get_kernel("apply").unwrap();
    let input = ctx.htod(&[1u32, 2, 3, 4]).unwrap();
    let out = ctx.alloc_zeroed::<u32>(4).unwrap();
    let stream = ctx.create_stream().unwrap();
    launch!(
        k,
        &stream,
        &LaunchConfig::for_num_elems(4, 32),
        input,
        out,
        4u32
    )
    .unwrap();
    stream.synchronize().unwrap();
    assert_eq!(out.to_vec().unwrap(), PTX_OUTPUT);
}

pub fn link_errors_carry_the_linker_s_log() {
    let _ctx = gpu::context();
    let main = compile(MAIN_CU, "main.cu", ImageKind::Ptx);
    for backend in [LinkerBackend::NvJitLink, LinkerBackend::Driver] {
        let options = LinkerOptions {
            backend: Some(backend),
            ..Default::default()
        };
        let e = Linker::new([&main], options)
            .unwrap()
            .link(ImageKind::Cubin)
            .unwrap_err();
        let text = e.to_string();
        println!("{backend}: {text}");
        assert!(matches!(e, Error::Link { .. }), "{text}");
        assert!(text.contains("scale") || text.contains("offset"), "{text}");
        // The log names the input: its name outlives the link (nvJitLink 13.0 keeps it).
        assert!(text.contains("in 'main.cu'"), "{text}");
    }
}

pub fn culink_refuses_ltoir() {
    let _ctx = gpu::context();
    let options = LinkerOptions {
        backend: Some(LinkerBackend::Driver),
        ..Default::default()
    };
    let ltoir = ObjectCode::from_ltoir(vec![1u8, 2, 3]);
    let e = Linker::new([ltoir], options)
        .unwrap()
        .link(ImageKind::Cubin)
        .unwrap_err()
        .to_string();
    assert!(e.contains("does not link LTO-IR"), "{e}");
}

pub fn the_ptx_linker_s_line_info_output_jits() {
    let ctx = gpu::context();
    let options = ProgramOptions {
        relocatable: true,
        line_info: true,
        ..Default::default()
    };
    let codes: Vec<ObjectCode> = INLINED_CU
        .iter()
        .enumerate()
        .map(|(i, src)| {
            Program::new(*src, options.clone())
                .with_name(format!("inlined{i}.cu"))
                .compile(ImageKind::Ptx, &[])
                .unwrap()
        })
        .collect();
    let linked = Linker::new(&codes, LinkerOptions::default())
        .unwrap()
        .link(ImageKind::Ptx)
        .unwrap();
    let lib = linked
        .to_library(&LibraryOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n{}", linked.ptx_text().unwrap()));
    let x = ctx.htod(&[3.0f32, 2.0]).unwrap();
    let stream = ctx.create_stream().unwrap();
    let one = LaunchConfig::for_num_elems(1, 1);
    launch!(lib.get_kernel("k1").unwrap(), &stream, &one, x).unwrap();
    launch!(lib.get_kernel("k2").unwrap(), &stream, &one, x).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(x.to_vec().unwrap(), [10.0, 8.0]);
}
