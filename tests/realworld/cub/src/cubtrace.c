/* cubtrace: an LD_PRELOAD shim for the CUDA runtime (libcudart.so, -cudart shared) that
 * records what a program asks of the device, in order, so that it can be replayed on a
 * simulator: allocations, copies (with their bytes), memsets, and every kernel launch
 * (mangled name, grid, block, dynamic shared memory, the parameter buffer as the kernel
 * sees it). Written to $CUBTRACE.txt (one line per event) and $CUBTRACE.bin (the bytes the
 * lines point at: "@offset+length").
 *
 * With CUBTRACE_SNAP=1 it also synchronizes after each launch and records every live
 * allocation's bytes ("snap" lines), to find the first kernel that differs.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>
#include <cuda_runtime_api.h>

static FILE *txt;
static FILE *bin;
static uint64_t bin_off;
static int snap;
static int depth; /* >0 while the shim itself calls the runtime */

#define MAX_ALLOCS 4096
static struct {
    uint64_t addr;
    uint64_t size;
    int live;
} allocs[MAX_ALLOCS];
static int n_allocs;

static void open_files(void) {
    if (txt) return;
    const char *base = getenv("CUBTRACE");
    if (!base) base = "cubtrace";
    char path[4096];
    snprintf(path, sizeof path, "%s.txt", base);
    txt = fopen(path, "w");
    snprintf(path, sizeof path, "%s.bin", base);
    bin = fopen(path, "wb");
    if (!txt || !bin) {
        fprintf(stderr, "cubtrace: cannot open %s.{txt,bin}\n", base);
        exit(3);
    }
    const char *s = getenv("CUBTRACE_SNAP");
    snap = s && s[0] == '1';
    fprintf(txt, "cubtrace 1\n");
}

/* Appends bytes to the .bin file; returns their offset. */
static uint64_t put(const void *p, uint64_t n) {
    uint64_t at = bin_off;
    if (n) fwrite(p, 1, n, bin);
    bin_off += n;
    return at;
}

static void *real(const char *name) {
    void *f = dlsym(RTLD_NEXT, name);
    if (!f) {
        fprintf(stderr, "cubtrace: no next %s\n", name);
        exit(3);
    }
    return f;
}

static int find_alloc(uint64_t p) {
    for (int i = 0; i < n_allocs; i++)
        if (allocs[i].live && p >= allocs[i].addr && p < allocs[i].addr + allocs[i].size) return i;
    return -1;
}

/* ---- memory ---------------------------------------------------------------------- */

cudaError_t cudaMalloc(void **devPtr, size_t size) {
    cudaError_t (*f)(void **, size_t) = real("cudaMalloc");
    cudaError_t e = f(devPtr, size);
    if (depth) return e;
    open_files();
    if (e == cudaSuccess && n_allocs < MAX_ALLOCS) {
        allocs[n_allocs].addr = (uint64_t)(uintptr_t)*devPtr;
        allocs[n_allocs].size = size;
        allocs[n_allocs].live = 1;
        n_allocs++;
    }
    fprintf(txt, "malloc 0x%llx %zu rc %d\n", (unsigned long long)(uintptr_t)(e ? 0 : *devPtr), size,
            (int)e);
    fflush(txt);
    return e;
}

cudaError_t cudaFree(void *devPtr) {
    cudaError_t (*f)(void *) = real("cudaFree");
    if (depth) return f(devPtr);
    open_files();
    int i = find_alloc((uint64_t)(uintptr_t)devPtr);
    if (i >= 0) allocs[i].live = 0;
    cudaError_t e = f(devPtr);
    fprintf(txt, "free 0x%llx rc %d\n", (unsigned long long)(uintptr_t)devPtr, (int)e);
    fflush(txt);
    return e;
}

static const char *direction(const void *dst, const void *src, enum cudaMemcpyKind kind) {
    switch (kind) {
    case cudaMemcpyHostToDevice: return "h2d";
    case cudaMemcpyDeviceToHost: return "d2h";
    case cudaMemcpyDeviceToDevice: return "d2d";
    case cudaMemcpyHostToHost: return "h2h";
    default: break;
    }
    int d = find_alloc((uint64_t)(uintptr_t)dst) >= 0;
    int s = find_alloc((uint64_t)(uintptr_t)src) >= 0;
    return d ? (s ? "d2d" : "h2d") : (s ? "d2h" : "h2h");
}

static void log_copy(void *dst, const void *src, size_t count, const char *dir, cudaError_t e) {
    uint64_t at = 0;
    if (e == cudaSuccess && (!strcmp(dir, "h2d") || !strcmp(dir, "d2h"))) at = put(!strcmp(dir, "h2d") ? src : dst, count);
    fprintf(txt, "memcpy %s 0x%llx 0x%llx %zu @%llu rc %d\n", dir, (unsigned long long)(uintptr_t)dst,
            (unsigned long long)(uintptr_t)src, count, (unsigned long long)at, (int)e);
    fflush(txt);
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
    cudaError_t (*f)(void *, const void *, size_t, enum cudaMemcpyKind) = real("cudaMemcpy");
    if (depth) return f(dst, src, count, kind);
    open_files();
    const char *dir = direction(dst, src, kind);
    cudaError_t e = f(dst, src, count, kind);
    log_copy(dst, src, count, dir, e);
    return e;
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream) {
    cudaError_t (*f)(void *, const void *, size_t, enum cudaMemcpyKind, cudaStream_t) = real("cudaMemcpyAsync");
    if (depth) return f(dst, src, count, kind, stream);
    open_files();
    const char *dir = direction(dst, src, kind);
    cudaError_t e = f(dst, src, count, kind, stream);
    if (e == cudaSuccess && !strcmp(dir, "d2h")) {
        depth++;
        cudaStreamSynchronize(stream);
        depth--;
    }
    log_copy(dst, src, count, dir, e);
    return e;
}

static void log_memset(void *p, int value, size_t count, cudaError_t e) {
    fprintf(txt, "memset 0x%llx %d %zu rc %d\n", (unsigned long long)(uintptr_t)p, value, count, (int)e);
    fflush(txt);
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count) {
    cudaError_t (*f)(void *, int, size_t) = real("cudaMemset");
    if (depth) return f(devPtr, value, count);
    open_files();
    cudaError_t e = f(devPtr, value, count);
    log_memset(devPtr, value, count, e);
    return e;
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream) {
    cudaError_t (*f)(void *, int, size_t, cudaStream_t) = real("cudaMemsetAsync");
    if (depth) return f(devPtr, value, count, stream);
    open_files();
    cudaError_t e = f(devPtr, value, count, stream);
    log_memset(devPtr, value, count, e);
    return e;
}

/* ---- launches -------------------------------------------------------------------- */

static void snapshot(void) {
    depth++;
    cudaError_t e = cudaDeviceSynchronize();
    fprintf(txt, "sync rc %d\n", (int)e);
    for (int i = 0; i < n_allocs; i++) {
        if (!allocs[i].live) continue;
        void *h = malloc(allocs[i].size ? allocs[i].size : 1);
        if (!h) continue;
        cudaError_t c = cudaMemcpy(h, (void *)(uintptr_t)allocs[i].addr, allocs[i].size, cudaMemcpyDeviceToHost);
        if (c == cudaSuccess) {
            uint64_t at = put(h, allocs[i].size);
            fprintf(txt, "snap 0x%llx %llu @%llu\n", (unsigned long long)allocs[i].addr,
                    (unsigned long long)allocs[i].size, (unsigned long long)at);
        } else {
            fprintf(txt, "snap-failed 0x%llx rc %d\n", (unsigned long long)allocs[i].addr, (int)c);
        }
        free(h);
    }
    depth--;
    fflush(txt);
}

/* The kernel's name and parameter layout (offsets, sizes), from its host stub or, where the
 * launch passed a kernel handle (the stubs of CUDA 12.4+ launch through
 * __cudaLaunchKernel(cudaKernel_t, ...)), from the handle. Returns the parameter count. */
static int describe(const void *func, int is_handle, const char **name, size_t *offs, size_t *sizes, int max,
                    int *rc) {
    CUkernel kern = NULL;
    CUfunction fn = NULL;
    if (is_handle) {
        kern = (CUkernel)func;
    } else {
        cudaFunction_t f = NULL;
        if (cudaGetFuncBySymbol(&f, func) == cudaSuccess && f) {
            fn = (CUfunction)f;
        } else {
            cudaKernel_t k = NULL;
            if (cudaGetKernel(&k, func) == cudaSuccess && k) kern = (CUkernel)k;
            else kern = (CUkernel)func;
        }
    }
    rc[0] = fn ? (int)cuFuncGetName(name, fn) : (int)cuKernelGetName(name, kern);
    int n = 0;
    CUresult pe = CUDA_SUCCESS;
    for (; n < max; n++) {
        pe = fn ? cuFuncGetParamInfo(fn, (size_t)n, &offs[n], &sizes[n])
                : cuKernelGetParamInfo(kern, (size_t)n, &offs[n], &sizes[n]);
        if (pe != CUDA_SUCCESS) break;
    }
    rc[1] = (int)pe;
    rc[2] = fn ? 1 : 0;
    return n;
}

/* Logs one launch before it is made: name, dims, the parameter buffer. */
static void log_launch(const char *via, const void *func, int is_handle, dim3 grid, dim3 block, size_t smem,
                       void **args, int pdl) {
    open_files();
    depth++;
    const char *name = NULL;
    const char *rtname = NULL;
    size_t offs[512], sizes[512];
    int rc[3] = {-1, -1, -1};
    int n = describe(func, is_handle, &name, offs, sizes, 512, rc);
    int e3 = is_handle ? -1 : (int)cudaFuncGetName(&rtname, func);
    size_t total = 0;
    for (int i = 0; i < n; i++)
        if (offs[i] + sizes[i] > total) total = offs[i] + sizes[i];
    unsigned char *buf = calloc(total ? total : 1, 1);
    for (int i = 0; i < n && buf; i++)
        if (args && args[i]) memcpy(buf + offs[i], args[i], sizes[i]);
    uint64_t at = put(buf, total);
    free(buf);
    fprintf(txt, "launch %s grid %u %u %u block %u %u %u smem %zu pdl %d via %s params %d %zu @%llu name-rc %d "
                 "param-rc %d stub %d rtname-rc %d rtname %s\n",
            name ? name : "?", grid.x, grid.y, grid.z, block.x, block.y, block.z, smem, pdl, via, n, total,
            (unsigned long long)at, rc[0], rc[1], rc[2], e3, rtname ? rtname : "?");
    fprintf(txt, "layout");
    for (int i = 0; i < n; i++) fprintf(txt, " %zu:%zu", offs[i], sizes[i]);
    fprintf(txt, "\n");
    fflush(txt);
    depth--;
}

static void after_launch(cudaError_t e) {
    fprintf(txt, "launched rc %d\n", (int)e);
    fflush(txt);
    if (snap && e == cudaSuccess) snapshot();
}

cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                             cudaStream_t stream) {
    cudaError_t (*f)(const void *, dim3, dim3, void **, size_t, cudaStream_t) = real("cudaLaunchKernel");
    if (depth) return f(func, gridDim, blockDim, args, sharedMem, stream);
    log_launch("cudaLaunchKernel", func, 0, gridDim, blockDim, sharedMem, args, 0);
    depth++;
    cudaError_t e = f(func, gridDim, blockDim, args, sharedMem, stream);
    depth--;
    after_launch(e);
    return e;
}

static int has_pdl(const cudaLaunchConfig_t *c) {
    for (unsigned i = 0; i < c->numAttrs; i++)
        if (c->attrs[i].id == cudaLaunchAttributeProgrammaticStreamSerialization)
            return c->attrs[i].val.programmaticStreamSerializationAllowed ? 1 : 0;
    return 0;
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config, const void *func, void **args) {
    cudaError_t (*f)(const cudaLaunchConfig_t *, const void *, void **) = real("cudaLaunchKernelExC");
    if (depth) return f(config, func, args);
    log_launch("cudaLaunchKernelExC", func, 0, config->gridDim, config->blockDim, config->dynamicSmemBytes, args,
               has_pdl(config));
    depth++;
    cudaError_t e = f(config, func, args);
    depth--;
    after_launch(e);
    return e;
}

/* The per-thread-default-stream spellings, in case a build uses them. */
cudaError_t cubtrace_launch_ptsz(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                                 cudaStream_t stream) __asm__("cudaLaunchKernel_ptsz");
cudaError_t cubtrace_launch_ptsz(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                                 cudaStream_t stream) {
    cudaError_t (*f)(const void *, dim3, dim3, void **, size_t, cudaStream_t) = real("cudaLaunchKernel_ptsz");
    if (depth) return f(func, gridDim, blockDim, args, sharedMem, stream);
    log_launch("cudaLaunchKernel_ptsz", func, 0, gridDim, blockDim, sharedMem, args, 0);
    depth++;
    cudaError_t e = f(func, gridDim, blockDim, args, sharedMem, stream);
    depth--;
    after_launch(e);
    return e;
}

cudaError_t cubtrace_launch_ex_ptsz(const cudaLaunchConfig_t *config, const void *func, void **args)
    __asm__("cudaLaunchKernelExC_ptsz");
cudaError_t cubtrace_launch_ex_ptsz(const cudaLaunchConfig_t *config, const void *func, void **args) {
    cudaError_t (*f)(const cudaLaunchConfig_t *, const void *, void **) = real("cudaLaunchKernelExC_ptsz");
    if (depth) return f(config, func, args);
    log_launch("cudaLaunchKernelExC_ptsz", func, 0, config->gridDim, config->blockDim, config->dynamicSmemBytes, args,
               has_pdl(config));
    depth++;
    cudaError_t e = f(config, func, args);
    depth--;
    after_launch(e);
    return e;
}

/* CUDA 12.4+ stubs: __cudaGetKernel(&handle, stub) once, then this with the handle. */
cudaError_t cubtrace_launch_handle(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                                   cudaStream_t stream) __asm__("__cudaLaunchKernel");
cudaError_t cubtrace_launch_handle(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem,
                                   cudaStream_t stream) {
    cudaError_t (*f)(cudaKernel_t, dim3, dim3, void **, size_t, cudaStream_t) = real("__cudaLaunchKernel");
    if (depth) return f(kernel, gridDim, blockDim, args, sharedMem, stream);
    log_launch("__cudaLaunchKernel", (const void *)kernel, 1, gridDim, blockDim, sharedMem, args, 0);
    depth++;
    cudaError_t e = f(kernel, gridDim, blockDim, args, sharedMem, stream);
    depth--;
    after_launch(e);
    return e;
}

cudaError_t cubtrace_launch_handle_ptsz(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream) __asm__("__cudaLaunchKernel_ptsz");
cudaError_t cubtrace_launch_handle_ptsz(cudaKernel_t kernel, dim3 gridDim, dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream) {
    cudaError_t (*f)(cudaKernel_t, dim3, dim3, void **, size_t, cudaStream_t) = real("__cudaLaunchKernel_ptsz");
    if (depth) return f(kernel, gridDim, blockDim, args, sharedMem, stream);
    log_launch("__cudaLaunchKernel_ptsz", (const void *)kernel, 1, gridDim, blockDim, sharedMem, args, 0);
    depth++;
    cudaError_t e = f(kernel, gridDim, blockDim, args, sharedMem, stream);
    depth--;
    after_launch(e);
    return e;
}

__attribute__((destructor)) static void done(void) {
    if (!txt) return;
    /* Not closed: the runtime's own teardown may still call in. */
    fprintf(txt, "end\n");
    fflush(txt);
    fflush(bin);
}
