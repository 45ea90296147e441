#include "common.cuh"

#define CUDA_TRI_BLOCK_SIZE 256


