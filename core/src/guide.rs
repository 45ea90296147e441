//! Guides: the reference material behind the API, one page per subject.
//!
//! The README says what the crate is and how to start; these pages say how it works and how
//! well, with the commands that check it. Their text lives in Markdown files under
//! `core/guide/` (readable on GitHub too), included here so that it is on docs.rs,
//! searchable, and linked from the API it explains. Every Rust example in them runs as a
//! doctest, on the simulator where there is no GPU.
//!
//! Using the crate:
//!
//! - [`api`]: handles, lifetimes and unload, argument checking, several GPUs, sharing between
//!   processes (IPC), green contexts, checkpointing a process, cudarc.
//! - [`graphs`]: CUDA graphs: stream capture, graphs built node by node, replay and update.
//! - [`backends`]: how the backend is chosen, what the simulated backend does, finding the
//!   driver, NVRTC and its headers.
//! - [`images`]: reading cubin, fatbin and PTX without a GPU; `culib`.
//! - [`compiler`]: the built-in CUDA C compiler: what it supports, how it differs from NVRTC,
//!   how it is checked against NVRTC.
//! - [`linking`]: `Linker`: PTX modules on the simulator, nvJitLink and link-time
//!   optimisation with NVRTC, the driver's `cuLink*`.
//! - [`limits`]: every bound an input meets, hostile inputs, fuzzing.
//! - [`notebooks`]: rich display in Jupyter, plots, the tutorials.
//! - [`playground`]: the API in the browser; its security model.
//! - [`parity`]: cuda.core's and cudarc's API, row by row, against this crate's (cudarc users
//!   looking for a safe memory-pool API: `MemPool`).
//!
//! The simulator:
//!
//! - [`engine`]: what PTX the engine runs and how exactly.
//! - [`counters`]: the profiling counters of every simulated launch.
//! - [`cost_model`]: simulated time, and its calibration against an H100.
//! - [`profiles`]: why is it slow? Profiles and hints, on the simulator and on a GPU.
//!
//! Checking it:
//!
//! - [`differential`]: the simulator against GPUs, instruction by instruction and kernel by
//!   kernel.
//! - [`realworld`]: the real-world corpus (candle, llm.c, cuda-samples).
//! - [`gpu_testing`]: running the tests on a GPU machine; recording the data the simulator
//!   is compared with.
//! - [`testing`]: what `scripts/test.sh` and CI run, what the tests cover, publishing.
//! - [`benchmarks`]: how speed is measured and where the time goes.
//! - [`figures`]: every headline number, once, with its command and machine.
//!
//! Working on the crate:
//!
//! - [`contributing`]: the architecture, where a change goes, running the tests, CI.

#[doc = include_str!("../guide/api.md")]
pub mod api {}

#[doc = include_str!("../guide/graphs.md")]
pub mod graphs {}

#[doc = include_str!("../guide/backends.md")]
pub mod backends {}

#[doc = include_str!("../guide/images.md")]
pub mod images {}

#[doc = include_str!("../guide/compiler.md")]
pub mod compiler {}

#[doc = include_str!("../guide/linking.md")]
pub mod linking {}

#[doc = include_str!("../guide/limits.md")]
pub mod limits {}

#[doc = include_str!("../guide/notebooks.md")]
pub mod notebooks {}

#[doc = include_str!("../guide/playground.md")]
pub mod playground {}
#[doc = include_str!("../guide/parity.md")]
pub mod parity {}

#[doc = include_str!("../guide/engine.md")]
pub mod engine {}

#[doc = include_str!("../guide/counters.md")]
pub mod counters {}

#[doc = include_str!("../guide/cost_model.md")]
pub mod cost_model {}

#[doc = include_str!("../guide/profiles.md")]
pub mod profiles {}

#[doc = include_str!("../guide/differential.md")]
pub mod differential {}

#[doc = include_str!("../guide/realworld.md")]
pub mod realworld {}

#[doc = include_str!("../guide/gpu_testing.md")]
pub mod gpu_testing {}

#[doc = include_str!("../guide/testing.md")]
pub mod testing {}

#[doc = include_str!("../guide/benchmarks.md")]
pub mod benchmarks {}

#[doc = include_str!("../guide/figures.md")]
pub mod figures {}

#[doc = include_str!("../guide/contributing.md")]
pub mod contributing {}
