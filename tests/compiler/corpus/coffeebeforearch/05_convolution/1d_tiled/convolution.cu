// This program implements a 1D convolution using CUDA,
// and stores the mask in constant memory, and loads
// reused values into shared memory (scratchpad)
// By: Nick from CoffeeBeforeArch

#include <cassert>
#include <cstdlib>
#include <iostream>

// Length of our convolution mask
#define MASK_LENGTH 7

// Allocate space for the mask in constant memory
__constant__ int mask[MASK_LENGTH];

// 1-D convolution kernel
// Some threads load multiple elements into shared memory
// All threads compute 1 element in final array
//  Arguments:
//      array   = padded array
//      result  = result array
//      n       = number of elements in array
__global__ void convolution_1d(int *array, int *result, int n) {
  // Global thread ID calculation
  int tid = blockIdx.x * blockDim.x + threadIdx.x;

  // Store all elements needed to compute output in shared memory
  extern __shared__ int s_array[];

  // r: The number of padded elements on either side
  int r = MASK_LENGTH / 2;

  // d: The total number of padded elements
  int d = 2 * r;

  // Size of the padded shared memory array
  int n_padded = blockDim.x + d;

  // Offset for the second set of loads in shared memory
  int offset = threadIdx.x + blockDim.x;

  // Global offset for the array in DRAM
  int g_offset = blockDim.x * blockIdx.x + offset;

  // Load the lower elements first starting at the halo
  // This ensure divergence only once
  s_array[threadIdx.x] = array[tid];

  // Load in the remaining upper elements
  if (offset < n_padded) {
    s_array[offset] = array[g_offset];
  }
  __syncthreads();

  // Temp value for calculation
  int temp = 0;

  // Go over each element of the mask
  for (int j = 0; j < MASK_LENGTH; j++) {
    temp += s_array[threadIdx.x + j] * mask[j];
  }

  // Write-back the results
  result[tid] = temp;
}

// Verify the result on the CPU


























































































