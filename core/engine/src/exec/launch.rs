//! Running a kernel over its grid: the launch's checks against the kernel and the
//! simulated device, its counting tables, and its blocks one after another, each run
//! round by round over its warps until every thread has exited.

use super::barrier::{release_block_barrier, step_past_barrier, STALL_ROUNDS};
use super::budget::{block_work, Budget};
use super::cluster::{set_cluster_regs, ClusterShape};
use super::counters::{LineCounters, Stats};
use super::footprint::Footprint;
use super::global::Global;
use super::group::{Resident, Schedule, SLICE};
use super::plan::Plan;
use super::probe::{chains, fold, lines, sole_writers, Probe, NO_CHAIN};
use super::warp_state::{live_threads, start_warp, Warp};
use super::Block;
use super::{Coschedule, Dims, KernelLimits};
use crate::error::{Error, LaunchProblem, Result};
use crate::sim::engine::ir::*;
use crate::sim::engine::lower::{KernelCode, SimModule};
use crate::sim::engine::mem::Memory;

/// A launch's shape that obeys the rules every CUDA launch obeys, whatever the backend or
/// the kernel: no zero dimension, at most 1,024 threads per block, a cluster the launch
/// names with no zero dimension that tiles the grid. [`LaunchShape::new`] is the one place
/// these rules are checked (`cuda-library`'s launch geometry is one), and its fields are
/// private, so a shape in hand is proof of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaunchShape {
    dims: Dims,
    coschedule: Coschedule,
}

/// The most threads a block may have on any CUDA device.
pub const MAX_BLOCK_THREADS: u32 = 1024;

impl LaunchShape {
    /// Checks `dims`, run together as `coschedule` says, against the rules of every launch.
    pub fn new(dims: Dims, coschedule: Coschedule) -> std::result::Result<Self, LaunchProblem> {
        for (what, d) in [("grid", dims.grid), ("block", dims.block)] {
            if d.contains(&0) {
                return Err(LaunchProblem::ZeroDimension { what, dims: d });
            }
        }
        // Three u32 extents can pass u64::MAX; past it the block is too large anyway.
        let threads = volume(dims.block);
        if threads > u64::from(MAX_BLOCK_THREADS) {
            return Err(LaunchProblem::TooManyThreads {
                threads,
                most: MAX_BLOCK_THREADS,
                kernel_limit: false,
            });
        }
        if let Some(c) = coschedule.cluster {
            if c.contains(&0) {
                return Err(LaunchProblem::ZeroDimension {
                    what: "cluster",
                    dims: c,
                });
            }
            tiles(dims.grid, c)?;
        }
        Ok(LaunchShape { dims, coschedule })
    }

    /// The grid, the block and the dynamic shared memory.
    #[inline]
    pub fn dims(&self) -> Dims {
        self.dims
    }

    /// How the blocks run together.
    #[inline]
    pub fn coschedule(&self) -> Coschedule {
        self.coschedule
    }

    /// Threads per block (at most 1,024).
    #[inline]
    pub fn threads(&self) -> u32 {
        // Checked not to pass 1,024 when the shape was made.
        volume(self.dims.block).min(u64::from(MAX_BLOCK_THREADS)) as u32
    }
}

/// The product of three extents, saturating.
fn volume(d: [u32; 3]) -> u64 {
    d.iter().fold(1u64, |n, &x| n.saturating_mul(u64::from(x)))
}

/// Whether clusters of `cluster` blocks (no zero dimension) tile `grid`: each grid
/// dimension a multiple of the cluster's.
fn tiles(grid: [u32; 3], cluster: [u32; 3]) -> std::result::Result<(), LaunchProblem> {
    if (0..3).all(|k| grid[k] % cluster[k] == 0) {
        Ok(())
    } else {
        Err(LaunchProblem::ClusterDoesNotTile { grid, cluster })
    }
}

/// A launch the engine's check accepted ([`CheckedLaunch::new`]): what the engine's `run`
/// takes as proof, so nothing after the check looks at the launch's settings again. Every
/// launch the engine runs is one: its own entry points (`launch`, `launch_coscheduled`...)
/// make one as `cuda-library`'s simulated libraries do. The rules of every launch are the
/// [`LaunchShape`]'s; the engine's own — the kernel's limits, the cluster rules, shared and
/// local memory, the simulator's register file — are checked here and nowhere else.
#[derive(Debug, Clone, Copy)]
pub struct CheckedLaunch {
    /// The grid, the block and the dynamic shared memory.
    dims: Dims,
    /// The groups of blocks the launch runs (the kernel's declared cluster applied).
    schedule: Schedule,
    /// Threads per block.
    threads: u32,
}

impl CheckedLaunch {
    /// Checks a launch of `code` (named `kernel`) of `shape`, with `params_len` bytes of
    /// parameters and the settings `limits` gives, against the kernel and the simulated
    /// device.
    pub fn new(
        code: &KernelCode,
        kernel: &str,
        shape: LaunchShape,
        limits: &KernelLimits,
        (params_len, budget): (usize, &Budget),
    ) -> Result<CheckedLaunch> {
        let refuse = |problem| Error::InvalidLaunch {
            kernel: Some(kernel.to_string()),
            problem,
        };
        let (dims, coschedule, threads) = (shape.dims(), shape.coschedule(), shape.threads());
        limits.check(kernel, dims, coschedule)?;
        let declared = coschedule.with_declared(code).map_err(refuse)?;
        if let Some(c) = declared.cluster {
            if coschedule.cluster.is_none() {
                // The kernel's own shape: the rule the launch's shape obeyed, for it.
                tiles(dims.grid, c).map_err(refuse)?;
            }
            if volume(c) > MAX_CLUSTER {
                return Err(refuse(LaunchProblem::ClusterTooLarge {
                    cluster: c,
                    most: MAX_CLUSTER,
                    portable_limit: false,
                }));
            }
        }
        let schedule = declared.schedule(dims.grid);
        if params_len < code.param_bytes {
            return Err(refuse(LaunchProblem::ParameterBytes {
                expected: code.param_bytes,
                got: params_len,
            }));
        }
        if let Some(most) = code.max_threads.filter(|&most| threads > most) {
            return Err(refuse(LaunchProblem::TooManyThreads {
                threads: u64::from(threads),
                most,
                kernel_limit: true,
            }));
        }
        // The simulated device's limits (sm_90): shared memory per block and local per thread.
        const MAX_SHARED: usize = crate::sim::engine::MAX_SHARED_PER_BLOCK;
        const MAX_LOCAL: usize = 512 * 1024;
        let shared_total = code
            .shared_static
            .saturating_add(dims.shared_dynamic as usize);
        if shared_total > MAX_SHARED {
            return Err(refuse(LaunchProblem::SharedMemory {
                asked: shared_total as u64,
                most: MAX_SHARED as u64,
            }));
        }
        if code.local_bytes > MAX_LOCAL {
            return Err(refuse(LaunchProblem::LocalMemory {
                asked: code.local_bytes as u64,
                most: MAX_LOCAL as u64,
            }));
        }
        let footprint = Footprint::of(
            code,
            (threads, shared_total as u64),
            schedule.group_blocks(),
            0,
        );
        check_footprint(kernel, &footprint, budget)?;
        Ok(CheckedLaunch {
            dims,
            schedule,
            threads,
        })
    }
}

/// Checks that one unit of the launch (a block, or the blocks that run together) fits in
/// the simulator's register file with their shared and local memory.
fn check_footprint(kernel: &str, footprint: &Footprint, budget: &Budget) -> Result<()> {
    let bytes = footprint.unit();
    if bytes <= budget.register_file_bytes {
        return Ok(());
    }
    let what = if footprint.blocks > 1 {
        format!(
            "kernel `{kernel}`: {} blocks run together (a cluster or a cooperative grid), \
             their registers, shared and local memory on the simulator's register file",
            footprint.blocks
        )
    } else {
        format!(
            "kernel `{kernel}` ({} bytes of registers, {} of shared and {} of local memory \
             per block) on the simulator's register file",
            footprint.registers, footprint.shared, footprint.local
        )
    };
    Err(crate::limits::exceeded(
        what,
        bytes,
        "register_file_bytes",
        budget.register_file_bytes,
    ))
}

/// The most blocks a cluster may have (sm_90, with non-portable sizes allowed).
pub(super) const MAX_CLUSTER: u64 = 16;

/// Each instruction's [`Probe`], with the sole writer of each address register filled
/// in, and the number of [`Memo`]s they use.
fn probes(code: &KernelCode) -> (Vec<Probe>, u32) {
    let mut n_memos = 0u32;
    let mut probes: Vec<Probe> = code
        .code
        .iter()
        .map(|i| Probe::of(&i.op, &mut n_memos))
        .collect();
    chains(&code.code, &mut probes);
    let writers = sole_writers(&code.code, code.nregs);
    for p in probes.iter_mut() {
        if let Probe::Access {
            addr: Addr {
                base: Src::Reg(r), ..
            },
            writer,
            ..
        } = p
        {
            *writer = writers.get(*r as usize).copied().unwrap_or(NO_CHAIN);
        }
    }
    (probes, n_memos)
}

/// Runs a launch that [`CheckedLaunch::new`] accepted: every block of the grid, alone or
/// in the groups its schedule says, on one thread or several ([`super::parallel`]), then
/// the counters (each PTX line's only when `per_line` asks for them).
pub(super) fn run(
    module: &SimModule,
    gmem: &mut Memory,
    code: &KernelCode,
    (launch, params): (CheckedLaunch, &[u8]),
    budget: Budget,
    per_line: bool,
) -> Result<(Stats, Vec<LineCounters>)> {
    let CheckedLaunch {
        dims,
        schedule,
        threads,
    } = launch;
    let (probes, n_memos) = probes(code);
    let mut stats = Stats::default();
    let shared_bytes = code.shared_static + dims.shared_dynamic as usize;
    stats.blocks = dims
        .grid
        .iter()
        .fold(1u64, |n, &d| n.saturating_mul(d as u64));
    stats.block_threads = threads;
    stats.block_shared_bytes = shared_bytes.min(u32::MAX as usize) as u32;
    // Cooperative groups' grid sync counts arrivals in a workspace the driver passes in
    // %envreg1:%envreg2 (a grid of blocks run one after another can sync only with a
    // single block; more spin until the work budget stops them: a cooperative launch runs
    // its blocks together).
    let workspace = if code.grid_workspace {
        Some(gmem.alloc(16, 16)?)
    } else {
        None
    };
    let plan = Plan {
        block_work: block_work(threads, shared_bytes, code.local_bytes),
        first_line: code.code.first().map_or(0, |i| i.line),
        module,
        code,
        probes: &probes,
        n_memos,
        params,
        dims,
        threads,
        schedule,
        grouped: schedule.cluster.explicit || schedule.cooperative || code.cluster_barrier,
        workspace,
        grid_id: crate::special::next_grid_id(),
    };
    let result = super::parallel::run_units(&plan, gmem, budget, &mut stats);
    if let Some(at) = workspace {
        let _ = gmem.free(at);
    }
    let mut block = result?;
    for m in block.memos.iter_mut() {
        m.settle();
    }
    fold(&mut stats, code, &probes, &block.sites, &block.memos);
    let lines = if per_line {
        lines(code, &probes, &block.sites, &block.memos)
    } else {
        Vec::new()
    };
    Ok((stats, lines))
}

impl Block<'_> {
    /// Runs unit `i` of the launch: block `i` in grid order, or group `i`.
    pub(super) fn run_unit<G: Global>(
        &mut self,
        gmem: &mut G,
        residents: &mut [Resident],
        plan: &Plan,
        i: u64,
        stats: &mut Stats,
    ) -> Result<()> {
        self.unit_start = stats.work;
        match residents {
            [one] if !plan.grouped => self.run_block(gmem, &mut one.warps, plan, i, stats),
            all => self.run_group_at(gmem, all, &plan.schedule, i, stats),
        }
    }

    /// Runs block `i` of the grid (x fastest, then y, then z) alone.
    fn run_block<G: Global>(
        &mut self,
        gmem: &mut G,
        warps: &mut [Warp],
        plan: &Plan,
        i: u64,
        stats: &mut Stats,
    ) -> Result<()> {
        let dims = plan.dims;
        let [gx, gy] = [dims.grid[0], dims.grid[1]];
        // Most grids number their blocks in 32 bits, where division is cheaper.
        let ctaid = match u32::try_from(i) {
            Ok(i) => [i % gx, (i / gx) % gy, i / gx / gy],
            Err(_) => {
                let [gx, gy] = [gx as u64, gy as u64];
                [i % gx, (i / gx) % gy, i / gx / gy].map(|c| c as u32)
            }
        };
        self.serial = i + 1;
        // The block's set-up is charged before it is done.
        stats.work = stats.work.saturating_add(plan.block_work);
        self.meter.check(stats, &self.code.name, plan.first_line)?;
        self.start(ctaid);
        for w in warps.iter_mut() {
            start_warp(w, ctaid);
        }
        if !self.code.cluster_regs.is_empty() {
            self.alone_in_cluster(warps, dims.grid);
        }
        self.run_to_end(gmem, warps, stats)
    }

    /// Sets the cluster special registers of a block that is a cluster of its own.
    #[cold]
    fn alone_in_cluster(&self, warps: &mut [Warp], grid: [u32; 3]) {
        let shape = ClusterShape {
            dims: [1, 1, 1],
            explicit: false,
        };
        for w in warps.iter_mut() {
            set_cluster_regs(w, &self.code.cluster_regs, shape, (grid, self.ctaid));
        }
    }

    /// Prepares for block `ctaid` of the grid: shared memory zeroed, barriers reset.
    fn start(&mut self, ctaid: [u32; 3]) {
        self.shared.fill(0);
        self.ctaid = ctaid;
        self.bars = [(0, 0, 0); 16];
        self.epoch = 0;
    }

    /// Runs the block's warps round after round until every thread has exited: in each
    /// round every warp runs until it waits or exits; then the barriers they wait at are
    /// released, or the block is deadlocked.
    fn run_to_end<G: Global>(
        &mut self,
        gmem: &mut G,
        warps: &mut [Warp],
        stats: &mut Stats,
    ) -> Result<()> {
        let mut stalled = 0u32;
        loop {
            let before = (self.epoch, live_threads(warps));
            for w in warps.iter_mut() {
                self.turn::<false, G>(gmem, w, stats)?;
            }
            if warps.iter().all(|w| w.live == 0) {
                return Ok(());
            }
            let released = warps.iter().any(|w| {
                w.wait_bar
                    .is_some_and(|(id, g)| w.waiting && self.bars[id as usize].1 != g)
            });
            if released || warps.iter().any(|w| w.yielded.is_some()) {
                // Warps polling an mbarrier run again; when a whole round of them changes
                // nothing, nothing ever will.
                if (self.epoch, live_threads(warps)) == before {
                    stalled += 1;
                    if stalled > STALL_ROUNDS {
                        return Err(self.deadlock(warps));
                    }
                } else {
                    stalled = 0;
                }
                continue;
            }
            if warps.iter().any(|w| w.waiting && w.wait_bar.is_some()) {
                if self.free_counted_barriers(warps) {
                    continue;
                }
                return Err(self.deadlock(warps));
            }
            release_block_barrier(warps);
        }
    }

    /// A warp's turn in a round: it runs until it waits at a barrier or exits, pausing
    /// where the meter says to look at the budget and the clock; `SLICED` (a block that
    /// runs with others), also until it has run [`SLICE`] thread-instructions (then it is
    /// [`sliced`](Warp::sliced)). A block that runs alone gets the code without slices.
    pub(super) fn turn<const SLICED: bool, G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        stats: &mut Stats,
    ) -> Result<()> {
        // A barrier for part of the block completed since the warp came.
        if let Some((id, generation)) = w.wait_bar.filter(|_| w.waiting) {
            if self.bars[id as usize].1 != generation {
                w.waiting = false;
                w.wait_bar = None;
                step_past_barrier(w);
            }
        }
        w.yielded = None;
        w.parked = 0;
        let slice_end = stats.thread_instructions.saturating_add(SLICE);
        while w.live != 0 && !w.waiting {
            let before = stats.thread_instructions;
            let meter_at = self.meter.pause_at(stats);
            let pause_at = if SLICED {
                meter_at.min(slice_end)
            } else {
                meter_at
            };
            self.charged = 0;
            let paused = self.run_warp(gmem, w, stats, pause_at)?;
            stats.work += stats.thread_instructions - before;
            stats.work = stats.work.saturating_add(self.charged);
            match paused {
                None => break,
                Some(_) if SLICED && pause_at < meter_at => {
                    w.sliced = true;
                    break;
                }
                Some((line, work)) => self.meter.paused(stats, work, &self.code.name, line)?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{launch_coscheduled, ClusterLimits, Coschedule, Dims, KernelLimits};
    use super::{CheckedLaunch, LaunchShape};
    use crate::sim::engine::{load_ptx, Budget, Memory};

    /// `plain` does nothing; `pair` declares clusters of two blocks.
    const PTX: &str = r#"
.version 8.0
.target sm_90
.address_size 64
.visible .entry plain(.param .u32 n)
{
    ret;
}
.visible .entry pair() .reqnctapercluster 2, 1, 1
{
    ret;
}
"#;

    fn dims(grid: u32, block: u32, shared_dynamic: u32) -> Dims {
        Dims {
            grid: [grid, 1, 1],
            block: [block, 1, 1],
            shared_dynamic,
        }
    }

    fn cluster(x: u32) -> Coschedule {
        Coschedule {
            cluster: Some([x, 1, 1]),
            cooperative: false,
        }
    }

    /// The message of a launch of `kernel` the one check refuses.
    fn refusal(kernel: &str, shape: (Dims, Coschedule), limits: &KernelLimits) -> String {
        let module = load_ptx(PTX, &mut Memory::new()).expect("the module loads");
        let code = module.kernel(kernel).expect("the kernel lowers");
        let budget = Budget::from(1_000_000);
        let shape = LaunchShape::new(shape.0, shape.1).expect("a valid shape");
        match CheckedLaunch::new(code, kernel, shape, limits, (4, &budget)) {
            Ok(_) => panic!("{kernel}: the launch was accepted"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn a_kernels_attributes_limit_its_launch_as_the_drivers_do() {
        let portable = KernelLimits {
            cluster: Some(ClusterLimits::default()),
            ..KernelLimits::default()
        };
        let e = refusal("plain", (dims(16, 32, 0), cluster(16)), &portable);
        assert!(
            e.contains("a cluster of 16 blocks (16, 1, 1); at most 8 unless"),
            "{e}"
        );
        let required = KernelLimits {
            cluster: Some(ClusterLimits {
                non_portable: true,
                required: Some([2, 1, 1]),
            }),
            ..KernelLimits::default()
        };
        let e = refusal("plain", (dims(16, 32, 0), cluster(4)), &required);
        assert!(
            e.contains("requires clusters of [2, 1, 1] blocks, not [4, 1, 1]"),
            "{e}"
        );
        let shared = KernelLimits {
            max_dynamic_shared: Some(100),
            ..KernelLimits::default()
        };
        let e = refusal("plain", (dims(1, 32, 101), Coschedule::default()), &shared);
        assert!(
            e.contains("asks for 101 bytes of dynamic shared memory but may use 100"),
            "{e}"
        );
    }

    #[test]
    fn the_engine_run_directly_sets_no_attribute_limit() {
        let module = load_ptx(PTX, &mut Memory::new()).expect("the module loads");
        let code = module.kernel("plain").expect("the kernel lowers");
        let budget = Budget::from(1_000_000);
        let none = KernelLimits::default();
        let big = LaunchShape::new(dims(16, 32, 60_000), cluster(16)).expect("a valid shape");
        assert!(CheckedLaunch::new(code, "plain", big, &none, (4, &budget)).is_ok());
    }

    #[test]
    fn a_declared_cluster_must_tile_the_grid() {
        let e = refusal(
            "pair",
            (dims(3, 32, 0), Coschedule::default()),
            &KernelLimits::default(),
        );
        assert!(
            e.contains("grid (3, 1, 1) is not a multiple of cluster (2, 1, 1)"),
            "{e}"
        );
    }

    #[test]
    fn the_engine_run_directly_checks_what_the_apis_geometry_does() {
        let mut mem = Memory::new();
        let module = load_ptx(PTX, &mut mem).expect("the module loads");
        let params = [0u8; 4];
        let mut launch = |d: Dims, co: Coschedule| {
            launch_coscheduled(&module, &mut mem, ("plain", d, co), &params, 1_000_000)
                .map(|_| ())
                .map_err(|e| e.to_string())
        };
        let e = launch(dims(0, 32, 0), Coschedule::default()).unwrap_err();
        assert!(
            e.contains("grid dimensions (0, 1, 1) contain a zero"),
            "{e}"
        );
        let e = launch(dims(1, 2048, 0), Coschedule::default()).unwrap_err();
        assert!(
            e.contains("a block of 2048 threads exceeds the CUDA limit of 1024"),
            "{e}"
        );
        let e = launch(dims(4, 32, 0), cluster(3)).unwrap_err();
        assert!(
            e.contains("grid (4, 1, 1) is not a multiple of cluster (3, 1, 1)"),
            "{e}"
        );
        let e = launch(dims(32, 32, 0), cluster(32)).unwrap_err();
        assert!(
            e.contains("a cluster of 32 blocks (32, 1, 1); at most 16"),
            "{e}"
        );
        assert_eq!(launch(dims(4, 32, 0), cluster(2)), Ok(()));
    }

    /// The rules of every launch are a shape's, checked once: a caller matches on which
    /// rule a shape breaks.
    #[test]
    fn a_shape_names_the_rule_it_breaks() {
        use crate::error::LaunchProblem as P;
        let plain = Coschedule::default();
        assert_eq!(
            LaunchShape::new(dims(1, 0, 0), plain),
            Err(P::ZeroDimension {
                what: "block",
                dims: [0, 1, 1]
            })
        );
        let huge = Dims {
            grid: [1; 3],
            block: [u32::MAX; 3],
            shared_dynamic: 0,
        };
        assert!(matches!(
            LaunchShape::new(huge, plain),
            Err(P::TooManyThreads {
                threads: u64::MAX,
                most: 1024,
                kernel_limit: false
            })
        ));
        assert_eq!(
            LaunchShape::new(dims(4, 32, 0), cluster(0)),
            Err(P::ZeroDimension {
                what: "cluster",
                dims: [0, 1, 1]
            })
        );
        assert_eq!(
            LaunchShape::new(dims(6, 32, 0), cluster(4)),
            Err(P::ClusterDoesNotTile {
                grid: [6, 1, 1],
                cluster: [4, 1, 1]
            })
        );
        let ok = LaunchShape::new(dims(8, 1024, 7), cluster(4)).expect("a valid shape");
        assert_eq!(
            (ok.dims(), ok.coschedule(), ok.threads()),
            (dims(8, 1024, 7), cluster(4), 1024)
        );
    }

    /// Each thread doubles its element of `p` (a load, a store and a branch per thread).
    const TWICE: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry twice(.param .u64 p, .param .u32 n)
{
    .reg .pred %p<2>; .reg .b32 %r<6>; .reg .b64 %rd<5>;
    ld.param.u64 %rd1, [p];
    ld.param.u32 %r2, [n];
    mov.u32 %r3, %tid.x;
    setp.ge.u32 %p1, %r3, %r2;
    @%p1 bra DONE;
    cvta.to.global.u64 %rd2, %rd1;
    mul.wide.u32 %rd3, %r3, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r4, [%rd4];
    shl.b32 %r5, %r4, 1;
    st.global.u32 [%rd4], %r5;
DONE:
    ret;
}"#;

    #[test]
    fn per_line_counters_are_gathered_only_when_asked_and_change_no_stat() {
        let run = |per_line: bool| {
            let mut mem = Memory::new();
            let module = load_ptx(TWICE, &mut mem).expect("the module loads");
            let code = module.kernel("twice").expect("the kernel lowers");
            let buf = mem.alloc(4 * 40, 4).expect("room for the buffer");
            let params = crate::sim::engine::pack_params(
                &module,
                "twice",
                &[&buf.to_le_bytes(), &37u32.to_le_bytes()],
            )
            .expect("the parameters pack");
            let budget = Budget::from(1_000_000);
            let shape = LaunchShape::new(dims(2, 32, 0), Coschedule::default()).expect("a shape");
            let checked = CheckedLaunch::new(
                code,
                "twice",
                shape,
                &KernelLimits::default(),
                (params.len(), &budget),
            )
            .expect("the launch is accepted");
            super::super::launch_checked(
                &module,
                &mut mem,
                code,
                (checked, &params),
                budget,
                per_line,
            )
            .expect("the launch runs")
        };
        let (counted, lines) = run(true);
        let (plain, none) = run(false);
        assert_eq!(
            counted, plain,
            "the launch's counters do not depend on per-line ones"
        );
        assert!(counted.work > 0);
        assert!(none.is_empty(), "{none:?}");
        assert!(lines.iter().any(|l| l.global_requests > 0), "{lines:?}");
    }
}
