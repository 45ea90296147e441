#pragma once
/* cuBLAS is host-only; its real header brings these in, device code may use them. */
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <library_types.h>
