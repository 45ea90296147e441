#pragma once
/* What nvcc's host compiler headers bring into every translation unit, which NVRTC does not:
   the std names CUTLASS's headers use without including them, and libstdc++'s tuple protocol
   for const types (std::tuple_size<const T>, std::tuple_element<I, const T>), which structured
   bindings of a const cute::tuple need (CCCL declares the primary templates in std under NVRTC,
   and the const forms only for its own types). */
#include <type_traits>
#include <utility>
#include <algorithm>
#include <cuda/std/__tuple_dir/structured_bindings.h>

namespace std {
template <class T, class U = ::cuda::std::remove_cv_t<T>,
          class = ::cuda::std::enable_if_t<::cuda::std::is_same_v<T, U>>,
          ::cuda::std::size_t = tuple_size<T>::value>
using __nvrtc_if_has_tuple_size = T;

template <class T>
struct tuple_size<const __nvrtc_if_has_tuple_size<T>> : tuple_size<T> {};

template <::cuda::std::size_t I, class T>
struct tuple_element<I, const T> {
  using type = ::cuda::std::add_const_t<typename tuple_element<I, T>::type>;
};
}  // namespace std
