// Corpus case: ThunderKittens' educational H100 GEMM, level 01, run by its own host code
// (run_benchmark in level_01.cu or launch.cu) at a small size. Only main is ours.
#define main thunderkittens_main
#include "level_01.cu"
#undef main

int main() { return run_benchmark(CORPUS_N, CORPUS_N, CORPUS_N); }
