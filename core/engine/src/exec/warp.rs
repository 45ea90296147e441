//! Warp-wide operations, where lanes see each other's values: `shfl.sync`, `vote.sync`,
//! `redux.sync`, `match.sync`, `elect.sync`, `bar.warp.sync` and `activemask`.
//!
//! The `.sync` forms name their lanes in a member mask. Before one runs, its mask is checked
//! as compute-sanitizer's synccheck would ([`Block::check_members`]): a lane that runs it
//! must be in its own mask, and every lane the mask names that has not exited must run it
//! together with that lane (the lanes gathered at it: `Warp::gather_at_sync`). On a GPU
//! either mistake is undefined behaviour: the warp hangs waiting for a lane that never
//! comes, or reads garbage. Exited lanes may be named (the PTX ISA has sm_70 and later wait
//! only for the non-exited ones); what a shuffle reads from one is undefined, and the
//! simulator gives what its registers last held.

use super::arith::width_mask;
use super::control::{At, Exec, Flow};
use super::global::Global;
use super::warp_state::{lanes, Warp};
use super::Block;
use crate::error::Result;
use crate::sim::engine::ir::*;

impl Block<'_> {
    /// Checks the member mask `member` of the warp operation `x.ins` in the lanes `x.m`
    /// that run it: each must be in its own mask, and the mask's lanes that have not exited
    /// must be among them. The fault names the instruction, the lane, its mask and the
    /// missing lanes with where they are.
    fn check_members<G: Global>(&self, x: &Exec<'_, G>, member: Src) -> Result<()> {
        let (w, m) = (&*x.w, x.m);
        for l in lanes(m) {
            let mask = w.get(member, l) as u32;
            if mask & (1 << l) == 0 {
                return Err(self.fault(
                    w,
                    l,
                    x.ins,
                    format!(
                        "`{}` in lane {l} with member mask {mask:#010x}, which does not name \
                         lane {l} itself (undefined behaviour on a GPU; name every lane that \
                         runs it, e.g. with __activemask())",
                        x.ins.text
                    ),
                ));
            }
            let missing = mask & w.live & !m;
            if missing != 0 {
                return Err(self.fault(
                    w,
                    l,
                    x.ins,
                    format!(
                        "`{}` in lane {l} with member mask {mask:#010x} names lanes that have \
                         not exited but do not run it with lane {l}: {} (on a GPU the warp \
                         waits for them for ever, or the result is undefined; name only the \
                         lanes that reach it together)",
                        x.ins.text,
                        self.whereabouts(w, x.at, missing)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// Where the lanes `missing` of `w` are, for a fault at the instruction `at`: at it
    /// with a false guard, or at another line.
    fn whereabouts(&self, w: &Warp, at: At, missing: u32) -> String {
        let mut places: Vec<(String, u32)> = Vec::new();
        for l in lanes(missing) {
            let place = match (w.uniform, at.mask & (1 << l) != 0) {
                (_, true) | (Some(_), false) => "at it, with a false guard".to_string(),
                (None, false) => {
                    let line = self.code.code.get(w.pc[l] as usize).map_or(0, |i| i.line);
                    format!("at line {line}")
                }
            };
            match places.iter_mut().find(|(p, _)| *p == place) {
                Some((_, lanes)) => *lanes |= 1 << l,
                None => places.push((place, 1 << l)),
            }
        }
        let parts: Vec<String> = places
            .iter()
            .map(|(place, m)| format!("lanes {} {place}", lane_list(*m)))
            .collect();
        parts.join("; ")
    }

    /// `shfl.sync` (`Op::Shfl`): the member mask checked, then the shuffle.
    #[inline(always)]
    pub(super) fn exec_shfl<G: Global>(&mut self, x: Exec<'_, G>, op: &Shfl) -> Result<Flow> {
        if let Some(member) = op.member {
            self.check_members(&x, member)?;
        }
        shfl(x.w, x.m, op);
        Ok(Flow::Next)
    }

    /// `vote.sync` (`Op::Vote`).
    #[inline(always)]
    pub(super) fn exec_vote<G: Global>(&mut self, x: Exec<'_, G>, op: &Vote) -> Result<Flow> {
        if let Some(member) = op.member {
            self.check_members(&x, member)?;
        }
        vote(x.w, x.m, op);
        Ok(Flow::Next)
    }

    /// `redux.sync` (`Op::Redux`).
    pub(super) fn exec_redux<G: Global>(&mut self, x: Exec<'_, G>, op: &Redux) -> Result<Flow> {
        self.check_members(&x, op.mask)?;
        redux(x.w, x.m, op);
        Ok(Flow::Next)
    }

    /// `match.sync` (`Op::Match`).
    pub(super) fn exec_match<G: Global>(&mut self, x: Exec<'_, G>, op: &Match) -> Result<Flow> {
        self.check_members(&x, op.member)?;
        match_lanes(x.w, x.m, op);
        Ok(Flow::Next)
    }

    /// `elect.sync` (`Op::Elect`).
    pub(super) fn exec_elect<G: Global>(&mut self, x: Exec<'_, G>, op: &Elect) -> Result<Flow> {
        self.check_members(&x, op.member)?;
        elect(x.w, x.m, op);
        Ok(Flow::Next)
    }

    /// `bar.warp.sync` (`Op::WarpSync`): the lanes have met (the dispatch gathered them);
    /// only the mask is left to check.
    pub(super) fn exec_warp_sync<G: Global>(
        &mut self,
        x: Exec<'_, G>,
        op: &WarpSync,
    ) -> Result<Flow> {
        self.check_members(&x, op.member)?;
        Ok(Flow::Next)
    }
}

/// The lanes of a mask as a short list: `0-15, 17, 20-31`.
fn lane_list(mask: u32) -> String {
    let mut parts = Vec::new();
    let mut l = 0u32;
    while l < 32 {
        if mask & (1 << l) == 0 {
            l += 1;
            continue;
        }
        let start = l;
        while l < 32 && mask & (1 << l) != 0 {
            l += 1;
        }
        parts.push(match l - 1 - start {
            0 => format!("{start}"),
            _ => format!("{start}-{}", l - 1),
        });
    }
    parts.join(", ")
}

/// The running lanes of lane `l`'s member mask (`m` where the operation has none).
#[inline(always)]
fn group(w: &Warp, member: Option<Src>, m: u32, l: usize) -> u32 {
    member.map_or(m, |s| w.get(s, l) as u32 & m)
}

/// The shuffle of `shfl.sync` (`Op::Shfl`) in lanes `m`.
#[inline(always)]
pub(super) fn shfl(w: &mut Warp, m: u32, op: &Shfl) {
    let Shfl {
        mode,
        d,
        p,
        a,
        b,
        c,
        ..
    } = *op;
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

/// The vote of `vote.sync` (`Op::Vote`) in lanes `m`: each lane over the running lanes of
/// its member mask.
#[inline(always)]
pub(super) fn vote(w: &mut Warp, m: u32, op: &Vote) {
    let Vote {
        mode,
        d,
        p,
        negate,
        member,
    } = *op;
    let mut ballot = 0u32;
    for l in lanes(m) {
        if (w.get(p, l) != 0) != negate {
            ballot |= 1 << l;
        }
    }
    let mut out = [0u64; 32];
    for l in lanes(m) {
        let g = group(w, member, m, l);
        let b = ballot & g;
        out[l] = match mode {
            VoteMode::Ballot => b as u64,
            VoteMode::All => (b == g) as u64,
            VoteMode::Any => (b != 0) as u64,
            VoteMode::Uni => (b == g || b == 0) as u64,
        };
    }
    w.blend(d, m, &out);
}

/// The reduction of `redux.sync` (`Op::Redux`) in lanes `m`.
pub(super) fn redux(w: &mut Warp, m: u32, op: &Redux) {
    let Redux {
        op,
        signed,
        d,
        a,
        mask,
    } = *op;
    let reduce = |w: &Warp, group: u32| -> u64 {
        let vals = lanes(group).map(|l| w.get(a, l) & 0xffff_ffff);
        let v = match (op, signed) {
            (BinOp::Add, _) => vals.fold(0u64, |s, x| s.wrapping_add(x)),
            (BinOp::Min, true) => vals.map(|x| x as u32 as i32).min().unwrap_or(0) as u32 as u64,
            (BinOp::Max, true) => vals.map(|x| x as u32 as i32).max().unwrap_or(0) as u32 as u64,
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

/// The comparison of `match.sync` (`Op::Match`) in lanes `m`: each lane among the running
/// lanes of its member mask.
pub(super) fn match_lanes(w: &mut Warp, m: u32, op: &Match) {
    let Match {
        all,
        bits,
        d,
        p,
        a,
        member,
    } = *op;
    let value = |w: &Warp, l: usize| w.get(a, l) & width_mask(bits);
    let (mut out_d, mut out_p) = ([0u64; 32], [0u64; 32]);
    for l in lanes(m) {
        let g = group(w, Some(member), m, l);
        let v = value(w, l);
        let same = lanes(g)
            .filter(|&k| value(w, k) == v)
            .fold(0u32, |s, k| s | 1 << k);
        let everywhere = same == g;
        out_d[l] = match (all, everywhere) {
            (true, true) => g as u64,
            (true, false) => 0,
            (false, _) => same as u64,
        };
        out_p[l] = everywhere as u64;
    }
    if let Some(d) = d {
        w.blend(d, m, &out_d);
    }
    if let Some(p) = p {
        w.blend(p, m, &out_p);
    }
}

/// The election of `elect.sync` (`Op::Elect`) in lanes `m`: the lowest running lane of
/// each lane's member mask.
pub(super) fn elect(w: &mut Warp, m: u32, op: &Elect) {
    let Elect { d, p, member } = *op;
    let mut leaders = [0u64; 32];
    for l in lanes(m) {
        leaders[l] = lanes(group(w, Some(member), m, l)).next().unwrap_or(l) as u64;
    }
    if let Some(d) = d {
        w.blend(d, m, &leaders);
    }
    if let Some(p) = p {
        let mut is = [0u64; 32];
        for l in lanes(m) {
            is[l] = (leaders[l] == l as u64) as u64;
        }
        w.blend(p, m, &is);
    }
}

/// `activemask` (`Op::ActiveMask`) in lanes `m`.
pub(super) fn exec_active_mask(w: &mut Warp, m: u32, op: &ActiveMask) {
    let ActiveMask { d } = *op;
    for l in lanes(m) {
        w.set(d, l, m as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::super::warp_state::{empty_warp, Warp, FULL};
    use super::{redux as exec_redux, shfl as exec_shfl, vote as exec_vote};
    use crate::sim::engine::ir::*;

    /// A warp whose register 0 holds each lane's number and register 1 ten times that.
    fn warp() -> Warp {
        let mut w = empty_warp();
        w.regs = vec![[0u64; 32]; 4];
        for l in 0..32 {
            w.regs[0][l] = l as u64;
            w.regs[1][l] = 10 * l as u64;
        }
        w
    }

    fn shfl(mode: ShflMode, b: u64, c: u64) -> Shfl {
        let (a, b, c) = (Src::Reg(1), Src::Imm(b), Src::Imm(c));
        Shfl {
            mode,
            d: 2,
            p: Some(3),
            a,
            b,
            c,
            member: None,
        }
    }

    #[test]
    fn shfl_reads_the_source_lane_or_keeps_its_own() {
        let mut w = warp();
        exec_shfl(&mut w, FULL, &shfl(ShflMode::Bfly, 1, 0x1f));
        assert_eq!((w.regs[2][0], w.regs[2][1]), (10, 0));
        exec_shfl(&mut w, FULL, &shfl(ShflMode::Down, 1, 0x1f));
        assert_eq!((w.regs[2][30], w.regs[3][30]), (310, 1));
        // Past the clamp: the lane keeps its own value and the predicate is false.
        assert_eq!((w.regs[2][31], w.regs[3][31]), (310, 0));
        exec_shfl(&mut w, FULL, &shfl(ShflMode::Up, 1, 0));
        assert_eq!((w.regs[2][0], w.regs[3][0]), (0, 0));
        assert_eq!(w.regs[2][5], 40);
        exec_shfl(&mut w, FULL, &shfl(ShflMode::Idx, 7, 0x1f));
        assert!(w.regs[2].iter().all(|&v| v == 70));
        // Segments of 8 lanes: `c` = (32 - 8) << 8 | 31.
        exec_shfl(&mut w, FULL, &shfl(ShflMode::Idx, 2, 0x181f));
        assert_eq!((w.regs[2][13], w.regs[2][31]), (100, 260));
    }

    #[test]
    fn vote_sees_only_the_active_lanes() {
        let mut w = warp();
        for l in 0..32 {
            w.regs[3][l] = (l % 2) as u64;
        }
        let vote = |mode, negate| Vote {
            mode,
            d: 2,
            p: Src::Reg(3),
            negate,
            member: None,
        };
        exec_vote(&mut w, FULL, &vote(VoteMode::Ballot, false));
        assert_eq!(w.regs[2][0], 0xaaaa_aaaa);
        exec_vote(&mut w, 0xaaaa_aaaa, &vote(VoteMode::All, false));
        assert_eq!(w.regs[2][1], 1);
        exec_vote(&mut w, FULL, &vote(VoteMode::All, false));
        assert_eq!(w.regs[2][1], 0);
        exec_vote(&mut w, FULL, &vote(VoteMode::Any, true));
        assert_eq!(w.regs[2][0], 1);
        exec_vote(&mut w, FULL, &vote(VoteMode::Uni, false));
        assert_eq!(w.regs[2][0], 0);
    }

    #[test]
    fn redux_reduces_over_each_lanes_member_mask() {
        let mut w = warp();
        let redux = |op, signed, mask| Redux {
            op,
            signed,
            d: 2,
            a: Src::Reg(0),
            mask,
        };
        exec_redux(
            &mut w,
            FULL,
            &redux(BinOp::Add, false, Src::Imm(FULL as u64)),
        );
        assert!(w.regs[2].iter().all(|&v| v == 496));
        w.regs[0][5] = 0xffff_ffff;
        exec_redux(
            &mut w,
            FULL,
            &redux(BinOp::Min, true, Src::Imm(FULL as u64)),
        );
        assert_eq!(w.regs[2][0], 0xffff_ffff);
        exec_redux(
            &mut w,
            FULL,
            &redux(BinOp::Min, false, Src::Imm(FULL as u64)),
        );
        assert_eq!(w.regs[2][0], 0);
        // Two groups: even and odd lanes.
        w.regs[0][5] = 5;
        for l in 0..32 {
            w.regs[1][l] = if l % 2 == 0 { 0x5555_5555 } else { 0xaaaa_aaaa };
        }
        exec_redux(&mut w, FULL, &redux(BinOp::Max, false, Src::Reg(1)));
        assert_eq!((w.regs[2][0], w.regs[2][1]), (30, 31));
    }

    #[test]
    fn vote_match_and_elect_work_within_each_lanes_member_mask() {
        let mut w = warp();
        // Two groups, lanes 0-15 and 16-31, each lane naming its own.
        for l in 0..32 {
            w.regs[3][l] = if l < 16 { 0x0000_ffff } else { 0xffff_0000 };
        }
        let halves = Some(Src::Reg(3));
        // Lanes 0-3 and 16 vote true.
        let mut p = [0u64; 32];
        for l in [0, 1, 2, 3, 16] {
            p[l] = 1;
        }
        w.regs[0] = p;
        let ballot = Vote {
            mode: VoteMode::Ballot,
            d: 2,
            p: Src::Reg(0),
            negate: false,
            member: halves,
        };
        exec_vote(&mut w, FULL, &ballot);
        assert_eq!((w.regs[2][5], w.regs[2][20]), (0xf, 0x1_0000));
        // `match.all` of a value the same within each half: each half's own mask.
        for l in 0..32 {
            w.regs[1][l] = (l / 16) as u64;
        }
        let all = Match {
            all: true,
            bits: 32,
            d: Some(2),
            p: None,
            a: Src::Reg(1),
            member: Src::Reg(3),
        };
        super::match_lanes(&mut w, FULL, &all);
        assert_eq!((w.regs[2][0], w.regs[2][31]), (0xffff, 0xffff_0000));
        let leader = Elect {
            d: Some(2),
            p: None,
            member: Src::Reg(3),
        };
        super::elect(&mut w, FULL, &leader);
        assert_eq!((w.regs[2][7], w.regs[2][30]), (0, 16));
        assert_eq!(super::lane_list(0xffff_0005), "0, 2, 16-31");
    }
}
