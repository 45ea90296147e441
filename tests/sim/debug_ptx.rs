//! PTX that NVRTC writes with `-G` (device debug) runs on the simulator and gives the same
//! bits as the optimised PTX of the same source.

use crate::common::nvrtc::compiled_or_skip;
use cuda_library::sim::{self, Dims, Memory};
use cuda_library::{Program, ProgramOptions};

/// `source` compiled to PTX for sm_90, with `-G` or without, or `None` without NVRTC.
fn ptx(source: &str, debug: bool) -> Option<String> {
    let options = ProgramOptions {
        arch: Some("sm_90".into()),
        debug,
        ..Default::default()
    };
    let code = compiled_or_skip(Program::new(source, options))?;
    Some(code.ptx_text().unwrap_or_default().to_string())
}

/// Runs `kernel` of `ptx` over `blocks` blocks of `threads` with a float input buffer
/// (`input`) and an output buffer of `out_words` words: the output's bits.
fn run(
    ptx: &str,
    kernel: &str,
    (blocks, threads): (u32, u32),
    input: &[f32],
    out_words: usize,
) -> Vec<u32> {
    let mut mem = Memory::new();
    let module = sim::load_ptx(ptx, &mut mem).unwrap_or_else(|e| panic!("{e}"));
    let bytes: Vec<u8> = input.iter().flat_map(|v| v.to_le_bytes()).collect();
    let a = mem.alloc(bytes.len(), 256).unwrap();
    mem.write(a, &bytes).unwrap();
    let out = mem.alloc(out_words * 4, 256).unwrap();
    let params =
        sim::pack_params(&module, kernel, &[&a.to_le_bytes(), &out.to_le_bytes()]).unwrap();
    let dims = Dims {
        grid: [blocks, 1, 1],
        block: [threads, 1, 1],
        shared_dynamic: 0,
    };
    sim::launch(
        &module,
        &mut mem,
        kernel,
        dims,
        &params,
        sim::DEFAULT_BUDGET,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut got = vec![0u8; out_words * 4];
    mem.read(out, &mut got).unwrap();
    got.chunks(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// The same source with and without `-G` gives the same bits (`None` without NVRTC).
fn same_bits_with_and_without_debug(
    source: &str,
    kernel: &str,
    shape: (u32, u32),
    input: &[f32],
    out_words: usize,
) -> Option<Vec<u32>> {
    let (debug, optimised) = (ptx(source, true)?, ptx(source, false)?);
    let want = run(&optimised, kernel, shape, input, out_words);
    let got = run(&debug, kernel, shape, input, out_words);
    assert_eq!(got, want, "-G PTX of `{kernel}`");
    Some(got)
}

/// Inputs with bits that round differently when summed in another order.
fn inputs(n: usize) -> Vec<f32> {
    (0..n)
        .map(|i| 1.0 / (i as f32 + 3.0) + i as f32 * 1e-3)
        .collect()
}

#[test]
fn a_shared_array_inside_an_inlined_function_runs_with_debug_ptx() {
    let input = inputs(128);
    let Some(got) =
        same_bits_with_and_without_debug(SHARED_IN_FUNCTION, "sums", (2, 64), &input, 128)
    else {
        return;
    };
    // Each block's 64 values summed in order, halved.
    let block0: f32 = input[..64].iter().fold(0.0, |s, v| s + v) * 0.5;
    assert_eq!(got[5], block0.to_bits());
}

#[test]
fn a_float_atomic_add_runs_with_debug_ptx() {
    // One thread: the sum's order, and so its bits, is the same on every run.
    let input = inputs(1);
    let Some(got) = same_bits_with_and_without_debug(FLOAT_ATOMIC, "accumulate", (1, 1), &input, 1)
    else {
        return;
    };
    assert_eq!(got[0], input[0].to_bits());
}

/// A `__device__` function with a `__shared__` array of its own, inlined into the kernel.
const SHARED_IN_FUNCTION: &str = r#"
__device__ float block_sum(float v) {
    __shared__ float partial[64];
    partial[threadIdx.x] = v;
    __syncthreads();
    float total = 0.0f;
    for (int i = 0; i < blockDim.x; ++i) total += partial[i];
    __syncthreads();
    return total;
}
extern "C" __global__ void sums(const float* in, float* out) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = block_sum(in[i]) * 0.5f;
}
"#;

/// A float `atomicAdd`, which `-G` keeps as a call of `__fAtomicAdd`.
const FLOAT_ATOMIC: &str = r#"
extern "C" __global__ void accumulate(const float* in, float* total) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(total, in[i]);
}
"#;

/// A struct passed by value to one function, then a float `atomicAdd`: with `-G` the
/// struct's call-sequence `.param` and `atomicAdd`'s pointer parameter, in two different
/// functions, get the same flattened name.
const STRUCT_THEN_ATOMIC: &str = r#"
struct Quad { float a, b, c, d; };
__device__ float total(Quad q) { return q.a + q.b + q.c + q.d; }
extern "C" __global__ void quads(const float* in, float* out) {
    const float* p = in + 4 * threadIdx.x;
    Quad q = {p[0], p[1], p[2], p[3]};
    out[1 + threadIdx.x] = total(q);
    atomicAdd(out, total(q));
}
"#;

#[test]
fn a_struct_argument_then_a_float_atomic_runs_with_debug_ptx() {
    let input = inputs(4);
    let Some(got) =
        same_bits_with_and_without_debug(STRUCT_THEN_ATOMIC, "quads", (1, 1), &input, 2)
    else {
        return;
    };
    let sum = input[0] + input[1] + input[2] + input[3];
    assert_eq!(got, [sum.to_bits(), sum.to_bits()]);
}

/// Two `__device__` functions with `__shared__` arrays of the same name, each called
/// more than once: a call that writes and a later call that reads one function's array
/// see the same bytes, and the other function's array is other bytes.
const TWO_FUNCTIONS_WITH_SHARED: &str = r#"
__device__ float first(bool write, float v) {
    __shared__ float cell[64];
    if (write) { cell[threadIdx.x] = v; return 0.0f; }
    return cell[(threadIdx.x + 1) % blockDim.x];
}
__device__ float second(bool write, float v) {
    __shared__ float cell[64];
    if (write) { cell[threadIdx.x] = v; return 0.0f; }
    return cell[(threadIdx.x + 1) % blockDim.x];
}
extern "C" __global__ void rotate(const float* in, float* out) {
    float x = in[threadIdx.x];
    first(true, x);
    second(true, x * 2.0f);
    __syncthreads();
    out[threadIdx.x] = first(false, 0.0f) - second(false, 0.0f);
}
"#;

#[test]
fn function_shared_arrays_are_one_per_function_and_block_with_debug_ptx() {
    let input = inputs(64);
    let Some(got) =
        same_bits_with_and_without_debug(TWO_FUNCTIONS_WITH_SHARED, "rotate", (1, 64), &input, 64)
    else {
        return;
    };
    let want: Vec<u32> = (0..64)
        .map(|t| {
            let n = input[(t + 1) % 64];
            (n - n * 2.0).to_bits()
        })
        .collect();
    assert_eq!(got, want);
}
