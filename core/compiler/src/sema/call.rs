//! Calls: user device functions (overloads, templates deduced from arguments, inlined at
//! the call), the built-in table of [`crate::builtins`], CUDA's overloaded helpers (`min`,
//! `max`, `abs`, `make_float4`, ...), the math library, `printf`, `assert`, `malloc`/`free`.

use super::*;
use crate::builtins::{Lower, P};
use crate::math::{MathMode, Scalar};
use crate::types::{promote, usual_arith, RegClass, INT, UINT};

/// An overload candidate: its cost, the function, its template arguments.
type Candidate = (u32, Rc<Func>, HashMap<Rc<str>, TArg>);

/// An argument as evaluated for a call.
enum Arg {
    Val(Value),
    Ref(LVal),
}

fn p_type(p: P) -> Option<Type> {
    Some(match p {
        P::I32 => INT,
        P::U32 => UINT,
        P::I64 => Type::Int(IntKind::LongLong),
        P::U64 => Type::Int(IntKind::ULongLong),
        P::F32 => Type::Float,
        P::F64 => Type::Double,
        P::Void => Type::Void,
        P::Any | P::Ptr => return None,
    })
}

fn scalar_type(s: Scalar) -> Type {
    match s {
        Scalar::F32 => Type::Float,
        Scalar::F64 => Type::Double,
        Scalar::S32 => INT,
        Scalar::U32 => UINT,
        Scalar::S64 => Type::Int(IntKind::LongLong),
        Scalar::U64 => Type::Int(IntKind::ULongLong),
    }
}

/// C++ overloads of the math library on `float`, mapped to C names: `sqrt(float)` is
/// `sqrtf`.
const FLOAT_OVERLOADED: &[&str] = &[
    "sqrt",
    "rsqrt",
    "cbrt",
    "exp",
    "exp2",
    "exp10",
    "expm1",
    "log",
    "log2",
    "log10",
    "log1p",
    "pow",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "erf",
    "erfc",
    "erfinv",
    "erfcinv",
    "tgamma",
    "lgamma",
    "floor",
    "ceil",
    "trunc",
    "round",
    "rint",
    "nearbyint",
    "fmod",
    "remainder",
    "hypot",
    "fabs",
    "fmin",
    "fmax",
    "fma",
    "copysign",
    "fdim",
    "ldexp",
    "frexp",
    "modf",
    "sinpi",
    "cospi",
    "logb",
    "ilogb",
    "normcdf",
    "normcdfinv",
    "rcbrt",
    "sincos",
    "sincospi",
    "lround",
    "llround",
    "lrint",
    "llrint",
    "nextafter",
    "scalbn",
    "j0",
    "j1",
    "y0",
    "y1",
    "isnan",
    "isinf",
    "isfinite",
    "signbit",
];

impl Sema<'_> {
    pub(super) fn call(&mut self, f: &Expr, args: &[Expr], pos: Pos) -> Result<Value> {
        let (path, targs) = match &f.kind {
            ExprKind::Lambda(l) => {
                // `[&] { ... }()`: called where it is written.
                let c = self.closure(l, pos)?;
                return self.call_closure(&c, args, pos);
            }
            ExprKind::Name(p, None) if p.len() == 1 => {
                if let Some(Bind::Lambda(c)) = self.lookup_local(&p[0]) {
                    return self.call_closure(&c, args, pos);
                }
                (p.clone(), None)
            }
            ExprKind::Name(p, t) => (p.clone(), t.clone()),
            ExprKind::Member(obj, m, false) => {
                let t = self.type_of(obj)?;
                if let Some(v) = self.group_method(&t, m, args, pos)? {
                    return Ok(v);
                }
                return Err(Diag::unsupported(
                    pos,
                    &format!("calling the member function '{m}' (a class with methods)"),
                ));
            }
            ExprKind::Member(_, m, true) => {
                return Err(Diag::unsupported(
                    pos,
                    &format!("calling the member function '{m}' (a class with methods)"),
                ))
            }
            _ => return Err(Diag::unsupported(pos, "calling through a function pointer")),
        };
        let name = path.last().cloned().unwrap_or_else(|| Rc::from(""));
        let from = self
            .cur
            .as_ref()
            .and_then(|st| st.frames.last())
            .map(|f| f.ns.clone())
            .unwrap_or_default();
        if let Some(cands) = self
            .funcs
            .get(&name)
            .map(|all| visible(all, &path[..path.len().saturating_sub(1)], &from))
        {
            if !(path.len() > 1 && &*path[0] == "std")
                || cands
                    .iter()
                    .any(|c| c.ns.first().is_some_and(|n| &**n == "std"))
            {
                // A user's overload of a built-in name (`helper_math.h`'s
                // `make_float4(float3, float)`) leaves the built-in ones callable.
                match self.user_call(&name, &cands, targs.as_deref(), args, pos)? {
                    Ok(v) => return Ok(v),
                    Err(no_match) if !self.is_builtin_name(&name, targs.is_some()) => {
                        return Err(no_match)
                    }
                    Err(_) => {}
                }
            }
        }
        if let Some(v) = name.strip_prefix("make_") {
            if let Some(&id) = self.struct_ids.get(v) {
                let ty = Ty::Named(Rc::from(v), pos);
                let _ = id;
                return self.expr(&Expr {
                    kind: ExprKind::Construct(ty, args.to_vec()),
                    pos,
                });
            }
        }
        if &*name == "__cuda_library_assert" {
            return self.assert(args, pos);
        }
        if let Some(v) = self.surface(&name, targs.as_deref(), args, pos)? {
            return Ok(v);
        }
        if let Some(v) = self.texture(&name, targs.as_deref(), args, pos)? {
            return Ok(v);
        }
        if let Some(v) = self.group_function(&name, targs.as_deref(), args, pos)? {
            return Ok(v);
        }
        let vals = args
            .iter()
            .map(|a| self.expr(a))
            .collect::<Result<Vec<_>>>()?;
        if crate::half::is_half_fn(&name) {
            if let Some(v) = self.half_call(&name, vals.clone(), pos)? {
                return Ok(v);
            }
        }
        if vals.iter().any(|v| v.ty.is_half())
            && matches!(
                &*name,
                "min" | "max" | "abs" | "printf" | "umin" | "umax" | "llmin" | "llmax"
            )
        {
            return Err(Diag::new(
                pos,
                format!("{name} does not take __half or __nv_bfloat16 values"),
            )
            .note("use __hmin/__hmax/__habs, or convert to float first (__half2float)"));
        }
        match &*name {
            "printf" => return self.printf(vals, pos),
            "malloc" => return self.malloc(vals, pos),
            "memcpy" | "memset" => return self.mem_bytes(&name, vals, pos),
            "free" => return self.free(vals, pos),
            "min" | "max" | "umin" | "umax" | "llmin" | "llmax" | "ullmin" | "ullmax" => {
                return self.minmax(&name, vals, pos)
            }
            "abs" | "labs" | "llabs" => return self.abs(vals, pos),
            _ => {}
        }
        if crate::builtins::lookup(&name).next().is_some() {
            return self.builtin(&name, vals, pos);
        }
        // atomicAdd_system, atomicAdd_block: one device's memory, the same operation.
        if let Some(base) = name
            .strip_suffix("_system")
            .or_else(|| name.strip_suffix("_block"))
        {
            if base.starts_with("atomic") && crate::builtins::lookup(base).next().is_some() {
                return self.builtin(base, vals, pos);
            }
        }
        let cname = self.math_name(&name, &vals);
        if crate::builtins::lookup(&cname).next().is_some() {
            return self.builtin(&cname, vals, pos);
        }
        self.math(&cname, vals, args, pos)
    }

    /// The C name of a math call: `sqrt(float)` and `std::sqrt(float)` are `sqrtf`.
    fn math_name(&self, name: &str, vals: &[Value]) -> String {
        let first_float = vals.first().is_some_and(|v| v.ty == Type::Float);
        // The classification macros are the library's __isnanf, __isinf, __finitef, ...
        let classify = match name {
            "isnan" => Some("__isnan"),
            "isinf" => Some("__isinf"),
            "isfinite" => Some("__finite"),
            "signbit" => Some("__signbit"),
            _ => None,
        };
        if let Some(c) = classify {
            return if first_float {
                format!("{c}f")
            } else if c == "__signbit" {
                "__signbitd".into()
            } else {
                c.into()
            };
        }
        let any_double = vals.iter().any(|v| v.ty == Type::Double);
        if FLOAT_OVERLOADED.contains(&name) && first_float && !any_double {
            return format!("{name}f");
        }
        name.to_string()
    }

    fn minmax(&mut self, name: &str, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let [a, b] = <[Value; 2]>::try_from(vals).map_err(|_| {
            Diag::new(pos, format!("{name} takes two arguments")).note("pass two values")
        })?;
        let is_max = name.ends_with("max");
        let mut t = usual_arith(&a.ty, &b.ty);
        if name.starts_with('u') {
            t = UINT;
        } else if name.starts_with("ull") {
            t = Type::Int(IntKind::ULongLong);
        } else if name.starts_with("ll") {
            t = Type::Int(IntKind::LongLong);
        }
        let a = self.convert(a, &t, pos)?;
        let b = self.convert(b, &t, pos)?;
        let ar = self.reg_of(&a);
        let d = self.b().reg(t.class());
        let fz = if t == Type::Float && self.ftz() {
            ".ftz"
        } else {
            ""
        };
        self.b().ins(&format!(
            "{}{fz}.{} \t{d}, {ar}, {}",
            if is_max { "max" } else { "min" },
            t.arith_suffix(),
            b.op.text()
        ));
        Ok(Value::new(Op::Reg(d), t))
    }

    fn abs(&mut self, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let [a] = <[Value; 1]>::try_from(vals)
            .map_err(|_| Diag::new(pos, "abs takes one argument").note("pass one value"))?;
        let t = promote(&a.ty);
        let a = self.convert(a, &t, pos)?;
        let ar = self.reg_of(&a);
        let d = self.b().reg(t.class());
        let s = match &t {
            Type::Float if self.ftz() => "ftz.f32".to_string(),
            Type::Float => "f32".into(),
            Type::Double => "f64".into(),
            t if t.bits() == 64 => "s64".into(),
            _ => "s32".into(),
        };
        self.b().ins(&format!("abs.{s} \t{d}, {ar}"));
        Ok(Value::new(Op::Reg(d), t))
    }

    /// A row of the built-in table.
    fn builtin(&mut self, name: &str, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let rows: Vec<_> = crate::builtins::lookup(name).collect();
        let fits = |b: &&crate::builtins::Builtin| {
            let n = b.params.len();
            // Shuffles take an optional width.
            vals.len() == n || (matches!(b.lower, Lower::Shfl(_)) && vals.len() + 1 == n)
        };
        let row = rows
            .iter()
            .find(|b| {
                fits(b)
                    && b.params
                        .iter()
                        .zip(&vals)
                        .all(|(p, v)| p_type(*p).is_none_or(|t| t == v.ty))
            })
            .or_else(|| rows.iter().find(|b| fits(b)));
        let Some(row) = row.copied() else {
            let n = rows.first().map_or(0, |r| r.params.len());
            return Err(Diag::new(
                pos,
                format!("{name} takes {n} arguments, {} given", vals.len()),
            )
            .note("check the call against CUDA's documentation"));
        };
        match row.lower {
            Lower::Ptx(t) => self.ptx_template(row, t, vals, pos),
            Lower::Atomic(op) => self.atomic(name, op, vals, pos),
            Lower::Shfl(mode) => self.shfl(mode, vals, pos),
            Lower::Vote(mode) => self.vote(mode, vals, pos),
            Lower::Ldg => self.ldg(vals, pos),
        }
    }

    fn ptx_template(
        &mut self,
        row: &crate::builtins::Builtin,
        t: &str,
        vals: Vec<Value>,
        pos: Pos,
    ) -> Result<Value> {
        let mut ops = Vec::new();
        for (p, v) in row.params.iter().zip(vals) {
            let v = match p_type(*p) {
                Some(t) => self.convert(v, &t, pos)?,
                None => v,
            };
            ops.push(self.reg_of(&v));
        }
        let rt = p_type(row.ret).unwrap_or(Type::Void);
        let d = if rt == Type::Void {
            String::new()
        } else {
            self.b().reg(rt.class())
        };
        let mut text = t
            .replace("{d}", &d)
            .replace("{ftz}", if self.ftz() { ".ftz" } else { "" });
        for (i, o) in ops.iter().enumerate() {
            text = text.replace(&format!("{{{i}}}"), o);
        }
        for (slot, c) in [
            ("{p}", RegClass::Pred),
            ("{q}", RegClass::Pred),
            ("{r}", RegClass::B32),
            ("{s}", RegClass::B32),
            ("{rd}", RegClass::B64),
            ("{rd2}", RegClass::B64),
            ("{rd3}", RegClass::B64),
            ("{rd4}", RegClass::B64),
            ("{rd5}", RegClass::B64),
        ] {
            if text.contains(slot) {
                let r = self.b().reg(c);
                text = text.replace(slot, &r);
            }
        }
        for ins in text.split(';') {
            self.b().ins(ins);
        }
        Ok(if rt == Type::Void {
            Value::new(Op::Int(0), Type::Void)
        } else {
            Value::new(Op::Reg(d), rt)
        })
    }

    fn atomic(&mut self, name: &str, op: &str, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let mut it = vals.into_iter();
        let (Some(p), Some(v)) = (it.next(), it.next()) else {
            return Err(
                Diag::new(pos, format!("{name} takes a pointer and a value"))
                    .note("write atomicAdd(&x, v)"),
            );
        };
        let Some(t) =
            p.ty.pointee()
                .cloned()
                .filter(|_| matches!(p.ty, Type::Ptr { .. }))
        else {
            return Err(Diag::new(
                pos,
                format!("the first argument of {name} must be a pointer"),
            )
            .note("pass the address: &x or p + i"));
        };
        let ptx_t = match (&t, op) {
            (Type::Float, "add") => "f32",
            (Type::Double, "add") if self.opts.arch >= 60 => "f64",
            (Type::Float, "exch") => "b32",
            (Type::Int(k), _) if k.bits() == 32 || k.bits() == 64 => {
                let w = k.bits();
                match op {
                    "and" | "or" | "xor" | "exch" | "cas" => {
                        if w == 32 {
                            "b32"
                        } else {
                            "b64"
                        }
                    }
                    "min" | "max" => {
                        if k.signed() {
                            if w == 32 {
                                "s32"
                            } else {
                                "s64"
                            }
                        } else if w == 32 {
                            "u32"
                        } else {
                            "u64"
                        }
                    }
                    "inc" | "dec" if w == 32 && !k.signed() => "u32",
                    "add" | "sub" => {
                        if w == 32 {
                            "u32"
                        } else {
                            "u64"
                        }
                    }
                    _ => "",
                }
            }
            _ => "",
        };
        if t.is_half() {
            return self.half_atomic(name, op, &t, p, v, pos);
        }
        if ptx_t.is_empty() {
            return Err(Diag::new(pos, format!("{name} is not defined for {}", self.type_name(&t))).note("CUDA defines atomics on int, unsigned int, unsigned long long, float (add, exch) and double (add, sm_60+)"));
        }
        let addr = self.reg_of(&p);
        let v = self.convert(v, &t, pos)?;
        let mut vr = self.reg_of(&v);
        let mut op = op;
        if op == "sub" {
            let n = self.b().reg(t.class());
            self.b().ins(&format!("neg.s{} \t{n}, {vr}", t.bits()));
            vr = n;
            op = "add";
        }
        let d = self.b().reg(t.class());
        if op == "cas" {
            let Some(nv) = it.next() else {
                return Err(Diag::new(
                    pos,
                    "atomicCAS takes a pointer, the expected value and the new value",
                )
                .note("write atomicCAS(p, expected, desired)"));
            };
            let nv = self.convert(nv, &t, pos)?;
            let nr = self.reg_of(&nv);
            self.b()
                .ins(&format!("atom.cas.{ptx_t} \t{d}, [{addr}], {vr}, {nr}"));
        } else {
            self.b()
                .ins(&format!("atom.{op}.{ptx_t} \t{d}, [{addr}], {vr}"));
        }
        Ok(Value::new(Op::Reg(d), t))
    }

    pub(super) fn shfl(&mut self, mode: &str, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let mut it = vals.into_iter();
        let (Some(mask), Some(v), Some(lane)) = (it.next(), it.next(), it.next()) else {
            return Err(Diag::new(pos, "a shuffle takes a mask, a value and a lane")
                .note("write __shfl_down_sync(0xffffffff, v, 1)"));
        };
        let width = it.next();
        let mask = self.convert(mask, &UINT, pos)?;
        let lane = self.convert(lane, &INT, pos)?;
        let c = match width {
            None => Op::Int(if mode == "up" { 0 } else { 31 }),
            Some(w) => {
                let w = self.convert(w, &INT, pos)?;
                match w.op {
                    Op::Int(w) => Op::Int(
                        (32i64.wrapping_sub(w) & 0xff).wrapping_shl(8)
                            | if mode == "up" { 0 } else { 31 },
                    ),
                    _ => {
                        let wr = self.reg_of(&w);
                        let s = self.b().reg(RegClass::B32);
                        self.b().ins(&format!("sub.s32 \t{s}, 32, {wr}"));
                        let h = self.b().reg(RegClass::B32);
                        self.b().ins(&format!("shl.b32 \t{h}, {s}, 8"));
                        if mode == "up" {
                            Op::Reg(h)
                        } else {
                            let o = self.b().reg(RegClass::B32);
                            self.b().ins(&format!("or.b32 \t{o}, {h}, 31"));
                            Op::Reg(o)
                        }
                    }
                }
            }
        };
        let t = if v.ty.is_arith() {
            promote(&v.ty)
        } else {
            v.ty.clone()
        };
        let v = self.convert(v, &t, pos)?;
        let vr = self.reg_of(&v);
        let (m, l, c) = (mask.op.text(), lane.op.text(), c.text());
        let shfl = |s: &mut Self, src: &str| {
            let d = s.b().reg(RegClass::B32);
            s.b()
                .ins(&format!("shfl.sync.{mode}.b32 \t{d}, {src}, {l}, {c}, {m}"));
            d
        };
        if let Type::Struct(_) = t {
            // A struct (`uint4`, a user's struct) moves word by word, as CUDA's templated
            // shuffles move it.
            let size = self.size_of(&t);
            if size % 4 != 0 {
                return Err(
                    Diag::new(pos, format!("cannot shuffle a {}-byte struct", size))
                        .note("shuffle structs whose size is a multiple of 4 bytes"),
                );
            }
            let align = self.align_of(&t);
            let off = self.b().alloc_local(size, align) as i64;
            let lv = LVal::Mem {
                base: "%SP".into(),
                off,
                ty: t.clone(),
                space: Space::Generic,
                vol: false,
            };
            let at = self.address(&lv, pos)?;
            let to = self.reg_of(&at);
            for w in 0..size / 4 {
                let word = self.b().reg(RegClass::B32);
                self.b().ins(&format!("ld.u32 \t{word}, [{vr}+{}]", w * 4));
                let d = shfl(self, &word);
                self.b().ins(&format!("st.u32 \t[{to}+{}], {d}", w * 4));
            }
            self.cse_clear();
            let mut a = at;
            a.ty = t;
            return Ok(a);
        }
        match t.class() {
            RegClass::B32 => {
                let d = shfl(self, &vr);
                Ok(Value::new(Op::Reg(d), t))
            }
            RegClass::F32 => {
                let bits = self.b().reg(RegClass::B32);
                self.b().ins(&format!("mov.b32 \t{bits}, {vr}"));
                let d = shfl(self, &bits);
                let f = self.b().reg(RegClass::F32);
                self.b().ins(&format!("mov.b32 \t{f}, {d}"));
                Ok(Value::new(Op::Reg(f), t))
            }
            RegClass::B64 | RegClass::F64 => {
                let lo = self.b().reg(RegClass::B32);
                let hi = self.b().reg(RegClass::B32);
                self.b().ins(&format!("mov.b64 \t{{{lo}, {hi}}}, {vr}"));
                let dl = shfl(self, &lo);
                let dh = shfl(self, &hi);
                let d = self.b().reg(t.class());
                self.b().ins(&format!("mov.b64 \t{d}, {{{dl}, {dh}}}"));
                Ok(Value::new(Op::Reg(d), t))
            }
            RegClass::B16 => {
                // As cuda_fp16.h shuffles a half: both halves of a word hold it, the low
                // half of the result is taken.
                let word = self.b().reg(RegClass::B32);
                self.b()
                    .raw(&format!("\t{{  mov.b32 {word}, {{{vr},{vr}}};}}"));
                let d = shfl(self, &word);
                let h = self.b().reg(RegClass::B16);
                self.b().raw(&format!(
                    "\t{{.reg .b16 low,high;\n mov.b32 {{low,high}}, {d};\n mov.b16 {h}, low;}}"
                ));
                Ok(Value::new(Op::Reg(h), t))
            }
            RegClass::Pred => {
                Err(Diag::new(pos, "cannot shuffle this value")
                    .note("shuffle 32- or 64-bit scalars"))
            }
        }
    }

    pub(super) fn vote(&mut self, mode: &str, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let [mask, v] = <[Value; 2]>::try_from(vals).map_err(|_| {
            Diag::new(pos, "a vote takes a mask and a predicate")
                .note("write __ballot_sync(0xffffffff, x > 0)")
        })?;
        let mask = self.convert(mask, &UINT, pos)?;
        let c = self.truth(v, pos)?;
        let p = match c {
            super::expr::Test::Known(k) => {
                let p = self.b().reg(RegClass::Pred);
                self.b()
                    .ins(&format!("setp.ne.s32 \t{p}, {}, 0", i32::from(k)));
                p
            }
            super::expr::Test::Pred(p, false) => p,
            super::expr::Test::Pred(p, true) => {
                let q = self.b().reg(RegClass::Pred);
                self.b().ins(&format!("not.pred \t{q}, {p}"));
                q
            }
        };
        let m = mask.op.text();
        let d = self.b().reg(RegClass::B32);
        if mode == "ballot" {
            self.b()
                .ins(&format!("vote.sync.ballot.b32 \t{d}, {p}, {m}"));
            return Ok(Value::new(Op::Reg(d), UINT));
        }
        let q = self.b().reg(RegClass::Pred);
        self.b()
            .ins(&format!("vote.sync.{mode}.pred \t{q}, {p}, {m}"));
        self.b().ins(&format!("selp.u32 \t{d}, 1, 0, {q}"));
        Ok(Value::new(Op::Reg(d), INT))
    }

    fn ldg(&mut self, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let [p] = <[Value; 1]>::try_from(vals)
            .map_err(|_| Diag::new(pos, "__ldg takes one pointer").note("write __ldg(&x[i])"))?;
        let Some(t) =
            p.ty.pointee()
                .cloned()
                .filter(|_| matches!(p.ty, Type::Ptr { .. }))
        else {
            return Err(Diag::new(pos, "__ldg needs a pointer").note("write __ldg(&x[i])"));
        };
        let a = self.reg_of(&p);
        let g = self.b().reg(RegClass::B64);
        self.b().ins(&format!("cvta.to.global.u64 \t{g}, {a}"));
        if !t.is_scalar() {
            let lv = LVal::Mem {
                base: a,
                off: 0,
                ty: t,
                space: Space::Generic,
                vol: false,
            };
            return self.load(&lv);
        }
        let d = self.b().reg(t.class());
        self.b()
            .ins(&format!("ld.global.nc.{} \t{d}, [{g}]", t.mem_suffix()));
        Ok(Value::new(Op::Reg(d), t))
    }

    fn math(&mut self, cname: &str, vals: Vec<Value>, args: &[Expr], pos: Pos) -> Result<Value> {
        let o = self.opts;
        let mode = MathMode {
            ftz: self.ftz(),
            fast_math: o.fast_math,
            prec_div: o.prec_div && !o.fast_math,
            prec_sqrt: o.prec_sqrt && !o.fast_math,
            fmad: o.fmad || o.fast_math,
        };
        let Some(mf) = crate::math::lookup_for_arch(cname, &mode, self.opts.arch) else {
            return Err(Diag::new(pos, format!("'{cname}' is not declared")).note("declare it before use; if it is a CUDA function, the built-in compiler does not have it yet (NVRTC does)"));
        };
        let n_in = mf.params.len();
        if vals.len() < n_in {
            return Err(Diag::new(
                pos,
                format!("{cname} takes {n_in} arguments, {} given", vals.len()),
            )
            .note("pass one value per parameter"));
        }
        let mut it = vals.into_iter();
        let mut converted = Vec::new();
        for s in &mf.params {
            let v = it
                .next()
                .ok_or_else(|| Diag::new(pos, "missing argument"))?;
            converted.push(self.convert(v, &scalar_type(*s), pos)?);
        }
        // Extra results are stored through the remaining (pointer) arguments.
        let out_ptrs: Vec<Value> = it.collect();
        // NVVM folds some functions of constants (FINDINGS.md F13), not under `-G`.
        let wide: Option<Vec<f64>> = converted
            .iter()
            .map(|v| match v.op {
                Op::F32(x) => Some(f64::from(x)),
                Op::F64(x) => Some(x),
                _ => None,
            })
            .collect();
        if let (Some(wide), false, [ret]) = (wide, o.debug, mf.rets.as_slice()) {
            let single = *ret == Scalar::F32;
            if let Some(x) = crate::consteval::fold_libm(cname, &wide, single) {
                return Ok(if single {
                    Value::new(Op::F32(x as f32), scalar_type(Scalar::F32))
                } else {
                    Value::new(Op::F64(x), scalar_type(Scalar::F64))
                });
            }
        }
        let constants: Option<Vec<f32>> = converted
            .iter()
            .map(|v| match v.op {
                Op::F32(x) => Some(x),
                _ => None,
            })
            .collect();
        if let (Some(constants), false, true, [Scalar::F32]) =
            (constants, o.debug, out_ptrs.is_empty(), mf.rets.as_slice())
        {
            if let Some(x) =
                crate::consteval::fold_f32_function(&mf.definition, &mf.ptx_name, &constants)
            {
                return Ok(Value::new(Op::F32(x), scalar_type(Scalar::F32)));
            }
        }
        self.add_math(cname, &mode, pos)?;
        if mf.calls.is_empty() && !crate::contract::has_branch(&mf.definition) {
            self.b()
                .contraction
                .straight_calls
                .insert(mf.ptx_name.clone());
        }
        let ins: Vec<(String, Type)> = converted
            .iter()
            .zip(&mf.params)
            .map(|(v, s)| (self.reg_of(v), scalar_type(*s)))
            .collect();
        let _ = args;
        let mut text = String::from("\t{\n");
        let mut names = Vec::new();
        for (i, (r, t)) in ins.iter().enumerate() {
            let b = t.bits();
            text.push_str(&format!(
                "\t.param .b{b} param{i};\n\tst.param.b{b} \t[param{i}], {r};\n"
            ));
            names.push(format!("param{i}"));
        }
        let mut rets = Vec::new();
        let mut ret_names = Vec::new();
        for (i, s) in mf.rets.iter().enumerate() {
            let t = scalar_type(*s);
            text.push_str(&format!("\t.param .b{} retval{i};\n", t.bits()));
            ret_names.push(format!("retval{i}"));
            rets.push(t);
        }
        text.push_str(&format!(
            "\tcall.uni ({}), {}, ({});\n",
            ret_names.join(", "),
            mf.ptx_name,
            names.join(", ")
        ));
        let mut regs = Vec::new();
        for (i, t) in rets.iter().enumerate() {
            let r = self.b().reg(t.class());
            text.push_str(&format!("\tld.param.b{} \t{r}, [retval{i}];\n", t.bits()));
            regs.push(Value::new(Op::Reg(r.clone()), t.clone()));
        }
        text.push_str("\t}");
        self.b().raw(&text);
        // sincosf(x, &s, &c): every result goes through a pointer; frexpf/modff/remquof
        // return the first and store the rest.
        let store_all = mf.rets.len() == out_ptrs.len();
        let mut values = regs.into_iter();
        let ret = if store_all { None } else { values.next() };
        for (p, v) in out_ptrs.into_iter().zip(values) {
            let lv = LVal::Mem {
                base: self.reg_of(&p),
                off: 0,
                ty: p.ty.pointee().cloned().unwrap_or(Type::Void),
                space: Space::Generic,
                vol: false,
            };
            let t = lv.ty().clone();
            let v = self.convert(v, &t, pos)?;
            self.store(&lv, v)?;
        }
        Ok(ret.unwrap_or(Value::new(Op::Int(0), Type::Void)))
    }

    /// Adds math function `cname` and, before it, every function it calls (a `.func` must
    /// be defined before a call to it).
    fn add_math(&mut self, cname: &str, mode: &MathMode, pos: Pos) -> Result<()> {
        self.add_math_at(cname, mode, pos, 0)
    }

    fn add_math_at(&mut self, cname: &str, mode: &MathMode, pos: Pos, depth: usize) -> Result<()> {
        if depth > 32 {
            return Err(Diag::new(
                pos,
                "the math library's functions call each other too deeply",
            )
            .note("report this"));
        }
        let Some(mf) = crate::math::lookup_for_arch(cname, mode, self.opts.arch) else {
            return Err(Diag::new(
                pos,
                format!("math function '{cname}' is missing from the library"),
            )
            .note("report this"));
        };
        if self.math_added.contains(&mf.ptx_name) {
            return Ok(());
        }
        self.math_added.insert(mf.ptx_name.clone());
        for callee in &mf.calls {
            self.add_math_at(callee, mode, pos, depth + 1)?;
        }
        self.module
            .funcs
            .push((mf.ptx_name.clone(), mf.definition.clone()));
        Ok(())
    }

    fn printf(&mut self, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let mut it = vals.into_iter();
        let Some(fmt) = it.next().filter(|v| matches!(v.ty, Type::Ptr { .. })) else {
            return Err(
                Diag::new(pos, "printf needs a format string").note("write printf(\"%d\\n\", x)")
            );
        };
        // Arguments are packed as C varargs: float becomes double, small integers int,
        // each aligned to its size.
        let mut packed = Vec::new();
        let mut off = 0u64;
        for v in it {
            let t = match &v.ty {
                Type::Float => Type::Double,
                Type::Bool => INT,
                Type::Int(k) if k.bits() < 32 => INT,
                Type::Struct(_) | Type::Void | Type::Array(..) => {
                    return Err(Diag::new(
                        pos,
                        format!("printf cannot print a {}", self.type_name(&v.ty)),
                    )
                    .note("print its fields"))
                }
                t => t.clone(),
            };
            let v = self.convert(v, &t, pos)?;
            let size = u64::from(t.bits() / 8);
            off = off.div_ceil(size) * size;
            packed.push((v, off));
            off += size;
        }
        let buf = if packed.is_empty() {
            "0".to_string()
        } else {
            // Rounded up to 8 bytes, as NVRTC's buffer is: vprintf may read a whole 8-byte
            // slot for a 4-byte argument (`%ld` given an int).
            let base = self.b().alloc_local(off.div_ceil(8) * 8, 8) as i64;
            for (v, o) in packed {
                let t = v.ty.clone();
                self.store(
                    &LVal::Mem {
                        base: "%SP".into(),
                        off: base + o as i64,
                        ty: t,
                        space: Space::Generic,
                        vol: false,
                    },
                    v,
                )?;
            }
            let r = self.b().reg(RegClass::B64);
            self.b().ins(&format!("add.u64 \t{r}, %SP, {base}"));
            r
        };
        self.module.extern_decl(".extern .func  (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 vprintf_param_0,\n\t.param .b64 vprintf_param_1\n)\n;");
        let f = self.reg_of(&fmt);
        let d = self.b().reg(RegClass::B32);
        self.b().raw(&format!("\t{{\n\t.param .b64 param0;\n\tst.param.b64 \t[param0], {f};\n\t.param .b64 param1;\n\tst.param.b64 \t[param1], {buf};\n\t.param .b32 retval0;\n\tcall.uni (retval0), vprintf, (param0, param1);\n\tld.param.b32 \t{d}, [retval0];\n\t}}"));
        Ok(Value::new(Op::Reg(d), INT))
    }

    /// `assert(e)`, which the preprocessor turned into `__cuda_library_assert(e, "e", __FILE__,
    /// __LINE__)`: when `e` is false, `__assertfail` gets the condition's text, the file, the
    /// line and the function's signature, as NVRTC passes them.
    fn assert(&mut self, args: &[Expr], pos: Pos) -> Result<Value> {
        let [cond, text, file, line] = args else {
            return Err(Diag::new(pos, "assert takes one condition").note("write assert(x > 0)"));
        };
        let line = match &line.kind {
            ExprKind::Int(n, _) => u32::try_from(*n).unwrap_or(u32::MAX),
            _ => 0,
        };
        let c = self.cond(cond)?;
        let ok = self.b().label();
        match c {
            super::expr::Test::Known(true) => return Ok(Value::new(Op::Int(0), Type::Void)),
            super::expr::Test::Known(false) => {}
            super::expr::Test::Pred(p, n) => self.b().branch_if(&p, n, &ok),
        }
        let msg = self.expr(text)?;
        let file = self.expr(file)?;
        let signature = match &*self.frame().signature {
            "" => self.frame().name.to_string(),
            s => s.to_string(),
        };
        let func = self.string(signature.as_bytes())?;
        self.module.extern_decl(".extern .func __assertfail\n(\n\t.param .b64 __assertfail_param_0,\n\t.param .b64 __assertfail_param_1,\n\t.param .b32 __assertfail_param_2,\n\t.param .b64 __assertfail_param_3,\n\t.param .b64 __assertfail_param_4\n)\n.noreturn;");
        let (m, fi, fu) = (msg.op.text(), file.op.text(), func.op.text());
        self.b().raw(&format!("\t{{\n\t.param .b64 param0;\n\tst.param.b64 \t[param0], {m};\n\t.param .b64 param1;\n\tst.param.b64 \t[param1], {fi};\n\t.param .b32 param2;\n\tst.param.b32 \t[param2], {line};\n\t.param .b64 param3;\n\tst.param.b64 \t[param3], {fu};\n\t.param .b64 param4;\n\tst.param.b64 \t[param4], 1;\n\tcall.uni __assertfail, (param0, param1, param2, param3, param4);\n\t}}"));
        self.b().place(&ok);
        Ok(Value::new(Op::Int(0), Type::Void))
    }

    /// A function's signature as `__PRETTY_FUNCTION__` spells it for a function that is not a
    /// template: `float ns::g(const float *, unsigned int, const S &)`.
    pub(super) fn signature(&self, ret: &Type, f: &Func, params: &[Type]) -> String {
        let mut name = String::new();
        for n in &f.ns {
            name.push_str(n);
            name.push_str("::");
        }
        name.push_str(&f.name);
        let spelled: Vec<String> = params
            .iter()
            .zip(&f.params)
            .map(|(t, (_, ty))| match ty {
                Ty::Ref(inner) => {
                    let konst = matches!(&**inner, Ty::Qual { konst: true, .. });
                    format!(
                        "{}{} &",
                        if konst { "const " } else { "" },
                        self.pretty_type(t)
                    )
                }
                _ => self.pretty_type(t),
            })
            .collect();
        format!("{} {name}({})", self.pretty_type(ret), spelled.join(", "))
    }

    /// A type as `__PRETTY_FUNCTION__` spells it (`const int *`, `float **`).
    fn pretty_type(&self, t: &Type) -> String {
        match t {
            Type::Ptr { to, konst, vol } => {
                let inner = self.pretty_type(to);
                let q = match (konst, vol) {
                    (true, true) => "const volatile ",
                    (true, false) => "const ",
                    (false, true) => "volatile ",
                    (false, false) => "",
                };
                if inner.ends_with('*') {
                    format!("{q}{inner}*")
                } else {
                    format!("{q}{inner} *")
                }
            }
            _ => self.type_name(t),
        }
    }

    fn malloc(&mut self, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let [n] = <[Value; 1]>::try_from(vals).map_err(|_| {
            Diag::new(pos, "malloc takes a size").note("write malloc(n * sizeof(float))")
        })?;
        let n = self.convert(n, &crate::types::ULONG, pos)?;
        let nr = self.reg_of(&n);
        self.module.extern_decl(".extern .func  (.param .b64 func_retval0) malloc\n(\n\t.param .b64 malloc_param_0\n)\n;");
        let d = self.b().reg(RegClass::B64);
        self.b().raw(&format!("\t{{\n\t.param .b64 param0;\n\tst.param.b64 \t[param0], {nr};\n\t.param .b64 retval0;\n\tcall.uni (retval0), malloc, (param0);\n\tld.param.b64 \t{d}, [retval0];\n\t}}"));
        Ok(Value::new(Op::Reg(d), Type::ptr(Type::Void)))
    }

    /// `memcpy(d, s, n)` and `memset(d, c, n)`: a loop over the bytes (the bytes written
    /// are what matter; NVRTC's wider moves write the same ones). Returns `d`.
    fn mem_bytes(&mut self, name: &str, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let [d, s, n] = <[Value; 3]>::try_from(vals).map_err(|_| {
            Diag::new(pos, format!("{name} takes three arguments"))
                .note(format!("write {name}(destination, source, bytes)"))
        })?;
        if !matches!(d.ty, Type::Ptr { .. }) {
            return Err(Diag::new(pos, format!("{name} writes through a pointer"))
                .note("pass the destination's address: &x"));
        }
        let dst = self.convert(d.clone(), &crate::types::ULONG, pos)?;
        let dst = self.reg_of(&dst);
        let n = self.convert(n, &crate::types::ULONG, pos)?;
        let n = self.reg_of(&n);
        let src = if name == "memcpy" {
            if !matches!(s.ty, Type::Ptr { .. }) {
                return Err(Diag::new(pos, "memcpy reads through a pointer")
                    .note("pass the source's address: &x"));
            }
            let v = self.convert(s, &crate::types::ULONG, pos)?;
            self.reg_of(&v)
        } else {
            let v = self.convert(s, &UINT, pos)?;
            self.reg_of(&v)
        };
        let (i, at, byte) = (
            self.b().reg(RegClass::B64),
            self.b().reg(RegClass::B64),
            self.b().reg(RegClass::B32),
        );
        let done = self.b().reg(RegClass::Pred);
        let (top, end) = (self.b().label(), self.b().label());
        self.cse_clear();
        self.b().ins(&format!("mov.u64 	{i}, 0"));
        self.b().place(&top);
        self.b().ins(&format!("setp.ge.u64 	{done}, {i}, {n}"));
        self.b().branch_if(&done, false, &end);
        if name == "memcpy" {
            self.b().ins(&format!("add.s64 	{at}, {src}, {i}"));
            self.b().ins(&format!("ld.u8 	{byte}, [{at}]"));
        } else {
            self.b().ins(&format!("mov.u32 	{byte}, {src}"));
        }
        self.b().ins(&format!("add.s64 	{at}, {dst}, {i}"));
        self.b().ins(&format!("st.u8 	[{at}], {byte}"));
        self.b().ins(&format!("add.s64 	{i}, {i}, 1"));
        self.b().branch(&top);
        self.b().place(&end);
        // Whatever was loaded before may have changed.
        self.cse_clear();
        Ok(d)
    }

    fn free(&mut self, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let [p] = <[Value; 1]>::try_from(vals)
            .map_err(|_| Diag::new(pos, "free takes a pointer").note("write free(p)"))?;
        let pr = self.reg_of(&p);
        self.module
            .extern_decl(".extern .func free\n(\n\t.param .b64 free_param_0\n)\n;");
        self.b().raw(&format!("\t{{\n\t.param .b64 param0;\n\tst.param.b64 \t[param0], {pr};\n\tcall.uni free, (param0);\n\t}}"));
        Ok(Value::new(Op::Int(0), Type::Void))
    }

    /// Whether `name` is a function the compiler provides (so a user's overloads of it
    /// that do not fit a call leave the built-in one to try).
    fn is_builtin_name(&self, name: &str, explicit_targs: bool) -> bool {
        if explicit_targs {
            return false;
        }
        let made_struct = name
            .strip_prefix("make_")
            .is_some_and(|v| self.struct_ids.contains_key(v));
        made_struct
            || matches!(
                name,
                "min"
                    | "max"
                    | "umin"
                    | "umax"
                    | "llmin"
                    | "llmax"
                    | "ullmin"
                    | "ullmax"
                    | "abs"
                    | "labs"
                    | "llabs"
            )
            || crate::builtins::lookup(name).next().is_some()
            || crate::math::names().contains(&name)
            || FLOAT_OVERLOADED.contains(&name)
    }

    // ---- user functions ----

    /// A call of the user's functions `cands`: its value, or (the inner `Err`) the error
    /// that none of them takes these arguments.
    fn user_call(
        &mut self,
        name: &str,
        cands: &[Rc<Func>],
        targs: Option<&[TemplArg]>,
        args: &[Expr],
        pos: Pos,
    ) -> Result<std::result::Result<Value, Diag>> {
        // Argument types, for overload resolution and deduction.
        let mut arg_types = Vec::new();
        for a in args {
            arg_types.push(self.arg_type(a)?);
        }
        let mut best: Option<Candidate> = None;
        for f in cands {
            if !takes_count(f, args.len()) || f.spec.is_some() {
                continue;
            }
            let tp = match &f.templ {
                Some(tps) => {
                    match self.bind_template(f, tps, targs.unwrap_or(&[]), &arg_types, pos) {
                        Ok(tp) => tp,
                        Err(_) => continue,
                    }
                }
                None if targs.is_some() => continue,
                None => HashMap::new(),
            };
            let mut cost = if f.templ.is_some() { 1 } else { 0 };
            let mut ok = true;
            for ((_, pt), at) in f.params.iter().zip(&arg_types) {
                let Ok(t) = self.resolve(pt, &tp) else {
                    ok = false;
                    break;
                };
                let group = self.takes_any_group(&t, at).then_some(1);
                cost += match group.or_else(|| conversion_cost(&t, at)) {
                    Some(c) => c,
                    None => {
                        ok = false;
                        break;
                    }
                };
            }
            if ok && best.as_ref().is_none_or(|b| cost < b.0) {
                best = Some((cost, f.clone(), tp));
            }
        }
        let Some((_, f, tp)) = best else {
            let arity: Vec<String> = cands.iter().map(|c| c.params.len().to_string()).collect();
            let tys: Vec<String> = arg_types.iter().map(|t| self.type_name(t)).collect();
            return Ok(Err(Diag::new(
                pos,
                format!("no function '{name}' takes ({})", tys.join(", ")),
            )
            .note(format!(
                "'{name}' is declared with {} parameter(s)",
                arity.join(" or ")
            ))));
        };
        if f.kind == FnKind::Host {
            return Err(Diag::new(
                pos,
                format!(
                    "'{}' is a host function; device code cannot call it",
                    f.name
                ),
            )
            .note("mark it __device__ (or __host__ __device__)"));
        }
        if f.kind == FnKind::Global {
            return Err(Diag::unsupported(
                pos,
                "launching a kernel from device code (dynamic parallelism)",
            ));
        }
        let f = match &f.templ {
            Some(tps) => self.specialization(&f, tps, &tp, cands, &arg_types, pos)?,
            None => f,
        };
        // Missing trailing arguments are the parameters' defaults.
        let mut full: Vec<Expr> = args.to_vec();
        for d in f.defaults.iter().skip(args.len()) {
            match d {
                Some(e) => full.push(e.clone()),
                None => {
                    return Err(Diag::new(pos, format!("too few arguments to '{name}'"))
                        .note("pass one value per parameter without a default"))
                }
            }
        }
        self.inline(&f, tp, &full, pos).map(Ok)
    }

    /// The explicit specialization among `cands` of template `f` whose arguments are the
    /// ones bound (`tp`), or `f` itself.
    fn specialization(
        &mut self,
        f: &Rc<Func>,
        tps: &[TemplParam],
        tp: &HashMap<Rc<str>, TArg>,
        cands: &[Rc<Func>],
        arg_types: &[Type],
        pos: Pos,
    ) -> Result<Rc<Func>> {
        for s in cands {
            let Some(spec_args) = &s.spec else { continue };
            if s.params.len() != f.params.len() {
                continue;
            }
            // The specialization's arguments bound to the primary's parameters, as a call
            // with them written out would bind them.
            let Ok(bound) = self.bind_template(f, tps, spec_args, arg_types, pos) else {
                continue;
            };
            if tps.iter().all(|p| {
                let n = match p {
                    TemplParam::Type(n, _) | TemplParam::Value(n, _, _) => n,
                };
                bound.get(n) == tp.get(n)
            }) {
                return Ok(s.clone());
            }
        }
        Ok(f.clone())
    }

    fn arg_type(&mut self, a: &Expr) -> Result<Type> {
        let t = self.type_of_expr(a)?;
        Ok(match t {
            Type::Array(e, _) => Type::Ptr {
                to: e,
                konst: false,
                vol: false,
            },
            t => t,
        })
    }

    fn type_of_expr(&mut self, e: &Expr) -> Result<Type> {
        let saved = self.scratch_begin();
        let r = self.expr(e).map(|v| v.ty);
        self.scratch_end(saved);
        r
    }

    /// Binds a template's parameters from explicit arguments, deduction from argument
    /// types, and defaults.
    pub(super) fn bind_template(
        &mut self,
        f: &Func,
        tps: &[TemplParam],
        explicit: &[TemplArg],
        arg_types: &[Type],
        pos: Pos,
    ) -> Result<HashMap<Rc<str>, TArg>> {
        let outer = if self.cur.is_some() {
            self.tparams()
        } else {
            HashMap::new()
        };
        let mut tp: HashMap<Rc<str>, TArg> = HashMap::new();
        if explicit.len() > tps.len() {
            return Err(Diag::new(
                pos,
                format!(
                    "'{}' takes {} template arguments, {} given",
                    f.name,
                    tps.len(),
                    explicit.len()
                ),
            )
            .note("remove the extra arguments"));
        }
        for (p, a) in tps.iter().zip(explicit) {
            match (p, a) {
                (TemplParam::Type(n, _), TemplArg::Type(t)) => {
                    let t = self.resolve(t, &outer)?;
                    tp.insert(n.clone(), TArg::Type(t));
                }
                (TemplParam::Value(n, ty, _), TemplArg::Value(e)) => {
                    let t = self.resolve(ty, &outer)?;
                    let v = self.const_int(e, &outer)?;
                    tp.insert(
                        n.clone(),
                        TArg::Value(
                            super::expr::normalize(
                                v,
                                match t {
                                    Type::Int(k) => k,
                                    _ => IntKind::Int,
                                },
                            ),
                            t,
                        ),
                    );
                }
                (TemplParam::Value(n, ty, _), TemplArg::Type(Ty::Named(m, p))) => {
                    // A name parsed as a type may be a constant (N in f<N>).
                    let t = self.resolve(ty, &outer)?;
                    let e = Expr {
                        kind: ExprKind::Name(vec![m.clone()], None),
                        pos: *p,
                    };
                    let v = self.const_int(&e, &outer)?;
                    tp.insert(n.clone(), TArg::Value(v, t));
                }
                _ => {
                    return Err(Diag::new(
                        pos,
                        format!("template argument for '{}' is of the wrong kind", f.name),
                    )
                    .note("pass types for typename parameters and constants for value parameters"))
                }
            }
        }
        let names: HashSet<Rc<str>> = tps
            .iter()
            .filter_map(|p| {
                if let TemplParam::Type(n, _) = p {
                    Some(n.clone())
                } else {
                    None
                }
            })
            .collect();
        for ((_, pt), at) in f.params.iter().zip(arg_types) {
            deduce(pt, at, &names, &mut tp);
        }
        for p in tps {
            match p {
                TemplParam::Type(n, Some(d)) if !tp.contains_key(n) => {
                    let t = self.resolve(d, &tp)?;
                    tp.insert(n.clone(), TArg::Type(t));
                }
                TemplParam::Value(n, ty, Some(d)) if !tp.contains_key(n) => {
                    let t = self.resolve(ty, &tp)?;
                    let v = self.const_int(d, &tp)?;
                    tp.insert(n.clone(), TArg::Value(v, t));
                }
                TemplParam::Type(n, _) | TemplParam::Value(n, _, _) if !tp.contains_key(n) => {
                    return Err(Diag::new(
                        pos,
                        format!("cannot deduce template parameter '{n}' of '{}'", f.name),
                    )
                    .note(format!("give it explicitly: {}<...>(...)", f.name)));
                }
                _ => {}
            }
        }
        Ok(tp)
    }

    fn inline(
        &mut self,
        f: &Rc<Func>,
        tp: HashMap<Rc<str>, TArg>,
        args: &[Expr],
        pos: Pos,
    ) -> Result<Value> {
        self.inline_with(f, tp, args, None, pos)
    }

    /// [`Self::inline`], the body seeing `captured` (a lambda's captures) besides its
    /// parameters.
    pub(super) fn inline_with(
        &mut self,
        f: &Rc<Func>,
        tp: HashMap<Rc<str>, TArg>,
        args: &[Expr],
        captured: Option<&HashMap<Rc<str>, Bind>>,
        pos: Pos,
    ) -> Result<Value> {
        let Some(body) = f.body.clone() else {
            return Err(Diag::new(pos, format!("'{}' is declared but never defined", f.name)).note("define its body in this source (the built-in compiler has no separate linking)"));
        };
        if self.st().frames.len() > MAX_INLINE_DEPTH {
            return Err(Diag::unsupported(
                pos,
                &format!(
                    "recursion deeper than {MAX_INLINE_DEPTH} calls ('{}' calls itself)",
                    f.name
                ),
            ));
        }
        let outer_tp = self.tparams();
        let _ = outer_tp;
        // Evaluate arguments in the caller's scope.
        let mut bound = Vec::new();
        for ((pname, pty), a) in f.params.iter().zip(args) {
            let mut t = self.resolve(pty, &tp)?;
            // Only for a `thread_group` parameter is the argument's type looked at again
            // (each look is a scratch compile of the argument).
            if self.is_thread_group(&t) {
                let at = self.arg_type(a)?;
                if self.takes_any_group(&t, &at) {
                    t = at;
                }
            }
            let arg = if let Ty::Ref(_) = pty {
                match self.lvalue(a) {
                    Ok(lv) => Arg::Ref(offset_lval(&lv, 0, t.clone())),
                    Err(_) => Arg::Val(self.expr(a)?),
                }
            } else {
                let v = self.expr(a)?;
                // Nothing fuses into a call NVRTC keeps.
                Arg::Val(if f.noinline { self.seal_value(v) } else { v })
            };
            bound.push((pname.clone(), t, arg, a.pos));
        }
        let ret = self.resolve(&f.ret, &tp)?;
        let mut addressed = HashSet::new();
        collect_addressed(&body, &mut addressed);
        let returns = count_returns(&body);
        let direct =
            returns == 0 || (returns == 1 && matches!(body.last(), Some(Stmt::Return(..))));
        let (exit, slot) = if direct {
            (None, None)
        } else {
            let exit = self.b().label();
            let slot = match &ret {
                Type::Void => None,
                t if t.is_scalar() => Some(LVal::Reg(self.b().reg(t.class()), t.clone())),
                t => {
                    let size = self.size_of(t);
                    let align = self.align_of(t);
                    let off = self.b().alloc_local(size, align) as i64;
                    Some(LVal::Mem {
                        base: "%SP".into(),
                        off,
                        ty: t.clone(),
                        space: Space::Generic,
                        vol: false,
                    })
                }
            };
            (Some(exit), slot)
        };
        let param_types: Vec<Type> = bound.iter().map(|b| b.1.clone()).collect();
        let signature = Rc::from(self.signature(&ret, f, &param_types));
        let first_scope = captured.cloned().unwrap_or_default();
        let saved_scopes = std::mem::replace(&mut self.st().scopes, vec![first_scope]);
        let deduce = std::mem::take(&mut self.deduce_next);
        let saved_loops = std::mem::take(&mut self.st().loops);
        let saved_switches = std::mem::take(&mut self.st().switches);
        self.st().frames.push(Frame {
            ret: ret.clone(),
            exit: exit.clone(),
            slot: slot.clone(),
            direct: None,
            is_kernel: false,
            tparams: tp,
            addressed,
            labels: HashMap::new(),
            name: f.name.clone(),
            ns: f.ns.clone(),
            signature,
            deduce,
        });
        let r = (|| -> Result<()> {
            for (pname, t, arg, apos) in bound {
                if pname.is_empty() {
                    continue;
                }
                match arg {
                    Arg::Ref(lv) => self.bind(&pname, Bind::Var(lv)),
                    Arg::Val(v) => {
                        let v = self.convert(v, &t, apos)?;
                        let d = VarDecl {
                            name: pname.clone(),
                            ty: Ty::Base(Base::Void),
                            init: None,
                            ctor: None,
                            storage: Storage::Auto,
                            is_extern: false,
                            is_static: false,
                            constexpr: false,
                            pos: apos,
                        };
                        self.bind_param_value(&d, t, v)?;
                    }
                }
            }
            for s in body.iter() {
                self.stmt(s)?;
            }
            Ok(())
        })();
        let frame = self.st().frames.pop();
        self.st().scopes = saved_scopes;
        self.st().loops = saved_loops;
        self.st().switches = saved_switches;
        r?;
        let frame = frame.ok_or_else(|| Diag::new(pos, "internal error: frame lost"))?;
        if let Some(exit) = exit {
            // Returns jump here from the middle of the body.
            self.cse_clear();
            self.b().place(&exit);
            return match slot {
                Some(s) => self.load(&s),
                None => Ok(Value::new(Op::Int(0), Type::Void)),
            };
        }
        match frame.direct {
            Some(v) if f.noinline => Ok(self.seal_value(v)),
            Some(v) => Ok(v),
            None if ret == Type::Void => Ok(Value::new(Op::Int(0), Type::Void)),
            None => Err(Diag::new(
                f.pos,
                format!("'{}' ends without returning a value", f.name),
            )
            .note("add a return statement")),
        }
    }
}

/// Whether `f` takes `n` arguments: one per parameter, or fewer where the rest have defaults.
fn takes_count(f: &Func, n: usize) -> bool {
    n == f.params.len()
        || (n < f.params.len()
            && f.defaults
                .get(n..)
                .is_some_and(|d| d.iter().all(Option::is_some)))
}

/// How well an argument of type `a` fits a parameter of type `p`: 0 exact, higher worse,
/// `None` not at all.
fn conversion_cost(p: &Type, a: &Type) -> Option<u32> {
    if p == a {
        return Some(0);
    }
    match (p, a) {
        (Type::Ptr { to: pt, .. }, Type::Ptr { to: at, .. }) => {
            if pt == at {
                Some(1)
            } else if **pt == Type::Void {
                Some(3)
            } else {
                None
            }
        }
        (Type::Ptr { .. }, Type::Int(_)) => Some(5),
        (p, a) if p.is_arith() && a.is_arith() => Some(
            if promote(a) == *p || (*a == Type::Float && *p == Type::Double) {
                1
            } else {
                2
            },
        ),
        (Type::Struct(x), Type::Struct(y)) if x == y => Some(0),
        // The headers' constructors and conversion operators: a user-defined conversion.
        (Type::Half(_), a) if a.is_arith() => Some(4),
        (p, Type::Half(_)) if p.is_arith() => Some(4),
        _ => None,
    }
}

fn deduce(pt: &Ty, at: &Type, names: &HashSet<Rc<str>>, out: &mut HashMap<Rc<str>, TArg>) {
    match pt {
        Ty::Named(n, _) if names.contains(n) => {
            out.entry(n.clone())
                .or_insert_with(|| TArg::Type(at.clone()));
        }
        Ty::Qual { inner, .. } | Ty::Ref(inner) => deduce(inner, at, names, out),
        Ty::Ptr(inner) => {
            if let Type::Ptr { to, .. } = at {
                deduce(inner, to, names, out);
            }
        }
        _ => {}
    }
}

fn count_returns(body: &[Stmt]) -> usize {
    fn s(st: &Stmt) -> usize {
        match st {
            Stmt::Return(..) => 1,
            Stmt::Block(b) => count_returns(b),
            Stmt::If(_, a, b) => s(a) + b.as_ref().map_or(0, |b| s(b)),
            Stmt::While(_, b)
            | Stmt::DoWhile(b, _)
            | Stmt::For(_, _, _, b)
            | Stmt::Switch(_, b) => s(b),
            _ => 0,
        }
    }
    body.iter().map(s).sum()
}

impl Sema<'_> {
    /// A value crossing a call NVRTC keeps: its product no longer fuses, here or later.
    fn seal_value(&mut self, v: Value) -> Value {
        if let Some(p) = &v.prod {
            let reg = p.reg.clone();
            self.b().seal(&reg);
        }
        Value {
            prod: None,
            negated: None,
            ..v
        }
    }

    fn bind_param_value(&mut self, d: &VarDecl, t: Type, v: Value) -> Result<()> {
        let addressed = self.frame().addressed.contains(&d.name);
        let lv = if t.is_scalar() && !addressed {
            LVal::Reg(self.b().reg(t.class()), t.clone())
        } else {
            let size = self.size_of(&t);
            let align = self.align_of(&t);
            let off = self.b().alloc_local(size, align) as i64;
            LVal::Mem {
                base: "%SP".into(),
                off,
                ty: t.clone(),
                space: Space::Generic,
                vol: false,
            }
        };
        self.store(&lv, v)?;
        self.bind(&d.name, Bind::Var(lv));
        Ok(())
    }
}

/// The functions of one name a call finds from namespace `from` (outermost first), with the
/// namespace `qualifier` it names (empty: none): those declared in `from` + `qualifier`, else
/// in the next enclosing namespace + `qualifier`, out to the global one, as C++'s lookup
/// goes. When none is found that way (a `using namespace` directive, which the parser does
/// not keep), every function of the name.
fn visible(all: &[Rc<Func>], qualifier: &[Rc<str>], from: &[Rc<str>]) -> Vec<Rc<Func>> {
    for depth in (0..=from.len()).rev() {
        let found: Vec<Rc<Func>> = all
            .iter()
            .filter(|f| {
                f.ns.len() == depth + qualifier.len()
                    && f.ns[..depth] == from[..depth]
                    && f.ns[depth..] == *qualifier
            })
            .cloned()
            .collect();
        if !found.is_empty() {
            return found;
        }
    }
    all.to_vec()
}
