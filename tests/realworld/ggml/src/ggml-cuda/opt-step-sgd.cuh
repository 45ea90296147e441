#include "common.cuh"

#define CUDA_OPT_STEP_SGD_BLOCK_SIZE 256


