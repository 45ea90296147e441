//! What a profiler sees of one simulated launch: its counters, the cost model's account of
//! its time and what each PTX line did, as plain data (the simulator makes one per launch,
//! beside the counters and times it holds; the hints that read it are in `hints`; the
//! profiler, `crate::profile`, and the notebook's view take it from here).

mod hints;

pub use hints::Hint;

use std::sync::Arc;

use crate::sim::cost::KernelTime;
use crate::sim::engine::{LineCounters, Stats};

/// One simulated launch, profiled.
///
/// The [`profiles`](crate::guide::profiles) guide explains profiles and their hints.
#[derive(Debug, Clone, PartialEq)]
pub struct LaunchProfile {
    /// The kernel's symbol name.
    pub kernel: String,
    /// Grid and block dimensions, and dynamic shared memory in bytes.
    pub grid: [u32; 3],
    /// See `grid`.
    pub block: [u32; 3],
    /// See `grid`.
    pub shared_dynamic: u32,
    /// The launch's counters.
    pub stats: Stats,
    /// The cost model's account of its time.
    pub time: KernelTime,
    /// What each PTX line that executed did, in line order.
    pub lines: Vec<LineCounters>,
    /// The PTX text the line numbers refer to.
    pub(crate) ptx: Option<Arc<String>>,
}

impl LaunchProfile {
    /// Line `n` of the PTX text (1-based), trimmed; empty past the end, or where the
    /// library kept no text (a PTX image over 8 MiB).
    pub fn line_text(&self, n: u32) -> String {
        (n as usize)
            .checked_sub(1)
            .and_then(|i| self.ptx.as_ref()?.lines().nth(i))
            .map(|l| {
                let words: Vec<&str> = l.trim().trim_end_matches(';').split_whitespace().collect();
                words.join(" ")
            })
            .unwrap_or_default()
    }

    /// Global load and store efficiency: the fewest sectors the requests' bytes could take
    /// over the sectors they took (1 when every request is coalesced).
    pub fn global_efficiency(&self) -> Option<f64> {
        let (ideal, actual) = self.lines.iter().fold((0u64, 0u64), |(i, a), l| {
            (
                i.saturating_add(l.global_ideal_sectors),
                a.saturating_add(l.global_sectors),
            )
        });
        (actual > 0).then(|| ideal as f64 / actual as f64)
    }
}
