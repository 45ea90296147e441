//! The simulated GPU: PTX executed in software, with no NVIDIA library.
//!
//! Two parts. The simulated backend's handles (crate-internal): `context`, `stream`,
//! `library` (an image read by this crate, its variables placed in simulated memory, its PTX
//! lowered), `texture` (arrays and texture/surface objects) and `device` (the simulated
//! devices' shared memory, clocks and [`CostModel`]); they implement the seam's interface
//! traits (`backend::interface`), as the driver's handles do. And the PTX engine (`engine`), which the handles call and which is
//! public here for direct use. A PTX module is parsed
//! ([`crate::ptx`]), its variables are placed in simulated device memory ([`Memory`]) and
//! its kernels lowered to a compact instruction form; [`launch`] runs a kernel over a grid
//! as warps of 32 lanes (an active mask per instruction; diverged lanes reconverge because
//! the lanes at the lowest program counter always run first), with block-wide barriers,
//! shared/local/constant/parameter memory, atomics, `shfl.sync` and `vote.sync`.
//! Out-of-bounds and misaligned accesses are [`Error::KernelFault`](crate::Error::KernelFault)
//! errors naming the kernel, block, thread and address; a kernel that runs past its
//! instruction budget stops with [`Error::InstructionBudget`](crate::Error::InstructionBudget);
//! an instruction the simulator does not implement is an [`Error::Unsupported`](crate::Error::Unsupported)
//! naming it and its line, never a silent wrong answer.
//!
//! The [`engine`](crate::guide::engine) guide says what the engine runs and how exactly.
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

mod context;
pub(crate) mod cost;
pub(crate) mod device;
mod direct;
mod green;
// The PTX engine is the crate `cuda-library-engine` (`core/engine`), under the name the
// simulated backend's handles have always used for it.
pub(crate) use cuda_library_engine as engine;
mod graph;
mod launch_profile;
pub(crate) mod library;
mod managed;
mod mem_pool;
mod stream;
mod texture;

pub(crate) use context::{Context, Device};
pub use cost::{Bound, CostModel, KernelTime, Limiter, Occupancy};
pub use device::{
    device_count, launch_budget, set_device_count, set_launch_budget, take_device_output,
    MAX_DEVICES,
};
pub use direct::SimMemory as Memory;
pub use direct::{launch, launch_coscheduled, launch_profiled, load_ptx, pack_params, SimModule};
pub(crate) use engine::param_buffer;
pub use engine::{
    block_work, AtomicRequests, Budget, Coschedule, Dims, InstructionMix, KernelCode, LineCounters,
    MemoryRequests, SharedRequests, Stats, TensorWork, CAPACITY, DEFAULT_BUDGET, DEVICE_HEAP_BYTES,
    MAX_SHARED_PER_BLOCK, PRINTF_FIFO_BYTES,
};
pub(crate) use graph::{
    refuse_alloc_during_capture, refuse_sync_during_capture, Capture, Graph, GraphExec,
};
pub use launch_profile::{Hint, LaunchProfile};
pub(crate) use library::{Kernel, Library};
pub(crate) use mem_pool::MemPool;
#[cfg(feature = "notebook")]
pub(crate) use stream::Profiling;
pub(crate) use stream::{Event, Stream};
pub(crate) use texture::{Array, Object as TexObject};

/// The simulated backend's handle types, for the seam (`backend::interface`).
pub(crate) struct SimBackend;

impl crate::backend::interface::Backend for SimBackend {
    type Device = Device;
    type Context = Context;
    type Stream = Stream;
    type Capture = Capture;
    type Event = Event;
    type Library = Library;
    type Kernel = Kernel;
    type Array = Array;
    type TexObject = TexObject;
    type Graph = Graph;
    type GraphExec = GraphExec;
    type MemPool = MemPool;
}
