//! A warp of 32 lanes: its register rows, program counters and call stacks, the row
//! helpers every instruction family uses, and its set-up for a launch and a block.

use super::Dims;
use crate::sim::engine::ir::*;
use crate::sim::engine::lower::KernelCode;
use std::mem::MaybeUninit;

pub(super) const FULL: u32 = u32::MAX;

/// Register of `%ctaid.x` (then `.y`, `.z`): its place in [`crate::sim::engine::lower::SPECIAL`].
pub(super) const CTAID: usize = 6;
/// Register of `%envreg1` (then `%envreg2`).
pub(super) const ENVREG: usize = 21;

/// One real call's frame in one lane: where to return, the callee's saved registers and
/// local bytes.
pub(super) type SavedFrame = (u32, Vec<u64>, Vec<u8>);

pub(super) struct Warp {
    /// The warp's place in its block.
    pub(super) index: usize,
    pub(super) regs: Vec<[u64; 32]>,
    /// Per-lane program counters; only meaningful while the warp is diverged.
    pub(super) pc: [u32; 32],
    /// `Some(pc)` while every live lane is at `pc` (the common, fast case).
    pub(super) uniform: Option<u32>,
    /// Lanes that exist and have not exited.
    pub(super) live: u32,
    /// Lanes that exist in this warp (the block may end inside it).
    pub(super) threads: u32,
    pub(super) waiting: bool,
    /// Waiting at a barrier for part of the block: its number and the generation it waits
    /// to see pass (`None`: a barrier for the whole block).
    pub(super) wait_bar: Option<(u8, u32)>,
    /// Lanes stopped at an `mbarrier` poll while the warp's other lanes run.
    pub(super) parked: u32,
    /// Lanes stopped at a `.sync` warp operation (`shfl.sync`, `vote.sync`, ...) while
    /// the warp's other lanes run, so that those the operation names can arrive first.
    pub(super) gathering: u32,
    /// Stopped at an `mbarrier` wait (its line) whose phase was incomplete, to let the
    /// others run.
    pub(super) yielded: Option<u32>,
    /// At a `bar.red`: what to reduce, the lanes that arrived and their predicates.
    pub(super) bar_red: Option<(BarRed, u32, u32)>,
    /// Lanes that arrived at the cluster barrier in its current phase.
    pub(super) cl_arrived: u32,
    /// Waiting at `barrier.cluster.wait` for the phase to complete.
    pub(super) wait_cluster: bool,
    /// Stopped at the end of its time slice (co-scheduled blocks only: a warp that spins on
    /// memory another block writes lets the others run).
    pub(super) sliced: bool,
    /// Each lane's frames of real calls (return address, saved registers, saved local
    /// bytes) and their size.
    pub(super) stack: Vec<Vec<SavedFrame>>,
    pub(super) stack_bytes: [usize; 32],
    pub(super) local: Vec<Vec<u8>>,
    /// Thread index of each lane, for errors.
    pub(super) tid: [[u32; 3]; 32],
    /// Its `wgmma.mma_async` results not yet retired (`exec/wgmma.rs`).
    pub(super) wgmma: super::wgmma::Pending,
}

/// The lanes of a mask, lowest first (shared with the whole-warp memory accesses).
pub(super) use crate::sim::engine::mem::plain::lanes;

/// A register row: one value per lane.
pub(super) type Row = [u64; 32];

/// The destination row `d` to write and the rows below and above it to read from.
#[inline(always)]
pub(super) fn split_dst(regs: &mut [Row], d: usize) -> Option<(&mut Row, &[Row], &[Row])> {
    let (lo, rest) = regs.split_at_mut(d);
    let (dst, hi) = rest.split_first_mut()?;
    Some((dst, lo, hi))
}

/// An operand's 32 values next to a destination taken by [`split_dst`] (`s` is not `d`).
#[inline(always)]
pub(super) fn split_src<'a>(
    (lo, hi, d): (&'a [[u64; 32]], &'a [[u64; 32]], usize),
    s: Src,
    tmp: &'a mut MaybeUninit<[u64; 32]>,
) -> Option<&'a [u64; 32]> {
    match s {
        Src::Reg(r) if (r as usize) < d => lo.get(r as usize),
        Src::Reg(r) => hi.get((r as usize).checked_sub(d + 1)?),
        Src::Imm(v) => Some(tmp.write([v; 32])),
    }
}

impl Warp {
    /// An operand's 32 values: its register row in place, or `tmp` filled with an
    /// immediate.
    #[inline(always)]
    pub(super) fn src_row<'a>(
        &'a self,
        s: Src,
        tmp: &'a mut MaybeUninit<[u64; 32]>,
    ) -> &'a [u64; 32] {
        match s {
            Src::Reg(r) => &self.regs[r as usize],
            Src::Imm(v) => tmp.write([v; 32]),
        }
    }

    /// The address of a memory operand in every lane.
    #[inline(always)]
    pub(super) fn addresses(&self, addr: Addr) -> [u64; 32] {
        let mut at = self.row(addr.base);
        for a in at.iter_mut() {
            *a = a.wrapping_add(addr.offset as u64);
        }
        at
    }

    /// An operand's value in every lane.
    #[inline]
    pub(super) fn row(&self, s: Src) -> [u64; 32] {
        match s {
            Src::Reg(r) => self.regs[r as usize],
            Src::Imm(v) => [v; 32],
        }
    }

    /// Writes `v` to register `d` in the lanes of `m`.
    #[inline]
    pub(super) fn fill(&mut self, d: u32, m: u32, v: u64) {
        let row = &mut self.regs[d as usize];
        if m == FULL {
            *row = [v; 32];
        } else {
            for l in lanes(m) {
                row[l] = v;
            }
        }
    }

    /// Writes `out` to register `d` in the lanes of `m`.
    #[inline]
    pub(super) fn blend(&mut self, d: u32, m: u32, out: &[u64; 32]) {
        let row = &mut self.regs[d as usize];
        if m == FULL {
            *row = *out;
        } else {
            for l in 0..32 {
                if (m >> l) & 1 != 0 {
                    row[l] = out[l];
                }
            }
        }
    }

    /// Lane `l`'s `bytes` of local memory, allocated (zeroed) on the lane's first use in
    /// the block; `None` for a lane the warp does not have.
    #[cold]
    pub(super) fn local_mut(&mut self, l: usize, bytes: usize) -> Option<&mut Vec<u8>> {
        let live = self.threads & (1 << l) != 0;
        let v = self.local.get_mut(l).filter(|_| live)?;
        if v.is_empty() {
            v.resize(bytes, 0);
        }
        Some(v)
    }

    #[inline]
    pub(super) fn get(&self, s: Src, l: usize) -> u64 {
        match s {
            Src::Reg(r) => self.regs[r as usize][l],
            Src::Imm(v) => v,
        }
    }
    #[inline]
    pub(super) fn set(&mut self, d: u32, l: usize, v: u64) {
        self.regs[d as usize][l] = v;
    }
}

impl Warp {
    /// The lanes that run next and their program counter: every live lane while the warp
    /// is uniform; otherwise those at the lowest program counter. Lanes inside a real call
    /// (recursion) go first, deepest first: their callers wait for them at the call's
    /// return, where the lanes meet again.
    #[inline(always)]
    pub(super) fn next_group(&mut self) -> (u32, u32) {
        match self.uniform {
            Some(pc) => (pc, self.live),
            None => self.lowest_group(),
        }
    }

    /// [`next_group`](Self::next_group) of a diverged warp.
    fn lowest_group(&mut self) -> (u32, u32) {
        // Lanes parked at an `mbarrier` poll let the warp's others run first, and so do
        // lanes gathering at a `.sync` warp operation; once no lane is free, the
        // gathering ones run (all those at one instruction together).
        let unparked = match self.live & !self.parked {
            0 => self.live,
            r => r,
        };
        let runnable = match unparked & !self.gathering {
            0 => unparked,
            r => r,
        };
        // Without call frames (the common case) every lane is at depth 0: one pass finds
        // the lowest program counter and its lanes.
        if lanes(runnable).all(|l| self.stack_bytes[l] == 0) {
            let (mut pc, mut mask) = (u32::MAX, 0u32);
            for l in lanes(runnable) {
                let at = self.pc[l];
                if at < pc {
                    (pc, mask) = (at, 1 << l);
                } else if at == pc {
                    mask |= 1 << l;
                }
            }
            if mask == self.live {
                self.uniform = Some(pc);
            }
            return (pc, mask);
        }
        let depth = |l: usize| self.stack[l].len();
        let deepest = lanes(runnable).map(depth).max().unwrap_or(0);
        let mut pc = u32::MAX;
        for l in lanes(runnable).filter(|&l| depth(l) == deepest) {
            pc = pc.min(self.pc[l]);
        }
        let mut mask = 0u32;
        for l in lanes(runnable) {
            if self.pc[l] == pc && depth(l) == deepest {
                mask |= 1 << l;
            }
        }
        if mask == self.live {
            self.uniform = Some(pc);
        }
        (pc, mask)
    }

    /// Lanes `mask` at `pc`, a `.sync` warp operation, in a diverged warp: `None` when
    /// lanes elsewhere are still free to run (those of `mask` wait at `pc` meanwhile, as
    /// on a GPU a `shfl.sync` waits for the lanes its member mask names), otherwise every
    /// lane waiting at `pc` at the same call depth, which run it together (the warp made
    /// uniform when that is all its live lanes).
    pub(super) fn gather_at_sync(&mut self, pc: u32, mask: u32) -> Option<u32> {
        if self.live & !self.parked & !self.gathering & !mask != 0 {
            self.gathering |= mask;
            return None;
        }
        let depth = lanes(mask).next().map_or(0, |l| self.stack[l].len());
        let mut all = mask;
        for l in lanes(self.gathering & self.live) {
            if self.pc[l] == pc && self.stack[l].len() == depth {
                all |= 1 << l;
            }
        }
        self.gathering &= !all;
        if all == self.live {
            self.uniform = Some(pc);
            self.gathering = 0;
        }
        Some(all)
    }

    /// The lanes of `mask` whose guard predicate (`@p` or `@!p`) holds.
    #[inline(always)]
    pub(super) fn guarded(&self, guard: Option<(u32, bool)>, mask: u32) -> u32 {
        match guard {
            Some((p, neg)) => {
                let row = &self.regs[p as usize];
                let mut m = 0u32;
                for (l, v) in row.iter().enumerate() {
                    if (*v != 0) != neg {
                        m |= 1 << l;
                    }
                }
                m & mask
            }
            None => mask,
        }
    }

    /// Moves the lanes of `mask` (those at the instruction just executed) to `next`.
    #[inline(always)]
    pub(super) fn advance(&mut self, mask: u32, next: u32) {
        if self.uniform.is_some() {
            self.uniform = Some(next);
        } else {
            for l in lanes(mask) {
                self.pc[l] = next;
            }
        }
    }
}

/// Threads of the block that have not exited.
#[inline]
pub(super) fn live_threads(warps: &[Warp]) -> u32 {
    warps.iter().map(|w| w.live.count_ones()).sum()
}

/// Prepares warp slot `wi` for a launch: registers cleared, the special registers that are
/// the same in every block set (thread and lane numbers, shapes, lane masks).
pub(super) fn init_warp(w: &mut Warp, code: &KernelCode, dims: Dims, wi: usize, threads: u32) {
    let nregs = code.nregs.max(crate::sim::engine::lower::SPECIAL.len());
    w.index = wi;
    w.regs = vec![[0u64; 32]; nregs];
    let mut live = 0u32;
    let [bx, by, _] = dims.block;
    for l in 0..32usize {
        let linear = (wi * 32 + l) as u32;
        if linear >= threads {
            continue;
        }
        live |= 1 << l;
        let t = [linear % bx, (linear / bx) % by, linear / (bx * by)];
        w.tid[l] = t;
        let vals: [u64; 23] = [
            t[0] as u64,
            t[1] as u64,
            t[2] as u64,
            dims.block[0] as u64,
            dims.block[1] as u64,
            dims.block[2] as u64,
            0, // %ctaid: set per block
            0,
            0,
            dims.grid[0] as u64,
            dims.grid[1] as u64,
            dims.grid[2] as u64,
            l as u64,
            wi as u64,
            crate::special::WARP_IDS as u64,
            1u64 << l,
            (1u64 << l) - 1,
            (1u64 << (l + 1)) - 1,
            (FULL as u64) & !((1u64 << (l + 1)) - 1),
            (FULL as u64) & !((1u64 << l) - 1),
            crate::special::SM_COUNT as u64,
            0, // %envreg1, %envreg2: set per launch
            0,
        ];
        for (r, v) in vals.iter().enumerate() {
            w.regs[r][l] = *v;
        }
    }
    w.threads = live;
    // A lane's local memory is allocated when it is first used ([`Warp::local_mut`]).
    for local in w.local.iter_mut() {
        *local = Vec::new();
    }
}

/// Starts warp `w` (prepared by [`init_warp`]) on block `ctaid`: `%ctaid` set, every thread
/// live at the first instruction, local memory zeroed. Other registers keep what the
/// previous block left, as uninitialised registers do on a GPU (the kernel cannot write
/// special registers: lowering refuses that).
pub(super) fn start_warp(w: &mut Warp, ctaid: [u32; 3]) {
    for (k, c) in ctaid.iter().enumerate() {
        w.regs[CTAID + k] = [*c as u64; 32];
    }
    w.pc = [0; 32];
    w.uniform = Some(0);
    w.live = w.threads;
    w.waiting = false;
    w.wait_bar = None;
    w.yielded = None;
    w.parked = 0;
    w.gathering = 0;
    w.bar_red = None;
    w.cl_arrived = 0;
    w.wait_cluster = false;
    w.sliced = false;
    for stack in w.stack.iter_mut() {
        stack.clear();
    }
    w.stack_bytes = [0; 32];
    w.wgmma = Default::default();
    // Emptied, not zeroed: a lane that uses it again gets it zeroed then (its allocation
    // is kept for that).
    for local in w.local.iter_mut() {
        local.clear();
    }
}

pub(super) fn empty_warp() -> Warp {
    Warp {
        index: 0,
        regs: Vec::new(),
        pc: [0; 32],
        uniform: Some(0),
        live: 0,
        threads: 0,
        waiting: false,
        wait_bar: None,
        yielded: None,
        parked: 0,
        gathering: 0,
        bar_red: None,
        cl_arrived: 0,
        wait_cluster: false,
        sliced: false,
        stack: vec![Vec::new(); 32],
        stack_bytes: [0; 32],
        local: vec![Vec::new(); 32],
        tid: [[0; 3]; 32],
        wgmma: Default::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::{empty_warp, FULL};

    #[test]
    fn lanes_at_a_sync_operation_wait_for_the_lanes_elsewhere_then_run_together() {
        let mut w = empty_warp();
        (w.live, w.threads, w.uniform) = (FULL, FULL, None);
        for l in 0..32 {
            w.pc[l] = if l < 16 { 5 } else { 9 };
        }
        // Lanes 0-15 reach the operation at 5 first: they wait, lanes 16-31 run.
        assert_eq!(w.next_group(), (5, 0x0000_ffff));
        assert_eq!(w.gather_at_sync(5, 0x0000_ffff), None);
        assert_eq!(w.next_group(), (9, 0xffff_0000));
        // Lanes 16-31 come back to it: all 32 run it, the warp uniform again.
        for l in 16..32 {
            w.pc[l] = 5;
        }
        assert_eq!(w.next_group(), (5, 0xffff_0000));
        assert_eq!(w.gather_at_sync(5, 0xffff_0000), Some(FULL));
        assert_eq!((w.uniform, w.gathering), (Some(5), 0));
    }

    #[test]
    fn lanes_at_a_sync_operation_run_once_the_others_have_exited() {
        let mut w = empty_warp();
        (w.live, w.threads, w.uniform) = (FULL, FULL, None);
        for l in 0..32 {
            w.pc[l] = if l < 16 { 5 } else { 9 };
        }
        assert_eq!(w.gather_at_sync(5, 0x0000_ffff), None);
        w.live = 0x0000_ffff;
        assert_eq!(w.next_group(), (5, 0x0000_ffff));
        assert_eq!(w.gather_at_sync(5, 0x0000_ffff), Some(0x0000_ffff));
    }
}
