#include "common.cuh"

#define CUDA_SCALE_BLOCK_SIZE 256


