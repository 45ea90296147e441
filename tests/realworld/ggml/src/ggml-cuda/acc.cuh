#include "common.cuh"

#define CUDA_ACC_BLOCK_SIZE 256


