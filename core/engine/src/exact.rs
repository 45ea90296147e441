//! Double precision with directed rounding (`add`/`sub`/`mul`/`fma` `.rz`/`.rm`/`.rp` on
//! `.f64`), and the carry chains of multi-word integer arithmetic (`add.cc`, `addc`,
//! `sub.cc`, `subc`, `mad.cc`, `madc`).
//!
//! The CPU rounds `f64` to nearest only, so the directed results are computed exactly in
//! integers: every finite double is `m * 2^e` with a 53-bit `m`, a product of two is a
//! 106-bit integer times a power of two, and the sum of that with a third double fits in
//! 128 bits once the smaller term is cut to the bits that can still decide the rounding
//! (plus a sticky bit for the rest). The exact value is then rounded once, in the
//! direction asked for, subnormals and overflow included.

/// Float-to-integer and float rounding of `cvt`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Round {
    /// Round to nearest even.
    Nearest,
    /// Toward zero.
    Zero,
    /// Toward minus infinity.
    Down,
    /// Toward plus infinity.
    Up,
}

/// A finite nonzero double as `(negative, m, e)` with value `m * 2^e`, `m < 2^53`.
fn parts(x: f64) -> (bool, u64, i32) {
    let bits = x.to_bits();
    let neg = bits >> 63 != 0;
    let field = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    if field == 0 {
        (neg, frac, -1074)
    } else {
        (neg, frac | 1 << 52, field - 1075)
    }
}

/// `2^e` for `-1074 <= e <= 1023`, exactly.
fn pow2(e: i32) -> f64 {
    if e >= -1022 {
        f64::from_bits(((e + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (e + 1074))
    }
}

/// The largest finite double, or infinity, as an overflow rounds in direction `r`.
fn overflow(neg: bool, r: Round) -> f64 {
    let to_inf = match r {
        Round::Nearest => true,
        Round::Zero => false,
        Round::Up => !neg,
        Round::Down => neg,
    };
    let v = if to_inf { f64::INFINITY } else { f64::MAX };
    if neg {
        -v
    } else {
        v
    }
}

/// `(-1)^neg * m * 2^e` rounded to a double in direction `r` (`m` may be 0).
pub fn round_scaled(neg: bool, m: u128, e: i32, r: Round) -> f64 {
    let signed = |x: f64| if neg { -x } else { x };
    if m == 0 {
        return signed(0.0);
    }
    let len = 128 - m.leading_zeros() as i32;
    // Exponent of the leading bit, and the quantum (last place) of the result there.
    let top = len - 1 + e;
    if top > 1023 {
        return overflow(neg, r);
    }
    let q = (top - 52).max(-1074);
    let shift = q - e;
    let kept = if shift <= 0 {
        // Exact: at most 53 significant bits at or above the quantum.
        m << (-shift) as u32
    } else {
        let (kept, rest, half) = if shift >= 128 {
            (0, m, if shift == 128 { 1u128 << 127 } else { 0 })
        } else {
            (m >> shift, m & ((1u128 << shift) - 1), 1u128 << (shift - 1))
        };
        let up = rest != 0
            && match r {
                Round::Nearest => {
                    if half == 0 {
                        false
                    } else {
                        rest > half || (rest == half && kept & 1 == 1)
                    }
                }
                Round::Zero => false,
                Round::Up => !neg,
                Round::Down => neg,
            };
        kept + up as u128
    };
    // kept < 2^54 (2^53 after a carry out of the rounding): exact as an f64.
    let klen = 128 - kept.leading_zeros() as i32;
    if kept != 0 && klen - 1 + q > 1023 {
        return overflow(neg, r);
    }
    // kept * 2^q is a double by construction, and 2^q alone is one (q >= -1074), so the
    // product is exact.
    let v = kept as f64 * pow2(q);
    signed(v)
}

/// `a * b + c` rounded once in direction `r` (the exact fused multiply-add).
pub fn fma(a: f64, b: f64, c: f64, r: Round) -> f64 {
    if !(a.is_finite() && b.is_finite() && c.is_finite()) {
        return a.mul_add(b, c);
    }
    let p_neg = a.is_sign_negative() != b.is_sign_negative();
    if a == 0.0 || b == 0.0 {
        if c != 0.0 {
            return c;
        }
        // Two zeros: their common sign, else +0 (-0 rounding down).
        return if p_neg == c.is_sign_negative() {
            c
        } else if r == Round::Down {
            -0.0
        } else {
            0.0
        };
    }
    let (_, ma, ea) = parts(a);
    let (_, mb, eb) = parts(b);
    let p = ma as u128 * mb as u128;
    let ep = ea + eb;
    if c == 0.0 {
        // x + 0 is x for any nonzero x, whichever zero c is.
        return round_scaled(p_neg, p, ep, r);
    }
    let (c_neg, mc, ec) = parts(c);
    // Both terms normalised with the leading bit at bit 105.
    let norm = |m: u128, e: i32| -> (u128, i32) {
        let s = 105 - (127 - m.leading_zeros() as i32);
        (m << s, e - s)
    };
    let (pm, pe) = norm(p, ep);
    let (cm, ce) = norm(mc as u128, ec);
    let ((xn, xm, xe), (yn, ym, ye)) = if pe >= ce {
        ((p_neg, pm, pe), (c_neg, cm, ce))
    } else {
        ((c_neg, cm, ce), (p_neg, pm, pe))
    };
    let d = xe - ye;
    let (xm, ym, e) = if d <= 1 {
        // Exact alignment: at most 107 bits.
        (xm << d, ym, ye)
    } else {
        // The result's leading bit is at least that of x minus one, so its last place is
        // far above x's last bit: y matters only down to three bits below x's last bit,
        // the rest as a sticky bit.
        let e = xe - 3;
        let shift = ye - e;
        let ym = if shift >= 0 {
            ym << shift
        } else if -shift >= 128 {
            1
        } else {
            let s = (-shift) as u32;
            (ym >> s) | ((ym & ((1u128 << s) - 1)) != 0) as u128
        };
        (xm << 3, ym, e)
    };
    if xn == yn {
        return round_scaled(xn, xm + ym, e, r);
    }
    match xm.cmp(&ym) {
        std::cmp::Ordering::Greater => round_scaled(xn, xm - ym, e, r),
        std::cmp::Ordering::Less => round_scaled(yn, ym - xm, e, r),
        std::cmp::Ordering::Equal => {
            if r == Round::Down {
                -0.0
            } else {
                0.0
            }
        }
    }
}

/// `a + b` rounded in direction `r`.
pub fn add(a: f64, b: f64, r: Round) -> f64 {
    fma(a, 1.0, b, r)
}

/// `a * b` rounded in direction `r`.
pub fn mul(a: f64, b: f64, r: Round) -> f64 {
    if !(a.is_finite() && b.is_finite()) || a == 0.0 || b == 0.0 {
        return a * b;
    }
    let (an, ma, ea) = parts(a);
    let (bn, mb, eb) = parts(b);
    round_scaled(an != bn, ma as u128 * mb as u128, ea + eb, r)
}

/// The carry-chain instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CarryOp {
    /// `add.cc` (`carry_in: false`) and `addc`: `a + b (+ CF)`.
    Add,
    /// `sub.cc` and `subc`: `a - (b (+ CF))`, the carry flag holding the borrow.
    Sub,
    /// `mad.lo.cc` and `madc.lo`: the low half of `a * b`, plus `c (+ CF)`.
    MadLo,
    /// `mad.hi.cc` and `madc.hi`: the high half of `a * b`, plus `c (+ CF)`.
    MadHi,
}

/// One carry-chain step on `bits`-wide operands (32 or 64): the result and the carry (or
/// borrow) out. `cf` is the carry in (0 when the instruction takes none); `signed` only
/// changes which half of a signed product `MadHi` takes.
pub fn carry(op: CarryOp, bits: u32, signed: bool, a: u64, b: u64, c: u64, cf: u64) -> (u64, u64) {
    let mask: u128 = if bits >= 64 {
        u64::MAX as u128
    } else {
        (1u128 << bits) - 1
    };
    let (a, b, c, cf) = (
        a as u128 & mask,
        b as u128 & mask,
        c as u128 & mask,
        cf as u128 & 1,
    );
    let product = |hi: bool| -> u128 {
        if signed {
            let s = |v: u128| -> i128 {
                let v = v as i128;
                if v >> (bits - 1) & 1 == 1 {
                    v - (1i128 << bits)
                } else {
                    v
                }
            };
            // A 64x64 signed product fits in i128.
            let p = s(a).wrapping_mul(s(b)) as u128;
            if hi {
                (p >> bits) & mask
            } else {
                p & mask
            }
        } else {
            let p = a.wrapping_mul(b);
            if hi {
                // For 64 bits the product needs 128: the wrapping multiply keeps all of it.
                (p >> bits) & mask
            } else {
                p & mask
            }
        }
    };
    let wide = match op {
        CarryOp::Add => a + b + cf,
        CarryOp::Sub => {
            let sub = b + cf;
            return ((a.wrapping_sub(sub) & mask) as u64, (a < sub) as u64);
        }
        CarryOp::MadLo => product(false) + c + cf,
        CarryOp::MadHi => product(true) + c + cf,
    };
    ((wide & mask) as u64, (wide >> bits) as u64 & 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An exact oracle: a value `m * 2^e` as a big unsigned integer (little-endian 64-bit
    /// limbs) at a common exponent, rounded by comparing with the two neighbouring doubles.
    #[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Big(Vec<u64>);

    impl Big {
        fn from_u128(v: u128) -> Big {
            let mut b = Big(vec![v as u64, (v >> 64) as u64]);
            b.trim();
            b
        }
        fn trim(&mut self) {
            while self.0.last() == Some(&0) {
                self.0.pop();
            }
        }
        fn shl(&self, s: u32) -> Big {
            let (words, bits) = ((s / 64) as usize, s % 64);
            let mut out = vec![0u64; words];
            let mut carry = 0u64;
            for &w in &self.0 {
                out.push(w << bits | carry);
                carry = if bits == 0 { 0 } else { w >> (64 - bits) };
            }
            out.push(carry);
            let mut b = Big(out);
            b.trim();
            b
        }
        fn cmp_mag(&self, o: &Big) -> std::cmp::Ordering {
            self.0
                .len()
                .cmp(&o.0.len())
                .then_with(|| self.0.iter().rev().cmp(o.0.iter().rev()))
        }
        fn add(&self, o: &Big) -> Big {
            let n = self.0.len().max(o.0.len()) + 1;
            let mut out = Vec::with_capacity(n);
            let mut carry = 0u128;
            for i in 0..n {
                let s = *self.0.get(i).unwrap_or(&0) as u128
                    + *o.0.get(i).unwrap_or(&0) as u128
                    + carry;
                out.push(s as u64);
                carry = s >> 64;
            }
            let mut b = Big(out);
            b.trim();
            b
        }
        /// self - o, self >= o.
        fn sub(&self, o: &Big) -> Big {
            let mut out = Vec::new();
            let mut borrow = 0i128;
            for i in 0..self.0.len() {
                let s = self.0[i] as i128 - *o.0.get(i).unwrap_or(&0) as i128 - borrow;
                borrow = (s < 0) as i128;
                out.push(s.rem_euclid(1i128 << 64) as u64);
            }
            let mut b = Big(out);
            b.trim();
            b
        }
    }

    /// A signed exact value at exponent `BASE` (every double and product here is a
    /// multiple of 2^BASE).
    const BASE: i32 = -2400;

    fn exact_of(x: f64) -> (bool, Big) {
        if x == 0.0 {
            return (x.is_sign_negative(), Big(vec![]));
        }
        let (n, m, e) = parts(x);
        (n, Big::from_u128(m as u128).shl((e - BASE) as u32))
    }

    fn exact_product(a: f64, b: f64) -> (bool, Big) {
        let neg = a.is_sign_negative() != b.is_sign_negative();
        if a == 0.0 || b == 0.0 {
            return (neg, Big(vec![]));
        }
        let (_, ma, ea) = parts(a);
        let (_, mb, eb) = parts(b);
        (
            neg,
            Big::from_u128(ma as u128 * mb as u128).shl((ea + eb - BASE) as u32),
        )
    }

    /// The exact sum; its sign `None` when opposite terms cancel exactly (a zero whose
    /// sign the rounding direction decides).
    fn signed_add((an, a): (bool, Big), (bn, b): (bool, Big)) -> (Option<bool>, Big) {
        if an == bn {
            return (Some(an), a.add(&b));
        }
        match a.cmp_mag(&b) {
            std::cmp::Ordering::Less => (Some(bn), b.sub(&a)),
            std::cmp::Ordering::Greater => (Some(an), a.sub(&b)),
            std::cmp::Ordering::Equal => (None, Big(vec![])),
        }
    }

    /// Compares |double| with the exact magnitude.
    fn cmp_double(x: f64, v: &Big) -> std::cmp::Ordering {
        exact_of(x.abs()).1.cmp_mag(v)
    }

    /// The exact value rounded in direction `r`, by search among doubles: the largest
    /// double magnitude not above it, then one step up if the mode says so.
    fn oracle_round((neg, v): (Option<bool>, Big), r: Round) -> f64 {
        // IEEE 754: an exact zero sum of opposite terms is +0, -0 rounding down.
        let neg = neg.unwrap_or(r == Round::Down);
        if v.0.is_empty() {
            return if neg { -0.0 } else { 0.0 };
        }
        // Binary search over the bit patterns of positive finite doubles.
        let (mut lo, mut hi) = (0u64, f64::MAX.to_bits());
        if cmp_double(f64::MAX, &v) == std::cmp::Ordering::Less {
            lo = hi;
        } else {
            while lo < hi {
                let mid = lo + (hi - lo).div_ceil(2);
                if cmp_double(f64::from_bits(mid), &v) != std::cmp::Ordering::Greater {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
        }
        let below = f64::from_bits(lo);
        let exact = cmp_double(below, &v) == std::cmp::Ordering::Equal;
        let above = f64::from_bits(lo + 1); // MAX + 1 step is infinity
        let away = match r {
            _ if exact => false,
            Round::Zero => false,
            Round::Up => !neg,
            Round::Down => neg,
            Round::Nearest => {
                // Compare 2v with below + above.
                let twice = v.shl(1);
                let sum = if above.is_infinite() {
                    // The midpoint of MAX and 2^1024.
                    exact_of(below)
                        .1
                        .add(&Big::from_u128(1).shl((1024 - BASE) as u32))
                } else {
                    exact_of(below).1.add(&exact_of(above).1)
                };
                match twice.cmp_mag(&sum) {
                    std::cmp::Ordering::Greater => true,
                    std::cmp::Ordering::Less => false,
                    std::cmp::Ordering::Equal => lo & 1 == 1,
                }
            }
        };
        let m = if away { above } else { below };
        if neg {
            -m
        } else {
            m
        }
    }

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        /// A double with a random significand near 2^e (sometimes with few bits set).
        fn near(&mut self, e: i32) -> f64 {
            let m = match self.next() % 4 {
                0 => 1u64 << 52 | (self.next() & 0xf) << 48,
                1 => (1u64 << 53) - 1 - (self.next() & 0xff),
                _ => 1u64 << 52 | self.next() >> 12,
            };
            round_scaled(self.next() & 1 == 1, m as u128, e - 52, Round::Nearest)
        }
    }

    const MODES: [Round; 4] = [Round::Nearest, Round::Zero, Round::Down, Round::Up];

    fn same(got: f64, want: f64, what: &str) {
        assert_eq!(
            got.to_bits(),
            want.to_bits(),
            "{what}: got {got:e}, want {want:e}"
        );
    }

    #[test]
    fn round_to_nearest_matches_the_cpu() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        for i in 0..20_000 {
            let e = [0, 10, -1000, -1060, 1000, 1020][i % 6];
            let (eb, ec) = (
                (rng.next() % 40) as i32 - 20,
                (rng.next() % 120) as i32 - 60,
            );
            let (a, b, c) = (rng.near(e), rng.near(eb), rng.near(e + ec));
            same(fma(a, b, c, Round::Nearest), a.mul_add(b, c), "fma");
            same(add(a, c, Round::Nearest), a + c, "add");
            same(mul(a, b, Round::Nearest), a * b, "mul");
        }
    }

    #[test]
    fn directed_rounding_matches_an_exact_oracle() {
        let mut rng = Rng(0x0bad_cafe_f00d_1234);
        for i in 0..6_000 {
            // Near 1, near overflow, near and in the subnormal range, cancelling terms.
            let e = [0, 1000, -1000, -1070, 30, -540][i % 6];
            let a = rng.near(e);
            let b = rng.near([0, 23, -30, 1, -1, 5][i % 6]);
            let ec = (rng.next() % 200) as i32 - 100;
            let c = match i % 5 {
                0 => -(a * b),
                1 => rng.near(e + ec),
                2 => rng.near(e - 60),
                3 => -rng.near(e + 1),
                _ => rng.near(e),
            };
            if !c.is_finite() {
                continue;
            }
            for r in MODES {
                let want = oracle_round(signed_add(exact_product(a, b), exact_of(c)), r);
                same(
                    fma(a, b, c, r),
                    want,
                    &format!("fma({a:e}, {b:e}, {c:e}) {r:?}"),
                );
                let want = oracle_round(signed_add(exact_of(a), exact_of(c)), r);
                same(add(a, c, r), want, &format!("add({a:e}, {c:e}) {r:?}"));
                let (pn, p) = exact_product(a, b);
                let want = oracle_round((Some(pn), p), r);
                same(mul(a, b, r), want, &format!("mul({a:e}, {b:e}) {r:?}"));
            }
        }
    }

    #[test]
    fn edge_cases_round_as_ieee_754_says() {
        let tiny = f64::from_bits(1);
        // Overflow: to infinity only when rounding toward it.
        assert_eq!(add(f64::MAX, f64::MAX, Round::Zero), f64::MAX);
        assert_eq!(add(f64::MAX, f64::MAX, Round::Up), f64::INFINITY);
        assert_eq!(add(-f64::MAX, -f64::MAX, Round::Up), -f64::MAX);
        assert_eq!(mul(f64::MAX, 2.0, Round::Down), f64::MAX);
        // Underflow of a product: the smallest subnormal in the direction of rounding.
        assert_eq!(mul(tiny, 0.5, Round::Up), tiny);
        assert_eq!(mul(tiny, 0.5, Round::Nearest), 0.0);
        assert_eq!(mul(-tiny, 0.5, Round::Down), -tiny);
        assert!(mul(-tiny, 0.5, Round::Zero).is_sign_negative());
        // Exact zeros: -0 only when rounding down.
        assert!(add(1.0, -1.0, Round::Down).is_sign_negative());
        assert!(add(1.0, -1.0, Round::Zero).is_sign_positive());
        assert!(add(0.0, -0.0, Round::Down).is_sign_negative());
        assert!(add(-0.0, -0.0, Round::Up).is_sign_negative());
        // A far smaller addend still decides a directed rounding.
        assert_eq!(add(1.0, tiny, Round::Up), 1.0 + f64::EPSILON);
        assert_eq!(add(1.0, -tiny, Round::Zero), 1.0 - f64::EPSILON / 2.0);
        assert_eq!(fma(1.0, 1.0, tiny, Round::Nearest), 1.0);
        // Infinities and NaN pass through.
        assert!(fma(f64::INFINITY, 0.0, 1.0, Round::Zero).is_nan());
        assert_eq!(add(f64::INFINITY, 1.0, Round::Down), f64::INFINITY);
    }

    #[test]
    fn carry_chains_equal_wide_integer_arithmetic() {
        let mut rng = Rng(0x5eed_0000_0000_0001);
        for _ in 0..2000 {
            for bits in [32u32, 64] {
                let mask = if bits == 64 {
                    u64::MAX
                } else {
                    u32::MAX as u64
                };
                let pick = |r: &mut Rng| match r.next() % 4 {
                    0 => mask,
                    1 => 0,
                    _ => r.next() & mask,
                };
                let (a, b, c, cf) = (
                    pick(&mut rng),
                    pick(&mut rng),
                    pick(&mut rng),
                    rng.next() & 1,
                );
                let m = mask as u128;
                let (d, co) = carry(CarryOp::Add, bits, false, a, b, 0, cf);
                let w = a as u128 + b as u128 + cf as u128;
                assert_eq!((d as u128, co as u128), (w & m, w >> bits));
                let (d, co) = carry(CarryOp::Sub, bits, false, a, b, 0, cf);
                let w = (a as i128) - (b as i128) - (cf as i128);
                assert_eq!(d as u128, (w as u128) & m);
                assert_eq!(co, (w < 0) as u64);
                let p = a as u128 * b as u128;
                let (d, co) = carry(CarryOp::MadLo, bits, false, a, b, c, cf);
                let w = (p & m) + c as u128 + cf as u128;
                assert_eq!((d as u128, co as u128), (w & m, w >> bits));
                let (d, co) = carry(CarryOp::MadHi, bits, false, a, b, c, cf);
                let w = (p >> bits) + c as u128 + cf as u128;
                assert_eq!((d as u128, co as u128), (w & m, w >> bits));
            }
            // Signed high halves (32-bit against i64 arithmetic).
            let (a, b) = (rng.next() as u32, rng.next() as u32);
            let p = (a as i32 as i64) * (b as i32 as i64);
            let (d, _) = carry(CarryOp::MadHi, 32, true, a as u64, b as u64, 0, 0);
            assert_eq!(d, (p >> 32) as u32 as u64);
        }
        // A 96-bit addition as three chained words equals u128 addition.
        let (x, y) = (
            0xffff_ffff_0000_0001_ffff_fffeu128,
            0x0000_0001_ffff_ffff_0000_0003u128,
        );
        let w = |v: u128, i: u32| (v >> (32 * i)) as u32 as u64;
        let (d0, c0) = carry(CarryOp::Add, 32, false, w(x, 0), w(y, 0), 0, 0);
        let (d1, c1) = carry(CarryOp::Add, 32, false, w(x, 1), w(y, 1), 0, c0);
        let (d2, _) = carry(CarryOp::Add, 32, false, w(x, 2), w(y, 2), 0, c1);
        let sum = (x + y) & ((1u128 << 96) - 1);
        assert_eq!(d0 as u128 | (d1 as u128) << 32 | (d2 as u128) << 64, sum);
    }
}
