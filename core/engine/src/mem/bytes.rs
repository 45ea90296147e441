//! One allocation's bytes, kept in 8-byte words so that a parallel launch can see them as
//! atomic words ([`Bytes::share`]) while everything else sees plain bytes.

use std::sync::atomic::AtomicU64;

/// The bytes of one global allocation: `len` bytes at the start of `words`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Bytes {
    words: Vec<u64>,
    len: usize,
}

// `share` reads the words as `AtomicU64`s: same size and, on every target the crate
// builds for, the same alignment.
const _: () = assert!(
    std::mem::size_of::<AtomicU64>() == 8
        && std::mem::align_of::<AtomicU64>() == std::mem::align_of::<u64>()
);

impl Bytes {
    /// `len` zero bytes, or `None` where the host cannot hold them. On 64-bit hosts zeroed
    /// memory is mapped lazily and costs nothing until written; a 32-bit host (WebAssembly)
    /// has at most `isize::MAX` bytes in one piece and must not abort when its memory runs
    /// out.
    pub(crate) fn zeroed(len: usize) -> Option<Bytes> {
        let n = len.div_ceil(8);
        let words = if cfg!(target_pointer_width = "64") {
            vec![0u64; n]
        } else {
            let mut v = Vec::new();
            v.try_reserve_exact(n).ok()?;
            v.resize(n, 0);
            v
        };
        Some(Bytes { words, len })
    }

    /// Bytes held.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The bytes.
    #[inline(always)]
    pub(crate) fn as_slice(&self) -> &[u8] {
        // SAFETY: the words hold at least `len` initialised bytes, and `u8` has no
        // alignment; the shared borrow of `self` keeps them from being written meanwhile.
        unsafe { std::slice::from_raw_parts(self.words.as_ptr().cast::<u8>(), self.len) }
    }

    /// The bytes, to write.
    #[inline(always)]
    pub(crate) fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: as `as_slice`, and the exclusive borrow of `self` makes this the only view.
        unsafe { std::slice::from_raw_parts_mut(self.words.as_mut_ptr().cast::<u8>(), self.len) }
    }

    /// The words as atomics, which any number of threads may read and write at once: the
    /// view a parallel launch's workers share. The exclusive borrow it takes keeps the
    /// plain views away while it lives.
    pub(crate) fn share(&mut self) -> &[AtomicU64] {
        let (ptr, n) = (self.words.as_mut_ptr(), self.words.len());
        // SAFETY: `AtomicU64` has the size and alignment of `u64` (asserted above), the
        // words are initialised, and the exclusive borrow means no plain access overlaps the
        // returned shared one.
        unsafe { std::slice::from_raw_parts(ptr.cast::<AtomicU64>(), n) }
    }
}

#[cfg(test)]
mod tests {
    use super::Bytes;
    use std::sync::atomic::Ordering;

    #[test]
    fn plain_and_atomic_views_see_the_same_little_endian_bytes() {
        let mut b = Bytes::zeroed(12).unwrap_or_default();
        assert_eq!(b.len(), 12);
        b.as_mut_slice()[8..12].copy_from_slice(&[1, 2, 3, 4]);
        let words = b.share();
        assert_eq!(words.len(), 2);
        assert_eq!(words[1].load(Ordering::Relaxed), 0x0403_0201);
        words[0].store(0x1122_3344_5566_7788, Ordering::Relaxed);
        assert_eq!(b.as_slice()[..2], [0x88, 0x77]);
    }
}
