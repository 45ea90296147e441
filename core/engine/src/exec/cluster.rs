//! Thread-block clusters inside a block's run: the cluster special registers, the cluster
//! barrier (`barrier.cluster.arrive`/`wait`) as each warp meets it, and distributed shared
//! memory: `.shared::cluster` addresses, `mapa`, `getctarank` and `isspacep`.
//!
//! A `.shared::cluster` address that `mapa` makes for another block carries that block's
//! rank, plus one, above [`RANK_SHIFT`]; an address without it (a `.shared::cta` address,
//! or `mapa` of the block's own rank, which gives the address back as a GPU does) names the
//! running block's own. Generic addresses are the same
//! offsets in the shared window. Which block runs, and where the others' shared memory is
//! while it does, is [`Place`]'s and [`group`](super::group)'s.

use super::control::{Exec, Flow};
use super::global::Global;
use super::memory::in_global;
use super::warp_state::{lanes, Warp};
use super::Block;
use crate::error::Result;
use crate::sim::engine::ir::*;
use crate::sim::engine::lower::CLUSTER_SPECIAL;
use crate::sim::engine::mem::{LOCAL_WINDOW, SHARED_WINDOW, WINDOW_SIZE};

/// Where a `.shared::cluster` address keeps its block's rank plus one (shared memory per
/// block is below 2²⁴ bytes; 32-bit addresses leave 8 bits for the rank).
pub(super) const RANK_SHIFT: u32 = 24;
const OFFSET_MASK: u64 = (1 << RANK_SHIFT) - 1;

/// The running block's place in its cluster: its rank, the cluster's size, and the slot of
/// the cluster's rank 0 in the group of blocks run together (the other blocks' shared
/// memory is in [`Block::peers`] by slot).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Place {
    pub(super) rank: u32,
    pub(super) size: u32,
    pub(super) base: usize,
}

impl Place {
    /// A block that is a cluster of its own, alone in its group (a plain launch).
    pub(super) const ALONE: Place = Place {
        rank: 0,
        size: 1,
        base: 0,
    };
}

/// A launch's clusters: their shape in blocks, and whether the launch named it (an
/// explicit cluster) or each block is an implicit cluster of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ClusterShape {
    pub(super) dims: [u32; 3],
    pub(super) explicit: bool,
}

impl ClusterShape {
    /// Blocks per cluster.
    pub(super) fn size(&self) -> u32 {
        self.dims.iter().product()
    }

    /// The rank in its cluster of block `ctaid` (x fastest, as `%cluster_ctarank`).
    pub(super) fn rank(&self, ctaid: [u32; 3]) -> u32 {
        let [cx, cy, cz] = self.dims;
        let [x, y, z] = [ctaid[0] % cx, ctaid[1] % cy, ctaid[2] % cz];
        x + cx * (y + cy * z)
    }

    /// The values of [`CLUSTER_SPECIAL`] for block `ctaid` of a grid of `grid` blocks.
    pub(super) fn registers(
        &self,
        grid: [u32; 3],
        ctaid: [u32; 3],
    ) -> [u64; CLUSTER_SPECIAL.len()] {
        let d = self.dims;
        let per = |f: &dyn Fn(usize) -> u32| [0, 1, 2].map(|k| f(k) as u64);
        let [ix, iy, iz] = per(&|k| ctaid[k] / d[k]);
        let [nx, ny, nz] = per(&|k| grid[k] / d[k]);
        let [cx, cy, cz] = per(&|k| ctaid[k] % d[k]);
        let [dx, dy, dz] = per(&|k| d[k]);
        let rank = self.rank(ctaid) as u64;
        [
            rank,
            self.size() as u64,
            ix,
            iy,
            iz,
            nx,
            ny,
            nz,
            cx,
            cy,
            cz,
            dx,
            dy,
            dz,
            self.explicit as u64,
        ]
    }
}

/// Fills the cluster special registers `w`'s kernel reads (`regs`: index, register) for
/// block `ctaid`.
pub(super) fn set_cluster_regs(
    w: &mut Warp,
    regs: &[(u8, u32)],
    shape: ClusterShape,
    (grid, ctaid): ([u32; 3], [u32; 3]),
) {
    let values = shape.registers(grid, ctaid);
    for &(k, r) in regs {
        w.regs[r as usize] = [values[k as usize]; 32];
    }
}

/// The rank tag of a shared-space address: `None` for the running block's own (untagged),
/// else the rank it names.
fn tagged_rank(addr: u64) -> Option<u64> {
    match addr >> RANK_SHIFT {
        0 => None,
        t => Some(t - 1),
    }
}

impl Block<'_> {
    /// The bytes `[addr, addr+len)` of shared memory for an address outside the running
    /// block's own bytes: another block's of the cluster when `addr` carries a rank, else
    /// the out-of-bounds fault.
    #[cold]
    pub(super) fn cluster_shared(
        &mut self,
        addr: u64,
        len: usize,
    ) -> std::result::Result<&mut [u8], String> {
        let outside = |what: String| {
            format!("{len}-byte access at {addr:#x} is outside {what} (CUDA_ERROR_ILLEGAL_ADDRESS)")
        };
        let place = self.place;
        let (bytes, what) = match tagged_rank(addr) {
            None => {
                let n = self.shared.len();
                return Err(outside(format!("the block's {n} bytes of shared memory")));
            }
            Some(r) if r >= place.size as u64 => {
                return Err(format!(
                    "{len}-byte access at shared::cluster address {addr:#x} names block rank {r} \
                     of a cluster of {} (CUDA_ERROR_ILLEGAL_ADDRESS)",
                    place.size
                ))
            }
            Some(r) if r == place.rank as u64 => (&mut self.shared, format!("rank {r}")),
            Some(r) => {
                let slot = place.base + r as usize;
                match self.peers.get_mut(slot) {
                    Some(bytes) => (bytes, format!("rank {r}")),
                    None => return Err(outside(format!("the cluster (rank {r} is not running)"))),
                }
            }
        };
        let off = (addr & OFFSET_MASK) as usize;
        let n = bytes.len();
        if off + len > n {
            return Err(outside(format!(
                "the {n} bytes of shared memory of the cluster's block {what}"
            )));
        }
        Ok(&mut bytes[off..off + len])
    }

    /// `mapa`, `getctarank` or `isspacep` (`Op::Dsmem`) in lanes `m`.
    #[inline(never)]
    pub(super) fn exec_dsmem<G: Global>(&mut self, x: Exec<'_, G>, op: &Dsmem) -> Result<Flow> {
        let Exec { w, ins, m, .. } = x;
        let Dsmem { op, d, a, b } = *op;
        let own = self.place.rank as u64;
        let in_window = |x: u64| (SHARED_WINDOW..SHARED_WINDOW + WINDOW_SIZE).contains(&x);
        for l in lanes(m) {
            let x = w.get(a, l);
            let v = match op {
                DsmemOp::Mapa { generic } => {
                    let rank = w.get(b, l) & 0xffff_ffff;
                    if rank >= self.place.size as u64 {
                        return Err(self.fault(
                            w,
                            l,
                            ins,
                            format!(
                                "mapa to block rank {rank} of a cluster of {}",
                                self.place.size
                            ),
                        ));
                    }
                    // The block's own rank gives back its own address (an H100 does so).
                    let window = if generic { SHARED_WINDOW } else { 0 };
                    let off = x.wrapping_sub(window) & OFFSET_MASK;
                    let tag = if rank == own {
                        0
                    } else {
                        (rank + 1) << RANK_SHIFT
                    };
                    window + (tag | off)
                }
                DsmemOp::Getctarank { generic } => {
                    let window = if generic { SHARED_WINDOW } else { 0 };
                    tagged_rank(x.wrapping_sub(window) & 0xffff_ffff).unwrap_or(own)
                }
                DsmemOp::Isspacep(space) => {
                    let rank = tagged_rank(x.wrapping_sub(SHARED_WINDOW) & 0xffff_ffff);
                    (match space {
                        SpaceTest::Global => in_global(MemSpace::Generic, x),
                        SpaceTest::Local => (LOCAL_WINDOW..LOCAL_WINDOW + WINDOW_SIZE).contains(&x),
                        SpaceTest::SharedCta => in_window(x) && rank.is_none_or(|r| r == own),
                        SpaceTest::SharedCluster => in_window(x),
                    }) as u64
                }
            };
            w.set(d, l, v);
        }
        Ok(Flow::Next)
    }

    /// `barrier.cluster.arrive` or `.wait` (`Op::ClusterBar`) in lanes `emask`. An arrival
    /// marks the lanes; a wait whose lanes' arrivals are still pending (the cluster's phase
    /// has not completed) stops the warp at the wait, which runs again once the group
    /// completes the phase ([`group`](super::group)). Lanes of a diverged warp wait parked
    /// while the warp's others run.
    #[inline(never)]
    pub(super) fn exec_cluster_bar<G: Global>(
        &mut self,
        x: Exec<'_, G>,
        op: &ClusterBar,
    ) -> Result<Flow> {
        let Exec {
            w, at, m: emask, ..
        } = x;
        let ClusterBar { wait } = *op;
        if !wait {
            w.cl_arrived |= emask;
            return Ok(Flow::Next);
        }
        if w.cl_arrived & emask == 0 {
            return Ok(Flow::Next);
        }
        w.parked |= at.mask;
        if w.live & !w.parked != 0 {
            return Ok(Flow::Jumped);
        }
        w.waiting = true;
        w.wait_cluster = true;
        Ok(Flow::Wait)
    }
}

/// Frees a warp whose cluster-barrier phase completed: it runs its wait again, which now
/// passes.
pub(super) fn wake_from_cluster_wait(w: &mut Warp) {
    if w.wait_cluster && w.cl_arrived == 0 {
        w.wait_cluster = false;
        w.waiting = false;
        w.parked = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::ClusterShape;

    #[test]
    fn cluster_registers_follow_the_cluster_shape() {
        let shape = ClusterShape {
            dims: [2, 1, 2],
            explicit: true,
        };
        let r = shape.registers([4, 2, 2], [3, 1, 1]);
        // rank 1 + 2 * (0 + 1 * 1) = 3 of 4; cluster (1, 1, 0) of (2, 2, 1); in it (1, 0, 1).
        assert_eq!(r, [3, 4, 1, 1, 0, 2, 2, 1, 1, 0, 1, 2, 1, 2, 1]);
        let alone = ClusterShape {
            dims: [1, 1, 1],
            explicit: false,
        };
        assert_eq!(
            alone.registers([3, 2, 1], [2, 1, 0]),
            [0, 1, 2, 1, 0, 3, 2, 1, 0, 0, 0, 1, 1, 1, 0]
        );
    }
}
