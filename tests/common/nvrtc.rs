//! CUDA C++ compiled with NVRTC in tests, or the test skipped (with the reason in the log)
//! where NVRTC is missing, unless `CUDA_LIBRARY_REQUIRE_NVRTC=1` makes that a failure.

#![allow(dead_code)]

use cuda_library::{Error, ImageKind, ObjectCode, Program, ProgramOptions};

/// The reason a test gives when it skips itself for want of NVRTC ([`super::skip`]).
pub const NEEDS_NVRTC: &str = "needs NVRTC (scripts/setup-venv.sh)";

/// Says in the test log that the test is skipped for want of NVRTC, or fails it where
/// `CUDA_LIBRARY_REQUIRE_NVRTC=1` says NVRTC must be there.
pub fn skip_without_nvrtc(e: Error) {
    if std::env::var("CUDA_LIBRARY_REQUIRE_NVRTC").is_ok_and(|v| v == "1") {
        panic!("{e}");
    }
    eprintln!("{e}");
    super::skip(NEEDS_NVRTC);
}

/// Why a test that compiles CUDA C++ cannot run here (NVRTC not found), or `None` where it
/// can, or where `CUDA_LIBRARY_REQUIRE_NVRTC=1` wants it run (and fail) regardless. For
/// harnesses that report skips (`tests/gpu/main.rs`).
pub fn missing() -> Option<String> {
    if std::env::var("CUDA_LIBRARY_REQUIRE_NVRTC").is_ok_and(|v| v == "1") {
        return None;
    }
    cuda_library::nvrtc_info()
        .err()
        .map(|_| NEEDS_NVRTC.to_string())
}

/// `program` compiled to PTX, or `None` where NVRTC is missing.
pub fn compiled_or_skip(program: Program) -> Option<ObjectCode> {
    match program.compile(ImageKind::Ptx, &[]) {
        Ok(code) => Some(code),
        Err(e @ Error::NvrtcNotFound { .. }) => {
            skip_without_nvrtc(e);
            None
        }
        Err(e) => panic!("{e}"),
    }
}

/// `source` compiled to PTX for `arch`, or `None` where NVRTC is missing.
pub fn ptx_or_skip(source: &str, arch: &str) -> Option<ObjectCode> {
    let options = ProgramOptions {
        arch: Some(arch.into()),
        ..Default::default()
    };
    compiled_or_skip(Program::new(source, options))
}

/// The PTX text of `source` compiled for `arch`, or `None` where NVRTC is missing.
pub fn ptx_text_or_skip(source: &str, arch: &str) -> Option<String> {
    ptx_or_skip(source, arch).map(|code| code.ptx_text().unwrap_or_default().to_string())
}
