//! Warp-wide operations, where lanes see each other's values: `shfl.sync`, `vote.sync`,
//! `redux.sync`, `match.sync`, `elect.sync` and `activemask`.

use super::arith::width_mask;
use super::warp_state::{lanes, Warp};
use crate::sim::engine::ir::*;

/// `shfl.sync` (`Op::Shfl`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_shfl(w: &mut Warp, m: u32, op: &Shfl) {
    let Shfl {
        mode,
        d,
        p,
        a,
        b,
        c,
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

/// `vote.sync` (`Op::Vote`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_vote(w: &mut Warp, m: u32, op: &Vote) {
    let Vote { mode, d, p, negate } = *op;
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

/// `redux.sync` (`Op::Redux`) in lanes `m`.
pub(super) fn exec_redux(w: &mut Warp, m: u32, op: &Redux) {
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

/// `match.sync` (`Op::Match`) in lanes `m`.
pub(super) fn exec_match(w: &mut Warp, m: u32, op: &Match) {
    let Match { all, bits, d, p, a } = *op;
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

/// `elect.sync` (`Op::Elect`) in lanes `m`.
pub(super) fn exec_elect(w: &mut Warp, m: u32, op: &Elect) {
    let Elect { d, p } = *op;
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
    use super::{exec_redux, exec_shfl, exec_vote};
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
}
