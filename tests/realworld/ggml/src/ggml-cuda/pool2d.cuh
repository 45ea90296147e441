#include "common.cuh"

#define CUDA_POOL2D_BLOCK_SIZE 256


