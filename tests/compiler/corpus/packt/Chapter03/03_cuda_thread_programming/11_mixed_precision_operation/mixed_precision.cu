#include "util.cuh"
#include <cuda_fp16.h>
#include <helper_timer.h>
#include <cooperative_groups.h>
#include <cstdio>

using namespace cooperative_groups;

// FMA numerical arithmetic function in GPU @FP32
// y = x * y + z
// in this kernel, assuming we have transposed matrix y
__global__ void fmaf_kernel(float *d_x, float *d_y, float *d_z, int size)
{
    int idx_x = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = gridDim.x * blockDim.x;

    for (int i = idx_x; i < size; i += stride) {
        d_z[i] = fmaf(d_x[i], d_y[i], 0.f);
    }
}



#pragma omp parallel

#pragma omp for






















































