//! `__half`, `__nv_bfloat16` and their pairs (issue 33): one program per group of
//! `cuda_fp16.h`/`cuda_bf16.h`'s types, conversions, arithmetic, comparisons, atomics and
//! shuffles, compiled by NVRTC and by the built-in compiler under every mode (the defaults,
//! `-fmad=false`, `--use_fast_math`, `-G`), both run on the simulator with the harness's
//! inputs: every kernel must run and give NVRTC's bits.

use crate::common::nvrtc;
use crate::harness::{self, agrees, Image, Mode, Source};

use std::collections::BTreeMap;

use cuda_library::{Error, ImageKind, Program, ProgramOptions};

/// Compiles `text` both ways for `sm_{arch}` (the harness's corpora target sm_80, where
/// bfloat16 arithmetic is written as `fma`s; sm_90 has `add.bf16`, `cvt.f32.bf16`, ...;
/// before sm_53 half arithmetic is done in float) under every mode, runs each kernel on the input NVRTC's PTX is chosen on,
/// and asserts the same bits.
fn agrees_on(arch: u32, name: &str, text: &str) {
    let src = Source::new(name, text);
    let _turn = harness::turn();
    let ctx = harness::context();
    // `-G` code addresses buffers generically; the optimised PTX tells pointers apart.
    let mut typed: Option<String> = None;
    for mode in Mode::ALL {
        let options = ProgramOptions {
            arch: Some(format!("compute_{arch}")),
            debug: mode == Mode::Debug,
            use_fast_math: mode == Mode::FastMath,
            extra: match mode {
                Mode::NoFmad => vec!["-fmad=false".to_string()],
                _ => Vec::new(),
            },
            ..Default::default()
        };
        let code = match Program::new(text, options)
            .with_name(name)
            .compile(ImageKind::Ptx, &[])
        {
            Ok(c) => c,
            Err(e @ Error::NvrtcNotFound { .. }) => return nvrtc::skip_without_nvrtc(e),
            Err(e) => panic!("NVRTC rejects {name} under {}: {e}", mode.flag()),
        };
        let nv_ptx = code.ptx_text().unwrap_or_default().to_string();
        let mut o = harness::builtin_options(&src, mode);
        o.arch = arch;
        let ours = match cuda_library_compiler::compile(text, name, &[], &o) {
            Ok(out) => out.ptx,
            Err(e) => panic!("the built-in compiler refuses {name} for sm_{arch}: {e}"),
        };
        let none = BTreeMap::new();
        let nv = Image::new(&nv_ptx, &none, &[]).expect("NVRTC's PTX loads");
        let mine = Image::new(&ours, &none, &[]).expect("the built-in compiler's PTX loads");
        for kernel in crate::common::realworld::entries(&nv_ptx) {
            let cands = harness::candidates_typed(name, &kernel, &nv_ptx, typed.as_deref());
            let Some((launch, want)) = harness::choose(&ctx, &nv, cands) else {
                panic!(
                    "{name} {kernel} under {}: no launch of NVRTC's PTX to compare",
                    mode.flag()
                );
            };
            let got = harness::run(&ctx, &mine, &launch, &kernel, 0)
                .unwrap_or_else(|e| panic!("{name} {kernel} under {}: {e}", mode.flag()));
            if let Some(d) = harness::first_difference(&want, &got) {
                panic!("{name} {kernel} under {}: {d}", mode.flag());
            }
        }
        typed.get_or_insert(nv_ptx);
    }
}

/// The types as parameters, locals, arrays and shared memory; loads and stores; the
/// conversions the headers' constructors and operators give (float, double, the integers,
/// bool) and the named ones.
#[test]
fn half_types_and_conversions() {
    agrees(
        "half_conversions.cu",
        "#include <cuda_fp16.h>\n\
         extern \"C\" __global__ void k(__half a, __half2 b, const float* x, __half* y, float* f, int* n) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             __shared__ __half tile[256];\n\
             __half local[4];\n\
             tile[threadIdx.x] = __float2half(x[i] * 3.0f);\n\
             __syncthreads();\n\
             local[0] = tile[(threadIdx.x + 1) % blockDim.x];\n\
             local[1] = x[i];\n\
             local[2] = i - 300;\n\
             local[3] = (double)x[i] * 1e-3;\n\
             for (int j = 0; j < 4; j++) y[4 * i + j] = local[j];\n\
             f[4 * i] = __half2float(local[0]) + (float)b.y;\n\
             f[4 * i + 1] = local[1];\n\
             f[4 * i + 2] = (double)local[3];\n\
             f[4 * i + 3] = __low2float(b) + __high2float(__halves2half2(a, local[2]));\n\
             n[4 * i] = (int)local[0];\n\
             n[4 * i + 1] = (unsigned short)local[2] + (short)local[1];\n\
             n[4 * i + 2] = (bool)local[1] + (signed char)local[2] + __half2int_rn(local[0]);\n\
             n[4 * i + 3] = __half_as_ushort(__float2half_rn(x[i])) + (local[2] ? 1 : 0);\n\
             n[4 * i + 3] += __half2uint_rd(local[1]) + (int)__half2ll_ru(local[2]) + (int)__half2ull_rz(local[0]);\n\
             f[4 * i + 2] += __half2float(__ll2half_ru((long long)i * 100003)) + __half2float(__uint2half_rd(i * 7u));\n\
             f[4 * i + 3] += __high2float(__float22half2_rn(make_float2(x[i], 0.3f)));\n\
         }\n",
    );
}

/// Arithmetic and comparisons on `__half` and `__half2`: the intrinsics and the C++
/// operators (products the GPU's assembler fuses into an `fma` included), division,
/// negation, `++`, `+=` with a float, the pair's `.x`/`.y`, the approximate functions.
#[test]
fn half_arithmetic_and_comparisons() {
    agrees(
        "half_arithmetic.cu",
        "#include <cuda_fp16.h>\n\
         extern \"C\" __global__ void k(const __half* x, __half* y, half2* y2, int* n) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             __half a = x[i], b = x[i + 1], c = x[i + 2];\n\
             __half t = a * b;\n\
             y[8 * i] = t + c;\n\
             y[8 * i + 1] = __hfma(a, b, c) - __hsub(a, c);\n\
             y[8 * i + 2] = a / b + __hdiv(c, a);\n\
             y[8 * i + 3] = __hmax(a, -b) + __hmin(__habs(c), __hneg(a));\n\
             __half s = a; s++; s += 1.5f; s *= b;\n\
             y[8 * i + 4] = s;\n\
             y[8 * i + 5] = hsqrt(__habs(a)) + hexp(b) + hrcp(c);\n\
             y[8 * i + 6] = __hadd_sat(a, b);\n\
             y[8 * i + 7] = a < b ? a : b;\n\
             n[i] = (a == b) + 2 * (a != c) + 4 * (a <= c) + 8 * __hgt(b, c) + 16 * __hisnan(__hdiv(a, c));\n\
             half2 p = __halves2half2(a, b), q = __floats2half2_rn(0.25f, (float)c);\n\
             half2 r(1.5f, 2.0f);\n\
             r.y = c;\n\
             y2[4 * i] = p * q + r;\n\
             y2[4 * i + 1] = __hfma2(p, q, __half2half2(c)) - __hmul2(r, p);\n\
             y2[4 * i + 2] = __h2div(p, r) + __hneg2(q);\n\
             y2[4 * i + 3] = __lows2half2(p, __hmax2(q, r));\n\
         }\n",
    );
}

/// `__nv_bfloat16` and `__nv_bfloat162`: conversions, arithmetic (an `fma` on sm_80),
/// comparisons through float, pairs.
#[test]
fn bfloat16_arithmetic() {
    agrees(
        "bfloat16.cu",
        "#include <cuda_bf16.h>\n\
         extern \"C\" __global__ void k(const __nv_bfloat16* x, const float* f, __nv_bfloat16* y, __nv_bfloat162* y2, float* o, int* n) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             __nv_bfloat16 a = x[i], b = x[i + 1], c = __float2bfloat16(f[i]);\n\
             y[6 * i] = a + b * c;\n\
             y[6 * i + 1] = __hfma(a, b, c) - a / c;\n\
             y[6 * i + 2] = __hmax(-a, b);\n\
             y[6 * i + 3] = i * 3 - 17;\n\
             y[6 * i + 4] = __hmul(a, b) + (__nv_bfloat16)(short)(i - 40);\n\
             y[6 * i + 5] = a > b ? a : c;\n\
             o[2 * i] = __bfloat162float(a) + (float)b;\n\
             o[2 * i + 1] = (double)c;\n\
             n[i] = (int)a + (a == b) + 2 * (a < c) + 4 * (b >= c) + 8 * (a != c);\n\
             __nv_bfloat162 p = __floats2bfloat162_rn(f[i], f[i + 1]), q = __halves2bfloat162(a, b);\n\
             y2[2 * i] = __hfma2(p, q, p) + p * q;\n\
             y2[2 * i + 1] = __hmin2(p, q) - __bfloat162bfloat162(c);\n\
         }\n",
    );
}

/// `atomicAdd` on `__half` and `__half2` (the values returned stored too, which also
/// makes NVRTC address the buffers as global memory, how the harness tells a pointer).
#[test]
fn half_atomics() {
    agrees(
        "half_atomics.cu",
        "#include <cuda_fp16.h>\n\
         extern \"C\" __global__ void k(__half* sum, __half2* sum2) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             __half old = atomicAdd(sum + (i & 7), __int2half_rn(i & 15));\n\
             __half2 old2 = atomicAdd(sum2 + (i & 3), __halves2half2(old, __float2half(0.25f)));\n\
             sum[64 + i] = old;\n\
             sum2[64 + i] = old2;\n\
         }\n",
    );
}

/// The shuffles on `__half` and `__half2`.
#[test]
fn half_shuffles() {
    agrees(
        "half_shuffles.cu",
        "#include <cuda_fp16.h>\n\
         extern \"C\" __global__ void k(const __half* x, __half* y, half2* y2) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             __half v = x[i];\n\
             for (int d = 16; d > 0; d /= 2) v = v + __shfl_down_sync(0xffffffff, v, d);\n\
             y[i] = v;\n\
             half2 p = __halves2half2(x[i], v);\n\
             y2[i] = __shfl_xor_sync(0xffffffff, p, 3) + __shfl_sync(0xffffffff, p, 0);\n\
         }\n",
    );
}

/// A `__half2` dot product reduced in shared memory, written as cuda-samples'
/// `fp16ScalarProduct` writes it (`half2 v(0.f, 0.f)`, operators and intrinsics, `.x`/`.y`
/// read as floats, inlined device functions taking a `half2*`); `__launch_bounds__` gives
/// the harness the block size the reduction is written for.
#[test]
fn half2_dot_product_in_shared_memory() {
    agrees(
        "half2_dot.cu",
        "#include <cuda_fp16.h>\n\
         __forceinline__ __device__ void reduce(half2* v, bool native) {\n\
             for (int s = 64; s > 0; s /= 2) {\n\
                 if (threadIdx.x < s) v[threadIdx.x] = native ? v[threadIdx.x] + v[threadIdx.x + s] : __hadd2(v[threadIdx.x], v[threadIdx.x + s]);\n\
                 __syncthreads();\n\
             }\n\
         }\n\
         __global__ void __launch_bounds__(128) dot(const half2* a, const half2* b, float* out, size_t n) {\n\
             __shared__ half2 sh[128];\n\
             half2 value(0.f, 0.f);\n\
             for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += gridDim.x * blockDim.x) value = a[i] * b[i] + value;\n\
             sh[threadIdx.x] = value;\n\
             __syncthreads();\n\
             reduce(sh, true);\n\
             if (threadIdx.x == 0) { half2 r = sh[0]; out[blockIdx.x] = (float)r.y + (float)r.x; }\n\
         }\n\
         __global__ void __launch_bounds__(128) dot_intrinsics(const half2* a, const half2* b, float* out, size_t n) {\n\
             __shared__ half2 sh[128];\n\
             sh[threadIdx.x] = __float2half2_rn(0.f);\n\
             half2 value = __float2half2_rn(0.f);\n\
             for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += gridDim.x * blockDim.x) value = __hfma2(a[i], b[i], value);\n\
             sh[threadIdx.x] = value;\n\
             __syncthreads();\n\
             reduce(sh, false);\n\
             if (threadIdx.x == 0) out[blockIdx.x] = __low2float(sh[0]) + __high2float(sh[0]);\n\
         }\n",
    );
}

/// `__nv_bfloat16` for sm_90: native `add/sub/mul.bf16`, `cvt` to and from the integers and
/// `double`, comparisons in bfloat16, `atomicAdd`.
#[test]
fn bfloat16_on_sm_90() {
    agrees_on(
        90,
        "bfloat16_sm90.cu",
        "#include <cuda_bf16.h>\n\
         extern \"C\" __global__ void k(const __nv_bfloat16* x, const float* f, __nv_bfloat16* y, __nv_bfloat162* y2, float* o, int* n, __nv_bfloat16* sum) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             __nv_bfloat16 a = x[i], b = x[i + 1], c = __float2bfloat16(f[i]);\n\
             y[6 * i] = a + b * c;\n\
             y[6 * i + 1] = __hfma(a, b, c) - a / c;\n\
             y[6 * i + 2] = (double)f[i] * 3.0;\n\
             y[6 * i + 3] = i * 3 - 17;\n\
             y[6 * i + 4] = (short)(i - 40);\n\
             y[6 * i + 5] = a > b ? a : c;\n\
             o[2 * i] = __bfloat162float(a) + (float)b;\n\
             o[2 * i + 1] = (double)c;\n\
             n[2 * i] = (int)a + (a == b) + 2 * (a < c) + 4 * (b >= c) + 8 * (a != c) + 16 * __hisnan(a);\n\
             n[2 * i + 1] = (short)b + (signed char)c + (long long)a;\n\
             __nv_bfloat162 p = __floats2bfloat162_rn(f[i], f[i + 1]), q = __halves2bfloat162(a, b);\n\
             y2[2 * i] = __hfma2(p, q, p) + p * q;\n\
             y2[2 * i + 1] = __h2div(p, q) - __bfloat162bfloat162(c);\n\
             __nv_bfloat16 old = atomicAdd(sum + (i & 7), c);\n\
             sum[64 + i] = old;\n\
         }\n",
    );
}

/// Half arithmetic for sm_52 (NVRTC's default architecture, and the built-in compiler's):
/// the headers compute in float there.
#[test]
fn half_arithmetic_on_sm_52() {
    agrees_on(
        52,
        "half_sm52.cu",
        "#include <cuda_fp16.h>\n\
         extern \"C\" __global__ void k(const __half* x, __half* y, __half2* y2, int* n) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             __half a = x[i], b = x[i + 1], c = x[i + 2];\n\
             y[4 * i] = a * b + c;\n\
             y[4 * i + 1] = __hsub(a, -c) / b;\n\
             y[4 * i + 2] = __hmax(a, __habs(b)) + __hmin(b, c);\n\
             y[4 * i + 3] = hsqrt(__habs(c));\n\
             n[i] = (a == b) + 2 * (a != c) + 4 * (a < c) + 8 * (b >= c) + 16 * __hisnan(a) + 32 * (a > b) + 64 * (a <= c);\n\
             __half2 p = __halves2half2(a, b), q = __halves2half2(c, a);\n\
             y2[2 * i] = p * q + p - q;\n\
             y2[2 * i + 1] = __hmax2(p, q) + __hmin2(p, -q);\n\
         }\n",
    );
}

/// The types in the rest of the language: a struct passed by value, a function template
/// deduced from a `__half`, a device function taking one, a `const` local, `sizeof`,
/// `__ldg`, `volatile`, an empty braced pair.
#[test]
fn half_in_structs_templates_and_functions() {
    agrees(
        "half_language.cu",
        "#include <cuda_fp16.h>\n\
         template <typename T> __device__ T twice(T v) { return v + v; }\n\
         struct P { __half a; half2 b; float c; };\n\
         __device__ __half scale(__half x, float f) { return x * __float2half(f); }\n\
         extern \"C\" __global__ void k(P p, const __half* x, __half* y, half2* y2) {\n\
           const __half k2 = 2.0f;\n\
           constexpr int n = sizeof(__half2);\n\
           __half a = x[threadIdx.x];\n\
           y[threadIdx.x] = twice(a) + k2 + scale(a, 0.5f) + p.a;\n\
           half2 z = {};\n\
           z.y = a;\n\
           y2[threadIdx.x] = z + p.b + __halves2half2(__ldg(x), __float2half(p.c)) ;\n\
           y[threadIdx.x + 64] = n;\n\
           volatile __half* vy = y;\n\
           vy[5] = a;\n\
         }\n",
    );
}

/// Inline PTX on half values through the `h` constraint (16-bit registers), as
/// `cuda_fp16.hpp` itself writes them: a `__half` passed as its `unsigned short` bits.
#[test]
fn inline_ptx_with_16_bit_operands() {
    agrees(
        "half_asm.cu",
        "#include <cuda_fp16.h>\n\
         extern \"C\" __global__ void k(__half* y, unsigned short* u, short* s) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             __half h = y[i];\n\
             unsigned short v = u[i];\n\
             __half r;\n\
             asm(\"add.f16 %0, %1, %1;\" : \"=h\"(*(unsigned short*)&r) : \"h\"(*(unsigned short*)&h));\n\
             unsigned short t;\n\
             asm(\"add.u16 %0, %1, %2;\" : \"=h\"(t) : \"h\"(v), \"h\"(__half_as_ushort(r)));\n\
             short w = s[i];\n\
             asm(\"neg.s16 %0, %0;\" : \"+h\"(w));\n\
             y[i + 512] = r;\n\
             u[i + 512] = t;\n\
             s[i + 512] = w;\n\
         }\n",
    );
}

/// The rest of the table's rows, each called once: the saturating and explicitly rounded
/// forms, the approximate functions, lanes and pairs, bfloat16's own.
const EVERY_OTHER_ROW: &str = "#include <cuda_fp16.h>\n\
         #include <cuda_bf16.h>\n\
         extern \"C\" __global__ void k(const __half* x, const float* f, __half* y, half2* y2, float* o, int* n) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             __half a = x[i], b = x[i + 1], c = x[i + 2];\n\
             half2 p = __halves2half2(a, b), q = __halves2half2(c, a);\n\
             y[8 * i] = __hsub_sat(a, b) + __hmul_sat(b, c);\n\
             y[8 * i + 1] = __hadd_rn(a, b) + __hsub_rn(b, c) + __hmul_rn(a, c);\n\
             y[8 * i + 2] = __hfma_sat(a, b, c) + __float2half_rz(f[i]);\n\
             y[8 * i + 3] = hrsqrt(__habs(a)) + hrcp(b) + hlog(__habs(c));\n\
             y[8 * i + 4] = __low2half(q) + __high2half(p) + __ushort_as_half(__half_as_ushort(c));\n\
             y[8 * i + 5] = __double2half((double)f[i] / 3.0);\n\
             y2[4 * i] = __hfma2_sat(p, q, p) + __hadd2_sat(p, q) + __hmul2_sat(q, q);\n\
             y2[4 * i + 1] = __habs2(__hsub2(p, q)) + h2sqrt(__habs2(p));\n\
             y2[4 * i + 2] = __highs2half2(p, q) + __float2half2_rn(f[i]);\n\
             float2 g = __half22float2(p);\n\
             o[2 * i] = g.x - g.y;\n\
             o[2 * i + 1] = __low2float(q);\n\
             n[2 * i] = __hisnan(a) + 2 * __hne(a, b) + 4 * __heq(b, c) + 8 * __hle(a, c) + 16 * __hge(b, a);\n\
             __nv_bfloat16 ba = __float2bfloat16_rn(f[i]), bb = __float2bfloat16(f[i + 1]);\n\
             __nv_bfloat162 bp = __halves2bfloat162(ba, bb), bq = __float2bfloat162_rn(f[i + 2]);\n\
             __nv_bfloat16 r = __hsub(ba, bb) + __hneg(bb) + __habs(ba) + __hmin(ba, bb);\n\
             r = r + __low2bfloat16(bq) + __high2bfloat16(bp) + __ushort_as_bfloat16(__bfloat16_as_ushort(ba));\n\
             r = r + hsqrt(__habs(ba)) + hexp(bb) + hlog(__habs(ba)) + hrcp(bb) + hrsqrt(__habs(bb));\n\
             o[2 * i] += __bfloat162float(r + __int2bfloat16_rn(i - 7));\n\
             __nv_bfloat162 br = __hsub2(bp, bq) + __hmul2(bp, bq) + __hneg2(bq) + __hmax2(bp, bq) + __h2div(bp, bq);\n\
             float2 bg = __bfloat1622float2(br);\n\
             o[2 * i + 1] += bg.x + bg.y;\n\
             n[2 * i + 1] = __bfloat162int_rn(ba) + 2 * __hisnan(bb) + 4 * __hle(ba, bb) + 8 * __hge(ba, bb) + 16 * __hne(ba, bb) + 32 * __hgt(ba, bb);\n\
         }\n";

/// [`EVERY_OTHER_ROW`] for sm_80 (the corpora's target).
#[test]
fn every_other_half_function() {
    agrees("half_rows.cu", EVERY_OTHER_ROW);
}

/// [`EVERY_OTHER_ROW`] for sm_90, where bfloat16 has instructions of its own.
#[test]
fn every_other_half_function_on_sm_90() {
    agrees_on(90, "half_rows_sm90.cu", EVERY_OTHER_ROW);
}

/// Half-precision kernels as learners write them for LeetGPU-style problems: ReLU,
/// softmax and a matrix product accumulating in float, a pairwise vector addition.
#[test]
fn learner_style_half_kernels() {
    agrees(
        "half_learner.cu",
        "#include <cuda_fp16.h>\n\
         #include <math.h>\n\
         __global__ void relu(const half* in, half* out, int n) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             if (i < n) out[i] = __hgt(in[i], __float2half(0.0f)) ? in[i] : __float2half(0.0f);\n\
         }\n\
         __global__ void softmax(const half* x, half* y, int n) {\n\
             if (blockIdx.x * blockDim.x + threadIdx.x != 0) return;\n\
             float m = -INFINITY, sum = 0.0f;\n\
             for (int i = 0; i < n; i++) m = fmaxf(m, __half2float(x[i]));\n\
             for (int i = 0; i < n; i++) sum += expf(__half2float(x[i]) - m);\n\
             for (int i = 0; i < n; i++) y[i] = __float2half(expf(__half2float(x[i]) - m) / sum);\n\
         }\n\
         __global__ void matmul(const half* A, const half* B, half* C, int M, int N, int K) {\n\
             int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;\n\
             if (row >= M || col >= N) return;\n\
             float acc = 0.0f;\n\
             for (int k = 0; k < K; k++) acc += __half2float(A[row * K + k]) * __half2float(B[k * N + col]);\n\
             C[row * N + col] = __float2half(acc);\n\
         }\n\
         __global__ void add2(const half2* a, const half2* b, half2* c, int n) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             if (i < n / 2) c[i] = __hadd2(a[i], b[i]);\n\
         }\n",
    );
}

/// `atomicAdd` on `__nv_bfloat16` and `__nv_bfloat162` for sm_80 (a compare-and-swap loop:
/// sm_80 has no `atom.add.bf16`) and sm_90 (`atom.add.noftz.bf16`).
#[test]
fn bfloat16_atomics() {
    let text = "#include <cuda_bf16.h>\n\
         extern \"C\" __global__ void k(__nv_bfloat16* b, __nv_bfloat162* b2) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             __nv_bfloat16 old = atomicAdd(b + (i & 7), b[64 + i]);\n\
             b[8192 + i] = old;\n\
             __nv_bfloat162 o2 = atomicAdd(b2 + (i & 3), b2[64 + i]);\n\
             b2[8192 + i] = o2;\n\
         }\n";
    agrees("bf16_atomics.cu", text);
    agrees_on(90, "bf16_atomics_sm90.cu", text);
}
