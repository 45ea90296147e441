// Texture and surface fetches for tests/sim_textures.rs and tests/gpu_textures.rs: each
// kernel samples its texture at the coordinates it is given and writes all four channels
// (float4 or int4), so channels a texture lacks are checked too.

extern "C" __global__ void fetch1d(cudaTextureObject_t t, const float *x, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1D<float4>(t, x[i]);
}

extern "C" __global__ void fetch1d_index(cudaTextureObject_t t, const int *x, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex1Dfetch<float4>(t, x[i]);
}

extern "C" __global__ void fetch2d(cudaTextureObject_t t, const float *x, const float *y, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<float4>(t, x[i], y[i]);
}

extern "C" __global__ void fetch2d_int(cudaTextureObject_t t, const float *x, const float *y, int4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<int4>(t, x[i], y[i]);
}

extern "C" __global__ void fetch2d_uint(cudaTextureObject_t t, const float *x, const float *y, uint4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2D<uint4>(t, x[i], y[i]);
}

extern "C" __global__ void fetch2d_lod(cudaTextureObject_t t, const float *x, const float *y, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2DLod<float4>(t, x[i], y[i], 0.0f);
}

extern "C" __global__ void fetch3d(cudaTextureObject_t t, const float *x, const float *y, const float *z, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex3D<float4>(t, x[i], y[i], z[i]);
}

extern "C" __global__ void fetch_layered(cudaTextureObject_t t, const float *x, const float *y, const float *z, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = tex2DLayered<float4>(t, x[i], y[i], (int)z[i]);
}

extern "C" __global__ void fetch_cube(cudaTextureObject_t t, const float *x, const float *y, const float *z, float4 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = texCubemap<float4>(t, x[i], y[i], z[i]);
}

// Reads each element of a 2-D surface of uchar4, writes it back changed, and one float
// surface with the boundary modes.
extern "C" __global__ void surface_rw(cudaSurfaceObject_t s, int width, int height) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    uchar4 v = surf2Dread<uchar4>(s, x * 4, y);
    v.x = v.x + 1; v.y = v.y ^ 0x55; v.z = (unsigned char)(x + y); v.w = v.w;
    surf2Dwrite(v, s, x * 4, y);
}

extern "C" __global__ void surface_bounds(cudaSurfaceObject_t s, const int *x, const int *y, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a = surf2Dread<float>(s, x[i] * 4, y[i], cudaBoundaryModeZero);
    float b = surf2Dread<float>(s, x[i] * 4, y[i], cudaBoundaryModeClamp);
    out[2 * i] = a;
    out[2 * i + 1] = b;
}

extern "C" __global__ void surface_layered(cudaSurfaceObject_t s, int width, int height, int layers) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    for (int l = 0; l < layers; l++) {
        if (x < width && y < height) {
            float v = surf2DLayeredread<float>(s, x * 4, y, l);
            surf2DLayeredwrite(v * 2.0f + (float)l, s, x * 4, y, l);
        }
    }
}

extern "C" __global__ void surface3d(cudaSurfaceObject_t s, int width, int height, int depth) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    for (int z = 0; z < depth; z++) {
        if (x < width && y < height) {
            short2 v = surf3Dread<short2>(s, x * 4, y, z);
            v.x = (short)(v.x * 3 - z); v.y = (short)(v.y + x);
            surf3Dwrite(v, s, x * 4, y, z);
        }
    }
}
