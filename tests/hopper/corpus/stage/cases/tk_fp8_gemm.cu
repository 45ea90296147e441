// Corpus case: ThunderKittens' fp8 (e4m3) H100 GEMM (prototype::lcf), run by its own host code
// (run_benchmark) with the configuration its main uses, at a small size. Only main is ours.
#define main thunderkittens_main
#include "fp8_h100_gemm.cu"
#undef main

int main() {
    run_benchmark<matmul_template<8>>(512, 512, 512);
    return 0;
}
