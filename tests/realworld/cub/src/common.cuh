// Inputs, copies and checks shared by the CUB case programs. Each program runs one case
// (its arguments), under the cubtrace shim, which records the copies and launches.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

#define CK(x)                                                                                  \
  do {                                                                                         \
    cudaError_t e_ = (x);                                                                      \
    if (e_ != cudaSuccess) {                                                                   \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_));       \
      exit(1);                                                                                 \
    }                                                                                          \
  } while (0)

// xorshift32: the inputs are a function of the case's seed.
static uint32_t rng = 1;
static void seed(uint32_t s) { rng = s ? s : 1; }
static uint32_t next_u32() {
  rng ^= rng << 13;
  rng ^= rng >> 17;
  rng ^= rng << 5;
  return rng;
}

static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

// u32 keys: full-range values, with a quarter drawn from 16 values (ties, for stability).
static uint32_t key_u32() {
  uint32_t r = next_u32();
  return (r & 3) == 0 ? (next_u32() & 15) : next_u32();
}

// f32 keys: finite values of both signs, ties, and now and then a special value
// (+-0, +-inf, NaNs of both signs, subnormals).
static float key_f32() {
  uint32_t r = next_u32() % 64;
  static const uint32_t special[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                                     0xffc00000u, 0x7f800001u, 0x00000001u, 0x80000001u, 0x007fffffu};
  if (r < 10) return u2f(special[r]);
  if (r < 16) return (float)(int)(next_u32() % 8) - 4.0f;  // ties
  if (r < 20) return u2f(next_u32());                       // any bits
  return ((float)(next_u32() >> 8) / 16777216.0f - 0.5f) * 2000.0f;
}

template <class T>
static T *to_device(const std::vector<T> &h) {
  T *d = nullptr;
  CK(cudaMalloc(&d, h.size() * sizeof(T) + (h.empty() ? 1 : 0)));
  if (!h.empty()) CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <class T>
static T *device_array(size_t n) {
  T *d = nullptr;
  CK(cudaMalloc(&d, n * sizeof(T) + (n ? 0 : 1)));
  return d;
}

template <class T>
static std::vector<T> from_device(const T *d, size_t n) {
  std::vector<T> h(n);
  if (n) CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

static void *temp_storage(size_t bytes) {
  void *d = nullptr;
  CK(cudaMalloc(&d, bytes ? bytes : 1));
  return d;
}

static int verdict(const char *what, bool ok) {
  printf("%s: %s\n", what, ok ? "host check ok" : "HOST CHECK FAILED");
  return ok ? 0 : 2;
}
