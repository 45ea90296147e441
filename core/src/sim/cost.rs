//! The cost model: how long the simulated device says a launch, a copy or a peer copy takes,
//! worked out from a launch's [`Stats`](super::Stats) counters. It is a model, calibrated
//! against an H100 (the [`cost_model`](crate::guide::cost_model) guide), and every time it
//! gives is labelled simulated.

/// How the simulated device charges time. All times are simulated nanoseconds.
///
/// A kernel launch costs `launch_ns`, then the grid runs in *waves*: as many blocks at once
/// as fit on the multiprocessors ([`Occupancy`]: threads, blocks and shared memory per SM;
/// registers are not modelled), the last wave possibly partial (the tail). Each wave takes
/// its share of the launch's counters and lasts as long as the slowest of:
///
/// - **compute**: warp instructions over the schedulers (`issue_per_cycle` per SM) and over
///   each unit's rate (`pipe_rates`, warp instructions per SM per cycle, in
///   [`InstructionMix`](super::InstructionMix) order; the tensor pipe's work is
///   [`TensorWork::pipe_issues`](super::TensorWork::pipe_issues)), stretched when fewer than
///   `latency_warps` warps per SM are resident to hide the units' latency;
/// - **memory**: the 32-byte sectors the loads, stores, atomics and bulk (TMA) copies move, at
///   `cache_bytes_per_ns` (L1/L2), and the distinct bytes they touch (the footprint) at
///   `dram_bytes_per_ns` unless the footprint fits in the L2 cache (`l2_bytes`: repeated
///   launches find it there);
/// - **shared memory**: wavefronts (bank conflicts replay) at `shared_wavefronts_per_cycle`
///   per SM;
/// - **latency**: each warp's global requests that miss the caches (the footprint's share
///   of the sectors) one after another, `dram_latency_ns` each; a block's bulk loads count
///   for each of its warps (they wait on the copy's `mbarrier`).
///
/// A wave lasts as long as its busiest multiprocessor (a partial wave's SMs may hold
/// different numbers of blocks), and pays `block_ns` per block that SM starts. Atomics to
/// one global address are serialised over the whole grid: `atomic_same_address_ns` for
/// each update of the most updated address.
///
/// Not counted as memory traffic: texture and surface reads; kernels built on them look
/// lighter than they are. `cp.async` counts as a global load; bulk copies
/// (`cp.async.bulk{.tensor}`, the TMA) are counted apart ([`Stats::bulk_loads`](super::Stats::bulk_loads)),
/// but their timing, like the tensor pipe's (`wgmma`), is an estimate not yet calibrated
/// against an H100.
///
/// Copies: host↔device `copy_latency_ns + bytes / host_bytes_per_ns`, on the device
/// `copy_latency_ns + bytes / device_bytes_per_ns`, between devices `copy_latency_ns +
/// bytes / peer_bytes_per_ns`. Each stream is its own timeline and streams do not contend;
/// like the driver's blocking streams, work on a stream starts after earlier synchronous
/// copies, and a synchronous copy starts after everything queued before it.
///
/// ```
/// use cuda_library::sim::{CostModel, Stats};
/// let m = CostModel::h100();
/// // A million fp32 warp instructions in 1024 blocks of 256 threads.
/// let mut s = Stats { warp_instructions: 1_000_000, blocks: 1024, block_threads: 256, ..Stats::default() };
/// s.mix.fp32 = 1_000_000;
/// let t = m.kernel_time(&s);
/// assert!(t.total_ns > m.launch_ns && t.total_ns < m.launch_ns + 2_000.0);
/// assert_eq!(t.occupancy.blocks_per_sm, 8);
/// ```
///
/// The [`cost_model`](crate::guide::cost_model) guide explains it and its calibration.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CostModel {
    /// Fixed cost of a kernel launch, as events around an empty kernel measure it.
    pub launch_ns: f64,
    /// Multiprocessors that share a kernel's work.
    pub multiprocessors: u32,
    /// Warp instructions each multiprocessor issues per cycle (its schedulers).
    pub issue_per_cycle: u32,
    /// Warp instructions per multiprocessor per cycle that each unit takes, in
    /// [`InstructionMix`](super::InstructionMix) order: integer, fp32, fp64, half, SFU,
    /// memory (load/store), control; the last, the tensor pipe, in
    /// [`TensorWork::pipe_issues`](super::TensorWork::pipe_issues) (one `mma` m16n8 tile)
    /// per cycle, not calibrated against an H100.
    pub pipe_rates: [f64; 8],
    /// Resident warps per multiprocessor below which the units' latency shows.
    pub latency_warps: f64,
    /// SM clock in GHz: the boost clock, which a busy GPU runs at and the CUDA driver
    /// reports as `clockRate` (the simulated device reports this one too).
    pub clock_ghz: f64,
    /// Threads a multiprocessor holds at once.
    pub max_threads_per_sm: u32,
    /// Blocks a multiprocessor holds at once.
    pub max_blocks_per_sm: u32,
    /// Shared memory of a multiprocessor, in bytes.
    pub shared_per_sm: u32,
    /// Shared memory the system reserves per block besides the block's own, in bytes.
    pub shared_reserved_per_block: u32,
    /// Bandwidth of the caches (L1/L2) for the sectors requests move, bytes per ns.
    pub cache_bytes_per_ns: f64,
    /// Device memory bandwidth, bytes per ns (GB/s): the footprint of a launch that does
    /// not fit in the L2 cache.
    pub dram_bytes_per_ns: f64,
    /// L2 cache size: a footprint that fits stays there from one launch to the next (as in
    /// a benchmark loop) and costs no device-memory traffic.
    pub l2_bytes: u64,
    /// Cost of starting and retiring a block, paid by its multiprocessor.
    pub block_ns: f64,
    /// Latency of a global request that misses the caches.
    pub dram_latency_ns: f64,
    /// Shared-memory wavefronts per multiprocessor per cycle.
    pub shared_wavefronts_per_cycle: f64,
    /// Time of one atomic update when updates queue at one address.
    pub atomic_same_address_ns: f64,
    /// Fixed cost of a copy or memset.
    pub copy_latency_ns: f64,
    /// Host↔device bandwidth in bytes per nanosecond (GB/s).
    pub host_bytes_per_ns: f64,
    /// Device memory bandwidth for copies and memsets, bytes per ns.
    pub device_bytes_per_ns: f64,
    /// Bandwidth of a copy between two devices (NVLink), bytes per nanosecond.
    pub peer_bytes_per_ns: f64,
}

impl Default for CostModel {
    /// [`CostModel::h100`].
    fn default() -> Self {
        CostModel::h100()
    }
}

/// What limits how many blocks a multiprocessor holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Limiter {
    /// Threads per multiprocessor.
    Threads,
    /// Blocks per multiprocessor.
    Blocks,
    /// Shared memory per multiprocessor.
    SharedMemory,
}

/// Occupancy of a launch on the modelled device.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Occupancy {
    /// Blocks a multiprocessor holds at once.
    pub blocks_per_sm: u32,
    /// What stops it holding more.
    pub limiter: Limiter,
    /// Resident warps over the most a multiprocessor holds (64), with full waves.
    pub theoretical: f64,
    /// The same averaged over the launch's waves (a small grid or a partial last wave
    /// leaves multiprocessors idle).
    pub achieved: f64,
    /// Waves of blocks (the last may be partial).
    pub waves: f64,
    /// Multiprocessors the model has (a grid of fewer blocks leaves some idle).
    pub multiprocessors: u32,
}

/// What bounds a wave (or a whole launch) in the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Bound {
    /// Issuing instructions or a unit's throughput.
    Compute,
    /// Sectors through the caches or bytes from device memory.
    Memory,
    /// Shared-memory wavefronts.
    Shared,
    /// Waiting on device memory with too few warps to hide it.
    Latency,
    /// Atomic updates queued at one address.
    Atomics,
}

/// Where a launch's simulated time goes: the parts add up to `total_ns`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct KernelTime {
    /// The whole launch.
    pub total_ns: f64,
    /// The fixed launch cost.
    pub launch_ns: f64,
    /// Waves bound by compute.
    pub compute_ns: f64,
    /// Waves bound by memory traffic.
    pub memory_ns: f64,
    /// Waves bound by shared-memory wavefronts.
    pub shared_ns: f64,
    /// Waves bound by memory latency.
    pub latency_ns: f64,
    /// Atomics queued at one address.
    pub atomics_ns: f64,
    /// Of the waves' time, the part the last, partial wave took.
    pub tail_ns: f64,
    /// What bound most of the time.
    pub bound: Bound,
    /// Occupancy.
    pub occupancy: Occupancy,
}

impl CostModel {
    /// An H100 SXM (80 GB HBM3), calibrated with events on one (the
    /// [`cost_model`](crate::guide::cost_model) guide's "Calibration").
    pub fn h100() -> CostModel {
        CostModel {
            launch_ns: 7_000.0,
            multiprocessors: 132,
            issue_per_cycle: 4,
            pipe_rates: [2.0, 4.0, 2.0, 2.0, 0.5, 1.0, 1.0, 1.0],
            latency_warps: 16.0,
            clock_ghz: 1.98,
            max_threads_per_sm: 2048,
            max_blocks_per_sm: 32,
            shared_per_sm: 233_472,
            shared_reserved_per_block: 1024,
            cache_bytes_per_ns: 10_000.0,
            dram_bytes_per_ns: 3_000.0,
            l2_bytes: 50 << 20,
            block_ns: 45.0,
            dram_latency_ns: 480.0,
            shared_wavefronts_per_cycle: 1.0,
            atomic_same_address_ns: 0.77,
            copy_latency_ns: 2_000.0,
            host_bytes_per_ns: 25.0,
            device_bytes_per_ns: 3_000.0,
            peer_bytes_per_ns: 450.0,
        }
    }

    /// An H200 (141 GB HBM3e): the H100's multiprocessors with 4.8 TB/s of device memory
    /// (NVIDIA's figure; not calibrated on an H200).
    pub fn h200() -> CostModel {
        CostModel {
            dram_bytes_per_ns: 4_300.0,
            device_bytes_per_ns: 4_300.0,
            ..CostModel::h100()
        }
    }

    /// Simulated duration of a launch that executed with `stats`.
    pub fn kernel_ns(&self, stats: &super::Stats) -> f64 {
        self.kernel_time(stats).total_ns
    }

    /// Blocks a multiprocessor holds, and what limits them.
    pub fn occupancy_limit(&self, block_threads: u32, shared_bytes: u32) -> (u32, Limiter) {
        let threads = block_threads.clamp(1, u32::MAX - 31).next_multiple_of(32);
        let by_threads = self.max_threads_per_sm / threads;
        let mut best = (by_threads, Limiter::Threads);
        if self.max_blocks_per_sm < best.0 {
            best = (self.max_blocks_per_sm, Limiter::Blocks);
        }
        if shared_bytes > 0 {
            let by_shared = self.shared_per_sm
                / shared_bytes
                    .saturating_add(self.shared_reserved_per_block)
                    .max(1);
            if by_shared < best.0 {
                best = (by_shared, Limiter::SharedMemory);
            }
        }
        (best.0.max(1), best.1)
    }

    /// Where the time of a launch that executed with `stats` goes.
    pub fn kernel_time(&self, stats: &super::Stats) -> KernelTime {
        let sms = self.multiprocessors.max(1);
        let blocks = stats.blocks.max(1);
        let warps_per_block = stats.block_threads.max(1).div_ceil(32) as u64;
        let max_warps = (self.max_threads_per_sm / 32).max(1) as f64;
        let (per_sm, limiter) = self.occupancy_limit(stats.block_threads, stats.block_shared_bytes);
        let concurrent = per_sm as u64 * sms as u64;
        // Waves: (share of the work, SMs busy, blocks per busy SM, waves alike).
        let mut waves: Vec<(f64, u64, u64, f64)> = Vec::new();
        let full = blocks / concurrent;
        if full > 0 {
            waves.push((
                (full * concurrent) as f64 / blocks as f64,
                sms as u64,
                per_sm as u64,
                full as f64,
            ));
        }
        let rest = blocks % concurrent;
        if rest > 0 {
            let busy = rest.min(sms as u64);
            waves.push((rest as f64 / blocks as f64, busy, rest.div_ceil(busy), 1.0));
        }
        let mut time = KernelTime {
            total_ns: 0.0,
            launch_ns: self.launch_ns,
            compute_ns: 0.0,
            memory_ns: 0.0,
            shared_ns: 0.0,
            latency_ns: 0.0,
            atomics_ns: stats.atomics.hottest as f64 * self.atomic_same_address_ns,
            tail_ns: 0.0,
            bound: Bound::Compute,
            occupancy: Occupancy {
                blocks_per_sm: per_sm,
                limiter,
                theoretical: (per_sm as u64 * warps_per_block) as f64 / max_warps,
                achieved: 0.0,
                waves: blocks as f64 / concurrent as f64,
                multiprocessors: sms,
            },
        };
        // In f64: a caller's `Stats` may hold any counts, and their products pass u64.
        let total_warps = blocks as f64 * warps_per_block as f64;
        // Bulk (TMA) copies move their sectors through the L2 and device memory as loads and
        // stores do.
        let sectors = stats.global_loads.sectors as f64
            + stats.global_stores.sectors as f64
            + stats.bulk_loads.sectors as f64
            + stats.bulk_stores.sectors as f64;
        let traffic = (sectors + stats.atomics.global_lanes as f64) * 32.0;
        let resident_in_l2 = stats.global_footprint <= self.l2_bytes;
        let dram_bytes = if resident_in_l2 {
            0.0
        } else {
            stats.global_footprint as f64
        };
        let loads = stats.global_loads.requests as f64;
        // Every warp of a block waits for the block's bulk loads (on their `mbarrier`).
        let bulk_loads_per_block = stats.bulk_loads.requests as f64 / blocks as f64;
        let miss = if resident_in_l2 {
            0.0
        } else if sectors > 0.0 {
            (stats.global_footprint as f64 / (sectors * 32.0)).min(1.0)
        } else {
            0.0
        };
        let mix = [
            stats.mix.integer,
            stats.mix.fp32,
            stats.mix.fp64,
            stats.mix.half,
            stats.mix.sfu,
            stats.mix.memory,
            stats.mix.control,
            // The tensor pipe's rate is in m16n8 tiles, not instructions.
            stats.tensor.pipe_issues,
        ];
        let clock = self.clock_ghz.max(1e-3);
        let (mut weighted_warps, mut busy_ns) = (0.0, 0.0);
        let count = waves.len();
        for (i, &(share, busy, per, alike)) in waves.iter().enumerate() {
            let resident = per as f64 * warps_per_block as f64;
            // The busiest SM's part of the work: `per` blocks in each of `alike` waves.
            let on_sm = alike * per as f64 / blocks as f64;
            let issue = stats.warp_instructions as f64 / self.issue_per_cycle.max(1) as f64;
            let pipes = mix
                .iter()
                .zip(self.pipe_rates)
                .map(|(&n, rate)| n as f64 / rate.max(1e-6))
                .fold(issue, f64::max);
            let hiding = (self.latency_warps / resident).max(1.0);
            let compute = on_sm * pipes * hiding / clock;
            let caches = self.cache_bytes_per_ns * busy as f64 / sms as f64;
            let memory = (share * traffic / caches.max(1e-6))
                .max(share * dram_bytes / self.dram_bytes_per_ns.max(1e-6));
            let shared = on_sm * stats.shared.wavefronts as f64
                / self.shared_wavefronts_per_cycle.max(1e-6)
                / clock;
            // Loads wait; stores do not.
            let latency =
                alike * (loads / total_warps + bulk_loads_per_block) * miss * self.dram_latency_ns;
            let parts = [
                (compute, Bound::Compute),
                (memory, Bound::Memory),
                (shared, Bound::Shared),
                (latency, Bound::Latency),
            ];
            let (longest, bound) =
                parts
                    .into_iter()
                    .fold((0.0, Bound::Compute), |a, b| if b.0 > a.0 { b } else { a });
            let wave_ns = longest + alike * per as f64 * self.block_ns;
            match bound {
                Bound::Compute => time.compute_ns += wave_ns,
                Bound::Memory => time.memory_ns += wave_ns,
                Bound::Shared => time.shared_ns += wave_ns,
                Bound::Latency | Bound::Atomics => time.latency_ns += wave_ns,
            }
            if i + 1 == count && rest > 0 && full > 0 {
                time.tail_ns = wave_ns;
            }
            // Waves as many as the share of blocks they hold: a full wave's time counts once
            // per wave it stands for.
            let held = (share * blocks as f64 / alike).min((per * busy) as f64);
            weighted_warps += wave_ns * (held * warps_per_block as f64) / (max_warps * sms as f64);
            busy_ns += wave_ns;
        }
        time.occupancy.achieved = if busy_ns > 0.0 {
            weighted_warps / busy_ns
        } else {
            0.0
        };
        time.total_ns = time.launch_ns
            + time.compute_ns
            + time.memory_ns
            + time.shared_ns
            + time.latency_ns
            + time.atomics_ns;
        let largest = [
            (time.compute_ns, Bound::Compute),
            (time.memory_ns, Bound::Memory),
            (time.shared_ns, Bound::Shared),
            (time.latency_ns, Bound::Latency),
            (time.atomics_ns, Bound::Atomics),
        ];
        time.bound = largest
            .into_iter()
            .fold((0.0, Bound::Compute), |a, b| if b.0 > a.0 { b } else { a })
            .1;
        time
    }

    /// Simulated duration of a copy of `bytes`, across the host link or inside the device.
    pub fn copy_ns(&self, bytes: usize, host: bool) -> f64 {
        let bw = if host {
            self.host_bytes_per_ns
        } else {
            self.device_bytes_per_ns
        };
        self.copy_latency_ns + bytes as f64 / bw.max(1e-3)
    }
}
