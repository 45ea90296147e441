//! Multiply-add contraction, as the GPU's PTX compiler does it.
//!
//! PTX lets the code generator fuse a `mul` and an `add`/`sub` that carry no rounding
//! modifier into one fused multiply-add (PTX ISA, `add`: "mul/add sequences with no
//! rounding modifiers may be optimized to use fused-multiply-add instructions on the target
//! device"), and ptxas does: NVRTC's and nvcc's output for `a.x * b.x - a.y * b.y` is
//! `mul.f32; mul.f32; sub.f32`, which an H100 runs as `FMUL; FFMA` (seen in the SASS
//! of cuda-samples' `ComplexPointwiseMulAndScale` and candle's `rope` kernels). Computing
//! the two roundings of the PTX text gives other bits than the GPU in the last place, so
//! the simulator contracts the same sequences before lowering:
//!
//! - an `add`/`sub` of `.f32`, `.f64` or a half type (with or without `.ftz`, no rounding
//!   modifier, no `.sat`, no guard) whose operand is the result of a `mul` of the same type
//!   and flags (no rounding modifier, no guard) earlier in the same basic block (`{ }`
//!   blocks of inline assembly that declare nothing are part of it);
//! - that result used by nothing else and defined nowhere else, and the `mul`'s operands
//!   not written in between;
//! - where both operands qualify, the first one is fused (the second stays a separate
//!   product and is the addend), as the SASS shows;
//! - not in modules compiled for debugging (`-G`: `.target sm_80, debug`), which ptxas
//!   assembles without optimisation and without contracting.
//!
//! `a*b - c` becomes `fma(a, b, -c)` and `c - a*b` becomes `fma(-a, b, c)` (negation is
//! exact, so this is the fused result), with the negation in a register of its own. The
//! `mul` is removed.

use std::collections::HashMap;

use crate::ptx::ast::{Function, Instruction, Module, Operand, Space, Statement, VarDecl};
use crate::ptx::lexer::FloatLit;

/// Contracts every qualifying `mul` + `add`/`sub` pair in the module's function bodies,
/// unless the module was compiled for debugging (`.target sm_80, debug`, what `-G` makes):
/// ptxas assembles that at -O0 and keeps `FMUL; FMUL; FADD` (seen on an H100).
pub(crate) fn contract(module: &mut Module) {
    if module.target.iter().any(|t| t == "debug") {
        return;
    }
    for f in &mut module.functions {
        contract_function(f);
    }
}

fn contract_function(f: &mut Function) {
    let Some(body) = f.body.as_mut() else {
        return;
    };
    open_plain_blocks(body);
    let mut counts = HashMap::new();
    count_names(body, &mut counts);
    let mut temps = Vec::new();
    contract_block(body, &counts, &mut temps);
    if temps.is_empty() {
        return;
    }
    // Registers for the negated operands, declared at the top of the body.
    let pos = f.pos;
    let decls = temps.into_iter().map(|(name, ty)| {
        Statement::Var(VarDecl {
            space: Space::Reg,
            linkage: None,
            align: None,
            vector: 1,
            ty,
            name,
            count: None,
            dims: Vec::new(),
            init: None,
            managed: false,
            ptr: None,
            pos,
        })
    });
    body.splice(0..0, decls);
}

/// Splices `{ }` blocks that declare nothing into the statements around them: such a block
/// (the inline assembly of `__hmul`, say) scopes no name, and ptxas contracts across it
/// (candle's `rope_f16`: `{mul.f16}`, `{mul.f16}`, `{sub.f16}` run as `HMUL2; HFMA2`).
fn open_plain_blocks(body: &mut Vec<Statement>) {
    if !body
        .iter()
        .any(|s| matches!(s, Statement::Block(b) if !declares(b)))
    {
        for s in body.iter_mut() {
            if let Statement::Block(b) = s {
                open_plain_blocks(b);
            }
        }
        return;
    }
    let old = std::mem::take(body);
    for s in old {
        match s {
            Statement::Block(mut b) if !declares(&b) => {
                open_plain_blocks(&mut b);
                body.extend(b);
            }
            Statement::Block(mut b) => {
                open_plain_blocks(&mut b);
                body.push(Statement::Block(b));
            }
            other => body.push(other),
        }
    }
}

/// Whether a block declares anything (directly).
fn declares(block: &[Statement]) -> bool {
    block.iter().any(|s| matches!(s, Statement::Var(_)))
}

/// How many times each name occurs as an operand anywhere in the body.
fn count_names(body: &[Statement], counts: &mut HashMap<String, usize>) {
    fn walk(op: &Operand, counts: &mut HashMap<String, usize>) {
        match op {
            Operand::Name(n) => *counts.entry(n.clone()).or_default() += 1,
            Operand::Addr { base, .. } => *counts.entry(base.clone()).or_default() += 1,
            Operand::Vector(v) | Operand::List(v) => v.iter().for_each(|o| walk(o, counts)),
            Operand::Not(o) => walk(o, counts),
            Operand::Pair(a, b) => {
                walk(a, counts);
                walk(b, counts);
            }
            Operand::Int(_) | Operand::Float(_) | Operand::Sink => {}
        }
    }
    for s in body {
        match s {
            Statement::Instr(i) => {
                i.operands.iter().for_each(|o| walk(o, counts));
                if let Some((_, p)) = &i.guard {
                    *counts.entry(p.clone()).or_default() += 1;
                }
            }
            Statement::Block(b) => count_names(b, counts),
            Statement::Label(..) | Statement::Var(_) => {}
        }
    }
}

/// The float type and `.ftz` flag of a `mul`/`add`/`sub` without rounding modifier,
/// `.sat` or guard, or `None`. Half precision (`.f16`, `.f16x2`; `.bf16` where the target
/// has `mul.bf16`) contracts too: `HMUL2; HFMA2` in the SASS of candle's `rope_f16`.
fn plain_float_op(i: &Instruction, opcode: &str) -> Option<(&'static str, bool)> {
    if i.opcode != opcode || i.guard.is_some() || i.operands.len() != 3 {
        return None;
    }
    let mut ty = None;
    let mut ftz = false;
    for m in &i.mods {
        match m.as_str() {
            "f32" => ty = Some("f32"),
            "f64" => ty = Some("f64"),
            "f16" => ty = Some("f16"),
            "f16x2" => ty = Some("f16x2"),
            "bf16" => ty = Some("bf16"),
            "bf16x2" => ty = Some("bf16x2"),
            "ftz" => ftz = true,
            _ => return None,
        }
    }
    Some((ty?, ftz))
}

/// Whether an instruction ends a basic block (or may jump into the middle of one).
fn ends_block(i: &Instruction) -> bool {
    matches!(
        i.opcode.as_str(),
        "bra" | "brx" | "call" | "ret" | "exit" | "trap"
    )
}

/// The names `i` writes: its first operand, or the registers of a vector or pair there
/// (a store's or reduction's first operand is an address, which writes no register;
/// `bar.red`'s is its destination).
fn written(i: &Instruction) -> Vec<&str> {
    fn dest<'a>(op: &'a Operand, out: &mut Vec<&'a str>) {
        match op {
            Operand::Name(n) => out.push(n),
            Operand::Vector(v) => v.iter().for_each(|o| dest(o, out)),
            Operand::Pair(a, b) => {
                dest(a, out);
                dest(b, out);
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    if let Some(o) = i.operands.first() {
        dest(o, &mut out);
    }
    out
}

/// For an `add`/`sub` that can absorb a product: (which operand, the `mul`'s index, the
/// type, `.ftz`, whether it is a `sub`).
fn fusable(
    i: &Instruction,
    body: &[Statement],
    counts: &HashMap<String, usize>,
    last: &HashMap<String, usize>,
    last_block: Option<usize>,
    remove: &[bool],
) -> Option<(usize, usize, &'static str, bool, bool)> {
    let is_sub = i.opcode == "sub";
    let (ty, ftz) = plain_float_op(i, "add").or_else(|| plain_float_op(i, "sub"))?;
    // The first operand that is a fusable product.
    for (k, op) in i.operands[1..3].iter().enumerate() {
        let Operand::Name(r) = op else { continue };
        if counts.get(r) != Some(&2) {
            continue;
        }
        let Some(&m) = last.get(r) else { continue };
        if remove[m] {
            continue;
        }
        let Statement::Instr(mul) = &body[m] else {
            continue;
        };
        if plain_float_op(mul, "mul") != Some((ty, ftz)) {
            continue;
        }
        let clobbered = last_block.is_some_and(|b| b > m)
            || mul.operands[1..3].iter().any(|o| match o {
                Operand::Name(n) => last.get(n).is_some_and(|&w| w > m),
                _ => false,
            });
        if clobbered {
            continue;
        }
        return Some((k, m, ty, ftz, is_sub));
    }
    None
}

fn contract_block(
    body: &mut Vec<Statement>,
    counts: &HashMap<String, usize>,
    temps: &mut Vec<(String, String)>,
) {
    let mut remove = vec![false; body.len()];
    let mut replace: Vec<(usize, Vec<Statement>)> = Vec::new();
    // In the current basic block: the statement that last wrote each name, and the last
    // nested block (which may write anything). One pass, so hostile PTX with many
    // products costs linear time.
    let mut last: HashMap<String, usize> = HashMap::new();
    let mut last_block: Option<usize> = None;
    for j in 0..body.len() {
        let i = match &body[j] {
            Statement::Label(..) => {
                last.clear();
                last_block = None;
                continue;
            }
            Statement::Block(_) => {
                last_block = Some(j);
                continue;
            }
            Statement::Var(_) => continue,
            Statement::Instr(i) => i,
        };
        if ends_block(i) {
            last.clear();
            last_block = None;
            continue;
        }
        let fused = fusable(i, body, counts, &last, last_block, &remove);
        for name in written(i) {
            last.insert(name.to_string(), j);
        }
        let Some((k, m, ty, ftz, is_sub)) = fused else {
            continue;
        };
        let Statement::Instr(mul) = &body[m] else {
            continue;
        };
        let (mut x, mut y) = (mul.operands[1].clone(), mul.operands[2].clone());
        let other = i.operands[2 - k].clone();
        // What gets negated must be a register or a float literal (negated in place); for
        // `c - a*b` either factor will do (the product commutes).
        let negatable = |o: &Operand| matches!(o, Operand::Name(_) | Operand::Float(_));
        match (is_sub, k) {
            (true, 0) if !negatable(&other) => continue,
            (true, 1) if !negatable(&x) => {
                if !negatable(&y) {
                    continue;
                }
                std::mem::swap(&mut x, &mut y);
            }
            _ => {}
        }
        let mut mods = vec!["rn".to_string()];
        if ftz {
            mods.push("ftz".into());
        }
        mods.push(ty.into());
        let mut out = Vec::new();
        let mut negated = |value: Operand, out: &mut Vec<Statement>| -> Operand {
            if let Operand::Float(f) = value {
                return Operand::Float(match f {
                    FloatLit::F32Bits(b) => FloatLit::F32Bits(b ^ 0x8000_0000),
                    FloatLit::F64Bits(b) => FloatLit::F64Bits(b ^ (1 << 63)),
                    FloatLit::Decimal(d) => FloatLit::Decimal(-d),
                });
            }
            // `#` is in no PTX name, so this cannot meet one of the kernel's.
            let name = format!("%contract#neg{}", temps.len());
            temps.push((name.clone(), format!(".{ty}")));
            let mut neg_mods = Vec::new();
            if ftz {
                neg_mods.push("ftz".to_string());
            }
            neg_mods.push(ty.to_string());
            out.push(Statement::Instr(Instruction {
                guard: None,
                opcode: "neg".into(),
                mods: neg_mods,
                operands: vec![Operand::Name(name.clone()), value],
                pos: i.pos,
            }));
            Operand::Name(name)
        };
        let operands = match (is_sub, k) {
            // a*b + c, c + a*b
            (false, _) => vec![i.operands[0].clone(), x, y, other],
            // a*b - c
            (true, 0) => {
                let c = negated(other, &mut out);
                vec![i.operands[0].clone(), x, y, c]
            }
            // c - a*b
            (true, _) => {
                let nx = negated(x, &mut out);
                vec![i.operands[0].clone(), nx, y, other]
            }
        };
        out.push(Statement::Instr(Instruction {
            guard: None,
            opcode: "fma".into(),
            mods,
            operands,
            pos: i.pos,
        }));
        remove[m] = true;
        replace.push((j, out));
    }
    // Nested `{ }` blocks are basic blocks of their own (inline assembly).
    for s in body.iter_mut() {
        if let Statement::Block(b) = s {
            contract_block(b, counts, temps);
        }
    }
    if replace.is_empty() {
        return;
    }
    let mut replace = replace.into_iter().peekable();
    let old = std::mem::take(body);
    for (j, s) in old.into_iter().enumerate() {
        if remove[j] {
            continue;
        }
        if replace.peek().is_some_and(|(r, _)| *r == j) {
            if let Some((_, new)) = replace.next() {
                body.extend(new);
            }
            continue;
        }
        body.push(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The body of the first function after contraction, as `opcode.mods operands` lines.
    fn contracted(body: &str) -> Vec<String> {
        let text = format!(
            ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u64 p)\n{{\n\
             .reg .f32 %f<10>; .reg .f64 %fd<4>; .reg .pred %p<2>;\n{body}\nret;\n}}\n"
        );
        let mut m = crate::ptx::parse(&text).expect("the test PTX parses");
        contract(&mut m);
        let mut out = Vec::new();
        fn walk(stmts: &[Statement], out: &mut Vec<String>) {
            for s in stmts {
                match s {
                    Statement::Instr(i) if i.opcode != "ret" => {
                        let ops: Vec<String> = i
                            .operands
                            .iter()
                            .map(|o| match o {
                                Operand::Name(n) => n.clone(),
                                Operand::Float(FloatLit::F32Bits(b)) => format!("0f{b:08X}"),
                                other => format!("{other:?}"),
                            })
                            .collect();
                        let mut op = i.opcode.clone();
                        for m in &i.mods {
                            op.push('.');
                            op.push_str(m);
                        }
                        out.push(format!("{op} {}", ops.join(", ")));
                    }
                    Statement::Block(b) => walk(b, out),
                    _ => {}
                }
            }
        }
        walk(m.functions[0].body.as_deref().unwrap_or(&[]), &mut out);
        out
    }

    #[test]
    fn two_products_and_a_difference_fuse_the_first() {
        let got = contracted(
            "mul.f32 %f3, %f1, %f2;\nmul.f32 %f4, %f5, %f6;\nsub.f32 %f7, %f3, %f4;\nst.f32 [%f7], %f7;",
        );
        assert_eq!(
            got,
            [
                "mul.f32 %f4, %f5, %f6",
                "neg.f32 %contract#neg0, %f4",
                "fma.rn.f32 %f7, %f1, %f2, %contract#neg0",
                "st.f32 Addr { base: \"%f7\", offset: 0 }, %f7",
            ]
        );
    }

    #[test]
    fn an_addend_minus_a_product_negates_a_factor() {
        let got = contracted("mul.f64 %fd1, %fd2, %fd3;\nsub.f64 %fd3, %fd0, %fd1;");
        assert_eq!(
            got,
            [
                "neg.f64 %contract#neg0, %fd2",
                "fma.rn.f64 %fd3, %contract#neg0, %fd3, %fd0",
            ]
        );
        // A float literal is negated in place.
        let got = contracted("mul.f32 %f1, %f2, %f3;\nsub.f32 %f4, %f1, 0f3F800000;");
        assert_eq!(got, ["fma.rn.f32 %f4, %f2, %f3, 0fBF800000"]);
    }

    #[test]
    fn across_plain_blocks_but_not_labels_rounding_or_second_uses() {
        // ptxas fuses across inline-assembly blocks that declare nothing.
        let got = contracted("{mul.f32 %f1, %f2, %f3;}\n{add.f32 %f4, %f1, %f5;}");
        assert_eq!(got, ["fma.rn.f32 %f4, %f2, %f3, %f5"]);
        // Not across a label (another basic block).
        let got = contracted("mul.f32 %f1, %f2, %f3;\nL: add.f32 %f4, %f1, %f5;");
        assert_eq!(got.len(), 2, "{got:?}");
        // Not with a rounding modifier on either side.
        let got = contracted("mul.rn.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f5;");
        assert_eq!(got.len(), 2, "{got:?}");
        let got = contracted("mul.f32 %f1, %f2, %f3;\nadd.rn.f32 %f4, %f1, %f5;");
        assert_eq!(got.len(), 2, "{got:?}");
        // Not when the product is used again.
        let got =
            contracted("mul.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f5;\nadd.f32 %f6, %f1, %f5;");
        assert!(got.iter().all(|l| !l.starts_with("fma")), "{got:?}");
        // Not when a factor is written in between.
        let got = contracted("mul.f32 %f1, %f2, %f3;\nmov.f32 %f2, %f5;\nadd.f32 %f4, %f1, %f5;");
        assert!(got.iter().all(|l| !l.starts_with("fma")), "{got:?}");
        // Not when `bar.red` (whose first operand is its destination) rewrites a factor.
        let got = contracted(
            "mul.f32 %f1, %f2, %f3;\nbar.red.popc.u32 %f2, 0, %p1;\nadd.f32 %f4, %f1, %f5;",
        );
        assert!(got.iter().all(|l| !l.starts_with("fma")), "{got:?}");
        // Not when the types differ, nor under a guard.
        let got = contracted("mul.ftz.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f5;");
        assert_eq!(got.len(), 2, "{got:?}");
        let got = contracted("mul.f32 %f1, %f2, %f3;\n@%p1 add.f32 %f4, %f1, %f5;");
        assert_eq!(got.len(), 2, "{got:?}");
    }

    #[test]
    fn debug_modules_are_left_as_written() {
        let text = ".version 8.0\n.target sm_80, debug\n.address_size 64\n\
                    .visible .entry k()\n{\n.reg .f32 %f<6>;\n\
                    mul.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f5;\nret;\n}\n";
        let mut m = crate::ptx::parse(text).expect("the test PTX parses");
        let before = m.clone();
        contract(&mut m);
        assert_eq!(m, before);
    }

    #[test]
    fn many_products_take_linear_time() {
        // 30,000 products then their 30,000 sums: fused in one pass (was a scan back per sum).
        let n = 30_000;
        let mut body = String::new();
        for k in 0..n {
            body.push_str(&format!("mul.f32 %m{k}, %f1, %f2;\n"));
        }
        for k in 0..n {
            body.push_str(&format!("add.f32 %a{k}, %m{k}, %f3;\n"));
        }
        let t = std::time::Instant::now();
        let got = contracted(&body);
        assert_eq!(got.len(), n);
        assert!(got.iter().all(|l| l.starts_with("fma.rn.f32")));
        assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
    }
}
