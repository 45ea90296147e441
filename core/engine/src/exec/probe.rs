//! Counting as the kernel runs: each instruction's [`Probe`] (what to count), the [`Memo`]
//! of each load or store (the last lane-address pattern and its cost), and the `count_*`
//! functions the dispatch loop calls before an instruction executes. Cheap on the hot path:
//! a repeated pattern costs a comparison, a new one the sectors or wavefronts it moves.

use super::counters::{class_of, tensor_work, LineCounters, Stats};
use super::warp_state::{lanes, Warp, FULL};
use crate::sim::engine::ir::*;
use crate::sim::engine::lower::KernelCode;
use crate::sim::engine::mem::{LOCAL_WINDOW, SHARED_WINDOW, WINDOW_SIZE};
use std::collections::HashMap;

/// The last lane-address pattern one memory instruction saw and what it cost: a warp's
/// addresses relative to its first lane usually repeat from one execution to the next (a
/// loop walking a tile), so the sectors or wavefronts are computed once per pattern.
///
/// The lane pattern, read only when it must be compared, is kept apart: the memos of a
/// kernel's instructions then fit in a few cache lines each.
#[derive(Clone)]
pub(super) struct Memo {
    /// The space the access went to and the first lane's address modulo what the answer
    /// depends on ([`memo_key`]). `u64::MAX`: empty.
    pub(super) key: u64,
    pub(super) result: u64,
    /// Which pattern `deltas` is, for [`Probe::Access::follows`]: a leader's changes
    /// each time it keeps a new one (from `kept`); a follower's is the leader's it was
    /// shown to equal, or 0 (unknown) after it kept one of its own.
    pub(super) version: u64,
    /// Patterns kept so far.
    pub(super) kept: u64,
    /// For a leader: the warp run ([`Block::run`]) in which it last saw a full warp's
    /// register, whose pattern is then `version` until the run ends.
    pub(super) shown: u64,
    /// Per warp of the block, when the instruction last saw that warp's register with the
    /// kept pattern ([`Seen`]): while nothing has written the register since, the answer
    /// stands without comparing the lanes.
    pub(super) seen: Vec<Seen>,
    /// Full-warp executions that had the kept answer and are not in `tally` yet (added
    /// when the answer changes and when the launch ends: one increment each meanwhile).
    pub(super) pending: u64,
    /// For a follower: its leader's key when it worked out its answer. Where both access
    /// one named space through one register, the leader's key decides the follower's.
    pub(super) leader_key: u64,
    /// What the instruction did over the launch, by the space it went to: global, shared,
    /// local (a generic access can go to any).
    pub(super) tally: [Tally; 3],
    /// The lowest and highest lane delta of the kept pattern (as signed numbers).
    pub(super) span: (i64, i64),
    /// The global addresses the instruction covered: `[lo, hi)`.
    pub(super) lo: u64,
    pub(super) hi: u64,
    /// Each lane's address less the first lane's, in the kept pattern.
    pub(super) deltas: Box<[u64; 32]>,
}

/// When a memory instruction last saw one warp's address register with its memo's kept
/// pattern: the block (numbered from 1), how many times the register's only writer had
/// run by then (over the launch), and the memo's `kept` count.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Seen {
    pub(super) block: u64,
    pub(super) writes: u64,
    pub(super) kept: u64,
}

/// Requests of one load or store instruction to one space.
#[derive(Clone, Copy, Default)]
pub(super) struct Tally {
    /// Warp requests.
    pub(super) requests: u64,
    /// Sectors (global) or wavefronts (shared) over the requests.
    pub(super) units: u64,
    /// Active lanes over the requests.
    pub(super) lanes: u64,
}

impl Tally {
    /// The tally of `space` in a [`Memo`]'s `tally` (global, shared, local).
    #[inline(always)]
    pub(super) fn index(space: MemSpace) -> usize {
        match space {
            MemSpace::Shared => 1,
            MemSpace::Local => 2,
            _ => 0,
        }
    }

    #[inline(always)]
    pub(super) fn add(&mut self, units: u64, lanes: u64) {
        self.requests += 1;
        self.units += units;
        self.lanes += lanes;
    }
}

/// What the launch counts per instruction (folded into [`Stats`] when it ends, and the
/// place a profile finds the lines responsible).
#[derive(Clone, Copy, Default)]
pub(super) struct Site {
    /// Warp executions.
    pub(super) warps: u64,
    /// Executions at which a branch's active lanes went different ways.
    pub(super) divergent: u64,
    /// Whether the instruction's probe is anything but [`Probe::None`] (kept here so
    /// that one lookup per instruction serves both).
    pub(super) probed: bool,
}

impl Site {
    /// Adds another worker's counts of the same instruction.
    pub(super) fn absorb(&mut self, other: &Site) {
        self.warps += other.warps;
        self.divergent += other.divergent;
    }
}

impl Memo {
    /// Adds another worker's tallies of the same instruction (both settled): what the
    /// launch's counters read of a memo.
    pub(super) fn absorb(&mut self, other: &Memo) {
        for (t, o) in self.tally.iter_mut().zip(&other.tally) {
            t.requests += o.requests;
            t.units += o.units;
            t.lanes += o.lanes;
        }
        self.lo = self.lo.min(other.lo);
        self.hi = self.hi.max(other.hi);
    }

    pub(super) fn empty(warps: usize) -> Memo {
        Memo {
            key: u64::MAX,
            result: 0,
            version: 0,
            kept: 0,
            shown: 0,
            seen: vec![Seen::default(); warps],
            pending: 0,
            leader_key: u64::MAX,
            tally: [Tally::default(); 3],
            span: (0, 0),
            lo: u64::MAX,
            hi: 0,
            deltas: Box::new([0; 32]),
        }
    }

    /// The kept answer, when `row` (a full warp's address register) has the lane pattern
    /// last seen under `key`.
    #[inline(always)]
    pub(super) fn hit(&self, row: &[u64; 32], key: u64) -> Option<u64> {
        (key == self.key && same_deltas(row, &self.deltas)).then_some(self.result)
    }

    /// Moves the pending executions into the tally.
    pub(super) fn settle(&mut self) {
        if self.pending > 0 {
            let space = match self.key >> 8 {
                k if k == MemSpace::Shared as u64 => MemSpace::Shared,
                k if k == MemSpace::Local as u64 => MemSpace::Local,
                _ => MemSpace::Global,
            };
            let t = &mut self.tally[Tally::index(space)];
            t.requests += self.pending;
            t.units += self.pending * self.result;
            t.lanes += self.pending * 32;
            self.pending = 0;
        }
    }

    /// Keeps `result` as the answer for `row`'s lane pattern under `key`.
    pub(super) fn keep(&mut self, row: &[u64; 32], key: u64, result: u64) {
        self.settle();
        self.key = key;
        let (mut lo, mut hi) = (0i64, 0i64);
        for (a, d) in row.iter().zip(self.deltas.iter_mut()) {
            *d = a.wrapping_sub(row[0]);
            lo = lo.min(*d as i64);
            hi = hi.max(*d as i64);
        }
        self.span = (lo, hi);
        self.result = result;
        self.kept += 1;
        self.version = 0;
    }

    /// Whether a follower's kept answer still holds: it was worked out under the pattern
    /// its leader has now (`version`) and, for a twin, the leader's key now (`key`).
    #[inline(always)]
    pub(super) fn follows_unchanged(&self, version: u64, key: u64) -> bool {
        version != 0 && self.version == version && self.leader_key == key
    }

    /// Widens the covered global range to `[lo, hi)`.
    #[inline(always)]
    pub(super) fn cover(&mut self, lo: u64, hi: u64) {
        self.lo = self.lo.min(lo);
        self.hi = self.hi.max(hi);
    }
}

/// Whether `row[l] - row[0] == deltas[l]` in every lane (four accumulators, so the
/// comparison vectorises).
#[inline(always)]
pub(super) fn same_deltas(row: &[u64; 32], deltas: &[u64; 32]) -> bool {
    let base = row[0];
    let mut diff = [0u64; 4];
    for c in 0..8 {
        for k in 0..4 {
            diff[k] |= row[c * 4 + k].wrapping_sub(base) ^ deltas[c * 4 + k];
        }
    }
    (diff[0] | diff[1] | diff[2] | diff[3]) == 0
}

/// What the counters need of one memory or control instruction, worked out once per
/// launch so that counting does not decode the instruction again.
#[derive(Clone, Copy)]
pub(super) enum Probe {
    /// Nothing beyond the instruction mix (parameter and constant loads, branches, ...).
    None,
    /// A load or store of `bytes` per lane; `memo` indexes the launch's [`Memo`]s.
    /// `follows`: the memo of an earlier access whose address register this one shares,
    /// with nothing between them that can write it or jump in ([`chains`]), or
    /// [`NO_CHAIN`]; `leads`: later accesses follow this one; `twin`: this one and the
    /// one it follows access the same named (not generic) space. `writer`: the one
    /// instruction that writes the address register ([`sole_writers`]), or [`NO_CHAIN`].
    Access {
        addr: Addr,
        bytes: u32,
        store: bool,
        memo: u32,
        follows: u32,
        leads: bool,
        writer: u32,
        twin: bool,
    },
    /// An atomic at `addr`.
    Atomic { addr: Addr },
    /// A bulk copy (TMA) that reads global memory (`store` false) or writes it: counted
    /// by its handler, which knows the box ([`Block::count_bulk`]), in `memo`'s global
    /// tally.
    Bulk { memo: u32, store: bool },
    /// `ldmatrix` or `stmatrix`: counted by its handler, which knows which lanes give the
    /// rows' addresses ([`Block::count_matrix`]), in `memo`'s shared tally.
    Matrix { memo: u32 },
    /// A block barrier.
    Barrier,
}

impl Probe {
    /// The probe of `op`, numbering accesses from `*memos`.
    pub(super) fn of(op: &Op, memos: &mut u32) -> Probe {
        let mut access = |addr: &Addr, bytes: usize, store: bool| {
            if matches!(addr.space, MemSpace::Param | MemSpace::Const) {
                return Probe::None;
            }
            *memos += 1;
            Probe::Access {
                addr: *addr,
                bytes: bytes.clamp(1, u32::MAX as usize) as u32,
                store,
                memo: *memos - 1,
                follows: NO_CHAIN,
                leads: false,
                writer: NO_CHAIN,
                twin: false,
            }
        };
        match op {
            Op::Ld(Ld { ty, d, addr }) => access(addr, ty.size() * d.len(), false),
            Op::St(St { ty, s, addr }) => access(addr, ty.size() * s.len(), true),
            // `cp.async`'s global side is a load of `size` bytes a lane (through L1, as
            // `ld.global` is); what it writes into shared memory is not counted.
            Op::CpAsync(CpAsync { src, size, .. }) => access(src, *size as usize, false),
            Op::Atom(Atom { addr, .. }) => Probe::Atomic { addr: *addr },
            Op::Bar(_) => Probe::Barrier,
            Op::Matrix(m)
                if matches!(
                    m.instr.op,
                    MatrixOp::LdMatrix { .. } | MatrixOp::StMatrix { .. }
                ) =>
            {
                *memos += 1;
                Probe::Matrix { memo: *memos - 1 }
            }
            _ => match bulk_direction(op) {
                Some(store) => {
                    *memos += 1;
                    Probe::Bulk {
                        memo: *memos - 1,
                        store,
                    }
                }
                None => Probe::None,
            },
        }
    }
}

/// Whether a bulk copy writes global memory (`Some(true)`), reads it (`Some(false)`), or
/// is not a bulk copy to or from global memory (`None`: shared to shared).
fn bulk_direction(op: &Op) -> Option<bool> {
    match op {
        Op::Tma(t) => Some(!matches!(t.instr.kind, TmaKind::Load { .. })),
        Op::BulkCopy(BulkCopy { src, dst, .. }) => {
            if src.space == MemSpace::Global {
                Some(false)
            } else if dst.space == MemSpace::Global {
                Some(true)
            } else {
                None
            }
        }
        Op::BulkReduce(r) => (r.instr.dst.space == MemSpace::Global).then_some(true),
        _ => None,
    }
}

/// Distinct 32-byte sectors of the byte ranges `[start, end]` (inclusive, as sector
/// numbers: `(first sector, last sector)`), however they overlap.
pub(super) fn distinct_sectors(mut ranges: Vec<(u64, u64)>) -> u64 {
    ranges.sort_unstable();
    let mut total = 0u64;
    let mut open: Option<(u64, u64)> = None;
    for (first, last) in ranges {
        open = match open {
            Some((lo, hi)) if first <= hi.saturating_add(1) => Some((lo, hi.max(last))),
            Some((lo, hi)) => {
                total = total.saturating_add((hi - lo).saturating_add(1));
                Some((first, last))
            }
            None => Some((first, last)),
        };
    }
    if let Some((lo, hi)) = open {
        total = total.saturating_add((hi - lo).saturating_add(1));
    }
    total
}

impl super::Block<'_> {
    /// Counts one bulk copy of the instruction at `pc` (one lane's): one request, the
    /// distinct 32-byte sectors of the global `pieces` it moves (`(address, bytes)`, the
    /// parts of a box inside the tensor: what the GPU fetches or writes) and the range they
    /// cover, for the footprint.
    pub(super) fn count_bulk(&mut self, pc: u32, pieces: impl Iterator<Item = (u64, u64)>) {
        let Some(&Probe::Bulk { memo, .. }) = self.probes.get(pc as usize) else {
            return;
        };
        let Some(m) = self.memos.get_mut(memo as usize) else {
            return;
        };
        // Consecutive pieces (a row of a box) merge as they come, so the list stays short.
        let mut ranges: Vec<(u64, u64)> = Vec::new();
        for (at, len) in pieces.filter(|p| p.1 > 0) {
            let end = at.saturating_add(len - 1);
            m.cover(at, end.saturating_add(1));
            let (first, last) = (at >> 5, end >> 5);
            match ranges.last_mut() {
                Some((lo, hi)) if first >= *lo && first <= hi.saturating_add(1) => {
                    *hi = (*hi).max(last)
                }
                _ => ranges.push((first, last)),
            }
        }
        let t = &mut m.tally[0];
        t.requests += 1;
        t.units = t.units.saturating_add(distinct_sectors(ranges));
    }
}

/// Rows of one 8x8 matrix of `ldmatrix`/`stmatrix`: the lanes that give their addresses,
/// and the rows one shared-memory wavefront serves at most (8 x 16 bytes = 128 bytes, the
/// 32 banks' 4-byte words once each).
pub(super) const MATRIX_ROWS: usize = 8;

/// Shared-memory wavefronts of an `ldmatrix`/`stmatrix` whose matrices' 16-byte rows are
/// at `rows` (8 per matrix, in matrix order; shared-memory addresses): each matrix's 8
/// rows are one phase, and a phase takes as many wavefronts as [`wavefronts`] finds for
/// them (the most distinct 4-byte words any bank delivers), as a warp's `ld.shared` does.
///
/// NVIDIA documents no rule for these instructions; this one is stated in the cost-model
/// guide: 8 rows at consecutive 16-byte addresses take 1 wavefront, 8 rows 128 bytes apart
/// (all in banks 0-3, 8 words each) take 8, and a `.x4` of 4 conflict-free matrices 4.
pub(super) fn matrix_wavefronts(rows: &[u64]) -> u64 {
    rows.chunks(MATRIX_ROWS)
        .map(|phase| {
            let mut at = [0u64; 32];
            for (a, &r) in at.iter_mut().zip(phase) {
                *a = r;
            }
            let lanes = (1u32 << phase.len()) - 1;
            wavefronts(&at, lanes, 16)
        })
        .sum()
}

impl super::Block<'_> {
    /// Counts one `ldmatrix` or `stmatrix` of the instruction at `pc` (one warp's): one
    /// shared-memory request and the wavefronts of its rows ([`matrix_wavefronts`]). Rows
    /// whose generic address is not in the shared window are not counted (the ISA leaves
    /// such an access undefined).
    pub(super) fn count_matrix(&mut self, pc: u32, rows: &[(MemSpace, u64)]) {
        let Some(&Probe::Matrix { memo }) = self.probes.get(pc as usize) else {
            return;
        };
        let Some(m) = self.memos.get_mut(memo as usize) else {
            return;
        };
        // Matrix by matrix, so that a row left out does not move the next into its phase.
        let (mut wavefronts, mut counted) = (0u64, 0u64);
        for matrix in rows.chunks(MATRIX_ROWS) {
            let mut at = [0u64; MATRIX_ROWS];
            let mut n = 0;
            for &(space, a) in matrix {
                if space_of(space, a) == MemSpace::Shared {
                    at[n] = a;
                    n += 1;
                }
            }
            if n > 0 {
                wavefronts += matrix_wavefronts(&at[..n]);
                counted += n as u64;
            }
        }
        if counted > 0 {
            m.tally[Tally::index(MemSpace::Shared)].add(wavefronts, counted);
        }
    }
}

/// No chain: see [`Probe::Access`].
pub(super) const NO_CHAIN: u32 = u32::MAX;

/// Links each load or store to the first of a run of accesses through the same address
/// register ([`Probe::Access::follows`]): within the run no instruction can write that
/// register and none is a jump target, so every warp that reaches a follower came
/// through its leader with the register as it is now. A follower then knows its lanes'
/// pattern is the leader's without comparing them again (an unrolled loop over a tile
/// reads one register at 16 offsets). Instructions whose writes are not known here end
/// runs, which only costs speed.
pub(super) fn chains(code: &[crate::sim::engine::ir::Instr], probes: &mut [Probe]) {
    let mut targets = vec![false; code.len()];
    for ins in code {
        if let Op::Bra(Bra { target }) | Op::Call(Call { target, .. }) = ins.op {
            if let Some(t) = targets.get_mut(target as usize) {
                *t = true;
            }
        }
    }
    // The runs in progress: register, leader's memo, leader's pc.
    let mut runs: Vec<(u32, u32, usize)> = Vec::new();
    for (pc, ins) in code.iter().enumerate() {
        if targets[pc] {
            runs.clear();
        }
        if let Probe::Access {
            addr: Addr {
                base: Src::Reg(r), ..
            },
            memo,
            ..
        } = probes[pc]
        {
            match runs.iter().find(|run| run.0 == r) {
                Some(&(_, leader, at)) => {
                    let space_of_leader = match probes[at] {
                        Probe::Access { addr, .. } => Some(addr.space),
                        _ => None,
                    };
                    if let Probe::Access {
                        follows,
                        twin,
                        addr,
                        ..
                    } = &mut probes[pc]
                    {
                        *follows = leader;
                        *twin =
                            space_of_leader == Some(addr.space) && addr.space != MemSpace::Generic;
                    }
                    if let Probe::Access { leads, .. } = &mut probes[at] {
                        *leads = true;
                    }
                }
                None => runs.push((r, memo, pc)),
            }
        }
        match writes(&ins.op) {
            Some(regs) => runs.retain(|run| !regs.contains(&run.0)),
            None => runs.clear(),
        }
    }
}

/// The registers `op` writes, for the operations that sit between the loads and stores
/// of unrolled loops; `None` for any other (a jump, a call, a barrier, ...).
pub(super) fn writes(op: &Op) -> Option<Vec<u32>> {
    Some(match op {
        Op::Mov(Mov { d, .. })
        | Op::Bin(Bin { d, .. })
        | Op::Un(Un { d, .. })
        | Op::Mad(Mad { d, .. })
        | Op::Slct(Slct { d, .. })
        | Op::Shf(Shf { d, .. })
        | Op::Selp(Selp { d, .. })
        | Op::Logic(Logic { d, .. })
        | Op::Cvt(Cvt { d, .. })
        | Op::Cvta(Cvta { d, .. }) => vec![*d],
        Op::Testp(Testp { p, .. }) => vec![*p],
        Op::Setp(Setp { p, pn, .. }) => std::iter::once(*p).chain(*pn).collect(),
        Op::Ld(Ld { d, .. }) => d.clone(),
        Op::St(_) => Vec::new(),
        _ => return None,
    })
}

/// For each register, the one instruction that writes it (its pc), or [`NO_CHAIN`] where
/// several do, none does, the register is special (set when a block starts) or the
/// kernel has an instruction whose writes [`writes`] does not know (then every register
/// gets [`NO_CHAIN`]: a call's return, for one, restores registers).
pub(super) fn sole_writers(code: &[crate::sim::engine::ir::Instr], nregs: usize) -> Vec<u32> {
    let mut writer = vec![NO_CHAIN; nregs];
    let mut many = vec![false; nregs];
    for (pc, ins) in code.iter().enumerate() {
        let regs = match (&ins.op, writes(&ins.op)) {
            (_, Some(regs)) => regs,
            (
                Op::Bra(_)
                | Op::Exit(_)
                | Op::Nop(_)
                | Op::Fence(_)
                | Op::Bar(Bar { red: None, .. }),
                None,
            ) => Vec::new(),
            _ => return vec![NO_CHAIN; nregs],
        };
        for r in regs {
            let r = r as usize;
            if r >= nregs {
                return vec![NO_CHAIN; nregs];
            }
            if writer[r] == NO_CHAIN && !many[r] {
                writer[r] = pc as u32;
            } else {
                many[r] = true;
                writer[r] = NO_CHAIN;
            }
        }
    }
    for w in writer
        .iter_mut()
        .take(crate::sim::engine::lower::SPECIAL.len())
    {
        *w = NO_CHAIN;
    }
    writer
}

/// What counting one instruction reads and updates, besides the warp.
pub(super) struct Tables<'t> {
    pub(super) memos: &'t mut [Memo],
    pub(super) updates: &'t mut HashMap<u64, u64>,
    pub(super) sites: &'t [Site],
    /// The warp run in progress ([`Block::run`]).
    pub(super) run: u64,
    /// The block, numbered from 1 over the launch.
    pub(super) block: u64,
}

/// Counts what one memory or control instruction does (before it runs: the addresses are
/// the registers' current values). The usual case, a follower into shared or local memory
/// whose answer is known ([`count_follower`]), is decided here in a few loads; the rest
/// is out of line, which keeps the interpreter's loop small.
#[inline(always)]
pub(super) fn count(stats: &mut Stats, w: &Warp, probe: &Probe, lanes: (u32, u64), t: Tables) {
    if let Probe::Access {
        addr,
        memo,
        follows,
        twin: true,
        ..
    } = *probe
    {
        if lanes.0 == FULL && matches!(addr.space, MemSpace::Shared | MemSpace::Local) {
            if let Some(l) = t.memos.get(follows as usize) {
                let (shown, version, key) = (l.shown, l.version, l.key);
                if let Some(m) = t.memos.get_mut(memo as usize) {
                    if shown == t.run && m.follows_unchanged(version, key) {
                        m.pending += 1;
                        return;
                    }
                }
            }
        }
    }
    count_rest(stats, w, probe, lanes, t);
}

/// [`count`] for everything but a known follower's answer.
#[inline(never)]
pub(super) fn count_rest(
    stats: &mut Stats,
    w: &Warp,
    probe: &Probe,
    (emask, threads): (u32, u64),
    t: Tables,
) {
    if emask == 0 {
        if let Probe::Access {
            leads: true, memo, ..
        } = *probe
        {
            if let Some(m) = t.memos.get_mut(memo as usize) {
                m.shown = 0;
            }
        }
        return;
    }
    match *probe {
        Probe::Access {
            addr,
            bytes,
            memo,
            follows,
            leads,
            writer,
            twin,
            ..
        } => {
            // A follower whose leader saw this warp's register in this run: the leader's
            // pattern ([`chains`]).
            if follows != NO_CHAIN && emask == FULL {
                let leader = t
                    .memos
                    .get(follows as usize)
                    .map_or((0, 0, 0), |m| (m.shown, m.version, m.key));
                if leader.0 == t.run {
                    if let Some(m) = t.memos.get_mut(memo as usize) {
                        count_follower(w, addr, bytes, m, (leader.1, leader.2), twin);
                    }
                    return;
                }
            }
            let Some(m) = t.memos.get_mut(memo as usize) else {
                return;
            };
            // The register's only writer has not run since this warp's register had the
            // kept pattern: it still has.
            let writes = t.sites.get(writer as usize).map(|s| s.warps);
            let seen = writes.map(|writes| Seen {
                block: t.block,
                writes,
                kept: m.kept,
            });
            let full_reg = emask == FULL && matches!(addr.base, Src::Reg(_));
            if full_reg && seen.is_some() && m.seen.get(w.index) == seen.as_ref() {
                count_unchanged(w, addr, bytes, m);
            } else {
                count_access(w, addr, bytes, (emask, threads), m);
                if full_reg {
                    if let (Some(mut s), Some(slot)) = (seen, m.seen.get_mut(w.index)) {
                        // (The access kept a pattern if it did not find the last one.)
                        s.kept = m.kept;
                        *slot = s;
                    }
                }
            }
            if leads {
                if m.version == 0 {
                    m.version = m.kept;
                }
                m.shown = if full_reg { t.run } else { 0 };
            }
        }
        Probe::Atomic { addr } => count_atomic(stats, w, addr, (emask, threads), t.updates),
        Probe::Barrier => stats.barriers += 1,
        // Counted by the handler, which knows the copy's box or the matrix's rows.
        Probe::Bulk { .. } | Probe::Matrix { .. } | Probe::None => {}
    }
}

/// Counts a full warp's access through a register known to hold the memo's kept pattern
/// under its kept key.
#[inline(always)]
pub(super) fn count_unchanged(w: &Warp, addr: Addr, bytes: u32, memo: &mut Memo) {
    memo.pending += 1;
    if addr.space == MemSpace::Shared || addr.space == MemSpace::Local {
        return;
    }
    let Src::Reg(r) = addr.base else {
        return;
    };
    let first = w.regs[r as usize][0].wrapping_add(addr.offset as u64);
    if space_of(addr.space, first) == MemSpace::Global {
        let (lo, hi) = memo.span;
        memo.cover(
            first.wrapping_add(lo as u64),
            first.wrapping_add(hi as u64).wrapping_add(bytes as u64),
        );
    }
}

/// Counts a follower's access whose lanes are known to have its leader's pattern
/// `version` (a full warp, a register address; the leader's key is `leader_key`): the
/// kept answer when the memo holds that pattern under the same key, else worked out and
/// kept as that pattern. `twin`: the leader accesses the same named space, so an
/// unchanged leader key means an unchanged key here.
#[inline(always)]
pub(super) fn count_follower(
    w: &Warp,
    addr: Addr,
    bytes: u32,
    memo: &mut Memo,
    (version, leader_key): (u64, u64),
    twin: bool,
) {
    if twin && memo.follows_unchanged(version, leader_key) {
        count_unchanged(w, addr, bytes, memo);
        return;
    }
    let same = version != 0 && memo.version == version;
    let Src::Reg(r) = addr.base else {
        return;
    };
    let first = w.regs[r as usize][0].wrapping_add(addr.offset as u64);
    if same && memo.key == memo_key(first, space_of(addr.space, first)) {
        count_unchanged(w, addr, bytes, memo);
    } else {
        access(w, addr, bytes, FULL, 32, memo);
        memo.version = version;
    }
    memo.leader_key = leader_key;
}

/// Counts an atomic: its lanes and the distinct addresses among them.
#[inline(never)]
pub(super) fn count_atomic(
    stats: &mut Stats,
    w: &Warp,
    addr: Addr,
    (emask, threads): (u32, u64),
    updates: &mut HashMap<u64, u64>,
) {
    let at = w.addresses(addr);
    stats.atomics.requests += 1;
    stats.atomics.lanes += threads;
    let mut keys = [0u64; 32];
    let mut n = 0;
    let first = at[lanes(emask).next().unwrap_or(0)];
    let global = space_of(addr.space, first) == MemSpace::Global;
    for l in lanes(emask) {
        keys[n] = at[l];
        n += 1;
        // A shared address is the same number in every block: block-private counters, not
        // one contended address.
        if global && (updates.len() < MAX_TRACKED_ATOMICS || updates.contains_key(&at[l])) {
            let u = updates.entry(at[l]).or_insert(0);
            *u += 1;
            stats.atomics.hottest = stats.atomics.hottest.max(*u);
        }
    }
    if global {
        stats.atomics.global_lanes += threads;
    }
    stats.atomics.addresses += distinct(&mut keys[..n]);
}

/// Distinct global addresses a launch tracks for [`AtomicRequests::hottest`]; updates of
/// addresses past these are counted in the totals only (the map stays bounded).
pub(super) const MAX_TRACKED_ATOMICS: usize = 1 << 20;

/// Counts a load or store in its memo's tally, with AVX2 where the CPU has it (x86-64,
/// checked at run time): it halves the cost of comparing a warp's addresses with the memo.
#[inline(always)]
pub(super) fn count_access(
    w: &Warp,
    addr: Addr,
    bytes: u32,
    lanes_in: (u32, u64),
    memo: &mut Memo,
) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has the feature `count_access_avx2` is compiled for.
        unsafe { count_access_avx2(w, addr, bytes, lanes_in, memo) };
        return;
    }
    count_access_portable(w, addr, bytes, lanes_in, memo);
}

/// [`count_access`] for any CPU.
#[inline(never)]
pub(super) fn count_access_portable(
    w: &Warp,
    addr: Addr,
    bytes: u32,
    lanes_in: (u32, u64),
    memo: &mut Memo,
) {
    count_access_body(w, addr, bytes, lanes_in, memo);
}

/// [`count_access`] compiled for AVX2.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn count_access_avx2(
    w: &Warp,
    addr: Addr,
    bytes: u32,
    lanes_in: (u32, u64),
    memo: &mut Memo,
) {
    count_access_body(w, addr, bytes, lanes_in, memo);
}

#[inline(always)]
pub(super) fn count_access_body(
    w: &Warp,
    addr: Addr,
    bytes: u32,
    (emask, threads): (u32, u64),
    memo: &mut Memo,
) {
    match (emask, addr.base) {
        // The usual case: a full warp, a register address, a pattern seen before.
        (FULL, Src::Reg(r)) => {
            let row = &w.regs[r as usize];
            let first = row[0].wrapping_add(addr.offset as u64);
            let space = space_of(addr.space, first);
            if let Some(result) = memo.hit(row, memo_key(first, space)) {
                memo.tally[Tally::index(space)].add(result, threads);
                if space == MemSpace::Global {
                    let (lo, hi) = memo.span;
                    memo.cover(
                        first.wrapping_add(lo as u64),
                        first.wrapping_add(hi as u64).wrapping_add(bytes as u64),
                    );
                }
                return;
            }
        }
        // Every lane at one address (a variable in shared or global memory).
        (_, Src::Imm(v)) => {
            let first = v.wrapping_add(addr.offset as u64);
            let space = space_of(addr.space, first);
            let size = bytes.max(1) as u64;
            let result = match space {
                MemSpace::Global => (first.saturating_add(size - 1) >> 5) - (first >> 5) + 1,
                MemSpace::Shared => 1,
                _ => 0,
            };
            memo.tally[Tally::index(space)].add(result, threads);
            if space == MemSpace::Global {
                memo.cover(first, first.wrapping_add(size));
            }
            return;
        }
        _ => {}
    }
    access(w, addr, bytes, emask, threads, memo);
}

/// Where an access to `space` at `first` (an active lane's address) goes: generic
/// addresses by the window they fall in.
#[inline(always)]
pub(super) fn space_of(space: MemSpace, first: u64) -> MemSpace {
    match space {
        MemSpace::Generic if (SHARED_WINDOW..SHARED_WINDOW + WINDOW_SIZE).contains(&first) => {
            MemSpace::Shared
        }
        MemSpace::Generic if (LOCAL_WINDOW..LOCAL_WINDOW + WINDOW_SIZE).contains(&first) => {
            MemSpace::Local
        }
        MemSpace::Generic => MemSpace::Global,
        s => s,
    }
}

/// A [`Memo`] key: the space and the first lane's address modulo what the answer depends
/// on. Moving every lane by a whole number of 32-byte sectors keeps the sectors a pattern
/// touches, and moving it by whole 4-byte words turns the banks round without changing
/// how many words any bank delivers, so a loop that walks a tile one word at a time keeps
/// its answer.
#[inline(always)]
pub(super) fn memo_key(first: u64, space: MemSpace) -> u64 {
    let align = match space {
        MemSpace::Shared => first & 3,
        _ => first & 31,
    };
    align | ((space as u64) << 8)
}

/// Distinct global bytes the instructions touched, estimated: each instruction's range
/// counts for no more than the sectors it moved (a strided walk touches a fraction of its
/// range), and overlapping ranges of several instructions count once.
pub(super) fn footprint(memos: &[Memo]) -> u64 {
    let mut ranges: Vec<(u64, u64, u64)> = memos
        .iter()
        .filter(|m| m.hi > m.lo && m.tally[0].requests > 0)
        .map(|m| (m.lo, m.hi, (m.hi - m.lo).min(m.tally[0].units * 32)))
        .collect();
    ranges.sort_unstable();
    let mut total = 0u64;
    let mut group: Option<(u64, u64, u64)> = None;
    for (lo, hi, weight) in ranges {
        group = match group {
            Some((glo, ghi, gw)) if lo < ghi => Some((glo, ghi.max(hi), gw + weight)),
            Some((glo, ghi, gw)) => {
                total += (ghi - glo).min(gw);
                Some((lo, hi, weight))
            }
            None => Some((lo, hi, weight)),
        };
    }
    if let Some((glo, ghi, gw)) = group {
        total += (ghi - glo).min(gw);
    }
    total
}

/// A load or store whose pattern is not memoised: works out its sectors or wavefronts from
/// the lanes' addresses and keeps them for next time.
#[inline(never)]
#[cold]
pub(super) fn access(w: &Warp, addr: Addr, bytes: u32, emask: u32, threads: u64, memo: &mut Memo) {
    let at = w.addresses(addr);
    let first = at[lanes(emask).next().unwrap_or(0)];
    let space = space_of(addr.space, first);
    let size = bytes.max(1) as u64;
    let result = match space {
        MemSpace::Global => sectors(&at, emask, size),
        MemSpace::Shared => wavefronts(&at, emask, size),
        _ => 0,
    };
    if let (FULL, Src::Reg(r)) = (emask, addr.base) {
        memo.keep(&w.regs[r as usize], memo_key(first, space), result);
    }
    memo.tally[Tally::index(space)].add(result, threads);
    if space == MemSpace::Global {
        for l in lanes(emask) {
            memo.cover(at[l], at[l].wrapping_add(size));
        }
    }
}

/// Distinct 32-byte sectors the lanes of `emask` touch reading `bytes` from `at[lane]`.
#[inline]
pub(super) fn sectors(at: &[u64; 32], emask: u32, bytes: u64) -> u64 {
    if emask == FULL {
        // The usual case, without branches: every lane, addresses ascending.
        let mut end = at[0].saturating_add(bytes - 1) >> 5;
        let mut count = end - (at[0] >> 5) + 1;
        let mut ascending = true;
        for &a in &at[1..] {
            let (f, e) = (a >> 5, a.saturating_add(bytes - 1) >> 5);
            ascending &= f >= end && e >= f;
            count = count.wrapping_add(e.wrapping_sub(f) + u64::from(f != end));
            end = e;
        }
        if ascending {
            return count;
        }
    }
    // Lanes in ascending order of address, counted in one pass.
    let (mut count, mut last, mut ordered) = (0u64, None::<u64>, true);
    for l in lanes(emask) {
        let (first, end) = (at[l] >> 5, at[l].saturating_add(bytes - 1) >> 5);
        match last {
            Some(prev) if first < prev => {
                ordered = false;
                break;
            }
            Some(prev) => count += end - first + u64::from(first != prev),
            None => count += end - first + 1,
        }
        last = Some(end);
    }
    if ordered {
        return count;
    }
    let mut keys = [0u64; 64];
    let mut n = 0;
    for l in lanes(emask) {
        let (first, end) = (at[l] >> 5, at[l].saturating_add(bytes - 1) >> 5);
        for s in first..=end.min(first + 1) {
            keys[n] = s;
            n += 1;
        }
    }
    distinct(&mut keys[..n])
}

/// Shared-memory wavefronts: the most distinct 4-byte words any of the 32 banks delivers.
#[inline]
pub(super) fn wavefronts(at: &[u64; 32], emask: u32, bytes: u64) -> u64 {
    let words = bytes.div_ceil(4).clamp(1, 4);
    if emask == FULL && words == 1 {
        // The usual case, without branches: a full warp of 4-byte accesses in which every
        // bank is asked for one word at most (broadcasts included).
        // Lanes that repeat the previous lane's word (a row of a tile read by a row of
        // threads) are skipped, which keeps the table out of a chain of store-to-load waits.
        let mut first = [u64::MAX; 32];
        let (mut clash, mut prev) = (false, u64::MAX);
        for &a in at {
            let word = a >> 2;
            if word == prev {
                continue;
            }
            prev = word;
            let slot = &mut first[(word & 31) as usize];
            if *slot == u64::MAX {
                *slot = word;
            } else if *slot != word {
                clash = true;
            }
        }
        if !clash {
            return 1;
        }
    }
    // Every bank asked for at most one word (broadcasts included).
    let mut first = [u64::MAX; 32];
    let mut clash = false;
    for l in lanes(emask) {
        for k in 0..words {
            let word = (at[l] >> 2) + k;
            let bank = (word & 31) as usize;
            if first[bank] == u64::MAX {
                first[bank] = word;
            } else if first[bank] != word {
                clash = true;
            }
        }
    }
    if !clash {
        return 1;
    }
    let mut keys = [0u64; 128];
    let mut n = 0;
    for l in lanes(emask) {
        for k in 0..words {
            let word = (at[l] >> 2) + k;
            keys[n] = ((word & 31) << 58) | (word & ((1 << 58) - 1));
            n += 1;
        }
    }
    let keys = &mut keys[..n];
    keys.sort_unstable();
    let (mut best, mut run, mut prev) = (0u64, 0u64, u64::MAX);
    for &k in keys.iter() {
        if k == prev {
            continue;
        }
        if prev == u64::MAX || k >> 58 != prev >> 58 {
            run = 0;
        }
        run += 1;
        best = best.max(run);
        prev = k;
    }
    best
}

/// The number of distinct values (sorts them).
pub(super) fn distinct(keys: &mut [u64]) -> u64 {
    keys.sort_unstable();
    let mut n = 0;
    let mut prev = None;
    for &k in keys.iter() {
        if prev != Some(k) {
            n += 1;
            prev = Some(k);
        }
    }
    n
}

/// Adds what the launch's instructions did (`sites`, `memos`) to `stats`.
pub(super) fn fold(
    stats: &mut Stats,
    code: &KernelCode,
    probes: &[Probe],
    sites: &[Site],
    memos: &[Memo],
) {
    stats.global_footprint += footprint(memos);
    for ((ins, probe), site) in code.code.iter().zip(probes).zip(sites) {
        stats.warp_instructions += site.warps;
        *stats.mix.slot(class_of(&ins.op)) += site.warps;
        let (ops, pipe) = tensor_work(&ins.op);
        stats.tensor.ops = stats
            .tensor
            .ops
            .saturating_add(site.warps.saturating_mul(ops));
        stats.tensor.pipe_issues =
            (stats.tensor.pipe_issues).saturating_add(site.warps.saturating_mul(pipe));
        stats.divergent_branches += site.divergent;
        if let Probe::Bulk { memo, store } = *probe {
            if let Some(m) = memos.get(memo as usize) {
                let to = if store {
                    &mut stats.bulk_stores
                } else {
                    &mut stats.bulk_loads
                };
                to.requests += m.tally[0].requests;
                to.sectors += m.tally[0].units;
            }
            continue;
        }
        if let Probe::Matrix { memo } = *probe {
            if let Some(m) = memos.get(memo as usize) {
                let shared = m.tally[Tally::index(MemSpace::Shared)];
                stats.shared.requests += shared.requests;
                stats.shared.wavefronts += shared.units;
            }
            continue;
        }
        let Probe::Access {
            addr,
            bytes,
            store,
            memo,
            ..
        } = *probe
        else {
            continue;
        };
        let Some(memo) = memos.get(memo as usize) else {
            continue;
        };
        let [global, shared, local] = memo.tally;
        let loads_or_stores = if store {
            &mut stats.global_stores
        } else {
            &mut stats.global_loads
        };
        loads_or_stores.requests += global.requests;
        loads_or_stores.sectors += global.units;
        stats.shared.requests += shared.requests;
        stats.shared.wavefronts += shared.units;
        stats.local_bytes += local.lanes * bytes as u64;
        if addr.space == MemSpace::Global {
            // Bytes the active lanes asked for with an explicit `.global` (the requested, not the
            // moved, bytes: sectors and the footprint are what the cost model charges).
            stats.global_bytes += global.lanes * bytes as u64;
        }
    }
}

/// Per PTX line: the instructions' executions and their memory requests.
pub(super) fn lines(
    code: &KernelCode,
    probes: &[Probe],
    sites: &[Site],
    memos: &[Memo],
) -> Vec<LineCounters> {
    // Sorted by line (a sorted list rather than a map: less code for every build to compile).
    let mut by_line: Vec<LineCounters> = Vec::new();
    for ((ins, probe), site) in code.code.iter().zip(probes).zip(sites) {
        if site.warps == 0 {
            continue;
        }
        let i = match by_line.binary_search_by_key(&ins.line, |l| l.line) {
            Ok(i) => i,
            Err(i) => {
                let line = LineCounters {
                    line: ins.line,
                    ..LineCounters::default()
                };
                by_line.insert(i, line);
                i
            }
        };
        let l = &mut by_line[i];
        l.warp_instructions += site.warps;
        l.divergent_branches += site.divergent;
        if let Probe::Atomic { .. } = probe {
            l.atomic_requests += site.warps;
        }
        if let Probe::Bulk { memo, .. } = *probe {
            if let Some(m) = memos.get(memo as usize) {
                l.bulk_requests += m.tally[0].requests;
                l.bulk_sectors += m.tally[0].units;
            }
        }
        if let Probe::Matrix { memo } = *probe {
            if let Some(m) = memos.get(memo as usize) {
                let shared = m.tally[Tally::index(MemSpace::Shared)];
                l.shared_requests += shared.requests;
                l.shared_wavefronts += shared.units;
                // Each row is 16 bytes.
                l.shared_ideal_wavefronts += ideal_wavefronts(&shared, 16);
            }
        }
        if let Probe::Access { bytes, memo, .. } = *probe {
            if let Some(m) = memos.get(memo as usize) {
                let [global, shared, _] = m.tally;
                l.global_requests += global.requests;
                l.global_sectors += global.units;
                // Per request, the active lanes' bytes in whole sectors (lanes per request
                // on average), or fewer where lanes shared addresses (a broadcast).
                if global.requests > 0 {
                    let per = (global.lanes * bytes as u64).div_ceil(global.requests);
                    l.global_ideal_sectors +=
                        (per.div_ceil(32) * global.requests).min(global.units);
                }
                l.shared_requests += shared.requests;
                l.shared_wavefronts += shared.units;
                l.shared_ideal_wavefronts += ideal_wavefronts(&shared, bytes as u64);
            }
        }
    }
    by_line
}

/// The fewest wavefronts `shared`'s requests could take, each lane asking for `bytes`: per
/// request (lanes per request on average), one per 128 bytes and at least one; no more
/// than they took (lanes that share words need fewer).
fn ideal_wavefronts(shared: &Tally, bytes: u64) -> u64 {
    if shared.requests == 0 {
        return 0;
    }
    let per = (shared.lanes.saturating_mul(bytes)).div_ceil(shared.requests);
    (per.div_ceil(128).max(1))
        .saturating_mul(shared.requests)
        .min(shared.units)
}

#[cfg(test)]
mod tests {
    use super::{distinct_sectors, matrix_wavefronts};

    #[test]
    fn matrix_rows_take_a_phase_per_matrix() {
        // 8 rows at consecutive 16-byte addresses: 128 bytes, every bank once.
        let rows: Vec<u64> = (0..8).map(|r| 0x400 + 16 * r).collect();
        assert_eq!(matrix_wavefronts(&rows), 1);
        // 8 rows 128 bytes apart: all in banks 0-3, 8 distinct words each.
        let rows: Vec<u64> = (0..8).map(|r| 128 * r).collect();
        assert_eq!(matrix_wavefronts(&rows), 8);
        // Rows 64 bytes apart: banks 0-3 and 16-19, 4 words each.
        let rows: Vec<u64> = (0..8).map(|r| 64 * r).collect();
        assert_eq!(matrix_wavefronts(&rows), 4);
        // .x4 of conflict-free matrices: 4 phases of one wavefront.
        let rows: Vec<u64> = (0..32).map(|r| 16 * r).collect();
        assert_eq!(matrix_wavefronts(&rows), 4);
        // .x4 of an unpadded 16 x 16 f16 tile in rows of 128 bytes (matrices at 0, +1024,
        // +16, +1040): each matrix 8-way, 32 in all. (Counted over the whole warp, as a
        // 16-byte `ld.shared` is, banks 0-3 and 4-7 would deliver 16 words each: 16.)
        let rows: Vec<u64> = [0u64, 1024, 16, 1040]
            .iter()
            .flat_map(|&m| (0..8).map(move |r| m + 128 * r))
            .collect();
        assert_eq!(matrix_wavefronts(&rows), 32);
        // Two rows at one address are one set of words (a broadcast), not a conflict.
        let rows = [0u64, 0, 16, 32, 48, 64, 80, 96];
        assert_eq!(matrix_wavefronts(&rows), 1);
    }

    #[test]
    fn sector_ranges_count_once_however_they_overlap_or_arrive() {
        assert_eq!(distinct_sectors(Vec::new()), 0);
        // Rows of a box: 0..=3 and 8..=11, given out of order.
        assert_eq!(distinct_sectors(vec![(8, 11), (0, 3)]), 8);
        // Overlapping and touching ranges merge: 0..=5 and 6..=6.
        assert_eq!(distinct_sectors(vec![(0, 3), (2, 5), (6, 6)]), 7);
        // The same sector twice, and the last sector of the address space.
        assert_eq!(distinct_sectors(vec![(4, 4), (4, 4)]), 1);
        assert_eq!(distinct_sectors(vec![(u64::MAX - 1, u64::MAX)]), 2);
        assert_eq!(distinct_sectors(vec![(0, u64::MAX)]), u64::MAX);
    }
}
