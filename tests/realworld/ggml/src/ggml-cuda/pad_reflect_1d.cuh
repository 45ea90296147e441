#include "common.cuh"

#define CUDA_PAD_REFLECT_1D_BLOCK_SIZE 256


