//! The corpus cases: which kernel of `corpus.cu`, its launch shape and its arguments.
//! Shared by `tests/gpu/corpus.rs` (runs them on the GPU and records the outputs) and
//! `tests/sim_device/corpus.rs` (runs them on the simulator and compares).

#![allow(dead_code, unused_imports)]

/// One kernel argument.
#[derive(Debug, Clone)]
pub enum Arg {
    /// A device buffer with these initial bytes; compared after the launch when `out`.
    Buf {
        bytes: Vec<u8>,
        out: bool,
    },
    I32(i32),
    U32(u32),
    F32(f32),
    F64(f64),
}

/// How outputs are compared.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Compare {
    /// Byte for byte.
    Exact,
}

#[derive(Debug, Clone)]
pub struct Case {
    pub name: &'static str,
    /// Kernel symbol or a name expression (`scale<float>`).
    pub kernel: &'static str,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub shared: u32,
    pub args: Vec<Arg>,
    pub compare: Compare,
}

/// Name expressions the corpus needs from NVRTC.
pub const NAME_EXPRESSIONS: [&str; 2] = ["scale<float>", "scale<int>"];

/// A small deterministic generator (no dependency, same values everywhere).
pub struct Lcg(u64);
impl Lcg {
    pub fn new(seed: u64) -> Self {
        Lcg(seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407))
    }
    pub fn next_u32(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 32) as u32
    }
    /// Integers in `lo..hi`.
    pub fn int(&mut self, lo: i32, hi: i32) -> i32 {
        lo + (self.next_u32() % (hi - lo) as u32) as i32
    }
    /// Floats with few significant bits (sums stay exact in any order).
    pub fn small_f32(&mut self) -> f32 {
        self.int(-64, 64) as f32 * 0.25
    }
    /// General floats in [-2, 2).
    pub fn f32(&mut self) -> f32 {
        (self.next_u32() as f64 / u32::MAX as f64 * 4.0 - 2.0) as f32
    }
}

fn f32s(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn i32s(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn u32s(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn f64s(v: &[f64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn input(bytes: Vec<u8>) -> Arg {
    Arg::Buf { bytes, out: false }
}
fn output(bytes: Vec<u8>) -> Arg {
    Arg::Buf { bytes, out: true }
}

fn case(name: &'static str, kernel: &'static str, grid: u32, block: u32, args: Vec<Arg>) -> Case {
    Case {
        name,
        kernel,
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        shared: 0,
        args,
        compare: Compare::Exact,
    }
}

/// Every case.
pub fn all() -> Vec<Case> {
    let mut r = Lcg::new(42);
    let n = 1000;
    let fx: Vec<f32> = (0..n).map(|_| r.f32()).collect();
    let fy: Vec<f32> = (0..n).map(|_| r.f32()).collect();
    let small: Vec<f32> = (0..4096).map(|_| r.small_f32()).collect();
    let ints: Vec<i32> = (0..4096).map(|_| r.int(-1000, 1000)).collect();
    let bytes: Vec<u8> = (0..5000).map(|_| r.next_u32() as u8).collect();
    let words: Vec<u32> = (0..777).map(|_| r.next_u32()).collect();
    let mat = 64usize;
    let ma: Vec<f32> = (0..mat * mat).map(|_| r.f32()).collect();
    let mb: Vec<f32> = (0..mat * mat).map(|_| r.f32()).collect();
    let (tw, th) = (48usize, 40usize);
    let tin: Vec<f32> = (0..tw * th).map(|_| r.f32()).collect();
    let dx: Vec<f64> = (0..500).map(|_| r.f32() as f64 * 3.7).collect();
    let idx: Vec<i32> = (0..300).map(|_| r.int(0, 1000)).collect();
    let i64s: Vec<u8> = (0..500)
        .flat_map(|_| {
            let v = ((r.next_u32() as u64) << 32 | r.next_u32() as u64) as i64;
            v.to_le_bytes()
        })
        .collect();
    let vote_in: Vec<i32> = (0..256)
        .map(|i| if i < 64 { 5 } else { r.int(-99, 99) })
        .collect();

    let mut cases = vec![
        case(
            "saxpy",
            "saxpy",
            4,
            256,
            vec![
                Arg::F32(1.75),
                input(f32s(&fx)),
                output(f32s(&fy)),
                Arg::I32(n as i32),
            ],
        ),
        case(
            "vec_add_grid_stride",
            "vec_add_grid_stride",
            3,
            64,
            vec![
                input(f32s(&fx)),
                input(f32s(&fy)),
                output(vec![0; n * 4]),
                Arg::I32(n as i32),
            ],
        ),
        case(
            "reduce_shared",
            "reduce_shared",
            16,
            256,
            vec![input(i32s(&ints)), output(vec![0; 16 * 4]), Arg::I32(4000)],
        ),
        case(
            "reduce_warp_shuffle",
            "reduce_warp_shuffle",
            8,
            512,
            vec![input(f32s(&small)), output(vec![0; 4]), Arg::I32(4000)],
        ),
        case(
            "histogram_atomic",
            "histogram_atomic",
            5,
            128,
            vec![
                input(bytes.clone()),
                output(vec![0; 16 * 4]),
                Arg::I32(5000),
            ],
        ),
        case(
            "scan_block",
            "scan_block",
            8,
            128,
            vec![input(i32s(&ints[..1024])), output(vec![0; 1024 * 4])],
        ),
        Case {
            name: "transpose_shared",
            kernel: "transpose_shared",
            grid: [3, 3, 1],
            block: [16, 16, 1],
            shared: 0,
            args: vec![
                input(f32s(&tin)),
                output(vec![0; tw * th * 4]),
                Arg::I32(tw as i32),
                Arg::I32(th as i32),
            ],
            compare: Compare::Exact,
        },
        Case {
            name: "matmul_tiled",
            kernel: "matmul_tiled",
            grid: [4, 4, 1],
            block: [16, 16, 1],
            shared: 0,
            args: vec![
                input(f32s(&ma)),
                input(f32s(&mb)),
                output(vec![0; mat * mat * 4]),
                Arg::I32(mat as i32),
            ],
            compare: Compare::Exact,
        },
        Case {
            name: "matmul_shared",
            kernel: "matmul_shared",
            grid: [4, 4, 1],
            block: [16, 16, 1],
            shared: 0,
            args: vec![
                input(f32s(&ma)),
                input(f32s(&mb)),
                output(vec![0; mat * mat * 4]),
                Arg::U32(mat as u32),
                Arg::U32(mat as u32 / 16),
            ],
            compare: Compare::Exact,
        },
        case(
            "stencil_1d",
            "stencil_1d",
            4,
            256,
            vec![input(f32s(&fx)), output(vec![0; n * 4]), Arg::I32(n as i32)],
        ),
        Case {
            name: "grid_2d",
            kernel: "grid_2d",
            grid: [3, 5, 1],
            block: [16, 4, 1],
            shared: 0,
            args: vec![output(vec![0; 48 * 20 * 4]), Arg::I32(48)],
            compare: Compare::Exact,
        },
        Case {
            name: "grid_3d",
            kernel: "grid_3d",
            grid: [2, 3, 2],
            block: [8, 2, 4],
            shared: 0,
            args: vec![output(vec![0; 16 * 6 * 8 * 4])],
            compare: Compare::Exact,
        },
        case(
            "int_hash",
            "int_hash",
            7,
            128,
            vec![input(u32s(&words)), output(vec![0; 777 * 4]), Arg::I32(777)],
        ),
        case(
            "divergent",
            "divergent",
            4,
            256,
            vec![
                input(i32s(&ints[..1000])),
                output(vec![0; 1000 * 4]),
                Arg::I32(1000),
            ],
        ),
        case(
            "double_poly",
            "double_poly",
            2,
            256,
            vec![input(f64s(&dx)), output(vec![0; 500 * 8]), Arg::I32(500)],
        ),
        case(
            "const_lut",
            "const_lut",
            3,
            128,
            vec![input(i32s(&idx)), output(vec![0; 300 * 4]), Arg::I32(300)],
        ),
        case(
            "vote_ballot",
            "vote_ballot",
            2,
            128,
            vec![input(i32s(&vote_in)), output(vec![0; 8 * 3 * 4])],
        ),
        case(
            "min_max_mixed",
            "min_max_mixed",
            4,
            256,
            vec![
                input(i32s(&ints[..1000])),
                input(f32s(&fx)),
                output(vec![0; 1000 * 4]),
                output(vec![0; 1000 * 4]),
                Arg::I32(1000),
            ],
        ),
        case(
            "scale_float",
            "scale<float>",
            4,
            256,
            vec![output(f32s(&fy)), Arg::F32(-2.5), Arg::I32(n as i32)],
        ),
        case(
            "scale_int",
            "scale<int>",
            4,
            256,
            vec![output(i32s(&ints[..1000])), Arg::I32(-3), Arg::I32(1000)],
        ),
        case(
            "local_sort",
            "local_sort",
            4,
            256,
            vec![
                input(i32s(&ints[..1000])),
                output(vec![0; 1000 * 4]),
                Arg::I32(1000),
            ],
        ),
        case(
            "cas_float_max",
            "cas_float_max",
            4,
            256,
            vec![
                input(f32s(&fx)),
                output(f32s(&[-100.0])),
                Arg::I32(n as i32),
            ],
        ),
        case(
            "int64_ops",
            "int64_ops",
            2,
            256,
            vec![input(i64s), output(vec![0; 500 * 8]), Arg::I32(500)],
        ),
        case(
            "bytes_and_bits",
            "bytes_and_bits",
            3,
            256,
            vec![
                input(f32s(&fx[..777])),
                input(u32s(&words)),
                output(vec![0; 777]),
                output(vec![0; 777 * 4]),
                Arg::I32(777),
            ],
        ),
        case(
            "noinline_calls",
            "noinline_calls",
            4,
            256,
            vec![
                input(f32s(&fx)),
                output(vec![0; n * 4]),
                output(vec![0; n * 4]),
                Arg::I32(n as i32),
            ],
        ),
        case(
            "precise_math",
            "precise_math",
            4,
            256,
            vec![input(f32s(&fx)), output(vec![0; n * 4]), Arg::I32(n as i32)],
        ),
        // Fast math (`__sinf`, `__expf`, `__fdividef`): the GPU's bits too.
        case(
            "approx_math",
            "approx_math",
            4,
            256,
            vec![input(f32s(&fx)), output(vec![0; n * 4]), Arg::I32(n as i32)],
        ),
    ];
    cases.sort_by_key(|c| c.name);
    cases
}

/// Hex of bytes, for the recorded outputs.
pub use cuda_library::table_hex as hex;

/// Bytes from hex.
pub fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap_or(0))
        .collect()
}

/// Runs one case through the public API (whichever backend is in use): buffers from the
/// case's bytes, the kernel launched on `stream`, the output buffers read back.
#[allow(dead_code)]
pub fn run_case(
    lib: &cuda_library::Library,
    ctx: &cuda_library::Context,
    stream: &cuda_library::Stream,
    c: &Case,
) -> cuda_library::Result<Vec<Vec<u8>>> {
    let k = lib.get_kernel(c.kernel)?;
    let mut bufs: Vec<Option<cuda_library::DeviceBuffer<u8>>> = Vec::new();
    let mut ptrs: Vec<cuda_library::DevicePtr> = Vec::new();
    for a in &c.args {
        if let Arg::Buf { bytes, .. } = a {
            let b = cuda_library::DeviceBuffer::from_slice(ctx, bytes)?;
            ptrs.push(b.device_ptr());
            bufs.push(Some(b));
        } else {
            bufs.push(None);
        }
    }
    let mut pi = 0;
    let mut args: Vec<cuda_library::KernelArg> = Vec::new();
    for a in &c.args {
        args.push(match a {
            Arg::Buf { .. } => {
                pi += 1;
                cuda_library::KernelArg::of(&ptrs[pi - 1])
            }
            Arg::I32(v) => cuda_library::KernelArg::of(v),
            Arg::U32(v) => cuda_library::KernelArg::of(v),
            Arg::F32(v) => cuda_library::KernelArg::of(v),
            Arg::F64(v) => cuda_library::KernelArg::of(v),
        });
    }
    let cfg = cuda_library::LaunchConfig::new(
        (c.grid[0], c.grid[1], c.grid[2]),
        (c.block[0], c.block[1], c.block[2]),
    )
    .with_shared_mem(c.shared);
    k.launch(stream, &cfg, &args)?;
    stream.synchronize()?;
    let mut outs = Vec::new();
    for (a, b) in c.args.iter().zip(&bufs) {
        if let (Arg::Buf { out: true, .. }, Some(b)) = (a, b) {
            outs.push(b.to_vec()?);
        }
    }
    Ok(outs)
}
