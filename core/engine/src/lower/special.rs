//! Special registers and the names a kernel may use as registers.
//!
//! PTX predefines the special registers of its ISA (chapter 10, "Special Registers"); every
//! other `%name` an instruction uses must be declared (`.reg`). The simulator reads a special
//! register in one of three ways:
//!
//! - from a fixed register slot every warp fills at launch ([`SPECIAL`](super::SPECIAL):
//!   `%tid`, `%laneid`, `%lanemask_*`, `%nsmid`, ...) or at a block's start
//!   ([`CLUSTER_SPECIAL`](super::CLUSTER_SPECIAL));
//! - as an immediate, for what the simulated device fixes once and for all ([`constant`]:
//!   `%current_graph_exec`, `%pm0`, `%envreg0`, ...);
//! - through an instruction of its own, [`Op::Special`](crate::sim::engine::ir::Op), placed
//!   before the instruction that names it, for what depends on the block, the launch or the
//!   moment of the read ([`dynamic`]: `%clock64`, `%smid`, `%dynamic_smem_size`, ...).
//!
//! A `%name` that is none of these and that no `.reg` declares is refused with its name and
//! line (ptxas refuses it too); before, it read as a register nobody wrote, 0.

use super::{Lowerer, CLUSTER_SPECIAL, SPECIAL};
use crate::error::{Error, Result};
use crate::image::ptx::ast::{self, Operand};
use crate::sim::engine::ir::*;

/// The value of a special register that is the same in every launch on the simulated
/// device, if `name` is one: what the simulator has no counterpart of reads 0.
///
/// - `%pm0`..`%pm7`, `%pm0_64`..`%pm7_64`: performance-monitor counters, whose behaviour the
///   ISA leaves undefined; the simulator programs none.
/// - `%envreg0`..`%envreg31` but `%envreg1`/`%envreg2` (cooperative groups' grid-sync
///   workspace, a slot of their own): driver-defined; the simulator's driver defines no
///   other.
/// - `%current_graph_exec`: 0 outside a device graph, and the simulator launches none.
pub(super) fn constant(name: &str) -> Option<u64> {
    if name == "%current_graph_exec" {
        return Some(0);
    }
    if let Some(n) = name.strip_prefix("%pm") {
        let n = n.strip_suffix("_64").unwrap_or(n);
        return index_below(n, 8).map(|_| 0);
    }
    let n = name.strip_prefix("%envreg")?;
    match index_below(n, 32)? {
        1 | 2 => None,
        _ => Some(0),
    }
}

/// The special register `name` names, if it is one the simulator reads at run time
/// ([`SpecialReg`]).
pub(super) fn dynamic(name: &str) -> Option<SpecialReg> {
    Some(match name {
        "%clock" => SpecialReg::Clock,
        "%clock_hi" => SpecialReg::ClockHi,
        "%clock64" => SpecialReg::Clock64,
        "%globaltimer" => SpecialReg::GlobalTimer,
        "%globaltimer_lo" => SpecialReg::GlobalTimerLo,
        "%globaltimer_hi" => SpecialReg::GlobalTimerHi,
        "%smid" => SpecialReg::SmId,
        "%gridid" => SpecialReg::GridId,
        "%dynamic_smem_size" => SpecialReg::DynamicSmemSize,
        "%total_smem_size" => SpecialReg::TotalSmemSize,
        "%aggr_smem_size" => SpecialReg::AggrSmemSize,
        "%reserved_smem_offset_begin" => SpecialReg::ReservedSmemBegin,
        "%reserved_smem_offset_end" => SpecialReg::ReservedSmemEnd,
        "%reserved_smem_offset_cap" => SpecialReg::ReservedSmemCap,
        "%reserved_smem_offset_0" => SpecialReg::ReservedSmemOffset(0),
        "%reserved_smem_offset_1" => SpecialReg::ReservedSmemOffset(1),
        _ => return None,
    })
}

/// Whether `name` is a special register the simulator reads (any of the three ways).
pub(super) fn is_special(name: &str) -> bool {
    SPECIAL.contains(&name)
        || CLUSTER_SPECIAL.contains(&name)
        || constant(name).is_some()
        || dynamic(name).is_some()
}

/// Why the simulator refuses `name`, a special register of PTX it does not read: the
/// whole vectors (`%tid` rather than `%tid.x`), and those of later targets than sm_90.
fn not_read(name: &str) -> Option<String> {
    const VECTORS: [&str; 8] = [
        "%tid",
        "%ntid",
        "%ctaid",
        "%nctaid",
        "%clusterid",
        "%nclusterid",
        "%cluster_ctaid",
        "%cluster_nctaid",
    ];
    if VECTORS.contains(&name) {
        return Some(format!(
            "the special register {name} as a whole vector (name a component: {name}.x, \
             {name}.y or {name}.z)"
        ));
    }
    if matches!(name, "%perctamemoryoffset" | "%perctamemorysize") {
        return Some(format!(
            "the special register {name} (sm_100 and later; the simulator is an sm_90)"
        ));
    }
    None
}

/// `digits` as a number below `n`, written as PTX writes a register's number (no leading
/// zero but in `0` itself).
fn index_below(digits: &str, n: u32) -> Option<u32> {
    let canonical = !digits.is_empty()
        && digits.bytes().all(|c| c.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    let k: u32 = digits.parse().ok().filter(|_| canonical)?;
    (k < n).then_some(k)
}

/// The `%`-names an instruction uses: its guard and every register in its operands.
fn percent_names(i: &ast::Instruction) -> Vec<&str> {
    fn walk<'a>(o: &'a Operand, out: &mut Vec<&'a str>) {
        match o {
            Operand::Name(n) => out.push(n),
            Operand::Addr { base, .. } => out.push(base),
            Operand::Vector(v) | Operand::List(v) => v.iter().for_each(|x| walk(x, out)),
            Operand::Not(x) => walk(x, out),
            Operand::Pair(a, b) => {
                walk(a, out);
                walk(b, out);
            }
            Operand::Int(_) | Operand::Float(_) | Operand::Sink => {}
        }
    }
    let mut out: Vec<&str> = i.guard.iter().map(|(_, p)| p.as_str()).collect();
    i.operands.iter().for_each(|o| walk(o, &mut out));
    out.retain(|n| n.starts_with('%'));
    out
}

impl Lowerer<'_> {
    /// Records the registers a `.reg` declaration of the function being lowered names
    /// (`%r<16>`: `%r0` to `%r15`).
    pub(super) fn declare(&mut self, v: &ast::VarDecl) {
        let key = format!("{}{}", self.prefix, v.name);
        match v.count {
            Some(n) => {
                let most = self.declared_ranges.entry(key).or_insert(0);
                *most = (*most).max(n);
            }
            None => {
                self.declared.insert(key);
            }
        }
    }

    /// Whether `name` is a register the function being lowered declared, a parameter of
    /// it held in a register, or a variable.
    fn declared(&self, name: &str) -> bool {
        let key = format!("{}{name}", self.prefix);
        if self.declared.contains(&key) || self.declared.contains(name) {
            return true;
        }
        let numbered = |k: &str| {
            let digits = k.len() - k.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            let (base, n) = k.split_at(k.len() - digits);
            self.declared_ranges
                .get(base)
                .is_some_and(|&count| index_below(n, count).is_some())
        };
        numbered(&key)
            || numbered(name)
            || self.param_reg(name).is_some()
            || self.symbol(name).is_some()
    }

    /// Refuses an instruction that uses a `%name` that is neither declared nor a special
    /// register the simulator reads: ptxas refuses the module, and run as a register nobody
    /// writes it would read 0.
    pub(super) fn check_names(&self, i: &ast::Instruction) -> Result<()> {
        for name in percent_names(i) {
            if is_special(name) || self.declared(name) {
                continue;
            }
            if let Some(why) = not_read(name) {
                return Err(super::unsupported(i.pos.line, why));
            }
            return Err(Error::PtxSyntax {
                line: i.pos.line,
                column: i.pos.col,
                message: format!(
                    "`{name}` in `{}` is neither a declared register nor a special register \
                     of PTX: declare it with `.reg`, or check its spelling",
                    i.opcode
                ),
            });
        }
        Ok(())
    }

    /// Emits, before instruction `i`, a read of each special register it names whose value
    /// the simulator finds at run time ([`dynamic`]), into that register's own slot, which
    /// the instruction then reads; `guard` is the instruction's. Returns how many it
    /// emitted.
    pub(super) fn read_specials(
        &mut self,
        i: &ast::Instruction,
        guard: Option<(u32, bool)>,
        text: &str,
    ) -> usize {
        let mut seen: Vec<SpecialReg> = Vec::new();
        for name in percent_names(i) {
            let Some(reg) = dynamic(name).filter(|r| !seen.contains(r)) else {
                continue;
            };
            seen.push(reg);
            let d = self.reg(name);
            self.code.push(Instr {
                guard,
                op: Op::Special(Special { reg, d }),
                line: i.pos.line,
                text: format!("{text} (read {name})"),
            });
        }
        seen.len()
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower, lower_module, r};
    use super::*;

    #[test]
    fn every_special_register_of_the_isa_is_read_some_way() {
        let isa = [
            "%tid.x",
            "%ntid.z",
            "%laneid",
            "%warpid",
            "%nwarpid",
            "%ctaid.y",
            "%nctaid.x",
            "%smid",
            "%nsmid",
            "%gridid",
            "%is_explicit_cluster",
            "%clusterid.x",
            "%nclusterid.y",
            "%cluster_ctaid.z",
            "%cluster_nctaid.x",
            "%cluster_ctarank",
            "%cluster_nctarank",
            "%lanemask_eq",
            "%lanemask_le",
            "%lanemask_lt",
            "%lanemask_ge",
            "%lanemask_gt",
            "%clock",
            "%clock_hi",
            "%clock64",
            "%pm0",
            "%pm7",
            "%pm0_64",
            "%pm7_64",
            "%envreg0",
            "%envreg1",
            "%envreg31",
            "%globaltimer",
            "%globaltimer_lo",
            "%globaltimer_hi",
            "%reserved_smem_offset_begin",
            "%reserved_smem_offset_end",
            "%reserved_smem_offset_cap",
            "%reserved_smem_offset_0",
            "%reserved_smem_offset_1",
            "%total_smem_size",
            "%aggr_smem_size",
            "%dynamic_smem_size",
            "%current_graph_exec",
        ];
        for name in isa {
            assert!(is_special(name), "{name}");
        }
        for not_one in [
            "%pm8",
            "%pm01",
            "%envreg32",
            "%clock32",
            "%smid2",
            "%warpsize",
        ] {
            assert!(!is_special(not_one), "{not_one}");
        }
    }

    #[test]
    fn an_undeclared_register_is_refused_with_its_name_and_line() {
        let e = lower("mov.u32 %r1, 1;\nadd.u32 %r2, %r1, %rr1;").unwrap_err();
        assert!(
            e.contains("`%rr1` in `add` is neither a declared register"),
            "{e}"
        );
        assert!(e.contains("line 14"), "{e}");
        // Past the declared count (`%r<16>`: `%r0` to `%r15`), and a misspelt special.
        let e = lower("mov.u32 %r16, 1;").unwrap_err();
        assert!(e.contains("`%r16`"), "{e}");
        let e = lower("mov.u32 %r1, %smid2;").unwrap_err();
        assert!(e.contains("`%smid2`"), "{e}");
        let e = lower("@%p9 mov.u32 %r1, 1;").unwrap_err();
        assert!(e.contains("`%p9`"), "{e}");
        let e = lower("ld.global.u32 %r1, [%rd99];").unwrap_err();
        assert!(e.contains("`%rd99`"), "{e}");
        let e = lower("mov.u32 %r1, %tid;").unwrap_err();
        assert!(e.contains("as a whole vector"), "{e}");
    }

    #[test]
    fn registers_declared_anywhere_in_the_function_are_known() {
        assert!(lower("mov.u32 %r15, %r0;").is_ok());
        assert!(lower("{ .reg .b32 %t; mov.u32 %t, 1; mov.u32 %r1, %t; }").is_ok());
        // A callee's registers and parameters, in its own namespace.
        let module = ".version 8.0\n.target sm_90\n.address_size 64\n\
             .func (.param .b32 out) f(.param .b32 x)\n{\n .reg .b32 %q<3>;\n \
             ld.param.b32 %q1, [x];\n add.s32 %q2, %q1, 1;\n st.param.b32 [out], %q2;\n ret;\n}\n\
             .visible .entry k()\n{\n .reg .b32 %r<3>;\n .param .b32 a;\n .param .b32 b;\n \
             st.param.b32 [a], %r1;\n call (b), f, (a);\n ld.param.b32 %r2, [b];\n ret;\n}\n";
        assert!(lower_module(module).is_ok(), "{:?}", lower_module(module));
        // The callee's registers are not the kernel's.
        let leak = module.replace("ld.param.b32 %r2, [b];", "mov.u32 %r2, %q1;");
        let e = lower_module(&leak).unwrap_err();
        assert!(e.contains("`%q1`"), "{e}");
    }

    #[test]
    fn a_special_register_read_at_run_time_is_its_own_instruction() {
        // A `mov` of one is the read itself (into `%rd1`, numbered after the slot the
        // read would otherwise fill).
        let code = lower("mov.u64 %rd1, %clock64;").unwrap();
        assert_eq!(
            code.iter().map(|i| i.op.clone()).collect::<Vec<_>>(),
            [Op::Special(Special {
                reg: SpecialReg::Clock64,
                d: r(1)
            })]
        );
        // Another instruction reads it from the slot a read before it fills.
        let code = lower("add.u32 %r1, %smid, %smid;").unwrap();
        assert_eq!(code.len(), 2, "{code:?}");
        let Op::Special(Special { reg, d }) = code[0].op else {
            panic!("{code:?}")
        };
        assert_eq!(reg, SpecialReg::SmId);
        assert!(matches!(
            code[1].op,
            Op::Bin(Bin { a: Src::Reg(a), b: Src::Reg(b), .. }) if a == d && b == d
        ));
        // Constants of the simulated device are immediates.
        let code = lower("mov.u32 %r1, %pm3;\nmov.u64 %rd1, %current_graph_exec;").unwrap();
        assert!(code
            .iter()
            .all(|i| matches!(i.op, Op::Mov(Mov { a: Src::Imm(0), .. }))));
    }

    #[test]
    fn special_registers_cannot_be_written() {
        for line in [
            "mov.u64 %clock64, %rd1;",
            "mov.u32 %smid, 1;",
            "mov.u32 %pm0, 1;",
            "mov.u32 %nsmid, 1;",
        ] {
            let e = lower(line).unwrap_err();
            assert!(
                e.contains("writing the read-only special register"),
                "{line}: {e}"
            );
        }
    }
}
