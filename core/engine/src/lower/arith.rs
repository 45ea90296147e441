//! Integer and floating-point arithmetic and logic: `add` to `cos`, the carry chain
//! (`add.cc`, `addc`, `madc`), and the modifiers that change a result (`.ftz`, `.sat`,
//! directed rounding).

use super::opcode::Opcode;
use super::operands::Ins;
use super::{unsupported, Lowerer};
use crate::error::Result;
use crate::sim::engine::ir::*;

impl Lowerer<'_> {
    /// Lowers an instruction of [`Family::Arith`](super::opcode::Family::Arith).
    pub(super) fn arith(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        match opcode {
            Opcode::Addc | Opcode::Subc | Opcode::Madc => self.carry(opcode, x),
            Opcode::Add | Opcode::Sub | Opcode::Mad if x.has("cc") => self.carry(opcode, x),
            Opcode::Add
            | Opcode::Sub
            | Opcode::Mul
            | Opcode::Mul24
            | Opcode::Div
            | Opcode::Rem
            | Opcode::Min
            | Opcode::Max
            | Opcode::And
            | Opcode::Or
            | Opcode::Xor
            | Opcode::Shl
            | Opcode::Shr
            | Opcode::Copysign => self.binary(opcode, x),
            Opcode::Mad | Opcode::Fma | Opcode::Mad24 | Opcode::Sad => self.multiply_add(opcode, x),
            Opcode::Neg
            | Opcode::Abs
            | Opcode::Not
            | Opcode::Cnot
            | Opcode::Popc
            | Opcode::Clz
            | Opcode::Brev
            | Opcode::Sqrt
            | Opcode::Rsqrt
            | Opcode::Rcp
            | Opcode::Ex2
            | Opcode::Lg2
            | Opcode::Sin
            | Opcode::Cos
            | Opcode::Tanh => self.unary(opcode, x),
            _ => Err(x.refused()),
        }
    }

    /// `add`, `mul`, `and`, `shl` and the other two-operand instructions (`and`, `or`,
    /// `xor` on predicates too).
    fn binary(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line, has) = (x.o(), x.line, |m: &str| x.has(m));
        x.need(3)?;
        let ty = x.typed()?;
        if ty == Ty::Pred {
            let op = match opcode {
                Opcode::And => BoolOp::And,
                Opcode::Or => BoolOp::Or,
                Opcode::Xor => BoolOp::Xor,
                _ => return Err(x.refused()),
            };
            let d = self.dst(&o[0], line)?;
            return Ok(Op::Logic(Logic {
                op: Some(op),
                d,
                a: self.src(&o[1], ty, line)?,
                b: self.src(&o[2], ty, line)?,
            }));
        }
        let op = match opcode {
            Opcode::Add => BinOp::Add,
            Opcode::Sub => BinOp::Sub,
            Opcode::Mul if has("hi") => BinOp::MulHi,
            Opcode::Mul if has("wide") => BinOp::MulWide,
            Opcode::Mul => BinOp::MulLo,
            Opcode::Mul24 if has("hi") => BinOp::Mul24Hi,
            Opcode::Mul24 => BinOp::Mul24Lo,
            Opcode::Div if ty == Ty::F32 && has("approx") => BinOp::DivApprox,
            Opcode::Div if ty == Ty::F32 && has("full") => BinOp::DivFull,
            Opcode::Div => BinOp::Div,
            Opcode::Rem => BinOp::Rem,
            Opcode::Min => BinOp::Min,
            Opcode::Max => BinOp::Max,
            Opcode::And => BinOp::And,
            Opcode::Or => BinOp::Or,
            Opcode::Xor => BinOp::Xor,
            Opcode::Shl => BinOp::Shl,
            Opcode::Shr => BinOp::Shr,
            _ => BinOp::CopySign,
        };
        let d = self.dst(&o[0], line)?;
        let bty = if matches!(op, BinOp::Shl | BinOp::Shr) {
            Ty::U(4)
        } else {
            ty
        };
        let mods = self.fp_mods(opcode, ty, &x.mods, line)?;
        Ok(Op::Bin(Bin {
            op,
            ty,
            mods,
            d,
            a: self.src(&o[1], ty, line)?,
            b: self.src(&o[2], bty, line)?,
        }))
    }

    /// `neg`, `abs`, `not`, `popc`, `sqrt`, `ex2`, `sin` and the other one-operand
    /// instructions (`not` on a predicate too).
    fn unary(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        x.need(2)?;
        let ty = x.typed()?;
        if let Some(r) = x.mods.iter().find(|m| matches!(**m, "rz" | "rm" | "rp")) {
            return Err(unsupported(
                line,
                format!("`{}.{r}` (rounding other than to nearest)", x.i.opcode),
            ));
        }
        let d = self.dst(&o[0], line)?;
        let a = self.src(&o[1], ty, line)?;
        if ty == Ty::Pred && opcode == Opcode::Not {
            return Ok(Op::Logic(Logic {
                op: None,
                d,
                a,
                b: a,
            }));
        }
        let op = match opcode {
            Opcode::Neg => UnOp::Neg,
            Opcode::Abs => UnOp::Abs,
            Opcode::Not => UnOp::Not,
            Opcode::Popc => UnOp::Popc,
            Opcode::Clz => UnOp::Clz,
            Opcode::Brev => UnOp::Brev,
            Opcode::Sqrt if x.has("approx") => UnOp::SqrtApprox,
            Opcode::Sqrt => UnOp::Sqrt,
            Opcode::Rsqrt => UnOp::Rsqrt,
            Opcode::Rcp if x.has("approx") => UnOp::RcpApprox,
            Opcode::Rcp => UnOp::Rcp,
            Opcode::Ex2 => UnOp::Ex2,
            Opcode::Lg2 => UnOp::Lg2,
            Opcode::Sin => UnOp::Sin,
            Opcode::Cos => UnOp::Cos,
            // PTX has `tanh` only as `tanh.approx.f32` (and the half forms, lowered apart).
            Opcode::Tanh if x.has("approx") && ty == Ty::F32 => UnOp::Tanh,
            _ => return Err(x.refused()),
        };
        Ok(Op::Un(Un {
            op,
            ty,
            ftz: x.has("ftz"),
            d,
            a,
        }))
    }

    /// `mad`, `fma`, `mad24` and `sad`.
    fn multiply_add(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        x.need(4)?;
        let ty = x.typed()?;
        let wide = x.has("wide");
        let mul = match (opcode, x.has("hi")) {
            (Opcode::Sad, _) => BinOp::AbsDiff,
            (Opcode::Mad24, true) => BinOp::Mul24Hi,
            (Opcode::Mad24, false) => BinOp::Mul24Lo,
            (_, true) => BinOp::MulHi,
            _ if wide => BinOp::MulWide,
            _ => BinOp::MulLo,
        };
        let d = self.dst(&o[0], line)?;
        let cty = match (wide, ty) {
            (true, Ty::U(4)) => Ty::U(8),
            (true, Ty::S(4)) => Ty::S(8),
            _ => ty,
        };
        let mods = self.fp_mods(opcode, ty, &x.mods, line)?;
        Ok(Op::Mad(Mad {
            ty,
            mul,
            wide,
            mods,
            d,
            a: self.src(&o[1], ty, line)?,
            b: self.src(&o[2], ty, line)?,
            c: self.src(&o[3], cty, line)?,
        }))
    }

    /// `.ftz`/`.sat` of `add`, `mul`, `fma` and the like, and a refusal of what the
    /// simulator does not compute: rounding toward zero or an infinity (`.rz`, `.rm`, `.rp`)
    /// of floating-point arithmetic, `.sat` other than on `f32` or `add`/`sub.s32`.
    fn fp_mods(&self, op: Opcode, ty: Ty, mods: &[&str], line: u32) -> Result<FpMods> {
        let opcode = op.name();
        let float = matches!(ty, Ty::F32 | Ty::F64);
        let round = match mods.iter().find(|m| matches!(**m, "rz" | "rm" | "rp")) {
            // Directed rounding is exact for f32 add/sub/mul/fma (computed in f64 and
            // rounded once) and f64 (computed in integers, `exact`); division has no
            // exact form here.
            Some(r)
                if float
                    && matches!(
                        op,
                        Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Fma | Opcode::Mad
                    ) =>
            {
                Some(match *r {
                    "rz" => Round::Zero,
                    "rm" => Round::Down,
                    _ => Round::Up,
                })
            }
            Some(r) if float => {
                return Err(unsupported(
                    line,
                    format!("`{opcode}.{r}` (rounding other than to nearest)"),
                ))
            }
            _ => None,
        };
        let min_max_f32 = ty == Ty::F32 && matches!(op, Opcode::Min | Opcode::Max);
        if let Some(m) = mods.iter().find(|m| match **m {
            "NaN" | "xorsign" | "abs" => !min_max_f32,
            "relu" | "oob" => true,
            _ => false,
        }) {
            return Err(unsupported(line, format!("`{opcode}.{m}`")));
        }
        let xorsign = mods.contains(&"xorsign");
        if xorsign != mods.contains(&"abs") {
            return Err(unsupported(
                line,
                format!("`{opcode}.xorsign` without `.abs`"),
            ));
        }
        let sat = mods.contains(&"sat");
        let sat_ok = ty == Ty::F32 || (ty == Ty::S(4) && matches!(op, Opcode::Add | Opcode::Sub));
        if sat && !sat_ok {
            return Err(unsupported(line, format!("`{opcode}.sat` on this type")));
        }
        Ok(FpMods {
            ftz: mods.contains(&"ftz") && ty == Ty::F32,
            sat,
            round,
            nan: mods.contains(&"NaN"),
            xorsign,
        })
    }

    /// A carry-chain step: `add.cc`, `addc{.cc}`, `sub.cc`, `subc{.cc}`,
    /// `mad{.lo,.hi}.cc`, `madc{.lo,.hi}{.cc}` on `.u32`, `.s32`, `.u64` or `.s64`. The
    /// carry flag is one register of the kernel (PTX's `CC.CF`).
    fn carry(&mut self, op: Opcode, x: &Ins) -> Result<Op> {
        let (has, line) = (|m: &str| x.has(m), x.line);
        let opcode = op.name();
        let ty = x.ty();
        let (bits, signed) = match ty {
            Some(Ty::U(n)) if n == 4 || n == 8 => (n * 8, false),
            Some(Ty::S(n)) if n == 4 || n == 8 => (n * 8, true),
            _ => {
                return Err(unsupported(
                    line,
                    format!("`{opcode}` with the carry flag on this type"),
                ))
            }
        };
        let carry_in = matches!(op, Opcode::Addc | Opcode::Subc | Opcode::Madc);
        let op = match op {
            Opcode::Add | Opcode::Addc => CarryOp::Add,
            Opcode::Sub | Opcode::Subc => CarryOp::Sub,
            _ if has("hi") => CarryOp::MadHi,
            _ if has("lo") => CarryOp::MadLo,
            _ => {
                return Err(unsupported(
                    line,
                    format!("`{opcode}` without `.lo` or `.hi`"),
                ))
            }
        };
        let n = if matches!(op, CarryOp::MadLo | CarryOp::MadHi) {
            4
        } else {
            3
        };
        let o = x.o();
        if o.len() != n {
            return Err(unsupported(
                line,
                format!("`{opcode}` with {} operands", o.len()),
            ));
        }
        let ty = Ty::U(bits / 8);
        let d = self.dst(&o[0], line)?;
        let a = self.src(&o[1], ty, line)?;
        let b = self.src(&o[2], ty, line)?;
        let c = match o.get(3) {
            Some(x) => self.src(x, ty, line)?,
            None => Src::Imm(0),
        };
        let next = self.regs.len() as u32;
        let cf = *self.regs.entry("%%cc.cf".to_string()).or_insert(next);
        Ok(Op::Carry(Carry {
            op,
            bits,
            signed,
            carry_in,
            carry_out: has("cc"),
            cf,
            d,
            a,
            b,
            c,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{op, r, refusal, reg};
    use crate::sim::engine::ir::*;

    #[test]
    fn add_names_its_registers_in_order_of_use() {
        assert_eq!(
            op("add.s32 %r1, %r2, %r3;"),
            Op::Bin(Bin {
                op: BinOp::Add,
                ty: Ty::S(4),
                mods: FpMods::default(),
                d: r(0),
                a: reg(1),
                b: reg(2),
            })
        );
    }

    #[test]
    fn tanh_is_lowered_as_approx_f32_only() {
        let Op::Un(Un { op: o, ty, .. }) = op("tanh.approx.f32 %f1, %f2;") else {
            panic!()
        };
        assert_eq!((o, ty), (UnOp::Tanh, Ty::F32));
        assert!(refusal("tanh.f32 %f1, %f2;").contains("`tanh`"));
        assert!(refusal("tanh.approx.f64 %fd1, %fd2;").contains("`tanh`"));
        for (text, fmt, pair) in [
            ("tanh.approx.f16 %h1, %h2;", HalfFmt::F16, false),
            ("tanh.approx.f16x2 %r1, %r2;", HalfFmt::F16, true),
            ("tanh.approx.bf16 %h1, %h2;", HalfFmt::BF16, false),
            ("tanh.approx.bf16x2 %r1, %r2;", HalfFmt::BF16, true),
        ] {
            let Op::Half(Half {
                op: o,
                fmt: f,
                pair: p,
                ..
            }) = op(text)
            else {
                panic!("{text}")
            };
            assert_eq!((o, f, p), (HalfOp::Tanh, fmt, pair), "{text}");
        }
    }

    #[test]
    fn an_integer_immediate_of_a_float_instruction_is_that_float() {
        let Op::Bin(Bin { b, .. }) = op("add.f32 %f1, %f2, 1;") else {
            panic!()
        };
        assert_eq!(b, Src::Imm(1.0f32.to_bits() as u64));
        let Op::Bin(Bin { b, .. }) = op("add.f64 %fd1, %fd2, 2;") else {
            panic!()
        };
        assert_eq!(b, Src::Imm(2.0f64.to_bits()));
    }

    #[test]
    fn a_shift_amount_is_32_bits_whatever_the_type() {
        let Op::Bin(Bin { op: o, ty, b, .. }) = op("shl.b64 %rd1, %rd2, 3;") else {
            panic!()
        };
        assert_eq!((o, ty, b), (BinOp::Shl, Ty::U(8), Src::Imm(3)));
    }

    #[test]
    fn mul_hi_wide_and_lo_are_distinct_operations() {
        for (text, want) in [
            ("mul.lo.s32 %r1, %r2, %r3;", BinOp::MulLo),
            ("mul.hi.s32 %r1, %r2, %r3;", BinOp::MulHi),
            ("mul.wide.s32 %rd1, %r2, %r3;", BinOp::MulWide),
            ("mul24.hi.u32 %r1, %r2, %r3;", BinOp::Mul24Hi),
            ("mul24.lo.u32 %r1, %r2, %r3;", BinOp::Mul24Lo),
        ] {
            let Op::Bin(Bin { op: o, .. }) = op(text) else {
                panic!("{text}")
            };
            assert_eq!(o, want, "{text}");
        }
    }

    #[test]
    fn directed_rounding_is_kept_where_it_is_exact_and_refused_elsewhere() {
        let Op::Bin(Bin { mods, .. }) = op("add.rz.f32 %f1, %f2, %f3;") else {
            panic!()
        };
        assert_eq!(mods.round, Some(Round::Zero));
        let Op::Mad(Mad { mods, .. }) = op("fma.rp.f64 %fd1, %fd2, %fd3, %fd4;") else {
            panic!()
        };
        assert_eq!(mods.round, Some(Round::Up));
        assert!(refusal("div.rz.f32 %f1, %f2, %f3;")
            .contains("`div.rz` (rounding other than to nearest)"));
        assert!(
            refusal("sqrt.rp.f32 %f1, %f2;").contains("`sqrt.rp` (rounding other than to nearest)")
        );
    }

    #[test]
    fn ftz_applies_to_f32_only() {
        let Op::Bin(Bin { mods, .. }) = op("add.ftz.f32 %f1, %f2, %f3;") else {
            panic!()
        };
        assert!(mods.ftz);
        let Op::Bin(Bin { mods, .. }) = op("add.ftz.f64 %fd1, %fd2, %fd3;") else {
            panic!()
        };
        assert!(!mods.ftz);
    }

    #[test]
    fn sat_is_taken_on_f32_and_s32_add_and_refused_elsewhere() {
        let Op::Bin(Bin { mods, .. }) = op("add.sat.s32 %r1, %r2, %r3;") else {
            panic!()
        };
        assert!(mods.sat);
        let Op::Mad(Mad { mods, .. }) = op("fma.rn.sat.f32 %f1, %f2, %f3, %f4;") else {
            panic!()
        };
        assert!(mods.sat);
        assert!(refusal("mul.lo.sat.s32 %r1, %r2, %r3;").contains("`mul.sat` on this type"));
    }

    #[test]
    fn min_max_nan_and_xorsign_are_f32_only() {
        let Op::Bin(Bin { mods, .. }) = op("min.NaN.f32 %f1, %f2, %f3;") else {
            panic!()
        };
        assert!(mods.nan);
        let Op::Bin(Bin { mods, .. }) = op("max.xorsign.abs.f32 %f1, %f2, %f3;") else {
            panic!()
        };
        assert!(mods.xorsign);
        assert!(refusal("min.NaN.f64 %fd1, %fd2, %fd3;").contains("`min.NaN`"));
        assert!(refusal("max.xorsign.f32 %f1, %f2, %f3;").contains("without `.abs`"));
        assert!(refusal("add.relu.f32 %f1, %f2, %f3;").contains("`add.relu`"));
    }

    #[test]
    fn predicates_have_logic_but_no_arithmetic() {
        assert_eq!(
            op("and.pred %p1, %p2, %p3;"),
            Op::Logic(Logic {
                op: Some(BoolOp::And),
                d: r(0),
                a: reg(1),
                b: reg(2),
            })
        );
        assert_eq!(
            op("not.pred %p1, %p2;"),
            Op::Logic(Logic {
                op: None,
                d: r(0),
                a: reg(1),
                b: reg(1),
            })
        );
        assert!(refusal("add.pred %p1, %p2, %p3;").ends_with("`add` (PTX line 13)"));
    }

    #[test]
    fn operand_counts_and_types_are_checked() {
        assert!(refusal("add.s32 %r1, %r2;").contains("`add` with 2 operands"));
        assert!(refusal("neg.s32 %r1;").contains("`neg` with 1 operands"));
        assert!(refusal("fma.rn.f32 %f1, %f2, %f3;").contains("`fma` with 3 operands"));
        assert!(refusal("add %r1, %r2, %r3;").contains("`add` without a type"));
        assert!(refusal("cnot.b32 %r1, %r2;").contains("`cnot`"));
        let typo = refusal("fma.rn.f33 %f1, %f2, %f3, %f4;");
        assert!(
            typo.contains("`.f33` in `fma` is not a PTX type; the types are .pred, .b8,"),
            "{typo}"
        );
        assert!(typo.contains(".f32, .f64 (PTX line "), "{typo}");
    }

    #[test]
    fn a_wide_multiply_add_reads_a_wide_addend() {
        assert_eq!(
            op("mad.wide.u32 %rd1, %r1, %r2, 5;"),
            Op::Mad(Mad {
                ty: Ty::U(4),
                mul: BinOp::MulWide,
                wide: true,
                mods: FpMods::default(),
                d: r(0),
                a: reg(1),
                b: reg(2),
                c: Src::Imm(5),
            })
        );
        let Op::Mad(Mad { mul, .. }) = op("sad.u32 %r1, %r2, %r3, %r4;") else {
            panic!()
        };
        assert_eq!(mul, BinOp::AbsDiff);
    }

    #[test]
    fn a_carry_chain_shares_one_flag() {
        let code = super::super::testing::lower(
            "add.cc.u32 %r1, %r2, %r3;\naddc.cc.u32 %r4, %r5, %r6;\nsubc.s64 %rd1, %rd2, %rd3;",
        )
        .unwrap();
        let flags: Vec<_> = code
            .iter()
            .map(|i| match i.op {
                Op::Carry(Carry {
                    op,
                    bits,
                    signed,
                    carry_in,
                    carry_out,
                    cf,
                    ..
                }) => (op, bits, signed, carry_in, carry_out, cf),
                ref other => panic!("{other:?}"),
            })
            .collect();
        let cf = flags[0].5;
        assert_eq!(
            flags,
            [
                (CarryOp::Add, 32, false, false, true, cf),
                (CarryOp::Add, 32, false, true, true, cf),
                (CarryOp::Sub, 64, true, true, false, cf),
            ]
        );
    }

    #[test]
    fn a_carry_step_needs_a_word_type_and_a_half_for_mad() {
        assert!(
            refusal("addc.u16 %h1, %h2, %h3;").contains("`addc` with the carry flag on this type")
        );
        assert!(refusal("mad.cc.u32 %r1, %r2, %r3, %r4;").contains("`mad` without `.lo` or `.hi`"));
        assert!(refusal("add.cc.u32 %r1, %r2;").contains("`add` with 2 operands"));
        let Op::Carry(Carry { op: o, .. }) = op("madc.hi.cc.u32 %r1, %r2, %r3, %r4;") else {
            panic!()
        };
        assert_eq!(o, CarryOp::MadHi);
    }
}
