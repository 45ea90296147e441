//! Half precision (`f16`, `f16x2`, `bf16`, `bf16x2`): arithmetic, comparisons and
//! conversions, `ex2.approx` and `tanh.approx` are computed as the GPU computes them; anything
//! else on half values is refused rather than run as integer math.

use super::opcode::Opcode;
use super::operands::Ins;
use super::{unsupported, Lowerer};
use crate::error::Result;
use crate::sim::engine::ir::*;

impl Lowerer<'_> {
    /// An instruction with a half-precision type: lowered here (arithmetic, atomic
    /// addition, a conversion to a pair), refused, or `None` for the families to lower
    /// (moves, loads and stores, tensor-core fragments, comparisons, conversions).
    pub(super) fn half_precision(&mut self, opcode: Option<Opcode>, x: &Ins) -> Result<Option<Op>> {
        let Some((fmt, pair)) = x.mods.iter().find_map(|m| match *m {
            "f16" => Some((HalfFmt::F16, false)),
            "f16x2" => Some((HalfFmt::F16, true)),
            "bf16" => Some((HalfFmt::BF16, false)),
            "bf16x2" => Some((HalfFmt::BF16, true)),
            _ => None,
        }) else {
            return Ok(None);
        };
        let (has, o, line) = (|m: &str| x.has(m), x.o(), x.line);
        Ok(Some(match opcode {
            Some(
                Opcode::Mov
                | Opcode::Ld
                | Opcode::Ldu
                | Opcode::St
                | Opcode::Mma
                | Opcode::Wmma
                | Opcode::Wgmma,
            ) => return Ok(None),
            // Bulk reductions of half-precision elements (`lower/tma.rs`).
            Some(Opcode::Cp) => return Ok(None),
            Some(op @ (Opcode::Atom | Opcode::Red)) if has("add") && has("noftz") => {
                self.half_atom(op, x, fmt, pair)?
            }
            Some(
                op @ (Opcode::Add
                | Opcode::Sub
                | Opcode::Mul
                | Opcode::Fma
                | Opcode::Min
                | Opcode::Max
                | Opcode::Neg
                | Opcode::Abs),
            ) => self.half_op(op, x, fmt, pair)?,
            Some(op @ (Opcode::Ex2 | Opcode::Tanh)) if has("approx") => {
                self.half_op(op, x, fmt, pair)?
            }
            Some(Opcode::Setp) if !pair => return Ok(None),
            Some(op @ (Opcode::Setp | Opcode::Set)) if pair => self.half_pair_compare(op, x)?,
            // fp8 conversions (`lower/convert.rs`).
            Some(Opcode::Cvt) if has("e4m3x2") || has("e5m2x2") => return Ok(None),
            Some(Opcode::Cvt) if !pair && (has("relu") || has("satfinite")) => {
                return Err(unsupported(
                    line,
                    "`cvt.relu`/`cvt.satfinite` to half precision",
                ))
            }
            Some(Opcode::Cvt) if x.types().len() == 2 => return Ok(None),
            // `set` compares as `setp` does.
            Some(Opcode::Set) if !pair => return Ok(None),
            Some(Opcode::Cvt) if pair && o.len() == 3 && has("f32") => {
                self.cvt_half_pair(x, fmt)?
            }
            _ => {
                return Err(unsupported(
                    line,
                    format!("`{}` on half precision (f16/bf16)", x.i.opcode),
                ))
            }
        }))
    }

    /// `add`/`sub`/`mul`/`fma`/`min`/`max`/`neg`/`abs` on `.f16`, `.bf16` or their pairs.
    fn half_op(&mut self, opcode: Opcode, x: &Ins, fmt: HalfFmt, pair: bool) -> Result<Op> {
        let (i, mods, line) = (x.i, &x.mods[..], x.line);
        let op = match opcode {
            Opcode::Add => HalfOp::Add,
            Opcode::Sub => HalfOp::Sub,
            Opcode::Mul => HalfOp::Mul,
            Opcode::Fma => HalfOp::Fma,
            Opcode::Min => HalfOp::Min,
            Opcode::Max => HalfOp::Max,
            Opcode::Neg => HalfOp::Neg,
            Opcode::Abs => HalfOp::Abs,
            Opcode::Ex2 => HalfOp::Ex2,
            Opcode::Tanh => HalfOp::Tanh,
            _ => return Err(x.refused()),
        };
        // Modifiers that change the answer and are not implemented are refused.
        let allowed = |m: &str| match m {
            "rn" | "ftz" | "sat" | "relu" | "f16" | "f16x2" | "bf16" | "bf16x2" => true,
            "NaN" => matches!(op, HalfOp::Min | HalfOp::Max),
            "approx" => matches!(op, HalfOp::Ex2 | HalfOp::Tanh),
            _ => false,
        };
        if let Some(m) = mods.iter().find(|m| !allowed(m)) {
            return Err(unsupported(
                line,
                format!("`{}.{m}` on half precision", i.opcode),
            ));
        }
        let arity = match op {
            HalfOp::Neg | HalfOp::Abs | HalfOp::Ex2 | HalfOp::Tanh => 2,
            HalfOp::Fma => 4,
            _ => 3,
        };
        let o = &i.operands;
        if o.len() < arity {
            return Err(unsupported(
                line,
                format!("`{}` with {} operands", i.opcode, o.len()),
            ));
        }
        let ty = if pair { Ty::U(4) } else { Ty::U(2) };
        let d = self.dst(&o[0], line)?;
        let src = |s: &mut Self, k: usize| -> Result<Src> {
            match o.get(k) {
                Some(x) if k < arity => s.src(x, ty, line),
                _ => Ok(Src::Imm(0)),
            }
        };
        let (a, b, c) = (src(self, 1)?, src(self, 2)?, src(self, 3)?);
        Ok(Op::Half(Half {
            op,
            fmt,
            pair,
            mods: HalfMods {
                ftz: mods.contains(&"ftz"),
                sat: mods.contains(&"sat"),
                relu: mods.contains(&"relu"),
                nan: mods.contains(&"NaN"),
            },
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
    fn half_arithmetic_is_its_own_operation() {
        assert_eq!(
            op("fma.rn.relu.bf16x2 %r1, %r2, %r3, %r4;"),
            Op::Half(Half {
                op: HalfOp::Fma,
                fmt: HalfFmt::BF16,
                pair: true,
                mods: HalfMods {
                    relu: true,
                    ..HalfMods::default()
                },
                d: r(0),
                a: reg(1),
                b: reg(2),
                c: reg(3),
            })
        );
        let Op::Half(Half { b, c, .. }) = op("neg.f16 %h1, %h2;") else {
            panic!()
        };
        assert_eq!((b, c), (Src::Imm(0), Src::Imm(0)));
    }

    #[test]
    fn what_half_precision_does_not_compute_is_refused() {
        assert!(refusal("add.rz.f16 %h1, %h2, %h3;").contains("`add.rz` on half precision"));
        assert!(
            refusal("sqrt.approx.f16 %h1, %h2;").contains("`sqrt` on half precision (f16/bf16)")
        );
        assert!(refusal("cvt.rn.relu.f16.f32 %h1, %f1;")
            .contains("`cvt.relu`/`cvt.satfinite` to half precision"));
        assert!(refusal("add.f16 %h1, %h2;").contains("`add` with 2 operands"));
    }

    #[test]
    fn two_floats_round_into_a_pair() {
        assert_eq!(
            op("cvt.rn.f16x2.f32 %r1, %f1, %f2;"),
            Op::CvtPair(CvtPair {
                fmt: HalfFmt::F16,
                round: Round::Nearest,
                mods: HalfMods::default(),
                d: r(0),
                a: reg(1),
                b: reg(2),
            })
        );
        assert!(refusal("cvt.f16x2.f32 %r1, %f1, %f2;")
            .contains("`cvt` to a half pair without rounding"));
    }

    #[test]
    fn loads_comparisons_and_conversions_go_to_their_families() {
        assert!(matches!(op("ld.global.f16 %h1, [%rd1];"), Op::Ld(_)));
        assert!(matches!(op("setp.lt.f16 %p1, %h1, %h2;"), Op::Setp(_)));
        assert!(matches!(op("cvt.f32.f16 %f1, %h1;"), Op::Cvt(_)));
    }

    #[test]
    fn half_atomic_addition_needs_noftz() {
        let Op::Atom(Atom { op: o, ty, d, .. }) =
            op("atom.global.add.noftz.f16x2 %r1, [%rd1], %r2;")
        else {
            panic!()
        };
        assert_eq!(
            (o, ty, d),
            (
                AtomOp::AddHalf {
                    fmt: HalfFmt::F16,
                    pair: true
                },
                Ty::U(4),
                Some(r(0))
            )
        );
        assert!(
            refusal("atom.global.add.f16 %h1, [%rd1], %h2;").contains("`atom` on half precision")
        );
    }
}
