#pragma once
/* The standard library names CoffeeBeforeArch's host code brings in with `using std::X;`.
   Its host code is removed (tests/realworld/strip_host.py) but the using-declarations stay,
   and NVRTC has no C++ standard library: each name is declared here as an incomplete type,
   which is all a using-declaration needs. Device code uses none of them. */
namespace std {
struct accumulate;
struct cout;
struct generate;
struct ios;
struct ofstream;
struct vector;
}
