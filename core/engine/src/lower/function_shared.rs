//! `.shared` variables declared inside a function (`nvcc -G` and NVRTC `-G` keep an inlined
//! `__device__` function's `__shared__` array there): like a module-scope one, each is one
//! array per block, shared by every call of the function, so it is placed once with the
//! kernel's static shared memory, before the dynamic part, and every inlined copy of the
//! function names the same bytes.

use std::collections::HashSet;

use super::Lowerer;
use crate::image::ptx::ast::{self, Function, InitValue, Operand, Space, Statement};
use crate::sim::engine::ir::MemSpace;

/// The key of function `function`'s `.shared` variable `var` among the kernel's symbols:
/// no PTX name holds a `#`.
pub(super) fn key(function: &str, var: &str) -> String {
    format!("{function}#shared/{var}")
}

impl Lowerer<'_> {
    /// Places the `.shared` variables of every function `kernel` may call (directly, or
    /// through a function pointer it or a callee takes), each function once, in the order
    /// they are met.
    pub(super) fn place_function_shared(&mut self, kernel: &Function) {
        let module = self.module;
        let mut seen: HashSet<&str> = HashSet::new();
        let mut queue: Vec<&Function> = vec![kernel];
        let mut at = 0;
        while let Some(&f) = queue.get(at) {
            at += 1;
            let listed = f.call_targets.iter().flat_map(|c| &c.targets);
            for callee in listed.flat_map(|n| functions_named(module, n)) {
                if seen.insert(callee.name.as_str()) {
                    queue.push(callee);
                }
            }
            for s in f.body.as_deref().unwrap_or(&[]) {
                visit(s, &mut |s| match s {
                    Statement::Var(v) if !f.is_entry && v.space == Space::Shared => {
                        let off = self.place_static_shared(v);
                        self.symbols
                            .insert(key(&f.name, &v.name), (MemSpace::Shared, off));
                    }
                    Statement::Instr(i) => {
                        for name in i.operands.iter().flat_map(names) {
                            for callee in functions_named(module, name) {
                                if seen.insert(callee.name.as_str()) {
                                    queue.push(callee);
                                }
                            }
                        }
                    }
                    _ => {}
                });
            }
        }
    }
}

/// Calls `f` on `s` and, in a `{ }` block, on every statement inside.
fn visit<'s>(s: &'s Statement, f: &mut impl FnMut(&'s Statement)) {
    match s {
        Statement::Block(inner) => inner.iter().for_each(|s| visit(s, f)),
        s => f(s),
    }
}

/// The names an operand holds.
fn names(o: &Operand) -> Vec<&str> {
    match o {
        Operand::Name(n) => vec![n.as_str()],
        Operand::List(l) | Operand::Vector(l) => l.iter().flat_map(names).collect(),
        _ => Vec::new(),
    }
}

/// The functions with a body that `name` stands for: the function itself, or those a
/// module variable of that name lists (a call table).
fn functions_named<'m>(module: &'m ast::Module, name: &str) -> Vec<&'m Function> {
    if let Some(f) = module.function(name).filter(|f| f.body.is_some()) {
        return vec![f];
    }
    let Some(table) = module.vars.iter().find(|v| v.name == name) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    if let Some(init) = &table.init {
        addressed(module, init, &mut found);
    }
    found
}

/// The functions with a body whose addresses an initialiser holds, nested lists included.
fn addressed<'m>(module: &'m ast::Module, init: &InitValue, found: &mut Vec<&'m Function>) {
    match init {
        InitValue::Address(n, _) => found.extend(module.function(n).filter(|f| f.body.is_some())),
        InitValue::List(items) => items.iter().for_each(|x| addressed(module, x, found)),
        _ => {}
    }
}
