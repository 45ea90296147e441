//! Tensor memory access (TMA): `cp.async.bulk.tensor` (tile and im2col loads, multicast
//! to a cluster, stores), `cp.reduce.async.bulk{.tensor}`, the multicast `cp.async.bulk`,
//! and the instructions around them that the simulator needs do nothing for
//! (`prefetch.tensormap`, `prefetch.bulk`): `exec/tma.rs` runs the copies.

use super::opcode::Opcode;
use super::operands::Ins;
use super::{unsupported, Lowerer};
use crate::error::Result;
use crate::image::ptx::ast::Operand;
use crate::sim::engine::ir::*;

/// The reductions by name, with the element types the PTX ISA lists for each in
/// `cp.reduce.async.bulk` (the tensor form takes the map's type, checked when it runs).
const REDUCTIONS: [(&str, TmaReduceOp); 8] = [
    ("add", TmaReduceOp::Add),
    ("min", TmaReduceOp::Min),
    ("max", TmaReduceOp::Max),
    ("inc", TmaReduceOp::Inc),
    ("dec", TmaReduceOp::Dec),
    ("and", TmaReduceOp::And),
    ("or", TmaReduceOp::Or),
    ("xor", TmaReduceOp::Xor),
];

/// Whether the PTX ISA allows reduction `op` on `ty` in a bulk reduction (`.b32`/`.b64`
/// count as unsigned; `.add.noftz` is the half-precision addition).
pub(crate) fn reduction_allowed(op: TmaReduceOp, ty: Ty) -> bool {
    use TmaReduceOp as R;
    match op {
        R::Add => matches!(
            ty,
            Ty::U(4) | Ty::S(4) | Ty::U(8) | Ty::F32 | Ty::F64 | Ty::F16 | Ty::BF16
        ),
        R::Min | R::Max => matches!(
            ty,
            Ty::U(4) | Ty::S(4) | Ty::U(8) | Ty::S(8) | Ty::F16 | Ty::BF16
        ),
        R::Inc | R::Dec => ty == Ty::U(4),
        R::And | R::Or | R::Xor => matches!(ty, Ty::U(4) | Ty::S(4) | Ty::U(8) | Ty::S(8)),
    }
}

impl Lowerer<'_> {
    /// Lowers an instruction of [`Family::Tma`](super::opcode::Family::Tma).
    pub(super) fn tma(&mut self, opcode: Opcode, x: &Ins) -> Result<Op> {
        match opcode {
            // Cache hints: the simulator has no cache to warm.
            Opcode::Prefetch | Opcode::Prefetchu => Ok(Op::Nop(Nop {})),
            Opcode::Tensormap if x.has("replace") && x.has("global_address") => {
                x.need(2)?;
                let space = match x.space() {
                    MemSpace::Shared => MemSpace::Shared,
                    _ => MemSpace::Global,
                };
                Ok(Op::TensormapReplace(TensormapReplace {
                    addr: self.addr(&x.o()[0], space, x.line)?,
                    value: self.src(&x.o()[1], Ty::U(8), x.line)?,
                }))
            }
            _ => Err(unsupported(
                x.line,
                format!(
                    "`{}` of this field (the simulator replaces `.global_address` only; encode \
                     a new TensorMap on the host instead)",
                    x.i.opcode
                ),
            )),
        }
    }

    /// Whether `cp` instruction `x` is one of this file's: a tensor copy, a bulk reduction
    /// or a multicast bulk copy.
    pub(super) fn is_tma_copy(x: &Ins) -> bool {
        x.has("bulk")
            && !x.has("prefetch")
            && (x.has("tensor")
                || x.has("reduce")
                || x.mods.iter().any(|m| m.starts_with("multicast")))
    }

    /// Lowers a `cp` instruction [`is_tma_copy`](Self::is_tma_copy) accepted.
    pub(super) fn tma_copy(&mut self, x: &Ins) -> Result<Op> {
        if x.has("reduce") && !x.has("tensor") {
            return self.bulk_reduce(x);
        }
        if !x.has("tensor") {
            return self.multicast_bulk_copy(x);
        }
        let line = x.line;
        let dims = x
            .mods
            .iter()
            .find_map(|m| match *m {
                "1d" => Some(1u8),
                "2d" => Some(2),
                "3d" => Some(3),
                "4d" => Some(4),
                "5d" => Some(5),
                _ => None,
            })
            .ok_or_else(|| unsupported(line, "`cp.async.bulk.tensor` without `.1d` .. `.5d`"))?;
        let im2col = x.mods.iter().any(|m| m.starts_with("im2col"));
        if x.mods
            .iter()
            .any(|m| m.starts_with("tile::") || m.starts_with("im2col::"))
        {
            return Err(unsupported(
                line,
                "`cp.async.bulk.tensor` gather, scatter and wide im2col modes (sm_100)",
            ));
        }
        if x.mods.iter().any(|m| m.starts_with("cta_group")) {
            return Err(unsupported(
                line,
                "`cp.async.bulk.tensor` with `.cta_group` (sm_100)",
            ));
        }
        let o = x.o();
        // The first state space is the destination.
        let to_shared = x
            .mods
            .iter()
            .find(|m| matches!(**m, "shared" | "global"))
            .is_some_and(|m| *m == "shared");
        if to_shared {
            // [dst], [map, {coords}], [mbar] {, {offsets}} {, ctaMask} {, policy}
            x.need(3)?;
            if x.has("reduce") {
                return Err(unsupported(
                    line,
                    "`cp.reduce.async.bulk.tensor` into shared memory",
                ));
            }
            let (map, coords) = self.tensor_operand(&o[1], dims, line)?;
            let mut rest = o[3..].iter();
            let offsets = if im2col {
                match rest.next() {
                    Some(Operand::Vector(v)) => self.srcs(v, line)?,
                    Some(other) => vec![self.src(other, Ty::U(2), line)?],
                    None => {
                        return Err(unsupported(line, "`.im2col` load without its offsets"));
                    }
                }
            } else {
                Vec::new()
            };
            if offsets.len() != (dims as usize).saturating_sub(2) && im2col {
                return Err(unsupported(
                    line,
                    format!(
                        "a {dims}d im2col load with {} offsets (one per spatial dimension)",
                        offsets.len()
                    ),
                ));
            }
            let cta_mask = if x.mods.iter().any(|m| m.starts_with("multicast")) {
                match rest.next() {
                    Some(m) => Some(self.src(m, Ty::U(2), line)?),
                    None => return Err(unsupported(line, "a multicast copy without its mask")),
                }
            } else {
                None
            };
            Ok(Op::Tma(Tma {
                instr: Box::new(TmaInstr {
                    kind: TmaKind::Load { cta_mask },
                    dims: Some(dims),
                    im2col,
                    map,
                    coords,
                    offsets,
                    smem: self.addr(&o[0], MemSpace::Shared, line)?,
                    mbar: Some(self.addr(&o[2], MemSpace::Shared, line)?),
                    size: None,
                }),
            }))
        } else {
            // [map, {coords}], [src] {, policy}
            x.need(2)?;
            if im2col {
                return Err(unsupported(line, "an im2col tensor store (sm_100)"));
            }
            let (map, coords) = self.tensor_operand(&o[0], dims, line)?;
            let kind = if x.has("reduce") {
                TmaKind::Reduce(self.reduction(x)?)
            } else {
                TmaKind::Store
            };
            Ok(Op::Tma(Tma {
                instr: Box::new(TmaInstr {
                    kind,
                    dims: Some(dims),
                    im2col: false,
                    map,
                    coords,
                    offsets: Vec::new(),
                    smem: self.addr(&o[1], MemSpace::Shared, line)?,
                    mbar: None,
                    size: None,
                }),
            }))
        }
    }

    /// `[map, {c0, c1, ...}]`: the tensor map's address and `dims` coordinates.
    fn tensor_operand(&mut self, op: &Operand, dims: u8, line: u32) -> Result<(Addr, Vec<Src>)> {
        let Operand::List(items) = op else {
            return Err(unsupported(line, format!("the tensor operand {op:?}")));
        };
        let (Some(Operand::Name(name)), Some(coords), 2) =
            (items.first(), items.get(1), items.len())
        else {
            return Err(unsupported(line, format!("the tensor operand {op:?}")));
        };
        let coords = match coords {
            Operand::Vector(v) => self.srcs(v, line)?,
            one => vec![self.src(one, Ty::S(4), line)?],
        };
        if coords.len() != dims as usize {
            return Err(unsupported(
                line,
                format!("a {dims}d tensor copy with {} coordinates", coords.len()),
            ));
        }
        let map = if self.is_reg(name) {
            Addr {
                space: MemSpace::Generic,
                base: Src::Reg(self.reg(name)),
                offset: 0,
            }
        } else {
            match self.symbol(name) {
                // A `__grid_constant__` parameter named directly.
                Some((MemSpace::Param, at)) => Addr {
                    space: MemSpace::Param,
                    base: Src::Imm(at),
                    offset: 0,
                },
                Some((MemSpace::Global | MemSpace::Const, at)) => Addr {
                    space: MemSpace::Generic,
                    base: Src::Imm(at),
                    offset: 0,
                },
                _ => return Err(unsupported(line, format!("the tensor map `{name}`"))),
            }
        };
        Ok((map, coords))
    }

    fn srcs(&mut self, v: &[Operand], line: u32) -> Result<Vec<Src>> {
        v.iter().map(|x| self.src(x, Ty::S(4), line)).collect()
    }

    /// The reduction a `cp.reduce.async.bulk` names.
    fn reduction(&self, x: &Ins) -> Result<TmaReduceOp> {
        REDUCTIONS
            .iter()
            .find(|(m, _)| x.has(m))
            .map(|&(_, op)| op)
            .ok_or_else(|| unsupported(x.line, "`cp.reduce.async.bulk` without a reduction"))
    }

    /// `cp.reduce.async.bulk.dst.src.completion.redOp.type [dst], [src], size{, [mbar]}`.
    fn bulk_reduce(&mut self, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        x.need(3)?;
        let op = self.reduction(x)?;
        let ty = x.typed()?;
        // `.noftz` marks the half-precision addition, the only one there is.
        if !reduction_allowed(op, ty)
            || (matches!(ty, Ty::F16 | Ty::BF16) && op == TmaReduceOp::Add && !x.has("noftz"))
        {
            return Err(unsupported(
                line,
                format!("`cp.reduce.async.bulk` {op:?} of `{ty:?}` (not in the PTX ISA's list)"),
            ));
        }
        let to_shared = x
            .mods
            .iter()
            .find(|m| matches!(**m, "shared" | "global"))
            .is_some_and(|m| *m == "shared");
        let mbar = if x.mods.iter().any(|m| m.starts_with("mbarrier")) {
            x.need(4)?;
            Some(self.addr(&o[3], MemSpace::Shared, line)?)
        } else {
            None
        };
        let dst_space = if to_shared {
            MemSpace::Shared
        } else {
            MemSpace::Global
        };
        Ok(Op::BulkReduce(BulkReduce {
            instr: Box::new(BulkReduceInstr {
                op,
                ty,
                dst: self.addr(&o[0], dst_space, line)?,
                src: self.addr(&o[1], MemSpace::Shared, line)?,
                size: self.src(&o[2], Ty::U(4), line)?,
                mbar,
            }),
        }))
    }

    /// `cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster
    /// [dst], [src], size, [mbar], ctaMask`.
    fn multicast_bulk_copy(&mut self, x: &Ins) -> Result<Op> {
        let (o, line) = (x.o(), x.line);
        x.need(5)?;
        Ok(Op::Tma(Tma {
            instr: Box::new(TmaInstr {
                kind: TmaKind::Load {
                    cta_mask: Some(self.src(&o[4], Ty::U(2), line)?),
                },
                dims: None,
                im2col: false,
                map: self.addr(&o[1], MemSpace::Global, line)?,
                coords: Vec::new(),
                offsets: Vec::new(),
                smem: self.addr(&o[0], MemSpace::Shared, line)?,
                mbar: Some(self.addr(&o[3], MemSpace::Shared, line)?),
                size: Some(self.src(&o[2], Ty::U(4), line)?),
            }),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{op, refusal, reg};
    use crate::sim::engine::ir::*;

    fn tma(text: &str) -> TmaInstr {
        match op(text) {
            Op::Tma(Tma { instr }) => *instr,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn a_tile_load_reads_its_map_coordinates_and_barrier() {
        let t = tma(
            "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes \
             [sm], [%rd1, {%r1, %r2}], [sm+1024];",
        );
        assert_eq!(t.kind, TmaKind::Load { cta_mask: None });
        assert_eq!(t.dims, Some(2));
        assert!(!t.im2col);
        assert_eq!(t.map.space, MemSpace::Generic);
        assert_eq!(t.coords.len(), 2);
        assert_eq!(t.mbar.map(|m| m.offset), Some(1024));
        let m = tma(
            "cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes\
             .multicast::cluster [sm], [%rd1, {%r1}], [sm], %rs1;",
        );
        assert!(matches!(m.kind, TmaKind::Load { cta_mask: Some(_) }));
        let i = tma(
            "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes \
             [sm], [%rd1, {%r1, %r2, %r3, %r4}], [sm], {%rs1, %rs2};",
        );
        assert!(i.im2col);
        assert_eq!(i.offsets.len(), 2);
    }

    #[test]
    fn stores_and_reductions_go_back_to_global_memory() {
        let s = tma(
            "cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group [%rd1, {%r1, %r2, %r3}], [sm];",
        );
        assert_eq!(s.kind, TmaKind::Store);
        let r = tma(
            "cp.reduce.async.bulk.tensor.1d.global.shared::cta.add.tile.bulk_group [%rd1, {%r1}], [sm];",
        );
        assert_eq!(r.kind, TmaKind::Reduce(TmaReduceOp::Add));
        let Op::BulkReduce(BulkReduce { instr }) =
            op("cp.reduce.async.bulk.global.shared::cta.bulk_group.min.s32 [%rd1], [sm], 64;")
        else {
            panic!()
        };
        assert_eq!(
            (instr.op, instr.ty, instr.mbar),
            (TmaReduceOp::Min, Ty::S(4), None)
        );
        assert_eq!(instr.dst.base, reg(0));
    }

    #[test]
    fn what_the_isa_does_not_list_is_refused() {
        assert!(refusal(
            "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes \
             [sm], [%rd1, {%r1}], [sm];"
        )
        .contains("2d tensor copy with 1 coordinates"));
        let r =
            refusal("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f16 [%rd1], [sm], 64;");
        assert!(r.contains("not in the PTX ISA"), "{r}");
        assert!(refusal(
            "cp.reduce.async.bulk.global.shared::cta.bulk_group.inc.s32 [%rd1], [sm], 64;"
        )
        .contains("not in the PTX ISA"));
        assert!(refusal(
            "cp.async.bulk.tensor.2d.shared::cluster.global.tile::gather4.mbarrier::complete_tx::bytes \
             [sm], [%rd1, {%r1, %r2}], [sm];"
        )
        .contains("sm_100"));
    }

    #[test]
    fn prefetches_and_fences_do_nothing_here() {
        for nop in [
            "prefetch.tensormap [%rd1];",
            "prefetch.global.L2 [%rd1];",
            "prefetch.global.tensormap [%rd1];",
            "cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%rd1, {%r1, %r2}];",
            "cp.async.bulk.prefetch.L2.global [%rd1], 64;",
            "cp.async.bulk.wait_group.read 0;",
        ] {
            assert_eq!(op(nop), Op::Nop(Nop {}), "{nop}");
        }
        assert_eq!(
            op("fence.proxy.tensormap::generic.acquire.gpu [%rd1], 128;"),
            Op::Fence(Fence {})
        );
        assert_eq!(op("fence.proxy.async.shared::cta;"), Op::Fence(Fence {}));
        assert!(matches!(
            op("tensormap.replace.tile.global_address.global.b1024.b64 [%rd1], %rd2;"),
            Op::TensormapReplace(_)
        ));
        assert!(
            refusal("tensormap.replace.tile.rank.global.b1024.b32 [%rd1], %r1;")
                .contains("`.global_address` only")
        );
    }
}
