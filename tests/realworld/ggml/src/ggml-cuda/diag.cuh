#include "common.cuh"

#define CUDA_DIAG_BLOCK_SIZE 256


