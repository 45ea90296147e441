#include "common.cuh"

#define CUDA_OPT_STEP_ADAMW_BLOCK_SIZE 256


