// Device side of the tensor-core arithmetic probe (see probe.cu and README.md).
// Every kernel reads one case per block from `in` and writes its result registers to
// `out`, registers lane-major: word `reg * LANES + lane`. The host packs and records the
// exact words each kernel read, so a replay on the simulator runs the same kernel on
// the same words and compares the words written.
#pragma once
#ifdef __CUDACC_RTC__
typedef unsigned int uint32_t;
typedef unsigned short uint16_t;
typedef unsigned char uint8_t;
typedef unsigned long long uint64_t;
#endif

// ---- mma.sync (one warp per case) -------------------------------------------------------

#define MMA_LOAD(NA, NB, NC)                                                             \
  const uint32_t *p = in + (size_t)blockIdx.x * ((NA) + (NB) + (NC)) * 32;            \
  const unsigned l = threadIdx.x;                                                        \
  uint32_t a[NA], b[NB], c[NC];                                                          \
  for (int i = 0; i < (NA); i++) a[i] = p[i * 32 + l];                                   \
  for (int i = 0; i < (NB); i++) b[i] = p[((NA) + i) * 32 + l];                          \
  for (int i = 0; i < (NC); i++) c[i] = p[((NA) + (NB) + i) * 32 + l];                   \
  uint32_t *q = out + (size_t)blockIdx.x * (NC) * 32;

// A 4 regs, B 2 regs, C/D 4 f32.
#define MMA_4_2_F32(NAME, INSTR)                                                         \
  extern "C" __global__ void NAME(const uint32_t *in, uint32_t *out) {                   \
    MMA_LOAD(4, 2, 4)                                                                    \
    float d0, d1, d2, d3;                                                                \
    asm volatile(INSTR " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"     \
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)                                \
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),     \
                   "f"(__uint_as_float(c[0])), "f"(__uint_as_float(c[1])),               \
                   "f"(__uint_as_float(c[2])), "f"(__uint_as_float(c[3])));              \
    q[0 * 32 + l] = __float_as_uint(d0);                                                 \
    q[1 * 32 + l] = __float_as_uint(d1);                                                 \
    q[2 * 32 + l] = __float_as_uint(d2);                                                 \
    q[3 * 32 + l] = __float_as_uint(d3);                                                 \
  }

// A 2 regs, B 1 reg, C/D 4 f32.
#define MMA_2_1_F32(NAME, INSTR)                                                         \
  extern "C" __global__ void NAME(const uint32_t *in, uint32_t *out) {                   \
    MMA_LOAD(2, 1, 4)                                                                    \
    float d0, d1, d2, d3;                                                                \
    asm volatile(INSTR " {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"                  \
                 : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)                                \
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "f"(__uint_as_float(c[0])),          \
                   "f"(__uint_as_float(c[1])), "f"(__uint_as_float(c[2])),               \
                   "f"(__uint_as_float(c[3])));                                          \
    q[0 * 32 + l] = __float_as_uint(d0);                                                 \
    q[1 * 32 + l] = __float_as_uint(d1);                                                 \
    q[2 * 32 + l] = __float_as_uint(d2);                                                 \
    q[3 * 32 + l] = __float_as_uint(d3);                                                 \
  }

// A 4 regs, B 2 regs, C/D 2 f16x2.
#define MMA_4_2_F16(NAME, INSTR)                                                         \
  extern "C" __global__ void NAME(const uint32_t *in, uint32_t *out) {                   \
    MMA_LOAD(4, 2, 2)                                                                    \
    uint32_t d0, d1;                                                                     \
    asm volatile(INSTR " {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%8,%9};"                      \
                 : "=r"(d0), "=r"(d1)                                                    \
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),     \
                   "r"(c[0]), "r"(c[1]));                                                \
    q[0 * 32 + l] = d0;                                                                  \
    q[1 * 32 + l] = d1;                                                                  \
  }

MMA_4_2_F32(mma_m16n8k16_f32_f16, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32")
MMA_4_2_F16(mma_m16n8k16_f16_f16, "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16")
MMA_2_1_F32(mma_m16n8k8_f32_f16, "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32")
MMA_4_2_F32(mma_m16n8k16_f32_bf16, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32")
MMA_2_1_F32(mma_m16n8k8_f32_bf16, "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32")
MMA_4_2_F32(mma_m16n8k8_f32_tf32, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32")
MMA_2_1_F32(mma_m16n8k4_f32_tf32, "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32")
MMA_4_2_F32(mma_m16n8k32_f32_e4m3, "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32")
MMA_4_2_F32(mma_m16n8k32_f32_e5m2, "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32")
MMA_4_2_F32(mma_m16n8k32_f32_e4m3_e5m2, "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32")

// ---- wgmma.mma_async (one warpgroup per case) -------------------------------------------
//
// Case words: [A shared bytes][B shared bytes][A registers, 128 lanes each][C registers].
// The shared bytes are copied verbatim to shared memory (A at offset 0, B at offset
// `WG_B_AT`, both 1024-byte aligned), so the descriptors' layout and swizzle decide what
// the instruction reads; the descriptors come from `WgParams`.

struct WgParams {
  uint32_t a_bytes, b_bytes, a_regs, c_regs;   // sizes of the case's parts
  uint32_t a_start, a_lbo, a_sbo, a_swizzle;   // A descriptor (start relative to A's base)
  uint32_t b_start, b_lbo, b_sbo, b_swizzle;   // B descriptor
  uint32_t scale_d;                            // 0: D = A*B, else D = A*B + C
};

#define WG_B_AT 16384
#define WG_SMEM (WG_B_AT + 16384)

// `swizzle`: the mode in bits 0-1 and the descriptor's base offset in bits 8-10 (0 in every
// recorded case; `tests/gpu/wgmma.rs` sets it to record what an H100 does with one).
__device__ __forceinline__ uint64_t wg_desc(uint32_t addr, uint32_t lbo, uint32_t sbo,
                                            uint32_t swizzle) {
  return (uint64_t)((addr >> 4) & 0x3fff) | ((uint64_t)((lbo >> 4) & 0x3fff) << 16) |
         ((uint64_t)((sbo >> 4) & 0x3fff) << 32) | ((uint64_t)((swizzle >> 8) & 7) << 49) |
         ((uint64_t)(swizzle & 3) << 62);
}

#define WG_PROLOGUE                                                                      \
  extern __shared__ __align__(1024) uint32_t smem[];                                     \
  const unsigned t = threadIdx.x;                                                        \
  const uint32_t per_case = (P.a_bytes + P.b_bytes) / 4 + (P.a_regs + P.c_regs) * 128;   \
  const uint32_t *p = in + (size_t)blockIdx.x * per_case;                                \
  for (uint32_t i = t; i < P.a_bytes / 4; i += 128) smem[i] = p[i];                      \
  p += P.a_bytes / 4;                                                                    \
  for (uint32_t i = t; i < P.b_bytes / 4; i += 128) smem[WG_B_AT / 4 + i] = p[i];        \
  p += P.b_bytes / 4;                                                                    \
  uint32_t a[4] = {0, 0, 0, 0};                                                          \
  for (uint32_t i = 0; i < P.a_regs && i < 4; i++) a[i] = p[i * 128 + t];               \
  p += P.a_regs * 128;                                                                   \
  uint32_t c[16];                                                                        \
  for (uint32_t i = 0; i < 16; i++) c[i] = i < P.c_regs ? p[i * 128 + t] : 0;            \
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");                          \
  __syncthreads();                                                                       \
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);                        \
  const uint64_t da = wg_desc(base + P.a_start, P.a_lbo, P.a_sbo, P.a_swizzle);          \
  const uint64_t db = wg_desc(base + WG_B_AT + P.b_start, P.b_lbo, P.b_sbo, P.b_swizzle); \
  (void)da;                                                                              \
  (void)a;                                                                               \
  uint32_t *q = out + (size_t)blockIdx.x * P.c_regs * 128;                               \
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");

#define WG_EPILOGUE                                                                      \
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");                        \
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");                        \
  for (uint32_t i = 0; i < P.c_regs; i++) q[i * 128 + t] = c[i];

// Four f32 accumulators (m64n8), A and B from descriptors. ARGS: the immediates after scale-d.
#define WG_F32X4_SS(NAME, INSTR, ARGS)                                                   \
  extern "C" __global__ void NAME(const uint32_t *in, uint32_t *out, WgParams P) {       \
    WG_PROLOGUE                                                                          \
    float d[4];                                                                          \
    for (int i = 0; i < 4; i++) d[i] = __uint_as_float(c[i]);                            \
    asm volatile("{ .reg .pred sd; setp.ne.b32 sd, %6, 0; " INSTR                        \
                 " {%0,%1,%2,%3}, %4, %5, sd" ARGS "; }"                                  \
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])                        \
                 : "l"(da), "l"(db), "r"(P.scale_d)                                      \
                 : "memory");                                                            \
    for (int i = 0; i < 4; i++) c[i] = __float_as_uint(d[i]);                            \
    WG_EPILOGUE                                                                          \
  }

// Four f32 accumulators (m64n8), A from four registers.
#define WG_F32X4_RS(NAME, INSTR, ARGS)                                                   \
  extern "C" __global__ void NAME(const uint32_t *in, uint32_t *out, WgParams P) {       \
    WG_PROLOGUE                                                                          \
    float d[4];                                                                          \
    for (int i = 0; i < 4; i++) d[i] = __uint_as_float(c[i]);                            \
    asm volatile("{ .reg .pred sd; setp.ne.b32 sd, %9, 0; " INSTR                        \
                 " {%0,%1,%2,%3}, {%4,%5,%6,%7}, %8, sd" ARGS "; }"                        \
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])                        \
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(P.scale_d)   \
                 : "memory");                                                            \
    for (int i = 0; i < 4; i++) c[i] = __float_as_uint(d[i]);                            \
    WG_EPILOGUE                                                                          \
  }

// Two f16x2 accumulators (m64n8), A and B from descriptors.
#define WG_F16X2_SS(NAME, INSTR, ARGS)                                                   \
  extern "C" __global__ void NAME(const uint32_t *in, uint32_t *out, WgParams P) {       \
    WG_PROLOGUE                                                                          \
    asm volatile("{ .reg .pred sd; setp.ne.b32 sd, %4, 0; " INSTR                        \
                 " {%0,%1}, %2, %3, sd" ARGS "; }"                                        \
                 : "+r"(c[0]), "+r"(c[1])                                                \
                 : "l"(da), "l"(db), "r"(P.scale_d)                                      \
                 : "memory");                                                            \
    WG_EPILOGUE                                                                          \
  }

// Four s32 accumulators (m64n8), A and B from descriptors.
#define WG_S32X4_SS(NAME, INSTR)                                                         \
  extern "C" __global__ void NAME(const uint32_t *in, uint32_t *out, WgParams P) {       \
    WG_PROLOGUE                                                                          \
    asm volatile("{ .reg .pred sd; setp.ne.b32 sd, %6, 0; " INSTR                        \
                 " {%0,%1,%2,%3}, %4, %5, sd; }"                                          \
                 : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])                        \
                 : "l"(da), "l"(db), "r"(P.scale_d)                                      \
                 : "memory");                                                            \
    WG_EPILOGUE                                                                          \
  }

// Sixteen f32 accumulators (m64n32), A and B from descriptors: B's N groups and D's
// column blocks past the first.
#define WG_F32X16_SS(NAME, INSTR, ARGS)                                                  \
  extern "C" __global__ void NAME(const uint32_t *in, uint32_t *out, WgParams P) {       \
    WG_PROLOGUE                                                                          \
    float d[16];                                                                         \
    for (int i = 0; i < 16; i++) d[i] = __uint_as_float(c[i]);                           \
    asm volatile("{ .reg .pred sd; setp.ne.b32 sd, %18, 0; " INSTR                       \
                 " {%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15}, %16, %17, sd"  \
                 ARGS "; }"                                                              \
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]),           \
                   "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]),           \
                   "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]),      \
                   "+f"(d[15])                                                           \
                 : "l"(da), "l"(db), "r"(P.scale_d)                                      \
                 : "memory");                                                            \
    for (int i = 0; i < 16; i++) c[i] = __float_as_uint(d[i]);                            \
    WG_EPILOGUE                                                                          \
  }


// Thirty-two f32 accumulators (m64n64), A and B from descriptors.
#define WG_F32X32_SS(NAME, INSTR, ARGS)                                                  \
  extern "C" __global__ void NAME(const uint32_t *in, uint32_t *out, WgParams P) {       \
    WG_PROLOGUE                                                                          \
    float d[32];                                                                         \
    for (int i = 0; i < 32; i++) d[i] = __uint_as_float(i < 16 ? c[i] : p[i * 128 + t]);  \
    asm volatile("{ .reg .pred sd; setp.ne.b32 sd, %34, 0; " INSTR                       \
                 " {%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10,%11,%12,%13,%14,%15,%16,%17,%18,%19,%20,%21,%22,%23,%24,%25,%26,%27,%28,%29,%30,%31}, %32, %33, sd" ARGS "; }"                                       \
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])                                                                   \
                 : "l"(da), "l"(db), "r"(P.scale_d)                                      \
                 : "memory");                                                            \
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");                      \
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");                      \
    for (uint32_t i = 0; i < 32; i++) q[i * 128 + t] = __float_as_uint(d[i]);            \
  }

// Chains of STEPS wgmma into the same accumulators in one group: step j reads A and B
// j * P.a_start and j * P.b_start bytes further on (k-steps along a K-major row).
#define WG_F32X4_SS_CHAIN(NAME, INSTR, ARGS, STEPS)                                      \
  extern "C" __global__ void NAME(const uint32_t *in, uint32_t *out, WgParams P) {       \
    WG_PROLOGUE                                                                          \
    float d[4];                                                                          \
    for (int i = 0; i < 4; i++) d[i] = __uint_as_float(c[i]);                            \
    for (int j = 0; j < (STEPS); j++) {                                                  \
      uint64_t a_j = wg_desc(base + j * P.a_start, P.a_lbo, P.a_sbo, P.a_swizzle);       \
      uint64_t b_j = wg_desc(base + WG_B_AT + j * P.b_start, P.b_lbo, P.b_sbo, P.b_swizzle); \
      asm volatile("{ .reg .pred sd; setp.ne.b32 sd, %6, 0; " INSTR                      \
                   " {%0,%1,%2,%3}, %4, %5, sd" ARGS "; }"                                \
                   : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])                      \
                   : "l"(a_j), "l"(b_j), "r"(j == 0 ? P.scale_d : 1u)                    \
                   : "memory");                                                          \
    }                                                                                    \
    (void)db;                                                                            \
    for (int i = 0; i < 4; i++) c[i] = __float_as_uint(d[i]);                            \
    WG_EPILOGUE                                                                          \
  }

WG_F32X4_SS(wg_m64n8k16_f32_f16, "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16", ", 1, 1, 0, 0")
WG_F32X4_SS(wg_m64n8k16_f32_f16_tnsp, "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16", ", 1, 1, 1, 1")
WG_F32X4_SS(wg_m64n8k16_f32_f16_neg, "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16", ", -1, 1, 0, 0")
WG_F32X4_RS(wg_m64n8k16_f32_f16_rs, "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16", ", 1, 1, 0")
WG_F16X2_SS(wg_m64n8k16_f16_f16, "wgmma.mma_async.sync.aligned.m64n8k16.f16.f16.f16", ", 1, 1, 0, 0")
WG_F32X4_SS(wg_m64n8k16_f32_bf16, "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16", ", 1, 1, 0, 0")
WG_F32X4_SS(wg_m64n8k8_f32_tf32, "wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32", ", 1, 1")
WG_F32X4_SS(wg_m64n8k32_f32_e4m3, "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3", ", 1, 1")
WG_F32X4_SS(wg_m64n8k32_f32_e5m2_e4m3, "wgmma.mma_async.sync.aligned.m64n8k32.f32.e5m2.e4m3", ", 1, 1")
WG_F32X4_RS(wg_m64n8k32_f32_e4m3_rs, "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3", ", 1, 1")
WG_F16X2_SS(wg_m64n8k32_f16_e4m3, "wgmma.mma_async.sync.aligned.m64n8k32.f16.e4m3.e4m3", ", 1, 1")
WG_S32X4_SS(wg_m64n8k32_s32_s8_u8, "wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.u8")
WG_S32X4_SS(wg_m64n8k32_s32_s8_s8_sat, "wgmma.mma_async.sync.aligned.m64n8k32.satfinite.s32.s8.s8")
WG_F32X16_SS(wg_m64n32k16_f32_f16, "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16", ", 1, 1, 0, 0")
WG_F32X16_SS(wg_m64n32k16_f32_f16_tnsp, "wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16", ", 1, 1, 1, 1")

// ---- fp8 conversions (one element pair per thread) -------------------------------------

// f32 pairs -> packed f8x2 (`in` holds pairs: word 2i is a, 2i+1 is b).
#define CVT_F32_PAIR(NAME, INSTR)                                                        \
  extern "C" __global__ void NAME(const uint32_t *in, uint32_t *out, uint32_t n) {       \
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;                                  \
    if (i >= n) return;                                                                  \
    uint16_t d;                                                                          \
    asm volatile(INSTR " %0, %1, %2;"                                                    \
                 : "=h"(d)                                                               \
                 : "f"(__uint_as_float(in[2 * i])), "f"(__uint_as_float(in[2 * i + 1])));  \
    out[i] = d;                                                                          \
  }

// One 32-bit register in, one out (f16x2 -> f8x2 in the low 16 bits, or f8x2 -> f16x2).
#define CVT_B32(NAME, INSTR)                                                             \
  extern "C" __global__ void NAME(const uint32_t *in, uint32_t *out, uint32_t n) {       \
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;                                  \
    if (i >= n) return;                                                                  \
    uint32_t d;                                                                          \
    asm volatile(INSTR : "=r"(d) : "r"(in[i]));                                          \
    out[i] = d;                                                                          \
  }

CVT_F32_PAIR(cvt_e4m3x2_f32, "cvt.rn.satfinite.e4m3x2.f32")
CVT_F32_PAIR(cvt_e5m2x2_f32, "cvt.rn.satfinite.e5m2x2.f32")
CVT_F32_PAIR(cvt_relu_e4m3x2_f32, "cvt.rn.satfinite.relu.e4m3x2.f32")
CVT_B32(cvt_e4m3x2_f16x2, "{ .reg .b16 d; cvt.rn.satfinite.e4m3x2.f16x2 d, %1; cvt.u32.u16 %0, d; }")
CVT_B32(cvt_e5m2x2_f16x2, "{ .reg .b16 d; cvt.rn.satfinite.e5m2x2.f16x2 d, %1; cvt.u32.u16 %0, d; }")
CVT_B32(cvt_f16x2_e4m3x2, "{ .reg .b16 s; cvt.u16.u32 s, %1; cvt.rn.f16x2.e4m3x2 %0, s; }")
CVT_B32(cvt_f16x2_e5m2x2, "{ .reg .b16 s; cvt.u16.u32 s, %1; cvt.rn.f16x2.e5m2x2 %0, s; }")
CVT_B32(cvt_relu_f16x2_e4m3x2, "{ .reg .b16 s; cvt.u16.u32 s, %1; cvt.rn.relu.f16x2.e4m3x2 %0, s; }")

MMA_4_2_F16(mma_m16n8k32_f16_e4m3, "mma.sync.aligned.m16n8k32.row.col.f16.e4m3.e4m3.f16")

// Round two: fp8 m16n8k16, chains, b1, m64n64 layouts.
MMA_2_1_F32(mma_m16n8k16_f32_e4m3, "mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32")
WG_F32X4_SS_CHAIN(wg_m64n8k32x4_f32_e4m3, "wgmma.mma_async.sync.aligned.m64n8k32.f32.e4m3.e4m3", ", 1, 1", 4)
WG_F32X4_SS_CHAIN(wg_m64n8k16x2_f32_f16, "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16", ", 1, 1, 0, 0", 2)
WG_F32X4_SS_CHAIN(wg_m64n8k16x2_f32_bf16, "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16", ", 1, 1, 0, 0", 2)
WG_S32X4_SS(wg_m64n8k256_s32_b1, "wgmma.mma_async.sync.aligned.m64n8k256.s32.b1.b1.and.popc")
WG_F32X32_SS(wg_m64n64k16_f32_f16, "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16", ", 1, 1, 0, 0")
WG_F32X32_SS(wg_m64n64k16_f32_f16_tnsp, "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16", ", 1, 1, 1, 1")
