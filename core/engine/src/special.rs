//! The values of the special registers the simulator reads at run time ([`SpecialReg`]):
//! what an H100 gives where it is deterministic, and a stated model where it is not.
//!
//! The engine guide's "Special registers" table lists every special register with its value
//! and whether it is exact or a model; the constants here are the model's.

/// Multiprocessors of the simulated device (an H100 SXM's 132): `%nsmid`, and the SMs
/// blocks are placed on for `%smid`.
pub const SM_COUNT: u32 = 132;

/// Warp identifiers of a multiprocessor of sm_90 (64 resident warps): `%nwarpid`.
pub const WARP_IDS: u32 = 64;

/// sm_90's shared-memory allocation unit: `%total_smem_size` is a multiple of it.
pub const SHARED_UNIT: u32 = 128;

/// Shared memory sm_90 reserves for NVIDIA's system software in each block (1 KiB, as the
/// cost model's occupancy also counts it): `%aggr_smem_size` and `%reserved_smem_offset_*`.
pub const RESERVED_SHARED: u32 = 1024;

/// Units of simulated work per clock cycle: a warp instruction is 32 units of work (one
/// per lane), so 4 cycles, the latency of a dependent integer or `f32` instruction on an
/// H100; device-runtime calls, call frames and bulk copies take the cycles their work says.
pub const WORK_PER_CYCLE: u64 = 8;

/// The clock `%globaltimer` converts cycles at, in cycles per microsecond (the cost
/// model's H100 clock, 1.98 GHz).
pub const CYCLES_PER_US: u64 = 1_980;

/// A special register the simulator reads when an instruction asks for it
/// ([`Op::Special`](crate::sim::engine::ir::Op)): its value depends on the block, the
/// launch or the moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecialReg {
    /// `%clock`: the low 32 bits of `%clock64`.
    Clock,
    /// `%clock_hi`: the high 32 bits of `%clock64`.
    ClockHi,
    /// `%clock64`: cycles, from the simulated work of the block's unit of scheduling so far
    /// ([`WORK_PER_CYCLE`]).
    Clock64,
    /// `%globaltimer`: nanoseconds, `%clock64` at [`CYCLES_PER_US`].
    GlobalTimer,
    /// `%globaltimer_lo`: its low 32 bits.
    GlobalTimerLo,
    /// `%globaltimer_hi`: its high 32 bits.
    GlobalTimerHi,
    /// `%smid`: the multiprocessor the block runs on, blocks placed on the [`SM_COUNT`]
    /// multiprocessors one after another in launch order.
    SmId,
    /// `%gridid`: the launch's number in the process, from 1.
    GridId,
    /// `%dynamic_smem_size`: the launch's dynamic shared memory per block.
    DynamicSmemSize,
    /// `%total_smem_size`: static and dynamic shared memory, in [`SHARED_UNIT`]s.
    TotalSmemSize,
    /// `%aggr_smem_size`: `%total_smem_size` and the [`RESERVED_SHARED`] bytes.
    AggrSmemSize,
    /// `%reserved_smem_offset_begin`: where the reserved bytes start, after the block's own.
    ReservedSmemBegin,
    /// `%reserved_smem_offset_end`: where they end.
    ReservedSmemEnd,
    /// `%reserved_smem_offset_cap`: their size.
    ReservedSmemCap,
    /// `%reserved_smem_offset_0` and `_1`: offsets in them (the start).
    ReservedSmemOffset(u8),
}

/// What the run-time special registers are read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SpecialContext {
    /// Simulated work of the block's unit of scheduling (the block, or its cluster or
    /// cooperative grid) before the read, the read included.
    pub work: u64,
    /// The block's place in the launch order, from 0.
    pub block: u64,
    /// The launch's number ([`next_grid_id`]).
    pub grid_id: u64,
    /// Static shared memory of the kernel, in bytes.
    pub static_shared: u64,
    /// Dynamic shared memory of the launch, in bytes.
    pub dynamic_shared: u64,
}

impl SpecialReg {
    /// The register's value in `ctx`.
    pub fn value(self, ctx: &SpecialContext) -> u64 {
        let cycles = ctx.work / WORK_PER_CYCLE;
        // Nanoseconds, exactly: 1 cycle is 1000 / 1980 ns.
        let ns = (u128::from(cycles) * 1000 / u128::from(CYCLES_PER_US)) as u64;
        let total = ctx
            .static_shared
            .saturating_add(ctx.dynamic_shared)
            .div_ceil(u64::from(SHARED_UNIT))
            .saturating_mul(u64::from(SHARED_UNIT));
        let reserved = u64::from(RESERVED_SHARED);
        let low = |v: u64| v & 0xffff_ffff;
        match self {
            SpecialReg::Clock => low(cycles),
            SpecialReg::ClockHi => cycles >> 32,
            SpecialReg::Clock64 => cycles,
            SpecialReg::GlobalTimer => ns,
            SpecialReg::GlobalTimerLo => low(ns),
            SpecialReg::GlobalTimerHi => ns >> 32,
            SpecialReg::SmId => ctx.block % u64::from(SM_COUNT),
            SpecialReg::GridId => ctx.grid_id,
            SpecialReg::DynamicSmemSize => low(ctx.dynamic_shared),
            SpecialReg::TotalSmemSize => low(total),
            SpecialReg::AggrSmemSize => low(total.saturating_add(reserved)),
            SpecialReg::ReservedSmemBegin | SpecialReg::ReservedSmemOffset(_) => low(total),
            SpecialReg::ReservedSmemEnd => low(total.saturating_add(reserved)),
            SpecialReg::ReservedSmemCap => reserved,
        }
    }
}

/// The number of the next launch (`%gridid`): 1, 2, ... over the process, so each launch
/// has its own, as the ISA's "temporal grid launch number" says.
pub fn next_grid_id() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static LAUNCHES: AtomicU64 = AtomicU64::new(0);
    LAUNCHES.fetch_add(1, Ordering::Relaxed).wrapping_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(work: u64) -> SpecialContext {
        SpecialContext {
            work,
            block: 133,
            grid_id: 7,
            static_shared: 100,
            dynamic_shared: 1000,
        }
    }

    #[test]
    fn the_clock_counts_four_cycles_per_warp_instruction_and_wraps_its_halves() {
        assert_eq!(SpecialReg::Clock64.value(&ctx(32 * 10)), 40);
        let big = ctx((5u64 << 32) * WORK_PER_CYCLE + 3 * WORK_PER_CYCLE);
        assert_eq!(SpecialReg::Clock.value(&big), 3);
        assert_eq!(SpecialReg::ClockHi.value(&big), 5);
        // 1,980 cycles are a microsecond.
        let us = ctx(1_980 * WORK_PER_CYCLE);
        assert_eq!(SpecialReg::GlobalTimer.value(&us), 1_000);
        assert_eq!(SpecialReg::GlobalTimerLo.value(&us), 1_000);
        assert_eq!(SpecialReg::GlobalTimerHi.value(&us), 0);
        // Never past what 64 bits hold, even at the end of the work counter.
        assert_eq!(
            SpecialReg::Clock64.value(&ctx(u64::MAX)),
            u64::MAX / WORK_PER_CYCLE
        );
        assert!(SpecialReg::GlobalTimer.value(&ctx(u64::MAX)) > 0);
    }

    #[test]
    fn shared_memory_sizes_follow_the_launch_in_allocation_units() {
        let c = ctx(0);
        assert_eq!(SpecialReg::DynamicSmemSize.value(&c), 1000);
        assert_eq!(SpecialReg::TotalSmemSize.value(&c), 1152); // 1100 in units of 128
        assert_eq!(SpecialReg::AggrSmemSize.value(&c), 1152 + 1024);
        assert_eq!(SpecialReg::ReservedSmemBegin.value(&c), 1152);
        assert_eq!(SpecialReg::ReservedSmemEnd.value(&c), 1152 + 1024);
        assert_eq!(SpecialReg::ReservedSmemCap.value(&c), 1024);
        assert_eq!(SpecialReg::SmId.value(&c), 1);
        assert_eq!(SpecialReg::GridId.value(&c), 7);
    }

    #[test]
    fn each_launch_has_its_own_grid_id() {
        let (a, b) = (next_grid_id(), next_grid_id());
        assert!(a >= 1 && b > a);
    }
}
