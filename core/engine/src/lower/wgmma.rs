//! Warpgroup instructions: `wgmma.mma_async`, `wgmma.fence`, `wgmma.commit_group`,
//! `wgmma.wait_group` and `setmaxnreg`, checked against the shapes, types and operands the
//! PTX ISA defines for sm_90a; and the check that no instruction touches an accumulator of
//! a `wgmma.mma_async` still in flight.

use super::opcode::Opcode;
use super::operands::Ins;
use super::{unsupported, Lowerer};
use crate::error::{Error, Result};
use crate::image::ptx::ast::{Instruction, Operand, Statement};
use crate::sim::engine::ir::*;
use std::collections::{HashMap, HashSet, VecDeque};

impl Lowerer<'_> {
    /// Lowers an instruction of [`Family::Wgmma`](super::opcode::Family::Wgmma).
    pub(super) fn wgmma(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let op = match opcode {
            Opcode::Setmaxnreg => setmaxnreg(x)?,
            _ => match x.mods.first().copied() {
                Some("fence") => self.no_operands(x, WgmmaOp::Fence)?,
                Some("commit_group") => self.no_operands(x, WgmmaOp::Commit)?,
                Some("wait_group") => {
                    aligned(x)?;
                    match x.o() {
                        [Operand::Int(n)] => WgmmaOp::Wait(
                            u32::try_from(*n)
                                .map_err(|_| invalid(x, "the group count must be 0 or more"))?,
                        ),
                        _ => {
                            return Err(invalid(
                                x,
                                "expects one integer constant (the groups left pending)",
                            ))
                        }
                    }
                }
                Some("mma_async") if x.has("sp") => {
                    return Err(unsupported(x.line, format!("`{}` (sparse wgmma)", text(x))))
                }
                Some("mma_async") => WgmmaOp::Mma(Box::new(self.mma_async(x)?)),
                _ => return Err(unsupported(x.line, format!("`{}`", text(x)))),
            },
        };
        Ok(Op::Wgmma(Wgmma { op }))
    }

    fn no_operands(&mut self, x: &Ins, op: WgmmaOp) -> Result<WgmmaOp> {
        aligned(x)?;
        if !x.o().is_empty() {
            return Err(invalid(x, "takes no operands"));
        }
        Ok(op)
    }

    /// `wgmma.mma_async.sync.aligned.m64nNkK{.satfinite}.dtype.atype.btype{.and.popc}`.
    fn mma_async(&mut self, x: &Ins) -> Result<WgmmaMma> {
        aligned(x)?;
        let shape = x
            .mods
            .iter()
            .find_map(|m| Shape::parse(m))
            .ok_or_else(|| invalid(x, "names no shape (m64nNkK)"))?;
        let elems: Vec<Elem> = x.mods.iter().filter_map(|m| Elem::parse(m)).collect();
        let [d, a, b] = elems[..] else {
            return Err(invalid(x, "names a result and two operand types"));
        };
        let known = |m: &str| {
            matches!(
                m,
                "mma_async" | "sync" | "aligned" | "satfinite" | "and" | "popc"
            ) || Shape::parse(m).is_some()
                || Elem::parse(m).is_some()
        };
        if let Some(m) = x.mods.iter().find(|m| !known(m)) {
            return Err(invalid(
                x,
                &format!("`.{m}` is not a modifier of this instruction"),
            ));
        }
        let kind = Kind::of(d, a, b)
            .ok_or_else(|| invalid(x, "PTX defines no such combination of types for wgmma"))?;
        if shape.m != 64 || shape.k != kind.k() || !kind.allows_n(shape.n) {
            return Err(invalid(
                x,
                &format!(
                    "{} takes m64nNk{} with N {}",
                    kind.name(),
                    kind.k(),
                    if kind.is_int() {
                        "8, 16, 24 or a multiple of 16 from 32 to 256"
                    } else {
                        "a multiple of 8 from 8 to 256"
                    }
                ),
            ));
        }
        let satfinite = x.has("satfinite");
        if satfinite && !matches!(kind, Kind::Int) {
            return Err(invalid(x, "`.satfinite` is for integer wgmma only"));
        }
        let popc = x.has("and") && x.has("popc");
        if matches!(kind, Kind::Bit) != popc || (x.has("and") != x.has("popc")) {
            return Err(invalid(
                x,
                "`.b1` wgmma takes `.and.popc`, and only it does",
            ));
        }
        let o = x.o();
        let a_regs = matches!(o.get(1), Some(Operand::Vector(_)));
        // d, a, b-desc, scale-d, then the immediates the types take.
        let imms = match kind {
            Kind::Half if a_regs => 3,
            Kind::Half => 4,
            Kind::Tf32 | Kind::Fp8 => 2,
            Kind::Int | Kind::Bit => 0,
        };
        if o.len() != 4 + imms {
            return Err(invalid(
                x,
                &format!(
                    "expects {} operands (d, {}, b-desc, scale-d{}), not {}",
                    4 + imms,
                    if a_regs { "a" } else { "a-desc" },
                    match imms {
                        4 => ", imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b",
                        3 => ", imm-scale-a, imm-scale-b, imm-trans-b",
                        2 => ", imm-scale-a, imm-scale-b",
                        _ => "",
                    },
                    o.len()
                ),
            ));
        }
        let imm = |i: usize, ok: &[i128], what: &str| -> Result<i128> {
            match o.get(i) {
                Some(Operand::Int(v)) if ok.contains(v) => Ok(*v),
                _ => Err(invalid(x, &format!("{what} must be one of {ok:?}"))),
            }
        };
        let mut negate = [false; 2];
        let mut transpose = [false; 2];
        if imms >= 2 {
            negate[0] = imm(4, &[1, -1], "imm-scale-a")? == -1;
            negate[1] = imm(5, &[1, -1], "imm-scale-b")? == -1;
        }
        if imms == 4 {
            transpose[0] = imm(6, &[0, 1], "imm-trans-a")? == 1;
            transpose[1] = imm(7, &[0, 1], "imm-trans-b")? == 1;
        } else if imms == 3 {
            transpose[1] = imm(6, &[0, 1], "imm-trans-b")? == 1;
        }
        let line = x.line;
        let d_regs = self.vector_dsts(&o[0], line)?;
        // Each thread holds N / 2 accumulators, two to a register for f16.
        let want_d = if d == Elem::F16 {
            shape.n / 4
        } else {
            shape.n / 2
        };
        if d_regs.len() != want_d {
            return Err(invalid(
                x,
                &format!(
                    "m64n{} with {} accumulators takes {want_d} registers for d, not {}",
                    shape.n,
                    kind_d(d),
                    d_regs.len()
                ),
            ));
        }
        let b64 = Ty::U(8);
        let a_operand = if a_regs {
            let regs = self.vector_srcs(&o[1], Ty::U(4), line)?;
            if regs.len() != 4 {
                return Err(invalid(
                    x,
                    &format!("A from registers takes 4 registers, not {}", regs.len()),
                ));
            }
            WgmmaA::Regs(regs)
        } else {
            WgmmaA::Desc(self.src(&o[1], b64, line)?)
        };
        let b_desc = self.src(&o[2], b64, line)?;
        let scale_d = match &o[3] {
            Operand::Int(v @ (0 | 1)) => Src::Imm(*v as u64),
            Operand::Int(_) => return Err(invalid(x, "scale-d must be a predicate, 0 or 1")),
            other => self.src(other, Ty::Pred, line)?,
        };
        Ok(WgmmaMma {
            shape,
            types: MmaTypes {
                a,
                b,
                c: d,
                d,
                satfinite,
            },
            d: d_regs,
            a: a_operand,
            b_desc,
            scale_d,
            negate,
            transpose,
            popc,
            serialized: false,
        })
    }
}

/// What a wgmma multiplies: the type families the PTX ISA lists for sm_90a.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `.f16` or `.bf16` (k16; transposable).
    Half,
    /// `.tf32` (k8).
    Tf32,
    /// `.e4m3`/`.e5m2` in any pairing (k32).
    Fp8,
    /// `.s8`/`.u8` in any pairing (k32).
    Int,
    /// `.b1` (k256).
    Bit,
}

impl Kind {
    fn of(d: Elem, a: Elem, b: Elem) -> Option<Kind> {
        let fp8 = |e: Elem| matches!(e, Elem::E4M3 | Elem::E5M2);
        let int8 = |e: Elem| matches!(e, Elem::S8 | Elem::U8);
        Some(match (d, a, b) {
            (Elem::F16 | Elem::F32, Elem::F16, Elem::F16) => Kind::Half,
            (Elem::F32, Elem::BF16, Elem::BF16) => Kind::Half,
            (Elem::F32, Elem::TF32, Elem::TF32) => Kind::Tf32,
            (Elem::F16 | Elem::F32, a, b) if fp8(a) && fp8(b) => Kind::Fp8,
            (Elem::S32, a, b) if int8(a) && int8(b) => Kind::Int,
            (Elem::S32, Elem::B1, Elem::B1) => Kind::Bit,
            _ => return None,
        })
    }

    fn k(self) -> usize {
        match self {
            Kind::Half => 16,
            Kind::Tf32 => 8,
            Kind::Fp8 | Kind::Int => 32,
            Kind::Bit => 256,
        }
    }

    fn is_int(self) -> bool {
        matches!(self, Kind::Int | Kind::Bit)
    }

    fn allows_n(self, n: usize) -> bool {
        if self.is_int() {
            matches!(n, 8 | 16 | 24) || (32..=256).contains(&n) && n % 16 == 0
        } else {
            (8..=256).contains(&n) && n % 8 == 0
        }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Half => "f16/bf16 wgmma",
            Kind::Tf32 => "tf32 wgmma",
            Kind::Fp8 => "fp8 wgmma",
            Kind::Int => "integer wgmma",
            Kind::Bit => "b1 wgmma",
        }
    }
}

fn kind_d(d: Elem) -> &'static str {
    match d {
        Elem::F16 => "f16",
        Elem::S32 => "s32",
        _ => "f32",
    }
}

/// `setmaxnreg.{inc,dec}.sync.aligned.u32 count`: a multiple of 8 from 24 to 256.
fn setmaxnreg(x: &Ins) -> Result<WgmmaOp> {
    aligned(x)?;
    let inc = match (x.has("inc"), x.has("dec")) {
        (true, false) => true,
        (false, true) => false,
        _ => return Err(invalid(x, "takes one of `.inc` and `.dec`")),
    };
    if !x.has("u32") {
        return Err(invalid(x, "takes `.u32`"));
    }
    let count = match x.o() {
        [Operand::Int(n)] => *n,
        _ => {
            return Err(invalid(
                x,
                "expects one integer constant (the register count)",
            ))
        }
    };
    if !(24..=256).contains(&count) || count % 8 != 0 {
        return Err(invalid(
            x,
            &format!("the register count {count} must be a multiple of 8 from 24 to 256"),
        ));
    }
    Ok(WgmmaOp::SetMaxNReg {
        inc,
        count: count as u32,
    })
}

/// `.sync.aligned`, which every warpgroup instruction has.
fn aligned(x: &Ins) -> Result<()> {
    if x.has("sync") && x.has("aligned") {
        Ok(())
    } else {
        Err(invalid(x, "must be `.sync.aligned`"))
    }
}

/// The instruction as written.
fn text(x: &Ins) -> String {
    std::iter::once(x.i.opcode.as_str())
        .chain(x.mods.iter().copied())
        .collect::<Vec<_>>()
        .join(".")
}

/// PTX that ptxas rejects: the instruction and why.
fn invalid(x: &Ins, why: &str) -> Error {
    Error::PtxSyntax {
        line: x.line,
        column: x.i.pos.col,
        message: format!("`{}`: {why}", text(x)),
    }
}

/// The lines of the `wgmma.mma_async` whose accumulators some instruction names between
/// them and the `wgmma.wait_group` that retires their group, in program order. The PTX ISA
/// calls such an access undefined; ptxas compiles it by serializing the pipeline
/// ("wgmma.mma_async instructions are serialized", its warning), so the GPU's answer is
/// that of a `wgmma.mma_async` that completes at once, and the simulator runs these so
/// ([`WgmmaMma::serialized`]). Another `wgmma.mma_async` may name them: that chains the
/// accumulation, as the ISA allows. Code order stands in for execution order, which is what
/// compilers emit for these pipelines (a group issued in a loop and retired after it is
/// retired in code order too), and each backward branch is followed once more: what is in
/// flight when it is taken meets the loop's body again from its label, so a read placed
/// before the wgmma in the text but reached after it by the back edge is found too (it
/// would otherwise see the accumulator's old value silently).
pub(super) fn serialized<'s>(body: impl Iterator<Item = &'s Statement>) -> HashSet<u32> {
    let body: Vec<&Statement> = body.collect();
    let labels: HashMap<&str, usize> = body
        .iter()
        .enumerate()
        .filter_map(|(k, s)| match s {
            Statement::Label(name, _) => Some((name.as_str(), k)),
            _ => None,
        })
        .collect();
    let mut lines = HashSet::new();
    let mut pending = InFlight::default();
    // (label, branch, what was in flight when the branch was taken)
    let mut back_edges: Vec<(usize, usize, InFlight)> = Vec::new();
    for (k, s) in body.iter().enumerate() {
        let Statement::Instr(i) = s else { continue };
        pending.step(i, &mut lines);
        if let Some(&to) = back_target(i).and_then(|l| labels.get(l)) {
            if to <= k && !pending.owner.is_empty() {
                back_edges.push((to, k, pending.clone()));
            }
        }
    }
    for (to, from, mut again) in back_edges {
        for s in &body[to..=from] {
            if let Statement::Instr(i) = s {
                again.step(i, &mut lines);
            }
        }
    }
    lines
}

/// The label a `bra` names, if `i` is one.
fn back_target(i: &Instruction) -> Option<&str> {
    match (i.opcode.as_str(), i.operands.first()) {
        ("bra", Some(Operand::Name(label))) => Some(label),
        _ => None,
    }
}

/// The `wgmma.mma_async` accumulators in flight at a point of the program.
#[derive(Clone, Default)]
struct InFlight {
    /// Accumulator name -> line of the wgmma.mma_async that writes it.
    owner: HashMap<String, u32>,
    /// The names of the group not yet committed.
    open: Vec<String>,
    /// Committed groups as lists of names, oldest first.
    groups: VecDeque<Vec<String>>,
}

impl InFlight {
    /// Takes instruction `i`, adding to `lines` the wgmma whose accumulators it names
    /// while they are in flight.
    fn step(&mut self, i: &Instruction, lines: &mut HashSet<u32>) {
        let first = i.mods.first().map(String::as_str);
        if i.opcode == "wgmma" {
            match first {
                Some("mma_async") => {
                    // Its other operands (A's registers) are not to be pending accumulators.
                    for o in i.operands.iter().skip(1) {
                        touched(o, &self.owner, lines);
                    }
                    if let Some(Operand::Vector(d)) = i.operands.first() {
                        for r in d {
                            if let Operand::Name(n) = r {
                                self.owner.insert(n.clone(), i.pos.line);
                                self.open.push(n.clone());
                            }
                        }
                    }
                }
                Some("commit_group") if !self.open.is_empty() => {
                    self.groups.push_back(std::mem::take(&mut self.open));
                }
                Some("wait_group") => {
                    let keep = match i.operands.first() {
                        Some(Operand::Int(n)) => usize::try_from(*n).unwrap_or(usize::MAX),
                        _ => 0,
                    };
                    while self.groups.len() > keep {
                        for n in self.groups.pop_front().unwrap_or_default() {
                            // Still pending in a later group or the open one: keep it.
                            let later = self
                                .groups
                                .iter()
                                .flatten()
                                .chain(&self.open)
                                .any(|m| *m == n);
                            if !later {
                                self.owner.remove(&n);
                            }
                        }
                    }
                }
                _ => {}
            }
            return;
        }
        if self.owner.is_empty() {
            return;
        }
        if let Some((_, p)) = &i.guard {
            touched(&Operand::Name(p.clone()), &self.owner, lines);
        }
        for o in &i.operands {
            touched(o, &self.owner, lines);
        }
    }
}

/// Marks the `wgmma.mma_async` of `code` at `lines` [`WgmmaMma::serialized`].
pub(super) fn mark_serialized(code: &mut [Instr], lines: &HashSet<u32>) {
    if lines.is_empty() {
        return;
    }
    for ins in code {
        if let Op::Wgmma(Wgmma {
            op: WgmmaOp::Mma(m),
        }) = &mut ins.op
        {
            m.serialized |= lines.contains(&ins.line);
        }
    }
}

/// Adds to `lines` the wgmma lines whose pending accumulators `o` names.
fn touched(o: &Operand, owner: &HashMap<String, u32>, lines: &mut HashSet<u32>) {
    match o {
        Operand::Name(n) | Operand::Addr { base: n, .. } => {
            if let Some(&at) = owner.get(n) {
                lines.insert(at);
            }
        }
        Operand::Vector(v) | Operand::List(v) => v.iter().for_each(|o| touched(o, owner, lines)),
        Operand::Not(o) => touched(o, owner, lines),
        Operand::Pair(a, b) => {
            touched(a, owner, lines);
            touched(b, owner, lines);
        }
        Operand::Int(_) | Operand::Float(_) | Operand::Sink => {}
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{lower, op, refusal};
    use crate::sim::engine::ir::*;

    fn mma(text: &str) -> WgmmaMma {
        match op(text) {
            Op::Wgmma(Wgmma {
                op: WgmmaOp::Mma(m),
            }) => *m,
            other => panic!("{other:?}"),
        }
    }

    const F16_SS: &str = "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 \
        {%f1, %f2, %f3, %f4}, %rd1, %rd2, %p1, 1, -1, 0, 1;";

    #[test]
    fn mma_async_takes_its_shape_types_and_immediates() {
        let m = mma(F16_SS);
        assert_eq!((m.shape.m, m.shape.n, m.shape.k), (64, 8, 16));
        assert_eq!(
            (m.types.d, m.types.a, m.types.b),
            (Elem::F32, Elem::F16, Elem::F16)
        );
        assert_eq!(m.d.len(), 4);
        assert!(matches!(m.a, WgmmaA::Desc(Src::Reg(_))));
        assert_eq!((m.negate, m.transpose), ([false, true], [false, true]));
        let rs = mma("wgmma.mma_async.sync.aligned.m64n8k32.f16.e4m3.e5m2 \
            {%r1, %r2}, {%r3, %r4, %r5, %r6}, %rd2, 1, 1, 1;");
        assert!(matches!(rs.a, WgmmaA::Regs(ref r) if r.len() == 4));
        assert_eq!(rs.scale_d, Src::Imm(1));
        assert_eq!((rs.types.a, rs.types.b), (Elem::E4M3, Elem::E5M2));
        let int = mma(
            "wgmma.mma_async.sync.aligned.m64n16k32.satfinite.s32.s8.u8 \
            {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, %rd1, %rd2, %p1;",
        );
        assert!(int.types.satfinite);
        let bits = mma("wgmma.mma_async.sync.aligned.m64n8k256.s32.b1.b1.and.popc \
            {%r1, %r2, %r3, %r4}, %rd1, %rd2, %p1;");
        assert!(bits.popc);
    }

    #[test]
    fn shapes_types_and_operands_the_isa_does_not_list_are_invalid() {
        for (bad, why) in [
            (
                F16_SS.replace("m64n8k16", "m64n12k16"),
                "multiple of 8 from 8 to 256",
            ),
            (F16_SS.replace("m64n8k16", "m64n8k32"), "m64nNk16"),
            (
                F16_SS.replace("f32.f16.f16", "f16.bf16.bf16"),
                "no such combination",
            ),
            (F16_SS.replace(", 0, 1;", ";"), "expects 8 operands"),
            (
                F16_SS.replace("1, -1, 0, 1", "2, 1, 0, 1"),
                "imm-scale-a must be one of [1, -1]",
            ),
            (
                F16_SS.replace("f32.f16.f16", "satfinite.f32.f16.f16"),
                "integer wgmma only",
            ),
            (
                F16_SS.replace("{%f1, %f2, %f3, %f4}", "{%f1, %f2}"),
                "takes 4 registers for d",
            ),
            (
                F16_SS.replace("sync.aligned.", ""),
                "must be `.sync.aligned`",
            ),
        ] {
            let got = refusal(&bad);
            assert!(got.contains(why), "{bad}: {got}");
            assert!(got.starts_with("PTX error"), "{got}");
        }
        let int = "wgmma.mma_async.sync.aligned.m64n40k32.s32.s8.s8 {%r1}, %rd1, %rd2, %p1;";
        assert!(refusal(int).contains("8, 16, 24 or a multiple of 16"));
        assert!(refusal(&F16_SS.replace("mma_async.sync", "mma_async.sp.sync")).contains("sparse"));
    }

    #[test]
    fn fences_groups_and_setmaxnreg_lower_to_their_operations() {
        let code = lower(
            "wgmma.fence.sync.aligned;\nwgmma.commit_group.sync.aligned;\n\
             wgmma.wait_group.sync.aligned 1;\nsetmaxnreg.inc.sync.aligned.u32 240;",
        )
        .unwrap_or_default();
        let ops: Vec<WgmmaOp> = code
            .into_iter()
            .filter_map(|i| match i.op {
                Op::Wgmma(w) => Some(w.op),
                _ => None,
            })
            .collect();
        assert_eq!(
            ops,
            [
                WgmmaOp::Fence,
                WgmmaOp::Commit,
                WgmmaOp::Wait(1),
                WgmmaOp::SetMaxNReg {
                    inc: true,
                    count: 240
                }
            ]
        );
        for bad in [
            "setmaxnreg.inc.sync.aligned.u32 20;",
            "setmaxnreg.dec.sync.aligned.u32 100;",
        ] {
            assert!(
                refusal(bad).contains("multiple of 8 from 24 to 256"),
                "{bad}"
            );
        }
        assert!(refusal("setmaxnreg.sync.aligned.u32 64;").contains("`.inc` and `.dec`"));
        assert!(refusal("wgmma.wait_group.sync.aligned %r1;").contains("integer constant"));
    }

    #[test]
    fn a_wgmma_whose_accumulator_is_touched_before_its_wait_runs_serialized() {
        let serialized = |body: &str| -> Vec<bool> {
            lower(body)
                .unwrap_or_default()
                .into_iter()
                .filter_map(|i| match i.op {
                    Op::Wgmma(Wgmma {
                        op: WgmmaOp::Mma(m),
                    }) => Some(m.serialized),
                    _ => None,
                })
                .collect()
        };
        let early = format!(
            "wgmma.fence.sync.aligned;\n{F16_SS}\nwgmma.commit_group.sync.aligned;\n\
             add.f32 %f5, %f2, %f2;\nwgmma.wait_group.sync.aligned 0;"
        );
        assert_eq!(serialized(&early), [true]);
        // After the wait, and chained into another wgmma before it, the registers are free.
        let ok = format!(
            "wgmma.fence.sync.aligned;\n{F16_SS}\n{F16_SS}\nwgmma.commit_group.sync.aligned;\n\
             wgmma.wait_group.sync.aligned 0;\nadd.f32 %f5, %f2, %f2;"
        );
        assert_eq!(serialized(&ok), [false, false]);
        // wait_group 1 keeps the newest group in flight.
        let newest = format!(
            "{F16_SS}\nwgmma.commit_group.sync.aligned;\n{}\nwgmma.commit_group.sync.aligned;\n\
             wgmma.wait_group.sync.aligned 1;\nmov.f32 %f1, 0f00000000;\nmov.f32 %f9, 0f00000000;",
            F16_SS.replace("%f1, %f2, %f3, %f4", "%f9, %f10, %f11, %f12")
        );
        assert_eq!(serialized(&newest), [false, true]);
        // In a loop, a read before the wgmma in the text comes after it by the back edge,
        // while its group is still in flight.
        let looped = format!(
            "LOOP:\nadd.f32 %f5, %f2, %f2;\nwgmma.fence.sync.aligned;\n{F16_SS}\n\
             wgmma.commit_group.sync.aligned;\n@%p2 bra LOOP;\nwgmma.wait_group.sync.aligned 0;"
        );
        assert_eq!(serialized(&looped), [true]);
        // Waited for inside the loop, the read on the next trip finds it landed.
        let waited = format!(
            "LOOP:\nadd.f32 %f5, %f2, %f2;\nwgmma.fence.sync.aligned;\n{F16_SS}\n\
             wgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 0;\n@%p2 bra LOOP;"
        );
        assert_eq!(serialized(&waited), [false]);
        // Chaining the accumulation around the loop (the usual main loop) is allowed.
        let chained = format!(
            "LOOP:\nwgmma.fence.sync.aligned;\n{F16_SS}\nwgmma.commit_group.sync.aligned;\n\
             wgmma.wait_group.sync.aligned 1;\n@%p2 bra LOOP;\nwgmma.wait_group.sync.aligned 0;\n\
             add.f32 %f5, %f2, %f2;"
        );
        assert_eq!(serialized(&chained), [false]);
    }
}
