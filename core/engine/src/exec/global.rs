//! Global memory as a launch's instructions reach it: [`Global`], which the whole engine is
//! generic over, with one implementation for a launch that has the memory to itself
//! ([`Memory`]: plain bytes, the code a launch on one thread runs) and one for the workers of a
//! parallel launch ([`SharedView`]: atomic words).

use crate::sim::engine::mem::plain::{gather, load_le, scatter, store_le};
use crate::sim::engine::mem::{self, Memory, SharedView};
use std::sync::atomic::AtomicU64;

/// What an instruction may do to global memory. Addresses are device addresses; every
/// access is of 1, 2, 4 or 8 bytes, and `None`/`false` means it is outside every
/// allocation or misaligned (the caller reports the fault).
pub(crate) trait Global {
    /// The `len` bytes at `addr`, little-endian.
    fn load(&mut self, addr: u64, len: usize) -> Option<u64>;
    /// Stores the low `len` bytes of `v` at `addr`.
    fn store(&mut self, addr: u64, len: usize, v: u64) -> Option<()>;
    /// An atomic read-modify-write: stores `f(old)` and returns `old`.
    fn update(&mut self, addr: u64, len: usize, f: impl FnMut(u64) -> u64) -> Option<u64>;
    /// The bytes of one allocation as a warp's accesses reach them.
    type Region<'r>
    where
        Self: 'r;
    /// The allocation holding `[first, end)` (the first active lane's access), which the
    /// warp's other lanes are checked against.
    fn region(&mut self, first: u64, end: u64) -> Option<Self::Region<'_>>;
    /// Loads `N` bytes at `base[l] + offset` into `out[l]` for the lanes of `m`, if every
    /// access is aligned and inside `region`; `false` otherwise (`out` is then partly
    /// written).
    fn gather<'r, const N: usize>(
        region: &Self::Region<'r>,
        out: &mut [u64; 32],
        base_offset: (&[u64; 32], u64),
        m: u32,
    ) -> bool
    where
        Self: 'r;
    /// Stores `size` bytes of `v[l]` at `at[l]` for the lanes of `m` in lane order, if
    /// every access is aligned and inside `region`; `false` (nothing written) otherwise.
    fn scatter<'r>(
        region: &mut Self::Region<'r>,
        at: &[u64; 32],
        v: &[u64; 32],
        size: usize,
        m: u32,
    ) -> bool
    where
        Self: 'r;
    /// The memory itself, where the launch has it to itself: what device `printf`,
    /// `malloc` and texture sampling need (a parallel launch never runs kernels that
    /// use them).
    fn exclusive(&mut self) -> Option<&mut Memory>;
    /// What `membar` and `fence` do.
    fn fence(&self);
}

impl Global for Memory {
    #[inline(always)]
    fn load(&mut self, addr: u64, len: usize) -> Option<u64> {
        self.slice(addr, len).map(load_le)
    }

    #[inline(always)]
    fn store(&mut self, addr: u64, len: usize, v: u64) -> Option<()> {
        store_le(self.slice_mut(addr, len)?, v);
        Some(())
    }

    #[inline(always)]
    fn update(&mut self, addr: u64, len: usize, mut f: impl FnMut(u64) -> u64) -> Option<u64> {
        let s = self.slice_mut(addr, len)?;
        let old = load_le(s);
        store_le(s, f(old));
        Some(old)
    }

    type Region<'r> = (u64, &'r mut [u8]);

    #[inline(always)]
    fn region(&mut self, first: u64, end: u64) -> Option<Self::Region<'_>> {
        self.region_mut(first, end)
    }

    #[inline(always)]
    fn gather<'r, const N: usize>(
        (start, bytes): &Self::Region<'r>,
        out: &mut [u64; 32],
        (base, offset): (&[u64; 32], u64),
        m: u32,
    ) -> bool
    where
        Self: 'r,
    {
        gather::<N>(out, bytes, base, offset, *start, m)
    }

    #[inline(always)]
    fn scatter<'r>(
        (start, bytes): &mut Self::Region<'r>,
        at: &[u64; 32],
        v: &[u64; 32],
        size: usize,
        m: u32,
    ) -> bool
    where
        Self: 'r,
    {
        scatter(bytes, *start, at, v, size, m)
    }

    fn exclusive(&mut self) -> Option<&mut Memory> {
        Some(self)
    }

    #[inline(always)]
    fn fence(&self) {}
}

impl Global for SharedView<'_, '_> {
    #[inline(always)]
    fn load(&mut self, addr: u64, len: usize) -> Option<u64> {
        SharedView::load(self, addr, len)
    }

    #[inline(always)]
    fn store(&mut self, addr: u64, len: usize, v: u64) -> Option<()> {
        SharedView::store(self, addr, len, v)
    }

    #[inline(always)]
    fn update(&mut self, addr: u64, len: usize, f: impl FnMut(u64) -> u64) -> Option<u64> {
        SharedView::update(self, addr, len, f)
    }

    type Region<'r>
        = (u64, usize, &'r [AtomicU64])
    where
        Self: 'r;

    #[inline(always)]
    fn region(&mut self, first: u64, end: u64) -> Option<Self::Region<'_>> {
        let len = usize::try_from(end.checked_sub(first)?).ok()?;
        SharedView::region(self, first, len)
    }

    #[inline(always)]
    fn gather<'r, const N: usize>(
        region: &Self::Region<'r>,
        out: &mut [u64; 32],
        lanes: (&[u64; 32], u64),
        m: u32,
    ) -> bool
    where
        Self: 'r,
    {
        mem::gather::<N>(out, *region, lanes, m)
    }

    #[inline(always)]
    fn scatter<'r>(
        region: &mut Self::Region<'r>,
        at: &[u64; 32],
        v: &[u64; 32],
        size: usize,
        m: u32,
    ) -> bool
    where
        Self: 'r,
    {
        mem::scatter(*region, at, v, size, m)
    }

    fn exclusive(&mut self) -> Option<&mut Memory> {
        None
    }

    #[inline(always)]
    fn fence(&self) {
        mem::fence();
    }
}
