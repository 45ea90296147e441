//! Kernels whose results depend on what the GPU's toolchain and hardware do beyond the
//! PTX text: `mul` + `add`/`sub` pairs that ptxas may contract into a fused multiply-add
//! (in every arrangement `tests/fixtures/semantics.py` writes), barriers reached after
//! some of the block's threads have exited, and `bmsk`. `tests/gpu/semantics.rs` records
//! the GPU's outputs into `tests/fixtures/semantics.gpu.json`; `tests/sim/semantics.rs`
//! runs the same kernels on the simulator and compares bit for bit.
//!
//! Every kernel is `k(out, in)` in one block of [`THREADS`] threads; thread `t` reads
//! [`STRIDE`] bytes at `in + STRIDE * t` and writes as many at `out + STRIDE * t`. Each
//! kernel is loaded as a module of its own, so a kernel the GPU's JIT refuses is recorded
//! as refused without taking the others with it.

#![allow(dead_code)]

use std::collections::BTreeMap;

use cuda_library::{launch, Context, LaunchConfig, Library, LibraryOptions};

/// The kernels for sm_80 and later (`.target sm_80`).
pub const PTX: &str = include_str!("../fixtures/semantics.ptx");
/// The kernels that need sm_90 (`mul.bf16`, `add.bf16`).
pub const PTX_SM90: &str = include_str!("../fixtures/semantics_sm90.ptx");

/// Threads in the one block every kernel runs in.
pub const THREADS: usize = 64;
/// Bytes each thread reads and writes.
pub const STRIDE: usize = 32;

/// One kernel: its name and its module (the file's header and the kernel alone).
pub struct Kernel {
    pub name: String,
    pub ptx: String,
}

/// Every kernel of [`PTX`] and [`PTX_SM90`], each in a module of its own.
pub fn kernels() -> Vec<Kernel> {
    let mut out = Vec::new();
    for text in [PTX, PTX_SM90] {
        let mut parts = text.split("\n.visible .entry ");
        let head = parts.next().unwrap_or("");
        for body in parts {
            let name: String = body
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            // Comments before the next kernel belong to it, not to this one: harmless.
            out.push(Kernel {
                ptx: format!("{head}\n.visible .entry {body}"),
                name,
            });
        }
    }
    out
}

/// The input every kernel of `name`'s kind reads: f32, f64, half-precision or bf16
/// operands (a, b, c, d at the offsets `semantics.py` loads them from), or `bmsk`'s
/// (position, width) pairs.
pub fn input(name: &str) -> Vec<u8> {
    let mut rng = Rng(0x5eed_0000 ^ name.len() as u64);
    let mut out = Vec::with_capacity(THREADS * STRIDE);
    for t in 0..THREADS {
        // Threads 48.. get tiny operands: their products are subnormal (what `.ftz`
        // flushes) and their sums small.
        let tiny = t >= 48;
        let row: Vec<u8> = if name.starts_with("bmsk") {
            const V: [u32; 16] = [
                0,
                1,
                2,
                3,
                5,
                8,
                16,
                24,
                30,
                31,
                32,
                33,
                40,
                63,
                64,
                u32::MAX,
            ];
            (0..4)
                .flat_map(|k| {
                    let i = t * 4 + k;
                    [V[i / 16], V[i % 16]]
                })
                .flat_map(u32::to_le_bytes)
                .collect()
        } else if name.starts_with("f64") {
            (0..4)
                .flat_map(|k| {
                    let scale = match (tiny, k) {
                        (true, 0 | 1) => (-520f64).exp2(),
                        (true, 2) => (-1035f64).exp2(),
                        _ => 1.0,
                    };
                    (rng.unit() * scale).to_le_bytes()
                })
                .collect()
        } else if name.starts_with("f32") {
            (0..8)
                .flat_map(|k| {
                    let scale = match (tiny, k) {
                        (true, 0 | 1) => (-66f32).exp2(),
                        (true, 2) => (-130f32).exp2(),
                        _ => 1.0,
                    };
                    ((rng.unit() as f32) * scale).to_le_bytes()
                })
                .collect()
        } else if name.starts_with("bf16") {
            (0..16)
                .flat_map(|k| {
                    let scale = if tiny && k < 4 { (-66f32).exp2() } else { 1.0 };
                    let v = (rng.unit() as f32) * scale;
                    ((v.to_bits() >> 16) as u16).to_le_bytes()
                })
                .collect()
        } else {
            // Halves: sign, exponent 12..=16 (1/8 to 2; tiny: 1..=3) and mantissa at random.
            (0..16)
                .flat_map(|k| {
                    let r = rng.next();
                    let exp = if tiny && k < 4 { 1 + r % 3 } else { 12 + r % 5 };
                    let h = ((r >> 8) & 1) << 15 | exp << 10 | (r >> 16) & 0x3ff;
                    (h as u16).to_le_bytes()
                })
                .collect()
        };
        out.extend_from_slice(&row);
    }
    out
}

/// Runs one kernel on the current backend: its output bytes, or the error that stopped it.
pub fn run(ctx: &Context, k: &Kernel) -> Result<Vec<u8>, String> {
    let lib = Library::load_data(k.ptx.as_bytes(), &LibraryOptions::default())
        .map_err(|e| e.to_string())?;
    let f = lib.get_kernel(&k.name).map_err(|e| e.to_string())?;
    let inp = ctx.htod(&input(&k.name)).map_err(|e| e.to_string())?;
    let out = ctx
        .alloc_zeroed::<u8>(THREADS * STRIDE)
        .map_err(|e| e.to_string())?;
    let stream = ctx.create_stream().map_err(|e| e.to_string())?;
    launch!(f, &stream, &LaunchConfig::new(1, THREADS as u32), out, inp)
        .and_then(|_| stream.synchronize())
        .map_err(|e| e.to_string())?;
    out.to_vec().map_err(|e| e.to_string())
}

/// Every kernel's result as recorded: its output in hex, or `"error: ..."`.
pub fn run_all(ctx: &Context) -> BTreeMap<String, String> {
    kernels()
        .iter()
        .map(|k| {
            let v = match run(ctx, k) {
                Ok(bytes) => hex(&bytes),
                Err(e) => format!("error: {e}"),
            };
            (k.name.clone(), v)
        })
        .collect()
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The threads whose 32 output bytes differ between two hex records (for messages).
pub fn differing_threads(a: &str, b: &str) -> Vec<usize> {
    let row = 2 * STRIDE;
    (0..THREADS)
        .filter(|t| a.get(t * row..(t + 1) * row) != b.get(t * row..(t + 1) * row))
        .collect()
}

/// xorshift64* (no dependency; the same values everywhere).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11
    }

    /// A float in [-2, 2) with a full mantissa.
    fn unit(&mut self) -> f64 {
        (self.next() as f64 / (1u64 << 53) as f64) * 4.0 - 2.0
    }
}
