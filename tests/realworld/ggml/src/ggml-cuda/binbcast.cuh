#include "common.cuh"











