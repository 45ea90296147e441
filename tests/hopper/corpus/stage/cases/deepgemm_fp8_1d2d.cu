// Corpus case: DeepGEMM's SM90 fp8 GEMM with 1x128 (A) and 128x128 (B) block scales
// (sm90_fp8_gemm_1d2d_impl), instantiated the way its JIT does (csrc/jit_kernels/impls/
// sm90_fp8_gemm_1d2d.hpp generates `&sm90_fp8_gemm_1d2d_impl<...>` for one configuration and
// launches it with its tensor maps), for M = N = 256, K = 512, bf16 output.
//
// The configuration is the one DeepGEMM's SM90 heuristics (csrc/jit_kernels/heuristics/sm90.hpp)
// compute for a 128 x 128 block: swizzles from the inner dimensions (A, B: 128 B; D: 128 B), stages
// from the shared-memory capacity (232448 B): 5 stages, 199440 bytes of shared memory, 128 TMA and
// 256 math threads, no multicast, compiled N and K (DeepGEMM's default compiled_dims "nk"). The
// tensor maps are made as make_tma_{a,b,cd,sf}_desc make them (runtime_utils.hpp), through
// cuTensorMapEncodeTiled. Inputs come from splitmix64 (as in the other corpus cases).
#include <cuda.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#include <deep_gemm/impls/sm90_fp8_gemm_1d2d.cuh>

namespace corpus {

constexpr uint32_t M = 256, N = 256, K = 512;
constexpr uint32_t BLOCK_M = 128, BLOCK_N = 128, BLOCK_K = 128;
constexpr uint32_t STAGES = 5, TMA_THREADS = 128, MATH_THREADS = 256, SMS = 132;
constexpr uint32_t SMEM = 199440;
constexpr uint32_t K_SCALES = K / BLOCK_K;

float uniform(uint64_t seed, uint64_t i) {
    uint64_t x = seed + i;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x = x ^ (x >> 31);
    return (float)(x >> 40) * (1.0f / 16777216.0f);
}

template <class T>
T* upload(const std::vector<T>& host) {
    T* device = nullptr;
    cudaMalloc(&device, host.size() * sizeof(T));
    cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice);
    return device;
}

CUtensorMap make_2d(CUtensorMapDataType type, void* base, uint64_t inner, uint64_t outer, uint32_t box_inner,
                    uint32_t box_outer, uint64_t outer_stride_bytes, CUtensorMapSwizzle swizzle) {
    CUtensorMap map;
    const cuuint64_t dims[2] = {inner, outer};
    const cuuint64_t strides[1] = {outer_stride_bytes};
    const cuuint32_t box[2] = {box_inner, box_outer};
    const cuuint32_t elem[2] = {1, 1};
    CUresult r = cuTensorMapEncodeTiled(&map, type, 2, base, dims, strides, box, elem, CU_TENSOR_MAP_INTERLEAVE_NONE,
                                        swizzle, CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) std::printf("cuTensorMapEncodeTiled failed: %d\n", int(r));
    return map;
}

int run() {
    // A: M x K, B: N x K (both K-major), fp8 e4m3 in [-2, 2); scales in [0.5, 1.5).
    std::vector<__nv_fp8_e4m3> a(size_t(M) * K), b(size_t(N) * K);
    for (size_t i = 0; i < a.size(); ++i) a[i] = __nv_fp8_e4m3(uniform(7, i) * 4.0f - 2.0f);
    for (size_t i = 0; i < b.size(); ++i) b[i] = __nv_fp8_e4m3(uniform(8, i) * 4.0f - 2.0f);
    // sfa: MN-major, [K/128][M] (M is already TMA-aligned); sfb: K-major, [N/128][K/128].
    std::vector<float> sfa(size_t(K_SCALES) * M), sfb(size_t(N / BLOCK_K) * K_SCALES);
    for (size_t i = 0; i < sfa.size(); ++i) sfa[i] = 0.5f + uniform(9, i);
    for (size_t i = 0; i < sfb.size(); ++i) sfb[i] = 0.5f + uniform(10, i);

    auto* d_a = upload(a);
    auto* d_b = upload(b);
    auto* d_sfa = upload(sfa);
    auto* d_sfb = upload(sfb);
    __nv_bfloat16* d_d = nullptr;
    cudaMalloc(&d_d, size_t(M) * N * sizeof(__nv_bfloat16));

    const CUtensorMap map_a = make_2d(CU_TENSOR_MAP_DATA_TYPE_UINT8, d_a, K, M, 128, BLOCK_M, K, CU_TENSOR_MAP_SWIZZLE_128B);
    const CUtensorMap map_b = make_2d(CU_TENSOR_MAP_DATA_TYPE_UINT8, d_b, K, N, 128, BLOCK_N, K, CU_TENSOR_MAP_SWIZZLE_128B);
    const CUtensorMap map_d = make_2d(CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, d_d, N, M, 64, BLOCK_M, size_t(N) * 2,
                                      CU_TENSOR_MAP_SWIZZLE_128B);
    const CUtensorMap map_sfa = make_2d(CU_TENSOR_MAP_DATA_TYPE_FLOAT32, d_sfa, M, K_SCALES, BLOCK_M, 1, size_t(M) * 4,
                                        CU_TENSOR_MAP_SWIZZLE_NONE);

    auto kernel = &deep_gemm::sm90_fp8_gemm_1d2d_impl<
        cute::UMMA::Major::K, 0, N, K, 1, BLOCK_M, BLOCK_N, BLOCK_K, 128, 128, 128, STAGES, TMA_THREADS, MATH_THREADS,
        1, false, SMS, deep_gemm::GemmType::Normal, cutlass::bfloat16_t, deep_gemm::epilogue::transform::EpilogueIdentity>;
    cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM);

    cudaLaunchConfig_t config = {};
    cudaLaunchAttribute attrs[1];
    attrs[0].id = cudaLaunchAttributeClusterDimension;
    attrs[0].val.clusterDim.x = 1;
    attrs[0].val.clusterDim.y = 1;
    attrs[0].val.clusterDim.z = 1;
    config.gridDim = dim3(SMS, 1, 1);
    config.blockDim = dim3(TMA_THREADS + MATH_THREADS, 1, 1);
    config.dynamicSmemBytes = SMEM;
    config.attrs = attrs;
    config.numAttrs = 1;
    float* sfb_arg = d_sfb;
    int* grouped_layout = nullptr;
    cudaError_t e = cudaLaunchKernelEx(&config, kernel, sfb_arg, grouped_layout, M, N, K, map_a, map_b, map_d, map_sfa);
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    std::printf("sm90_fp8_gemm_1d2d_impl: %s\n", cudaGetErrorString(e));
    return e == cudaSuccess ? 0 : 1;
}

}  // namespace corpus

int main() { return corpus::run(); }
