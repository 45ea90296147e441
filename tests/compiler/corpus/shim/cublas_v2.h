#pragma once
/* siboehm/SGEMM_CUDA includes cuBLAS for its host-side reference; device code needs none
   of it (this shadows tests/realworld/shim/cublas_v2.h, which brings in the CUDA headers) */
