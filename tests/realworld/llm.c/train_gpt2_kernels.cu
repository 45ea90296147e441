// Ours, not upstream: the CUDA headers of llm.c's train_gpt2.cu (its lines 37-64) in its
// order, without the rest of train_gpt2.cu (host code) and with cuDNN off, as the Makefile's
// default build has it (PRECISION=BF16 defines ENABLE_BF16).
#define ENABLE_BF16
#include "llmc/cuda_common.h"
#include "llmc/cuda_utils.cuh"
#include "llmc/cublas_common.h"
#include "llmc/encoder.cuh"
#include "llmc/layernorm.cuh"
#include "llmc/matmul.cuh"
#include "llmc/attention.cuh"
#include "llmc/fused_classifier.cuh"
#include "llmc/adamw.cuh"
#include "llmc/global_norm.cuh"
