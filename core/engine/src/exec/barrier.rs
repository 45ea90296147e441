//! Barriers: `bar.sync`/`bar.arrive`/`bar.red` (whole block or a thread count),
//! `mbarrier` objects in shared memory, releasing the block's waiting warps, and the faults
//! for threads that would wait forever (deadlock, a barrier only part of a warp reached).

use super::control::{At, Exec, Flow};
use super::global::Global;
use super::warp_state::{lanes, Warp};
use super::Block;
use crate::error::{Error, Result};
use crate::sim::engine::ir::*;

/// The largest arrival count of an `mbarrier` (`2^20 - 1`), and the mask of a count.
pub(super) const MB_COUNT: u64 = (1 << 20) - 1;

/// An `mbarrier` object as the simulator keeps it in its 8 bytes of shared memory (the
/// PTX ISA leaves the layout opaque): bits 0..20 the arrivals the current phase still
/// expects, 20..40 the arrivals each phase expects, 40..62 the transaction bytes still
/// expected (22-bit two's complement), bit 62 set once initialised, bit 63 the phase's
/// parity. An arrival's token is the object as it was before the arrival.
#[derive(Debug, Clone, Copy)]
pub(super) struct MbarState {
    pub(super) pending: u64,
    pub(super) expected: u64,
    pub(super) tx: i64,
    pub(super) init: bool,
    pub(super) phase: bool,
}

impl MbarState {
    #[inline]
    pub(super) fn decode(v: u64) -> MbarState {
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

    #[inline]
    pub(super) fn encode(self) -> u64 {
        (self.pending & MB_COUNT)
            | (self.expected & MB_COUNT) << 20
            | (self.tx as u64 & ((1 << 22) - 1)) << 40
            | (self.init as u64) << 62
            | (self.phase as u64) << 63
    }
}

/// Rounds of a block's warps in which every one that runs is polling an `mbarrier` and
/// nothing changes, after which the block is deadlocked.
pub(super) const STALL_ROUNDS: u32 = 1000;

impl Block<'_> {
    /// `bar.sync`, `bar.arrive` or `bar.red` (`Op::Bar`) in lanes `emask`: the warp waits
    /// unless the barrier completes with it (or it only arrives).
    ///
    /// The warp arrives once all its threads that have not exited are here (PTX ISA,
    /// `barrier`: the executing thread waits "for all non-exited threads from its warp").
    /// Lanes that come first are parked while the warp's others run: those that exit count
    /// as arrived (sm_70 and later; a sort returns from part of the block before its next
    /// `__syncthreads()`), those that reach the same barrier join them.
    #[inline(never)]
    pub(super) fn exec_bar<G: Global>(&mut self, x: Exec<'_, G>, op: &Bar) -> Result<Flow> {
        let Exec {
            w,
            ins,
            at,
            m: emask,
            ..
        } = x;
        let Bar {
            id,
            count,
            arrive,
            red,
        } = op;
        let mut emask = emask;
        if emask != 0 {
            if emask != w.live {
                match self.gather_warp(w, ins, at, emask)? {
                    Some(all) => emask = all,
                    None => return Ok(Flow::Jumped),
                }
            }
            w.parked = 0;
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
            if want.is_some_and(|c| c == 0 || c % 32 != 0) && want != Some(self.threads as u64) {
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
                        return Ok(Flow::Wait);
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
                    return Ok(Flow::Wait);
                }
            }
        }
        Ok(Flow::Next)
    }

    /// Lanes `emask` of `w` at a barrier while others of its live lanes are not: `None`
    /// when those others still have to run (the lanes here are parked at the barrier
    /// meanwhile), `Some(lanes)` once every live lane is at this barrier (the warp is made
    /// uniform there). A fault where the others wait at another barrier, or where some of
    /// the lanes here skip it by a false guard.
    fn gather_warp(&self, w: &mut Warp, ins: &Instr, at: At, emask: u32) -> Result<Option<u32>> {
        let At { pc, mask, .. } = at;
        if mask != emask {
            return Err(self.split_barrier(w, emask, pc, ins.line));
        }
        let others = w.live & !mask;
        if others & !w.parked != 0 {
            w.parked |= mask;
            return Ok(None);
        }
        // Every other live lane is parked: at this barrier, or elsewhere for good.
        if w.uniform.is_some() || lanes(others).any(|l| w.pc[l] != pc) {
            return Err(self.split_barrier(w, emask, pc, ins.line));
        }
        w.parked = 0;
        w.uniform = Some(pc);
        Ok(Some(w.live))
    }

    /// An `mbarrier` operation (`Op::Mbar`) in lanes `emask`. A wait that finds its phase
    /// incomplete lets the warp's lanes elsewhere run first, then the other warps.
    #[inline(never)]
    pub(super) fn exec_mbar<G: Global>(&mut self, x: Exec<'_, G>, op: &Mbar) -> Result<Flow> {
        let Exec {
            gmem,
            w,
            ins,
            at: At { mask, next, .. },
            m: emask,
            ..
        } = x;
        let Mbar { op, d, addr, a } = op;
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
                return Ok(Flow::Jumped);
            }
            w.parked = 0;
            w.yielded = Some(ins.line);
            return Ok(Flow::Wait);
        }
        Ok(Flow::Next)
    }

    /// One `mbarrier` operation in lanes `m`, in lane order; `true` when a wait found its
    /// phase incomplete in some lane.
    pub(super) fn mbarrier<G: Global>(
        &mut self,
        gmem: &mut G,
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
            // The PTX ISA's range of a transaction count (and of each operand that
            // changes it): ±(2^20 - 1) bytes. The operand is checked before it is added:
            // a 64-bit register's value would overflow the sum.
            let tx_op = matches!(op, MbarOp::ExpectTx | MbarOp::CompleteTx)
                || matches!(
                    op,
                    MbarOp::Arrive {
                        expect_tx: true,
                        ..
                    }
                );
            if tx_op && av > MB_COUNT {
                return fail(
                    self,
                    w,
                    format!(
                        "a transaction count of {av} bytes (the PTX ISA allows at most \
                         {MB_COUNT}); split the copies among more phases"
                    ),
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
            if b.tx.unsigned_abs() > MB_COUNT {
                return fail(
                    self,
                    w,
                    format!(
                        "a transaction count of {} bytes after {av} (the PTX ISA allows \
                         ±{MB_COUNT}); split the copies among more phases",
                        b.tx
                    ),
                );
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

    /// The fault for a block whose threads wait for each other forever: barriers for part
    /// of the block that too few threads reach, or `mbarrier` phases nobody completes. On
    /// a GPU the launch hangs; the simulator names where each waiting warp stands.
    #[cold]
    pub(super) fn deadlock(&self, warps: &[Warp]) -> Error {
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
                _ if w.wait_cluster => {
                    "waits at barrier.cluster for threads of its cluster that never arrive"
                        .to_string()
                }
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
    pub(super) fn split_barrier(&self, w: &Warp, arrived: u32, pc: u32, line: u32) -> Error {
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
                 barrier or exit (__syncthreads() in a branch only some threads take, the \
                 others going on to other work, hangs or misbehaves on a GPU)",
                arrived.count_ones(),
                w.live.count_ones()
            ),
        }
    }
}

/// Moves a warp released from a barrier past it.
pub(super) fn step_past_barrier(w: &mut Warp) {
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

impl Block<'_> {
    /// Completes the barriers for a count of the whole block (`bar.sync 0, blockDim`) that
    /// the block's live threads have all reached: such a count includes the warps that have
    /// exited, as a barrier without a count does. `true` when one completed.
    pub(super) fn free_counted_barriers(&mut self, warps: &[Warp]) -> bool {
        let exited = 32 * warps.iter().filter(|w| w.live == 0).count() as u32;
        let block_threads = self.threads.next_multiple_of(32);
        let mut freed = false;
        for bar in self.bars.iter_mut() {
            if bar.0 > 0 && bar.2 >= block_threads && bar.0 + exited >= bar.2 {
                *bar = (0, bar.1.wrapping_add(1), bar.2);
                freed = true;
            }
        }
        if freed {
            self.epoch += 1;
        }
        freed
    }
}

/// Releases every warp waiting at a barrier for the whole block, with the block-wide
/// result of a `bar.red`.
pub(super) fn release_block_barrier(warps: &mut [Warp]) {
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

#[cfg(test)]
mod tests {
    use crate::error::Error;
    use crate::sim::engine::{launch, load_ptx, Dims, Memory, DEFAULT_BUDGET};

    /// Runs `body` (one kernel `k()`, no parameters) in one block of `threads` threads.
    fn run(body: &str, threads: u32) -> crate::error::Result<()> {
        let text = format!(".version 8.0\n.target sm_80\n.address_size 64\n{body}");
        let mut mem = Memory::new();
        let m = load_ptx(&text, &mut mem)?;
        let dims = Dims {
            grid: [1, 1, 1],
            block: [threads, 1, 1],
            shared_dynamic: 0,
        };
        launch(&m, &mut mem, "k", dims, &[], DEFAULT_BUDGET).map(|_| ())
    }

    #[test]
    fn threads_that_exit_count_as_arrived() {
        // Part of a warp, then whole warps, branch to the end and return before the
        // barrier (the lanes at the barrier run first and wait for them); with and without
        // the block's count, and in a loop the lanes leave at different rounds.
        for bar in ["bar.sync 0;", "barrier.sync 0;", "bar.sync 1, 96;"] {
            let body = format!(
                ".visible .entry k() {{ .reg .pred %p<2>; .reg .b32 %r<2>; \
                 mov.u32 %r1, %tid.x; setp.ge.u32 %p1, %r1, 40; @%p1 bra END; {bar} \
                 END: ret; }}"
            );
            run(&body, 96).unwrap_or_else(|e| panic!("{bar}: {e}"));
        }
        let body = ".visible .entry k() { .reg .pred %p<2>; .reg .b32 %r<4>; \
             mov.u32 %r1, %tid.x; rem.u32 %r2, %r1, 5; mov.u32 %r3, 0; \
             LOOP: bar.sync 0; setp.ge.u32 %p1, %r3, %r2; @%p1 bra END; \
             add.u32 %r3, %r3, 1; bra.uni LOOP; END: ret; }";
        run(body, 64).unwrap();
    }

    #[test]
    fn lanes_at_two_barriers_or_skipping_one_by_guard_are_faults() {
        // Half a warp at one barrier, the other half at another: neither completes.
        let body = ".visible .entry k() { .reg .pred %p<2>; .reg .b32 %r<2>; \
             mov.u32 %r1, %tid.x; setp.lt.u32 %p1, %r1, 16; @!%p1 bra OTHER; bar.sync 0; \
             bra.uni END; OTHER: bar.sync 0; END: ret; }";
        let e = run(body, 32).unwrap_err();
        assert!(matches!(e, Error::KernelFault { .. }), "{e}");
        assert!(e.to_string().contains("16 of the warp's 32"), "{e}");
        // A false guard keeps half the warp from a barrier it stands at.
        let body = ".visible .entry k() { .reg .pred %p<2>; .reg .b32 %r<2>; \
             mov.u32 %r1, %tid.x; setp.lt.u32 %p1, %r1, 16; @%p1 bar.sync 0; ret; }";
        let e = run(body, 32).unwrap_err();
        assert!(e.to_string().contains("false predicate"), "{e}");
    }

    #[test]
    fn a_barrier_the_live_threads_cannot_complete_is_a_deadlock() {
        // Warp 0 waits for 64 threads at barrier 1; warp 1 has exited, warp 2 waits at
        // barrier 2 for 64: neither count can be reached.
        let body = ".visible .entry k() { .reg .pred %p<3>; .reg .b32 %r<2>; \
             mov.u32 %r1, %tid.x; setp.ge.u32 %p1, %r1, 64; setp.lt.u32 %p2, %r1, 32; \
             @%p2 bra FIRST; @%p1 bra THIRD; ret; \
             FIRST: bar.sync 1, 64; ret; THIRD: bar.sync 2, 64; ret; }";
        let e = run(body, 96).unwrap_err();
        let t = e.to_string();
        assert!(t.contains("deadlock") && t.contains("barrier 1"), "{t}");
    }
}
