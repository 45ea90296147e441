// cub::DeviceMergeSort::SortKeys (in place) of u32 keys with a comparison functor.
// Run as: merge_sort N SEED
#include <cub/device/device_merge_sort.cuh>

#include <algorithm>

#include "common.cuh"

struct Less {
  __host__ __device__ bool operator()(const uint32_t &a, const uint32_t &b) const { return a < b; }
};

int main(int argc, char **argv) {
  if (argc < 3) return 64;
  int n = atoi(argv[1]);
  seed((uint32_t)strtoul(argv[2], nullptr, 10));
  std::vector<uint32_t> keys(n);
  for (auto &k : keys) k = key_u32();
  uint32_t *d_keys = to_device(keys);
  size_t bytes = 0;
  CK(cub::DeviceMergeSort::SortKeys(nullptr, bytes, d_keys, n, Less{}));
  void *d_temp = temp_storage(bytes);
  CK(cub::DeviceMergeSort::SortKeys(d_temp, bytes, d_keys, n, Less{}));
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<uint32_t> out = from_device(d_keys, n);
  printf("temp %zu bytes, n %d\n", bytes, n);
  CK(cudaFree(d_temp));
  std::sort(keys.begin(), keys.end());
  return verdict("merge_sort", keys == out);
}
