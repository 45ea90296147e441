// Corpus case: CUB's DeviceTransform (CCCL, as shipped with the CUDA toolkit on the device),
// whose sm_90 tuning moves tiles with bulk copies (cp.async.bulk into shared memory, completed
// on an mbarrier: the TMA unit's 1-D form) when its inputs are contiguous. z = x * a + y over
// n floats, n not a multiple of any tile so the tail path runs too. Inputs from splitmix64.
#include <cub/device/device_transform.cuh>
#include <cuda/std/tuple>

#include <cstdint>
#include <cstdio>
#include <vector>

namespace corpus {

float uniform(uint64_t seed, uint64_t i) {
    uint64_t x = seed + i;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    x = x ^ (x >> 31);
    return (float)(x >> 40) * (1.0f / 16777216.0f) * 2.0f - 1.0f;
}

struct Axpy {
    float a;
    __host__ __device__ float operator()(float x, float y) const { return x * a + y; }
};

int run() {
    const int n = 65659;
    std::vector<float> x(n), y(n);
    for (int i = 0; i < n; ++i) {
        x[i] = uniform(1, i);
        y[i] = uniform(2, i);
    }
    float *d_x = nullptr, *d_y = nullptr, *d_z = nullptr;
    cudaMalloc(&d_x, n * sizeof(float));
    cudaMalloc(&d_y, n * sizeof(float));
    cudaMalloc(&d_z, n * sizeof(float));
    cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_y, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaError_t e = cub::DeviceTransform::Transform(::cuda::std::make_tuple(d_x, d_y), d_z, n, Axpy{0.75f});
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    std::printf("cub::DeviceTransform::Transform: %s\n", cudaGetErrorString(e));
    return e == cudaSuccess ? 0 : 1;
}

}  // namespace corpus

int main() { return corpus::run(); }
