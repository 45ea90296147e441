// Kernels for calibrating the simulator's cost model against a GPU: pairs that differ in one
// performance property (tests/kernels/calibration.rs lists the pairs and their launches).
// Compiled to calibration.ptx (compute_80) by tests/kernels/calibration.sh; the GPU and the
// simulator run that same PTX.
#include <cuda_fp16.h>

// Does nothing: the launch overhead events measure.
extern "C" __global__ void empty() {}

// out[i] = in[i * stride + offset]: coalesced with stride 1, offset 0; one 32-byte sector per
// lane with stride 8; five sectors per warp instead of four when misaligned by one float.
extern "C" __global__ void copy(float *out, const float *in, int n, int stride, int offset) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[(long long)i * stride + offset];
}

// Transposes an n x n matrix through a 32 x 32 shared tile (32 x 8 threads): without padding
// the column reads of the tile hit one bank 32 times over.
template <int PAD>
__device__ void transpose_tile(float *out, const float *in, int n) {
    __shared__ float tile[32][32 + PAD];
    int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
    __syncthreads();
    x = blockIdx.y * 32 + threadIdx.x;
    y = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8) out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
extern "C" __global__ void transpose_conflicts(float *out, const float *in, int n) {
    transpose_tile<0>(out, in, n);
}
extern "C" __global__ void transpose_padded(float *out, const float *in, int n) {
    transpose_tile<1>(out, in, n);
}

// C = A * B, n x n: one thread per element reading A and B from global memory.
extern "C" __global__ void matmul_naive(float *c, const float *a, const float *b, int n) {
    int row = blockIdx.y * blockDim.y + threadIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int k = 0; k < n; ++k) acc += a[row * n + k] * b[k * n + col];
    c[row * n + col] = acc;
}

// The same through 16 x 16 shared tiles (16 x 16 threads).
extern "C" __global__ void matmul_tiled(float *c, const float *a, const float *b, int n) {
    __shared__ float as[16][16], bs[16][16];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
    float acc = 0.0f;
    for (int t = 0; t < n; t += 16) {
        as[ty][tx] = a[row * n + t + tx];
        bs[ty][tx] = b[(t + ty) * n + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 16; ++k) acc += as[ty][k] * bs[k][tx];
        __syncthreads();
    }
    c[row * n + col] = acc;
}

// The same with 32 x 32 tiles and a 2 x 2 block of results per thread (16 x 16 threads): each
// value read from shared memory feeds two multiply-adds instead of one half.
extern "C" __global__ void matmul_blocked(float *c, const float *a, const float *b, int n) {
    __shared__ float as[32][32], bs[32][32];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row0 = blockIdx.y * 32, col0 = blockIdx.x * 32;
    float acc00 = 0.0f, acc01 = 0.0f, acc10 = 0.0f, acc11 = 0.0f;
    for (int t = 0; t < n; t += 32) {
        for (int r = ty; r < 32; r += 16) {
            for (int q = tx; q < 32; q += 16) {
                as[r][q] = a[(row0 + r) * n + t + q];
                bs[r][q] = b[(t + r) * n + col0 + q];
            }
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < 32; ++k) {
            float a0 = as[ty][k], a1 = as[ty + 16][k];
            float b0 = bs[k][tx], b1 = bs[k][tx + 16];
            acc00 += a0 * b0; acc01 += a0 * b1; acc10 += a1 * b0; acc11 += a1 * b1;
        }
        __syncthreads();
    }
    c[(row0 + ty) * n + col0 + tx] = acc00;
    c[(row0 + ty) * n + col0 + tx + 16] = acc01;
    c[(row0 + ty + 16) * n + col0 + tx] = acc10;
    c[(row0 + ty + 16) * n + col0 + tx + 16] = acc11;
}

// `iters` rounds of two independent fp32 multiply-adds per thread, on a path chosen by `key`:
// with key = lane the paths alternate inside every warp (divergent), with key = warp they
// alternate between warps (uniform). The two paths do the same work.
extern "C" __global__ void branches(float *out, int iters, int by_lane) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int key = by_lane ? threadIdx.x : threadIdx.x / 32;
    float x = i * 1e-6f, y = x + 1.0f;
    if (key & 1) {
        for (int k = 0; k < iters; ++k) { x = x * 0.999f + 0.5f; y = y * 1.001f - 0.25f; }
    } else {
        for (int k = 0; k < iters; ++k) { x = x * 1.001f - 0.5f; y = y * 0.999f + 0.25f; }
    }
    out[i] = x + y;
}

// One atomic add per thread to `slots` counters: contention falls as `slots` grows.
extern "C" __global__ void atomics(unsigned *counters, int n, int slots) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&counters[i % slots], 1u);
}

// Four independent chains of `iters` multiply-adds per thread, in fp32, fp64 and half2 (two
// halves per instruction: the same element count in half the instructions).
extern "C" __global__ void fma_f32(float *out, int iters) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float a = i, b = a + 1, c = a + 2, d = a + 3;
    for (int k = 0; k < iters; ++k) {
        a = a * 0.999f + 0.001f; b = b * 0.999f + 0.001f;
        c = c * 0.999f + 0.001f; d = d * 0.999f + 0.001f;
    }
    out[i] = a + b + c + d;
}
extern "C" __global__ void fma_f64(double *out, int iters) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    double a = i, b = a + 1, c = a + 2, d = a + 3;
    for (int k = 0; k < iters; ++k) {
        a = a * 0.999 + 0.001; b = b * 0.999 + 0.001;
        c = c * 0.999 + 0.001; d = d * 0.999 + 0.001;
    }
    out[i] = a + b + c + d;
}
extern "C" __global__ void fma_h2(__half2 *out, int iters) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    __half2 a = __floats2half2_rn(i * 1e-6f, 0.5f), b = __floats2half2_rn(0.25f, 0.75f);
    __half2 m = __floats2half2_rn(0.999f, 0.999f), s = __floats2half2_rn(0.001f, 0.001f);
    for (int k = 0; k < iters; ++k) { a = __hfma2(a, m, s); b = __hfma2(b, m, s); }
    out[i] = __hadd2(a, b);
}

// `iters` sines per thread: the accurate sinf (a polynomial and range reduction) or the
// hardware approximation __sinf (one special-function instruction).
extern "C" __global__ void sine(float *out, int iters, int fast) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = i * 1e-3f, acc = 0.0f;
    if (fast) {
        for (int k = 0; k < iters; ++k) { acc += __sinf(x); x += 0.37f; }
    } else {
        for (int k = 0; k < iters; ++k) { acc += sinf(x); x += 0.37f; }
    }
    out[i] = acc;
}

// Reads n floats and does `work` multiply-adds on each: memory-bound for small `work`,
// instruction-bound for large.
extern "C" __global__ void intensity(float *out, const float *in, int n, int work) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i], y = x + 1.0f;
    for (int k = 0; k < work; ++k) { x = x * 0.999f + 0.5f; y = y * 1.001f - 0.25f; }
    out[i] = x + y;
}

// Each thread walks a dependent chain through `next` (a pointer chase): no two loads of a
// warp overlap, so only more resident warps hide the latency. The launch's dynamic shared
// memory (unused here) decides how many warps an SM holds.
extern "C" __global__ void chase(unsigned *out, const unsigned *next, int steps) {
    extern __shared__ unsigned unused[];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned p = i;
    for (int k = 0; k < steps; ++k) p = next[p];
    out[i] = p;
    if (steps < 0) unused[0] = p;
}

// A fixed amount of work per block (one block fills an SM: 1024 threads and 100 KiB of
// dynamic shared memory): with one block more than there are SMs, the last wave runs alone.
extern "C" __global__ void wave(float *out, int iters) {
    extern __shared__ float scratch[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float a = i, b = a + 1;
    for (int k = 0; k < iters; ++k) { a = a * 0.999f + 0.001f; b = b * 0.999f + 0.001f; }
    scratch[threadIdx.x] = a;
    __syncthreads();
    out[i] = a + b + scratch[(threadIdx.x + 1) % blockDim.x];
}
