//! The special-function unit's quadratic interpolator, as `MUFU.TANH` and `MUFU.LG2` use it:
//! the input's fixed-point offset `j` inside one of `2^n`-input segments gives
//! `c0 + c1 * j + c2 * Q(j)`, where `Q(j)` is `j^2` from a squarer that drops the partial
//! products below `2^19`, and the sum is cut (toward zero) to an `f32`.
//!
//! Nothing here is fitted to a tolerance: with the segment's three integer coefficients the
//! expression gives the GPU's bits for every input of the segment, which is how they were
//! found (`tests/fixtures/approx/interp.py` solves for them from `record.cu`'s and
//! `record_mufu.cu`'s recordings and checks each one).
//!
//! A table has regions (`MUFU.TANH` reads its operand more coarsely from 4 on, and squares
//! fewer bits from 2 on). Layout of a coefficient file (little-endian `u32` unless said):
//! the number of regions; per region `first, shift, lg_len, sq_shift, sq_floor, count,
//! exceptions`; then every region's `count` segments of three `i64` (`c0, c1, c2`, in
//! units of `2^-60`); then every region's exceptions, as LEB128 varints of
//! `(gap << 1) | up` (`gap` from the previous exception's `kk`). Input `k >= first` is
//! read as `kk = (k - first) >> shift`, whose low `lg_len` bits are `j` and the rest the
//! segment; the squarer takes `j >> sq_shift` and keeps weights of `2^sq_floor` and up. At
//! an exception the GPU's answer is the next `f32` above (`up`) or below the expression's:
//! the unit's arithmetic has a detail the model lacks there (from 4 on, 0.9% of the
//! inputs).

/// Units of the coefficients and of an interpolated value: `2^-60`.
pub(super) const FRAC: u32 = 60;

/// One range of inputs read alike.
struct Region {
    first: u32,
    shift: u32,
    lg_len: u32,
    sq_shift: u32,
    sq_floor: u32,
    segs: Vec<[i64; 3]>,
    /// `(kk << 1) | up`, sorted by `kk`.
    exceptions: Vec<u32>,
}

/// A decoded coefficient table.
pub(super) struct Interp {
    /// By increasing `first`.
    regions: Vec<Region>,
}

impl Interp {
    /// The table in `bytes`, or `None` for a malformed file (the unit tests rule that out
    /// for the checked-in ones).
    pub(super) fn decode(bytes: &[u8]) -> Option<Interp> {
        let mut at = 0usize;
        let n = read_u32(bytes, &mut at)?;
        if n > 64 {
            return None;
        }
        let mut heads = Vec::new();
        for _ in 0..n {
            let mut h = [0u32; 7];
            for v in &mut h {
                *v = read_u32(bytes, &mut at)?;
            }
            heads.push(h);
        }
        let mut regions = Vec::new();
        for &[first, shift, lg_len, sq_shift, sq_floor, count, _] in &heads {
            if shift > 8 || lg_len > 24 || sq_shift > lg_len || sq_floor > 40 {
                return None;
            }
            let body = bytes.get(at..at.checked_add(24usize.checked_mul(count as usize)?)?)?;
            at += body.len();
            let segs = body
                .chunks_exact(24)
                .map(|c| {
                    let v = |i: usize| {
                        i64::from_le_bytes(c[8 * i..8 * i + 8].try_into().unwrap_or([0; 8]))
                    };
                    [v(0), v(1), v(2)]
                })
                .collect();
            regions.push(Region {
                first,
                shift,
                lg_len,
                sq_shift,
                sq_floor,
                segs,
                exceptions: Vec::new(),
            });
        }
        for (r, h) in regions.iter_mut().zip(&heads) {
            let mut kk = 0u32;
            for _ in 0..h[6] {
                let v = read_varint(bytes, &mut at)?;
                kk = kk.checked_add(v >> 1)?;
                r.exceptions.push(kk.checked_mul(2)? | (v & 1));
            }
        }
        let sorted = regions.windows(2).all(|w| w[0].first < w[1].first);
        (at == bytes.len() && sorted).then_some(Interp { regions })
    }

    /// The GPU's answer for input `k`: the interpolated value cut toward zero to an `f32`
    /// (see [`toward_zero`]; `offset` is added first, in units of 1), `None` outside the
    /// table.
    pub(super) fn answer(&self, k: u32, offset: i32) -> Option<f32> {
        let (r, kk) = self.region(k)?;
        let v = self.value(k)?;
        let f = toward_zero((i128::from(offset) << FRAC) + v, FRAC);
        Some(match r.exceptions.binary_search_by_key(&kk, |e| e >> 1) {
            Ok(i) => {
                let step = if r.exceptions[i] & 1 == 1 { 1 } else { -1 };
                // Up or down in magnitude (the answers here are positive).
                f32::from_bits(f.to_bits().wrapping_add_signed(step))
            }
            Err(_) => f,
        })
    }

    /// The region holding `k` and `k`'s index inside it.
    fn region(&self, k: u32) -> Option<(&Region, u32)> {
        let i = self
            .regions
            .partition_point(|r| r.first <= k)
            .checked_sub(1)?;
        let r = &self.regions[i];
        Some((r, (k - r.first) >> r.shift))
    }

    /// The interpolated value for input `k` (in units of `2^-60`), `None` outside the
    /// table.
    fn value(&self, k: u32) -> Option<i128> {
        let (r, kk) = self.region(k)?;
        let [c0, c1, c2] = r.segs.get((kk >> r.lg_len) as usize)?.map(i128::from);
        let j = kk & ((1 << r.lg_len) - 1);
        let q = square(j >> r.sq_shift, r.lg_len - r.sq_shift, r.sq_floor);
        // Every product fits: i64 coefficients times j < 2^24 and Q(j) < 2^48.
        Some(c0 + c1 * i128::from(j) + c2 * i128::from(q))
    }
}

fn read_u32(bytes: &[u8], at: &mut usize) -> Option<u32> {
    let w = u32::from_le_bytes(bytes.get(*at..*at + 4)?.try_into().ok()?);
    *at += 4;
    Some(w)
}

fn read_varint(bytes: &[u8], at: &mut usize) -> Option<u32> {
    let mut v = 0u32;
    let mut shift = 0;
    loop {
        let b = *bytes.get(*at)?;
        *at += 1;
        v |= u32::from(b & 0x7f).checked_shl(shift)?;
        shift += 7;
        if b & 0x80 == 0 {
            return Some(v);
        }
    }
}

/// `j^2` as the unit's squarer forms it from the `bits` low bits of `j`: each product of two
/// bits `2^(a+b)` (a cross product counted once at `2^(a+b+1)`) only where that weight is
/// `2^floor` or more.
pub(super) fn square(j: u32, bits: u32, floor: u32) -> i64 {
    let mut q = 0i64;
    for a in 0..bits {
        if j >> a & 1 == 0 {
            continue;
        }
        if 2 * a >= floor {
            q += 1 << (2 * a);
        }
        for b in a + 1..bits {
            if j >> b & 1 == 1 && a + b + 1 >= floor {
                q += 1 << (a + b + 1);
            }
        }
    }
    q
}

/// `v * 2^-frac` cut toward zero to an `f32` (its magnitude truncated to 24 significant
/// bits); `v` must be a normal `f32`'s worth (the callers' values are).
pub(super) fn toward_zero(v: i128, frac: u32) -> f32 {
    if v == 0 {
        return 0.0;
    }
    let mag = v.unsigned_abs();
    let top = 127 - mag.leading_zeros() as i32; // mag's highest bit
    let mant = if top >= 23 {
        mag >> (top - 23)
    } else {
        mag << (23 - top)
    } as u32;
    let exp = top - frac as i32 + 127;
    let bits = ((exp.clamp(1, 254) as u32) << 23) | (mant & 0x7f_ffff);
    let r = f32::from_bits(bits);
    if v < 0 {
        -r
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_squarer_drops_only_the_low_partial_products() {
        // Below 2^9.5 every partial product is under 2^19.
        assert_eq!(square(700, 17, 19), 0);
        // A single high bit: its square only.
        assert_eq!(square(1 << 12, 17, 19), 1 << 24);
        // All kept: the exact square.
        assert_eq!(square(0x1fc00, 17, 19), 0x1fc00i64 * 0x1fc00);
        // 2^9 + 2^8: the square of 2^9 (2^18) and the cross product (2^18) are both dropped.
        assert_eq!(square(768, 17, 19), 0);
        // 2^10 + 2^9: 2^20 kept, the cross product 2^20 kept, 2^18 dropped.
        assert_eq!(square(1536, 17, 19), (1 << 20) + (1 << 20));
    }

    #[test]
    fn values_are_cut_toward_zero() {
        let one = 1i128 << FRAC;
        assert_eq!(toward_zero(one, FRAC), 1.0);
        assert_eq!(toward_zero(-one, FRAC), -1.0);
        // Just under 1: the largest f32 below 1, not 1.
        assert_eq!(toward_zero(one - 1, FRAC), f32::from_bits(0x3f7f_ffff));
        assert_eq!(toward_zero(-(one - 1), FRAC), -f32::from_bits(0x3f7f_ffff));
        assert_eq!(toward_zero(3 * one + 5, FRAC), 3.0);
        assert_eq!(toward_zero(0, FRAC), 0.0);
    }

    #[test]
    fn a_malformed_table_is_refused() {
        assert!(Interp::decode(&[1, 2, 3]).is_none());
        // One region announced, none there; too many regions.
        assert!(Interp::decode(&[1, 0, 0, 0]).is_none());
        assert!(Interp::decode(&[65, 0, 0, 0]).is_none());
        let t = Interp::decode(&[0, 0, 0, 0]).expect("empty table");
        assert_eq!(t.value(0), None);
    }
}
