//! A block of warps and the dispatch loop: [`Block::run_warp`] picks the lanes that run
//! next, counts the instruction and hands it to its family ([`Block::step`] for control
//! flow and barriers, [`Block::exec`] for everything else).

use super::budget::{matrix_work, INSTRUCTION_WORK_AT_LEAST};
use super::control::{exec_exit, At, Flow};
use super::counters::Stats;
use super::global::Global;
use super::probe::{count, Tables};
use super::warp::Warp;
use super::Block;
use super::{arith, bits, convert, memory, warp_ops};
use crate::error::{Error, Result};
use crate::sim::engine::ir::*;
use crate::sim::engine::lower::KernelCode;

/// Whether `op` is a warp operation with a member mask (`shfl.sync`, `vote.sync`,
/// `match.sync`, `redux.sync`, `elect.sync`), which a lane runs only together with the
/// warp's other lanes that reach it.
#[inline(always)]
fn waits_for_warp(op: &Op) -> bool {
    matches!(
        op,
        Op::Shfl { .. } | Op::Vote { .. } | Op::Match { .. } | Op::Redux { .. } | Op::Elect { .. }
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
            match self.step(gmem, w, ins, At { pc, mask, next }, emask)? {
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

    /// Executes one instruction in lanes `emask`: control flow, barriers and the
    /// instructions that charge work beyond themselves here, the rest in
    /// [`exec`](Self::exec).
    #[inline(always)]
    fn step<G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        ins: &Instr,
        at: At,
        emask: u32,
    ) -> Result<Flow> {
        Ok(match ins.op {
            Op::Bra { target } => {
                self.exec_branch(w, at, emask, target);
                Flow::Jumped
            }
            Op::Call { .. } => {
                self.exec_call(w, ins, at, emask)?;
                Flow::Charged
            }
            Op::Return { .. } => {
                self.exec_return(w, ins, at, emask)?;
                Flow::Charged
            }
            Op::Runtime { .. } => {
                self.exec_runtime(gmem, w, ins, emask)?;
                w.advance(at.mask, at.next);
                Flow::Charged
            }
            Op::BulkCopy { .. } => {
                self.exec_bulk_copy(gmem, w, ins, emask)?;
                w.advance(at.mask, at.next);
                Flow::Charged
            }
            Op::Matrix(ref mi) => {
                self.exec_matrix(gmem, w, ins, emask)?;
                self.charge(matrix_work(&mi.op));
                w.advance(at.mask, at.next);
                Flow::Charged
            }
            Op::Exit => {
                exec_exit(w, at, emask);
                Flow::Jumped
            }
            Op::Bar { .. } => self.exec_bar(w, ins, at, emask)?,
            Op::Mbar { .. } => self.exec_mbar(gmem, w, ins, at, emask)?,
            Op::ClusterBar { .. } => self.exec_cluster_bar(w, ins, at, emask),
            _ => {
                self.exec(gmem, w, ins, emask)?;
                Flow::Next
            }
        })
    }

    /// Executes an instruction that leaves the program counters alone in lanes `m`: each
    /// op goes to its family's function.
    fn exec<G: Global>(&mut self, gmem: &mut G, w: &mut Warp, ins: &Instr, m: u32) -> Result<()> {
        let op = &ins.op;
        match *op {
            Op::Mov { .. } => arith::exec_mov(w, m, op),
            Op::Bin { .. } => arith::exec_bin(w, m, op),
            Op::Un { .. } => arith::exec_un(w, m, op),
            Op::Mad { .. } => arith::exec_mad(w, m, op),
            Op::Setp { .. } => arith::exec_setp(w, m, op),
            Op::Slct { .. } => arith::exec_slct(w, m, op),
            Op::Testp { .. } => arith::exec_testp(w, m, op),
            Op::Selp { .. } => arith::exec_selp(w, m, op),
            Op::Logic { .. } => arith::exec_logic(w, m, op),
            Op::Half { .. } => arith::exec_half(w, m, op),
            Op::Cvt { .. } => convert::exec_cvt(w, m, op),
            Op::CvtPair { .. } => convert::exec_cvt_pair(w, m, op),
            Op::Dp { .. } => bits::exec_dp(w, m, op),
            Op::Carry { .. } => bits::exec_carry(w, m, op),
            Op::Bfe { .. } => bits::exec_bfe(w, m, op),
            Op::Shf { .. } => bits::exec_shf(w, m, op),
            Op::Bfi { .. } => bits::exec_bfi(w, m, op),
            Op::Pack { .. } => bits::exec_pack(w, m, op),
            Op::Unpack { .. } => bits::exec_unpack(w, m, op),
            Op::Prmt { .. } => bits::exec_prmt(w, m, op),
            Op::Bfind { .. } => bits::exec_bfind(w, m, op),
            Op::Bmsk { .. } => bits::exec_bmsk(w, m, op),
            Op::Cvta { .. } => memory::exec_cvta(w, m, op),
            Op::Ld { ty, ref d, addr } => self.exec_ld(gmem, w, ins, m, (ty, d, addr))?,
            Op::St { ty, ref s, addr } => self.exec_st(gmem, w, ins, m, (ty, s, addr))?,
            Op::Atom { .. } => self.exec_atom(gmem, w, ins, m)?,
            Op::CpAsync { .. } => self.exec_cp_async(gmem, w, ins, m)?,
            Op::Shfl { .. } => warp_ops::exec_shfl(w, m, op),
            Op::Vote { .. } => warp_ops::exec_vote(w, m, op),
            Op::Redux { .. } => warp_ops::exec_redux(w, m, op),
            Op::Match { .. } => warp_ops::exec_match(w, m, op),
            Op::Elect { .. } => warp_ops::exec_elect(w, m, op),
            Op::ActiveMask { .. } => warp_ops::exec_active_mask(w, m, op),
            Op::Tex { .. } => self.exec_tex(gmem, w, ins, m)?,
            Op::SurfLd { .. } => self.exec_surf_ld(gmem, w, ins, m)?,
            Op::SurfSt { .. } => self.exec_surf_st(gmem, w, ins, m)?,
            Op::Dsmem { .. } => self.exec_dsmem(w, ins, m)?,
            Op::Trap => return Err(self.trap(w, ins, m)),
            Op::Fence => gmem.fence(),
            // Control flow, barriers and what charges work: `step`'s.
            Op::Nop
            | Op::Runtime { .. }
            | Op::BulkCopy { .. }
            | Op::Matrix(_)
            | Op::Bra { .. }
            | Op::Exit
            | Op::Bar { .. }
            | Op::Mbar { .. }
            | Op::ClusterBar { .. }
            | Op::Call { .. }
            | Op::Return { .. } => {}
        }
        Ok(())
    }
}
