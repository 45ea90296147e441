/* <math.h> for NVRTC, shipped with cuda-library (NVRTC ships no C library headers).
 *
 * NVRTC already declares CUDA's device math library in the global namespace (sqrtf, expf,
 * fminf, sincosf, isnan, ... with float and double overloads), so this header adds only
 * what the C library would: the M_ constants (as glibc's <math.h> defines them, doubles),
 * INFINITY, NAN, HUGE_VAL, HUGE_VALF, float_t and double_t. */
#ifndef CUDA_LIBRARY_NVRTC_MATH_H
#define CUDA_LIBRARY_NVRTC_MATH_H

#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440

#if defined(__has_builtin)
#  if __has_builtin(__builtin_bit_cast)
#    define CUDA_LIBRARY_NVRTC_HAS_BIT_CAST 1
#  endif
#endif
/* libcu++'s <cuda/std/cmath> defines INFINITY and NAN for NVRTC as numeric_limits calls;
 * included after this header it redefines them (NVRTC warns #47-D, the values agree). */
#ifdef CUDA_LIBRARY_NVRTC_HAS_BIT_CAST
#  ifndef INFINITY
#    define INFINITY __builtin_bit_cast(float, 0x7f800000U)
#  endif
#  ifndef NAN
#    define NAN __builtin_bit_cast(float, 0x7fc00000U)
#  endif
#  ifndef HUGE_VAL
#    define HUGE_VAL __builtin_bit_cast(double, 0x7ff0000000000000ULL)
#  endif
#else
#  ifndef INFINITY
#    define INFINITY (1.0f / 0.0f)
#  endif
#  ifndef NAN
#    define NAN (0.0f / 0.0f)
#  endif
#  ifndef HUGE_VAL
#    define HUGE_VAL (1.0 / 0.0)
#  endif
#endif
#ifndef HUGE_VALF
#  define HUGE_VALF INFINITY
#endif

typedef float float_t;
typedef double double_t;

#endif /* CUDA_LIBRARY_NVRTC_MATH_H */
