//! PTX: a lexer and parser that report errors with line and column, the syntax tree
//! ([`ast`]) and what the engine and the library table read from it (variables'
//! initial bytes, the functions whose address a module takes).
//!
//! # Stability
//!
//! Unstable and low-level (re-exported as `cuda_library::ptx`): public for tools that read
//! PTX as the engine does (fuzz targets, tests of hostile input), but the lexer, parser and
//! syntax tree are the simulator's internals. They change whenever the simulator or the
//! linker needs them to, in any release, and follow no semver promise.

pub mod ast;
pub mod lexer;
pub mod parser;

use std::collections::{HashMap, HashSet};

use ast::{Function, InitValue, Module, Operand, Statement, VarDecl};
use lexer::FloatLit;

use crate::error::{Error, Result};

impl From<lexer::PtxError> for Error {
    fn from(e: lexer::PtxError) -> Self {
        Error::PtxSyntax {
            line: e.pos.line,
            column: e.pos.col,
            message: e.message,
        }
    }
}

/// What kind of variable a global is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum GlobalKind {
    /// `__device__`.
    Device,
    /// `__constant__`.
    Constant,
    /// `__managed__`.
    Managed,
}

/// `x * y * z` of a block shape (a launch's, a `.reqntid` or `.maxntid`), saturating.
pub fn volume(d: [u32; 3]) -> u32 {
    (d[0] as u64 * d[1] as u64)
        .saturating_mul(d[2] as u64)
        .min(u32::MAX as u64) as u32
}

/// `text` without the NULs that end it (a PTX image's terminator, or a fatbin entry's
/// padding).
pub fn without_trailing_nuls(text: &str) -> &str {
    // The byte before a NUL ends a character, so the cut is a character boundary.
    text.get(..nul_tail_start(text.as_bytes())).unwrap_or(text)
}

/// Where the run of NULs that ends `bytes` starts (`bytes.len()` when there is none).
/// Compared a block at a time against zeros (`memcmp`), so that megabytes of padding cost
/// milliseconds, in a debug build too.
pub fn nul_tail_start(bytes: &[u8]) -> usize {
    const BLOCK: usize = 4096;
    static ZEROS: [u8; BLOCK] = [0; BLOCK];
    let mut end = bytes.len();
    while end >= BLOCK && bytes[end - BLOCK..end] == ZEROS[..] {
        end -= BLOCK;
    }
    while end > 0 && bytes[end - 1] == 0 {
        end -= 1;
    }
    end
}

/// Bytes of syntax tree any PTX text may take, on top of
/// [`Limits::ptx_tree_factor`](crate::Limits::ptx_tree_factor) per byte.
pub const PTX_TREE_ALLOWANCE: u64 = 1 << 20;

/// Parses PTX text into a module, its syntax tree bounded by
/// [`Limits::ptx_tree_factor`](crate::Limits::ptx_tree_factor).
pub fn parse(text: &str) -> Result<Module> {
    parse_keeping(text, parser::Keep::Everything)
}

/// [`parse`], keeping only the module-scope declarations (functions without their bodies,
/// variables without their initialisers' contents): what the PTX linker reads, in the
/// memory of one function's tree.
pub fn parse_declarations(text: &str) -> Result<Module> {
    parse_keeping(text, parser::Keep::Declarations)
}

fn parse_keeping(text: &str, keep: parser::Keep) -> Result<Module> {
    let factor = crate::limits::limits().ptx_tree_factor;
    let bound = (text.len() as u64)
        .saturating_mul(factor)
        .saturating_add(PTX_TREE_ALLOWANCE);
    parser::parse_keeping(text, bound, keep).map_err(|f| match f {
        parser::Failure::Syntax(e) => e.into(),
        parser::Failure::TreeTooLarge { bytes, at } => crate::limits::exceeded(
            format!(
                "the syntax tree of {} bytes of PTX (stopped at line {}, column {})",
                text.len(),
                at.pos.line,
                at.pos.col
            ),
            bytes,
            "ptx_tree_factor",
            bound,
        ),
    })
}

/// The bits of a float literal as an f32 (`single`) or f64 value.
pub fn float_bits(f: FloatLit, single: bool) -> u64 {
    match (f, single) {
        (FloatLit::F32Bits(b), true) => b as u64,
        (FloatLit::F32Bits(b), false) => (f32::from_bits(b) as f64).to_bits(),
        (FloatLit::F64Bits(b), true) => (f64::from_bits(b) as f32).to_bits() as u64,
        (FloatLit::F64Bits(b), false) => b,
        (FloatLit::Decimal(d), true) => (d as f32).to_bits() as u64,
        (FloatLit::Decimal(d), false) => d.to_bits(),
    }
}

/// Encodes a variable's initialiser as its `size` bytes (zeros where it gives none);
/// `None` when it holds addresses, known only once the symbols are placed. The zeros are
/// allocated zeroed and not written, so a large variable with a short initialiser touches
/// only the pages its initialiser fills.
pub fn init_bytes(v: &VarDecl, size: u64) -> Option<Vec<u8>> {
    init_bytes_with(v, size, &|_| None)
}

/// Initial bytes of a variable, with symbol addresses from `address_of` (`None` when an
/// address cannot be resolved).
pub fn init_bytes_with(
    v: &VarDecl,
    size: u64,
    address_of: &dyn Fn(&str) -> Option<u64>,
) -> Option<Vec<u8>> {
    let elem = (ast::type_size(&v.ty).unwrap_or(1) as usize).min(8);
    let mut out = vec![0u8; size as usize];
    let float = v.ty.starts_with(".f");
    // Writes the elements of `i` from element `at` on; returns the element after them.
    fn fill(
        i: &InitValue,
        at: usize,
        out: &mut [u8],
        elem: usize,
        float: bool,
        address_of: &dyn Fn(&str) -> Option<u64>,
    ) -> Option<usize> {
        let bits: u64 = match i {
            InitValue::List(items) => {
                return items
                    .iter()
                    .try_fold(at, |at, x| fill(x, at, out, elem, float, address_of))
            }
            InitValue::Zeros(n) => {
                return Some(at.saturating_add(usize::try_from(*n).unwrap_or(usize::MAX)))
            }
            InitValue::Int(x) if float && elem == 4 => (*x as f32).to_bits() as u64,
            InitValue::Int(x) if float => (*x as f64).to_bits(),
            InitValue::Int(x) => *x as u64,
            InitValue::Float(f) => float_bits(*f, elem == 4),
            InitValue::Address(name, offset) => address_of(name)?.wrapping_add_signed(*offset),
        };
        // Zero is already there: leave the page untouched.
        if bits != 0 {
            let start = at.saturating_mul(elem);
            if let Some(slot) = out.get_mut(start..start.saturating_add(elem)) {
                slot.copy_from_slice(&bits.to_le_bytes()[..elem]);
            }
        }
        Some(at.saturating_add(1))
    }
    if let Some(init) = &v.init {
        fill(init, 0, &mut out, elem, float, address_of)?;
    }
    Some(out)
}

/// Names an instruction operand mentions (registers, symbols, functions), added to `out`.
pub fn names<'a>(op: &'a Operand, out: &mut Vec<&'a str>) {
    match op {
        Operand::Name(n) => out.push(n),
        Operand::Addr { base, .. } => out.push(base),
        Operand::Vector(v) | Operand::List(v) => v.iter().for_each(|o| names(o, out)),
        Operand::Not(o) => names(o, out),
        Operand::Pair(a, b) => {
            names(a, out);
            names(b, out);
        }
        _ => {}
    }
}

/// Calls `f` on each statement of `body`, and of the blocks nested in it, in order.
pub fn visit<'a>(body: &'a [Statement], f: &mut impl FnMut(&'a Statement)) {
    for s in body {
        f(s);
        if let Statement::Block(inner) = s {
            visit(inner, f);
        }
    }
}

/// The functions whose address the module takes (named in a variable's initialiser, as in
/// a virtual table, or as an operand other than a call's target), each with the symbol
/// that names it (an `.alias` names its target), in the order the module defines them.
pub fn addressed_functions(m: &Module) -> Vec<(&str, &Function)> {
    fn init_names<'a>(i: &'a InitValue, out: &mut HashSet<&'a str>) {
        match i {
            InitValue::Address(name, _) => {
                out.insert(name);
            }
            InitValue::List(items) => items.iter().for_each(|x| init_names(x, out)),
            InitValue::Int(_) | InitValue::Float(_) | InitValue::Zeros(_) => {}
        }
    }
    let mut used: HashSet<&str> = HashSet::new();
    for v in &m.vars {
        if let Some(init) = &v.init {
            init_names(init, &mut used);
        }
    }
    for f in &m.functions {
        let Some(body) = &f.body else { continue };
        visit(body, &mut |s| {
            if let Statement::Instr(i) = s {
                let mut ns = Vec::new();
                // A call's target (its first plain name) is called, not an address taken.
                let target = (i.opcode == "call")
                    .then(|| {
                        i.operands
                            .iter()
                            .position(|o| matches!(o, Operand::Name(_)))
                    })
                    .flatten();
                for (k, o) in i.operands.iter().enumerate() {
                    if Some(k) != target {
                        names(o, &mut ns);
                    }
                }
                used.extend(ns.into_iter().filter(|n| !n.starts_with('%')));
            }
        });
    }
    // Each symbol once, in order: functions with a body, then aliases of them.
    let mut bodies: HashMap<&str, &Function> = HashMap::new();
    for f in m.functions.iter().filter(|f| f.body.is_some()) {
        bodies.entry(&f.name).or_insert(f);
    }
    let mut symbols: Vec<(&str, &str)> = m.functions.iter().map(|f| (&*f.name, &*f.name)).collect();
    symbols.extend(m.aliases.iter().map(|a| (&*a.name, &*a.target)));
    let mut seen: HashSet<&str> = HashSet::new();
    let mut out: Vec<(&str, &Function)> = Vec::new();
    for (name, target) in symbols {
        if let Some(def) = bodies.get(target).filter(|_| used.contains(name)) {
            if seen.insert(name) {
                out.push((name, def));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn trailing_nuls_are_cut_whatever_their_length() {
        for (text, kept) in [
            ("", ""),
            ("\0", ""),
            ("ab", "ab"),
            ("ab\0\0", "ab"),
            ("é\0", "é"),
        ] {
            assert_eq!(super::without_trailing_nuls(text), kept);
        }
        let mut big = String::from("x\0y");
        big.push_str(&"\0".repeat(10_000 * 4096 + 3));
        assert_eq!(super::without_trailing_nuls(&big), "x\0y");
    }
}
