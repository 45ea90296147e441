#include "common.cuh"

#define CUDA_CPY_BLOCK_SIZE 64




