// Corpus case: ThunderKittens' H100 attention forward pass (fwd_attend_ker, head dim 64, causal and
// not), set up the way its standalone harness (harness.impl) sets it up, at a small size. The
// harness reads inputs made by PyTorch; this main fills them with splitmix64 instead (the same
// generator as ThunderKittens' fill kernel, on the host): u = top 24 bits / 2^24, value = 2u - 1.
#define main thunderkittens_main
#include "mha_h100.cu"
#undef main

#include <cstdint>
#include <cstdio>
#include <vector>

namespace corpus {

constexpr int B = 1, H = 2, N = 384, D = 64;

float uniform(uint64_t seed, uint64_t i) {
    uint64_t x = seed + i;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x = x ^ (x >> 31);
    float u = (float)(x >> 40) * (1.0f / 16777216.0f);
    return u * 2.0f - 1.0f;
}

bf16* upload(uint64_t seed, size_t count) {
    std::vector<bf16> host(count);
    for (size_t i = 0; i < count; ++i) host[i] = __float2bfloat16(uniform(seed, i));
    bf16* device = nullptr;
    cudaMalloc(&device, count * sizeof(bf16));
    cudaMemcpy(device, host.data(), count * sizeof(bf16), cudaMemcpyHostToDevice);
    return device;
}

template <bool is_causal>
int run(uint64_t seed) {
    const size_t elements = size_t(B) * H * N * D;
    bf16 *d_q = upload(seed, elements), *d_k = upload(seed + 1, elements), *d_v = upload(seed + 2, elements);
    bf16* d_o = nullptr;
    float* d_l = nullptr;
    cudaMalloc(&d_o, elements * sizeof(bf16));
    cudaMalloc(&d_l, size_t(B) * H * N * sizeof(float));

    using globals = fwd_globals<D>;
    typename globals::q_gl qg{d_q, B, H, N, D};
    typename globals::k_gl kg{d_k, B, H, N, D};
    typename globals::v_gl vg{d_v, B, H, N, D};
    typename globals::l_gl lg{d_l, B, H, 1, N};
    typename globals::o_gl og{d_o, B, H, N, D};
    globals g{qg, kg, vg, lg, og, N, 1};

    unsigned long mem_size = kittens::MAX_SHARED_MEMORY - 1024;
    cudaFuncSetAttribute(fwd_attend_ker<D, is_causal>, cudaFuncAttributeMaxDynamicSharedMemorySize, mem_size);
    dim3 grid(N / (CONSUMER_WARPGROUPS * kittens::TILE_ROW_DIM<bf16> * 4), H, B);
    fwd_attend_ker<D, is_causal><<<grid, 32 * NUM_WORKERS, mem_size>>>(g);
    cudaError_t e = cudaDeviceSynchronize();
    std::printf("fwd_attend_ker<%d, %d>: %s\n", D, int(is_causal), cudaGetErrorString(e));
    return e == cudaSuccess ? 0 : 1;
}

}  // namespace corpus

int main() { return corpus::run<false>(42) | corpus::run<true>(142); }
