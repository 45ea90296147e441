// This program implements a 1D convolution using CUDA,
// and stores the mask in constant memory. It loads the
// primary array into shared memory, but not halo elements.
// By: Nick from CoffeeBeforeArch

#include <cassert>
#include <cstdlib>
#include <iostream>

// Length of our convolution mask
#define MASK_LENGTH 7

// Allocate space for the mask in constant memory
__constant__ int mask[MASK_LENGTH];

// 1-D convolution kernel
// All threads load 1 element into shared memory
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

  // Load elements from the main array into shared memory
  // This is naturally offset by "r" due to padding
  s_array[threadIdx.x] = array[tid];

  __syncthreads();

  // Temp value for calculation
  int temp = 0;

  // Go over each element of the mask
  for (int j = 0; j < MASK_LENGTH; j++) {
    // Get the array value from the caches
    if ((threadIdx.x + j) >= blockDim.x) {
      temp += array[tid + j] * mask[j];
      // Get the value from shared memory
      // Only the last warp will be diverged (given mask size)
    } else {
      temp += s_array[threadIdx.x + j] * mask[j];
    }
  }

  // Write-back the results
  result[tid] = temp;
}

// Verify the result on the CPU



























































































