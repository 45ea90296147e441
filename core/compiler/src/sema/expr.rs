//! Expressions: values, lvalues, loads and stores, conversions, operators with C++'s
//! promotions and usual arithmetic conversions (from [`crate::types`]), constant folding
//! with IEEE results, and `a*b+c` contraction into `fma` within a basic block.

use super::*;
use crate::types::{promote, usual_arith, RegClass, INT, LONG};

/// A condition: known at compile time, or a predicate register (true when set, or when
/// clear if `negated`).
pub(super) enum Test {
    Known(bool),
    Pred(String, bool),
}

fn bad_operands(pos: Pos, op: &str, a: &Type, b: &Type, s: &Sema) -> Diag {
    Diag::new(
        pos,
        format!(
            "invalid operands to '{op}': {} and {}",
            s.type_name(a),
            s.type_name(b)
        ),
    )
    .note("convert the operands to arithmetic types or a pointer and an integer")
}

impl Sema<'_> {
    /// A type as C spells it, for messages.
    pub fn type_name(&self, t: &Type) -> String {
        match t {
            Type::Void => "void".into(),
            Type::Bool => "bool".into(),
            Type::Int(k) => k.name().into(),
            Type::Float => "float".into(),
            Type::Double => "double".into(),
            Type::Ptr { to, konst, .. } => format!(
                "{}{}*",
                if *konst { "const " } else { "" },
                self.type_name(to)
            ),
            Type::Array(e, n) => format!("{}[{n}]", self.type_name(e)),
            Type::Struct(id) => self.struct_info(*id).name.to_string(),
            Type::Half(_) | Type::Half2(_) => t.half_name().into(),
        }
    }

    /// The register holding `v` (an immediate is moved into one).
    pub(super) fn reg_of(&mut self, v: &Value) -> String {
        match &v.op {
            Op::Reg(r) => r.clone(),
            op => {
                let c = v.ty.class();
                let r = self.b().reg(c);
                let t = match c {
                    RegClass::F32 => "f32",
                    RegClass::F64 => "f64",
                    RegClass::B64 => "u64",
                    RegClass::B16 => "b16",
                    _ => "u32",
                };
                self.b().ins(&format!("mov.{t} \t{r}, {}", op.text()));
                r
            }
        }
    }

    /// The value of an expression (arrays decay to pointers; structs are their address).
    pub(super) fn expr(&mut self, e: &Expr) -> Result<Value> {
        self.depth += 1;
        let r = if self.depth > MAX_EXPR_DEPTH {
            Err(Diag::new(
                e.pos,
                format!("expression nested deeper than {MAX_EXPR_DEPTH} operations"),
            )
            .note("split it into statements with variables"))
        } else {
            self.expr_inner(e)
        };
        self.depth -= 1;
        r
    }

    fn expr_inner(&mut self, e: &Expr) -> Result<Value> {
        if self.b().too_big() {
            return Err(Diag::new(
                e.pos,
                "the kernel grew past the compiler's instruction limit",
            )
            .note("a loop over a template or an inlined recursion is probably unbounded"));
        }
        use ExprKind::*;
        let pos = e.pos;
        match &e.kind {
            Int(v, t) => Ok(Value::new(Op::Int(*v as i64), t.clone())),
            Float(v, single) => Ok(if *single {
                Value::new(Op::F32(*v as f32), Type::Float)
            } else {
                Value::new(Op::F64(*v), Type::Double)
            }),
            Bool(b) => Ok(Value::new(Op::Int(i64::from(*b)), Type::Bool)),
            Null => Ok(Value::new(Op::Int(0), Type::ptr(Type::Void))),
            Str(bytes) => self.string(bytes),
            Lambda(_) => Err(Diag::unsupported(
                pos,
                "a lambda used other than by calling it or naming it with 'auto'",
            )),
            Name(path, targs) => self.name_value(path, targs.as_deref(), pos),
            Unary(op, a) => self.unary(op, a, pos),
            Postfix(op, a) => self.incdec(a, op, true, pos),
            Binary("&&", a, b) | Binary("||", a, b) => {
                let c = self.cond(e)?;
                let _ = (a, b);
                self.cond_value(c)
            }
            Binary(op, a, b) => {
                if let Some(v) = self.overloaded(op, &[a, b], pos)? {
                    return Ok(v);
                }
                let l = self.expr(a)?;
                let r = self.expr(b)?;
                self.binary(op, l, r, pos)
            }
            Assign(Some(op), l, r)
                if self.funcs.contains_key(&*format!("operator{op}="))
                    || self.funcs.contains_key(&*format!("operator{op}")) =>
            {
                if let Some(v) = self.overloaded(&format!("{op}="), &[l, r], pos)? {
                    return Ok(v);
                }
                if let Some(v) = self.overloaded(op, &[l, r], pos)? {
                    let lv = self.lvalue(l)?;
                    let t = lv.ty().clone();
                    let v = self.convert(v, &t, pos)?;
                    self.store(&lv, v.clone())?;
                    return Ok(v);
                }
                self.assign(Some(op), l, r, pos)
            }
            Assign(op, l, r) => self.assign(*op, l, r, pos),
            Cond(c, a, b) => self.conditional(c, a, b),
            Comma(a, b) => {
                self.expr(a)?;
                self.expr(b)
            }
            Call(f, args) => self.call(f, args, pos),
            Index(..) | Member(..) => {
                if let Some(v) = self.builtin_var(e)? {
                    return Ok(v);
                }
                let lv = self.lvalue(e)?;
                self.load(&lv)
            }
            Cast(ty, a) => {
                let tp = self.tparams();
                let t = self.resolve(ty, &tp)?;
                if let Ty::Ref(_) = ty {
                    let lv = self.lvalue(a)?;
                    let lv = offset_lval(&lv, 0, t);
                    return self.load(&lv);
                }
                let v = self.expr(a)?;
                self.convert(v, &t, pos)
            }
            Construct(ty, args) => self.construct(ty, args, pos),
            SizeofType(ty) => {
                let tp = self.tparams();
                let t = self.resolve(ty, &tp)?;
                Ok(Value::new(
                    Op::Int(self.size_of(&t) as i64),
                    crate::types::ULONG,
                ))
            }
            AlignofType(ty) => {
                let tp = self.tparams();
                let t = self.resolve(ty, &tp)?;
                Ok(Value::new(
                    Op::Int(self.align_of(&t) as i64),
                    crate::types::ULONG,
                ))
            }
            SizeofExpr(a) => {
                let t = self.type_of(a)?;
                Ok(Value::new(
                    Op::Int(self.size_of(&t) as i64),
                    crate::types::ULONG,
                ))
            }
            InitList(items) => match items.as_slice() {
                [one] => self.expr(one),
                _ => Err(Diag::new(pos, "a braced list is only an initialiser here")
                    .note("initialise a variable of array or struct type with it")),
            },
        }
    }

    /// The type an expression would have, without emitting code that stays.
    pub(super) fn type_of(&mut self, e: &Expr) -> Result<Type> {
        if let ExprKind::Name(p, None) = &e.kind {
            if let Some(Bind::Var(lv)) = p.last().and_then(|n| self.lookup_local(n)) {
                return Ok(lv.ty().clone());
            }
            if let Some((_, t, _)) = p.last().and_then(|n| self.globals.get(n)) {
                return Ok(t.clone());
            }
        }
        // Emit into a scratch builder and throw the code away.
        let saved = self.scratch_begin();
        let r = match &e.kind {
            ExprKind::Index(..) | ExprKind::Member(..) | ExprKind::Unary("*", _) => {
                match self.builtin_var(e) {
                    Ok(Some(v)) => Ok(v.ty),
                    Ok(None) => self.lvalue(e).map(|l| l.ty().clone()),
                    Err(d) => Err(d),
                }
            }
            _ => self.expr(e).map(|v| v.ty),
        };
        self.scratch_end(saved);
        r
    }

    pub(super) fn string(&mut self, bytes: &[u8]) -> Result<Value> {
        let sym = match self.strings.get(bytes) {
            Some(s) => s.clone(),
            None => {
                let sym = format!(
                    "$str{}",
                    if self.strings.is_empty() {
                        String::new()
                    } else {
                        format!("${}", self.strings.len())
                    }
                );
                let mut list: Vec<String> = bytes.iter().map(|b| b.to_string()).collect();
                list.push("0".into());
                self.module.globals.push(format!(
                    ".global .align 1 .b8 {sym}[{}] = {{{}}};",
                    bytes.len() + 1,
                    list.join(", ")
                ));
                self.strings.insert(bytes.to_vec(), sym.clone());
                sym
            }
        };
        let r = self.b().reg(RegClass::B64);
        self.b().ins(&format!("mov.u64 \t{r}, {sym}"));
        let g = self.b().reg(RegClass::B64);
        self.b().ins(&format!("cvta.global.u64 \t{g}, {r}"));
        Ok(Value::new(
            Op::Reg(g),
            Type::Ptr {
                to: Rc::new(Type::Int(IntKind::Char)),
                konst: true,
                vol: false,
            },
        ))
    }

    fn name_value(
        &mut self,
        path: &[Rc<str>],
        targs: Option<&[TemplArg]>,
        pos: Pos,
    ) -> Result<Value> {
        let name = path.last().cloned().unwrap_or_else(|| Rc::from(""));
        if targs.is_none() && path.len() == 1 {
            match self.lookup_local(&name) {
                Some(Bind::Var(lv)) => return self.load(&lv),
                Some(Bind::Const(v)) => return Ok(v),
                Some(Bind::Lambda(_)) => {
                    return Err(Diag::unsupported(
                        pos,
                        &format!("using the lambda '{name}' other than by calling it"),
                    ))
                }
                None => {}
            }
            if let Some(TArg::Value(v, t)) = self.frame().tparams.get(&name).cloned() {
                return Ok(Value::new(Op::Int(v), t));
            }
        }
        if let Some(v) = self.global_consts.get(&name) {
            return Ok(v.clone());
        }
        if let Some(v) = self.enum_consts.get(&name) {
            return Ok(Value::new(Op::Int(*v), INT));
        }
        if self.globals.contains_key(&name) {
            let lv = self.global_lval(&name);
            return self.load(&lv);
        }
        if &*name == "warpSize" {
            return Ok(Value::new(Op::Int(32), INT));
        }
        if self.funcs.contains_key(&name) || crate::builtins::lookup(&name).next().is_some() {
            return Err(Diag::unsupported(
                pos,
                &format!("using the function '{name}' as a value (a function pointer)"),
            ));
        }
        if crate::builtins::BUILTIN_VARS
            .iter()
            .any(|(n, _)| **n == *name)
        {
            return Err(
                Diag::new(pos, format!("'{name}' is used without a component"))
                    .note(format!("write {name}.x, {name}.y or {name}.z")),
            );
        }
        Err(Diag::new(pos, format!("'{name}' is not declared"))
            .note("declare it before use; check the spelling"))
    }

    fn global_lval(&mut self, name: &str) -> LVal {
        let (sym, ty, space) = self.globals[name].clone();
        LVal::Mem {
            base: sym,
            off: 0,
            ty,
            space,
            vol: false,
        }
    }

    /// `threadIdx.x` and friends, if `e` is one.
    fn builtin_var(&mut self, e: &Expr) -> Result<Option<Value>> {
        let ExprKind::Member(base, m, false) = &e.kind else {
            return Ok(None);
        };
        let ExprKind::Name(p, None) = &base.kind else {
            return Ok(None);
        };
        let [n] = p.as_slice() else { return Ok(None) };
        if self.lookup_local(n).is_some() {
            return Ok(None);
        }
        let Some((_, reg)) = crate::builtins::BUILTIN_VARS
            .iter()
            .find(|(v, _)| **v == **n)
        else {
            return Ok(None);
        };
        if !matches!(&**m, "x" | "y" | "z") {
            return Err(Diag::new(e.pos, format!("'{n}' has no member '{m}'"))
                .note("its members are x, y and z"));
        }
        let r = self.b().reg(RegClass::B32);
        self.b().ins(&format!("mov.u32 \t{r}, {reg}.{m}"));
        Ok(Some(Value::new(Op::Reg(r), crate::types::UINT)))
    }

    /// The object an expression designates.
    pub(super) fn lvalue(&mut self, e: &Expr) -> Result<LVal> {
        use ExprKind::*;
        match &e.kind {
            Name(path, None) => {
                let name = path.last().cloned().unwrap_or_else(|| Rc::from(""));
                if path.len() == 1 {
                    if let Some(Bind::Var(lv)) = self.lookup_local(&name) {
                        return Ok(lv);
                    }
                }
                if self.globals.contains_key(&name) {
                    return Ok(self.global_lval(&name));
                }
                if self.lookup_local(&name).is_some()
                    || self.global_consts.contains_key(&name)
                    || self.enum_consts.contains_key(&name)
                {
                    return Err(Diag::new(
                        e.pos,
                        format!("'{name}' is a constant; it cannot be assigned or addressed"),
                    )
                    .note("declare a variable instead"));
                }
                Err(Diag::new(e.pos, format!("'{name}' is not declared"))
                    .note("declare it before use; check the spelling"))
            }
            Unary("*", p) => {
                let v = self.expr(p)?;
                self.deref(v, e.pos)
            }
            Index(a, i) => {
                let base = self.expr(a)?;
                let idx = self.expr(i)?;
                let (base, idx) = if base.ty.is_int() && matches!(idx.ty, Type::Ptr { .. }) {
                    (idx, base)
                } else {
                    (base, idx)
                };
                if !matches!(base.ty, Type::Ptr { .. }) {
                    return Err(Diag::new(
                        e.pos,
                        format!("cannot index a value of type {}", self.type_name(&base.ty)),
                    )
                    .note("index an array or a pointer"));
                }
                let p = self.ptr_add(base, idx, false, e.pos)?;
                self.deref(p, e.pos)
            }
            Member(a, m, arrow) => {
                let obj = if *arrow {
                    let v = self.expr(a)?;
                    self.deref(v, e.pos)?
                } else {
                    match &a.kind {
                        Name(..) | Index(..) | Member(..) | Unary("*", _) => self.lvalue(a)?,
                        _ => {
                            let v = self.expr(a)?;
                            if let Type::Half2(_) = v.ty {
                                LVal::Reg(self.reg_of(&v), v.ty)
                            } else if !matches!(v.ty, Type::Struct(_)) {
                                return Err(Diag::new(
                                    e.pos,
                                    format!("'.{m}' on a value of type {}", self.type_name(&v.ty)),
                                )
                                .note("'.' selects a member of a struct"));
                            } else {
                                LVal::Mem {
                                    base: self.reg_of(&v),
                                    off: 0,
                                    ty: v.ty,
                                    space: Space::Generic,
                                    vol: false,
                                }
                            }
                        }
                    }
                };
                if let Type::Half2(k) = obj.ty().clone() {
                    let high = match &**m {
                        "x" => false,
                        "y" => true,
                        _ => {
                            return Err(Diag::new(
                                e.pos,
                                format!("{} has no member '{m}'", self.type_name(obj.ty())),
                            )
                            .note("its members are: x, y"))
                        }
                    };
                    return Ok(match obj {
                        LVal::Reg(reg, _) => LVal::Lane {
                            reg,
                            ty: Type::Half(k),
                            high,
                        },
                        other => offset_lval(&other, if high { 2 } else { 0 }, Type::Half(k)),
                    });
                }
                let Type::Struct(id) = obj.ty().clone() else {
                    return Err(Diag::new(
                        e.pos,
                        format!("'{m}' is not a member of {}", self.type_name(obj.ty())),
                    )
                    .note("'.' and '->' select members of structs"));
                };
                let info = self.struct_info(id);
                let Some((_, ft, off)) = info.fields.iter().find(|f| f.0 == *m).cloned() else {
                    let names: Vec<&str> = info.fields.iter().map(|f| &*f.0).collect();
                    return Err(
                        Diag::new(e.pos, format!("{} has no member '{m}'", info.name))
                            .note(format!("its members are: {}", names.join(", "))),
                    );
                };
                Ok(offset_lval(&obj, off as i64, ft))
            }
            Cast(Ty::Ref(_), a) => self.lvalue(a),
            Unary("++", a) | Unary("--", a) => {
                let op = if matches!(&e.kind, Unary("++", _)) {
                    "++"
                } else {
                    "--"
                };
                self.incdec(a, op, false, e.pos)?;
                self.lvalue(a)
            }
            Assign(..) => {
                self.expr(e)?;
                let ExprKind::Assign(_, l, _) = &e.kind else {
                    return Err(Diag::new(e.pos, "internal error: expected an assignment"));
                };
                self.lvalue(l)
            }
            _ => Err(Diag::new(
                e.pos,
                "this expression is not an object that can be assigned or addressed",
            )
            .note("assign to a variable, an array element, a member or *pointer")),
        }
    }

    fn deref(&mut self, v: Value, pos: Pos) -> Result<LVal> {
        let Type::Ptr { to, vol, .. } = &v.ty else {
            return Err(Diag::new(
                pos,
                format!(
                    "cannot dereference a value of type {}",
                    self.type_name(&v.ty)
                ),
            )
            .note("only pointers can be dereferenced"));
        };
        if **to == Type::Void {
            return Err(Diag::new(pos, "cannot dereference a void*")
                .note("cast it to a pointer to a real type first"));
        }
        let base = self.reg_of(&v);
        Ok(LVal::Mem {
            base,
            off: 0,
            ty: (**to).clone(),
            space: Space::Generic,
            vol: *vol,
        })
    }

    /// The generic address of an lvalue.
    pub(super) fn address(&mut self, lv: &LVal, pos: Pos) -> Result<Value> {
        let LVal::Mem {
            base,
            off,
            ty,
            space,
            vol,
        } = lv
        else {
            if let LVal::Lane { .. } = lv {
                return Err(Diag::new(
                    pos,
                    "cannot take the address of a lane of a __half2 kept in a register",
                )
                .note("copy the lane into a variable and take that one's address"));
            }
            return Err(
                Diag::new(pos, "cannot take the address of a register variable here")
                    .note("this is a compiler limitation; report it"),
            );
        };
        let mut r = base.clone();
        if *space != Space::Generic {
            let m = self.b().reg(RegClass::B64);
            self.b().ins(&format!("mov.u64 \t{m}, {base}"));
            let g = self.b().reg(RegClass::B64);
            let sp = match space {
                Space::Shared => "shared",
                Space::Const => "const",
                _ => "global",
            };
            self.b().ins(&format!("cvta.{sp}.u64 \t{g}, {m}"));
            r = g;
        }
        if *off != 0 {
            let a = self.b().reg(RegClass::B64);
            self.b().ins(&format!("add.s64 \t{a}, {r}, {off}"));
            r = a;
        }
        let to = match ty {
            Type::Array(e, _) if false => (**e).clone(),
            t => t.clone(),
        };
        Ok(Value::new(
            Op::Reg(r),
            Type::Ptr {
                to: Rc::new(to),
                konst: false,
                vol: *vol,
            },
        ))
    }

    fn mem_operand(lv: &LVal) -> (String, &'static str) {
        match lv {
            LVal::Mem {
                base, off, space, ..
            } => {
                let a = if *off == 0 {
                    format!("[{base}]")
                } else {
                    format!("[{base}+{off}]")
                };
                (a, space.suffix())
            }
            LVal::Reg(..) | LVal::Lane { .. } => (String::new(), ""),
        }
    }

    /// Reads an lvalue.
    pub(super) fn load(&mut self, lv: &LVal) -> Result<Value> {
        match lv {
            LVal::Lane { reg, ty, high } => {
                let kind = match ty {
                    Type::Half(k) => *k,
                    _ => crate::types::HalfKind::F16,
                };
                Ok(self.half_lane(reg, kind, *high))
            }
            LVal::Reg(r, t) => {
                if let Some(op) = self.b().known.value(r) {
                    return Ok(Value::new(op, t.clone()));
                }
                let mut v = Value::new(Op::Reg(r.clone()), t.clone());
                if let Some((p, ver)) = self.st().var_prod.get(r).cloned() {
                    if ver == self.version(r) {
                        v.prod = Some(p);
                    }
                }
                Ok(v)
            }
            LVal::Mem { ty, vol, .. } => {
                if let Type::Array(e, _) = ty {
                    let mut p = self.address(lv, Pos::default())?;
                    p.ty = Type::Ptr {
                        to: e.clone(),
                        konst: false,
                        vol: *vol,
                    };
                    return Ok(p);
                }
                if let Type::Struct(_) = ty {
                    // A struct's value is a copy in the frame, so later writes to the
                    // original do not change it.
                    let size = self.size_of(ty);
                    let align = self.align_of(ty);
                    let off = self.b().alloc_local(size, align) as i64;
                    let tmp = LVal::Mem {
                        base: "%SP".into(),
                        off,
                        ty: ty.clone(),
                        space: Space::Generic,
                        vol: false,
                    };
                    self.copy(&tmp, lv)?;
                    let mut a = self.address(&tmp, Pos::default())?;
                    a.ty = ty.clone();
                    return Ok(a);
                }
                if *ty == Type::Void {
                    return Err(Diag::new(Pos::default(), "cannot read a void object")
                        .note("cast the pointer to a real type"));
                }
                let (addr, sp) = Self::mem_operand(lv);
                let r = self.b().reg(ty.class());
                let v = if *vol { ".volatile" } else { "" };
                self.b()
                    .ins(&format!("ld{v}{sp}.{} \t{r}, {addr}", ty.mem_suffix()));
                Ok(Value::new(Op::Reg(r), ty.clone()))
            }
        }
    }

    /// Copies the object at `src` to `dst` (same type), scalar by scalar.
    fn copy(&mut self, dst: &LVal, src: &LVal) -> Result<()> {
        let mut leaves = Vec::new();
        self.leaves(dst.ty(), 0, &mut leaves);
        for (t, off) in leaves {
            let v = self.load(&offset_lval(src, off as i64, t.clone()))?;
            self.store(&offset_lval(dst, off as i64, t), v)?;
        }
        Ok(())
    }

    /// Writes `v` (already of the lvalue's type) to `lv`.
    pub(super) fn store(&mut self, lv: &LVal, v: Value) -> Result<()> {
        match lv {
            LVal::Lane { reg, high, .. } => {
                // The pair changes: a constant it was known to hold is no longer what it holds.
                self.b().known.set(reg, None);
                self.half_set_lane(reg, *high, &v);
                Ok(())
            }
            LVal::Reg(r, t) => {
                let ver = self.bump(r);
                // NVVM propagates constants through locals (not under `-G`).
                let known = (v.op.is_const() && !self.opts.debug).then(|| v.op.clone());
                self.b().known.set(r, known);
                let prod = v.prod.clone();
                let op = v.op.text();
                let mt = mov_type(t);
                self.b().ins(&format!("mov.{mt} \t{r}, {op}"));
                match prod {
                    Some(p) => {
                        self.b()
                            .contraction
                            .aliases
                            .push((r.clone(), p.reg.clone()));
                        self.st().var_prod.insert(r.clone(), (p, ver));
                    }
                    None => {
                        self.st().var_prod.remove(r);
                    }
                }
                Ok(())
            }
            LVal::Mem { ty, vol, .. } => {
                if let Type::Struct(_) | Type::Array(..) = ty {
                    let src = LVal::Mem {
                        base: self.reg_of(&v),
                        off: 0,
                        ty: ty.clone(),
                        space: Space::Generic,
                        vol: false,
                    };
                    return self.copy(lv, &src);
                }
                let (addr, sp) = Self::mem_operand(lv);
                let val = match &v.op {
                    Op::Reg(r) => r.clone(),
                    _ => self.reg_of(&v),
                };
                let vo = if *vol { ".volatile" } else { "" };
                self.b()
                    .ins(&format!("st{vo}{sp}.{} \t{addr}, {val}", ty.mem_suffix()));
                Ok(())
            }
        }
    }

    // ---- conversions ----

    /// Converts a constant to `to` as C++ does (IEEE round-to-nearest for floats).
    pub(super) fn fold_convert(&mut self, v: Value, to: &Type, pos: Pos) -> Result<Value> {
        if !v.op.is_const() {
            return self.convert(v, to, pos);
        }
        let op = match (&v.op, to) {
            (_, Type::Bool) => Op::Int(i64::from(match v.op {
                Op::Int(i) => i != 0,
                Op::F32(f) => f != 0.0,
                Op::F64(f) => f != 0.0,
                Op::Reg(_) => false,
            })),
            (Op::Int(i), Type::Int(k)) => Op::Int(normalize(*i, *k)),
            (Op::Int(i), Type::Float) => Op::F32(
                if v.ty.is_signed() || v.ty == Type::Bool || v.ty.bits() < 64 {
                    *i as f32
                } else {
                    (*i as u64) as f32
                },
            ),
            (Op::Int(i), Type::Double) => Op::F64(if v.ty.is_signed() || v.ty.bits() < 64 {
                *i as f64
            } else {
                (*i as u64) as f64
            }),
            (Op::F32(f), Type::Float) => Op::F32(*f),
            (Op::F32(f), Type::Double) => Op::F64(f64::from(*f)),
            (Op::F64(f), Type::Float) => Op::F32(*f as f32),
            (Op::F64(f), Type::Double) => Op::F64(*f),
            (Op::F32(f), Type::Int(k)) => Op::Int(float_to_int(f64::from(*f), *k)),
            (Op::F64(f), Type::Int(k)) => Op::Int(float_to_int(*f, *k)),
            (Op::Int(i), Type::Ptr { .. }) => Op::Int(*i),
            _ => return self.convert(v, to, pos),
        };
        Ok(Value::new(op, to.clone()))
    }

    /// Converts `v` to type `to` (an implicit or explicit conversion).
    pub(super) fn convert(&mut self, v: Value, to: &Type, pos: Pos) -> Result<Value> {
        if v.ty == *to {
            return Ok(v);
        }
        if v.ty.is_half() || to.is_half() {
            return self.half_convert(v, to, pos);
        }
        if v.op.is_const()
            && (to.is_arith() || matches!(to, Type::Ptr { .. }))
            && (v.ty.is_arith() || matches!(v.ty, Type::Ptr { .. }))
        {
            return self.fold_convert(v, to, pos);
        }
        let from = v.ty.clone();
        let ftz = if self.ftz() { ".ftz" } else { "" };
        match (&from, to) {
            (_, Type::Void) => Ok(Value::new(Op::Int(0), Type::Void)),
            (Type::Ptr { .. }, Type::Ptr { .. }) => Ok(Value {
                ty: to.clone(),
                ..v
            }),
            (Type::Struct(a), Type::Struct(b)) if a == b => Ok(v),
            (_, Type::Bool) => {
                let c = self.truth(v, pos)?;
                self.cond_value(c)
            }
            (Type::Bool, Type::Int(_)) => Ok(Value::new(v.op, to.clone())),
            (Type::Int(a), Type::Int(b)) => {
                let src = self.reg_of(&v);
                let r = match (a.bits(), b.bits()) {
                    (64, 64) => return Ok(Value::new(Op::Reg(src), to.clone())),
                    (64, _) => {
                        let d = self.b().reg(RegClass::B32);
                        self.b().ins(&format!("cvt.u32.u64 \t{d}, {src}"));
                        if b.bits() < 32 {
                            self.narrow(&d, *b)
                        } else {
                            d
                        }
                    }
                    (_, 64) => {
                        let d = self.b().reg(RegClass::B64);
                        let s = if a.signed() { "s" } else { "u" };
                        self.b().ins(&format!("cvt.{s}64.{s}32 \t{d}, {src}"));
                        d
                    }
                    (x, y) if y < 32 && (x > y || a.signed() != b.signed()) => {
                        self.narrow(&src, *b)
                    }
                    _ => src,
                };
                Ok(Value::new(Op::Reg(r), to.clone()))
            }
            (Type::Int(_) | Type::Bool, Type::Float | Type::Double) => {
                let src = self.reg_of(&v);
                let s = match &from {
                    Type::Int(k) if k.bits() == 64 => {
                        if k.signed() {
                            "s64"
                        } else {
                            "u64"
                        }
                    }
                    Type::Int(k) if k.signed() => "s32",
                    _ => "u32",
                };
                let d = self.b().reg(to.class());
                self.b()
                    .ins(&format!("cvt.rn.{}.{s} \t{d}, {src}", to.arith_suffix()));
                Ok(Value::new(Op::Reg(d), to.clone()))
            }
            (Type::Float | Type::Double, Type::Int(k)) => {
                let src = self.reg_of(&v);
                let (bits, t) = if k.bits() == 64 {
                    (64, if k.signed() { "s64" } else { "u64" })
                } else if k.signed() {
                    (32, "s32")
                } else {
                    (32, "u32")
                };
                let d = self.b().reg(if bits == 64 {
                    RegClass::B64
                } else {
                    RegClass::B32
                });
                let fz = if from == Type::Float { ftz } else { "" };
                self.b().ins(&format!(
                    "cvt.rzi{fz}.{t}.{} \t{d}, {src}",
                    from.arith_suffix()
                ));
                let d = if k.bits() < 32 {
                    self.narrow(&d, *k)
                } else {
                    d
                };
                Ok(Value::new(Op::Reg(d), to.clone()))
            }
            (Type::Float, Type::Double) => {
                let src = self.reg_of(&v);
                let d = self.b().reg(RegClass::F64);
                self.b().ins(&format!("cvt{ftz}.f64.f32 \t{d}, {src}"));
                Ok(Value::new(Op::Reg(d), Type::Double))
            }
            (Type::Double, Type::Float) => {
                let src = self.reg_of(&v);
                let d = self.b().reg(RegClass::F32);
                self.b().ins(&format!("cvt.rn{ftz}.f32.f64 \t{d}, {src}"));
                Ok(Value::new(Op::Reg(d), Type::Float))
            }
            (Type::Int(k), Type::Ptr { .. }) => {
                let w = self.convert(
                    v,
                    &Type::Int(if k.signed() {
                        IntKind::Long
                    } else {
                        IntKind::ULong
                    }),
                    pos,
                )?;
                Ok(Value::new(w.op, to.clone()))
            }
            (Type::Ptr { .. }, Type::Int(_)) => {
                let w = Value::new(v.op, crate::types::ULONG);
                self.convert(w, to, pos)
            }
            (Type::Array(e, _), Type::Ptr { .. }) => {
                let _ = e;
                Ok(Value::new(v.op, to.clone()))
            }
            _ => Err(Diag::new(
                pos,
                format!(
                    "cannot convert {} to {}",
                    self.type_name(&from),
                    self.type_name(to)
                ),
            )
            .note("convert between arithmetic types, pointers, or the same struct")),
        }
    }

    /// Sign- or zero-extends the low bits of a 32-bit register for an 8- or 16-bit type.
    pub(super) fn narrow(&mut self, src: &str, k: IntKind) -> String {
        let d = self.b().reg(RegClass::B32);
        let s = if k.signed() { "s" } else { "u" };
        self.b()
            .ins(&format!("cvt.{s}32.{s}{} \t{d}, {src}", k.bits()));
        d
    }

    pub(super) fn ftz(&self) -> bool {
        self.opts.ftz || self.opts.fast_math
    }

    fn fmad(&self) -> bool {
        (self.opts.fmad || self.opts.fast_math) && !self.opts.debug
    }

    // ---- operators ----

    /// A call of a user's `operator@` when an operand is a struct.
    fn overloaded(&mut self, op: &str, args: &[&Expr], pos: Pos) -> Result<Option<Value>> {
        let name = format!("operator{op}");
        if !self.funcs.contains_key(&*name) {
            return Ok(None);
        }
        let mut any_struct = false;
        for a in args {
            if matches!(self.type_of(a)?, Type::Struct(_)) {
                any_struct = true;
            }
        }
        if !any_struct {
            return Ok(None);
        }
        let callee = Expr {
            kind: ExprKind::Name(vec![Rc::from(name)], None),
            pos,
        };
        let list: Vec<Expr> = args.iter().map(|a| (*a).clone()).collect();
        self.call(&callee, &list, pos).map(Some)
    }

    fn unary(&mut self, op: &str, a: &Expr, pos: Pos) -> Result<Value> {
        if matches!(op, "-" | "+" | "!" | "~") {
            if let Some(v) = self.overloaded(op, &[a], pos)? {
                return Ok(v);
            }
        }
        match op {
            "&" => {
                if let ExprKind::Name(p, _) = &a.kind {
                    if p.last().is_some_and(|n| self.funcs.contains_key(n))
                        && self.lookup_local(p.last().map_or("", |s| s)).is_none()
                    {
                        return Err(Diag::unsupported(pos, "a function pointer"));
                    }
                }
                let lv = self.lvalue(a)?;
                self.address(&lv, pos)
            }
            "*" => {
                let lv = self.lvalue(&Expr {
                    kind: ExprKind::Unary("*", Box::new(a.clone())),
                    pos,
                })?;
                self.load(&lv)
            }
            "++" | "--" => self.incdec(a, op, false, pos),
            "!" => {
                let c = self.cond(&Expr {
                    kind: ExprKind::Unary("!", Box::new(a.clone())),
                    pos,
                })?;
                self.cond_value(c)
            }
            _ => {
                let v = self.expr(a)?;
                if v.ty.is_half() && op != "~" {
                    return if op == "-" {
                        self.half_neg(v, pos)
                    } else {
                        Ok(v)
                    };
                }
                if !v.ty.is_arith() {
                    return Err(Diag::new(
                        pos,
                        format!("invalid operand to unary '{op}': {}", self.type_name(&v.ty)),
                    )
                    .note("use an arithmetic operand"));
                }
                let t = promote(&v.ty);
                let v = self.convert(v, &t, pos)?;
                match op {
                    "+" => Ok(v),
                    "-" => self.negate(v),
                    _ => {
                        if t.is_float() {
                            return Err(Diag::new(pos, "'~' needs an integer operand")
                                .note("it flips the bits of an integer"));
                        }
                        if let Op::Int(i) = v.op {
                            return Ok(Value::new(Op::Int(norm_ty(!i, &t)), t));
                        }
                        let s = self.reg_of(&v);
                        let d = self.b().reg(t.class());
                        self.b().ins(&format!(
                            "not.b{} \t{d}, {s}",
                            if t.class() == RegClass::B64 { 64 } else { 32 }
                        ));
                        Ok(Value::new(Op::Reg(d), t))
                    }
                }
            }
        }
    }

    fn negate(&mut self, v: Value) -> Result<Value> {
        match v.op {
            Op::Int(i) => return Ok(Value::new(Op::Int(norm_ty(i.wrapping_neg(), &v.ty)), v.ty)),
            Op::F32(f) => return Ok(Value::new(Op::F32(-f), v.ty)),
            Op::F64(f) => return Ok(Value::new(Op::F64(-f), v.ty)),
            Op::Reg(_) => {}
        }
        let s = self.reg_of(&v);
        let d = self.b().reg(v.ty.class());
        let negated = if v.ty.is_float() {
            Some(s.clone())
        } else {
            None
        };
        let t = match &v.ty {
            Type::Float => format!("{}f32", if self.ftz() { "ftz." } else { "" }),
            Type::Double => "f64".into(),
            t => t.arith_suffix().replace('u', "s"),
        };
        self.b().ins(&format!("neg.{t} \t{d}, {s}"));
        let mut r = Value::new(Op::Reg(d), v.ty);
        r.negated = negated;
        Ok(r)
    }

    fn incdec(&mut self, a: &Expr, op: &str, post: bool, pos: Pos) -> Result<Value> {
        let lv = self.lvalue(a)?;
        let old = self.load(&lv)?;
        let old = if post && matches!(lv, LVal::Reg(..)) {
            // Keep the old value: the register is about to change.
            let c = self.reg_of(&old);
            let r = self.b().reg(old.ty.class());
            let mt = mov_type(&old.ty);
            self.b().ins(&format!("mov.{mt} \t{r}, {c}"));
            Value::new(Op::Reg(r), old.ty)
        } else {
            Value { prod: None, ..old }
        };
        let one = match old.ty {
            // `h++` adds the header's 1.0 (a constant register of its bits).
            Type::Half(k) => Value::new(Op::Int(k.one_bits()), old.ty.clone()),
            _ => Value::new(Op::Int(1), INT),
        };
        let bop = if op == "++" { "+" } else { "-" };
        let new = self.binary(bop, old.clone(), one, pos)?;
        let t = lv.ty().clone();
        let new = self.convert(new, &t, pos)?;
        self.store(&lv, new.clone())?;
        Ok(if post { old } else { new })
    }

    fn assign(&mut self, op: Option<&str>, l: &Expr, r: &Expr, pos: Pos) -> Result<Value> {
        let lv = self.lvalue(l)?;
        let t = lv.ty().clone();
        let v = match op {
            None => {
                if let (Type::Struct(_) | Type::Array(..), ExprKind::InitList(_)) = (&t, &r.kind) {
                    self.init_object(&lv, r)?;
                    return self.load(&lv);
                }
                let v = self.expr(r)?;
                self.convert(v, &t, pos)?
            }
            Some(op) => {
                let cur = self.load(&lv)?;
                let rv = self.expr(r)?;
                // `h += 1.0f` is the class's `operator+=(const __half&)`: 1.0f converts.
                let rv = if t.is_half() && rv.ty != t && !matches!(op, "<<" | ">>") {
                    self.convert(rv, &t, pos)?
                } else {
                    rv
                };
                let res = self.binary(op, cur, rv, pos)?;
                self.convert(res, &t, pos)?
            }
        };
        if matches!(t, Type::Array(..)) {
            return Err(
                Diag::new(pos, "arrays cannot be assigned").note("assign element by element")
            );
        }
        self.store(&lv, v.clone())?;
        Ok(v)
    }

    /// A binary operator on two values.
    pub(super) fn binary(&mut self, op: &str, l: Value, r: Value, pos: Pos) -> Result<Value> {
        let lp = matches!(l.ty, Type::Ptr { .. });
        let rp = matches!(r.ty, Type::Ptr { .. });
        if lp || rp {
            return self.pointer_op(op, l, r, pos);
        }
        if l.ty.is_half() || r.ty.is_half() {
            return self.half_binary(op, l, r, pos);
        }
        if !l.ty.is_arith() || !r.ty.is_arith() {
            return Err(bad_operands(pos, op, &l.ty, &r.ty, self));
        }
        if op == "<<" || op == ">>" {
            return self.shift(op, l, r, pos);
        }
        let t = usual_arith(&l.ty, &r.ty);
        let lc = self.convert(l, &t, pos)?;
        let rc = self.convert(r, &t, pos)?;
        if matches!(op, "==" | "!=" | "<" | ">" | "<=" | ">=") {
            let c = self.compare(op, lc, rc)?;
            return self.cond_value(c);
        }
        if t.is_float() && matches!(op, "%" | "&" | "|" | "^") {
            return Err(Diag::new(
                pos,
                format!("'{op}' needs integer operands, not {}", self.type_name(&t)),
            )
            .note(if op == "%" {
                "use fmodf/fmod for floating remainders"
            } else {
                "convert the operands to integers"
            }));
        }
        if let Some(v) = self.fold(op, &lc, &rc, &t, pos)? {
            return Ok(v);
        }
        if op == "*" && t.is_float() && self.fmad() {
            return self.float_mul(lc, rc, &t);
        }
        // LLVM canonicalises `x - C` into `x + (-C)`: an addition, so a product fuses.
        if op == "-" && t.is_float() && rc.op.is_const() && !lc.op.is_const() {
            let neg = self.negate(rc.clone())?;
            return self.binary("+", lc, neg, pos);
        }
        let a = self.reg_of(&lc);
        let b = rc.op.text();
        let d = self.b().reg(t.class());
        let s = t.arith_suffix();
        let fz = if t == Type::Float && self.ftz() {
            ".ftz"
        } else {
            ""
        };
        let rn = if t.is_float() && !self.fmad() {
            ".rn"
        } else {
            ""
        };
        let text = match op {
            "+" => format!("add{rn}{fz}.{s} \t{d}, {a}, {b}"),
            "-" => format!("sub{rn}{fz}.{s} \t{d}, {a}, {b}"),
            "*" if t.is_float() => format!("mul{rn}{fz}.{s} \t{d}, {a}, {b}"),
            "*" => format!("mul.lo.{s} \t{d}, {a}, {b}"),
            "/" if t == Type::Float => self.fdiv_text(&d, &a, &b),
            "/" if t == Type::Double => format!("div.rn.f64 \t{d}, {a}, {b}"),
            "/" => format!("div.{s} \t{d}, {a}, {b}"),
            "%" => format!("rem.{s} \t{d}, {a}, {b}"),
            "&" | "|" | "^" => {
                let w = if t.class() == RegClass::B64 { 64 } else { 32 };
                let name = match op {
                    "&" => "and",
                    "|" => "or",
                    _ => "xor",
                };
                format!("{name}.b{w} \t{d}, {a}, {b}")
            }
            _ => {
                return Err(Diag::new(pos, format!("unknown operator '{op}'"))
                    .note("this is a compiler bug; report it"))
            }
        };
        let line = self.b().next_line();
        self.b().ins(&text);
        let v = Value::new(Op::Reg(d.clone()), t.clone());
        if t.is_float() && self.fmad() && op == "+" {
            self.record_candidates(line, &lc, &rc, &d, fz);
        }
        Ok(v)
    }

    /// A floating product as LLVM leaves it: `(-a) * b` is `-(a * b)`, and an equal
    /// product computed before (same factors, either order, still valid) is reused.
    fn float_mul(&mut self, l: Value, r: Value, t: &Type) -> Result<Value> {
        if let Some(n) = l.negated.clone().filter(|_| !r.op.is_const()) {
            let p = self.float_mul(Value::new(Op::Reg(n), t.clone()), r, t)?;
            return self.negate(Value { prod: None, ..p });
        }
        if let Some(n) = r.negated.clone().filter(|_| !l.op.is_const()) {
            let p = self.float_mul(l, Value::new(Op::Reg(n), t.clone()), t)?;
            return self.negate(Value { prod: None, ..p });
        }
        let (x, y) = (l.op.text(), r.op.text());
        let key = if x <= y {
            (x.clone(), y.clone(), t.arith_suffix().to_string())
        } else {
            (y.clone(), x.clone(), t.arith_suffix().to_string())
        };
        if let Some((reg, versions)) = self.cse_find(&key) {
            let mut v = Value::new(Op::Reg(reg.clone()), t.clone());
            v.prod = Some(Rc::new(Prod { reg, versions }));
            return Ok(v);
        }
        let a = self.reg_of(&l);
        let d = self.b().reg(t.class());
        let fz = if *t == Type::Float && self.ftz() {
            ".ftz"
        } else {
            ""
        };
        let line = self.b().next_line();
        self.b()
            .ins(&format!("mul{fz}.{} \t{d}, {a}, {y}", t.arith_suffix()));
        let versions: Vec<(String, u32)> = [&l.op, &r.op]
            .iter()
            .filter_map(|o| {
                if let Op::Reg(r) = o {
                    Some((r.clone(), self.version(r)))
                } else {
                    None
                }
            })
            .collect();
        let block = self.b().block;
        let depth = self.st().depth;
        self.b().contraction.muls.insert(
            d.clone(),
            crate::contract::Mul {
                a,
                b: y,
                block,
                depth,
                line,
            },
        );
        if let Some(s) = self.st().cse.last_mut() {
            s.muls.insert(key, (d.clone(), versions.clone()));
        }
        let mut v = Value::new(Op::Reg(d.clone()), t.clone());
        v.prod = Some(Rc::new(Prod { reg: d, versions }));
        Ok(v)
    }

    fn fdiv_text(&self, d: &str, a: &str, b: &str) -> String {
        let o = self.opts;
        if o.fast_math {
            format!("div.approx.ftz.f32 \t{d}, {a}, {b}")
        } else if !o.prec_div {
            format!(
                "div.full{}.f32 \t{d}, {a}, {b}",
                if o.ftz { ".ftz" } else { "" }
            )
        } else {
            format!(
                "div.rn{}.f32 \t{d}, {a}, {b}",
                if o.ftz { ".ftz" } else { "" }
            )
        }
    }

    /// Records an `add` whose addends may be products, for [`crate::contract`].
    fn record_candidates(&mut self, line: usize, l: &Value, r: &Value, dest: &str, ftz: &str) {
        let block = self.b().block;
        let depth = self.st().depth;
        let suffix = format!("{ftz}.{}", l.ty.arith_suffix());
        for (v, other, left) in [(l, r, true), (r, l, false)] {
            let Some(p) = &v.prod else { continue };
            let factors_live = p
                .versions
                .iter()
                .all(|(reg, ver)| self.version(reg) == *ver);
            let c = crate::contract::Candidate {
                line,
                product: p.reg.clone(),
                addend: other.op.text(),
                dest: dest.to_string(),
                suffix: suffix.clone(),
                factors_live,
                block,
                depth,
                left,
            };
            self.b().contraction.candidates.push(c);
        }
    }

    /// Folds an operation on two constants, as the target computes it.
    fn fold(
        &mut self,
        op: &str,
        l: &Value,
        r: &Value,
        t: &Type,
        pos: Pos,
    ) -> Result<Option<Value>> {
        let v = match (&l.op, &r.op) {
            (Op::Int(a), Op::Int(b)) => {
                let (a, b) = (*a, *b);
                let u = !t.is_signed();
                let w64 = t.bits() == 64;
                let (ua, ub) = if w64 {
                    (a as u64, b as u64)
                } else {
                    (u64::from(a as u32), u64::from(b as u32))
                };
                let v = match op {
                    "+" => a.wrapping_add(b),
                    "-" => a.wrapping_sub(b),
                    "*" => a.wrapping_mul(b),
                    "/" | "%" => {
                        if b == 0 {
                            return Err(Diag::new(
                                pos,
                                "division by zero in a constant expression",
                            )
                            .note("divide by a non-zero value"));
                        }
                        match (op, u) {
                            ("/", true) => (ua / ub) as i64,
                            ("/", false) => a.wrapping_div(b),
                            (_, true) => (ua % ub) as i64,
                            _ => a.wrapping_rem(b),
                        }
                    }
                    "&" => a & b,
                    "|" => a | b,
                    "^" => a ^ b,
                    _ => return Ok(None),
                };
                Op::Int(norm_ty(v, t))
            }
            (Op::F32(a), Op::F32(b)) => Op::F32(match op {
                "+" => a + b,
                "-" => a - b,
                "*" => a * b,
                "/" => a / b,
                _ => return Ok(None),
            }),
            (Op::F64(a), Op::F64(b)) => Op::F64(match op {
                "+" => a + b,
                "-" => a - b,
                "*" => a * b,
                "/" => a / b,
                _ => return Ok(None),
            }),
            _ => return Ok(None),
        };
        // Flush-to-zero applies to folded single-precision results too.
        let v = match v {
            Op::F32(f) if self.ftz() && f.is_subnormal() => {
                Op::F32(if f.is_sign_negative() { -0.0 } else { 0.0 })
            }
            v => v,
        };
        Ok(Some(Value::new(v, t.clone())))
    }

    fn shift(&mut self, op: &str, l: Value, r: Value, pos: Pos) -> Result<Value> {
        if l.ty.is_float() || r.ty.is_float() {
            return Err(Diag::new(pos, format!("'{op}' needs integer operands"))
                .note("shift integers only"));
        }
        let t = promote(&l.ty);
        let l = self.convert(l, &t, pos)?;
        let rt = promote(&r.ty);
        let r = self.convert(r, &rt, pos)?;
        if let (Op::Int(a), Op::Int(b)) = (&l.op, &r.op) {
            let w = t.bits();
            if *b < 0 || *b as u64 >= u64::from(w) {
                return Err(Diag::new(
                    pos,
                    format!(
                        "shift count {b} is not less than the width of {} ({w} bits)",
                        self.type_name(&t)
                    ),
                )
                .note("shift a wider type (1LL << n) or by less"));
            }
            let b = *b as u32;
            let v = if op == "<<" {
                a.wrapping_shl(b)
            } else if t.is_signed() {
                if w == 64 {
                    a.wrapping_shr(b)
                } else {
                    i64::from((*a as i32).wrapping_shr(b))
                }
            } else if w == 64 {
                ((*a as u64) >> b) as i64
            } else {
                i64::from((*a as u32) >> b)
            };
            return Ok(Value::new(Op::Int(norm_ty(v, &t)), t));
        }
        let amount = match (&r.op, rt.bits()) {
            (Op::Int(i), _) => i.to_string(),
            (_, 64) => {
                let s = self.reg_of(&r);
                let d = self.b().reg(RegClass::B32);
                self.b().ins(&format!("cvt.u32.u64 \t{d}, {s}"));
                d
            }
            _ => self.reg_of(&r),
        };
        let a = self.reg_of(&l);
        let d = self.b().reg(t.class());
        let w = if t.class() == RegClass::B64 { 64 } else { 32 };
        let text = if op == "<<" {
            format!("shl.b{w} \t{d}, {a}, {amount}")
        } else {
            format!(
                "shr.{}{w} \t{d}, {a}, {amount}",
                if t.is_signed() { "s" } else { "u" }
            )
        };
        self.b().ins(&text);
        Ok(Value::new(Op::Reg(d), t))
    }

    fn pointer_op(&mut self, op: &str, l: Value, r: Value, pos: Pos) -> Result<Value> {
        let lp = matches!(l.ty, Type::Ptr { .. });
        let rp = matches!(r.ty, Type::Ptr { .. });
        match op {
            "+" if lp && r.ty.is_int() || r.ty == Type::Bool => self.ptr_add(l, r, false, pos),
            "+" if rp && l.ty.is_int() => self.ptr_add(r, l, false, pos),
            "-" if lp && r.ty.is_int() => self.ptr_add(l, r, true, pos),
            "-" if lp && rp => {
                let size = l.ty.pointee().map_or(1, |t| self.size_of(t)).max(1);
                let a = self.reg_of(&l);
                let b = r.op.text();
                let d = self.b().reg(RegClass::B64);
                self.b().ins(&format!("sub.s64 \t{d}, {a}, {b}"));
                if size == 1 {
                    return Ok(Value::new(Op::Reg(d), LONG));
                }
                let q = self.b().reg(RegClass::B64);
                self.b().ins(&format!("div.s64 \t{q}, {d}, {size}"));
                Ok(Value::new(Op::Reg(q), LONG))
            }
            "==" | "!=" | "<" | ">" | "<=" | ">=" => {
                let c = self.compare(
                    op,
                    Value::new(l.op, crate::types::ULONG),
                    Value::new(r.op, crate::types::ULONG),
                )?;
                self.cond_value(c)
            }
            _ => Err(bad_operands(pos, op, &l.ty, &r.ty, self)),
        }
    }

    /// `p + i` (or `p - i`), scaled by the pointee's size.
    pub(super) fn ptr_add(&mut self, p: Value, i: Value, sub: bool, pos: Pos) -> Result<Value> {
        let size = p.ty.pointee().map_or(1, |t| self.size_of(t)).max(1) as i64;
        let it = if i.ty.is_signed() || i.ty == Type::Bool {
            LONG
        } else {
            crate::types::ULONG
        };
        let i = self.convert(i, &it, pos)?;
        if let Op::Int(k) = i.op {
            let off = k.wrapping_mul(size);
            let off = if sub { off.wrapping_neg() } else { off };
            if off == 0 {
                return Ok(p);
            }
            let a = self.reg_of(&p);
            let d = self.b().reg(RegClass::B64);
            self.b().ins(&format!("add.s64 \t{d}, {a}, {off}"));
            return Ok(Value::new(Op::Reg(d), p.ty));
        }
        let ir = self.reg_of(&i);
        let scaled = if size == 1 {
            ir
        } else {
            let s = self.b().reg(RegClass::B64);
            self.b().ins(&format!("mul.lo.s64 \t{s}, {ir}, {size}"));
            s
        };
        let a = self.reg_of(&p);
        let d = self.b().reg(RegClass::B64);
        self.b().ins(&format!(
            "{}.s64 \t{d}, {a}, {scaled}",
            if sub { "sub" } else { "add" }
        ));
        Ok(Value::new(Op::Reg(d), p.ty))
    }

    /// A comparison of two values already of one type.
    fn compare(&mut self, op: &str, l: Value, r: Value) -> Result<Test> {
        let t = l.ty.clone();
        if let (Some(a), Some(b)) = (const_f64(&l.op, &t), const_f64(&r.op, &t)) {
            let v = match op {
                "==" => a == b,
                "!=" => a != b,
                "<" => a < b,
                ">" => a > b,
                "<=" => a <= b,
                _ => a >= b,
            };
            if let (Op::Int(x), Op::Int(y)) = (&l.op, &r.op) {
                let (x, y) = (*x, *y);
                let uns = !t.is_signed();
                let ord = if uns {
                    (x as u64).cmp(&(y as u64))
                } else {
                    x.cmp(&y)
                };
                let v = match op {
                    "==" => ord.is_eq(),
                    "!=" => ord.is_ne(),
                    "<" => ord.is_lt(),
                    ">" => ord.is_gt(),
                    "<=" => ord.is_le(),
                    _ => ord.is_ge(),
                };
                return Ok(Test::Known(v));
            }
            return Ok(Test::Known(v));
        }
        let (l, r, op) = if l.op.is_const() {
            (r, l, swap_cmp(op))
        } else {
            (l, r, op)
        };
        let a = self.reg_of(&l);
        let b = r.op.text();
        let p = self.b().reg(RegClass::Pred);
        let (cmp, ty) = if t.is_float() {
            // C's != is true for NaN operands (unordered); the others are ordered.
            let c = match op {
                "==" => "eq",
                "!=" => "neu",
                "<" => "lt",
                ">" => "gt",
                "<=" => "le",
                _ => "ge",
            };
            let fz = if t == Type::Float && self.ftz() {
                ".ftz"
            } else {
                ""
            };
            (c.to_string(), format!("{fz}.{}", t.arith_suffix()))
        } else {
            let c = match op {
                "==" => "eq",
                "!=" => "ne",
                "<" => "lt",
                ">" => "gt",
                "<=" => "le",
                _ => "ge",
            };
            let s = t.arith_suffix();
            (c.to_string(), format!(".{s}"))
        };
        self.b().ins(&format!("setp.{cmp}{ty} \t{p}, {a}, {b}"));
        Ok(Test::Pred(p, false))
    }

    /// The truth of a value (`x != 0`).
    pub(super) fn truth(&mut self, v: Value, pos: Pos) -> Result<Test> {
        if v.ty.is_half() {
            return self.half_truth(v, pos);
        }
        if !v.ty.is_scalar() {
            return Err(Diag::new(
                pos,
                format!(
                    "a value of type {} cannot be a condition",
                    self.type_name(&v.ty)
                ),
            )
            .note("compare it with something"));
        }
        let t = if v.ty == Type::Bool {
            INT
        } else if matches!(v.ty, Type::Ptr { .. }) {
            crate::types::ULONG
        } else {
            promote(&v.ty)
        };
        let v = Value::new(v.op, t.clone());
        let zero = match t {
            Type::Float => Value::new(Op::F32(0.0), t),
            Type::Double => Value::new(Op::F64(0.0), t),
            _ => Value::new(Op::Int(0), t),
        };
        self.compare("!=", v, zero)
    }

    /// A condition for a branch, with `&&`, `||` and `!` short-circuited.
    pub(super) fn cond(&mut self, e: &Expr) -> Result<Test> {
        use ExprKind::*;
        match &e.kind {
            Unary("!", a) => Ok(match self.cond(a)? {
                Test::Known(b) => Test::Known(!b),
                Test::Pred(p, n) => Test::Pred(p, !n),
            }),
            Binary(op @ ("&&" | "||"), a, b) => {
                let is_and = *op == "&&";
                let ca = self.cond(a)?;
                match ca {
                    Test::Known(x) if x == is_and => self.cond(b),
                    Test::Known(x) => Ok(Test::Known(x)),
                    Test::Pred(p, n) => {
                        let res = self.b().reg(RegClass::Pred);
                        let end = self.b().label();
                        // res = a; if a decides, skip b.
                        self.b().ins(&format!(
                            "{} \t{res}, {p}",
                            if n { "not.pred" } else { "mov.pred" }
                        ));
                        self.b().branch_if(&res, is_and, &end);
                        self.cse_push(false);
                        let cb = self.cond(b);
                        self.cse_pop();
                        let cb = cb?;
                        match cb {
                            Test::Known(x) => self
                                .b()
                                .ins(&format!("setp.ne.s32 \t{res}, {}, 0", i32::from(x))),
                            Test::Pred(q, m) => self.b().ins(&format!(
                                "{} \t{res}, {q}",
                                if m { "not.pred" } else { "mov.pred" }
                            )),
                        }
                        self.b().place(&end);
                        Ok(Test::Pred(res, false))
                    }
                }
            }
            Binary(op @ ("==" | "!=" | "<" | ">" | "<=" | ">="), a, b) => {
                let l = self.expr(a)?;
                let r = self.expr(b)?;
                if matches!(l.ty, Type::Ptr { .. }) || matches!(r.ty, Type::Ptr { .. }) {
                    let l = Value::new(l.op, crate::types::ULONG);
                    let r = Value::new(r.op, crate::types::ULONG);
                    return self.compare(op, l, r);
                }
                if l.ty.is_half() || r.ty.is_half() {
                    return self.half_compare(op, l, r, e.pos);
                }
                if !l.ty.is_arith() || !r.ty.is_arith() {
                    return Err(bad_operands(e.pos, op, &l.ty, &r.ty, self));
                }
                let t = usual_arith(&l.ty, &r.ty);
                let l = self.convert(l, &t, e.pos)?;
                let r = self.convert(r, &t, e.pos)?;
                self.compare(op, l, r)
            }
            _ => {
                let v = self.expr(e)?;
                self.truth(v, e.pos)
            }
        }
    }

    /// A condition as a `bool` value (0 or 1 in a register).
    pub(super) fn cond_value(&mut self, c: Test) -> Result<Value> {
        match c {
            Test::Known(b) => Ok(Value::new(Op::Int(i64::from(b)), Type::Bool)),
            Test::Pred(p, n) => {
                let d = self.b().reg(RegClass::B32);
                let (t, f) = if n { (0, 1) } else { (1, 0) };
                self.b().ins(&format!("selp.u32 \t{d}, {t}, {f}, {p}"));
                Ok(Value::new(Op::Reg(d), Type::Bool))
            }
        }
    }

    /// Branches to `label` when the condition is false.
    pub(super) fn branch_unless(&mut self, c: Test, label: &str) {
        match c {
            Test::Known(true) => {}
            Test::Known(false) => self.b().branch(label),
            Test::Pred(p, n) => self.b().branch_if(&p, !n, label),
        }
    }

    fn conditional(&mut self, c: &Expr, a: &Expr, b: &Expr) -> Result<Value> {
        let cv = self.cond(c)?;
        if let Test::Known(k) = cv {
            return self.expr(if k { a } else { b });
        }
        if self.trivial(a) && self.trivial(b) {
            return self.select(cv, a, b);
        }
        let else_l = self.b().label();
        let end = self.b().label();
        self.branch_unless(cv, &else_l);
        self.cse_push(false);
        let va = self.expr(a);
        self.cse_pop();
        let va = va?;
        // The result's type: the usual arithmetic conversions, or the pointer/struct type.
        let tb = self.type_of(b)?;
        let t = if va.ty.is_arith() && tb.is_arith() {
            usual_arith(&va.ty, &tb)
        } else if matches!(va.ty, Type::Ptr { .. }) {
            va.ty.clone()
        } else if matches!(tb, Type::Ptr { .. }) {
            tb.clone()
        } else {
            va.ty.clone()
        };
        let va = self.convert(va, &t, c.pos)?;
        let d = self.b().reg(t.class());
        let mt = mov_type(&t);
        self.b().ins(&format!("mov.{mt} \t{d}, {}", va.op.text()));
        self.b().branch(&end);
        self.b().place(&else_l);
        self.cse_push(false);
        let vb = self.expr(b);
        self.cse_pop();
        let vb = vb?;
        let vb = self.convert(vb, &t, c.pos)?;
        self.b().ins(&format!("mov.{mt} \t{d}, {}", vb.op.text()));
        self.b().place(&end);
        Ok(Value::new(Op::Reg(d), t))
    }

    /// Whether an expression is a constant or a variable's value (possibly converted): an
    /// arm LLVM computes unconditionally, turning `c ? a : b` into a `select`.
    fn trivial(&mut self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Int(..) | ExprKind::Float(..) | ExprKind::Bool(_) | ExprKind::Null => true,
            ExprKind::Name(p, None) => {
                p.len() == 1
                    && matches!(
                        self.lookup_local(&p[0]),
                        Some(Bind::Var(LVal::Reg(..))) | Some(Bind::Const(_))
                    )
                    || self.enum_consts.contains_key(&p[p.len() - 1])
                    || self.global_consts.contains_key(&p[p.len() - 1])
            }
            ExprKind::Cast(Ty::Base(_), x) | ExprKind::Unary("-", x) => self.trivial(x),
            _ => false,
        }
    }

    /// `c ? a : b` as one `selp`, both arms computed.
    fn select(&mut self, cv: Test, a: &Expr, b: &Expr) -> Result<Value> {
        let va = self.expr(a)?;
        let vb = self.expr(b)?;
        let t = if va.ty.is_arith() && vb.ty.is_arith() {
            usual_arith(&va.ty, &vb.ty)
        } else {
            va.ty.clone()
        };
        let va = self.convert(va, &t, a.pos)?;
        let vb = self.convert(vb, &t, b.pos)?;
        let Test::Pred(p, negated) = cv else {
            return Ok(va);
        };
        let (x, y) = if negated { (vb, va) } else { (va, vb) };
        let d = self.b().reg(t.class());
        let st = match t.class() {
            RegClass::F32 => "f32",
            RegClass::F64 => "f64",
            RegClass::B64 => "b64",
            RegClass::B16 => "b16",
            _ => "b32",
        };
        self.b().ins(&format!(
            "selp.{st} \t{d}, {}, {}, {p}",
            x.op.text(),
            y.op.text()
        ));
        Ok(Value::new(Op::Reg(d), t))
    }

    fn construct(&mut self, ty: &Ty, args: &[Expr], pos: Pos) -> Result<Value> {
        let tp = self.tparams();
        let t = self.resolve(ty, &tp)?;
        match (&t, args) {
            (Type::Half2(k), [a, b]) => {
                let (a, b) = (self.expr(a)?, self.expr(b)?);
                self.half_pair(*k, a, b, pos)
            }
            (Type::Struct(_), _) => {
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
                let list = Expr {
                    kind: ExprKind::InitList(args.to_vec()),
                    pos,
                };
                self.init_object(&lv, &list)?;
                let mut a = self.address(&lv, pos)?;
                a.ty = t;
                Ok(a)
            }
            (_, []) => self.fold_convert(Value::new(Op::Int(0), INT), &t, pos),
            (_, [one]) => {
                let v = self.expr(one)?;
                self.convert(v, &t, pos)
            }
            _ => Err(
                Diag::new(pos, format!("{} takes one value", self.type_name(&t)))
                    .note("pass one argument"),
            ),
        }
    }

    /// Initialises the object `lv` from `init` (a value or a braced list; missing elements
    /// are zero).
    pub(super) fn init_object(&mut self, lv: &LVal, init: &Expr) -> Result<()> {
        let t = lv.ty().clone();
        match (&t, &init.kind) {
            (Type::Array(el, n), ExprKind::InitList(items)) => {
                if items.len() as u64 > *n {
                    return Err(Diag::new(
                        init.pos,
                        format!("{} initialisers for an array of {n}", items.len()),
                    )
                    .note("remove the extra values"));
                }
                let es = self.size_of(el) as i64;
                for i in 0..*n {
                    let el_lv = offset_lval(lv, i as i64 * es, (**el).clone());
                    match items.get(i as usize) {
                        Some(it) => self.init_object(&el_lv, it)?,
                        None => self.zero(&el_lv)?,
                    }
                }
                Ok(())
            }
            (Type::Array(el, n), ExprKind::Str(bytes)) if matches!(**el, Type::Int(k) if k.bits() == 8) =>
            {
                for i in 0..*n {
                    let b = bytes.get(i as usize).copied().unwrap_or(0);
                    self.store(
                        &offset_lval(lv, i as i64, (**el).clone()),
                        Value::new(Op::Int(i64::from(b as i8)), (**el).clone()),
                    )?;
                }
                Ok(())
            }
            (Type::Struct(id), ExprKind::InitList(items)) => {
                let fields = self.struct_info(*id).fields.clone();
                if let [one] = items.as_slice() {
                    let ot = self.type_of(one)?;
                    if ot == t {
                        let v = self.expr(one)?;
                        return self.store(lv, v);
                    }
                }
                if items.len() > fields.len() {
                    return Err(Diag::new(
                        init.pos,
                        format!(
                            "{} values for a struct of {} fields",
                            items.len(),
                            fields.len()
                        ),
                    )
                    .note("remove the extra values"));
                }
                let is_dim3 = &*self.struct_info(*id).name == "dim3";
                for (k, (_, ft, off)) in fields.iter().enumerate() {
                    let f_lv = offset_lval(lv, *off as i64, ft.clone());
                    match items.get(k) {
                        Some(it) => self.init_object(&f_lv, it)?,
                        None if is_dim3 => self.store(&f_lv, Value::new(Op::Int(1), ft.clone()))?,
                        None => self.zero(&f_lv)?,
                    }
                }
                Ok(())
            }
            (Type::Half2(k), ExprKind::InitList(items)) if items.len() == 2 => {
                let [a, b] = items.as_slice() else {
                    return Err(Diag::new(init.pos, "internal error: a pair's two values"));
                };
                let a = self.expr(a)?;
                let b = self.expr(b)?;
                let v = self.half_pair(*k, a, b, init.pos)?;
                self.store(lv, v)
            }
            (_, ExprKind::InitList(items)) if items.len() <= 1 => match items.first() {
                Some(it) => self.init_object(lv, it),
                None => self.zero(lv),
            },
            _ => {
                let v = self.expr(init)?;
                let v = self.convert(v, &t, init.pos)?;
                self.store(lv, v)
            }
        }
    }

    fn zero(&mut self, lv: &LVal) -> Result<()> {
        let mut leaves = Vec::new();
        self.leaves(lv.ty(), 0, &mut leaves);
        for (t, off) in leaves {
            let z = match t {
                Type::Float => Op::F32(0.0),
                Type::Double => Op::F64(0.0),
                _ => Op::Int(0),
            };
            self.store(&offset_lval(lv, off as i64, t.clone()), Value::new(z, t))?;
        }
        Ok(())
    }
}

/// The `mov` type for a register of type `t`.
pub(super) fn mov_type(t: &Type) -> &'static str {
    match t.class() {
        RegClass::F32 => "f32",
        RegClass::F64 => "f64",
        RegClass::B64 => "u64",
        RegClass::Pred => "pred",
        // A copy of a `__half2` is a `b32` move, which `contract::fold_copies` folds into
        // the instruction that computed it, as NVRTC's PTX has no copy.
        RegClass::B32 if t.is_half() => "b32",
        RegClass::B32 => "u32",
        RegClass::B16 => "b16",
    }
}

fn swap_cmp(op: &str) -> &'static str {
    match op {
        "<" => ">",
        ">" => "<",
        "<=" => ">=",
        ">=" => "<=",
        "==" => "==",
        _ => "!=",
    }
}

fn const_f64(op: &Op, t: &Type) -> Option<f64> {
    match op {
        Op::Int(i) => Some(if t.is_signed() {
            *i as f64
        } else {
            *i as u64 as f64
        }),
        Op::F32(f) => Some(f64::from(*f)),
        Op::F64(f) => Some(*f),
        Op::Reg(_) => None,
    }
}

/// The two's complement value of `v` truncated to integer kind `k` and extended back.
pub(super) fn normalize(v: i64, k: IntKind) -> i64 {
    match (k.bits(), k.signed()) {
        (8, true) => i64::from(v as i8),
        (8, false) => i64::from(v as u8),
        (16, true) => i64::from(v as i16),
        (16, false) => i64::from(v as u16),
        (32, true) => i64::from(v as i32),
        (32, false) => i64::from(v as u32),
        _ => v,
    }
}

fn norm_ty(v: i64, t: &Type) -> i64 {
    match t {
        Type::Int(k) => normalize(v, *k),
        Type::Bool => i64::from(v != 0),
        _ => v,
    }
}

/// A float converted to an integer as `cvt.rzi` does (saturating, NaN to 0).
fn float_to_int(f: f64, k: IntKind) -> i64 {
    match (k.bits(), k.signed()) {
        (64, true) => f as i64,
        (64, false) => (f as u64) as i64,
        (32, false) => i64::from(f as u32),
        (_, true) => normalize(i64::from(f as i32), k),
        _ => normalize(i64::from(f as u32), k),
    }
}
