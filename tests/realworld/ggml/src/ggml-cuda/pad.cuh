#include "common.cuh"

#define CUDA_PAD_BLOCK_SIZE 256


