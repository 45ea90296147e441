//! The headers NVRTC provides, written for the built-in compiler: `#include <name>` finds
//! these before any include directory. CUDA's own declarations (`cuda_runtime.h`, the math
//! library, vector types) are built into the compiler, so those headers are empty.

/// The text of built-in header `name`, if there is one.
pub fn lookup(name: &str) -> Option<&'static str> {
    Some(match name {
        "cuda_runtime.h"
        | "cuda.h"
        | "cuda_runtime_api.h"
        | "device_launch_parameters.h"
        | "cuda_fp16.h"
        | "cuda_bf16.h"
        | "vector_types.h"
        | "device_functions.h"
        | "sm_20_atomic_functions.h"
        | "sm_60_atomic_functions.h"
        | "cooperative_groups.h"
        | "crt/math_functions.h"
        | "math_constants.h"
        | "stdio.h"
        | "cstdio"
        | "assert.h"
        | "cassert"
        | "stdlib.h"
        | "cstdlib" => "",
        "limits.h" | "climits" => LIMITS,
        "stdint.h" | "cstdint" | "inttypes.h" | "cinttypes" => STDINT,
        "float.h" | "cfloat" => FLOAT,
        "math.h" | "cmath" => MATH,
        "stddef.h" | "cstddef" => "#ifndef NULL\n#define NULL 0\n#endif\n",
        _ => return None,
    })
}

const LIMITS: &str = "#ifndef CHAR_BIT
#define CHAR_BIT 8
#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#define SHRT_MIN (-SHRT_MAX - 1)
#define SHRT_MAX 0x7fff
#define USHRT_MAX 0xffff
#define INT_MIN (-INT_MAX - 1)
#define INT_MAX 0x7fffffff
#define UINT_MAX 0xffffffffU
#define LLONG_MAX 0x7fffffffffffffffLL
#define LLONG_MIN (-LLONG_MAX - 1)
#define ULLONG_MAX 0xffffffffffffffffULL
#define LONG_MAX 0x7fffffffffffffffL
#define LONG_MIN (-LONG_MAX - 1)
#define ULONG_MAX 0xffffffffffffffffUL
#endif
";

const STDINT: &str = "#ifndef __CL_STDINT
#define __CL_STDINT
#include <limits.h>
typedef signed char int8_t; typedef unsigned char uint8_t;
typedef short int16_t; typedef unsigned short uint16_t;
typedef int int32_t; typedef unsigned int uint32_t;
typedef long long int64_t; typedef unsigned long long uint64_t;
typedef long intptr_t; typedef unsigned long uintptr_t;
typedef long long intmax_t; typedef unsigned long long uintmax_t;
typedef signed char int_least8_t; typedef unsigned char uint_least8_t;
typedef short int_least16_t; typedef unsigned short uint_least16_t;
typedef int int_least32_t; typedef unsigned int uint_least32_t;
typedef long long int_least64_t; typedef unsigned long long uint_least64_t;
typedef signed char int_fast8_t; typedef unsigned char uint_fast8_t;
typedef short int_fast16_t; typedef unsigned short uint_fast16_t;
typedef int int_fast32_t; typedef unsigned int uint_fast32_t;
typedef long long int_fast64_t; typedef unsigned long long uint_fast64_t;
#define INT8_MIN (-128)
#define INT8_MAX 127
#define UINT8_MAX 255
#define INT16_MIN (-32768)
#define INT16_MAX 32767
#define UINT16_MAX 65535
#define INT32_MIN (-2147483647 - 1)
#define INT32_MAX 2147483647
#define UINT32_MAX 4294967295U
#define INT64_MIN (-9223372036854775807LL - 1)
#define INT64_MAX 9223372036854775807LL
#define UINT64_MAX 18446744073709551615ULL
#define SIZE_MAX 18446744073709551615UL
#define INT8_C(x) x
#define INT16_C(x) x
#define INT32_C(x) x
#define INT64_C(x) x ## LL
#define UINT8_C(x) x
#define UINT16_C(x) x
#define UINT32_C(x) x ## U
#define UINT64_C(x) x ## ULL
#endif
";

const FLOAT: &str = "#ifndef FLT_MAX
#define FLT_RADIX 2
#define FLT_MANT_DIG 24
#define FLT_DIG 6
#define FLT_MIN_EXP (-125)
#define FLT_MAX_EXP 128
#define FLT_MAX 3.40282346638528859811704183484516925e+38F
#define FLT_MIN 1.17549435082228750796873653722224568e-38F
#define FLT_EPSILON 1.19209289550781250000000000000000000e-7F
#define FLT_TRUE_MIN 1.40129846432481707092372958328991613e-45F
#define DBL_MANT_DIG 53
#define DBL_DIG 15
#define DBL_MIN_EXP (-1021)
#define DBL_MAX_EXP 1024
#define DBL_MAX 1.79769313486231570814527423731704357e+308
#define DBL_MIN 2.22507385850720138309023271733240406e-308
#define DBL_EPSILON 2.22044604925031308084726333618164062e-16
#define DBL_TRUE_MIN 4.94065645841246544176568792868221372e-324
#endif
";

const MATH: &str = "#ifndef M_PI
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
#define INFINITY __int_as_float(0x7f800000)
#define NAN __int_as_float(0x7fc00000)
#define HUGE_VALF INFINITY
#define HUGE_VAL __longlong_as_double(0x7ff0000000000000LL)
typedef float float_t;
typedef double double_t;
#endif
";
