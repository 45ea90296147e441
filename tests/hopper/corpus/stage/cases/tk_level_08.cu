// Corpus case: ThunderKittens' educational H100 GEMM, level 08, run by its own host code
// (run_benchmark in level_08.cu or launch.cu) at a small size. Only main is ours.
#define main thunderkittens_main
#include "level_08.cu"
#undef main

int main() { return run_benchmark(CORPUS_N, CORPUS_N, CORPUS_N); }
