//! Function bodies with their `{ }` blocks opened up, and block-scoped names renamed.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::image::ptx::ast::{Operand, Space, Statement};

/// The statements of a function body with its `{ }` blocks opened up. A register or
/// parameter declared inside a block is renamed (with a `#b<n>.` suffix no PTX name has),
/// with every use inside the block, so that two blocks declaring `param0` (call sequences)
/// or `p` (inline assembly) keep apart as the PTX scoping rules say.
pub(super) fn flatten(body: &[Statement]) -> Vec<Cow<'_, Statement>> {
    let mut out = Vec::new();
    let mut blocks = 0;
    flatten_into(body, &HashMap::new(), &mut blocks, &mut out);
    out
}

pub(super) fn flatten_into<'s>(
    body: &'s [Statement],
    renames: &HashMap<String, String>,
    blocks: &mut u32,
    out: &mut Vec<Cow<'s, Statement>>,
) {
    for s in body {
        match s {
            Statement::Block(inner) => {
                *blocks += 1;
                let tag = format!("#b{blocks}.");
                let mut scope = renames.clone();
                for s in inner {
                    if let Statement::Var(v) = s {
                        if matches!(v.space, Space::Reg | Space::Param) {
                            let new = format!("{}{tag}", v.name);
                            for k in 0..v.count.unwrap_or(0) {
                                scope.insert(format!("{}{k}", v.name), format!("{new}{k}"));
                            }
                            scope.insert(v.name.clone(), new);
                        }
                    }
                }
                flatten_into(inner, &scope, blocks, out);
            }
            other if renames.is_empty() => out.push(Cow::Borrowed(other)),
            other => out.push(Cow::Owned(renamed(other, renames))),
        }
    }
}

/// `s` with the names of `renames` replaced (declarations, operands, guards).
pub(super) fn renamed(s: &Statement, renames: &HashMap<String, String>) -> Statement {
    let name = |n: &str| renames.get(n).cloned().unwrap_or_else(|| n.to_string());
    fn operand(o: &Operand, name: &dyn Fn(&str) -> String) -> Operand {
        match o {
            Operand::Name(n) => Operand::Name(name(n)),
            Operand::Addr { base, offset } => Operand::Addr {
                base: name(base),
                offset: *offset,
            },
            Operand::Vector(v) => Operand::Vector(v.iter().map(|o| operand(o, name)).collect()),
            Operand::List(v) => Operand::List(v.iter().map(|o| operand(o, name)).collect()),
            Operand::Not(o) => Operand::Not(Box::new(operand(o, name))),
            Operand::Pair(a, b) => {
                Operand::Pair(Box::new(operand(a, name)), Box::new(operand(b, name)))
            }
            other => other.clone(),
        }
    }
    match s {
        Statement::Var(v) if matches!(v.space, Space::Reg | Space::Param) => {
            let mut v = v.clone();
            v.name = name(&v.name);
            Statement::Var(v)
        }
        Statement::Instr(i) => {
            let mut i = i.clone();
            i.guard = i.guard.map(|(neg, p)| (neg, name(&p)));
            i.operands = i.operands.iter().map(|o| operand(o, &name)).collect();
            Statement::Instr(i)
        }
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::lower;
    use crate::sim::engine::ir::*;

    #[test]
    fn a_name_declared_in_two_blocks_is_two_registers() {
        let code = lower(
            "{\n.reg .b32 t;\nmov.u32 t, 1;\n}\n{\n.reg .b32 t;\nmov.u32 t, 2;\n}\nmov.u32 %r1, 3;",
        )
        .unwrap();
        let ds: Vec<u32> = code
            .iter()
            .map(|i| match i.op {
                Op::Mov(Mov { d, .. }) => d,
                ref other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(ds.len(), 3);
        assert!(ds[0] != ds[1] && ds[1] != ds[2] && ds[0] != ds[2]);
    }
}
