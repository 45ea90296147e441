// TMA probe: runs each case of tests/common/tma.rs (dumped into cases/ by
// `TMA_PROBE_DUMP=... cargo test --test sim dump_cases_for_the_gpu_probe`) on the GPU
// through the driver API: the case's PTX, a tensor map from cuTensorMapEncodeTiled or
// cuTensorMapEncodeIm2col, a launch of one cluster. Writes the result bytes to
// OUTDIR/NAME.bin (or the error to OUTDIR/NAME.err); compare.py checks them against the
// simulator's (NAME.sim).
#include <cuda.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

static std::vector<char> slurp(const std::string& path, bool nul) {
    std::vector<char> v;
    FILE* f = fopen(path.c_str(), "rb");
    if (!f) return v;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) v.insert(v.end(), buf, buf + n);
    fclose(f);
    if (nul) v.push_back(0);
    return v;
}

static std::string err_name(CUresult r) {
    const char* s = nullptr;
    cuGetErrorName(r, &s);
    return s ? s : "?";
}

#define CK(x)                                                                  \
    do {                                                                       \
        CUresult r_ = (x);                                                     \
        if (r_ != CUDA_SUCCESS) {                                              \
            return std::string(#x) + " -> " + err_name(r_);                    \
        }                                                                      \
    } while (0)

static std::string run(const std::string& dir, const std::string& name, const std::string& out) {
    FILE* t = fopen((dir + "/" + name + ".txt").c_str(), "r");
    if (!t) return "no case file";
    int kind, blocks;
    long result_len;
    unsigned dtype, rank, im2col, inter, swz, l2, oob;
    cuuint64_t dims[5], strides[4];
    unsigned box[5], es[5], cpp, ppc, offset;
    int lower[3], upper[3], coords[5];
    long tlen, slen;
    int got = fscanf(t, "%d %d %ld", &kind, &blocks, &result_len);
    got += fscanf(t, "%u %u %u %u %u %u %u", &dtype, &rank, &im2col, &inter, &swz, &l2, &oob);
    for (int k = 0; k < 5; k++) { unsigned long long v; got += fscanf(t, "%llu", &v); dims[k] = v; }
    for (int k = 0; k < 4; k++) { unsigned long long v; got += fscanf(t, "%llu", &v); strides[k] = v; }
    for (int k = 0; k < 5; k++) got += fscanf(t, "%u", &box[k]);
    for (int k = 0; k < 5; k++) got += fscanf(t, "%u", &es[k]);
    for (int k = 0; k < 3; k++) got += fscanf(t, "%d", &lower[k]);
    for (int k = 0; k < 3; k++) got += fscanf(t, "%d", &upper[k]);
    got += fscanf(t, "%u %u", &cpp, &ppc);
    for (int k = 0; k < 5; k++) got += fscanf(t, "%d", &coords[k]);
    got += fscanf(t, "%u %ld %ld", &offset, &tlen, &slen);
    fclose(t);
    if (got != 47) return "bad case file (" + std::to_string(got) + " fields)";
    std::vector<char> ptx = slurp(dir + "/" + name + ".ptx", true);
    std::vector<char> tensor = slurp(dir + "/" + name + ".tensor", false);
    std::vector<char> smem = slurp(dir + "/" + name + ".smem", false);
    CUmodule mod;
    CUfunction f;
    CK(cuModuleLoadData(&mod, ptx.data()));
    CK(cuModuleGetFunction(&f, mod, "k"));
    CUdeviceptr dt, db;
    CK(cuMemAlloc(&dt, tensor.size()));
    CK(cuMemcpyHtoD(dt, tensor.data(), tensor.size()));
    size_t blen = (kind <= 1) ? (size_t)result_len : smem.size();
    CK(cuMemAlloc(&db, blen));
    CK(cuMemsetD8(db, 0, blen));
    if (kind >= 2) CK(cuMemcpyHtoD(db, smem.data(), smem.size()));
    alignas(64) CUtensorMap map;
    if (im2col) {
        CK(cuTensorMapEncodeIm2col(&map, (CUtensorMapDataType)dtype, rank, (void*)dt, dims, strides,
                                   lower, upper, cpp, ppc, es, (CUtensorMapInterleave)inter,
                                   (CUtensorMapSwizzle)swz, (CUtensorMapL2promotion)l2,
                                   (CUtensorMapFloatOOBfill)oob));
    } else {
        CK(cuTensorMapEncodeTiled(&map, (CUtensorMapDataType)dtype, rank, (void*)dt, dims, strides,
                                  box, es, (CUtensorMapInterleave)inter, (CUtensorMapSwizzle)swz,
                                  (CUtensorMapL2promotion)l2, (CUtensorMapFloatOOBfill)oob));
    }
    unsigned c[5];
    for (int k = 0; k < 5; k++) c[k] = (unsigned)coords[k];
    void* args[] = {&map, &db, &c[0], &c[1], &c[2], &c[3], &c[4], &offset};
    CUlaunchAttribute attr;
    memset(&attr, 0, sizeof attr);
    attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr.value.clusterDim.x = blocks;
    attr.value.clusterDim.y = 1;
    attr.value.clusterDim.z = 1;
    CUlaunchConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.gridDimX = blocks;
    cfg.gridDimY = 1;
    cfg.gridDimZ = 1;
    cfg.blockDimX = 32;
    cfg.blockDimY = 1;
    cfg.blockDimZ = 1;
    cfg.attrs = &attr;
    cfg.numAttrs = 1;
    CK(cuLaunchKernelEx(&cfg, f, args, nullptr));
    CK(cuCtxSynchronize());
    std::vector<char> res(result_len);
    CK(cuMemcpyDtoH(res.data(), kind <= 1 ? db : dt, result_len));
    FILE* o = fopen((out + "/" + name + ".bin").c_str(), "wb");
    fwrite(res.data(), 1, res.size(), o);
    fclose(o);
    cuMemFree(dt);
    cuMemFree(db);
    cuModuleUnload(mod);
    return "";
}

int main(int argc, char** argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: probe CASES_DIR OUTDIR\n");
        return 2;
    }
    std::string dir = argv[1], out = argv[2];
    CUdevice dev;
    CUcontext ctx;
    if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&dev, 0) != CUDA_SUCCESS ||
        cuDevicePrimaryCtxRetain(&ctx, dev) != CUDA_SUCCESS || cuCtxSetCurrent(ctx) != CUDA_SUCCESS) {
        fprintf(stderr, "no device\n");
        return 1;
    }
    std::vector<char> list = slurp(dir + "/list.txt", true);
    char* save = nullptr;
    for (char* n = strtok_r(list.data(), "\n", &save); n; n = strtok_r(nullptr, "\n", &save)) {
        std::string e = run(dir, n, out);
        if (e.empty()) {
            printf("%s: ran\n", n);
        } else {
            printf("%s: %s\n", n, e.c_str());
            FILE* o = fopen((out + "/" + n + ".err").c_str(), "w");
            fprintf(o, "%s\n", e.c_str());
            fclose(o);
            // A fault poisons the context: start a fresh one for the next case.
            cuDevicePrimaryCtxReset(dev);
            cuDevicePrimaryCtxRetain(&ctx, dev);
            cuCtxSetCurrent(ctx);
        }
        fflush(stdout);
    }
    return 0;
}
