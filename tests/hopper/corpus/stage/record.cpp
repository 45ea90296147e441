// Records one launch of each kernel a corpus program starts, for the simulator's bit-for-bit test.
//
// Linked into each corpus program (built with `-cudart shared -lcuda -ldl`), this file defines
// cudaMalloc, cudaFree, cudaLaunchKernel, cudaLaunchKernelExC and cuTensorMapEncodeTiled itself: the
// program's calls land here, are recorded, and go on to the real runtime and driver (dlsym RTLD_NEXT).
// The project's own host code runs unchanged. nvcc 13's `<<<>>>` stubs call the runtime's
// __cudaLaunchKernel(cudaKernel_t, ...) (crt/host_runtime.h), not cudaLaunchKernel: both are
// interposed. For the first launch of each kernel whose mangled
// name contains $CORPUS_KERNEL (and none of $CORPUS_SKIP, comma-separated), it writes to
// $CORPUS_OUT/launch_N/:
//   launch.json       kernel name, grid, block, cluster, dynamic shared bytes, parameter layout,
//                     pointers found in the parameters (as buffer + offset), tensor maps found in the
//                     parameters (with the arguments they were encoded from)
//   params.bin        the parameter block, laid out at the driver's offsets
//   bufN.before.bin   each buffer the parameters reach, before the launch
//   bufN.after.bin    the same buffer after the launch has finished
// New allocations are zeroed so that bytes a kernel does not write are the same on every run.
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <sys/stat.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <string>
#include <vector>

namespace {

struct Allocation {
    uintptr_t base;
    size_t bytes;
};

struct EncodedMap {
    unsigned char bytes[128];
    std::string json_args;  // everything but the buffer, as JSON members
    uintptr_t global;
};

std::vector<Allocation>& allocations() {
    static std::vector<Allocation> v;
    return v;
}
std::vector<EncodedMap>& encoded_maps() {
    static std::vector<EncodedMap> v;
    return v;
}
std::set<std::string>& recorded_kernels() {
    static std::set<std::string> s;
    return s;
}
int g_launch_count = 0;

void die(const char* what) {
    std::fprintf(stderr, "corpus-record: %s\n", what);
    std::exit(3);
}

template <class F>
F next_symbol(const char* name) {
    void* p = dlsym(RTLD_NEXT, name);
    if (p == nullptr) {
        // The driver is linked with -lcuda; fall back to opening it.
        static void* libcuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
        if (libcuda != nullptr) p = dlsym(libcuda, name);
    }
    if (p == nullptr) {
        std::fprintf(stderr, "corpus-record: cannot find the real %s\n", name);
        std::exit(3);
    }
    return reinterpret_cast<F>(p);
}

// Which allocation holds this address, or -1.
int find_allocation(uintptr_t address) {
    auto& v = allocations();
    for (size_t i = 0; i < v.size(); ++i) {
        if (address >= v[i].base && address < v[i].base + v[i].bytes) return static_cast<int>(i);
    }
    return -1;
}

std::string json_escape(const char* s) {
    std::string out;
    for (; *s; ++s) {
        if (*s == '"' || *s == '\\') out += '\\';
        out += *s;
    }
    return out;
}

void write_file(const std::string& path, const void* data, size_t bytes) {
    FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) die(("cannot write " + path).c_str());
    if (bytes != 0 && std::fwrite(data, 1, bytes, f) != bytes) die(("short write to " + path).c_str());
    std::fclose(f);
}

void snapshot(const std::string& dir, const std::vector<int>& buffers, const char* when) {
    if (cudaDeviceSynchronize() != cudaSuccess) die("cudaDeviceSynchronize failed around the recorded launch");
    for (int b : buffers) {
        const Allocation& a = allocations()[static_cast<size_t>(b)];
        std::vector<unsigned char> host(a.bytes);
        if (cudaMemcpy(host.data(), reinterpret_cast<void*>(a.base), a.bytes, cudaMemcpyDeviceToHost) != cudaSuccess)
            die("cudaMemcpy of a recorded buffer failed");
        write_file(dir + "/buf" + std::to_string(b) + "." + when + ".bin", host.data(), host.size());
    }
}

bool wanted(const std::string& name) {
    const char* want = std::getenv("CORPUS_KERNEL");
    if (want != nullptr && *want != 0 && name.find(want) == std::string::npos) return false;
    const char* skip = std::getenv("CORPUS_SKIP");
    std::string list = skip != nullptr ? skip : "reference,fill";
    size_t start = 0;
    while (start <= list.size()) {
        size_t end = list.find(',', start);
        if (end == std::string::npos) end = list.size();
        std::string word = list.substr(start, end - start);
        if (!word.empty() && name.find(word) != std::string::npos) return false;
        start = end + 1;
    }
    return recorded_kernels().count(name) == 0;
}

// The launch, once recorded: everything before, then the launch itself through `launch`, then after.
template <class Launch>
cudaError_t record(CUfunction f, dim3 grid, dim3 block, dim3 cluster, size_t smem, void** args, Launch launch) {
    const char* cname = nullptr;
    if (cuFuncGetName(&cname, f) != CUDA_SUCCESS || cname == nullptr) return launch();
    std::string name = cname;
    if (!wanted(name)) return launch();
    recorded_kernels().insert(name);

    const char* out = std::getenv("CORPUS_OUT");
    if (out == nullptr) die("CORPUS_OUT is not set");
    std::string dir = std::string(out) + "/launch_" + std::to_string(g_launch_count++);
    mkdir(out, 0755);
    mkdir(dir.c_str(), 0755);

    // The parameter block, at the driver's offsets.
    std::vector<std::pair<size_t, size_t>> layout;
    size_t total = 0;
    for (size_t i = 0;; ++i) {
        size_t offset = 0, size = 0;
        if (cuFuncGetParamInfo(f, i, &offset, &size) != CUDA_SUCCESS) break;
        layout.emplace_back(offset, size);
        if (offset + size > total) total = offset + size;
    }
    std::vector<unsigned char> params(total, 0);
    for (size_t i = 0; i < layout.size(); ++i)
        std::memcpy(params.data() + layout[i].first, args[i], layout[i].second);
    write_file(dir + "/params.bin", params.data(), params.size());

    std::string maps_json;
    std::vector<bool> in_map(params.size(), false);
    std::set<int> buffers;
    for (size_t at = 0; at + 128 <= params.size(); at += 64) {
        for (const EncodedMap& m : encoded_maps()) {
            if (std::memcmp(params.data() + at, m.bytes, 128) != 0) continue;
            int b = find_allocation(m.global);
            if (!maps_json.empty()) maps_json += ",\n    ";
            maps_json += "{\"offset\": " + std::to_string(at) + ", \"buffer\": " + std::to_string(b);
            if (b >= 0) {
                buffers.insert(b);
                maps_json += ", \"delta\": " + std::to_string(m.global - allocations()[static_cast<size_t>(b)].base);
            }
            maps_json += ", " + m.json_args + "}";
            for (size_t k = 0; k < 128; ++k) in_map[at + k] = true;
            break;
        }
    }
    std::string pointers_json;
    for (size_t at = 0; at + 8 <= params.size(); at += 8) {
        if (in_map[at]) continue;
        uint64_t value;
        std::memcpy(&value, params.data() + at, 8);
        int b = find_allocation(static_cast<uintptr_t>(value));
        if (b < 0) continue;
        buffers.insert(b);
        if (!pointers_json.empty()) pointers_json += ", ";
        pointers_json += "{\"offset\": " + std::to_string(at) + ", \"buffer\": " + std::to_string(b) +
                         ", \"delta\": " + std::to_string(value - allocations()[static_cast<size_t>(b)].base) + "}";
    }
    std::vector<int> list(buffers.begin(), buffers.end());
    snapshot(dir, list, "before");
    cudaError_t err = launch();
    cudaError_t sync = cudaDeviceSynchronize();
    if (err == cudaSuccess) err = sync;
    if (err == cudaSuccess) snapshot(dir, list, "after");

    std::string layout_json, buffers_json;
    for (auto& l : layout) {
        if (!layout_json.empty()) layout_json += ", ";
        layout_json += "[" + std::to_string(l.first) + ", " + std::to_string(l.second) + "]";
    }
    for (int b : list) {
        if (!buffers_json.empty()) buffers_json += ", ";
        buffers_json += "{\"index\": " + std::to_string(b) + ", \"bytes\": " +
                        std::to_string(allocations()[static_cast<size_t>(b)].bytes) + "}";
    }
    FILE* j = std::fopen((dir + "/launch.json").c_str(), "w");
    if (j == nullptr) die("cannot write launch.json");
    std::fprintf(j,
                 "{\n  \"kernel\": \"%s\",\n  \"status\": \"%s\",\n  \"grid\": [%u, %u, %u],\n"
                 "  \"block\": [%u, %u, %u],\n  \"cluster\": [%u, %u, %u],\n  \"shared_bytes\": %zu,\n"
                 "  \"param_bytes\": %zu,\n  \"param_layout\": [%s],\n  \"buffers\": [%s],\n"
                 "  \"pointers\": [%s],\n  \"tensor_maps\": [\n    %s]\n}\n",
                 json_escape(name.c_str()).c_str(), cudaGetErrorName(err), grid.x, grid.y, grid.z, block.x,
                 block.y, block.z, cluster.x, cluster.y, cluster.z, smem, params.size(), layout_json.c_str(),
                 buffers_json.c_str(), pointers_json.c_str(), maps_json.c_str());
    std::fclose(j);
    std::fprintf(stderr, "corpus-record: recorded %s in %s (%s)\n", name.c_str(), dir.c_str(), cudaGetErrorName(err));
    return err;
}

// The driver's function for a host stub (`<<<>>>`'s and the launch APIs' `func`), or null.
CUfunction function_of_stub(const void* func) {
    cudaFunction_t f = nullptr;
    if (cudaGetFuncBySymbol(&f, func) != cudaSuccess) return nullptr;
    return reinterpret_cast<CUfunction>(f);
}

template <class T>
std::string json_list(const T* values, cuuint32_t n) {
    std::string s = "[";
    for (cuuint32_t i = 0; i < n; ++i) {
        if (i) s += ", ";
        s += std::to_string(static_cast<unsigned long long>(values[i]));
    }
    return s + "]";
}

}  // namespace

extern "C" {

cudaError_t CUDARTAPI cudaMalloc(void** ptr, size_t bytes) {
    using Fn = cudaError_t (*)(void**, size_t);
    static Fn real = next_symbol<Fn>("cudaMalloc");
    cudaError_t e = real(ptr, bytes);
    if (e == cudaSuccess && bytes != 0) {
        cudaMemset(*ptr, 0, bytes);
        allocations().push_back({reinterpret_cast<uintptr_t>(*ptr), bytes});
    }
    return e;
}

cudaError_t CUDARTAPI cudaFree(void* ptr) {
    using Fn = cudaError_t (*)(void*);
    static Fn real = next_symbol<Fn>("cudaFree");
    auto& v = allocations();
    for (size_t i = 0; i < v.size(); ++i) {
        // Keep indices stable: a freed allocation becomes empty rather than leaving the list.
        if (v[i].base == reinterpret_cast<uintptr_t>(ptr)) v[i].bytes = 0;
    }
    return real(ptr);
}

cudaError_t CUDARTAPI cudaLaunchKernel(const void* func, dim3 grid, dim3 block, void** args, size_t smem,
                                       cudaStream_t stream) {
    using Fn = cudaError_t (*)(const void*, dim3, dim3, void**, size_t, cudaStream_t);
    static Fn real = next_symbol<Fn>("cudaLaunchKernel");
    auto launch = [&] { return real(func, grid, block, args, smem, stream); };
    CUfunction f = function_of_stub(func);
    return f ? record(f, grid, block, dim3(1, 1, 1), smem, args, launch) : launch();
}

// What nvcc 13's launch stubs call, with the kernel handle from __cudaGetKernel.
cudaError_t CUDARTAPI __cudaLaunchKernel(cudaKernel_t kernel, dim3 grid, dim3 block, void** args, size_t smem,
                                         cudaStream_t stream) {
    using Fn = cudaError_t (*)(cudaKernel_t, dim3, dim3, void**, size_t, cudaStream_t);
    static Fn real = next_symbol<Fn>("__cudaLaunchKernel");
    auto launch = [&] { return real(kernel, grid, block, args, smem, stream); };
    CUfunction f = nullptr;
    if (cuKernelGetFunction(&f, reinterpret_cast<CUkernel>(kernel)) != CUDA_SUCCESS) return launch();
    return record(f, grid, block, dim3(1, 1, 1), smem, args, launch);
}

cudaError_t CUDARTAPI cudaLaunchKernelExC(const cudaLaunchConfig_t* config, const void* func, void** args) {
    using Fn = cudaError_t (*)(const cudaLaunchConfig_t*, const void*, void**);
    static Fn real = next_symbol<Fn>("cudaLaunchKernelExC");
    dim3 cluster(1, 1, 1);
    for (unsigned i = 0; i < config->numAttrs; ++i) {
        if (config->attrs[i].id == cudaLaunchAttributeClusterDimension) {
            cluster = dim3(config->attrs[i].val.clusterDim.x, config->attrs[i].val.clusterDim.y,
                           config->attrs[i].val.clusterDim.z);
        }
    }
    auto launch = [&] { return real(config, func, args); };
    CUfunction f = function_of_stub(func);
    return f ? record(f, config->gridDim, config->blockDim, cluster, config->dynamicSmemBytes, args, launch)
             : launch();
}

CUresult CUDAAPI cuTensorMapEncodeTiled(CUtensorMap* tensorMap, CUtensorMapDataType dataType, cuuint32_t rank,
                                        void* globalAddress, const cuuint64_t* globalDim,
                                        const cuuint64_t* globalStrides, const cuuint32_t* boxDim,
                                        const cuuint32_t* elementStrides, CUtensorMapInterleave interleave,
                                        CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
                                        CUtensorMapFloatOOBfill oobFill) {
    using Fn = CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*, const cuuint64_t*,
                            const cuuint64_t*, const cuuint32_t*, const cuuint32_t*, CUtensorMapInterleave,
                            CUtensorMapSwizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
    static Fn real = next_symbol<Fn>("cuTensorMapEncodeTiled");
    CUresult r = real(tensorMap, dataType, rank, globalAddress, globalDim, globalStrides, boxDim, elementStrides,
                      interleave, swizzle, l2Promotion, oobFill);
    if (r == CUDA_SUCCESS && rank >= 1 && rank <= 5) {
        EncodedMap m;
        std::memcpy(m.bytes, tensorMap, 128);
        m.global = reinterpret_cast<uintptr_t>(globalAddress);
        m.json_args = "\"data_type\": " + std::to_string(static_cast<int>(dataType)) +
                      ", \"rank\": " + std::to_string(rank) + ", \"global_dim\": " + json_list(globalDim, rank) +
                      ", \"global_strides\": " + json_list(globalStrides, rank - 1) +
                      ", \"box_dim\": " + json_list(boxDim, rank) +
                      ", \"element_strides\": " + json_list(elementStrides, rank) +
                      ", \"interleave\": " + std::to_string(static_cast<int>(interleave)) +
                      ", \"swizzle\": " + std::to_string(static_cast<int>(swizzle)) +
                      ", \"l2_promotion\": " + std::to_string(static_cast<int>(l2Promotion)) +
                      ", \"oob_fill\": " + std::to_string(static_cast<int>(oobFill));
        encoded_maps().push_back(m);
    }
    return r;
}

}  // extern "C"
