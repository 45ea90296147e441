//! Itanium C++ ABI name mangling, as NVRTC mangles kernel names (`_Z6reduceILi256EEvPKfPf`):
//! nested names, template arguments, template parameter references in signatures and the
//! substitution table (`S_`, `S0_`, ...).

use crate::types::Type;
use std::rc::Rc;

/// A parameter type for mangling: a resolved type, or (in a template's signature) a
/// reference to template parameter `n`, possibly under pointers and qualifiers.
#[derive(Debug, Clone, PartialEq)]
pub enum MTy {
    /// A concrete type.
    Ty(Type),
    /// Template parameter number `n`.
    Param(usize),
    /// A pointer to (`konst`: const) ...
    Ptr(Box<MTy>, bool),
    /// A reference to (`konst`: const) ...
    Ref(Box<MTy>, bool),
}

/// A template argument for mangling.
#[derive(Debug, Clone, PartialEq)]
pub enum MArg {
    /// A type.
    Type(Type),
    /// A value of an integer type.
    Value(i64, Type),
}

struct Mangler<'a> {
    subs: Vec<String>,
    structs: &'a [Rc<str>],
}

impl Mangler<'_> {
    fn sub_ref(&self, key: &str) -> Option<String> {
        let i = self.subs.iter().position(|s| s == key)?;
        Some(if i == 0 {
            "S_".into()
        } else {
            format!("S{}_", base36(i - 1))
        })
    }

    fn add(&mut self, key: String) {
        self.subs.push(key);
    }

    fn ty(&mut self, t: &Type) -> String {
        match t {
            Type::Void => "v".into(),
            Type::Bool => "b".into(),
            Type::Int(k) => k.mangle().into(),
            Type::Float => "f".into(),
            Type::Double => "d".into(),
            Type::Struct(id) => {
                let name = self
                    .structs
                    .get(*id as usize)
                    .cloned()
                    .unwrap_or_else(|| Rc::from("?"));
                let key = format!("{}{}", name.len(), name);
                if let Some(s) = self.sub_ref(&key) {
                    return s;
                }
                self.add(key.clone());
                key
            }
            // Classes in the headers: mangled, and substituted, by their names.
            Type::Half(_) | Type::Half2(_) => {
                let name = t.half_name();
                let key = format!("{}{}", name.len(), name);
                if let Some(s) = self.sub_ref(&key) {
                    return s;
                }
                self.add(key.clone());
                key
            }
            Type::Ptr { to, konst, vol } => {
                let inner = MTy::Ty((**to).clone());
                self.pointer(&inner, *konst, *vol, "P")
            }
            Type::Array(e, _) => self.ty(&Type::ptr((**e).clone())),
        }
    }

    fn pointer(&mut self, inner: &MTy, konst: bool, vol: bool, p: &str) -> String {
        let raw = self.raw(inner, konst, vol, p);
        if let Some(s) = self.sub_ref(&raw) {
            return s;
        }
        let mut q = String::new();
        if vol {
            q.push('V');
        }
        if konst {
            q.push('K');
        }
        let inner_s = if q.is_empty() {
            self.mty(inner)
        } else {
            let qraw = format!("{q}{}", self.raw(inner, false, false, ""));
            match self.sub_ref(&qraw) {
                Some(s) => s,
                None => {
                    let s = format!("{q}{}", self.mty(inner));
                    self.add(qraw);
                    s
                }
            }
        };
        let s = format!("{p}{inner_s}");
        self.add(raw);
        s
    }

    /// The unsubstituted mangling (the substitution table's key).
    fn raw(&self, t: &MTy, konst: bool, vol: bool, p: &str) -> String {
        let mut q = String::new();
        if vol {
            q.push('V');
        }
        if konst {
            q.push('K');
        }
        let inner = match t {
            MTy::Ty(t) => raw_type(t, self.structs),
            MTy::Param(n) => param_ref(*n),
            MTy::Ptr(i, k) => self.raw(i, *k, false, "P"),
            MTy::Ref(i, k) => self.raw(i, *k, false, "R"),
        };
        format!("{p}{q}{inner}")
    }

    fn mty(&mut self, t: &MTy) -> String {
        match t {
            MTy::Ty(t) => self.ty(t),
            MTy::Param(n) => {
                let key = param_ref(*n);
                if let Some(s) = self.sub_ref(&key) {
                    return s;
                }
                self.add(key.clone());
                key
            }
            MTy::Ptr(i, k) => self.pointer(i, *k, false, "P"),
            MTy::Ref(i, k) => self.pointer(i, *k, false, "R"),
        }
    }

    fn arg(&mut self, a: &MArg) -> String {
        match a {
            MArg::Type(t) => self.ty(t),
            MArg::Value(v, t) => {
                let code = match t {
                    Type::Bool => "b",
                    Type::Int(k) => k.mangle(),
                    _ => "i",
                };
                if *v < 0 && t.is_signed() {
                    format!("L{code}n{}E", v.unsigned_abs())
                } else if t.is_signed() || *t == Type::Bool {
                    format!("L{code}{v}E")
                } else {
                    let u = if t.bits() == 64 {
                        *v as u64
                    } else {
                        u64::from(*v as u32)
                    };
                    format!("L{code}{u}E")
                }
            }
        }
    }
}

fn raw_type(t: &Type, structs: &[Rc<str>]) -> String {
    match t {
        Type::Void => "v".into(),
        Type::Bool => "b".into(),
        Type::Int(k) => k.mangle().into(),
        Type::Float => "f".into(),
        Type::Double => "d".into(),
        Type::Struct(id) => {
            let n = structs
                .get(*id as usize)
                .cloned()
                .unwrap_or_else(|| Rc::from("?"));
            format!("{}{}", n.len(), n)
        }
        Type::Half(_) | Type::Half2(_) => {
            let n = t.half_name();
            format!("{}{}", n.len(), n)
        }
        Type::Ptr { to, konst, vol } => format!(
            "P{}{}{}",
            if *vol { "V" } else { "" },
            if *konst { "K" } else { "" },
            raw_type(to, structs)
        ),
        Type::Array(e, _) => format!("P{}", raw_type(e, structs)),
    }
}

fn param_ref(n: usize) -> String {
    if n == 0 {
        "T_".into()
    } else {
        format!("T{}_", base36(n - 1))
    }
}

fn base36(mut n: usize) -> String {
    const D: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut s = Vec::new();
    loop {
        s.push(D[n % 36]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

/// The mangled name of a function: namespaces `ns`, `name`, parameter types, and for a
/// template instantiation its arguments (the signature then refers to template parameters
/// as written).
pub fn function(
    ns: &[Rc<str>],
    name: &str,
    params: &[MTy],
    targs: Option<&[MArg]>,
    structs: &[Rc<str>],
) -> String {
    let mut m = Mangler {
        subs: Vec::new(),
        structs,
    };
    let mut s = String::from("_Z");
    let ns: Vec<&Rc<str>> = ns.iter().filter(|n| !n.is_empty()).collect();
    if ns.is_empty() {
        s.push_str(&format!("{}{name}", name.len()));
        if targs.is_some() {
            m.add(format!("{}{name}", name.len()));
        }
    } else {
        s.push('N');
        let mut prefix = String::new();
        for n in &ns {
            prefix.push_str(&format!("{}{n}", n.len()));
            m.add(prefix.clone());
        }
        s.push_str(&prefix);
        s.push_str(&format!("{}{name}", name.len()));
        if targs.is_some() {
            m.add(format!("{prefix}{}{name}", name.len()));
        }
    }
    if let Some(args) = targs {
        s.push('I');
        for a in args {
            s.push_str(&m.arg(a));
        }
        s.push('E');
    }
    if !ns.is_empty() {
        s.push('E');
    }
    if targs.is_some() {
        s.push('v');
    }
    if params.is_empty() {
        s.push('v');
    }
    for p in params {
        s.push_str(&m.mty(p));
    }
    s
}

/// The mangled name of a variable in namespaces `ns`.
pub fn nested_var(ns: &[Rc<str>], name: &str) -> String {
    let mut s = String::from("_ZN");
    for n in ns.iter().filter(|n| !n.is_empty()) {
        s.push_str(&format!("{}{n}", n.len()));
    }
    s.push_str(&format!("{}{name}E", name.len()));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{IntKind, INT};

    fn cptr(t: Type) -> Type {
        Type::Ptr {
            to: Rc::new(t),
            konst: true,
            vol: false,
        }
    }

    #[test]
    fn plain_functions() {
        let p = |t: Type| MTy::Ty(t);
        assert_eq!(
            function(
                &[],
                "saxpy",
                &[
                    p(Type::Float),
                    p(cptr(Type::Float)),
                    p(Type::ptr(Type::Float)),
                    p(INT)
                ],
                None,
                &[]
            ),
            "_Z5saxpyfPKfPfi"
        );
        assert_eq!(
            function(
                &[],
                "f",
                &[p(Type::ptr(Type::Float)), p(Type::ptr(Type::Float))],
                None,
                &[]
            ),
            "_Z1fPfS_"
        );
        assert_eq!(
            function(
                &[],
                "g",
                &[p(cptr(Type::Float)), p(cptr(Type::Float))],
                None,
                &[]
            ),
            "_Z1gPKfS0_"
        );
        assert_eq!(function(&[], "k", &[], None, &[]), "_Z1kv");
        assert_eq!(
            function(&[Rc::from("ns")], "k", &[p(INT)], None, &[]),
            "_ZN2ns1kEi"
        );
    }

    #[test]
    fn templates() {
        let args = [MArg::Value(256, INT), MArg::Value(8, INT)];
        let params = [MTy::Ty(cptr(Type::Float)), MTy::Ty(Type::ptr(Type::Float))];
        assert_eq!(
            function(&[], "reduce", &params, Some(&args), &[]),
            "_Z6reduceILi256ELi8EEvPKfPf"
        );
        let args = [MArg::Type(Type::Float)];
        let params = [
            MTy::Ptr(Box::new(MTy::Param(0)), false),
            MTy::Ptr(Box::new(MTy::Param(0)), false),
        ];
        assert_eq!(
            function(&[], "k", &params, Some(&args), &[]),
            "_Z1kIfEvPT_S1_"
        );
        assert_eq!(
            function(
                &[],
                "u",
                &[],
                Some(&[MArg::Value(3, Type::Int(IntKind::UInt))]),
                &[]
            ),
            "_Z1uILj3EEvv"
        );
    }
}
