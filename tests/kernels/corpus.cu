// The differential corpus: kernels of the kinds tutorials and real code use. Each runs on
// the GPU (driver backend) and on the simulator; tests/sim_corpus.rs compares the outputs.
// Everything is extern "C" except the templates, which tests name through expressions.

extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void vec_add_grid_stride(const float* a, const float* b, float* c, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        c[i] = a[i] + b[i];
}

extern "C" __global__ void reduce_shared(const int* in, int* out, int n) {
    __shared__ int s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? in[i] : 0;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

extern "C" __global__ void reduce_warp_shuffle(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffff, v, off);
    if ((threadIdx.x & 31) == 0) atomicAdd(out, v);
}

extern "C" __global__ void histogram_atomic(const unsigned char* data, unsigned int* bins, int n) {
    __shared__ unsigned int local[16];
    if (threadIdx.x < 16) local[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i] % 16], 1u);
    __syncthreads();
    if (threadIdx.x < 16) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

extern "C" __global__ void scan_block(const int* in, int* out) {
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * 128 + t];
    __syncthreads();
    for (int off = 1; off < 128; off <<= 1) {
        int v = t >= off ? s[t - off] : 0;
        __syncthreads();
        s[t] += v;
        __syncthreads();
    }
    out[blockIdx.x * 128 + t] = s[t];
}

#define TILE 16
extern "C" __global__ void transpose_shared(const float* in, float* out, int w, int h) {
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
    if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

extern "C" __global__ void matmul_tiled(const float* A, const float* B, float* C, int n) {
    __shared__ float As[TILE][TILE], Bs[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    for (int t = 0; t < n / TILE; t++) {
        As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++) acc = fmaf(As[threadIdx.y][k], Bs[k][threadIdx.x], acc);
        __syncthreads();
    }
    C[row * n + col] = acc;
}

extern "C" __global__ void stencil_1d(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 2 && i < n - 2)
        out[i] = 0.1f * in[i - 2] + 0.2f * in[i - 1] + 0.4f * in[i] + 0.2f * in[i + 1] + 0.1f * in[i + 2];
}

extern "C" __global__ void grid_2d(int* out, int w) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    out[y * w + x] = x * 1000 + y;
}

extern "C" __global__ void grid_3d(int* out) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    int w = gridDim.x * blockDim.x, h = gridDim.y * blockDim.y;
    out[(z * h + y) * w + x] = (x << 16) | (y << 8) | z;
}

extern "C" __global__ void int_hash(const unsigned int* in, unsigned int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned int h = in[i];
    h ^= h >> 16; h *= 0x85ebca6bu; h ^= h >> 13; h *= 0xc2b2ae35u; h ^= h >> 16;
    out[i] = h + (unsigned int)__popc(h) * 7u - __clz(h | 1) + (h % 97u) + (h / 13u);
}

extern "C" __global__ void divergent(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i], r;
    if (v % 3 == 0) {
        r = v * 2;
        for (int k = 0; k < (v & 7); k++) r += k;
    } else if (v % 3 == 1) {
        r = -v;
    } else {
        r = v / 2 - (threadIdx.x & 1 ? 5 : 9);
    }
    out[i] = r;
}

extern "C" __global__ void double_poly(const double* x, double* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double v = x[i];
        y[i] = ((3.25 * v - 1.5) * v + 0.125) * v - 7.0 + v / 3.0;
    }
}

__constant__ float lut[16] = {0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, 169, 196, 225};
extern "C" __global__ void const_lut(const int* idx, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = lut[idx[i] & 15] + 0.5f;
}

extern "C" __global__ void vote_ballot(const int* in, unsigned int* out) {
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    unsigned int b = __ballot_sync(0xffffffff, v > 0);
    int all = __all_sync(0xffffffff, v > -100), any = __any_sync(0xffffffff, v > 50);
    if ((threadIdx.x & 31) == 0) {
        int w = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
        out[w * 3] = b;
        out[w * 3 + 1] = all;
        out[w * 3 + 2] = any;
    }
}

extern "C" __global__ void min_max_mixed(const int* a, const float* b, int* oi, float* of, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        oi[i] = max(min(a[i], 50), -50) + abs(a[i] - 7);
        of[i] = fminf(fmaxf(b[i], -1.0f), 1.0f) * (float)a[i] + (float)(unsigned)i;
    }
}

template <typename T>
__global__ void scale(T* x, T a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
template __global__ void scale<float>(float*, float, int);
template __global__ void scale<int>(int*, int, int);

// Local memory with a run-time index: a per-thread insertion sort.
extern "C" __global__ void local_sort(const int* in, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int a[12];
    for (int k = 0; k < 12; k++) a[k] = in[(i * 7 + k * 13) % n];
    for (int k = 1; k < 12; k++) {
        int v = a[k], j = k - 1;
        while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; }
        a[j + 1] = v;
    }
    out[i] = a[in[i] & 7] * 3 + a[11] - a[0];
}

// A compare-and-swap loop: atomic max of floats through their bits.
extern "C" __global__ void cas_float_max(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = in[i];
    int* addr = (int*)out;
    int old = *addr, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= v) break;
        old = atomicCAS(addr, assumed, __float_as_int(v));
    } while (assumed != old);
}

// 64-bit integer arithmetic: multiply, divide, shifts, mixed widths.
extern "C" __global__ void int64_ops(const long long* a, unsigned long long* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long x = a[i];
    unsigned long long u = (unsigned long long)x * 0x9E3779B97F4A7C15ull;
    long long d = x / 7 - x % 5;
    out[i] = (u >> 17) ^ (u << 9) ^ (unsigned long long)d ^ (unsigned long long)(x >> 3) ^ __umul64hi(u, 12345);
}

// Bytes: saturating conversions, byte permutes and bit-field extracts.
extern "C" __global__ void bytes_and_bits(const float* f, const unsigned int* w, unsigned char* o8, unsigned int* o32, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = f[i] * 300.0f;
    o8[i] = (unsigned char)__float2uint_rn(fminf(fmaxf(x, 0.0f), 255.0f));
    unsigned int v = w[i];
    o32[i] = __byte_perm(v, v >> 3, 0x5173) + ((v >> 5) & 0x3ff) + __brev(v) + (unsigned int)__ffs(v);
}

// The GPU's approximate math (fast-math intrinsics): compared within a few ulp.
extern "C" __global__ void approx_math(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i];
    out[i] = __expf(x) + __fdividef(1.0f, 2.0f + x * x) + rsqrtf(3.0f + x * x) + __sinf(x) + sqrtf(fabsf(x));
}

// Device functions the compiler keeps as calls.
__device__ __noinline__ float poly3(float x, int k) { return ((x * 0.5f + k) * x - 1.0f) * x; }
__device__ __noinline__ int collatz_steps(unsigned int v) {
    int s = 0;
    while (v != 1 && s < 500) {
        v = (v & 1) ? 3 * v + 1 : v / 2;
        s++;
    }
    return s;
}
extern "C" __global__ void noinline_calls(const float* in, float* out, int* steps, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = poly3(in[i], i & 3) + poly3(in[i] * 2.0f, 1);
    steps[i] = collatz_steps((unsigned int)i + 1);
}

// Full-precision math library functions (software sequences in the PTX).
extern "C" __global__ void precise_math(const float* in, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i] * 3.0f;
    out[i] = sinf(x) * cosf(x * 0.5f) + expf(-x * x) + logf(1.0f + x * x) + powf(fabsf(x), 1.5f);
}

// A shared-memory tiled matmul written so that simpler PTX interpreters can run it too
// (unsigned indices, tile count passed in): the benchmark kernel.
extern "C" __global__ void matmul_shared(const float* A, const float* B, float* C, unsigned int n,
                                         unsigned int tiles) {
    __shared__ float As[TILE][TILE], Bs[TILE][TILE];
    unsigned int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    for (unsigned int t = 0; t < tiles; t++) {
        As[threadIdx.y][threadIdx.x] = A[row * n + t * TILE + threadIdx.x];
        Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    C[row * n + col] = acc;
}
