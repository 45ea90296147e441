#pragma once
#include "common.cuh"

#define CUDA_CONV2D_BLOCK_SIZE 256

