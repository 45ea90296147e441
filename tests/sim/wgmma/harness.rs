//! Running the tensor-core probe's kernels (`tests/hopper/probe/mma/kernels.cuh`) on a
//! context, on either backend: the words each kernel reads go in as the probe lays them
//! out, the words it writes come back. Shared by the simulator's tests and the GPU's
//! (`tests/gpu/wgmma.rs`), and by the replay of the GPU's recordings
//! (`tests/fixtures/hopper/mma/`).

#![allow(dead_code)]

use cuda_library::{launch, Context, Error, LaunchConfig, Library, Stream};

/// The probe's kernels.
pub const KERNELS: &str = include_str!("../../hopper/probe/mma/kernels.cuh");

/// Offset of B in the wgmma kernels' shared memory, and the shared memory they take.
pub const B_AT: u32 = 16384;
pub const SMEM: u32 = 32768;

/// The wgmma kernels' `WgParams`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct WgParams {
    pub a_bytes: u32,
    pub b_bytes: u32,
    pub a_regs: u32,
    pub c_regs: u32,
    pub a: Layout,
    pub b: Layout,
    pub scale_d: u32,
}

/// One operand's descriptor: start (relative to its region), LBO, SBO, swizzle code
/// (bits 0-1: 0 none, 1 128-byte, 2 64-byte, 3 32-byte; bits 8-10: the base offset, 0
/// except where `tests/gpu/wgmma.rs` records what the GPU does with one).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Layout {
    pub start: u32,
    pub lbo: u32,
    pub sbo: u32,
    pub swizzle: u32,
}

impl Layout {
    /// The swizzle width in bytes (16 for none: one core-matrix row).
    pub fn width(self) -> u32 {
        match self.swizzle & 3 {
            1 => 128,
            2 => 64,
            3 => 32,
            _ => 16,
        }
    }

    /// The byte offset of byte `kb` along K of row `r` of a K-major operand, from the
    /// ISA's canonical layouts (8-row core matrices of 16-byte rows; a swizzle XORs the
    /// 16-byte chunk with the row within the repeating 8 x W pattern).
    pub fn k_major(self, r: u32, kb: u32) -> u32 {
        let plain = if self.swizzle & 3 == 0 {
            self.start + (r % 8) * 16 + (r / 8) * self.sbo + kb % 16 + (kb / 16) * self.lbo
        } else {
            self.start + (r % 8) * self.width() + (r / 8) * self.sbo + kb
        };
        self.swizzle_bytes(plain)
    }

    /// The byte offset of byte `mb` along M/N of row `k` of an MN-major operand.
    pub fn mn_major(self, mb: u32, k: u32) -> u32 {
        let w = self.width();
        let plain = if self.swizzle & 3 == 0 {
            self.start + mb % 16 + (mb / 16) * self.sbo + (k % 8) * 16 + (k / 8) * self.lbo
        } else {
            self.start + mb % w + (mb / w) * self.lbo + (k % 8) * w + (k / 8) * self.sbo
        };
        self.swizzle_bytes(plain)
    }

    fn swizzle_bytes(self, at: u32) -> u32 {
        // Chunk c of the 8 x W pattern's row r is stored at chunk c ^ (r mod W/16): the
        // row is address bits 7.., the chunk bits 4..
        let chunks = self.width() / 16;
        if chunks <= 1 {
            return at;
        }
        let row = (at >> 7) % chunks;
        at ^ (row << 4)
    }
}

impl WgParams {
    /// The 13 words the kernel takes.
    pub fn words(&self) -> [u32; 13] {
        let (a, b) = (self.a, self.b);
        [
            self.a_bytes,
            self.b_bytes,
            self.a_regs,
            self.c_regs,
            a.start,
            a.lbo,
            a.sbo,
            a.swizzle,
            b.start,
            b.lbo,
            b.sbo,
            b.swizzle,
            self.scale_d,
        ]
    }

    /// Words one case reads.
    pub fn case_words(&self) -> usize {
        ((self.a_bytes + self.b_bytes) / 4 + (self.a_regs + self.c_regs) * 128) as usize
    }
}

/// The probe's kernels compiled for compute_90a, or `None` where NVRTC is missing.
pub fn library(ctx: &Context) -> Option<Library> {
    let _ = ctx;
    let code = crate::common::nvrtc::ptx_or_skip(KERNELS, "compute_90a")?;
    Some(
        code.to_library(&Default::default())
            .expect("the probe's PTX loads"),
    )
}

/// Runs `cases` cases of the mma kernel `name` (32 threads each) on `input`.
pub fn run_mma(
    ctx: &Context,
    lib: &Library,
    s: &Stream,
    name: &str,
    input: &[u32],
    (cases, out_per_case): (usize, usize),
) -> Result<Vec<u32>, Error> {
    let k = lib.get_kernel(name)?;
    let din = ctx.htod(input)?;
    let dout = ctx.alloc_zeroed::<u32>(cases * out_per_case)?;
    launch!(k, s, &LaunchConfig::new(cases as u32, 32), din, dout)?;
    s.synchronize()?;
    dout.to_vec()
}

/// Runs `cases` cases of the wgmma kernel `name` (one warpgroup each) on `input`.
pub fn run_wgmma(
    ctx: &Context,
    lib: &Library,
    s: &Stream,
    name: &str,
    p: &WgParams,
    input: &[u32],
    cases: usize,
) -> Result<Vec<u32>, Error> {
    let k = lib.get_kernel(name)?;
    let din = ctx.htod(input)?;
    let dout = ctx.alloc_zeroed::<u32>(cases * p.c_regs as usize * 128)?;
    let cfg = LaunchConfig::new(cases as u32, 128).with_shared_mem(SMEM);
    let words = p.words();
    launch!(k, s, &cfg, din, dout, words)?;
    s.synchronize()?;
    dout.to_vec()
}

/// Runs the conversion kernel `name` on `n` inputs.
pub fn run_cvt(
    ctx: &Context,
    lib: &Library,
    s: &Stream,
    name: &str,
    input: &[u32],
    n: u32,
) -> Result<Vec<u32>, Error> {
    let k = lib.get_kernel(name)?;
    let din = ctx.htod(input)?;
    let dout = ctx.alloc_zeroed::<u32>(n as usize)?;
    launch!(k, s, &LaunchConfig::for_num_elems(n, 256), din, dout, n)?;
    s.synchronize()?;
    dout.to_vec()
}

/// A small deterministic generator (xorshift64*), so cases are the same everywhere.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The f16 bits of a small integer (|v| <= 2048).
pub fn f16_int(v: i32) -> u32 {
    if v == 0 {
        return 0;
    }
    let sign = if v < 0 { 0x8000 } else { 0 };
    let a = v.unsigned_abs();
    let e = 31 - a.leading_zeros();
    let frac = (a << (10 - e.min(10))) & 0x3ff;
    sign | ((e + 15) << 10) | frac
}

/// The f32 bits of a small integer.
pub fn f32_int(v: i32) -> u32 {
    (v as f32).to_bits()
}

/// The row and column of element `i` of thread `t`'s accumulator fragment in an m64nN
/// wgmma result.
pub fn accumulator_position(t: usize, i: usize) -> (usize, usize) {
    let (w, lane) = (t / 32, t % 32);
    let (g, q) = (lane >> 2, lane & 3);
    (
        16 * w + g + 8 * ((i >> 1) & 1),
        8 * (i >> 2) + 2 * q + (i & 1),
    )
}

/// Row and column of element `i` of a lane's `mma` A fragment (16 rows) whose registers
/// hold `per_reg` elements.
pub fn a_position(lane: usize, i: usize, per_reg: usize) -> (usize, usize) {
    let (g, t) = (lane >> 2, lane & 3);
    let (q, j) = (i / per_reg, i % per_reg);
    (g + 8 * (q & 1), t * per_reg + j + (q >> 1) * 4 * per_reg)
}
