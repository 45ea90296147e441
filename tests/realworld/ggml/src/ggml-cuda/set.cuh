#pragma once

#include "common.cuh"

#define CUDA_SET_BLOCK_SIZE 256


