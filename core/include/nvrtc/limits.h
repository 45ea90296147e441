/* <limits.h> for NVRTC, shipped with cuda-library (NVRTC ships no C library headers).
 *
 * With libcu++ (CCCL) on the include path and C++17 or later the macros come from
 * <cuda/std/climits>, so mixing this header with libcu++ never redefines a macro
 * differently; otherwise they are defined here, spelled as libcu++ spells them. Sizes are
 * those NVRTC compiles for: 8-bit char (signed or not as NVRTC's '\xff' says), 16-bit short,
 * 32-bit int, 64-bit long long, and a 64-bit long where NVRTC defines __LP64__ (Linux). */
#ifndef CUDA_LIBRARY_NVRTC_LIMITS_H
#define CUDA_LIBRARY_NVRTC_LIMITS_H

#if defined(__has_include) && defined(__cplusplus) && __cplusplus >= 201703L
#  if __has_include(<cuda/std/climits>)
#    include <cuda/std/climits>
#  endif
#endif

#ifndef CHAR_BIT
#  define CHAR_BIT 8
#  define SCHAR_MIN (-128)
#  define SCHAR_MAX 127
#  define UCHAR_MAX 255
#  if '\xff' > 0
#    define CHAR_MIN 0
#    define CHAR_MAX UCHAR_MAX
#  else
#    define CHAR_MIN SCHAR_MIN
#    define CHAR_MAX SCHAR_MAX
#  endif
#  define SHRT_MIN (-SHRT_MAX - 1)
#  define SHRT_MAX 0x7fff
#  define USHRT_MAX 0xffff
#  define INT_MIN (-INT_MAX - 1)
#  define INT_MAX 0x7fffffff
#  define UINT_MAX 0xffffffff
#  define LLONG_MIN (-LLONG_MAX - 1)
#  define LLONG_MAX 0x7fffffffffffffffLL
#  define ULLONG_MAX 0xffffffffffffffffUL
#  ifdef __LP64__
#    define LONG_MAX LLONG_MAX
#    define ULONG_MAX ULLONG_MAX
#  else
#    define LONG_MAX INT_MAX
#    define ULONG_MAX UINT_MAX
#  endif
#  define LONG_MIN (-LONG_MAX - 1)
#endif

#ifndef MB_LEN_MAX
#  define MB_LEN_MAX 16
#endif

#endif /* CUDA_LIBRARY_NVRTC_LIMITS_H */
