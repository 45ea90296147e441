//! Floating-point contraction as NVRTC does it (`-fmad=true`): `a*b + c` becomes one
//! `fma.rn` where NVPTX's instruction selection fuses it, found by comparing NVRTC 12.9's PTX:
//!
//! - only additions fuse (`a*b - c`, `c - a*b` and `-(a*b) + c` stay a `mul` and a `sub`);
//! - a product fuses only when every use of it is an addition, and it has fewer than five
//!   uses; then every one of those additions becomes an `fma`;
//! - within the product's basic block; a product with one use is also fused into an
//!   addition in a later block at the same loop depth (LLVM sinks it there first);
//! - when both addends are products, the one LLVM's reassociation ranks lower fuses (see
//!   [`ranks`]), the left one on a tie; the other stays a `mul`;
//! - a product that reaches an addition only through copies in the local frame (a struct
//!   returned by an inlined function) fuses as if read directly, within one block, as NVVM's
//!   scalar replacement leaves it; `x - a*C` reached so is written as ptxas fuses it.
//!
//! The code generator records products and candidate additions while it writes a
//! function; [`Contraction::apply`] rewrites the additions once every use is known.

use std::collections::{HashMap, HashSet};

/// A floating `mul` the code generator wrote.
#[derive(Debug, Clone)]
pub struct Mul {
    /// Its factors as PTX operands.
    pub a: String,
    /// Second factor.
    pub b: String,
    /// Basic block it is in.
    pub block: u32,
    /// Loop nesting depth where it is.
    pub depth: usize,
    /// Index of its line.
    pub line: usize,
}

/// An `add` that reads a product (possibly through a variable holding it).
#[derive(Debug, Clone)]
pub struct Candidate {
    /// Index of the `add` instruction's line.
    pub line: usize,
    /// The product's register.
    pub product: String,
    /// The other addend as a PTX operand.
    pub addend: String,
    /// The result register.
    pub dest: String,
    /// `f32`/`f64` and `.ftz` as written in the add (`.ftz.f32`).
    pub suffix: String,
    /// The factors still hold the values they had at the `mul`.
    pub factors_live: bool,
    /// Basic block of the add.
    pub block: u32,
    /// Loop depth of the add.
    pub depth: usize,
    /// Whether the product is the left addend.
    pub left: bool,
}

/// What a function's contraction needs to know.
#[derive(Debug, Default)]
pub struct Contraction {
    /// Products by result register.
    pub muls: HashMap<String, Mul>,
    /// Variable registers a product was copied into, and the product.
    pub aliases: Vec<(String, String)>,
    /// Additions that read products.
    pub candidates: Vec<Candidate>,
    /// Math functions called here whose bodies have no branch: NVVM inlines them into
    /// instructions (an intrinsic such as `floor` or `__cosf`, or straight-line code), so
    /// their results rank from their arguments; a body with branches leaves its result in a
    /// later block, ranked as the call is.
    pub straight_calls: HashSet<String>,
}

/// The registers an instruction reads (every `%name` operand but the destination).
fn reads(line: &str) -> Vec<&str> {
    if let Some(inner) = single_asm(line) {
        return reads(inner);
    }
    let mut body = line.trim_start();
    let mut guard = Vec::new();
    if let Some(rest) = body.strip_prefix('@') {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        guard.push(rest[..end].trim_start_matches('!'));
        body = rest[end..].trim_start();
    }
    let Some(sp) = body.find(|c: char| c.is_whitespace()) else {
        return Vec::new();
    };
    let (op, rest) = body.split_at(sp);
    let mut regs: Vec<&str> = rest
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace() || "[]{}()+".contains(c))
        .filter(|s| s.starts_with('%'))
        .collect();
    let writes_first = !(op.starts_with('{')
        || op.starts_with("st.")
        || op.starts_with("st") && op.len() == 2
        || op.starts_with('@')
        || op.starts_with("bar")
        || op.starts_with("red."));
    if writes_first && !regs.is_empty() && !rest.trim_start().starts_with('[') {
        regs.remove(0);
    }
    guard.extend(regs);
    guard
}

impl Contraction {
    /// Rewrites fused additions in `lines` into `fma.rn` instructions.
    pub fn apply(&self, lines: &mut [String]) {
        if self.muls.is_empty() {
            return;
        }
        self.fuse_direct(lines);
        self.fuse_through_frame(lines);
    }

    /// Fuses the additions the code generator recorded (products read directly or through
    /// a variable).
    fn fuse_direct(&self, lines: &mut [String]) {
        if self.candidates.is_empty() {
            return;
        }
        let mut read_count: HashMap<&str, usize> = HashMap::new();
        for l in lines.iter() {
            for r in reads(l) {
                *read_count.entry(r).or_default() += 1;
            }
        }
        let reads_of = |r: &str| read_count.get(r).copied().unwrap_or(0);
        // Uses of a product: direct reads, less the copies into variables, plus the reads
        // of those variables.
        let mut uses: HashMap<&str, usize> = HashMap::new();
        for m in self.muls.keys() {
            uses.insert(m, reads_of(m));
        }
        for (var, m) in &self.aliases {
            if let Some(u) = uses.get_mut(m.as_str()) {
                *u = u.saturating_sub(1) + reads_of(var);
            }
        }
        let mut add_uses: HashMap<&str, usize> = HashMap::new();
        for c in &self.candidates {
            *add_uses.entry(c.product.as_str()).or_default() += 1;
        }
        let ranks = ranks(lines, &self.straight_calls);
        let mut fused_lines: HashSet<usize> = HashSet::new();
        let mut spoiled: HashSet<&str> = HashSet::new();
        let mut order: Vec<&Candidate> = self.candidates.iter().collect();
        order.sort_by_key(|c| (c.line, !c.left));
        let mut i = 0;
        while i < order.len() {
            let line = order[i].line;
            let mut group: Vec<&Candidate> = order[i..]
                .iter()
                .take_while(|c| c.line == line)
                .copied()
                .collect();
            i += group.len();
            // Both addends products: NVPTX tries the left operand first, in the order
            // LLVM's reassociation leaves them: the lower-ranked product on the left
            // (see [`ranks`]), the written order when the ranks tie.
            if let [l, r] = group.as_slice() {
                let rank = |c: &Candidate| ranks.get(c.product.as_str()).copied().unwrap_or(0);
                if rank(r) < rank(l) {
                    group.reverse();
                }
            }
            for c in group {
                if fused_lines.contains(&c.line) || spoiled.contains(c.product.as_str()) {
                    continue;
                }
                let Some(m) = self.muls.get(&c.product) else {
                    continue;
                };
                let u = uses.get(c.product.as_str()).copied().unwrap_or(0);
                let a = add_uses.get(c.product.as_str()).copied().unwrap_or(0);
                let same_block = c.block == m.block;
                let sunk = u == 1 && c.depth == m.depth && c.block > m.block;
                if u == 0 || u != a || u >= 5 || !c.factors_live || !(same_block || sunk) {
                    continue;
                }
                if let Some(text) = lines.get_mut(c.line) {
                    *text = format!(
                        "\tfma.rn{} \t{}, {}, {}, {};",
                        c.suffix, c.dest, m.a, m.b, c.addend
                    );
                    fused_lines.insert(c.line);
                    // The other addend, if a product, is now read by an fma: it no longer fuses.
                    spoiled.insert(c.addend.as_str());
                }
            }
        }
    }
}

/// An operation's name and its operands, guard and `;` dropped (`None` for labels,
/// directives and braces).
fn instruction(line: &str) -> Option<(&str, Vec<&str>)> {
    let text = line.trim();
    let body = match text.strip_prefix('@') {
        Some(rest) => rest.split_once(char::is_whitespace)?.1,
        None => text,
    };
    if body.ends_with(':') || body.starts_with(['{', '}', '.', '/']) {
        return None;
    }
    let (op, rest) = body.split_once(char::is_whitespace)?;
    let rest = rest.trim().trim_end_matches(';');
    Some((op, rest.split(',').map(str::trim).collect()))
}

/// A PTX floating immediate (`0f3B808081`, `0d3FF0000000000000`) with its sign flipped.
fn negated(immediate: &str) -> Option<String> {
    if let Some(h) = immediate.strip_prefix("0f").filter(|h| h.len() == 8) {
        let bits = u32::from_str_radix(h, 16).ok()?;
        return Some(format!("0f{:08X}", bits ^ 0x8000_0000));
    }
    let h = immediate.strip_prefix("0d").filter(|h| h.len() == 16)?;
    let bits = u64::from_str_radix(h, 16).ok()?;
    Some(format!("0d{:016X}", bits ^ (1 << 63)))
}

/// `[base+offset]` as the base and the offset.
fn address(operand: &str) -> Option<(&str, i64)> {
    let inner = operand.strip_prefix('[')?.strip_suffix(']')?.trim();
    Some(match inner.split_once('+') {
        Some((b, o)) => (b.trim(), o.trim().parse().ok()?),
        None => (inner, 0),
    })
}

impl Contraction {
    /// Fuses products that reach an addition only through the local frame: a struct of
    /// products built in an inlined function (`float4 r; r.x = a * s; return r;`) and added
    /// in another (`t.x += r.x`). NVVM's scalar replacement removes those copies, so its
    /// instruction selection sees the product read by the addition directly. Followed
    /// within one block; a copy left in the frame that a later block reads counts as a use
    /// that is not an addition, so nothing fuses then.
    fn fuse_through_frame(&self, lines: &mut [String]) {
        let direct: HashSet<&str> = self.candidates.iter().map(|c| c.product.as_str()).collect();
        let ranks = ranks(lines, &self.straight_calls);
        // Per product: its additions `(line, other addend)` and whether any other use.
        let mut adds: HashMap<String, Vec<(usize, String, Option<String>)>> = HashMap::new();
        let mut spoiled: HashSet<String> = HashSet::new();
        // Per product: the subtractions `(line, minuend)` of it.
        let mut subs: HashMap<String, Vec<(usize, String)>> = HashMap::new();
        let mut frame: HashMap<String, i64> = HashMap::new();
        frame.insert("%SP".into(), 0);
        let mut defined: HashSet<String> = HashSet::new();
        let mut tainted: HashSet<String> = ["%SP".to_string(), "%SPL".to_string()].into();
        let mut origin: HashMap<String, String> = HashMap::new();
        let mut slots: HashMap<i64, String> = HashMap::new();
        // Slots still holding a product when their block ended, and where.
        let mut left: Vec<(usize, i64, String)> = Vec::new();
        let frame_slot = |frame: &HashMap<String, i64>, operand: &str| {
            let (base, off) = address(operand)?;
            frame.get(base).map(|at| at.saturating_add(off))
        };
        for (i, line) in lines.iter().enumerate() {
            let Some((op, operands)) = instruction(line) else {
                if line.trim().ends_with(':') {
                    left.extend(slots.drain().map(|(off, m)| (i, off, m)));
                    origin.clear();
                } else if line.contains('%') {
                    // A call sequence: what it reads is a use, and it may write the frame.
                    for token in line.split(|c: char| !(c == '%' || c.is_ascii_alphanumeric())) {
                        if let Some(m) = origin.get(token) {
                            spoiled.insert(m.clone());
                        }
                    }
                    slots.clear();
                }
                continue;
            };
            let dest = operands.first().copied().unwrap_or("");
            let guarded = line.trim_start().starts_with('@');
            if op.starts_with("atom") || op.starts_with("red") {
                slots.clear();
            }
            if op.starts_with("st") {
                let value = operands.last().copied().unwrap_or("");
                let slot = frame_slot(&frame, dest);
                let elsewhere = [".global", ".shared", ".param", ".const"]
                    .iter()
                    .any(|space| op.contains(space));
                let base = address(dest).map_or("", |(b, _)| b);
                let clean = defined.contains(base) && !tainted.contains(base);
                if slot.is_none() && !elsewhere && !clean {
                    // Through a pointer that may point into the frame.
                    slots.clear();
                }
                match (slot, origin.get(value)) {
                    (Some(off), Some(m)) if !guarded => {
                        slots.insert(off, m.clone());
                    }
                    (slot, m) => {
                        if let Some(off) = slot {
                            slots.remove(&off);
                        }
                        if let Some(m) = m {
                            spoiled.insert(m.clone());
                        }
                    }
                }
                continue;
            }
            let into_frame = match operands.as_slice() {
                [_, a, b] if op.starts_with("add.s64") || op.starts_with("add.u64") => {
                    match (frame.get(*a), b.parse::<i64>()) {
                        (Some(at), Ok(n)) => Some(at.saturating_add(n)),
                        _ => None,
                    }
                }
                _ => None,
            };
            // What may hold an address in the frame: the frame's own registers, anything
            // loaded from memory, and what is computed from those.
            let loaded = (op == "ld" || op.starts_with("ld.")) && !op.starts_with("ld.param");
            defined.insert(dest.to_string());
            if loaded || operands.iter().skip(1).any(|o| tainted.contains(*o)) {
                tainted.insert(dest.to_string());
            } else {
                tainted.remove(dest);
            }
            match into_frame {
                Some(at) => {
                    frame.insert(dest.to_string(), at);
                }
                None if dest != "%SP" => {
                    frame.remove(dest);
                }
                None => {}
            }
            let reads: &[&str] = operands.get(1..).unwrap_or(&[]);
            let is_add = (op.starts_with("add.f32")
                || op.starts_with("add.f64")
                || op.starts_with("add.ftz.f32"))
                && reads.len() == 2;
            let copy = op.starts_with("mov.f") && reads.len() == 1;
            let is_sub = (op.starts_with("sub.f32")
                || op.starts_with("sub.f64")
                || op.starts_with("sub.ftz.f32"))
                && reads.len() == 2;
            let load = op == "ld" || op.starts_with("ld.");
            let mut found = None;
            for (k, r) in reads.iter().enumerate() {
                let Some(m) = origin.get(*r) else { continue };
                if is_add {
                    let other = reads.get(1 - k).copied().unwrap_or("");
                    let other_origin = origin.get(other).cloned();
                    adds.entry(m.clone())
                        .or_default()
                        .push((i, other.to_string(), other_origin));
                } else if let (true, 1, Some(minuend)) = (is_sub, k, reads.first()) {
                    if origin.contains_key(*minuend) {
                        spoiled.insert(m.clone());
                    } else {
                        subs.entry(m.clone())
                            .or_default()
                            .push((i, minuend.to_string()));
                    }
                } else if !copy {
                    spoiled.insert(m.clone());
                }
                found = Some(m.clone());
            }
            let new_origin = if copy {
                found
            } else if load {
                reads
                    .first()
                    .and_then(|a| frame_slot(&frame, a))
                    .and_then(|off| slots.get(&off).cloned())
            } else if op.starts_with("mul.")
                && !op.starts_with("mul.rn")
                && self.muls.contains_key(dest)
                && !direct.contains(dest)
            {
                Some(dest.to_string())
            } else {
                None
            };
            match new_origin {
                Some(m) => {
                    origin.insert(dest.to_string(), m);
                }
                None => {
                    origin.remove(dest);
                }
            }
        }
        left.extend(slots.drain().map(|(off, m)| (lines.len(), off, m)));
        for (end, off, m) in left {
            let read_later = lines.iter().skip(end).any(|l| {
                instruction(l).is_some_and(|(op, ops)| {
                    (op == "ld" || op.starts_with("ld."))
                        && ops.get(1).and_then(|a| frame_slot(&frame, a)) == Some(off)
                })
            });
            if read_later {
                spoiled.insert(m);
            }
        }
        // The additions in order; of two products in one, the lower-ranked first.
        let mut by_line: Vec<(usize, String, String, Option<String>)> = adds
            .iter()
            .filter(|(m, a)| !spoiled.contains(*m) && a.len() < 5)
            .flat_map(|(m, a)| {
                a.iter()
                    .map(move |(l, o, oo)| (*l, m.clone(), o.clone(), oo.clone()))
            })
            .collect();
        let rank = |r: &str| ranks.get(r).copied().unwrap_or(0);
        by_line.sort_by_key(|(l, m, _, _)| (*l, rank(m)));
        let mut fused: HashSet<usize> = HashSet::new();
        let mut blocked: HashSet<String> = HashSet::new();
        for (l, m, other, other_origin) in by_line {
            if fused.contains(&l) || blocked.contains(&m) {
                continue;
            }
            let Some(mul) = self.muls.get(&m) else {
                continue;
            };
            let redefined = lines
                .get(mul.line.saturating_add(1)..l)
                .unwrap_or(&[])
                .iter()
                .any(|x| {
                    instruction(x).is_some_and(|(op, ops)| {
                        !op.starts_with("st")
                            && ops.first().is_some_and(|d| *d == mul.a || *d == mul.b)
                    })
                });
            let Some(text) = lines.get(l) else { continue };
            let Some((op, ops)) = instruction(text) else {
                continue;
            };
            if redefined || !text.trim_start().starts_with("add.") {
                continue;
            }
            let suffix = op.trim_start_matches("add").to_string();
            let dest = ops.first().copied().unwrap_or("").to_string();
            if let Some(t) = lines.get_mut(l) {
                *t = format!("\tfma.rn{suffix} \t{dest}, {}, {}, {other};", mul.a, mul.b);
            }
            fused.insert(l);
            // The other addend, if a product, is now read by an fma: it fuses nowhere.
            if let Some(o) = other_origin {
                blocked.insert(o);
            }
        }
        // `x - p` where `p = a * C` reaches the subtraction only through the frame and has
        // no other use: NVRTC's PTX has `mul` and `sub` in one block, which ptxas (and the
        // simulator) runs as `fma(a, -C, x)`; written so here, as the copies would stop it.
        for (m, uses) in &subs {
            let ([(l, minuend)], None) = (uses.as_slice(), adds.get(m)) else {
                continue;
            };
            if spoiled.contains(m) {
                continue;
            }
            let Some(mul) = self.muls.get(m) else {
                continue;
            };
            let (factor, constant) = match (negated(&mul.a), negated(&mul.b)) {
                (_, Some(c)) => (&mul.a, c),
                (Some(c), _) => (&mul.b, c),
                _ => continue,
            };
            let redefined = lines
                .get(mul.line.saturating_add(1)..*l)
                .unwrap_or(&[])
                .iter()
                .any(|x| {
                    instruction(x).is_some_and(|(op, ops)| {
                        !op.starts_with("st") && ops.first().is_some_and(|d| d == factor)
                    })
                });
            let Some((op, ops)) = lines.get(*l).and_then(|t| instruction(t)) else {
                continue;
            };
            if redefined {
                continue;
            }
            let suffix = op.trim_start_matches("sub").to_string();
            let dest = ops.first().copied().unwrap_or("").to_string();
            if let Some(t) = lines.get_mut(*l) {
                *t = format!("\tfma.rn{suffix} \t{dest}, {factor}, {constant}, {minuend};");
            }
        }
    }
}

/// The first block's first rank for values that are not computed from others (loads,
/// calls); each later block's starts `1 << 16` higher, above every parameter's rank.
const BLOCK_RANK: u64 = 1 << 16;

/// LLVM's reassociation ranks of the registers `lines` write, which decide the operand
/// order NVPTX's instruction selection sees in `a*b + c*d`:
///
/// - a kernel parameter's value ranks 3, 4, ... in parameter order; a constant 0;
/// - a load, an atomic, a texture read or a call takes the next rank of its block (blocks
///   rank above all parameters, later blocks above earlier ones), and so do the results of
///   a call to a function with branches; a straight-line function's results (`floor`,
///   `__cosf`: see [`Contraction::straight_calls`]) rank one above its highest argument;
/// - a struct copied from memory is one vector load, each field one more than it;
/// - any other instruction one more than its highest-ranked operand; a copy, a negation
///   or a bitwise not the rank of its operand;
/// - values kept in the local frame (`[%SP+n]`) keep the rank they were stored with.
fn ranks(lines: &[String], straight_calls: &HashSet<String>) -> HashMap<String, u64> {
    let mut rank: HashMap<String, u64> = HashMap::new();
    let mut next = BLOCK_RANK;
    let mut block = 1u64;
    // Registers holding `%SP + offset`, and the rank stored at each frame offset.
    let mut frame: HashMap<String, i64> = HashMap::new();
    frame.insert("%SP".into(), 0);
    let mut slots: HashMap<i64, u64> = HashMap::new();
    // The base register of the struct copy under way and its vector load's rank.
    let mut copy: Option<(String, u64)> = None;
    let of = |rank: &HashMap<String, u64>, r: &str| rank.get(r).copied().unwrap_or(0);
    for (i, line) in lines.iter().enumerate() {
        let text = line.trim();
        if text.ends_with(':') {
            block = block.saturating_add(1);
            next = block.saturating_mul(BLOCK_RANK);
            copy = None;
            continue;
        }
        let body = match text.strip_prefix('@') {
            Some(rest) => rest.split_once(char::is_whitespace).map_or("", |(_, b)| b),
            None => text,
        };
        if text.starts_with('{') {
            // A call sequence (one line of several instructions). Its results, read back
            // from its return parameters (`ld.param.b64 %fd4, [retval0];`), rank one above
            // its highest argument where the callee is straight-line code, else as the
            // call: the next rank of its block.
            let straight = text
                .lines()
                .find_map(callee)
                .is_some_and(|f| straight_calls.contains(f));
            let r = if straight {
                let arguments = text.lines().filter_map(|l| {
                    let (op, operands) = instruction(l)?;
                    op.starts_with("st.param")
                        .then(|| operands.last().copied())?
                });
                arguments
                    .map(|a| of(&rank, a))
                    .max()
                    .unwrap_or(0)
                    .saturating_add(1)
            } else {
                next = next.saturating_add(1);
                next
            };
            for result in text.lines().filter_map(call_result) {
                rank.insert(result.to_string(), r);
            }
            continue;
        }
        let Some((op, rest)) = body.split_once(char::is_whitespace) else {
            continue;
        };
        let rest = rest.trim().trim_end_matches(';');
        let address = rest
            .split_once('[')
            .and_then(|(_, a)| a.split_once(']'))
            .map(|(a, _)| a.trim());
        // `base+offset` of an address.
        let split = |a: &str| -> (String, i64) {
            match a.split_once('+') {
                Some((b, o)) => (b.trim().to_string(), o.trim().parse().unwrap_or(0)),
                None => (a.to_string(), 0),
            }
        };
        if op.starts_with("st") {
            if let Some((base, off)) = address.map(split) {
                if let Some(at) = frame.get(&base) {
                    let value = rest.rsplit(',').next().unwrap_or("").trim();
                    slots.insert(at.saturating_add(off), of(&rank, value));
                }
            }
            continue;
        }
        let dests: Vec<String> = match rest.strip_prefix('{') {
            Some(v) => v
                .split_once('}')
                .map_or("", |(d, _)| d)
                .split(',')
                .map(|d| d.trim().to_string())
                .collect(),
            None => vec![rest.split(',').next().unwrap_or("").trim().to_string()],
        };
        let Some(dest) = dests.first().cloned() else {
            continue;
        };
        if op.starts_with("ld.param") {
            let index = address
                .and_then(|a| a.rsplit("_param_").next())
                .and_then(|n| n.split('+').next())
                .and_then(|n| n.trim().parse::<u64>().ok())
                .unwrap_or(0);
            rank.insert(dest, index.saturating_add(3));
            continue;
        }
        if op == "ld" || op.starts_with("ld.") {
            let (base, off) = address.map(split).unwrap_or_default();
            if let Some(at) = frame.get(&base) {
                let r = slots.get(&at.saturating_add(off)).copied().unwrap_or(0);
                rank.insert(dest, r);
                continue;
            }
            // A load straight into the frame is a field of a struct being copied.
            let into_frame = lines.get(i + 1).is_some_and(|n| {
                let n = n.trim();
                n.starts_with("st") && n.ends_with(&format!(", {dest};")) && {
                    let a = n.split_once('[').and_then(|(_, a)| a.split_once(']'));
                    a.is_some_and(|(a, _)| frame.contains_key(&split(a.trim()).0))
                }
            });
            let vector = match &copy {
                Some((b, r)) if into_frame && *b == base => *r,
                _ => {
                    next = next.saturating_add(1);
                    next
                }
            };
            copy = into_frame.then(|| (base.clone(), vector));
            let field = u64::from(into_frame || dests.len() > 1);
            for d in dests {
                rank.insert(d, vector.saturating_add(field));
            }
            continue;
        }
        copy = None;
        let operands: Vec<&str> = rest.split(',').skip(1).map(str::trim).collect();
        if op.starts_with("add.s64") || op.starts_with("add.u64") {
            if let [a, b] = operands.as_slice() {
                if let (Some(at), Ok(n)) = (frame.get(*a), b.parse::<i64>()) {
                    frame.insert(dest.clone(), at.saturating_add(n));
                }
            }
        }
        let memory = [
            "atom", "red", "tex", "tld4", "suld", "call", "vote", "shfl", "match",
        ];
        let r = if memory.iter().any(|m| op.starts_with(m)) {
            next = next.saturating_add(1);
            next
        } else {
            let highest = operands.iter().map(|o| of(&rank, o)).max().unwrap_or(0);
            let copy_like =
                op.starts_with("mov.") || op.starts_with("neg.") || op.starts_with("not.");
            if copy_like {
                highest
            } else {
                highest.saturating_add(1)
            }
        };
        for d in dests {
            rank.insert(d, r);
        }
    }
    rank
}

/// Whether PTX text `body` branches (`bra`, guarded or not): a function without a branch is
/// one block of straight-line code once inlined.
pub fn has_branch(body: &str) -> bool {
    body.lines()
        .filter_map(instruction)
        .any(|(op, _)| op.starts_with("bra"))
}

/// The function a `call` line calls: `f` of `call.uni (retval0, retval1), f, (param0);` or
/// of `call.uni f, (param0);`.
fn callee(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("call")?;
    let rest = rest.split_once(char::is_whitespace)?.1.trim_start();
    let rest = match rest.strip_prefix('(') {
        Some(results) => results.split_once(')')?.1.trim_start().strip_prefix(',')?,
        None => rest,
    };
    Some(rest.split(',').next()?.trim().trim_end_matches(';'))
}

/// The register a call sequence's line reads a result into (`ld.param.b32 %r4, [retval0];`
/// gives `%r4`).
fn call_result(line: &str) -> Option<&str> {
    let (op, operands) = instruction(line)?;
    let [dest, from] = operands.as_slice() else {
        return None;
    };
    (op.starts_with("ld.param") && from.starts_with("[retval")).then_some(*dest)
}

/// Folds `op %t, ...; mov %v, %t;` into `op %v, ...;` where `%t` is read by that `mov`
/// only: a variable's value then comes straight from the instruction that computes it, as
/// in NVRTC's PTX (SSA, no copies), so the simulator's own ptxas-style contraction sees the
/// same `mul`/`add` pairs in both.
pub fn fold_copies(lines: &mut Vec<String>) {
    let mut read_count: HashMap<String, usize> = HashMap::new();
    for l in lines.iter() {
        for r in reads(l) {
            *read_count.entry(r.to_string()).or_default() += 1;
        }
    }
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    for l in lines.drain(..) {
        if let Some((dst, src)) = plain_mov(&l) {
            if read_count.get(&src).copied() == Some(1) {
                if let Some(prev) = out.last_mut() {
                    if let Some(rewritten) = redirect(prev, &src, &dst) {
                        *prev = rewritten;
                        continue;
                    }
                }
            }
        }
        out.push(l);
    }
    *lines = out;
}

/// The one instruction of a braced inline-assembly line that declares nothing, as the
/// half-precision headers write their operations (`{add.f16 %rs3,%rs1,%rs2;}`).
fn single_asm(line: &str) -> Option<&str> {
    let inner = line.trim().strip_prefix('{')?.strip_suffix('}')?.trim();
    (inner.matches(';').count() == 1
        && inner.ends_with(';')
        && !inner.contains(".reg")
        && !inner.contains(['{', '}', '\n']))
    .then_some(inner)
}

/// The register class of a register name: `%rs`, `%rd`, `%r`, `%f`, `%fd`, `%p`.
fn reg_class(r: &str) -> &str {
    r.trim_end_matches(|c: char| c.is_ascii_digit())
}

/// `mov.T %dst, %src;` between registers of one class (floats, and the `b16`/`b32` moves
/// of half-precision values).
fn plain_mov(line: &str) -> Option<(String, String)> {
    let body = line.trim().strip_suffix(';')?;
    let rest = body
        .strip_prefix("mov.f32")
        .or_else(|| body.strip_prefix("mov.f64"))
        .or_else(|| body.strip_prefix("mov.b16"))
        .or_else(|| body.strip_prefix("mov.b32"))?;
    let (d, s) = rest.split_once(',')?;
    let (d, s) = (d.trim(), s.trim());
    (d.starts_with('%') && s.starts_with('%') && !s.contains('{') && reg_class(d) == reg_class(s))
        .then(|| (d.to_string(), s.to_string()))
}

/// `line` with its destination `from` replaced by `to`, if it is a plain arithmetic
/// instruction writing `from` first.
fn redirect(line: &str, from: &str, to: &str) -> Option<String> {
    if let Some(inner) = single_asm(line) {
        let r = redirect(inner, from, to)?;
        return Some(format!("\t{{{}}}", r.trim_start()));
    }
    let body = line.trim_start();
    if !body.ends_with(';') || body.contains('{') || body.starts_with('@') {
        return None;
    }
    let sp = body.find(char::is_whitespace)?;
    let (op, rest) = body.split_at(sp);
    let arith = [
        "add.", "sub.", "mul.", "fma.", "div.", "neg.", "abs.", "cvt.", "min.", "max.", "sqrt.",
        "rcp.",
    ];
    if !arith.iter().any(|a| op.starts_with(a)) {
        return None;
    }
    let rest = rest.trim_start();
    let first = rest.split(',').next()?.trim();
    if first != from
        || rest[first.len()..].contains(&format!("{to},"))
        || rest[first.len()..]
            .trim_end_matches(';')
            .trim_end()
            .ends_with(to)
    {
        return None;
    }
    Some(format!("\t{op} \t{to}{}", &rest[first.len()..]))
}

#[cfg(test)]
mod tests {
    #[test]
    fn copies_of_fresh_results_fold_into_their_instruction() {
        let mut l = vec![
            "\tmul.f32 \t%f3, %f1, %f2;".to_string(),
            "\tmov.f32 \t%f4, %f3;".into(),
            "\tadd.f32 \t%f5, %f4, %f1;".into(),
        ];
        super::fold_copies(&mut l);
        assert_eq!(
            l,
            ["\tmul.f32 \t%f4, %f1, %f2;", "\tadd.f32 \t%f5, %f4, %f1;"]
        );
        // Not when the instruction reads the variable it would write.
        let mut l = vec![
            "\tadd.f32 \t%f3, %f4, %f2;".to_string(),
            "\tmov.f32 \t%f4, %f3;".into(),
        ];
        super::fold_copies(&mut l);
        assert_eq!(l.len(), 2);
    }

    use super::*;

    #[test]
    fn reads_skip_the_destination() {
        assert_eq!(reads("\tadd.f32 \t%f3, %f1, %f2;"), ["%f1", "%f2"]);
        assert_eq!(reads("\tst.f32 \t[%rd1+4], %f2;"), ["%rd1", "%f2"]);
        assert_eq!(reads("\t@%p1 bra \t$L__BB0_2;"), ["%p1"]);
    }

    fn mul(block: u32) -> Mul {
        Mul {
            a: "%f1".into(),
            b: "%f2".into(),
            block,
            depth: 0,
            line: 0,
        }
    }

    fn cand(line: usize, block: u32) -> Candidate {
        Candidate {
            line,
            product: "%f3".into(),
            addend: "%f4".into(),
            dest: format!("%f{}", 5 + line),
            suffix: ".f32".into(),
            factors_live: true,
            block,
            depth: 0,
            left: true,
        }
    }

    #[test]
    fn a_product_used_only_by_adds_fuses() {
        let mut lines = vec![
            "\tmul.f32 \t%f3, %f1, %f2;".to_string(),
            "\tadd.f32 \t%f5, %f3, %f4;".into(),
        ];
        let mut c = Contraction::default();
        c.muls.insert("%f3".into(), mul(0));
        c.candidates.push(cand(1, 0));
        c.apply(&mut lines);
        assert_eq!(lines[1], "\tfma.rn.f32 \t%f6, %f1, %f2, %f4;");
    }

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|l| format!("\t{l}")).collect()
    }

    #[test]
    fn ranks_follow_llvm_s_reassociation() {
        let l = lines(&[
            "ld.param.f32 \t%f1, [k_param_0];",
            "ld.param.u64 \t%rd1, [k_param_2];",
            "ld.f32 \t%f2, [%rd1];",
            "ld.f32 \t%f3, [%rd1+4];",
            "mov.f32 \t%f4, %f3;",
            "mul.f32 \t%f5, %f1, %f4;",
            "neg.f32 \t%f6, %f5;",
            "st.f32 \t[%SP+8], %f5;",
            "add.s64 \t%rd2, %SP, 8;",
            "ld.f32 \t%f7, [%rd2];",
            "$L__BB0_1:",
            "ld.f32 \t%f8, [%rd1+8];",
        ]);
        let r = ranks(&l, &HashSet::new());
        let at = |reg: &str| r.get(reg).copied().unwrap_or(u64::MAX);
        assert_eq!(at("%f1"), 3);
        assert_eq!(at("%rd1"), 5);
        assert_eq!((at("%f2"), at("%f3")), (BLOCK_RANK + 1, BLOCK_RANK + 2));
        assert_eq!(at("%f4"), at("%f3"), "a copy keeps its rank");
        assert_eq!(at("%f5"), BLOCK_RANK + 3);
        assert_eq!(at("%f6"), at("%f5"), "a negation keeps its rank");
        assert_eq!(at("%f7"), at("%f5"), "the frame keeps the stored rank");
        assert_eq!(at("%f8"), 2 * BLOCK_RANK + 1, "a later block ranks above");
    }

    #[test]
    fn a_call_s_result_ranks_as_the_code_nvvm_inlines() {
        // `floor(x) / y * z + log(x) * (x * x + x)` after a branch (generated seed 182,
        // `--use_fast_math`): `floor` is one instruction, one above its argument; `log`
        // has branches, so its result is in a later block, ranked as the call. (Ranked as
        // constants before, `log`'s product fused where NVRTC fuses the other.)
        let call = |f: &str, r: &str| {
            format!(
                "\t{{\n\t.param .b64 param0;\n\tst.param.b64 \t[param0], %fd1;\n\t.param .b64 retval0;\n\tcall.uni (retval0), {f}, (param0);\n\tld.param.b64 \t{r}, [retval0];\n\t}}"
            )
        };
        let mut l = lines(&["ld.f64 \t%fd1, [%rd1];", "$L__BB0_1:"]);
        l.push(call("__cl_floor_fast", "%fd4"));
        l.push(call("__cl_log_fast", "%fd10"));
        let straight: HashSet<String> = ["__cl_floor_fast".to_string()].into();
        let r = ranks(&l, &straight);
        assert_eq!(r.get("%fd4"), Some(&(BLOCK_RANK + 2)));
        assert_eq!(r.get("%fd10"), Some(&(2 * BLOCK_RANK + 1)));
    }

    #[test]
    fn a_call_names_its_callee_with_or_without_results() {
        assert_eq!(
            callee("\tcall.uni (retval0, retval1), __cl_sincosf, (param0);"),
            Some("__cl_sincosf")
        );
        assert_eq!(callee("\tcall.uni (retval0), f, (param0);"), Some("f"));
        assert_eq!(
            callee("\tcall.uni __assertfail, (param0, param1);"),
            Some("__assertfail")
        );
        assert_eq!(callee("\tld.param.b32 \t%r1, [retval0];"), None);
    }

    #[test]
    fn branches_are_found_guarded_or_not() {
        assert!(has_branch(
            "\tsetp.lt.f64 \t%p1, %fd1, 0d0;\n\t@%p1 bra \t$L__BB0_2;"
        ));
        assert!(has_branch("\tbra.uni \t$L__BB0_3;"));
        assert!(!has_branch(
            "\tcvt.rmi.f64.f64 \t%fd2, %fd1;\n\t// bra in a comment"
        ));
    }

    #[test]
    fn a_struct_copied_from_memory_is_one_vector_load() {
        let l = lines(&[
            "ld.f32 \t%f1, [%rd7];",
            "st.f32 \t[%SP+16], %f1;",
            "ld.f32 \t%f2, [%rd7+4];",
            "st.f32 \t[%SP+20], %f2;",
            "ld.f32 \t%f3, [%rd8];",
        ]);
        let r = ranks(&l, &HashSet::new());
        assert_eq!(r.get("%f1"), Some(&(BLOCK_RANK + 2)));
        assert_eq!(r.get("%f2"), Some(&(BLOCK_RANK + 2)));
        assert_eq!(r.get("%f3"), Some(&(BLOCK_RANK + 2)));
    }

    #[test]
    fn of_two_products_the_lower_ranked_one_fuses() {
        // `alpha * t + beta * x`, `t` loaded last: `beta * x` ranks lower and fuses.
        let mut l = lines(&[
            "ld.f32 \t%f1, [%rd1];",
            "ld.f32 \t%f2, [%rd1+4];",
            "ld.f32 \t%f3, [%rd2];",
            "ld.f32 \t%f4, [%rd3];",
            "mul.f32 \t%f5, %f1, %f4;",
            "mul.f32 \t%f6, %f2, %f3;",
            "add.f32 \t%f7, %f5, %f6;",
        ]);
        let mut c = Contraction::default();
        for (reg, a, b, line) in [("%f5", "%f1", "%f4", 4), ("%f6", "%f2", "%f3", 5)] {
            let m = Mul {
                a: a.into(),
                b: b.into(),
                block: 0,
                depth: 0,
                line,
            };
            c.muls.insert(reg.into(), m);
        }
        for (product, addend, left) in [("%f5", "%f6", true), ("%f6", "%f5", false)] {
            c.candidates.push(Candidate {
                product: product.into(),
                addend: addend.into(),
                dest: "%f7".into(),
                left,
                ..cand(6, 0)
            });
        }
        c.apply(&mut l);
        assert_eq!(l[6], "\tfma.rn.f32 \t%f7, %f2, %f3, %f5;");
    }

    /// `%f3 = %f1 * %f2` copied through the frame slot `[%SP+8]` into `%f4`, then `middle`,
    /// then `%f6 = %f4 + %f5`, then `tail`; the lines after contraction.
    fn through_frame(middle: &[&str], tail: &[&str]) -> Vec<String> {
        let mut text = vec![
            "mul.f32 \t%f3, %f1, %f2;",
            "st.f32 \t[%SP+8], %f3;",
            "add.s64 \t%rd2, %SP, 8;",
            "ld.f32 \t%f4, [%rd2];",
        ];
        text.extend(middle);
        text.push("add.f32 \t%f6, %f4, %f5;");
        text.extend(tail);
        let mut l = lines(&text);
        let mut c = Contraction::default();
        c.muls.insert("%f3".into(), mul(0));
        c.apply(&mut l);
        l
    }

    #[test]
    fn a_product_copied_through_the_frame_fuses() {
        let l = through_frame(&[], &["st.global.f32 \t[%rd9], %f6;"]);
        assert_eq!(l[4], "\tfma.rn.f32 \t%f6, %f1, %f2, %f5;");
        // Not when a factor changes in between.
        let l = through_frame(&["mov.f32 \t%f1, %f9;"], &[]);
        assert!(l[5].starts_with("\tadd.f32"), "{l:?}");
        // Not when the product has another use.
        let l = through_frame(&["st.global.f32 \t[%rd9], %f4;"], &[]);
        assert!(l[5].starts_with("\tadd.f32"), "{l:?}");
        // Not when a later block reads the copy.
        let l = through_frame(&[], &["$L__BB0_2:", "ld.f32 \t%f7, [%SP+8];"]);
        assert!(l[4].starts_with("\tadd.f32"), "{l:?}");
        // Not when a store through a pointer that may point into the frame comes between
        // the copy and its load.
        let mut text = vec![
            "mul.f32 \t%f3, %f1, %f2;",
            "st.f32 \t[%SP+8], %f3;",
            "ld.u64 \t%rd7, [%rd1];",
            "st.f32 \t[%rd7], %f9;",
            "ld.f32 \t%f4, [%SP+8];",
            "add.f32 \t%f6, %f4, %f5;",
        ];
        let mut l = lines(&text);
        let mut c = Contraction::default();
        c.muls.insert("%f3".into(), mul(0));
        c.apply(&mut l);
        assert!(l[5].starts_with("\tadd.f32"), "{l:?}");
        // But a store through a kernel parameter's pointer cannot reach it.
        text[2] = "ld.param.u64 \t%rd7, [k_param_0];";
        let mut l = lines(&text);
        let mut c = Contraction::default();
        c.muls.insert("%f3".into(), mul(0));
        c.apply(&mut l);
        assert!(l[5].starts_with("\tfma.rn.f32"), "{l:?}");
        // `x - a*C` through the frame is the fma ptxas makes of it.
        text[0] = "mul.f32 \t%f3, %f1, 0f40000000;";
        text[5] = "sub.f32 \t%f6, %f5, %f4;";
        let mut l = lines(&text);
        let mut m = mul(0);
        m.b = "0f40000000".into();
        let mut c = Contraction::default();
        c.muls.insert("%f3".into(), m);
        c.apply(&mut l);
        assert_eq!(l[5], "\tfma.rn.f32 \t%f6, %f1, 0fC0000000, %f5;");
    }

    #[test]
    fn a_product_with_another_use_does_not_fuse() {
        let mut lines = vec![
            "\tmul.f32 \t%f3, %f1, %f2;".to_string(),
            "\tadd.f32 \t%f6, %f3, %f4;".into(),
            "\tst.f32 \t[%rd1], %f3;".into(),
        ];
        let mut c = Contraction::default();
        c.muls.insert("%f3".into(), mul(0));
        c.candidates.push(cand(1, 0));
        c.apply(&mut lines);
        assert!(lines[1].starts_with("\tadd.f32"));
    }
}
