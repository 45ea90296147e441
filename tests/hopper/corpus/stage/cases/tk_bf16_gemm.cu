// Corpus case: ThunderKittens' bf16 H100 GEMM (prototype::lcf), run by its own host code
// (run_benchmark) with the configuration its main uses, at a small size. Only main is ours.
#define main thunderkittens_main
#include "bf16_h100_gemm.cu"
#undef main

int main() {
    run_benchmark<matmul_template<2, 4, 8>>(512, 512, 512);
    return 0;
}
