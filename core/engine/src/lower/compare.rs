//! Comparisons and selections: `setp`, `set`, `selp`, `slct`, `testp`.

use super::opcode::Opcode;
use super::operands::Ins;
use super::{unsupported, Lowerer};
use crate::error::Result;
use crate::image::ptx::ast::Operand;
use crate::sim::engine::ir::*;

impl Lowerer<'_> {
    /// Lowers an instruction of [`Family::Compare`](super::opcode::Family::Compare).
    pub(super) fn compare(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        Ok(match opcode {
            Opcode::Setp => self.setp(x)?,
            Opcode::Set => self.set(x)?,
            Opcode::Selp => {
                x.need(4)?;
                let ty = x.typed()?;
                let d = self.dst(&o[0], line)?;
                Op::Selp(Selp {
                    d,
                    a: self.src(&o[1], ty, line)?,
                    b: self.src(&o[2], ty, line)?,
                    p: self.src(&o[3], Ty::Pred, line)?,
                })
            }
            Opcode::Slct => {
                x.need(4)?;
                let [dty, cty] = x.types()[..] else {
                    return Err(unsupported(line, "`slct` without two types"));
                };
                let d = self.dst(&o[0], line)?;
                Op::Slct(Slct {
                    cty,
                    ftz: x.has("ftz"),
                    d,
                    a: self.src(&o[1], dty, line)?,
                    b: self.src(&o[2], dty, line)?,
                    c: self.src(&o[3], cty, line)?,
                })
            }
            Opcode::Testp => {
                x.need(2)?;
                let ty = x.typed()?;
                let test = match x.mods.first().copied().unwrap_or("") {
                    "finite" => FpTest::Finite,
                    "infinite" => FpTest::Infinite,
                    "number" => FpTest::Number,
                    "notanumber" => FpTest::NotANumber,
                    "normal" => FpTest::Normal,
                    "subnormal" => FpTest::Subnormal,
                    _ => return Err(x.refused()),
                };
                let p = self.dst(&o[0], line)?;
                Op::Testp(Testp {
                    test,
                    ty,
                    p,
                    a: self.src(&o[1], ty, line)?,
                })
            }
            _ => return Err(x.refused()),
        })
    }

    /// `setp.cmp.type p{|q}, a, b{, {!}c}`: a comparison, optionally combined with a
    /// predicate.
    fn setp(&mut self, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        x.need(3)?;
        let ty = x.typed()?;
        let (cmp, unordered, uns) = comparison(x)?;
        let ty = match (uns, ty) {
            (true, Ty::S(n)) => Ty::U(n),
            (_, t) => t,
        };
        let (p, pn) = match &o[0] {
            Operand::Pair(a, b) => {
                let p = self.dst(a, line)?;
                (p, Some(self.dst(b, line)?))
            }
            other => (self.dst(other, line)?, None),
        };
        let combine = self.combine(x)?;
        Ok(Op::Setp(Setp {
            cmp,
            ty,
            unordered,
            ftz: x.has("ftz"),
            p,
            pn,
            a: self.src(&o[1], ty, line)?,
            b: self.src(&o[2], ty, line)?,
            combine,
        }))
    }

    /// The predicate a comparison combines with (`setp.lt.and.s32 p, a, b, !c`): the
    /// Boolean operation, the predicate and whether it is negated.
    fn combine(&mut self, x: &Ins) -> Result<Option<(BoolOp, Src, bool)>> {
        let Some(c) = x.o().get(3) else {
            return Ok(None);
        };
        let op = if x.has("and") {
            BoolOp::And
        } else if x.has("or") {
            BoolOp::Or
        } else if x.has("xor") {
            BoolOp::Xor
        } else {
            return Err(unsupported(
                x.line,
                format!(
                    "`{}` with a predicate but no `.and`, `.or` or `.xor`",
                    x.i.opcode
                ),
            ));
        };
        let (neg, q) = match c {
            Operand::Not(q) => (true, q.as_ref()),
            q => (false, q),
        };
        Ok(Some((op, self.src(q, Ty::Pred, x.line)?, neg)))
    }

    /// `setp` and `set` on a half pair (`.f16x2`, `.bf16x2`), each half compared on its
    /// own: `setp.cmp.f16x2 p|q, a, b{, {!}c}` writes the low half's result to `p` and the
    /// high half's to `q`; `set.cmp.dtype.f16x2 d, a, b{, {!}c}` writes 1.0 in the pair's
    /// format (`dtype` `.f16x2`/`.bf16x2`) or `0xffff` (`.u32`/`.s32`) into each half of
    /// `d` whose result is true.
    pub(super) fn half_pair_compare(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        x.need(3)?;
        // The pair compared is the last type named (`set.eq.u32.f16x2`).
        let fmt = match x.mods.iter().rev().find(|m| m.ends_with("x2")) {
            Some(&"bf16x2") => HalfFmt::BF16,
            Some(&"f16x2") => HalfFmt::F16,
            _ => return Err(x.refused()),
        };
        let (cmp, unordered, unsigned) = comparison(x)?;
        if unsigned {
            return Err(x.refused());
        }
        if x.has("ftz") && fmt == HalfFmt::BF16 {
            return Err(unsupported(line, format!("`{}.ftz` on bf16x2", x.i.opcode)));
        }
        let (d, q, yes) = match opcode {
            Opcode::Setp => match &o[0] {
                Operand::Pair(p, q) => (self.dst(p, line)?, Some(self.dst(q, line)?), None),
                _ => return Err(unsupported(line, "`setp` on a half pair without `p|q`")),
            },
            _ => {
                let yes = match x
                    .mods
                    .iter()
                    .find(|m| Ty::parse(m).is_some() || m.ends_with("x2"))
                {
                    Some(&"f16x2") if fmt == HalfFmt::F16 => 0x3c00,
                    Some(&"bf16x2") if fmt == HalfFmt::BF16 => 0x3f80,
                    Some(&("u32" | "s32")) => 0xffff,
                    _ => return Err(unsupported(
                        line,
                        "`set` on a half pair into other than the pair's type, `.u32` or `.s32`",
                    )),
                };
                (self.dst(&o[0], line)?, None, Some(yes))
            }
        };
        let combine = self.combine(x)?;
        Ok(Op::HalfCmp(HalfCmp {
            cmp,
            unordered,
            fmt,
            ftz: x.has("ftz"),
            yes,
            d,
            q,
            a: self.src(&o[1], Ty::U(4), line)?,
            b: self.src(&o[2], Ty::U(4), line)?,
            combine,
        }))
    }

    /// `set.cmp{.bool}.dtype.stype d, a, b{, {!}c}`: a comparison (combined with `c`) as a
    /// number (1.0, or all ones of the destination's width), lowered as the `setp` it is
    /// (pushed here) and a selection.
    fn set(&mut self, x: &Ins) -> Result<Op> {
        let (i, o, line, mods) = (x.i, x.o(), x.line, &x.mods);
        x.need(3)?;
        let [dty, sty] = x.types()[..] else {
            return Err(x.refused());
        };
        let p = self.reg("%set#p");
        let mut as_setp = i.clone();
        as_setp.opcode = Opcode::Setp.name().into();
        as_setp.mods = mods
            .iter()
            .filter(|m| Ty::parse(m).is_none())
            .map(|m| m.to_string())
            .chain(std::iter::once(sty_name(mods, sty)))
            .collect();
        as_setp.operands[0] = Operand::Name("%set#p".into());
        let compare = self.op(&as_setp, line)?;
        let guard = i.guard.as_ref().map(|(neg, g)| (self.reg(g), *neg));
        self.code.push(Instr {
            guard,
            op: compare,
            line,
            text: "set (the comparison)".into(),
        });
        let d = self.dst(&o[0], line)?;
        // True is 1.0 in a floating-point destination, all ones in an integer one.
        let dname = mods.iter().find(|m| Ty::parse(m).is_some()).copied();
        let yes = match dname {
            Some("f32") => 1.0f32.to_bits() as u64,
            Some("f16") => 0x3c00,
            Some("bf16") => 0x3f80,
            _ if dty == Ty::F32 => 1.0f32.to_bits() as u64,
            _ if dty.size() == 2 => 0xffff,
            _ => 0xffff_ffff,
        };
        Ok(Op::Selp(Selp {
            d,
            a: Src::Imm(yes),
            b: Src::Imm(0),
            p: Src::Reg(p),
        }))
    }
}

/// The spelling of `set`'s source type among its modifiers (the second type named).
fn sty_name(mods: &[&str], sty: Ty) -> String {
    mods.iter()
        .rev()
        .find(|m| Ty::parse(m) == Some(sty))
        .map_or_else(String::new, |m| m.to_string())
}

/// The comparison a `setp`/`set` names first (`lt`, `geu`, ...): the operation, whether it
/// is unordered (true where an operand is NaN), and whether it is one of the unsigned
/// spellings (`lo`, `ls`, `hi`, `hs`).
fn comparison(x: &Ins) -> Result<(Cmp, bool, bool)> {
    let line = x.line;
    Ok(match x.mods.first().copied().unwrap_or("") {
        "eq" => (Cmp::Eq, false, false),
        "ne" => (Cmp::Ne, false, false),
        "lt" => (Cmp::Lt, false, false),
        "le" => (Cmp::Le, false, false),
        "gt" => (Cmp::Gt, false, false),
        "ge" => (Cmp::Ge, false, false),
        "lo" => (Cmp::Lt, false, true),
        "ls" => (Cmp::Le, false, true),
        "hi" => (Cmp::Gt, false, true),
        "hs" => (Cmp::Ge, false, true),
        "equ" => (Cmp::Eq, true, false),
        "neu" => (Cmp::Ne, true, false),
        "ltu" => (Cmp::Lt, true, false),
        "leu" => (Cmp::Le, true, false),
        "gtu" => (Cmp::Gt, true, false),
        "geu" => (Cmp::Ge, true, false),
        "num" => (Cmp::Num, false, false),
        "nan" => (Cmp::Nan, false, false),
        other => return Err(unsupported(line, format!("`{}.{other}`", x.i.opcode))),
    })
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower, op, r, refusal, reg};
    use crate::sim::engine::ir::*;

    #[test]
    fn setp_reads_its_comparison_and_order() {
        for (text, want) in [
            ("setp.lt.s32 %p1, %r1, %r2;", (Cmp::Lt, false, Ty::S(4))),
            ("setp.lo.s32 %p1, %r1, %r2;", (Cmp::Lt, false, Ty::U(4))),
            ("setp.geu.f32 %p1, %f1, %f2;", (Cmp::Ge, true, Ty::F32)),
            ("setp.nan.f64 %p1, %fd1, %fd2;", (Cmp::Nan, false, Ty::F64)),
        ] {
            let Op::Setp(Setp {
                cmp, unordered, ty, ..
            }) = op(text)
            else {
                panic!("{text}")
            };
            assert_eq!((cmp, unordered, ty), want, "{text}");
        }
        assert!(refusal("setp.xx.s32 %p1, %r1, %r2;").contains("`setp.xx`"));
        assert!(refusal("setp.eq.s32 %p1, %r1;").contains("`setp` with 2 operands"));
    }

    #[test]
    fn setp_writes_a_pair_and_combines_with_a_negated_predicate() {
        assert_eq!(
            op("setp.eq.and.s32 %p1|%p2, %r1, %r2, !%p3;"),
            Op::Setp(Setp {
                cmp: Cmp::Eq,
                ty: Ty::S(4),
                unordered: false,
                ftz: false,
                p: r(0),
                pn: Some(r(1)),
                a: reg(3),
                b: reg(4),
                combine: Some((BoolOp::And, reg(2), true)),
            })
        );
    }

    #[test]
    fn set_is_a_comparison_and_a_selection_of_one_or_all_ones() {
        let code = lower("set.lt.f32.s32 %f1, %r1, %r2;").unwrap();
        assert_eq!(code.len(), 2);
        assert!(matches!(
            code[0].op,
            Op::Setp(Setp {
                cmp: Cmp::Lt,
                ty: Ty::S(4),
                ..
            })
        ));
        let Op::Selp(Selp { a, .. }) = code[1].op else {
            panic!()
        };
        assert_eq!(a, Src::Imm(1.0f32.to_bits() as u64));
        let code = lower("set.lt.u32.s32 %r3, %r1, %r2;").unwrap();
        let Op::Selp(Selp { a, .. }) = code[1].op else {
            panic!()
        };
        assert_eq!(a, Src::Imm(0xffff_ffff));
        // A 16-bit destination gets 16 ones.
        let code = lower("set.lt.u16.f16 %h3, %h1, %h2;").unwrap();
        assert!(matches!(
            code[1].op,
            Op::Selp(Selp {
                a: Src::Imm(0xffff),
                ..
            })
        ));
        // Combined with a predicate, in the comparison.
        let code = lower("set.lt.and.u32.s32 %r3, %r1, %r2, !%p1;").unwrap();
        assert!(matches!(
            code[0].op,
            Op::Setp(Setp {
                combine: Some((BoolOp::And, _, true)),
                ..
            })
        ));
        assert!(refusal("set.lt.u32.s32 %r3, %r1, %r2, %p1;")
            .contains("with a predicate but no `.and`, `.or` or `.xor`"));
    }

    #[test]
    fn comparisons_of_half_pairs_compare_each_half() {
        assert_eq!(
            op("set.ltu.ftz.f16x2.f16x2 %r1, %r2, %r3;"),
            Op::HalfCmp(HalfCmp {
                cmp: Cmp::Lt,
                unordered: true,
                fmt: HalfFmt::F16,
                ftz: true,
                yes: Some(0x3c00),
                d: r(0),
                q: None,
                a: reg(1),
                b: reg(2),
                combine: None,
            })
        );
        let Op::HalfCmp(HalfCmp { yes, fmt, .. }) = op("set.eq.s32.bf16x2 %r1, %r2, %r3;") else {
            panic!()
        };
        assert_eq!((yes, fmt), (Some(0xffff), HalfFmt::BF16));
        let Op::HalfCmp(HalfCmp { yes, .. }) = op("set.eq.bf16x2.bf16x2 %r1, %r2, %r3;") else {
            panic!()
        };
        assert_eq!(yes, Some(0x3f80));
        let Op::HalfCmp(HalfCmp {
            yes, d, q, combine, ..
        }) = op("setp.gt.or.f16x2 %p1|%p2, %r1, %r2, %p3;")
        else {
            panic!()
        };
        assert_eq!((yes, d, q), (None, r(0), Some(r(1))));
        assert!(matches!(combine, Some((BoolOp::Or, _, false))));
        assert!(refusal("set.eq.f32.f16x2 %f1, %r2, %r3;").contains("into other than the pair"));
        assert!(refusal("set.eq.f16x2.bf16x2 %r1, %r2, %r3;").contains("into other than"));
        assert!(refusal("setp.eq.ftz.bf16x2 %p1|%p2, %r2, %r3;").contains("`setp.ftz` on bf16x2"));
        assert!(refusal("setp.eq.f16x2 %p1, %r2, %r3;").contains("without `p|q`"));
    }

    #[test]
    fn selections_and_classification() {
        assert_eq!(
            op("selp.b32 %r1, %r2, 7, %p1;"),
            Op::Selp(Selp {
                d: r(0),
                a: reg(1),
                b: Src::Imm(7),
                p: reg(2),
            })
        );
        let Op::Slct(Slct { cty, .. }) = op("slct.s32.f32 %r1, %r2, %r3, %f1;") else {
            panic!()
        };
        assert_eq!(cty, Ty::F32);
        assert!(refusal("slct.s32 %r1, %r2, %r3, %r4;").contains("`slct` without two types"));
        let Op::Testp(Testp { test, .. }) = op("testp.subnormal.f32 %p1, %f1;") else {
            panic!()
        };
        assert_eq!(test, FpTest::Subnormal);
        assert!(refusal("testp.odd.f32 %p1, %f1;").contains("`testp`"));
    }
}
