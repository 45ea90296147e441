//! The PTX engine of [cuda-library](https://crates.io/crates/cuda-library): what runs a
//! kernel, independent of handles and backends.
//!
//! A parsed module ([`ptx`]) is contracted (`contract`: fused idioms recognised),
//! lowered to a compact register-machine form (`lower`, `ir`) with its variables placed in
//! simulated memory (`mem`), and executed warp by warp (`exec`) with the exact arithmetic
//! PTX specifies (`exact`, `half`, `tensor` for `mma`/`wmma`), texture sampling
//! (`sampling`) and device-side `printf` (`printf`); a launch's blocks may run on several
//! threads, sharing global memory as atomic words (`mem::shared`). Nothing here knows
//! about libraries, contexts or streams: `cuda-library`'s simulated backend holds the
//! handles and calls into this crate, which depends on nothing of it (the compiler keeps
//! the layering). `unsafe` appears only where `exec` uses SIMD intrinsics and where
//! `mem::bytes` views an allocation's words as bytes or atomics.
//!
//! # Stability
//!
//! The engine is published for `cuda-library`, which re-exports what users need (its
//! `sim` module, `Limits`, the texture descriptors) and documents it. Used directly, it is
//! an unstable, low-level crate: its items change whenever the simulator needs them to, and
//! follow no semver promise of their own.

#![warn(missing_docs)]

pub mod error;
pub mod limits;
pub mod ptx;
pub mod tensor_map;
pub mod texture;

mod approx;
mod contract;
mod exact;
pub(crate) mod exec;
mod fp8;
mod half;
mod ir;
pub(crate) mod lower;
pub(crate) mod mem;
mod printf;
pub(crate) mod sampling;
mod special;
mod tensor;
mod tensor_arith;

pub use exec::{
    block_work, launch, launch_profiled, AtomicRequests, Budget, Dims, InstructionMix,
    LineCounters, MemoryRequests, SharedRequests, Stats, TensorWork,
};
pub use exec::{
    launch_checked, launch_coscheduled, CheckedLaunch, ClusterLimits, Coschedule, KernelLimits,
    LaunchShape, MAX_BLOCK_THREADS,
};
pub use lower::{KernelCode, SimModule};
#[doc(hidden)]
pub use mem::Objects;
pub use mem::{Memory, CAPACITY, DEVICE_HEAP_BYTES, PRINTF_FIFO_BYTES};

/// Shared memory one block may use on the simulated device (static plus dynamic), as on
/// sm_90 with the opt-in maximum.
pub const MAX_SHARED_PER_BLOCK: usize = 232_448;

pub use error::{DeviceAssertion, Error, Fact, LaunchProblem, Result, Shown};
pub use limits::{limits, set_limits, ApproxMath, Limits};

/// The paths this code was written with while it was a module of `cuda-library`
/// (`crate::sim::engine::ir`, `crate::image::ptx::ast`, `crate::image::table::volume`):
/// kept so that branches editing the engine's files merge cleanly, until a mechanical
/// rewrite to `crate::ir`, `crate::ptx::ast`, `crate::ptx::volume` retires them.
mod sim {
    pub(crate) use crate as engine;
}
mod image {
    pub(crate) use crate::ptx;
    pub(crate) mod table {
        pub(crate) use crate::limits::check_variable;
        pub(crate) use crate::ptx::{volume, GlobalKind};
    }
}

/// The default instruction budget of a launch, in thread-instructions: enough for real
/// kernels on simulated data, small enough that a runaway loop ends in seconds.
pub const DEFAULT_BUDGET: u64 = 2_000_000_000;

/// Parses PTX, places its variables in `mem` and lowers its kernels.
pub fn load_ptx(text: &str, mem: &mut Memory) -> Result<SimModule> {
    load_module(crate::ptx::parse(text)?, mem)
}

/// [`load_ptx`] of a module already parsed (a library's loader parses once for its table
/// and for this).
pub fn load_module(mut module: crate::ptx::ast::Module, mem: &mut Memory) -> Result<SimModule> {
    contract::contract(&mut module);
    lower::load(&module, mem)
}

/// Lays out kernel arguments (each given as its bytes) in the kernel's parameter buffer,
/// with the same checks as a driver launch: one argument per parameter, each of the
/// parameter's size.
pub fn pack_params(module: &SimModule, kernel: &str, args: &[&[u8]]) -> Result<Vec<u8>> {
    let code = module.kernel(kernel)?;
    if code.params.len() != args.len() {
        return Err(Error::ArgumentCount {
            kernel: kernel.to_string(),
            expected: code.params.len(),
            got: args.len(),
        });
    }
    for (index, (&(_, size), arg)) in code.params.iter().zip(args).enumerate() {
        if arg.len() != size as usize {
            return Err(Error::ArgumentSize {
                kernel: kernel.to_string(),
                index,
                expected: size as usize,
                got: arg.len(),
            });
        }
    }
    param_buffer(
        code.params
            .iter()
            .zip(args)
            .map(|(&(offset, _), arg)| (offset as usize, *arg)),
    )
}

/// The parameter buffer of a launch: each argument's bytes at its parameter's offset, the
/// buffer as long as the furthest one reaches. The arguments' sizes have been checked;
/// the offsets come from the image, so their arithmetic is checked too.
pub fn param_buffer<'a>(args: impl Iterator<Item = (usize, &'a [u8])> + Clone) -> Result<Vec<u8>> {
    let mut len = 0usize;
    for (offset, arg) in args.clone() {
        let end = offset.checked_add(arg.len()).ok_or_else(|| {
            Error::InvalidArgument(format!(
                "a kernel parameter at offset {offset} of {} bytes ends past the address space",
                arg.len()
            ))
        })?;
        len = len.max(end);
    }
    let mut buf = vec![0u8; len];
    for (offset, arg) in args {
        buf[offset..offset + arg.len()].copy_from_slice(arg);
    }
    Ok(buf)
}
