//! Blocks that run together: the launch's unit of scheduling.
//!
//! A plain launch runs its blocks one after another, each alone ([`launch`](super::launch)'s
//! fast path). A cluster launch runs each cluster's blocks as one group, and a cooperative
//! launch its whole grid: the group's blocks each keep their warps, shared memory and
//! barriers ([`Resident`]) and take turns, each running until it exits, waits for the rest
//! of its cluster (`barrier.cluster`), or has a warp that spins (a warp runs at most
//! [`SLICE`] thread-instructions per turn, so a grid sync's spin on global memory lets the
//! other blocks reach it). Groups share nothing but global memory: [`Schedule`] says which
//! blocks form each, so they could run on threads of their own.

use super::barrier::{release_block_barrier, STALL_ROUNDS};
use super::budget::{block_work, TURN_WORK_PER_WARP};
use super::cluster::{set_cluster_regs, wake_from_cluster_wait, ClusterShape, Place};
use super::counters::Stats;
use super::global::Global;
use super::warp_state::{live_threads, start_warp, Warp};
use super::Block;
use crate::error::Result;

/// Thread-instructions a warp of a co-scheduled block runs per turn at most.
pub(super) const SLICE: u64 = 512;

/// Which blocks run together, and in which order the groups run.
#[derive(Debug, Clone, Copy)]
pub(super) struct Schedule {
    pub(super) grid: [u32; 3],
    pub(super) cluster: ClusterShape,
    /// The whole grid is one group (a cooperative launch).
    pub(super) cooperative: bool,
}

impl Schedule {
    /// Blocks in the grid.
    pub(super) fn blocks(&self) -> u64 {
        self.grid.iter().map(|&d| d as u64).product()
    }

    /// Blocks in each group.
    pub(super) fn group_blocks(&self) -> u64 {
        if self.cooperative {
            self.blocks()
        } else {
            self.cluster.size() as u64
        }
    }

    /// Groups in the launch.
    #[cfg(test)]
    fn groups(&self) -> u64 {
        self.blocks() / self.group_blocks().max(1)
    }

    /// The blocks of group `g`, cluster after cluster, each in rank order.
    fn members(&self, g: u64) -> impl Iterator<Item = [u32; 3]> + '_ {
        let size = self.cluster.size() as u64;
        let [cx, cy, cz] = self.cluster.dims.map(|d| d as u64);
        let [nx, ny] = [self.grid[0] as u64 / cx, self.grid[1] as u64 / cy];
        let per = self.group_blocks();
        (g * per..(g + 1) * per).map(move |j| {
            let (c, rank) = (j / size, j % size);
            let id = [c % nx, (c / nx) % ny, c / (nx * ny)];
            let at = [rank % cx, (rank / cx) % cy, rank / (cx * cy)];
            let dims = [cx, cy, cz];
            [0, 1, 2].map(|k| (id[k] * dims[k] + at[k]) as u32)
        })
    }
}

/// Where a co-scheduled block stands between turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// It can run.
    Running,
    /// Its warps wait for its cluster's barrier.
    Blocked,
    /// Every thread exited.
    Done,
}

/// A block of a group while the others take their turns: its warps and what the executor
/// holds of it while it runs (its shared memory waits in [`Block::peers`]).
pub(super) struct Resident {
    ctaid: [u32; 3],
    rank: u32,
    serial: u64,
    pub(super) warps: Vec<Warp>,
    bars: [(u32, u32, u32); 16],
    epoch: u64,
    stalled: u32,
    state: State,
}

impl Resident {
    /// A slot for a group's block, with warps prepared by the caller.
    pub(super) fn new(warps: Vec<Warp>) -> Resident {
        Resident {
            ctaid: [0; 3],
            rank: 0,
            serial: 0,
            warps,
            bars: [(0, 0, 0); 16],
            epoch: 0,
            stalled: 0,
            state: State::Done,
        }
    }
}

/// How a block's turn ended.
enum Turn {
    Exited,
    /// It can go on, after the others' turns.
    Again,
    /// It waits for its cluster's barrier.
    Blocked,
}

impl Block<'_> {
    /// Runs group `g` of the grid: its blocks set up in their slots, then run together.
    pub(super) fn run_group_at<G: Global>(
        &mut self,
        gmem: &mut G,
        residents: &mut [Resident],
        schedule: &Schedule,
        g: u64,
        stats: &mut Stats,
    ) -> Result<()> {
        let per_block = block_work(self.threads, self.peers[0].len(), self.code.local_bytes);
        let first_line = self.code.code.first().map_or(0, |i| i.line);
        let per = schedule.group_blocks();
        for (slot, ctaid) in schedule.members(g).enumerate() {
            self.serial = g * per + slot as u64 + 1;
            // Each block's set-up is charged before the group runs.
            stats.work = stats.work.saturating_add(per_block);
            self.meter.check(stats, &self.code.name, first_line)?;
            self.peers[slot].fill(0);
            let r = &mut residents[slot];
            r.ctaid = ctaid;
            r.rank = schedule.cluster.rank(ctaid);
            r.serial = self.serial;
            r.bars = [(0, 0, 0); 16];
            r.epoch = 0;
            r.stalled = 0;
            r.state = State::Running;
            for w in r.warps.iter_mut() {
                start_warp(w, ctaid);
                set_cluster_regs(
                    w,
                    &self.code.cluster_regs,
                    schedule.cluster,
                    (schedule.grid, ctaid),
                );
            }
        }
        self.run_group(gmem, residents, schedule, stats)
    }

    /// Runs a group's blocks in turn until every thread has exited: a pass gives each block
    /// that can run a turn, then completes the cluster barriers every thread reached.
    fn run_group<G: Global>(
        &mut self,
        gmem: &mut G,
        residents: &mut [Resident],
        schedule: &Schedule,
        stats: &mut Stats,
    ) -> Result<()> {
        let size = schedule.cluster.size() as usize;
        loop {
            let mut moved = false;
            for (slot, r) in residents.iter_mut().enumerate() {
                if r.state != State::Running {
                    continue;
                }
                self.enter(slot, r, size);
                let turn = self.block_turn(gmem, &mut r.warps, stats, &mut r.stalled);
                self.leave(slot, r);
                r.state = match turn? {
                    Turn::Exited => State::Done,
                    Turn::Again => State::Running,
                    Turn::Blocked => State::Blocked,
                };
                moved |= r.state != State::Blocked;
            }
            if residents.iter().all(|r| r.state == State::Done) {
                return Ok(());
            }
            for cluster in residents.chunks_mut(size) {
                if complete_cluster_phase(cluster) {
                    moved = true;
                    for r in cluster.iter_mut() {
                        r.stalled = 0;
                        if r.state == State::Blocked {
                            r.state = State::Running;
                        }
                    }
                }
            }
            if !moved {
                return Err(self.group_deadlock(residents, size));
            }
        }
    }

    /// Makes the group's block in `slot` the running one.
    fn enter(&mut self, slot: usize, r: &Resident, size: usize) {
        std::mem::swap(&mut self.shared, &mut self.peers[slot]);
        self.ctaid = r.ctaid;
        self.serial = r.serial;
        self.bars = r.bars;
        self.epoch = r.epoch;
        self.place = Place {
            rank: r.rank,
            size: size as u32,
            base: slot - r.rank as usize,
        };
    }

    /// Puts the running block back into its slot.
    fn leave(&mut self, slot: usize, r: &mut Resident) {
        r.bars = self.bars;
        r.epoch = self.epoch;
        std::mem::swap(&mut self.shared, &mut self.peers[slot]);
    }

    /// A block's turn: rounds of its warps until it exits, waits for its cluster, or has a
    /// warp that used its slice or polls an `mbarrier` (then the other blocks run first).
    fn block_turn<G: Global>(
        &mut self,
        gmem: &mut G,
        warps: &mut [Warp],
        stats: &mut Stats,
        stalled: &mut u32,
    ) -> Result<Turn> {
        loop {
            let turn = self.co_round(gmem, warps, stats, stalled)?;
            let paused = warps.iter().any(|w| w.sliced || w.yielded.is_some());
            if !matches!(turn, Turn::Again) || paused {
                return Ok(turn);
            }
        }
    }

    /// One round of a co-scheduled block's warps, as [`Block::run_to_end`]'s, but a warp may
    /// stop at its slice's end and warps may wait for the cluster.
    fn co_round<G: Global>(
        &mut self,
        gmem: &mut G,
        warps: &mut [Warp],
        stats: &mut Stats,
        stalled: &mut u32,
    ) -> Result<Turn> {
        // Visiting the block's warps costs what setting one up does, whether or not they
        // run: a group where one thread spins while every other waits pays for its turns.
        let visits = TURN_WORK_PER_WARP.saturating_mul(warps.len() as u64);
        stats.work = stats.work.saturating_add(visits);
        let line = self.code.code.first().map_or(0, |i| i.line);
        self.meter.check(stats, &self.code.name, line)?;
        let before = (self.epoch, live_threads(warps));
        for w in warps.iter_mut() {
            wake_from_cluster_wait(w);
            w.sliced = false;
            self.turn::<true, G>(gmem, w, stats)?;
        }
        if warps.iter().all(|w| w.live == 0) {
            return Ok(Turn::Exited);
        }
        let released = warps.iter().any(|w| {
            w.wait_bar
                .is_some_and(|(id, g)| w.waiting && self.bars[id as usize].1 != g)
        });
        if released || warps.iter().any(|w| w.yielded.is_some()) {
            if (self.epoch, live_threads(warps)) == before {
                *stalled += 1;
                if *stalled > STALL_ROUNDS {
                    return Err(self.deadlock(warps));
                }
            } else {
                *stalled = 0;
            }
            return Ok(Turn::Again);
        }
        if warps.iter().any(|w| w.sliced) {
            *stalled = 0;
            return Ok(Turn::Again);
        }
        let for_cluster = warps.iter().any(|w| w.wait_cluster);
        if warps.iter().any(|w| w.waiting && w.wait_bar.is_some()) {
            if self.free_counted_barriers(warps) {
                return Ok(Turn::Again);
            }
            if for_cluster {
                return Ok(Turn::Blocked);
            }
            return Err(self.deadlock(warps));
        }
        if for_cluster {
            return Ok(Turn::Blocked);
        }
        release_block_barrier(warps);
        Ok(Turn::Again)
    }

    /// The fault for a group none of whose blocks can go on: the first waiting block's
    /// warps, as [`Block::deadlock`] names them.
    #[cold]
    fn group_deadlock(&mut self, residents: &mut [Resident], size: usize) -> crate::error::Error {
        let slot = residents
            .iter()
            .position(|r| r.state != State::Done)
            .unwrap_or(0);
        let r = &mut residents[slot];
        self.enter(slot, r, size);
        let e = self.deadlock(&r.warps);
        self.leave(slot, r);
        e
    }
}

/// Completes the cluster barrier's phase of a cluster's blocks if every thread that has not
/// exited arrived: the arrivals are cleared, and waiting warps run their wait again (which
/// then passes). `true` when a phase completed.
fn complete_cluster_phase(cluster: &mut [Resident]) -> bool {
    let mut any = false;
    for w in cluster.iter().flat_map(|r| r.warps.iter()) {
        if w.live & !w.cl_arrived != 0 {
            return false;
        }
        any |= w.cl_arrived != 0;
    }
    if any {
        for w in cluster.iter_mut().flat_map(|r| r.warps.iter_mut()) {
            w.cl_arrived = 0;
        }
    }
    any
}

#[cfg(test)]
mod tests {
    use super::{ClusterShape, Schedule};

    #[test]
    fn groups_are_clusters_in_rank_order_or_the_whole_grid() {
        let s = Schedule {
            grid: [4, 2, 1],
            cluster: ClusterShape {
                dims: [2, 2, 1],
                explicit: true,
            },
            cooperative: false,
        };
        assert_eq!(s.groups(), 2);
        let g1: Vec<_> = s.members(1).collect();
        assert_eq!(g1, [[2, 0, 0], [3, 0, 0], [2, 1, 0], [3, 1, 0]]);
        assert!(g1
            .iter()
            .enumerate()
            .all(|(k, &c)| s.cluster.rank(c) == k as u32));
        let whole = Schedule {
            cooperative: true,
            ..s
        };
        assert_eq!(whole.groups(), 1);
        assert_eq!(whole.members(0).count(), 8);
    }
}
