//! Memory: the bytes an address names in each space (global, shared, local, constant,
//! parameter, generic), loads and stores lane by lane and the whole-warp fast paths,
//! atomics, `cvta`, and the asynchronous copies (`cp.async`, `cp.async.bulk`).

use super::arith::{bin, flush_bits, sext, trunc, width_mask};
use super::control::{Exec, Flow};
use super::global::Global;
use super::warp_state::{lanes, split_dst, split_src, Warp};
use super::Block;
use crate::error::Result;
use crate::sim::engine::half;
use crate::sim::engine::ir::*;
use crate::sim::engine::mem::plain::{gather, load_le, scatter, store_le};
use crate::sim::engine::mem::{LOCAL_WINDOW, SHARED_WINDOW, WINDOW_SIZE};
use std::mem::MaybeUninit;

/// Whether an access at `addr` in `space` lands in global memory (a generic address
/// outside the shared and local windows).
#[inline]
pub(super) fn in_global(space: MemSpace, addr: u64) -> bool {
    match space {
        MemSpace::Global => true,
        MemSpace::Generic => {
            !(SHARED_WINDOW..SHARED_WINDOW + WINDOW_SIZE).contains(&addr)
                && !(LOCAL_WINDOW..LOCAL_WINDOW + WINDOW_SIZE).contains(&addr)
        }
        _ => false,
    }
}

/// The space a `space` access at `addr` lands in (a generic address resolved to global,
/// shared or local) and its address there, if it is aligned to `len`.
#[inline]
fn resolve(space: MemSpace, addr: u64, len: usize) -> std::result::Result<(MemSpace, u64), String> {
    let (space, addr) = match space {
        MemSpace::Generic if (SHARED_WINDOW..SHARED_WINDOW + WINDOW_SIZE).contains(&addr) => {
            (MemSpace::Shared, addr - SHARED_WINDOW)
        }
        MemSpace::Generic if (LOCAL_WINDOW..LOCAL_WINDOW + WINDOW_SIZE).contains(&addr) => {
            (MemSpace::Local, addr - LOCAL_WINDOW)
        }
        MemSpace::Generic => (MemSpace::Global, addr),
        s => (s, addr),
    };
    if len > 1 && addr % len as u64 != 0 {
        return Err(format!("misaligned {len}-byte access at {addr:#x}"));
    }
    Ok((space, addr))
}

/// The fault of a `len`-byte access at `addr` outside `what`.
#[cold]
fn outside(len: usize, addr: u64, what: &str) -> String {
    format!("{len}-byte access at {addr:#x} is outside {what} (CUDA_ERROR_ILLEGAL_ADDRESS)")
}

/// Runs `gather_into` (which loads one element per lane of `m` from the lanes' base
/// addresses) into register `r` of `w`, sign-extending `ty`'s signed values; `false` when
/// it fails, with the register unchanged where it is also the address.
#[inline(always)]
fn gather_rows(
    w: &mut Warp,
    (ty, r, base): (Ty, u32, Src),
    m: u32,
    mut gather_into: impl FnMut(&mut [u64; 32], &[u64; 32]) -> bool,
) -> bool {
    let d = r as usize;
    let ok = match base {
        // A failed attempt leaves lanes written, so the destination must not be the
        // address the lane-by-lane path reads again.
        Src::Reg(b) if b as usize == d => {
            let mut out = w.regs[d];
            let ok = gather_into(&mut out, &w.regs[d]);
            if ok {
                w.regs[d] = out;
            }
            ok
        }
        base => {
            let mut tmp = MaybeUninit::uninit();
            let Some((out, lo, hi)) = split_dst(&mut w.regs, d) else {
                return false;
            };
            let Some(base) = split_src((lo, hi, d), base, &mut tmp) else {
                return false;
            };
            gather_into(out, base)
        }
    };
    if ok {
        if let Ty::S(n) = ty {
            let bits = n as u32 * 8;
            for l in lanes(m) {
                w.regs[d][l] = sext(w.regs[d][l], bits) as u64 & width_mask(32.max(bits));
            }
        }
    }
    ok
}

impl Block<'_> {
    /// The bytes `[addr, addr+len)` of shared or local memory (`space`, resolved) as lane
    /// `l` sees them.
    #[inline]
    fn block_mem<'m>(
        &'m mut self,
        w: &'m mut Warp,
        l: usize,
        space: MemSpace,
        addr: u64,
        len: usize,
    ) -> std::result::Result<&'m mut [u8], String> {
        match space {
            MemSpace::Shared => {
                let n = self.shared.len();
                let a = addr as usize;
                if addr > n as u64 || a + len > n {
                    return self.cluster_shared(addr, len);
                }
                Ok(&mut self.shared[a..a + len])
            }
            MemSpace::Local => {
                let a = addr as usize;
                let inside = |n: usize| addr <= n as u64 && a + len <= n;
                if !inside(w.local[l].len()) {
                    // The lane's first use in the block, or an address outside.
                    let bytes = self.code.local_bytes;
                    let n = w.local_mut(l, bytes).map_or(0, |v| v.len());
                    if !inside(n) {
                        return Err(outside(
                            len,
                            addr,
                            &format!("the thread's {bytes} bytes of local memory"),
                        ));
                    }
                }
                Ok(&mut w.local[l][a..a + len])
            }
            MemSpace::Const | MemSpace::Param => Err("internal: read-only space".into()),
            MemSpace::Global | MemSpace::Generic => {
                Err("internal: global memory reached as block memory".into())
            }
        }
    }

    #[inline]
    pub(super) fn read<G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        l: usize,
        space: MemSpace,
        addr: u64,
        len: usize,
    ) -> std::result::Result<u64, String> {
        match space {
            MemSpace::Const => {
                // As every other space (and as a GPU): a parallel launch's memory answers
                // aligned accesses only, and one thread must fault where many would.
                if len > 1 && addr % len as u64 != 0 {
                    return Err(format!("misaligned {len}-byte access at {addr:#x}"));
                }
                let (base, size) = self.module.const_bank;
                let inside = addr
                    .checked_sub(base)
                    .is_some_and(|off| off.saturating_add(len as u64) <= size);
                let v = if inside { gmem.load(addr, len) } else { None };
                v.ok_or_else(|| {
                    format!(
                        "{len}-byte read at {addr:#x} is outside the {size} bytes of constant memory (CUDA_ERROR_ILLEGAL_ADDRESS)"
                    )
                })
            }
            MemSpace::Param => {
                let src = self.params;
                let a = addr as usize;
                if addr > src.len() as u64 || a + len > src.len() {
                    return Err(format!(
                        "{len}-byte read at offset {addr:#x} is outside the {} bytes of parameter memory (CUDA_ERROR_ILLEGAL_ADDRESS)",
                        src.len()
                    ));
                }
                Ok(load_le(&src[a..a + len]))
            }
            _ => match resolve(space, addr, len)? {
                (MemSpace::Global, addr) => gmem
                    .load(addr, len)
                    .ok_or_else(|| outside(len, addr, "every allocation")),
                (space, addr) => Ok(load_le(self.block_mem(w, l, space, addr, len)?)),
            },
        }
    }

    #[inline]
    pub(super) fn write<G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        l: usize,
        (space, addr, len): (MemSpace, u64, usize),
        v: u64,
    ) -> std::result::Result<(), String> {
        if matches!(space, MemSpace::Const | MemSpace::Param) {
            return Err(format!("a store to read-only memory at {addr:#x}"));
        }
        match resolve(space, addr, len)? {
            (MemSpace::Global, addr) => gmem
                .store(addr, len, v)
                .ok_or_else(|| outside(len, addr, "every allocation")),
            (space, addr) => {
                store_le(self.block_mem(w, l, space, addr, len)?, v);
                Ok(())
            }
        }
    }

    /// An atomic read-modify-write by lane `l` of the `len` bytes at `addr` in `space`:
    /// stores `f(old)` and returns `old`. In global memory it is atomic between the
    /// workers of a parallel launch; block memory belongs to one worker.
    #[inline]
    pub(super) fn read_modify_write<G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        l: usize,
        (space, addr, len): (MemSpace, u64, usize),
        f: impl FnMut(u64) -> u64,
    ) -> std::result::Result<u64, String> {
        if matches!(space, MemSpace::Const | MemSpace::Param) {
            return Err(format!("a store to read-only memory at {addr:#x}"));
        }
        match resolve(space, addr, len)? {
            (MemSpace::Global, addr) => gmem
                .update(addr, len, f)
                .ok_or_else(|| outside(len, addr, "every allocation")),
            (space, addr) => {
                let mut f = f;
                let s = self.block_mem(w, l, space, addr, len)?;
                let old = load_le(s);
                store_le(s, f(old));
                Ok(old)
            }
        }
    }

    /// `ld` of one element in every lane of `m` from global or shared memory, when every
    /// access is aligned and inside one allocation or the block's shared memory; `false`
    /// otherwise, with the destination unchanged where it is also the address.
    pub(super) fn load_warp<G: Global>(
        &mut self,
        gmem: &mut G,
        w: &mut Warp,
        ty: Ty,
        r: u32,
        addr: Addr,
        m: u32,
    ) -> bool {
        let size = ty.size();
        if m == 0 {
            return false;
        }
        let first = w
            .get(addr.base, m.trailing_zeros() as usize)
            .wrapping_add(addr.offset as u64);
        let offset = addr.offset as u64;
        match addr.space {
            MemSpace::Global => {
                let Some(region) = first
                    .checked_add(size as u64)
                    .and_then(|end| gmem.region(first, end))
                else {
                    return false;
                };
                gather_rows(w, (ty, r, addr.base), m, |out, base| match size {
                    4 => G::gather::<4>(&region, out, (base, offset), m),
                    8 => G::gather::<8>(&region, out, (base, offset), m),
                    2 => G::gather::<2>(&region, out, (base, offset), m),
                    _ => G::gather::<1>(&region, out, (base, offset), m),
                })
            }
            MemSpace::Shared => {
                let bytes = &self.shared;
                gather_rows(w, (ty, r, addr.base), m, |out, base| match size {
                    4 => gather::<4>(out, bytes, base, offset, 0, m),
                    8 => gather::<8>(out, bytes, base, offset, 0, m),
                    2 => gather::<2>(out, bytes, base, offset, 0, m),
                    _ => gather::<1>(out, bytes, base, offset, 0, m),
                })
            }
            _ => false,
        }
    }

    /// `st` of one element in every lane of `m` to global or shared memory, when every
    /// access is aligned and inside one allocation or the block's shared memory; `false`
    /// otherwise, with nothing written.
    pub(super) fn store_warp<G: Global>(
        &mut self,
        gmem: &mut G,
        w: &Warp,
        ty: Ty,
        src: Src,
        addr: Addr,
        m: u32,
    ) -> bool {
        let size = ty.size();
        if m == 0 {
            return false;
        }
        let at = w.addresses(addr);
        let first = at[m.trailing_zeros() as usize];
        let mut tv = MaybeUninit::uninit();
        match addr.space {
            MemSpace::Global => {
                let Some(mut region) = first
                    .checked_add(size as u64)
                    .and_then(|end| gmem.region(first, end))
                else {
                    return false;
                };
                G::scatter(&mut region, &at, w.src_row(src, &mut tv), size, m)
            }
            MemSpace::Shared => {
                let v = w.src_row(src, &mut tv);
                scatter(&mut self.shared, 0, &at, v, size, m)
            }
            _ => false,
        }
    }

    /// `ld` (`Op::Ld`) of `ty` to registers `d` from `addr` in lanes `m`: the whole warp at
    /// once where it can be, else lane by lane.
    #[inline(always)]
    pub(super) fn exec_ld<G: Global>(&mut self, x: Exec<'_, G>, op: &Ld) -> Result<Flow> {
        let Exec {
            gmem, w, ins, m, ..
        } = x;
        let Ld { ty, ref d, addr } = *op;
        if d.len() == 1 && self.load_warp(gmem, w, ty, d[0], addr, m) {
            return Ok(Flow::Next);
        }
        // A parameter or constant at a fixed address: one read for the whole warp.
        if d.len() == 1
            && matches!(addr.space, MemSpace::Param | MemSpace::Const)
            && matches!(addr.base, Src::Imm(_))
            && !matches!(ty, Ty::S(_))
            && m != 0
        {
            let at = w.get(addr.base, 0).wrapping_add(addr.offset as u64);
            let l = m.trailing_zeros() as usize;
            let v = self
                .read(gmem, w, l, addr.space, at, ty.size())
                .map_err(|e| self.fault(w, l, ins, e))?;
            w.fill(d[0], m, v);
            return Ok(Flow::Next);
        }
        let size = ty.size();
        for l in lanes(m) {
            let base = w.get(addr.base, l).wrapping_add(addr.offset as u64);
            for (k, &r) in d.iter().enumerate() {
                let at = base.wrapping_add((k * size) as u64);
                let v = self
                    .read(gmem, w, l, addr.space, at, size)
                    .map_err(|e| self.fault(w, l, ins, e))?;
                let v = match ty {
                    Ty::S(n) => sext(v, n as u32 * 8) as u64 & width_mask(32.max(n as u32 * 8)),
                    _ => v,
                };
                w.set(r, l, v);
            }
        }
        Ok(Flow::Next)
    }

    /// `st` (`Op::St`) of `ty` from `s` to `addr` in lanes `m`: the whole warp at once where
    /// it can be, else lane by lane.
    #[inline(always)]
    pub(super) fn exec_st<G: Global>(&mut self, x: Exec<'_, G>, op: &St) -> Result<Flow> {
        let Exec {
            gmem, w, ins, m, ..
        } = x;
        let St { ty, ref s, addr } = *op;
        if s.len() == 1 && self.store_warp(gmem, w, ty, s[0], addr, m) {
            return Ok(Flow::Next);
        }
        let size = ty.size();
        for l in lanes(m) {
            let base = w.get(addr.base, l).wrapping_add(addr.offset as u64);
            for (k, &src) in s.iter().enumerate() {
                let at = base.wrapping_add((k * size) as u64);
                let v = w.get(src, l);
                self.write(gmem, w, l, (addr.space, at, size), v)
                    .map_err(|e| self.fault(w, l, ins, e))?;
            }
        }
        Ok(Flow::Next)
    }

    /// `atom` and `red` (`Op::Atom`) in lanes `m`, one lane after another.
    #[inline(never)]
    pub(super) fn exec_atom<G: Global>(&mut self, x: Exec<'_, G>, op: &Atom) -> Result<Flow> {
        let Exec {
            gmem, w, ins, m, ..
        } = x;
        let Atom {
            op,
            ty,
            d,
            addr,
            b,
            c,
        } = *op;
        let size = ty.size();
        for l in lanes(m) {
            let at = w.get(addr.base, l).wrapping_add(addr.offset as u64);
            let (x, c) = (w.get(b, l), c.map(|c| w.get(c, l)).unwrap_or(0));
            let global = in_global(addr.space, at);
            let new = |old| trunc(atom_value(op, ty, (old, x, c), global), Ty::U(size as u8));
            let old = self
                .read_modify_write(gmem, w, l, (addr.space, at, size), new)
                .map_err(|e| self.fault(w, l, ins, e))?;
            if let Some(d) = d {
                w.set(d, l, old);
            }
        }
        Ok(Flow::Next)
    }

    /// `cp.async` (`Op::CpAsync`) in lanes `m`, done at once.
    #[inline(never)]
    pub(super) fn exec_cp_async<G: Global>(
        &mut self,
        x: Exec<'_, G>,
        op: &CpAsync,
    ) -> Result<Flow> {
        let Exec {
            gmem, w, ins, m, ..
        } = x;
        let CpAsync {
            dst,
            src,
            size,
            src_size,
        } = *op;
        let (to, from) = (w.addresses(dst), w.addresses(src));
        for l in lanes(m) {
            let keep = src_size.map_or(size as u64, |s| w.get(s, l).min(size as u64));
            for off in (0..size as u64).step_by(4) {
                let v = if off < keep {
                    self.read(gmem, w, l, src.space, from[l] + off, 4)
                        .map_err(|d| self.fault(w, l, ins, d))?
                } else {
                    0
                };
                self.write(gmem, w, l, (dst.space, to[l] + off, 4), v)
                    .map_err(|d| self.fault(w, l, ins, d))?;
            }
        }
        Ok(Flow::Next)
    }

    /// `cp.async.bulk` (`Op::BulkCopy`) in lanes `m`, done at once, completing its bytes on
    /// the `mbarrier` it names.
    #[inline(never)]
    pub(super) fn exec_bulk_copy<G: Global>(
        &mut self,
        x: Exec<'_, G>,
        op: &BulkCopy,
    ) -> Result<Flow> {
        let Exec {
            gmem,
            w,
            ins,
            at,
            m,
        } = x;
        let BulkCopy {
            dst,
            src,
            size,
            mbar,
        } = *op;
        let (to, from) = (w.addresses(dst), w.addresses(src));
        for l in lanes(m) {
            let n = w.get(size, l) & 0xffff_ffff;
            if n % 16 != 0 {
                return Err(self.fault(
                    w,
                    l,
                    ins,
                    format!("cp.async.bulk of {n} bytes (a multiple of 16)"),
                ));
            }
            // The global side of the copy, if it has one (shared to shared has not).
            if src.space == MemSpace::Global {
                self.count_bulk(at.pc, std::iter::once((from[l], n)));
            } else if dst.space == MemSpace::Global {
                self.count_bulk(at.pc, std::iter::once((to[l], n)));
            }
            for off in (0..n).step_by(8) {
                let v = self
                    .read(gmem, w, l, src.space, from[l].wrapping_add(off), 8)
                    .map_err(|d| self.fault(w, l, ins, d))?;
                self.write(gmem, w, l, (dst.space, to[l].wrapping_add(off), 8), v)
                    .map_err(|d| self.fault(w, l, ins, d))?;
            }
            // One unit per 8-byte step, as for an `ld` and a `st`.
            self.charge(n / 8);
            if let Some(mbar) = mbar {
                // The bytes copied (the operand's 32 bits), as the bulk reduction does.
                let op = (MbarOp::CompleteTx, None, mbar, Some(Src::Imm(n)));
                self.mbarrier(gmem, w, ins, op, 1 << l)?;
            }
        }
        w.advance(at.mask, at.next);
        Ok(Flow::Charged)
    }
}

/// The value an atomic `op` on a `ty` value leaves in memory, from the value there (`old`),
/// the operand `x` and, for `cas`, the value `c` to swap in; `global`: the address is in
/// global memory.
#[inline]
pub(super) fn atom_value(op: AtomOp, ty: Ty, (old, x, c): (u64, u64, u64), global: bool) -> u64 {
    match op {
        // In global memory the GPU's f32 atomic add is
        // `ATOM/RED.E.ADD.F32.FTZ.RN`: subnormal operands and results are
        // flushed to zero of their sign, as the PTX ISA says (found by the
        // differential run: candle's sum_f32 on values whose bits are small
        // integers). In shared memory an H100 keeps subnormals
        // (`ptx_ops::run_float_atomics`); f64 never flushes.
        AtomOp::Add if ty == Ty::F32 && global => {
            flush_bits(bin(BinOp::Add, ty, flush_bits(old), flush_bits(x)))
        }
        AtomOp::Add => bin(BinOp::Add, ty, old, x),
        AtomOp::AddHalf { fmt, pair } => {
            let add = |o: u64, v: u64| {
                half::op(HalfOp::Add, fmt, HalfMods::default(), o as u16, v as u16, 0) as u64
            };
            if pair {
                add(old, x) | add(old >> 16, x >> 16) << 16
            } else {
                add(old, x)
            }
        }
        AtomOp::Min => bin(BinOp::Min, ty, old, x),
        AtomOp::Max => bin(BinOp::Max, ty, old, x),
        AtomOp::And => old & x,
        AtomOp::Or => old | x,
        AtomOp::Xor => old ^ x,
        AtomOp::Exch => x,
        AtomOp::Cas => {
            if trunc(old, ty) == trunc(x, ty) {
                c
            } else {
                old
            }
        }
        AtomOp::Inc => {
            if trunc(old, ty) >= trunc(x, ty) {
                0
            } else {
                old + 1
            }
        }
        AtomOp::Dec => {
            if trunc(old, ty) == 0 || trunc(old, ty) > trunc(x, ty) {
                x
            } else {
                old - 1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{atom_value, in_global};
    use crate::sim::engine::ir::{AtomOp, MemSpace, Ty};
    use crate::sim::engine::mem::{LOCAL_WINDOW, SHARED_WINDOW, WINDOW_SIZE};

    #[test]
    fn atomics_compute_what_ptx_says() {
        let u = Ty::U(4);
        assert_eq!(atom_value(AtomOp::Inc, u, (5, 5, 0), true), 0);
        assert_eq!(atom_value(AtomOp::Inc, u, (4, 5, 0), true), 5);
        assert_eq!(atom_value(AtomOp::Dec, u, (0, 5, 0), true), 5);
        assert_eq!(atom_value(AtomOp::Dec, u, (6, 5, 0), true), 5);
        assert_eq!(atom_value(AtomOp::Dec, u, (3, 5, 0), true), 2);
        assert_eq!(atom_value(AtomOp::Cas, u, (7, 7, 9), true), 9);
        assert_eq!(atom_value(AtomOp::Cas, u, (7, 8, 9), true), 7);
        assert_eq!(atom_value(AtomOp::Exch, u, (7, 8, 9), true), 8);
        assert_eq!(
            atom_value(AtomOp::Min, Ty::S(4), (0xffff_ffff, 1, 0), true),
            0xffff_ffff
        );
        assert_eq!(
            atom_value(AtomOp::Max, u, (0xffff_ffff, 1, 0), true),
            0xffff_ffff
        );
        assert_eq!(atom_value(AtomOp::Add, u, (0xffff_ffff, 1, 0), true), 0);
        // f32 add flushes subnormals in global memory and keeps them in shared memory.
        let sub = 1e-40f32.to_bits() as u64;
        assert_eq!(atom_value(AtomOp::Add, Ty::F32, (sub, 0, 0), true), 0);
        assert_eq!(atom_value(AtomOp::Add, Ty::F32, (sub, 0, 0), false), sub);
    }

    #[test]
    fn generic_addresses_outside_the_windows_are_global() {
        assert!(in_global(MemSpace::Generic, 0x1000));
        assert!(in_global(MemSpace::Global, SHARED_WINDOW));
        assert!(!in_global(MemSpace::Generic, SHARED_WINDOW));
        assert!(!in_global(
            MemSpace::Generic,
            LOCAL_WINDOW + WINDOW_SIZE - 1
        ));
        assert!(in_global(MemSpace::Generic, SHARED_WINDOW + WINDOW_SIZE));
        assert!(!in_global(MemSpace::Shared, 0x1000));
    }
}
