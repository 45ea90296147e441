/*
 * Based on CSC materials from:
 * 
 * https://github.com/csc-training/openacc/tree/master/exercises/heat
 *
 */
#include <algorithm>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pngwriter.h"

#define BLOCK_SIZE_X 16
#define BLOCK_SIZE_Y 16

/* Convert 2D index layout to unrolled 1D layout
 *
 * \param[in] i      Row index
 * \param[in] j      Column index
 * \param[in] width  The width of the area
 * 
 * \returns An index in the unrolled 1D array.
 */
int __host__ __device__ getIndex(const int i, const int j, const int width)
{
    return i*width + j;
}

__global__ void evolve_kernel(const float* Un, float* Unp1, const int nx, const int ny, const float dx2, const float dy2, const float aTimesDt)
{
    __shared__ float s_Un[(BLOCK_SIZE_X + 2)*(BLOCK_SIZE_Y + 2)];
    int i = threadIdx.x + blockIdx.x*blockDim.x;
    int j = threadIdx.y + blockIdx.y*blockDim.y;

    int s_i = threadIdx.x + 1;
    int s_j = threadIdx.y + 1;
    int s_ny = BLOCK_SIZE_Y + 2;

    // Load data into shared memory
    // Central square
    s_Un[getIndex(s_i, s_j, s_ny)] = Un[getIndex(i, j, ny)];
    // Top border
    if (s_i == 1 && s_j !=1 && i != 0)
    {
        s_Un[getIndex(0, s_j, s_ny)] = Un[getIndex(blockIdx.x*blockDim.x - 1, j, ny)];
    }
    // Bottom border
    if (s_i == BLOCK_SIZE_X && s_j != BLOCK_SIZE_Y && i != nx - 1)
    {
        s_Un[getIndex(BLOCK_SIZE_X + 1, s_j, s_ny)] = Un[getIndex((blockIdx.x + 1)*blockDim.x, j, ny)];
    }
    // Left border
    if (s_i != 1 && s_j == 1 && j != 0)
    {
        s_Un[getIndex(s_i, 0, s_ny)] = Un[getIndex(i, blockIdx.y*blockDim.y - 1, ny)];
    }
    // Right border
    if (s_i != BLOCK_SIZE_X && s_j == BLOCK_SIZE_Y && j != ny - 1)
    {
        s_Un[getIndex(s_i, BLOCK_SIZE_Y + 1, s_ny)] = Un[getIndex(i, (blockIdx.y + 1)*blockDim.y, ny)];
    }

    // Make sure all the data is loaded before computing
    __syncthreads();

    if (i > 0 && i < nx - 1)
    {
        if (j > 0 && j < ny - 1)
        {
            float uij = s_Un[getIndex(s_i, s_j, s_ny)];
            float uim1j = s_Un[getIndex(s_i-1, s_j, s_ny)];
            float uijm1 = s_Un[getIndex(s_i, s_j-1, s_ny)];
            float uip1j = s_Un[getIndex(s_i+1, s_j, s_ny)];
            float uijp1 = s_Un[getIndex(s_i, s_j+1, s_ny)];

            // Explicit scheme
            Unp1[getIndex(i, j, ny)] = uij + aTimesDt * ( (uim1j - 2.0*uij + uip1j)/dx2 + (uijm1 - 2.0*uij + uijp1)/dy2 );
        }
    }
}





























































































