//! The built-in CUDA C compiler (`cuda-library-compiler`) against NVRTC (issue 33): the
//! same source compiled both ways, both PTX images run on the simulator (one worker) with
//! the same inputs, every output buffer compared bit for bit.
//!
//! - `harness`: compile both ways, choose inputs, launch, compare.
//! - `crate_kernels`: every CUDA C kernel the crate shows (corpus.cu, the README, examples,
//!   notebooks, guides).
//! - `language`: one small program per language feature the corpus needed, every mode.
//! - `learners`: the public learner corpus (`corpus/<author>/`), with `features` measuring
//!   which language features it uses.
//! - `hosts`, `host_specs`: the learner kernels generated inputs cannot run, set up as their
//!   own host programs set them up (sorted runs, bin indices, filled `__constant__` arrays,
//!   textures, structs of pointers), compared the same way.
//! - `textures`: texture and surface cases (`textures.cu`, cuda-samples' texture programs)
//!   on both compilers' PTX.
//! - `gen`: random valid programs (Csmith-style) in the supported language, run by
//!   `generated`.
//! - `hostile`: the `cuda_c` fuzz target's checks (`hostile_input`) on its seeds and their
//!   mutations.
//!
//! Needs NVRTC (`VIRTUAL_ENV=$PWD/.venv`); without it the tests skip themselves (printed),
//! unless `CUDA_LIBRARY_REQUIRE_NVRTC=1`. `CUDA_LIBRARY_LONG_TESTS=1` runs every corpus
//! under `-fmad=false`, `--use_fast_math` and `-G` too, and thousands of generated
//! programs.

#[path = "../common/mod.rs"]
mod common;

mod crate_kernels;
mod features;
mod folding;
mod gen;
mod generated;
mod half;
mod harness;
mod host_specs;
mod hostile;
mod hostile_input;
mod hosts;
mod language;
mod learners;
mod textures;
