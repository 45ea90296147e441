//! `Linker` through nvJitLink with no GPU (nvJitLink runs on the CPU): NVRTC LTO-IR linked
//! with link-time optimisation into a cubin and into PTX, PTX into a cubin, a link error
//! with nvJitLink's log, and what the simulator does with a linked cubin. nvJitLink comes
//! from the PyPI wheel `nvidia-nvjitlink-cu12` (`scripts/setup-venv.sh`); without it these
//! tests say so and pass, unless `CUDA_LIBRARY_REQUIRE_NVJITLINK=1` makes that a failure.
//! Also: which linker `link` picks when nvJitLink is missing (in a child process).

use std::process::Command;

use cuda_library::{
    check_cubin, BackendKind, Error, ImageKind, LibraryOptions, LibraryTable, Linker,
    LinkerBackend, LinkerOptions, ObjectCode, Program, ProgramOptions,
};

use crate::common::linking::{APPLY_INPUT, APPLY_OUTPUT, HELPER_CU, MAIN_CU};

fn nvjitlink_or_skip() -> bool {
    match cuda_library::nvjitlink_info() {
        Ok(_) => true,
        Err(e) => {
            if std::env::var("CUDA_LIBRARY_REQUIRE_NVJITLINK").is_ok_and(|v| v == "1") {
                panic!("{e}");
            }
            eprintln!("{e}");
            crate::common::skip("needs nvJitLink (scripts/setup-venv.sh)");
            false
        }
    }
}

/// `source` compiled by NVRTC to `kind` for sm_90 as relocatable device code, or `None`
/// where NVRTC is missing.
fn compiled(source: &str, name: &str, kind: ImageKind) -> Option<ObjectCode> {
    let options = ProgramOptions {
        arch: Some("sm_90".into()),
        relocatable: true,
        ..Default::default()
    };
    match Program::new(source, options)
        .with_name(name)
        .compile(kind, &[])
    {
        Ok(code) => Some(code),
        Err(e @ Error::NvrtcNotFound { .. }) => {
            crate::common::nvrtc::skip_without_nvrtc(e);
            None
        }
        Err(e) => panic!("{e}"),
    }
}

fn lto() -> LinkerOptions {
    LinkerOptions {
        arch: Some("sm_90".into()),
        link_time_optimization: true,
        ..Default::default()
    }
}

#[test]
fn nvrtc_ltoir_links_with_lto_into_a_cubin() {
    if !nvjitlink_or_skip() {
        return;
    }
    let (Some(main), Some(helper)) = (
        compiled(MAIN_CU, "main.cu", ImageKind::Ltoir),
        compiled(HELPER_CU, "helper.cu", ImageKind::Ltoir),
    ) else {
        return;
    };
    assert_eq!(main.kind(), ImageKind::Ltoir);
    let linker = Linker::new([&main, &helper], lto()).unwrap();
    assert_eq!(
        linker.backend(ImageKind::Cubin).unwrap(),
        LinkerBackend::NvJitLink
    );
    let cubin = linker.link(ImageKind::Cubin).unwrap();
    assert_eq!(cubin.kind(), ImageKind::Cubin);
    let bytes = cubin.bytes().unwrap();
    check_cubin(bytes).unwrap();
    let table = LibraryTable::read(bytes).unwrap();
    assert_eq!(table.arch, "sm_90");
    assert!(table.kernels.iter().any(|k| k.name == "apply"), "{table:?}");
    // LTO inlined the other unit's function: no `scale` is left to call.
    assert!(table.globals.contains_key("offset"), "{table:?}");
}

#[test]
fn nvrtc_ltoir_links_into_ptx_that_runs_on_the_simulator() {
    if !nvjitlink_or_skip() {
        return;
    }
    let (Some(main), Some(helper)) = (
        compiled(MAIN_CU, "main.cu", ImageKind::Ltoir),
        compiled(HELPER_CU, "helper.cu", ImageKind::Ltoir),
    ) else {
        return;
    };
    let linker = Linker::new([main, helper], lto()).unwrap();
    assert_eq!(
        linker.backend(ImageKind::Ptx).unwrap(),
        LinkerBackend::NvJitLink
    );
    let ptx = linker.link(ImageKind::Ptx).unwrap();
    let text = ptx.ptx_text().unwrap();
    assert!(text.contains(".entry apply"), "{text}");
    if cuda_library::backend().unwrap().kind != BackendKind::Sim {
        return; // the GPU tests launch it on a GPU
    }
    let lib = ptx.to_library(&LibraryOptions::default()).unwrap();
    let ctx = cuda_library::Device::new(0).unwrap().set_current().unwrap();
    let x = ctx.htod(&APPLY_INPUT).unwrap();
    let stream = ctx.create_stream().unwrap();
    let k = lib.get_kernel("apply").unwrap();
    cuda_library::launch!(
        k,
        &stream,
        &cuda_library::LaunchConfig::for_num_elems(3, 32),
        x,
        3i32
    )
    .unwrap();
    stream.synchronize().unwrap();
    assert_eq!(x.to_vec().unwrap(), APPLY_OUTPUT);
}

#[test]
fn ptx_links_into_a_cubin_which_the_simulator_reads_but_cannot_run() {
    if !nvjitlink_or_skip() {
        return;
    }
    let (Some(main), Some(helper)) = (
        compiled(MAIN_CU, "main.cu", ImageKind::Ptx),
        compiled(HELPER_CU, "helper.cu", ImageKind::Ptx),
    ) else {
        return;
    };
    let options = LinkerOptions {
        arch: Some("sm_90".into()),
        verbose: true,
        ..Default::default()
    };
    let linker = Linker::new([&main, &helper], options).unwrap();
    let cubin = linker.link(ImageKind::Cubin).unwrap();
    check_cubin(cubin.bytes().unwrap()).unwrap();
    assert!(
        !cubin.compile_log().is_empty(),
        "-verbose gives an info log"
    );
    if cuda_library::backend().unwrap().kind != BackendKind::Sim {
        return;
    }
    let lib = cubin.to_library(&LibraryOptions::default()).unwrap();
    assert_eq!(lib.kernels().unwrap().len(), 1);
    let ctx = cuda_library::Device::new(0).unwrap().set_current().unwrap();
    let x = ctx.htod(&[1.0f32]).unwrap();
    let stream = ctx.create_stream().unwrap();
    let k = lib.get_kernel("apply").unwrap();
    let e = cuda_library::launch!(
        k,
        &stream,
        &cuda_library::LaunchConfig::for_num_elems(1, 32),
        x,
        1i32
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("holds only SASS"), "{e}");
}

#[test]
fn an_undefined_symbol_is_named_in_nvjitlink_s_log() {
    if !nvjitlink_or_skip() {
        return;
    }
    let Some(main) = compiled(MAIN_CU, "main.cu", ImageKind::Ltoir) else {
        return;
    };
    let e = Linker::new([&main], lto())
        .unwrap()
        .link(ImageKind::Cubin)
        .unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, Error::Link { .. }), "{text}");
    assert!(text.contains("nvJitLink"), "{text}");
    assert!(text.contains("main.cu"), "{text}");
    assert!(text.contains("scale") || text.contains("offset"), "{text}");
    assert!(text.contains("hint:"), "{text}");
    eprintln!("{text}");
}

#[test]
fn nvjitlink_s_log_names_the_input_that_lacks_a_symbol() {
    if !nvjitlink_or_skip() {
        return;
    }
    let Some(main) = compiled(MAIN_CU, "main.cu", ImageKind::Ptx) else {
        return;
    };
    let options = LinkerOptions {
        arch: Some("sm_90".into()),
        ..Default::default()
    };
    let e = Linker::new([&main], options)
        .unwrap()
        .link(ImageKind::Cubin)
        .unwrap_err();
    let Error::Link { log, .. } = &e else {
        panic!("{e}");
    };
    // nvJitLink keeps the names it was given until the link ends (a freed name once
    // showed as garbage here).
    assert!(log.contains("'_Z5scalef' in 'main.cu'"), "{log}");
    assert!(log.contains("'offset' in 'main.cu'"), "{log}");
}

#[test]
fn bad_options_are_nvjitlink_s_error() {
    if !nvjitlink_or_skip() {
        return;
    }
    let Some(helper) = compiled(HELPER_CU, "helper.cu", ImageKind::Ptx) else {
        return;
    };
    let options = LinkerOptions {
        arch: Some("sm_90".into()),
        extra: vec!["-no-such-option".into()],
        ..Default::default()
    };
    let e = Linker::new([&helper], options)
        .unwrap()
        .link(ImageKind::Cubin)
        .unwrap_err()
        .to_string();
    assert!(e.contains("NVJITLINK_ERROR_UNRECOGNIZED_OPTION"), "{e}");
}

/// Runs `test` from this binary in a child with `env` set; returns its stdout+stderr.
fn run_child(test: &str, env: &[(&str, &str)], remove: &[&str]) -> String {
    let exe = std::env::current_exe().expect("test binary path");
    let exact = crate::common::test_name(module_path!(), test);
    let mut cmd = Command::new(exe);
    cmd.args([
        exact.as_str(),
        "--exact",
        "--nocapture",
        "--include-ignored",
    ])
    .env("CUDA_LIBRARY_CHILD", "1");
    for (k, v) in env {
        cmd.env(k, v);
    }
    for k in remove {
        cmd.env_remove(k);
    }
    let out = cmd.output().expect("run child test");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "child {test} failed:\n{text}");
    text
}

#[test]
fn without_nvjitlink_ltoir_asks_for_a_gpu_toolchain() {
    if std::env::var_os("CUDA_LIBRARY_CHILD").is_none() {
        let out = run_child(
            "without_nvjitlink_ltoir_asks_for_a_gpu_toolchain",
            &[
                ("CUDA_LIBRARY_NVJITLINK", "/nonexistent/libnvJitLink.so"),
                ("CUDA_LIBRARY_BACKEND", "sim"),
                ("CUDA_HOME", "/nonexistent"),
                ("PATH", "/nonexistent"),
            ],
            &["VIRTUAL_ENV", "CONDA_PREFIX", "CUDA_PATH"],
        );
        assert!(
            out.contains("checked without nvJitLink") || out.contains("found by soname"),
            "{out}"
        );
        return;
    }
    let ltoir = ObjectCode::from_ltoir(vec![0x7fu8, b'N', b'V', b'V', b'M']).with_name("k.ltoir");
    if cuda_library::nvjitlink_info().is_ok() {
        println!("nvJitLink found by soname: nothing to check");
        return;
    }
    let e = Linker::new([&ltoir], LinkerOptions::default())
        .unwrap()
        .link(ImageKind::Cubin)
        .unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, Error::LinkerNotFound { .. }), "{text}");
    assert!(
        text.contains("needs nvJitLink, part of a GPU toolchain"),
        "{text}"
    );
    assert!(
        text.contains("/nonexistent/libnvJitLink.so: no such file"),
        "{text}"
    );
    assert!(text.contains("pip install nvidia-nvjitlink-cu12"), "{text}");
    // PTX still links, with the PTX linker, into PTX.
    let ptx = ObjectCode::from_ptx(
        &b".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k() { ret; }\n"[..],
    );
    let linker = Linker::new([&ptx], LinkerOptions::default()).unwrap();
    assert_eq!(linker.backend(ImageKind::Ptx).unwrap(), LinkerBackend::Ptx);
    let e = linker.link(ImageKind::Cubin).unwrap_err().to_string();
    assert!(
        e.contains("a link to a cubin needs nvJitLink or the CUDA driver"),
        "{e}"
    );
    assert!(linker.link(ImageKind::Ptx).is_ok());
    println!("checked without nvJitLink");
}

#[test]
fn link_errors_say_what_failed_and_what_to_do() {
    let e = Error::Link {
        linker: "nvJitLink 12.9".into(),
        inputs: vec!["main.cu".into(), "helper.cu".into()],
        log: "ptxas fatal   : Unresolved extern function '_Z5scalef'\n\u{1b}[2Jsecond line".into(),
    };
    let t = e.to_string();
    assert!(
        t.starts_with("linking main.cu, helper.cu with nvJitLink 12.9 failed:\nptxas fatal"),
        "{t}"
    );
    // The log keeps its lines; a terminal escape in it is shown, not obeyed.
    assert!(t.contains("\n\\u{1b}[2Jsecond line"), "{t}");
    assert!(t.contains("hint: the log names the symbol"), "{t}");
    let e = Error::LinkerNotFound {
        needs: "linking LTO-IR needs nvJitLink".into(),
        tried: vec![cuda_library::LoadAttempt {
            candidate: "libnvJitLink.so.12".into(),
            reason: "libnvJitLink.so.12: cannot open shared object file".into(),
        }],
    };
    let t = e.to_string();
    assert!(t.starts_with("linking LTO-IR needs nvJitLink, and nvJitLink could not be opened; tried:\n  - libnvJitLink.so.12: libnvJitLink.so.12: cannot open"), "{t}");
    assert!(t.contains("CUDA_LIBRARY_NVJITLINK"), "{t}");
}

/// A static library is recognised by its bytes, is linker input only (not loadable), and
/// the PTX linker, which reads PTX only, says it cannot take one. (nvJitLink takes archives
/// of host objects with embedded device code, which only nvcc makes: the link itself is
/// tested with the wheel's libcudadevrt.a, below.)
#[test]
fn a_static_library_is_linker_input_only() {
    let archive = crate::common::linking::ar_archive(&[("helper.o", b"\x7fELF")]);
    let library = ObjectCode::from_library(archive.clone()).with_name("libhelper.a");
    assert_eq!(library.kind(), ImageKind::Library);
    assert_eq!(
        ObjectCode::from_bytes(archive).unwrap().kind(),
        ImageKind::Library
    );
    let e = library
        .to_library(&LibraryOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("linker input"), "{e}");
    let main = ObjectCode::from_ptx(crate::common::linking::MAIN_PTX.as_bytes());
    let ptx_only = LinkerOptions {
        backend: Some(LinkerBackend::Ptx),
        ..Default::default()
    };
    let e = Linker::new([&main, &library], ptx_only)
        .unwrap()
        .link(ImageKind::Ptx)
        .unwrap_err()
        .to_string();
    assert!(e.contains("static librar"), "{e}");
}

/// libcudadevrt.a (from the `nvidia-cuda-runtime` wheel, no CUDA install needed) links with
/// the Jacobi kernels, which call `cudaGraphSetConditional`, as a whole static library.
#[test]
fn libcudadevrt_defines_cuda_graph_set_conditional() {
    if !nvjitlink_or_skip() {
        return;
    }
    let Some(devrt) = crate::common::linking::cudadevrt() else {
        crate::common::skip("no libcudadevrt.a (set CUDA_LIBRARY_CUDADEVRT)");
        return;
    };
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jacobi.ptx");
    let kernels = ObjectCode::from_ptx(std::path::Path::new(path));
    let options = LinkerOptions {
        arch: Some("sm_90".into()),
        ..Default::default()
    };
    let alone = Linker::new([&kernels], options.clone())
        .unwrap()
        .link(ImageKind::Cubin)
        .unwrap();
    let devrt = ObjectCode::from_library(devrt.as_path());
    let cubin = Linker::new([&kernels, &devrt], options.clone())
        .unwrap()
        .link(ImageKind::Cubin)
        .unwrap();
    check_cubin(cubin.bytes().unwrap()).unwrap();
    // The linker takes what it needs of the archive: the same cubin as a link of its ELF
    // members given one by one as objects (what this crate's tests did by hand before), and
    // more than the kernels alone. (`cudaGraphSetConditional` stays an import either way:
    // the driver resolves it when the cubin is loaded.)
    let raw = std::fs::read(crate::common::linking::cudadevrt().unwrap()).unwrap();
    let archive = object::read::archive::ArchiveFile::parse(&raw[..]).unwrap();
    let mut members = vec![kernels.clone()];
    for member in archive.members() {
        let data = member.unwrap().data(&raw[..]).unwrap();
        if data.starts_with(b"\x7fELF") {
            members.push(ObjectCode::from_object(data.to_vec()));
        }
    }
    assert!(members.len() > 1, "libcudadevrt.a holds ELF objects");
    let one_by_one = Linker::new(&members, options)
        .unwrap()
        .link(ImageKind::Cubin)
        .unwrap();
    assert_eq!(cubin.bytes().unwrap(), one_by_one.bytes().unwrap());
    assert!(cubin.bytes().unwrap().len() > alone.bytes().unwrap().len());
}

/// A truncated or garbage static library is refused with an error naming the input before
/// nvJitLink reads it (never a crash in the linker, never a panic).
#[test]
fn a_damaged_static_library_is_refused_before_the_linker() {
    if !nvjitlink_or_skip() {
        return;
    }
    let Some(main) = compiled(MAIN_CU, "main.cu", ImageKind::Ptx) else {
        return;
    };
    let whole = crate::common::linking::ar_archive(&[("a.o", &[0x7f, b'E', b'L', b'F', 1, 2])]);
    let options = LinkerOptions {
        arch: Some("sm_90".into()),
        ..Default::default()
    };
    let garbage: Vec<u8> = (0..500u32).map(|i| (i * 37 % 251) as u8).collect();
    let mut inputs = vec![
        whole[..whole.len() - 3].to_vec(),
        whole[..40].to_vec(),
        [&b"!<arch>\n"[..], &garbage].concat(),
        garbage,
    ];
    if let Some(devrt) = crate::common::linking::cudadevrt() {
        let bytes = std::fs::read(devrt).unwrap();
        inputs.push(bytes[..bytes.len() / 2].to_vec());
    }
    for bytes in inputs {
        let lib = ObjectCode::from_library(bytes).with_name("libbad.a");
        let e = Linker::new([&main, &lib], options.clone())
            .unwrap()
            .link(ImageKind::Cubin)
            .unwrap_err();
        assert!(matches!(e, Error::InvalidArgument(_)), "{e}");
        assert!(e.to_string().contains("libbad.a"), "{e}");
    }
}
