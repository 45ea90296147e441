//! CPU-only tests: loading failures, error texts, bad images and options. They need no GPU
//! and no driver; on a machine with a driver they still hold.
//!
//! Tests that change environment variables run the named test in a child process (this
//! same test binary), because the driver is opened once per process.

use std::path::PathBuf;
use std::process::Command;

use cuda_library::{
    CaptureRule, CudaError, CudaVersion, Error, ImageKind, JitOptions, Library, LibraryOptions,
    LoadAttempt, ObjectCode,
};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// Runs `test` from this binary in a child with `env` set; returns its stdout+stderr.
fn run_child(test: &str, env: &[(&str, &str)]) -> String {
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
    let out = cmd.output().expect("run child test");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "child {test} failed:\n{text}");
    text
}

fn in_child() -> bool {
    std::env::var_os("CUDA_LIBRARY_CHILD").is_some()
}

#[test]
fn bogus_driver_path_is_reported_with_the_loader_message() {
    let out = run_child(
        "child_bogus_driver_path",
        &[
            ("CUDA_LIBRARY_DRIVER", "/nonexistent/dir/libcuda.so.1"),
            ("CUDA_LIBRARY_BACKEND", "driver"),
        ],
    );
    assert!(out.contains("CHILD OK"), "{out}");
}

#[test]
fn auto_falls_back_to_the_simulator_and_says_why() {
    let out = run_child(
        "child_auto_fallback",
        &[("CUDA_LIBRARY_DRIVER", "/nonexistent/dir/libcuda.so.1")],
    );
    assert!(out.contains("CHILD OK"), "{out}");
}

#[test]
#[ignore = "run by auto_falls_back_to_the_simulator_and_says_why"]
fn child_auto_fallback() {
    assert!(in_child());
    let info = cuda_library::backend().unwrap();
    if info.kind == cuda_library::BackendKind::Driver {
        // A machine with a real driver finds libcuda.so.1 after the bogus path.
        println!("CHILD OK (driver found)");
        return;
    }
    assert!(info.is_simulated());
    assert_eq!(info.selected_by, "auto");
    let why = info.fallback_reason.as_deref().unwrap();
    assert!(why.contains("/nonexistent/dir/libcuda.so.1"), "{why}");
    assert!(why.contains("could not be opened"), "{why}");
    let shown = info.to_string();
    assert!(shown.contains("simulated"), "{shown}");
    assert!(shown.contains("the CUDA driver was not used"), "{shown}");
    // Everything works on the simulator, and forcing the driver now is refused.
    let dev = cuda_library::Device::new(0).unwrap();
    assert!(dev.is_simulated());
    assert!(dev.name().unwrap().contains("simulated"));
    let e = cuda_library::use_backend(cuda_library::BackendKind::Driver).unwrap_err();
    assert!(e.to_string().contains("already in use"), "{e}");
    println!("CHILD OK");
}

#[test]
#[ignore = "run by bogus_driver_path_is_reported_with_the_loader_message"]
fn child_bogus_driver_path() {
    assert!(in_child());
    match cuda_library::backend() {
        Err(Error::DriverNotFound { tried }) => {
            assert_eq!(tried[0].candidate, "/nonexistent/dir/libcuda.so.1");
            assert_eq!(tried[0].reason, "no such file");
            assert!(tried.iter().any(|t| t.candidate == "libcuda.so.1"));
            let msg = Error::DriverNotFound {
                tried: tried.clone(),
            }
            .to_string();
            assert!(msg.contains("could not be opened"), "{msg}");
            assert!(msg.contains("hint: install the NVIDIA driver"), "{msg}");
            // The same error comes back on every call, not a panic on the second.
            assert!(matches!(
                cuda_library::Device::count(),
                Err(Error::DriverNotFound { .. })
            ));
            assert!(matches!(
                Library::load_file(fixture("kernels.sm90.cubin"), &LibraryOptions::default()),
                Err(Error::DriverNotFound { .. })
            ));
        }
        // A machine with a real driver falls back to libcuda.so.1 and says what it skipped.
        Ok(info) => {
            assert_eq!(
                info.driver.as_ref().unwrap().skipped[0].candidate,
                "/nonexistent/dir/libcuda.so.1"
            );
            assert!(info.to_string().contains("was skipped"));
        }
        Err(other) => panic!("unexpected error: {other}"),
    }
    println!("CHILD OK");
}

#[test]
fn a_file_that_is_not_a_library_is_refused_by_the_loader() {
    let dir = std::env::temp_dir().join(format!("culib-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fake = dir.join("libcuda.so.1");
    std::fs::write(&fake, b"this is not an ELF shared object").unwrap();
    let out = run_child(
        "child_not_a_library",
        &[
            ("CUDA_LIBRARY_DRIVER", fake.to_str().unwrap()),
            ("CUDA_LIBRARY_BACKEND", "driver"),
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.contains("CHILD OK"), "{out}");
}

#[test]
#[ignore = "run by a_file_that_is_not_a_library_is_refused_by_the_loader"]
fn child_not_a_library() {
    let fake = std::env::var("CUDA_LIBRARY_DRIVER").unwrap();
    let first = match cuda_library::backend() {
        Err(Error::DriverNotFound { tried }) => tried[0].clone(),
        Ok(info) => info.driver.as_ref().unwrap().skipped[0].clone(),
        Err(other) => panic!("unexpected error: {other}"),
    };
    assert_eq!(first.candidate, fake);
    // dlopen's own words, e.g. "invalid ELF header" or "file too short".
    assert!(
        first.reason.contains("ELF") || first.reason.contains("too short"),
        "{}",
        first.reason
    );
    println!("CHILD OK");
}

#[test]
fn a_library_that_is_not_the_driver_is_unusable() {
    let out = run_child(
        "child_wrong_library",
        &[
            ("CUDA_LIBRARY_DRIVER", "libm.so.6"),
            ("CUDA_LIBRARY_BACKEND", "driver"),
        ],
    );
    assert!(out.contains("CHILD OK"), "{out}");
}

#[test]
#[ignore = "run by a_library_that_is_not_the_driver_is_unusable"]
fn child_wrong_library() {
    let e = cuda_library::backend().unwrap_err();
    let msg = e.to_string();
    assert!(matches!(e, Error::DriverUnusable { .. }), "{msg}");
    assert!(msg.contains("libm.so.6"), "{msg}");
    assert!(msg.contains("cuDriverGetVersion is missing"), "{msg}");
    println!("CHILD OK");
}

#[test]
fn unknown_backend_names_are_refused() {
    let out = run_child("child_backend_env", &[("CUDA_LIBRARY_BACKEND", "tpu")]);
    assert!(out.contains("CHILD OK"), "{out}");
}

#[test]
#[ignore = "run by unknown_backend_names_are_refused"]
fn child_backend_env() {
    let msg = cuda_library::backend().unwrap_err().to_string();
    assert!(
        msg.contains("CUDA_LIBRARY_BACKEND=tpu is not a backend"),
        "{msg}"
    );
    assert!(msg.contains("use driver, sim or auto"), "{msg}");
    println!("CHILD OK");
}

/// A driver result that stands for a failure the simulator reports too becomes the same
/// variant: a capture rule's code is `StreamCapture` with its `CaptureRule`, out of memory is
/// `OutOfMemory`; any other stays `Cuda`. Each keeps the driver's name and code.
#[test]
fn driver_codes_with_a_typed_variant_become_it() {
    let cuda = |code: u32, name: &str| CudaError {
        function: "cuStreamWaitEvent",
        code,
        name: name.into(),
        description: "the driver's words".into(),
    };
    let e = Error::from(cuda(905, "CUDA_ERROR_STREAM_CAPTURE_ISOLATION"));
    assert!(
        matches!(&e, Error::StreamCapture { rule: CaptureRule::Isolation, detail }
            if detail.contains("cuStreamWaitEvent failed")),
        "{e:?}"
    );
    assert_eq!(e.cuda_code(), Some(905));
    assert!(
        e.to_string()
            .contains("CUDA_ERROR_STREAM_CAPTURE_ISOLATION"),
        "{e}"
    );
    assert!(e.hint().is_some_and(|h| h.contains("same capture")), "{e}");
    let e = Error::from(cuda(2, "CUDA_ERROR_OUT_OF_MEMORY"));
    assert!(matches!(e, Error::OutOfMemory { asked: None, .. }), "{e:?}");
    assert_eq!(e.cuda_error_name(), Some("CUDA_ERROR_OUT_OF_MEMORY"));
    assert!(
        e.to_string()
            .starts_with("out of device memory: cuStreamWaitEvent failed"),
        "{e}"
    );
    let e = Error::from(cuda(1, "CUDA_ERROR_INVALID_VALUE"));
    assert!(matches!(e, Error::Cuda(CudaError { code: 1, .. })), "{e:?}");
}

#[test]
fn error_texts_say_what_failed_and_what_to_do() {
    let cuda = CudaError {
        function: "cuLibraryGetKernel",
        code: 500,
        name: "CUDA_ERROR_NOT_FOUND".into(),
        description: "named symbol not found".into(),
    };
    assert_eq!(
        Error::Cuda(cuda.clone()).to_string(),
        "cuLibraryGetKernel failed: CUDA_ERROR_NOT_FOUND (named symbol not found)"
    );
    assert_eq!(
        Error::Cuda(cuda).cuda_error_name(),
        Some("CUDA_ERROR_NOT_FOUND")
    );

    let missing = Error::MissingEntryPoint {
        function: "cuLibraryEnumerateKernels",
        driver: CudaVersion(12020),
        needed: CudaVersion(12040),
    };
    assert_eq!(
        missing.to_string(),
        "cuLibraryEnumerateKernels is not available: the driver supports CUDA 12.2 and \
         cuLibraryEnumerateKernels needs CUDA 12.4\nhint: update the NVIDIA driver to CUDA 12.4 or newer"
    );

    let old = Error::DriverTooOld {
        found: CudaVersion(11080),
        needed: CudaVersion(12000),
    };
    assert!(old.to_string().starts_with(
        "the CUDA driver supports CUDA 11.8, but cuda-library needs CUDA 12.0 or newer"
    ));

    let size = Error::ArgumentSize {
        kernel: "saxpy".into(),
        index: 3,
        expected: 4,
        got: 8,
    };
    assert!(size
        .to_string()
        .starts_with("argument 3 of kernel `saxpy` is 8 byte(s) but the parameter is 4 byte(s)"));

    let nf = Error::SymbolNotFound {
        kind: "kernel",
        name: "saxpi".into(),
        suggestions: vec!["saxpy".into()],
    };
    assert_eq!(
        nf.to_string(),
        "the library has no kernel named `saxpi`\nhint: did you mean saxpy?"
    );

    let nvrtc = Error::NvrtcNotFound {
        tried: vec![LoadAttempt {
            candidate: "libnvrtc.so.12".into(),
            reason: "libnvrtc.so.12: cannot open shared object file".into(),
        }],
    };
    let t = nvrtc.to_string();
    assert!(t.contains("  - libnvrtc.so.12: libnvrtc.so.12: cannot open shared object file"));
    assert!(t.contains("pip install nvidia-cuda-nvrtc-cu12"));

    let unloaded = Error::Unloaded {
        what: "global `table`".into(),
    };
    assert!(unloaded
        .to_string()
        .starts_with("global `table` was used after its library was unloaded"));
}

#[test]
fn real_fixtures_pass_the_image_checks() {
    let cubin = std::fs::read(fixture("kernels.sm90.cubin")).unwrap();
    let fatbin = std::fs::read(fixture("kernels.fatbin")).unwrap();
    let ptx = std::fs::read(fixture("kernels.ptx")).unwrap();
    assert_eq!(
        cuda_library::detect_image_kind(&cubin),
        Some(ImageKind::Cubin)
    );
    assert_eq!(
        cuda_library::detect_image_kind(&fatbin),
        Some(ImageKind::Fatbin)
    );
    assert_eq!(cuda_library::detect_image_kind(&ptx), Some(ImageKind::Ptx));
    cuda_library::check_cubin(&cubin).unwrap();
    cuda_library::check_fatbin(&fatbin).unwrap();
}

#[test]
fn every_truncation_of_a_real_image_is_refused_without_the_driver() {
    // Truncated images never reach the driver: each cut is an error, none a crash.
    for name in ["kernels.sm90.cubin", "kernels.fatbin"] {
        let bytes = std::fs::read(fixture(name)).unwrap();
        for cut in (0..bytes.len()).step_by(97) {
            let r = Library::load_data(&bytes[..cut], &LibraryOptions::default());
            match r {
                Err(e @ Error::InvalidImage { .. }) => {
                    let m = e.to_string();
                    assert!(m.contains("bytes") || m.contains("valid"), "{m}")
                }
                Err(other) => panic!("{name} cut at {cut}: unexpected {other}"),
                Ok(_) => panic!("{name} cut at {cut} loaded"),
            }
        }
    }
}

#[test]
fn hostile_bytes_are_refused() {
    let opts = LibraryOptions::default();
    for bytes in [
        &b""[..],
        &b"\x7fELF"[..],
        &[
            0x50, 0xed, 0x55, 0xba, 1, 0, 16, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
        ][..],
        &b"random garbage that is not code"[..],
        &b".version 8.0\0.target sm_90"[..],
    ] {
        let e = Library::load_data(bytes, &opts).unwrap_err();
        assert!(
            matches!(e, Error::InvalidImage { .. }),
            "{bytes:?} gave {e}"
        );
    }
}

#[test]
fn bad_options_are_refused_before_loading() {
    let cubin = std::fs::read(fixture("kernels.sm90.cubin")).unwrap();
    let opts = LibraryOptions {
        jit: JitOptions {
            optimization_level: Some(7),
            ..Default::default()
        },
        ..Default::default()
    };
    let e = Library::load_data(&cubin, &opts).unwrap_err();
    assert!(e.to_string().contains("use 0 to 4"), "{e}");

    let preserved = LibraryOptions {
        binary_is_preserved: true,
        ..Default::default()
    };
    let e = Library::load_file(fixture("kernels.sm90.cubin"), &preserved).unwrap_err();
    assert!(
        e.to_string()
            .contains("cannot be used with Library::load_file"),
        "{e}"
    );
}

#[test]
fn missing_files_and_unloadable_kinds_say_so() {
    let e = Library::load_file("/no/such/file.cubin", &LibraryOptions::default()).unwrap_err();
    assert!(matches!(e, Error::Io { .. }));
    assert!(
        e.to_string().starts_with("cannot read /no/such/file.cubin"),
        "{e}"
    );

    let e = ObjectCode::from_ltoir(vec![1, 2, 3])
        .to_library(&LibraryOptions::default())
        .unwrap_err();
    assert!(e.to_string().contains("link it with nvJitLink"), "{e}");
    let e = ObjectCode::from_object(vec![1, 2, 3])
        .to_library(&LibraryOptions::default())
        .unwrap_err();
    assert!(
        e.to_string().contains("cannot be loaded as a library"),
        "{e}"
    );

    // A file whose contents are not the kind it was declared as.
    let e = ObjectCode::from_cubin(fixture("kernels.ptx"))
        .to_library(&LibraryOptions::default())
        .unwrap_err();
    assert!(e.to_string().contains("holds PTX, not cubin"), "{e}");
}

#[test]
fn object_code_keeps_kind_name_and_mapping() {
    let ptx = std::fs::read(fixture("kernels.ptx")).unwrap();
    let code = ObjectCode::from_bytes(ptx)
        .unwrap()
        .with_name("kernels")
        .with_symbol_mapping([(
            "scale<float>".to_string(),
            "_Z5scaleIfEvPT_S0_i".to_string(),
        )]);
    assert_eq!(code.kind(), ImageKind::Ptx);
    assert_eq!(code.name(), Some("kernels"));
    assert!(code.ptx_text().unwrap().contains(".entry saxpy"));
    assert_eq!(code.symbol_mapping()["scale<float>"], "_Z5scaleIfEvPT_S0_i");
    assert!(ObjectCode::from_bytes(vec![0u8; 8]).is_err());
}

#[test]
fn demangling_turns_symbols_into_cpp_names() {
    assert_eq!(
        cuda_library::demangle("_Z5scaleIfEvPT_S0_i"),
        "void scale<float>(float*, float, int)"
    );
    assert_eq!(cuda_library::demangle("saxpy"), "saxpy");
}
