// cub::DeviceReduce::Sum over u32 or f32. Run as: reduce N SEED u32|f32
#include <cub/device/device_reduce.cuh>

#include "common.cuh"

template <class T>
static int run(int n, const std::vector<T> &in) {
  T *d_in = to_device(in);
  T *d_out = device_array<T>(1);
  size_t bytes = 0;
  CK(cub::DeviceReduce::Sum(nullptr, bytes, d_in, d_out, n));
  void *d_temp = temp_storage(bytes);
  CK(cub::DeviceReduce::Sum(d_temp, bytes, d_in, d_out, n));
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<T> out = from_device(d_out, 1);
  printf("temp %zu bytes, n %d\n", bytes, n);
  CK(cudaFree(d_temp));
  bool ok = true;
  if ((T)1 / 2 == 0) {
    T acc = 0;
    for (T x : in) acc += x;
    ok = out[0] == acc;
  }
  return verdict("reduce", ok);
}

int main(int argc, char **argv) {
  if (argc < 4) return 64;
  int n = atoi(argv[1]);
  seed((uint32_t)strtoul(argv[2], nullptr, 10));
  if (!strcmp(argv[3], "f32")) {
    std::vector<float> in(n);
    for (auto &x : in) x = (float)(next_u32() >> 8) / 16777216.0f - 0.25f;
    return run(n, in);
  }
  std::vector<uint32_t> in(n);
  for (auto &x : in) x = next_u32();
  return run(n, in);
}
