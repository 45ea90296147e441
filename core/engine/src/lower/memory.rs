//! Memory: `ld`, `ldu`, `st` (a call parameter held in a register is a move),
//! `atom`/`red` (half-precision addition included), and the asynchronous copies
//! (`cp.async`, `cp.async.bulk`), done when issued.

use super::opcode::Opcode;
use super::operands::{pick, Ins};
use super::{unsupported, Lowerer};
use crate::error::Result;
use crate::image::ptx::ast::Operand;
use crate::sim::engine::ir::*;

impl Lowerer<'_> {
    /// Lowers an instruction of [`Family::Memory`](super::opcode::Family::Memory).
    pub(super) fn memory(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        let space = x.space();
        Ok(match opcode {
            Opcode::Ld | Opcode::St
                if space == MemSpace::Param && self.param_operand(opcode, x.i).is_some() =>
            {
                self.param_move(opcode, x)?
            }
            Opcode::Ld | Opcode::Ldu => {
                x.need(2)?;
                let ty = x.typed()?;
                let d = match &o[0] {
                    Operand::Vector(v) => v
                        .iter()
                        .map(|x| self.dst(x, line))
                        .collect::<Result<Vec<_>>>()?,
                    x => vec![self.dst(x, line)?],
                };
                Op::Ld(Ld {
                    ty,
                    d,
                    addr: self.addr(&o[1], space, line)?,
                })
            }
            Opcode::St => {
                x.need(2)?;
                let ty = x.typed()?;
                let s = match &o[1] {
                    Operand::Vector(v) => v
                        .iter()
                        .map(|x| self.src(x, ty, line))
                        .collect::<Result<Vec<_>>>()?,
                    x => vec![self.src(x, ty, line)?],
                };
                Op::St(St {
                    ty,
                    s,
                    addr: self.addr(&o[0], space, line)?,
                })
            }
            Opcode::Atom | Opcode::Red => self.atomic(opcode, x)?,
            Opcode::Cp => self.copy(x)?,
            _ => return Err(x.refused()),
        })
    }

    /// `ld.param`/`st.param` of a call parameter held in a register: a move of the
    /// parameter's bits, as the memory it stands for would move them. A float moves as its
    /// bits (a `cvt.f32.f32` would quiet a signalling NaN, which a GPU's load never does),
    /// and a signed load narrower than a register sign-extends to 32 bits, as `ld.s8` into
    /// a `.b32` register does (`Op::Ld`).
    fn param_move(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        x.need(2)?;
        let ty = x.typed()?;
        let r = self.param_operand(opcode, x.i).unwrap_or_default();
        let bits = match ty {
            Ty::F16 | Ty::BF16 => Ty::U(2),
            Ty::F32 => Ty::U(4),
            Ty::F64 => Ty::U(8),
            other => other,
        };
        let (d, a, dty) = if opcode == Opcode::Ld {
            let widened = match bits {
                Ty::S(n) if n < 4 => Ty::S(4),
                other => other,
            };
            (self.dst(&o[0], line)?, Src::Reg(r), widened)
        } else {
            (r, self.src(&o[1], ty, line)?, bits)
        };
        Ok(Op::Cvt(Cvt {
            dty,
            sty: bits,
            round: None,
            sat: false,
            ftz: false,
            d,
            a,
        }))
    }

    /// `atom.op.type d, [a], b{, c}` and `red.op.type [a], b`.
    fn atomic(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        if x.mods.iter().any(|m| matches!(*m, "v2" | "v4" | "v8")) {
            return Err(unsupported(line, format!("vector `{}`", x.i.opcode)));
        }
        let ty = x.typed()?;
        let op = pick(
            &x.mods,
            &[
                ("add", AtomOp::Add),
                ("min", AtomOp::Min),
                ("max", AtomOp::Max),
                ("exch", AtomOp::Exch),
                ("cas", AtomOp::Cas),
                ("and", AtomOp::And),
                ("or", AtomOp::Or),
                ("xor", AtomOp::Xor),
                ("inc", AtomOp::Inc),
                ("dec", AtomOp::Dec),
            ],
        )
        .ok_or_else(|| unsupported(line, format!("`{}` of this kind", x.i.opcode)))?;
        let (d, rest) = if opcode == Opcode::Atom {
            x.need(3)?;
            (Some(self.dst(&o[0], line)?), &o[1..])
        } else {
            x.need(2)?;
            (None, o)
        };
        let addr = self.addr(&rest[0], x.space(), line)?;
        let b = self.src(&rest[1], ty, line)?;
        let c = match rest.get(2) {
            Some(x) => Some(self.src(x, ty, line)?),
            None => None,
        };
        Ok(Op::Atom(Atom {
            op,
            ty,
            d,
            addr,
            b,
            c,
        }))
    }

    /// `atom.add.noftz` and `red.add.noftz` on `f16`, `bf16` or their pairs.
    pub(super) fn half_atom(
        &mut self,
        opcode: Opcode,
        x: &Ins,
        fmt: HalfFmt,
        pair: bool,
    ) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        if x.mods.iter().any(|m| matches!(*m, "v2" | "v4" | "v8")) {
            return Err(unsupported(line, format!("vector `{}`", x.i.opcode)));
        }
        let ty = Ty::U(if pair { 4 } else { 2 });
        let (d, rest) = if opcode == Opcode::Atom {
            x.need(3)?;
            (Some(self.dst(&o[0], line)?), &o[1..])
        } else {
            x.need(2)?;
            (None, o)
        };
        let addr = self.addr(&rest[0], x.space(), line)?;
        Ok(Op::Atom(Atom {
            op: AtomOp::AddHalf { fmt, pair },
            ty,
            d,
            addr,
            b: self.src(&rest[1], ty, line)?,
            c: None,
        }))
    }

    /// `cp.async` and `cp.async.bulk` (copies done when issued, so their groups have
    /// nothing to wait for and an arrival that waits for them is an arrival now).
    fn copy(&mut self, x: &Ins) -> Result<Op> {
        let (o, line, has) = (x.o(), x.line, |m: &str| x.has(m));
        if !has("async") {
            return Err(x.refused());
        }
        if Self::is_tma_copy(x) {
            return self.tma_copy(x);
        }
        Ok(if has("mbarrier") && has("arrive") {
            // Without `.noinc` the pending count is raised by one first, so nothing changes.
            x.need(1)?;
            if !has("noinc") {
                return Ok(Op::Nop(Nop {}));
            }
            let space = if has("shared") {
                MemSpace::Shared
            } else {
                MemSpace::Generic
            };
            Op::Mbar(Mbar {
                op: MbarOp::Arrive {
                    drop: false,
                    no_complete: false,
                    expect_tx: false,
                },
                d: None,
                addr: self.addr(&o[0], space, line)?,
                a: Some(Src::Imm(1)),
            })
        } else if has("bulk") {
            // A prefetch is a hint.
            if has("commit_group") || has("wait_group") || has("prefetch") {
                return Ok(Op::Nop(Nop {}));
            }
            self.bulk_copy(x)?
        } else if has("commit_group") || has("wait_group") || has("wait_all") {
            Op::Nop(Nop {})
        } else if !has("mbarrier") {
            x.need(3)?;
            let size = match &o[2] {
                Operand::Int(n @ (4 | 8 | 16)) => *n as u32,
                other => return Err(unsupported(line, format!("`cp.async` of {other:?} bytes"))),
            };
            let src_size = match o.get(3) {
                Some(Operand::Name(n)) if n.starts_with('%') || self.is_reg(n) => {
                    Some(self.src(&o[3], Ty::U(4), line)?)
                }
                Some(Operand::Int(n)) => Some(Src::Imm(*n as u64)),
                _ => None,
            };
            Op::CpAsync(CpAsync {
                dst: self.addr(&o[0], MemSpace::Shared, line)?,
                src: self.addr(&o[1], MemSpace::Global, line)?,
                size,
                src_size,
            })
        } else {
            return Err(x.refused());
        })
    }

    /// `cp.async.bulk.dst.src{.mbarrier::complete_tx::bytes} [dst], [src], size{, [mbar]}`.
    fn bulk_copy(&mut self, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        x.need(3)?;
        if x.has("tensor") || x.mods.iter().any(|m| m.starts_with("multicast")) {
            return Err(unsupported(
                line,
                "`cp.async.bulk.tensor` and multicast bulk copies",
            ));
        }
        let spaces: Vec<MemSpace> = x
            .mods
            .iter()
            .filter_map(|m| match *m {
                "global" => Some(MemSpace::Global),
                "shared" => Some(MemSpace::Shared),
                _ => None,
            })
            .collect();
        let [dst_space, src_space] = spaces[..] else {
            return Err(unsupported(
                line,
                "`cp.async.bulk` without two state spaces",
            ));
        };
        // The PTX ISA's bulk copies all have shared memory on one side, which bounds one
        // lane's copy to a block's shared memory before its work is charged.
        if dst_space == MemSpace::Global && src_space == MemSpace::Global {
            return Err(unsupported(
                line,
                "`cp.async.bulk` from global memory to global memory (not in the PTX ISA: \
                 one side is shared memory)",
            ));
        }
        let mbar = if x.mods.iter().any(|m| m.starts_with("mbarrier")) {
            x.need(4)?;
            Some(self.addr(&o[3], MemSpace::Shared, line)?)
        } else {
            None
        };
        Ok(Op::BulkCopy(BulkCopy {
            dst: self.addr(&o[0], dst_space, line)?,
            src: self.addr(&o[1], src_space, line)?,
            size: self.src(&o[2], Ty::U(4), line)?,
            mbar,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{op, r, refusal, reg};
    use crate::sim::engine::ir::*;
    use crate::sim::engine::mem::SHARED_WINDOW;

    fn at(space: MemSpace, base: Src, offset: i64) -> Addr {
        Addr {
            space,
            base,
            offset,
        }
    }

    #[test]
    fn a_vector_load_writes_every_register_of_the_vector() {
        assert_eq!(
            op("ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16];"),
            Op::Ld(Ld {
                ty: Ty::F32,
                d: vec![r(0), r(1), r(2), r(3)],
                addr: at(MemSpace::Global, reg(4), 16),
            })
        );
        assert_eq!(
            op("st.shared::cta.v2.u32 [%r1], {%r2, 5};"),
            Op::St(St {
                ty: Ty::U(4),
                s: vec![reg(0), Src::Imm(5)],
                addr: at(MemSpace::Shared, reg(1), 0),
            })
        );
    }

    #[test]
    fn a_symbol_in_a_generic_access_is_its_generic_address() {
        assert_eq!(
            op("ld.u32 %r1, [sm+4];"),
            Op::Ld(Ld {
                ty: Ty::U(4),
                d: vec![r(0)],
                addr: at(MemSpace::Generic, Src::Imm(SHARED_WINDOW), 4),
            })
        );
        assert_eq!(
            op("ld.param.u64 %rd1, [p];"),
            Op::Ld(Ld {
                ty: Ty::U(8),
                d: vec![r(0)],
                addr: at(MemSpace::Param, Src::Imm(0), 0),
            })
        );
        assert!(refusal("ld.u32 %r1, %r2;").contains("the address"));
        assert!(refusal("ld.global %r1, [%rd1];").contains("`ld` without a type"));
    }

    #[test]
    fn a_call_parameter_in_a_register_moves_its_bits() {
        let module = |body: &str| {
            super::super::testing::lower_module(&format!(
                ".version 8.0\n.target sm_90\n.address_size 64\n\
                 .func (.param .b32 out) f(.param .b32 in)\n{{\n.reg .b32 %t<3>;\n.reg .f32 %g<3>;\n\
                 {body}\nret;\n}}\n.visible .entry k()\n{{\n.reg .b32 %r<4>;\n\
                 .param .b32 a0;\n.param .b32 r0;\nst.param.b32 [a0], %r1;\n\
                 call (r0), f, (a0);\nld.param.b32 %r2, [r0];\n}}\n"
            ))
            .unwrap()
        };
        let moves = |code: Vec<Instr>| -> Vec<(Ty, Ty)> {
            code.iter()
                .filter_map(|i| match i.op {
                    Op::Cvt(Cvt { dty, sty, .. }) => Some((dty, sty)),
                    _ => None,
                })
                .collect()
        };
        // A float parameter moves as bits: a signalling NaN stays signalling.
        let f = moves(module("ld.param.f32 %g1, [in];\nst.param.f32 [out], %g1;"));
        assert_eq!(f[1..3], [(Ty::U(4), Ty::U(4)), (Ty::U(4), Ty::U(4))]);
        // A signed byte sign-extends into its 32-bit register, as `ld.param.s8` does.
        let s = moves(module("ld.param.s8 %t1, [in];\nst.param.b32 [out], %t1;"));
        assert_eq!(s[1], (Ty::S(4), Ty::S(1)));
    }

    #[test]
    fn atomics_read_their_operation_and_operands() {
        assert_eq!(
            op("atom.global.cas.b32 %r1, [%rd1], %r2, %r3;"),
            Op::Atom(Atom {
                op: AtomOp::Cas,
                ty: Ty::U(4),
                d: Some(r(0)),
                addr: at(MemSpace::Global, reg(1), 0),
                b: reg(2),
                c: Some(reg(3)),
            })
        );
        let Op::Atom(Atom { op: o, d, .. }) = op("red.global.add.f32 [%rd1], %f1;") else {
            panic!()
        };
        assert_eq!((o, d), (AtomOp::Add, None));
        assert!(refusal("atom.global.v2.add.f32 %rd1, [%rd2], %rd3;").contains("vector `atom`"));
        assert!(refusal("atom.global.u32 %r1, [%rd1], %r2;").contains("`atom` of this kind"));
        assert!(refusal("atom.global.add.u32 %r1, [%rd1];").contains("`atom` with 2 operands"));
    }

    #[test]
    fn async_copies_are_done_when_issued() {
        assert_eq!(
            op("cp.async.ca.shared.global [sm], [%rd1], 16, %r1;"),
            Op::CpAsync(CpAsync {
                dst: at(MemSpace::Shared, Src::Imm(0), 0),
                src: at(MemSpace::Global, reg(1), 0),
                size: 16,
                src_size: Some(reg(0)),
            })
        );
        for nop in [
            "cp.async.commit_group;",
            "cp.async.wait_group 0;",
            "cp.async.wait_all;",
            "cp.async.bulk.commit_group;",
            "cp.async.mbarrier.arrive.shared.b64 [sm];",
        ] {
            assert_eq!(op(nop), Op::Nop(Nop {}), "{nop}");
        }
        assert!(refusal("cp.async.ca.shared.global [sm], [%rd1], 12;")
            .contains("`cp.async` of Int(12) bytes"));
        assert!(refusal("cp.reduce.shared.global [sm], [%rd1], 16;").contains("`cp`"));
    }

    #[test]
    fn bulk_copies_need_two_spaces_and_no_tensor_map() {
        let Op::BulkCopy(BulkCopy { mbar, .. }) = op(
            "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [sm], [%rd1], 64, [sm+128];",
        ) else {
            panic!()
        };
        assert_eq!(mbar, Some(at(MemSpace::Shared, Src::Imm(0), 128)));
        assert!(refusal("cp.async.bulk.shared::cluster [sm], [%rd1], 64;")
            .contains("without two state spaces"));
        // Tensor copies are `lower/tma.rs`'s.
        assert!(matches!(
            op("cp.async.bulk.tensor.1d.shared::cluster.global [sm], [%rd1, {%r1}], [sm];"),
            Op::Tma(_)
        ));
    }
}
