
// https://docs.nvidia.com/cuda/cuda-math-api/group__CUDA__MATH____HALF__ARITHMETIC.html
// FP16 types and intrinsics
#include <cuda_fp16.h>
#include <stdlib.h>
#include <helper_timer.h>
#include <helper_math.h>
#include <cooperative_groups.h>
#include <cstdio>
#include "util.cuh"
 
using namespace cooperative_groups;

// FMA numerical arithmetic function in GPU @FP16
// y = x * y + z
// in this kernel, assuming we have transposed matrix y
__global__ void hfma_kernel(half *d_x, half *d_y, float *d_z, int size)
{
    int idx_x = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;

    half2 *dual_x = reinterpret_cast<half2*>(d_x);
    half2 *dual_y = reinterpret_cast<half2*>(d_y);
    float2 *dual_z = reinterpret_cast<float2*>(d_z);

    extern __shared__ float2 s_data[];

#if __CUDA_ARCH__ >= 530
    for (int i = idx_x; i < size; i+=stride) {
        dual_z[i] = __half22float2(__hmul2(dual_y[i], dual_x[i]));
    }
#else
    for (int i = idx_x; i < size; i+=stride) {
        dual_z[i] = __half22float2(dual_x[i]) * __half22float2(dual_y[i]);
    }
#endif
}



#pragma omp parallel

#pragma omp for






















































