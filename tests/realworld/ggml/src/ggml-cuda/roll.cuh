#include "common.cuh"

#define CUDA_ROLL_BLOCK_SIZE 256


