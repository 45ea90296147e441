//! Global memory as the workers of a parallel launch share it.
//!
//! Every access is an atomic operation on the 8-byte word that holds it, so any number of
//! workers may read and write the same bytes at once without undefined behaviour: a
//! racing kernel sees one value or the other, as on a GPU, never a torn one (every access
//! of up to 8 aligned bytes lies in one word). Loads acquire and stores release, so a
//! kernel's flag-and-data handoff between blocks works as the PTX memory model says;
//! read-modify-writes and fences are sequentially consistent. One access size (the word)
//! for everything keeps Rust's rule that racing atomics must not partially overlap.

use std::sync::atomic::{AtomicU64, Ordering};

use super::plain::lanes;
use super::Memory;

/// Every allocation of a [`Memory`] as atomic words, for the length of a parallel launch
/// (it holds the memory's exclusive borrow, so nothing else reads or writes it meanwhile).
pub(crate) struct SharedMemory<'m> {
    /// Base address, length in bytes and words of each allocation, sorted by base.
    allocs: Vec<(u64, usize, &'m [AtomicU64])>,
}

impl Memory {
    /// The allocations as atomic words, for the workers of a parallel launch.
    pub(crate) fn share(&mut self) -> SharedMemory<'_> {
        let mut allocs: Vec<_> = self
            .slots
            .iter_mut()
            .flatten()
            .map(|(base, bytes)| (*base, bytes.len(), bytes.share()))
            .collect();
        // Slots are in no order; lookups search by base address.
        allocs.sort_unstable_by_key(|a| a.0);
        SharedMemory { allocs }
    }
}

impl<'m> SharedMemory<'m> {
    /// A worker's handle on the memory.
    pub(crate) fn view(&self) -> SharedView<'_, 'm> {
        SharedView { mem: self, last: 0 }
    }
}

/// One worker's handle on [`SharedMemory`]: the allocation it last hit, so that most
/// lookups end there, as [`Memory`]'s do.
pub(crate) struct SharedView<'s, 'm> {
    mem: &'s SharedMemory<'m>,
    last: usize,
}

/// The bits of an access of `len` bytes (1, 2, 4 or 8).
#[inline(always)]
fn mask(len: usize) -> u64 {
    if len >= 8 {
        u64::MAX
    } else {
        (1u64 << (len * 8)) - 1
    }
}

impl<'s> SharedView<'s, '_> {
    /// The word holding the `len` bytes at `addr` and their bit offset in it, if they lie
    /// inside one allocation and are aligned to `len` (so inside one word).
    #[inline]
    fn word(&mut self, addr: u64, len: usize) -> Option<(&'s AtomicU64, u32)> {
        if len == 0 || len > 8 || addr % len as u64 != 0 {
            return None;
        }
        let (base, _, words) = self.region(addr, len)?;
        // Allocations start 256-aligned, so an aligned access stays in its word.
        let off = usize::try_from(addr - base).ok()?;
        let word = words.get(off / 8)?;
        Some((word, (off % 8) as u32 * 8))
    }

    /// The allocation holding `[addr, addr + len)`: its base address, length and words.
    #[inline]
    pub(crate) fn region(
        &mut self,
        addr: u64,
        len: usize,
    ) -> Option<(u64, usize, &'s [AtomicU64])> {
        let allocs: &'s [(u64, usize, &[AtomicU64])] = &self.mem.allocs;
        let fits = |i: usize| -> bool {
            allocs.get(i).is_some_and(|(base, n, _)| {
                addr.checked_sub(*base)
                    .and_then(|off| off.checked_add(len as u64))
                    .is_some_and(|end| end <= *n as u64)
            })
        };
        if !fits(self.last) {
            let i = match allocs.binary_search_by_key(&addr, |a| a.0) {
                Ok(i) => i,
                Err(0) => return None,
                Err(i) => i - 1,
            };
            if !fits(i) {
                return None;
            }
            self.last = i;
        }
        let (base, n, words) = allocs[self.last];
        Some((base, n, words))
    }

    /// The `len` bytes at `addr`, little-endian; `None` outside every allocation or
    /// misaligned.
    #[inline]
    pub(crate) fn load(&mut self, addr: u64, len: usize) -> Option<u64> {
        let (word, shift) = self.word(addr, len)?;
        Some((word.load(Ordering::Acquire) >> shift) & mask(len))
    }

    /// Stores the low `len` bytes of `v` at `addr`, leaving the word's other bytes as
    /// they are (another worker may be writing them).
    #[inline]
    pub(crate) fn store(&mut self, addr: u64, len: usize, v: u64) -> Option<()> {
        let (word, shift) = self.word(addr, len)?;
        if len == 8 {
            word.store(v, Ordering::Release);
        } else {
            let m = mask(len) << shift;
            let bits = (v << shift) & m;
            // Never fails: the closure always returns `Some`.
            let _ = word.fetch_update(Ordering::Release, Ordering::Relaxed, |old| {
                Some((old & !m) | bits)
            });
        }
        Some(())
    }

    /// An atomic read-modify-write of the `len` bytes at `addr`: stores `f(old)` (its low
    /// `len` bytes) and returns `old`.
    #[inline]
    pub(crate) fn update(
        &mut self,
        addr: u64,
        len: usize,
        mut f: impl FnMut(u64) -> u64,
    ) -> Option<u64> {
        let (word, shift) = self.word(addr, len)?;
        let m = mask(len);
        let mut seen = word.load(Ordering::Relaxed);
        let prev = loop {
            let new = f((seen >> shift) & m) & m;
            let next = (seen & !(m << shift)) | (new << shift);
            match word.compare_exchange_weak(seen, next, Ordering::SeqCst, Ordering::Relaxed) {
                Ok(prev) => break prev,
                // Another worker updated the word first: pause before the retry, which
                // keeps many workers on one hot address from retrying in lockstep.
                Err(now) => {
                    seen = now;
                    std::hint::spin_loop();
                }
            }
        };
        Some((prev >> shift) & m)
    }
}

/// Loads `N` bytes at `base[l] + offset` into `out[l]` for the lanes of `m` from the
/// allocation `(start, n, words)`; `false` if one is outside it or misaligned (`out` is
/// then partly written).
#[inline(always)]
pub(crate) fn gather<const N: usize>(
    out: &mut [u64; 32],
    (start, n, words): (u64, usize, &[AtomicU64]),
    (base, offset): (&[u64; 32], u64),
    m: u32,
) -> bool {
    let Some(limit) = n.checked_sub(N) else {
        return false;
    };
    let (mut outside, mut odd) = (false, 0u64);
    for l in lanes(m) {
        let a = base[l].wrapping_add(offset);
        let off = a.wrapping_sub(start);
        outside |= off > limit as u64;
        odd |= a;
        let off = (off as usize).min(limit);
        let w = words.get(off / 8).map_or(0, |w| w.load(Ordering::Acquire));
        out[l] = (w >> ((off % 8) * 8)) & mask(N);
    }
    !outside && odd % N as u64 == 0
}

/// Stores `size` bytes of `v[l]` at `at[l]` for the lanes of `m` in lane order into the
/// allocation `(start, n, words)`, if every access is inside it and aligned; `false`
/// (nothing written) otherwise. Lanes that write one word one after another are written
/// together: one plain atomic store where they cover it all (a warp's coalesced 4-byte
/// stores), else one compare-and-swap.
#[inline(always)]
pub(crate) fn scatter(
    (start, n, words): (u64, usize, &[AtomicU64]),
    at: &[u64; 32],
    v: &[u64; 32],
    size: usize,
    m: u32,
) -> bool {
    let Some(limit) = n.checked_sub(size) else {
        return false;
    };
    let (mut outside, mut odd) = (false, 0u64);
    for l in lanes(m) {
        outside |= at[l].wrapping_sub(start) > limit as u64;
        odd |= at[l];
    }
    if outside || odd % size as u64 != 0 || size == 0 || size > 8 {
        return false;
    }
    let write = |word: usize, (bits, covered): (u64, u64)| {
        let Some(w) = words.get(word) else { return };
        if covered == u64::MAX {
            w.store(bits, Ordering::Release);
        } else if covered != 0 {
            let _ = w.fetch_update(Ordering::Release, Ordering::Relaxed, |old| {
                Some((old & !covered) | bits)
            });
        }
    };
    let (mut word, mut pending) = (usize::MAX, (0u64, 0u64));
    for l in lanes(m) {
        let off = (at[l] - start) as usize;
        let shift = (off % 8) * 8;
        let bytes = mask(size) << shift;
        if off / 8 != word {
            write(word, pending);
            (word, pending) = (off / 8, (0, 0));
        }
        pending = (
            (pending.0 & !bytes) | ((v[l] << shift) & bytes),
            pending.1 | bytes,
        );
    }
    write(word, pending);
    true
}

/// A sequentially consistent fence: what `membar` and `fence` mean between workers.
pub(crate) fn fence() {
    std::sync::atomic::fence(Ordering::SeqCst);
}

#[cfg(test)]
mod tests {
    use super::super::Memory;

    #[test]
    fn sub_word_stores_keep_their_neighbours_and_updates_return_the_old_value() {
        let mut mem = Memory::new();
        let a = mem.alloc(16, 256).unwrap_or(0);
        let shared = mem.share();
        let mut v = shared.view();
        assert_eq!(v.store(a + 1, 1, 0xab), Some(()));
        assert_eq!(v.store(a + 2, 2, 0x1234), Some(()));
        assert_eq!(v.load(a, 4), Some(0x1234_ab00));
        assert_eq!(v.update(a + 4, 4, |x| x + 7), Some(0));
        assert_eq!(v.load(a + 4, 4), Some(7));
        assert_eq!(v.load(a + 1, 2), None, "misaligned");
        assert_eq!(v.load(a + 16, 1), None, "past the allocation");
        assert_eq!(v.load(a - 8, 8), None, "before it");
    }

    #[test]
    fn a_warps_stores_land_in_lane_order_and_loads_see_them() {
        let mut mem = Memory::new();
        let a = mem.alloc(256, 256).unwrap_or(0);
        let shared = mem.share();
        let mut view = shared.view();
        let region = view.region(a, 4).unwrap_or((0, 0, &[]));
        // Lanes 0..32 store 4 bytes each, coalesced; lanes 30 and 31 both write a + 4.
        let mut at = [0u64; 32];
        let mut v = [0u64; 32];
        for l in 0..32 {
            at[l] = a + 4 * l as u64;
            v[l] = 100 + l as u64;
        }
        at[30] = a + 4;
        at[31] = a + 4;
        assert!(super::scatter(region, &at, &v, 4, u32::MAX));
        let mut out = [0u64; 32];
        assert!(super::gather::<4>(&mut out, region, (&at, 0), u32::MAX));
        assert_eq!(out[0], 100);
        assert_eq!(out[1], 131, "the highest lane wins");
        assert_eq!(out[29], 129);
        // A byte store between words keeps its neighbours.
        let mut one = [0u64; 32];
        one[0] = a + 9;
        assert!(super::scatter(region, &one, &[0xff; 32], 1, 1));
        assert_eq!(view.load(a + 8, 4), Some(0x0000_ff00 | 102));
        // Outside the allocation or misaligned: nothing written, `false`.
        one[0] = a + 256;
        assert!(!super::scatter(region, &one, &v, 4, 1));
        one[0] = a + 2;
        assert!(!super::scatter(region, &one, &v, 4, 1));
        assert!(!super::gather::<4>(&mut out, region, (&one, 0), 1));
    }

    #[test]
    fn workers_adding_at_once_lose_no_update() {
        let mut mem = Memory::new();
        let a = mem.alloc(8, 256).unwrap_or(0);
        {
            let shared = mem.share();
            std::thread::scope(|s| {
                for _ in 0..4 {
                    s.spawn(|| {
                        let mut v = shared.view();
                        for _ in 0..1000 {
                            v.update(a + 4, 4, |x| x + 1);
                            v.update(a, 2, |x| x + 1);
                        }
                    });
                }
            });
        }
        let mut out = [0u8; 8];
        assert!(mem.read(a, &mut out).is_ok());
        assert_eq!(u64::from_le_bytes(out), 4000 << 32 | 4000);
    }
}
