#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda_profiler_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <algorithm>
#include <helper_timer.h>
#include "helper_cuda.h"
#include <assert.h>

#define BLOCK_DIM   16
#define MAX_FILTER_LENGTH 128
#define RESULT_VERIFICATION 1   // change 1 if you want to verify the result

__global__ void
convolution_kernel_v1(float *d_output, float *d_input, float *d_filter, int num_row, int num_col, int filter_size)
{
    int idx_x = blockDim.x * blockIdx.x + threadIdx.x;
    int idx_y = blockDim.y * blockIdx.y + threadIdx.y;

    float result = 0.f;
    for (int filter_row = -filter_size / 2; filter_row <= filter_size / 2; ++filter_row)
    {
        for (int filter_col = -filter_size / 2; filter_col <= filter_size / 2; ++filter_col)
        {
            // Find the global position to apply the given filter
            int image_row = idx_y + filter_row;
            int image_col = idx_x + filter_col;

            float image_value = (image_row >= 0 && image_row < num_row && image_col >= 0 && image_col < num_col) ?
                                            d_input[image_row * num_col + image_col] : 0.f;
            float filter_value = d_filter[(filter_row + filter_size / 2) * filter_size + filter_col + filter_size / 2];

            result += image_value * filter_value;
        }
    }

    d_output[idx_y * num_col + idx_x] = result;
}

__constant__ float c_filter[MAX_FILTER_LENGTH * MAX_FILTER_LENGTH];

__global__ void
convolution_kernel_v2(float *d_output, float *d_input, float *d_filter, int num_row, int num_col, int filter_size)
{
    int idx_x = blockDim.x * blockIdx.x + threadIdx.x;
    int idx_y = blockDim.y * blockIdx.y + threadIdx.y;

    float result = 0.f;
    for (int filter_row = -filter_size / 2; filter_row <= filter_size / 2; ++filter_row)
    {
        for (int filter_col = -filter_size / 2; filter_col <= filter_size / 2; ++filter_col)
        {
            int image_row = idx_y + filter_row;
            int image_col = idx_x + filter_col;

            float image_value = (image_row >= 0 && image_row < num_row && image_col >= 0 && image_col < num_col) ?
                                            d_input[image_row * num_col + image_col] : 0.f;
            float filter_value = c_filter[(filter_row + filter_size / 2) * filter_size + filter_col + filter_size / 2];

            result += image_value * filter_value;
        }
    }

    d_output[idx_y * num_col + idx_x] = result;
}

__global__ void
convolution_kernel_v3(float *d_output, float *d_input, float *d_filter, int num_row, int num_col, int filter_size)
{
    int idx_x = blockDim.x * blockIdx.x + threadIdx.x;
    int idx_y = blockDim.y * blockIdx.y + threadIdx.y;
    
    int pad_size = filter_size / 2;
    int tile_size = BLOCK_DIM + 2 * pad_size;

    extern __shared__ float s_input[];

    for (int row = 0; row <= tile_size / BLOCK_DIM; row++)
    {
        for (int col = 0; col <= tile_size / BLOCK_DIM; col++)
        {
            int idx_row = idx_y + BLOCK_DIM * row - pad_size;   // input data index row
            int idx_col = idx_x + BLOCK_DIM * col - pad_size;   // input data index column
            int fid_row = threadIdx.y + BLOCK_DIM * row; // filter index row
            int fid_col = threadIdx.x + BLOCK_DIM * col; // filter index column
            
            if (fid_row >= tile_size || fid_col >= tile_size)   continue;

            s_input[tile_size * fid_row + fid_col] = \
                (idx_row >= 0 && idx_row < num_row && idx_col >= 0 && idx_col < num_col) ? 
                    d_input[num_col * idx_row + idx_col] : 0.f;
        }
    }

    __syncthreads();

    /* Tile Debugging */
    // if (idx_x == BLOCK_DIM*1 && idx_y == BLOCK_DIM*1) 
    // {
    //     for (int row = 0; row < 2*pad_size + BLOCK_DIM; row++)
    //     {
    //         for (int col = 0; col < 2*pad_size + BLOCK_DIM; col++)
    //         {
    //             printf("%.0f ", s_input[tile_size * row + col]);
    //         }
    //         printf("\n");
    //     }
    // }

    float result = 0.f;
    for (int filter_row = -filter_size / 2; filter_row <= filter_size / 2; ++filter_row)
    {
        for (int filter_col = -filter_size / 2; filter_col <= filter_size / 2; ++filter_col)
        {
            // Find the global position to apply the given filter            
            int image_row = threadIdx.y + pad_size + filter_row;
            int image_col = threadIdx.x + pad_size + filter_col;

            float image_value  = s_input[tile_size * image_row + image_col];            
            float filter_value = c_filter[(filter_row + filter_size / 2) * filter_size + filter_col + filter_size / 2];

            result += image_value * filter_value;
        }
    }

    d_output[idx_y * num_col + idx_x] = result;
}





















#pragma omp parallel 




























/* Generates Bi-symetric Gaussian Filter */














































































































#if (RESULT_VERIFICATION)














#endif










