#include "common.cuh"

#define CUDA_CLAMP_BLOCK_SIZE 256


