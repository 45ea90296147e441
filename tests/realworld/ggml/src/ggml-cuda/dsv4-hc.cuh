#include "common.cuh"
#include "ggml.h"




