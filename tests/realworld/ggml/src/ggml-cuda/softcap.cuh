#include "common.cuh"

#define CUDA_SOFTCAP_BLOCK_SIZE 256


