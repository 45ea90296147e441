//! Statements: local declarations (registers for scalars, the local frame for arrays,
//! structs and variables whose address is taken, module symbols for `__shared__` and
//! `static`), control flow as labels and branches, `switch` as a compare chain.

use super::expr::Test;
use super::*;
use crate::types::RegClass;

impl Sema<'_> {
    /// Compiles one statement.
    pub(super) fn stmt(&mut self, s: &Stmt) -> Result<()> {
        match s {
            Stmt::Expr(e) => {
                self.expr(e)?;
            }
            Stmt::Decl(ds) => {
                for d in ds {
                    self.local(d)?;
                }
            }
            Stmt::Block(b) => {
                self.st().scopes.push(HashMap::new());
                let r = b.iter().try_for_each(|s| self.stmt(s));
                self.st().scopes.pop();
                r?;
            }
            Stmt::If(c, a, b) => {
                let cv = self.cond(c)?;
                match cv {
                    Test::Known(true) => self.scoped(a)?,
                    Test::Known(false) => {
                        if let Some(b) = b {
                            self.scoped(b)?;
                        }
                    }
                    cv => {
                        let else_l = self.b().label();
                        self.branch_unless(cv, &else_l);
                        self.scoped(a)?;
                        if let Some(b) = b {
                            let end = self.b().label();
                            self.b().branch(&end);
                            self.b().place(&else_l);
                            self.scoped(b)?;
                            self.b().place(&end);
                        } else {
                            self.b().place(&else_l);
                        }
                    }
                }
            }
            Stmt::While(c, body) => {
                self.cse_push(true);
                let top = self.b().label();
                let end = self.b().label();
                self.b().place(&top);
                let cv = self.cond(c)?;
                self.branch_unless(cv, &end);
                let r = self.loop_body(body, &end, &top);
                self.cse_pop();
                r?;
                self.b().branch(&top);
                self.b().place(&end);
            }
            Stmt::DoWhile(body, c) => {
                self.cse_push(true);
                let top = self.b().label();
                let cont = self.b().label();
                let end = self.b().label();
                self.b().place(&top);
                self.loop_body(body, &end, &cont)?;
                self.cse_clear();
                self.b().place(&cont);
                match self.cond(c)? {
                    Test::Known(true) => self.b().branch(&top),
                    Test::Known(false) => {}
                    Test::Pred(p, n) => self.b().branch_if(&p, n, &top),
                }
                self.cse_pop();
                self.b().place(&end);
            }
            Stmt::For(init, c, step, body) => {
                self.st().scopes.push(HashMap::new());
                if let Some(i) = init {
                    self.stmt(i)?;
                }
                let top = self.b().label();
                let cont = self.b().label();
                let end = self.b().label();
                self.cse_push(true);
                self.b().place(&top);
                if let Some(c) = c {
                    let cv = self.cond(c)?;
                    self.branch_unless(cv, &end);
                }
                self.loop_body(body, &end, &cont)?;
                self.cse_clear();
                self.b().place(&cont);
                if let Some(s) = step {
                    self.expr(s)?;
                }
                self.cse_pop();
                self.b().branch(&top);
                self.b().place(&end);
                self.st().scopes.pop();
            }
            Stmt::Return(e, pos) => self.ret(e.as_ref(), *pos)?,
            Stmt::Break(pos) => {
                let Some((brk, _)) = self.st().loops.last().cloned() else {
                    return Err(
                        Diag::new(*pos, "'break' outside a loop or switch").note("remove it")
                    );
                };
                self.b().branch(&brk);
            }
            Stmt::Continue(pos) => {
                let Some(c) = self.st().loops.iter().rev().find_map(|l| l.1.clone()) else {
                    return Err(Diag::new(*pos, "'continue' outside a loop").note("remove it"));
                };
                self.b().branch(&c);
            }
            Stmt::Switch(c, body) => self.switch(c, body)?,
            Stmt::Case(_, pos) | Stmt::Default(pos) => {
                // The dispatch jumps here: nothing computed above is known to be done.
                self.cse_clear();
                let label = self.st().switches.last_mut().and_then(|q| q.pop_front());
                let Some(l) = label else {
                    return Err(Diag::new(*pos, "'case' or 'default' outside a switch")
                        .note("put it inside a switch statement"));
                };
                self.b().place(&l);
            }
            Stmt::Goto(l, _) => {
                let label = self.goto_label(l);
                self.b().branch(&label);
            }
            Stmt::Label(l, _) => {
                self.cse_clear();
                let label = self.goto_label(l);
                self.b().place(&label);
                // A `goto` may jump here from below.
                self.b().known.forget();
            }
            Stmt::StaticAssert(c, m) => {
                let tp = self.tparams();
                self.static_assert(c, m, &tp)?;
            }
            Stmt::Asm(a) => self.asm(a)?,
            Stmt::Empty => {}
        }
        Ok(())
    }

    fn goto_label(&mut self, l: &Rc<str>) -> String {
        if let Some(x) = self.frame().labels.get(l) {
            return x.clone();
        }
        let x = self.b().label();
        self.frame().labels.insert(l.clone(), x.clone());
        x
    }

    fn scoped(&mut self, s: &Stmt) -> Result<()> {
        self.st().scopes.push(HashMap::new());
        self.cse_push(false);
        let r = self.stmt(s);
        self.cse_pop();
        self.st().scopes.pop();
        r
    }

    fn loop_body(&mut self, body: &Stmt, brk: &str, cont: &str) -> Result<()> {
        self.st()
            .loops
            .push((brk.to_string(), Some(cont.to_string())));
        let r = self.scoped(body);
        self.st().loops.pop();
        r
    }

    fn switch(&mut self, c: &Expr, body: &Stmt) -> Result<()> {
        let v = self.expr(c)?;
        if !v.ty.is_int() && v.ty != Type::Bool {
            return Err(Diag::new(
                c.pos,
                format!("switch on a value of type {}", self.type_name(&v.ty)),
            )
            .note("switch needs an integer"));
        }
        let t = crate::types::promote(&v.ty);
        let v = self.convert(v, &t, c.pos)?;
        let mut cases = Vec::new();
        collect_cases(body, &mut cases);
        let end = self.b().label();
        let mut labels = std::collections::VecDeque::new();
        let mut default = None;
        let tp = self.tparams();
        let mut seen = HashSet::new();
        for case in &cases {
            let l = self.b().label();
            labels.push_back(l.clone());
            match case {
                Some(e) => {
                    let k = self.const_int(e, &tp)?;
                    let k = super::expr::normalize(
                        k,
                        match t {
                            Type::Int(k) => k,
                            _ => IntKind::Int,
                        },
                    );
                    if !seen.insert(k) {
                        return Err(Diag::new(e.pos, format!("duplicate case value {k}"))
                            .note("each case needs a different value"));
                    }
                    if let Op::Int(x) = v.op {
                        if x == k {
                            self.b().branch(&l);
                        }
                        continue;
                    }
                    let r = self.reg_of(&v);
                    let p = self.b().reg(RegClass::Pred);
                    self.b()
                        .ins(&format!("setp.eq.{} \t{p}, {r}, {k}", t.arith_suffix()));
                    self.b().branch_if(&p, false, &l);
                }
                None => default = Some(l),
            }
        }
        let target = default.unwrap_or_else(|| end.clone());
        self.b().branch(&target);
        self.st().switches.push(labels);
        self.st().loops.push((end.clone(), None));
        self.cse_push(true);
        let r = self.scoped(body);
        self.cse_pop();
        self.st().loops.pop();
        self.st().switches.pop();
        r?;
        self.b().place(&end);
        Ok(())
    }

    fn ret(&mut self, e: Option<&Expr>, pos: Pos) -> Result<()> {
        let is_kernel_level = self.st().frames.len() == 1 && self.frame().is_kernel;
        if is_kernel_level {
            if let Some(e) = e {
                return Err(Diag::new(e.pos, "a kernel returns void")
                    .note("remove the value; write results through a pointer"));
            }
            self.b().ins("ret");
            self.b().block += 1;
            return Ok(());
        }
        if self.frame().deduce {
            // A lambda's return-type probe: the first value's type is the type.
            if let Some(e) = e {
                let v = self.expr(e)?;
                if let Some(slot @ None) = self.deducing.last_mut() {
                    *slot = Some(v.ty);
                }
            }
            return Ok(());
        }
        let rt = self.frame().ret.clone();
        // `return {a, b};` constructs the return type.
        let braced;
        let e = match e {
            Some(Expr {
                kind: ExprKind::InitList(items),
                pos: at,
            }) => {
                braced = match (&rt, items.as_slice()) {
                    (Type::Struct(_), _) => Expr {
                        kind: ExprKind::Construct(Ty::Resolved(rt.clone()), items.clone()),
                        pos: *at,
                    },
                    (t, []) if t.is_arith() => Expr {
                        kind: ExprKind::Int(0, crate::types::INT),
                        pos: *at,
                    },
                    (t, [one]) if t.is_arith() => one.clone(),
                    _ => {
                        return Err(Diag::new(*at, "a braced list returned from a function that returns neither a struct nor one value")
                            .note("return a value of the function's type"))
                    }
                };
                Some(&braced)
            }
            other => other,
        };
        let v = match e {
            Some(e) if rt != Type::Void => {
                let v = self.expr(e)?;
                Some(self.convert(v, &rt, e.pos)?)
            }
            Some(e) => {
                self.expr(e)?;
                None
            }
            None if rt != Type::Void => {
                return Err(Diag::new(
                    pos,
                    format!(
                        "this function returns {}; return a value",
                        self.type_name(&rt)
                    ),
                )
                .note("write return VALUE;"))
            }
            None => None,
        };
        match self.frame().exit.clone() {
            None => {
                // The single final return: keep the value as it is (products included).
                self.frame().direct = v;
            }
            Some(exit) => {
                if let (Some(v), Some(slot)) = (v, self.frame().slot.clone()) {
                    self.store(&slot, v)?;
                }
                self.b().branch(&exit);
            }
        }
        Ok(())
    }

    fn local(&mut self, d: &VarDecl) -> Result<()> {
        let tp = self.tparams();
        if let Ty::Ref(_) = &d.ty {
            let Some(init) = &d.init else {
                return Err(Diag::new(
                    d.pos,
                    format!("reference '{}' needs an initialiser", d.name),
                )
                .note("bind it to a variable: T& r = x;"));
            };
            let lv = self.lvalue(init)?;
            self.bind(&d.name, Bind::Var(lv));
            return Ok(());
        }
        let is_auto = matches!(&d.ty, Ty::Base(Base::Auto))
            || matches!(&d.ty, Ty::Qual { inner, .. } if **inner == Ty::Base(Base::Auto));
        let mut ty = if is_auto {
            let Some(init) = &d.init else {
                return Err(
                    Diag::new(d.pos, format!("'auto {}' needs an initialiser", d.name))
                        .note("write the type, or initialise it"),
                );
            };
            if let ExprKind::Lambda(l) = &init.kind {
                let c = self.closure(l, init.pos)?;
                self.bind(&d.name, Bind::Lambda(Rc::new(c)));
                return Ok(());
            }
            let v = self.expr(init)?;
            let t = v.ty.clone();
            // Bind now: the value is computed.
            return self.bind_local_value(d, t, Some(v));
        } else {
            self.resolve(&d.ty, &tp)?
        };
        if ty == Type::Void {
            return Err(
                Diag::new(d.pos, format!("variable '{}' has type void", d.name))
                    .note("give it a real type"),
            );
        }
        // `int a[] = {1, 2, 3}` takes its length from the initialiser.
        if let (
            Type::Array(e, 0),
            Some(Expr {
                kind: ExprKind::InitList(items),
                ..
            }),
        ) = (&ty, &d.init)
        {
            ty = Type::Array(e.clone(), items.len() as u64);
        }
        if d.storage == Storage::Shared
            || d.is_static
            || d.storage == Storage::Constant
            || d.storage == Storage::Device
            || d.storage == Storage::Managed
        {
            return self.static_local(d, ty);
        }
        let konst = matches!(&d.ty, Ty::Qual { konst: true, .. }) || d.constexpr;
        if konst && ty.is_arith() {
            if let Some(init) = &d.init {
                let v = self.expr(init)?;
                if v.op.is_const() {
                    let v = self.fold_convert(v, &ty, init.pos)?;
                    self.bind(&d.name, Bind::Const(v));
                    return Ok(());
                }
                return self.bind_local_value(d, ty, Some(v));
            }
        }
        self.bind_local_value(d, ty, None)
    }

    fn bind_local_value(&mut self, d: &VarDecl, ty: Type, value: Option<Value>) -> Result<()> {
        let addressed = self.frame().addressed.contains(&d.name);
        let lv = if ty.is_scalar() && !addressed {
            let r = self.b().reg(ty.class());
            LVal::Reg(r, ty.clone())
        } else {
            let size = self.size_of(&ty);
            if size > 1 << 20 {
                return Err(Diag::new(
                    d.pos,
                    format!(
                        "local '{}' is {size} bytes; a thread's local memory is far smaller",
                        d.name
                    ),
                )
                .note("use global or shared memory for large arrays"));
            }
            let align = self.align_of(&ty);
            let off = self.b().alloc_local(size, align) as i64;
            LVal::Mem {
                base: "%SP".into(),
                off,
                ty: ty.clone(),
                space: Space::Generic,
                vol: false,
            }
        };
        match (value, &d.init, &d.ctor) {
            (Some(v), _, _) => {
                let v = self.convert(v, &ty, d.pos)?;
                self.store(&lv, v)?;
            }
            (None, Some(init), _) => self.init_object(&lv, init)?,
            (None, None, Some(args)) => {
                let list = Expr {
                    kind: ExprKind::InitList(args.clone()),
                    pos: d.pos,
                };
                self.init_object(&lv, &list)?;
            }
            (None, None, None) => {
                if let Type::Struct(id) = &ty {
                    if &*self.struct_info(*id).name == "dim3" {
                        let list = Expr {
                            kind: ExprKind::InitList(Vec::new()),
                            pos: d.pos,
                        };
                        self.init_object(&lv, &list)?;
                    }
                }
            }
        }
        self.bind(&d.name, Bind::Var(lv));
        Ok(())
    }

    fn static_local(&mut self, d: &VarDecl, ty: Type) -> Result<()> {
        let fname = self.frame().name.clone();
        let (space, sp) = match d.storage {
            Storage::Shared => (Space::Shared, ".shared"),
            Storage::Constant => (Space::Const, ".const"),
            _ => (Space::Global, ".global"),
        };
        let mut sym = if d.is_extern && space == Space::Shared {
            d.name.to_string()
        } else {
            format!("_ZZ{}{}E{}{}", fname.len(), fname, d.name.len(), d.name)
        };
        if d.is_extern && space == Space::Shared {
            let decl = format!(".extern .shared .align 16 .b8 {sym}[];");
            if !self.module.globals.contains(&decl) {
                self.module.globals.push(decl);
            }
        } else {
            let mut k = 0;
            while self
                .module
                .globals
                .iter()
                .any(|g| g.contains(&format!(" {sym}[")))
            {
                k += 1;
                sym = format!("_ZZ{}{}E{}{}_{k}", fname.len(), fname, d.name.len(), d.name);
            }
            let align = self.align_of(&ty).max(4);
            let size = self.size_of(&ty);
            let init = match &d.init {
                Some(e) if space != Space::Shared => {
                    let bytes = self.const_bytes(e, &ty)?;
                    let list: Vec<String> = bytes.iter().map(|b| b.to_string()).collect();
                    format!(" = {{{}}}", list.join(", "))
                }
                Some(e) => {
                    return Err(Diag::new(
                        e.pos,
                        "a __shared__ variable cannot have an initialiser",
                    )
                    .note("assign it in the kernel, then __syncthreads()"))
                }
                None => String::new(),
            };
            self.module
                .globals
                .push(format!("{sp} .align {align} .b8 {sym}[{size}]{init};"));
        }
        self.bind(
            &d.name,
            Bind::Var(LVal::Mem {
                base: sym,
                off: 0,
                ty,
                space,
                vol: false,
            }),
        );
        Ok(())
    }
}

/// The `case` (Some) and `default` (None) labels of a switch body, in order, not looking
/// into nested switches.
fn collect_cases<'e>(s: &'e Stmt, out: &mut Vec<Option<&'e Expr>>) {
    match s {
        Stmt::Case(e, _) => out.push(Some(e)),
        Stmt::Default(_) => out.push(None),
        Stmt::Block(b) => b.iter().for_each(|s| collect_cases(s, out)),
        Stmt::If(_, a, b) => {
            collect_cases(a, out);
            if let Some(b) = b {
                collect_cases(b, out);
            }
        }
        Stmt::While(_, b) | Stmt::DoWhile(b, _) | Stmt::For(_, _, _, b) => collect_cases(b, out),
        _ => {}
    }
}
