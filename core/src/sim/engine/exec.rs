//! Executing lowered PTX: warps of 32 lanes with an active mask, reconvergence by running
//! the lanes at the lowest program counter first, block-wide barriers, shared, local,
//! constant and parameter memory, atomics, shuffles and votes.

use super::exact;
use super::half;
use super::ir::*;
use super::lower::{KernelCode, SimModule};
use super::mem::{Memory, LOCAL_WINDOW, SHARED_WINDOW, WINDOW_SIZE};
use crate::error::{Error, Result};
use std::collections::HashMap;
use std::mem::MaybeUninit;

/// Grid and block shape of a launch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dims {
    /// Blocks.
    pub grid: [u32; 3],
    /// Threads per block.
    pub block: [u32; 3],
    /// Dynamic shared memory per block.
    pub shared_dynamic: u32,
}

/// What a launch did: the work it was charged for and the counters a profiler reads, as
/// plain data (see the README's "Profiling counters" for their exact meaning).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    /// Instructions executed, counted per active thread.
    pub thread_instructions: u64,
    /// Simulated work charged against the launch's [`Budget`]: the thread-instructions
    /// plus the set-up of every block (see [`block_work`]).
    pub work: u64,
    /// Instructions executed, counted per warp.
    pub warp_instructions: u64,
    /// Bytes loaded from and stored to global memory (`ld.global`/`st.global`), over all
    /// active threads.
    pub global_bytes: u64,
    /// Warp instructions by class.
    pub mix: InstructionMix,
    /// Branches at which the warp's active lanes went different ways.
    pub divergent_branches: u64,
    /// Global memory accesses: loads.
    pub global_loads: MemoryRequests,
    /// Global memory accesses: stores.
    pub global_stores: MemoryRequests,
    /// Shared memory accesses (loads and stores): requests and the wavefronts bank conflicts
    /// make of them.
    pub shared: SharedRequests,
    /// Bytes of local memory (register spills, stack arrays) loaded and stored by active
    /// threads.
    pub local_bytes: u64,
    /// Atomic instructions (`atom`, `red`) and how contended their addresses were.
    pub atomics: AtomicRequests,
    /// Warp arrivals at block barriers (`bar.sync`, `bar.red`, `barrier`).
    pub barriers: u64,
    /// Bytes of distinct global memory the launch touched (estimated per instruction from
    /// the address range it covered and the sectors it moved): what must come from DRAM
    /// at least once, where `sectors` counts what the caches deliver.
    pub global_footprint: u64,
    /// Blocks in the grid.
    pub blocks: u64,
    /// Threads per block.
    pub block_threads: u32,
    /// Shared memory per block, static and dynamic, in bytes.
    pub block_shared_bytes: u32,
}

impl Stats {
    /// Average active lanes per warp instruction (32 when no lane ever idles).
    pub fn active_lanes(&self) -> f64 {
        ratio(self.thread_instructions, self.warp_instructions)
    }
}

/// `a / b`, 0 when `b` is 0.
fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// Warp instructions by the unit that would execute them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct InstructionMix {
    /// Integer and logic arithmetic, moves, comparisons, conversions, warp shuffles and votes.
    pub integer: u64,
    /// Single-precision floating point.
    pub fp32: u64,
    /// Double-precision floating point.
    pub fp64: u64,
    /// Half precision (`.f16`, `.bf16`, and their pairs).
    pub half: u64,
    /// Special functions and approximations: `sqrt`, `rsqrt`, `rcp`, `ex2`, `lg2`, `sin`,
    /// `cos` in single precision.
    pub sfu: u64,
    /// Memory: loads, stores, atomics, textures and surfaces, asynchronous copies.
    pub memory: u64,
    /// Control: branches, calls, returns, exits, barriers.
    pub control: u64,
    /// Tensor-core matrix operations (`mma`, `wmma`, `ldmatrix` and the like).
    pub tensor: u64,
}

/// Warp-level requests to global memory and the 32-byte sectors they touched.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MemoryRequests {
    /// Warp instructions (one request each).
    pub requests: u64,
    /// Distinct 32-byte sectors the active lanes touched, summed over requests.
    pub sectors: u64,
}

impl MemoryRequests {
    /// Sectors per request: 4 for 32 lanes reading consecutive 4-byte words (coalesced),
    /// up to 32 when every lane touches a sector of its own.
    pub fn sectors_per_request(&self) -> f64 {
        ratio(self.sectors, self.requests)
    }
}

/// Shared memory requests and wavefronts: a request whose lanes hit different 4-byte words
/// in the same one of the 32 banks is replayed once per extra word.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SharedRequests {
    /// Warp instructions (one request each).
    pub requests: u64,
    /// Wavefronts: per request, the most distinct words any bank had to deliver.
    pub wavefronts: u64,
}

impl SharedRequests {
    /// Wavefronts per request: 1 without bank conflicts, 32 at worst.
    pub fn wavefronts_per_request(&self) -> f64 {
        ratio(self.wavefronts, self.requests)
    }
}

/// Atomic requests and their contention.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AtomicRequests {
    /// Warp instructions.
    pub requests: u64,
    /// Active lanes, summed over requests.
    pub lanes: u64,
    /// Distinct addresses, summed over requests (`lanes - addresses` updates waited for
    /// another lane of their own warp).
    pub addresses: u64,
    /// Lanes of atomics to global memory (shared-memory atomics stay in their SM).
    pub global_lanes: u64,
    /// Updates of the most updated global address over the launch: they happen one after
    /// another whatever the grid does. (Counted over the first million distinct addresses
    /// a launch updates.)
    pub hottest: u64,
}

/// Classes of [`InstructionMix`], in its field order.
const INTEGER: u8 = 0;
const MEMORY: u8 = 5;
const CONTROL: u8 = 6;

impl InstructionMix {
    /// The counter of class `c` (a `class_of` value).
    #[inline(always)]
    fn slot(&mut self, c: u8) -> &mut u64 {
        match c {
            1 => &mut self.fp32,
            2 => &mut self.fp64,
            3 => &mut self.half,
            4 => &mut self.sfu,
            MEMORY => &mut self.memory,
            CONTROL => &mut self.control,
            7 => &mut self.tensor,
            _ => &mut self.integer,
        }
    }
}

/// The unit a warp instruction runs on, as an [`InstructionMix`] class; computed once per
/// launch for every instruction of the kernel.
fn class_of(op: &Op) -> u8 {
    let by_type = |ty: Ty| match ty {
        Ty::F32 => 1,
        Ty::F64 => 2,
        Ty::F16 | Ty::BF16 => 3,
        _ => INTEGER,
    };
    match op {
        Op::Ld { .. }
        | Op::St { .. }
        | Op::Atom { .. }
        | Op::Tex { .. }
        | Op::SurfLd { .. }
        | Op::SurfSt { .. }
        | Op::CpAsync { .. }
        | Op::BulkCopy { .. } => MEMORY,
        Op::Bra { .. }
        | Op::Call { .. }
        | Op::Return { .. }
        | Op::Exit
        | Op::Bar { .. }
        | Op::Mbar { .. }
        | Op::Trap => CONTROL,
        Op::Matrix(..) => 7,
        Op::Half { .. } | Op::CvtPair { .. } => 3,
        Op::Un {
            op: UnOp::Sqrt | UnOp::Rsqrt | UnOp::Rcp | UnOp::Ex2 | UnOp::Lg2 | UnOp::Sin | UnOp::Cos,
            ty: Ty::F32,
            ..
        } => 4,
        Op::Un { ty, .. } | Op::Bin { ty, .. } | Op::Mad { ty, .. } => by_type(*ty),
        _ => INTEGER,
    }
}

/// The last lane-address pattern one memory instruction saw and what it cost: a warp's
/// addresses relative to its first lane usually repeat from one execution to the next (a
/// loop walking a tile), so the sectors or wavefronts are computed once per pattern.
///
/// The lane pattern, read only when it must be compared, is kept apart: the memos of a
/// kernel's instructions then fit in a few cache lines each.
#[derive(Clone)]
struct Memo {
    /// The space the access went to and the first lane's address modulo what the answer
    /// depends on ([`memo_key`]). `u64::MAX`: empty.
    key: u64,
    result: u64,
    /// Which pattern `deltas` is, for [`Probe::Access::follows`]: a leader's changes
    /// each time it keeps a new one (from `kept`); a follower's is the leader's it was
    /// shown to equal, or 0 (unknown) after it kept one of its own.
    version: u64,
    /// Patterns kept so far.
    kept: u64,
    /// For a leader: the warp run ([`Block::run`]) in which it last saw a full warp's
    /// register, whose pattern is then `version` until the run ends.
    shown: u64,
    /// Per warp of the block, when the instruction last saw that warp's register with the
    /// kept pattern ([`Seen`]): while nothing has written the register since, the answer
    /// stands without comparing the lanes.
    seen: Vec<Seen>,
    /// Full-warp executions that had the kept answer and are not in `tally` yet (added
    /// when the answer changes and when the launch ends: one increment each meanwhile).
    pending: u64,
    /// For a follower: its leader's key when it worked out its answer. Where both access
    /// one named space through one register, the leader's key decides the follower's.
    leader_key: u64,
    /// What the instruction did over the launch, by the space it went to: global, shared,
    /// local (a generic access can go to any).
    tally: [Tally; 3],
    /// The lowest and highest lane delta of the kept pattern (as signed numbers).
    span: (i64, i64),
    /// The global addresses the instruction covered: `[lo, hi)`.
    lo: u64,
    hi: u64,
    /// Each lane's address less the first lane's, in the kept pattern.
    deltas: Box<[u64; 32]>,
}

/// When a memory instruction last saw one warp's address register with its memo's kept
/// pattern: the block (numbered from 1), how many times the register's only writer had
/// run by then (over the launch), and the memo's `kept` count.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Seen {
    block: u64,
    writes: u64,
    kept: u64,
}

/// Requests of one load or store instruction to one space.
#[derive(Clone, Copy, Default)]
struct Tally {
    /// Warp requests.
    requests: u64,
    /// Sectors (global) or wavefronts (shared) over the requests.
    units: u64,
    /// Active lanes over the requests.
    lanes: u64,
}

impl Tally {
    /// The tally of `space` in a [`Memo`]'s `tally` (global, shared, local).
    #[inline(always)]
    fn index(space: MemSpace) -> usize {
        match space {
            MemSpace::Shared => 1,
            MemSpace::Local => 2,
            _ => 0,
        }
    }

    #[inline(always)]
    fn add(&mut self, units: u64, lanes: u64) {
        self.requests += 1;
        self.units += units;
        self.lanes += lanes;
    }
}

/// What the launch counts per instruction (folded into [`Stats`] when it ends, and the
/// place a profile finds the lines responsible).
#[derive(Clone, Copy, Default)]
struct Site {
    /// Warp executions.
    warps: u64,
    /// Executions at which a branch's active lanes went different ways.
    divergent: u64,
    /// Whether the instruction's probe is anything but [`Probe::None`] (kept here so
    /// that one lookup per instruction serves both).
    probed: bool,
}

impl Memo {
    fn empty(warps: usize) -> Memo {
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
    fn hit(&self, row: &[u64; 32], key: u64) -> Option<u64> {
        (key == self.key && same_deltas(row, &self.deltas)).then_some(self.result)
    }

    /// Moves the pending executions into the tally.
    fn settle(&mut self) {
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
    fn keep(&mut self, row: &[u64; 32], key: u64, result: u64) {
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
    fn follows_unchanged(&self, version: u64, key: u64) -> bool {
        version != 0 && self.version == version && self.leader_key == key
    }

    /// Widens the covered global range to `[lo, hi)`.
    #[inline(always)]
    fn cover(&mut self, lo: u64, hi: u64) {
        self.lo = self.lo.min(lo);
        self.hi = self.hi.max(hi);
    }
}

/// Whether `row[l] - row[0] == deltas[l]` in every lane (four accumulators, so the
/// comparison vectorises).
#[inline(always)]
fn same_deltas(row: &[u64; 32], deltas: &[u64; 32]) -> bool {
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
enum Probe {
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
    /// A block barrier.
    Barrier,
}

impl Probe {
    /// The probe of `op`, numbering accesses from `*memos`.
    fn of(op: &Op, memos: &mut u32) -> Probe {
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
            Op::Ld { ty, d, addr } => access(addr, ty.size() * d.len(), false),
            Op::St { ty, s, addr } => access(addr, ty.size() * s.len(), true),
            Op::Atom { addr, .. } => Probe::Atomic { addr: *addr },
            Op::Bar { .. } => Probe::Barrier,
            _ => Probe::None,
        }
    }
}

/// No chain: see [`Probe::Access`].
const NO_CHAIN: u32 = u32::MAX;

/// Links each load or store to the first of a run of accesses through the same address
/// register ([`Probe::Access::follows`]): within the run no instruction can write that
/// register and none is a jump target, so every warp that reaches a follower came
/// through its leader with the register as it is now. A follower then knows its lanes'
/// pattern is the leader's without comparing them again (an unrolled loop over a tile
/// reads one register at 16 offsets). Instructions whose writes are not known here end
/// runs, which only costs speed.
fn chains(code: &[super::ir::Instr], probes: &mut [Probe]) {
    let mut targets = vec![false; code.len()];
    for ins in code {
        if let Op::Bra { target } | Op::Call { target, .. } = ins.op {
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
fn writes(op: &Op) -> Option<Vec<u32>> {
    Some(match op {
        Op::Mov { d, .. }
        | Op::Bin { d, .. }
        | Op::Un { d, .. }
        | Op::Mad { d, .. }
        | Op::Slct { d, .. }
        | Op::Shf { d, .. }
        | Op::Selp { d, .. }
        | Op::Logic { d, .. }
        | Op::Cvt { d, .. }
        | Op::Cvta { d, .. } => vec![*d],
        Op::Testp { p, .. } => vec![*p],
        Op::Setp { p, pn, .. } => std::iter::once(*p).chain(*pn).collect(),
        Op::Ld { d, .. } => d.clone(),
        Op::St { .. } => Vec::new(),
        _ => return None,
    })
}

/// For each register, the one instruction that writes it (its pc), or [`NO_CHAIN`] where
/// several do, none does, the register is special (set when a block starts) or the
/// kernel has an instruction whose writes [`writes`] does not know (then every register
/// gets [`NO_CHAIN`]: a call's return, for one, restores registers).
fn sole_writers(code: &[super::ir::Instr], nregs: usize) -> Vec<u32> {
    let mut writer = vec![NO_CHAIN; nregs];
    let mut many = vec![false; nregs];
    for (pc, ins) in code.iter().enumerate() {
        let regs = match (&ins.op, writes(&ins.op)) {
            (_, Some(regs)) => regs,
            (Op::Bra { .. } | Op::Exit | Op::Nop | Op::Bar { red: None, .. }, None) => Vec::new(),
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
    for w in writer.iter_mut().take(super::lower::SPECIAL.len()) {
        *w = NO_CHAIN;
    }
    writer
}

/// What counting one instruction reads and updates, besides the warp.
struct Tables<'t> {
    memos: &'t mut [Memo],
    updates: &'t mut HashMap<u64, u64>,
    sites: &'t [Site],
    /// The warp run in progress ([`Block::run`]).
    run: u64,
    /// The block, numbered from 1 over the launch.
    block: u64,
}

/// Counts what one memory or control instruction does (before it runs: the addresses are
/// the registers' current values). The usual case, a follower into shared or local memory
/// whose answer is known ([`count_follower`]), is decided here in a few loads; the rest
/// is out of line, which keeps the interpreter's loop small.
#[inline(always)]
fn count(stats: &mut Stats, w: &Warp, probe: &Probe, lanes: (u32, u64), t: Tables) {
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
fn count_rest(stats: &mut Stats, w: &Warp, probe: &Probe, (emask, threads): (u32, u64), t: Tables) {
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
        Probe::None => {}
    }
}

/// Counts a full warp's access through a register known to hold the memo's kept pattern
/// under its kept key.
#[inline(always)]
fn count_unchanged(w: &Warp, addr: Addr, bytes: u32, memo: &mut Memo) {
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
fn count_follower(
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
fn count_atomic(
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
const MAX_TRACKED_ATOMICS: usize = 1 << 20;

/// Counts a load or store in its memo's tally, with AVX2 where the CPU has it (x86-64,
/// checked at run time): it halves the cost of comparing a warp's addresses with the memo.
#[inline(always)]
fn count_access(w: &Warp, addr: Addr, bytes: u32, lanes_in: (u32, u64), memo: &mut Memo) {
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
fn count_access_portable(w: &Warp, addr: Addr, bytes: u32, lanes_in: (u32, u64), memo: &mut Memo) {
    count_access_body(w, addr, bytes, lanes_in, memo);
}

/// [`count_access`] compiled for AVX2.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn count_access_avx2(
    w: &Warp,
    addr: Addr,
    bytes: u32,
    lanes_in: (u32, u64),
    memo: &mut Memo,
) {
    count_access_body(w, addr, bytes, lanes_in, memo);
}

#[inline(always)]
fn count_access_body(
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
fn space_of(space: MemSpace, first: u64) -> MemSpace {
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
fn memo_key(first: u64, space: MemSpace) -> u64 {
    let align = match space {
        MemSpace::Shared => first & 3,
        _ => first & 31,
    };
    align | ((space as u64) << 8)
}

/// Distinct global bytes the instructions touched, estimated: each instruction's range
/// counts for no more than the sectors it moved (a strided walk touches a fraction of its
/// range), and overlapping ranges of several instructions count once.
fn footprint(memos: &[Memo]) -> u64 {
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
fn access(w: &Warp, addr: Addr, bytes: u32, emask: u32, threads: u64, memo: &mut Memo) {
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

/// Adds what the launch's instructions did (`sites`, `memos`) to `stats`.
fn fold(stats: &mut Stats, code: &KernelCode, probes: &[Probe], sites: &[Site], memos: &[Memo]) {
    stats.global_footprint += footprint(memos);
    for ((ins, probe), site) in code.code.iter().zip(probes).zip(sites) {
        stats.warp_instructions += site.warps;
        *stats.mix.slot(class_of(&ins.op)) += site.warps;
        stats.divergent_branches += site.divergent;
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

/// Distinct 32-byte sectors the lanes of `emask` touch reading `bytes` from `at[lane]`.
#[inline]
fn sectors(at: &[u64; 32], emask: u32, bytes: u64) -> u64 {
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
fn wavefronts(at: &[u64; 32], emask: u32, bytes: u64) -> u64 {
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
fn distinct(keys: &mut [u64]) -> u64 {
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

const FULL: u32 = u32::MAX;

/// What one launch may use: simulated work, wall-clock time and register file.
///
/// Work is counted in thread-instructions: each instruction a thread executes is one, and
/// starting a block costs what [`block_work`] says, so a kernel that does nothing on a
/// huge grid stops as surely as one that loops for ever. A budget of 2·10⁹ (the default)
/// is a few seconds of simulation natively.
///
/// ```
/// use cuda_library::sim::Budget;
/// let b = Budget::from(1_000_000); // work only, as `sim::launch(.., 1_000_000)` says
/// assert_eq!(b.deadline, None);
/// let b = Budget::from(&cuda_library::Limits::default());
/// assert_eq!(b.work, cuda_library::sim::DEFAULT_BUDGET);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Work, in thread-instructions ([`Error::InstructionBudget`] past it).
    pub work: u64,
    /// Wall-clock time ([`Error::Deadline`] past it); ignored on wasm32, which has no
    /// clock here (the playground stops its worker instead).
    pub deadline: Option<std::time::Duration>,
    /// Bytes of register file one block may use ([`Error::LimitExceeded`] past it).
    pub register_file_bytes: u64,
}

impl From<u64> for Budget {
    fn from(work: u64) -> Self {
        Budget {
            work,
            ..Budget::from(&crate::Limits::default())
        }
    }
}

impl From<&crate::Limits> for Budget {
    fn from(l: &crate::Limits) -> Self {
        Budget {
            work: l.launch_budget,
            deadline: l.launch_deadline,
            register_file_bytes: l.register_file_bytes,
        }
    }
}

/// The work of starting one block of `threads` threads: a fixed part for the block and
/// each warp, one per thread, and one per 16 bytes of shared and local memory cleared
/// for it. Calibrated so that work tracks time: an empty kernel costs about as much per
/// block as the instructions of a small one.
pub fn block_work(threads: u32, shared_bytes: usize, local_bytes_per_thread: usize) -> u64 {
    const BLOCK: u64 = 128;
    const WARP: u64 = 16;
    let warps = threads.div_ceil(32) as u64;
    let cleared = shared_bytes as u64 + local_bytes_per_thread as u64 * threads as u64;
    BLOCK + WARP * warps + threads as u64 + cleared / 16
}

/// How often (in thread-instructions, and in blocks) a launch with a deadline reads the
/// clock: often enough to stop within milliseconds of it, rarely enough to cost nothing.
const CLOCK_EVERY_WORK: u64 = 1 << 24;

/// Stops a launch at its budget and deadline.
struct Meter {
    budget: Budget,
    started: Option<Clock>,
    /// Work at which to look at the clock next.
    next_clock: u64,
}

#[cfg(not(target_arch = "wasm32"))]
type Clock = std::time::Instant;
#[cfg(target_arch = "wasm32")]
type Clock = ();

impl Meter {
    fn new(budget: Budget) -> Meter {
        #[cfg(not(target_arch = "wasm32"))]
        let started = budget.deadline.map(|_| std::time::Instant::now());
        #[cfg(target_arch = "wasm32")]
        let started = None;
        Meter {
            budget,
            started,
            next_clock: CLOCK_EVERY_WORK,
        }
    }

    /// The thread-instruction count at which the running warp must pause: the budget, or
    /// the next look at the clock.
    fn pause_at(&self, stats: &Stats) -> u64 {
        let left = self.budget.work.saturating_sub(stats.work);
        let until_clock = if self.started.is_some() {
            self.next_clock.saturating_sub(stats.work)
        } else {
            u64::MAX
        };
        stats
            .thread_instructions
            .saturating_add(left.min(until_clock))
    }

    /// Checks the budget and, when due, the clock; `line` is where the kernel is.
    fn check(&mut self, stats: &Stats, kernel: &str, line: u32) -> Result<()> {
        if stats.work > self.budget.work {
            return Err(self.over_budget(kernel, line));
        }
        if stats.work >= self.next_clock {
            self.tick(stats.work, kernel, line)?;
        }
        Ok(())
    }

    /// A warp paused before an instruction of `threads` threads at `line`: past the
    /// budget that is the end; otherwise the clock is due.
    fn paused(&mut self, stats: &Stats, threads: u64, kernel: &str, line: u32) -> Result<()> {
        if stats.work.saturating_add(threads) > self.budget.work {
            return Err(self.over_budget(kernel, line));
        }
        self.tick(stats.work, kernel, line)
    }

    /// Looks at the clock; the next look is [`CLOCK_EVERY_WORK`] later.
    fn tick(&mut self, work: u64, kernel: &str, line: u32) -> Result<()> {
        self.next_clock = work.saturating_add(CLOCK_EVERY_WORK);
        #[cfg(not(target_arch = "wasm32"))]
        if let (Some(t), Some(d)) = (self.started, self.budget.deadline) {
            if t.elapsed() > d {
                return Err(Error::Deadline {
                    kernel: kernel.to_string(),
                    deadline: d,
                    line,
                });
            }
        }
        #[cfg(target_arch = "wasm32")]
        let _ = (kernel, line);
        Ok(())
    }

    #[cold]
    fn over_budget(&self, kernel: &str, line: u32) -> Error {
        Error::InstructionBudget {
            kernel: kernel.to_string(),
            budget: self.budget.work,
            line,
        }
    }
}

/// Register of `%ctaid.x` (then `.y`, `.z`): its place in [`super::lower::SPECIAL`].
const CTAID: usize = 6;
/// Register of `%envreg1` (then `%envreg2`).
const ENVREG: usize = 21;

/// The largest arrival count of an `mbarrier` (`2^20 - 1`), and the mask of a count.
const MB_COUNT: u64 = (1 << 20) - 1;

/// An `mbarrier` object as the simulator keeps it in its 8 bytes of shared memory (the
/// PTX ISA leaves the layout opaque): bits 0..20 the arrivals the current phase still
/// expects, 20..40 the arrivals each phase expects, 40..62 the transaction bytes still
/// expected (22-bit two's complement), bit 62 set once initialised, bit 63 the phase's
/// parity. An arrival's token is the object as it was before the arrival.
#[derive(Debug, Clone, Copy)]
struct MbarState {
    pending: u64,
    expected: u64,
    tx: i64,
    init: bool,
    phase: bool,
}

impl MbarState {
    fn decode(v: u64) -> MbarState {
        let raw = (v >> 40) & ((1 << 22) - 1);
        MbarState {
            pending: v & MB_COUNT,
            expected: (v >> 20) & MB_COUNT,
            tx: if raw >> 21 == 1 {
                raw as i64 - (1 << 22)
            } else {
                raw as i64
            },
            init: v >> 62 & 1 == 1,
            phase: v >> 63 == 1,
        }
    }

    fn encode(self) -> u64 {
        (self.pending & MB_COUNT)
            | (self.expected & MB_COUNT) << 20
            | (self.tx as u64 & ((1 << 22) - 1)) << 40
            | (self.init as u64) << 62
            | (self.phase as u64) << 63
    }
}

/// One real call's frame in one lane: where to return, the callee's saved registers and
/// local bytes.
type SavedFrame = (u32, Vec<u64>, Vec<u8>);

struct Warp {
    /// The warp's place in its block.
    index: usize,
    regs: Vec<[u64; 32]>,
    /// Per-lane program counters; only meaningful while the warp is diverged.
    pc: [u32; 32],
    /// `Some(pc)` while every live lane is at `pc` (the common, fast case).
    uniform: Option<u32>,
    /// Lanes that exist and have not exited.
    live: u32,
    /// Lanes that exist in this warp (the block may end inside it).
    threads: u32,
    waiting: bool,
    /// Waiting at a barrier for part of the block: its number and the generation it waits
    /// to see pass (`None`: a barrier for the whole block).
    wait_bar: Option<(u8, u32)>,
    /// Lanes stopped at an `mbarrier` poll while the warp's other lanes run.
    parked: u32,
    /// Stopped at an `mbarrier` wait (its line) whose phase was incomplete, to let the
    /// others run.
    yielded: Option<u32>,
    /// At a `bar.red`: what to reduce, the lanes that arrived and their predicates.
    bar_red: Option<(BarRed, u32, u32)>,
    /// Each lane's frames of real calls (return address, saved registers, saved local
    /// bytes) and their size.
    stack: Vec<Vec<SavedFrame>>,
    stack_bytes: [usize; 32],
    local: Vec<Vec<u8>>,
    /// Thread index of each lane, for errors.
    tid: [[u32; 3]; 32],
}

struct Block<'a> {
    code: &'a KernelCode,
    /// Each instruction's [`Probe`].
    probes: &'a [Probe],
    /// One [`Memo`] per counted load or store, kept across the launch's blocks.
    memos: Vec<Memo>,
    /// Each instruction's counts, kept across the launch's blocks.
    sites: Vec<Site>,
    /// Atomic updates per address, over the launch.
    updates: HashMap<u64, u64>,
    /// Numbers the warps' runs over the launch (from 1; see [`Memo::shown`]).
    run: u64,
    /// The block's number in the launch, from 1 (see [`Seen`]).
    serial: u64,
    module: &'a SimModule,
    params: &'a [u8],
    shared: Vec<u8>,
    ctaid: [u32; 3],
    /// Threads in the block.
    threads: u32,
    /// Barriers 0..16 with a thread count: threads arrived, generation (completions),
    /// the count the last arrival gave.
    bars: [(u32, u32, u32); 16],
    /// Counts changes that can release a waiting warp (barrier completions, `mbarrier`
    /// writes): a round of the block's warps that changes nothing is a deadlock.
    epoch: u64,
}

/// `printf`'s argument buffer as one thread sees it (usually in its local memory).
struct ThreadArgs<'a, 'b> {
    block: &'a mut Block<'b>,
    gmem: &'a mut Memory,
    w: &'a mut Warp,
    l: usize,
    base: u64,
}

impl super::printf::Args for ThreadArgs<'_, '_> {
    fn read(&mut self, offset: u64, size: usize) -> std::result::Result<u64, String> {
        let at = self.base.wrapping_add(offset);
        self.block
            .read(self.gmem, self.w, self.l, MemSpace::Generic, at, size)
            .map_err(|e| format!("argument at offset {offset}: {e}"))
    }

    fn string(&mut self, address: u64) -> std::result::Result<String, String> {
        self.block.c_string(self.gmem, self.w, self.l, address)
    }
}

/// Bytes of call frames (return address, saved registers and local memory) one thread may
/// hold in nested real calls. A GPU's default stack is 1 KiB per thread
/// (`cudaLimitStackSize`), raised by programs that recurse deeply; the simulator allows
/// this much before it calls the recursion runaway.
pub const STACK_BYTES: usize = 256 << 10;

/// Moves lanes `m` (those in `mask` the instruction ran in) to `to(lane)` and the rest of
/// `mask` to `next`, keeping the warp uniform when every lane goes to one place.
fn jump(w: &mut Warp, mask: u32, m: u32, pc: u32, next: u32, to: impl Fn(usize) -> u32) {
    let first = lanes(m).next().map(&to);
    let same = first.is_some_and(|t| lanes(m).all(|l| to(l) == t));
    if w.uniform.is_some() && (m == mask || m == 0) && (m == 0 || same) {
        w.uniform = Some(if m == 0 { next } else { first.unwrap_or(next) });
        return;
    }
    if w.uniform.take().is_some() {
        for l in lanes(w.live) {
            w.pc[l] = pc;
        }
    }
    for l in lanes(m) {
        w.pc[l] = to(l);
    }
    for l in lanes(mask & !m) {
        w.pc[l] = next;
    }
}

fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(l)
        }
    })
}

#[inline]
fn width_mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

#[inline]
fn trunc(v: u64, ty: Ty) -> u64 {
    v & width_mask(ty.bits())
}

#[inline]
fn sext(v: u64, bits: u32) -> i64 {
    let s = 64 - bits.min(64);
    ((v << s) as i64) >> s
}

#[inline]
fn f32v(v: u64) -> f32 {
    f32::from_bits(v as u32)
}
#[inline]
fn f64v(v: u64) -> f64 {
    f64::from_bits(v)
}
#[inline]
fn ftz32(x: f32) -> f32 {
    if x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

/// Whether an access at `addr` in `space` lands in global memory (a generic address
/// outside the shared and local windows).
#[inline]
fn in_global(space: MemSpace, addr: u64) -> bool {
    match space {
        MemSpace::Global => true,
        MemSpace::Generic => {
            !(SHARED_WINDOW..SHARED_WINDOW + WINDOW_SIZE).contains(&addr)
                && !(LOCAL_WINDOW..LOCAL_WINDOW + WINDOW_SIZE).contains(&addr)
        }
        _ => false,
    }
}

/// An `f32` result as the GPU writes it: a NaN becomes the canonical NaN `0x7fffffff` (f64
/// results keep their NaN's payload, as the GPU's do).
#[inline(always)]
fn canon32(x: f32) -> u64 {
    if x.is_nan() {
        0x7fff_ffff
    } else {
        x.to_bits() as u64
    }
}

/// `.ftz` on an `f32` operand's bits.
#[inline(always)]
fn flush_bits(v: u64) -> u64 {
    ftz32(f32v(v)).to_bits() as u64
}

/// An `f32` result's bits after `.ftz` and `.sat` (clamped to [0, 1], NaN to +0).
#[inline(always)]
fn finish32(v: u64, mods: FpMods) -> u64 {
    let x = f32v(v);
    let x = if mods.ftz { ftz32(x) } else { x };
    if mods.sat {
        (if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) }).to_bits() as u64
    } else {
        canon32(x)
    }
}

/// `v` rounded to `f32` in direction `r` (`Nearest` is Rust's `as`). Exact when `v` is
/// the exact value or that value rounded to odd in `f64` ([`half::add_round_to_odd`]).
fn round_f64_to_f32(v: f64, r: Round) -> f32 {
    let n = v as f32;
    if v.is_nan() || n as f64 == v {
        return n;
    }
    // The f32 neighbours of v: n and the next one on v's side.
    let step = |x: f32, up: bool| -> f32 {
        if x.is_infinite() && (x > 0.0) == up {
            x
        } else if x == 0.0 {
            f32::from_bits(1).copysign(if up { 1.0 } else { -1.0 })
        } else if (x > 0.0) == up {
            f32::from_bits(x.to_bits() + 1)
        } else {
            f32::from_bits(x.to_bits() - 1)
        }
    };
    let below = (n as f64) < v;
    let down = if below { n } else { step(n, false) };
    let up = if below { step(n, true) } else { n };
    match r {
        Round::Nearest => n,
        Round::Down => down,
        Round::Up => up,
        Round::Zero if v > 0.0 => down,
        Round::Zero => up,
    }
}

/// `f32` `add`/`sub`/`mul` (`c` unused) or `fma` rounded in direction `r`.
fn f32_directed(op: BinOp, fused: bool, a: u64, b: u64, c: u64, r: Round) -> u64 {
    let (x, y, z) = (f32v(a) as f64, f32v(b) as f64, f32v(c) as f64);
    let v = match op {
        _ if fused => half::add_round_to_odd(x * y, z),
        BinOp::Add => half::add_round_to_odd(x, y),
        BinOp::Sub => half::add_round_to_odd(x, -y),
        _ => x * y,
    };
    canon32(round_f64_to_f32(v, r))
}

/// Lane `l`'s texture or surface object and coordinates (as 32-bit words).
fn lane_target(w: &Warp, handle: Src, coords: &[Src], l: usize) -> (u64, [u32; 4]) {
    let mut c = [0u32; 4];
    for (k, &s) in coords.iter().enumerate().take(4) {
        c[k] = w.get(s, l) as u32;
    }
    (w.get(handle, l), c)
}

/// A little-endian value of 1, 2, 4 or 8 bytes (fixed-size copies: no `memcpy` call).
#[inline(always)]
fn load_le(s: &[u8]) -> u64 {
    if let Ok(b) = <[u8; 4]>::try_from(s) {
        u32::from_le_bytes(b) as u64
    } else if let Ok(b) = <[u8; 8]>::try_from(s) {
        u64::from_le_bytes(b)
    } else if let Ok(b) = <[u8; 2]>::try_from(s) {
        u16::from_le_bytes(b) as u64
    } else {
        let mut buf = [0u8; 8];
        let n = s.len().min(8);
        buf[..n].copy_from_slice(&s[..n]);
        u64::from_le_bytes(buf)
    }
}

/// Loads `N` bytes at `base[l] + offset - start` of `bytes` into `out[l]` for the lanes of
/// `m`, and checks in the same pass that every access is aligned and inside `bytes`. `false`
/// when one is not: `out` is then partly written (a lane outside reads clamped bytes, never
/// out of bounds) and the caller takes the lane-by-lane path, which reports the faulting
/// lane.
#[inline(always)]
fn gather<const N: usize>(
    out: &mut [u64; 32],
    bytes: &[u8],
    base: &[u64; 32],
    offset: u64,
    start: u64,
    m: u32,
) -> bool {
    let Some(limit) = bytes.len().checked_sub(N) else {
        return false;
    };
    let (mut outside, mut odd) = (false, 0u64);
    let mut one = |b: u64| -> u64 {
        let a = b.wrapping_add(offset);
        let off = a.wrapping_sub(start);
        outside |= off > limit as u64;
        odd |= a;
        let off = (off as usize).min(limit);
        let mut buf = [0u8; 8];
        buf[..N].copy_from_slice(&bytes[off..off + N]);
        u64::from_le_bytes(buf)
    };
    if m == FULL {
        for (o, &b) in out.iter_mut().zip(base) {
            *o = one(b);
        }
    } else {
        for l in lanes(m) {
            out[l] = one(base[l]);
        }
    }
    !outside && odd % N as u64 == 0
}

/// Stores the low `s.len()` bytes of `v`, little-endian.
#[inline(always)]
fn store_le(s: &mut [u8], v: u64) {
    if let Ok(b) = <&mut [u8; 4]>::try_from(&mut *s) {
        *b = (v as u32).to_le_bytes();
    } else if let Ok(b) = <&mut [u8; 8]>::try_from(&mut *s) {
        *b = v.to_le_bytes();
    } else if let Ok(b) = <&mut [u8; 2]>::try_from(&mut *s) {
        *b = (v as u16).to_le_bytes();
    } else {
        let n = s.len().min(8);
        s[..n].copy_from_slice(&v.to_le_bytes()[..n]);
    }
}

/// `fma.rn.f32`, exact and without a libm call (which is slow where the CPU has no FMA
/// instruction, and absent on wasm32): the product of two `f32` is exact in `f64`; the sum
/// is rounded to odd in `f64` (its exact error from a two-sum decides the direction); and
/// rounding that to `f32` is then the correctly rounded fused result, since `f64` has more
/// than two bits beyond `f32`'s precision. Infinities and NaN take `f32::mul_add`.
#[inline(always)]
fn fma_f32(x: f32, y: f32, z: f32) -> f32 {
    let s = half::add_round_to_odd(x as f64 * y as f64, z as f64);
    if !s.is_finite() {
        return x.mul_add(y, z);
    }
    s as f32
}

/// `op` of `ty` in all 32 lanes (`d = a op b`), for [`Op::Bin`].
#[inline(always)]
fn bin_rows(op: BinOp, ty: Ty, mods: FpMods, out: &mut [u64; 32], av: &[u64; 32], bv: &[u64; 32]) {
    let plain = mods == FpMods::default();
    match (op, ty) {
        (BinOp::Add, Ty::U(4) | Ty::S(4)) if plain => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = av[l].wrapping_add(bv[l]) & 0xffff_ffff;
            }
        }
        (BinOp::Add, Ty::U(8) | Ty::S(8)) => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = av[l].wrapping_add(bv[l]);
            }
        }
        (BinOp::MulLo, Ty::U(4) | Ty::S(4)) => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = av[l].wrapping_mul(bv[l]) & 0xffff_ffff;
            }
        }
        (BinOp::MulWide, Ty::S(4)) => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = ((av[l] as u32 as i32 as i64).wrapping_mul(bv[l] as u32 as i32 as i64)) as u64;
            }
        }
        (BinOp::MulWide, Ty::U(4)) => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = (av[l] & 0xffff_ffff) * (bv[l] & 0xffff_ffff);
            }
        }
        (BinOp::Add, Ty::F32) if plain => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = canon32(f32v(av[l]) + f32v(bv[l]));
            }
        }
        (BinOp::MulLo, Ty::F32) if plain => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = canon32(f32v(av[l]) * f32v(bv[l]));
            }
        }
        (_, Ty::F32) if !plain => {
            for (l, o) in out.iter_mut().enumerate() {
                let (x, y) = if mods.ftz {
                    (flush_bits(av[l]), flush_bits(bv[l]))
                } else {
                    (av[l], bv[l])
                };
                let r = match mods.round {
                    Some(r) => f32_directed(op, false, x, y, 0, r),
                    None if mods.nan || mods.xorsign => min_max_f32(op, mods, x, y),
                    None => bin(op, ty, x, y),
                };
                *o = finish32(r, mods);
            }
        }
        (_, Ty::F64) if mods.round.is_some() => {
            let r = mods.round.unwrap_or(Round::Nearest);
            for (l, o) in out.iter_mut().enumerate() {
                let (x, y) = (f64v(av[l]), f64v(bv[l]));
                *o = match op {
                    BinOp::Add => exact::add(x, y, r).to_bits(),
                    BinOp::Sub => exact::add(x, -y, r).to_bits(),
                    BinOp::MulLo => exact::mul(x, y, r).to_bits(),
                    _ => bin(op, ty, av[l], bv[l]),
                };
            }
        }
        (BinOp::Add | BinOp::Sub, Ty::S(4)) if mods.sat => {
            for (l, o) in out.iter_mut().enumerate() {
                let (x, y) = (av[l] as u32 as i32 as i64, bv[l] as u32 as i32 as i64);
                let r = if op == BinOp::Add { x + y } else { x - y };
                *o = r.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32 as u64;
            }
        }
        _ => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = bin(op, ty, av[l], bv[l]);
            }
        }
    }
}

/// `d = a * b + c` (and `mad24`, `sad`, `fma`) in all 32 lanes, for [`Op::Mad`]; `m` is the
/// active mask (the f64 path computes only active lanes).
#[inline(always)]
fn mad_rows(
    (ty, mul, wide, mods): (Ty, BinOp, bool, FpMods),
    m: u32,
    out: &mut [u64; 32],
    av: &[u64; 32],
    bv: &[u64; 32],
    cv: &[u64; 32],
) {
    match ty {
        Ty::F32 if mods.ftz || mods.round.is_some() => {
            let flush = |r: &[u64; 32]| {
                if mods.ftz {
                    r.map(flush_bits)
                } else {
                    *r
                }
            };
            let (x, y, z) = (flush(av), flush(bv), flush(cv));
            match mods.round {
                Some(r) => {
                    for (l, o) in out.iter_mut().enumerate() {
                        *o = f32_directed(BinOp::MulLo, true, x[l], y[l], z[l], r);
                    }
                }
                None => fma_f32_rows(out, &x, &y, &z),
            }
            *out = out.map(|v| finish32(v, mods));
        }
        Ty::F32 if !mods.sat => fma_f32_rows(out, av, bv, cv),
        Ty::F32 => {
            fma_f32_rows(out, av, bv, cv);
            *out = out.map(|v| finish32(v, mods));
        }
        // Only active lanes: a double fused multiply-add is a libm call.
        Ty::F64 if mods.round.is_some() => {
            let r = mods.round.unwrap_or(Round::Nearest);
            for l in lanes(m) {
                out[l] = exact::fma(f64v(av[l]), f64v(bv[l]), f64v(cv[l]), r).to_bits();
            }
        }
        Ty::F64 => {
            for l in lanes(m) {
                let r = f64v(av[l]).mul_add(f64v(bv[l]), f64v(cv[l]));
                out[l] = r.to_bits();
            }
        }
        Ty::U(4) | Ty::S(4) if mul == BinOp::MulLo && !wide => {
            for (l, o) in out.iter_mut().enumerate() {
                let p = av[l].wrapping_mul(bv[l]);
                *o = p.wrapping_add(cv[l]) & 0xffff_ffff;
            }
        }
        _ if wide => {
            for (l, o) in out.iter_mut().enumerate() {
                let p = bin(BinOp::MulWide, ty, av[l], bv[l]);
                *o = p.wrapping_add(cv[l]) & width_mask(ty.bits() * 2);
            }
        }
        _ => {
            for (l, o) in out.iter_mut().enumerate() {
                *o = trunc(bin(mul, ty, av[l], bv[l]).wrapping_add(cv[l]), ty);
            }
        }
    }
}

/// A register row: one value per lane.
type Row = [u64; 32];

/// The destination row `d` to write and the rows below and above it to read from.
#[inline(always)]
fn split_dst(regs: &mut [Row], d: usize) -> Option<(&mut Row, &[Row], &[Row])> {
    let (lo, rest) = regs.split_at_mut(d);
    let (dst, hi) = rest.split_first_mut()?;
    Some((dst, lo, hi))
}

/// An operand's 32 values next to a destination taken by [`split_dst`] (`s` is not `d`).
#[inline(always)]
fn split_src<'a>(
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

/// `fma.rn.f32` in all 32 lanes: the CPU's fused multiply-add where it has one (x86-64 with
/// FMA, checked at run time; aarch64), else [`fma_f32`]. Both are exact, so both give the
/// GPU's bits (a NaN result as the canonical NaN).
#[inline]
fn fma_f32_rows(out: &mut [u64; 32], a: &[u64; 32], b: &[u64; 32], c: &[u64; 32]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("fma") && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has the features `fma_f32_rows_fma` is compiled for.
        unsafe { fma_f32_rows_fma(out, a, b, c) };
        return;
    }
    for l in 0..32 {
        let r = if cfg!(target_arch = "aarch64") {
            f32v(a[l]).mul_add(f32v(b[l]), f32v(c[l]))
        } else {
            fma_f32(f32v(a[l]), f32v(b[l]), f32v(c[l]))
        };
        out[l] = canon32(r);
    }
}

/// [`fma_f32_rows`] with the x86-64 FMA and AVX2 instructions.
///
/// # Safety
/// The CPU must have AVX2 and FMA. (`unsafe fn`, not a safe `#[target_feature]` function,
/// which needs Rust 1.86: the crate's `rust-version` is 1.85.)
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn fma_f32_rows_fma(out: &mut [u64; 32], a: &[u64; 32], b: &[u64; 32], c: &[u64; 32]) {
    for l in 0..32 {
        out[l] = canon32(f32v(a[l]).mul_add(f32v(b[l]), f32v(c[l])));
    }
}

impl Warp {
    /// An operand's 32 values: its register row in place, or `tmp` filled with an
    /// immediate.
    #[inline(always)]
    fn src_row<'a>(&'a self, s: Src, tmp: &'a mut MaybeUninit<[u64; 32]>) -> &'a [u64; 32] {
        match s {
            Src::Reg(r) => &self.regs[r as usize],
            Src::Imm(v) => tmp.write([v; 32]),
        }
    }

    /// The address of a memory operand in every lane.
    #[inline(always)]
    fn addresses(&self, addr: Addr) -> [u64; 32] {
        let mut at = self.row(addr.base);
        for a in at.iter_mut() {
            *a = a.wrapping_add(addr.offset as u64);
        }
        at
    }

    /// An operand's value in every lane.
    #[inline]
    fn row(&self, s: Src) -> [u64; 32] {
        match s {
            Src::Reg(r) => self.regs[r as usize],
            Src::Imm(v) => [v; 32],
        }
    }

    /// Writes `v` to register `d` in the lanes of `m`.
    #[inline]
    fn fill(&mut self, d: u32, m: u32, v: u64) {
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
    fn blend(&mut self, d: u32, m: u32, out: &[u64; 32]) {
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

    #[inline]
    fn get(&self, s: Src, l: usize) -> u64 {
        match s {
            Src::Reg(r) => self.regs[r as usize][l],
            Src::Imm(v) => v,
        }
    }
    #[inline]
    fn set(&mut self, d: u32, l: usize, v: u64) {
        self.regs[d as usize][l] = v;
    }
}

/// `min`/`max` of `f32` with `.NaN` and/or `.xorsign.abs`.
fn min_max_f32(op: BinOp, mods: FpMods, a: u64, b: u64) -> u64 {
    let (x, y) = (f32v(a), f32v(b));
    if mods.nan && (x.is_nan() || y.is_nan()) {
        return 0x7fff_ffff;
    }
    if !mods.xorsign {
        return bin(op, Ty::F32, a, b);
    }
    let sign = (a ^ b) & 0x8000_0000;
    let r = bin(op, Ty::F32, a & 0x7fff_ffff, b & 0x7fff_ffff);
    if f32v(r).is_nan() {
        r
    } else {
        r | sign
    }
}

fn bin(op: BinOp, ty: Ty, a: u64, b: u64) -> u64 {
    match ty {
        Ty::F32 => {
            let (x, y) = (f32v(a), f32v(b));
            let r = match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::MulLo | BinOp::MulWide | BinOp::MulHi => x * y,
                BinOp::Div => x / y,
                BinOp::Min | BinOp::Max => {
                    let (xb, yb) = (a & 0xffff_ffff, b & 0xffff_ffff);
                    return half::min_max(x, y, xb, yb, op == BinOp::Min, f32::is_nan)
                        .unwrap_or(0x7fff_ffff);
                }
                // A bit operation: the NaN's payload stays.
                BinOp::CopySign => return y.copysign(x).to_bits() as u64,
                _ => return trunc(bin(op, Ty::U(4), a, b), Ty::U(4)),
            };
            canon32(r)
        }
        Ty::F64 => {
            let (x, y) = (f64v(a), f64v(b));
            let r = match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::MulLo | BinOp::MulWide | BinOp::MulHi => x * y,
                BinOp::Div => x / y,
                BinOp::Min | BinOp::Max => {
                    return half::min_max(x, y, a, b, op == BinOp::Min, f64::is_nan)
                        .unwrap_or_else(|| (x + y).to_bits());
                }
                BinOp::CopySign => y.copysign(x),
                _ => return bin(op, Ty::U(8), a, b),
            };
            r.to_bits()
        }
        Ty::U(_) | Ty::S(_) | Ty::Pred | Ty::F16 | Ty::BF16 => {
            let bits = ty.bits();
            let signed = matches!(ty, Ty::S(_));
            let (ua, ub) = (a & width_mask(bits), b & width_mask(bits));
            let (sa, sb) = (sext(a, bits), sext(b, bits));
            let r: u64 = match op {
                BinOp::Add => ua.wrapping_add(ub),
                BinOp::Sub => ua.wrapping_sub(ub),
                BinOp::MulLo => ua.wrapping_mul(ub),
                BinOp::MulWide => {
                    return if signed {
                        (sa.wrapping_mul(sb) as u64) & width_mask(bits * 2)
                    } else {
                        ua.wrapping_mul(ub) & width_mask(bits * 2)
                    }
                }
                BinOp::MulHi => {
                    if signed {
                        ((sa as i128 * sb as i128) >> bits) as u64
                    } else {
                        ((ua as u128 * ub as u128) >> bits) as u64
                    }
                }
                BinOp::Div => {
                    if ub == 0 {
                        u64::MAX
                    } else if signed {
                        sa.wrapping_div(sb) as u64
                    } else {
                        ua / ub
                    }
                }
                BinOp::Rem => {
                    if ub == 0 {
                        ua
                    } else if signed {
                        sa.wrapping_rem(sb) as u64
                    } else {
                        ua % ub
                    }
                }
                BinOp::Min => {
                    if signed {
                        sa.min(sb) as u64
                    } else {
                        ua.min(ub)
                    }
                }
                BinOp::Max => {
                    if signed {
                        sa.max(sb) as u64
                    } else {
                        ua.max(ub)
                    }
                }
                BinOp::And => ua & ub,
                BinOp::Or => ua | ub,
                BinOp::Xor => ua ^ ub,
                BinOp::Shl => {
                    if (b as u32) >= bits {
                        0
                    } else {
                        ua << (b as u32)
                    }
                }
                BinOp::Shr => {
                    let s = (b as u32).min(bits);
                    if signed {
                        (sa >> s.min(63)) as u64
                    } else if s >= bits {
                        0
                    } else {
                        ua >> s
                    }
                }
                BinOp::CopySign => ua,
                BinOp::Mul24Lo | BinOp::Mul24Hi => {
                    let (x, y) = if signed {
                        (sext(a, 24), sext(b, 24))
                    } else {
                        ((a & 0xff_ffff) as i64, (b & 0xff_ffff) as i64)
                    };
                    let p = x.wrapping_mul(y) as u64; // 48 significant bits
                    if op == BinOp::Mul24Hi {
                        p >> 16
                    } else {
                        p
                    }
                }
                BinOp::AbsDiff => {
                    if signed {
                        sa.abs_diff(sb)
                    } else {
                        ua.abs_diff(ub)
                    }
                }
            };
            r & width_mask(bits)
        }
    }
}

fn un(op: UnOp, ty: Ty, ftz: bool, a: u64) -> u64 {
    match ty {
        Ty::F32 => {
            let x = if ftz { ftz32(f32v(a)) } else { f32v(a) };
            let r = match op {
                UnOp::Neg => -x,
                UnOp::Abs => x.abs(),
                UnOp::Sqrt => x.sqrt(),
                UnOp::Rsqrt => 1.0 / x.sqrt(),
                UnOp::Rcp => 1.0 / x,
                UnOp::Ex2 => x.exp2(),
                UnOp::Lg2 => x.log2(),
                UnOp::Sin => x.sin(),
                UnOp::Cos => x.cos(),
                _ => return un(op, Ty::U(4), false, a),
            };
            // Even `neg` and `abs` of a NaN give the canonical NaN on the GPU.
            canon32(if ftz { ftz32(r) } else { r })
        }
        Ty::F64 => {
            let x = f64v(a);
            let r = match op {
                UnOp::Neg => -x,
                UnOp::Abs => x.abs(),
                UnOp::Sqrt => x.sqrt(),
                UnOp::Rsqrt => 1.0 / x.sqrt(),
                UnOp::Rcp => 1.0 / x,
                UnOp::Ex2 => x.exp2(),
                UnOp::Lg2 => x.log2(),
                UnOp::Sin => x.sin(),
                UnOp::Cos => x.cos(),
                _ => return un(op, Ty::U(8), false, a),
            };
            r.to_bits()
        }
        _ => {
            let bits = ty.bits();
            let v = a & width_mask(bits);
            let r = match op {
                UnOp::Neg => v.wrapping_neg(),
                UnOp::Abs => sext(v, bits).unsigned_abs(),
                UnOp::Not => !v,
                UnOp::Popc => v.count_ones() as u64,
                UnOp::Clz => (v.leading_zeros() - (64 - bits)) as u64,
                UnOp::Brev => v.reverse_bits() >> (64 - bits),
                _ => v,
            };
            r & width_mask(bits)
        }
    }
}

fn round_f64(x: f64, r: Round) -> f64 {
    match r {
        Round::Nearest => x.round_ties_even(),
        Round::Zero => x.trunc(),
        Round::Down => x.floor(),
        Round::Up => x.ceil(),
    }
}

/// The half-precision format of a type, if it is one.
fn half_fmt(t: Ty) -> Option<HalfFmt> {
    match t {
        Ty::F16 => Some(HalfFmt::F16),
        Ty::BF16 => Some(HalfFmt::BF16),
        _ => None,
    }
}

/// An integer as an `f64` rounded to odd (exact when it fits in 53 bits), so that rounding
/// it once more to a half format is the correctly rounded conversion.
fn int_to_f64_odd(v: i128) -> f64 {
    let f = v as f64;
    let back = f as i128;
    if back == v || f.to_bits() & 1 == 1 {
        return f;
    }
    let bits = f.to_bits();
    f64::from_bits(if v.unsigned_abs() > back.unsigned_abs() {
        bits + 1
    } else {
        bits - 1
    })
}

/// An integer as an `f64` rounded in direction `r` (exact below 2^53).
fn int_to_f64_directed(v: i128, r: Round) -> f64 {
    let n = v as f64;
    let back = n as i128;
    if back == v || r == Round::Nearest {
        return n;
    }
    // The neighbour of `n` on `v`'s side (`n` is a nonzero integer of 54 bits or more).
    let toward_v = |x: f64| -> f64 {
        // Toward v is toward zero (a smaller magnitude, the bits minus one) when x is
        // positive and above v, or negative and below it.
        let smaller = (x > 0.0) == (back > v);
        f64::from_bits(if smaller {
            x.to_bits() - 1
        } else {
            x.to_bits() + 1
        })
    };
    let (down, up) = if back < v {
        (n, toward_v(n))
    } else {
        (toward_v(n), n)
    };
    match r {
        Round::Down => down,
        Round::Up => up,
        Round::Zero if v > 0 => down,
        _ => up,
    }
}

/// `cvt` to `.f16`/`.bf16` from any type (round to nearest unless told otherwise).
fn cvt_to_half(fmt: HalfFmt, sty: Ty, round: Option<Round>, sat: bool, ftz: bool, a: u64) -> u64 {
    let x = match sty {
        Ty::F32 => (if ftz { ftz32(f32v(a)) } else { f32v(a) }) as f64,
        Ty::F64 => f64v(a),
        Ty::S(n) => int_to_f64_odd(sext(a, n as u32 * 8) as i128),
        _ => match half_fmt(sty) {
            Some(src) => half::to_f64(a as u16, src),
            None => int_to_f64_odd((a & width_mask(sty.bits())) as i128),
        },
    };
    // `cvt.rni.f16.f16` and the like: rounding to an integral value in the same format.
    let x = match round {
        Some(r) if half_fmt(sty) == Some(fmt) => round_f64(x, r),
        _ => x,
    };
    let x = if sat && !x.is_nan() {
        x.clamp(0.0, 1.0)
    } else if sat {
        0.0
    } else {
        x
    };
    half::from_f64(x, fmt, round.unwrap_or(Round::Nearest)) as u64
}

fn cvt(dty: Ty, sty: Ty, round: Option<Round>, sat: bool, ftz: bool, a: u64) -> u64 {
    if let Some(fmt) = half_fmt(dty) {
        return cvt_to_half(fmt, sty, round, sat, ftz, a);
    }
    if let Some(fmt) = half_fmt(sty) {
        // As an H200 widens an f16 NaN: to f32 the canonical NaN, to f64 with its sign and
        // payload, quiet. (A bf16 NaN keeps its payload: it is the top half of an f32.)
        if fmt == HalfFmt::F16 && fmt.is_nan(a as u16) {
            let sign = (a & 0x8000) << 48;
            match dty {
                Ty::F32 => return 0x7fff_ffff,
                Ty::F64 => return sign | 0x7ff8_0000_0000_0000 | (a & 0x3ff) << 42,
                _ => {}
            }
        }
        // Widening a half is exact; then it converts as an f64 would.
        let x = half::to_f64(a as u16, fmt);
        return cvt(dty, Ty::F64, round, sat, false, x.to_bits());
    }
    let is_float = |t: Ty| matches!(t, Ty::F32 | Ty::F64);
    match (is_float(dty), is_float(sty)) {
        (false, false) => {
            let v: i128 = match sty {
                Ty::S(n) => sext(a, n as u32 * 8) as i128,
                _ => (a & width_mask(sty.bits())) as i128,
            };
            if sat {
                let (lo, hi) = int_range(dty);
                v.clamp(lo, hi) as u64 & width_mask(dty.bits())
            } else {
                v as u64 & width_mask(dty.bits())
            }
        }
        (false, true) => {
            let x = if sty == Ty::F32 {
                let f = f32v(a);
                (if ftz { ftz32(f) } else { f }) as f64
            } else {
                f64v(a)
            };
            if x.is_nan() {
                return 0;
            }
            let x = round_f64(x, round.unwrap_or(Round::Zero));
            let (lo, hi) = int_range(dty);
            let v = if x <= lo as f64 {
                lo
            } else if x >= hi as f64 {
                hi
            } else {
                x as i128
            };
            v as u64 & width_mask(dty.bits())
        }
        (true, false) => {
            let v: i128 = match sty {
                Ty::S(n) => sext(a, n as u32 * 8) as i128,
                _ => (a & width_mask(sty.bits())) as i128,
            };
            // `as` rounds to nearest even (`.rn`, the default); `.rz`, `.rm` and `.rp`
            // (`__int2float_rd`, `__uint2double_ru`, ...) round the exact value once.
            let r = round.unwrap_or(Round::Nearest);
            if dty == Ty::F32 {
                round_f64_to_f32(int_to_f64_odd(v), r).to_bits() as u64
            } else {
                int_to_f64_directed(v, r).to_bits()
            }
        }
        (true, true) => {
            let x = if sty == Ty::F32 {
                f32v(a) as f64
            } else {
                f64v(a)
            };
            let x = match round {
                Some(r) if dty == sty => round_f64(x, r),
                _ => x,
            };
            let x = if sat { x.clamp(0.0, 1.0) } else { x };
            if dty == Ty::F32 {
                // Narrowing f64 to f32 in the direction asked (`__double2float_rd`, ...).
                let f = match round {
                    Some(r) if sty == Ty::F64 => round_f64_to_f32(x, r),
                    _ => x as f32,
                };
                (if ftz { ftz32(f) } else { f }).to_bits() as u64
            } else {
                x.to_bits()
            }
        }
    }
}

fn int_range(t: Ty) -> (i128, i128) {
    match t {
        Ty::S(n) => {
            let b = n as u32 * 8;
            (-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1)
        }
        _ => (0, (1i128 << t.bits()) - 1),
    }
}

fn setp(cmp: Cmp, ty: Ty, unordered: bool, a: u64, b: u64) -> bool {
    if let Some(fmt) = half_fmt(ty) {
        let (x, y) = (half::to_f64(a as u16, fmt), half::to_f64(b as u16, fmt));
        return setp(cmp, Ty::F64, unordered, x.to_bits(), y.to_bits());
    }
    match ty {
        Ty::F32 | Ty::F64 => {
            let (x, y) = if ty == Ty::F32 {
                (f32v(a) as f64, f32v(b) as f64)
            } else {
                (f64v(a), f64v(b))
            };
            let nan = x.is_nan() || y.is_nan();
            match cmp {
                Cmp::Num => !nan,
                Cmp::Nan => nan,
                _ if nan => unordered,
                Cmp::Eq => x == y,
                Cmp::Ne => x != y,
                Cmp::Lt => x < y,
                Cmp::Le => x <= y,
                Cmp::Gt => x > y,
                Cmp::Ge => x >= y,
            }
        }
        Ty::S(n) => {
            let (x, y) = (sext(a, n as u32 * 8), sext(b, n as u32 * 8));
            cmp_ord(cmp, x.cmp(&y))
        }
        _ => {
            let m = width_mask(ty.bits());
            cmp_ord(cmp, (a & m).cmp(&(b & m)))
        }
    }
}

fn cmp_ord(cmp: Cmp, o: std::cmp::Ordering) -> bool {
    use std::cmp::Ordering::*;
    match cmp {
        Cmp::Eq => o == Equal,
        Cmp::Ne => o != Equal,
        Cmp::Lt => o == Less,
        Cmp::Le => o != Greater,
        Cmp::Gt => o == Greater,
        Cmp::Ge => o != Less,
        Cmp::Num => true,
        Cmp::Nan => false,
    }
}

fn bool_op(op: BoolOp, a: bool, b: bool) -> bool {
    match op {
        BoolOp::And => a && b,
        BoolOp::Or => a || b,
        BoolOp::Xor => a ^ b,
    }
}

impl Block<'_> {
    fn fault(&self, w: &Warp, l: usize, ins: &Instr, detail: String) -> Error {
        Error::KernelFault {
            kernel: self.code.name.clone(),
            block: self.ctaid,
            thread: w.tid[l],
            line: ins.line,
            detail,
        }
    }

    /// The bytes `[addr, addr+len)` of `space` as lane `l` sees them.
    fn mem<'m>(
        &'m mut self,
        gmem: &'m mut Memory,
        w: &'m mut Warp,
        l: usize,
        space: MemSpace,
        addr: u64,
        len: usize,
    ) -> std::result::Result<&'m mut [u8], String> {
        let (space, addr) = match space {
            MemSpace::Generic if (SHARED_WINDOW..SHARED_WINDOW + WINDOW_SIZE).contains(&addr) => {
                (MemSpace::Shared, addr - SHARED_WINDOW)
            }
            MemSpace::Generic if (LOCAL_WINDOW..LOCAL_WINDOW + WINDOW_SIZE).contains(&addr) => {
                (MemSpace::Local, addr - LOCAL_WINDOW)
            }
            MemSpace::Generic => (MemSpace::Global, addr),
            s => (s, addr),
        };
        if len > 1 && addr % len as u64 != 0 {
            return Err(format!("misaligned {len}-byte access at {addr:#x}"));
        }
        let out_of = |what: &str| {
            format!("{len}-byte access at {addr:#x} is outside {what} (CUDA_ERROR_ILLEGAL_ADDRESS)")
        };
        match space {
            MemSpace::Global => gmem
                .slice_mut(addr, len)
                .ok_or_else(|| out_of("every allocation")),
            MemSpace::Shared => {
                let n = self.shared.len();
                let a = addr as usize;
                if addr > n as u64 || a + len > n {
                    return Err(out_of(&format!("the block's {n} bytes of shared memory")));
                }
                Ok(&mut self.shared[a..a + len])
            }
            MemSpace::Local => {
                let v = &mut w.local[l];
                let n = v.len();
                let a = addr as usize;
                if addr > n as u64 || a + len > n {
                    return Err(out_of(&format!("the thread's {n} bytes of local memory")));
                }
                Ok(&mut v[a..a + len])
            }
            MemSpace::Const | MemSpace::Param => Err("internal: read-only space".into()),
            MemSpace::Generic => Err("internal: unresolved generic address".into()),
        }
    }

    fn read(
        &mut self,
        gmem: &mut Memory,
        w: &mut Warp,
        l: usize,
        space: MemSpace,
        addr: u64,
        len: usize,
    ) -> std::result::Result<u64, String> {
        match space {
            MemSpace::Const => {
                let (base, size) = self.module.const_bank;
                let inside = addr
                    .checked_sub(base)
                    .is_some_and(|off| off.saturating_add(len as u64) <= size);
                let src = if inside { gmem.slice(addr, len) } else { None };
                let Some(src) = src else {
                    return Err(format!(
                        "{len}-byte read at {addr:#x} is outside the {size} bytes of constant memory (CUDA_ERROR_ILLEGAL_ADDRESS)"
                    ));
                };
                Ok(load_le(src))
            }
            MemSpace::Param => {
                let src = self.params;
                let a = addr as usize;
                if addr > src.len() as u64 || a + len > src.len() {
                    return Err(format!(
                        "{len}-byte read at offset {addr:#x} is outside the {} bytes of parameter memory (CUDA_ERROR_ILLEGAL_ADDRESS)",
                        src.len()
                    ));
                }
                Ok(load_le(&src[a..a + len]))
            }
            _ => {
                let s = self.mem(gmem, w, l, space, addr, len)?;
                Ok(load_le(s))
            }
        }
    }

    fn write(
        &mut self,
        gmem: &mut Memory,
        w: &mut Warp,
        l: usize,
        (space, addr, len): (MemSpace, u64, usize),
        v: u64,
    ) -> std::result::Result<(), String> {
        if matches!(space, MemSpace::Const | MemSpace::Param) {
            return Err(format!("a store to read-only memory at {addr:#x}"));
        }
        let s = self.mem(gmem, w, l, space, addr, len)?;
        store_le(s, v);
        Ok(())
    }

    /// The bytes that global or shared accesses of `size` bytes may fall in, with the
    /// address of their first byte: the allocation holding the access at `first` (the first
    /// active lane's), or the block's shared memory. The caller checks every lane against
    /// these bytes; `None`, or a lane outside them, sends it to the lane-by-lane path, which
    /// finds and reports the faulting lane.
    fn warp_region<'m>(
        &'m mut self,
        gmem: &'m mut Memory,
        space: MemSpace,
        first: u64,
        size: usize,
    ) -> Option<(u64, &'m mut [u8])> {
        match space {
            MemSpace::Global => gmem.region_mut(first, first.checked_add(size as u64)?),
            MemSpace::Shared => Some((0, self.shared.as_mut_slice())),
            _ => None,
        }
    }

    /// `ld` of one element in every lane of `m` from global or shared memory, when every
    /// access is aligned and in the one place [`warp_region`](Self::warp_region) finds;
    /// `false` otherwise, with the destination unchanged where it is also the address.
    fn load_warp(
        &mut self,
        gmem: &mut Memory,
        w: &mut Warp,
        ty: Ty,
        r: u32,
        addr: Addr,
        m: u32,
    ) -> bool {
        let size = ty.size();
        if m == 0 {
            return false;
        }
        let first = w
            .get(addr.base, m.trailing_zeros() as usize)
            .wrapping_add(addr.offset as u64);
        let Some((start, bytes)) = self.warp_region(gmem, addr.space, first, size) else {
            return false;
        };
        let offset = addr.offset as u64;
        let gather_into = |out: &mut [u64; 32], base: &[u64; 32]| match size {
            4 => gather::<4>(out, bytes, base, offset, start, m),
            8 => gather::<8>(out, bytes, base, offset, start, m),
            2 => gather::<2>(out, bytes, base, offset, start, m),
            _ => gather::<1>(out, bytes, base, offset, start, m),
        };
        let d = r as usize;
        let ok = match addr.base {
            // A failed attempt leaves lanes written, so the destination must not be the
            // address the lane-by-lane path reads again.
            Src::Reg(b) if b as usize == d => {
                let mut out = w.regs[d];
                let ok = gather_into(&mut out, &w.regs[d]);
                if ok {
                    w.regs[d] = out;
                }
                ok
            }
            base => {
                let mut tmp = MaybeUninit::uninit();
                let Some((out, lo, hi)) = split_dst(&mut w.regs, d) else {
                    return false;
                };
                let Some(base) = split_src((lo, hi, d), base, &mut tmp) else {
                    return false;
                };
                gather_into(out, base)
            }
        };
        if ok {
            if let Ty::S(n) = ty {
                let bits = n as u32 * 8;
                for l in lanes(m) {
                    w.regs[d][l] = sext(w.regs[d][l], bits) as u64 & width_mask(32.max(bits));
                }
            }
        }
        ok
    }

    /// `st` of one element in every lane of `m` to global or shared memory, when every
    /// access is aligned and in the one place [`warp_region`](Self::warp_region) finds;
    /// `false` otherwise, with nothing written.
    fn store_warp(
        &mut self,
        gmem: &mut Memory,
        w: &Warp,
        ty: Ty,
        src: Src,
        addr: Addr,
        m: u32,
    ) -> bool {
        let size = ty.size();
        if m == 0 {
            return false;
        }
        let at = w.addresses(addr);
        let first = at[m.trailing_zeros() as usize];
        let Some((start, bytes)) = self.warp_region(gmem, addr.space, first, size) else {
            return false;
        };
        let Some(limit) = bytes.len().checked_sub(size) else {
            return false;
        };
        // Every lane is checked before any is written.
        let (mut outside, mut odd) = (false, 0u64);
        for l in lanes(m) {
            outside |= at[l].wrapping_sub(start) > limit as u64;
            odd |= at[l];
        }
        if outside || odd % size as u64 != 0 {
            return false;
        }
        let mut tv = MaybeUninit::uninit();
        let v = w.src_row(src, &mut tv);
        // Lanes store in order, so when two lanes write one address the highest wins.
        for l in lanes(m) {
            let off = (at[l] - start) as usize;
            store_le(&mut bytes[off..off + size], v[l]);
        }
        true
    }

    /// Runs one warp until it waits at a barrier or every lane has exited (`Ok(None)`), or
    /// until its next instruction would take the thread-instruction count past
    /// `pause_at` (`Ok(Some((line, threads)))`: nothing of that instruction is done, so the
    /// warp resumes where it stopped).
    fn run_warp(
        &mut self,
        gmem: &mut Memory,
        w: &mut Warp,
        stats: &mut Stats,
        pause_at: u64,
    ) -> Result<Option<(u32, u64)>> {
        let kc: &KernelCode = self.code;
        let code = &kc.code;
        // Another warp may have run since this one went through a chain's leader.
        self.run += 1;
        while w.live != 0 {
            // The lanes at the lowest program counter run; the rest wait for them. Lanes
            // inside a real call (recursion) go first, deepest first: their callers wait
            // for them at the call's return, where the lanes meet again.
            let (pc, mask) = match w.uniform {
                Some(pc) => (pc, w.live),
                None => {
                    // Lanes parked at an `mbarrier` poll let the warp's others run first.
                    let runnable = match w.live & !w.parked {
                        0 => w.live,
                        r => r,
                    };
                    let depth = |l: usize| w.stack[l].len();
                    let deepest = lanes(runnable).map(depth).max().unwrap_or(0);
                    let mut pc = u32::MAX;
                    for l in lanes(runnable).filter(|&l| depth(l) == deepest) {
                        pc = pc.min(w.pc[l]);
                    }
                    let mut mask = 0u32;
                    for l in lanes(runnable) {
                        if w.pc[l] == pc && depth(l) == deepest {
                            mask |= 1 << l;
                        }
                    }
                    if mask == w.live {
                        w.uniform = Some(pc);
                    }
                    (pc, mask)
                }
            };
            let ins = &code[pc as usize];
            let emask = match ins.guard {
                Some((p, neg)) => {
                    let row = &w.regs[p as usize];
                    let mut m = 0u32;
                    for (l, v) in row.iter().enumerate() {
                        if (*v != 0) != neg {
                            m |= 1 << l;
                        }
                    }
                    m & mask
                }
                None => mask,
            };
            let threads = emask.count_ones() as u64;
            if stats.thread_instructions + threads > pause_at {
                return Ok(Some((ins.line, threads)));
            }
            // (Warp instructions are the sites' executions, added up when the launch ends.)
            stats.thread_instructions += threads;
            let counted = self.sites.get_mut(pc as usize).is_some_and(|site| {
                site.warps += 1;
                site.probed
            });
            if counted {
                if let Some(probe) = self.probes.get(pc as usize) {
                    let tables = Tables {
                        memos: &mut self.memos,
                        updates: &mut self.updates,
                        sites: &self.sites,
                        run: self.run,
                        block: self.serial,
                    };
                    count(stats, w, probe, (emask, threads), tables);
                }
            }
            let next = (pc + 1).min(code.len() as u32 - 1);
            match &ins.op {
                Op::Bra { target } => {
                    let target = *target;
                    if emask != 0 && emask != mask {
                        if let Some(site) = self.sites.get_mut(pc as usize) {
                            site.divergent += 1;
                        }
                    }
                    if w.uniform.is_some() && (emask == mask || emask == 0) {
                        w.uniform = Some(if emask == mask { target } else { next });
                    } else {
                        if w.uniform.take().is_some() {
                            // Diverging: give every live lane its own counter.
                            for l in lanes(w.live) {
                                w.pc[l] = pc;
                            }
                        }
                        for l in lanes(emask) {
                            w.pc[l] = target;
                        }
                        for l in lanes(mask & !emask) {
                            w.pc[l] = next;
                        }
                    }
                    continue;
                }
                Op::Call {
                    target,
                    args,
                    frame,
                } => {
                    if emask != 0 {
                        self.call(w, ins, emask, pc + 1, args, frame)?;
                    }
                    let target = *target;
                    jump(w, mask, emask, pc, next, |_| target);
                    continue;
                }
                Op::Return { frame } => {
                    let mut back = [0u32; 32];
                    for l in lanes(emask) {
                        back[l] = self.ret(w, ins, l, frame)?;
                    }
                    jump(w, mask, emask, pc, next, |l| back[l]);
                    continue;
                }
                Op::Exit => {
                    w.live &= !emask;
                    if w.uniform.is_some() {
                        w.uniform = Some(next);
                    } else {
                        for l in lanes(mask & !emask) {
                            w.pc[l] = next;
                        }
                    }
                    continue;
                }
                Op::Bar {
                    id,
                    count,
                    arrive,
                    red,
                } => {
                    if emask != 0 {
                        if emask != w.live {
                            return Err(self.split_barrier(w, emask, pc, ins.line));
                        }
                        let first = lanes(emask).next().unwrap_or(0);
                        let n = w.get(*id, first);
                        if n >= 16 {
                            return Err(self.fault(
                                w,
                                first,
                                ins,
                                format!("barrier number {n} (a block has barriers 0 to 15)"),
                            ));
                        }
                        let block = (self.threads as u64).next_multiple_of(32);
                        let want = count.map(|c| w.get(c, first));
                        if want.is_some_and(|c| c == 0 || c % 32 != 0)
                            && want != Some(self.threads as u64)
                        {
                            return Err(self.fault(
                                w,
                                first,
                                ins,
                                format!(
                                    "a barrier for {} threads (the count must be a nonzero \
                                     multiple of 32)",
                                    want.unwrap_or(0)
                                ),
                            ));
                        }
                        match want {
                            // A thread count: complete when `want` threads arrived.
                            Some(want) if red.is_none() || want < block => {
                                if red.is_some() {
                                    return Err(Error::Unsupported(format!(
                                        "kernel `{}` at PTX line {}: bar.red for part of a \
                                         block",
                                        self.code.name, ins.line
                                    )));
                                }
                                let bar = &mut self.bars[n as usize];
                                bar.0 += 32;
                                bar.2 = want.min(u32::MAX as u64) as u32;
                                if bar.0 as u64 >= want {
                                    bar.0 = 0;
                                    bar.1 = bar.1.wrapping_add(1);
                                    self.epoch += 1;
                                } else if !*arrive {
                                    w.wait_bar = Some((n as u8, bar.1));
                                    w.waiting = true;
                                    return Ok(None);
                                }
                            }
                            _ => {
                                w.bar_red = red.map(|r| {
                                    let ballot = lanes(emask)
                                        .filter(|&l| (w.get(r.p, l) != 0) != r.negate)
                                        .fold(0u32, |b, l| b | 1 << l);
                                    (r, emask, ballot)
                                });
                                w.wait_bar = None;
                                w.waiting = true;
                                return Ok(None);
                            }
                        }
                    }
                }
                Op::Mbar { op, d, addr, a } => {
                    if emask != 0 && self.mbarrier(gmem, w, ins, (*op, *d, *addr, *a), emask)? {
                        // A wait found its phase incomplete: the warp's lanes elsewhere run
                        // first, then the other warps.
                        if w.uniform.is_some() {
                            w.uniform = Some(next);
                        } else {
                            for l in lanes(mask) {
                                w.pc[l] = next;
                            }
                        }
                        if w.live & !mask & !w.parked != 0 {
                            w.parked |= mask;
                            continue;
                        }
                        w.parked = 0;
                        w.yielded = Some(ins.line);
                        return Ok(None);
                    }
                }
                op => self.exec(gmem, w, ins, op, emask)?,
            }
            if w.uniform.is_some() {
                w.uniform = Some(next);
            } else {
                for l in lanes(mask) {
                    w.pc[l] = next;
                }
            }
        }
        Ok(None)
    }

    /// One `mbarrier` operation in lanes `m`, in lane order; `true` when a wait found its
    /// phase incomplete in some lane.
    fn mbarrier(
        &mut self,
        gmem: &mut Memory,
        w: &mut Warp,
        ins: &Instr,
        (op, d, addr, a): (MbarOp, Option<u32>, Addr, Option<Src>),
        m: u32,
    ) -> Result<bool> {
        let mut incomplete = false;
        for l in lanes(m) {
            let av = a.map_or(0, |a| w.get(a, l));
            if op == MbarOp::PendingCount {
                if let Some(d) = d {
                    w.set(d, l, av & MB_COUNT);
                }
                continue;
            }
            let at = w.get(addr.base, l).wrapping_add(addr.offset as u64);
            let state = self
                .read(gmem, w, l, addr.space, at, 8)
                .map_err(|e| self.fault(w, l, ins, e))?;
            let mut b = MbarState::decode(state);
            let fail = |s: &Self, w: &Warp, detail: String| {
                Err(s.fault(w, l, ins, format!("mbarrier at {at:#x}: {detail}")))
            };
            if !b.init && !matches!(op, MbarOp::Init | MbarOp::Inval) {
                return fail(
                    self,
                    w,
                    "not initialised (mbarrier.init) or invalidated".into(),
                );
            }
            match op {
                MbarOp::Init => {
                    if av == 0 || av > MB_COUNT {
                        return fail(self, w, format!("count {av} (1 to {MB_COUNT})"));
                    }
                    b = MbarState {
                        pending: av,
                        expected: av,
                        tx: 0,
                        init: true,
                        phase: false,
                    };
                }
                MbarOp::Inval => b = MbarState::decode(0),
                MbarOp::Wait { parity } => {
                    let waited = if parity { av & 1 == 1 } else { av >> 63 == 1 };
                    let done = b.phase != waited;
                    if let Some(d) = d {
                        w.set(d, l, done as u64);
                    }
                    incomplete |= !done;
                    continue;
                }
                MbarOp::Arrive {
                    drop,
                    no_complete,
                    expect_tx,
                } => {
                    let (count, bytes) = if expect_tx { (1, av as i64) } else { (av, 0) };
                    if count == 0 || count > b.pending {
                        return fail(
                            self,
                            w,
                            format!(
                                "{count} arrivals where the phase expects {} more (more \
                                 threads arrive than mbarrier.init counted)",
                                b.pending
                            ),
                        );
                    }
                    if let Some(d) = d {
                        w.set(d, l, state);
                    }
                    b.pending -= count;
                    if drop {
                        b.expected -= count.min(b.expected);
                    }
                    b.tx += bytes;
                    if no_complete && b.pending == 0 && b.tx == 0 {
                        return fail(self, w, "an arrive.noComplete completed the phase".into());
                    }
                }
                MbarOp::ExpectTx => b.tx += av as u32 as i64,
                MbarOp::CompleteTx => b.tx -= av as u32 as i64,
                MbarOp::PendingCount => {}
            }
            if b.init && b.pending == 0 && b.tx == 0 {
                b.phase = !b.phase;
                b.pending = b.expected;
            }
            self.write(gmem, w, l, (addr.space, at, 8), b.encode())
                .map_err(|e| self.fault(w, l, ins, e))?;
            self.epoch += 1;
        }
        Ok(incomplete)
    }

    /// A warp-wide matrix instruction in lanes `m` (see [`super::tensor`]).
    fn matrix(
        &mut self,
        gmem: &mut Memory,
        w: &mut Warp,
        ins: &Instr,
        mi: &MatrixInstr,
        m: u32,
    ) -> Result<()> {
        use super::tensor::{self, Operand as Which};
        let frag = |w: &Warp, srcs: &[Src]| -> tensor::Fragment {
            srcs.iter().map(|&s| w.row(s)).collect()
        };
        let write = |w: &mut Warp, f: &tensor::Fragment| {
            for (&d, row) in mi.d.iter().zip(f) {
                w.blend(d, m, row);
            }
        };
        let first = lanes(m).next().unwrap_or(0);
        let base = |w: &Warp, l: usize| -> Option<(MemSpace, u64)> {
            mi.addr
                .map(|a| (a.space, w.get(a.base, l).wrapping_add(a.offset as u64)))
        };
        match mi.op {
            MatrixOp::LdMatrix { count, trans } | MatrixOp::StMatrix { count, trans } => {
                let load = matches!(mi.op, MatrixOp::LdMatrix { .. });
                // m8n8 matrices of b16: row r of matrix q is at the address lane 8q + r gives.
                let mut mats = vec![[[0u16; 8]; 8]; count as usize];
                let rows_at = |w: &Warp| -> std::result::Result<Vec<(MemSpace, u64)>, usize> {
                    (0..8 * count as usize)
                        .map(|l| {
                            if m & (1 << l) == 0 {
                                Err(l)
                            } else {
                                base(w, l).ok_or(l)
                            }
                        })
                        .collect()
                };
                let rows = rows_at(w).map_err(|l| {
                    self.fault(
                        w,
                        first,
                        ins,
                        format!(
                            "{} needs lane {l}'s row address, and that lane is not running it",
                            ins.text
                        ),
                    )
                })?;
                let at = |l: usize, j: usize| {
                    if trans {
                        (2 * (l % 4) + j, l / 4)
                    } else {
                        (l / 4, 2 * (l % 4) + j)
                    }
                };
                if load {
                    for (q, mat) in mats.iter_mut().enumerate() {
                        for (r, row) in mat.iter_mut().enumerate() {
                            let (space, addr) = rows[8 * q + r];
                            for half in 0..2u64 {
                                let v = self
                                    .read(gmem, w, 8 * q + r, space, addr + 8 * half, 8)
                                    .map_err(|e| self.fault(w, 8 * q + r, ins, e))?;
                                for k in 0..4 {
                                    row[4 * half as usize + k] = (v >> (16 * k)) as u16;
                                }
                            }
                        }
                    }
                    let mut out: tensor::Fragment = vec![[0u64; 32]; count as usize];
                    for (q, reg) in out.iter_mut().enumerate() {
                        for l in lanes(m) {
                            let (r0, c0) = at(l, 0);
                            let (r1, c1) = at(l, 1);
                            reg[l] = mats[q][r0][c0] as u64 | (mats[q][r1][c1] as u64) << 16;
                        }
                    }
                    write(w, &out);
                } else {
                    let src = frag(w, &mi.a);
                    for (q, mat) in mats.iter_mut().enumerate() {
                        for l in lanes(m) {
                            let v = src.get(q).map_or(0, |r| r[l]);
                            let (r0, c0) = at(l, 0);
                            let (r1, c1) = at(l, 1);
                            mat[r0][c0] = v as u16;
                            mat[r1][c1] = (v >> 16) as u16;
                        }
                    }
                    for (q, mat) in mats.iter().enumerate() {
                        for (r, row) in mat.iter().enumerate() {
                            let (space, addr) = rows[8 * q + r];
                            for half in 0..2usize {
                                let v = (0..4)
                                    .fold(0u64, |v, k| v | (row[4 * half + k] as u64) << (16 * k));
                                self.write(
                                    gmem,
                                    w,
                                    8 * q + r,
                                    (space, addr + 8 * half as u64, 8),
                                    v,
                                )
                                .map_err(|e| self.fault(w, 8 * q + r, ins, e))?;
                            }
                        }
                    }
                }
            }
            MatrixOp::MovMatrix => {
                let src = frag(w, &mi.a);
                let mut mat = [[0u16; 8]; 8];
                for l in lanes(m) {
                    let v = src[0][l];
                    mat[l / 4][2 * (l % 4)] = v as u16;
                    mat[l / 4][2 * (l % 4) + 1] = (v >> 16) as u16;
                }
                let mut out: tensor::Fragment = vec![[0u64; 32]];
                for l in lanes(m) {
                    let (r, c) = (l / 4, 2 * (l % 4));
                    out[0][l] = mat[c][r] as u64 | (mat[c + 1][r] as u64) << 16;
                }
                write(w, &out);
            }
            MatrixOp::Mma { shape, types } | MatrixOp::WmmaMma { shape, types } => {
                let wmma = matches!(mi.op, MatrixOp::WmmaMma { .. });
                let gather = |f: &tensor::Fragment, which: Which, e: Elem| -> Vec<u64> {
                    let (rows, cols) = which.dims(shape);
                    let mut mat = vec![0u64; rows * cols];
                    let per_lane = rows * cols / 32;
                    for l in lanes(m) {
                        for i in 0..per_lane {
                            let (r, c) = if wmma {
                                tensor::wmma_position(rows, cols, l, i)
                            } else {
                                tensor::mma_position(which, e, l, i)
                            };
                            mat[r * cols + c] = tensor::fragment_get(f, e, l, i);
                        }
                    }
                    mat
                };
                let a = gather(&frag(w, &mi.a), Which::A, types.a);
                let b = gather(&frag(w, &mi.b), Which::B, types.b);
                let c = gather(&frag(w, &mi.c), Which::C, types.c);
                let d = tensor::multiply(shape, types, &a, &b, &c);
                let (rows, cols) = Which::C.dims(shape);
                let mut out: tensor::Fragment = vec![[0u64; 32]; mi.d.len()];
                let slots = mi.d.len() * types.d.per_reg();
                for l in lanes(m) {
                    for i in 0..if wmma { slots } else { rows * cols / 32 } {
                        let (r, c) = if wmma {
                            tensor::wmma_position(rows, cols, l, i)
                        } else {
                            tensor::mma_position(Which::C, types.d, l, i)
                        };
                        tensor::fragment_set(&mut out, types.d, l, i, d[r * cols + c]);
                    }
                }
                write(w, &out);
            }
            MatrixOp::WmmaLoad {
                which,
                shape,
                elem,
                row_major,
            } => {
                let (rows, cols) = which.dims(shape);
                let slots = mi.d.len() * elem.per_reg();
                let mut out: tensor::Fragment = vec![[0u64; 32]; mi.d.len()];
                for l in lanes(m) {
                    let stride = self.wmma_stride(w, mi, l, row_major, rows, cols);
                    let Some((space, p)) = base(w, l) else { break };
                    for s in 0..slots {
                        let (r, c) = tensor::wmma_position(rows, cols, l, s);
                        let at = self.wmma_bits(p, r, c, stride, row_major, elem);
                        let v = self
                            .wmma_read(gmem, w, l, space, at, elem)
                            .map_err(|e| self.fault(w, l, ins, e))?;
                        tensor::fragment_set(&mut out, elem, l, s, v);
                    }
                }
                write(w, &out);
            }
            MatrixOp::WmmaStore {
                shape,
                elem,
                row_major,
            } => {
                let (rows, cols) = Which::C.dims(shape);
                let src = frag(w, &mi.a);
                let unique = (rows * cols / 32).max(1);
                for l in lanes(m) {
                    let stride = self.wmma_stride(w, mi, l, row_major, rows, cols);
                    let Some((space, p)) = base(w, l) else { break };
                    for s in 0..unique {
                        let (r, c) = tensor::wmma_position(rows, cols, l, s);
                        let at = self.wmma_bits(p, r, c, stride, row_major, elem);
                        let v = tensor::fragment_get(&src, elem, l, s);
                        let bytes = (elem.bits() / 8).max(1) as usize;
                        let (addr, shift) = at;
                        let v = if elem.bits() < 8 {
                            let old = self
                                .read(gmem, w, l, space, addr, 1)
                                .map_err(|e| self.fault(w, l, ins, e))?;
                            let mask = ((1u64 << elem.bits()) - 1) << shift;
                            (old & !mask) | ((v << shift) & mask)
                        } else {
                            v
                        };
                        self.write(gmem, w, l, (space, addr, bytes), v)
                            .map_err(|e| self.fault(w, l, ins, e))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// A `wmma` load or store's stride in elements (the matrix's width by default).
    fn wmma_stride(
        &self,
        w: &Warp,
        mi: &MatrixInstr,
        l: usize,
        row_major: bool,
        rows: usize,
        cols: usize,
    ) -> u64 {
        mi.stride
            .map_or(if row_major { cols } else { rows } as u64, |s| {
                w.get(s, l) & 0xffff_ffff
            })
    }

    /// The byte address and bit offset of element (r, c) of a matrix at byte address `p`.
    fn wmma_bits(
        &self,
        p: u64,
        r: usize,
        c: usize,
        stride: u64,
        row_major: bool,
        e: Elem,
    ) -> (u64, u64) {
        let (major, minor) = if row_major { (r, c) } else { (c, r) };
        let index = (major as u64)
            .wrapping_mul(stride)
            .wrapping_add(minor as u64);
        let bits = index.wrapping_mul(e.bits() as u64);
        (p.wrapping_add(bits / 8), bits % 8)
    }

    /// One element at a bit address.
    fn wmma_read(
        &mut self,
        gmem: &mut Memory,
        w: &mut Warp,
        l: usize,
        space: MemSpace,
        (addr, shift): (u64, u64),
        e: Elem,
    ) -> std::result::Result<u64, String> {
        let bytes = (e.bits() / 8).max(1) as usize;
        let v = self.read(gmem, w, l, space, addr, bytes)?;
        Ok(if e.bits() < 8 {
            (v >> shift) & ((1 << e.bits()) - 1)
        } else {
            v
        })
    }

    /// The fault for a block whose threads wait for each other forever: barriers for part
    /// of the block that too few threads reach, or `mbarrier` phases nobody completes. On
    /// a GPU the launch hangs; the simulator names where each waiting warp stands.
    #[cold]
    fn deadlock(&self, warps: &[Warp]) -> Error {
        let mut first = None;
        let mut places = Vec::new();
        for (wi, w) in warps.iter().enumerate().filter(|(_, w)| w.live != 0) {
            let lane = lanes(w.live).next().unwrap_or(0);
            let pc = w.uniform.unwrap_or(w.pc[lane]) as usize;
            let line = match w.yielded {
                Some(line) => line,
                None => self.code.code.get(pc).map_or(0, |i| i.line),
            };
            let text = match (w.yielded, w.wait_bar) {
                (Some(_), _) => "polls an mbarrier whose phase never completes".to_string(),
                (None, Some((id, _))) => format!(
                    "waits at barrier {id} ({} threads arrived)",
                    self.bars[id as usize].0
                ),
                (None, None) => "waits at a barrier for the whole block".to_string(),
            };
            first.get_or_insert((w.tid[lane], line));
            places.push(format!("warp {wi} {text} (PTX line {line})"));
        }
        let (thread, line) = first.unwrap_or(([0; 3], 0));
        Error::KernelFault {
            kernel: self.code.name.clone(),
            block: self.ctaid,
            thread,
            line,
            detail: format!(
                "deadlock: the block's threads wait for each other forever ({}); on a GPU \
                 the launch would hang",
                places.join("; ")
            ),
        }
    }

    /// The fault for a barrier that some of a warp's running threads reached while others
    /// were elsewhere (`__syncthreads()` in code not every thread runs). On a GPU that
    /// hangs or lets threads through early; the simulator stops and says where.
    #[cold]
    fn split_barrier(&self, w: &Warp, arrived: u32, pc: u32, line: u32) -> Error {
        let first_missing = lanes(w.live & !arrived).next().unwrap_or(0);
        let where_it_is = match w.uniform {
            Some(_) => None,
            None if w.pc[first_missing] == pc => None,
            None => self.code.code.get(w.pc[first_missing] as usize),
        };
        let at = match where_it_is {
            None => "at the same barrier with a false predicate".to_string(),
            Some(i) => format!("at PTX line {} (`{}`)", i.line, i.text),
        };
        Error::KernelFault {
            kernel: self.code.name.clone(),
            block: self.ctaid,
            thread: w.tid[first_missing],
            line,
            detail: format!(
                "bar.sync was reached by {} of the warp's {} running threads; this thread is \
                 {at}. Every thread of a block that has not exited must reach the same \
                 barrier (__syncthreads() in a branch only some threads take hangs or \
                 misbehaves on a GPU)",
                arrived.count_ones(),
                w.live.count_ones()
            ),
        }
    }

    /// A real call in lanes `m`: each pushes a frame (return address, the callee's
    /// registers and local bytes), then takes the arguments in the callee's registers.
    fn call(
        &mut self,
        w: &mut Warp,
        ins: &Instr,
        m: u32,
        back: u32,
        args: &[(u32, Src)],
        frame: &Frame,
    ) -> Result<()> {
        let (at, len) = (frame.local.0 as usize, frame.local.1 as usize);
        for l in lanes(m) {
            let bytes = 8 + 8 * frame.save.len() + len;
            if w.stack_bytes[l] + bytes > STACK_BYTES {
                return Err(self.fault(
                    w,
                    l,
                    ins,
                    format!(
                        "call stack overflow: {} nested calls hold {} bytes, more than the \
                         simulator's {STACK_BYTES} per thread (runaway recursion?)",
                        w.stack[l].len(),
                        w.stack_bytes[l]
                    ),
                ));
            }
            w.stack_bytes[l] += bytes;
            let regs = frame.save.iter().map(|&r| w.regs[r as usize][l]).collect();
            let local = w.local[l]
                .get(at..at + len)
                .map(<[u8]>::to_vec)
                .unwrap_or_default();
            w.stack[l].push((back, regs, local));
            let values: Vec<u64> = args.iter().map(|&(_, a)| w.get(a, l)).collect();
            for (&(d, _), v) in args.iter().zip(values) {
                w.set(d, l, v);
            }
        }
        Ok(())
    }

    /// The return of a real call in lane `l`: its frame popped and put back; where to go.
    fn ret(&mut self, w: &mut Warp, ins: &Instr, l: usize, frame: &Frame) -> Result<u32> {
        let Some((back, regs, local)) = w.stack[l].pop() else {
            return Err(self.fault(w, l, ins, "a return with no call to return to".into()));
        };
        w.stack_bytes[l] -= 8 + 8 * regs.len() + local.len();
        for (&r, v) in frame.save.iter().zip(regs) {
            w.regs[r as usize][l] = v;
        }
        let at = frame.local.0 as usize;
        if let Some(dst) = w.local[l].get_mut(at..at + local.len()) {
            dst.copy_from_slice(&local);
        }
        Ok(back)
    }

    /// A C string at generic address `addr` as lane `l` sees it (at most 64 KiB).
    fn c_string(
        &mut self,
        gmem: &mut Memory,
        w: &mut Warp,
        l: usize,
        addr: u64,
    ) -> std::result::Result<String, String> {
        let mut bytes = Vec::new();
        for i in 0..(64u64 << 10) {
            let b = self.read(gmem, w, l, MemSpace::Generic, addr.wrapping_add(i), 1)? as u8;
            if b == 0 {
                return Ok(String::from_utf8_lossy(&bytes).into_owned());
            }
            bytes.push(b);
        }
        Err(format!("the string at {addr:#x} has no end within 64 KiB"))
    }

    /// A device-runtime call (`assert`, `printf`, `malloc`, `free`) in lanes `m`.
    #[allow(clippy::too_many_arguments)]
    fn runtime(
        &mut self,
        gmem: &mut Memory,
        w: &mut Warp,
        ins: &Instr,
        func: RuntimeFn,
        args: &[u32],
        ret: Option<u32>,
        m: u32,
    ) -> Result<()> {
        let arg = |w: &Warp, l: usize, k: usize| args.get(k).map_or(0, |&r| w.regs[r as usize][l]);
        for l in lanes(m) {
            let result = match func {
                RuntimeFn::AssertFail => {
                    let (m_at, f_at, fn_at) = (arg(w, l, 0), arg(w, l, 1), arg(w, l, 3));
                    let source_line = arg(w, l, 2) as u32;
                    let mut text = |a: u64| -> String {
                        self.c_string(gmem, w, l, a)
                            .unwrap_or_else(|e| format!("<unreadable: {e}>"))
                    };
                    let expression = text(m_at);
                    let file = text(f_at);
                    let function = text(fn_at);
                    return Err(Error::DeviceAssert(Box::new(
                        crate::error::DeviceAssertion {
                            kernel: self.code.name.clone(),
                            block: self.ctaid,
                            thread: w.tid[l],
                            expression,
                            file,
                            source_line,
                            function,
                        },
                    )));
                }
                RuntimeFn::Vprintf => {
                    let fmt = self
                        .c_string(gmem, w, l, arg(w, l, 0))
                        .map_err(|d| self.fault(w, l, ins, format!("printf's format: {d}")))?;
                    let base = arg(w, l, 1);
                    let mut reader = ThreadArgs {
                        block: &mut *self,
                        gmem: &mut *gmem,
                        w: &mut *w,
                        l,
                        base,
                    };
                    let (text, count) = super::printf::format(fmt.as_bytes(), &mut reader)
                        .map_err(|d| {
                            self.fault(w, l, ins, format!("printf(\"{fmt}\", ...): {d}"))
                        })?;
                    gmem.push_device_output(&text);
                    count as u64
                }
                RuntimeFn::Malloc => gmem.device_malloc(arg(w, l, 0)),
                RuntimeFn::Free => {
                    gmem.device_free(arg(w, l, 0))
                        .map_err(|d| self.fault(w, l, ins, d))?;
                    0
                }
            };
            if let Some(r) = ret {
                w.set(r, l, result);
            }
        }
        Ok(())
    }

    fn exec(
        &mut self,
        gmem: &mut Memory,
        w: &mut Warp,
        ins: &Instr,
        op: &Op,
        m: u32,
    ) -> Result<()> {
        // Arithmetic is computed for all 32 lanes from copies of the operand rows (loops the
        // compiler can vectorise) and written back to the active lanes only.
        match *op {
            Op::Runtime {
                func,
                ref args,
                ret,
            } => self.runtime(gmem, w, ins, func, args, ret, m)?,
            Op::Tex {
                geometry,
                ctype,
                ttype,
                d,
                handle,
                ref coords,
            } => {
                for l in lanes(m) {
                    let (h, c) = lane_target(w, handle, coords, l);
                    let t = super::sampling::fetch(gmem, h, geometry, ctype, ttype, c)
                        .map_err(|e| self.fault(w, l, ins, e))?;
                    for (&r, v) in d.iter().zip(t) {
                        w.set(r, l, u64::from(v));
                    }
                }
            }
            Op::SurfLd {
                geometry,
                boundary,
                ty,
                ref d,
                handle,
                ref coords,
            } => {
                let size = ty.size();
                for l in lanes(m) {
                    let (h, c) = lane_target(w, handle, coords, l);
                    let at = super::sampling::surface_address(
                        gmem,
                        h,
                        geometry,
                        boundary,
                        c,
                        size * d.len(),
                    )
                    .map_err(|e| self.fault(w, l, ins, e))?;
                    for (k, &r) in d.iter().enumerate() {
                        // `.zero` outside the surface reads 0.
                        let v = match at {
                            Some(at) => self
                                .read(gmem, w, l, MemSpace::Global, at + (k * size) as u64, size)
                                .map_err(|e| self.fault(w, l, ins, e))?,
                            None => 0,
                        };
                        w.set(r, l, v);
                    }
                }
            }
            Op::SurfSt {
                geometry,
                boundary,
                ty,
                ref s,
                handle,
                ref coords,
            } => {
                let size = ty.size();
                for l in lanes(m) {
                    let (h, c) = lane_target(w, handle, coords, l);
                    let at = super::sampling::surface_address(
                        gmem,
                        h,
                        geometry,
                        boundary,
                        c,
                        size * s.len(),
                    )
                    .map_err(|e| self.fault(w, l, ins, e))?;
                    // `.zero` outside the surface drops the store.
                    let Some(at) = at else { continue };
                    for (k, &src) in s.iter().enumerate() {
                        let v = w.get(src, l);
                        let place = (MemSpace::Global, at + (k * size) as u64, size);
                        self.write(gmem, w, l, place, v)
                            .map_err(|e| self.fault(w, l, ins, e))?;
                    }
                }
            }
            Op::Dp {
                pair,
                hi,
                a_signed,
                b_signed,
                d,
                a,
                b,
                c,
            } => {
                let part = |v: u64, i: u32, bits: u32, signed: bool| -> i64 {
                    let x = (v >> (i * bits)) & width_mask(bits);
                    if signed {
                        sext(x, bits)
                    } else {
                        x as i64
                    }
                };
                for l in lanes(m) {
                    let (x, y) = (w.get(a, l), w.get(b, l));
                    let sum: i64 = if pair {
                        (0..2)
                            .map(|k| {
                                part(x, k, 16, a_signed) * part(y, k + 2 * hi as u32, 8, b_signed)
                            })
                            .sum()
                    } else {
                        (0..4)
                            .map(|k| part(x, k, 8, a_signed) * part(y, k, 8, b_signed))
                            .sum()
                    };
                    let v = (w.get(c, l) as i64).wrapping_add(sum);
                    w.set(d, l, v as u64 & 0xffff_ffff);
                }
            }
            Op::Carry {
                op,
                bits,
                signed,
                carry_in,
                carry_out,
                cf,
                d,
                a,
                b,
                c,
            } => {
                for l in lanes(m) {
                    let flag = if carry_in { w.regs[cf as usize][l] } else { 0 };
                    let (v, out) = super::exact::carry(
                        op,
                        bits as u32,
                        signed,
                        w.get(a, l),
                        w.get(b, l),
                        w.get(c, l),
                        flag,
                    );
                    w.set(d, l, v);
                    if carry_out {
                        w.regs[cf as usize][l] = out;
                    }
                }
            }
            Op::Trap => {
                let l = lanes(m).next().unwrap_or(0);
                return Err(self.fault(
                    w,
                    l,
                    ins,
                    "the kernel executed `trap` (__trap()); on a GPU the launch fails with \
                     cudaErrorLaunchFailure"
                        .into(),
                ));
            }
            Op::Mov { d, a } => match a {
                Src::Imm(v) => w.fill(d, m, v),
                Src::Reg(r) if m == FULL => {
                    if let Some(&src) = w.regs.get(r as usize) {
                        w.regs[d as usize] = src;
                    }
                }
                Src::Reg(_) => {
                    let out = w.row(a);
                    w.blend(d, m, &out);
                }
            },
            Op::Bin {
                op,
                ty,
                mods,
                d,
                a,
                b,
            } => {
                let (mut ta, mut tb) = (MaybeUninit::uninit(), MaybeUninit::uninit());
                // All lanes active and the destination not an operand: computed in place.
                let direct = m == FULL && a != Src::Reg(d) && b != Src::Reg(d);
                let split = if direct {
                    split_dst(&mut w.regs, d as usize)
                } else {
                    None
                };
                if let Some((dst, lo, hi)) = split {
                    let rows = (lo, hi, d as usize);
                    if let (Some(av), Some(bv)) =
                        (split_src(rows, a, &mut ta), split_src(rows, b, &mut tb))
                    {
                        bin_rows(op, ty, mods, dst, av, bv);
                        return Ok(());
                    }
                }
                let mut out = [0u64; 32];
                let (av, bv) = (w.src_row(a, &mut ta), w.src_row(b, &mut tb));
                bin_rows(op, ty, mods, &mut out, av, bv);
                w.blend(d, m, &out);
            }
            Op::Un { op, ty, ftz, d, a } => {
                let av = w.row(a);
                let mut out = [0u64; 32];
                for (l, o) in out.iter_mut().enumerate() {
                    *o = un(op, ty, ftz, av[l]);
                }
                w.blend(d, m, &out);
            }
            Op::Mad {
                ty,
                mul,
                wide,
                mods,
                d,
                a,
                b,
                c,
            } => {
                let (mut ta, mut tb, mut tc) = (
                    MaybeUninit::uninit(),
                    MaybeUninit::uninit(),
                    MaybeUninit::uninit(),
                );
                let kind = (ty, mul, wide, mods);
                let direct = m == FULL && ![a, b, c].contains(&Src::Reg(d));
                let split = if direct {
                    split_dst(&mut w.regs, d as usize)
                } else {
                    None
                };
                if let Some((dst, lo, hi)) = split {
                    let rows = (lo, hi, d as usize);
                    if let (Some(av), Some(bv), Some(cv)) = (
                        split_src(rows, a, &mut ta),
                        split_src(rows, b, &mut tb),
                        split_src(rows, c, &mut tc),
                    ) {
                        mad_rows(kind, m, dst, av, bv, cv);
                        return Ok(());
                    }
                }
                let mut out = [0u64; 32];
                let (av, bv, cv) = (
                    w.src_row(a, &mut ta),
                    w.src_row(b, &mut tb),
                    w.src_row(c, &mut tc),
                );
                mad_rows(kind, m, &mut out, av, bv, cv);
                w.blend(d, m, &out);
            }
            Op::Setp {
                cmp,
                ty,
                unordered,
                ftz,
                p,
                pn,
                a,
                b,
                combine,
            } => {
                let (mut pt, mut pf) = ([0u64; 32], [0u64; 32]);
                let (mut ta, mut tb) = (MaybeUninit::uninit(), MaybeUninit::uninit());
                let (av, bv) = (w.src_row(a, &mut ta), w.src_row(b, &mut tb));
                let (fa, fb);
                let (av, bv) = if ftz && ty == Ty::F32 {
                    fa = av.map(flush_bits);
                    fb = bv.map(flush_bits);
                    (&fa, &fb)
                } else {
                    (av, bv)
                };
                let mut tq = MaybeUninit::uninit();
                let qv = combine.map(|(_, q, _)| w.src_row(q, &mut tq));
                for l in 0..32 {
                    let t = setp(cmp, ty, unordered, av[l], bv[l]);
                    let (t, f) = match (combine, &qv) {
                        (Some((op, _, neg)), Some(q)) => {
                            let qb = (q[l] != 0) != neg;
                            (bool_op(op, t, qb), bool_op(op, !t, qb))
                        }
                        _ => (t, !t),
                    };
                    pt[l] = t as u64;
                    pf[l] = f as u64;
                }
                w.blend(p, m, &pt);
                if let Some(pn) = pn {
                    w.blend(pn, m, &pf);
                }
            }
            Op::Slct {
                cty,
                ftz,
                d,
                a,
                b,
                c,
            } => {
                for l in lanes(m) {
                    let cv = w.get(c, l);
                    let cv = if ftz && cty == Ty::F32 && f32v(cv).is_subnormal() {
                        0
                    } else {
                        cv
                    };
                    let v = if setp(Cmp::Ge, cty, false, cv, 0) {
                        w.get(a, l)
                    } else {
                        w.get(b, l)
                    };
                    w.set(d, l, v);
                }
            }
            Op::Testp { test, ty, p, a } => {
                let mut out = [0u64; 32];
                for l in lanes(m) {
                    let x = w.get(a, l);
                    let x = if ty == Ty::F32 {
                        f32v(x) as f64
                    } else {
                        f64v(x)
                    };
                    let sub = if ty == Ty::F32 {
                        (x as f32).is_subnormal()
                    } else {
                        x.is_subnormal()
                    };
                    out[l] = match test {
                        FpTest::Finite => x.is_finite(),
                        FpTest::Infinite => x.is_infinite(),
                        FpTest::Number => !x.is_nan(),
                        FpTest::NotANumber => x.is_nan(),
                        // As the GPU answers: zero counts as normal.
                        FpTest::Normal => x.is_finite() && !sub,
                        FpTest::Subnormal => sub,
                    } as u64;
                }
                w.blend(p, m, &out);
            }
            Op::Selp { d, a, b, p } => {
                for l in lanes(m) {
                    let v = if w.get(p, l) != 0 {
                        w.get(a, l)
                    } else {
                        w.get(b, l)
                    };
                    w.set(d, l, v);
                }
            }
            Op::Logic { op, d, a, b } => {
                for l in lanes(m) {
                    let (x, y) = (w.get(a, l) != 0, w.get(b, l) != 0);
                    let v = match op {
                        Some(op) => bool_op(op, x, y),
                        None => !x,
                    };
                    w.set(d, l, v as u64);
                }
            }
            Op::Cvt {
                dty,
                sty,
                round,
                sat,
                ftz,
                d,
                a,
            } => {
                for l in lanes(m) {
                    let v = cvt(dty, sty, round, sat, ftz, w.get(a, l));
                    w.set(d, l, v);
                }
            }
            Op::Cvta { to, space, d, a } => {
                let window = match space {
                    MemSpace::Shared => SHARED_WINDOW,
                    MemSpace::Local => LOCAL_WINDOW,
                    _ => 0,
                };
                for l in lanes(m) {
                    let x = w.get(a, l);
                    let v = if to {
                        x.wrapping_sub(window)
                    } else {
                        x.wrapping_add(window)
                    };
                    w.set(d, l, v);
                }
            }
            Op::Ld { ty, ref d, addr }
                if d.len() == 1 && self.load_warp(gmem, w, ty, d[0], addr, m) => {}
            // A parameter or constant at a fixed address: one read for the whole warp.
            Op::Ld { ty, ref d, addr }
                if d.len() == 1
                    && matches!(addr.space, MemSpace::Param | MemSpace::Const)
                    && matches!(addr.base, Src::Imm(_))
                    && !matches!(ty, Ty::S(_))
                    && m != 0 =>
            {
                let at = w.get(addr.base, 0).wrapping_add(addr.offset as u64);
                let l = m.trailing_zeros() as usize;
                let v = self
                    .read(gmem, w, l, addr.space, at, ty.size())
                    .map_err(|e| self.fault(w, l, ins, e))?;
                w.fill(d[0], m, v);
            }
            Op::St { ty, ref s, addr }
                if s.len() == 1 && self.store_warp(gmem, w, ty, s[0], addr, m) => {}
            Op::Ld { ty, ref d, addr } => {
                let size = ty.size();
                for l in lanes(m) {
                    let base = w.get(addr.base, l).wrapping_add(addr.offset as u64);
                    for (k, &r) in d.iter().enumerate() {
                        let at = base.wrapping_add((k * size) as u64);
                        let v = self
                            .read(gmem, w, l, addr.space, at, size)
                            .map_err(|e| self.fault(w, l, ins, e))?;
                        let v = match ty {
                            Ty::S(n) => {
                                sext(v, n as u32 * 8) as u64 & width_mask(32.max(n as u32 * 8))
                            }
                            _ => v,
                        };
                        w.set(r, l, v);
                    }
                }
            }
            Op::St { ty, ref s, addr } => {
                let size = ty.size();
                for l in lanes(m) {
                    let base = w.get(addr.base, l).wrapping_add(addr.offset as u64);
                    for (k, &src) in s.iter().enumerate() {
                        let at = base.wrapping_add((k * size) as u64);
                        let v = w.get(src, l);
                        self.write(gmem, w, l, (addr.space, at, size), v)
                            .map_err(|e| self.fault(w, l, ins, e))?;
                    }
                }
            }
            Op::Atom {
                op,
                ty,
                d,
                addr,
                b,
                c,
            } => {
                let size = ty.size();
                for l in lanes(m) {
                    let at = w.get(addr.base, l).wrapping_add(addr.offset as u64);
                    let old = self
                        .read(gmem, w, l, addr.space, at, size)
                        .map_err(|e| self.fault(w, l, ins, e))?;
                    let x = w.get(b, l);
                    let new = match op {
                        // In global memory the GPU's f32 atomic add is
                        // `ATOM/RED.E.ADD.F32.FTZ.RN`: subnormal operands and results are
                        // flushed to zero of their sign, as the PTX ISA says (found by the
                        // differential run: candle's sum_f32 on values whose bits are small
                        // integers). In shared memory an H100 keeps subnormals
                        // (`ptx_ops::run_float_atomics`); f64 never flushes.
                        AtomOp::Add if ty == Ty::F32 && in_global(addr.space, at) => {
                            flush_bits(bin(BinOp::Add, ty, flush_bits(old), flush_bits(x)))
                        }
                        AtomOp::Add => bin(BinOp::Add, ty, old, x),
                        AtomOp::AddHalf { fmt, pair } => {
                            let add = |o: u64, v: u64| {
                                half::op(
                                    HalfOp::Add,
                                    fmt,
                                    HalfMods::default(),
                                    o as u16,
                                    v as u16,
                                    0,
                                ) as u64
                            };
                            if pair {
                                add(old, x) | add(old >> 16, x >> 16) << 16
                            } else {
                                add(old, x)
                            }
                        }
                        AtomOp::Min => bin(BinOp::Min, ty, old, x),
                        AtomOp::Max => bin(BinOp::Max, ty, old, x),
                        AtomOp::And => old & x,
                        AtomOp::Or => old | x,
                        AtomOp::Xor => old ^ x,
                        AtomOp::Exch => x,
                        AtomOp::Cas => {
                            let cv = c.map(|c| w.get(c, l)).unwrap_or(0);
                            if trunc(old, ty) == trunc(x, ty) {
                                cv
                            } else {
                                old
                            }
                        }
                        AtomOp::Inc => {
                            if trunc(old, ty) >= trunc(x, ty) {
                                0
                            } else {
                                old + 1
                            }
                        }
                        AtomOp::Dec => {
                            if trunc(old, ty) == 0 || trunc(old, ty) > trunc(x, ty) {
                                x
                            } else {
                                old - 1
                            }
                        }
                    };
                    self.write(
                        gmem,
                        w,
                        l,
                        (addr.space, at, size),
                        trunc(new, Ty::U(size as u8)),
                    )
                    .map_err(|e| self.fault(w, l, ins, e))?;
                    if let Some(d) = d {
                        w.set(d, l, old);
                    }
                }
            }
            Op::Shfl {
                mode,
                d,
                p,
                a,
                b,
                c,
            } => {
                let vals: Vec<u64> = (0..32).map(|l| w.get(a, l)).collect();
                for l in lanes(m) {
                    let bval = (w.get(b, l) & 31) as i64;
                    let cv = w.get(c, l);
                    let cval = (cv & 31) as i64;
                    let seg = ((cv >> 8) & 31) as i64;
                    let lane = l as i64;
                    let max_lane = (lane & seg) | (cval & !seg);
                    let min_lane = lane & seg;
                    let (j, ok) = match mode {
                        ShflMode::Up => (lane - bval, lane - bval >= max_lane),
                        ShflMode::Down => (lane + bval, lane + bval <= max_lane),
                        ShflMode::Bfly => (lane ^ bval, (lane ^ bval) <= max_lane),
                        ShflMode::Idx => {
                            let j = min_lane | (bval & !seg);
                            (j, j <= max_lane)
                        }
                    };
                    let src = if ok && (0..32).contains(&j) {
                        j as usize
                    } else {
                        l
                    };
                    w.set(d, l, vals[src] & 0xffff_ffff);
                    if let Some(p) = p {
                        w.set(p, l, ok as u64);
                    }
                }
            }
            Op::Vote { mode, d, p, negate } => {
                let mut ballot = 0u32;
                for l in lanes(m) {
                    if (w.get(p, l) != 0) != negate {
                        ballot |= 1 << l;
                    }
                }
                let v = match mode {
                    VoteMode::Ballot => ballot as u64,
                    VoteMode::All => (ballot == m) as u64,
                    VoteMode::Any => (ballot != 0) as u64,
                    VoteMode::Uni => (ballot == m || ballot == 0) as u64,
                };
                for l in lanes(m) {
                    w.set(d, l, v);
                }
            }
            Op::Redux {
                op,
                signed,
                d,
                a,
                mask,
            } => {
                let reduce = |w: &Warp, group: u32| -> u64 {
                    let vals = lanes(group).map(|l| w.get(a, l) & 0xffff_ffff);
                    let v = match (op, signed) {
                        (BinOp::Add, _) => vals.fold(0u64, |s, x| s.wrapping_add(x)),
                        (BinOp::Min, true) => {
                            vals.map(|x| x as u32 as i32).min().unwrap_or(0) as u32 as u64
                        }
                        (BinOp::Max, true) => {
                            vals.map(|x| x as u32 as i32).max().unwrap_or(0) as u32 as u64
                        }
                        (BinOp::Min, false) => vals.min().unwrap_or(0),
                        (BinOp::Max, false) => vals.max().unwrap_or(0),
                        (BinOp::And, _) => vals.fold(0xffff_ffff, |s, x| s & x),
                        (BinOp::Or, _) => vals.fold(0, |s, x| s | x),
                        _ => vals.fold(0, |s, x| s ^ x),
                    };
                    v & 0xffff_ffff
                };
                // Each lane reduces over the active lanes of its own member mask; lanes
                // with the same mask share one result.
                // (All results are computed before any is written: `d` may be `a`.)
                let mut done: [(u32, u64); 32] = [(0, 0); 32];
                let mut n = 0;
                let mut out = [0u64; 32];
                for l in lanes(m) {
                    let group = w.get(mask, l) as u32 & m;
                    out[l] = match done[..n].iter().find(|(g, _)| *g == group) {
                        Some(&(_, v)) => v,
                        None => {
                            let v = reduce(w, group);
                            done[n] = (group, v);
                            n += 1;
                            v
                        }
                    };
                }
                for l in lanes(m) {
                    w.set(d, l, out[l]);
                }
            }
            Op::Match { all, bits, d, p, a } => {
                let value = |w: &Warp, l: usize| w.get(a, l) & width_mask(bits);
                let first = lanes(m).next().map(|l| value(w, l));
                let same_everywhere = lanes(m).all(|l| Some(value(w, l)) == first);
                for l in lanes(m) {
                    let v = value(w, l);
                    let mask = if all {
                        if same_everywhere {
                            m
                        } else {
                            0
                        }
                    } else {
                        lanes(m)
                            .filter(|&k| value(w, k) == v)
                            .fold(0u32, |s, k| s | 1 << k)
                    };
                    if let Some(d) = d {
                        w.set(d, l, mask as u64);
                    }
                    if let Some(p) = p {
                        w.set(p, l, same_everywhere as u64);
                    }
                }
            }
            Op::Elect { d, p } => {
                let leader = lanes(m).next().unwrap_or(0);
                for l in lanes(m) {
                    if let Some(d) = d {
                        w.set(d, l, leader as u64);
                    }
                    if let Some(p) = p {
                        w.set(p, l, (l == leader) as u64);
                    }
                }
            }
            Op::CpAsync {
                dst,
                src,
                size,
                src_size,
            } => {
                let (to, from) = (w.addresses(dst), w.addresses(src));
                for l in lanes(m) {
                    let keep = src_size.map_or(size as u64, |s| w.get(s, l).min(size as u64));
                    for off in (0..size as u64).step_by(4) {
                        let v = if off < keep {
                            self.read(gmem, w, l, src.space, from[l] + off, 4)
                                .map_err(|d| self.fault(w, l, ins, d))?
                        } else {
                            0
                        };
                        self.write(gmem, w, l, (dst.space, to[l] + off, 4), v)
                            .map_err(|d| self.fault(w, l, ins, d))?;
                    }
                }
            }
            Op::Matrix(ref mi) => self.matrix(gmem, w, ins, mi, m)?,
            Op::BulkCopy {
                dst,
                src,
                size,
                mbar,
            } => {
                let (to, from) = (w.addresses(dst), w.addresses(src));
                for l in lanes(m) {
                    let n = w.get(size, l) & 0xffff_ffff;
                    if n % 16 != 0 {
                        return Err(self.fault(
                            w,
                            l,
                            ins,
                            format!("cp.async.bulk of {n} bytes (a multiple of 16)"),
                        ));
                    }
                    for off in (0..n).step_by(8) {
                        let v = self
                            .read(gmem, w, l, src.space, from[l].wrapping_add(off), 8)
                            .map_err(|d| self.fault(w, l, ins, d))?;
                        self.write(gmem, w, l, (dst.space, to[l].wrapping_add(off), 8), v)
                            .map_err(|d| self.fault(w, l, ins, d))?;
                    }
                    if let Some(mbar) = mbar {
                        let op = (MbarOp::CompleteTx, None, mbar, Some(size));
                        self.mbarrier(gmem, w, ins, op, 1 << l)?;
                    }
                }
            }
            Op::ActiveMask { d } => {
                for l in lanes(m) {
                    w.set(d, l, m as u64);
                }
            }
            Op::Bfe { ty, d, a, b, c } => {
                for l in lanes(m) {
                    let bits = ty.bits();
                    let pos = (w.get(b, l) & 0xff) as u32;
                    let len = (w.get(c, l) & 0xff) as u32;
                    let x = w.get(a, l) & width_mask(bits);
                    let signed = matches!(ty, Ty::S(_));
                    let v = if len == 0 {
                        0
                    } else {
                        let shifted = if pos >= bits { 0 } else { x >> pos };
                        let field = shifted & width_mask(len.min(bits));
                        let top = pos.saturating_add(len).min(bits) - 1;
                        if signed && (x >> top) & 1 == 1 && len < bits {
                            field | !width_mask(len)
                        } else if signed && pos >= bits {
                            if (x >> (bits - 1)) & 1 == 1 {
                                u64::MAX
                            } else {
                                0
                            }
                        } else {
                            field
                        }
                    };
                    w.set(d, l, v & width_mask(bits));
                }
            }
            Op::Shf {
                left,
                clamp,
                d,
                a,
                b,
                c,
            } => {
                for l in lanes(m) {
                    let x = (w.get(b, l) & 0xffff_ffff) << 32 | (w.get(a, l) & 0xffff_ffff);
                    let c = w.get(c, l) as u32;
                    let n = if clamp { c.min(32) } else { c & 31 };
                    let v = if left { (x << n) >> 32 } else { x >> n };
                    w.set(d, l, v & 0xffff_ffff);
                }
            }
            Op::Bfi { ty, d, a, b, c, e } => {
                for l in lanes(m) {
                    let bits = ty.bits();
                    let pos = (w.get(c, l) & 0xff) as u32;
                    let len = (w.get(e, l) & 0xff) as u32;
                    let base = w.get(b, l) & width_mask(bits);
                    let v = if len == 0 || pos >= bits {
                        base
                    } else {
                        let fm = width_mask(len.min(bits - pos)) << pos;
                        (base & !fm) | ((w.get(a, l) << pos) & fm)
                    };
                    w.set(d, l, v);
                }
            }
            Op::Pack {
                d,
                ref parts,
                part_bits,
            } => {
                for l in lanes(m) {
                    let mut v = 0u64;
                    for (k, &p) in parts.iter().enumerate() {
                        v |= (w.get(p, l) & width_mask(part_bits)) << (k as u32 * part_bits);
                    }
                    w.set(d, l, v);
                }
            }
            Op::Unpack {
                ref ds,
                a,
                part_bits,
            } => {
                for l in lanes(m) {
                    let v = w.get(a, l);
                    for (k, &d) in ds.iter().enumerate() {
                        let part = (v >> (k as u32 * part_bits)) & width_mask(part_bits);
                        w.set(d, l, part);
                    }
                }
            }
            Op::Prmt {
                mode: Some(table),
                d,
                a,
                b,
                c,
            } => {
                for l in lanes(m) {
                    let src = (w.get(a, l) & 0xffff_ffff) | ((w.get(b, l) & 0xffff_ffff) << 32);
                    let pick = &table[(w.get(c, l) & 3) as usize];
                    let v =
                        (0..4).fold(0u64, |v, i| v | ((src >> (8 * pick[i])) & 0xff) << (8 * i));
                    w.set(d, l, v);
                }
            }
            Op::Prmt {
                mode: None,
                d,
                a,
                b,
                c,
            } => {
                for l in lanes(m) {
                    let src = (w.get(a, l) & 0xffff_ffff) | ((w.get(b, l) & 0xffff_ffff) << 32);
                    let sel = w.get(c, l);
                    let mut v = 0u64;
                    for i in 0..4 {
                        let nib = (sel >> (4 * i)) & 0xf;
                        let byte = (src >> (8 * (nib & 7))) & 0xff;
                        let byte = if nib & 8 != 0 {
                            if byte & 0x80 != 0 {
                                0xff
                            } else {
                                0
                            }
                        } else {
                            byte
                        };
                        v |= byte << (8 * i);
                    }
                    w.set(d, l, v);
                }
            }
            Op::Bfind { ty, shiftamt, d, a } => {
                for l in lanes(m) {
                    let bits = ty.bits();
                    let x = w.get(a, l) & width_mask(bits);
                    let x = if matches!(ty, Ty::S(_)) && (x >> (bits - 1)) & 1 == 1 {
                        !x & width_mask(bits)
                    } else {
                        x
                    };
                    let v = if x == 0 {
                        0xffff_ffff
                    } else {
                        let pos = 63 - x.leading_zeros() as u64;
                        if shiftamt {
                            (bits as u64 - 1) - pos
                        } else {
                            pos
                        }
                    };
                    w.set(d, l, v);
                }
            }
            Op::Half {
                op,
                fmt,
                pair,
                mods,
                d,
                a,
                b,
                c,
            } => {
                for l in lanes(m) {
                    let (x, y, z) = (w.get(a, l), w.get(b, l), w.get(c, l));
                    let one = |s: u32| {
                        let h = |v: u64| (v >> s) as u16;
                        half::op(op, fmt, mods, h(x), h(y), h(z)) as u64
                    };
                    let v = if pair { one(0) | one(16) << 16 } else { one(0) };
                    w.set(d, l, v);
                }
            }
            Op::CvtPair {
                fmt,
                round,
                mods,
                d,
                a,
                b,
            } => {
                let h = |v: u64| {
                    let r = half::from_f64(f32v(v) as f64, fmt, round);
                    let negative = r & 0x8000 != 0 && !fmt.is_nan(r);
                    (if mods.relu && negative { 0 } else { r }) as u64
                };
                for l in lanes(m) {
                    let v = h(w.get(a, l)) << 16 | h(w.get(b, l));
                    w.set(d, l, v);
                }
            }
            Op::Nop
            | Op::Bra { .. }
            | Op::Exit
            | Op::Bar { .. }
            | Op::Mbar { .. }
            | Op::Call { .. }
            | Op::Return { .. } => {}
        }
        Ok(())
    }
}

/// Runs `kernel` over the whole grid, block after block, within `budget` (a number is a
/// work budget in thread-instructions; a [`Budget`] adds a deadline and the register file).
pub fn launch(
    module: &SimModule,
    gmem: &mut Memory,
    kernel: &str,
    dims: Dims,
    params: &[u8],
    budget: impl Into<Budget>,
) -> Result<Stats> {
    launch_profiled(module, gmem, kernel, dims, params, budget).map(|(stats, _)| stats)
}

/// What one PTX line of a kernel did over a launch (lines that executed), for a profile's
/// "which line is responsible".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct LineCounters {
    /// The line in the PTX text (1-based).
    pub line: u32,
    /// Warp executions of the line's instructions.
    pub warp_instructions: u64,
    /// Executions of a branch on the line at which the active lanes went both ways.
    pub divergent_branches: u64,
    /// Global memory: warp requests, the sectors they moved and the fewest sectors their
    /// active lanes' bytes could have taken (consecutive and aligned; no more than moved,
    /// where lanes shared addresses).
    pub global_requests: u64,
    /// See `global_requests`.
    pub global_sectors: u64,
    /// See `global_requests`.
    pub global_ideal_sectors: u64,
    /// Shared memory: warp requests and wavefronts (1 per request without bank conflicts).
    pub shared_requests: u64,
    /// See `shared_requests`.
    pub shared_wavefronts: u64,
    /// Warp executions of atomics on the line.
    pub atomic_requests: u64,
}

/// [`launch`], also giving what each PTX line did ([`LineCounters`], in line order).
pub fn launch_profiled(
    module: &SimModule,
    gmem: &mut Memory,
    kernel: &str,
    dims: Dims,
    params: &[u8],
    budget: impl Into<Budget>,
) -> Result<(Stats, Vec<LineCounters>)> {
    let budget = budget.into();
    // Unsupported kernels say why (instruction and line), not that they do not exist.
    let code = module.kernel(kernel)?;
    if params.len() < code.param_bytes {
        return Err(Error::InvalidArgument(format!(
            "kernel `{kernel}` takes {} bytes of parameters but {} were given",
            code.param_bytes,
            params.len()
        )));
    }
    let threads64 = dims.block.iter().map(|&d| d as u64).product::<u64>();
    if threads64 == 0 || dims.grid.contains(&0) {
        return Err(Error::InvalidArgument(
            "a grid or block dimension is zero".into(),
        ));
    }
    let threads = threads64.min(u32::MAX as u64) as u32;
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
    let nwarps = threads.div_ceil(32) as usize;
    let mut memos: Vec<Memo> = (0..n_memos).map(|_| Memo::empty(nwarps)).collect();
    let mut sites: Vec<Site> = probes
        .iter()
        .map(|p| Site {
            probed: !matches!(p, Probe::None),
            ..Site::default()
        })
        .collect();
    let mut updates = HashMap::new();
    let mut runs = 0u64;
    let mut serial = 0u64;
    if threads > code.max_threads.unwrap_or(1024).min(1024) {
        return Err(Error::InvalidArgument(format!(
            "kernel `{kernel}` cannot run {threads} threads per block (at most {})",
            code.max_threads.unwrap_or(1024).min(1024)
        )));
    }
    // The simulated device's limits (sm_90): shared memory per block and local per thread.
    const MAX_SHARED: usize = super::MAX_SHARED_PER_BLOCK;
    const MAX_LOCAL: usize = 512 * 1024;
    let shared_total = code
        .shared_static
        .saturating_add(dims.shared_dynamic as usize);
    if shared_total > MAX_SHARED {
        return Err(Error::InvalidArgument(format!(
            "kernel `{kernel}` needs {shared_total} bytes of shared memory per block; the simulated device has {MAX_SHARED}"
        )));
    }
    if code.local_bytes > MAX_LOCAL {
        return Err(Error::InvalidArgument(format!(
            "kernel `{kernel}` needs {} bytes of local memory per thread; the simulated device allows {MAX_LOCAL}",
            code.local_bytes
        )));
    }
    let nwarps = threads.div_ceil(32) as usize;
    // Every register is a row of 32 lanes of 8 bytes in each warp.
    let nregs = code.nregs.max(super::lower::SPECIAL.len()) as u64;
    let register_file = nregs * 32 * 8 * nwarps as u64;
    if register_file > budget.register_file_bytes {
        return Err(crate::limits::exceeded(
            format!(
                "kernel `{kernel}` ({nregs} registers per thread, {threads} threads per block) \
                 on the simulator's register file"
            ),
            register_file,
            "register_file_bytes",
            budget.register_file_bytes,
        ));
    }
    let mut stats = Stats::default();
    let mut meter = Meter::new(budget);
    let shared_bytes = code.shared_static + dims.shared_dynamic as usize;
    stats.blocks = dims
        .grid
        .iter()
        .fold(1u64, |n, &d| n.saturating_mul(d as u64));
    stats.block_threads = threads;
    stats.block_shared_bytes = shared_bytes.min(u32::MAX as usize) as u32;
    let per_block = block_work(threads, shared_bytes, code.local_bytes);
    let first_line = code.code.first().map_or(0, |i| i.line);
    // Storage is allocated once per launch and reused by every block.
    let mut warps: Vec<Warp> = (0..nwarps).map(|_| empty_warp()).collect();
    for (wi, w) in warps.iter_mut().enumerate() {
        init_warp(w, code, dims, wi, nwarps, threads);
    }
    let mut shared = vec![0u8; shared_bytes];
    // Cooperative groups' grid sync counts arrivals in a workspace the driver passes in
    // %envreg1:%envreg2 (one grid of blocks run one after another can sync only with a
    // single block; more spin until the work budget stops them).
    let workspace = if code.grid_workspace {
        let at = gmem.alloc(16, 16)?;
        for w in warps.iter_mut() {
            w.regs[ENVREG] = [at >> 32; 32];
            w.regs[ENVREG + 1] = [at & 0xffff_ffff; 32];
        }
        Some(at)
    } else {
        None
    };
    let mut run = || -> Result<()> {
        for bz in 0..dims.grid[2] {
            for by in 0..dims.grid[1] {
                for bx in 0..dims.grid[0] {
                    serial += 1;
                    // The block's set-up is charged before it is done.
                    stats.work = stats.work.saturating_add(per_block);
                    meter.check(&stats, kernel, first_line)?;
                    shared.fill(0);
                    let mut block = Block {
                        code,
                        probes: &probes,
                        memos: std::mem::take(&mut memos),
                        sites: std::mem::take(&mut sites),
                        updates: std::mem::take(&mut updates),
                        run: runs,
                        serial,
                        module,
                        params,
                        shared: std::mem::take(&mut shared),
                        ctaid: [bx, by, bz],
                        threads,
                        bars: [(0, 0, 0); 16],
                        epoch: 0,
                    };
                    for w in warps.iter_mut() {
                        start_warp(w, [bx, by, bz]);
                    }
                    let mut stalled = 0u32;
                    loop {
                        let before = (block.epoch, live_threads(&warps));
                        for w in warps.iter_mut() {
                            // A barrier for part of the block completed since the warp came.
                            if let Some((id, generation)) = w.wait_bar.filter(|_| w.waiting) {
                                if block.bars[id as usize].1 != generation {
                                    w.waiting = false;
                                    w.wait_bar = None;
                                    step_past_barrier(w);
                                }
                            }
                            w.yielded = None;
                            w.parked = 0;
                            while w.live != 0 && !w.waiting {
                                let before = stats.thread_instructions;
                                let pause_at = meter.pause_at(&stats);
                                let paused = block.run_warp(gmem, w, &mut stats, pause_at)?;
                                stats.work += stats.thread_instructions - before;
                                match paused {
                                    None => break,
                                    Some((line, threads)) => {
                                        meter.paused(&stats, threads, kernel, line)?
                                    }
                                }
                            }
                        }
                        if warps.iter().all(|w| w.live == 0) {
                            break;
                        }
                        let released = warps.iter().any(|w| {
                            w.wait_bar
                                .is_some_and(|(id, g)| w.waiting && block.bars[id as usize].1 != g)
                        });
                        if released || warps.iter().any(|w| w.yielded.is_some()) {
                            // Warps polling an mbarrier run again; when a whole round of
                            // them changes nothing, nothing ever will.
                            if (block.epoch, live_threads(&warps)) == before {
                                stalled += 1;
                                if stalled > STALL_ROUNDS {
                                    return Err(block.deadlock(&warps));
                                }
                            } else {
                                stalled = 0;
                            }
                            continue;
                        }
                        if warps.iter().any(|w| w.waiting && w.wait_bar.is_some()) {
                            // A count of the whole block (`bar.sync 0, blockDim`) counts the
                            // warps that have exited, as a barrier without a count does.
                            let exited = 32 * warps.iter().filter(|w| w.live == 0).count() as u32;
                            let block_threads = threads.next_multiple_of(32);
                            let mut freed = false;
                            for bar in block.bars.iter_mut() {
                                if bar.0 > 0 && bar.2 >= block_threads && bar.0 + exited >= bar.2 {
                                    *bar = (0, bar.1.wrapping_add(1), bar.2);
                                    freed = true;
                                }
                            }
                            if freed {
                                block.epoch += 1;
                                continue;
                            }
                            return Err(block.deadlock(&warps));
                        }
                        // Every remaining warp waits at a barrier for the whole block: release
                        // it, with the block-wide result of a `bar.red`.
                        let (mut arrived, mut set) = (0u64, 0u64);
                        for (_, lanes_in, ballot) in warps.iter().filter_map(|w| w.bar_red) {
                            arrived += lanes_in.count_ones() as u64;
                            set += ballot.count_ones() as u64;
                        }
                        for w in warps.iter_mut().filter(|w| w.waiting) {
                            w.waiting = false;
                            if let Some((r, lanes_in, _)) = w.bar_red.take() {
                                let v = match r.op {
                                    BarRedOp::Popc => set,
                                    BarRedOp::And => (set == arrived) as u64,
                                    BarRedOp::Or => (set != 0) as u64,
                                };
                                w.fill(r.d, lanes_in, v);
                            }
                            step_past_barrier(w);
                        }
                    }
                    shared = block.shared;
                    memos = block.memos;
                    runs = block.run;
                    sites = block.sites;
                    updates = block.updates;
                }
            }
        }
        Ok(())
    };
    let result = run();
    if let Some(at) = workspace {
        let _ = gmem.free(at);
    }
    for m in memos.iter_mut() {
        m.settle();
    }
    result.map(|()| {
        fold(&mut stats, code, &probes, &sites, &memos);
        (stats, lines(code, &probes, &sites, &memos))
    })
}

/// Per PTX line: the instructions' executions and their memory requests.
fn lines(code: &KernelCode, probes: &[Probe], sites: &[Site], memos: &[Memo]) -> Vec<LineCounters> {
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
            }
        }
    }
    by_line
}

/// Rounds of a block's warps in which every one that runs is polling an `mbarrier` and
/// nothing changes, after which the block is deadlocked.
const STALL_ROUNDS: u32 = 1000;

/// Threads of the block that have not exited.
fn live_threads(warps: &[Warp]) -> u32 {
    warps.iter().map(|w| w.live.count_ones()).sum()
}

/// Moves a warp released from a barrier past it.
fn step_past_barrier(w: &mut Warp) {
    if let Some(pc) = w.uniform {
        w.uniform = Some(pc + 1);
        return;
    }
    let pc = lanes(w.live).map(|l| w.pc[l]).min().unwrap_or(0);
    for l in lanes(w.live) {
        if w.pc[l] == pc {
            w.pc[l] = pc + 1;
        }
    }
}

/// Prepares warp slot `wi` for a launch: registers cleared, the special registers that are
/// the same in every block set (thread and lane numbers, shapes, lane masks).
fn init_warp(w: &mut Warp, code: &KernelCode, dims: Dims, wi: usize, nwarps: usize, threads: u32) {
    let nregs = code.nregs.max(super::lower::SPECIAL.len());
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
            nwarps as u64,
            1u64 << l,
            (1u64 << l) - 1,
            (1u64 << (l + 1)) - 1,
            (FULL as u64) & !((1u64 << (l + 1)) - 1),
            (FULL as u64) & !((1u64 << l) - 1),
            32,
            0, // %envreg1, %envreg2: set per launch
            0,
        ];
        for (r, v) in vals.iter().enumerate() {
            w.regs[r][l] = *v;
        }
    }
    w.threads = live;
    for (l, local) in w.local.iter_mut().enumerate() {
        let want = if live & (1 << l) != 0 {
            code.local_bytes
        } else {
            0
        };
        local.clear();
        local.resize(want, 0);
    }
}

/// Starts warp `w` (prepared by [`init_warp`]) on block `ctaid`: `%ctaid` set, every thread
/// live at the first instruction, local memory zeroed. Other registers keep what the
/// previous block left, as uninitialised registers do on a GPU (the kernel cannot write
/// special registers: lowering refuses that).
fn start_warp(w: &mut Warp, ctaid: [u32; 3]) {
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
    w.bar_red = None;
    for stack in w.stack.iter_mut() {
        stack.clear();
    }
    w.stack_bytes = [0; 32];
    for local in w.local.iter_mut().filter(|v| !v.is_empty()) {
        local.fill(0);
    }
}

fn empty_warp() -> Warp {
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
        bar_red: None,
        stack: vec![Vec::new(); 32],
        stack_bytes: [0; 32],
        local: vec![Vec::new(); 32],
        tid: [[0; 3]; 32],
    }
}

#[cfg(test)]
mod tests {
    use super::{cvt, fma_f32, fma_f32_rows, Round, Ty};

    /// The integer `v` rounded to a float of `bits` significant bits in direction `r`, by
    /// integer arithmetic alone: the magnitude cut to its top `bits` bits (toward zero) or
    /// one unit of the last place more (away), chosen by the sign and the direction.
    fn int_rounded(v: i128, bits: u32, r: Round) -> i128 {
        let m = v.unsigned_abs();
        let len = 128 - m.leading_zeros();
        if len <= bits {
            return v;
        }
        let shift = len - bits;
        let cut = m >> shift << shift;
        let (lower, upper) = (cut, cut + (1u128 << shift));
        let rem = m - cut;
        let half = 1u128 << (shift - 1);
        let away = match r {
            Round::Zero => false,
            Round::Down => v < 0 && rem != 0,
            Round::Up => v > 0 && rem != 0,
            Round::Nearest => rem > half || (rem == half && (cut >> shift) & 1 == 1),
        };
        let mag = if away { upper } else { lower } as i128;
        if v < 0 {
            -mag
        } else {
            mag
        }
    }

    #[test]
    fn integer_to_float_conversions_round_in_every_direction() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        let modes = [Round::Nearest, Round::Zero, Round::Down, Round::Up];
        for i in 0..200_000u32 {
            let raw = rng.next();
            // Every magnitude: shift the bits down by a varying amount.
            let raw = raw >> (i % 64);
            for (sty, v) in [
                (Ty::S(4), (raw as u32 as i32) as i128),
                (Ty::U(4), (raw as u32) as i128),
                (Ty::S(8), (raw as i64) as i128),
                (Ty::U(8), raw as i128),
            ] {
                for r in modes {
                    let got32 =
                        f32::from_bits(cvt(Ty::F32, sty, Some(r), false, false, raw) as u32);
                    let want32 = int_rounded(v, 24, r);
                    assert_eq!(got32 as i128, want32, "cvt.{r:?}.f32.{sty:?} {v}");
                    let got64 = f64::from_bits(cvt(Ty::F64, sty, Some(r), false, false, raw));
                    let want64 = int_rounded(v, 53, r);
                    assert_eq!(got64 as i128, want64, "cvt.{r:?}.f64.{sty:?} {v}");
                }
            }
        }
    }

    #[test]
    fn f64_to_f32_conversions_round_in_every_direction() {
        // 1 + 2^-30 lies between two f32 values: down/zero give 1, up gives the next.
        let x = 1.0f64 + 2f64.powi(-30);
        let c = |r, x: f64| {
            f32::from_bits(cvt(Ty::F32, Ty::F64, Some(r), false, false, x.to_bits()) as u32)
        };
        assert_eq!(c(Round::Down, x), 1.0);
        assert_eq!(c(Round::Zero, x), 1.0);
        assert_eq!(c(Round::Nearest, x), 1.0);
        assert_eq!(c(Round::Up, x), 1.0 + f32::EPSILON);
        assert_eq!(c(Round::Down, -x), -1.0 - f32::EPSILON);
        assert_eq!(c(Round::Zero, -x), -1.0);
        assert_eq!(c(Round::Up, -x), -1.0);
    }

    /// A small deterministic generator (xorshift64*).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
        /// An `f32` with a random sign, a mantissa and an exponent near `e`.
        fn near(&mut self, e: i32) -> f32 {
            let r = self.next();
            let exp = (127 + e + (r % 9) as i32 - 4).clamp(0, 254) as u32;
            f32::from_bits(((r >> 8) as u32 & 0x807f_ffff) | (exp << 23))
        }
    }

    fn check(x: f32, y: f32, z: f32) {
        let want = x.mul_add(y, z);
        let got = fma_f32(x, y, z);
        assert!(
            got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
            "fma({x:e}, {y:e}, {z:e}) = {got:e} ({:#x}), want {want:e} ({:#x})",
            got.to_bits(),
            want.to_bits()
        );
    }

    #[test]
    fn fma_f32_is_correctly_rounded() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..300_000 {
            // Sums of similar magnitude (cancellation), far apart (z lost in the product's
            // rounding), near overflow and in the subnormal range.
            for (ex, ey, ez) in [
                (0, 0, 0),
                (0, 0, -30),
                (0, 0, 30),
                (60, 60, 127),
                (-70, -70, -140),
            ] {
                let (x, y) = (rng.near(ex), rng.near(ey));
                check(x, y, rng.near(ez));
                // z = -round(x*y) plus a little: the exact residual decides the result.
                let p = x * y;
                check(x, y, -p);
                check(x, y, f32::from_bits((-p).to_bits().wrapping_add(1)));
            }
        }
        // Just below a halfway point: x*y = 2^-24 * (1 - 2^-2a), so x*y + z rounded to f64
        // lands exactly halfway between two f32 and a second rounding would pick the even
        // one; the exact value is below halfway.
        for a in 15..=23 {
            let x = 2f32.powi(-24) * (1.0 + 2f32.powi(-a));
            let y = 1.0 - 2f32.powi(-a);
            for z in [
                1.0 + f32::EPSILON,
                1.0 + 3.0 * f32::EPSILON,
                2.0 - f32::EPSILON,
            ] {
                check(x, y, z);
                check(-x, y, -z);
                check(x * 4.0, y, z * 4.0);
            }
        }
        for v in [
            0.0f32,
            -0.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            f32::MAX,
            f32::MIN_POSITIVE,
            1e-45,
        ] {
            for u in [
                0.0f32,
                -0.0,
                1.0,
                -1.0,
                f32::INFINITY,
                f32::NAN,
                f32::MAX,
                1e-45,
            ] {
                check(v, u, v);
                check(u, v, -v);
                check(v, v, u);
            }
        }
    }

    #[test]
    fn fma_rows_agree_with_the_fused_multiply_add_in_every_lane() {
        // Whichever path this CPU takes (FMA instructions or the exact f64 emulation).
        let mut rng = Rng(42);
        for _ in 0..2_000 {
            let mut rows = [[0u64; 32]; 3];
            for row in rows.iter_mut() {
                for v in row.iter_mut() {
                    let e = (rng.next() % 40) as i32 - 20;
                    *v = rng.near(e).to_bits() as u64;
                }
            }
            let mut out = [0u64; 32];
            fma_f32_rows(&mut out, &rows[0], &rows[1], &rows[2]);
            for l in 0..32 {
                let f = |r: usize| f32::from_bits(rows[r][l] as u32);
                let want = f(0).mul_add(f(1), f(2));
                assert_eq!(out[l], want.to_bits() as u64, "lane {l}");
            }
        }
    }
}
