// cub::DeviceSelect::If (a predicate on i32) and cub::DeviceSelect::Flagged (char flags).
// Run as: select N SEED if|flagged
#include <cub/device/device_select.cuh>

#include "common.cuh"

struct LessThan {
  int bound;
  __host__ __device__ bool operator()(const int &x) const { return x < bound; }
};

int main(int argc, char **argv) {
  if (argc < 4) return 64;
  int n = atoi(argv[1]);
  seed((uint32_t)strtoul(argv[2], nullptr, 10));
  bool flagged = !strcmp(argv[3], "flagged");
  std::vector<int> in(n);
  for (auto &x : in) x = (int)(next_u32() % 2001) - 1000;
  std::vector<char> flags(n);
  for (auto &f : flags) f = (next_u32() % 3) == 0;
  int *d_in = to_device(in);
  char *d_flags = to_device(flags);
  int *d_out = device_array<int>(n);
  int *d_num = device_array<int>(1);
  LessThan pred{137};
  size_t bytes = 0;
  if (flagged) CK(cub::DeviceSelect::Flagged(nullptr, bytes, d_in, d_flags, d_out, d_num, n));
  else CK(cub::DeviceSelect::If(nullptr, bytes, d_in, d_out, d_num, n, pred));
  void *d_temp = temp_storage(bytes);
  if (flagged) CK(cub::DeviceSelect::Flagged(d_temp, bytes, d_in, d_flags, d_out, d_num, n));
  else CK(cub::DeviceSelect::If(d_temp, bytes, d_in, d_out, d_num, n, pred));
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<int> num = from_device(d_num, 1);
  std::vector<int> out = from_device(d_out, n);
  printf("temp %zu bytes, n %d, selected %d\n", bytes, n, num[0]);
  CK(cudaFree(d_temp));
  std::vector<int> want;
  for (int i = 0; i < n; i++)
    if (flagged ? flags[i] != 0 : pred(in[i])) want.push_back(in[i]);
  bool ok = num[0] == (int)want.size();
  for (size_t i = 0; i < want.size() && ok; i++) ok = out[i] == want[i];
  return verdict("select", ok);
}
