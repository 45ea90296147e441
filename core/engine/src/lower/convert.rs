//! Moves and conversions: `mov` (with packing and unpacking), `cvt` (with its rounding,
//! `.sat` and `.ftz`), a conversion to a half pair, `cvta`.

use super::opcode::Opcode;
use super::operands::{pick, Ins};
use super::{unsupported, Lowerer};
use crate::error::Result;
use crate::image::ptx::ast::Operand;
use crate::sim::engine::ir::*;

impl Lowerer<'_> {
    /// Lowers an instruction of [`Family::Convert`](super::opcode::Family::Convert).
    pub(super) fn convert(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        Ok(match opcode {
            Opcode::Mov => self.mov(x)?,
            Opcode::Cvt if x.has("e4m3x2") || x.has("e5m2x2") => self.cvt_fp8(x)?,
            Opcode::Cvt => {
                x.need(2)?;
                let [dty, sty] = x.types()[..] else {
                    return Err(unsupported(line, "`cvt` without two types"));
                };
                let round = pick(
                    &x.mods,
                    &[
                        ("rn", Round::Nearest),
                        ("rni", Round::Nearest),
                        ("rz", Round::Zero),
                        ("rzi", Round::Zero),
                        ("rm", Round::Down),
                        ("rmi", Round::Down),
                        ("rp", Round::Up),
                        ("rpi", Round::Up),
                    ],
                );
                let d = self.dst(&o[0], line)?;
                Op::Cvt(Cvt {
                    dty,
                    sty,
                    round,
                    sat: x.has("sat"),
                    ftz: x.has("ftz"),
                    d,
                    a: self.src(&o[1], sty, line)?,
                })
            }
            Opcode::Cvta => {
                x.need(2)?;
                let d = self.dst(&o[0], line)?;
                Op::Cvta(Cvta {
                    to: x.has("to"),
                    space: x.space(),
                    d,
                    a: self.src(&o[1], Ty::U(8), line)?,
                })
            }
            _ => return Err(x.refused()),
        })
    }

    /// The fp8 conversions of sm_89/sm_90: `cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f32
    /// d, a, b`, `cvt.rn.satfinite{.relu}.{e4m3x2,e5m2x2}.f16x2 d, a` and
    /// `cvt.rn{.relu}.f16x2.{e4m3x2,e5m2x2} d, a`.
    fn cvt_fp8(&mut self, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        let fmt = if x.has("e4m3x2") {
            Fp8::E4M3
        } else {
            Fp8::E5M2
        };
        let text = || format!("`cvt.{}`", x.mods.join("."));
        let position = |m: &str| x.mods.iter().position(|x| *x == m);
        let f8 = position("e4m3x2").or(position("e5m2x2"));
        let known = |m: &str| {
            matches!(
                m,
                "rn" | "satfinite" | "relu" | "e4m3x2" | "e5m2x2" | "f32" | "f16x2"
            )
        };
        if !x.has("rn") || x.mods.iter().any(|m| !known(m)) {
            return Err(unsupported(line, text()));
        }
        // The destination type comes first.
        let dir = match (f8, position("f32"), position("f16x2")) {
            (Some(d), Some(s), None) if d < s => Fp8Cvt::FromF32,
            (Some(d), None, Some(s)) if d < s => Fp8Cvt::FromF16x2,
            (Some(s), None, Some(d)) if d < s => Fp8Cvt::ToF16x2,
            _ => return Err(unsupported(line, text())),
        };
        if dir != Fp8Cvt::ToF16x2 && !x.has("satfinite") {
            return Err(crate::error::Error::PtxSyntax {
                line,
                column: x.i.pos.col,
                message: format!("{}: a conversion to fp8 must be `.satfinite`", text()),
            });
        }
        let wanted = if dir == Fp8Cvt::FromF32 { 3 } else { 2 };
        if o.len() != wanted {
            return Err(unsupported(
                line,
                format!("{} with {} operands", text(), o.len()),
            ));
        }
        let d = self.dst(&o[0], line)?;
        let sty = if dir == Fp8Cvt::FromF32 {
            Ty::F32
        } else {
            Ty::U(4)
        };
        let a = self.src(&o[1], sty, line)?;
        let b = match o.get(2) {
            Some(b) => self.src(b, Ty::F32, line)?,
            None => Src::Imm(0),
        };
        Ok(Op::CvtFp8(CvtFp8 {
            fmt,
            dir,
            relu: x.has("relu"),
            d,
            a,
            b,
        }))
    }

    /// `mov d, a`, `mov {d0, d1}, a` (unpack) and `mov d, {a0, a1}` (pack).
    fn mov(&mut self, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        x.need(2)?;
        let ty = x.typed()?;
        Ok(match (&o[0], &o[1]) {
            (Operand::Vector(parts), src) => {
                let part_bits = ty.bits() / parts.len().max(1) as u32;
                let ds = parts
                    .iter()
                    .map(|x| self.dst(x, line))
                    .collect::<Result<Vec<_>>>()?;
                Op::Unpack(Unpack {
                    ds,
                    a: self.src(src, ty, line)?,
                    part_bits,
                })
            }
            (dst, Operand::Vector(parts)) => {
                let part_bits = ty.bits() / parts.len().max(1) as u32;
                let d = self.dst(dst, line)?;
                let pty = Ty::U((part_bits / 8).max(1) as u8);
                let parts = parts
                    .iter()
                    .map(|x| self.src(x, pty, line))
                    .collect::<Result<Vec<_>>>()?;
                Op::Pack(Pack {
                    d,
                    parts,
                    part_bits,
                })
            }
            (dst, src) => {
                let d = self.dst(dst, line)?;
                Op::Mov(Mov {
                    d,
                    a: self.src(src, ty, line)?,
                })
            }
        })
    }

    /// `cvt.rnd{.relu}.f16x2.f32 d, a, b` (and `bf16x2`): two `f32` values rounded into
    /// one half pair.
    pub(super) fn cvt_half_pair(&mut self, x: &Ins, fmt: HalfFmt) -> Result<Op> {
        let (o, line, has) = (x.o(), x.line, |m: &str| x.has(m));
        let round = pick(
            &x.mods,
            &[
                ("rn", Round::Nearest),
                ("rz", Round::Zero),
                ("rm", Round::Down),
                ("rp", Round::Up),
            ],
        )
        .ok_or_else(|| unsupported(line, "`cvt` to a half pair without rounding"))?;
        if has("satfinite") || has("sat") {
            return Err(unsupported(line, "`cvt.satfinite` to a half pair"));
        }
        let d = self.dst(&o[0], line)?;
        Ok(Op::CvtPair(CvtPair {
            fmt,
            round,
            mods: HalfMods {
                relu: has("relu"),
                ..HalfMods::default()
            },
            d,
            a: self.src(&o[1], Ty::F32, line)?,
            b: self.src(&o[2], Ty::F32, line)?,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{op, r, refusal, reg};
    use crate::sim::engine::ir::*;

    #[test]
    fn cvt_reads_both_types_and_every_spelling_of_its_rounding() {
        assert_eq!(
            op("cvt.rzi.sat.s32.f32 %r1, %f1;"),
            Op::Cvt(Cvt {
                dty: Ty::S(4),
                sty: Ty::F32,
                round: Some(Round::Zero),
                sat: true,
                ftz: false,
                d: r(0),
                a: reg(1),
            })
        );
        for (text, want) in [
            ("cvt.rn.f32.f64 %f1, %fd1;", Some(Round::Nearest)),
            ("cvt.rni.f32.f32 %f1, %f2;", Some(Round::Nearest)),
            ("cvt.rm.f32.s32 %f1, %r1;", Some(Round::Down)),
            ("cvt.rpi.ftz.f32.f32 %f1, %f2;", Some(Round::Up)),
            ("cvt.u64.u32 %rd1, %r1;", None),
        ] {
            let Op::Cvt(Cvt { round, .. }) = op(text) else {
                panic!("{text}")
            };
            assert_eq!(round, want, "{text}");
        }
        assert!(refusal("cvt.rn.f32 %f1, %f2;").contains("`cvt` without two types"));
        assert!(refusal("cvt.f32.s32 %f1;").contains("`cvt` with 1 operands"));
    }

    #[test]
    fn mov_packs_and_unpacks_vectors() {
        assert_eq!(
            op("mov.b64 %rd1, {%r1, %r2};"),
            Op::Pack(Pack {
                d: r(0),
                parts: vec![reg(1), reg(2)],
                part_bits: 32,
            })
        );
        assert_eq!(
            op("mov.b32 {%h1, %h2}, %r1;"),
            Op::Unpack(Unpack {
                ds: vec![r(0), r(1)],
                a: reg(2),
                part_bits: 16,
            })
        );
    }

    #[test]
    fn mov_of_a_symbol_is_its_address() {
        // `sm` is the kernel's first shared variable: offset 0 of the block's window.
        assert_eq!(
            op("mov.u64 %rd1, sm;"),
            Op::Mov(Mov {
                d: r(0),
                a: Src::Imm(0)
            })
        );
        assert!(refusal("mov.u64 %rd1, nowhere;").contains("the symbol `nowhere`"));
    }

    #[test]
    fn a_special_register_is_read_only() {
        let Op::Mov(Mov { a, .. }) = op("mov.u32 %r1, %tid.x;") else {
            panic!()
        };
        assert_eq!(a, Src::Reg(0));
        assert!(refusal("mov.u32 %tid.x, %r1;")
            .contains("writing the read-only special register %tid.x"));
    }

    #[test]
    fn cvta_names_its_direction_and_space() {
        assert_eq!(
            op("cvta.to.global.u64 %rd1, %rd2;"),
            Op::Cvta(Cvta {
                to: true,
                space: MemSpace::Global,
                d: r(0),
                a: reg(1),
            })
        );
        let Op::Cvta(Cvta { to, space, .. }) = op("cvta.shared::cta.u64 %rd1, %rd2;") else {
            panic!()
        };
        assert!(!to);
        assert_eq!(space, MemSpace::Shared);
    }
}
