#include "common.cuh"

#define CUDA_WKV_BLOCK_SIZE 64




