#pragma once
/* What nvcc's host compiler headers bring into every translation unit before the first
   include, which NVRTC does not: the std names CUTLASS's headers use without including. */
#include <type_traits>
#include <utility>
#include <algorithm>
