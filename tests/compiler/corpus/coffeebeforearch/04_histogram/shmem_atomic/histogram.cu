// This program shows off a shared memory implementation of a histogram
// kernel in CUDA
// By: Nick from CoffeeBeforeArch

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <numeric>
#include <vector>

using std::accumulate;
using std::cout;
using std::generate;
using std::ios;
using std::ofstream;
using std::vector;

// Number of bins for our plot
constexpr int BINS = 7;
constexpr int DIV = ((26 + BINS - 1) / BINS);

// GPU kernel for computing a histogram
// Takes:
//  a: Problem array in global memory
//  result: result array
//  N: Size of the array
__global__ void histogram(char *a, int *result, int N) {
  // Calculate global thread ID
  int tid = blockIdx.x * blockDim.x + threadIdx.x;

  // Allocate a local histogram for each TB
  __shared__ int s_result[BINS];

  // Initalize the shared memory to 0
  if (threadIdx.x < BINS) {
    s_result[threadIdx.x] = 0;
  }

  // Wait for shared memory writes to complete
  __syncthreads();

  // Calculate the bin positions locally
  int alpha_position;
  for (int i = tid; i < N; i += (gridDim.x * blockDim.x)) {
    // Calculate the position in the alphabet
    alpha_position = a[i] - 'a';
    atomicAdd(&s_result[(alpha_position / DIV)], 1);
  }

  // Wait for shared memory writes to complete
  __syncthreads();

  // Combine the partial results
  if (threadIdx.x < BINS) {
    atomicAdd(&result[threadIdx.x], s_result[threadIdx.x]);
  }
}






















































