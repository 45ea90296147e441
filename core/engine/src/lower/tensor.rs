//! Tensor-core instructions: `ldmatrix`, `stmatrix`, `movmatrix`, `mma.sync` and
//! `wmma.load/store/mma`, checked against the shapes and types PTX defines.

use super::opcode::Opcode;
use super::operands::Ins;
use super::{unsupported, Lowerer};
use crate::error::{Error, Result};
use crate::image::ptx::ast::Operand;
use crate::sim::engine::ir::*;
use crate::sim::engine::tensor::Operand as Which;

impl Lowerer<'_> {
    /// Lowers an instruction of [`Family::Tensor`](super::opcode::Family::Tensor).
    pub(super) fn tensor(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        let mut mi = MatrixInstr {
            op: MatrixOp::MovMatrix,
            d: Vec::new(),
            a: Vec::new(),
            b: Vec::new(),
            c: Vec::new(),
            addr: None,
            stride: None,
        };
        let m = Matrix::new(x);
        match opcode {
            Opcode::Ldmatrix | Opcode::Stmatrix => self.ldmatrix(opcode, &m, &mut mi)?,
            Opcode::Movmatrix => {
                m.need(2)?;
                if !x.has("trans") || !x.has("m8n8") || !x.has("b16") {
                    return Err(m.refused());
                }
                mi.d = vec![self.dst(&x.o()[0], x.line)?];
                mi.a = vec![self.src(&x.o()[1], Ty::U(4), x.line)?];
            }
            Opcode::Mma => self.mma(&m, &mut mi)?,
            Opcode::Wmma => self.wmma(&m, &mut mi)?,
            _ => return Err(m.refused()),
        }
        Ok(Op::Matrix(crate::sim::engine::ir::Matrix {
            instr: Box::new(mi),
        }))
    }

    /// `ldmatrix.sync.aligned.m8n8.x{1,2,4}{.trans}.b16` and `stmatrix`.
    fn ldmatrix(&mut self, opcode: Opcode, m: &Matrix, mi: &mut MatrixInstr) -> Result<()> {
        let (x, o, line) = (m.x, m.x.o(), m.x.line);
        let has = |s: &str| x.has(s);
        m.need(2)?;
        let count = match (has("x1"), has("x2"), has("x4")) {
            (true, false, false) => 1,
            (false, true, false) => 2,
            (false, false, true) => 4,
            _ => return Err(m.refused()),
        };
        if !has("m8n8") || !has("b16") {
            return Err(m.refused());
        }
        let space = match x.space() {
            space @ (MemSpace::Shared | MemSpace::Generic) => space,
            _ => return Err(m.refused()),
        };
        let trans = has("trans");
        if opcode == Opcode::Ldmatrix {
            mi.op = MatrixOp::LdMatrix { count, trans };
            mi.d = self.vector_dsts(&o[0], line)?;
            mi.addr = Some(self.addr(&o[1], space, line)?);
        } else {
            mi.op = MatrixOp::StMatrix { count, trans };
            mi.addr = Some(self.addr(&o[0], space, line)?);
            mi.a = self.vector_srcs(&o[1], Ty::U(4), line)?;
        }
        if mi.d.len().max(mi.a.len()) != count as usize {
            return Err(unsupported(
                line,
                format!("{} with {} registers", m.text(), count),
            ));
        }
        Ok(())
    }

    /// `mma.sync.aligned.shape.row.col{.satfinite}.dtype.atype.btype.ctype d, a, b, c`.
    fn mma(&mut self, m: &Matrix, mi: &mut MatrixInstr) -> Result<()> {
        let x = m.x;
        m.need(4)?;
        let shape = m.shape.ok_or_else(|| m.refused())?;
        let [d, a, b, c] = m.elems[..] else {
            return Err(m.refused());
        };
        let supported = matches!(
            (shape.m, shape.n, shape.k, a),
            (16, 8, 8 | 16, Elem::F16 | Elem::BF16)
                | (16, 8, 4 | 8, Elem::TF32)
                | (8, 8, 4, Elem::F64)
                | (16, 8, 16 | 32, Elem::S8 | Elem::U8)
                | (16, 8, 32 | 64, Elem::S4 | Elem::U4)
                | (16, 8, 16 | 32, Elem::E4M3 | Elem::E5M2)
        );
        if !supported || x.has("sp") || !(x.has("row") && x.has("col")) {
            return Err(m.refused());
        }
        m.check_modifiers(&["row", "col", "satfinite"])?;
        if !types_agree(d, a, b, c) {
            return Err(m.invalid("PTX defines no such combination of types"));
        }
        let types = MmaTypes {
            a,
            b,
            c,
            d,
            satfinite: x.has("satfinite"),
        };
        mi.op = MatrixOp::Mma { shape, types };
        self.fragments(mi, x.o(), shape, types, false, x.line)
    }

    /// `wmma.load.{a,b,c}`, `wmma.store.d` and `wmma.mma`, on the shapes PTX defines.
    fn wmma(&mut self, m: &Matrix, mi: &mut MatrixInstr) -> Result<()> {
        let (x, o, line, b32) = (m.x, m.x.o(), m.x.line, Ty::U(4));
        let shape = m.shape.ok_or_else(|| m.refused())?;
        // Only the shapes PTX defines, each with its element types: the fragment
        // layouts (and their sizes) are defined for those alone.
        let inputs: &[Elem] = match (shape.m, shape.n, shape.k) {
            (16, 16, 16) | (32, 8, 16) | (8, 32, 16) => {
                &[Elem::F16, Elem::BF16, Elem::S8, Elem::U8]
            }
            (16, 16, 8) => &[Elem::TF32],
            (8, 8, 4) => &[Elem::F64],
            (8, 8, 32) => &[Elem::S4, Elem::U4],
            _ => return Err(m.refused()),
        };
        let fits = |e: Elem| {
            inputs.contains(&e)
                || match inputs[0] {
                    Elem::F16 => matches!(e, Elem::F32 | Elem::S32),
                    Elem::TF32 => e == Elem::F32,
                    Elem::F64 => false,
                    _ => e == Elem::S32,
                }
        };
        if !m.elems.iter().all(|&e| fits(e)) {
            return Err(m.refused());
        }
        m.check_modifiers(&[
            "load",
            "store",
            "mma",
            "a",
            "b",
            "c",
            "d",
            "row",
            "col",
            "global",
            "shared",
            "satfinite",
            "rn",
            "rz",
            "rm",
            "rp",
            "b1",
            "e4m3",
            "e5m2",
        ])?;
        let layouts = x
            .mods
            .iter()
            .filter(|m| matches!(**m, "row" | "col"))
            .count();
        let wanted = if x.mods.first() == Some(&"mma") { 2 } else { 1 };
        if layouts != wanted {
            return Err(m.invalid(&format!(
                "{wanted} layout{} (`.row` or `.col`) expected",
                if wanted == 1 { "" } else { "s" }
            )));
        }
        // What each operand holds: a multiplicand of the shape's input types, or an
        // accumulator.
        let accumulators: &[Elem] = match inputs[0] {
            Elem::F16 => &[Elem::F16, Elem::F32, Elem::S32],
            Elem::TF32 => &[Elem::F32],
            Elem::F64 => &[Elem::F64],
            _ => &[Elem::S32],
        };
        let holds = |which: Option<&str>, e: Elem| match which {
            Some("a" | "b") => inputs.contains(&e),
            _ => accumulators.contains(&e),
        };
        if matches!(x.mods.first(), Some(&"load" | &"store"))
            && !m.elems.iter().all(|&e| holds(x.mods.get(1).copied(), e))
        {
            return Err(m.invalid("this type is not one of that operand's types"));
        }
        let row_major = x.has("row");
        let space = x.space();
        match x.mods.first().copied() {
            Some("load") => {
                m.need(2)?;
                let which = match x.mods.get(1).copied() {
                    Some("a") => Which::A,
                    Some("b") => Which::B,
                    Some("c") => Which::C,
                    _ => return Err(m.refused()),
                };
                let [elem] = m.elems[..] else {
                    return Err(m.refused());
                };
                mi.op = MatrixOp::WmmaLoad {
                    which,
                    shape,
                    elem,
                    row_major,
                };
                mi.d = self.vector_dsts(&o[0], line)?;
                mi.addr = Some(self.addr(&o[1], space, line)?);
                if let Some(s) = o.get(2) {
                    mi.stride = Some(self.src(s, b32, line)?);
                }
            }
            Some("store") => {
                m.need(2)?;
                let [elem] = m.elems[..] else {
                    return Err(m.refused());
                };
                mi.op = MatrixOp::WmmaStore {
                    shape,
                    elem,
                    row_major,
                };
                mi.addr = Some(self.addr(&o[0], space, line)?);
                let ty = if elem == Elem::F64 { Ty::F64 } else { b32 };
                mi.a = self.vector_srcs(&o[1], ty, line)?;
                if let Some(s) = o.get(2) {
                    mi.stride = Some(self.src(s, b32, line)?);
                }
            }
            Some("mma") => {
                m.need(4)?;
                let (d, a, b, c) = match m.elems[..] {
                    [d, c] => (d, Elem::F16, Elem::F16, c),
                    [d, a, b, c] => (d, a, b, c),
                    _ => return Err(m.refused()),
                };
                if x.mods.iter().any(|m| matches!(*m, "b1" | "e4m3" | "e5m2")) {
                    return Err(m.refused());
                }
                if !types_agree(d, a, b, c) {
                    return Err(m.invalid("PTX defines no such combination of types"));
                }
                let types = MmaTypes {
                    a,
                    b,
                    c,
                    d,
                    satfinite: x.has("satfinite"),
                };
                mi.op = MatrixOp::WmmaMma { shape, types };
                self.fragments(mi, o, shape, types, true, line)?;
            }
            _ => return Err(m.refused()),
        }
        Ok(())
    }

    /// The `d, a, b, c` fragments of `mma`/`wmma.mma`, checked against the registers the
    /// shape and types need (for `wmma`, at least that many).
    pub(super) fn fragments(
        &mut self,
        mi: &mut MatrixInstr,
        o: &[Operand],
        shape: Shape,
        t: MmaTypes,
        wmma: bool,
        line: u32,
    ) -> Result<()> {
        let ty = |e: Elem| match e {
            Elem::F64 => Ty::F64,
            Elem::F32 => Ty::F32,
            _ => Ty::U(4),
        };
        mi.d = self.vector_dsts(&o[0], line)?;
        mi.a = self.vector_srcs(&o[1], ty(t.a), line)?;
        mi.b = self.vector_srcs(&o[2], ty(t.b), line)?;
        mi.c = self.vector_srcs(&o[3], ty(t.c), line)?;
        let regs = |which: Which, e: Elem| {
            let (r, c) = which.dims(shape);
            (r * c / 32).div_ceil(e.per_reg())
        };
        let fits = |have: usize, want: usize| if wmma { have >= want } else { have == want };
        let ok = fits(mi.a.len(), regs(Which::A, t.a))
            && fits(mi.b.len(), regs(Which::B, t.b))
            && fits(mi.c.len(), regs(Which::C, t.c))
            && fits(mi.d.len(), regs(Which::C, t.d));
        if !ok {
            return Err(unsupported(
                line,
                format!(
                    "a matrix multiply-accumulate with {}/{}/{}/{} registers for d/a/b/c",
                    mi.d.len(),
                    mi.a.len(),
                    mi.b.len(),
                    mi.c.len()
                ),
            ));
        }
        Ok(())
    }
}

/// A tensor-core instruction's shape and element types, as its modifiers name them; its
/// refusals name the whole instruction.
struct Matrix<'x, 'i> {
    x: &'x Ins<'i>,
    shape: Option<Shape>,
    elems: Vec<Elem>,
}

impl<'x, 'i> Matrix<'x, 'i> {
    fn new(x: &'x Ins<'i>) -> Self {
        Matrix {
            x,
            shape: x.mods.iter().find_map(|m| Shape::parse(m)),
            elems: x.mods.iter().filter_map(|m| Elem::parse(m)).collect(),
        }
    }

    /// The instruction as written (`` `mma.sync.aligned.m16n8k16...` ``).
    fn text(&self) -> String {
        format!("`{}.{}`", self.x.i.opcode, self.x.mods.join("."))
    }

    fn refused(&self) -> Error {
        unsupported(self.x.line, self.text())
    }

    /// The error of PTX that ptxas rejects, naming the instruction and why.
    fn invalid(&self, why: &str) -> Error {
        Error::PtxSyntax {
            line: self.x.line,
            column: self.x.i.pos.col,
            message: format!("{}: {why}", self.text()),
        }
    }

    /// An error naming the first modifier that is neither a shape, an element type,
    /// `.sync`, `.aligned` nor one of `known` (a `.diag` layout, say).
    fn check_modifiers(&self, known: &[&str]) -> Result<()> {
        let odd = self.x.mods.iter().find(|m| {
            !(matches!(**m, "sync" | "aligned")
                || known.contains(m)
                || Shape::parse(m).is_some()
                || Elem::parse(m).is_some())
        });
        match odd {
            Some(m) => Err(self.invalid(&format!("`.{m}` is not a modifier of this instruction"))),
            None => Ok(()),
        }
    }

    /// A refusal unless the instruction has at least `n` operands.
    fn need(&self, n: usize) -> Result<()> {
        let have = self.x.o().len();
        if have < n {
            Err(unsupported(
                self.x.line,
                format!("{} with {have} operands", self.text()),
            ))
        } else {
            Ok(())
        }
    }
}

/// Whether `d = a * b + c` is a combination of types PTX defines for `mma` and
/// `wmma.mma`: both multiplicands of one kind (signedness may differ for integers) and
/// the accumulators the kind has (`f16` or `f32` for `f16` and the fp8 pairs; `f32` for
/// `bf16` and `tf32`; `f64` for `f64`; `s32` for integers).
fn types_agree(d: Elem, a: Elem, b: Elem, c: Elem) -> bool {
    let int8 = |e: Elem| matches!(e, Elem::S8 | Elem::U8);
    let int4 = |e: Elem| matches!(e, Elem::S4 | Elem::U4);
    let fp8 = |e: Elem| matches!(e, Elem::E4M3 | Elem::E5M2);
    let acc = |ok: &[Elem]| ok.contains(&c) && ok.contains(&d);
    match a {
        Elem::F16 => b == a && acc(&[Elem::F16, Elem::F32]),
        Elem::BF16 | Elem::TF32 => b == a && acc(&[Elem::F32]),
        Elem::F64 => b == a && acc(&[Elem::F64]),
        _ if int8(a) => int8(b) && acc(&[Elem::S32]),
        _ if int4(a) => int4(b) && acc(&[Elem::S32]),
        _ if fp8(a) => fp8(b) && acc(&[Elem::F16, Elem::F32]),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{op, refusal};
    use crate::sim::engine::ir::*;

    fn matrix(text: &str) -> MatrixInstr {
        match op(text) {
            Op::Matrix(m) => *m.instr,
            other => panic!("{other:?}"),
        }
    }

    const MMA_F16: &str = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 \
        {%f1, %f2, %f3, %f4}, {%r1, %r2, %r3, %r4}, {%r5, %r6}, {%f5, %f6, %f7, %f8};";

    #[test]
    fn mma_takes_the_fragments_its_shape_and_types_need() {
        let m = matrix(MMA_F16);
        let MatrixOp::Mma { shape, types } = m.op else {
            panic!("{:?}", m.op)
        };
        assert_eq!((shape.m, shape.n, shape.k), (16, 8, 16));
        assert_eq!(
            (types.d, types.a, types.b, types.c),
            (Elem::F32, Elem::F16, Elem::F16, Elem::F32)
        );
        assert_eq!((m.d.len(), m.a.len(), m.b.len(), m.c.len()), (4, 4, 2, 4));
    }

    #[test]
    fn mma_with_the_wrong_registers_or_layout_is_refused() {
        let short = MMA_F16.replace("{%r5, %r6}", "{%r5}");
        assert!(refusal(&short).contains("with 4/4/1/4 registers for d/a/b/c"));
        let sparse = MMA_F16.replace("mma.sync", "mma.sp.sync");
        assert!(refusal(&sparse).contains("`mma.sp.sync"));
        let layout = MMA_F16.replace("row.col", "row.row");
        assert!(refusal(&layout).contains("`mma.sync.aligned.m16n8k16.row.row"));
        let shape = MMA_F16.replace("m16n8k16", "m16n16k16");
        assert!(refusal(&shape).contains("m16n16k16"));
        assert!(
            refusal("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f1}, {%r1};")
                .contains("with 2 operands")
        );
    }

    #[test]
    fn ldmatrix_counts_its_matrices() {
        let m =
            matrix("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r1, %r2, %r3, %r4}, [sm];");
        assert_eq!(
            m.op,
            MatrixOp::LdMatrix {
                count: 4,
                trans: true
            }
        );
        assert_eq!(m.d.len(), 4);
        assert!(
            refusal("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%r1, %r2, %r3, %r4}, [sm];")
                .contains("with 2 registers")
        );
        assert!(
            refusal("ldmatrix.sync.aligned.m8n8.x1.global.b16 {%r1}, [%rd1];")
                .contains("`ldmatrix.sync.aligned.m8n8.x1.global.b16`")
        );
        let m = matrix("stmatrix.sync.aligned.m8n8.x1.shared.b16 [sm], {%r1};");
        assert_eq!(
            m.op,
            MatrixOp::StMatrix {
                count: 1,
                trans: false
            }
        );
        let m = matrix("movmatrix.sync.aligned.m8n8.trans.b16 %r1, %r2;");
        assert_eq!(m.op, MatrixOp::MovMatrix);
    }

    #[test]
    fn wmma_loads_stores_and_multiplies_on_the_shapes_ptx_defines() {
        let m = matrix("wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1], 16;");
        let MatrixOp::WmmaLoad {
            elem, row_major, ..
        } = m.op
        else {
            panic!("{:?}", m.op)
        };
        assert_eq!((elem, row_major), (Elem::F16, true));
        assert!(m.stride.is_some());
        let m = matrix("wmma.store.d.sync.aligned.col.m16n16k16.global.f32 [%rd1], {%f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8};");
        assert!(matches!(
            m.op,
            MatrixOp::WmmaStore {
                row_major: false,
                ..
            }
        ));
        assert!(
            refusal("wmma.load.a.sync.aligned.row.m8n8k8.global.f16 {%r1}, [%rd1];")
                .contains("m8n8k8")
        );
        assert!(
            refusal("wmma.load.a.sync.aligned.row.m8n8k4.global.f16 {%r1}, [%rd1];")
                .contains("`wmma.load.a")
        );
    }

    #[test]
    fn mma_of_types_ptx_does_not_define_is_invalid_ptx() {
        for bad in [
            "mma.sync.aligned.m16n8k32.row.col.s32.s8.f64.s32",
            "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f16",
            "mma.sync.aligned.m16n8k16.row.col.f32.f16.bf16.f32",
            "mma.sync.aligned.m16n8k32.row.col.f32.s8.s8.s32",
            "mma.sync.aligned.m8n8k4.row.col.f32.f64.f64.f64",
        ] {
            let why = refusal(&format!(
                "{bad} {{%f1, %f2, %f3, %f4}}, {{%r1, %r2, %r3, %r4}}, {{%r5, %r6}}, {{%f5, %f6, %f7, %f8}};"
            ));
            assert!(why.starts_with("PTX error at line 13"), "{why}");
            assert!(
                why.contains(&format!(
                    "`{bad}`: PTX defines no such combination of types"
                )),
                "{why}"
            );
        }
        // Signedness may differ between integer multiplicands, and f16 accumulates in
        // either f16 or f32.
        for good in [
            "mma.sync.aligned.m16n8k32.row.col.s32.s8.u8.s32 {%r1, %r2, %r3, %r4}, {%r5, %r6, %r7, %r8}, {%r9, %r10}, {%r11, %r12, %r13, %r14};",
            "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f32 {%r1, %r2}, {%r3, %r4, %r5, %r6}, {%r7, %r8}, {%f1, %f2, %f3, %f4};",
        ] {
            assert!(matches!(op(good), Op::Matrix(_)), "{good}");
        }
    }

    #[test]
    fn wmma_loads_of_an_accumulator_type_into_a_multiplicand_are_invalid_ptx() {
        let why = refusal("wmma.load.a.sync.aligned.row.m16n16k16.global.f32 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1];");
        assert!(
            why.contains("`wmma.load.a.sync.aligned.row.m16n16k16.global.f32`: this type is not one of that operand's types"),
            "{why}"
        );
        let why = refusal(
            "wmma.load.c.sync.aligned.row.m16n16k16.global.bf16 {%r1, %r2, %r3, %r4}, [%rd1];",
        );
        assert!(why.contains("not one of that operand's types"), "{why}");
        let why = refusal("wmma.store.d.sync.aligned.row.m16n16k16.global.s8 [%rd1], {%r1, %r2};");
        assert!(why.contains("not one of that operand's types"), "{why}");
        let why =
            refusal("wmma.mma.sync.aligned.row.col.m16n16k16.s32.s32 {%r1}, {%r1}, {%r1}, {%r1};");
        assert!(
            why.contains("PTX defines no such combination of types"),
            "{why}"
        );
    }

    #[test]
    fn a_wmma_layout_is_row_or_col() {
        let why = refusal("wmma.load.a.sync.aligned.diag.m16n16k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1];");
        assert!(
            why.contains("`.diag` is not a modifier of this instruction"),
            "{why}"
        );
        let why = refusal("wmma.load.a.sync.aligned.m16n16k16.global.f16 {%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1];");
        assert!(
            why.contains("1 layout (`.row` or `.col`) expected"),
            "{why}"
        );
        let why =
            refusal("wmma.mma.sync.aligned.row.m16n16k16.f32.f32 {%f1}, {%r1}, {%r2}, {%f2};");
        assert!(
            why.contains("2 layouts (`.row` or `.col`) expected"),
            "{why}"
        );
        let why = refusal(&MMA_F16.replace("row.col", "row.col.diag"));
        assert!(
            why.contains("`.diag` is not a modifier of this instruction"),
            "{why}"
        );
    }

    #[test]
    fn invalid_ptx_fails_only_its_kernel() {
        let text = ".version 8.0\n.target sm_90\n.address_size 64\n\
             .visible .entry bad()\n{\n.reg .b32 %r<4>;\n\
             wmma.load.a.sync.aligned.diag.m16n16k16.f16 {%r1, %r2, %r3, %r4}, [%r1];\n}\n\
                    .visible .entry good()\n{\nret;\n}\n";
        let module = crate::ptx::parse(text).unwrap();
        let mut mem = crate::sim::engine::mem::Memory::new();
        let sim = super::super::load(&module, &mut mem).unwrap();
        assert!(sim.kernel("good").is_ok());
        assert!(matches!(
            sim.kernel("bad"),
            Err(crate::Error::PtxSyntax { line: 7, .. })
        ));
    }
}
