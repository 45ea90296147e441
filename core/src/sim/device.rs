//! The simulated device behind the public API: one GPU with its memory, a simulated clock
//! and the cost model that advances it.
//!
//! Work runs on the host when it is enqueued, so a launch has finished when `launch`
//! returns and a fault is reported by the launch itself. Time is *simulated*: every stream
//! has a timeline in simulated nanoseconds that each launch or copy advances by what
//! [`CostModel`] says it costs, and events read those timelines. The figures are a model of
//! an H100-class GPU, not a prediction of any real one.

use std::sync::{Mutex, MutexGuard, OnceLock};

use super::{Memory, Stats};
use crate::error::Result;

/// How the simulated device charges time. All times are simulated nanoseconds.
///
/// - A kernel launch costs `launch_ns` plus the larger of its compute time (warp-instructions
///   spread over every multiprocessor: `warp_instructions / (multiprocessors *
///   issue_per_cycle) / clock_ghz`) and its memory time (bytes of `ld.global`/`st.global`
///   over `device_bytes_per_ns`).
/// - A copy between host and device costs `copy_latency_ns + bytes / host_bytes_per_ns`;
///   on the device (copy, memset) `copy_latency_ns + bytes / device_bytes_per_ns`.
/// - Each stream is its own timeline and streams do not contend. Like the driver's blocking
///   streams, work on a stream starts after earlier synchronous copies, and a synchronous
///   copy starts after everything queued before it.
///
/// ```
/// let m = cuda_library::sim::CostModel::default();
/// let ns = m.kernel_ns(1_000_000, 0); // a million warp-instructions, no memory traffic
/// assert!(ns > m.launch_ns && ns < m.launch_ns + 2_000.0);
/// // 1 GB of global memory traffic is bandwidth-bound: about a third of a millisecond.
/// assert!(m.kernel_ns(1_000_000, 1 << 30) > 300_000.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CostModel {
    /// Fixed cost of a kernel launch.
    pub launch_ns: f64,
    /// Multiprocessors that share a kernel's work.
    pub multiprocessors: u32,
    /// Warp-instructions each multiprocessor issues per cycle.
    pub issue_per_cycle: u32,
    /// Clock in GHz.
    pub clock_ghz: f64,
    /// Fixed cost of a copy or memset.
    pub copy_latency_ns: f64,
    /// Host↔device bandwidth in bytes per nanosecond (GB/s).
    pub host_bytes_per_ns: f64,
    /// Device memory bandwidth in bytes per nanosecond (GB/s).
    pub device_bytes_per_ns: f64,
}

impl Default for CostModel {
    fn default() -> Self {
        CostModel {
            launch_ns: 2_500.0,
            multiprocessors: SM_COUNT,
            issue_per_cycle: 4,
            clock_ghz: CLOCK_KHZ as f64 / 1e6,
            copy_latency_ns: 2_000.0,
            host_bytes_per_ns: 25.0,
            device_bytes_per_ns: 3_000.0,
        }
    }
}

impl CostModel {
    /// Simulated duration of a kernel that executed `warp_instructions` and moved
    /// `global_bytes` to or from global memory.
    pub fn kernel_ns(&self, warp_instructions: u64, global_bytes: u64) -> f64 {
        let per_ns = (self.multiprocessors.max(1) * self.issue_per_cycle.max(1)) as f64
            * self.clock_ghz.max(1e-3);
        let compute = warp_instructions as f64 / per_ns;
        let memory = global_bytes as f64 / self.device_bytes_per_ns.max(1e-3);
        self.launch_ns + compute.max(memory)
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

/// Multiprocessors of the simulated device.
pub(crate) const SM_COUNT: u32 = 132;
/// Its SM clock in kHz.
pub(crate) const CLOCK_KHZ: i32 = 1_755_000;
/// Its name, as `Device::name` reports it.
pub(crate) const NAME: &str = "cuda-library simulated GPU (sm_90)";

/// The simulated GPU's state: memory and the clocks every stream starts from.
pub(crate) struct GpuState {
    /// Device memory (global, constant banks, managed variables).
    pub mem: Memory,
    /// Where the legacy default stream is: synchronous copies run on it.
    pub legacy_ns: f64,
    /// The latest end of any work on any stream.
    pub latest_ns: f64,
}

/// The one simulated device of the process.
pub(crate) struct SimGpu {
    state: Mutex<GpuState>,
    /// The cost model.
    pub cost: CostModel,
}

/// The process's simulated device.
pub(crate) fn gpu() -> &'static SimGpu {
    static GPU: OnceLock<SimGpu> = OnceLock::new();
    GPU.get_or_init(|| SimGpu {
        state: Mutex::new(GpuState {
            mem: Memory::new(),
            legacy_ns: 0.0,
            latest_ns: 0.0,
        }),
        cost: CostModel::default(),
    })
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

    /// Runs a synchronous copy or memset of `bytes` on the legacy stream: `f` does the work,
    /// the clock moves on by the copy's cost.
    pub fn copy<R>(
        &self,
        bytes: usize,
        host: bool,
        f: impl FnOnce(&mut Memory) -> Result<R>,
    ) -> Result<R> {
        let mut st = self.lock();
        let r = f(&mut st.mem)?;
        let start = st.legacy_ns.max(st.latest_ns);
        let end = start + self.cost.copy_ns(bytes, host);
        st.legacy_ns = end;
        st.latest_ns = end;
        Ok(r)
    }
}

impl GpuState {
    /// Places a launch that executed with `stats` on a stream whose work ends at
    /// `*stream_ns`; returns nothing, moves the stream's and the device's clocks.
    pub fn charge_launch(&mut self, cost: &CostModel, stream_ns: &mut f64, stats: &Stats) {
        let start = stream_ns.max(self.legacy_ns);
        let end = start + cost.kernel_ns(stats.warp_instructions, stats.global_bytes);
        *stream_ns = end;
        self.latest_ns = self.latest_ns.max(end);
    }
}
