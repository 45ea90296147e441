//! A block of warps and the dispatch loop: [`Block::run_warp`] picks the lanes that run
//! next, counts the instruction and hands it to its handler in its family's file
//! (`Block::dispatch`, generated from the IR's table, [`for_each_ir_op!`]).

use super::budget::INSTRUCTION_WORK_AT_LEAST;
use super::control::{At, Exec, Flow};
use super::counters::Stats;
use super::global::Global;
use super::probe::{count, Tables};
use super::warp_state::Warp;
use super::Block;
use super::{arith, bits, compare, control, convert, warp};
use crate::error::{Error, Result};
use crate::sim::engine::ir::*;
use crate::sim::engine::lower::KernelCode;

/// Whether `op` is a warp operation with a member mask (`shfl.sync`, `vote.sync`,
/// `match.sync`, `redux.sync`, `elect.sync`, `bar.warp.sync`), which a lane runs only
/// together with the warp's other lanes that reach it.
#[inline(always)]
fn waits_for_warp(op: &Op) -> bool {
    matches!(
        op,
        Op::Shfl(_) | Op::Vote(_) | Op::Match(_) | Op::Redux(_) | Op::Elect(_) | Op::WarpSync(_)
    )
}

impl Block<'_> {
    /// The fault of lane `l` of `w` at `ins`, saying what went wrong (`detail`).
    pub(super) fn fault(&self, w: &Warp, l: usize, ins: &Instr, detail: String) -> Error {
        Error::KernelFault {
            kernel: self.code.name.clone(),
            block: self.ctaid,
            thread: w.tid[l],
            line: ins.line,
            detail,
        }
    }

    /// Runs one warp until it waits at a barrier or every lane has exited (`Ok(None)`), or
    /// until its next instruction would take the thread-instruction count, with the work
    /// [`charged`](Self::charged) since, past `pause_at` (`Ok(Some((line, work)))`, the
    /// work that instruction costs: nothing of it is done, so the warp resumes where it
    /// stopped).
    ///
    /// Kept out of its callers: inlined into the launch's loops, its hot loop gets worse
    /// registers (about 2% more instructions on `sim_bench`).
    ///
    /// An instruction of fewer than [`INSTRUCTION_WORK_AT_LEAST`] threads costs that much
    /// work, as its time does.
    #[inline(never)]
    pub(super) fn run_warp<G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        stats: &mut Stats,
        pause_at: u64,
    ) -> Result<Option<(u32, u64)>> {
        let kc: &KernelCode = self.code;
        let code = &kc.code;
        // Another warp may have run since this one went through a chain's leader.
        self.run += 1;
        // Where the warp pauses, less the work charged beyond its instructions.
        let mut limit = pause_at.saturating_sub(self.charged);
        // The launch's work is this plus the thread-instructions as they grow (and what
        // is charged meanwhile).
        let work_base = stats.work.wrapping_sub(stats.thread_instructions);
        while w.live != 0 {
            // The lanes at the lowest program counter run; the rest wait for them.
            let (pc, mut mask) = w.next_group();
            let ins = &code[pc as usize];
            // In a diverged warp a `.sync` warp operation waits for the lanes still
            // elsewhere; nothing of it is counted until it runs.
            if w.uniform.is_none() && waits_for_warp(&ins.op) {
                match w.gather_at_sync(pc, mask) {
                    Some(all) => mask = all,
                    None => continue,
                }
            }
            let emask = w.guarded(ins.guard, mask);
            let threads = emask.count_ones() as u64;
            let extra = INSTRUCTION_WORK_AT_LEAST.saturating_sub(threads);
            if stats.thread_instructions + threads + extra > limit {
                return Ok(Some((ins.line, threads + extra)));
            }
            // (Warp instructions are the sites' executions, added up when the launch ends.)
            stats.thread_instructions += threads;
            if extra != 0 {
                self.charge(extra);
                limit = pause_at.saturating_sub(self.charged);
            }
            self.count_site(stats, w, pc, (emask, threads));
            let next = (pc + 1).min(code.len() as u32 - 1);
            let work = work_base.wrapping_add(stats.thread_instructions);
            let at = At {
                pc,
                mask,
                next,
                work,
            };
            let x = Exec {
                gmem: &mut *gmem,
                w: &mut *w,
                ins,
                at,
                m: emask,
            };
            match self.dispatch(x)? {
                Flow::Next => w.advance(mask, next),
                Flow::Jumped => {}
                Flow::Charged => limit = pause_at.saturating_sub(self.charged),
                Flow::Wait => return Ok(None),
            }
        }
        Ok(None)
    }

    /// Charges `work` to the launch on top of the instruction that did it (see
    /// [`charged`](Self::charged)).
    #[inline]
    pub(super) fn charge(&mut self, work: u64) {
        self.charged = self.charged.saturating_add(work);
    }

    /// Counts an execution of the instruction at `pc` in lanes `emask` (`threads` of
    /// them) at its site, and what its [`Probe`] says to count.
    #[inline(always)]
    fn count_site(&mut self, stats: &mut Stats, w: &Warp, pc: u32, (emask, threads): (u32, u64)) {
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
    }
}

/// Defines `Block::dispatch` from the IR's table ([`for_each_ir_op!`]): one arm per
/// operation, which calls its handler with that operation's operands.
macro_rules! define_dispatch {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident = $family:ident::$handler:ident, $shape:ident {
            $($(#[doc = $fdoc:literal])* $field:ident: $ty:ty),* $(,)?
        };
    )*) => {
        impl Block<'_> {
            /// Executes `x.ins` in lanes `x.m`.
            #[inline(always)]
            fn dispatch<G: Global>(&mut self, x: Exec<'_, G>) -> Result<Flow> {
                let ins = x.ins;
                match &ins.op {
                    $(Op::$name(op) => call_handler!($shape, self, x, $family::$handler, op),)*
                }
            }
        }
    };
}

/// A handler's call, by its shape: a `regs` handler takes the warp and the lanes and
/// leaves the program counters to the loop; a `block` handler is a method of [`Block`]
/// that takes the whole [`Exec`] and says what comes next.
macro_rules! call_handler {
    (regs, $block:ident, $x:ident, $family:ident::$handler:ident, $op:ident) => {{
        $family::$handler($x.w, $x.m, $op);
        Ok(Flow::Next)
    }};
    (block, $block:ident, $x:ident, $family:ident::$handler:ident, $op:ident) => {
        $block.$handler($x, $op)
    };
}

for_each_ir_op!(define_dispatch);
