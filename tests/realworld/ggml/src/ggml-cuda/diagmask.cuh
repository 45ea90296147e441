#include "common.cuh"

#define CUDA_DIAG_MASK_INF_BLOCK_SIZE 32


