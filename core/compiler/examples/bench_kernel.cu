// A 100-line learner-style kernel file (matmul, tiled matmul, histogram, warp sum, float4,
// integer conversions, control flow, constants, double, structs) for the compile-speed figure.
#define TILE 16
struct Particle { float x, y; int id; };
__constant__ float coef[4] = {0.5f, 1.25f, -2.0f, 3.0f};
__device__ int counter;
__device__ __forceinline__ float warpReduce(float v) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}
__device__ void swap(int& a, int& b) { int t = a; a = b; b = t; }
__device__ float sq(float x) { return x * x; }
extern "C" __global__ void matmul(const float* A, const float* B, float* C, int n) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int r = row / n, c = row % n;
  if (r < n && c < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) sum += A[r * n + k] * B[k * n + c];
    C[r * n + c] = sum;
  }
}
extern "C" __global__ void tiled(const float* A, const float* B, float* C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x % TILE, ty = threadIdx.x / TILE;
  int row = (blockIdx.x / 2) * TILE + ty, col = (blockIdx.x % 2) * TILE + tx;
  float acc = 0;
  for (int t = 0; t < n / TILE; t++) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; k++) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
extern "C" __global__ void hist(const int* in, int* bins, int n) {
  __shared__ unsigned int local[16];
  if (threadIdx.x < 16) local[threadIdx.x] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&local[(in[i] & 0x7fffffff) % 16], 1u);
  __syncthreads();
  if (threadIdx.x < 16) atomicAdd(&bins[threadIdx.x], (int)local[threadIdx.x]);
}
extern "C" __global__ void warpsum(const float* in, float* out) {
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  v = warpReduce(v);
  if ((threadIdx.x & 31) == 0) atomicAdd(&out[blockIdx.x], v);
}
extern "C" __global__ void vec4(const float* in, float* out) {
  int i = threadIdx.x;
  float4 a = reinterpret_cast<const float4*>(in)[i];
  float4 b = make_float4(a.w, a.z * 2.0f, a.y + 1.0f, sq(a.x) + a.y);
  reinterpret_cast<float4*>(out)[i] = b;
}
extern "C" __global__ void ints(const int* in, int* out) {
  int i = threadIdx.x; int x = in[i];
  char c = (char)x; unsigned char uc = x; short s = x * 300; unsigned u = x;
  long long ll = (long long)x * 1000000007LL;
  out[i*10+0] = c + uc;
  out[i*10+1] = s >> 3;
  out[i*10+2] = u / 7u + (u >> 5);
  out[i*10+3] = x / 3 + x % 5 - (x << 2);
  out[i*10+4] = (int)(ll >> 17) ^ (int)ll;
  out[i*10+5] = (x < 0) + (u > 5u) * 2 + !x;
  out[i*10+6] = __popc(x) + __clz(x) * 100 + __ffs(x) * 10000;
  out[i*10+7] = (unsigned short)(x * 7) + (signed char)(x * 3);
  out[i*10+8] = __brev(x) ^ __umulhi(x, 0x9e3779b9u);
  int a = x, b = i; swap(a, b);
  out[i*10+9] = a * 1000 + b + (-1 < 0u) ;
}
extern "C" __global__ void flow(const int* in, int* out) {
  int i = threadIdx.x; int x = in[i]; int acc = 0;
  switch (x & 7) { case 0: acc = 1; break; case 1: case 2: acc = 2; case 3: acc += 3; break; default: acc = -1; }
  int k = 0;
  do { acc += k; k++; if (k == 3) continue; if (k > 6) break; } while (k < 10);
  for (int j = 0; j < 5; j++) { if (j == x % 5) continue; acc ^= j << j; }
  while (x > 100) x -= 37;
  acc += x > 0 ? x : -x;
  out[i] = acc;
}
extern "C" __global__ void consts(float* out) {
  int i = threadIdx.x;
  out[i] = coef[i % 4] * i + (float)(1.0/3.0) + 7 / 2 + 7.0f / 2;
  if (i == 0) atomicAdd(&counter, 1);
}
extern "C" __global__ void dbl(const double* a, const double* b, double* c) {
  int i = threadIdx.x;
  double x = a[i] * b[i] + 0.1;
  float f = (float)x;
  c[i] = x / 3.0 - f + (double)(int)x;
}
extern "C" __global__ void structs(const float* in, float* out) {
  Particle p; p.x = in[threadIdx.x * 2]; p.y = in[threadIdx.x * 2 + 1]; p.id = threadIdx.x;
  Particle q = p; q.x += 1.0f;
  Particle arr[2] = {p, q};
  out[threadIdx.x] = arr[1].x * arr[0].y + arr[p.id % 2].x + (float)q.id;
}
