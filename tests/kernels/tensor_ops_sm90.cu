// stmatrix cases for tests/kernels/tensor_ops.rs (sm_90, compiled with NVRTC for compute_90).
// Lane l's register q holds {2(4l+q), 2(4l+q)+1} as two b16; lane l gives the address of
// row l % (8 * count) of a shared tile with a pitch of 16 elements (row r of matrix q is
// tile row 8q + r). The tile, zeroed first, is copied out whole.

typedef unsigned int u32;
#define LANE (threadIdx.x & 31)

#define STMATRIX(NAME, X, N, TRANS, REGS, ...)                                           \
    extern "C" __global__ void NAME(const unsigned short* in, u32* out) {                \
        __shared__ __align__(16) unsigned short tile[32 * 16];                           \
        for (int i = LANE; i < 32 * 16; i += 32) tile[i] = 0;                            \
        __syncwarp();                                                                    \
        u32 r[4];                                                                        \
        for (int q = 0; q < 4; ++q) {                                                    \
            u32 v = 2 * (4 * LANE + q);                                                  \
            r[q] = v | ((v + 1) << 16);                                                  \
        }                                                                                \
        u32 addr = (u32)__cvta_generic_to_shared(&tile[(LANE % (8 * N)) * 16]);          \
        asm volatile("stmatrix.sync.aligned.m8n8." X TRANS ".shared.b16 [%0], " REGS ";" \
                     :: "r"(addr), __VA_ARGS__ : "memory");                              \
        __syncwarp();                                                                    \
        for (int i = LANE; i < 32 * 16 / 2; i += 32)                                     \
            out[i] = tile[2 * i] | ((u32)tile[2 * i + 1] << 16);                         \
    }
STMATRIX(stmatrix_x1, "x1", 1, "", "{%1}", "r"(r[0]))
STMATRIX(stmatrix_x2_trans, "x2", 2, ".trans", "{%1,%2}", "r"(r[0]), "r"(r[1]))
STMATRIX(stmatrix_x4, "x4", 4, "", "{%1,%2,%3,%4}", "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]))
STMATRIX(stmatrix_x4_trans, "x4", 4, ".trans", "{%1,%2,%3,%4}", "r"(r[0]), "r"(r[1]), "r"(r[2]),
         "r"(r[3]))
