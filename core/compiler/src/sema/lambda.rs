//! Lambdas: `auto f = [&](int i) { return x[i]; };` and `f(3)`. A lambda is inlined where it
//! is called, as every device function is, with the names it captures bound as they were
//! where it was written: by reference, the same variable; by value, a copy made there.
//! Its return type, where none is written, is the type of the first value it returns.

use super::*;
use crate::ast::Lambda;

/// A lambda bound to a name: its call operator and the variables its body sees.
#[derive(Debug, Clone)]
pub(super) struct Closure {
    pub func: Rc<Func>,
    pub captured: HashMap<Rc<str>, Bind>,
}

impl Sema<'_> {
    /// The closure of lambda `l`, its captures taken now.
    pub(super) fn closure(&mut self, l: &Lambda, pos: Pos) -> Result<Closure> {
        let mut captured: HashMap<Rc<str>, Bind> = HashMap::new();
        if let Some(by_ref) = l.default_by_ref {
            // Every local in scope, innermost last so that it shadows.
            let visible: Vec<(Rc<str>, Bind)> = self
                .st()
                .scopes
                .iter()
                .flat_map(|s| s.iter().map(|(n, b)| (n.clone(), b.clone())))
                .collect();
            for (n, b) in visible {
                let b = if by_ref {
                    b
                } else {
                    self.copy_bind(&n, b, pos)?
                };
                captured.insert(n, b);
            }
        }
        for (n, by_ref) in &l.captures {
            let Some(b) = self.lookup_local(n) else {
                return Err(Diag::new(
                    pos,
                    format!("the lambda captures '{n}', which is not a local variable"),
                )
                .note("capture local variables only; globals are seen without capturing"));
            };
            let b = if *by_ref {
                b
            } else {
                self.copy_bind(n, b, pos)?
            };
            captured.insert(n.clone(), b);
        }
        Ok(Closure {
            func: Rc::new(l.func.clone()),
            captured,
        })
    }

    /// A by-value capture: a new variable holding the value `b` holds now.
    fn copy_bind(&mut self, name: &str, b: Bind, pos: Pos) -> Result<Bind> {
        let Bind::Var(lv) = b else { return Ok(b) };
        let t = lv.ty().clone();
        if matches!(t, Type::Array(..)) {
            return Err(Diag::unsupported(
                pos,
                &format!("capturing the array '{name}' by value in a lambda"),
            ));
        }
        let v = self.load(&lv)?;
        let copy = if t.is_scalar() {
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
        self.store(&copy, v)?;
        Ok(Bind::Var(copy))
    }

    /// A call of closure `c` with `args`.
    pub(super) fn call_closure(&mut self, c: &Closure, args: &[Expr], pos: Pos) -> Result<Value> {
        let f = &c.func;
        if args.len() != f.params.len() {
            return Err(Diag::new(
                pos,
                format!(
                    "the lambda takes {} arguments, {} given",
                    f.params.len(),
                    args.len()
                ),
            )
            .note("pass one value per parameter"));
        }
        let f = if f.ret == Ty::Base(Base::Auto) {
            let t = self.deduced_return(c, args, pos)?;
            let mut g = (**f).clone();
            g.ret = Ty::Resolved(t);
            Rc::new(g)
        } else {
            f.clone()
        };
        self.inline_with(&f, HashMap::new(), args, Some(&c.captured), pos)
    }

    /// The type of the first value the lambda returns (`void` if it returns none), learned
    /// by compiling the call once and throwing the code away.
    fn deduced_return(&mut self, c: &Closure, args: &[Expr], pos: Pos) -> Result<Type> {
        let mut probe = (*c.func).clone();
        probe.ret = Ty::Base(Base::Void);
        let probe = Rc::new(probe);
        let saved = self.scratch_begin();
        self.deducing.push(None);
        self.deduce_next = true;
        let r = self.inline_with(&probe, HashMap::new(), args, Some(&c.captured), pos);
        let t = self.deducing.pop().flatten();
        self.scratch_end(saved);
        r?;
        Ok(t.unwrap_or(Type::Void))
    }
}
