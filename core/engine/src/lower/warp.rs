//! Warp-wide operations: `shfl`, `vote`, `redux`, `match`, `elect`, `activemask`.

use super::opcode::Opcode;
use super::operands::{pick, Ins};
use super::Lowerer;
use crate::error::Result;
use crate::image::ptx::ast::Operand;
use crate::sim::engine::ir::*;

impl Lowerer<'_> {
    /// Lowers an instruction of [`Family::Warp`](super::opcode::Family::Warp).
    pub(super) fn warp(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line, has) = (x.o(), x.line, |m: &str| x.has(m));
        let b32 = Ty::U(4);
        // The member mask, the operand after the others in the `.sync` forms; where it may
        // be left out (`redux`, `match`, `elect` name it always), every lane.
        let member = |s: &mut Self, k: usize| -> Result<Option<Src>> {
            match o.get(k) {
                Some(m) if has("sync") => s.src(m, b32, line).map(Some),
                _ => Ok(None),
            }
        };
        let every = Src::Imm(0xffff_ffff);
        Ok(match opcode {
            Opcode::Shfl => {
                x.need(4)?;
                let mode = pick(
                    &x.mods,
                    &[
                        ("up", ShflMode::Up),
                        ("down", ShflMode::Down),
                        ("bfly", ShflMode::Bfly),
                    ],
                )
                .unwrap_or(ShflMode::Idx);
                let (d, p) = match &o[0] {
                    Operand::Pair(a, b) => {
                        let d = self.dst(a, line)?;
                        (d, Some(self.dst(b, line)?))
                    }
                    x => (self.dst(x, line)?, None),
                };
                Op::Shfl(Shfl {
                    mode,
                    d,
                    p,
                    a: self.src(&o[1], b32, line)?,
                    b: self.src(&o[2], b32, line)?,
                    c: self.src(&o[3], b32, line)?,
                    member: member(self, 4)?,
                })
            }
            Opcode::Vote => {
                x.need(2)?;
                let mode = pick(
                    &x.mods,
                    &[
                        ("all", VoteMode::All),
                        ("any", VoteMode::Any),
                        ("uni", VoteMode::Uni),
                    ],
                )
                .unwrap_or(VoteMode::Ballot);
                let d = self.dst(&o[0], line)?;
                let (negate, p) = match &o[1] {
                    Operand::Not(p) => (true, p.as_ref()),
                    p => (false, p),
                };
                Op::Vote(Vote {
                    mode,
                    d,
                    p: self.src(p, Ty::Pred, line)?,
                    negate,
                    member: member(self, 2)?,
                })
            }
            Opcode::Redux => {
                x.need(2)?;
                let op = pick(
                    &x.mods,
                    &[
                        ("add", BinOp::Add),
                        ("min", BinOp::Min),
                        ("max", BinOp::Max),
                        ("and", BinOp::And),
                        ("or", BinOp::Or),
                        ("xor", BinOp::Xor),
                    ],
                )
                .ok_or_else(|| x.refused())?;
                if has("f32") || has("abs") || has("NaN") {
                    return Err(x.refused());
                }
                let d = self.dst(&o[0], line)?;
                Op::Redux(Redux {
                    op,
                    signed: has("s32"),
                    d,
                    a: self.src(&o[1], b32, line)?,
                    mask: member(self, 2)?.unwrap_or(every),
                })
            }
            Opcode::Match => {
                x.need(2)?;
                let all = has("all");
                if all == has("any") {
                    return Err(x.refused());
                }
                let (d, p) = self.dst_pair(&o[0], line)?;
                let bits = if has("b64") { 64 } else { 32 };
                Op::Match(Match {
                    all,
                    bits,
                    d,
                    p,
                    a: self.src(&o[1], Ty::U(bits as u8 / 8), line)?,
                    member: member(self, 2)?.unwrap_or(every),
                })
            }
            Opcode::Elect => {
                x.need(1)?;
                let (d, p) = self.dst_pair(&o[0], line)?;
                Op::Elect(Elect {
                    d,
                    p,
                    member: member(self, 1)?.unwrap_or(every),
                })
            }
            Opcode::Activemask => {
                x.need(1)?;
                Op::ActiveMask(ActiveMask {
                    d: self.dst(&o[0], line)?,
                })
            }
            _ => return Err(x.refused()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{op, r, refusal, reg};
    use crate::sim::engine::ir::*;

    #[test]
    fn shfl_reads_its_mode_and_optional_predicate() {
        assert_eq!(
            op("shfl.sync.bfly.b32 %r1|%p1, %r2, 1, 31, -1;"),
            Op::Shfl(Shfl {
                mode: ShflMode::Bfly,
                d: r(0),
                p: Some(r(1)),
                a: reg(2),
                b: Src::Imm(1),
                c: Src::Imm(31),
                member: Some(Src::Imm(u64::MAX)),
            })
        );
        let Op::Shfl(Shfl { mode, p, .. }) = op("shfl.sync.idx.b32 %r1, %r2, 0, 31, -1;") else {
            panic!()
        };
        assert_eq!((mode, p), (ShflMode::Idx, None));
        assert!(refusal("shfl.sync.up.b32 %r1, %r2, 1;").contains("`shfl` with 3 operands"));
    }

    #[test]
    fn vote_reads_a_negated_predicate() {
        assert_eq!(
            op("vote.sync.ballot.b32 %r1, !%p1, -1;"),
            Op::Vote(Vote {
                mode: VoteMode::Ballot,
                d: r(0),
                p: reg(1),
                negate: true,
                member: Some(Src::Imm(u64::MAX)),
            })
        );
        // The form of sm_6x has no member mask.
        let Op::Vote(Vote { member, .. }) = op("vote.any.pred %p1, %p2;") else {
            panic!()
        };
        assert_eq!(member, None);
    }

    #[test]
    fn redux_is_integer_only() {
        let Op::Redux(Redux {
            op: o,
            signed,
            mask,
            ..
        }) = op("redux.sync.min.s32 %r1, %r2, 0xff;")
        else {
            panic!()
        };
        assert_eq!((o, signed, mask), (BinOp::Min, true, Src::Imm(0xff)));
        assert!(refusal("redux.sync.min.f32 %f1, %f2, -1;").contains("`redux`"));
        assert!(refusal("redux.sync.mul.u32 %r1, %r2, -1;").contains("`redux`"));
    }

    #[test]
    fn match_needs_any_or_all() {
        let Op::Match(Match { all, bits, p, .. }) = op("match.all.sync.b64 %r1|%p1, %rd1, -1;")
        else {
            panic!()
        };
        assert_eq!((all, bits, p), (true, 64, Some(r(1))));
        assert!(refusal("match.sync.b32 %r1, %r2, -1;").contains("`match`"));
        assert_eq!(
            op("elect.sync _|%p1, -1;"),
            Op::Elect(Elect {
                d: None,
                p: Some(r(0)),
                member: Src::Imm(u64::MAX),
            })
        );
        assert_eq!(
            op("activemask.b32 %r1;"),
            Op::ActiveMask(ActiveMask { d: r(0) })
        );
    }
}
