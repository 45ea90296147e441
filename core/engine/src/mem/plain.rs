//! Values and whole-warp accesses in plain bytes: an allocation a launch has to itself, a
//! block's shared memory, local and parameter memory. (`shared` is the same for the atomic
//! words a parallel launch's workers share.)

/// Every lane of a warp.
const FULL: u32 = u32::MAX;

/// The lanes of `mask`, lowest first (as the executor's `warp_state::lanes`: one step per set
/// bit).
#[inline(always)]
pub(crate) fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            l
        })
    })
}

/// A little-endian value of 1, 2, 4 or 8 bytes (fixed-size copies: no `memcpy` call).
#[inline(always)]
pub(crate) fn load_le(s: &[u8]) -> u64 {
    if let Ok(b) = <[u8; 4]>::try_from(s) {
        u32::from_le_bytes(b) as u64
    } else if let Ok(b) = <[u8; 8]>::try_from(s) {
        u64::from_le_bytes(b)
    } else if let Ok(b) = <[u8; 2]>::try_from(s) {
        u16::from_le_bytes(b) as u64
    } else {
        let mut buf = [0u8; 8];
        let n = s.len().min(8);
        buf[..n].copy_from_slice(&s[..n]);
        u64::from_le_bytes(buf)
    }
}

/// Loads `N` bytes at `base[l] + offset - start` of `bytes` into `out[l]` for the lanes of
/// `m`, and checks in the same pass that every access is aligned and inside `bytes`. `false`
/// when one is not: `out` is then partly written (a lane outside reads clamped bytes, never
/// out of bounds) and the caller takes the lane-by-lane path, which reports the faulting
/// lane.
#[inline(always)]
pub(crate) fn gather<const N: usize>(
    out: &mut [u64; 32],
    bytes: &[u8],
    base: &[u64; 32],
    offset: u64,
    start: u64,
    m: u32,
) -> bool {
    let Some(limit) = bytes.len().checked_sub(N) else {
        return false;
    };
    let (mut outside, mut odd) = (false, 0u64);
    let mut one = |b: u64| -> u64 {
        let a = b.wrapping_add(offset);
        let off = a.wrapping_sub(start);
        outside |= off > limit as u64;
        odd |= a;
        let off = (off as usize).min(limit);
        let mut buf = [0u8; 8];
        buf[..N].copy_from_slice(&bytes[off..off + N]);
        u64::from_le_bytes(buf)
    };
    if m == FULL {
        for (o, &b) in out.iter_mut().zip(base) {
            *o = one(b);
        }
    } else {
        for l in lanes(m) {
            out[l] = one(base[l]);
        }
    }
    !outside && odd % N as u64 == 0
}

/// Stores the low `s.len()` bytes of `v`, little-endian.
#[inline(always)]
pub(crate) fn store_le(s: &mut [u8], v: u64) {
    if let Ok(b) = <&mut [u8; 4]>::try_from(&mut *s) {
        *b = (v as u32).to_le_bytes();
    } else if let Ok(b) = <&mut [u8; 8]>::try_from(&mut *s) {
        *b = v.to_le_bytes();
    } else if let Ok(b) = <&mut [u8; 2]>::try_from(&mut *s) {
        *b = (v as u16).to_le_bytes();
    } else {
        let n = s.len().min(8);
        s[..n].copy_from_slice(&v.to_le_bytes()[..n]);
    }
}

/// Stores `size` bytes of `v[l]` at `at[l]` for the lanes of `m` into `bytes` (which start
/// at address `start`), if every access is aligned and inside them; `false` (nothing
/// written) otherwise.
#[inline(always)]
pub(crate) fn scatter(
    bytes: &mut [u8],
    start: u64,
    at: &[u64; 32],
    v: &[u64; 32],
    size: usize,
    m: u32,
) -> bool {
    let Some(limit) = bytes.len().checked_sub(size) else {
        return false;
    };
    // Every lane is checked before any is written.
    let (mut outside, mut odd) = (false, 0u64);
    for l in lanes(m) {
        outside |= at[l].wrapping_sub(start) > limit as u64;
        odd |= at[l];
    }
    if outside || odd % size as u64 != 0 {
        return false;
    }
    // Lanes store in order, so when two lanes write one address the highest wins.
    for l in lanes(m) {
        let off = (at[l] - start) as usize;
        store_le(&mut bytes[off..off + size], v[l]);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::{load_le, store_le};

    #[test]
    fn little_endian_values_round_trip() {
        let mut bytes = [0u8; 8];
        store_le(&mut bytes, 0x1122_3344_5566_7788);
        assert_eq!(bytes, [0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11]);
        assert_eq!(load_le(&bytes[..2]), 0x7788);
        assert_eq!(load_le(&bytes[..4]), 0x5566_7788);
        assert_eq!(load_le(&bytes), 0x1122_3344_5566_7788);
        store_le(&mut bytes[..2], 0xffff_abcd);
        assert_eq!(load_le(&bytes[..2]), 0xabcd);
    }
}
