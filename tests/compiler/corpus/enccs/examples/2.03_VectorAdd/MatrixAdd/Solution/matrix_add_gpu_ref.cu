#include <stdio.h>
#include <stdlib.h>
#include <algorithm>

#define BLOCK_SIZE_X 16
#define BLOCK_SIZE_Y 16

__global__ void matAdd(int width, int height, const float* A, const float* B, float* C)
{
    int i = threadIdx.x + blockIdx.x*blockDim.x;
    if (i < height)
    {
        int j = threadIdx.y + blockIdx.y*blockDim.y;
        if (j < width)
        {
            int index = i*width + j;
            C[index] = A[index] + B[index];
        }
    }
}


























































