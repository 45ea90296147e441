//! The driver backend on a real GPU. Where no CUDA driver or device is present every test is
//! reported as ignored, with the reason (`CUDA_LIBRARY_REQUIRE_GPU=1` makes that a failure).
//! The tests take turns on the GPU (`common::gpu::turn`). `scripts/gpu-stage.sh` builds this
//! binary for a GPU machine that has no Rust toolchain.
//!
//! libtest cannot skip a test at run time, so this binary has its own harness
//! (`harness = false`, libtest-mimic): same names, same command line, same output, and a
//! test that did not run counts as ignored rather than passed. Each module lists its tests
//! with [`gpu_tests!`].
//!
//! Several modules record what the GPU computes into `tests/fixtures/` for the simulator
//! tests (`tests/sim/`) to compare with; each says how.

use std::process::ExitCode;

use libtest_mimic::{Arguments, Completion, Trial};

/// Declares the module's GPU tests, `name` or `name unless why_not` (a `fn() ->
/// Option<String>` giving the reason the test cannot run here): `pub fn tests()`, with the
/// names libtest would give them (`module::name`).
macro_rules! gpu_tests {
    ($($(#[$attr:meta])* $name:ident $(unless $why_not:path)?),* $(,)?) => {
        // One push per test, each of which may carry a `#[cfg]`.
        #[allow(clippy::vec_init_then_push)]
        pub fn tests() -> Vec<$crate::GpuTest> {
            let mut tests = Vec::new();
            $(
                $(#[$attr])*
                tests.push(
                    $crate::GpuTest::new(
                        $crate::common::test_name(module_path!(), stringify!($name)),
                        $name,
                    )
                    $(.unless($why_not))?
                );
            )*
            tests
        }
    };
}

#[path = "../common/mod.rs"]
mod common;

mod calibration;
mod checkpoint;
mod cluster;
mod corpus;
#[cfg(feature = "cudarc")]
mod cudarc;
mod differential;
mod graph;
mod green;
mod half_set;
mod hopper_timing;
mod ipc;
mod library;
mod linker;
mod managed;
mod mem_pool;
mod multi_device;
mod profile;
mod semantics;
mod tensor_map;
mod tensor_ops;
mod textures;
mod wgmma;

/// One GPU test: its name, its body, and what else it needs (the reason it cannot run, if
/// any).
pub struct GpuTest {
    name: String,
    body: fn(),
    why_not: Option<fn() -> Option<String>>,
}

impl GpuTest {
    pub fn new(name: String, body: fn()) -> Self {
        GpuTest {
            name,
            body,
            why_not: None,
        }
    }

    /// Also skipped where `why_not` gives a reason.
    pub fn unless(self, why_not: fn() -> Option<String>) -> Self {
        GpuTest {
            why_not: Some(why_not),
            ..self
        }
    }
}

fn all_tests() -> Vec<GpuTest> {
    let mut tests = Vec::new();
    tests.extend(calibration::tests());
    tests.extend(checkpoint::tests());
    tests.extend(corpus::tests());
    #[cfg(feature = "cudarc")]
    tests.extend(cudarc::tests());
    tests.extend(differential::tests());
    tests.extend(graph::tests());
    tests.extend(green::tests());
    tests.extend(ipc::tests());
    tests.extend(half_set::tests());
    tests.extend(hopper_timing::tests());
    tests.extend(library::tests());
    tests.extend(linker::tests());
    tests.extend(managed::tests());
    tests.extend(mem_pool::tests());
    tests.extend(multi_device::tests());
    tests.extend(profile::tests());
    tests.extend(semantics::tests());
    tests.extend(cluster::tests());
    tests.extend(tensor_ops::tests());
    tests.extend(textures::tests());
    tests.extend(tensor_map::tests());
    tests.extend(wgmma::tests());
    tests.sort_by(|a, b| a.name.cmp(&b.name));
    tests
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let no_gpu = if args.list {
        None
    } else {
        common::gpu::missing()
    };
    if let Some(why) = &no_gpu {
        eprintln!(
            "the GPU tests are ignored (CUDA_LIBRARY_REQUIRE_GPU=1 makes that a failure): {why}"
        );
    }
    let trials = all_tests()
        .into_iter()
        .map(|test| {
            let no_gpu = no_gpu.is_some();
            Trial::ignorable_test(test.name, move || {
                if no_gpu {
                    return Ok(Completion::ignored_with("needs a CUDA GPU"));
                }
                if let Some(why) = test.why_not.and_then(|why_not| why_not()) {
                    return Ok(Completion::ignored_with(why));
                }
                (test.body)();
                Ok(Completion::Completed)
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit_code()
}
