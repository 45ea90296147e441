#include "common.cuh"

#define CUDA_CONV_TRANPOSE_1D_BLOCK_SIZE 256


