//! Warp-wide matrix instructions (see [`crate::sim::engine::tensor`] for the arithmetic):
//! `ldmatrix`/`stmatrix`, `movmatrix`, `mma` and `wmma`'s load, multiply and store.

use super::budget::matrix_work;
use super::control::{Exec, Flow};
use super::global::Global;
use super::warp_state::{lanes, Warp};
use super::Block;
use crate::error::Result;
use crate::sim::engine::ir::*;
use crate::sim::engine::tensor::{self, Operand as Which};

/// What `ldmatrix` (`load`) or `stmatrix` moves: `count` 8x8 matrices, transposed when
/// `trans`.
#[derive(Clone, Copy)]
struct Movement {
    count: u8,
    trans: bool,
    load: bool,
}

/// The memory side of `wmma.load` or `wmma.store` (`which` is `C` for a store).
#[derive(Clone, Copy)]
struct WmmaAccess {
    which: Which,
    shape: Shape,
    elem: Elem,
    row_major: bool,
}

/// The rows of the registers `srcs`: a fragment.
fn fragment(w: &Warp, srcs: &[Src]) -> tensor::Fragment {
    srcs.iter().map(|&s| w.row(s)).collect()
}

/// Writes fragment `f` to the instruction's destination registers in lanes `m`.
fn write_fragment(w: &mut Warp, mi: &MatrixInstr, m: u32, f: &tensor::Fragment) {
    for (&d, row) in mi.d.iter().zip(f) {
        w.blend(d, m, row);
    }
}

/// The instruction's address in lane `l`, if it has one.
fn matrix_base(w: &Warp, mi: &MatrixInstr, l: usize) -> Option<(MemSpace, u64)> {
    mi.addr
        .map(|a| (a.space, w.get(a.base, l).wrapping_add(a.offset as u64)))
}

/// `movmatrix` in lanes `m`: the 8x8 `b16` matrix transposed.
fn mov_matrix(w: &mut Warp, mi: &MatrixInstr, m: u32) {
    let src = fragment(w, &mi.a);
    let mut mat = [[0u16; 8]; 8];
    for l in lanes(m) {
        let v = src[0][l];
        mat[l / 4][2 * (l % 4)] = v as u16;
        mat[l / 4][2 * (l % 4) + 1] = (v >> 16) as u16;
    }
    let mut out: tensor::Fragment = vec![[0u64; 32]];
    for l in lanes(m) {
        let (r, c) = (l / 4, 2 * (l % 4));
        out[0][l] = mat[c][r] as u64 | (mat[c + 1][r] as u64) << 16;
    }
    write_fragment(w, mi, m, &out);
}

/// `mma` (`wmma` false) or `wmma.mma` (true) of `shape` and `types` in lanes `m`.
fn mma(w: &mut Warp, mi: &MatrixInstr, m: u32, shape: Shape, types: MmaTypes, wmma: bool) {
    let gather = |f: &tensor::Fragment, which: Which, e: Elem| -> Vec<u64> {
        let (rows, cols) = which.dims(shape);
        let mut mat = vec![0u64; rows * cols];
        let per_lane = rows * cols / 32;
        for l in lanes(m) {
            for i in 0..per_lane {
                let (r, c) = if wmma {
                    tensor::wmma_position(rows, cols, l, i)
                } else {
                    tensor::mma_position(which, e, l, i)
                };
                mat[r * cols + c] = tensor::fragment_get(f, e, l, i);
            }
        }
        mat
    };
    let a = gather(&fragment(w, &mi.a), Which::A, types.a);
    let b = gather(&fragment(w, &mi.b), Which::B, types.b);
    let c = gather(&fragment(w, &mi.c), Which::C, types.c);
    let unit = if wmma {
        tensor::Unit::Wmma
    } else {
        tensor::Unit::Mma
    };
    let d = tensor::multiply(shape, types, unit, &a, &b, &c);
    let (rows, cols) = Which::C.dims(shape);
    let mut out: tensor::Fragment = vec![[0u64; 32]; mi.d.len()];
    let slots = mi.d.len() * types.d.per_reg();
    for l in lanes(m) {
        for i in 0..if wmma { slots } else { rows * cols / 32 } {
            let (r, c) = if wmma {
                tensor::wmma_position(rows, cols, l, i)
            } else {
                tensor::mma_position(Which::C, types.d, l, i)
            };
            tensor::fragment_set(&mut out, types.d, l, i, d[r * cols + c]);
        }
    }
    write_fragment(w, mi, m, &out);
}

impl Block<'_> {
    /// A warp-wide matrix instruction (`Op::Matrix`) in lanes `m`.
    #[inline(never)]
    pub(super) fn exec_matrix<G: Global>(&mut self, x: Exec<'_, G>, op: &Matrix) -> Result<Flow> {
        let Exec {
            gmem,
            w,
            ins,
            at,
            m,
        } = x;
        let mi = &op.instr;
        // Each form's handler takes its own operands, matched here once.
        match mi.op {
            MatrixOp::LdMatrix { count, trans } => {
                let moved = Movement {
                    count,
                    trans,
                    load: true,
                };
                self.ld_st_matrix(gmem, (w, ins, at.pc), mi, m, moved)?
            }
            MatrixOp::StMatrix { count, trans } => {
                let moved = Movement {
                    count,
                    trans,
                    load: false,
                };
                self.ld_st_matrix(gmem, (w, ins, at.pc), mi, m, moved)?
            }
            MatrixOp::MovMatrix => mov_matrix(w, mi, m),
            MatrixOp::Mma { shape, types } => mma(w, mi, m, shape, types, false),
            MatrixOp::WmmaMma { shape, types } => mma(w, mi, m, shape, types, true),
            MatrixOp::WmmaLoad {
                which,
                shape,
                elem,
                row_major,
            } => {
                let access = WmmaAccess {
                    which,
                    shape,
                    elem,
                    row_major,
                };
                self.wmma_load(gmem, w, ins, mi, m, access)?
            }
            MatrixOp::WmmaStore {
                shape,
                elem,
                row_major,
            } => {
                let access = WmmaAccess {
                    which: Which::C,
                    shape,
                    elem,
                    row_major,
                };
                self.wmma_store(gmem, w, ins, mi, m, access)?
            }
        }
        self.charge(matrix_work(&mi.op));
        w.advance(at.mask, at.next);
        Ok(Flow::Charged)
    }

    /// `ldmatrix` or `stmatrix` (the instruction `ins` at `pc`) in lanes `m`.
    fn ld_st_matrix<G: Global>(
        &mut self,
        gmem: &mut G,
        (w, ins, pc): (&mut Warp, &Instr, u32),
        mi: &MatrixInstr,
        m: u32,
        moved: Movement,
    ) -> Result<()> {
        let Movement { count, trans, load } = moved;
        let first = lanes(m).next().unwrap_or(0);
        // m8n8 matrices of b16: row r of matrix q is at the address lane 8q + r gives.
        let mut mats = vec![[[0u16; 8]; 8]; count as usize];
        let rows_at = |w: &Warp| -> std::result::Result<Vec<(MemSpace, u64)>, usize> {
            (0..8 * count as usize)
                .map(|l| {
                    if m & (1 << l) == 0 {
                        Err(l)
                    } else {
                        matrix_base(w, mi, l).ok_or(l)
                    }
                })
                .collect()
        };
        let rows = rows_at(w).map_err(|l| {
            self.fault(
                w,
                first,
                ins,
                format!(
                    "{} needs lane {l}'s row address, and that lane is not running it",
                    ins.text
                ),
            )
        })?;
        // Shared memory's side: lanes 0-7, 0-15 or 0-31 give the rows, 16 bytes each,
        // whatever `.trans` does to the registers.
        self.count_matrix(pc, &rows);
        let at = |l: usize, j: usize| {
            if trans {
                (2 * (l % 4) + j, l / 4)
            } else {
                (l / 4, 2 * (l % 4) + j)
            }
        };
        if load {
            for (q, mat) in mats.iter_mut().enumerate() {
                for (r, row) in mat.iter_mut().enumerate() {
                    let (space, addr) = rows[8 * q + r];
                    for half in 0..2u64 {
                        let v = self
                            .read(gmem, w, 8 * q + r, space, addr + 8 * half, 8)
                            .map_err(|e| self.fault(w, 8 * q + r, ins, e))?;
                        for k in 0..4 {
                            row[4 * half as usize + k] = (v >> (16 * k)) as u16;
                        }
                    }
                }
            }
            let mut out: tensor::Fragment = vec![[0u64; 32]; count as usize];
            for (q, reg) in out.iter_mut().enumerate() {
                for l in lanes(m) {
                    let (r0, c0) = at(l, 0);
                    let (r1, c1) = at(l, 1);
                    reg[l] = mats[q][r0][c0] as u64 | (mats[q][r1][c1] as u64) << 16;
                }
            }
            write_fragment(w, mi, m, &out);
        } else {
            let src = fragment(w, &mi.a);
            for (q, mat) in mats.iter_mut().enumerate() {
                for l in lanes(m) {
                    let v = src.get(q).map_or(0, |r| r[l]);
                    let (r0, c0) = at(l, 0);
                    let (r1, c1) = at(l, 1);
                    mat[r0][c0] = v as u16;
                    mat[r1][c1] = (v >> 16) as u16;
                }
            }
            for (q, mat) in mats.iter().enumerate() {
                for (r, row) in mat.iter().enumerate() {
                    let (space, addr) = rows[8 * q + r];
                    for half in 0..2usize {
                        let v =
                            (0..4).fold(0u64, |v, k| v | (row[4 * half + k] as u64) << (16 * k));
                        self.write(gmem, w, 8 * q + r, (space, addr + 8 * half as u64, 8), v)
                            .map_err(|e| self.fault(w, 8 * q + r, ins, e))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// `wmma.load` in lanes `m`.
    fn wmma_load<G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        ins: &Instr,
        mi: &MatrixInstr,
        m: u32,
        access: WmmaAccess,
    ) -> Result<()> {
        let WmmaAccess {
            which,
            shape,
            elem,
            row_major,
        } = access;
        let (rows, cols) = which.dims(shape);
        let slots = mi.d.len() * elem.per_reg();
        let mut out: tensor::Fragment = vec![[0u64; 32]; mi.d.len()];
        for l in lanes(m) {
            let stride = self.wmma_stride(w, mi, l, row_major, rows, cols);
            let Some((space, p)) = matrix_base(w, mi, l) else {
                break;
            };
            for s in 0..slots {
                let (r, c) = tensor::wmma_position(rows, cols, l, s);
                let at = self.wmma_bits(p, r, c, stride, row_major, elem);
                let v = self
                    .wmma_read(gmem, w, l, space, at, elem)
                    .map_err(|e| self.fault(w, l, ins, e))?;
                tensor::fragment_set(&mut out, elem, l, s, v);
            }
        }
        write_fragment(w, mi, m, &out);
        Ok(())
    }

    /// `wmma.store` in lanes `m`.
    fn wmma_store<G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        ins: &Instr,
        mi: &MatrixInstr,
        m: u32,
        access: WmmaAccess,
    ) -> Result<()> {
        let WmmaAccess {
            which,
            shape,
            elem,
            row_major,
        } = access;
        let (rows, cols) = which.dims(shape);
        let src = fragment(w, &mi.a);
        let unique = (rows * cols / 32).max(1);
        for l in lanes(m) {
            let stride = self.wmma_stride(w, mi, l, row_major, rows, cols);
            let Some((space, p)) = matrix_base(w, mi, l) else {
                break;
            };
            for s in 0..unique {
                let (r, c) = tensor::wmma_position(rows, cols, l, s);
                let at = self.wmma_bits(p, r, c, stride, row_major, elem);
                let v = tensor::fragment_get(&src, elem, l, s);
                let bytes = (elem.bits() / 8).max(1) as usize;
                let (addr, shift) = at;
                let v = if elem.bits() < 8 {
                    let old = self
                        .read(gmem, w, l, space, addr, 1)
                        .map_err(|e| self.fault(w, l, ins, e))?;
                    let mask = ((1u64 << elem.bits()) - 1) << shift;
                    (old & !mask) | ((v << shift) & mask)
                } else {
                    v
                };
                self.write(gmem, w, l, (space, addr, bytes), v)
                    .map_err(|e| self.fault(w, l, ins, e))?;
            }
        }
        Ok(())
    }

    /// A `wmma` load or store's stride in elements (the matrix's width by default).
    pub(super) fn wmma_stride(
        &self,
        w: &Warp,
        mi: &MatrixInstr,
        l: usize,
        row_major: bool,
        rows: usize,
        cols: usize,
    ) -> u64 {
        mi.stride
            .map_or(if row_major { cols } else { rows } as u64, |s| {
                w.get(s, l) & 0xffff_ffff
            })
    }

    /// The byte address and bit offset of element (r, c) of a matrix at byte address `p`.
    pub(super) fn wmma_bits(
        &self,
        p: u64,
        r: usize,
        c: usize,
        stride: u64,
        row_major: bool,
        e: Elem,
    ) -> (u64, u64) {
        let (major, minor) = if row_major { (r, c) } else { (c, r) };
        let index = (major as u64)
            .wrapping_mul(stride)
            .wrapping_add(minor as u64);
        let bits = index.wrapping_mul(e.bits() as u64);
        (p.wrapping_add(bits / 8), bits % 8)
    }

    /// One element at a bit address.
    pub(super) fn wmma_read<G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        l: usize,
        space: MemSpace,
        (addr, shift): (u64, u64),
        e: Elem,
    ) -> std::result::Result<u64, String> {
        let bytes = (e.bits() / 8).max(1) as usize;
        let v = self.read(gmem, w, l, space, addr, bytes)?;
        Ok(if e.bits() < 8 {
            (v >> shift) & ((1 << e.bits()) - 1)
        } else {
            v
        })
    }
}
