#include "common.cuh"

#define CUDA_IM2COL_BLOCK_SIZE 256



