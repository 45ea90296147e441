//! What a launch counted: the public counter types ([`Stats`], [`InstructionMix`],
//! [`TensorWork`], the request counts, [`LineCounters`]) and how the per-instruction tallies
//! of [`super::probe`] fold into them when the launch ends.

use crate::sim::engine::ir::*;

/// What a launch did: the work it was charged for and the counters a profiler reads, as
/// plain data (see the [`counters`](https://docs.rs/cuda-library/latest/cuda_library/guide/counters/index.html) guide for their exact meaning).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    /// Instructions executed, counted per active thread.
    pub thread_instructions: u64,
    /// Simulated work charged against the launch's [`Budget`](crate::Budget): 32 per
    /// warp-instruction (one per lane, whether or not it runs), the set-up of every block (see
    /// [`block_work`](crate::block_work)) and what device `printf`, `malloc`/`free`,
    /// call frames and bulk copies cost beyond their instructions.
    pub work: u64,
    /// Instructions executed, counted per warp.
    pub warp_instructions: u64,
    /// Bytes loaded from and stored to global memory (`ld.global`/`st.global`), over all
    /// active threads.
    pub global_bytes: u64,
    /// Warp instructions by class: a partition of `warp_instructions`.
    pub mix: InstructionMix,
    /// What the tensor-core instructions of the mix's `tensor` class computed and how long
    /// they keep the tensor pipe busy.
    pub tensor: TensorWork,
    /// Branches at which the warp's active lanes went different ways.
    pub divergent_branches: u64,
    /// Global memory accesses: loads (`cp.async`'s reads of global memory included).
    pub global_loads: MemoryRequests,
    /// Global memory accesses: stores.
    pub global_stores: MemoryRequests,
    /// Bulk copies from global memory through the Tensor Memory Accelerator
    /// (`cp.async.bulk.tensor` and plain `cp.async.bulk` into shared memory): one request
    /// per copy, and the 32-byte sectors of the bytes it reads from global memory (a box's
    /// rows are contiguous bytes; parts of a box outside the tensor are not fetched, and the
    /// swizzle changes only where the bytes land in shared memory).
    pub bulk_loads: MemoryRequests,
    /// Bulk copies and bulk reductions into global memory (`cp.async.bulk.tensor` and
    /// `cp.async.bulk` from shared memory, `cp.reduce.async.bulk{.tensor}`), counted as
    /// `bulk_loads` are: the sectors of the in-bounds bytes written.
    pub bulk_stores: MemoryRequests,
    /// Shared memory accesses (loads and stores): requests and the wavefronts bank conflicts
    /// make of them.
    pub shared: SharedRequests,
    /// Bytes of local memory (register spills, stack arrays) loaded and stored by active
    /// threads.
    pub local_bytes: u64,
    /// Atomic instructions (`atom`, `red`) and how contended their addresses were.
    pub atomics: AtomicRequests,
    /// Warp arrivals at block barriers (`bar.sync`, `bar.red`, `barrier`).
    pub barriers: u64,
    /// Bytes of distinct global memory the launch touched (estimated per instruction from
    /// the address range it covered and the sectors it moved): what must come from DRAM
    /// at least once, where `sectors` counts what the caches deliver.
    pub global_footprint: u64,
    /// Blocks in the grid.
    pub blocks: u64,
    /// Threads per block.
    pub block_threads: u32,
    /// Shared memory per block, static and dynamic, in bytes.
    pub block_shared_bytes: u32,
}

impl Stats {
    /// Adds what `other` counted to these counters (the workers of a parallel launch each
    /// count their blocks): every count summed; the grid's shape is the caller's, and
    /// [`AtomicRequests::hottest`] is recomputed from the merged per-address tallies.
    pub(super) fn absorb(&mut self, other: &Stats) {
        self.thread_instructions += other.thread_instructions;
        self.work = self.work.saturating_add(other.work);
        self.warp_instructions += other.warp_instructions;
        self.global_bytes += other.global_bytes;
        let (m, o) = (&mut self.mix, &other.mix);
        for (a, b) in [
            (&mut m.integer, o.integer),
            (&mut m.fp32, o.fp32),
            (&mut m.fp64, o.fp64),
            (&mut m.half, o.half),
            (&mut m.sfu, o.sfu),
            (&mut m.memory, o.memory),
            (&mut m.control, o.control),
            (&mut m.tensor, o.tensor),
        ] {
            *a += b;
        }
        self.tensor.ops = self.tensor.ops.saturating_add(other.tensor.ops);
        self.tensor.pipe_issues = self
            .tensor
            .pipe_issues
            .saturating_add(other.tensor.pipe_issues);
        self.divergent_branches += other.divergent_branches;
        self.global_loads.requests += other.global_loads.requests;
        self.global_loads.sectors += other.global_loads.sectors;
        self.global_stores.requests += other.global_stores.requests;
        self.global_stores.sectors += other.global_stores.sectors;
        for (a, b) in [
            (&mut self.bulk_loads, other.bulk_loads),
            (&mut self.bulk_stores, other.bulk_stores),
        ] {
            a.requests += b.requests;
            a.sectors += b.sectors;
        }
        self.shared.requests += other.shared.requests;
        self.shared.wavefronts += other.shared.wavefronts;
        self.local_bytes += other.local_bytes;
        let (a, b) = (&mut self.atomics, &other.atomics);
        a.requests += b.requests;
        a.lanes += b.lanes;
        a.addresses += b.addresses;
        a.global_lanes += b.global_lanes;
        self.barriers += other.barriers;
        self.global_footprint += other.global_footprint;
    }

    /// Average active lanes per warp instruction (32 when no lane ever idles).
    pub fn active_lanes(&self) -> f64 {
        ratio(self.thread_instructions, self.warp_instructions)
    }
}

/// `a / b`, 0 when `b` is 0.
#[inline]
pub(super) fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// Warp instructions by the unit that would execute them: each warp instruction that
/// issued is counted once, in one class, so the classes add up to
/// [`Stats::warp_instructions`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct InstructionMix {
    /// Integer and logic arithmetic, moves, comparisons, conversions, warp shuffles and votes.
    pub integer: u64,
    /// Single-precision floating point.
    pub fp32: u64,
    /// Double-precision floating point.
    pub fp64: u64,
    /// Half precision (`.f16`, `.bf16`, and their pairs).
    pub half: u64,
    /// Special functions and approximations: `sqrt`, `rsqrt`, `rcp`, `ex2`, `lg2`, `sin`,
    /// `cos` in single precision.
    pub sfu: u64,
    /// Memory: loads, stores, atomics, textures and surfaces, asynchronous and bulk copies
    /// (TMA), and the matrix loads and stores of shared memory (`ldmatrix`, `stmatrix`,
    /// `wmma.load`, `wmma.store`).
    pub memory: u64,
    /// Control: branches, calls, returns, exits, barriers.
    pub control: u64,
    /// Tensor-core multiplies: `mma`, `wmma.mma` and `wgmma.mma_async` (each warp's
    /// issue of it counted once, as every other instruction is; how much work each is, is
    /// [`Stats::tensor`]).
    pub tensor: u64,
}

/// The tensor cores' work over a launch, apart from the [`InstructionMix`] (which counts
/// instructions, not their size).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct TensorWork {
    /// Operations of the multiplies, two per multiply-add (FLOPs for floating-point
    /// types): `2 * M * N * K` per `mma`/`wmma.mma`, and for each warp's part of a
    /// `wgmma.mma_async` (its 16 rows of the m64) `2 * 16 * N * K`.
    pub ops: u64,
    /// Tensor-pipe issues, in units of one `mma.sync` m16n8 tile (the cost model's tensor
    /// pipe takes one a cycle per SM): an `mma` or `wmma.mma` counts `M * N / 128` (at
    /// least 1), a warp's part of a `wgmma.mma_async` m64nN counts N / 8, whatever the
    /// type (fp8's k32 and tf32's k8 take as long as f16's k16 on an H100). Not yet
    /// calibrated against an H100 (the cost-model guide says how to).
    pub pipe_issues: u64,
}

/// Warp-level requests to global memory and the 32-byte sectors they touched.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MemoryRequests {
    /// Warp instructions (one request each).
    pub requests: u64,
    /// Distinct 32-byte sectors the active lanes touched, summed over requests.
    pub sectors: u64,
}

impl MemoryRequests {
    /// Sectors per request: 4 for 32 lanes reading consecutive 4-byte words (coalesced),
    /// up to 32 when every lane touches a sector of its own.
    pub fn sectors_per_request(&self) -> f64 {
        ratio(self.sectors, self.requests)
    }
}

/// Shared memory requests and wavefronts: a request whose lanes hit different 4-byte words
/// in the same one of the 32 banks is replayed once per extra word.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SharedRequests {
    /// Warp instructions (one request each).
    pub requests: u64,
    /// Wavefronts: per request, the most distinct words any bank had to deliver.
    pub wavefronts: u64,
}

impl SharedRequests {
    /// Wavefronts per request: 1 without bank conflicts, 32 at worst.
    pub fn wavefronts_per_request(&self) -> f64 {
        ratio(self.wavefronts, self.requests)
    }
}

/// Atomic requests and their contention.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AtomicRequests {
    /// Warp instructions.
    pub requests: u64,
    /// Active lanes, summed over requests.
    pub lanes: u64,
    /// Distinct addresses, summed over requests (`lanes - addresses` updates waited for
    /// another lane of their own warp).
    pub addresses: u64,
    /// Lanes of atomics to global memory (shared-memory atomics stay in their SM).
    pub global_lanes: u64,
    /// Updates of the most updated global address over the launch: they happen one after
    /// another whatever the grid does. (Counted over the first million distinct addresses
    /// a launch updates.)
    pub hottest: u64,
}

/// Classes of [`InstructionMix`], in its field order.
pub(super) const INTEGER: u8 = 0;
pub(super) const MEMORY: u8 = 5;
pub(super) const CONTROL: u8 = 6;

impl InstructionMix {
    /// The counter of class `c` (a `class_of` value).
    #[inline(always)]
    pub(super) fn slot(&mut self, c: u8) -> &mut u64 {
        match c {
            1 => &mut self.fp32,
            2 => &mut self.fp64,
            3 => &mut self.half,
            4 => &mut self.sfu,
            MEMORY => &mut self.memory,
            CONTROL => &mut self.control,
            7 => &mut self.tensor,
            _ => &mut self.integer,
        }
    }
}

/// What one warp's execution of `op` adds to [`TensorWork`] as `(ops, pipe_issues)`:
/// nothing for anything but a tensor-core multiply.
pub(super) fn tensor_work(op: &Op) -> (u64, u64) {
    let of = |m: usize, n: usize, k: usize| {
        let (m, n, k) = (m as u64, n as u64, k as u64);
        let ops = 2u64.saturating_mul(m).saturating_mul(n).saturating_mul(k);
        (ops, (m.saturating_mul(n) / 128).max(1))
    };
    match op {
        Op::Matrix(x) => match x.instr.op {
            MatrixOp::Mma { shape, .. } | MatrixOp::WmmaMma { shape, .. } => {
                of(shape.m, shape.n, shape.k)
            }
            _ => (0, 0),
        },
        // A warp's 16 rows of the warpgroup's m64: as long as N / 8 m16n8 tiles.
        Op::Wgmma(Wgmma {
            op: WgmmaOp::Mma(m),
        }) => of(16, m.shape.n, m.shape.k),
        _ => (0, 0),
    }
}

/// The unit a warp instruction runs on, as an [`InstructionMix`] class; computed once per
/// launch for every instruction of the kernel.
pub(super) fn class_of(op: &Op) -> u8 {
    let by_type = |ty: Ty| match ty {
        Ty::F32 => 1,
        Ty::F64 => 2,
        Ty::F16 | Ty::BF16 => 3,
        _ => INTEGER,
    };
    match op {
        Op::Ld(_)
        | Op::St(_)
        | Op::Atom(_)
        | Op::Tex(_)
        | Op::SurfLd(_)
        | Op::SurfSt(_)
        | Op::CpAsync(_)
        | Op::BulkCopy(_)
        // TMA copies and bulk reductions (`exec/tma.rs`).
        | Op::Tma(_)
        | Op::BulkReduce(_) => MEMORY,
        Op::Bra(_)
        | Op::Call(_)
        | Op::Return(_)
        | Op::Exit(_)
        | Op::Bar(_)
        | Op::Mbar(_)
        | Op::Trap(_) => CONTROL,
        Op::Matrix(x) => match x.instr.op {
            MatrixOp::Mma { .. } | MatrixOp::WmmaMma { .. } => 7,
            // Shared-memory loads and stores of matrix fragments (the load/store unit).
            MatrixOp::LdMatrix { .. }
            | MatrixOp::StMatrix { .. }
            | MatrixOp::WmmaLoad { .. }
            | MatrixOp::WmmaStore { .. } => MEMORY,
            // A transpose across the warp's lanes, as a shuffle is.
            MatrixOp::MovMatrix => INTEGER,
        },
        Op::Wgmma(Wgmma {
            op: WgmmaOp::Mma(_),
        }) => 7,
        Op::Half(_) | Op::CvtPair(_) => 3,
        Op::Un(Un {
            op:
                UnOp::Sqrt
                | UnOp::SqrtApprox
                | UnOp::Rsqrt
                | UnOp::Rcp
                | UnOp::RcpApprox
                | UnOp::Ex2
                | UnOp::Lg2
                | UnOp::Sin
                | UnOp::Cos
                | UnOp::Tanh,
            ty: Ty::F32,
            ..
        }) => 4,
        Op::Un(Un { ty, .. }) | Op::Bin(Bin { ty, .. }) | Op::Mad(Mad { ty, .. }) => by_type(*ty),
        _ => INTEGER,
    }
}

/// What one PTX line of a kernel did over a launch (lines that executed), for a profile's
/// "which line is responsible".
///
/// The [`counters`](https://docs.rs/cuda-library/latest/cuda_library/guide/counters/index.html) guide says what each counter means.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LineCounters {
    /// The line in the PTX text (1-based).
    pub line: u32,
    /// Warp executions of the line's instructions.
    pub warp_instructions: u64,
    /// Executions of a branch on the line at which the active lanes went both ways.
    pub divergent_branches: u64,
    /// Global memory: warp requests, the sectors they moved and the fewest sectors their
    /// active lanes' bytes could have taken (consecutive and aligned; no more than moved,
    /// where lanes shared addresses).
    pub global_requests: u64,
    /// See `global_requests`.
    pub global_sectors: u64,
    /// See `global_requests`.
    pub global_ideal_sectors: u64,
    /// Shared memory: warp requests, wavefronts, and the fewest wavefronts the requests'
    /// bytes could take without bank conflicts (one per 128 bytes the active lanes ask for,
    /// at least one a request: 1 for 32 lanes of 4 bytes, 4 for 16 bytes or an
    /// `ldmatrix.x4`; no more than taken, where lanes shared words).
    pub shared_requests: u64,
    /// See `shared_requests`.
    pub shared_wavefronts: u64,
    /// See `shared_requests`.
    pub shared_ideal_wavefronts: u64,
    /// Warp executions of atomics on the line.
    pub atomic_requests: u64,
    /// Bulk copies (TMA) on the line to or from global memory: copies, and the 32-byte
    /// sectors of global memory they read or wrote ([`Stats::bulk_loads`]).
    pub bulk_requests: u64,
    /// See `bulk_requests`.
    pub bulk_sectors: u64,
}
