#include "common.cuh"

#define CUDA_UPSCALE_BLOCK_SIZE 256


