//! Tensor memory access (TMA): `cp.async.bulk.tensor` loads (tile and im2col, multicast to
//! a cluster), stores and reductions, `cp.reduce.async.bulk`, and the multicast
//! `cp.async.bulk`, each done at once by the lane that issues it.
//!
//! A tensor copy reads its tensor map (the simulator's 128-byte layout,
//! [`crate::tensor_map`]) from a kernel parameter or from memory, walks its box in global
//! memory, and places it in shared memory row after row, each row the box's inner
//! dimension, permuted by the map's swizzle (`TensorMapSwizzle::apply` of the
//! shared-memory address). Elements outside the tensor read as the map's fill and are not
//! written by a store. A load completes the box's bytes (out-of-bounds elements included) on
//! its `mbarrier`, as `mbarrier::complete_tx::bytes` says; the groups of stores
//! (`cp.async.bulk.commit_group`/`wait_group`) have nothing left to wait for.

use super::arith::trunc;
use super::cluster::RANK_SHIFT;
use super::control::{Exec, Flow};
use super::global::Global;
use super::memory::atom_value;
use super::warp_state::{lanes, Warp};
use super::Block;
use crate::error::Result;
use crate::sim::engine::half;
use crate::sim::engine::ir::*;
use crate::sim::engine::mem::GLOBAL_BASE;
use crate::tensor_map::{
    oob_value, TensorMapDataType, TensorMapDesc, TENSOR_MAP_ALIGN, TENSOR_MAP_BYTES,
};

/// The offset bits of a shared-memory address (below the cluster rank tag).
const OFFSET_MASK: u64 = (1 << RANK_SHIFT) - 1;

/// The simulator's type for elements of a map's `data_type`.
fn elem_ty(data_type: TensorMapDataType) -> Ty {
    use TensorMapDataType as D;
    match data_type {
        D::U8 => Ty::U(1),
        D::U16 => Ty::U(2),
        D::U32 => Ty::U(4),
        D::S32 => Ty::S(4),
        D::U64 => Ty::U(8),
        D::S64 => Ty::S(8),
        D::F16 => Ty::F16,
        D::BF16 => Ty::BF16,
        D::F32 | D::F32Ftz | D::TF32 | D::TF32Ftz => Ty::F32,
        D::F64 => Ty::F64,
    }
}

/// The value a bulk reduction `op` on `ty` leaves, from the value there (`old`) and the
/// operand `x`; `global`: the destination is global memory (where `f32` addition flushes
/// subnormals, as the GPU's `RED.ADD.F32.FTZ` does).
fn reduce_value(op: TmaReduceOp, ty: Ty, (old, x): (u64, u64), global: bool) -> u64 {
    use TmaReduceOp as R;
    if let Ty::F16 | Ty::BF16 = ty {
        let fmt = if ty == Ty::F16 {
            HalfFmt::F16
        } else {
            HalfFmt::BF16
        };
        let hop = match op {
            R::Min => HalfOp::Min,
            R::Max => HalfOp::Max,
            _ => HalfOp::Add,
        };
        return half::op(hop, fmt, HalfMods::default(), old as u16, x as u16, 0) as u64;
    }
    let aop = match op {
        R::Add => AtomOp::Add,
        R::Min => AtomOp::Min,
        R::Max => AtomOp::Max,
        // `inc`/`dec` wrap at the operand, as `atom.inc`/`atom.dec` do.
        R::Inc => AtomOp::Inc,
        R::Dec => AtomOp::Dec,
        R::And => AtomOp::And,
        R::Or => AtomOp::Or,
        R::Xor => AtomOp::Xor,
    };
    trunc(
        atom_value(aop, ty, (old, x, 0), global),
        Ty::U(ty.size() as u8),
    )
}

/// Where each element of a copy's box is: its byte offset in the box (row after row) and
/// its global address, `None` outside the tensor.
fn box_elements(desc: &TensorMapDesc, coords: &[i64], offsets: &[i64]) -> Vec<(u64, Option<u64>)> {
    let size = desc.data_type.size();
    let rank = desc.rank;
    let stride = |k: usize| if k == 0 { size } else { desc.strides[k - 1] };
    let inside = |k: usize, c: i64| c >= 0 && (c as u64) < desc.dims[k];
    let mut out = Vec::new();
    match desc.im2col {
        None => {
            let n: Vec<u64> = (0..rank).map(|k| desc.traversed(k)).collect();
            let total: u64 = n.iter().product();
            out.reserve(total as usize);
            for idx in 0..total {
                let (mut rem, mut at, mut ok) = (idx, desc.global_address, true);
                for k in 0..rank {
                    let i = (rem % n[k]) as i64;
                    rem /= n[k];
                    let step = if k == 0 && desc.interleave == Default::default() {
                        1
                    } else {
                        desc.element_strides[k] as i64
                    };
                    let c = coords[k].saturating_add(i * step);
                    if inside(k, c) {
                        at = at.wrapping_add((c as u64).wrapping_mul(stride(k)));
                    } else {
                        ok = false;
                    }
                }
                out.push((idx * size, ok.then_some(at)));
            }
        }
        Some(i) => {
            // Dimension 0 is the channels, 1..rank-1 the spatial ones (W first), the last N.
            let spatial = rank - 2;
            let mut pos: Vec<i64> = coords[1..rank].to_vec();
            let channels = i.channels_per_pixel as u64;
            out.reserve((channels * i.pixels_per_column as u64) as usize);
            for p in 0..i.pixels_per_column as u64 {
                for ch in 0..channels {
                    let mut ok = inside(0, coords[0] + ch as i64);
                    let mut at = desc
                        .global_address
                        .wrapping_add(((coords[0] + ch as i64) as u64).wrapping_mul(size));
                    for k in 0..=spatial {
                        let c = pos[k] + if k < spatial { offsets[k] } else { 0 };
                        if inside(k + 1, c) {
                            at = at.wrapping_add((c as u64).wrapping_mul(stride(k + 1)));
                        } else {
                            ok = false;
                        }
                    }
                    out.push(((p * channels + ch) * size, ok.then_some(at)));
                }
                // The next pixel: W within the bounding box, then H, then D, then N.
                for (k, at) in pos.iter_mut().enumerate() {
                    *at += desc.element_strides[k + 1] as i64;
                    if k == spatial {
                        break;
                    }
                    let last = desc.dims[k + 1] as i64 - 1 + i.upper[k] as i64;
                    if *at <= last {
                        break;
                    }
                    *at = i.lower[k] as i64;
                }
            }
        }
    }
    out
}

impl Block<'_> {
    /// The tensor map lane `l` names at `map`: a kernel parameter (`.param`, or the offset
    /// a `cvta.param` gives, which lies below every global allocation), or 128 bytes of
    /// global memory.
    fn read_tensor_map<G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        (l, ins): (usize, &Instr),
        map: Addr,
    ) -> Result<TensorMapDesc> {
        let at = w.get(map.base, l).wrapping_add(map.offset as u64);
        let space = match map.space {
            MemSpace::Generic if at < GLOBAL_BASE => MemSpace::Param,
            s => s,
        };
        if at % TENSOR_MAP_ALIGN as u64 != 0 {
            return Err(self.fault(
                w,
                l,
                ins,
                format!(
                    "a tensor map at {at:#x} (tensor maps are {TENSOR_MAP_ALIGN}-byte aligned)"
                ),
            ));
        }
        let mut bytes = [0u8; TENSOR_MAP_BYTES];
        for k in 0..TENSOR_MAP_BYTES / 8 {
            let v = self
                .read(gmem, w, l, space, at + 8 * k as u64, 8)
                .map_err(|e| self.fault(w, l, ins, format!("reading the tensor map: {e}")))?;
            bytes[8 * k..8 * k + 8].copy_from_slice(&v.to_le_bytes());
        }
        let desc =
            TensorMapDesc::decode(&bytes).map_err(|e| self.fault(w, l, ins, e.to_string()))?;
        match desc.unsimulated() {
            Some(why) => Err(self.fault(w, l, ins, why)),
            None => Ok(desc),
        }
    }

    /// The shared-memory addresses a copy of `bytes` bytes to `smem` lands at in each block
    /// `cta_mask` names (the running block's address as given, another's tagged with its
    /// rank), each with its `mbarrier`: faults for a rank outside the cluster or a box that
    /// does not fit.
    fn destinations(
        &self,
        w: &Warp,
        (l, ins): (usize, &Instr),
        (smem, mbar): (u64, Option<u64>),
        (cta_mask, bytes): (Option<u64>, u64),
    ) -> Result<Vec<(u64, Option<u64>)>> {
        let off = smem & OFFSET_MASK;
        let n = self.shared.len() as u64;
        if off.saturating_add(bytes) > n {
            return Err(self.fault(
                w,
                l,
                ins,
                format!(
                    "a {bytes}-byte copy to shared offset {off:#x} does not fit the block's {n} \
                     bytes of shared memory (CUDA_ERROR_ILLEGAL_ADDRESS)"
                ),
            ));
        }
        let Some(mask) = cta_mask else {
            return Ok(vec![(smem, mbar)]);
        };
        let (own, size) = (self.place.rank as u64, self.place.size as u64);
        let mask = mask & 0xffff;
        if mask >> size != 0 {
            return Err(self.fault(
                w,
                l,
                ins,
                format!(
                    "a multicast to blocks {mask:#06x} of a cluster of {size} (the mask names \
                     ranks of the cluster)"
                ),
            ));
        }
        let tag = |r: u64| if r == own { 0 } else { (r + 1) << RANK_SHIFT };
        Ok((0..size)
            .filter(|r| mask >> r & 1 == 1)
            .map(|r| (tag(r) | off, mbar.map(|m| tag(r) | (m & OFFSET_MASK))))
            .collect())
    }

    /// `Op::Tma` in lanes `m`: each lane's copy, done at once.
    #[inline(never)]
    pub(super) fn exec_tma<G: Global>(&mut self, x: Exec<'_, G>, op: &Tma) -> Result<Flow> {
        let Exec {
            gmem,
            w,
            ins,
            at,
            m,
        } = x;
        let t = &*op.instr;
        for l in lanes(m) {
            let smem = w.get(t.smem.base, l).wrapping_add(t.smem.offset as u64);
            let mbar = t
                .mbar
                .map(|a| w.get(a.base, l).wrapping_add(a.offset as u64));
            let mask = match t.kind {
                TmaKind::Load { cta_mask } => cta_mask.map(|s| w.get(s, l)),
                _ => None,
            };
            // What moves: the box's bytes (element size, offset in the box, global address).
            let (size, elements, desc, fill) = match t.dims {
                None => {
                    // A plain multicast `cp.async.bulk`.
                    let n = t.size.map_or(0, |s| w.get(s, l) & 0xffff_ffff);
                    if n % 16 != 0 || smem % 16 != 0 {
                        return Err(self.fault(
                            w,
                            l,
                            ins,
                            format!(
                                "cp.async.bulk of {n} bytes to {smem:#x} (a multiple of 16, \
                                 16-byte aligned)"
                            ),
                        ));
                    }
                    self.destinations(w, (l, ins), (smem, None), (None, n))?;
                    let src = w.get(t.map.base, l).wrapping_add(t.map.offset as u64);
                    let els: Vec<_> = (0..n / 8)
                        .map(|k| (8 * k, Some(src.wrapping_add(8 * k))))
                        .collect();
                    (8, els, None, 0)
                }
                Some(dims) => {
                    let desc = self.read_tensor_map(gmem, w, (l, ins), t.map)?;
                    if desc.rank != dims as usize || desc.im2col.is_some() != t.im2col {
                        return Err(self.fault(
                            w,
                            l,
                            ins,
                            format!(
                                "a {dims}d {} copy with a tensor map of rank {} ({})",
                                if t.im2col { "im2col" } else { "tile" },
                                desc.rank,
                                if desc.im2col.is_some() {
                                    "im2col"
                                } else {
                                    "tiled"
                                }
                            ),
                        ));
                    }
                    // 128 bytes unswizzled, the pattern's repeat when swizzled (the CUDA
                    // programming guide's TMA swizzle table): a box starting elsewhere in the
                    // pattern would land permuted differently from what the kernel expects.
                    let align = desc.swizzle.alignment();
                    if smem % align != 0 {
                        return Err(self.fault(
                            w,
                            l,
                            ins,
                            format!(
                                "a tensor copy's shared memory at {smem:#x} is not {align}-byte \
                                 aligned, as this map's swizzle needs (its pattern follows the \
                                 address); align the shared-memory buffer to {align} bytes"
                            ),
                        ));
                    }
                    let coords: Vec<i64> = t
                        .coords
                        .iter()
                        .map(|&c| w.get(c, l) as u32 as i32 as i64)
                        .collect();
                    let offsets: Vec<i64> = t
                        .offsets
                        .iter()
                        .map(|&c| w.get(c, l) as u16 as i64)
                        .collect();
                    let fill = oob_value(desc.data_type, desc.oob_fill);
                    // Before walking the box: a box larger than shared memory (up to 2^43
                    // bytes by the map's limits) faults here, not in an allocation.
                    self.destinations(w, (l, ins), (smem, None), (None, desc.box_bytes()))?;
                    let els = box_elements(&desc, &coords, &offsets);
                    if let TmaKind::Reduce(op) = t.kind {
                        let ty = elem_ty(desc.data_type);
                        if !crate::sim::engine::lower::reduction_allowed(op, ty) {
                            return Err(self.fault(
                                w,
                                l,
                                ins,
                                format!(
                                    "a {op:?} reduction of a {} tensor (not in the PTX ISA's list)",
                                    desc.data_type.name()
                                ),
                            ));
                        }
                    }
                    let swizzle = desc.swizzle;
                    let els: Vec<_> = els
                        .into_iter()
                        .map(|(o, g)| (swizzle.apply(smem + o) - smem, g))
                        .collect();
                    (desc.data_type.size(), els, Some(desc), fill)
                }
            };
            let bytes = elements.len() as u64 * size;
            let width = size as usize;
            // Global memory's side, once per copy however many blocks a multicast feeds:
            // the elements inside the tensor.
            let inside = elements.iter().filter_map(|&(_, g)| Some((g?, size)));
            self.count_bulk(at.pc, inside);
            match t.kind {
                TmaKind::Load { .. } => {
                    let targets = self.destinations(w, (l, ins), (smem, mbar), (mask, bytes))?;
                    let mut values = Vec::with_capacity(elements.len());
                    for &(_, g) in &elements {
                        values.push(match g {
                            Some(g) => self
                                .read(gmem, w, l, MemSpace::Global, g, width)
                                .map_err(|e| self.fault(w, l, ins, e))?,
                            None => fill,
                        });
                    }
                    for (base, bar) in targets {
                        for (&(o, _), &v) in elements.iter().zip(&values) {
                            self.write(gmem, w, l, (MemSpace::Shared, base + o, width), v)
                                .map_err(|e| self.fault(w, l, ins, e))?;
                        }
                        if let Some(bar) = bar {
                            let addr = Addr {
                                space: MemSpace::Shared,
                                base: Src::Imm(bar),
                                offset: 0,
                            };
                            let op = (MbarOp::CompleteTx, None, addr, Some(Src::Imm(bytes)));
                            self.mbarrier(gmem, w, ins, op, 1 << l)?;
                        }
                    }
                }
                TmaKind::Store | TmaKind::Reduce(_) => {
                    self.destinations(w, (l, ins), (smem, None), (None, bytes))?;
                    let ty = desc.map_or(Ty::U(8), |d| elem_ty(d.data_type));
                    for &(o, g) in &elements {
                        let v = self
                            .read(gmem, w, l, MemSpace::Shared, smem + o, width)
                            .map_err(|e| self.fault(w, l, ins, e))?;
                        let Some(g) = g else { continue };
                        let place = (MemSpace::Global, g, width);
                        match t.kind {
                            TmaKind::Reduce(op) => self
                                .read_modify_write(gmem, w, l, place, |old| {
                                    reduce_value(op, ty, (old, v), true)
                                })
                                .map(|_| ()),
                            _ => self.write(gmem, w, l, place, v),
                        }
                        .map_err(|e| self.fault(w, l, ins, e))?;
                    }
                }
            }
            // One unit per 8 bytes, as for `cp.async.bulk`.
            self.charge(bytes.div_ceil(8));
        }
        w.advance(at.mask, at.next);
        Ok(Flow::Charged)
    }

    /// `cp.reduce.async.bulk` (`Op::BulkReduce`) in lanes `m`, done at once.
    #[inline(never)]
    pub(super) fn exec_bulk_reduce<G: Global>(
        &mut self,
        x: Exec<'_, G>,
        op: &BulkReduce,
    ) -> Result<Flow> {
        let Exec {
            gmem,
            w,
            ins,
            at,
            m,
        } = x;
        let r = &*op.instr;
        let width = r.ty.size();
        for l in lanes(m) {
            let n = w.get(r.size, l) & 0xffff_ffff;
            let dst = w.get(r.dst.base, l).wrapping_add(r.dst.offset as u64);
            let src = w.get(r.src.base, l).wrapping_add(r.src.offset as u64);
            if n % 16 != 0 || dst % 16 != 0 || src % 16 != 0 {
                return Err(self.fault(
                    w,
                    l,
                    ins,
                    format!(
                        "cp.reduce.async.bulk of {n} bytes from {src:#x} to {dst:#x} (a multiple \
                         of 16, both 16-byte aligned)"
                    ),
                ));
            }
            let global = r.dst.space == MemSpace::Global;
            if global {
                self.count_bulk(at.pc, std::iter::once((dst, n)));
            }
            for off in (0..n).step_by(width) {
                let v = self
                    .read(gmem, w, l, MemSpace::Shared, src + off, width)
                    .map_err(|e| self.fault(w, l, ins, e))?;
                let place = (r.dst.space, dst + off, width);
                self.read_modify_write(gmem, w, l, place, |old| {
                    reduce_value(r.op, r.ty, (old, v), global)
                })
                .map_err(|e| self.fault(w, l, ins, e))?;
            }
            self.charge(n / 8);
            if let Some(mbar) = r.mbar {
                let op = (MbarOp::CompleteTx, None, mbar, Some(Src::Imm(n)));
                self.mbarrier(gmem, w, ins, op, 1 << l)?;
            }
        }
        w.advance(at.mask, at.next);
        Ok(Flow::Charged)
    }
}

impl Block<'_> {
    /// `tensormap.replace.tile.global_address` (`Op::TensormapReplace`) in lanes `m`: the
    /// address field of the simulator's map at each lane's `addr` (which must hold one).
    #[inline(never)]
    pub(super) fn exec_tensormap_replace<G: Global>(
        &mut self,
        x: Exec<'_, G>,
        op: &TensormapReplace,
    ) -> Result<Flow> {
        let Exec {
            gmem, w, ins, m, ..
        } = x;
        let TensormapReplace { addr, value } = *op;
        for l in lanes(m) {
            let at = w.get(addr.base, l).wrapping_add(addr.offset as u64);
            if at % TENSOR_MAP_ALIGN as u64 != 0 {
                return Err(self.fault(
                    w,
                    l,
                    ins,
                    format!("tensormap.replace of a map at {at:#x} (64-byte aligned)"),
                ));
            }
            let head = self
                .read(gmem, w, l, addr.space, at, 8)
                .map_err(|e| self.fault(w, l, ins, e))?;
            if !TensorMapDesc::is_encoded_header(head) {
                return Err(self.fault(
                    w,
                    l,
                    ins,
                    format!(
                        "tensormap.replace at {at:#x}: the bytes there are not a tensor map the \
                         simulator encoded"
                    ),
                ));
            }
            let v = w.get(value, l);
            let field = (addr.space, at + TensorMapDesc::ADDRESS_OFFSET, 8);
            self.write(gmem, w, l, field, v)
                .map_err(|e| self.fault(w, l, ins, e))?;
        }
        Ok(Flow::Next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tensor_map::Im2col;

    #[test]
    fn a_tile_walks_its_box_row_after_row_and_marks_what_is_outside() {
        // A 4 x 3 f32 tensor (rows of 16 bytes), a 4 x 2 box from (0, 2): the second row is
        // outside.
        let d = TensorMapDesc::tiled(TensorMapDataType::F32, 0x100, &[4, 3], &[4, 2]).unwrap();
        let e = box_elements(&d, &[0, 2], &[]);
        assert_eq!(e.len(), 8);
        assert_eq!(e[0], (0, Some(0x100 + 2 * 16)));
        assert_eq!(e[3], (12, Some(0x100 + 2 * 16 + 12)));
        assert!(e[4..].iter().all(|&(_, g)| g.is_none()));
        // Negative coordinates are outside too.
        let e = box_elements(&d, &[0, -1], &[]);
        assert!(e[..4].iter().all(|&(_, g)| g.is_none()));
        assert_eq!(e[4].1, Some(0x100));
        let e = box_elements(&d, &[-4, 0], &[]);
        assert!(e.iter().all(|&(_, g)| g.is_none()));
    }

    #[test]
    fn element_strides_skip_rows_but_not_the_inner_dimension() {
        let mut d = TensorMapDesc::tiled(TensorMapDataType::F32, 0, &[4, 8], &[4, 4]).unwrap();
        d.element_strides = [2, 2, 1, 1, 1];
        let e = box_elements(&d, &[0, 0], &[]);
        // ceil(4 / 2) = 2 rows of 4 (dimension 0's stride is ignored without interleave).
        assert_eq!(e.len(), 8);
        assert_eq!(e[4].1, Some(2 * 16));
    }

    #[test]
    fn im2col_walks_pixels_within_the_bounding_box() {
        // NWC: 2 channels, W = 4, N = 2; the box for W runs from -1 to 4 - 1 - 1 = 2.
        let mut d = TensorMapDesc::tiled(TensorMapDataType::U16, 0, &[2, 4, 2], &[1; 3]).unwrap();
        d.strides = [16, 64, 0, 0];
        d.im2col = Some(Im2col {
            lower: [-1, 0, 0],
            upper: [-1, 0, 0],
            channels_per_pixel: 2,
            pixels_per_column: 6,
        });
        // From w = 1 with offset 1: loads w = 2, 3 (w = 1, 2 of the box), then n = 1 from
        // w = -1: loads 0, 1, 2, 3.
        let e = box_elements(&d, &[0, 1, 0], &[1]);
        let pixel = |p: usize| e[2 * p].1;
        assert_eq!(pixel(0), Some(2 * 16));
        assert_eq!(pixel(1), Some(3 * 16));
        assert_eq!(pixel(2), Some(64));
        assert_eq!(pixel(5), Some(64 + 3 * 16));
        assert_eq!(e.len(), 12);
    }

    #[test]
    fn reductions_compute_what_the_isa_says() {
        assert_eq!(
            reduce_value(TmaReduceOp::Add, Ty::U(4), (0xffff_ffff, 2), true),
            1
        );
        assert_eq!(
            reduce_value(TmaReduceOp::Min, Ty::S(4), (5, 0xffff_ffff), true),
            0xffff_ffff
        );
        assert_eq!(reduce_value(TmaReduceOp::Inc, Ty::U(4), (7, 7), true), 0);
        assert_eq!(reduce_value(TmaReduceOp::Xor, Ty::U(8), (6, 3), true), 5);
        // 1.0 + 2.0 in f16 and bf16.
        assert_eq!(
            reduce_value(TmaReduceOp::Add, Ty::F16, (0x3c00, 0x4000), true),
            0x4200
        );
        assert_eq!(
            reduce_value(TmaReduceOp::Max, Ty::BF16, (0x3f80, 0x4000), true),
            0x4000
        );
        let one = 1.0f32.to_bits() as u64;
        assert_eq!(
            reduce_value(TmaReduceOp::Add, Ty::F32, (one, one), true),
            2.0f32.to_bits() as u64
        );
    }
}
