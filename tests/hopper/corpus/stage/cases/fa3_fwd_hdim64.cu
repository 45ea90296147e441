// Corpus case: FlashAttention-3's forward pass (hopper/), head dim 64, bf16, causal and not,
// through its own launch code: the project's instantiation file for hdim 64 bf16 sm90 and
// run_mha_fwd_ (flash_fwd_launch_template.h), with Flash_fwd_params filled the way
// flash_api.cpp's set_params_fprop and mha_fwd fill them for dense (batch, seqlen, heads, dim)
// tensors. Only main and the parameter filling are ours; inputs from splitmix64.
#include "instantiations/flash_fwd_hdim64_bf16_sm90.cu"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace corpus {

constexpr int B = 1, H = 2, S = 256, D = 64;

float uniform(uint64_t seed, uint64_t i) {
    uint64_t x = seed + i;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x = x ^ (x >> 31);
    return (float)(x >> 40) * (1.0f / 16777216.0f) * 2.0f - 1.0f;
}

void* upload_bf16(uint64_t seed, size_t count) {
    std::vector<cutlass::bfloat16_t> host(count);
    for (size_t i = 0; i < count; ++i) host[i] = cutlass::bfloat16_t(uniform(seed, i));
    void* device = nullptr;
    cudaMalloc(&device, count * sizeof(cutlass::bfloat16_t));
    cudaMemcpy(device, host.data(), count * sizeof(cutlass::bfloat16_t), cudaMemcpyHostToDevice);
    return device;
}

int run(bool causal, uint64_t seed) {
    const size_t elements = size_t(B) * S * H * D;
    Flash_fwd_params params = {};
    params.q_ptr = upload_bf16(seed, elements);
    params.k_ptr = upload_bf16(seed + 1, elements);
    params.v_ptr = upload_bf16(seed + 2, elements);
    void* o = nullptr;
    void* lse = nullptr;
    cudaMalloc(&o, elements * sizeof(cutlass::bfloat16_t));
    cudaMalloc(&lse, size_t(B) * H * S * sizeof(float));
    params.o_ptr = o;
    params.softmax_lse_ptr = lse;
    // (batch, seqlen, heads, dim), contiguous.
    params.q_batch_stride = params.k_batch_stride = params.v_batch_stride = params.o_batch_stride = int64_t(S) * H * D;
    params.q_row_stride = params.k_row_stride = params.v_row_stride = params.o_row_stride = int64_t(H) * D;
    params.q_head_stride = params.k_head_stride = params.v_head_stride = params.o_head_stride = D;
    params.v_dim_stride = 1;
    params.h = params.h_k = H;
    params.b = params.b_k = B;
    params.seqlen_q = params.seqlen_k = S;
    params.seqlen_q_rounded = params.seqlen_k_rounded = (S + 127) / 128 * 128;
    params.d = params.dv = D;
    params.d_rounded = params.dv_rounded = D;
    params.total_q = params.total_k = B * S;
    params.scale_softmax = 1.0f / std::sqrt(float(D));
    params.softcap = 0.f;
    params.p_dropout = 1.f;
    params.rp_dropout = 1.f;
    params.is_bf16 = true;
    params.is_causal = causal;
    params.is_local = false;
    params.window_size_left = S - 1;
    params.window_size_right = causal ? 0 : S - 1;
    params.attention_chunk = 0;
    params.num_splits = 1;
    params.pack_gqa = false;
    params.arch = 90;
    int device = 0, sms = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    params.num_sm = sms;
    // The scheduler's semaphore, after the batch vectors mha_fwd reserves before it.
    params.varlen_sort_batches = true;
    params.head_swizzle = causal;
    const int b_rounded = (B + 3) / 4 * 4;
    const int offset = b_rounded * (1 + (causal ? 1 : 0));
    int* semaphore = nullptr;
    cudaMalloc(&semaphore, (1 + offset) * sizeof(int));
    cudaMemset(semaphore, 0, (1 + offset) * sizeof(int));
    params.tile_count_semaphore = semaphore + offset;

    run_mha_fwd_<90, cutlass::bfloat16_t, 64, 64, false, false, false, false>(params, 0);
    cudaError_t e = cudaDeviceSynchronize();
    std::printf("FA3 forward, hdim 64, causal %d: %s\n", int(causal), cudaGetErrorString(e));
    return e == cudaSuccess ? 0 : 1;
}

}  // namespace corpus

int main() { return corpus::run(false, 42) | corpus::run(true, 142); }
