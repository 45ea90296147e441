//! PTX emission, in one place: a function's registers, labels, local-memory frame and
//! instruction text ([`FnBuilder`]), the spelling of immediates, and the module's text
//! (header, globals, the math library's functions, entries) ([`Module`]).

use crate::sema::Op;
use crate::types::RegClass;
use std::collections::HashMap;
use std::fmt::Write as _;

/// Most instructions one function may hold (a loop in a template instantiated without end
/// stops here).
pub const MAX_INSTRUCTIONS: usize = 2_000_000;

/// A function being written.
#[derive(Debug, Default)]
pub struct FnBuilder {
    lines: Vec<String>,
    /// Products and the additions that may fuse them.
    pub contraction: crate::contract::Contraction,
    counts: [u32; 6],
    labels: u32,
    /// The basic block instructions go into now (a new one at every label): a product is
    /// fused into an `fma` only within the block it was computed in, as LLVM's instruction
    /// selection does.
    pub block: u32,
    local_size: u64,
    local_align: u64,
    instructions: usize,
    /// Function index, for unique label and depot names.
    pub index: usize,
    /// Variable registers holding a known constant here.
    pub known: Known,
}

/// Which variable registers hold a known constant at the instruction being written, as
/// NVVM's constant propagation knows it: a constant stored into a variable is known until
/// the variable is written again, and where paths meet (a label) only what every path
/// reaching it knows alike stays known. A label nothing jumped to before it is placed (a
/// loop's head, which the loop jumps back to later) starts with nothing known.
#[derive(Debug)]
pub struct Known {
    now: HashMap<String, Op>,
    /// What the jumps written so far to each label not yet placed know.
    incoming: HashMap<String, HashMap<String, Op>>,
    /// Whether the code being written can be reached by falling through.
    reachable: bool,
}

impl Default for Known {
    fn default() -> Self {
        Known {
            now: HashMap::new(),
            incoming: HashMap::new(),
            reachable: true,
        }
    }
}

impl Known {
    /// The constant register `reg` holds, if known.
    pub fn value(&self, reg: &str) -> Option<Op> {
        self.now.get(reg).cloned()
    }

    /// Records a write of `value` (a constant) or of something unknown (`None`) to `reg`.
    pub fn set(&mut self, reg: &str, value: Option<Op>) {
        match value {
            Some(op) => {
                self.now.insert(reg.to_string(), op);
            }
            None => {
                self.now.remove(reg);
            }
        }
    }

    /// Forgets everything (at a label a later jump may reach).
    pub fn forget(&mut self) {
        self.now.clear();
    }

    /// A jump to `label` from here.
    fn jump(&mut self, label: &str, unconditional: bool) {
        let now = &self.now;
        self.incoming
            .entry(label.to_string())
            .and_modify(|m| m.retain(|r, v| now.get(r) == Some(v)))
            .or_insert_with(|| now.clone());
        if unconditional {
            self.reachable = false;
        }
    }

    /// `label` placed here.
    fn place(&mut self, label: &str) {
        match self.incoming.remove(label) {
            None => self.now.clear(),
            Some(mut m) => {
                if self.reachable {
                    let now = &self.now;
                    m.retain(|r, v| now.get(r) == Some(v));
                }
                self.now = m;
            }
        }
        self.reachable = true;
    }
}

fn class_index(c: RegClass) -> usize {
    match c {
        RegClass::Pred => 0,
        RegClass::B32 => 1,
        RegClass::B64 => 2,
        RegClass::F32 => 3,
        RegClass::F64 => 4,
        RegClass::B16 => 5,
    }
}

impl FnBuilder {
    /// A builder for the `index`th function of the module.
    pub fn new(index: usize) -> Self {
        FnBuilder {
            index,
            local_align: 1,
            ..FnBuilder::default()
        }
    }

    /// A fresh register of class `c`.
    pub fn reg(&mut self, c: RegClass) -> String {
        let i = class_index(c);
        self.counts[i] += 1;
        format!("{}{}", c.prefix().0, self.counts[i])
    }

    /// Appends one instruction (without the `;`).
    pub fn ins(&mut self, text: &str) {
        self.instructions += 1;
        self.lines.push(format!("\t{text};"));
    }

    /// Appends a block of text as is (a call sequence in braces).
    pub fn raw(&mut self, text: &str) {
        self.instructions += 1;
        self.lines.push(text.to_string());
    }

    /// Makes the product in register `reg` an explicitly rounded `mul.rn`, which no later
    /// stage (ptxas, the simulator) contracts: for values crossing a call NVRTC keeps.
    pub fn seal(&mut self, reg: &str) {
        let Some(m) = self.contraction.muls.get(reg) else {
            return;
        };
        if let Some(l) = self.lines.get_mut(m.line) {
            if l.starts_with("\tmul.") && !l.starts_with("\tmul.rn") {
                *l = l.replacen("\tmul.", "\tmul.rn.", 1);
            }
        }
    }

    /// Index the next instruction will have.
    pub fn next_line(&self) -> usize {
        self.lines.len()
    }

    /// Whether the function has grown past [`MAX_INSTRUCTIONS`].
    pub fn too_big(&self) -> bool {
        self.instructions > MAX_INSTRUCTIONS
    }

    /// A new label name (not yet placed).
    pub fn label(&mut self) -> String {
        self.labels += 1;
        format!("$L__BB{}_{}", self.index, self.labels)
    }

    /// Places a label here; a new basic block starts.
    pub fn place(&mut self, label: &str) {
        self.lines.push(format!("{label}:"));
        self.block += 1;
        self.known.place(label);
    }

    /// Ends the current basic block after a branch.
    pub fn branch(&mut self, label: &str) {
        self.ins(&format!("bra.uni \t{label}"));
        self.block += 1;
        self.known.jump(label, true);
    }

    /// A conditional branch: to `label` when `pred` is true (or false, with `negate`).
    pub fn branch_if(&mut self, pred: &str, negate: bool, label: &str) {
        let bang = if negate { "!" } else { "" };
        self.ins(&format!("@{bang}{pred} bra \t{label}"));
        self.block += 1;
        self.known.jump(label, false);
    }

    /// Reserves `size` bytes of the local-memory frame; returns their offset from `%SP`.
    pub fn alloc_local(&mut self, size: u64, align: u64) -> u64 {
        let align = align.max(1);
        self.local_align = self.local_align.max(align);
        let off = self.local_size.div_ceil(align).saturating_mul(align);
        self.local_size = off.saturating_add(size.max(1));
        off
    }

    /// The function's text: `head` (`.visible .entry name(...)` and directives), the
    /// register declarations, the frame, the body.
    pub fn finish(mut self, head: &str) -> String {
        self.contraction.apply(&mut self.lines);
        crate::contract::fold_copies(&mut self.lines);
        let mut s = String::with_capacity(self.lines.len() * 32 + 512);
        s.push_str(head);
        s.push_str("{\n");
        if self.local_size > 0 {
            let _ = writeln!(
                s,
                "\t.local .align {} .b8 \t__local_depot{}[{}];",
                self.local_align, self.index, self.local_size
            );
            s.push_str("\t.reg .b64 \t%SP;\n\t.reg .b64 \t%SPL;\n");
        }
        for c in [
            RegClass::Pred,
            RegClass::B16,
            RegClass::B32,
            RegClass::B64,
            RegClass::F32,
            RegClass::F64,
        ] {
            let n = self.counts[class_index(c)];
            if n > 0 {
                let (p, t) = c.prefix();
                let _ = writeln!(s, "\t.reg {t} \t{p}<{}>;", n + 1);
            }
        }
        s.push('\n');
        if self.local_size > 0 {
            let _ = writeln!(s, "\tmov.u64 \t%SPL, __local_depot{};", self.index);
            s.push_str("\tcvta.local.u64 \t%SP, %SPL;\n");
        }
        for l in &self.lines {
            s.push_str(l);
            s.push('\n');
        }
        s.push_str("\tret;\n\n}\n");
        s
    }
}

/// A 32-bit float immediate as PTX spells it (`0f3F800000`), exact for every bit pattern.
pub fn f32_imm(v: f32) -> String {
    format!("0f{:08X}", v.to_bits())
}

/// A 64-bit float immediate (`0d3FF0000000000000`).
pub fn f64_imm(v: f64) -> String {
    format!("0d{:016X}", v.to_bits())
}

/// The PTX module being written.
#[derive(Debug, Default)]
pub struct Module {
    /// Module-scope declarations: globals, shared and constant variables, strings.
    pub globals: Vec<String>,
    /// `.extern .func` declarations (vprintf, malloc, ...), each once.
    pub externs: Vec<String>,
    /// Helper functions (the math library), each once, in the order first used.
    pub funcs: Vec<(String, String)>,
    /// Kernels.
    pub entries: Vec<String>,
}

impl Module {
    /// Adds an extern declaration once.
    pub fn extern_decl(&mut self, text: &str) {
        if !self.externs.iter().any(|e| e == text) {
            self.externs.push(text.to_string());
        }
    }

    /// The module's text for `sm_{arch}`; `debug` (`-G`) marks the target as NVRTC does
    /// (`.target sm_80, debug`: ptxas then contracts nothing, so neither does the simulator).
    pub fn text(&self, arch: u32, debug: bool) -> String {
        let mut s = String::new();
        s.push_str("//\n// Generated by cuda-library's built-in CUDA C compiler\n//\n\n");
        let marker = if debug { ", debug" } else { "" };
        let _ = writeln!(
            s,
            ".version 8.8\n.target sm_{arch}{marker}\n.address_size 64\n"
        );
        for e in &self.externs {
            s.push_str(e);
            s.push('\n');
        }
        for g in &self.globals {
            s.push_str(g);
            s.push('\n');
        }
        if !self.globals.is_empty() || !self.externs.is_empty() {
            s.push('\n');
        }
        for (_, f) in &self.funcs {
            s.push_str(f);
            s.push('\n');
        }
        for e in &self.entries {
            s.push_str(e);
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn immediates_are_exact_bits() {
        assert_eq!(f32_imm(1.0), "0f3F800000");
        assert_eq!(f32_imm(-0.0), "0f80000000");
        assert_eq!(f64_imm(1.0), "0d3FF0000000000000");
    }

    #[test]
    fn frame_offsets_respect_alignment() {
        let mut f = FnBuilder::new(0);
        assert_eq!(f.alloc_local(4, 4), 0);
        assert_eq!(f.alloc_local(16, 16), 16);
        let r = f.reg(RegClass::F32);
        assert_eq!(r, "%f1");
        let t = f.finish(".visible .entry k()\n");
        assert!(t.contains(".local .align 16 .b8 \t__local_depot0[32];"));
        assert!(t.contains(".reg .f32 \t%f<2>;"));
    }

    #[test]
    fn constants_stay_known_only_where_every_path_agrees() {
        let mut f = FnBuilder::new(0);
        f.known.set("%r1", Some(Op::Int(1)));
        f.known.set("%r2", Some(Op::Int(2)));
        // if (c) { r1 = 5; } : the merge knows r2 only.
        let end = f.label();
        f.branch_if("%p1", true, &end);
        f.known.set("%r1", Some(Op::Int(5)));
        assert_eq!(f.known.value("%r1"), Some(Op::Int(5)));
        f.place(&end);
        assert_eq!(f.known.value("%r1"), None);
        assert_eq!(f.known.value("%r2"), Some(Op::Int(2)));
        // if (c) { r2 = 3; } else { r2 = 3; }: both paths agree.
        let (else_l, join) = (f.label(), f.label());
        f.branch_if("%p1", true, &else_l);
        f.known.set("%r2", Some(Op::Int(3)));
        f.branch(&join);
        f.place(&else_l);
        // The else branch starts from what the jump knew.
        assert_eq!(f.known.value("%r2"), Some(Op::Int(2)));
        f.known.set("%r2", Some(Op::Int(3)));
        f.place(&join);
        assert_eq!(f.known.value("%r2"), Some(Op::Int(3)));
        // A loop's head (nothing jumped to it yet) starts with nothing known.
        let top = f.label();
        f.place(&top);
        assert_eq!(f.known.value("%r2"), None);
        // A write of something unknown forgets.
        f.known.set("%r3", Some(Op::F32(1.5)));
        f.known.set("%r3", None);
        assert_eq!(f.known.value("%r3"), None);
    }
}
