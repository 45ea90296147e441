//! The simulated GPU: PTX executed in software, with no NVIDIA library.
//!
//! This is the execution engine of the simulated backend. A PTX module is parsed
//! ([`crate::ptx`]), its variables are placed in simulated device memory ([`Memory`]) and
//! its kernels lowered to a compact instruction form; [`launch`] runs a kernel over a grid
//! as warps of 32 lanes (an active mask per instruction; diverged lanes reconverge because
//! the lanes at the lowest program counter always run first), with block-wide barriers,
//! shared/local/constant/parameter memory, atomics, `shfl.sync` and `vote.sync`.
//! Out-of-bounds and misaligned accesses are [`Error::KernelFault`]
//! errors naming the kernel, block, thread and address; a kernel that runs past its
//! instruction budget stops with [`Error::InstructionBudget`];
//! an instruction the simulator does not implement is an [`Error::Unsupported`]
//! naming it and its line, never a silent wrong answer.
//!
//! ```
//! use cuda_library::sim::{self, Dims, Memory};
//! let ptx = r#"
//! .version 8.0
//! .target sm_80
//! .address_size 64
//! .visible .entry twice(.param .u64 p, .param .u32 n)
//! {
//!     .reg .pred %p<2>; .reg .b32 %r<6>; .reg .b64 %rd<5>;
//!     ld.param.u64 %rd1, [p];
//!     ld.param.u32 %r2, [n];
//!     mov.u32 %r3, %tid.x;
//!     setp.ge.u32 %p1, %r3, %r2;
//!     @%p1 bra DONE;
//!     cvta.to.global.u64 %rd2, %rd1;
//!     mul.wide.u32 %rd3, %r3, 4;
//!     add.s64 %rd4, %rd2, %rd3;
//!     ld.global.u32 %r4, [%rd4];
//!     shl.b32 %r5, %r4, 1;
//!     st.global.u32 [%rd4], %r5;
//! DONE:
//!     ret;
//! }"#;
//! let mut mem = Memory::new();
//! let module = sim::load_ptx(ptx, &mut mem).unwrap();
//! let buf = mem.alloc(16, 4).unwrap();
//! mem.write(buf, &[1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0]).unwrap();
//! let params = sim::pack_params(&module, "twice", &[&buf.to_le_bytes(), &3u32.to_le_bytes()]).unwrap();
//! let dims = Dims { grid: [1, 1, 1], block: [32, 1, 1], shared_dynamic: 0 };
//! sim::launch(&module, &mut mem, "twice", dims, &params, sim::DEFAULT_BUDGET).unwrap();
//! let mut out = [0u8; 16];
//! mem.read(buf, &mut out).unwrap();
//! assert_eq!(out, [2, 0, 0, 0, 4, 0, 0, 0, 6, 0, 0, 0, 4, 0, 0, 0]);
//! ```

mod contract;
pub(crate) mod device;
mod exact;
mod exec;
mod half;
mod ir;
pub(crate) mod library;
mod lower;
mod mem;
mod printf;
mod tensor;
pub(crate) mod texture;

pub use device::{
    device_count, launch_budget, set_device_count, set_launch_budget, take_device_output,
    CostModel, MAX_DEVICES,
};
pub use exec::{block_work, launch, Budget, Dims, Stats};
pub use lower::{KernelCode, SimModule};
pub use mem::{Memory, CAPACITY, DEVICE_HEAP_BYTES, PRINTF_FIFO_BYTES};

/// Shared memory one block may use on the simulated device (static plus dynamic), as on
/// sm_90 with the opt-in maximum.
pub const MAX_SHARED_PER_BLOCK: usize = 232_448;

use crate::error::{Error, Result};

/// The default instruction budget of a launch, in thread-instructions: enough for real
/// kernels on simulated data, small enough that a runaway loop ends in seconds.
pub const DEFAULT_BUDGET: u64 = 2_000_000_000;

/// Parses PTX, places its variables in `mem` and lowers its kernels.
pub fn load_ptx(text: &str, mem: &mut Memory) -> Result<SimModule> {
    let mut module = crate::ptx::parse(text)?;
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
pub(crate) fn param_buffer<'a>(
    args: impl Iterator<Item = (usize, &'a [u8])> + Clone,
) -> Result<Vec<u8>> {
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
