//! Texture fetches through texture objects: `tex1Dfetch<T>`, `tex1D<T>`, `tex2D<T>`,
//! `tex3D<T>`, their `Lod` forms, `tex1DLayered<T>`, `tex2DLayered<T>`, `texCubemap<T>`
//! become one `tex`
//! instruction returning four components, of which `T` (a
//! scalar or a vector type) takes its share, as NVRTC lowers them. Surface objects:
//! `surf1Dwrite`/`surf2Dwrite` and `surf1Dread<T>`/`surf2Dread<T>` of 4- and 8-byte
//! scalars become one `sust.b`/`suld.b` with the boundary mode as its suffix.

use super::*;
use crate::types::RegClass;

impl Sema<'_> {
    /// A texture fetch, if `name` is one.
    pub(super) fn texture(
        &mut self,
        name: &str,
        targs: Option<&[TemplArg]>,
        args: &[Expr],
        pos: Pos,
    ) -> Result<Option<Value>> {
        // (dimensions, layered, cubemap, a level of detail)
        let (dims, layered, cube, lod) = match name {
            "tex1Dfetch" => (0, false, false, false),
            "tex1D" => (1, false, false, false),
            "tex2D" => (2, false, false, false),
            "tex3D" => (3, false, false, false),
            "tex1DLod" => (1, false, false, true),
            "tex2DLod" => (2, false, false, true),
            "tex3DLod" => (3, false, false, true),
            "tex1DLayered" => (1, true, false, false),
            "tex2DLayered" => (2, true, false, false),
            "texCubemap" => (3, false, true, false),
            _ => return Ok(None),
        };
        let Some([TemplArg::Type(ty)]) = targs else {
            return Err(Diag::unsupported(
                pos,
                &format!("{name} without a result type (the texture-reference API)"),
            ));
        };
        let tp = self.tparams();
        let t = self.resolve(ty, &tp)?;
        let want = if dims == 0 {
            2
        } else {
            1 + dims + usize::from(layered) + usize::from(lod)
        };
        if args.len() != want {
            return Err(Diag::new(
                pos,
                format!("{name} takes {want} arguments, {} given", args.len()),
            )
            .note("pass the texture object and one coordinate per dimension"));
        }
        let (elem, count) = match &t {
            Type::Struct(id) => {
                let f = &self.struct_info(*id).fields;
                match f.first() {
                    Some((_, e, _)) if e.is_arith() => (e.clone(), f.len()),
                    _ => {
                        return Err(Diag::new(
                            pos,
                            format!("{name} cannot return {}", self.type_name(&t)),
                        )
                        .note("fetch a scalar or a vector type"))
                    }
                }
            }
            t if t.is_arith() => (t.clone(), 1),
            _ => {
                return Err(
                    Diag::new(pos, format!("{name} cannot return {}", self.type_name(&t)))
                        .note("fetch a scalar or a vector type"),
                )
            }
        };
        let (class, dt) = match &elem {
            Type::Float => (RegClass::F32, "f32"),
            Type::Int(k) if k.signed() && k.bits() <= 32 => (RegClass::B32, "s32"),
            Type::Int(k) if k.bits() <= 32 => (RegClass::B32, "u32"),
            _ => {
                return Err(
                    Diag::new(pos, format!("{name} cannot return {}", self.type_name(&t)))
                        .note("textures hold 32-bit or narrower elements"),
                )
            }
        };
        let obj = self.expr(&args[0])?;
        let obj = self.convert(obj, &Type::Int(IntKind::ULongLong), pos)?;
        let o = self.reg_of(&obj);
        let (coord_t, ct) = if dims == 0 {
            (crate::types::INT, "s32")
        } else {
            (Type::Float, "f32")
        };
        let mut coords = Vec::new();
        for a in &args[1..1 + dims.max(1)] {
            let v = self.expr(a)?;
            let v = self.convert(v, &coord_t, pos)?;
            coords.push(self.reg_of(&v));
        }
        if layered {
            // The layer (an integer) comes first: `{layer, x, y, y}`.
            let v = self.expr(&args[1 + dims])?;
            let v = self.convert(v, &crate::types::INT, pos)?;
            coords.insert(0, self.reg_of(&v));
        }
        // Vectors of three are written as four, the last repeated (as NVRTC writes them).
        if coords.len() == 3 {
            let last = coords[2].clone();
            coords.push(last);
        }
        let level = if lod {
            let v = self.expr(&args[1 + dims])?;
            let v = self.convert(v, &Type::Float, pos)?;
            format!(", {}", self.reg_of(&v))
        } else {
            String::new()
        };
        let op = if lod { "tex.level" } else { "tex" };
        let regs: Vec<String> = (0..4).map(|_| self.b().reg(class)).collect();
        let geom = match (dims, layered, cube) {
            (_, _, true) => "cube".to_string(),
            (d, true, _) => format!("a{d}d"),
            (0, _, _) => "1d".to_string(),
            (d, _, _) => format!("{d}d"),
        };
        self.b().ins(&format!(
            "{op}.{geom}.v4.{dt}.{ct} \t{{{}}}, [{o}, {{{}}}]{level}",
            regs.join(", "),
            coords.join(", ")
        ));
        let reg_t = if class == RegClass::F32 {
            Type::Float
        } else if dt == "s32" {
            crate::types::INT
        } else {
            crate::types::UINT
        };
        if count == 1 && !matches!(t, Type::Struct(_)) {
            let v = Value::new(Op::Reg(regs[0].clone()), reg_t);
            return self.convert(v, &t, pos).map(Some);
        }
        let size = self.size_of(&t);
        let align = self.align_of(&t);
        let off = self.b().alloc_local(size, align) as i64;
        let lv = LVal::Mem {
            base: "%SP".into(),
            off,
            ty: t.clone(),
            space: Space::Generic,
            vol: false,
        };
        let fields = match &t {
            Type::Struct(id) => self.struct_info(*id).fields.clone(),
            _ => Vec::new(),
        };
        for ((_, ft, foff), r) in fields.iter().zip(&regs) {
            let v = Value::new(Op::Reg(r.clone()), reg_t.clone());
            let v = self.convert(v, ft, pos)?;
            self.store(&offset_lval(&lv, *foff as i64, ft.clone()), v)?;
        }
        let mut a = self.address(&lv, pos)?;
        a.ty = t;
        Ok(Some(a))
    }

    /// A surface write or read, if `name` is one.
    pub(super) fn surface(
        &mut self,
        name: &str,
        targs: Option<&[TemplArg]>,
        args: &[Expr],
        pos: Pos,
    ) -> Result<Option<Value>> {
        let (write, dims) = match name {
            "surf1Dwrite" => (true, 1),
            "surf2Dwrite" => (true, 2),
            "surf1Dread" => (false, 1),
            "surf2Dread" => (false, 2),
            "surf3Dwrite" | "surf3Dread" | "surf1DLayeredwrite" | "surf2DLayeredwrite"
            | "surfCubemapwrite" => {
                return Err(Diag::unsupported(pos, &format!("'{name}'")));
            }
            _ => return Ok(None),
        };
        // write: (data, surface, coordinates..., [mode]); read: (surface, coordinates...,
        // [mode]) with the type as the template argument.
        let fixed = usize::from(write) + 1 + dims;
        if args.len() != fixed && args.len() != fixed + 1 {
            return Err(Diag::new(
                pos,
                format!("{name} takes {fixed} or {} arguments, {} given", fixed + 1, args.len()),
            )
            .note("pass the surface object, one coordinate per dimension (x in bytes) and optionally the boundary mode"));
        }
        let mode = match args.get(fixed) {
            None => "trap",
            Some(m) => {
                let tp = self.tparams();
                match self.const_int(m, &tp)? {
                    0 => "zero",
                    1 => "clamp",
                    2 => "trap",
                    other => return Err(Diag::new(
                        m.pos,
                        format!("{other} is not a surface boundary mode"),
                    )
                    .note(
                        "pass cudaBoundaryModeZero, cudaBoundaryModeClamp or cudaBoundaryModeTrap",
                    )),
                }
            }
        };
        let ty = if write {
            self.type_of(&args[0])?
        } else {
            let Some([TemplArg::Type(t)]) = targs else {
                return Err(Diag::unsupported(
                    pos,
                    &format!("{name} without a result type (the surface-reference API)"),
                ));
            };
            let tp = self.tparams();
            self.resolve(t, &tp)?
        };
        if !ty.is_arith() || matches!(ty, Type::Bool) {
            return Err(Diag::unsupported(
                pos,
                &format!(
                    "{name} of a {} (the built-in compiler moves scalars)",
                    self.type_name(&ty)
                ),
            ));
        }
        let bits = ty.bits();
        let (class, bty) = match bits {
            64 => (RegClass::B64, "b64"),
            32 => (RegClass::B32, "b32"),
            _ => {
                return Err(Diag::unsupported(
                    pos,
                    &format!(
                    "{name} of a {}-bit type (the built-in compiler moves 32- and 64-bit scalars)",
                    bits
                ),
                ))
            }
        };
        let is_float = matches!(ty, Type::Float | Type::Double);
        let first = usize::from(write);
        let obj = self.expr(&args[first])?;
        let obj = self.convert(obj, &Type::Int(IntKind::ULongLong), pos)?;
        let o = self.reg_of(&obj);
        let mut coords = Vec::new();
        for a in &args[first + 1..first + 1 + dims] {
            let v = self.expr(a)?;
            let v = self.convert(v, &crate::types::INT, pos)?;
            coords.push(self.reg_of(&v));
        }
        let coords = coords.join(", ");
        if write {
            let v = self.expr(&args[0])?;
            let v = self.convert(v, &ty, pos)?;
            let r = self.reg_of(&v);
            let data = if is_float {
                let b = self.b().reg(class);
                self.b().ins(&format!("mov.b{bits} \t{b}, {r}"));
                b
            } else {
                r
            };
            self.b().ins(&format!(
                "sust.b.{dims}d.{bty}.{mode} \t[{o}, {{{coords}}}], {{{data}}}"
            ));
            self.cse_clear();
            return Ok(Some(Value::new(Op::Int(0), Type::Void)));
        }
        let d = self.b().reg(class);
        self.b().ins(&format!(
            "suld.b.{dims}d.{bty}.{mode} \t{{{d}}}, [{o}, {{{coords}}}]"
        ));
        if is_float {
            let f = self.b().reg(ty.class());
            self.b().ins(&format!("mov.b{bits} \t{f}, {d}"));
            return Ok(Some(Value::new(Op::Reg(f), ty)));
        }
        Ok(Some(Value::new(Op::Reg(d), ty)))
    }
}
