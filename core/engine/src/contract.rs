//! Multiply-add contraction, as the GPU's PTX compiler does it.
//!
//! PTX lets the code generator fuse a `mul` and an `add`/`sub` that carry no rounding
//! modifier into one fused multiply-add (PTX ISA, `add`: "mul/add sequences with no
//! rounding modifiers may be optimized to use fused-multiply-add instructions on the target
//! device"), and ptxas does: NVRTC's and nvcc's output for `a.x * b.x - a.y * b.y` is
//! `mul.f32; mul.f32; sub.f32`, which an H100 runs as `FMUL; FFMA`. Computing the two
//! roundings of the PTX text gives other bits than the GPU in the last place, so the
//! simulator contracts the same pairs before lowering.
//!
//! Which pairs, as ptxas 13.0 assembles them for sm_80 and sm_90 alike (the SASS of the
//! kernels `tests/fixtures/semantics.py` writes, and their results on an H100 in
//! `tests/fixtures/semantics.gpu.json`):
//!
//! - a `mul` and an `add`/`sub` of one type (`.f32`, `.f64`, `.f16`, `.f16x2`, `.bf16`,
//!   `.bf16x2`), neither with a rounding modifier (`.rn` included), both with `.ftz` or
//!   neither; `.sat` on the `add`/`sub` carries over to the fused result (`FFMA.SAT`), a
//!   `mul.sat` is never fused; a guard on the `add` guards the result, a guarded `mul` is
//!   never fused;
//! - the product in either operand of the `add`, or of the `sub` either way (`a*b - c` is
//!   `fma(a, b, -c)`, `c - a*b` is `fma(-a, b, c)`), through a `neg` of it (`-(a*b) + c`),
//!   with immediates too; where both operands are products, the first one is fused;
//! - only when every use of the product is such an `add`/`sub`: then each is fused (the
//!   product is computed again in each); a product also stored, moved, multiplied or added
//!   to itself is fused nowhere;
//! - in one basic block: other instructions in between do not matter (loads, stores,
//!   `bar.sync`, writes to the factors: the fused product is of the factors' values at the
//!   `mul`), nor do labels nothing branches to, a `bra` to the label right after it, or `{ }`
//!   blocks of inline assembly that declare nothing; a label other code branches to, or a
//!   conditional branch, ends the block (an `add` the branch may skip is not fused, though
//!   ptxas predicates it afterwards, nor one after an `if` joins or in a loop the `mul`
//!   comes before);
//! - not in modules compiled for debugging (`-G`: `.target sm_80, debug`), which ptxas
//!   assembles without optimisation and without contracting.
//!
//! ptxas also unrolls a loop with a constant trip count before it contracts, fusing a
//! product from before the loop into an `add` in it; the simulator contracts within the
//! blocks the PTX text has, so that one arrangement differs.
//!
//! The `mul` is removed, each `add`/`sub` becomes an `fma.rn`; negations and the factors'
//! values at the `mul` (where something writes a factor before a use) go into registers of
//! their own.

use std::collections::HashMap;

use crate::ptx::ast::{Function, Instruction, Module, Operand, Space, Statement, VarDecl};
use crate::ptx::lexer::{FloatLit, Pos};

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
    let mut names = Names::default();
    names.count(body);
    let mut scan = Scan::default();
    scan.level(body, &names);
    let fused = scan.decide(&names);
    if fused.is_empty() {
        return;
    }
    let mut rewrite = Rewrite {
        products: &scan.products,
        fused: &fused,
        temps: Vec::new(),
        level: 0,
    };
    rewrite.level(body);
    // Registers for negations and saved factors, declared at the top of the body.
    let pos = f.pos;
    let decls = rewrite.temps.into_iter().map(|(name, ty)| {
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

/// What the whole body says about its names: how often each is read, and how often each
/// label is named by an instruction (a branch target).
#[derive(Default)]
struct Names {
    reads: HashMap<String, usize>,
    label_refs: HashMap<String, usize>,
}

impl Names {
    fn count(&mut self, body: &[Statement]) {
        for s in body {
            match s {
                Statement::Instr(i) => {
                    for_each_read(i, |n| *self.reads.entry(n.to_string()).or_default() += 1);
                    for o in &i.operands {
                        if let Operand::Name(n) = o {
                            *self.label_refs.entry(n.clone()).or_default() += 1;
                        }
                    }
                }
                Statement::Block(b) => self.count(b),
                Statement::Label(..) | Statement::Var(_) => {}
            }
        }
    }

    fn reads(&self, name: &str) -> usize {
        self.reads.get(name).copied().unwrap_or(0)
    }
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

/// Calls `f` with every name `i` reads: its operands after the first, the first where it
/// is not what [`written`] writes (an address, a call's return list), and its guard.
fn for_each_read(i: &Instruction, mut f: impl FnMut(&str)) {
    fn walk(op: &Operand, f: &mut impl FnMut(&str)) {
        match op {
            Operand::Name(n) => f(n),
            Operand::Addr { base, .. } => f(base),
            Operand::Vector(v) | Operand::List(v) => v.iter().for_each(|o| walk(o, f)),
            Operand::Not(o) => walk(o, f),
            Operand::Pair(a, b) => {
                walk(a, f);
                walk(b, f);
            }
            Operand::Int(_) | Operand::Float(_) | Operand::Sink => {}
        }
    }
    for (k, op) in i.operands.iter().enumerate() {
        let writes = k == 0
            && matches!(
                op,
                Operand::Name(_) | Operand::Vector(_) | Operand::Pair(..)
            );
        if !writes {
            walk(op, &mut f);
        }
    }
    if let Some((_, p)) = &i.guard {
        f(p);
    }
}

/// The float type, `.ftz` and `.sat` of a `mul`/`add`/`sub`/`neg` without rounding
/// modifier (or `None`).
fn float_op(i: &Instruction, opcode: &str) -> Option<(&'static str, bool, bool)> {
    if i.opcode != opcode {
        return None;
    }
    let (mut ty, mut ftz, mut sat) = (None, false, false);
    for m in &i.mods {
        match m.as_str() {
            "f32" => ty = Some("f32"),
            "f64" => ty = Some("f64"),
            "f16" => ty = Some("f16"),
            "f16x2" => ty = Some("f16x2"),
            "bf16" => ty = Some("bf16"),
            "bf16x2" => ty = Some("bf16x2"),
            "ftz" => ftz = true,
            "sat" => sat = true,
            _ => return None,
        }
    }
    Some((ty?, ftz, sat))
}

/// Bits of a register of float type `ty`.
fn bits(ty: &str) -> u32 {
    match ty {
        "f64" => 64,
        "f16" | "bf16" => 16,
        _ => 32,
    }
}

/// Whether an instruction ends a basic block (or may jump into the middle of one).
fn ends_block(i: &Instruction) -> bool {
    matches!(
        i.opcode.as_str(),
        "bra" | "brx" | "call" | "ret" | "exit" | "trap"
    )
}

/// Whether `stmts[j]` (a label or a branch) leaves the basic block it is in going on: a
/// label no instruction names, or one only the unguarded `bra` right before it names, and
/// that `bra`.
fn falls_through(stmts: &[Statement], j: usize, names: &Names) -> bool {
    let refs = |l: &str| names.label_refs.get(l).copied().unwrap_or(0);
    let bra_to = |s: &Statement, l: &str| {
        matches!(s, Statement::Instr(i) if i.opcode == "bra" && i.guard.is_none()
            && i.operands.first() == Some(&Operand::Name(l.to_string())))
    };
    match &stmts[j] {
        Statement::Label(l, _) => {
            refs(l) == 0 || (refs(l) == 1 && j > 0 && bra_to(&stmts[j - 1], l))
        }
        Statement::Instr(_) => match stmts.get(j + 1) {
            Some(Statement::Label(l, _)) => refs(l) == 1 && bra_to(&stmts[j], l),
            _ => false,
        },
        _ => false,
    }
}

/// An `add`/`sub` that may absorb a product: where it is and how.
#[derive(Clone, Copy)]
struct Use {
    /// Its nesting level and index there.
    level: usize,
    at: usize,
    /// The operand (0 or 1 after the destination) the product is.
    k: usize,
    sub: bool,
}

/// A value a `mul` made (or a `neg` of one), as the scan follows it through its block.
struct Product {
    name: String,
    ty: &'static str,
    ftz: bool,
    /// The `mul`'s factors.
    x: Operand,
    y: Operand,
    /// The `mul`'s place (the root's, for a negation) and, for a negation, the `neg`'s.
    level: usize,
    mul: usize,
    neg: Option<usize>,
    /// The product this one negates.
    parent: Option<usize>,
    negated: bool,
    uses: Vec<Use>,
    /// Negations of it (products of their own).
    negations: Vec<usize>,
    /// Read by anything else (or twice by one instruction).
    other_use: bool,
    reads: usize,
    /// Written again later in its block (so its reads are all known).
    killed: bool,
    /// Where each factor is first written while the product (or a negation of it) is live.
    clobbered: [Option<usize>; 2],
}

/// The products live at a point of a basic block: by name, and by the names of their
/// factors (until a factor is first written).
#[derive(Default)]
struct Live {
    names: HashMap<String, usize>,
    factors: HashMap<String, Vec<usize>>,
}

impl Live {
    fn clear(&mut self) {
        self.names.clear();
        self.factors.clear();
    }
}

/// The products of a body, found in one pass over each block.
#[derive(Default)]
struct Scan {
    products: Vec<Product>,
    levels: usize,
}

impl Scan {
    /// Follows the products of one statement list (a nesting level), then of the blocks in
    /// it. A nested block ends the basic block around it.
    fn level(&mut self, stmts: &[Statement], names: &Names) {
        let level = self.levels;
        self.levels += 1;
        let mut live = Live::default();
        for (j, s) in stmts.iter().enumerate() {
            match s {
                Statement::Label(..) => {
                    if !falls_through(stmts, j, names) {
                        live.clear();
                    }
                }
                Statement::Var(_) => {}
                Statement::Block(b) => {
                    live.clear();
                    self.level(b, names);
                }
                Statement::Instr(i) => {
                    self.instruction(i, (level, j), &mut live);
                    if ends_block(i) && !falls_through(stmts, j, names) {
                        live.clear();
                    }
                }
            }
        }
    }

    /// One instruction at `(level, at)`: its reads of live products (uses), its writes
    /// (ending products, clobbering factors), and the product it makes.
    fn instruction(&mut self, i: &Instruction, (level, at): (usize, usize), live: &mut Live) {
        // Reads.
        let mut read: Vec<usize> = Vec::new();
        for_each_read(i, |n| read.extend(live.names.get(n)));
        let mut negation = None;
        for (r, &p) in read.iter().enumerate() {
            self.products[p].reads += 1;
            if read[..r].contains(&p) {
                continue;
            }
            let once = read.iter().filter(|&&q| q == p).count() == 1;
            match (once, self.classify(i, p)) {
                (true, Some(Role::Use(k, sub))) => {
                    self.products[p].uses.push(Use { level, at, k, sub })
                }
                (true, Some(Role::Neg)) => negation = Some(p),
                _ => self.products[p].other_use = true,
            }
        }
        // Writes: the first write of a factor while its product is live.
        for n in written(i) {
            if let Some(p) = live.names.remove(n) {
                self.products[p].killed = true;
            }
            for p in live.factors.remove(n).unwrap_or_default() {
                let root = self.root(p);
                let q = &self.products[p];
                let hit = [&q.x, &q.y].map(|f| matches!(f, Operand::Name(m) if m == n));
                for (c, h) in self.products[root].clobbered.iter_mut().zip(hit) {
                    if h && c.is_none() {
                        *c = Some(at);
                    }
                }
            }
        }
        // A product.
        let Some(Operand::Name(d)) = i.operands.first() else {
            return;
        };
        let made = match negation {
            Some(p) => {
                let q = &self.products[p];
                Some(Product {
                    name: d.clone(),
                    x: q.x.clone(),
                    y: q.y.clone(),
                    level: q.level,
                    mul: q.mul,
                    neg: Some(at),
                    parent: Some(p),
                    negated: !q.negated,
                    ..Product::new(q.ty, q.ftz)
                })
            }
            None => self.product_of(i, d, (level, at)),
        };
        if let Some(product) = made {
            let id = self.products.len();
            if let Some(p) = product.parent {
                self.products[p].negations.push(id);
            }
            for f in [&product.x, &product.y] {
                if let Operand::Name(n) = f {
                    live.factors.entry(n.clone()).or_default().push(id);
                }
            }
            live.names.insert(d.clone(), id);
            self.products.push(product);
        }
    }

    /// The product an unguarded `mul` without rounding modifier or `.sat` makes, whose
    /// factors are registers or immediates.
    fn product_of(&self, i: &Instruction, d: &str, (level, at): (usize, usize)) -> Option<Product> {
        let (ty, ftz, sat) = float_op(i, "mul")?;
        let factor = |o: &Operand| matches!(o, Operand::Name(_) | Operand::Float(_));
        if sat || i.guard.is_some() || i.operands.len() != 3 {
            return None;
        }
        if !factor(&i.operands[1]) || !factor(&i.operands[2]) {
            return None;
        }
        Some(Product {
            name: d.to_string(),
            x: i.operands[1].clone(),
            y: i.operands[2].clone(),
            level,
            mul: at,
            ..Product::new(ty, ftz)
        })
    }

    /// What `i` does with live product `p` (read once by it): absorbs it as operand `k`
    /// of an `add`/`sub`, negates it, or neither.
    fn classify(&self, i: &Instruction, p: usize) -> Option<Role> {
        let q = &self.products[p];
        let is_p = |o: &Operand| matches!(o, Operand::Name(n) if *n == q.name);
        for (opcode, sub) in [("add", false), ("sub", true)] {
            if let Some((ty, ftz, _)) = float_op(i, opcode) {
                if (ty, ftz) != (q.ty, q.ftz) || i.operands.len() != 3 {
                    return None;
                }
                return (1..3)
                    .find(|&k| is_p(&i.operands[k]))
                    .map(|k| Role::Use(k - 1, sub));
            }
        }
        match float_op(i, "neg") {
            Some((ty, ftz, false))
                if (ty, ftz) == (q.ty, q.ftz)
                    && i.guard.is_none()
                    && i.operands.len() == 2
                    && is_p(&i.operands[1]) =>
            {
                Some(Role::Neg)
            }
            _ => None,
        }
    }

    fn root(&self, mut p: usize) -> usize {
        while let Some(q) = self.products[p].parent {
            p = q;
        }
        p
    }

    /// Which products are fused: those whose every use is absorbed (through negations
    /// too), none of whose reads can come from elsewhere, and which are not the second
    /// product of an `add`/`sub` whose first operand is fused.
    fn decide(&mut self, names: &Names) -> Vec<bool> {
        let mut explained: HashMap<&str, usize> = HashMap::new();
        for p in &self.products {
            *explained.entry(p.name.as_str()).or_default() += p.reads;
        }
        let known: Vec<bool> = self
            .products
            .iter()
            .map(|p| {
                p.killed || explained.get(p.name.as_str()).copied() == Some(names.reads(&p.name))
            })
            .collect();
        let mut blocked = vec![false; self.products.len()];
        loop {
            let fused = self.fusable(&known, &blocked);
            // Where both operands of one add/sub are fused products, the second is not.
            let mut first: HashMap<(usize, usize), usize> = HashMap::new();
            for (p, q) in self.products.iter().enumerate() {
                for u in q.uses.iter().filter(|u| u.k == 0 && fused[p]) {
                    first.insert((u.level, u.at), p);
                }
            }
            let mut changed = false;
            for (p, q) in self.products.iter().enumerate() {
                if fused[p]
                    && q.uses
                        .iter()
                        .any(|u| u.k == 1 && first.contains_key(&(u.level, u.at)))
                {
                    blocked[p] = true;
                    changed = true;
                }
            }
            if !changed {
                return fused;
            }
        }
    }

    /// Fusable products given which are `blocked`: a negation is fused with its product.
    fn fusable(&self, known: &[bool], blocked: &[bool]) -> Vec<bool> {
        fn ok(s: &Scan, p: usize, known: &[bool], blocked: &[bool]) -> bool {
            let q = &s.products[p];
            !q.other_use
                && !blocked[p]
                && known[p]
                && (!q.uses.is_empty() || !q.negations.is_empty())
                && q.negations.iter().all(|&n| ok(s, n, known, blocked))
        }
        let mut fused: Vec<bool> = (0..self.products.len())
            .map(|p| ok(self, p, known, blocked))
            .collect();
        // A negation goes with its product.
        for p in 0..self.products.len() {
            let root = self.root(p);
            fused[p] = fused[p] && fused[root];
        }
        fused
    }
}

/// How an instruction reads a product.
enum Role {
    /// As operand `k` of an `add` (false) or `sub` (true).
    Use(usize, bool),
    /// As the source of a `neg`.
    Neg,
}

impl Product {
    fn new(ty: &'static str, ftz: bool) -> Product {
        Product {
            name: String::new(),
            ty,
            ftz,
            x: Operand::Sink,
            y: Operand::Sink,
            level: 0,
            mul: 0,
            neg: None,
            parent: None,
            negated: false,
            uses: Vec::new(),
            negations: Vec::new(),
            other_use: false,
            reads: 0,
            killed: false,
            clobbered: [None; 2],
        }
    }
}

/// Rewrites the fused products' statements, level by level in the order [`Scan`] numbered
/// them.
struct Rewrite<'a> {
    products: &'a [Product],
    fused: &'a [bool],
    /// Registers to declare: (name, type).
    temps: Vec<(String, String)>,
    level: usize,
}

impl Rewrite<'_> {
    fn level(&mut self, stmts: &mut Vec<Statement>) {
        let level = self.level;
        self.level += 1;
        for s in stmts.iter_mut() {
            if let Statement::Block(b) = s {
                self.level(b);
            }
        }
        let mut edits: HashMap<usize, Vec<Statement>> = HashMap::new();
        for (p, q) in self.products.iter().enumerate() {
            if self.fused[p] && q.parent.is_none() && q.level == level {
                self.family(p, stmts, &mut edits);
            }
        }
        if edits.is_empty() {
            return;
        }
        let old = std::mem::take(stmts);
        for (j, s) in old.into_iter().enumerate() {
            match edits.remove(&j) {
                Some(new) => stmts.extend(new),
                None => stmts.push(s),
            }
        }
    }

    /// The edits for root product `r` and its negations: the `mul` (and each `neg`)
    /// replaced by what the fused uses need of the factors, each use by an `fma`.
    fn family(
        &mut self,
        r: usize,
        stmts: &[Statement],
        edits: &mut HashMap<usize, Vec<Statement>>,
    ) {
        let root = &self.products[r];
        let (ty, ftz) = (root.ty, root.ftz);
        let pos = match &stmts[root.mul] {
            Statement::Instr(i) => i.pos,
            _ => return,
        };
        // The root and its fused negations (and theirs).
        let mut family = vec![r];
        let mut k = 0;
        while let Some(&p) = family.get(k) {
            let more = self.products[p]
                .negations
                .iter()
                .filter(|&&n| self.fused[n]);
            family.extend(more);
            k += 1;
        }
        let uses: Vec<(Use, bool)> = family
            .iter()
            .flat_map(|&p| {
                let q = &self.products[p];
                q.uses
                    .iter()
                    .map(move |u| (*u, q.negated != (u.sub && u.k == 1)))
            })
            .collect();
        // The factors as they were at the `mul`, saved where a use comes after a write.
        let mut prelude = Vec::new();
        let mut factors = [root.x.clone(), root.y.clone()];
        for (f, clobber) in factors.iter_mut().zip(root.clobbered) {
            let late = clobber.is_some_and(|c| uses.iter().any(|(u, _)| u.at > c));
            if late && matches!(f, Operand::Name(_)) {
                let saved = self.temp("save", ty);
                prelude.push(instr(
                    "mov",
                    vec![format!("b{}", bits(ty))],
                    vec![Operand::Name(saved.clone()), f.clone()],
                    pos,
                ));
                *f = Operand::Name(saved);
            }
        }
        // The factors of the negated product, where a use needs it.
        let negated = if uses.iter().any(|(_, neg)| *neg) {
            let [x, y] = factors.clone();
            match (flip(&x), flip(&y)) {
                (Some(nx), _) => Some([nx, y]),
                (None, Some(ny)) => Some([x, ny]),
                (None, None) => {
                    let t = self.temp("neg", ty);
                    prelude.push(instr(
                        "neg",
                        float_mods(ftz, false, ty, false),
                        vec![Operand::Name(t.clone()), x],
                        pos,
                    ));
                    Some([Operand::Name(t), y])
                }
            }
        } else {
            None
        };
        edits.insert(root.mul, prelude);
        for &p in &family {
            if let Some(n) = self.products[p].neg {
                edits.insert(n, Vec::new());
            }
        }
        for (u, neg) in uses {
            let Statement::Instr(add) = &stmts[u.at] else {
                continue;
            };
            let Some([x, y]) = (if neg {
                negated.clone()
            } else {
                Some(factors.clone())
            }) else {
                continue;
            };
            let mut out = Vec::new();
            let other = add.operands[2 - u.k].clone();
            let addend = if u.sub && u.k == 0 {
                match flip(&other) {
                    Some(c) => c,
                    None => {
                        let t = self.temp("neg", ty);
                        out.push(instr(
                            "neg",
                            float_mods(ftz, false, ty, false),
                            vec![Operand::Name(t.clone()), other],
                            add.pos,
                        ));
                        Operand::Name(t)
                    }
                }
            } else {
                other
            };
            let sat = add.mods.iter().any(|m| m == "sat");
            let mut fma = instr(
                "fma",
                float_mods(ftz, sat, ty, true),
                vec![add.operands[0].clone(), x, y, addend],
                add.pos,
            );
            if let Statement::Instr(f) = &mut fma {
                f.guard = add.guard.clone();
            }
            out.push(fma);
            edits.insert(u.at, out);
        }
    }

    /// A new register of float type `ty` (`#` is in no PTX name, so it cannot meet one of
    /// the kernel's).
    fn temp(&mut self, what: &str, ty: &str) -> String {
        let name = format!("%contract#{what}{}", self.temps.len());
        self.temps.push((name.clone(), format!(".{ty}")));
        name
    }
}

/// A float immediate negated (`None` for anything else).
fn flip(o: &Operand) -> Option<Operand> {
    let Operand::Float(f) = o else {
        return None;
    };
    Some(Operand::Float(match *f {
        FloatLit::F32Bits(b) => FloatLit::F32Bits(b ^ 0x8000_0000),
        FloatLit::F64Bits(b) => FloatLit::F64Bits(b ^ (1 << 63)),
        FloatLit::Decimal(d) => FloatLit::Decimal(-d),
    }))
}

/// The modifiers of a `neg` or `fma` (`rn`: rounding to nearest, which `fma` needs).
fn float_mods(ftz: bool, sat: bool, ty: &str, rn: bool) -> Vec<String> {
    let mut mods = Vec::new();
    if rn {
        mods.push("rn".to_string());
    }
    if ftz {
        mods.push("ftz".to_string());
    }
    if sat {
        mods.push("sat".to_string());
    }
    mods.push(ty.to_string());
    mods
}

fn instr(opcode: &str, mods: Vec<String>, operands: Vec<Operand>, pos: Pos) -> Statement {
    Statement::Instr(Instruction {
        guard: None,
        opcode: opcode.to_string(),
        mods,
        operands,
        pos,
    })
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
    fn across_plain_blocks_and_lone_labels_but_not_branch_targets() {
        // ptxas fuses across inline-assembly blocks that declare nothing.
        let got = contracted("{mul.f32 %f1, %f2, %f3;}\n{add.f32 %f4, %f1, %f5;}");
        assert_eq!(got, ["fma.rn.f32 %f4, %f2, %f3, %f5"]);
        // Across a label nothing branches to, and a branch to the label right after it.
        let got = contracted("mul.f32 %f1, %f2, %f3;\nL: add.f32 %f4, %f1, %f5;");
        assert_eq!(got, ["fma.rn.f32 %f4, %f2, %f3, %f5"]);
        let got = contracted("mul.f32 %f1, %f2, %f3;\nbra.uni L;\nL: add.f32 %f4, %f1, %f5;");
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[1], "fma.rn.f32 %f4, %f2, %f3, %f5");
        // Not into a block a branch joins, nor past a conditional branch.
        let got = contracted("mul.f32 %f1, %f2, %f3;\nL: add.f32 %f4, %f1, %f5;\n@%p1 bra L;");
        assert!(got.iter().all(|l| !l.starts_with("fma")), "{got:?}");
        let got =
            contracted("mul.f32 %f1, %f2, %f3;\n@%p1 bra L;\nadd.f32 %f4, %f1, %f5;\nL: ret;");
        assert!(got.iter().all(|l| !l.starts_with("fma")), "{got:?}");
    }

    #[test]
    fn not_with_rounding_mul_sat_ftz_mixes_or_a_guarded_mul() {
        for body in [
            "mul.rn.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f5;",
            "mul.f32 %f1, %f2, %f3;\nadd.rn.f32 %f4, %f1, %f5;",
            "mul.sat.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f5;",
            "mul.ftz.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f5;",
            "mul.f32 %f1, %f2, %f3;\nadd.ftz.f32 %f4, %f1, %f5;",
            "@%p1 mul.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f5;",
        ] {
            let got = contracted(body);
            assert!(got.iter().all(|l| !l.starts_with("fma")), "{body}: {got:?}");
        }
        // `.sat` on the add and a guard on it carry over.
        let got = contracted("mul.f32 %f1, %f2, %f3;\n@%p1 add.sat.f32 %f4, %f1, %f5;");
        assert_eq!(got, ["fma.rn.sat.f32 %f4, %f2, %f3, %f5"]);
    }

    #[test]
    fn every_use_an_add_or_none_fused() {
        // Two adds: each fused.
        let got =
            contracted("mul.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f5;\nsub.f32 %f6, %f5, %f1;");
        assert_eq!(
            got,
            [
                "neg.f32 %contract#neg0, %f2",
                "fma.rn.f32 %f4, %f2, %f3, %f5",
                "fma.rn.f32 %f6, %contract#neg0, %f3, %f5",
            ]
        );
        // Also stored, multiplied, or added to itself: fused nowhere.
        for body in [
            "mul.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f5;\nst.f32 [%f7], %f1;",
            "mul.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f5;\nmul.f32 %f6, %f1, %f5;",
            "mul.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f1;",
        ] {
            let got = contracted(body);
            assert!(got.iter().all(|l| !l.starts_with("fma")), "{body}: {got:?}");
        }
        // A register that is a product twice: each fused.
        let got = contracted(
            "mul.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f5;\nmul.f32 %f1, %f5, %f6;\nadd.f32 %f7, %f1, %f2;",
        );
        assert_eq!(
            got,
            [
                "fma.rn.f32 %f4, %f2, %f3, %f5",
                "fma.rn.f32 %f7, %f5, %f6, %f2"
            ]
        );
        // A product read in another block is not fused.
        let got = contracted(
            "mul.f32 %f1, %f2, %f3;\nadd.f32 %f4, %f1, %f5;\n@%p1 bra L;\nL: st.f32 [%f7], %f1;",
        );
        assert!(got.iter().all(|l| !l.starts_with("fma")), "{got:?}");
    }

    #[test]
    fn factors_written_before_the_add_are_used_as_the_mul_saw_them() {
        let got = contracted("mul.f32 %f1, %f2, %f3;\nmov.f32 %f2, %f5;\nadd.f32 %f4, %f1, %f5;");
        assert_eq!(
            got,
            [
                "mov.b32 %contract#save0, %f2",
                "mov.f32 %f2, %f5",
                "fma.rn.f32 %f4, %contract#save0, %f3, %f5",
            ]
        );
        // `bar.red`'s first operand is its destination.
        let got = contracted(
            "mul.f32 %f1, %f2, %f3;\nbar.red.popc.u32 %f2, 0, %p1;\nadd.f32 %f4, %f1, %f5;",
        );
        assert_eq!(got[0], "mov.b32 %contract#save0, %f2", "{got:?}");
        // The add writing a factor itself needs no copy.
        let got = contracted("mul.f32 %f1, %f2, %f3;\nadd.f32 %f2, %f1, %f2;");
        assert_eq!(got, ["fma.rn.f32 %f2, %f2, %f3, %f2"]);
    }

    #[test]
    fn a_negated_product_is_fused_with_the_negation() {
        let got = contracted("mul.f32 %f1, %f2, %f3;\nneg.f32 %f4, %f1;\nadd.f32 %f5, %f4, %f6;");
        assert_eq!(
            got,
            [
                "neg.f32 %contract#neg0, %f2",
                "fma.rn.f32 %f5, %contract#neg0, %f3, %f6",
            ]
        );
        // A negation also used otherwise keeps both.
        let got = contracted(
            "mul.f32 %f1, %f2, %f3;\nneg.f32 %f4, %f1;\nadd.f32 %f5, %f4, %f6;\nst.f32 [%f7], %f4;",
        );
        assert!(got.iter().all(|l| !l.starts_with("fma")), "{got:?}");
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
