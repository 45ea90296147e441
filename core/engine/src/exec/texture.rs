//! Textures and surfaces: `tex` (sampled through [`crate::sim::engine::sampling`]),
//! `suld` and `sust`.

use super::control::{Exec, Flow};
use super::global::Global;
use super::warp_state::{lanes, Warp};
use super::Block;
use crate::error::Result;
use crate::sim::engine::ir::*;
use crate::sim::engine::sampling;

/// Lane `l`'s texture or surface object and coordinates (as 32-bit words).
#[inline]
pub(super) fn lane_target(w: &Warp, handle: Src, coords: &[Src], l: usize) -> (u64, [u32; 4]) {
    let mut c = [0u32; 4];
    for (k, &s) in coords.iter().enumerate().take(4) {
        c[k] = w.get(s, l) as u32;
    }
    (w.get(handle, l), c)
}

impl Block<'_> {
    /// `tex` (`Op::Tex`) in lanes `m`.
    #[inline(never)]
    pub(super) fn exec_tex<G: Global>(&mut self, x: Exec<'_, G>, op: &Tex) -> Result<Flow> {
        let Exec {
            gmem, w, ins, m, ..
        } = x;
        let Tex {
            geometry,
            ctype,
            ttype,
            d,
            handle,
            ref coords,
        } = *op;
        for l in lanes(m) {
            let (h, c) = lane_target(w, handle, coords, l);
            let t = sampling::fetch(
                super::runtime::only_one(gmem)?,
                h,
                geometry,
                ctype,
                ttype,
                c,
            )
            .map_err(|e| self.fault(w, l, ins, e))?;
            for (&r, v) in d.iter().zip(t) {
                w.set(r, l, u64::from(v));
            }
        }
        Ok(Flow::Next)
    }

    /// `suld` (`Op::SurfLd`) in lanes `m`.
    #[inline(never)]
    pub(super) fn exec_surf_ld<G: Global>(&mut self, x: Exec<'_, G>, op: &SurfLd) -> Result<Flow> {
        let Exec {
            gmem, w, ins, m, ..
        } = x;
        let SurfLd {
            geometry,
            boundary,
            ty,
            ref d,
            handle,
            ref coords,
        } = *op;
        let size = ty.size();
        for l in lanes(m) {
            let (h, c) = lane_target(w, handle, coords, l);
            let at = sampling::surface_address(
                super::runtime::only_one(gmem)?,
                h,
                geometry,
                boundary,
                c,
                size * d.len(),
            )
            .map_err(|e| self.fault(w, l, ins, e))?;
            for (k, &r) in d.iter().enumerate() {
                // `.zero` outside the surface reads 0.
                let v = match at {
                    Some(at) => self
                        .read(gmem, w, l, MemSpace::Global, at + (k * size) as u64, size)
                        .map_err(|e| self.fault(w, l, ins, e))?,
                    None => 0,
                };
                w.set(r, l, v);
            }
        }
        Ok(Flow::Next)
    }

    /// `sust` (`Op::SurfSt`) in lanes `m`.
    #[inline(never)]
    pub(super) fn exec_surf_st<G: Global>(&mut self, x: Exec<'_, G>, op: &SurfSt) -> Result<Flow> {
        let Exec {
            gmem, w, ins, m, ..
        } = x;
        let SurfSt {
            geometry,
            boundary,
            ty,
            ref s,
            handle,
            ref coords,
        } = *op;
        let size = ty.size();
        for l in lanes(m) {
            let (h, c) = lane_target(w, handle, coords, l);
            let at = sampling::surface_address(
                super::runtime::only_one(gmem)?,
                h,
                geometry,
                boundary,
                c,
                size * s.len(),
            )
            .map_err(|e| self.fault(w, l, ins, e))?;
            // `.zero` outside the surface drops the store.
            let Some(at) = at else { continue };
            for (k, &src) in s.iter().enumerate() {
                let v = w.get(src, l);
                let place = (MemSpace::Global, at + (k * size) as u64, size);
                self.write(gmem, w, l, place, v)
                    .map_err(|e| self.fault(w, l, ins, e))?;
            }
        }
        Ok(Flow::Next)
    }
}
