//! A small deterministic generator for the family files' tests (xorshift64*).

/// xorshift64*.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// An `f32` with a random sign, a mantissa and an exponent near `e`.
    pub(super) fn near(&mut self, e: i32) -> f32 {
        let r = self.next();
        let exp = (127 + e + (r % 9) as i32 - 4).clamp(0, 254) as u32;
        f32::from_bits(((r >> 8) as u32 & 0x807f_ffff) | (exp << 23))
    }
}
