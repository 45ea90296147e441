//! Control flow: branches and divergence (`bra`), `exit`, real calls and returns with
//! their frames (`call`, `ret`), `trap`, `fence` and the operations that do nothing; and
//! what a handler of the `block` shape gets, [`Exec`] (the instruction and where it runs),
//! and returns, [`Flow`] (what the dispatch loop does with the warp next).

use super::budget::BYTES_PER_WORK;
use super::global::Global;
use super::warp_state::{lanes, Warp};
use super::Block;
use crate::error::Result;
use crate::sim::engine::ir::*;

/// What an instruction did to its warp's program counters.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Flow {
    /// Nothing: the lanes that ran it go on to the next instruction.
    Next,
    /// The instruction moved the lanes itself.
    Jumped,
    /// The instruction moved the lanes itself and charged work beyond its threads (see
    /// [`Block::charge`]): the warp's pause point comes closer.
    Charged,
    /// The warp stops here (a barrier, an incomplete `mbarrier` phase) and lets the
    /// block's other warps run.
    Wait,
}

/// Where and when an instruction runs: its program counter, the lanes at it (before its
/// guard), the instruction after it, and the launch's work as the instruction runs (itself
/// included, less the work [`Block::charge`]d since its warp last paused).
#[derive(Clone, Copy)]
pub(super) struct At {
    pub(super) pc: u32,
    pub(super) mask: u32,
    pub(super) next: u32,
    pub(super) work: u64,
}

/// One instruction as its handler receives it beside its operands: global memory, the
/// warp, the instruction (its line and text, for faults), where it runs and the lanes `m`
/// that run it (those at it whose guard holds).
pub(super) struct Exec<'e, G> {
    pub(super) gmem: &'e mut G,
    pub(super) w: &'e mut Warp,
    pub(super) ins: &'e Instr,
    pub(super) at: At,
    pub(super) m: u32,
}

/// Bytes of call frames (return address, saved registers and local memory) one thread may
/// hold in nested real calls. A GPU's default stack is 1 KiB per thread
/// (`cudaLimitStackSize`), raised by programs that recurse deeply; the simulator allows
/// this much before it calls the recursion runaway.
pub const STACK_BYTES: usize = 256 << 10;

/// Moves lanes `m` (those in `mask` the instruction ran in) to `to(lane)` and the rest of
/// `mask` to `next`, keeping the warp uniform when every lane goes to one place.
#[inline]
pub(super) fn jump(w: &mut Warp, mask: u32, m: u32, pc: u32, next: u32, to: impl Fn(usize) -> u32) {
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

/// Nothing (`Op::Nop`: `nanosleep`, `bar.warp.sync`, ...).
#[inline(always)]
pub(super) fn exec_nop(_: &mut Warp, _: u32, _: &Nop) {}

impl Block<'_> {
    /// `exit` in lanes `emask` (`Op::Exit`).
    #[inline(always)]
    pub(super) fn exec_exit<G: Global>(&mut self, x: Exec<'_, G>, _: &Exit) -> Result<Flow> {
        let Exec {
            w,
            at: At { mask, next, .. },
            m: emask,
            ..
        } = x;
        w.live &= !emask;
        if w.uniform.is_some() {
            w.uniform = Some(next);
        } else {
            for l in lanes(mask & !emask) {
                w.pc[l] = next;
            }
        }
        Ok(Flow::Jumped)
    }

    /// `membar` and `fence` (`Op::Fence`): global memory's fence (see [`Global::fence`]).
    #[inline(always)]
    pub(super) fn exec_fence<G: Global>(&mut self, x: Exec<'_, G>, _: &Fence) -> Result<Flow> {
        x.gmem.fence();
        Ok(Flow::Next)
    }

    /// `bra` to `target` in lanes `emask` (`Op::Bra`): the warp diverges when only some of
    /// its lanes at the branch take it.
    #[inline(always)]
    pub(super) fn exec_branch<G: Global>(&mut self, x: Exec<'_, G>, op: &Bra) -> Result<Flow> {
        let Exec {
            w,
            at: At { pc, mask, next, .. },
            m: emask,
            ..
        } = x;
        let Bra { target } = *op;
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
        Ok(Flow::Jumped)
    }

    /// `call` (`Op::Call`) in lanes `emask`.
    #[inline(never)]
    pub(super) fn exec_call<G: Global>(&mut self, x: Exec<'_, G>, op: &Call) -> Result<Flow> {
        let Exec {
            w,
            ins,
            at,
            m: emask,
            ..
        } = x;
        let Call {
            target,
            ref args,
            ref frame,
        } = *op;
        if emask != 0 {
            self.call(w, ins, emask, at.pc + 1, args, frame)?;
        }
        jump(w, at.mask, emask, at.pc, at.next, |_| target);
        Ok(Flow::Charged)
    }

    /// `ret` (`Op::Return`) in lanes `emask`: each goes back to its own caller.
    #[inline(never)]
    pub(super) fn exec_return<G: Global>(&mut self, x: Exec<'_, G>, op: &Return) -> Result<Flow> {
        let Exec {
            w,
            ins,
            at,
            m: emask,
            ..
        } = x;
        let Return { ref frame } = *op;
        let mut back = [0u32; 32];
        for l in lanes(emask) {
            back[l] = self.ret(w, ins, l, frame)?;
        }
        jump(w, at.mask, emask, at.pc, at.next, |l| back[l]);
        Ok(Flow::Charged)
    }

    /// A real call in lanes `m`: each pushes a frame (return address, the callee's
    /// registers and local bytes), then takes the arguments in the callee's registers.
    pub(super) fn call(
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
            // Saving the frame copies its bytes (and restoring them at the return).
            self.charge(bytes as u64 / BYTES_PER_WORK);
            let regs = frame.save.iter().map(|&r| w.regs[r as usize][l]).collect();
            if len > 0 {
                w.local_mut(l, self.code.local_bytes);
            }
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
    pub(super) fn ret(
        &mut self,
        w: &mut Warp,
        ins: &Instr,
        l: usize,
        frame: &Frame,
    ) -> Result<u32> {
        let Some((back, regs, local)) = w.stack[l].pop() else {
            return Err(self.fault(w, l, ins, "a return with no call to return to".into()));
        };
        let bytes = 8 + 8 * regs.len() + local.len();
        w.stack_bytes[l] -= bytes;
        self.charge(bytes as u64 / BYTES_PER_WORK);
        for (&r, v) in frame.save.iter().zip(regs) {
            w.regs[r as usize][l] = v;
        }
        let at = frame.local.0 as usize;
        if let Some(dst) = w.local[l].get_mut(at..at + local.len()) {
            dst.copy_from_slice(&local);
        }
        Ok(back)
    }

    /// `trap` (`Op::Trap`) in lanes `m`: the launch fails.
    #[cold]
    pub(super) fn exec_trap<G: Global>(&mut self, x: Exec<'_, G>, _: &Trap) -> Result<Flow> {
        let Exec { w, ins, m, .. } = x;
        let l = lanes(m).next().unwrap_or(0);
        Err(self.fault(
            w,
            l,
            ins,
            "the kernel executed `trap` (__trap()); on a GPU the launch fails with \
             cudaErrorLaunchFailure"
                .into(),
        ))
    }
}
