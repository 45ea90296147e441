//! # cuda-library
//!
//! CUDA's modern loading path, the driver's `cuLibrary*` API (CUDA 12.0+), as a safe Rust
//! API: load a cubin, fatbin or PTX image as a [`Library`], list its [`Kernel`]s, read and
//! write its globals, `__constant__` and `__managed__` variables, launch kernels with checked
//! arguments, and unload it, with the driver and NVRTC opened at run time (no link-time
//! dependency on CUDA, no CUDA headers or libclang to build).
//!
//! [Try it in your browser](../playground/index.html#welcome): the playground runs this API,
//! compiled to WebAssembly, on the simulated GPU, with a lesson for each main type (built
//! with these docs by `scripts/docs.sh`).
//!
//! ```
//! # fn main() -> cuda_library::Result<()> {
//! use cuda_library::{launch, Device, LaunchConfig, Library, LibraryOptions};
//!
//! // What `nvcc -ptx` or NVRTC (`Program`) makes of
//! //   extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
//! //       int i = blockIdx.x * blockDim.x + threadIdx.x;
//! //       if (i < n) y[i] = a * x[i] + y[i];
//! //   }
//! let ptx = r#"
//! .version 8.0
//! .target sm_80
//! .address_size 64
//! .visible .entry saxpy(.param .f32 a, .param .u64 x, .param .u64 y, .param .u32 n)
//! {
//!     .reg .pred %p<2>; .reg .b32 %r<6>; .reg .f32 %f<5>; .reg .b64 %rd<8>;
//!     ld.param.f32 %f1, [a];
//!     ld.param.u64 %rd1, [x];
//!     ld.param.u64 %rd2, [y];
//!     ld.param.u32 %r2, [n];
//!     mov.u32 %r3, %ctaid.x;
//!     mov.u32 %r4, %ntid.x;
//!     mov.u32 %r5, %tid.x;
//!     mad.lo.s32 %r1, %r3, %r4, %r5;
//!     setp.ge.s32 %p1, %r1, %r2;
//!     @%p1 bra DONE;
//!     cvta.to.global.u64 %rd3, %rd1;
//!     cvta.to.global.u64 %rd4, %rd2;
//!     mul.wide.s32 %rd5, %r1, 4;
//!     add.s64 %rd6, %rd3, %rd5;
//!     add.s64 %rd7, %rd4, %rd5;
//!     ld.global.f32 %f2, [%rd6];
//!     ld.global.f32 %f3, [%rd7];
//!     fma.rn.f32 %f4, %f1, %f2, %f3;
//!     st.global.f32 [%rd7], %f4;
//! DONE:
//!     ret;
//! }"#;
//!
//! // The GPU when the CUDA driver finds one, otherwise the simulated GPU (it says why).
//! println!("{}", cuda_library::backend()?);
//! let ctx = Device::new(0)?.set_current()?;
//! let lib = Library::load_data(ptx.as_bytes(), &LibraryOptions::default())?;
//! let saxpy = lib.get_kernel("saxpy")?;
//! println!("{:?}", saxpy.param_info()?); // offsets 0, 8, 16, 24; sizes 4, 8, 8, 4
//!
//! let n = 1 << 16;
//! let x = ctx.htod(&vec![1.0f32; n])?;
//! let y = ctx.htod(&vec![2.0f32; n])?;
//! let stream = ctx.create_stream()?;
//! launch!(saxpy, &stream, &LaunchConfig::for_num_elems(n as u32, 256), 3.0f32, x, y, n as i32)?;
//! stream.synchronize()?;
//! assert!(y.to_vec()?.iter().all(|&v| v == 5.0));
//! lib.unload()?;
//! # Ok(()) }
//! ```
//!
//! ## Backends
//!
//! One API, two backends, chosen once per process ([`backend()`], [`use_backend`]; the
//! [`backends`](guide::backends) guide):
//!
//! - **driver**: the real CUDA driver, opened at run time.
//! - **sim**: a simulated GPU in pure Rust ([`sim`]): it reads cubin, fatbin and PTX images
//!   itself (the same kernel and variable tables the driver reports), places variables in
//!   simulated memory and executes PTX with the GPU's results. Times (events) are
//!   simulated from a documented [cost model](sim::CostModel). It is what runs where no GPU
//!   is found (`auto`, the default, says why in [`BackendInfo::fallback_reason`]), in
//!   doctests, and in the browser (the crate builds for `wasm32-unknown-unknown`, where the
//!   driver backend is compiled out).
//!
//! ## Layers
//!
//! - [`sys`]: bindgen-generated bindings (pinned CUDA 12.9 headers), loaded with
//!   `libloading`. Driver entry points are resolved through `cuGetProcAddress` at the ABI
//!   version of each `PFN_*` typedef; one missing from an old driver fails only the call that
//!   needs it ([`Error::MissingEntryPoint`]).
//! - Safe RAII types: [`Device`], [`Context`], [`Stream`], [`Event`], [`DeviceBuffer`],
//!   [`Library`], [`Kernel`], [`Global`], [`Managed`], [`ObjectCode`], [`Program`].
//!
//! ## Finding the driver and NVRTC
//!
//! The driver is opened by name (`libcuda.so.1`; `CUDA_LIBRARY_DRIVER` names a path).
//! NVRTC and nvJitLink come from a CUDA toolkit or the PyPI wheels in a Python environment:
//! the active one, or a `.venv` in the current folder or one above it. The
//! [`backends`](guide::backends) guide gives the whole search order.
//!
//! ## Guides
//!
//! How it works and how well, one page per subject, with the commands that check it:
//! [`guide`] (handles and unload, backends, images, limits, notebooks, the simulator's
//! engine, counters, cost model and profiles, testing, figures).

#![warn(missing_docs)]

pub mod guide;

// The layers, bottom up. Plain data and image reading know no backend; the two backends
// know the plain data and implement the seam's contract (`backend::interface`); the seam
// (`backend`) knows both backends; the API types know only the seam; profiling (`profile`)
// uses the seam and runs the simulator's engine. `driver`, `sys`, `program_cache` (NVRTC's) and
// `raw` (methods taking the bindings' types) exist only where a CUDA driver can: not on
// wasm32.
mod error;
mod image;
mod info;
mod names;
mod nvrtc_options;
mod options;
// From the engine crate (`core/engine`): the process-wide limits, and the texture
// descriptors (plain data the engine samples by), under the names this crate's code uses.
use cuda_library_engine::limits::{self};
use cuda_library_engine::texture as sampling;

#[cfg(not(target_arch = "wasm32"))]
mod driver;
pub mod sim;
#[cfg(not(target_arch = "wasm32"))]
pub mod sys;

mod backend;
mod compiler;
mod profile;

mod checkpoint;
mod context;
mod device;
mod element;
mod global;
mod graph;
mod green;
pub mod ipc;
mod kernel;
mod kernel_table;
mod launch;
mod library;
mod linker;
mod managed;
mod mem_pool;
mod memory;
mod object_code;
mod peer;
mod program;
#[cfg(not(target_arch = "wasm32"))]
mod program_cache;
#[cfg(not(target_arch = "wasm32"))]
mod raw;
mod stream;
mod tensor_map;
mod texture;

#[cfg(feature = "notebook")]
mod display;
#[cfg(feature = "notebook")]
pub mod timing;

pub use backend::{backend, use_backend, BackendInfo, BackendKind, DriverInfo};
pub use checkpoint::{CheckpointProcess, ProcessState};
pub use compiler::{Compiler, COMPILER_ENV};
pub use context::Context;
pub use device::Device;
#[cfg(feature = "notebook")]
pub use display::plot::{DataPlot, PlotValue, LINE_POINTS};
pub use element::ElementType;
pub use error::{
    CaptureRule, CudaError, CudaVersion, DeviceAssertion, Error, GraphUpdateResult, LaunchProblem,
    LoadAttempt, LoadFailure, Result,
};
pub use global::{Global, Managed, UnifiedFunction};
#[cfg(feature = "notebook")]
pub use graph::GraphTiming;
pub use graph::{
    ConditionalHandle, ConditionalKind, Graph, GraphAllocation, GraphBuilder, GraphDefinition,
    GraphNode, GraphNodeInfo, GraphNodeKind,
};
pub use green::{GreenContext, SmResource, SmSplit};
pub use image::fatbin::{choose as choose_fatbin_entry, entries as fatbin_entries, FatbinEntry};
pub use image::ptx;
pub use image::table::{
    hex as table_hex, FatbinEntryRow, GlobalKind, GlobalRow, Inspect, InspectGlobal, LibraryTable,
    SIM_ARCH,
};
pub use image::{
    check_cubin, check_fatbin, detect as detect_image_kind, read_image_file, ImageKind,
};
pub use info::{
    CachePreference, CaptureMode, DeviceProperties, KernelAttribute, KernelAttributes, KernelRow,
    ParamInfo, ParamRow,
};
pub use ipc::{
    IpcBuffer, IpcEvent, IpcEventHandle, IpcMemHandle, IpcPoolPointer, IPC_HANDLE_BYTES,
};
pub use kernel::{Kernel, Kernels};
pub use kernel_table::KernelTable;
pub use launch::{AsKernelArg, Dim3, KernelArg, LaunchConfig, Launcher};
pub use library::{Library, ModuleHandle};
pub use limits::{limits, set_limits, ApproxMath, Limits};
pub use linker::{nvjitlink_info, Linker, LinkerBackend, LinkerOptions};
pub use managed::{Advice, Attach, HostView, HostViewMut, Location, ManagedBuffer, Migration};
pub use mem_pool::{MemPool, MemPoolStats};
pub use memory::{DeviceBuffer, DevicePtr, DeviceRepr};
pub use names::demangle;
pub use object_code::{ImageSource, ObjectCode};
pub use options::{HostTable, JitOptions, LibraryOptions};
pub use sampling::{AddressMode, ArrayDesc, ArrayFormat, FilterMode, ReadMode, TextureDesc};
pub use stream::{Event, Stream};
pub use tensor_map::{
    Im2col, TensorMap, TensorMapDataType, TensorMapDesc, TensorMapInterleave, TensorMapL2Promotion,
    TensorMapOobFill, TensorMapRule, TensorMapSwizzle, TENSOR_MAP_ALIGN, TENSOR_MAP_BYTES,
};
pub use texture::{Array, Surface, Texture, TEXTURE_PITCH_ALIGNMENT};

#[cfg(not(target_arch = "wasm32"))]
pub use backend::driver_version;
#[cfg(all(feature = "cudarc", not(target_arch = "wasm32")))]
pub use driver::interop;
pub use program::{nvrtc_info, Program, ProgramOptions};
#[cfg(not(target_arch = "wasm32"))]
pub use program_cache::ProgramCache;
