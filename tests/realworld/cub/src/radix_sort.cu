// cub::DeviceRadixSort::SortKeys / SortPairs, ascending, all bits.
// Built with -DKEY_F32=0|1 -DPAIRS=0|1 (or -DKEY_U64=1); run as: radix_sort N SEED
#include <cub/device/device_radix_sort.cuh>

#include <algorithm>

#include "common.cuh"

#if KEY_U64
using Key = unsigned long long;
static Key make_key() {
  uint64_t hi = key_u32(), lo = next_u32();
  return (next_u32() & 3) == 0 ? (next_u32() & 15) : (hi << 32 | lo);
}
#elif KEY_F32
using Key = float;
static Key make_key() { return key_f32(); }
// CUB's order for floats: by the bits with the sign flipped into an unsigned order
// (-0.0 before +0.0 unless CUB maps them together; NaNs by their bits).
#else
using Key = uint32_t;
static Key make_key() { return key_u32(); }
#endif

int main(int argc, char **argv) {
  if (argc < 3) return 64;
  int n = atoi(argv[1]);
  seed((uint32_t)strtoul(argv[2], nullptr, 10));
  std::vector<Key> keys(n);
  for (auto &k : keys) k = make_key();
  Key *d_keys_in = to_device(keys);
  Key *d_keys_out = device_array<Key>(n);
#if PAIRS
  std::vector<uint32_t> vals(n);
  for (int i = 0; i < n; i++) vals[i] = (uint32_t)i;
  uint32_t *d_vals_in = to_device(vals);
  uint32_t *d_vals_out = device_array<uint32_t>(n);
#endif
  size_t bytes = 0;
#if PAIRS
  CK(cub::DeviceRadixSort::SortPairs(nullptr, bytes, d_keys_in, d_keys_out, d_vals_in, d_vals_out, n));
#else
  CK(cub::DeviceRadixSort::SortKeys(nullptr, bytes, d_keys_in, d_keys_out, n));
#endif
  void *d_temp = temp_storage(bytes);
#if PAIRS
  CK(cub::DeviceRadixSort::SortPairs(d_temp, bytes, d_keys_in, d_keys_out, d_vals_in, d_vals_out, n));
#else
  CK(cub::DeviceRadixSort::SortKeys(d_temp, bytes, d_keys_in, d_keys_out, n));
#endif
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<Key> out = from_device(d_keys_out, n);
  bool ok = true;
#if PAIRS
  std::vector<uint32_t> vout = from_device(d_vals_out, n);
  // Stable: each value is its key's input index, and equal keys keep input order.
  for (int i = 0; i < n && ok; i++) ok = vout[i] < (uint32_t)n && memcmp(&keys[vout[i]], &out[i], sizeof(Key)) == 0;
#endif
#if !KEY_F32
  for (int i = 1; i < n && ok; i++) ok = out[i - 1] <= out[i];
#endif
#if !PAIRS
  std::vector<Key> sorted = keys;
#if !KEY_F32
  std::sort(sorted.begin(), sorted.end());
  ok = ok && memcmp(sorted.data(), out.data(), n * sizeof(Key)) == 0;
#endif
#endif
  printf("temp %zu bytes, n %d\n", bytes, n);
  CK(cudaFree(d_temp));
  return verdict("radix_sort", ok);
}
