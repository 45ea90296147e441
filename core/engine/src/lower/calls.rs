//! Calls: a call to a function is inlined (its registers and labels renamed), a
//! recursive one becomes a real call to an out-of-line body with a frame per lane, and an
//! indirect one tries every function of the pointer's signature.

use super::flatten::flatten;
use super::opcode::Opcode;
use super::{unsupported, Lowerer, OutOfLine, MAX_CODE};
use crate::error::Result;
use crate::image::ptx::ast::{self, Function, Operand, VarDecl};
use crate::sim::engine::ir::*;

impl<'a> Lowerer<'a> {
    /// `call (rets), f, (args)`: the callee's body is inlined here with its own registers
    /// and labels; parameters and results move through registers.
    /// A call of a function already being inlined (recursion): a real call to its
    /// out-of-line body, with a frame per lane (`Op::Call`).
    pub(super) fn real_call(
        &mut self,
        i: &ast::Instruction,
        callee: &'a Function,
        rets: &[Operand],
        args: &[Operand],
    ) -> Result<()> {
        let line = i.pos.line;
        if callee
            .params
            .iter()
            .chain(&callee.returns)
            .any(param_in_memory)
        {
            return Err(unsupported(
                line,
                format!(
                    "the recursive call to `{}` with a struct or array passed by value",
                    callee.name
                ),
            ));
        }
        if args.len() != callee.params.len() || rets.len() != callee.returns.len() {
            return Err(unsupported(
                line,
                format!(
                    "a call to `{}` with the wrong number of arguments",
                    callee.name
                ),
            ));
        }
        let r = self.out_of_line(callee);
        let reg_of = |this: &mut Self, o: &Operand| -> Result<u32> {
            match o {
                Operand::Name(n) => Ok(this.param_reg(n).unwrap_or_else(|| this.reg(n))),
                other => Err(unsupported(line, format!("the call argument {other:?}"))),
            }
        };
        let mut moves = Vec::new();
        for (o, &formal) in args.iter().zip(&self.recursive[r].params.clone()) {
            moves.push((formal, Src::Reg(reg_of(self, o)?)));
        }
        let guard = i.guard.as_ref().map(|(neg, p)| (self.reg(p), *neg));
        let label = self.recursive[r].prefix.clone();
        self.fixups.push((self.code.len(), label, line));
        self.recursive[r].uses.push(self.code.len());
        self.code.push(Instr {
            guard,
            op: Op::Call(Call {
                target: 0,
                args: moves,
                frame: Frame::default(),
            }),
            line,
            text: format!("call {} (recursive)", callee.name),
        });
        for (o, &formal) in rets.iter().zip(&self.recursive[r].results.clone()) {
            let d = reg_of(self, o)?;
            self.code.push(Instr {
                guard,
                op: Op::Mov(Mov {
                    d,
                    a: Src::Reg(formal),
                }),
                line,
                text: format!("call {} (result)", callee.name),
            });
        }
        Ok(())
    }

    /// The out-of-line body of `f` (registered, emitted later by [`emit_recursive`]).
    pub(super) fn out_of_line(&mut self, f: &Function) -> usize {
        if let Some(r) = self.recursive.iter().position(|o| o.name == f.name) {
            return r;
        }
        let prefix = format!("{}#rec/", f.name);
        let mut formal = |p: &VarDecl| -> u32 {
            let key = format!("{prefix}{}#param", p.name);
            let next = self.regs.len() as u32;
            *self.regs.entry(key).or_insert(next)
        };
        let params = f.params.iter().map(&mut formal).collect();
        let results = f.returns.iter().map(&mut formal).collect();
        self.recursive.push(OutOfLine {
            name: f.name.clone(),
            prefix,
            params,
            results,
            emitted: false,
            uses: Vec::new(),
        });
        self.recursive.len() - 1
    }

    /// Emits the out-of-line bodies of recursive functions after the kernel's code, and
    /// gives every call to and return from each the frame it keeps: the body's registers
    /// (but not its results) and its local memory.
    pub(super) fn emit_recursive(&mut self) -> Result<()> {
        while let Some(r) = self.recursive.iter().position(|o| !o.emitted) {
            self.recursive[r].emitted = true;
            let module: &'a ast::Module = self.module;
            let Some(f) = module.function(&self.recursive[r].name) else {
                continue;
            };
            let prefix = self.recursive[r].prefix.clone();
            let saved = (
                std::mem::replace(&mut self.prefix, prefix.clone()),
                self.ret_label.take(),
                std::mem::replace(&mut self.call_stack, vec![f.name.clone()]),
                self.in_recursive.replace(r),
            );
            self.labels.insert(prefix.clone(), self.code.len() as u32);
            let small = |p: &&VarDecl| !param_in_memory(p);
            let formals: Vec<(&VarDecl, u32)> = f
                .params
                .iter()
                .chain(&f.returns)
                .filter(small)
                .zip(
                    self.recursive[r]
                        .params
                        .iter()
                        .chain(&self.recursive[r].results)
                        .copied(),
                )
                .collect();
            for (p, reg) in formals {
                self.param_regs.insert(format!("{prefix}{}", p.name), reg);
            }
            let local_start = self.local;
            let flat = flatten(f.body.as_deref().unwrap_or(&[]));
            self.emit(&flat)?;
            // Falling off the end returns.
            self.recursive[r].uses.push(self.code.len());
            self.code.push(Instr {
                guard: None,
                op: Op::Return(Return {
                    frame: Frame::default(),
                }),
                line: 0,
                text: format!("ret ({})", f.name),
            });
            let results = &self.recursive[r].results;
            let mut save: Vec<u32> = self
                .regs
                .iter()
                .filter(|(k, v)| k.starts_with(&prefix) && !results.contains(v))
                .map(|(_, &v)| v)
                .collect();
            save.sort_unstable();
            let frame = Frame {
                save,
                local: (local_start as u32, (self.local - local_start) as u32),
            };
            for &at in &self.recursive[r].uses {
                match &mut self.code[at].op {
                    Op::Call(Call { frame: fr, .. }) | Op::Return(Return { frame: fr }) => {
                        *fr = frame.clone()
                    }
                    _ => {}
                }
            }
            (
                self.prefix,
                self.ret_label,
                self.call_stack,
                self.in_recursive,
            ) = saved;
        }
        Ok(())
    }

    pub(super) fn inline_call(&mut self, i: &ast::Instruction) -> Result<()> {
        let line = i.pos.line;
        self.check_names(i)?;
        if call_target(i).and_then(RuntimeFn::named).is_some() {
            // `printf`, `assert`, `malloc`, `free`: one instruction the engine carries out.
            let ins = self.instr(i)?;
            self.code.push(ins);
            return Ok(());
        }
        let mut lists: Vec<&Vec<Operand>> = Vec::new();
        for o in &i.operands {
            if let Operand::List(l) = o {
                lists.push(l);
            }
        }
        let name = call_target(i).ok_or_else(|| unsupported(line, "a call without a target"))?;
        let (rets, args): (&[Operand], &[Operand]) = match (lists.len(), i.operands.first()) {
            (2, _) => (lists[0], lists[1]),
            (1, Some(Operand::List(_))) => (lists[0], &[]),
            (1, _) => (&[], lists[0]),
            _ => (&[], &[]),
        };
        if self.code.len() > MAX_CODE {
            return Err(unsupported(
                line,
                format!("a kernel of more than {MAX_CODE} instructions with its calls inlined"),
            ));
        }
        if self.is_reg(name) {
            return self.indirect_call(i, name, rets, args);
        }
        let module: &'a ast::Module = self.module;
        // The definition (a function may be declared first, or named by an `.alias`).
        let callee = match module.function(name) {
            Some(f) if f.body.is_some() => f,
            Some(ast::Function { error: Some(e), .. }) => {
                return Err(unsupported(line, format!("a call to `{name}` ({e})")))
            }
            _ => {
                return Err(unsupported(
                    line,
                    format!("a call to `{name}`, which has no body"),
                ))
            }
        };
        let name = callee.name.as_str();
        if self.call_stack.iter().any(|n| n == name) {
            return self.real_call(i, callee, rets, args);
        }
        if self.call_stack.len() > 32 {
            return Err(unsupported(line, "calls nested deeper than 32"));
        }
        if args.len() != callee.params.len() || rets.len() != callee.returns.len() {
            return Err(unsupported(
                line,
                format!("a call to `{name}` with the wrong number of arguments"),
            ));
        }
        // Each argument and result: a register (8 bytes or less), or the caller's local
        // bytes the callee's formal parameter will name.
        let mut in_memory: Vec<(String, u64)> = Vec::new();
        let mut bind =
            |ops: &[Operand], formals: &[VarDecl], this: &mut Self| -> Result<Vec<u32>> {
                let mut regs = Vec::new();
                for (o, f) in ops.iter().zip(formals) {
                    let Operand::Name(n) = o else {
                        return Err(unsupported(line, format!("the call argument {o:?}")));
                    };
                    let big = param_in_memory(f);
                    // A call-sequence `.param` of this function held in a register comes first:
                    // `symbol` also finds the kernel's names, and a `-G` kernel's struct
                    // argument may have the same (flattened) name as the callee's `.b64`.
                    match (big, this.param_reg(n), this.symbol(n)) {
                        (true, _, Some((MemSpace::Local, off))) => {
                            in_memory.push((f.name.clone(), off))
                        }
                        (false, Some(r), _) => regs.push(r),
                        (false, None, None) => regs.push(this.reg(n)),
                        _ => {
                            return Err(unsupported(
                                line,
                                format!("passing `{n}` as `{}` of `{name}` (sizes differ)", f.name),
                            ))
                        }
                    }
                }
                Ok(regs)
            };
        let caller_rets = bind(rets, &callee.returns, self)?;
        let caller_args = bind(args, &callee.params, self)?;
        // `@p call`: the inlined call is skipped where the guard is false.
        let skip = match &i.guard {
            Some((neg, p)) => {
                let label = format!("{}#{}/$skip", name, self.inlines);
                let p = self.reg(p);
                self.fixups.push((self.code.len(), label.clone(), line));
                self.code.push(Instr {
                    guard: Some((p, !*neg)),
                    op: Op::Bra(Bra { target: 0 }),
                    line,
                    text: format!("call {name} (skipped where the guard is false)"),
                });
                Some(label)
            }
            None => None,
        };
        let saved = (
            std::mem::replace(&mut self.prefix, format!("{}#{}/", name, self.inlines)),
            self.ret_label.take(),
        );
        self.inlines += 1;
        let ret_label = format!("{}$ret", self.prefix);
        self.ret_label = Some(ret_label.clone());
        self.call_stack.push(name.to_string());
        for (formal, off) in in_memory {
            self.symbols
                .insert(format!("{}{formal}", self.prefix), (MemSpace::Local, off));
        }
        // Register formals, parameters first, then results.
        let mut formals = Vec::new();
        let small = |p: &&VarDecl| !param_in_memory(p);
        let n_small_params = callee.params.iter().filter(small).count();
        for p in callee
            .params
            .iter()
            .filter(small)
            .chain(callee.returns.iter().filter(small))
        {
            let r = self.reg(&format!("{}#param", p.name));
            self.param_regs
                .insert(format!("{}{}", self.prefix, p.name), r);
            formals.push(r);
        }
        for (&formal, &arg) in formals.iter().zip(&caller_args) {
            self.code.push(Instr {
                guard: None,
                op: Op::Mov(Mov {
                    d: formal,
                    a: Src::Reg(arg),
                }),
                line,
                text: format!("call {name} (argument)"),
            });
        }
        let flat = flatten(callee.body.as_deref().unwrap_or(&[]));
        self.emit(&flat)?;
        self.labels.insert(ret_label, self.code.len() as u32);
        for (&formal, &ret) in formals[n_small_params..].iter().zip(&caller_rets) {
            self.code.push(Instr {
                guard: None,
                op: Op::Mov(Mov {
                    d: ret,
                    a: Src::Reg(formal),
                }),
                line,
                text: format!("call {name} (result)"),
            });
        }
        if let Some(label) = skip {
            self.labels.insert(label, self.code.len() as u32);
        }
        self.call_stack.pop();
        (self.prefix, self.ret_label) = saved;
        Ok(())
    }

    /// `call (rets), %rd, (args), proto;`: every function of the module whose address is
    /// taken and whose signature is the prototype's (or that the call table lists) is
    /// inlined behind a comparison of `%rd` with its address; an address that is none of
    /// them faults.
    pub(super) fn indirect_call(
        &mut self,
        i: &ast::Instruction,
        fptr: &str,
        rets: &[Operand],
        args: &[Operand],
    ) -> Result<()> {
        let line = i.pos.line;
        let module: &'a ast::Module = self.module;
        // The operand after the arguments: a `.callprototype` label or a call table.
        let last = match i.operands.last() {
            Some(Operand::Name(n)) if n != fptr => Some(n.as_str()),
            _ => None,
        };
        let caller = self.call_stack.last().and_then(|n| module.function(n));
        let proto = last.and_then(|p| caller?.prototypes.iter().find(|c| c.name == p));
        // `.calltargets` in the caller, or a variable initialised with function names.
        let targets = last.and_then(|t| caller?.call_targets.iter().find(|c| c.name == t));
        let table: Option<Vec<&str>> = match targets {
            Some(c) => Some(c.targets.iter().map(String::as_str).collect()),
            None => last
                .and_then(|t| module.vars.iter().find(|v| v.name == t))
                .and_then(|v| match &v.init {
                    Some(ast::InitValue::List(items)) => Some(
                        items
                            .iter()
                            .filter_map(|x| match x {
                                ast::InitValue::Address(n, 0) => Some(n.as_str()),
                                _ => None,
                            })
                            .collect(),
                    ),
                    _ => None,
                }),
        };
        let sizes = |ps: &[VarDecl]| ps.iter().map(VarDecl::size).collect::<Vec<_>>();
        let fits = |name: &str, f: &Function| match (&table, proto) {
            (Some(t), _) => t.contains(&name),
            (None, Some(p)) => {
                sizes(&f.params) == sizes(&p.params) && sizes(&f.returns) == sizes(&p.returns)
            }
            (None, None) => f.params.len() == args.len() && f.returns.len() == rets.len(),
        };
        let mut candidates: Vec<(&str, u64)> = Vec::new();
        for f in module.functions.iter().filter(|f| !f.is_entry) {
            if let Some(&(_, addr)) = self.module_symbols.get(&f.name) {
                if fits(&f.name, f) && !candidates.iter().any(|c| c.1 == addr) {
                    candidates.push((&f.name, addr));
                }
            }
        }
        let tag = format!("{}#{}/$icall", fptr, self.inlines);
        self.inlines += 1;
        let end = format!("{tag}.end");
        let fp = self.reg(fptr);
        if let Some((neg, p)) = &i.guard {
            // `@p call`: skipped where the guard is false.
            let p = self.reg(p);
            self.fixups.push((self.code.len(), end.clone(), line));
            self.code.push(Instr {
                guard: Some((p, !*neg)),
                op: Op::Bra(Bra { target: 0 }),
                line,
                text: "call (skipped where the guard is false)".into(),
            });
        }
        let ne = self.reg(&format!("{tag}.ne"));
        for (k, (name, addr)) in candidates.into_iter().enumerate() {
            let next = format!("{tag}.{k}");
            let text = format!("call {fptr} (is it `{name}`?)");
            self.code.push(Instr {
                guard: None,
                op: Op::Setp(Setp {
                    cmp: Cmp::Ne,
                    ty: Ty::U(8),
                    unordered: false,
                    ftz: false,
                    p: ne,
                    pn: None,
                    a: Src::Reg(fp),
                    b: Src::Imm(addr),
                    combine: None,
                }),
                line,
                text: text.clone(),
            });
            self.fixups.push((self.code.len(), next.clone(), line));
            self.code.push(Instr {
                guard: Some((ne, false)),
                op: Op::Bra(Bra { target: 0 }),
                line,
                text,
            });
            let direct = ast::Instruction {
                guard: None,
                opcode: Opcode::Call.name().into(),
                mods: Vec::new(),
                operands: vec![
                    Operand::List(rets.to_vec()),
                    Operand::Name(name.to_string()),
                    Operand::List(args.to_vec()),
                ],
                pos: i.pos,
            };
            self.inline_call(&direct)?;
            self.fixups.push((self.code.len(), end.clone(), line));
            self.code.push(Instr {
                guard: None,
                op: Op::Bra(Bra { target: 0 }),
                line,
                text: format!("call {fptr} (returned from `{name}`)"),
            });
            self.labels.insert(next, self.code.len() as u32);
        }
        // No function of this signature here: a fault at the pointer (at 0 when it points
        // into data), as the GPU faults.
        let sink = self.reg("%_sink");
        for (space, base) in [
            (MemSpace::Generic, Src::Reg(fp)),
            (MemSpace::Global, Src::Imm(0)),
        ] {
            self.code.push(Instr {
                guard: None,
                op: Op::Ld(Ld {
                    ty: Ty::U(1),
                    d: vec![sink],
                    addr: Addr {
                        space,
                        base,
                        offset: 0,
                    },
                }),
                line,
                text: format!("call {fptr} (no function of this signature at that address)"),
            });
        }
        self.labels.insert(end, self.code.len() as u32);
        Ok(())
    }
}

/// The function a `call` names (`call (ret), f, (args)`).
pub(super) fn call_target(i: &ast::Instruction) -> Option<&str> {
    i.operands.iter().find_map(|o| match o {
        Operand::Name(n) => Some(n.as_str()),
        _ => None,
    })
}

/// Whether a call parameter lives in local memory (a struct or array: over 8 bytes, or
/// declared as an array and so accessed at offsets) rather than in a register.
pub(super) fn param_in_memory(v: &VarDecl) -> bool {
    v.size().unwrap_or(0) > 8 || !v.dims.is_empty()
}

#[cfg(test)]
mod tests {
    use super::super::testing::lower_module;
    use crate::sim::engine::ir::*;

    const HEAD: &str = ".version 8.0\n.target sm_90\n.address_size 64\n";

    fn module(funcs: &str, body: &str) -> Result<Vec<Instr>, String> {
        lower_module(&format!(
            "{HEAD}{funcs}\n.visible .entry k()\n{{\n.reg .b32 %r<8>;\n.reg .pred %p<2>;\n\
             .param .b32 a0;\n.param .b32 r0;\n{body}\n}}\n"
        ))
    }

    const TWICE: &str = ".func (.param .b32 out) twice(.param .b32 in)\n{\n\
        .reg .b32 %t<3>;\nld.param.b32 %t1, [in];\nadd.s32 %t2, %t1, %t1;\n\
        st.param.b32 [out], %t2;\nret;\n}";

    #[test]
    fn a_call_is_inlined_with_its_parameters_in_registers() {
        let code = module(
            TWICE,
            "st.param.b32 [a0], %r1;\ncall (r0), twice, (a0);\nld.param.b32 %r2, [r0];",
        )
        .unwrap();
        let ops: Vec<&str> = code
            .iter()
            .map(|i| match i.op {
                Op::Cvt(_) => "move",
                Op::Mov(_) => "mov",
                Op::Bin(_) => "add",
                Op::Bra(_) => "ret",
                _ => "other",
            })
            .collect();
        // The argument in, the body (its `ret` a branch to the end), the result out.
        assert_eq!(
            ops,
            ["move", "mov", "move", "add", "move", "ret", "mov", "move"]
        );
    }

    #[test]
    fn a_call_with_the_wrong_arguments_or_no_body_is_refused() {
        let why = module(TWICE, "call (r0), twice, (a0, a0);").unwrap_err();
        assert!(
            why.contains("a call to `twice` with the wrong number of arguments"),
            "{why}"
        );
        let why = module(
            ".extern .func (.param .b32 out) ext(.param .b32 in);",
            "call (r0), ext, (a0);",
        )
        .unwrap_err();
        assert!(why.contains("a call to `ext`, which has no body"), "{why}");
    }

    #[test]
    fn recursion_becomes_a_real_call_with_a_frame() {
        let rec = ".func (.param .b32 out) down(.param .b32 in)\n{\n\
            .reg .b32 %t<3>;\n.reg .pred %q;\n.param .b32 a;\n.param .b32 b;\n\
            ld.param.b32 %t1, [in];\nsetp.eq.s32 %q, %t1, 0;\n@%q bra END;\n\
            sub.s32 %t2, %t1, 1;\nst.param.b32 [a], %t2;\ncall (b), down, (a);\n\
            END:\nst.param.b32 [out], %t1;\nret;\n}";
        let code = module(rec, "call (r0), down, (a0);").unwrap();
        let calls = code.iter().filter(|i| matches!(i.op, Op::Call(_))).count();
        let returns = code
            .iter()
            .filter(|i| matches!(i.op, Op::Return(_)))
            .count();
        // The inlined call's recursive call and the out-of-line body's; the body's `ret`
        // and its end.
        assert_eq!((calls, returns), (2, 2));
    }
}
