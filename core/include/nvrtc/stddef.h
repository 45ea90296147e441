/* <stddef.h> for NVRTC, shipped with cuda-library (NVRTC ships no C library headers).
 *
 * NVRTC itself declares size_t and ptrdiff_t; this adds NULL, offsetof (a constant
 * expression, through the EDG front end's __INTADDR__), max_align_t and nullptr_t, each
 * the same type libcu++'s <cuda/std/cstddef> uses (which keeps an offsetof defined first). */
#ifndef CUDA_LIBRARY_NVRTC_STDDEF_H
#define CUDA_LIBRARY_NVRTC_STDDEF_H

#ifndef NULL
#  define NULL 0
#endif

#ifndef offsetof
#  define offsetof(type, member) ((size_t)__INTADDR__(&(((type*)0)->member)))
#endif

typedef long double max_align_t;
#if defined(__cplusplus) && __cplusplus >= 201103L
typedef decltype(nullptr) nullptr_t;
#endif

#endif /* CUDA_LIBRARY_NVRTC_STDDEF_H */
