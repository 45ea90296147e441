//! `__half`, `__nv_bfloat16` and their pairs: the headers' functions (the table of
//! [`crate::half`]), their C++ operators, conversions to and from the arithmetic types,
//! a pair's `.x`/`.y`, atomics. Each becomes the PTX NVRTC's headers give it.

use super::expr::Test;
use super::*;
use crate::half::{HalfFn, H};
use crate::types::{HalfKind, RegClass};

/// The message for mixing a 16-bit float with another type in an operator, where the
/// headers' overloads and the built-in arithmetic both match (NVRTC's "more than one
/// operator matches").
fn ambiguous(pos: Pos, op: &str, a: &str, b: &str) -> Diag {
    Diag::new(
        pos,
        format!("more than one operator '{op}' matches these operands ({a} and {b})"),
    )
    .note("convert one operand: __float2half(x), __half2float(h), or a cast to the other's type")
}

/// Whether an argument of type `a` is taken by a parameter of type `p` of the headers'
/// functions: a 16-bit float parameter takes its own type only (from a float, the
/// `__half` and `__nv_bfloat16` overloads would both match), an arithmetic parameter any
/// arithmetic value or a `__half` (through its conversion operators).
fn argument_converts(p: &Type, a: &Type) -> bool {
    if p == a {
        return true;
    }
    if p.is_half() {
        return false;
    }
    p.is_arith() && (a.is_arith() || matches!(a, Type::Half(_)))
}

impl Sema<'_> {
    fn half_arch_err(&self, pos: Pos, what: &str, need: u32) -> Diag {
        Diag::new(
            pos,
            format!(
                "{what} needs sm_{need} or later in the built-in compiler (the target is sm_{})",
                self.opts.arch
            ),
        )
        .note(format!(
            "compile for a newer architecture (-arch=compute_{need}); NVRTC's headers may emulate it on older ones"
        ))
    }

    /// A call of a function of `cuda_fp16.h`/`cuda_bf16.h`, or `None` where `name` is also
    /// a built-in integer function (`__hadd(int, int)`) and no argument is a 16-bit float.
    pub(super) fn half_call(
        &mut self,
        name: &str,
        vals: Vec<Value>,
        pos: Pos,
    ) -> Result<Option<Value>> {
        if !vals.iter().any(|v| v.ty.is_half()) && crate::builtins::lookup(name).next().is_some() {
            return Ok(None);
        }
        if name == "__h2div" {
            return self.half2_div(vals, pos).map(Some);
        }
        if name == "__float22half2_rn" {
            return self.float2_to_half2(vals, pos).map(Some);
        }
        let arch = self.opts.arch;
        let rows: Vec<&'static HalfFn> = crate::half::lookup(name)
            .filter(|f| f.params.len() == vals.len())
            .collect();
        if rows.is_empty() {
            let n = crate::half::lookup(name)
                .next()
                .map_or(0, |f| f.params.len());
            return Err(Diag::new(
                pos,
                format!("{name} takes {n} arguments, {} given", vals.len()),
            )
            .note("check the call against cuda_fp16.h's documentation"));
        }
        // Exact parameter types first; else the one row the arguments convert to (a 16-bit
        // float argument must be of the parameter's own type).
        let exact = |f: &&HalfFn| {
            f.params
                .iter()
                .zip(&vals)
                .all(|(p, v)| p.ty().is_some_and(|t| t == v.ty))
        };
        let converts = |f: &&HalfFn| {
            f.params
                .iter()
                .zip(&vals)
                .all(|(p, v)| p.ty().is_some_and(|t| argument_converts(&t, &v.ty)))
        };
        let typed: Vec<&'static HalfFn> = {
            let e: Vec<_> = rows.iter().copied().filter(|f| exact(f)).collect();
            if e.is_empty() {
                let c: Vec<_> = rows.iter().copied().filter(|f| converts(f)).collect();
                let mut kinds: Vec<&[H]> = c.iter().map(|f| f.params).collect();
                kinds.dedup();
                if kinds.len() > 1 {
                    return Err(Diag::new(
                        pos,
                        format!("more than one {name} matches these arguments"),
                    )
                    .note("pass __half or __nv_bfloat16 values, not floats"));
                }
                c
            } else {
                e
            }
        };
        let Some(first) = typed.first() else {
            let tys: Vec<String> = vals.iter().map(|v| self.type_name(&v.ty)).collect();
            return Err(
                Diag::new(pos, format!("no {name} takes ({})", tys.join(", ")))
                    .note("cuda_fp16.h defines it on __half and cuda_bf16.h on __nv_bfloat16"),
            );
        };
        let Some((row, text)) = typed
            .iter()
            .find_map(|f| crate::half::form(f, arch).map(|t| (*f, t)))
        else {
            let need = typed
                .iter()
                .map(|f| crate::half::lowest_arch(f))
                .min()
                .unwrap_or(first.forms.first().map_or(0, |f| f.0));
            return Err(self.half_arch_err(pos, name, need));
        };
        self.half_fn(row, text, vals, pos).map(Some)
    }

    /// Emits row `row` with PTX `text` on `vals`.
    fn half_fn(&mut self, row: &HalfFn, text: &str, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let mut args = Vec::new();
        for (p, v) in row.params.iter().zip(vals) {
            let v = match p.ty() {
                Some(t) => self.convert(v, &t, pos)?,
                None => v,
            };
            args.push(self.reg_of(&v));
        }
        match row.ret {
            H::Float2 => {
                let x = self.b().reg(RegClass::F32);
                let y = self.b().reg(RegClass::F32);
                self.half_template(text, &x, Some(&y), &args);
                let Some(&id) = self.struct_ids.get("float2") else {
                    return Err(Diag::new(pos, "internal error: float2 is not declared"));
                };
                let t = Type::Struct(id);
                let off = self.b().alloc_local(8, 8) as i64;
                let lv = LVal::Mem {
                    base: "%SP".into(),
                    off,
                    ty: t.clone(),
                    space: Space::Generic,
                    vol: false,
                };
                for (r, o) in [(x, 0), (y, 4)] {
                    let d = offset_lval(&lv, o, Type::Float);
                    self.store(&d, Value::new(Op::Reg(r), Type::Float))?;
                }
                let mut a = self.address(&lv, pos)?;
                a.ty = t;
                Ok(a)
            }
            H::Bool16 | H::Bool32 => {
                let c = if row.ret == H::Bool16 {
                    RegClass::B16
                } else {
                    RegClass::B32
                };
                let d = self.b().reg(c);
                self.half_template(text, &d, None, &args);
                let t = self.bool_test(&d, c);
                self.cond_value(t)
            }
            ret => {
                let t = ret.ty().unwrap_or(Type::Void);
                let d = self.b().reg(t.class());
                self.half_template(text, &d, None, &args);
                Ok(Value::new(Op::Reg(d), t))
            }
        }
    }

    /// The truth of a 0-or-1 register an inline comparison wrote.
    fn bool_test(&mut self, d: &str, c: RegClass) -> Test {
        let p = self.b().reg(RegClass::Pred);
        let w = if c == RegClass::B16 { 16 } else { 32 };
        self.b().ins(&format!("setp.ne.s{w} \t{p}, {d}, 0"));
        Test::Pred(p, false)
    }

    /// Writes a template of [`crate::half`] with its slots filled.
    fn half_template(&mut self, text: &str, d: &str, e: Option<&str>, args: &[String]) {
        let mut text = text
            .replace("{d}", d)
            .replace("{ftz}", if self.ftz() { ".ftz" } else { "" });
        if let Some(e) = e {
            text = text.replace("{e}", e);
        }
        for (i, a) in args.iter().enumerate() {
            text = text.replace(&format!("{{{i}}}"), a);
        }
        // Fresh registers and labels, numbered within the template.
        for (prefix, class) in [
            ("rs", Some(RegClass::B16)),
            ("r", Some(RegClass::B32)),
            ("f", Some(RegClass::F32)),
            ("p", Some(RegClass::Pred)),
            ("L", None),
        ] {
            for n in 1..13 {
                let slot = format!("{{{prefix}{n}}}");
                if text.contains(&slot) {
                    let fresh = match class {
                        Some(c) => self.b().reg(c),
                        None => self.b().label(),
                    };
                    text = text.replace(&slot, &fresh);
                }
            }
        }
        let mut labelled = false;
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if let Some(label) = line.strip_suffix(':') {
                self.b().place(label);
                labelled = true;
            } else if let Some(rest) = line.strip_prefix('@') {
                let mut words = rest.trim_end_matches(';').split_whitespace();
                if let (Some(p), Some("bra"), Some(l)) = (words.next(), words.next(), words.next())
                {
                    let (neg, p) = match p.strip_prefix('!') {
                        Some(p) => (true, p),
                        None => (false, p),
                    };
                    self.b().branch_if(p, neg, l);
                }
            } else if line.starts_with('{') {
                self.b().raw(&format!("\t{line}"));
            } else {
                self.b().ins(line.trim_end_matches(';'));
            }
        }
        if labelled {
            // A label other code jumps to: products computed before it are not reused.
            self.cse_clear();
        }
    }

    /// Converts between a 16-bit float type and another type as the headers' constructors
    /// and conversion operators do.
    pub(super) fn half_convert(&mut self, v: Value, to: &Type, pos: Pos) -> Result<Value> {
        let from = v.ty.clone();
        if from == *to {
            return Ok(v);
        }
        let (fname, tname) = (self.type_name(&from), self.type_name(to));
        let refuse = || {
            Diag::new(pos, format!("cannot convert {fname} to {tname}"))
                .note("cuda_fp16.h and cuda_bf16.h convert between their types and float, double and the integers only; go through float")
        };
        if matches!(from, Type::Half2(_)) || matches!(to, Type::Half2(_)) {
            return Err(refuse());
        }
        if from.is_half() && to.is_half() {
            // __half from __nv_bfloat16: both the float and the headers' operators match.
            return Err(Diag::new(
                pos,
                format!("more than one conversion of {fname} to {tname} matches"),
            )
            .note("convert through float: __float2half(__bfloat162float(b))"));
        }
        if *to == Type::Void {
            return Ok(Value::new(Op::Int(0), Type::Void));
        }
        if *to == Type::Bool {
            let c = self.half_truth(v, pos)?;
            return self.cond_value(c);
        }
        let arch = self.opts.arch;
        // bool and the 8-bit integers go through int; a half becomes a double through float.
        match (&from, to) {
            (Type::Half(_), Type::Double) => {
                let f = self.half_convert(v, &Type::Float, pos)?;
                return self.convert(f, to, pos);
            }
            (Type::Bool, Type::Half(_)) => {
                let i = self.convert(v, &crate::types::INT, pos)?;
                return self.half_convert(i, to, pos);
            }
            (Type::Int(k), Type::Half(_)) if k.bits() == 8 => {
                let i = self.convert(v, &crate::types::INT, pos)?;
                return self.half_convert(i, to, pos);
            }
            _ => {}
        }
        if !(from.is_arith() || from.is_half()) || !(to.is_arith() || to.is_half()) {
            return Err(refuse());
        }
        let Some(text) = crate::half::conversion(&from, to, arch) else {
            let need = if matches!(from, Type::Half(HalfKind::F16))
                || matches!(to, Type::Half(HalfKind::F16))
            {
                53
            } else {
                90
            };
            return Err(self.half_arch_err(pos, &format!("converting {fname} to {tname}"), need));
        };
        // Integers of 16 bits live in 32-bit registers here; the cvt takes a 16-bit one.
        let src = match &from {
            Type::Int(k) if k.bits() == 16 => {
                let r = self.reg_of(&v);
                let h = self.b().reg(RegClass::B16);
                self.b().ins(&format!("cvt.u16.u32 \t{h}, {r}"));
                h
            }
            _ => self.reg_of(&v),
        };
        match to {
            Type::Int(k) if k.bits() == 16 => {
                let h = self.b().reg(RegClass::B16);
                self.half_template(&text, &h, None, &[src]);
                let r = self.b().reg(RegClass::B32);
                let s = if k.signed() { "s" } else { "u" };
                self.b().ins(&format!("cvt.{s}32.{s}16 \t{r}, {h}"));
                Ok(Value::new(Op::Reg(r), to.clone()))
            }
            Type::Int(k) if k.bits() == 8 => {
                let d = if matches!(from, Type::Half(HalfKind::Bf16)) {
                    let h = self.b().reg(RegClass::B16);
                    self.half_template(&text, &h, None, &[src]);
                    let d = self.b().reg(RegClass::B32);
                    self.b().ins(&format!("cvt.u32.u16 \t{d}, {h}"));
                    d
                } else {
                    let d = self.b().reg(RegClass::B32);
                    self.half_template(&text, &d, None, &[src]);
                    d
                };
                let d = self.narrow(&d, *k);
                Ok(Value::new(Op::Reg(d), to.clone()))
            }
            _ => {
                let d = self.b().reg(to.class());
                self.half_template(&text, &d, None, &[src]);
                Ok(Value::new(Op::Reg(d), to.clone()))
            }
        }
    }

    /// `__float22half2_rn(float2)`: `__floats2half2_rn` of its `.x` and `.y`.
    fn float2_to_half2(&mut self, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let float2 = self.struct_ids.get("float2").copied();
        let [v] = <[Value; 1]>::try_from(vals).map_err(|_| {
            Diag::new(pos, "__float22half2_rn takes one float2").note("pass a float2")
        })?;
        if float2.is_none() || v.ty != Type::Struct(float2.unwrap_or(0)) {
            return Err(Diag::new(
                pos,
                format!("no __float22half2_rn takes {}", self.type_name(&v.ty)),
            )
            .note("pass a float2 (make_float2(x, y))"));
        }
        let base = self.reg_of(&v);
        let mut xy = Vec::new();
        for off in [0, 4] {
            let lv = LVal::Mem {
                base: base.clone(),
                off,
                ty: Type::Float,
                space: Space::Generic,
                vol: false,
            };
            xy.push(self.load(&lv)?);
        }
        self.half_call("__floats2half2_rn", xy, pos)?
            .ok_or_else(|| Diag::new(pos, "internal error: __floats2half2_rn not found"))
    }

    /// `__h2div`: each lane divided as `__hdiv` divides it.
    fn half2_div(&mut self, vals: Vec<Value>, pos: Pos) -> Result<Value> {
        let [a, b] = <[Value; 2]>::try_from(vals).map_err(|_| {
            Diag::new(pos, "__h2div takes two arguments").note("pass two __half2 values")
        })?;
        let Type::Half2(kind) = a.ty else {
            return Err(
                Diag::new(pos, format!("no __h2div takes {}", self.type_name(&a.ty)))
                    .note("pass __half2 or __nv_bfloat162 values"),
            );
        };
        let b = self.convert(b, &Type::Half2(kind), pos)?;
        let (ar, br) = (self.reg_of(&a), self.reg_of(&b));
        let mut lanes = Vec::new();
        for high in [false, true] {
            let x = self.half_lane(&ar, kind, high);
            let y = self.half_lane(&br, kind, high);
            let q = self
                .half_call("__hdiv", vec![x, y], pos)?
                .ok_or_else(|| Diag::new(pos, "internal error: __hdiv not found"))?;
            lanes.push(q);
        }
        let (hi, lo) = (lanes.pop(), lanes.pop());
        match (lo, hi) {
            (Some(lo), Some(hi)) => self.half_pair(kind, lo, hi, pos),
            _ => Err(Diag::new(pos, "internal error: __h2div lanes")),
        }
    }

    /// The truth of a `__half` (`h != 0`: any bit but the sign).
    pub(super) fn half_truth(&mut self, v: Value, pos: Pos) -> Result<Test> {
        if !matches!(v.ty, Type::Half(_)) {
            return Err(Diag::new(
                pos,
                format!(
                    "a value of type {} cannot be a condition",
                    self.type_name(&v.ty)
                ),
            )
            .note("compare its halves: __hbeq2, or __low2float/__high2float"));
        }
        let r = self.reg_of(&v);
        let m = self.b().reg(RegClass::B16);
        self.b().ins(&format!("and.b16 \t{m}, {r}, 32767"));
        let p = self.b().reg(RegClass::Pred);
        self.b().ins(&format!("setp.ne.s16 \t{p}, {m}, 0"));
        Ok(Test::Pred(p, false))
    }

    /// The headers' operators on two values, one of them a 16-bit float type: both must be
    /// of that type (with another type, the built-in operators match as well).
    pub(super) fn half_binary(&mut self, op: &str, l: Value, r: Value, pos: Pos) -> Result<Value> {
        if matches!(op, "==" | "!=" | "<" | ">" | "<=" | ">=") {
            let c = self.half_compare(op, l, r, pos)?;
            return self.cond_value(c);
        }
        let t = self.half_operands(op, &l, &r, pos)?;
        let pair = matches!(t, Type::Half2(_));
        let Some(name) = crate::half::operator(op, pair) else {
            return Err(Diag::new(
                pos,
                format!("'{op}' is not defined for {}", self.type_name(&t)),
            )
            .note("cuda_fp16.h defines + - * / and the comparisons"));
        };
        self.half_call(name, vec![l, r], pos)?
            .ok_or_else(|| Diag::new(pos, format!("internal error: {name} not found")))
    }

    /// A comparison of two 16-bit floats of one type.
    pub(super) fn half_compare(&mut self, op: &str, l: Value, r: Value, pos: Pos) -> Result<Test> {
        let t = self.half_operands(op, &l, &r, pos)?;
        let pair = matches!(t, Type::Half2(_));
        let Some(name) = crate::half::operator(op, pair) else {
            return Err(Diag::new(pos, format!("unknown comparison '{op}'")));
        };
        let arch = self.opts.arch;
        let rows: Vec<&'static HalfFn> = crate::half::lookup(name)
            .filter(|f| f.params.first().and_then(|p| p.ty()) == Some(t.clone()))
            .collect();
        let Some((row, text)) = rows
            .iter()
            .find_map(|f| crate::half::form(f, arch).map(|x| (*f, x)))
        else {
            let need = rows
                .iter()
                .map(|f| crate::half::lowest_arch(f))
                .min()
                .unwrap_or(90);
            return Err(self.half_arch_err(
                pos,
                &format!("'{op}' on {}", self.type_name(&t)),
                need,
            ));
        };
        let (a, b) = (self.reg_of(&l), self.reg_of(&r));
        let c = if row.ret == H::Bool16 {
            RegClass::B16
        } else {
            RegClass::B32
        };
        let d = self.b().reg(c);
        self.half_template(text, &d, None, &[a, b]);
        Ok(self.bool_test(&d, c))
    }

    /// The one 16-bit float type of an operator's two operands.
    fn half_operands(&self, op: &str, l: &Value, r: &Value, pos: Pos) -> Result<Type> {
        if l.ty == r.ty {
            return Ok(l.ty.clone());
        }
        if l.ty.is_arith() || r.ty.is_arith() {
            return Err(ambiguous(
                pos,
                op,
                &self.type_name(&l.ty),
                &self.type_name(&r.ty),
            ));
        }
        Err(Diag::new(
            pos,
            format!(
                "invalid operands to '{op}': {} and {}",
                self.type_name(&l.ty),
                self.type_name(&r.ty)
            ),
        )
        .note(
            "both operands must be of one type: __half, __half2, __nv_bfloat16 or __nv_bfloat162",
        ))
    }

    /// `-h`: `__hneg`/`__hneg2`.
    pub(super) fn half_neg(&mut self, v: Value, pos: Pos) -> Result<Value> {
        let name = if matches!(v.ty, Type::Half2(_)) {
            "__hneg2"
        } else {
            "__hneg"
        };
        self.half_call(name, vec![v], pos)?
            .ok_or_else(|| Diag::new(pos, format!("internal error: {name} not found")))
    }

    /// A pair made of two values (`__half2(a, b)`, `{a, b}`, `make_half2`): each is
    /// converted to the half type, the first is `.x` (the low half).
    pub(super) fn half_pair(
        &mut self,
        kind: HalfKind,
        a: Value,
        b: Value,
        pos: Pos,
    ) -> Result<Value> {
        let ht = Type::Half(kind);
        let a = self.convert(a, &ht, pos)?;
        let b = self.convert(b, &ht, pos)?;
        let (x, y) = (self.reg_of(&a), self.reg_of(&b));
        let d = self.b().reg(RegClass::B32);
        self.b().raw(&format!("\t{{  mov.b32 {d}, {{{x},{y}}};}}"));
        Ok(Value::new(Op::Reg(d), Type::Half2(kind)))
    }

    /// Reads lane `.x` (`high` false) or `.y` of the pair in register `reg`.
    pub(super) fn half_lane(&mut self, reg: &str, kind: HalfKind, high: bool) -> Value {
        let d = self.b().reg(RegClass::B16);
        let which = if high { "high" } else { "low" };
        let rt = if kind == HalfKind::F16 { "f16" } else { "b16" };
        self.b().raw(&format!(
            "\t{{.reg .{rt} low,high; mov.b32 {{low,high}}, {reg}; mov.b16 {d}, {which};}}"
        ));
        Value::new(Op::Reg(d), Type::Half(kind))
    }

    /// Writes `v` into lane `.x` or `.y` of the pair in register `reg`.
    pub(super) fn half_set_lane(&mut self, reg: &str, high: bool, v: &Value) {
        let x = self.reg_of(v);
        let pair = if high {
            format!("{{low,{x}}}")
        } else {
            format!("{{{x},high}}")
        };
        self.bump(reg);
        self.b().raw(&format!(
            "\t{{.reg .b16 low,high; mov.b32 {{low,high}}, {reg}; mov.b32 {reg}, {pair};}}"
        ));
    }

    /// `atomicAdd` on bfloat16 before sm_90, which has no `atom.add.bf16`: as the header
    /// writes it, a compare-and-swap loop adding with `__hadd`/`__hadd2`; the value before
    /// the addition that took is the result.
    fn bf16_atomic_add_loop(
        &mut self,
        addr: &str,
        v: Value,
        t: &Type,
        pair: bool,
        pos: Pos,
    ) -> Result<Value> {
        let (w, c) = if pair {
            (32, RegClass::B32)
        } else {
            (16, RegClass::B16)
        };
        let cur = self.b().reg(c);
        self.b().ins(&format!("ld.u{w} \t{cur}, [{addr}]"));
        let top = self.b().label();
        self.cse_clear();
        self.b().place(&top);
        let old = self.b().reg(c);
        self.b().ins(&format!("mov.b{w} \t{old}, {cur}"));
        let add = if pair { "__hadd2" } else { "__hadd" };
        let sum = self
            .half_call(
                add,
                vec![v, Value::new(Op::Reg(old.clone()), t.clone())],
                pos,
            )?
            .ok_or_else(|| Diag::new(pos, format!("internal error: {add} not found")))?;
        let new = self.reg_of(&sum);
        self.b()
            .ins(&format!("atom.cas.b{w} \t{cur}, [{addr}], {old}, {new}"));
        let again = self.b().reg(RegClass::Pred);
        self.b()
            .ins(&format!("setp.ne.s{w} \t{again}, {old}, {cur}"));
        self.b().branch_if(&again, false, &top);
        Ok(Value::new(Op::Reg(old), t.clone()))
    }

    /// `atomicAdd` on a `__half`, `__half2`, `__nv_bfloat16` or `__nv_bfloat162` in memory.
    pub(super) fn half_atomic(
        &mut self,
        name: &str,
        op: &str,
        t: &Type,
        p: Value,
        v: Value,
        pos: Pos,
    ) -> Result<Value> {
        if op != "add" {
            return Err(Diag::new(
                pos,
                format!("{name} is not defined for {}", self.type_name(t)),
            )
            .note("cuda_fp16.h and cuda_bf16.h define atomicAdd on their types"));
        }
        let (kind, pair) = match t {
            Type::Half(k) => (*k, false),
            Type::Half2(k) => (*k, true),
            _ => return Err(Diag::new(pos, "internal error: not a half type")),
        };
        let need = if kind == HalfKind::F16 { 70 } else { 80 };
        if self.opts.arch < need {
            return Err(self.half_arch_err(
                pos,
                &format!("atomicAdd on {}", self.type_name(t)),
                need,
            ));
        }
        let addr = self.reg_of(&p);
        let v = self.convert(v, t, pos)?;
        if kind == HalfKind::Bf16 && self.opts.arch < 90 {
            return self.bf16_atomic_add_loop(&addr, v, t, pair, pos);
        }
        let vr = self.reg_of(&v);
        let d = self.b().reg(t.class());
        let ptx_t = format!("{}{}", kind.ptx(), if pair { "x2" } else { "" });
        self.b().raw(&format!(
            "\t{{ atom.add.noftz.{ptx_t} {d},[{addr}],{vr}; }}"
        ));
        Ok(Value::new(Op::Reg(d), t.clone()))
    }
}

#[cfg(test)]
mod tests {
    use crate::{compile, Options};

    fn ptx(src: &str, arch: u32) -> String {
        let o = Options {
            arch,
            ..Options::default()
        };
        match compile(src, "t.cu", &[], &o) {
            Ok(out) => out.ptx,
            Err(e) => panic!("{e}"),
        }
    }

    fn err(src: &str, arch: u32) -> String {
        let o = Options {
            arch,
            ..Options::default()
        };
        match compile(src, "t.cu", &[], &o) {
            Ok(out) => panic!("compiled:\n{}", out.ptx),
            Err(e) => e.log,
        }
    }

    #[test]
    fn a_half_parameter_is_declared_and_mangled_as_the_headers_class() {
        let p = ptx(
            "#include <cuda_fp16.h>\n__global__ void k(__half a, __half2 b, __half* y) { y[0] = a; y[1] = b.y; }",
            80,
        );
        assert!(p.contains(".entry _Z1k6__half7__half2PS_("), "{p}");
        assert!(
            p.contains(".param .align 2 .b8 _Z1k6__half7__half2PS__param_0[2]"),
            "{p}"
        );
        assert!(p.contains(".reg .b16"), "{p}");
    }

    #[test]
    fn a_product_kept_in_a_variable_is_written_by_its_own_instruction() {
        // NVRTC's PTX has no copy between the mul.f16 and the add.f16, so the GPU's
        // assembler (and the simulator) fuses them; a copy would stop that.
        let p = ptx(
            "#include <cuda_fp16.h>\nextern \"C\" __global__ void k(const __half* x, __half* y) { __half t = x[0] * x[1]; y[0] = t + x[2]; }",
            80,
        );
        let mul = p
            .lines()
            .find(|l| l.contains("mul.f16"))
            .unwrap_or_default();
        let dest = mul
            .split(|c: char| c == ',' || c.is_whitespace())
            .find(|w| w.starts_with("%rs"))
            .unwrap_or("?");
        // The product's register is read by the add alone (no mov in between).
        let readers: Vec<&str> = p
            .lines()
            .filter(|l| !l.contains("mul.f16") && l.contains(dest))
            .collect();
        assert_eq!(readers.len(), 1, "{p}");
        assert!(readers[0].contains("add.f16"), "{p}");
    }

    #[test]
    fn mixing_a_half_and_a_float_is_ambiguous_as_in_nvrtc() {
        let e = err(
            "#include <cuda_fp16.h>\nextern \"C\" __global__ void k(__half* y) { y[0] = y[1] + 1.0f; }",
            80,
        );
        assert!(e.contains("more than one operator '+'"), "{e}");
        assert!(e.contains("t.cu:2:"), "{e}");
    }

    #[test]
    fn bfloat16_arithmetic_before_sm_80_names_the_architecture() {
        let e = err(
            "#include <cuda_bf16.h>\nextern \"C\" __global__ void k(__nv_bfloat16* y) { y[0] = __hadd(y[1], y[2]); }",
            75,
        );
        assert!(e.contains("needs sm_80"), "{e}");
        assert!(e.contains("-arch=compute_80"), "{e}");
    }

    #[test]
    fn atomic_add_on_halves_is_the_noftz_atomic() {
        let p = ptx(
            "#include <cuda_fp16.h>\nextern \"C\" __global__ void k(__half* s, __half2* s2) { atomicAdd(s, s[1]); atomicAdd(s2, s2[1]); }",
            80,
        );
        assert!(p.contains("atom.add.noftz.f16 "), "{p}");
        assert!(p.contains("atom.add.noftz.f16x2 "), "{p}");
        let e = err(
            "#include <cuda_bf16.h>\nextern \"C\" __global__ void k(__nv_bfloat16* s) { atomicAdd(s, s[1]); }",
            75,
        );
        assert!(e.contains("needs sm_80"), "{e}");
    }

    #[test]
    fn a_half2_is_not_a_condition_and_has_only_x_and_y() {
        let e = err(
            "#include <cuda_fp16.h>\nextern \"C\" __global__ void k(__half2* y) { if (y[0]) y[1] = y[0]; }",
            80,
        );
        assert!(e.contains("cannot be a condition"), "{e}");
        let e = err(
            "#include <cuda_fp16.h>\nextern \"C\" __global__ void k(__half2* y, __half* z) { __half2 p = y[0]; z[0] = p.z; }",
            80,
        );
        assert!(e.contains("no member 'z'"), "{e}");
    }

    #[test]
    fn a_half_global_with_an_initialiser_is_refused_as_nvrtc_refuses_it() {
        let e = err(
            "#include <cuda_fp16.h>\n__device__ __half g = 1.5f;\nextern \"C\" __global__ void k(__half* y) { y[0] = g; }",
            80,
        );
        assert!(e.contains("dynamic initialization is not supported"), "{e}");
        let p = ptx(
            "#include <cuda_fp16.h>\n__device__ __half g;\nextern \"C\" __global__ void k(__half* y) { g = y[1]; y[0] = g; }",
            80,
        );
        assert!(p.contains(".visible .global .align 2 .b8 g[2];"), "{p}");
    }

    #[test]
    fn pair_comparisons_are_the_headers_set_instructions() {
        // The simulator does not run `set` on pairs yet (FINDINGS.md S5): the PTX text is
        // checked against NVRTC's instead.
        let p = ptx(
            "#include <cuda_fp16.h>\nextern \"C\" __global__ void k(const __half2* x, __half2* y, int* n) { n[0] = x[0] < x[1]; n[1] = __hbeq2(x[0], x[1]); y[0] = __hlt2(x[0], x[1]); }",
            80,
        );
        assert!(p.contains("set.lt.u32.f16x2"), "{p}");
        assert!(p.contains("set.eq.u32.f16x2"), "{p}");
        assert!(p.contains("set.lt.f16x2.f16x2"), "{p}");
        assert!(p.contains(", -1;"), "{p}");
    }

    #[test]
    fn deeply_nested_half_calls_are_a_clear_error() {
        let mut e = String::from("x[0]");
        for _ in 0..400 {
            e = format!("__hadd({e}, x[1])");
        }
        let src = format!(
            "#include <cuda_fp16.h>\nextern \"C\" __global__ void k(__half* x) {{ x[2] = {e}; }}"
        );
        let log = err(&src, 80);
        assert!(log.contains("deeper than"), "{log}");
    }
}
