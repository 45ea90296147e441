//! Global memory as a launch's instructions reach it: [`Global`], which the whole engine is
//! generic over, with one implementation for a launch that has the memory to itself
//! ([`Memory`]: plain bytes, today's single-threaded code) and one for the workers of a
//! parallel launch ([`SharedView`]: atomic words).

use crate::sim::engine::mem::plain::{gather, load_le, scatter, store_le};
use crate::sim::engine::mem::{self, Memory, SharedView};

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
    /// Loads `N` bytes at `base[l] + offset` into `out[l]` for the lanes of `m`, if every
    /// access is aligned and inside the allocation holding `first`; `false` otherwise
    /// (`out` is then partly written).
    fn gather<const N: usize>(
        &mut self,
        out: &mut [u64; 32],
        base_offset: (&[u64; 32], u64),
        first: u64,
        m: u32,
    ) -> bool;
    /// Stores `size` bytes of `v[l]` at `at[l]` for the lanes of `m` in lane order, if
    /// every access is aligned and inside the allocation holding `at`'s first lane;
    /// `false` (nothing written) otherwise.
    fn scatter(&mut self, at: &[u64; 32], v: &[u64; 32], size: usize, m: u32) -> bool;
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

    #[inline(always)]
    fn gather<const N: usize>(
        &mut self,
        out: &mut [u64; 32],
        (base, offset): (&[u64; 32], u64),
        first: u64,
        m: u32,
    ) -> bool {
        let Some(end) = first.checked_add(N as u64) else {
            return false;
        };
        let Some((start, bytes)) = self.region_mut(first, end) else {
            return false;
        };
        gather::<N>(out, bytes, base, offset, start, m)
    }

    #[inline(always)]
    fn scatter(&mut self, at: &[u64; 32], v: &[u64; 32], size: usize, m: u32) -> bool {
        let first = at[m.trailing_zeros() as usize];
        let Some(end) = first.checked_add(size as u64) else {
            return false;
        };
        let Some((start, bytes)) = self.region_mut(first, end) else {
            return false;
        };
        scatter(bytes, start, at, v, size, m)
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

    #[inline(always)]
    fn gather<const N: usize>(
        &mut self,
        out: &mut [u64; 32],
        lanes: (&[u64; 32], u64),
        first: u64,
        m: u32,
    ) -> bool {
        match self.region(first, N) {
            Some(region) => mem::gather::<N>(out, region, lanes, m),
            None => false,
        }
    }

    #[inline(always)]
    fn scatter(&mut self, at: &[u64; 32], v: &[u64; 32], size: usize, m: u32) -> bool {
        let first = at[m.trailing_zeros() as usize & 31];
        match self.region(first, size) {
            Some(region) => mem::scatter(region, at, v, size, m),
            None => false,
        }
    }

    fn exclusive(&mut self) -> Option<&mut Memory> {
        None
    }

    #[inline(always)]
    fn fence(&self) {
        mem::fence();
    }
}
