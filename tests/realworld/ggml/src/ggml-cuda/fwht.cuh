#include "common.cuh"

// Returns whether the Fast Walsh-Hadamard transform could be used.

