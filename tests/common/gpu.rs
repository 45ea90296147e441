//! The GPU tests' common start: the driver backend with device 0's primary context
//! current, or the test skipped with the reason printed (`CUDA_LIBRARY_REQUIRE_GPU=1` makes
//! a missing GPU a failure instead).

#![allow(dead_code)]

use cuda_library::{BackendKind, Context, Device};

/// Device 0's context on the driver backend, or `None` (the reason printed) without a GPU.
pub fn context_or_skip() -> Option<Context> {
    match cuda_library::use_backend(BackendKind::Driver)
        .and_then(|_| Device::new(0))
        .and_then(|d| d.set_current())
    {
        Ok(c) => Some(c),
        Err(e) => {
            if std::env::var("CUDA_LIBRARY_REQUIRE_GPU").is_ok_and(|v| v == "1") {
                panic!("a GPU is required: {e}");
            }
            eprintln!("skipping: {e}");
            None
        }
    }
}
