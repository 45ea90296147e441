// cub::DeviceHistogram::HistogramEven: u8 samples in 256 bins over [0, 256), or f32
// samples in 64 bins over [0, 1) (some samples outside, some NaN).
// Run as: histogram N SEED u8|f32
#include <cub/device/device_histogram.cuh>

#include <cmath>

#include "common.cuh"

int main(int argc, char **argv) {
  if (argc < 4) return 64;
  int n = atoi(argv[1]);
  seed((uint32_t)strtoul(argv[2], nullptr, 10));
  bool f32 = !strcmp(argv[3], "f32");
  const int bins = f32 ? 64 : 256;
  int *d_hist = device_array<int>(bins);
  std::vector<int> want(bins, 0);
  size_t bytes = 0;
  void *d_temp = nullptr;
  if (f32) {
    std::vector<float> in(n);
    for (auto &x : in) {
      uint32_t r = next_u32() % 64;
      x = r == 0 ? NAN : r == 1 ? -0.5f : r == 2 ? 1.0f : (float)(next_u32() >> 8) / 16777216.0f;
    }
    float *d_in = to_device(in);
    CK(cub::DeviceHistogram::HistogramEven(nullptr, bytes, d_in, d_hist, bins + 1, 0.0f, 1.0f, n));
    d_temp = temp_storage(bytes);
    CK(cub::DeviceHistogram::HistogramEven(d_temp, bytes, d_in, d_hist, bins + 1, 0.0f, 1.0f, n));
    for (float x : in)
      if (x >= 0.0f && x < 1.0f) want[(int)(x * bins)]++;  // exact for x = k / 2^24
  } else {
    std::vector<unsigned char> in(n);
    for (auto &x : in) x = (unsigned char)((next_u32() & 1) ? next_u32() : next_u32() % 7);
    unsigned char *d_in = to_device(in);
    CK(cub::DeviceHistogram::HistogramEven(nullptr, bytes, d_in, d_hist, bins + 1, 0, 256, n));
    d_temp = temp_storage(bytes);
    CK(cub::DeviceHistogram::HistogramEven(d_temp, bytes, d_in, d_hist, bins + 1, 0, 256, n));
    for (unsigned char x : in) want[x]++;
  }
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<int> out = from_device(d_hist, bins);
  printf("temp %zu bytes, n %d\n", bytes, n);
  CK(cudaFree(d_temp));
  bool ok = true;
  for (int b = 0; b < bins && ok; b++) ok = out[b] == want[b];
  return verdict("histogram", ok);
}
