#include "common.cuh"




