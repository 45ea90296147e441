//! The simulated devices behind the public API: one memory, a simulated clock per device
//! and the cost model that advances them. There is one device unless
//! `CUDA_LIBRARY_SIM_DEVICES=N` or [`set_device_count`] asks for more (up to
//! [`MAX_DEVICES`]); they share the one memory (addresses are unique across devices, as with
//! unified addressing), each with its own timeline.
//!
//! Work runs on the host when it is enqueued, so a launch has finished when `launch`
//! returns and a fault is reported by the launch itself. Time is *simulated*: every stream
//! has a timeline in simulated nanoseconds that each launch or copy advances by what
//! [`CostModel`] says it costs, and events read those timelines. The figures are a model of
//! an H100-class GPU, not a prediction of any real one.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};

use super::engine::Memory;
use super::{CostModel, KernelTime, Stats};
use crate::error::{Error, Result};
use crate::info::DeviceProperties;

/// Multiprocessors of the simulated device.
pub(crate) const SM_COUNT: u32 = 132;
/// Its name, as `Device::name` reports it.
pub(crate) const NAME: &str = "cuda-library simulated GPU (sm_90)";

/// One simulated device's clocks.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Clock {
    /// Where the device's legacy default stream is: synchronous copies run on it.
    pub legacy_ns: f64,
    /// The latest end of any work on any of the device's streams.
    pub latest_ns: f64,
}

/// The simulated GPUs' state: memory and the clocks every stream starts from.
pub(crate) struct GpuState {
    /// Device memory (global, constant banks, managed variables) of every device.
    pub mem: Memory,
    /// Each device's clocks, by ordinal (grown on first use).
    clocks: Vec<Clock>,
}

impl GpuState {
    /// Device `ordinal`'s clocks.
    pub fn clock(&mut self, ordinal: usize) -> &mut Clock {
        if self.clocks.len() <= ordinal {
            self.clocks.resize(ordinal + 1, Clock::default());
        }
        &mut self.clocks[ordinal]
    }
}

/// The simulated devices of the process.
pub(crate) struct SimGpu {
    state: Mutex<GpuState>,
    /// How many devices there are.
    count: AtomicUsize,
    /// The cost model.
    pub cost: CostModel,
}

/// The most simulated devices a process may ask for.
pub const MAX_DEVICES: usize = 16;

/// The device count `CUDA_LIBRARY_SIM_DEVICES` asks for: 1 when unset or not a number in
/// 1..=[`MAX_DEVICES`] (a bad value is reported by [`device_count_setting`]).
fn count_from_env() -> usize {
    device_count_setting().unwrap_or(1)
}

/// `CUDA_LIBRARY_SIM_DEVICES` parsed, or why it cannot be used.
pub(crate) fn device_count_setting() -> Result<usize> {
    match std::env::var("CUDA_LIBRARY_SIM_DEVICES") {
        Err(_) => Ok(1),
        Ok(v) => match v.trim().parse::<usize>() {
            Ok(n) if (1..=MAX_DEVICES).contains(&n) => Ok(n),
            _ => Err(Error::InvalidArgument(format!(
                "CUDA_LIBRARY_SIM_DEVICES={v:?}: give a number of simulated devices from 1 to \
                 {MAX_DEVICES}"
            ))),
        },
    }
}

/// Whether [`set_device_count`] has chosen the count (then `CUDA_LIBRARY_SIM_DEVICES` no
/// longer matters).
static COUNT_SET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// An error when `CUDA_LIBRARY_SIM_DEVICES` is malformed and no count was set in code.
pub(crate) fn check_device_count_setting() -> Result<()> {
    if COUNT_SET.load(Ordering::Relaxed) {
        return Ok(());
    }
    device_count_setting().map(|_| ())
}

/// The process's simulated devices.
pub(crate) fn gpu() -> &'static SimGpu {
    static GPU: OnceLock<SimGpu> = OnceLock::new();
    GPU.get_or_init(|| SimGpu {
        state: Mutex::new(GpuState {
            mem: Memory::new(),
            clocks: vec![Clock::default()],
        }),
        count: AtomicUsize::new(count_from_env()),
        cost: CostModel::default(),
    })
}

/// How many devices the simulated backend presents (`Device::count()` there): 1, or what
/// `CUDA_LIBRARY_SIM_DEVICES` or [`set_device_count`] chose.
pub fn device_count() -> usize {
    gpu().count.load(Ordering::Relaxed)
}

/// Presents `n` simulated devices (1 to [`MAX_DEVICES`]), as if the machine had `n` GPUs:
/// `Device::count()`, `Device::all()` and `Device::new(i)` follow. They share one memory
/// (each allocation has its own address) and each has its own timeline; variables of a
/// loaded library are shared by all of them, where a GPU gives each device its own copy.
/// Lowering the count leaves contexts already made working.
///
/// ```
/// use cuda_library::{sim, BackendKind, Device};
/// cuda_library::use_backend(BackendKind::Sim)?;
/// sim::set_device_count(2)?;
/// assert_eq!(Device::count()?, 2);
/// assert!(sim::set_device_count(0).is_err());
/// sim::set_device_count(1)?;
/// # Ok::<(), cuda_library::Error>(())
/// ```
pub fn set_device_count(n: usize) -> Result<()> {
    if !(1..=MAX_DEVICES).contains(&n) {
        return Err(Error::InvalidArgument(format!(
            "{n} simulated devices: give 1 to {MAX_DEVICES}"
        )));
    }
    gpu().count.store(n, Ordering::Relaxed);
    COUNT_SET.store(true, Ordering::Relaxed);
    Ok(())
}

/// Sets the work budget (in thread-instructions: see [`Budget`](super::Budget)) of every
/// later launch on the simulated backend; a kernel that runs past it stops with
/// [`Error::InstructionBudget`](crate::Error::InstructionBudget). The default is
/// [`DEFAULT_BUDGET`](super::DEFAULT_BUDGET); a browser page wants less. A shorthand for
/// setting [`Limits::launch_budget`](crate::Limits::launch_budget).
///
/// ```
/// cuda_library::sim::set_launch_budget(50_000_000);
/// assert_eq!(cuda_library::sim::launch_budget(), 50_000_000);
/// assert_eq!(cuda_library::limits().launch_budget, 50_000_000);
/// cuda_library::sim::set_launch_budget(cuda_library::sim::DEFAULT_BUDGET);
/// ```
pub fn set_launch_budget(thread_instructions: u64) {
    crate::limits::update(|l| l.launch_budget = thread_instructions);
}

/// The work budget of launches on the simulated backend ([`Limits::launch_budget`](crate::Limits::launch_budget)).
pub fn launch_budget() -> u64 {
    crate::limits().launch_budget
}

/// Takes the text device `printf` wrote on the simulated device since it was last taken
/// (every thread's output, in the order the simulator ran the threads).
///
/// Natively, synchronizing a stream, an event or the context prints it to standard output,
/// as CUDA prints a GPU's printf buffer at a synchronization point; this call is for
/// callers that show it elsewhere (on wasm32 it is the only way to get it: the playground
/// shows it under the snippet).
///
/// ```
/// assert_eq!(cuda_library::sim::take_device_output(), ""); // nothing printed yet
/// ```
pub fn take_device_output() -> String {
    gpu().lock().mem.take_device_output()
}

/// Prints what device `printf` wrote, at a synchronization point (not on wasm32, where
/// standard output goes nowhere: [`take_device_output`] gets it there).
pub(crate) fn print_device_output() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use std::io::Write;
        let text = take_device_output();
        if !text.is_empty() {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(text.as_bytes());
            let _ = out.flush();
        }
    }
}

impl SimGpu {
    /// Locks the device. A panic in another thread while it held the lock leaves memory as
    /// it was, so the lock is taken over rather than poisoned for good.
    pub fn lock(&self) -> MutexGuard<'_, GpuState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Runs a synchronous copy or memset of `bytes` on device `ordinal`'s legacy stream: `f`
    /// does the work, the device's clock moves on by the copy's cost.
    pub fn copy<R>(
        &self,
        ordinal: usize,
        bytes: usize,
        host: bool,
        f: impl FnOnce(&mut Memory) -> Result<R>,
    ) -> Result<R> {
        let mut st = self.lock();
        let r = f(&mut st.mem)?;
        let cost = self.cost.copy_ns(bytes, host);
        let clock = st.clock(ordinal);
        let end = clock.legacy_ns.max(clock.latest_ns) + cost;
        clock.legacy_ns = end;
        clock.latest_ns = end;
        Ok(r)
    }
}

impl GpuState {
    /// Places a copy of `bytes` from device `src` to device `dst` that may start at `ready`
    /// (a stream's timeline, or the legacy streams for a synchronous copy); returns its end
    /// and moves both devices' clocks.
    pub fn charge_peer_copy(
        &mut self,
        cost: &CostModel,
        (src, dst): (usize, usize),
        ready: Option<f64>,
        bytes: usize,
    ) -> f64 {
        let busy = |c: &Clock| c.legacy_ns.max(c.latest_ns);
        let start = match ready {
            Some(t) => t
                .max(self.clock(dst).legacy_ns)
                .max(self.clock(src).legacy_ns),
            None => busy(self.clock(dst)).max(busy(self.clock(src))),
        };
        let end = start + cost.copy_latency_ns + bytes as f64 / cost.peer_bytes_per_ns.max(1e-3);
        for d in [src, dst] {
            let c = self.clock(d);
            if ready.is_none() {
                c.legacy_ns = end;
            }
            c.latest_ns = c.latest_ns.max(end);
        }
        end
    }

    /// Places a launch that executed with `stats` on a stream of device `ordinal` whose work
    /// ends at `*stream_ns`; moves the stream's and the device's clocks.
    pub fn charge_launch(
        &mut self,
        cost: &CostModel,
        ordinal: usize,
        stream_ns: &mut f64,
        stats: &Stats,
    ) -> KernelTime {
        let clock = self.clock(ordinal);
        let start = stream_ns.max(clock.legacy_ns);
        let time = cost.kernel_time(stats);
        let end = start + time.total_ns;
        *stream_ns = end;
        clock.latest_ns = clock.latest_ns.max(end);
        time
    }
}

/// Simulated device `ordinal`'s UUID bytes: zeros, then the ordinal and `sim`.
pub(crate) fn uuid(ordinal: usize) -> [u8; 16] {
    let mut b = [0u8; 16];
    b[12] = ordinal as u8;
    b[13..].copy_from_slice(b"sim");
    b
}

/// Total simulated memory; 4 GiB does not fit a 32-bit usize (wasm32): the most it holds
/// there.
pub(crate) fn total_memory() -> usize {
    usize::try_from(super::CAPACITY).unwrap_or(usize::MAX)
}

/// The simulated device's limits, beyond name, UUID, capability and memory (filled in by
/// the caller): those of an H100 SXM where the simulator models them.
pub(crate) fn properties(base: DeviceProperties) -> DeviceProperties {
    DeviceProperties {
        multiprocessor_count: SM_COUNT as i32,
        max_threads_per_block: 1024,
        max_threads_per_multiprocessor: 2048,
        max_block_dim: [1024, 1024, 64],
        max_grid_dim: [i32::MAX, 65535, 65535],
        warp_size: 32,
        shared_memory_per_block: 48 * 1024,
        shared_memory_per_block_optin: super::MAX_SHARED_PER_BLOCK as i32,
        shared_memory_per_multiprocessor: 233_472,
        registers_per_block: 65536,
        total_constant_memory: 65536,
        l2_cache_size: 50 * 1024 * 1024,
        memory_bus_width: 5120,
        memory_clock_khz: 2_619_000,
        // The cost model's clock (an H100 SXM's boost clock, as `clockRate` reports it):
        // one figure for the device card and the simulated times.
        clock_rate_khz: (gpu().cost.clock_ghz * 1e6).round() as i32,
        pci: (0, 0, 0),
        managed_memory: true,
        cooperative_launch: false,
        cluster_launch: false,
        ..base
    }
}
