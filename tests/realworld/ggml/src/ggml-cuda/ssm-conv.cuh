#include "common.cuh"


