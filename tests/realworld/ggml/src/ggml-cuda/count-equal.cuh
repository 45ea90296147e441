#include "common.cuh"

#define CUDA_COUNT_EQUAL_CHUNK_SIZE 128


