#include "common.cuh"

#define CUDA_ROPE_BLOCK_SIZE 256








