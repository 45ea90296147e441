//! Operands and the instruction being lowered: registers (named once, numbered in order
//! of first use), sources, destinations, addresses, and [`Ins`], an instruction with its
//! modifiers normalised.

use super::opcode::Opcode;
use super::special::{constant, dynamic, is_special};
use super::{unsupported, Lowerer, CLUSTER_SPECIAL, SPECIAL};
use crate::error::{Error, Result};
use crate::image::ptx::ast::{self, Operand};
use crate::image::ptx::float_bits;
use crate::sim::engine::ir::*;
use crate::sim::engine::mem::{LOCAL_WINDOW, SHARED_WINDOW};

/// An instruction being lowered, with its modifiers normalised once: `.shared::cta` and
/// `.shared::cluster` are `.shared` (a `.shared::cluster` address names the block's own
/// shared memory or, made by `mapa`, another block's of its cluster; `exec/cluster.rs`).
pub(super) struct Ins<'i> {
    /// The instruction as parsed.
    pub i: &'i ast::Instruction,
    /// Its modifiers, without dots.
    pub mods: Vec<&'i str>,
    /// Its line in the PTX text.
    pub line: u32,
}

impl<'i> Ins<'i> {
    pub(super) fn new(i: &'i ast::Instruction, line: u32) -> Self {
        let mods = i
            .mods
            .iter()
            .map(|m| match m.as_str() {
                "shared::cta" | "shared::cluster" => "shared",
                m => m,
            })
            .collect();
        Ins { i, mods, line }
    }

    /// The operands.
    pub(super) fn o(&self) -> &'i [Operand] {
        &self.i.operands
    }

    /// Whether the instruction carries the modifier `m`.
    pub(super) fn has(&self, m: &str) -> bool {
        self.mods.contains(&m)
    }

    /// The last type among the modifiers (`ld.global.v2.f32`: `f32`).
    pub(super) fn ty(&self) -> Option<Ty> {
        self.mods.iter().rev().find_map(|m| Ty::parse(m))
    }

    /// The type, or a refusal of an instruction that names none (or names one PTX lacks,
    /// such as `.f33`: then the refusal says so and lists the types).
    pub(super) fn typed(&self) -> Result<Ty> {
        self.ty()
            .ok_or_else(|| match self.mods.iter().find(|m| not_a_ptx_type(m)) {
                Some(m) => Error::Unsupported(format!(
                    "`.{m}` in `{}` is not a PTX type; the types are {} (PTX line {})",
                    self.i.opcode,
                    TYPE_NAMES.join(", "),
                    self.line
                )),
                None => unsupported(self.line, format!("`{}` without a type", self.i.opcode)),
            })
    }

    /// Every type among the modifiers, in order (`cvt.f32.s32`: `f32`, `s32`).
    pub(super) fn types(&self) -> Vec<Ty> {
        self.mods.iter().filter_map(|m| Ty::parse(m)).collect()
    }

    /// The state space the modifiers name (generic when none).
    pub(super) fn space(&self) -> MemSpace {
        pick(
            &self.mods,
            &[
                ("global", MemSpace::Global),
                ("shared", MemSpace::Shared),
                ("local", MemSpace::Local),
                ("const", MemSpace::Const),
                ("param", MemSpace::Param),
            ],
        )
        .unwrap_or(MemSpace::Generic)
    }

    /// A refusal unless the instruction has at least `n` operands.
    pub(super) fn need(&self, n: usize) -> Result<()> {
        let o = self.o();
        if o.len() < n {
            Err(unsupported(
                self.line,
                format!("`{}` with {} operands", self.i.opcode, o.len()),
            ))
        } else {
            Ok(())
        }
    }

    /// The refusal of this instruction as a whole.
    pub(super) fn refused(&self) -> Error {
        unsupported(self.line, format!("`{}`", self.i.opcode))
    }
}

impl Lowerer<'_> {
    /// Whether `name` is a register: `%`-names (but the special registers that are
    /// immediates, [`constant`]), and names a `.reg` declaration introduced (inline assembly
    /// declares `.reg .pred p;` in a block of its own). Undeclared `%`-names were refused
    /// before (`Lowerer::check_names`).
    pub(super) fn is_reg(&self, name: &str) -> bool {
        (name.starts_with('%') && constant(name).is_none())
            || self.regs.contains_key(&format!("{}{name}", self.prefix))
    }

    pub(super) fn reg(&mut self, name: &str) -> u32 {
        let cluster = CLUSTER_SPECIAL.iter().position(|s| *s == name);
        let key = if SPECIAL.contains(&name) || cluster.is_some() || dynamic(name).is_some() {
            name.to_string()
        } else {
            format!("{}{name}", self.prefix)
        };
        let next = self.regs.len() as u32;
        let r = *self.regs.entry(key).or_insert(next);
        if let Some(k) = cluster.filter(|_| r == next) {
            self.cluster_regs.push((k as u8, r));
        }
        r
    }

    pub(super) fn symbol(&self, name: &str) -> Option<(MemSpace, u64)> {
        self.symbols
            .get(&format!("{}{name}", self.prefix))
            .or_else(|| self.symbols.get(name))
            .or_else(|| self.module_symbols.get(name))
            .copied()
    }

    /// The register holding a call-sequence `.param` variable, if `name` is one.
    pub(super) fn param_reg(&self, name: &str) -> Option<u32> {
        self.param_regs
            .get(&format!("{}{name}", self.prefix))
            .copied()
    }

    /// Registers (or immediates) of a vector operand such as `{%r1, %r2}` (a lone
    /// register counts as a vector of one).
    pub(super) fn vector_srcs(&mut self, o: &Operand, ty: Ty, line: u32) -> Result<Vec<Src>> {
        match o {
            Operand::Vector(v) => v.iter().map(|x| self.src(x, ty, line)).collect(),
            x => Ok(vec![self.src(x, ty, line)?]),
        }
    }

    pub(super) fn vector_dsts(&mut self, o: &Operand, line: u32) -> Result<Vec<u32>> {
        match o {
            Operand::Vector(v) => v.iter().map(|x| self.dst(x, line)).collect(),
            x => Ok(vec![self.dst(x, line)?]),
        }
    }

    pub(super) fn dst(&mut self, op: &Operand, line: u32) -> Result<u32> {
        match op {
            // The simulator sets these once per warp, as the hardware does: never written.
            Operand::Name(n) if is_special(n) => Err(unsupported(
                line,
                format!("writing the read-only special register {n}"),
            )),
            Operand::Name(n) if self.is_reg(n) => Ok(self.reg(n)),
            Operand::Sink => Ok(self.reg("%_sink")),
            other => Err(unsupported(line, format!("the destination {other:?}"))),
        }
    }

    /// The destinations of `d|p` (either may be `_`), or of a lone `d`.
    pub(super) fn dst_pair(
        &mut self,
        op: &Operand,
        line: u32,
    ) -> Result<(Option<u32>, Option<u32>)> {
        let mut one = |o: &Operand| -> Result<Option<u32>> {
            match o {
                Operand::Sink => Ok(None),
                o => self.dst(o, line).map(Some),
            }
        };
        match op {
            Operand::Pair(d, p) => Ok((one(d)?, one(p)?)),
            d => Ok((one(d)?, None)),
        }
    }

    pub(super) fn src(&mut self, op: &Operand, ty: Ty, line: u32) -> Result<Src> {
        if matches!(op, Operand::Name(n) if n == "%envreg1" || n == "%envreg2") {
            self.envreg = true;
        }
        // A special register the simulated device fixes (`%pm0`, `%current_graph_exec`).
        if let Some(v) = match op {
            Operand::Name(n) => constant(n),
            _ => None,
        } {
            return Ok(Src::Imm(v));
        }
        Ok(match op {
            Operand::Name(n) if self.is_reg(n) => Src::Reg(self.reg(n)),
            // The one built-in constant.
            Operand::Name(n) if n == "WARP_SZ" => Src::Imm(32),
            Operand::Name(n) => match self.symbol(n) {
                Some((_, addr)) => Src::Imm(addr),
                None => return Err(unsupported(line, format!("the symbol `{n}`"))),
            },
            Operand::Int(v) => Src::Imm(match ty {
                Ty::F32 => (*v as f32).to_bits() as u64,
                Ty::F64 => (*v as f64).to_bits(),
                _ => *v as u64,
            }),
            Operand::Float(f) => Src::Imm(float_bits(*f, ty != Ty::F64)),
            Operand::Addr { base, offset } if !self.is_reg(base) => match self.symbol(base) {
                Some((_, addr)) => Src::Imm(addr.wrapping_add(*offset as u64)),
                None => return Err(unsupported(line, format!("the symbol `{base}`"))),
            },
            other => return Err(unsupported(line, format!("the operand {other:?}"))),
        })
    }

    pub(super) fn addr(&mut self, op: &Operand, space: MemSpace, line: u32) -> Result<Addr> {
        let Operand::Addr { base, offset } = op else {
            return Err(unsupported(line, format!("the address {op:?}")));
        };
        if base.is_empty() {
            return Ok(Addr {
                space,
                base: Src::Imm(0),
                offset: *offset,
            });
        }
        if self.is_reg(base) {
            return Ok(Addr {
                space,
                base: Src::Reg(self.reg(base)),
                offset: *offset,
            });
        }
        let Some((sym_space, at)) = self.symbol(base) else {
            return Err(unsupported(line, format!("the symbol `{base}`")));
        };
        // A symbol in a generic access: use its generic address.
        let (space, at) = match (space, sym_space) {
            (MemSpace::Generic, MemSpace::Shared) => (MemSpace::Generic, at + SHARED_WINDOW),
            (MemSpace::Generic, MemSpace::Local) => (MemSpace::Generic, at + LOCAL_WINDOW),
            (MemSpace::Generic, MemSpace::Global) => (MemSpace::Generic, at),
            // A call parameter held in local memory.
            (MemSpace::Param, MemSpace::Local) => (MemSpace::Local, at),
            (s, _) => (s, at),
        };
        Ok(Addr {
            space,
            base: Src::Imm(at),
            offset: *offset,
        })
    }

    /// The register behind the `.param` address of an `ld.param`/`st.param`, when the
    /// address names a call-sequence or inlined-function parameter at offset 0.
    pub(super) fn param_operand(&self, opcode: Opcode, i: &ast::Instruction) -> Option<u32> {
        let addr = if opcode == Opcode::Ld {
            i.operands.get(1)
        } else {
            i.operands.first()
        };
        match addr {
            Some(Operand::Addr { base, offset: 0 }) => self.param_reg(base),
            _ => None,
        }
    }
}

/// The value of the first modifier in `table` that the instruction carries.
pub(super) fn pick<T: Copy>(mods: &[&str], table: &[(&str, T)]) -> Option<T> {
    table
        .iter()
        .find(|(m, _)| mods.contains(m))
        .map(|&(_, v)| v)
}

/// The types `Ty::parse` knows, as a refusal lists them.
const TYPE_NAMES: [&str; 17] = [
    ".pred", ".b8", ".b16", ".b32", ".b64", ".u8", ".u16", ".u32", ".u64", ".s8", ".s16", ".s32",
    ".s64", ".f16", ".bf16", ".f32", ".f64",
];

/// Whether a modifier is spelled like a type (`f33`, `u31`: a letter of `b`, `f`, `s`, `u`
/// and a number) but is none of PTX's, whether or not the simulator runs it (`b128`, `f16x2`).
fn not_a_ptx_type(m: &str) -> bool {
    const PTX_TYPES: [&str; 16] = [
        "b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64",
        "f16", "f32", "f64",
    ];
    let spelled_like_one = m.len() > 1
        && m.starts_with(['b', 'f', 's', 'u'])
        && m[1..].bytes().all(|c| c.is_ascii_digit());
    spelled_like_one && !PTX_TYPES.contains(&m)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower, op, r, refusal};
    use crate::sim::engine::ir::*;

    #[test]
    fn a_register_keeps_its_number_across_instructions() {
        let code = lower("mov.u32 %r1, 1;\nmov.u32 %r2, %r1;\nmov.u32 %r1, %r2;").unwrap();
        let regs: Vec<(u32, Src)> = code
            .iter()
            .map(|i| match i.op {
                Op::Mov(Mov { d, a }) => (d, a),
                ref other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(
            regs,
            [
                (r(0), Src::Imm(1)),
                (r(1), Src::Reg(r(0))),
                (r(0), Src::Reg(r(1)))
            ]
        );
    }

    #[test]
    fn a_sink_and_the_warp_size_are_operands_too() {
        let Op::Mov(Mov { a, .. }) = op("mov.u32 %r1, WARP_SZ;") else {
            panic!()
        };
        assert_eq!(a, Src::Imm(32));
        assert!(matches!(
            op("shfl.sync.idx.b32 _, %r1, 0, 31, -1;"),
            Op::Shfl(_)
        ));
    }

    #[test]
    fn a_float_immediate_is_rounded_to_the_instruction_s_width() {
        let Op::Mov(Mov { a, .. }) = op("mov.f32 %f1, 0f3F800000;") else {
            panic!()
        };
        assert_eq!(a, Src::Imm(1.0f32.to_bits() as u64));
        let Op::Mov(Mov { a, .. }) = op("mov.f64 %fd1, 0d3FF0000000000000;") else {
            panic!()
        };
        assert_eq!(a, Src::Imm(1.0f64.to_bits()));
    }

    #[test]
    fn a_destination_must_be_a_register() {
        assert!(refusal("mov.u32 5, %r1;").contains("the destination Int(5)"));
        assert!(refusal("add.s32 %r1, [%rd1], 1;").contains("the operand"));
    }
}
