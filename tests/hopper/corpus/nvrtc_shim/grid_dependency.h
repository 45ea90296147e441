#pragma once
/* The programmatic-dependent-launch intrinsics nvcc declares in cuda_device_runtime_api.h, which
   the CUDA runtime wheel ships without its crt/ headers: each is the one PTX instruction nvcc
   emits for it. */
static __device__ __forceinline__ void cudaGridDependencySynchronize() { asm volatile("griddepcontrol.wait;" ::: "memory"); }
static __device__ __forceinline__ void cudaTriggerProgrammaticLaunchCompletion() { asm volatile("griddepcontrol.launch_dependents;" :::); }
