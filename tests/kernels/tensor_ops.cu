// Tensor-core cases for tests/kernels/tensor_ops.rs (compiled with NVRTC for compute_80).
//
// mma kernels: one warp; every matrix in global memory holds one element per 64-bit word,
// row-major (A is m x k, B is k x n, C and D are m x n). Each lane gathers its fragments
// with the positions the PTX ISA gives for the shape ("Matrix Fragments for mma.mMnNkK",
// written out per shape below, independently of the simulator's formulas), runs the mma
// through inline assembly and scatters D back.
//
// wmma kernels: the wmma.load/mma/store instructions <mma.h> emits, written as inline
// assembly (NVRTC's <mma.h> needs crt/mma.h from a CUDA toolkit, which the PyPI wheels
// lack), on matrices stored in their own types with the layouts and leading dimensions
// the case names. The results do not depend on the (opaque) fragment layout.

#include <cuda_fp16.h>
#include <cuda_bf16.h>

typedef unsigned long long u64;
typedef unsigned int u32;

#define LANE (threadIdx.x & 31)
#define GID (LANE >> 2)
#define TIG (LANE & 3)

// Element (r, c) of a row-major matrix with `cols` columns, as `bits` low bits.
__device__ __forceinline__ u32 el(const u64* m, int cols, int r, int c, int bits) {
    u64 v = m[r * cols + c];
    return bits == 32 ? (u32)v : (u32)(v & ((1ull << bits) - 1));
}

// Packs element i (of `per` per register) into its register.
__device__ __forceinline__ void put(u32* regs, int i, int per, int bits, u32 v) {
    regs[i / per] |= v << ((i % per) * bits);
}

// ---- f16 / bf16 -------------------------------------------------------------------

// m16n8k8: A a0..a3 row GID (a0,a1) / GID+8 (a2,a3), col TIG*2+(i&1); B b0,b1 row
// TIG*2+(i&1), col GID; C/D c0..c3 row GID (c0,c1) / GID+8, col TIG*2+(i&1).
#define LOAD_A_K8_16()                                                                   \
    for (int i = 0; i < 4; ++i)                                                          \
        put(a, i, 2, 16, el(A, 8, i < 2 ? GID : GID + 8, TIG * 2 + (i & 1), 16));
#define LOAD_B_K8_16()                                                                   \
    for (int i = 0; i < 2; ++i) put(b, i, 2, 16, el(B, 8, TIG * 2 + (i & 1), GID, 16));
// m16n8k16: A a0..a7 row GID for a0,a1,a4,a5 else GID+8; col TIG*2+(i&1), +8 for i>=4.
// B b0..b3 row TIG*2+(i&1), +8 for i>=2; col GID.
#define LOAD_A_K16_16()                                                                  \
    for (int i = 0; i < 8; ++i)                                                          \
        put(a, i, 2, 16,                                                                 \
            el(A, 16, (i < 2 || (i >= 4 && i < 6)) ? GID : GID + 8,                      \
               TIG * 2 + (i & 1) + (i >= 4 ? 8 : 0), 16));
#define LOAD_B_K16_16()                                                                  \
    for (int i = 0; i < 4; ++i)                                                          \
        put(b, i, 2, 16, el(B, 8, TIG * 2 + (i & 1) + (i >= 2 ? 8 : 0), GID, 16));
#define C_ROW(i) ((i) < 2 ? GID : GID + 8)
#define C_COL(i) (TIG * 2 + ((i) & 1))
#define LOAD_C_F32()                                                                     \
    for (int i = 0; i < 4; ++i) c[i] = el(C, 8, C_ROW(i), C_COL(i), 32);
#define STORE_D_F32()                                                                    \
    for (int i = 0; i < 4; ++i) D[C_ROW(i) * 8 + C_COL(i)] = d[i];
#define LOAD_C_F16()                                                                     \
    for (int i = 0; i < 4; ++i) put(c, i, 2, 16, el(C, 8, C_ROW(i), C_COL(i), 16));
#define STORE_D_F16()                                                                    \
    for (int i = 0; i < 4; ++i) D[C_ROW(i) * 8 + C_COL(i)] = (d[i / 2] >> (16 * (i % 2))) & 0xffff;

#define MMA_F32_K8(TY)                                                                   \
    extern "C" __global__ void mma_m16n8k8_##TY##_f32(const u64* A, const u64* B,        \
                                                      const u64* C, u64* D) {             \
        u32 a[2] = {0, 0}, b[1] = {0}, c[4], d[4];                                       \
        LOAD_A_K8_16() LOAD_B_K8_16() LOAD_C_F32()                                       \
        asm volatile("mma.sync.aligned.m16n8k8.row.col.f32." #TY "." #TY ".f32 "         \
                     "{%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"                     \
                     : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])                    \
                     : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), \
                       "r"(c[3]));                                                       \
        STORE_D_F32()                                                                    \
    }
#define MMA_F32_K16(TY)                                                                  \
    extern "C" __global__ void mma_m16n8k16_##TY##_f32(const u64* A, const u64* B,       \
                                                       const u64* C, u64* D) {            \
        u32 a[4] = {0, 0, 0, 0}, b[2] = {0, 0}, c[4], d[4];                              \
        LOAD_A_K16_16() LOAD_B_K16_16() LOAD_C_F32()                                     \
        asm volatile("mma.sync.aligned.m16n8k16.row.col.f32." #TY "." #TY ".f32 "        \
                     "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"         \
                     : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])                    \
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), \
                       "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));                      \
        STORE_D_F32()                                                                    \
    }
MMA_F32_K8(f16)
MMA_F32_K8(bf16)
MMA_F32_K16(f16)
MMA_F32_K16(bf16)

extern "C" __global__ void mma_m16n8k16_f16_f16(const u64* A, const u64* B, const u64* C,
                                                u64* D) {
    u32 a[4] = {0, 0, 0, 0}, b[2] = {0, 0}, c[2] = {0, 0}, d[2];
    LOAD_A_K16_16() LOAD_B_K16_16() LOAD_C_F16()
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 "
                 "{%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%8,%9};"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "r"(c[0]), "r"(c[1]));
    STORE_D_F16()
}

extern "C" __global__ void mma_m16n8k8_f16_f16(const u64* A, const u64* B, const u64* C,
                                               u64* D) {
    u32 a[2] = {0, 0}, b[1] = {0}, c[2] = {0, 0}, d[2];
    LOAD_A_K8_16() LOAD_B_K8_16() LOAD_C_F16()
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 "
                 "{%0,%1}, {%2,%3}, {%4}, {%5,%6};"
                 : "=r"(d[0]), "=r"(d[1])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]));
    STORE_D_F16()
}

// ---- tf32 ---------------------------------------------------------------------------

// m16n8k4: A a0 row GID, a1 row GID+8, col TIG; B b0 row TIG, col GID.
extern "C" __global__ void mma_m16n8k4_tf32_f32(const u64* A, const u64* B, const u64* C,
                                                u64* D) {
    u32 a[2], b[1], c[4], d[4];
    a[0] = el(A, 4, GID, TIG, 32);
    a[1] = el(A, 4, GID + 8, TIG, 32);
    b[0] = el(B, 8, TIG, GID, 32);
    LOAD_C_F32()
    asm volatile("mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 "
                 "{%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
    STORE_D_F32()
}

// m16n8k8: A row GID for a0,a2 and GID+8 for a1,a3; col TIG for a0,a1 and TIG+4 for a2,a3.
// B b0 row TIG, b1 row TIG+4; col GID.
extern "C" __global__ void mma_m16n8k8_tf32_f32(const u64* A, const u64* B, const u64* C,
                                                u64* D) {
    u32 a[4], b[2], c[4], d[4];
    for (int i = 0; i < 4; ++i) a[i] = el(A, 8, (i & 1) ? GID + 8 : GID, i < 2 ? TIG : TIG + 4, 32);
    b[0] = el(B, 8, TIG, GID, 32);
    b[1] = el(B, 8, TIG + 4, GID, 32);
    LOAD_C_F32()
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                 "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                   "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));
    STORE_D_F32()
}

// ---- f64 ----------------------------------------------------------------------------

// m8n8k4: A row GID col TIG; B row TIG col GID; C/D c0,c1 row GID col TIG*2+i.
extern "C" __global__ void mma_m8n8k4_f64_f64(const u64* A, const u64* B, const u64* C,
                                              u64* D) {
    double a = __longlong_as_double(A[GID * 4 + TIG]);
    double b = __longlong_as_double(B[TIG * 8 + GID]);
    double c0 = __longlong_as_double(C[GID * 8 + TIG * 2]);
    double c1 = __longlong_as_double(C[GID * 8 + TIG * 2 + 1]);
    double d0, d1;
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%4,%5};"
                 : "=d"(d0), "=d"(d1)
                 : "d"(a), "d"(b), "d"(c0), "d"(c1));
    D[GID * 8 + TIG * 2] = __double_as_longlong(d0);
    D[GID * 8 + TIG * 2 + 1] = __double_as_longlong(d1);
}

// ---- integers -------------------------------------------------------------------------

#define LOAD_C_S32()                                                                     \
    for (int i = 0; i < 4; ++i) c[i] = el(C, 8, C_ROW(i), C_COL(i), 32);

// m16n8k16 8-bit: A a0..a7 row GID for i<4 else GID+8, col TIG*4+(i&3); B b0..b3 row
// TIG*4+i, col GID.
#define MMA_I8_K16(AT, BT, SAT, NAME)                                                    \
    extern "C" __global__ void NAME(const u64* A, const u64* B, const u64* C, u64* D) {  \
        u32 a[2] = {0, 0}, b[1] = {0}, c[4], d[4];                                       \
        for (int i = 0; i < 8; ++i)                                                      \
            put(a, i, 4, 8, el(A, 16, i < 4 ? GID : GID + 8, TIG * 4 + (i & 3), 8));     \
        for (int i = 0; i < 4; ++i) put(b, i, 4, 8, el(B, 8, TIG * 4 + i, GID, 8));      \
        LOAD_C_S32()                                                                     \
        asm volatile("mma.sync.aligned.m16n8k16.row.col" SAT ".s32." #AT "." #BT ".s32 " \
                     "{%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"                     \
                     : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])                    \
                     : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), \
                       "r"(c[3]));                                                       \
        STORE_D_F32()                                                                    \
    }
// m16n8k32 8-bit: A a0..a15 row GID for 0<=i<4 or 8<=i<12 else GID+8, col TIG*4+(i&3),
// +16 for i>=8; B b0..b7 row TIG*4+(i&3), +16 for i>=4; col GID.
#define MMA_I8_K32(AT, BT, SAT, NAME)                                                    \
    extern "C" __global__ void NAME(const u64* A, const u64* B, const u64* C, u64* D) {  \
        u32 a[4] = {0, 0, 0, 0}, b[2] = {0, 0}, c[4], d[4];                              \
        for (int i = 0; i < 16; ++i)                                                     \
            put(a, i, 4, 8,                                                              \
                el(A, 32, (i < 4 || (i >= 8 && i < 12)) ? GID : GID + 8,                 \
                   TIG * 4 + (i & 3) + (i >= 8 ? 16 : 0), 8));                           \
        for (int i = 0; i < 8; ++i)                                                      \
            put(b, i, 4, 8, el(B, 8, TIG * 4 + (i & 3) + (i >= 4 ? 16 : 0), GID, 8));    \
        LOAD_C_S32()                                                                     \
        asm volatile("mma.sync.aligned.m16n8k32.row.col" SAT ".s32." #AT "." #BT ".s32 " \
                     "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"         \
                     : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])                    \
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), \
                       "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));                      \
        STORE_D_F32()                                                                    \
    }
// m16n8k32 4-bit: A a0..a15 row GID for i<8 else GID+8, col TIG*8+(i&7); B b0..b7 row
// TIG*8+i, col GID.
#define MMA_I4_K32(AT, BT, SAT, NAME)                                                    \
    extern "C" __global__ void NAME(const u64* A, const u64* B, const u64* C, u64* D) {  \
        u32 a[2] = {0, 0}, b[1] = {0}, c[4], d[4];                                       \
        for (int i = 0; i < 16; ++i)                                                     \
            put(a, i, 8, 4, el(A, 32, i < 8 ? GID : GID + 8, TIG * 8 + (i & 7), 4));     \
        for (int i = 0; i < 8; ++i) put(b, i, 8, 4, el(B, 8, TIG * 8 + i, GID, 4));      \
        LOAD_C_S32()                                                                     \
        asm volatile("mma.sync.aligned.m16n8k32.row.col" SAT ".s32." #AT "." #BT ".s32 " \
                     "{%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};"                     \
                     : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])                    \
                     : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(c[0]), "r"(c[1]), "r"(c[2]), \
                       "r"(c[3]));                                                       \
        STORE_D_F32()                                                                    \
    }
// m16n8k64 4-bit: A a0..a31 row GID for 0<=i<8 or 16<=i<24 else GID+8, col TIG*8+(i&7),
// +32 for i>=16; B b0..b15 row TIG*8+(i&7), +32 for i>=8; col GID.
#define MMA_I4_K64(AT, BT, SAT, NAME)                                                    \
    extern "C" __global__ void NAME(const u64* A, const u64* B, const u64* C, u64* D) {  \
        u32 a[4] = {0, 0, 0, 0}, b[2] = {0, 0}, c[4], d[4];                              \
        for (int i = 0; i < 32; ++i)                                                     \
            put(a, i, 8, 4,                                                              \
                el(A, 64, (i < 8 || (i >= 16 && i < 24)) ? GID : GID + 8,                \
                   TIG * 8 + (i & 7) + (i >= 16 ? 32 : 0), 4));                          \
        for (int i = 0; i < 16; ++i)                                                     \
            put(b, i, 8, 4, el(B, 8, TIG * 8 + (i & 7) + (i >= 8 ? 32 : 0), GID, 4));    \
        LOAD_C_S32()                                                                     \
        asm volatile("mma.sync.aligned.m16n8k64.row.col" SAT ".s32." #AT "." #BT ".s32 " \
                     "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"         \
                     : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])                    \
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), \
                       "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]));                      \
        STORE_D_F32()                                                                    \
    }
MMA_I8_K16(s8, s8, "", mma_m16n8k16_s8_s8)
MMA_I8_K16(u8, s8, ".satfinite", mma_m16n8k16_u8_s8_sat)
MMA_I8_K32(s8, u8, "", mma_m16n8k32_s8_u8)
MMA_I8_K32(s8, s8, ".satfinite", mma_m16n8k32_s8_s8_sat)
MMA_I4_K32(s4, s4, "", mma_m16n8k32_s4_s4)
MMA_I4_K32(u4, u4, ".satfinite", mma_m16n8k32_u4_u4_sat)
MMA_I4_K64(s4, u4, "", mma_m16n8k64_s4_u4)
MMA_I4_K64(s4, s4, ".satfinite", mma_m16n8k64_s4_s4_sat)

// ---- ldmatrix / movmatrix -------------------------------------------------------------

// Four 8x8 matrices of b16 in shared memory, row r of matrix q at row 8q+r of a tile with a
// pitch of 16 elements (rows 16-byte aligned, half of each row padding); lane l gives the
// address of row l % (8 * count) (for x1 only lanes 0-7 count, for x2 0-15). Each lane
// writes the registers it received: out[lane * 4 + q].
#define LDMATRIX(NAME, X, N, TRANS, REGS, ...)                                          \
    extern "C" __global__ void NAME(const unsigned short* in, u32* out) {                \
        __shared__ __align__(16) unsigned short tile[32 * 16];                           \
        for (int i = LANE; i < 32 * 16; i += 32) tile[i] = in[i];                        \
        __syncwarp();                                                                    \
        u32 r[4] = {0, 0, 0, 0};                                                         \
        u32 addr = (u32)__cvta_generic_to_shared(&tile[(LANE % (8 * N)) * 16]);          \
        asm volatile("ldmatrix.sync.aligned.m8n8." X TRANS ".shared.b16 " REGS ", [%" #N \
                     "];"                                                                \
                     : __VA_ARGS__                                                       \
                     : "r"(addr));                                                       \
        for (int q = 0; q < 4; ++q) out[LANE * 4 + q] = r[q];                            \
    }
LDMATRIX(ldmatrix_x1, "x1", 1, "", "{%0}", "=r"(r[0]))
LDMATRIX(ldmatrix_x2_trans, "x2", 2, ".trans", "{%0,%1}", "=r"(r[0]), "=r"(r[1]))
LDMATRIX(ldmatrix_x4, "x4", 4, "", "{%0,%1,%2,%3}", "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]))
LDMATRIX(ldmatrix_x4_trans, "x4", 4, ".trans", "{%0,%1,%2,%3}", "=r"(r[0]), "=r"(r[1]),
         "=r"(r[2]), "=r"(r[3]))

// movmatrix: lane l holds row l/4, columns 2(l%4) and 2(l%4)+1 of an 8x8 b16 matrix; the
// result is the same positions of its transpose.
extern "C" __global__ void movmatrix_trans(const unsigned short* in, u32* out) {
    u32 a = in[(LANE / 4) * 8 + 2 * (LANE % 4)] | ((u32)in[(LANE / 4) * 8 + 2 * (LANE % 4) + 1] << 16);
    u32 d;
    asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d) : "r"(a));
    out[LANE] = d;
}

// ---- wmma -----------------------------------------------------------------------------

extern "C" __global__ void wmma_m16n16k16_f16_f32(const void* A, const void* B, const void* C, void* D) {
    u32 a[8], b[8];
    float c[8];
    asm volatile("wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]), "=r"(a[4]), "=r"(a[5]), "=r"(a[6]), "=r"(a[7]) : "l"(A), "r"(16));
    asm volatile("wmma.load.b.sync.aligned.col.m16n16k16.global.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3]), "=r"(b[4]), "=r"(b[5]), "=r"(b[6]), "=r"(b[7]) : "l"(B), "r"(16));
    asm volatile("wmma.load.c.sync.aligned.row.m16n16k16.global.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=f"(c[0]), "=f"(c[1]), "=f"(c[2]), "=f"(c[3]), "=f"(c[4]), "=f"(c[5]), "=f"(c[6]), "=f"(c[7]) : "l"(C), "r"(16));
    asm volatile("wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11,%12,%13,%14,%15}, {%16,%17,%18,%19,%20,%21,%22,%23}, {%0,%1,%2,%3,%4,%5,%6,%7};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(a[4]), "r"(a[5]), "r"(a[6]), "r"(a[7]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
    asm volatile("wmma.store.d.sync.aligned.row.m16n16k16.global.f32 [%0], {%1,%2,%3,%4,%5,%6,%7,%8}, %9;"
                 :: "l"(D), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]), "f"(c[4]), "f"(c[5]), "f"(c[6]), "f"(c[7]), "r"(16) : "memory");
}


extern "C" __global__ void wmma_m16n16k16_f16_f32_padded(const void* A, const void* B, const void* C, void* D) {
    u32 a[8], b[8];
    float c[8];
    asm volatile("wmma.load.a.sync.aligned.col.m16n16k16.global.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]), "=r"(a[4]), "=r"(a[5]), "=r"(a[6]), "=r"(a[7]) : "l"(A), "r"(24));
    asm volatile("wmma.load.b.sync.aligned.row.m16n16k16.global.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3]), "=r"(b[4]), "=r"(b[5]), "=r"(b[6]), "=r"(b[7]) : "l"(B), "r"(24));
    asm volatile("wmma.load.c.sync.aligned.col.m16n16k16.global.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=f"(c[0]), "=f"(c[1]), "=f"(c[2]), "=f"(c[3]), "=f"(c[4]), "=f"(c[5]), "=f"(c[6]), "=f"(c[7]) : "l"(C), "r"(24));
    asm volatile("wmma.mma.sync.aligned.col.row.m16n16k16.f32.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11,%12,%13,%14,%15}, {%16,%17,%18,%19,%20,%21,%22,%23}, {%0,%1,%2,%3,%4,%5,%6,%7};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(a[4]), "r"(a[5]), "r"(a[6]), "r"(a[7]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
    asm volatile("wmma.store.d.sync.aligned.col.m16n16k16.global.f32 [%0], {%1,%2,%3,%4,%5,%6,%7,%8}, %9;"
                 :: "l"(D), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]), "f"(c[4]), "f"(c[5]), "f"(c[6]), "f"(c[7]), "r"(24) : "memory");
}


extern "C" __global__ void wmma_m32n8k16_f16_f16(const void* A, const void* B, const void* C, void* D) {
    u32 a[8], b[8];
    u32 c[4];
    asm volatile("wmma.load.a.sync.aligned.row.m32n8k16.global.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]), "=r"(a[4]), "=r"(a[5]), "=r"(a[6]), "=r"(a[7]) : "l"(A), "r"(16));
    asm volatile("wmma.load.b.sync.aligned.row.m32n8k16.global.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3]), "=r"(b[4]), "=r"(b[5]), "=r"(b[6]), "=r"(b[7]) : "l"(B), "r"(8));
    asm volatile("wmma.load.c.sync.aligned.row.m32n8k16.global.f16 {%0,%1,%2,%3}, [%4], %5;"
                 : "=r"(c[0]), "=r"(c[1]), "=r"(c[2]), "=r"(c[3]) : "l"(C), "r"(8));
    asm volatile("wmma.mma.sync.aligned.row.row.m32n8k16.f16.f16 {%0,%1,%2,%3}, {%4,%5,%6,%7,%8,%9,%10,%11}, {%12,%13,%14,%15,%16,%17,%18,%19}, {%0,%1,%2,%3};"
                 : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(a[4]), "r"(a[5]), "r"(a[6]), "r"(a[7]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
    asm volatile("wmma.store.d.sync.aligned.row.m32n8k16.global.f16 [%0], {%1,%2,%3,%4}, %5;"
                 :: "l"(D), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(8) : "memory");
}


extern "C" __global__ void wmma_m8n32k16_f16_f32(const void* A, const void* B, const void* C, void* D) {
    u32 a[8], b[8];
    float c[8];
    asm volatile("wmma.load.a.sync.aligned.row.m8n32k16.global.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]), "=r"(a[4]), "=r"(a[5]), "=r"(a[6]), "=r"(a[7]) : "l"(A), "r"(16));
    asm volatile("wmma.load.b.sync.aligned.col.m8n32k16.global.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3]), "=r"(b[4]), "=r"(b[5]), "=r"(b[6]), "=r"(b[7]) : "l"(B), "r"(16));
    asm volatile("wmma.load.c.sync.aligned.row.m8n32k16.global.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=f"(c[0]), "=f"(c[1]), "=f"(c[2]), "=f"(c[3]), "=f"(c[4]), "=f"(c[5]), "=f"(c[6]), "=f"(c[7]) : "l"(C), "r"(32));
    asm volatile("wmma.mma.sync.aligned.row.col.m8n32k16.f32.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11,%12,%13,%14,%15}, {%16,%17,%18,%19,%20,%21,%22,%23}, {%0,%1,%2,%3,%4,%5,%6,%7};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(a[4]), "r"(a[5]), "r"(a[6]), "r"(a[7]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
    asm volatile("wmma.store.d.sync.aligned.row.m8n32k16.global.f32 [%0], {%1,%2,%3,%4,%5,%6,%7,%8}, %9;"
                 :: "l"(D), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]), "f"(c[4]), "f"(c[5]), "f"(c[6]), "f"(c[7]), "r"(32) : "memory");
}


extern "C" __global__ void wmma_m16n16k16_bf16_f32(const void* A, const void* B, const void* C, void* D) {
    u32 a[4], b[4];
    float c[8];
    asm volatile("wmma.load.a.sync.aligned.row.m16n16k16.global.bf16 {%0,%1,%2,%3}, [%4], %5;"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]) : "l"(A), "r"(16));
    asm volatile("wmma.load.b.sync.aligned.col.m16n16k16.global.bf16 {%0,%1,%2,%3}, [%4], %5;"
                 : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3]) : "l"(B), "r"(16));
    asm volatile("wmma.load.c.sync.aligned.row.m16n16k16.global.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=f"(c[0]), "=f"(c[1]), "=f"(c[2]), "=f"(c[3]), "=f"(c[4]), "=f"(c[5]), "=f"(c[6]), "=f"(c[7]) : "l"(C), "r"(16));
    asm volatile("wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11}, {%12,%13,%14,%15}, {%0,%1,%2,%3,%4,%5,%6,%7};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]));
    asm volatile("wmma.store.d.sync.aligned.row.m16n16k16.global.f32 [%0], {%1,%2,%3,%4,%5,%6,%7,%8}, %9;"
                 :: "l"(D), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]), "f"(c[4]), "f"(c[5]), "f"(c[6]), "f"(c[7]), "r"(16) : "memory");
}


extern "C" __global__ void wmma_m16n16k8_tf32_f32(const void* A, const void* B, const void* C, void* D) {
    u32 a[4], b[4];
    float c[8];
    asm volatile("wmma.load.a.sync.aligned.row.m16n16k8.global.tf32 {%0,%1,%2,%3}, [%4], %5;"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]) : "l"(A), "r"(8));
    asm volatile("wmma.load.b.sync.aligned.col.m16n16k8.global.tf32 {%0,%1,%2,%3}, [%4], %5;"
                 : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3]) : "l"(B), "r"(8));
    asm volatile("wmma.load.c.sync.aligned.row.m16n16k8.global.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=f"(c[0]), "=f"(c[1]), "=f"(c[2]), "=f"(c[3]), "=f"(c[4]), "=f"(c[5]), "=f"(c[6]), "=f"(c[7]) : "l"(C), "r"(16));
    asm volatile("wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11}, {%12,%13,%14,%15}, {%0,%1,%2,%3,%4,%5,%6,%7};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3]), "+f"(c[4]), "+f"(c[5]), "+f"(c[6]), "+f"(c[7]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]));
    asm volatile("wmma.store.d.sync.aligned.row.m16n16k8.global.f32 [%0], {%1,%2,%3,%4,%5,%6,%7,%8}, %9;"
                 :: "l"(D), "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]), "f"(c[4]), "f"(c[5]), "f"(c[6]), "f"(c[7]), "r"(16) : "memory");
}


extern "C" __global__ void wmma_m8n8k4_f64(const void* A, const void* B, const void* C, void* D) {
    double a[1], b[1];
    double c[2];
    asm volatile("wmma.load.a.sync.aligned.row.m8n8k4.global.f64 {%0}, [%1], %2;"
                 : "=d"(a[0]) : "l"(A), "r"(4));
    asm volatile("wmma.load.b.sync.aligned.col.m8n8k4.global.f64 {%0}, [%1], %2;"
                 : "=d"(b[0]) : "l"(B), "r"(4));
    asm volatile("wmma.load.c.sync.aligned.row.m8n8k4.global.f64 {%0,%1}, [%2], %3;"
                 : "=d"(c[0]), "=d"(c[1]) : "l"(C), "r"(8));
    asm volatile("wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%0,%1};"
                 : "+d"(c[0]), "+d"(c[1]) : "d"(a[0]), "d"(b[0]));
    asm volatile("wmma.store.d.sync.aligned.row.m8n8k4.global.f64 [%0], {%1,%2}, %3;"
                 :: "l"(D), "d"(c[0]), "d"(c[1]), "r"(8) : "memory");
}


extern "C" __global__ void wmma_m16n16k16_s8_s32(const void* A, const void* B, const void* C, void* D) {
    u32 a[2], b[2];
    u32 c[8];
    asm volatile("wmma.load.a.sync.aligned.row.m16n16k16.global.s8 {%0,%1}, [%2], %3;"
                 : "=r"(a[0]), "=r"(a[1]) : "l"(A), "r"(16));
    asm volatile("wmma.load.b.sync.aligned.col.m16n16k16.global.s8 {%0,%1}, [%2], %3;"
                 : "=r"(b[0]), "=r"(b[1]) : "l"(B), "r"(16));
    asm volatile("wmma.load.c.sync.aligned.row.m16n16k16.global.s32 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=r"(c[0]), "=r"(c[1]), "=r"(c[2]), "=r"(c[3]), "=r"(c[4]), "=r"(c[5]), "=r"(c[6]), "=r"(c[7]) : "l"(C), "r"(16));
    asm volatile("wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9}, {%10,%11}, {%0,%1,%2,%3,%4,%5,%6,%7};"
                 : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3]), "+r"(c[4]), "+r"(c[5]), "+r"(c[6]), "+r"(c[7]) : "r"(a[0]), "r"(a[1]), "r"(b[0]), "r"(b[1]));
    asm volatile("wmma.store.d.sync.aligned.row.m16n16k16.global.s32 [%0], {%1,%2,%3,%4,%5,%6,%7,%8}, %9;"
                 :: "l"(D), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]), "r"(c[5]), "r"(c[6]), "r"(c[7]), "r"(16) : "memory");
}


extern "C" __global__ void wmma_m32n8k16_u8_s32(const void* A, const void* B, const void* C, void* D) {
    u32 a[4], b[1];
    u32 c[8];
    asm volatile("wmma.load.a.sync.aligned.row.m32n8k16.global.u8 {%0,%1,%2,%3}, [%4], %5;"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]) : "l"(A), "r"(16));
    asm volatile("wmma.load.b.sync.aligned.row.m32n8k16.global.u8 {%0}, [%1], %2;"
                 : "=r"(b[0]) : "l"(B), "r"(8));
    asm volatile("wmma.load.c.sync.aligned.col.m32n8k16.global.s32 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=r"(c[0]), "=r"(c[1]), "=r"(c[2]), "=r"(c[3]), "=r"(c[4]), "=r"(c[5]), "=r"(c[6]), "=r"(c[7]) : "l"(C), "r"(32));
    asm volatile("wmma.mma.sync.aligned.row.row.m32n8k16.s32.u8.u8.s32 {%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11}, {%12}, {%0,%1,%2,%3,%4,%5,%6,%7};"
                 : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3]), "+r"(c[4]), "+r"(c[5]), "+r"(c[6]), "+r"(c[7]) : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]));
    asm volatile("wmma.store.d.sync.aligned.col.m32n8k16.global.s32 [%0], {%1,%2,%3,%4,%5,%6,%7,%8}, %9;"
                 :: "l"(D), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]), "r"(c[5]), "r"(c[6]), "r"(c[7]), "r"(32) : "memory");
}


extern "C" __global__ void wmma_m8n8k32_s4_s32(const void* A, const void* B, const void* C, void* D) {
    u32 a[1], b[1];
    u32 c[2];
    asm volatile("wmma.load.a.sync.aligned.row.m8n8k32.global.s4 {%0}, [%1], %2;"
                 : "=r"(a[0]) : "l"(A), "r"(32));
    asm volatile("wmma.load.b.sync.aligned.col.m8n8k32.global.s4 {%0}, [%1], %2;"
                 : "=r"(b[0]) : "l"(B), "r"(32));
    asm volatile("wmma.load.c.sync.aligned.row.m8n8k32.global.s32 {%0,%1}, [%2], %3;"
                 : "=r"(c[0]), "=r"(c[1]) : "l"(C), "r"(8));
    asm volatile("wmma.mma.sync.aligned.row.col.m8n8k32.s32.s4.s4.s32 {%0,%1}, {%2}, {%3}, {%0,%1};"
                 : "+r"(c[0]), "+r"(c[1]) : "r"(a[0]), "r"(b[0]));
    asm volatile("wmma.store.d.sync.aligned.row.m8n8k32.global.s32 [%0], {%1,%2}, %3;"
                 :: "l"(D), "r"(c[0]), "r"(c[1]), "r"(8) : "memory");
}

