//! Integer bit manipulation: bit-field extract and insert (`bfe`, `bfi`), funnel shifts
//! (`shf`), byte permutes (`prmt`), `bfind`, `bmsk` and dot products (`dp4a`, `dp2a`).

use super::arith::{sext, width_mask};
use super::warp_state::{lanes, Warp};
use crate::sim::engine::ir::*;

/// `dp4a` (four 8-bit products) or `dp2a` (two 16-bit by 8-bit products, from the low or
/// `hi` half of `y`) of `x` and `y`, each operand signed or not.
#[inline]
pub(super) fn dot(pair: bool, hi: bool, (a_signed, b_signed): (bool, bool), x: u64, y: u64) -> i64 {
    let part = |v: u64, i: u32, bits: u32, signed: bool| -> i64 {
        let x = (v >> (i * bits)) & width_mask(bits);
        if signed {
            sext(x, bits)
        } else {
            x as i64
        }
    };
    if pair {
        (0..2)
            .map(|k| part(x, k, 16, a_signed) * part(y, k + 2 * hi as u32, 8, b_signed))
            .sum()
    } else {
        (0..4)
            .map(|k| part(x, k, 8, a_signed) * part(y, k, 8, b_signed))
            .sum()
    }
}

/// `dp4a`/`dp2a` (`Op::Dp`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_dp(w: &mut Warp, m: u32, op: &Dp) {
    let Dp {
        pair,
        hi,
        a_signed,
        b_signed,
        d,
        a,
        b,
        c,
    } = *op;
    for l in lanes(m) {
        let sum = dot(pair, hi, (a_signed, b_signed), w.get(a, l), w.get(b, l));
        let v = (w.get(c, l) as i64).wrapping_add(sum);
        w.set(d, l, v as u64 & 0xffff_ffff);
    }
}

/// `bfe` of a `ty` value `x`: `len` bits from `pos` (each 0 to 255), sign-extended from the
/// field's top bit for signed types.
#[inline]
pub(super) fn bfe(ty: Ty, x: u64, pos: u32, len: u32) -> u64 {
    let bits = ty.bits();
    let x = x & width_mask(bits);
    if len == 0 {
        return 0;
    }
    // The bits of the field that lie inside the word; the rest of the result is the sign
    // bit: the field's top bit, or the word's when the field runs past it (an H200:
    // `bfe.s32` of 0x80000000 at 28 for 8 bits is 0xfffffff8, at 32 or past 0xffffffff).
    let inside = bits.saturating_sub(pos).min(len);
    let field = if inside == 0 {
        0
    } else {
        (x >> pos) & width_mask(inside)
    };
    let top = pos.saturating_add(len - 1).min(bits - 1);
    let negative = matches!(ty, Ty::S(_)) && (x >> top) & 1 == 1;
    let v = if negative {
        field | !width_mask(inside)
    } else {
        field
    };
    v & width_mask(bits)
}

/// `bfe` (`Op::Bfe`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_bfe(w: &mut Warp, m: u32, op: &Bfe) {
    let Bfe { ty, d, a, b, c } = *op;
    for l in lanes(m) {
        let pos = (w.get(b, l) & 0xff) as u32;
        let len = (w.get(c, l) & 0xff) as u32;
        let v = bfe(ty, w.get(a, l), pos, len);
        w.set(d, l, v);
    }
}

/// `shf.l`/`shf.r` of the 64-bit funnel `hi:lo` by `n` (`.clamp`: at most 32; `.wrap`:
/// modulo 32), the result's 32 bits.
#[inline]
pub(super) fn shf(left: bool, clamp: bool, lo: u64, hi: u64, n: u32) -> u64 {
    let x = (hi & 0xffff_ffff) << 32 | (lo & 0xffff_ffff);
    let n = if clamp { n.min(32) } else { n & 31 };
    let v = if left { (x << n) >> 32 } else { x >> n };
    v & 0xffff_ffff
}

/// `shf` (`Op::Shf`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_shf(w: &mut Warp, m: u32, op: &Shf) {
    let Shf {
        left,
        clamp,
        d,
        a,
        b,
        c,
    } = *op;
    for l in lanes(m) {
        let v = shf(left, clamp, w.get(a, l), w.get(b, l), w.get(c, l) as u32);
        w.set(d, l, v);
    }
}

/// `bfi` of a `ty` value: `len` bits of `a` inserted into `base` at `pos` (each 0 to 255).
#[inline]
pub(super) fn bfi(ty: Ty, a: u64, base: u64, pos: u32, len: u32) -> u64 {
    let bits = ty.bits();
    let base = base & width_mask(bits);
    if len == 0 || pos >= bits {
        base
    } else {
        let fm = width_mask(len.min(bits - pos)) << pos;
        (base & !fm) | ((a << pos) & fm)
    }
}

/// `bfi` (`Op::Bfi`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_bfi(w: &mut Warp, m: u32, op: &Bfi) {
    let Bfi { ty, d, a, b, c, e } = *op;
    for l in lanes(m) {
        let pos = (w.get(c, l) & 0xff) as u32;
        let len = (w.get(e, l) & 0xff) as u32;
        let v = bfi(ty, w.get(a, l), w.get(b, l), pos, len);
        w.set(d, l, v);
    }
}

/// `prmt` of the eight bytes `b:a`: with a mode (`.f4e`, `.b4e`, ...) its `table` picks
/// the bytes by the selector's low two bits; without one each selector nibble picks a byte
/// (bit 3: replicate its sign).
#[inline]
pub(super) fn prmt(table: Option<&[[u8; 4]; 4]>, a: u64, b: u64, sel: u64) -> u64 {
    let src = (a & 0xffff_ffff) | ((b & 0xffff_ffff) << 32);
    if let Some(table) = table {
        let pick = &table[(sel & 3) as usize];
        return (0..4).fold(0u64, |v, i| v | ((src >> (8 * pick[i])) & 0xff) << (8 * i));
    }
    let mut v = 0u64;
    for i in 0..4 {
        let nib = (sel >> (4 * i)) & 0xf;
        let byte = (src >> (8 * (nib & 7))) & 0xff;
        let byte = if nib & 8 != 0 {
            if byte & 0x80 != 0 {
                0xff
            } else {
                0
            }
        } else {
            byte
        };
        v |= byte << (8 * i);
    }
    v
}

/// `prmt` (`Op::Prmt`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_prmt(w: &mut Warp, m: u32, op: &Prmt) {
    let Prmt { mode, d, a, b, c } = *op;
    for l in lanes(m) {
        let v = prmt(mode, w.get(a, l), w.get(b, l), w.get(c, l));
        w.set(d, l, v);
    }
}

/// `bmsk` of position `a` and width `b`, as the PTX ISA defines it: both taken modulo 32,
/// the mask's bits from `a` up to `a + b` (to the top where that passes 31); `.clamp`
/// makes a position of 32 or more an empty mask and a width of 32 or more run to the top.
/// A width of 0 (after `.wrap`'s modulo: also 32) is an empty mask.
#[inline]
pub(super) fn bmsk(clamp: bool, a: u64, b: u64) -> u64 {
    let (a, b) = (a as u32, b as u32);
    let (a1, b1) = (a & 31, b & 31);
    let mut low = u32::MAX << a1;
    let sum = a1 + b1;
    let mut wide = sum >= 32;
    if clamp {
        if a >= 32 {
            low = 0;
            wide = true;
        }
        wide |= b >= 32;
    }
    let high = if wide {
        0
    } else if b1 == 0 {
        u32::MAX
    } else {
        u32::MAX << sum
    };
    (low & !high) as u64
}

/// `bmsk` (`Op::Bmsk`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_bmsk(w: &mut Warp, m: u32, op: &Bmsk) {
    let Bmsk { clamp, d, a, b } = *op;
    for l in lanes(m) {
        let v = bmsk(clamp, w.get(a, l), w.get(b, l));
        w.set(d, l, v);
    }
}

/// `bfind` of a `ty` value: the position of its most significant non-sign bit
/// (`.shiftamt`: as a left shift amount), `0xffffffff` when there is none.
#[inline]
pub(super) fn bfind(ty: Ty, shiftamt: bool, x: u64) -> u64 {
    let bits = ty.bits();
    let x = x & width_mask(bits);
    let x = if matches!(ty, Ty::S(_)) && (x >> (bits - 1)) & 1 == 1 {
        !x & width_mask(bits)
    } else {
        x
    };
    if x == 0 {
        0xffff_ffff
    } else {
        let pos = 63 - x.leading_zeros() as u64;
        if shiftamt {
            (bits as u64 - 1) - pos
        } else {
            pos
        }
    }
}

/// `bfind` (`Op::Bfind`) in lanes `m`.
#[inline(always)]
pub(super) fn exec_bfind(w: &mut Warp, m: u32, op: &Bfind) {
    let Bfind { ty, shiftamt, d, a } = *op;
    for l in lanes(m) {
        let v = bfind(ty, shiftamt, w.get(a, l));
        w.set(d, l, v);
    }
}

#[cfg(test)]
mod tests {
    use super::{bfe, bfi, bfind, bmsk, dot, prmt, shf};
    use crate::sim::engine::ir::Ty;

    const U32: Ty = Ty::U(4);
    const S32: Ty = Ty::S(4);

    #[test]
    fn bfe_extracts_and_sign_extends_fields_inside_the_word() {
        assert_eq!(bfe(U32, 0xabcd_1234, 8, 8), 0x12);
        assert_eq!(bfe(S32, 0x0000_8000, 8, 8), 0xffff_ff80);
        assert_eq!(bfe(S32, 0x0000_7000, 8, 8), 0x70);
        assert_eq!(bfe(S32, 0x0000_8000, 0, 0), 0);
        assert_eq!(bfe(U32, 0x8000_0000, 28, 8), 0x8);
        assert_eq!(bfe(U32, 0xffff_ffff, 40, 8), 0);
        assert_eq!(bfe(S32, 0x7fff_ffff, 40, 8), 0);
        assert_eq!(bfe(Ty::U(8), 1 << 63, 63, 1), 1);
    }

    #[test]
    fn bfe_fills_a_field_past_the_word_with_the_sign_bit() {
        // Recorded on an H200 (nvcc 13, sm_90): bfe.s32 of 0x80000000 and 0x7fffffff.
        assert_eq!(bfe(S32, 0x8000_0000, 28, 8), 0xffff_fff8);
        assert_eq!(bfe(S32, 0x8000_0000, 32, 8), 0xffff_ffff);
        assert_eq!(bfe(S32, 0x8000_0000, 40, 8), 0xffff_ffff);
        assert_eq!(bfe(S32, 0x7fff_ffff, 28, 8), 0x7);
        assert_eq!(bfe(Ty::S(8), 1 << 63, 60, 8), 0xffff_ffff_ffff_fff8);
        assert_eq!(bfe(Ty::S(8), 1 << 63, 64, 8), u64::MAX);
    }

    #[test]
    fn bfi_inserts_what_fits() {
        assert_eq!(bfi(U32, 0xff, 0, 8, 4), 0x0000_0f00);
        assert_eq!(bfi(U32, 0xff, 0xffff_ffff, 40, 4), 0xffff_ffff);
        assert_eq!(bfi(U32, 0xff, 0, 28, 8), 0xf000_0000);
        assert_eq!(bfi(U32, 0xff, 0x1234, 4, 0), 0x1234);
        assert_eq!(bfi(U32, 0, 0x1_ffff_ffff, 0, 4), 0xffff_fff0);
    }

    #[test]
    fn shf_wraps_or_clamps_the_shift() {
        assert_eq!(shf(true, false, 0x8000_0000, 1, 1), 3);
        assert_eq!(shf(true, false, 0x8000_0000, 1, 33), 3);
        assert_eq!(shf(true, true, 0x1234, 0x5678, 40), 0x1234);
        assert_eq!(shf(false, true, 0x1234, 0x5678, 40), 0x5678);
        assert_eq!(shf(false, false, 1, 1, 1), 0x8000_0000);
        assert_eq!(shf(false, false, 1, 1, 32), 1);
    }

    #[test]
    fn prmt_picks_bytes_and_replicates_signs() {
        let (a, b) = (0x4433_2211, 0x8877_6655);
        assert_eq!(prmt(None, a, b, 0x3210), 0x4433_2211);
        assert_eq!(prmt(None, a, b, 0x7654), 0x8877_6655);
        assert_eq!(prmt(None, a, b, 0x0000), 0x1111_1111);
        assert_eq!(prmt(None, a, b, 0x000f), 0x1111_11ff);
        assert_eq!(prmt(None, a, b, 0x0008), 0x1111_1100);
        let rotate: [[u8; 4]; 4] = [[0, 1, 2, 3], [1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6]];
        assert_eq!(prmt(Some(&rotate), a, b, 1), 0x5544_3322);
    }

    #[test]
    fn bfind_finds_the_top_non_sign_bit() {
        assert_eq!(bfind(U32, false, 0), 0xffff_ffff);
        assert_eq!(bfind(U32, false, 1), 0);
        assert_eq!(bfind(U32, false, 0x8000_0000), 31);
        assert_eq!(bfind(U32, true, 0x8000_0000), 0);
        assert_eq!(bfind(S32, false, 0xffff_ffff), 0xffff_ffff);
        assert_eq!(bfind(S32, false, 0xffff_fffe), 0);
        assert_eq!(bfind(Ty::U(8), false, 1 << 40), 40);
        assert_eq!(bfind(U32, false, 0x1_0000_0000), 0xffff_ffff);
    }

    #[test]
    fn bmsk_masks_a_field_and_clamps_or_wraps_past_the_word() {
        // The PTX ISA's example.
        assert_eq!(bmsk(false, 1, 2), 0x6);
        assert_eq!(bmsk(true, 0, 8), 0xff);
        assert_eq!(bmsk(true, 4, 0), 0);
        assert_eq!(bmsk(true, 28, 8), 0xf000_0000);
        assert_eq!(bmsk(true, 31, 1), 0x8000_0000);
        assert_eq!(bmsk(true, 0, 31), 0x7fff_ffff);
        // A width of 32 or more: to the top with .clamp; modulo 32 with .wrap.
        assert_eq!(bmsk(true, 0, 32), 0xffff_ffff);
        assert_eq!(bmsk(true, 8, 33), 0xffff_ff00);
        assert_eq!(bmsk(false, 0, 32), 0);
        assert_eq!(bmsk(false, 8, 33), 0x100);
        // A position of 32 or more: empty with .clamp; modulo 32 with .wrap.
        assert_eq!(bmsk(true, 32, 4), 0);
        assert_eq!(bmsk(true, u32::MAX as u64, u32::MAX as u64), 0);
        assert_eq!(bmsk(false, 33, 4), 0x1e);
        assert_eq!(bmsk(false, 64, 8), 0xff);
        // Only the low 32 bits of each operand count.
        assert_eq!(bmsk(false, 1 << 32 | 1, 2), 0x6);
    }

    #[test]
    fn dot_products_sign_each_operand_as_told() {
        assert_eq!(
            dot(false, false, (true, true), 0xff02_0304, 0x0102_0304),
            28
        );
        assert_eq!(
            dot(false, false, (false, false), 0xff00_0000, 0xff00_0000),
            255 * 255
        );
        assert_eq!(
            dot(false, false, (false, true), 0xff00_0000, 0xff00_0000),
            -255
        );
        assert_eq!(dot(true, false, (true, true), 0xffff_0002, 0x0000_0305), 7);
        assert_eq!(
            dot(true, true, (false, false), 0x0001_0002, 0x0403_0000),
            10
        );
    }
}
