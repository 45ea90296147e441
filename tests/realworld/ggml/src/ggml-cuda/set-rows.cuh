#pragma once

#include "common.cuh"

#define CUDA_SET_ROWS_BLOCK_SIZE 256


