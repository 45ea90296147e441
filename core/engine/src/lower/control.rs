//! Control flow and synchronisation: branches, returns, runtime calls (`printf`,
//! `malloc`, ...), block barriers, `mbarrier` objects, fences.

use super::calls::call_target;
use super::opcode::Opcode;
use super::operands::{pick, Ins};
use super::{unsupported, Lowerer};
use crate::error::Result;
use crate::image::ptx::ast::Operand;
use crate::sim::engine::ir::*;

impl Lowerer<'_> {
    /// Lowers an instruction of [`Family::Control`](super::opcode::Family::Control).
    pub(super) fn control(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        Ok(match opcode {
            Opcode::Bra => {
                x.need(1)?;
                let Operand::Name(l) = &o[0] else {
                    return Err(unsupported(line, "an indirect branch"));
                };
                // Resolved once all code (inlined calls included) is emitted.
                self.fixups
                    .push((self.code.len(), format!("{}{l}", self.prefix), line));
                Op::Bra(Bra { target: 0 })
            }
            // `__syncwarp(mask)`: the lanes of the mask wait for each other.
            Opcode::Bar | Opcode::Barrier if x.has("warp") => {
                x.need(1)?;
                Op::WarpSync(WarpSync {
                    member: self.src(&x.o()[0], Ty::U(4), line)?,
                })
            }
            Opcode::Barrier if x.has("cluster") => self.cluster_barrier(x)?,
            Opcode::Bar | Opcode::Barrier => self.barrier(x)?,
            Opcode::Mbarrier => self.mbarrier(x)?,
            Opcode::Call => self.runtime_call(x)?,
            Opcode::Ret if self.ret_label.is_some() => {
                let label = self.ret_label.clone().unwrap_or_default();
                self.fixups.push((self.code.len(), label, line));
                Op::Bra(Bra { target: 0 })
            }
            Opcode::Ret if self.in_recursive.is_some() => {
                if let Some(r) = self.in_recursive {
                    self.recursive[r].uses.push(self.code.len());
                }
                Op::Return(Return {
                    frame: Frame::default(),
                })
            }
            Opcode::Ret | Opcode::Exit => Op::Exit(Exit {}),
            Opcode::Trap => Op::Trap(Trap {}),
            Opcode::Membar | Opcode::Fence => Op::Fence(Fence {}),
            Opcode::Nanosleep => Op::Nop(Nop {}),
            // Programmatic dependent launch: `.wait` waits for the grids this one depends on
            // and sees their memory; `.launch_dependents` lets the next grid start early. The
            // simulator runs a launch only after the one before it has ended (its workers
            // joined), so the wait is already over and nothing starts early.
            Opcode::Griddepcontrol if x.has("wait") || x.has("launch_dependents") => {
                Op::Nop(Nop {})
            }
            _ => return Err(x.refused()),
        })
    }

    /// `bar.sync a{, b}`, `bar.arrive a, b`, `bar.red.op d, a{, b}, {!}c` (and `barrier`).
    fn barrier(&mut self, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        let (red, ids) = if x.has("red") {
            let op = pick(
                &x.mods,
                &[
                    ("popc", BarRedOp::Popc),
                    ("and", BarRedOp::And),
                    ("or", BarRedOp::Or),
                ],
            )
            .ok_or_else(|| x.refused())?;
            x.need(3)?;
            let d = self.dst(&o[0], line)?;
            let last = &o[o.len() - 1];
            let (negate, p) = match last {
                Operand::Not(p) => (true, p.as_ref()),
                p => (false, p),
            };
            let p = self.src(p, Ty::Pred, line)?;
            let red = BarRed { op, d, p, negate };
            (Some(red), &o[1..o.len() - 1])
        } else {
            (None, o)
        };
        let id = match ids.first() {
            None => Src::Imm(0),
            Some(Operand::Int(id)) if (0..16).contains(id) => Src::Imm(*id as u64),
            Some(Operand::Int(id)) => {
                return Err(unsupported(line, format!("barrier number {id} (0 to 15)")));
            }
            Some(other) => self.src(other, Ty::U(4), line)?,
        };
        let count = match ids.get(1) {
            Some(c) => Some(self.src(c, Ty::U(4), line)?),
            None => None,
        };
        let arrive = x.has("arrive");
        if arrive && (count.is_none() || red.is_some()) {
            return Err(unsupported(line, "`bar.arrive` without a thread count"));
        }
        Ok(Op::Bar(Bar {
            id,
            count,
            arrive,
            red,
        }))
    }

    /// A call to a function the engine carries out itself (`printf`, `assert`, `malloc`,
    /// `free`): one instruction.
    fn runtime_call(&mut self, x: &Ins) -> Result<Op> {
        let (i, line) = (x.i, x.line);
        let name = call_target(i).unwrap_or_default();
        let Some((func, n_args, n_rets)) = RuntimeFn::named(name) else {
            return Err(x.refused());
        };
        let lists: Vec<&Vec<Operand>> = i
            .operands
            .iter()
            .filter_map(|o| match o {
                Operand::List(l) => Some(l),
                _ => None,
            })
            .collect();
        let (rets, args): (&[Operand], &[Operand]) = match lists[..] {
            [r, a] => (r, a),
            [a] if !matches!(i.operands.first(), Some(Operand::List(_))) => (&[], a),
            [r] => (r, &[]),
            _ => (&[], &[]),
        };
        if args.len() != n_args || rets.len() > n_rets {
            return Err(unsupported(
                line,
                format!("a call to `{name}` with {} arguments", args.len()),
            ));
        }
        let mut reg = |o: &Operand| -> Result<u32> {
            match o {
                Operand::Name(n) => Ok(self.param_reg(n).unwrap_or_else(|| self.reg(n))),
                other => Err(unsupported(line, format!("the call argument {other:?}"))),
            }
        };
        let args = args.iter().map(&mut reg).collect::<Result<Vec<_>>>()?;
        let ret = rets.first().map(&mut reg).transpose()?;
        Ok(Op::Runtime(Runtime { func, args, ret }))
    }

    /// `mbarrier.init/arrive/arrive_drop/expect_tx/complete_tx/test_wait/try_wait/
    /// pending_count/inval`.
    fn mbarrier(&mut self, x: &Ins) -> Result<Op> {
        let (o, line, mods, space) = (x.o(), x.line, &x.mods, x.space());
        let has = |m: &str| x.has(m);
        let what = mods.first().copied().unwrap_or("");
        let bad = |n: usize| -> Result<()> {
            if o.len() < n {
                Err(unsupported(
                    line,
                    format!("`mbarrier.{what}` with {} operands", o.len()),
                ))
            } else {
                Ok(())
            }
        };
        let space = match space {
            MemSpace::Shared | MemSpace::Generic => space,
            _ => {
                return Err(unsupported(
                    line,
                    format!("`mbarrier.{what}` outside shared memory"),
                ))
            }
        };
        let sink_or_dst = |s: &mut Self, op: &Operand| -> Result<Option<u32>> {
            match op {
                Operand::Sink => Ok(None),
                op => s.dst(op, line).map(Some),
            }
        };
        let u64t = Ty::U(8);
        Ok(match what {
            "init" => {
                bad(2)?;
                Op::Mbar(Mbar {
                    op: MbarOp::Init,
                    d: None,
                    addr: self.addr(&o[0], space, line)?,
                    a: Some(self.src(&o[1], Ty::U(4), line)?),
                })
            }
            "arrive" | "arrive_drop" => {
                bad(2)?;
                let d = sink_or_dst(self, &o[0])?;
                let addr = self.addr(&o[1], space, line)?;
                let a = match o.get(2) {
                    Some(x) => self.src(x, Ty::U(4), line)?,
                    None => Src::Imm(1),
                };
                Op::Mbar(Mbar {
                    op: MbarOp::Arrive {
                        drop: what == "arrive_drop",
                        no_complete: has("noComplete"),
                        expect_tx: has("expect_tx"),
                    },
                    d,
                    addr,
                    a: Some(a),
                })
            }
            "expect_tx" | "complete_tx" => {
                bad(2)?;
                Op::Mbar(Mbar {
                    op: if what == "expect_tx" {
                        MbarOp::ExpectTx
                    } else {
                        MbarOp::CompleteTx
                    },
                    d: None,
                    addr: self.addr(&o[0], space, line)?,
                    a: Some(self.src(&o[1], Ty::U(4), line)?),
                })
            }
            "test_wait" | "try_wait" => {
                bad(3)?;
                let d = sink_or_dst(self, &o[0])?;
                Op::Mbar(Mbar {
                    op: MbarOp::Wait {
                        parity: has("parity"),
                    },
                    d,
                    addr: self.addr(&o[1], space, line)?,
                    a: Some(self.src(&o[2], u64t, line)?),
                })
            }
            "pending_count" => {
                bad(2)?;
                let d = self.dst(&o[0], line)?;
                Op::Mbar(Mbar {
                    op: MbarOp::PendingCount,
                    d: Some(d),
                    addr: Addr {
                        space: MemSpace::Shared,
                        base: Src::Imm(0),
                        offset: 0,
                    },
                    a: Some(self.src(&o[1], u64t, line)?),
                })
            }
            "inval" => {
                bad(1)?;
                Op::Mbar(Mbar {
                    op: MbarOp::Inval,
                    d: None,
                    addr: self.addr(&o[0], space, line)?,
                    a: None,
                })
            }
            other => return Err(unsupported(line, format!("`mbarrier.{other}`"))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower, op, r, refusal, reg};
    use crate::sim::engine::ir::*;

    #[test]
    fn an_unknown_opcode_is_refused_by_name() {
        assert_eq!(
            refusal("frobnicate.b32 %r1, %r2;"),
            "kernel `k`: the simulator does not support `frobnicate` (PTX line 13)"
        );
        assert_eq!(
            refusal("frobnicate.f16 %h1, %h2;"),
            "kernel `k`: the simulator does not support `frobnicate` on half precision \
             (f16/bf16) (PTX line 13)"
        );
    }

    #[test]
    fn a_branch_reaches_its_label() {
        let code = lower("bra.uni DONE;\nadd.s32 %r1, %r1, 1;\nDONE:\n@%p1 bra DONE;").unwrap();
        assert_eq!(code[0].op, Op::Bra(Bra { target: 2 }));
        assert_eq!(code[2].op, Op::Bra(Bra { target: 2 }));
        assert_eq!(code[2].guard, Some((r(1), false)));
        assert!(refusal("bra NOWHERE;").contains("the label `NOWHERE`"));
        // A register is no label (PTX has no indirect `bra` to a register).
        assert!(refusal("bra %r1;").contains("the label `%r1`"));
    }

    #[test]
    fn a_kernel_returns_by_exiting() {
        for (text, want) in [
            ("ret;", Op::Exit(Exit {})),
            ("exit;", Op::Exit(Exit {})),
            ("trap;", Op::Trap(Trap {})),
            ("membar.gl;", Op::Fence(Fence {})),
            ("fence.acq_rel.gpu;", Op::Fence(Fence {})),
            ("nanosleep.u32 100;", Op::Nop(Nop {})),
            ("griddepcontrol.wait;", Op::Nop(Nop {})),
            ("griddepcontrol.launch_dependents;", Op::Nop(Nop {})),
            (
                "bar.warp.sync -1;",
                Op::WarpSync(WarpSync {
                    member: Src::Imm(u64::MAX),
                }),
            ),
        ] {
            assert_eq!(op(text), want, "{text}");
        }
    }

    #[test]
    fn block_barriers_take_a_number_below_16_and_a_count() {
        assert_eq!(
            op("bar.sync 0;"),
            Op::Bar(Bar {
                id: Src::Imm(0),
                count: None,
                arrive: false,
                red: None,
            })
        );
        assert_eq!(
            op("barrier.arrive %r1, 64;"),
            Op::Bar(Bar {
                id: reg(0),
                count: Some(Src::Imm(64)),
                arrive: true,
                red: None,
            })
        );
        assert!(refusal("bar.sync 16;").contains("barrier number 16 (0 to 15)"));
        assert!(refusal("bar.arrive 1;").contains("`bar.arrive` without a thread count"));
    }

    #[test]
    fn a_barrier_reduction_reads_its_negated_predicate() {
        assert_eq!(
            op("bar.red.popc.u32 %r1, 0, !%p1;"),
            Op::Bar(Bar {
                id: Src::Imm(0),
                count: None,
                arrive: false,
                red: Some(BarRed {
                    op: BarRedOp::Popc,
                    d: r(0),
                    p: reg(1),
                    negate: true,
                }),
            })
        );
        assert!(refusal("bar.red.xor.pred %p1, 0, %p2;").contains("`bar`"));
    }

    #[test]
    fn mbarriers_live_in_shared_memory() {
        assert_eq!(
            op("mbarrier.init.shared::cta.b64 [sm], 32;"),
            Op::Mbar(Mbar {
                op: MbarOp::Init,
                d: None,
                addr: Addr {
                    space: MemSpace::Shared,
                    base: Src::Imm(0),
                    offset: 0,
                },
                a: Some(Src::Imm(32)),
            })
        );
        let Op::Mbar(Mbar { op: o, d, .. }) =
            op("mbarrier.try_wait.parity.shared.b64 %p1, [sm], %r1;")
        else {
            panic!()
        };
        assert_eq!((o, d), (MbarOp::Wait { parity: true }, Some(r(0))));
        assert!(refusal("mbarrier.init.global.b64 [%rd1], 32;")
            .contains("`mbarrier.init` outside shared memory"));
        assert!(refusal("mbarrier.frob.shared.b64 [sm];").contains("`mbarrier.frob`"));
        assert!(
            refusal("mbarrier.init.shared.b64 [sm];").contains("`mbarrier.init` with 1 operands")
        );
    }
}
