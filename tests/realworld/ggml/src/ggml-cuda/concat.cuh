#include "common.cuh"

#define CUDA_CONCAT_BLOCK_SIZE 256


