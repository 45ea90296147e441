//! Tests that need no GPU and hold on whichever backend `auto` picks: loading failures and
//! error texts, NVRTC compiling CUDA C++, nvJitLink linking it, and the image reader against the driver's
//! recorded answers (`image_table`, feature `serde`). Tests that change environment
//! variables run in a child process (this binary again, `common::test_name`).

#[path = "../common/mod.rs"]
mod common;

mod errors;
#[cfg(feature = "serde")]
mod image_table;
mod linker;
mod nvrtc;
mod program_cache;
