//! [`Limits`]: how much work and memory one input may cost, whoever wrote it.
//!
//! A small image can claim to inflate to gigabytes, declare a gigabyte-sized variable or a
//! million registers, and a one-instruction kernel can be launched over two billion blocks.
//! Every such input meets one of these limits and becomes an error that names the limit
//! and how to raise it, never an allocation or a run the caller did not ask for.
//!
//! The limits are process-wide (like the simulator's device, which they protect): read
//! them with [`limits`], change them with [`set_limits`].
//!
//! ```
//! use cuda_library_engine::{limits, set_limits, Limits};
//! let saved = limits();
//! set_limits(Limits { image_bytes: 512 << 20, ..saved.clone() }); // trust bigger images
//! assert_eq!(limits().image_bytes, 512 << 20);
//! set_limits(saved);
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::RwLock;
use std::time::Duration;

/// Resource limits that bound what one image or one simulated launch may take.
///
/// The defaults admit every real image and kernel the project has met (the largest fatbin
/// entries are tens of megabytes) and keep a hostile one well under 100 MB of memory.
///
/// The [`limits`](https://docs.rs/cuda-library/latest/cuda_library/guide/limits/index.html) guide lists every bound, fixed ones included.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Limits {
    /// Bytes one image may decompress to, every fatbin entry summed (default 64 MiB).
    /// Checked against each entry's header before decompressing and enforced while
    /// decompressing, so a compression bomb costs no more than this.
    pub image_bytes: u64,
    /// Bytes of PTX syntax tree allowed per byte of PTX text (default 32), with 1 MiB more
    /// for any text. The text may come out of a compressed fatbin entry, so its own size
    /// says little of what the caller handed over; this keeps the tree in proportion to it.
    /// Real PTX takes 9 to 12 bytes of tree per byte; a list of one-digit numbers 24 (runs
    /// of zeros take none).
    pub ptx_tree_factor: u64,
    /// Bytes of module-scope variables (`.global`, `.const`, managed) one image may
    /// declare, summed (default 256 MiB).
    pub variable_bytes: u64,
    /// Bytes of a variable's contents that text output (`culib inspect`, JSON, displays)
    /// shows before cutting it short and saying so (default 4 KiB).
    pub shown_bytes: u64,
    /// Bytes the simulator may hold for the blocks of one launch in flight (default 96 MiB):
    /// per block, registers per thread × 8 bytes × threads, its shared memory and every
    /// thread's local memory; every block of a cluster or cooperative grid at once. A
    /// block or group past it is refused before anything is allocated, and a parallel
    /// launch runs on as many of [`sim_threads`](Self::sim_threads) workers as fit (a GPU
    /// has 256 KiB of registers per multiprocessor, but the simulator keeps PTX's virtual
    /// registers, which can be thousands per thread).
    pub register_file_bytes: u64,
    /// Simulated work of one launch, in thread-instructions, each warp-instruction counted
    /// for all 32 lanes (default [`sim::DEFAULT_BUDGET`](crate::DEFAULT_BUDGET): under
    /// a minute of simulation whatever the kernel). Setting up a block and its
    /// threads counts as well as executing instructions (see
    /// [`sim::launch`](crate::launch)), so an empty kernel on a huge grid stops too.
    pub launch_budget: u64,
    /// Wall-clock time one simulated launch may run, on top of the budget (default none).
    /// Useful where a person waits: a notebook cell or a browser tab.
    pub launch_deadline: Option<Duration>,
    /// What the simulator answers for PTX's approximate `f32` instructions (`rcp.approx`,
    /// `rsqrt.approx`, `ex2.approx`, `div.approx`, ...): the GPU's own bits (default) or
    /// the correctly rounded value. Not a bound on work, but process-wide like one.
    pub approx_math: ApproxMath,
    /// Worker threads a simulated launch may run its blocks on (default: the
    /// `CUDA_LIBRARY_SIM_THREADS` environment variable, else every core the process may
    /// use). 1 runs the blocks one after another in grid order, the deterministic mode:
    /// with more, kernels without races give the same bits, but the order of float atomics
    /// on one address, and so their rounding, varies from run to run, as on a GPU. See
    /// the [`engine`](https://docs.rs/cuda-library/latest/cuda_library/guide/engine/index.html) guide's "Blocks in parallel".
    pub sim_threads: usize,
}

/// What the simulator answers for PTX's approximate `f32` math ([`Limits::approx_math`]).
///
/// The [`engine`](https://docs.rs/cuda-library/latest/cuda_library/guide/engine/index.html) guide's "Approximate math" section lists, per
/// instruction, how the GPU's answers were recorded and where they are exact.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ApproxMath {
    /// The answers an H100 or H200 (sm_90) gives, bit for bit on every input: `rcp`,
    /// `rsqrt`, `sqrt`, `lg2`, `ex2`, `sin`, `cos` and `tanh` (`ex2` and `tanh` in `f32` and
    /// half precision, `rcp.ftz` and `rsqrt` in `f64` too) and `div` (`.approx` and `.full`).
    #[default]
    Gpu,
    /// The correctly rounded value of the exact function (what the simulator did before).
    CorrectlyRounded,
}

/// [`Limits::approx_math`] of the limits in force, read per instruction without a lock.
static GPU_MATH: AtomicBool = AtomicBool::new(true);

/// The approximate math in force (see [`ApproxMath`]).
pub fn approx_math() -> ApproxMath {
    if GPU_MATH.load(Ordering::Relaxed) {
        ApproxMath::Gpu
    } else {
        ApproxMath::CorrectlyRounded
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            image_bytes: 64 << 20,
            ptx_tree_factor: 32,
            variable_bytes: 256 << 20,
            shown_bytes: 4 << 10,
            register_file_bytes: 96 << 20,
            // `sim::DEFAULT_BUDGET`, written out so that this plain-data module imports no
            // backend (`sim::Budget`'s example checks that the two agree).
            launch_budget: 2_000_000_000,
            launch_deadline: None,
            approx_math: ApproxMath::Gpu,
            sim_threads: default_sim_threads(),
        }
    }
}

/// `CUDA_LIBRARY_SIM_THREADS` if it is a number from 1 up, else the cores the process may
/// use (read once).
fn default_sim_threads() -> usize {
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| {
        std::env::var("CUDA_LIBRARY_SIM_THREADS")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&n| n >= 1)
            .or_else(|| std::thread::available_parallelism().ok().map(|n| n.get()))
            .unwrap_or(1)
    })
}

static LIMITS: RwLock<Option<Limits>> = RwLock::new(None);

/// The limits in force (the [defaults](Limits::default) until [`set_limits`] is called).
pub fn limits() -> Limits {
    LIMITS
        .read()
        .unwrap_or_else(|p| p.into_inner())
        .clone()
        .unwrap_or_default()
}

/// Replaces the limits for every later load and launch in the process.
///
/// The [`limits`](https://docs.rs/cuda-library/latest/cuda_library/guide/limits/index.html) guide lists every bound, fixed ones included.
pub fn set_limits(limits: Limits) {
    let mut g = LIMITS.write().unwrap_or_else(|p| p.into_inner());
    GPU_MATH.store(limits.approx_math == ApproxMath::Gpu, Ordering::Relaxed);
    *g = Some(limits);
}

/// Changes the limits in one step (no other thread's change is lost in between).
pub fn update(f: impl FnOnce(&mut Limits)) {
    let mut g = LIMITS.write().unwrap_or_else(|p| p.into_inner());
    let l = g.get_or_insert_with(Limits::default);
    f(l);
    GPU_MATH.store(l.approx_math == ApproxMath::Gpu, Ordering::Relaxed);
}

/// The error for an input past a limit: what it asked for, the limit, and how to raise it.
pub fn exceeded(what: impl std::fmt::Display, asked: u64, limit: &str, value: u64) -> crate::Error {
    crate::Error::LimitExceeded {
        what: what.to_string(),
        asked,
        limit: limit.to_string(),
        value,
    }
}

/// The running total of an image's module-scope variables, refused past
/// [`Limits::variable_bytes`] before anything is allocated.
pub struct VariableBudget {
    total: u64,
    limit: u64,
}

impl VariableBudget {
    /// An empty total, against the limit in force. (No `Default`: it reads the
    /// process-wide limits, which a default value should not.)
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        VariableBudget {
            total: 0,
            limit: limits().variable_bytes,
        }
    }

    /// Counts a variable of `size` bytes; `what` names it (`` `x` (PTX line 3) ``).
    pub fn add(&mut self, what: impl FnOnce() -> String, size: u64) -> crate::Result<()> {
        let before = self.total;
        self.total = before.saturating_add(size);
        if self.total <= self.limit {
            return Ok(());
        }
        let what = if before == 0 {
            what()
        } else {
            format!("{} with the {before} bytes of variables before it", what())
        };
        Err(exceeded(what, self.total, "variable_bytes", self.limit))
    }
}

/// Refuses one variable larger than [`Limits::variable_bytes`] (for code that places
/// variables one at a time, such as the simulator's loader).
pub fn check_variable(name: &str, line: u32, size: u64) -> crate::Result<()> {
    VariableBudget::new().add(|| format!("`{name}` (PTX line {line})"), size)
}
