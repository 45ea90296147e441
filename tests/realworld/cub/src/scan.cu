// cub::DeviceScan::InclusiveSum / ExclusiveSum over u32 or f32.
// Run as: scan N SEED inclusive|exclusive u32|f32
#include <cub/device/device_scan.cuh>

#include "common.cuh"

template <class T>
static int run(int n, bool inclusive, std::vector<T> in) {
  T *d_in = to_device(in);
  T *d_out = device_array<T>(n);
  size_t bytes = 0;
  if (inclusive) CK(cub::DeviceScan::InclusiveSum(nullptr, bytes, d_in, d_out, n));
  else CK(cub::DeviceScan::ExclusiveSum(nullptr, bytes, d_in, d_out, n));
  void *d_temp = temp_storage(bytes);
  if (inclusive) CK(cub::DeviceScan::InclusiveSum(d_temp, bytes, d_in, d_out, n));
  else CK(cub::DeviceScan::ExclusiveSum(d_temp, bytes, d_in, d_out, n));
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<T> out = from_device(d_out, n);
  printf("temp %zu bytes, n %d\n", bytes, n);
  CK(cudaFree(d_temp));
  bool ok = true;
  if (sizeof(T) == 4 && (T)1 / 2 == 0) {  // integers: exact
    T acc = 0;
    for (int i = 0; i < n && ok; i++) {
      if (inclusive) { acc += in[i]; ok = out[i] == acc; }
      else { ok = out[i] == acc; acc += in[i]; }
    }
  }
  return verdict("scan", ok);
}

int main(int argc, char **argv) {
  if (argc < 5) return 64;
  int n = atoi(argv[1]);
  seed((uint32_t)strtoul(argv[2], nullptr, 10));
  bool inclusive = !strcmp(argv[3], "inclusive");
  if (!strcmp(argv[4], "f32")) {
    std::vector<float> in(n);
    for (auto &x : in) x = (float)(next_u32() >> 8) / 16777216.0f - 0.25f;
    return run(n, inclusive, in);
  }
  std::vector<uint32_t> in(n);
  for (auto &x : in) x = next_u32();
  return run(n, inclusive, in);
}
