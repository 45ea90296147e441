#include "common.cuh"

#define CUDA_SOFT_MAX_BLOCK_SIZE 1024




