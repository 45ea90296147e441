#include "common.cuh"



