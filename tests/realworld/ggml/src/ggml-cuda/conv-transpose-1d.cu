#include "conv-transpose-1d.cuh"

static  __global__ void conv_transpose_1d_kernel(
        const int s0, const int p0, const int d0, const int output_size,
        const int src0_ne0, const int src0_ne1, const int src0_ne2, const int src0_ne3,
        const int src1_ne0, const int src1_ne1, const int src1_ne2, const int src1_ne3,
        const int dst_ne0, const int dst_ne1, const int dst_ne2, const int dst_ne3,
        const float * src0, const float * src1,  float * dst) {
    int global_index = threadIdx.x + blockIdx.x * blockDim.x;
    if (global_index >= output_size) {
        return;
    }

    int out_t = global_index % dst_ne0;
    int out_ch = (global_index / dst_ne0) % dst_ne1;
    int plane = global_index / (dst_ne0 * dst_ne1);

    float accumulator = 0;

    for (int c = 0; c < src0_ne2; c++) {
        int kernel_offset = src0_ne0 * (out_ch + src0_ne1 * c);
        int input_offset = src1_ne0 * (c + src1_ne1 * plane);

        for (int k = 0; k < src0_ne0; k++) {
            int input_numer = out_t + p0 - k*d0;
            if (input_numer < 0 || input_numer % s0 != 0) {
                continue;
            }

            int input_t = input_numer / s0;
            if (input_t >= src1_ne0) {
                continue;
            }

            accumulator += src0[kernel_offset + k] * src1[input_offset + input_t];
        }
    }
    dst[global_index] = accumulator;
    GGML_UNUSED_VARS(src0_ne3, src1_ne2, src1_ne3, dst_ne2, dst_ne3);
}
















































