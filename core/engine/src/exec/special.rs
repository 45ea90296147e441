//! Reading the special registers whose value depends on the block, the launch or the
//! moment (`Op::Special`: `%clock64`, `%smid`, `%dynamic_smem_size`, ...); their values are
//! `special.rs`'s.

use super::control::{Exec, Flow};
use super::global::Global;
use super::Block;
use crate::error::Result;
use crate::sim::engine::ir::*;
use crate::special::SpecialContext;

impl Block<'_> {
    /// `Op::Special` in lanes `x.m`: every lane of the warp reads the same value.
    pub(super) fn exec_special<G: Global>(&mut self, x: Exec<'_, G>, op: &Special) -> Result<Flow> {
        let Special { reg, d } = *op;
        let Exec { w, at, m, .. } = x;
        let shared = self.shared.len() as u64;
        let static_shared = (self.code.shared_static as u64).min(shared);
        let ctx = SpecialContext {
            work: at
                .work
                .wrapping_add(self.charged)
                .wrapping_sub(self.unit_start),
            block: self.serial.saturating_sub(1),
            grid_id: self.grid_id,
            static_shared,
            dynamic_shared: shared - static_shared,
        };
        w.fill(d, m, reg.value(&ctx));
        Ok(Flow::Next)
    }
}
