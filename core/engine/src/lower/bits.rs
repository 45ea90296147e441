//! Bit-field, byte-permute, funnel-shift and dot-product instructions: `bfe`, `bfi`,
//! `bfind`, `bmsk`, `prmt`, `shf`, `dp4a`, `dp2a`.

use super::opcode::Opcode;
use super::operands::Ins;
use super::Lowerer;
use crate::error::Result;
use crate::sim::engine::ir::*;

impl Lowerer<'_> {
    /// Lowers an instruction of [`Family::Bits`](super::opcode::Family::Bits).
    pub(super) fn bits(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line, has) = (x.o(), x.line, |m: &str| x.has(m));
        let b32 = Ty::U(4);
        Ok(match opcode {
            Opcode::Prmt => {
                x.need(4)?;
                let mode = PRMT_MODES
                    .iter()
                    .find(|(name, _)| has(name))
                    .map(|(_, table)| table);
                let d = self.dst(&o[0], line)?;
                Op::Prmt(Prmt {
                    mode,
                    d,
                    a: self.src(&o[1], b32, line)?,
                    b: self.src(&o[2], b32, line)?,
                    c: self.src(&o[3], b32, line)?,
                })
            }
            Opcode::Bfind => {
                x.need(2)?;
                let ty = x.typed()?;
                let d = self.dst(&o[0], line)?;
                Op::Bfind(Bfind {
                    ty,
                    shiftamt: has("shiftamt"),
                    d,
                    a: self.src(&o[1], ty, line)?,
                })
            }
            Opcode::Bfe => {
                x.need(4)?;
                let ty = x.typed()?;
                let d = self.dst(&o[0], line)?;
                Op::Bfe(Bfe {
                    ty,
                    d,
                    a: self.src(&o[1], ty, line)?,
                    b: self.src(&o[2], b32, line)?,
                    c: self.src(&o[3], b32, line)?,
                })
            }
            Opcode::Bfi => {
                x.need(5)?;
                let ty = x.typed()?;
                let d = self.dst(&o[0], line)?;
                Op::Bfi(Bfi {
                    ty,
                    d,
                    a: self.src(&o[1], ty, line)?,
                    b: self.src(&o[2], ty, line)?,
                    c: self.src(&o[3], b32, line)?,
                    e: self.src(&o[4], b32, line)?,
                })
            }
            Opcode::Bmsk => {
                x.need(3)?;
                // `bmsk.clamp.b32` or `bmsk.wrap.b32` (PTX ISA 7.6, sm_70).
                let clamp = has("clamp");
                if clamp == has("wrap") || !has("b32") {
                    return Err(x.refused());
                }
                let d = self.dst(&o[0], line)?;
                Op::Bmsk(Bmsk {
                    clamp,
                    d,
                    a: self.src(&o[1], b32, line)?,
                    b: self.src(&o[2], b32, line)?,
                })
            }
            Opcode::Shf => {
                x.need(4)?;
                let left = has("l");
                if left == has("r") || has("wrap") == has("clamp") {
                    return Err(x.refused());
                }
                let d = self.dst(&o[0], line)?;
                Op::Shf(Shf {
                    left,
                    clamp: has("clamp"),
                    d,
                    a: self.src(&o[1], b32, line)?,
                    b: self.src(&o[2], b32, line)?,
                    c: self.src(&o[3], b32, line)?,
                })
            }
            Opcode::Dp4a | Opcode::Dp2a => self.dot_product(opcode, x)?,
            _ => return Err(x.refused()),
        })
    }

    /// `dp4a` and `dp2a`, with the signedness of each source.
    fn dot_product(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (o, line, b32) = (x.o(), x.line, Ty::U(4));
        x.need(4)?;
        let signs: Vec<bool> = x
            .mods
            .iter()
            .filter_map(|m| match *m {
                "s32" => Some(true),
                "u32" => Some(false),
                _ => None,
            })
            .collect();
        let [a_signed, b_signed] = signs[..] else {
            return Err(x.refused());
        };
        let d = self.dst(&o[0], line)?;
        Ok(Op::Dp(Dp {
            pair: opcode == Opcode::Dp2a,
            hi: x.has("hi"),
            a_signed,
            b_signed,
            d,
            a: self.src(&o[1], b32, line)?,
            b: self.src(&o[2], b32, line)?,
            c: self.src(&o[3], b32, line)?,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{op, r, refusal, reg};
    use crate::sim::engine::ir::*;

    #[test]
    fn prmt_takes_its_mode_table_or_the_default_selector() {
        let Op::Prmt(Prmt { mode, .. }) = op("prmt.b32 %r1, %r2, %r3, %r4;") else {
            panic!()
        };
        assert_eq!(mode, None);
        let Op::Prmt(Prmt { mode, .. }) = op("prmt.b32.rc8 %r1, %r2, %r3, %r4;") else {
            panic!()
        };
        assert_eq!(mode, Some(&PRMT_MODES[2].1));
    }

    #[test]
    fn bit_fields_read_their_position_and_length_as_32_bits() {
        assert_eq!(
            op("bfe.s64 %rd1, %rd2, 4, 8;"),
            Op::Bfe(Bfe {
                ty: Ty::S(8),
                d: r(0),
                a: reg(1),
                b: Src::Imm(4),
                c: Src::Imm(8),
            })
        );
        assert!(refusal("bfi.b32 %r1, %r2, %r3, 4;").contains("`bfi` with 4 operands"));
        let Op::Bfind(Bfind { shiftamt, .. }) = op("bfind.shiftamt.u32 %r1, %r2;") else {
            panic!()
        };
        assert!(shiftamt);
    }

    #[test]
    fn a_funnel_shift_needs_one_direction_and_one_mode() {
        let Op::Shf(Shf { left, clamp, .. }) = op("shf.l.wrap.b32 %r1, %r2, %r3, %r4;") else {
            panic!()
        };
        assert!(left && !clamp);
        let Op::Shf(Shf { left, clamp, .. }) = op("shf.r.clamp.b32 %r1, %r2, %r3, %r4;") else {
            panic!()
        };
        assert!(!left && clamp);
        assert!(refusal("shf.l.b32 %r1, %r2, %r3, %r4;").contains("`shf`"));
        assert!(refusal("shf.wrap.b32 %r1, %r2, %r3, %r4;").contains("`shf`"));
    }

    #[test]
    fn a_bit_mask_needs_one_mode() {
        assert_eq!(
            op("bmsk.clamp.b32 %r1, %r2, 8;"),
            Op::Bmsk(Bmsk {
                clamp: true,
                d: r(0),
                a: reg(1),
                b: Src::Imm(8),
            })
        );
        let Op::Bmsk(Bmsk { clamp, .. }) = op("bmsk.wrap.b32 %r1, 1, 2;") else {
            panic!()
        };
        assert!(!clamp);
        assert!(refusal("bmsk.b32 %r1, %r2, %r3;").contains("`bmsk`"));
        assert!(refusal("bmsk.clamp.wrap.b32 %r1, %r2, %r3;").contains("`bmsk`"));
        assert!(refusal("bmsk.clamp.b32 %r1, %r2;").contains("`bmsk` with 2 operands"));
    }

    #[test]
    fn dot_products_take_the_signedness_of_each_source() {
        let Op::Dp(Dp {
            pair,
            hi,
            a_signed,
            b_signed,
            ..
        }) = op("dp4a.s32.u32 %r1, %r2, %r3, %r4;")
        else {
            panic!()
        };
        assert_eq!((pair, hi, a_signed, b_signed), (false, false, true, false));
        let Op::Dp(Dp { pair, hi, .. }) = op("dp2a.hi.u32.u32 %r1, %r2, %r3, %r4;") else {
            panic!()
        };
        assert!(pair && hi);
        assert!(refusal("dp4a.s32 %r1, %r2, %r3, %r4;").contains("`dp4a`"));
    }
}
