// The playground's lessons: text, a JavaScript snippet that calls cuda-library (the same API
// as the Rust crate, names in camelCase) and, for those that run kernels, the kernels as a
// CUDA C file the reader edits (`cuda`: the page shows the PTX the built-in compiler makes of
// it beside it) or, for the lesson about PTX itself, a PTX file (`ptx`).
// Snippets see: Program, ProgramOptions, Library, Buffer, Args, Sweep, Comparison, backend(),
// device(), inspect(bytes), files (name -> Uint8Array; the editors' files too), dropped (the
// last dropped file's name or null), show(x).

// The quickstart's kernel (README.md, core/examples/quickstart.rs), as it is written there.
const SAXPY_CU = `extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
`;

// The source of the sample images (tests/fixtures/kernels.cu, which nvcc built them from).
const KERNELS_CU = `// Fixture library for cuda-library's tests and benchmark.
// Rebuild with tests/fixtures/build.sh on a machine with nvcc (see that script).

__device__ int counter;                                  // zero-initialised global
__device__ float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};    // initialised array
__constant__ float coeffs[8] = {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f};
__managed__ int managed_value = 42;

extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void empty() {}

// Five arguments of different sizes, for the launch benchmark and argument checks.
extern "C" __global__ void args5(int a, float b, double c, float* d, long long e) {
    if (a < 0) *d = b + (float)c + (float)e;
}

// Reads the initialised globals, counts calls, bumps the managed value.
extern "C" __global__ void use_vars(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = table[i % 4] * coeffs[i % 8];
    atomicAdd(&counter, 1);
    if (i == 0) managed_value += 1;
}

// Spins for about \`cycles\` clock cycles: keeps a kernel in flight.
extern "C" __global__ void spin(long long cycles) {
    long long start = clock64();
    while (clock64() - start < cycles) {
    }
}

template <typename T>
__global__ void scale(T* x, T a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
template __global__ void scale<float>(float*, float, int);
template __global__ void scale<double>(double*, double, int);
`;

// The first kernel of every course, as courses write it.
const VECTOR_ADD_CU = `// c = a + b, one thread per element
extern "C" __global__ void vector_add(const float* a, const float* b, float* c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
`;

// The variables of the fixture library (tests/fixtures/kernels.cu) and its kernel that uses
// them.
const VARS_CU = `__device__ int counter;                 // zero when loaded
__device__ float table[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__constant__ float coeffs[8] = {0.5f, 1.5f, 2.5f, 3.5f,
                                4.5f, 5.5f, 6.5f, 7.5f};
__managed__ int managed_value = 42;

// Reads the initialised variables, counts its threads and
// bumps the managed value.
extern "C" __global__ void use_vars(float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = table[i % 4] * coeffs[i % 8];
    atomicAdd(&counter, 1);
    if (i == 0) managed_value += 1;
}
`;

const COPIES_CU = `// out[i] = in[i]: neighbouring threads, neighbouring floats
extern "C" __global__
void copy_coalesced(float* out, const float* in, unsigned n) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i];
}

// out[i] = in[8 * i]: each thread reads a sector of its own
extern "C" __global__
void copy_strided(float* out, const float* in, unsigned n) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[8 * i];   // the stride: try 1, 32
}
`;

const ERRORS_CU = `extern "C" __global__
void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

// Waits for a flag that nothing sets: the simulator stops it
// at its instruction budget.
extern "C" __global__ void forever(volatile int* flag) {
    while (*flag == 0) {
    }
}
`;

// The Hopper GEMM lesson's kernels: a copy of notebooks/08-hopper-gemm.ptx (a host test in
// playground/src/session.rs fails when the two differ).
const HOPPER_GEMM_PTX = `// Two GEMMs for notebooks/08-hopper-gemm.ipynb and the playground's "Hopper GEMM" lesson:
// C (M x N, f32) = A (M x K, f16, row-major) * B, where B is given as Bt (N x K, f16,
// row-major), so both operands are K-major: the layout wgmma reads without transposing.
// Hand-written PTX (no compiler needed), sm_90a.
//
// tma_tile:       one 64 x 64 box of f16 through a tensor map into shared memory, copied out
//                 byte for byte: what the TMA wrote there, swizzle and all.
// gemm_tiled:     the plain tiled GEMM: blocks of 16 x 16 threads, 16 x 16 tiles of A and Bt
//                 loaded into shared memory (as f32), one output element per thread.
// gemm_tma_wgmma: one warpgroup (128 threads) per 64 x 64 tile of C. Per 64-wide step of K,
//                 thread 0 asks the Tensor Memory Accelerator for a 64 x 64 box of A and of
//                 Bt (cp.async.bulk.tensor, 128-byte swizzle) and an mbarrier counts the
//                 bytes in; then four wgmma.mma_async m64n64k16 multiply them from shared
//                 memory descriptors into 32 f32 accumulators a thread.
.version 8.0
.target sm_90a
.address_size 64

.visible .entry gemm_tiled(.param .u64 a, .param .u64 bt, .param .u64 c, .param .u32 n, .param .u32 k)
{
 .reg .b32 %r<40>; .reg .b64 %rd<20>; .reg .f32 %f<40>; .reg .b16 %h<4>; .reg .pred %p<4>;
 .shared .align 4 .f32 ta[256];
 .shared .align 4 .f32 tb[272];
 ld.param.u64 %rd1, [a]; cvta.to.global.u64 %rd1, %rd1;
 ld.param.u64 %rd2, [bt]; cvta.to.global.u64 %rd2, %rd2;
 ld.param.u64 %rd3, [c]; cvta.to.global.u64 %rd3, %rd3;
 ld.param.u32 %r1, [n]; ld.param.u32 %r2, [k];
 mov.u32 %r3, %tid.x; mov.u32 %r4, %tid.y;
 mov.u32 %r5, %ctaid.x; mov.u32 %r6, %ctaid.y;
 shl.b32 %r7, %r6, 4; add.u32 %r7, %r7, %r4;      // row of C (and of A)
 shl.b32 %r8, %r5, 4; add.u32 %r8, %r8, %r3;      // column of C
 shl.b32 %r9, %r5, 4; add.u32 %r9, %r9, %r4;      // the row of Bt this thread loads
 // A[row][t + tx] and Bt[n0 + ty][t + tx], element offsets at t = 0
 mad.lo.u32 %r10, %r7, %r2, %r3;
 mad.lo.u32 %r11, %r9, %r2, %r3;
 // shared addresses: ta[ty][tx] and tb[ty][tx] (stored; tb's rows are 17 floats, so the
 // 16 threads reading tb[tx][kk] hit 16 banks); ta[ty][0] and tb[tx][0] (read)
 mov.u32 %r12, ta; mov.u32 %r13, tb;
 shl.b32 %r14, %r4, 4; add.u32 %r14, %r14, %r3; shl.b32 %r14, %r14, 2; add.u32 %r14, %r14, %r12;
 mul.lo.u32 %r15, %r4, 17; add.u32 %r15, %r15, %r3; shl.b32 %r15, %r15, 2; add.u32 %r15, %r15, %r13;
 shl.b32 %r16, %r4, 6; add.u32 %r16, %r16, %r12;
 mul.lo.u32 %r17, %r3, 68; add.u32 %r17, %r17, %r13;
 mov.f32 %f0, 0f00000000;
 mov.u32 %r18, 0;
TILE:
 setp.ge.u32 %p1, %r18, %r2;
 @%p1 bra STORE;
 add.u32 %r19, %r10, %r18; mul.wide.u32 %rd4, %r19, 2; add.s64 %rd5, %rd1, %rd4;
 ld.global.b16 %h1, [%rd5]; cvt.f32.f16 %f1, %h1; st.shared.f32 [%r14], %f1;
 add.u32 %r20, %r11, %r18; mul.wide.u32 %rd6, %r20, 2; add.s64 %rd7, %rd2, %rd6;
 ld.global.b16 %h2, [%rd7]; cvt.f32.f16 %f2, %h2; st.shared.f32 [%r15], %f2;
 bar.sync 0;
 ld.shared.f32 %f3, [%r16+0]; ld.shared.f32 %f4, [%r17+0]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+4]; ld.shared.f32 %f4, [%r17+4]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+8]; ld.shared.f32 %f4, [%r17+8]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+12]; ld.shared.f32 %f4, [%r17+12]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+16]; ld.shared.f32 %f4, [%r17+16]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+20]; ld.shared.f32 %f4, [%r17+20]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+24]; ld.shared.f32 %f4, [%r17+24]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+28]; ld.shared.f32 %f4, [%r17+28]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+32]; ld.shared.f32 %f4, [%r17+32]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+36]; ld.shared.f32 %f4, [%r17+36]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+40]; ld.shared.f32 %f4, [%r17+40]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+44]; ld.shared.f32 %f4, [%r17+44]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+48]; ld.shared.f32 %f4, [%r17+48]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+52]; ld.shared.f32 %f4, [%r17+52]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+56]; ld.shared.f32 %f4, [%r17+56]; fma.rn.f32 %f0, %f3, %f4, %f0;
 ld.shared.f32 %f3, [%r16+60]; ld.shared.f32 %f4, [%r17+60]; fma.rn.f32 %f0, %f3, %f4, %f0;
 bar.sync 0;
 add.u32 %r18, %r18, 16;
 bra TILE;
STORE:
 mad.lo.u32 %r21, %r7, %r1, %r8; mul.wide.u32 %rd8, %r21, 4; add.s64 %rd9, %rd3, %rd8;
 st.global.f32 [%rd9], %f0;
 ret;
}

.visible .entry gemm_tma_wgmma(.param .align 64 .b8 amap[128], .param .align 64 .b8 bmap[128],
    .param .u64 c, .param .u32 n, .param .u32 k)
{
 .reg .b32 %r<40>; .reg .b64 %rd<40>; .reg .f32 %f<40>; .reg .pred %p<8>;
 .shared .align 1024 .b8 sa[8192];
 .shared .align 1024 .b8 sb[8192];
 .shared .align 8 .b64 bar;
 mov.u32 %r1, %tid.x;
 mov.u32 %r2, %ctaid.x; shl.b32 %r2, %r2, 6;     // n0: the tile's first column
 mov.u32 %r3, %ctaid.y; shl.b32 %r3, %r3, 6;     // m0: the tile's first row
 ld.param.u32 %r4, [n]; ld.param.u32 %r5, [k];
 mov.b64 %rd1, amap; cvta.param.u64 %rd1, %rd1;
 mov.b64 %rd2, bmap; cvta.param.u64 %rd2, %rd2;
 setp.ne.u32 %p1, %r1, 0;
 @%p1 bra INITED;
 mbarrier.init.shared::cta.b64 [bar], 1;
 fence.mbarrier_init.release.cluster;
INITED:
 bar.sync 0;
 // Shared-memory matrix descriptors: start address >> 4 (bits 0-13), LBO 16 bytes (unused
 // by a K-major swizzled operand), SBO 1024 bytes (8 rows of 128), 128-byte swizzle (bits 62-63).
 mov.u32 %r6, sa; shr.u32 %r6, %r6, 4; and.b32 %r6, %r6, 16383; cvt.u64.u32 %rd3, %r6;
 mov.u32 %r7, sb; shr.u32 %r7, %r7, 4; and.b32 %r7, %r7, 16383; cvt.u64.u32 %rd4, %r7;
 or.b64 %rd3, %rd3, 0x4000004000010000;
 or.b64 %rd4, %rd4, 0x4000004000010000;
 mov.f32 %f0, 0f00000000;
 mov.f32 %f1, 0f00000000;
 mov.f32 %f2, 0f00000000;
 mov.f32 %f3, 0f00000000;
 mov.f32 %f4, 0f00000000;
 mov.f32 %f5, 0f00000000;
 mov.f32 %f6, 0f00000000;
 mov.f32 %f7, 0f00000000;
 mov.f32 %f8, 0f00000000;
 mov.f32 %f9, 0f00000000;
 mov.f32 %f10, 0f00000000;
 mov.f32 %f11, 0f00000000;
 mov.f32 %f12, 0f00000000;
 mov.f32 %f13, 0f00000000;
 mov.f32 %f14, 0f00000000;
 mov.f32 %f15, 0f00000000;
 mov.f32 %f16, 0f00000000;
 mov.f32 %f17, 0f00000000;
 mov.f32 %f18, 0f00000000;
 mov.f32 %f19, 0f00000000;
 mov.f32 %f20, 0f00000000;
 mov.f32 %f21, 0f00000000;
 mov.f32 %f22, 0f00000000;
 mov.f32 %f23, 0f00000000;
 mov.f32 %f24, 0f00000000;
 mov.f32 %f25, 0f00000000;
 mov.f32 %f26, 0f00000000;
 mov.f32 %f27, 0f00000000;
 mov.f32 %f28, 0f00000000;
 mov.f32 %f29, 0f00000000;
 mov.f32 %f30, 0f00000000;
 mov.f32 %f31, 0f00000000;
 setp.eq.u32 %p4, %r1, %r1;                       // scale-d: D = A * B + D
 mov.u32 %r8, 0;                                  // k0
 mov.u32 %r9, 0;                                  // the mbarrier's phase
STEP:
 setp.ge.u32 %p2, %r8, %r5;
 @%p2 bra STORE;
 @%p1 bra WAIT;
 mbarrier.arrive.expect_tx.shared::cta.b64 %rd5, [bar], 16384;
 cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [sa], [%rd1, {%r8, %r3}], [bar];
 cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [sb], [%rd2, {%r8, %r2}], [bar];
WAIT:
 mbarrier.try_wait.parity.shared::cta.b64 %p3, [bar], %r9;
 @!%p3 bra WAIT;
 wgmma.fence.sync.aligned;
 wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8, %f9, %f10, %f11, %f12, %f13, %f14, %f15, %f16, %f17, %f18, %f19, %f20, %f21, %f22, %f23, %f24, %f25, %f26, %f27, %f28, %f29, %f30, %f31}, %rd3, %rd4, %p4, 1, 1, 0, 0;
 add.s64 %rd8, %rd3, 2; add.s64 %rd9, %rd4, 2;
 wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8, %f9, %f10, %f11, %f12, %f13, %f14, %f15, %f16, %f17, %f18, %f19, %f20, %f21, %f22, %f23, %f24, %f25, %f26, %f27, %f28, %f29, %f30, %f31}, %rd8, %rd9, %p4, 1, 1, 0, 0;
 add.s64 %rd10, %rd3, 4; add.s64 %rd11, %rd4, 4;
 wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8, %f9, %f10, %f11, %f12, %f13, %f14, %f15, %f16, %f17, %f18, %f19, %f20, %f21, %f22, %f23, %f24, %f25, %f26, %f27, %f28, %f29, %f30, %f31}, %rd10, %rd11, %p4, 1, 1, 0, 0;
 add.s64 %rd12, %rd3, 6; add.s64 %rd13, %rd4, 6;
 wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7, %f8, %f9, %f10, %f11, %f12, %f13, %f14, %f15, %f16, %f17, %f18, %f19, %f20, %f21, %f22, %f23, %f24, %f25, %f26, %f27, %f28, %f29, %f30, %f31}, %rd12, %rd13, %p4, 1, 1, 0, 0;
 wgmma.commit_group.sync.aligned;
 wgmma.wait_group.sync.aligned 0;
 bar.sync 0;                                      // every warp is done with sa and sb
 xor.b32 %r9, %r9, 1;
 add.u32 %r8, %r8, 64;
 bra STEP;
STORE:
 // Accumulator i of thread t is C[m0 + 16 (t/32) + (t%32)/4 + 8 ((i/2)%2)][n0 + 8 (i/4) + 2 (t%4) + i%2].
 shr.u32 %r10, %r1, 5; shl.b32 %r10, %r10, 4;
 and.b32 %r11, %r1, 31; shr.u32 %r11, %r11, 2; add.u32 %r10, %r10, %r11; add.u32 %r10, %r10, %r3;
 and.b32 %r12, %r1, 3; shl.b32 %r12, %r12, 1; add.u32 %r12, %r12, %r2;
 mad.lo.u32 %r13, %r10, %r4, %r12;
 ld.param.u64 %rd20, [c]; cvta.to.global.u64 %rd20, %rd20;
 mul.wide.u32 %rd21, %r13, 4; add.s64 %rd21, %rd20, %rd21;   // row, columns 2q..2q+1
 shl.b32 %r14, %r4, 5; cvt.u64.u32 %rd22, %r14; add.s64 %rd22, %rd21, %rd22; // 8 rows down
 st.global.v2.f32 [%rd21+0], {%f0, %f1}; st.global.v2.f32 [%rd22+0], {%f2, %f3};
 st.global.v2.f32 [%rd21+32], {%f4, %f5}; st.global.v2.f32 [%rd22+32], {%f6, %f7};
 st.global.v2.f32 [%rd21+64], {%f8, %f9}; st.global.v2.f32 [%rd22+64], {%f10, %f11};
 st.global.v2.f32 [%rd21+96], {%f12, %f13}; st.global.v2.f32 [%rd22+96], {%f14, %f15};
 st.global.v2.f32 [%rd21+128], {%f16, %f17}; st.global.v2.f32 [%rd22+128], {%f18, %f19};
 st.global.v2.f32 [%rd21+160], {%f20, %f21}; st.global.v2.f32 [%rd22+160], {%f22, %f23};
 st.global.v2.f32 [%rd21+192], {%f24, %f25}; st.global.v2.f32 [%rd22+192], {%f26, %f27};
 st.global.v2.f32 [%rd21+224], {%f28, %f29}; st.global.v2.f32 [%rd22+224], {%f30, %f31};
 ret;
}

.visible .entry tma_tile(.param .align 64 .b8 map[128], .param .u64 out, .param .u32 c0, .param .u32 c1)
{
 .reg .b32 %r<20>; .reg .b64 %rd<10>; .reg .pred %p<4>;
 .shared .align 1024 .b8 tile[8192];
 .shared .align 8 .b64 bar;
 mov.u32 %r1, %tid.x;
 ld.param.u32 %r2, [c0]; ld.param.u32 %r3, [c1];
 mov.b64 %rd1, map; cvta.param.u64 %rd1, %rd1;
 setp.ne.u32 %p1, %r1, 0;
 @%p1 bra INITED;
 mbarrier.init.shared::cta.b64 [bar], 1;
 fence.mbarrier_init.release.cluster;
INITED:
 bar.sync 0;
 @%p1 bra WAIT;
 mbarrier.arrive.expect_tx.shared::cta.b64 %rd2, [bar], 8192;
 cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [tile], [%rd1, {%r2, %r3}], [bar];
WAIT:
 mbarrier.try_wait.parity.shared::cta.b64 %p2, [bar], 0;
 @!%p2 bra WAIT;
 ld.param.u64 %rd3, [out]; cvta.to.global.u64 %rd3, %rd3;
 mov.u32 %r4, tile;
 shl.b32 %r5, %r1, 2;                             // byte offset: thread t copies words t, t + 128, ...
COPY:
 setp.ge.u32 %p3, %r5, 8192;
 @%p3 bra DONE;
 add.u32 %r6, %r4, %r5; ld.shared.u32 %r7, [%r6];
 cvt.u64.u32 %rd4, %r5; add.s64 %rd5, %rd3, %rd4; st.global.u32 [%rd5], %r7;
 add.u32 %r5, %r5, 512;
 bra COPY;
DONE:
 ret;
}
`;

const SAXPY_PTX = `.version 8.0
.target sm_90
.address_size 64

// y[i] = a * x[i] + y[i] for every i < n
.visible .entry saxpy(
    .param .f32 saxpy_a,
    .param .u64 saxpy_x,
    .param .u64 saxpy_y,
    .param .u32 saxpy_n
)
{
    .reg .pred  %p<2>;
    .reg .b32   %r<6>;
    .reg .f32   %f<5>;
    .reg .b64   %rd<8>;

    ld.param.f32    %f1, [saxpy_a];
    ld.param.u64    %rd1, [saxpy_x];
    ld.param.u64    %rd2, [saxpy_y];
    ld.param.u32    %r1, [saxpy_n];
    mov.u32         %r2, %ctaid.x;
    mov.u32         %r3, %ntid.x;
    mov.u32         %r4, %tid.x;
    mad.lo.s32      %r5, %r2, %r3, %r4;   // i = blockIdx.x * blockDim.x + threadIdx.x
    setp.ge.u32     %p1, %r5, %r1;
    @%p1 bra        DONE;
    cvta.to.global.u64 %rd3, %rd1;
    cvta.to.global.u64 %rd4, %rd2;
    mul.wide.u32    %rd5, %r5, 4;
    add.s64         %rd6, %rd3, %rd5;
    add.s64         %rd7, %rd4, %rd5;
    ld.global.f32   %f2, [%rd6];
    ld.global.f32   %f3, [%rd7];
    fma.rn.f32      %f4, %f1, %f2, %f3;
    st.global.f32   [%rd7], %f4;
DONE:
    ret;
}
`;

export const LESSONS = [
  {
    id: "welcome",
    title: "A GPU in your browser",
    text: `
<p>This is <code>cuda-library</code>, the Rust crate that wraps CUDA's library loading
API (<code>cuLibrary*</code>), compiled to WebAssembly. There is no GPU here: calls go to
the crate's <b>simulated backend</b>, which reads cubin, fatbin and PTX images itself and
executes PTX. On a machine with an NVIDIA driver the same Rust code runs on the GPU.</p>
<p>Snippets are JavaScript calling the same API as the Rust crate, with names in camelCase;
each lesson shows the Rust it mirrors. Kernels are CUDA C, compiled in your browser by the
crate's built-in compiler, with the PTX it makes shown beside them. <code>show(x)</code> displays a value the way a
Jupyter notebook does. Press <b>Run</b> (or <kbd>Ctrl</kbd>+<kbd>Enter</kbd> from anywhere
on the page). In an editor <kbd>Tab</kbd> indents: press <kbd>Esc</kbd> first and the next
<kbd>Tab</kbd> moves on.</p>
<pre class="rust">println!("{}", cuda_library::backend()?);  // which backend, and why
let dev = Device::new(0)?;                 // shown as a table in a notebook</pre>`,
    code: `// Which backend runs the calls: here always the simulator.
show(backend());

// Device 0: an H100-like simulated device.
show(device());
`,
  },
  {
    id: "load",
    title: "Load a library",
    text: `
<p>A <b>library</b> is a loaded image: a <b>cubin</b> (SASS for one architecture), a
<b>fatbin</b> (several cubins and PTX in one container) or <b>PTX</b> text that the driver
compiles when it loads it. <code>Library.loadData</code> takes the bytes of any of them.</p>
<p>The three files below hold the same kernels, built by nvcc from <code>kernels.cu</code>
(below, with the PTX the built-in compiler makes of it); the fourth library is that source
compiled here. For the fatbin the simulator picks the entry the driver would pick for its
device. The card says where the library came from and which
backend loaded it. <code>unload()</code> releases it; every kernel and variable taken from
it then reports <code>Unloaded</code> instead of touching freed memory.</p>
<pre class="rust">let lib = Library::load_data(&amp;bytes, &amp;LibraryOptions::default())?;
lib.unload()?;
let lib = Program::new(source, ProgramOptions::default()).compile(ImageKind::Ptx, &amp;[])?.to_library(&amp;Default::default())?;</pre>`,
    cuda: { name: "kernels.cu", text: KERNELS_CU },
    code: `for (const name of ["kernels.fatbin", "kernels.sm90.cubin", "kernels.ptx"]) {
  const lib = Library.loadData(files[name]);
  show(lib);
  lib.unload();
}

// The same kernels from their CUDA C, compiled in your browser.
const lib = new Program(files["kernels.cu"]).compile().toLibrary();
show(lib);
lib.unload();
`,
  },
  {
    id: "kernels",
    title: "Kernels and their parameters",
    text: `
<p>Every kernel of a library, with what the image says about it: raw and demangled C++
names, each parameter's offset and size, registers, shared, constant and local bytes, the
largest block it can run, and its <b>occupancy</b> (resident blocks per SM) at a block size
you choose.</p>
<p>A cubin carries register counts; for PTX they are unknown until a JIT compiles it, and
the table says so instead of guessing.</p>
<pre class="rust">lib.kernel_table(256)?                        // a table in a notebook
for k in lib.kernels()? { println!("{} {:?}", k.demangled_name()?, k.param_info()?); }</pre>`,
    code: `const lib = Library.loadData(files["tables.sm90.cubin"]);
show(lib.kernelTable(256));

for (const k of lib.kernels().slice(0, 3)) {
  show(\`\${k.demangledName()}: \${JSON.stringify(k.paramInfo())}\`);
}
`,
  },
  {
    id: "globals",
    title: "Globals and constants",
    text: `
<p>Module-scope variables live in device memory: <code>__device__</code> globals and
<code>__constant__</code> data both come from <code>getGlobal</code>. Read them, write them
(the size must match exactly), and see a typed preview with a hex dump.</p>
<p>The variables are declared in <code>vars.cu</code>, compiled here by the crate's
built-in compiler (there is no NVRTC in a browser). Its PTX, beside it, declares each one;
change an initial value and run again.</p>
<pre class="rust">let lib = Program::new(VARS, ProgramOptions::default()).compile(ImageKind::Ptx, &amp;[])?.to_library(&amp;Default::default())?;
let table = lib.get_global("table")?;          // __device__ float table[4]
table.write_slice(&amp;[10.0f32, 20.0, 30.0, 40.0])?;
let coeffs: Vec&lt;f32&gt; = lib.get_global("coeffs")?.read_vec()?;</pre>`,
    cuda: { name: "vars.cu", text: VARS_CU },
    code: `const lib = new Program(files["vars.cu"]).compile().toLibrary();
show(lib.variableNames());

const table = lib.getGlobal("table");     // __device__ float table[4] = {1, 2, 3, 4}
table.writeF32([10, 20, 30, 40]);
show(table);                   // declared as bytes (.b8, as NVRTC does): a hex dump
show(table.typed("f32"));      // the same bytes as floats

const coeffs = lib.getGlobal("coeffs");   // __constant__ float coeffs[8]
show(coeffs.readF32());
`,
  },
  {
    id: "managed",
    title: "Managed variables",
    text: `
<p>A <code>__managed__</code> variable is visible to the host and the device alike. Here
the host sets it, the kernel <code>use_vars</code> in <code>vars.cu</code> adds one to it and
counts its threads in a global with <code>atomicAdd</code>, and the host reads both back.</p>
<pre class="rust">let v = lib.get_managed("managed_value")?;
v.write(&amp;100i32)?;
launch!(lib.get_kernel("use_vars")?, &amp;stream, &amp;LaunchConfig::new(1, 8), out, 8i32)?;
assert_eq!(v.read::&lt;i32&gt;()?, 101);</pre>`,
    cuda: { name: "vars.cu", text: VARS_CU },
    code: `const lib = new Program(files["vars.cu"]).compile().toLibrary();
const value = lib.getManaged("managed_value");   // __managed__ int managed_value = 42
show(value.readI32());
value.writeI32([100]);

const n = 8;
const out = Buffer.zerosF32(n);             // float out[8], zeroed
lib.getKernel("use_vars").launch([1], [n], new Args().buffer(out).i32(n));

show(value.readI32());                      // one more than before
show(lib.getGlobal("counter").readI32());   // one per thread
show(out);                                  // table[i % 4] * coeffs[i % 8]
`,
  },
  {
    id: "launch",
    title: "Write a kernel and launch it",
    text: `
<p><code>saxpy.cu</code> is the quickstart's kernel, in CUDA C. <code>Program</code>
compiles it, here with the crate's built-in compiler (a browser has no NVRTC), to PTX: the
text form of a kernel, shown beside it and compiled again as you type. The snippet loads the
PTX as a library, copies two arrays to the device, launches <code>saxpy</code> with a grid of
blocks of 256 threads and reads the result back.</p>
<p>Edit the kernel (say, <code>a * x[i] + y[i]</code> to <code>a * x[i]</code>) and watch
the <code>fma</code> leave the PTX; a mistake is marked at its line and column. Arguments
are checked against the kernel's parameters before anything runs: try passing
<code>.f64(n)</code> for the last one.</p>
<p>A buffer remembers its element type (<code>fromF32</code> and <code>zerosF32</code> make
floats), so <code>show(y)</code> lists floats. To look at data rather than read it,
<code>plot()</code>, <code>histogram()</code> and <code>heatmap(width)</code> draw it, as a
notebook does. A variable's bytes have no type: name one, as in
<code>table.plot("f32")</code>.</p>
<pre class="rust">let code = Program::new(SAXPY, ProgramOptions::default()).compile(ImageKind::Ptx, &amp;[])?;
let saxpy = code.to_library(&amp;Default::default())?.get_kernel("saxpy")?;
let x = ctx.htod(&amp;xs)?;
let y = ctx.htod(&amp;ys)?;
launch!(saxpy, &amp;stream, &amp;LaunchConfig::new(grid, 256), 2.0f32, x, y, n)?;
let result = y.to_vec()?;
y.plot()?;                       // in a notebook: a line chart</pre>`,
    cuda: { name: "saxpy.cu", text: SAXPY_CU },
    code: `const code = new Program(files["saxpy.cu"]).compile();   // CUDA C -> PTX
const lib = code.toLibrary();
const saxpy = lib.getKernel("saxpy");

const n = 1000;
const x = Buffer.fromF32(Float32Array.from({ length: n }, (_, i) => i));
const y = Buffer.fromF32(new Float32Array(n).fill(1));

const block = [256];
const grid = [Math.ceil(n / block[0])];
saxpy.launch(grid, block, new Args().f32(2).buffer(x).buffer(y).i32(n));

show(y.readF32().slice(0, 8));   // 2 * i + 1
show(y);                         // buffer f32[1000]: its first values
show(y.plot());                  // the whole result as a line chart
show(y.heatmap(40));             // or as 25 rows of 40
`,
  },
  {
    id: "unified-memory",
    title: "Unified memory: the first CUDA program",
    text: `
<p>Courses start here: <code>cudaMallocManaged</code> gives one allocation that the host
fills and the kernel reads, with no copies. <code>ManagedBuffer.allocF32(n)</code> is that
allocation; <code>new Args().managed(a)</code> passes it to a kernel.</p>
<p>The host and the kernel take turns: in Rust, reading a managed buffer while a kernel that
uses it may still run, or launching one while the host holds a view of it, is an error rather
than a crash or a stale read. Here every launch waits for its kernel, so the turns are
kept for you.</p>
<p>A kernel's first touch of pages the host wrote faults them over to the GPU, one page
after another; <code>prefetch("device")</code> moves them in one copy first. The simulator
charges both by its cost model (a model, not a measurement), and <code>migration()</code> and
<code>show</code> say where the pages are.</p>
<pre class="rust">let mut a = ctx.alloc_managed::&lt;f32&gt;(n)?;
a.host_mut()?.fill(1.0);
launch!(vector_add, &amp;stream, &amp;cfg, a, b, c, n as i32)?;
c.synchronize()?;              // cudaDeviceSynchronize()
let first = c.host()?[0];
d.prefetch(Location::Device(0), &amp;stream)?;</pre>`,
    cuda: { name: "vector_add.cu", text: VECTOR_ADD_CU },
    code: `const lib = new Program(files["vector_add.cu"]).compile().toLibrary();
const add = lib.getKernel("vector_add");

// cudaMallocManaged: one allocation for the host and the kernel.
const n = 1 << 16;
const a = ManagedBuffer.allocF32(n);
const b = ManagedBuffer.allocF32(n);
const c = ManagedBuffer.allocF32(n);
a.writeF32(new Float32Array(n).fill(1));
b.writeF32(Float32Array.from({ length: n }, (_, i) => i));

const grid = [Math.ceil(n / 256)];
add.launch(grid, [256], new Args().managed(a).managed(b).managed(c).i32(n));
show(c.readF32().slice(0, 8));   // 1 + i, read by the host in place

// A prefetch moves the pages in one copy, before the kernel faults them over.
const d = ManagedBuffer.allocF32(n);
d.writeF32(new Float32Array(n).fill(2));
d.prefetch("device");
add.launch(grid, [256], new Args().managed(d).managed(d).managed(c).i32(n));
show(\`page faults: a \${a.migration().faults}, d \${d.migration().faults}\`);
show(c);                          // its values, and where its pages are
`,
  },
  {
    id: "ptx",
    title: "Edit the PTX",
    text: `
<p>PTX is what a CUDA compiler writes and what the driver compiles for the GPU it finds,
when it loads the library. You can write it yourself: <code>saxpy.ptx</code> below is the
kernel of the lesson before, written by hand, and the snippet loads it as it is.</p>
<p>Edit the PTX (say, <code>fma.rn.f32</code> to <code>mul.f32 %f4, %f1, %f2;</code>)
and run again; a typo is reported at its line and column. The kernel's parameters come from
the PTX too: passing <code>.f32(n)</code> for its <code>.u32</code> one is a warning.</p>
<pre class="rust">let lib = Library::load_data(&amp;std::fs::read("saxpy.ptx")?, &amp;LibraryOptions::default())?;
launch!(lib.get_kernel("saxpy")?, &amp;stream, &amp;LaunchConfig::new(grid, 256), 2.0f32, x, y, n)?;</pre>`,
    ptx: { name: "saxpy.ptx", text: SAXPY_PTX },
    code: `const lib = Library.loadData(files["saxpy.ptx"]);
const saxpy = lib.getKernel("saxpy");

const n = 1000;
const x = Buffer.fromF32(Float32Array.from({ length: n }, (_, i) => i));
const y = Buffer.fromF32(new Float32Array(n).fill(1));

const block = [256];
const grid = [Math.ceil(n / block[0])];
saxpy.launch(grid, block, new Args().f32(2).buffer(x).buffer(y).u32(n));

show(y.readF32().slice(0, 8));   // 2 * i + 1
show(y);                         // buffer f32[1000]: its first values
`,
  },
  {
    id: "timing",
    title: "Time it",
    text: `
<p><code>kernel.time</code> brackets launches with events. On a GPU those are GPU times;
here they come from the simulator's documented <b>cost model</b> (launch latency, issue
rate of 132 SMs, memory bandwidth), and every table and chart says <b>simulated</b>.</p>
<p>A <code>Sweep</code> collects timings over problem sizes and draws time against size
on log-log axes with the bandwidth achieved.</p>
<pre class="rust">let t = timing::time_launches(&amp;stream, 5, 1, || launch!(saxpy, &amp;stream, &amp;cfg, 2.0f32, x, y, n))?;
let mut sweep = timing::Sweep::new("saxpy");
sweep.add(n as f64, &amp;t, Some(12.0 * n as f64));</pre>`,
    cuda: { name: "saxpy.cu", text: SAXPY_CU },
    code: `const lib = new Program(files["saxpy.cu"]).compile().toLibrary();
const saxpy = lib.getKernel("saxpy");   // saxpy(float a, const float* x, float* y, int n)

const sweep = new Sweep("saxpy");
let last;
for (const n of [1 << 10, 1 << 12, 1 << 14, 1 << 16]) {
  const x = Buffer.zerosF32(n), y = Buffer.zerosF32(n);
  last = saxpy.time([Math.ceil(n / 256)], [256], new Args().f32(2).buffer(x).buffer(y).i32(n), 3);
  sweep.add(n, last, 12 * n);   // bytes moved: read x and y, write y
  x.free(); y.free();
}
show(last);    // the largest size (one value: simulated runs do not vary)
show(sweep);   // time and bandwidth against size
`,
  },
  {
    id: "why-slow",
    title: "Why is it slow?",
    text: `
<p>Two kernels copy the same number of floats. <code>copy_coalesced</code> reads
<code>in[i]</code>: the 32 threads of a warp read 128 consecutive bytes, four 32-byte
<b>sectors</b>. <code>copy_strided</code> reads <code>in[8 * i]</code>: every thread reads a
sector of its own, 32 per request, and uses 4 of its 32 bytes.</p>
<p><code>kernel.profile</code> launches once and shows what a profiler would: the simulator's
counters (sectors per request, bank conflicts, active lanes, occupancy and what limits it),
where the <b>simulated</b> time goes according to the cost model (calibrated against an
H100), and hints that name the PTX line responsible (in <code>copies.ptx</code>, beside the
CUDA C).</p>
<p>At this size the data fits in the L2 cache and the launch itself (grey) is most of the
time; the rest is the memory traffic the stride multiplies. Edit <code>copies.cu</code>:
in <code>copy_strided</code>, change <code>in[8 * i]</code> to <code>in[1 * i]</code> and run
again: the sectors per request drop to 4 and the two kernels tie. Try <code>32</code>
too.</p>
<pre class="rust">let p = timing::profile(&amp;stream, || launch!(copy, &amp;stream, &amp;cfg, y, x, n))?;
let both = timing::compare([fast, slow]);   // in a notebook: the same views</pre>`,
    cuda: { name: "copies.cu", text: COPIES_CU },
    code: `const lib = new Program(files["copies.cu"]).compile().toLibrary();
const n = 1 << 18;
const x = Buffer.zerosF32(32 * n), y = Buffer.zerosF32(n);
const args = new Args().buffer(y).buffer(x).u32(n);

const fast = lib.getKernel("copy_coalesced").profile([n / 256], [256], args);
const slow = lib.getKernel("copy_strided").profile([n / 256], [256], args);
show(slow);                                  // what is wrong, and where
const both = new Comparison();
both.push(fast);
both.push(slow);
show(both);                                  // side by side, on one scale
show(slow.hints());
`,
  },
  {
    id: "hopper-gemm",
    title: "A Hopper GEMM: TMA and wgmma",
    text: `
<p>Hopper's fast matrix multiplies rest on two pieces of hardware. The <b>Tensor Memory
Accelerator</b> (TMA) copies a whole tile of a matrix into shared memory on one thread's
request (<code>cp.async.bulk.tensor</code>), described by a <b>tensor map</b>, and an
<code>mbarrier</code> counts the bytes in. <b>Warpgroup MMA</b>
(<code>wgmma.mma_async</code>) lets the four warps of a warpgroup multiply a 64-row tile
straight from shared memory on the tensor cores. The simulator runs both with an H100's
arithmetic.</p>
<p>Step by step: (1) a tensor map of 64 &times; 64 boxes of f16, 128 bytes a row, with the
<b>128-byte swizzle</b>; (2) one box through the TMA, copied out of shared memory as it
landed (element <code>(r, c)</code> holds <code>c</code>); (3) the swizzle: chunk
<code>c</code> of row <code>r</code> lands at chunk <code>c XOR (r mod 8)</code>, so the
columns of eight rows fall in eight different banks; (4) the whole GEMM, each warpgroup
issuing four <code>wgmma.mma_async.m64n64k16</code> per 64-wide step of K, against the plain
tiled GEMM: bit for bit (the inputs are small integers, exact in f16 and f32), then side by
side in the cost model (<b>simulated</b> times).</p>
<p>The kernels are hand-written PTX in <code>hopper-gemm.ptx</code>; notebook 08 walks
through the same steps. Try a 64-byte swizzle in step 1 and read the error.</p>
<pre class="rust">let mut desc = *TensorMap::tiled(&amp;a, TensorMapDataType::F16, &amp;[k, m], &amp;[64, 64])?.desc();
desc.swizzle = TensorMapSwizzle::B128;
let amap = TensorMap::new(&amp;a, &amp;desc)?;
launch!(gemm, &amp;stream, &amp;cfg, &amp;amap, &amp;bmap, c, n, k)?;</pre>`,
    ptx: { name: "hopper-gemm.ptx", text: HOPPER_GEMM_PTX },
    code: `const lib = Library.loadData(files["hopper-gemm.ptx"]);
// Small integers as f16 bits, and back: exact, so any two correct GEMMs agree bit for bit.
const f16 = (v) => {
  if (v === 0) return 0;
  const a = Math.abs(v), e = 31 - Math.clz32(a);
  return (v < 0 ? 0x8000 : 0) | ((e + 15) << 10) | ((a << (10 - e)) & 0x3ff);
};
const value = (h) => (h & 0x7fff) === 0 ? 0 : (h & 0x8000 ? -1 : 1) * (1024 + (h & 0x3ff)) * 2 ** (((h >> 10) & 31) - 25);
const halves = (values) => Buffer.fromBytes(new Uint8Array(Uint16Array.from(values, f16).buffer));
const M = 128, N = 128, K = 128;
const a = Array.from({ length: M * K }, (_, i) => ((i * 7 + Math.floor(i / K)) % 9) - 4);
const bt = Array.from({ length: N * K }, (_, i) => ((i * 5 + 3 * Math.floor(i / K)) % 9) - 4);
const A = halves(a), Bt = halves(bt);   // Bt is B transposed: both operands K-major

// 1. The tensor maps: dimensions and box innermost first, swizzle span in bytes.
const amap = TensorMap.tiled(A, "f16", [K, M], [64, 64], 128);
const bmap = TensorMap.tiled(Bt, "f16", [K, N], [64, 64], 128);
show(amap);

// 2. One box lands in shared memory: element (r, c) of the matrix holds c.
const cols = halves(Array.from({ length: 64 * 64 }, (_, i) => i % 64));
const landed = Buffer.zeros(64 * 64 * 2);
const cmap = TensorMap.tiled(cols, "f16", [64, 64], [64, 64], 128);
lib.getKernel("tma_tile").launch([1], [128], new Args().tensorMap(cmap).buffer(landed).u32(0).u32(0));
const bytes = landed.readBytes();
const tile = Float32Array.from(new Uint16Array(bytes.buffer, bytes.byteOffset, 64 * 64), value);

// 3. The swizzle: where each row's 16-byte chunks (8 f16) went.
for (let r = 0; r < 4; r++) {
  const firsts = Array.from({ length: 8 }, (_, c) => String(tile[r * 64 + c * 8]).padStart(2));
  show(\`row \${r}: chunks start with columns \${firsts.join(" ")}\`);
}
show(Buffer.fromF32(tile).heatmap(64));

// 4. The whole GEMM, both ways, profiled by the cost model.
const cT = Buffer.zerosF32(M * N), cW = Buffer.zerosF32(M * N);
const tiled = lib.getKernel("gemm_tiled").profile([N / 16, M / 16], [16, 16],
  new Args().buffer(A).buffer(Bt).buffer(cT).u32(N).u32(K));
const wgmma = lib.getKernel("gemm_tma_wgmma").profile([N / 64, M / 64], [128],
  new Args().tensorMap(amap).tensorMap(bmap).buffer(cW).u32(N).u32(K));
const wf = cW.readF32();
const t = new Uint32Array(cT.readF32().buffer), w = new Uint32Array(wf.buffer);
let differ = 0, wrong = 0;
for (let i = 0; i < M * N; i++) {
  let want = 0;
  for (let x = 0; x < K; x++) want += a[Math.floor(i / N) * K + x] * bt[(i % N) * K + x];
  if (t[i] !== w[i]) differ++;
  if (wf[i] !== want) wrong++;
}
show(\`\${M * N} outputs: \${differ} differ between the two GEMMs, \${wrong} from the CPU's\`);
const both = new Comparison();
both.push(tiled);
both.push(wgmma);
show(both);
`,
  },
  {
    id: "errors",
    title: "When things go wrong",
    text: `
<p>Mistakes are errors that say what failed and what to do, never a crash or a wrong
answer: a compile error (at its line and column, with the source line), a wrong argument
size, an out-of-bounds access (with the block, thread and address), a kernel that never ends
(stopped at the simulator's instruction budget, so the page never hangs), a kernel used
after its library was unloaded.</p>
<p>Errors the snippet does not catch are shown next to the line they come from: a compile
error in <code>errors.cu</code>, a fault at its line of the PTX.</p>
<pre class="rust">match launch!(saxpy, &amp;stream, &amp;cfg, 1.0f32, x, x, 4.0f64) {
    Err(e) =&gt; println!("{e}"),   // argument 3 is 8 bytes, the kernel takes 4
    Ok(()) =&gt; unreachable!(),
}</pre>`,
    cuda: { name: "errors.cu", text: ERRORS_CU },
    code: `try {   // a name that is not declared
  new Program("__global__ void k(float* p) { p[0] = q; }").compile();
} catch (e) { show(e); }

const lib = new Program(files["errors.cu"]).compile().toLibrary();
const saxpy = lib.getKernel("saxpy");
const x = Buffer.zerosF32(4);   // room for 4 floats

try {   // the last parameter is an int: 4 bytes, not 8
  saxpy.launch([1], [32], new Args().f32(1).buffer(x).buffer(x).f64(4));
} catch (e) { show(e); }

try {   // 64 threads read and write 64 floats in a 4-float buffer
  saxpy.launch([1], [64], new Args().f32(1).buffer(x).buffer(x).i32(64));
} catch (e) { show(e); }

try {   // waits for a flag that stays 0, until the budget stops it
  lib.getKernel("forever").launch([1], [32], new Args().buffer(x));
} catch (e) { show(e); }

lib.unload();
try { saxpy.name(); } catch (e) { show(e); }
`,
  },
  {
    id: "your-file",
    title: "Your own image",
    text: `
<p>Drop a <code>.cubin</code>, <code>.fatbin</code> or <code>.ptx</code> file (or CUDA C,
a <code>.cu</code> file) anywhere on this page, or choose one with the button below. It stays in your browser: nothing is
uploaded. It then appears as <code>files[dropped]</code>.</p>
<p><code>inspect</code> reads an image without loading it (the same table as the
<code>culib inspect --json</code> command).</p>
<pre class="rust">let table = LibraryTable::read(&amp;bytes)?;   // culib inspect
let lib = Library::load_file("my.cubin", &amp;Default::default())?;</pre>`,
    upload: true,
    code: `const name = dropped ?? "tables.zstd.fatbin";   // a sample until you drop a file
// A CUDA C file is compiled first; an image is used as it is.
const image = name.endsWith(".cu") ? new Program(files[name]).compile().bytes() : files[name];
const table = inspect(image);
show(\`\${name}: \${table.kernels.length} kernels, \${Object.keys(table.globals).length} variables\`);

const lib = Library.loadData(image);
show(lib);
show(lib.kernelTable(128));
`,
  },
];
