#include <stdio.h>
#include <stdlib.h>
#include <algorithm>

#define BLOCK_SIZE 256

__global__ void dot(int numElements, const float3* a, const float3* b, float* c)
{
    int i = threadIdx.x + blockIdx.x*blockDim.x;
    if (i < numElements)
    {
        c[i] = a[i].x*b[i].x + a[i].y*b[i].y + a[i].z*b[i].z;
    }
}




















































