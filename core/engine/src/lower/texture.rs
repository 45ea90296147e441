//! Textures and surfaces: `tex`, `suld.b` and `sust.b` through bindless objects; gather,
//! queries and surface reductions are refused, naming what is simulated.

use super::opcode::Opcode;
use super::operands::Ins;
use super::{unsupported, Lowerer};
use crate::error::Result;
use crate::image::ptx::ast::Operand;
use crate::sim::engine::ir::*;

impl Lowerer<'_> {
    /// Lowers an instruction of [`Family::Texture`](super::opcode::Family::Texture).
    pub(super) fn texture(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        match opcode {
            Opcode::Tex | Opcode::Suld | Opcode::Sust => self.texture_op(opcode, x),
            _ => Err(unsupported(
                x.line,
                format!(
                    "`{}` (texture gather, queries and surface reductions are not simulated; \
                     `tex`, `suld.b` and `sust.b` are)",
                    text(x)
                ),
            )),
        }
    }

    /// `tex`, `suld.b` and `sust.b`: `[handle, {coordinates}]` with the texture or surface
    /// object in a 64-bit register (bindless objects, as CUDA 12 compiles them).
    fn texture_op(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let (i, mods, line) = (x.i, &x.mods[..], x.line);
        let text = || text(x);
        let geometry = mods
            .iter()
            .find_map(|m| Geometry::parse(m))
            .ok_or_else(|| unsupported(line, format!("`{}` without a geometry", text())))?;
        let o = &i.operands;
        let (target, data) = match opcode {
            Opcode::Sust => (o.first(), o.get(1)),
            _ => (o.get(1), o.first()),
        };
        let (Some(Operand::List(target)), Some(data)) = (target, data) else {
            return Err(unsupported(
                line,
                format!("`{}` with these operands", text()),
            ));
        };
        // What follows `[handle, coords]`: `tex.level` a level of detail, `tex.grad` two
        // gradients (both read level 0 here); anything else (a texel offset, a depth-compare
        // value) changes the result and is refused rather than ignored.
        let extra = match opcode {
            Opcode::Tex if mods.contains(&"level") => 1,
            Opcode::Tex if mods.contains(&"grad") => 2,
            _ => 0,
        };
        if o.len() != 2 + extra {
            return Err(unsupported(
                line,
                format!(
                    "`{}` with {} operands (texel offsets and depth compare are not simulated)",
                    text(),
                    o.len()
                ),
            ));
        }
        let handle = match target.first() {
            Some(Operand::Name(n)) if self.is_reg(n) => Src::Reg(self.reg(n)),
            Some(Operand::Name(n)) => {
                return Err(unsupported(
                    line,
                    format!(
                        "`{}` through the texture or surface reference `{n}` (references were \
                         removed in CUDA 12; pass a texture or surface object instead)",
                        text()
                    ),
                ))
            }
            _ => {
                return Err(unsupported(
                    line,
                    format!("`{}` with these operands", text()),
                ))
            }
        };
        if target.len() != 2 {
            return Err(unsupported(
                line,
                format!("`{}` with a separate sampler (unified mode only)", text()),
            ));
        }
        let ctype = if opcode == Opcode::Tex && mods.contains(&"s32") && mods.last() == Some(&"s32")
        {
            CoordType::S32
        } else {
            CoordType::F32
        };
        let coord_ty = if opcode == Opcode::Tex && ctype == CoordType::F32 {
            Ty::F32
        } else {
            Ty::S(4)
        };
        let coords = match &target[1] {
            Operand::Vector(v) => v.as_slice(),
            one => std::slice::from_ref(one),
        };
        let mut cs = Vec::with_capacity(4);
        for (k, c) in coords.iter().enumerate().take(geometry.coordinates()) {
            // The layer index of an array geometry is an integer.
            let ty = if k == 0 && geometry.layered() {
                Ty::S(4)
            } else {
                coord_ty
            };
            cs.push(self.src(c, ty, line)?);
        }
        if cs.len() < geometry.coordinates() {
            return Err(unsupported(
                line,
                format!("`{}` with too few coordinates", text()),
            ));
        }
        let items = match data {
            Operand::Vector(v) => v.as_slice(),
            one => std::slice::from_ref(one),
        };
        if opcode != Opcode::Tex {
            return self.surface(opcode, x, geometry, handle, cs, items);
        }
        if !mods.contains(&"v4") || items.len() != 4 {
            return Err(unsupported(
                line,
                format!("`{}` (only `.v4` results)", text()),
            ));
        }
        let ttype = match mods.iter().rev().nth(1) {
            Some(&"f32") => TexelType::F32,
            Some(&"s32") => TexelType::S32,
            Some(&"u32") => TexelType::U32,
            _ => {
                return Err(unsupported(
                    line,
                    format!("`{}` (results of .f32, .s32 or .u32 only)", text()),
                ))
            }
        };
        let mut d = [0u32; 4];
        for (k, x) in items.iter().enumerate() {
            d[k] = self.dst(x, line)?;
        }
        Ok(Op::Tex(Tex {
            geometry,
            ctype,
            ttype,
            d,
            handle,
            coords: cs,
        }))
    }

    /// `suld.b` and `sust.b`: the element type, the out-of-bounds mode and the data.
    fn surface(
        &mut self,
        opcode: Opcode,
        x: &Ins,
        geometry: Geometry,
        handle: Src,
        cs: Vec<Src>,
        items: &[Operand],
    ) -> Result<Op> {
        let (mods, line) = (&x.mods[..], x.line);
        let text = || text(x);
        if !mods.contains(&"b") {
            return Err(unsupported(
                line,
                format!(
                    "`{}` (formatted surface access, `.p`, is not simulated; `.b` is)",
                    text()
                ),
            ));
        }
        let boundary = if mods.contains(&"clamp") {
            Boundary::Clamp
        } else if mods.contains(&"zero") {
            Boundary::Zero
        } else {
            Boundary::Trap
        };
        let ty = match mods
            .iter()
            .find(|m| matches!(**m, "b8" | "b16" | "b32" | "b64"))
        {
            Some(&"b8") => Ty::U(1),
            Some(&"b16") => Ty::U(2),
            Some(&"b32") => Ty::U(4),
            Some(_) => Ty::U(8),
            None => {
                return Err(unsupported(
                    line,
                    format!("`{}` without an element type", text()),
                ))
            }
        };
        if !matches!(items.len(), 1 | 2 | 4) {
            return Err(unsupported(
                line,
                format!(
                    "`{}` with {} data operands (1, 2 or 4)",
                    text(),
                    items.len()
                ),
            ));
        }
        if opcode == Opcode::Suld {
            let d = items
                .iter()
                .map(|x| self.dst(x, line))
                .collect::<Result<Vec<_>>>()?;
            Ok(Op::SurfLd(SurfLd {
                geometry,
                boundary,
                ty,
                d,
                handle,
                coords: cs,
            }))
        } else {
            let s = items
                .iter()
                .map(|x| self.src(x, ty, line))
                .collect::<Result<Vec<_>>>()?;
            Ok(Op::SurfSt(SurfSt {
                geometry,
                boundary,
                ty,
                s,
                handle,
                coords: cs,
            }))
        }
    }
}

/// The instruction as written, without its operands (`tex.2d.v4.f32.f32`).
fn text(x: &Ins) -> String {
    std::iter::once(x.i.opcode.as_str())
        .chain(x.mods.iter().copied())
        .collect::<Vec<_>>()
        .join(".")
}

#[cfg(test)]
mod tests {
    use super::super::testing::{op, r, refusal, reg};
    use crate::sim::engine::ir::*;

    #[test]
    fn tex_fetches_four_texels_through_an_object() {
        let Op::Tex(Tex {
            geometry,
            ctype,
            ttype,
            d,
            handle,
            coords,
        }) = op("tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];")
        else {
            panic!()
        };
        assert_eq!(
            (geometry, ctype, ttype),
            (Geometry::D2, CoordType::F32, TexelType::F32)
        );
        // The handle and coordinates are read first, then the results written.
        assert_eq!((handle, coords), (reg(0), vec![reg(1), reg(2)]));
        assert_eq!(d, [r(3), r(4), r(5), r(6)]);
    }

    #[test]
    fn what_changes_a_texel_and_is_not_simulated_is_refused() {
        assert!(refusal("tex.2d.v2.f32.f32 {%f1, %f2}, [%rd1, {%f5, %f6}];")
            .contains("(only `.v4` results)"));
        assert!(
            refusal("tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [texref, {%f5, %f6}];")
                .contains("references were removed in CUDA 12")
        );
        assert!(
            refusal("tex.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];")
                .contains("without a geometry")
        );
        assert!(
            refusal("tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5}];")
                .contains("with too few coordinates")
        );
        assert!(
            refusal("tld4.r.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];")
                .contains("`tld4.r.2d.v4.f32.f32` (texture gather")
        );
    }

    #[test]
    fn surfaces_read_and_write_raw_elements() {
        let Op::SurfLd(SurfLd {
            boundary, ty, d, ..
        }) = op("suld.b.2d.v2.b32.clamp {%r1, %r2}, [%rd1, {%r3, %r4}];")
        else {
            panic!()
        };
        assert_eq!((boundary, ty, d.len()), (Boundary::Clamp, Ty::U(4), 2));
        let Op::SurfSt(SurfSt { boundary, s, .. }) = op("sust.b.1d.b8.trap [%rd1, {%r1}], {%h1};")
        else {
            panic!()
        };
        assert_eq!((boundary, s.len()), (Boundary::Trap, 1));
        assert!(
            refusal("suld.p.2d.v4.b32.trap {%r1, %r2, %r3, %r4}, [%rd1, {%r5, %r6}];")
                .contains("formatted surface access")
        );
        assert!(
            refusal("suld.b.2d.v4.trap {%r1, %r2, %r3, %r4}, [%rd1, {%r5, %r6}];")
                .contains("without an element type")
        );
    }
}
