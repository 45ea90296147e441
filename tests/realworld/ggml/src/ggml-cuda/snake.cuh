#include "common.cuh"

// Fusion entry point. Caller supplies x/a/inv_b explicitly.





