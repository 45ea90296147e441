#include <stdio.h>

__global__ void hello_kernel()
{
    printf("Hello from GPU thread (%d, %d) = (%d, %d) * (%d, %d) + (%d, %d)\n",
        threadIdx.x, threadIdx.y,
        blockIdx.x, blockIdx.y,
        blockDim.x, blockDim.y,
        blockIdx.x * blockDim.x + threadIdx.x, blockIdx.y * blockDim.y + threadIdx.y);
}












