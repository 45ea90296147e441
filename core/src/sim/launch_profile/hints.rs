//! Hints in plain words that name the PTX lines responsible: what a profiled launch's
//! counters say to look at first.

use super::LaunchProfile;
use crate::sim::cost::{Bound, Limiter};
use crate::sim::engine::LineCounters;

/// A finding about a launch, in plain words.
///
/// The [`profiles`](crate::guide::profiles) guide explains profiles and their hints.
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    /// The finding and what to try.
    pub text: String,
    /// The PTX line responsible, where one is, and its text.
    pub line: Option<(u32, String)>,
    /// How much it matters, 0 to 1 (the share of the time it explains, roughly): hints are
    /// sorted by it.
    pub weight: f64,
}

impl LaunchProfile {
    /// What to look at first, most important first.
    pub fn hints(&self) -> Vec<Hint> {
        let t = &self.time;
        let total = (t.total_ns - t.launch_ns).max(1e-9);
        let mut hints = self.line_hints(total);
        hints.extend(self.launch_hints(total));
        // What bounds it, when nothing above explains it.
        if hints.is_empty() {
            let what = match t.bound {
                Bound::Compute => "instruction issue: fewer or cheaper instructions (fp32 over \
                                   fp64, intrinsics like __sinf) make it faster"
                    .to_string(),
                Bound::Memory => "memory bandwidth: move fewer bytes (reuse data from shared \
                                  memory or registers)"
                    .to_string(),
                Bound::Shared => "shared-memory bandwidth".to_string(),
                Bound::Latency => "memory latency: more warps or more independent loads per \
                                   thread hide it"
                    .to_string(),
                Bound::Atomics => "atomics queued at one address".to_string(),
            };
            hints.push(Hint {
                text: format!("no inefficiency stands out; the time goes to {what}"),
                line: None,
                weight: 0.0,
            });
        }
        hints.sort_by(|a, b| b.weight.total_cmp(&a.weight));
        hints
    }

    /// The two lines where what was used most exceeds what was needed, of those where it is
    /// over `ratio` times as much; `counts` gives a line's (used, needed).
    fn worst_lines(
        &self,
        ratio: f64,
        counts: impl Fn(&LineCounters) -> (u64, u64),
    ) -> impl Iterator<Item = &LineCounters> {
        let mut lines: Vec<&LineCounters> = self
            .lines
            .iter()
            .filter(|l| {
                let (used, needed) = counts(l);
                used as f64 > ratio * needed as f64
            })
            .collect();
        lines.sort_by_key(|l| {
            let (used, needed) = counts(l);
            std::cmp::Reverse(used.saturating_sub(needed))
        });
        lines.into_iter().take(2)
    }

    /// Hints that name a PTX line: uncoalesced global accesses, bank conflicts, divergence.
    /// `total` is the time past the launch overhead, in nanoseconds.
    fn line_hints(&self, total: f64) -> Vec<Hint> {
        let s = &self.stats;
        let t = &self.time;
        let mut hints = Vec::new();
        let at = |line: u32| Some((line, self.line_text(line)));
        // Uncoalesced global accesses, worst line first.
        let memory_share = t.memory_ns / total;
        for l in self.worst_lines(1.25, |l| (l.global_sectors, l.global_ideal_sectors)) {
            let per = l.global_sectors as f64 / l.global_requests.max(1) as f64;
            let ideal = l.global_ideal_sectors as f64 / l.global_requests.max(1) as f64;
            hints.push(Hint {
                text: format!(
                    "global accesses at line {} use {per:.1} sectors per request where {ideal:.0} \
                     would do: uncoalesced (neighbouring threads should touch neighbouring \
                     addresses)",
                    l.line
                ),
                line: at(l.line),
                weight: memory_share.max(0.3)
                    * (1.0 - l.global_ideal_sectors as f64 / l.global_sectors as f64),
            });
        }
        // Bank conflicts.
        // Against the fewest wavefronts the bytes could take: a 16-byte access or an
        // `ldmatrix.x4` takes 4 without a conflict.
        for l in self.worst_lines(1.5, |l| (l.shared_wavefronts, l.shared_ideal_wavefronts)) {
            let per = l.shared_wavefronts as f64 / l.shared_requests.max(1) as f64;
            let excess = l.shared_wavefronts as f64 / l.shared_ideal_wavefronts.max(1) as f64;
            hints.push(Hint {
                text: format!(
                    "shared-memory accesses at line {} take {per:.1} wavefronts each: bank \
                     conflicts (lanes hit one bank at different words; pad the array's rows)",
                    l.line
                ),
                line: at(l.line),
                weight: (t.shared_ns / total).max(0.2) * (1.0 - 1.0 / excess),
            });
        }
        // Divergence.
        if let Some(l) = self.lines.iter().max_by_key(|l| l.divergent_branches) {
            let lanes = s.active_lanes();
            if l.divergent_branches > 0 && lanes < 28.0 {
                hints.push(Hint {
                    text: format!(
                        "branches diverge (most at line {}, {} times): on average {lanes:.1} of \
                         32 lanes do useful work; branch on the warp, not the lane, where you can",
                        l.line, l.divergent_branches
                    ),
                    line: at(l.line),
                    weight: (t.compute_ns / total) * (1.0 - lanes / 32.0),
                });
            }
        }
        hints
    }

    /// Hints about the launch as a whole: occupancy, the grid's shape, atomics queued at one
    /// address, local memory.
    fn launch_hints(&self, total: f64) -> Vec<Hint> {
        let s = &self.stats;
        let t = &self.time;
        let mut hints = Vec::new();
        let at = |line: u32| Some((line, self.line_text(line)));
        // Occupancy.
        let o = &t.occupancy;
        if o.theoretical < 0.5 {
            let why = match o.limiter {
                Limiter::SharedMemory => {
                    format!("shared memory ({} bytes per block)", s.block_shared_bytes)
                }
                Limiter::Threads => format!("threads ({} per block)", s.block_threads),
                Limiter::Blocks => format!(
                    "the 32-block limit (blocks of {} threads are small)",
                    s.block_threads
                ),
            };
            hints.push(Hint {
                text: format!(
                    "occupancy is {:.0}%: {} blocks per SM, limited by {why}; fewer warps hide \
                     less latency",
                    o.theoretical * 100.0,
                    o.blocks_per_sm
                ),
                line: None,
                weight: (t.latency_ns / total).max(0.1) * (1.0 - o.theoretical),
            });
        }
        // Small grid or tail.
        if s.blocks < o.multiprocessors as u64 {
            let idle = 1.0 - s.blocks as f64 / o.multiprocessors.max(1) as f64;
            hints.push(Hint {
                text: format!(
                    "the grid has {} blocks for {} SMs: {:.0}% of the SMs idle; more, smaller \
                     blocks would use every SM",
                    s.blocks,
                    o.multiprocessors,
                    idle * 100.0
                ),
                line: None,
                weight: idle,
            });
        } else if o.waves.fract() > 0.0 && o.waves.fract() < 0.5 && t.tail_ns > 0.15 * total {
            hints.push(Hint {
                text: format!(
                    "the last wave is partial ({:.2} waves) and takes {:.0}% of the time: a \
                     grid of whole waves would finish sooner",
                    o.waves,
                    t.tail_ns / total * 100.0
                ),
                line: None,
                weight: t.tail_ns / total,
            });
        }
        // Atomics queued at one address.
        if t.atomics_ns > 0.1 * total {
            let line = self
                .lines
                .iter()
                .filter(|l| l.atomic_requests > 0)
                .max_by_key(|l| l.atomic_requests)
                .map(|l| l.line);
            hints.push(Hint {
                text: format!(
                    "{} atomic updates queue at one address ({:.0}% of the time): give each \
                     warp or block its own counter and combine them once",
                    s.atomics.hottest,
                    t.atomics_ns / total * 100.0
                ),
                line: line.and_then(at),
                weight: t.atomics_ns / total,
            });
        }
        // Spills.
        if s.local_bytes > 0 {
            hints.push(Hint {
                text: format!(
                    "{} bytes of local memory (stack arrays or register spills) moved",
                    s.local_bytes
                ),
                line: None,
                weight: 0.05,
            });
        }
        hints
    }
}
