#include "common.cuh"

#define CUDA_ARANGE_BLOCK_SIZE 256


