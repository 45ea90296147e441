//! One special-function table: the GPU's answers over one range of significands, held as
//! a quadratic per segment plus the few inputs where that quadratic misses by one unit.
//!
//! The hardware evaluates a quadratic per segment in fixed point with truncated partial
//! products; a quadratic in `f64` (fitted by least squares to the GPU's recorded answers,
//! `tests/fixtures/approx/build.py`) rounds to the same integer for about 99% of the
//! inputs, and the list of the others makes the table exact. The data is the recorded
//! answer of an H100 (sm_90); `record.cu` beside `build.py` records it again.
//!
//! Layout of a table file (little-endian): `lg_n, m, s, exceptions` as `u32`; `2^m`
//! segments of three `f64` (`c0, c1, c2`); then per exception, in increasing input order,
//! a LEB128 varint of `(gap << 1) | up` (`gap` from the previous exception's index, `up`
//! when the answer is one more than the quadratic's, else one less).

use std::sync::OnceLock;

use super::interp::Interp;

/// A decoded table: `value(k)` is the GPU's answer for the `k`-th input of the range, as an
/// integer in units of the answer's last place.
pub(super) struct Table {
    /// Inputs in the range: `2^lg_n`.
    lg_n: u32,
    /// Segments: `2^m`, chosen by the top `m` bits of `k`.
    m: u32,
    /// The squared term uses the offset in the segment shifted right by `s`.
    s: u32,
    coef: Vec<[f64; 3]>,
    /// `(index << 1) | up`, sorted by index.
    exceptions: Vec<u32>,
}

impl Table {
    /// Decodes `bytes`; a malformed file gives an empty table (every value 0), which the
    /// unit tests rule out for the checked-in files.
    fn decode(bytes: &[u8]) -> Table {
        Self::try_decode(bytes).unwrap_or(Table {
            lg_n: 0,
            m: 0,
            s: 0,
            coef: vec![[0.0; 3]],
            exceptions: Vec::new(),
        })
    }

    fn try_decode(bytes: &[u8]) -> Option<Table> {
        let word = |i: usize| -> Option<u32> {
            let b = bytes.get(4 * i..4 * i + 4)?;
            Some(u32::from_le_bytes(b.try_into().ok()?))
        };
        let (lg_n, m, s, count) = (word(0)?, word(1)?, word(2)?, word(3)?);
        if m > lg_n || lg_n > 30 || s > 31 {
            return None;
        }
        let mut at = 16;
        let mut coef = Vec::with_capacity(1 << m);
        for _ in 0..1u32 << m {
            let mut c = [0.0; 3];
            for v in &mut c {
                let b = bytes.get(at..at + 8)?;
                *v = f64::from_le_bytes(b.try_into().ok()?);
                at += 8;
            }
            coef.push(c);
        }
        let mut exceptions = Vec::with_capacity(count as usize);
        let mut index = 0u32;
        for _ in 0..count {
            let mut v = 0u32;
            let mut shift = 0;
            loop {
                let b = *bytes.get(at)?;
                at += 1;
                v |= u32::from(b & 0x7f).checked_shl(shift)?;
                shift += 7;
                if b & 0x80 == 0 {
                    break;
                }
            }
            index = index.checked_add(v >> 1)?;
            exceptions.push(index.checked_mul(2)? | (v & 1));
        }
        (at == bytes.len()).then_some(Table {
            lg_n,
            m,
            s,
            coef,
            exceptions,
        })
    }

    /// Inputs in the range.
    pub(super) fn len(&self) -> u32 {
        1 << self.lg_n
    }

    /// The GPU's answer for input `k` of the range (`k` is masked to the range).
    pub(super) fn value(&self, k: u32) -> u32 {
        let k = k & (self.len() - 1);
        let shift = self.lg_n - self.m;
        let [c0, c1, c2] = self.coef[(k >> shift) as usize];
        let j = k & ((1 << shift) - 1);
        let q = f64::from(j >> self.s);
        // The same expression, in the same order, as the fit that listed the exceptions.
        let v = ((c0 + c1 * f64::from(j)) + c2 * (q * q)).floor() as u32;
        match self.exceptions.binary_search_by_key(&k, |e| e >> 1) {
            Ok(i) if self.exceptions[i] & 1 == 1 => v.wrapping_add(1),
            Ok(_) => v.wrapping_sub(1),
            Err(_) => v,
        }
    }
}

/// A table's bytes, or nothing without the `gpu-math` feature.
macro_rules! table_bytes {
    ($file:literal) => {{
        #[cfg(feature = "gpu-math")]
        let bytes: &[u8] = include_bytes!($file);
        #[cfg(not(feature = "gpu-math"))]
        let bytes: &[u8] = &[];
        bytes
    }};
}

/// The table in `bytes`, decoded on first use; `None` when the crate has no tables.
fn load(cell: &'static OnceLock<Option<Table>>, bytes: &[u8]) -> Option<&'static Table> {
    cell.get_or_init(|| (!bytes.is_empty()).then(|| Table::decode(bytes)))
        .as_ref()
}

/// `1/x` over the significands of `[1, 2)`: answers in units of `2^-24` (`2^24` for 1).
pub(super) fn rcp() -> Option<&'static Table> {
    static T: OnceLock<Option<Table>> = OnceLock::new();
    load(&T, table_bytes!("rcp.bin"))
}

/// `1/sqrt(x)` over `[1, 4)` (two binades): answers in units of `2^-24`.
pub(super) fn rsq() -> Option<&'static Table> {
    static T: OnceLock<Option<Table>> = OnceLock::new();
    load(&T, table_bytes!("rsq.bin"))
}

/// `sqrt(x)` over `[1, 4)` (two binades): answers in units of `2^-23`.
pub(super) fn sqrt() -> Option<&'static Table> {
    static T: OnceLock<Option<Table>> = OnceLock::new();
    load(&T, table_bytes!("sqrt.bin"))
}

/// `2^f` for `f = k * 2^-23` in `[0, 1)`: answers in units of `2^-23`.
pub(super) fn ex2() -> Option<&'static Table> {
    static T: OnceLock<Option<Table>> = OnceLock::new();
    load(&T, table_bytes!("ex2.bin"))
}

/// An interpolator's coefficients in `bytes`, decoded on first use; `None` without the
/// `gpu-math` feature (or for a malformed file, which the unit tests rule out).
fn load_interp(cell: &'static OnceLock<Option<Interp>>, bytes: &[u8]) -> Option<&'static Interp> {
    cell.get_or_init(|| Interp::decode(bytes)).as_ref()
}

/// `MUFU.LG2` of the significand: `log2(m)` for `m` in `[1, 2)`, 64 segments of `2^17`; and
/// (inputs from `2^23`) the magnitude of `log2(x)` for `x` in `[1 - 2^-7, 1 - 2^-13)`.
pub(super) fn lg2() -> Option<&'static Interp> {
    static T: OnceLock<Option<Interp>> = OnceLock::new();
    load_interp(&T, table_bytes!("lg2.bin"))
}

/// `MUFU.LG2`'s answers' magnitudes for the last `2^11` inputs below 1 (`x` from
/// `1 - 2^-13`), as recorded; empty without the `gpu-math` feature.
pub(super) fn lg2_near1() -> &'static [f32] {
    static T: OnceLock<Vec<f32>> = OnceLock::new();
    T.get_or_init(|| {
        table_bytes!("lg2_near1.bin")
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect()
    })
}

/// `MUFU.SIN` over a quarter turn: `sin(pi/2 * k * 2^-23)`, 64 segments of `2^17`.
pub(super) fn sin() -> Option<&'static Interp> {
    static T: OnceLock<Option<Interp>> = OnceLock::new();
    load_interp(&T, table_bytes!("sin.bin"))
}

/// `MUFU.TANH` of `|x| = k * 2^-25` from `2^-8` to 8, in 75 segments.
pub(super) fn tanh() -> Option<&'static Interp> {
    static T: OnceLock<Option<Interp>> = OnceLock::new();
    load_interp(&T, table_bytes!("tanh.bin"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(feature = "gpu-math")]
    fn checked_in_tables_decode() {
        for (t, lg_n, one) in [
            (rcp(), 23, 24),
            (rsq(), 24, 24),
            (sqrt(), 24, 23),
            (ex2(), 23, 23),
        ] {
            let t = t.expect("gpu-math has the tables");
            assert_eq!(t.lg_n, lg_n);
            assert!(!t.exceptions.is_empty());
            // The range's first input is exact: 1 in the answers' units.
            assert_eq!(t.value(0), 1 << one);
        }
        // The interpolators: log2(1.5) and tanh(1) as the GPU answers them.
        let lg2 = lg2().expect("gpu-math has lg2.bin");
        assert_eq!(lg2.answer(1 << 22, 0).map(f32::to_bits), Some(0x3f15_c01b));
        let tanh = tanh().expect("gpu-math has tanh.bin");
        assert_eq!(tanh.answer(1 << 25, 0).map(f32::to_bits), Some(0x3f42_f848));
    }

    #[test]
    fn a_malformed_table_is_empty_not_a_panic() {
        let t = Table::decode(&[1, 2, 3]);
        assert_eq!(t.value(12345), 0);
    }
}
