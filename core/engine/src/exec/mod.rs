//! Executing lowered PTX: warps of 32 lanes with an active mask, reconvergence by running
//! the lanes at the lowest program counter first, block-wide barriers, shared, local,
//! constant and parameter memory, atomics, shuffles and votes.
//!
//! One room per instruction family, named as `lower/`'s are, as in wasmi's executor:
//! [`Block`] (here) is the state they all work on; [`block`] holds the dispatch loop, which
//! only picks the lanes that run, counts the instruction and hands it to its handler in its
//! family — [`arith`], [`bits`], [`compare`], [`convert`], [`memory`], [`control`],
//! [`warp`], [`tensor`], [`texture`], [`cluster`], with [`barrier`] and [`runtime`] for
//! what `lower/control.rs` and `lower/calls.rs` lower to barriers and device-runtime calls.
//! The IR's table (`ir::for_each_ir_op!`) names each operation's handler, and the dispatch
//! is generated from it. [`warp_state`] is the warp's state and the row helpers they share;
//! [`counters`] and [`probe`] what a launch counts; [`budget`] what it may use and what
//! work that is not an instruction costs; [`launch`] runs the grid, block after block, and
//! [`group`] the blocks that run together (a cluster, a cooperative grid), whose cluster
//! barrier and distributed shared memory are [`cluster`]'s; [`parallel`] hands those units
//! to worker threads, which reach global memory through [`global`]'s trait. Adding an
//! operation is one row in the table and its handler in its family's file.

mod arith;
mod barrier;
mod bits;
mod block;
mod budget;
mod cluster;
mod compare;
mod control;
mod convert;
mod counters;
mod footprint;
mod global;
mod group;
mod launch;
mod memory;
mod parallel;
mod plan;
mod probe;
mod runtime;
mod special;
mod tensor;
#[cfg(test)]
mod test_rng;
mod texture;
mod tma;
mod warp;
mod warp_state;
mod wgmma;

pub use budget::{block_work, Budget};
// `exec::STACK_BYTES` stays where it was before the split.
#[allow(unused_imports)]
pub use control::STACK_BYTES;
pub use counters::{
    AtomicRequests, InstructionMix, LineCounters, MemoryRequests, SharedRequests, Stats, TensorWork,
};

use crate::error::{Error, LaunchProblem, Result};
use crate::sim::engine::lower::{KernelCode, SimModule};
use crate::sim::engine::mem::Memory;
use budget::Meter;
pub use launch::{CheckedLaunch, LaunchShape, MAX_BLOCK_THREADS};
use probe::{Memo, Probe, Site};
use std::collections::HashMap;

/// Grid and block shape of a launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dims {
    /// Blocks.
    pub grid: [u32; 3],
    /// Threads per block.
    pub block: [u32; 3],
    /// Dynamic shared memory per block.
    pub shared_dynamic: u32,
}

/// Runs `kernel` over the whole grid, block after block, within `budget` (a number is a
/// work budget in thread-instructions; a [`Budget`] adds a deadline and the register file).
///
/// The [`engine`](https://docs.rs/cuda-library/latest/cuda_library/guide/engine/index.html) guide says what a launch runs and how exactly.
pub fn launch(
    module: &SimModule,
    gmem: &mut Memory,
    kernel: &str,
    dims: Dims,
    params: &[u8],
    budget: impl Into<Budget>,
) -> Result<Stats> {
    // Nobody reads per-line counters here: they are not gathered.
    let plain = Coschedule::default();
    let launch = (kernel, dims, plain);
    launch_named(module, gmem, launch, params, budget, false).map(|(stats, _)| stats)
}

/// One block of the grid as it runs, with what the launch carries from block to block
/// (the counting tables, the meter): the state every instruction family works on.
struct Block<'a> {
    code: &'a KernelCode,
    /// Each instruction's [`Probe`].
    probes: &'a [Probe],
    /// One [`Memo`] per counted load or store, kept across the launch's blocks.
    memos: Vec<Memo>,
    /// Each instruction's counts, kept across the launch's blocks.
    sites: Vec<Site>,
    /// Atomic updates per address, over the launch.
    updates: HashMap<u64, u64>,
    /// Numbers the warps' runs over the launch (from 1; see [`Memo::shown`]).
    run: u64,
    /// The block's number in the launch, from 1 (see [`Seen`]).
    serial: u64,
    module: &'a SimModule,
    params: &'a [u8],
    shared: Vec<u8>,
    ctaid: [u32; 3],
    /// Threads in the block.
    threads: u32,
    /// Barriers 0..16 with a thread count: threads arrived, generation (completions),
    /// the count the last arrival gave.
    bars: [(u32, u32, u32); 16],
    /// Counts changes that can release a waiting warp (barrier completions, `mbarrier`
    /// writes): a round of the block's warps that changes nothing is a deadlock.
    epoch: u64,
    /// Stops the launch at its budget and deadline.
    meter: Meter,
    /// Work charged since the running warp last paused on top of its thread-instructions:
    /// what device-runtime calls, call frames and bulk copies cost beyond one instruction.
    charged: u64,
    /// The launch's work when the running unit of scheduling (a block, or its group)
    /// started: `%clock64` counts from there.
    unit_start: u64,
    /// The launch's `%gridid`.
    grid_id: u64,
    /// Allocations device `malloc` made in this launch and has not freed (the size of the
    /// heap a `malloc` or `free` searches, as far as the launch knows).
    device_allocations: u64,
    /// The block's place in its cluster and its group of co-scheduled blocks.
    place: cluster::Place,
    /// The shared memory of the blocks run together with this one ([`group`]), by slot in
    /// the group; the running block's slot is empty while its memory is [`Block::shared`].
    /// Empty for a plain launch.
    peers: Vec<Vec<u8>>,
}

/// [`launch`], also giving what each PTX line did ([`LineCounters`], in line order).
pub fn launch_profiled(
    module: &SimModule,
    gmem: &mut Memory,
    kernel: &str,
    dims: Dims,
    params: &[u8],
    budget: impl Into<Budget>,
) -> Result<(Stats, Vec<LineCounters>)> {
    let plain = Coschedule::default();
    launch_coscheduled(module, gmem, (kernel, dims, plain), params, budget)
}

/// [`launch_profiled`] of a cluster or cooperative launch ([`Coschedule`]).
///
/// ```
/// use cuda_library_engine::{self as sim, Coschedule, Dims, Memory};
///
/// # fn main() -> sim::Result<()> {
/// // Each block of a cluster of 4 adds its rank into rank 0's shared memory.
/// let ptx = r#"
/// .version 8.0
/// .target sm_90
/// .address_size 64
/// .visible .entry sum(.param .u64 out)
/// {
///     .shared .u32 total;
///     .reg .b32 %r<5>; .reg .b64 %rd<2>; .reg .pred %p<2>;
///     mov.u32 %r1, %cluster_ctarank;
///     mov.u32 %r2, total;
///     mapa.shared::cluster.u32 %r3, %r2, 0;
///     barrier.cluster.arrive; barrier.cluster.wait;
///     atom.shared::cluster.add.u32 %r4, [%r3], %r1;
///     barrier.cluster.arrive; barrier.cluster.wait;
///     setp.ne.u32 %p1, %r1, 0;
///     @%p1 ret;
///     ld.shared.u32 %r4, [total];
///     ld.param.u64 %rd1, [out];
///     st.global.u32 [%rd1], %r4;
///     ret;
/// }"#;
/// let mut mem = Memory::new();
/// let module = sim::load_ptx(ptx, &mut mem)?;
/// let out = mem.alloc(4, 256)?;
/// let params = sim::pack_params(&module, "sum", &[&out.to_le_bytes()])?;
/// let dims = Dims { grid: [4, 1, 1], block: [1, 1, 1], shared_dynamic: 0 };
/// let cluster = Coschedule { cluster: Some([4, 1, 1]), cooperative: false };
/// sim::launch_coscheduled(&module, &mut mem, ("sum", dims, cluster), &params, sim::DEFAULT_BUDGET)?;
/// let mut bytes = [0u8; 4];
/// mem.read(out, &mut bytes)?;
/// assert_eq!(u32::from_le_bytes(bytes), 0 + 1 + 2 + 3);
/// # Ok(()) }
/// ```
pub fn launch_coscheduled(
    module: &SimModule,
    gmem: &mut Memory,
    launch: (&str, Dims, Coschedule),
    params: &[u8],
    budget: impl Into<Budget>,
) -> Result<(Stats, Vec<LineCounters>)> {
    launch_named(module, gmem, launch, params, budget, true)
}

/// The entry points' launch by name: the kernel looked up, its launch checked, then run;
/// each PTX line's counters gathered when `per_line` asks for them (else none).
fn launch_named(
    module: &SimModule,
    gmem: &mut Memory,
    (kernel, dims, coschedule): (&str, Dims, Coschedule),
    params: &[u8],
    budget: impl Into<Budget>,
    per_line: bool,
) -> Result<(Stats, Vec<LineCounters>)> {
    let budget = budget.into();
    // Unsupported kernels say why (instruction and line), not that they do not exist.
    let code = module.kernel(kernel)?;
    let shape = LaunchShape::new(dims, coschedule).map_err(|problem| Error::InvalidLaunch {
        kernel: Some(kernel.to_string()),
        problem,
    })?;
    let checked = CheckedLaunch::new(
        code,
        kernel,
        shape,
        &KernelLimits::default(),
        (params.len(), &budget),
    )?;
    launch_checked(module, gmem, code, (checked, params), budget, per_line)
}

/// Runs a launch of `code` (a kernel of `module`) that [`CheckedLaunch::new`] accepted,
/// with the packed parameters `params`, within `budget`: the one way a launch runs. The
/// simulated device's libraries call it with the kernel they hold (no lookup by name) and
/// settings checked once; the entry points above make their [`CheckedLaunch`] first. What
/// each PTX line did ([`LineCounters`]) is gathered only when `per_line` asks for it (a
/// profile); otherwise the list is empty. The launch's [`Stats`] are the same either way.
pub fn launch_checked(
    module: &SimModule,
    gmem: &mut Memory,
    code: &KernelCode,
    (launch, params): (CheckedLaunch, &[u8]),
    budget: Budget,
    per_line: bool,
) -> Result<(Stats, Vec<LineCounters>)> {
    launch::run(module, gmem, code, (launch, params), budget, per_line)
}

/// What a launch of one kernel may use beyond what its code says, as the driver enforces
/// it: the attributes set on the kernel (`cuKernelSetAttribute`). The default (the engine
/// run directly) sets none of these limits. (Whether a cooperative grid fits the device at
/// once is decided with the launch's settings, before the engine: `cuda-library`'s
/// `Kernel::launch`, for both its backends.)
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KernelLimits {
    /// The dynamic shared memory a block may use (`MaxDynamicSharedSizeBytes`), if limited.
    pub max_dynamic_shared: Option<u32>,
    /// The cluster shapes the kernel allows, if a cluster the launch names is checked
    /// against its attributes.
    pub cluster: Option<ClusterLimits>,
}

/// The cluster shapes a kernel allows (`cuKernelSetAttribute`'s cluster attributes).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClusterLimits {
    /// Clusters of up to 16 blocks are allowed (`NonPortableClusterSizeAllowed`); else 8.
    pub non_portable: bool,
    /// The shape every cluster must have (`RequiredClusterWidth` and the others), if set.
    pub required: Option<[u32; 3]>,
}

impl KernelLimits {
    /// Checks a launch of `kernel` over `dims`, run as `co` says, against these limits, as
    /// the driver does.
    fn check(&self, kernel: &str, dims: Dims, co: Coschedule) -> Result<()> {
        let refuse = |problem| {
            Err(Error::InvalidLaunch {
                kernel: Some(kernel.to_string()),
                problem,
            })
        };
        if let (Some(c), Some(limits)) = (co.cluster, self.cluster) {
            let size = c.iter().map(|&d| d as u64).product::<u64>();
            let most = if limits.non_portable { 16 } else { 8 };
            if size > most {
                return refuse(LaunchProblem::ClusterTooLarge {
                    cluster: c,
                    most,
                    portable_limit: !limits.non_portable,
                });
            }
            if let Some(required) = limits.required.filter(|&r| r != c) {
                return refuse(LaunchProblem::ClusterMismatch {
                    required,
                    asked: c,
                    declared: false,
                });
            }
        }
        match self.max_dynamic_shared {
            Some(most) if dims.shared_dynamic > most => {
                refuse(LaunchProblem::DynamicSharedMemory {
                    asked: dims.shared_dynamic,
                    most,
                })
            }
            _ => Ok(()),
        }
    }
}

/// How a launch's blocks run together: in thread-block clusters, and whether the whole
/// grid is one cooperative group (`cuLaunchKernelEx`'s cluster-dimension and cooperative
/// attributes). The default is a plain launch: each block alone, one after another.
///
/// A cluster launch runs each cluster's blocks interleaved, each with its own warps,
/// shared memory and barriers, so `barrier.cluster` and distributed shared memory work as
/// on sm_90; a cooperative launch runs the whole grid that way, so cooperative groups'
/// `grid.sync()` works for every grid that fits. The [`engine`](https://docs.rs/cuda-library/latest/cuda_library/guide/engine/index.html)
/// guide says more.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Coschedule {
    /// Blocks per cluster in x, y and z (at most 16 in all), if the launch names a cluster.
    pub cluster: Option<[u32; 3]>,
    /// Whether the launch is cooperative.
    pub cooperative: bool,
}

impl Coschedule {
    /// The cluster shape `code` declares (`.reqnctapercluster`) where the launch names none;
    /// a launch that names another is refused, as the driver refuses it.
    fn with_declared(self, code: &KernelCode) -> std::result::Result<Coschedule, LaunchProblem> {
        match (self.cluster, code.cluster_dims) {
            (Some(c), Some(d)) if c != d => Err(LaunchProblem::ClusterMismatch {
                required: d,
                asked: c,
                declared: true,
            }),
            (None, Some(d)) => Ok(Coschedule {
                cluster: Some(d),
                ..self
            }),
            _ => Ok(self),
        }
    }

    /// The groups of blocks a launch of `grid` runs.
    fn schedule(self, grid: [u32; 3]) -> group::Schedule {
        group::Schedule {
            grid,
            cluster: cluster::ClusterShape {
                dims: self.cluster.unwrap_or([1, 1, 1]),
                explicit: self.cluster.is_some(),
            },
            cooperative: self.cooperative,
        }
    }
}
