#include <stdio.h>
#include <stdlib.h>
#include <algorithm>

#define BLOCK_SIZE 256

__global__ void vecAdd(int numElements, const float* a, const float* b, float* c)
{
    int i = threadIdx.x + blockIdx.x*blockDim.x;
    if (i < numElements)
    {
        c[i] = a[i] + b[i];
    }
}
















































