#include "common.cuh"

















