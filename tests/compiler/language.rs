//! One small program per language feature the learner corpus needed, compiled by NVRTC and
//! by the built-in compiler under every mode (`Mode::ALL`: the defaults, `-fmad=false`,
//! `--use_fast_math`, `-G`), both run on the simulator with the harness's inputs: every
//! kernel must run and give NVRTC's bits.

use crate::common::nvrtc;
use crate::harness::{self, agrees, Mode, Source};

use cuda_library::{Error, KernelArg, LaunchConfig};
use std::collections::BTreeMap;

/// `(float(x) + y)`: a parenthesised expression that starts with a functional cast, not a
/// C-style cast (FINDINGS.md F10; cuda-samples' `simpleCUDA2GL` writes `(int(b) << 16)`).
#[test]
fn a_functional_cast_after_a_parenthesis() {
    agrees(
        "functional_cast.cu",
        "extern \"C\" __global__ void k(const float* in, int* out) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             float b = in[i] * 255.0f;\n\
             out[i] = (int(b) << 16) | (int(in[i]) << 8) | (unsigned(b) & 255u);\n\
             out[i + 256] = (float(i) > b) ? (int(b)) : (short(i));\n\
         }\n",
    );
}

/// A user's overloads of a built-in function (`helper_math.h` adds `make_float4(float)` and
/// `fminf(float2, float2)`) leave the built-in ones callable, inside them too.
#[test]
fn user_overloads_of_built_in_functions() {
    agrees(
        "overloads.cu",
        "inline __device__ float4 make_float4(float s) { return make_float4(s, s, s, s); }\n\
         inline __device__ float4 make_float4(float3 a, float w) { return make_float4(a.x, a.y, a.z, w); }\n\
         inline __device__ float2 fminf(float2 a, float2 b) { return make_float2(fminf(a.x, b.x), fminf(a.y, b.y)); }\n\
         inline __device__ int max(int3 a) { return max(a.x, max(a.y, a.z)); }\n\
         extern \"C\" __global__ void k(const float* in, float4* out) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             float4 a = make_float4(in[i]);\n\
             float4 b = make_float4(make_float3(in[i], 2.0f, 3.0f), in[i + 1]);\n\
             float2 m = fminf(make_float2(in[i], 1.0f), make_float2(0.5f, in[i + 2]));\n\
             int n = max(make_int3(i, 7, -i));\n\
             out[i] = make_float4(a.x + b.w, m.x, m.y, (float)n);\n\
         }\n",
    );
}

/// The runtime's handle types (`cudaStream_t`, `cudaEvent_t`) in a header's struct that
/// device code never touches (cuda-samples' `simpleMultiGPU.h`).
#[test]
fn runtime_handles_in_a_host_struct() {
    agrees(
        "handles.cu",
        "typedef struct { int n; float* d; cudaStream_t stream; cudaEvent_t done; } Plan;\n\
         extern \"C\" __global__ void k(float* x, int n) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             if (i < n) x[i] = x[i] * 2.0f + (float)sizeof(Plan);\n\
         }\n",
    );
}

/// Inline PTX with every operand constraint the built-in compiler takes (`r`, `l`, `f`,
/// `n`, `=`, `+`), `%%` for a PTX special register, a braced block of its own registers
/// (cuda-samples' `inlinePTX` reads `%laneid` this way).
#[test]
fn inline_ptx_with_operands() {
    agrees(
        "asm.cu",
        "extern \"C\" __global__ void k(const float* in, unsigned* out) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             unsigned lane, s;\n\
             asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(lane));\n\
             asm volatile(\"add.u32 %0, %1, %2;\" : \"=r\"(s) : \"r\"(lane), \"n\"(7));\n\
             float f = in[i] * in[i + 1];\n\
             asm(\"{\\n\\t.reg .f32 t;\\n\\tmul.f32 t, %1, %1;\\n\\tadd.f32 %0, t, 0f3F800000;\\n}\" : \"=f\"(f) : \"f\"(f));\n\
             unsigned long long p;\n\
             asm(\"mov.b64 %0, %1;\" : \"=l\"(p) : \"l\"((unsigned long long)i * 3));\n\
             asm(\"add.u32 %0, %0, 1;\" : \"+r\"(s));\n\
             out[i] = lane + s + __float_as_uint(f + in[i + 2]) + (unsigned)p;\n\
         }\n",
    );
}

/// An explicit specialization of a function template ends a compile-time recursion
/// (cuda-samples' `convolutionTexture` unrolls its filter with `convolutionRow<i - 1>` down
/// to `convolutionRow<-1>`).
#[test]
fn explicit_specialization_of_a_function_template() {
    agrees(
        "specialization.cu",
        "__constant__ float taps[5] = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f};\n\
         template <int i> __device__ float row(const float* x, int at) {\n\
             return x[at + i] * taps[i] + row<i - 1>(x, at);\n\
         }\n\
         template <> __device__ float row<-1>(const float* x, int at) { return 0; }\n\
         template <typename T> __device__ T twice(T v) { return v + v; }\n\
         template <> __device__ int twice<int>(int v) { return v * 3; }\n\
         extern \"C\" __global__ void k(const float* in, float* out, int* n) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             out[i] = twice(row<4>(in, i));\n\
             n[i] = twice(n[i]);\n\
         }\n",
    );
}

/// A `thread_group` parameter takes a block or a tile, and the group's calls inside are the
/// argument's (cuda-samples' `simpleCooperativeGroups` sums over both with one function).
#[test]
fn a_thread_group_parameter_takes_any_group() {
    agrees(
        "thread_group.cu",
        "#include <cooperative_groups.h>\n\
         namespace cg = cooperative_groups;\n\
         __device__ int sum(cg::thread_group g, int* x, int val) {\n\
             int lane = g.thread_rank();\n\
             for (int i = g.size() / 2; i > 0; i /= 2) {\n\
                 x[lane] = val; g.sync();\n\
                 if (lane < i) val += x[lane + i];\n\
                 g.sync();\n\
             }\n\
             return lane == 0 ? val : -1;\n\
         }\n\
         extern \"C\" __global__ void k(int* out) {\n\
             __shared__ int work[256];\n\
             cg::thread_block block = cg::this_thread_block();\n\
             int all = sum(block, work, threadIdx.x);\n\
             block.sync();\n\
             cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);\n\
             int part = sum(tile, work + (threadIdx.x / 16) * 16, tile.thread_rank());\n\
             out[threadIdx.x] = all * 1000 + part;\n\
         }\n",
    );
}

/// Lambdas: captures by reference (`[&]`, `[&p]`) see the variable as it is at the call, by
/// value (`[=]`) as it was where the lambda was written; return types written or deduced;
/// one called where it is written; `return {}` of a struct (cuda-samples' `shfl_scan`
/// reads a packed result through `[&result](unsigned idx) -> const uint4`).
#[test]
fn lambdas_capture_and_return() {
    agrees(
        "lambda.cu",
        "struct P { uint4 x, y; };\n\
         __device__ uint4 none() { return {}; }\n\
         extern \"C\" __global__ void k(const float* in, float* out) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             float scale = in[0];\n\
             int hits = 0;\n\
             auto at = [&](int j) { hits++; return in[j] * scale; };\n\
             auto twice = [=](float v) -> float { return v * scale * 2.0f; };\n\
             scale = 3.0f;\n\
             P p; p.x = make_uint4(1, 2, 3, 4); p.y = make_uint4(i, i, i, i);\n\
             auto pick = [&p](unsigned idx) -> const uint4 {\n\
                 switch (idx) { case 0: return p.x; default: return p.y; }\n\
             };\n\
             float s = at(i) + twice(at(i + 1)) + [&] { return (float)hits; }();\n\
             out[i] = s + (float)pick(i & 1).y + (float)none().w;\n\
         }\n",
    );
}

/// Default arguments fill a call's missing trailing arguments; `memcpy` and `memset` copy
/// and fill bytes (cuda-samples' `shfl_scan` has both).
#[test]
fn default_arguments_and_byte_copies() {
    agrees(
        "defaults.cu",
        "__device__ int scaled(int x, int by = 3, int plus = 1) { return x * by + plus; }\n\
         extern \"C\" __global__ void k(const uint4* in, uint4* out, int* sums = NULL) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             uint4 v[2];\n\
             memcpy(v, &in[i], sizeof(uint4));\n\
             memset(&v[1], 0x5a, sizeof(uint4));\n\
             v[0].x = scaled(v[0].x) + scaled(v[0].y, 2) + scaled(v[0].z, 5, 7);\n\
             memcpy(&out[i], v, sizeof(uint4));\n\
             out[i + 256] = v[1];\n\
         }\n",
    );
}

/// A tile's shuffle of a struct moves every 32-bit word (cuda-samples' `shfl_scan`
/// exchanges `uint4`s with `tile.shfl_xor`).
#[test]
fn a_tile_shuffles_a_struct() {
    agrees(
        "struct_shuffle.cu",
        "#include <cooperative_groups.h>\n\
         namespace cg = cooperative_groups;\n\
         struct Pair { int a; float b; };\n\
         extern \"C\" __global__ void k(const uint4* in, uint4* out, float* f) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());\n\
             uint4 v = in[i];\n\
             v = tile.shfl_xor(v, 1);\n\
             Pair p; p.a = i; p.b = f[i];\n\
             Pair q = tile.shfl_down(p, 3);\n\
             out[i] = v;\n\
             f[i] = q.b + (float)q.a;\n\
         }\n",
    );
}

/// The failed assertion `assert_text.cu` reports when run by each compiler on the simulator.
fn failed_assertion(ptx: &str, map: &BTreeMap<String, String>) -> cuda_library::DeviceAssertion {
    let ctx = harness::context();
    let lib = harness::load(ptx, map).expect("the PTX loads");
    let k = lib.get_kernel("k").expect("kernel k");
    let stream = ctx.create_stream().expect("a stream");
    let v: Vec<u8> = (0..64i32).flat_map(|x| x.to_le_bytes()).collect();
    let dv = ctx.htod(&v).expect("input");
    let dout = ctx.htod(&[0u8; 256]).expect("output");
    let (pv, pout, n) = (
        dv.as_raw().to_le_bytes(),
        dout.as_raw().to_le_bytes(),
        40u32.to_le_bytes(),
    );
    let args = [
        KernelArg::from_bytes(&pv),
        KernelArg::from_bytes(&pout),
        KernelArg::from_bytes(&n),
    ];
    let cfg = LaunchConfig::new((2, 1, 1), (32, 1, 1));
    let r = k
        .launch(&stream, &cfg, &args)
        .and_then(|()| stream.synchronize());
    match r {
        Err(Error::DeviceAssert(a)) => *a,
        other => panic!("expected a failed assertion, got {other:?}"),
    }
}

/// A failed `assert` names what NVRTC names (FINDINGS.md F15): the condition as written with
/// its macros expanded, the file, the line of the call's closing parenthesis and the
/// function's signature; the same thread fails first.
#[test]
fn a_failed_assert_reports_nvrtc_s_text() {
    let src = Source::new(
        "assert_text.cu",
        "#define LIMIT (n - 4)\n\
         __device__ int check(const int* v, unsigned n, int i) {\n\
             assert(v[i]  <  LIMIT &&\n\
                    i >= 0);\n\
             return v[i];\n\
         }\n\
         extern \"C\" __global__ void k(const int* v, int* out, unsigned n) {\n\
             int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             out[i] = check(v, n, i);\n\
         }\n",
    );
    let _turn = harness::turn();
    let (nv, nv_map) = match harness::nvrtc(&src, Mode::Default) {
        Ok(p) => p,
        Err(e @ Error::NvrtcNotFound { .. }) => return nvrtc::skip_without_nvrtc(e),
        Err(e) => panic!("NVRTC rejects assert_text.cu: {e}"),
    };
    let (bi, bi_map) = harness::builtin(&src, Mode::Default)
        .unwrap_or_else(|r| panic!("the built-in compiler: {}", r.summary()));
    let (want, got) = (
        failed_assertion(&nv, &nv_map),
        failed_assertion(&bi, &bi_map),
    );
    assert_eq!(got, want);
    assert_eq!(want.expression, "v[i] < (n - 4) && i >= 0");
    assert_eq!(want.source_line, 4);
}

/// `clock()` and `clock64()` both read the 64-bit counter, as NVRTC's PTX does.
#[test]
fn clock_reads_the_64_bit_counter() {
    let opts = cuda_library_compiler::Options::default();
    let out = cuda_library_compiler::compile(
        "extern \"C\" __global__ void k(long long* o) {\n\
             clock_t a = clock(); long long b = clock64(); int c = (int)clock();\n\
             o[0] = a; o[1] = b; o[2] = c;\n\
         }\n",
        "clock.cu",
        &[],
        &opts,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.ptx.matches("%clock64;").count(), 3, "{}", out.ptx);
    assert!(!out.ptx.contains("%clock;"), "{}", out.ptx);
}

/// Of `a*b + c*d`, NVRTC fuses the product LLVM's reassociation ranks lower (loaded or
/// computed earlier; parameters before loads), the written left one when they tie
/// (FINDINGS.md F14): both operand orders, products of loads, of parameters and of both,
/// and fields of a `float4` read from memory (siboehm's `alpha * t + beta * c.y`).
#[test]
fn of_two_products_the_lower_ranked_one_fuses() {
    agrees(
        "two_products.cu",
        "extern \"C\" __global__ void ab(const float* t, const float* ab, float* c) {\n\
             int i = threadIdx.x; float alpha = ab[0], beta = ab[1]; float x = c[i];\n\
             c[i] = alpha * t[i] + beta * x;\n\
             c[i + 64] = beta * x + alpha * t[i + 64];\n\
         }\n\
         extern \"C\" __global__ void ties(const float* a, const float* b, float* c) {\n\
             int i = threadIdx.x; float p = a[i], q = b[i];\n\
             c[i] = p * q + q * q;\n\
             c[i + 64] = q * q + p * q * 3.0f;\n\
         }\n\
         extern \"C\" __global__ void params(float p, float q, float r, float s, float* c) {\n\
             c[threadIdx.x] = p * s + q * r;\n\
             c[threadIdx.x + 64] = r * s + p * r;\n\
         }\n\
         extern \"C\" __global__ void mixed(float p, float q, const float* a, float* c) {\n\
             float r = a[threadIdx.x]; c[threadIdx.x] = r * r + p * q;\n\
         }\n\
         extern \"C\" __global__ void vec(const float* t, const float* ab, float* c) {\n\
             int i = threadIdx.x; float alpha = ab[0], beta = ab[1];\n\
             float4 tmp = reinterpret_cast<float4*>(c)[i];\n\
             tmp.x = alpha * t[4 * i] + beta * tmp.x;\n\
             tmp.y = alpha * t[4 * i + 1] + beta * tmp.y;\n\
             tmp.z = beta * tmp.z + alpha * t[4 * i + 2];\n\
             reinterpret_cast<float4*>(c)[i] = tmp;\n\
         }\n",
    );
}

/// A product made in an inlined function and returned in a struct fuses into the addition
/// another inlined function makes of it (FINDINGS.md F14, cuda-samples' `boxFilter`): the
/// first call's product fuses, the second's is the addend; a product also stored elsewhere
/// does not fuse; `t -= f(a)` is the `mul` and `sub` of one block ptxas fuses.
#[test]
fn a_product_in_a_returned_struct_fuses_across_the_call() {
    agrees(
        "fuse_across_calls.cu",
        "__device__ float4 toF(unsigned c) {\n\
             float4 r; r.x = (c & 0xff) * 0.003921568627f; r.y = ((c >> 8) & 0xff) * 0.003921568627f;\n\
             r.z = 0; r.w = 0; return r;\n\
         }\n\
         inline __device__ void operator+=(float4 &a, float4 b) { a.x += b.x; a.y += b.y; a.z += b.z; a.w += b.w; }\n\
         inline __device__ void operator-=(float4 &a, float4 b) { a.x -= b.x; a.y -= b.y; a.z -= b.z; a.w -= b.w; }\n\
         extern \"C\" __global__ void k(const unsigned* id, float* od) {\n\
             int i = threadIdx.x;\n\
             float4 t = toF(id[i]);\n\
             t += toF(id[i + 32]);\n\
             od[i] = t.x; od[i + 32] = t.y;\n\
         }\n\
         extern \"C\" __global__ void kept(const unsigned* id, float* od) {\n\
             int i = threadIdx.x;\n\
             float4 t = toF(id[i]);\n\
             float4 u = toF(id[i + 32]);\n\
             od[i + 64] = u.x;\n\
             t += u;\n\
             od[i] = t.x; od[i + 32] = t.y;\n\
         }\n\
         extern \"C\" __global__ void minus(const unsigned* id, const float4* in, float* od, int n) {\n\
             int i = threadIdx.x;\n\
             float4 t = in[i];\n\
             t -= toF(id[i]);\n\
             for (int k = 0; k < n % 4; k++) { t += toF(id[i + k]); t -= toF(id[i + 32]); }\n\
             od[i] = t.x; od[i + 32] = t.y;\n\
         }\n",
    );
}

/// Functions of one name and signature in different namespaces (FINDINGS.md F16): a
/// qualified call takes the namespace it names, an unqualified one the innermost enclosing
/// namespace that declares the name, as C++'s lookup does.
#[test]
fn namespaces_keep_functions_of_one_name_apart() {
    agrees(
        "namespaces.cu",
        "__device__ unsigned f(unsigned x) { return x + 100u; }\n\
         namespace a { __device__ unsigned f(unsigned x) { return x + 1u; } }\n\
         namespace b {\n\
             __device__ unsigned f(unsigned x) { return x + 2u; }\n\
             __device__ unsigned g(unsigned x) { return f(x) * 10u; }\n\
             namespace c { __device__ unsigned h(unsigned x) { return f(x) + a::f(x); } }\n\
         }\n\
         extern \"C\" __global__ void k(const unsigned* in, unsigned* out) {\n\
             unsigned i = blockIdx.x * blockDim.x + threadIdx.x;\n\
             unsigned x = in[i] & 0xffffu;\n\
             out[5 * i] = a::f(x);\n\
             out[5 * i + 1] = b::f(x);\n\
             out[5 * i + 2] = f(x);\n\
             out[5 * i + 3] = b::g(x);\n\
             out[5 * i + 4] = b::c::h(x);\n\
         }\n",
    );
}
