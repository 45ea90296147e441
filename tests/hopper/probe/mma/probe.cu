// Tensor-core arithmetic probe: records what an H100 computes for `mma.sync`,
// `wgmma.mma_async` and the fp8 conversions on inputs chosen to expose the order and
// width of accumulation, truncation, the final rounding, subnormals, NaN/inf and
// saturation, plus many random inputs. Build and run with run.sh; README.md describes
// the files written.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "kernels.cuh"

#define CK(x)                                                                             \
  do {                                                                                    \
    cudaError_t e = (x);                                                                  \
    if (e != cudaSuccess) {                                                               \
      fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e));           \
      exit(1);                                                                            \
    }                                                                                     \
  } while (0)

// ---- deterministic random numbers (splitmix64) -------------------------------------------
struct Rng {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint32_t below(uint32_t n) { return (uint32_t)(next() % n); }
  int range(int lo, int hi) { return lo + (int)below((uint32_t)(hi - lo + 1)); }
  bool coin(uint32_t percent) { return below(100) < percent; }
};

// ---- element formats ---------------------------------------------------------------------
enum Fmt { F16, BF16, TF32, F32, E4M3, E5M2, S8, U8, S32 };
struct FmtInfo {
  int ebits, mbits, bias, bytes;
  bool is_int;
};
static FmtInfo info(Fmt f) {
  switch (f) {
  case F16: return {5, 10, 15, 2, false};
  case BF16: return {8, 7, 127, 2, false};
  case TF32: return {8, 10, 127, 4, false};
  case F32: return {8, 23, 127, 4, false};
  case E4M3: return {4, 3, 7, 1, false};
  case E5M2: return {5, 2, 15, 1, false};
  case S8: case U8: return {0, 0, 0, 1, true};
  default: return {0, 0, 0, 4, true};
  }
}
// Largest biased exponent of a finite number (e4m3 uses the all-ones exponent too).
static int emax_biased(Fmt f) {
  FmtInfo i = info(f);
  return f == E4M3 ? 15 : (1 << i.ebits) - 2;
}
// Bits of sign s, biased exponent E, mantissa m; TF32 is stored as f32 with 13 low bits
// from `low` (the tensor core is expected to ignore them).
static uint32_t pack(Fmt f, uint32_t s, uint32_t E, uint32_t m, uint32_t low = 0) {
  FmtInfo i = info(f);
  if (f == TF32) return (s << 31) | (E << 23) | ((m & 0x3ff) << 13) | (low & 0x1fff);
  return (s << (i.ebits + i.mbits)) | (E << i.mbits) | (m & ((1u << i.mbits) - 1));
}
// A normal number 2^e * 1.m with e unbiased, clamped into the normal range.
static uint32_t normal(Fmt f, Rng &r, int e, bool random_mant = true, int sign = -1) {
  FmtInfo i = info(f);
  int E = e + i.bias;
  if (E < 1) E = 1;
  if (E > emax_biased(f)) E = emax_biased(f);
  uint32_t m = random_mant ? (uint32_t)r.next() & ((1u << i.mbits) - 1) : 0;
  if (f == E4M3 && E == 15 && m == 7) m = 6;  // 0x7f is NaN
  uint32_t s = sign < 0 ? (uint32_t)(r.next() & 1) : (uint32_t)sign;
  return pack(f, s, (uint32_t)E, m, f == TF32 ? (uint32_t)r.next() : 0);
}
static uint32_t subnormal(Fmt f, Rng &r) {
  FmtInfo i = info(f);
  uint32_t m = 1 + (uint32_t)(r.next() % ((1u << i.mbits) - 1));
  return pack(f, (uint32_t)(r.next() & 1), 0, m);
}
static uint32_t special(Fmt f, Rng &r) {
  FmtInfo i = info(f);
  uint32_t s = (uint32_t)(r.next() & 1), top = (1u << i.ebits) - 1, mm = (1u << i.mbits) - 1;
  switch (r.below(8)) {
  case 0: return pack(f, s, 0, 0);                                      // +-0
  case 1: return f == E4M3 ? pack(f, s, 15, 6) : pack(f, s, top, 0);   // inf (e4m3: max)
  case 2: return pack(f, s, top, mm);                                   // NaN
  case 3: return f == E4M3 ? pack(f, s, 15, 7) : pack(f, s, top, 1);   // NaN, low payload
  case 4: return pack(f, s, (uint32_t)emax_biased(f), f == E4M3 ? 6 : mm);  // max
  case 5: return pack(f, s, 1, 0);                                      // min normal
  case 6: return pack(f, s, 0, 1);                                      // min subnormal
  default: return pack(f, s, (uint32_t)emax_biased(f), 0);
  }
}
static uint32_t pow2(Fmt f, int e, uint32_t sign) {
  Rng dummy{0};
  return normal(f, dummy, e, false, (int)sign);
}
static int emin(Fmt f) { return 1 - info(f).bias; }
static int emaxu(Fmt f) { return emax_biased(f) - info(f).bias; }

// ---- one multiply-accumulate case as whole matrices (row-major element bits) --------------
struct Op {
  const char *name;
  int m, n, k;
  Fmt a, b, c;  // c: the accumulator format (C and D)
  bool wgmma;
  int kind;     // wgmma: 0 A from shared memory, 1 A from registers
};
struct Mats {
  std::vector<uint32_t> A, B, C;
};

static const int NMODES = 11;
static const char *MODE_NAMES[NMODES] = {"narrow",   "wide",   "big-c",   "aligned-rows",
                                         "sparse",   "subnormal", "special", "cancel",
                                         "integers", "overflow", "signed-zeros"};

static uint32_t rand_elem(Fmt f, Rng &r, int lo, int hi) {
  if (info(f).is_int) {
    if (f == S32) return (uint32_t)r.next();
    return (uint32_t)r.next() & 0xff;
  }
  return normal(f, r, r.range(lo, hi));
}

// Mode 3 ("aligned-rows"): each row of A leads with 2^a and the rest sit d bits below, B
// is a power of two per k, C per column ranges from zero to far above and below the
// products: sweeps the alignment and truncation width, sign handling and c's part in it.
static Mats gen(const Op &op, int mode, Rng &r) {
  Mats x;
  x.A.resize(op.m * op.k);
  x.B.resize(op.k * op.n);
  x.C.resize(op.m * op.n);
  int alo = emin(op.a), ahi = emaxu(op.a), blo = emin(op.b), bhi = emaxu(op.b);
  int clo = emin(op.c), chi = emaxu(op.c);
  bool ints = info(op.a).is_int;
  for (int i = 0; i < op.m * op.k; i++) x.A[i] = rand_elem(op.a, r, -3, 3);
  for (int i = 0; i < op.k * op.n; i++) x.B[i] = rand_elem(op.b, r, -3, 3);
  for (int i = 0; i < op.m * op.n; i++) x.C[i] = rand_elem(op.c, r, -3, 3);
  if (ints) {
    if (mode % 3 == 1)  // accumulators near the s32 limits: wrap and saturation
      for (auto &c : x.C) c = (r.next() & 1) ? 0x7fffff00u + r.below(256) : 0x80000000u + r.below(256);
    if (mode % 3 == 2)  // extreme bytes
      for (auto *v : {&x.A, &x.B})
        for (auto &e : *v) e = (r.next() & 1) ? 0x80 : 0x7f + (r.next() & 0x80);
    return x;
  }
  switch (mode) {
  case 0: break;
  case 1:  // exponents anywhere in range (products kept inside f32)
    for (auto &e : x.A) e = normal(op.a, r, r.range(alo > -30 ? alo : -30, ahi < 30 ? ahi : 30));
    for (auto &e : x.B) e = normal(op.b, r, r.range(blo > -30 ? blo : -30, bhi < 30 ? bhi : 30));
    for (auto &e : x.C) e = normal(op.c, r, r.range(clo > -40 ? clo : -40, chi < 40 ? chi : 40));
    break;
  case 2:  // c far above the products
    for (auto &e : x.C) e = normal(op.c, r, r.range(2, chi < 30 ? chi : 30));
    break;
  case 3: case 4: case 7: {
    int span = ahi - alo;
    std::vector<int> eb(op.k);
    for (int k = 0; k < op.k; k++) {
      // fp8's few exponents: spread with B; wide formats: B = 1.
      eb[k] = (info(op.b).ebits <= 5 && info(op.b).bytes == 1) ? r.range(blo, bhi) : 0;
      for (int n = 0; n < op.n; n++) x.B[k * op.n + n] = pow2(op.b, eb[k], 0);
    }
    for (int m = 0; m < op.m; m++) {
      int lead = r.range(0, op.k - 1);
      int top = ahi < 20 ? ahi : 20;  // bf16/tf32: keep sums inside f32
      int a = top - r.range(0, span / 3 > 1 ? (span / 3 < 20 ? span / 3 : 20) : 1);
      int dmax = r.range(1, span + 2 < 60 ? span + 2 : 60);
      for (int k = 0; k < op.k; k++) {
        uint32_t &e = x.A[m * op.k + k];
        if (k == lead) e = normal(op.a, r, a, r.coin(50));
        else if (mode == 4 && !r.coin(20)) e = 0;
        else e = normal(op.a, r, a - r.range(0, dmax), r.coin(50));
      }
      if (mode == 7) {  // exact cancellation pairs around a small remainder
        int j = (lead + 1 + r.below((uint32_t)op.k - 1)) % op.k;
        if (eb[j] == eb[lead]) x.A[m * op.k + j] = x.A[m * op.k + lead] ^ (1u << (info(op.a).ebits + info(op.a).mbits + (op.a == TF32 ? 13 : 0)));
      }
      for (int n = 0; n < op.n; n++) {
        uint32_t &c = x.C[m * op.n + n];
        int sel = n % 4;
        int ce = a + r.range(-30, 10);
        if (ce < clo) ce = clo;
        if (ce > chi) ce = chi;
        c = sel == 0 ? (r.coin(50) ? 0 : pack(op.c, 1, 0, 0))
            : normal(op.c, r, ce, sel != 1);
      }
    }
    break;
  }
  case 5:  // subnormal and zero inputs and accumulators
    for (auto *v : {&x.A, &x.B})
      for (auto &e : *v) {
        Fmt f = v == &x.A ? op.a : op.b;
        int u = r.below(4);
        e = u == 0 ? subnormal(f, r) : u == 1 ? pack(f, r.next() & 1, 0, 0)
                                     : normal(f, r, r.range(emin(f), emin(f) + 6));
      }
    for (auto &e : x.C) e = r.coin(50) ? subnormal(op.c, r) : normal(op.c, r, r.range(clo, clo + 6));
    break;
  case 6:  // NaN, inf, max, zero signs
    for (auto *v : {&x.A, &x.B, &x.C}) {
      Fmt f = v == &x.A ? op.a : v == &x.B ? op.b : op.c;
      for (auto &e : *v)
        if (r.coin(v == &x.C ? 10 : 3)) e = special(f, r);
    }
    break;
  case 8:  // small integers: exact sums, an exactness and layout baseline
    for (auto *v : {&x.A, &x.B, &x.C}) {
      Fmt f = v == &x.A ? op.a : v == &x.B ? op.b : op.c;
      for (auto &e : *v) {
        int val = r.range(0, 4);
        e = val == 0 ? 0 : normal(f, r, val - 1, false, (int)(r.next() & 1));
      }
    }
    break;
  case 9: {  // products and accumulators near the top of the range: overflow
    int ta = emaxu(op.a), tb = emaxu(op.b), tcx = emaxu(op.c);
    // Positive-leaning signs so sums leave the range; the exponents meet near the top.
    int ea = ta > 64 ? 64 : ta, eb = tb > 64 ? 64 : tb;
    if (ea + eb > tcx + 1) ea = tcx + 1 - eb;
    for (auto &e : x.A) e = normal(op.a, r, r.range(ea - 2, ea), true, r.coin(85) ? 0 : 1);
    for (auto &e : x.B) e = normal(op.b, r, r.range(eb - 2, eb), true, 0);
    for (auto &e : x.C) e = normal(op.c, r, r.range(tcx - 3, tcx), true, r.coin(70) ? 0 : 1);
    break;
  }
  case 10:  // signed zeros: products of +-0, exact cancellations, accumulators +-0
    for (auto *v : {&x.A, &x.B}) {
      Fmt f = v == &x.A ? op.a : op.b;
      for (auto &e : *v) e = r.coin(80) ? pack(f, (uint32_t)(r.next() & 1), 0, 0) : pow2(f, 0, (uint32_t)(r.next() & 1));
    }
    for (auto &e : x.C) e = pack(op.c, (uint32_t)(r.next() & 1), 0, 0);
    break;
  }
  return x;
}

// ---- element <-> fragment layouts (PTX ISA, "Matrix fragments for mma.m16n8k*") -----------
static int per_reg(Fmt f) { return 4 / info(f).bytes; }
static void mma_pos(char which, Fmt f, int lane, int i, int &row, int &col) {
  int g = lane >> 2, t = lane & 3;
  if (which == 'C') {
    row = g + 8 * (i >> 1);
    col = 2 * t + (i & 1);
    return;
  }
  int e = per_reg(f), q = i / e, j = i % e;
  if (which == 'A') {
    row = g + 8 * (q & 1);
    col = t * e + j + (q >> 1) * 4 * e;
  } else {
    row = t * e + j + q * 4 * e;
    col = g;
  }
}
static void put(std::vector<uint32_t> &regs, int lanes, Fmt f, int lane, int i, uint32_t v) {
  int e = per_reg(f), bits = 32 / e, q = i / e, j = i % e;
  uint32_t &w = regs[(size_t)q * lanes + lane];
  uint32_t mask = bits == 32 ? 0xffffffffu : ((1u << bits) - 1) << (j * bits);
  w = (w & ~mask) | ((v << (j * bits)) & mask);
}

// mma: registers [A][B][C], each lane-major.
static std::vector<uint32_t> pack_mma(const Op &op, const Mats &x) {
  int na = op.m * op.k / 32 / per_reg(op.a), nb = op.k * op.n / 32 / per_reg(op.b);
  int nc = op.m * op.n / 32 / per_reg(op.c);
  std::vector<uint32_t> ra(na * 32), rb(nb * 32), rc(nc * 32);
  for (int lane = 0; lane < 32; lane++) {
    int row, col;
    for (int i = 0; i < na * per_reg(op.a); i++) {
      mma_pos('A', op.a, lane, i, row, col);
      put(ra, 32, op.a, lane, i, x.A[row * op.k + col]);
    }
    for (int i = 0; i < nb * per_reg(op.b); i++) {
      mma_pos('B', op.b, lane, i, row, col);
      put(rb, 32, op.b, lane, i, x.B[row * op.n + col]);
    }
    for (int i = 0; i < nc * per_reg(op.c); i++) {
      mma_pos('C', op.c, lane, i, row, col);
      put(rc, 32, op.c, lane, i, x.C[row * op.n + col]);
    }
  }
  std::vector<uint32_t> w = ra;
  w.insert(w.end(), rb.begin(), rb.end());
  w.insert(w.end(), rc.begin(), rc.end());
  return w;
}

// wgmma, no swizzle, K-major: element (row, k) of an R x K operand at
// (row / 8) * SBO + (kbyte / 16) * LBO + (row % 8) * 16 + kbyte % 16.
static void place_kmajor(std::vector<uint8_t> &bytes, int rows, int K, Fmt f,
                         const std::vector<uint32_t> &val, bool transposed_src, int cols_src,
                         int lbo, int sbo) {
  int sz = info(f).bytes;
  for (int r = 0; r < rows; r++)
    for (int k = 0; k < K; k++) {
      uint32_t v = transposed_src ? val[k * cols_src + r] : val[r * K + k];
      int kb = k * sz, at = (r / 8) * sbo + (kb / 16) * lbo + (r % 8) * 16 + kb % 16;
      memcpy(&bytes[at], &v, sz);
    }
}

static const int WG_LBO = 128;
static WgParams wg_params(const Op &op) {
  WgParams p;
  memset(&p, 0, sizeof p);
  int kb = op.k * info(op.a).bytes;  // bytes of K in one row: 32 for every dense k
  p.a_bytes = op.m * kb;
  p.b_bytes = op.n * op.k * info(op.b).bytes;
  p.a_regs = op.kind == 1 ? op.m * op.k / 128 / per_reg(op.a) : 0;
  if (p.a_regs) p.a_bytes = 0;
  p.c_regs = op.m * op.n / 128 / per_reg(op.c);
  p.a_lbo = WG_LBO;
  p.a_sbo = (kb / 16) * 128;
  p.b_lbo = WG_LBO;
  p.b_sbo = (op.k * info(op.b).bytes / 16) * 128;
  p.scale_d = 1;
  return p;
}
// wgmma: [A bytes][B bytes][A regs][C regs]. The accumulator fragment of warp w is the
// mma m16n8 one for rows 16w.., one 8-column block per four registers.
static std::vector<uint32_t> pack_wgmma(const Op &op, const WgParams &p, const Mats &x) {
  std::vector<uint8_t> a(p.a_bytes), b(p.b_bytes);
  if (p.a_bytes) place_kmajor(a, op.m, op.k, op.a, x.A, false, op.k, p.a_lbo, p.a_sbo);
  place_kmajor(b, op.n, op.k, op.b, x.B, true, op.n, p.b_lbo, p.b_sbo);
  std::vector<uint32_t> ra(p.a_regs * 128), rc(p.c_regs * 128);
  for (int t = 0; t < 128; t++) {
    int w = t / 32, lane = t % 32, row, col;
    for (uint32_t i = 0; i < p.a_regs * per_reg(op.a); i++) {
      mma_pos('A', op.a, lane, (int)i, row, col);
      put(ra, 128, op.a, t, (int)i, x.A[(16 * w + row) * op.k + col]);
    }
    for (uint32_t i = 0; i < p.c_regs * per_reg(op.c); i++) {
      int blk = (int)i / 4;
      mma_pos('C', op.c, lane, (int)i % 4, row, col);
      put(rc, 128, op.c, t, (int)i, x.C[(16 * w + row) * op.n + 8 * blk + col]);
    }
  }
  std::vector<uint32_t> words(p.a_bytes / 4 + p.b_bytes / 4);
  if (p.a_bytes) memcpy(words.data(), a.data(), p.a_bytes);
  memcpy(words.data() + p.a_bytes / 4, b.data(), p.b_bytes);
  words.insert(words.end(), ra.begin(), ra.end());
  words.insert(words.end(), rc.begin(), rc.end());
  return words;
}

// ---- recording ---------------------------------------------------------------------------
static std::string outdir;
static FILE *manifest;

static void write_file(const std::string &name, const void *data, size_t bytes) {
  std::string path = outdir + "/" + name;
  FILE *f = fopen(path.c_str(), "wb");
  if (!f || fwrite(data, 1, bytes, f) != bytes) {
    fprintf(stderr, "cannot write %s\n", path.c_str());
    exit(1);
  }
  fclose(f);
}

typedef void (*MmaKernel)(const uint32_t *, uint32_t *);
typedef void (*WgKernel)(const uint32_t *, uint32_t *, WgParams);

// Runs `cases` cases (modes cycling) and records NAME.in (u32 words read), NAME.out
// (u32 words written) and NAME.mode (one byte per case).
static void record_mma(const Op &op, MmaKernel k, int cases, uint64_t seed) {
  Rng r{seed};
  std::vector<uint32_t> in, words;
  std::vector<uint8_t> modes;
  for (int c = 0; c < cases; c++) {
    int mode = c % NMODES;
    words = pack_mma(op, gen(op, mode, r));
    in.insert(in.end(), words.begin(), words.end());
    modes.push_back((uint8_t)mode);
  }
  size_t out_words = (size_t)cases * op.m * op.n / per_reg(op.c);
  uint32_t *din, *dout;
  CK(cudaMalloc(&din, in.size() * 4));
  CK(cudaMalloc(&dout, out_words * 4));
  CK(cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
  k<<<cases, 32>>>(din, dout);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<uint32_t> out(out_words);
  CK(cudaMemcpy(out.data(), dout, out_words * 4, cudaMemcpyDeviceToHost));
  CK(cudaFree(din));
  CK(cudaFree(dout));
  std::string n = op.name;
  write_file(n + ".in", in.data(), in.size() * 4);
  write_file(n + ".out", out.data(), out.size() * 4);
  write_file(n + ".mode", modes.data(), modes.size());
  fprintf(manifest, "%s,mma,%d,%zu,%zu\n", op.name, cases, words.size(), out_words / cases);
  printf("%-32s %5d cases\n", op.name, cases);
}

static void launch_wg(const char *name, WgKernel k, const WgParams &p,
                      const std::vector<uint32_t> &in, int cases, const std::vector<uint8_t> &modes) {
  size_t out_words = (size_t)cases * p.c_regs * 128;
  uint32_t *din, *dout;
  CK(cudaMalloc(&din, in.size() * 4));
  CK(cudaMalloc(&dout, out_words * 4));
  CK(cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
  CK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, WG_SMEM));
  k<<<cases, 128, WG_SMEM>>>(din, dout, p);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<uint32_t> out(out_words);
  CK(cudaMemcpy(out.data(), dout, out_words * 4, cudaMemcpyDeviceToHost));
  CK(cudaFree(din));
  CK(cudaFree(dout));
  std::string n = name;
  write_file(n + ".in", in.data(), in.size() * 4);
  write_file(n + ".out", out.data(), out.size() * 4);
  write_file(n + ".mode", modes.data(), modes.size());
  fprintf(manifest,
          "%s,wgmma,%d,%zu,%zu,a_bytes=%u,b_bytes=%u,a_regs=%u,c_regs=%u,a_start=%u,a_lbo=%u,"
          "a_sbo=%u,a_swizzle=%u,b_start=%u,b_lbo=%u,b_sbo=%u,b_swizzle=%u,scale_d=%u\n",
          name, cases, in.size() / cases, out_words / cases, p.a_bytes, p.b_bytes, p.a_regs,
          p.c_regs, p.a_start, p.a_lbo, p.a_sbo, p.a_swizzle, p.b_start, p.b_lbo, p.b_sbo,
          p.b_swizzle, p.scale_d);
  printf("%-32s %5d cases\n", name, cases);
}

static void record_wgmma(const Op &op, WgKernel k, int cases, uint64_t seed, int scale_d = 1,
                         uint32_t step = 0) {
  Rng r{seed};
  WgParams p = wg_params(op);
  p.scale_d = (uint32_t)scale_d;
  // Chains: step j reads j * step bytes further along K (a_start, b_start as strides).
  p.a_start = step;
  p.b_start = step;
  std::vector<uint32_t> in;
  std::vector<uint8_t> modes;
  for (int c = 0; c < cases; c++) {
    int mode = c % NMODES;
    std::vector<uint32_t> w = pack_wgmma(op, p, gen(op, mode, r));
    in.insert(in.end(), w.begin(), w.end());
    modes.push_back((uint8_t)mode);
  }
  launch_wg(op.name, k, p, in, cases, modes);
}

// Layout cases: the shared bytes are small random f16 integers (exact sums) laid out however
// the descriptor says; only a replay of the same bytes can agree with them.
static void record_layout(const char *name, WgKernel k, int n_cols, int swz_a, int swz_b,
                          uint32_t a_start, uint32_t b_start, bool mn_major, int cases,
                          uint64_t seed) {
  Rng r{seed};
  WgParams p;
  memset(&p, 0, sizeof p);
  p.a_bytes = 8192;
  p.b_bytes = 8192;
  p.c_regs = 64 * n_cols / 128;
  p.scale_d = 1;
  // Swizzle codes: 0 none, 1 128B, 2 64B, 3 32B; W the swizzle width in bytes. The strides
  // follow CUTLASS's canonical GMMA layouts (cute/atom/mma_traits_sm90_gmma.hpp).
  auto width = [](int s) { return s == 1 ? 128 : s == 2 ? 64 : s == 3 ? 32 : 16; };
  p.a_swizzle = (uint32_t)swz_a;
  p.b_swizzle = (uint32_t)swz_b;
  p.a_start = a_start;
  p.b_start = b_start;
  const uint32_t a_mn = 64 * 2, b_mn = (uint32_t)n_cols * 2;  // bytes of M / N per K row
  if (!mn_major) {
    // K-major: SBO steps 8 rows (8 x W bytes when swizzled); LBO steps 16 bytes of K
    // (no swizzle only; unused inside a swizzle atom).
    p.a_lbo = swz_a ? 16 : 128;
    p.a_sbo = swz_a ? 8 * width(swz_a) : 256;
    p.b_lbo = swz_b ? 16 : 128;
    p.b_sbo = swz_b ? 8 * width(swz_b) : 256;
  } else if (swz_a == 0) {
    // MN-major, no swizzle: SBO steps 8 elements of M/N, LBO steps 8 rows of K.
    p.a_sbo = 128;
    p.a_lbo = a_mn / 16 * 128;
    p.b_sbo = 128;
    p.b_lbo = b_mn / 16 * 128;
  } else {
    // MN-major, swizzled: SBO steps 8 rows of K (one atom, 8 x W), LBO steps W bytes of
    // M/N (past both K groups of this k16 instruction).
    uint32_t w = (uint32_t)width(swz_a);
    p.a_sbo = 8 * w;
    p.a_lbo = 16 * w;
    p.b_sbo = 8 * w;
    p.b_lbo = 16 * w;
    (void)a_mn;
    (void)b_mn;
  }
  std::vector<uint32_t> in;
  std::vector<uint8_t> modes;
  for (int c = 0; c < cases; c++) {
    for (int i = 0; i < (int)(p.a_bytes + p.b_bytes) / 2; i += 2) {
      uint32_t lo = r.below(5), hi = r.below(5);
      uint32_t h0 = lo ? pow2(F16, (int)lo - 1, (uint32_t)(r.next() & 1)) : 0;
      uint32_t h1 = hi ? pow2(F16, (int)hi - 1, (uint32_t)(r.next() & 1)) : 0;
      in.push_back(h0 | (h1 << 16));
    }
    for (uint32_t i = 0; i < p.c_regs * 128; i++)
      in.push_back(r.below(3) == 0 ? 0u : r.coin(50) ? 0x3f800000u : 0x40000000u);
    modes.push_back(8);
  }
  launch_wg(name, k, p, in, cases, modes);
}

// Random bytes in A and B (for `.b1`, whose answer only a replay checks), small C.
static void record_random(const char *name, WgKernel k, WgParams p, int cases, uint64_t seed) {
  Rng r{seed};
  std::vector<uint32_t> in;
  std::vector<uint8_t> modes;
  for (int c = 0; c < cases; c++) {
    for (uint32_t i = 0; i < (p.a_bytes + p.b_bytes) / 4; i++) in.push_back((uint32_t)r.next());
    for (uint32_t i = 0; i < p.c_regs * 128; i++) in.push_back(r.below(64) - 32);
    modes.push_back(8);
  }
  launch_wg(name, k, p, in, cases, modes);
}

// ---- conversions -------------------------------------------------------------------------
typedef void (*CvtKernel)(const uint32_t *, uint32_t *, uint32_t);
static void record_cvt(const char *name, CvtKernel k, const std::vector<uint32_t> &in,
                       uint32_t n) {
  uint32_t *din, *dout;
  CK(cudaMalloc(&din, in.size() * 4));
  CK(cudaMalloc(&dout, n * 4ull));
  CK(cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice));
  k<<<(n + 255) / 256, 256>>>(din, dout, n);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<uint32_t> out(n);
  CK(cudaMemcpy(out.data(), dout, n * 4ull, cudaMemcpyDeviceToHost));
  CK(cudaFree(din));
  CK(cudaFree(dout));
  std::string s = name;
  write_file(s + ".in", in.data(), in.size() * 4);
  write_file(s + ".out", out.data(), out.size() * 4);
  fprintf(manifest, "%s,cvt,%u\n", name, n);
  printf("%-32s %7u values\n", name, n);
}

// f32 inputs for f32 -> f8: every exponent near the f8 ranges with the mantissa's top 6
// bits in all 64 patterns and the low 17 bits in 4 (exact, tie, above, below), specials,
// and random f32s.
static std::vector<uint32_t> f32_inputs() {
  std::vector<uint32_t> v;
  const uint32_t lows[4] = {0, 1, 0x10000, 0x1ffff};
  for (uint32_t s = 0; s < 2; s++)
    for (int e = -30; e <= 20; e++)
      for (uint32_t top = 0; top < 64; top++)
        for (uint32_t low : lows) v.push_back((s << 31) | ((uint32_t)(e + 127) << 23) | (top << 17) | low);
  const uint32_t specials[] = {0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
                               0xffc00000u, 0x7f800001u, 0x7fffffffu, 0x00000001u,
                               0x807fffffu, 0x7f7fffffu, 0xff7fffffu, 0x43e00000u,
                               0x43e80000u, 0x43f00000u, 0x47600000u, 0x47700000u,
                               0x47800000u, 0xc3e80000u, 0xc7700000u};
  for (uint32_t x : specials) v.push_back(x);
  Rng r{77};
  while (v.size() % 2 || v.size() < 60000) v.push_back((uint32_t)r.next());
  return v;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
    return 2;
  }
  outdir = argv[1];
  manifest = fopen((outdir + "/manifest.csv").c_str(), "w");
  if (!manifest) {
    fprintf(stderr, "cannot write %s/manifest.csv\n", argv[1]);
    return 1;
  }
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  fprintf(manifest, "# device,%s,sm_%d%d\n", prop.name, prop.major, prop.minor);
  fprintf(manifest, "# modes");
  for (int i = 0; i < NMODES; i++) fprintf(manifest, ",%d=%s", i, MODE_NAMES[i]);
  fprintf(manifest, "\n");
  printf("device: %s\n", prop.name);

  const int MC = 180;  // mma cases per op (20 of each mode)
  const Op mma_ops[] = {
      {"mma_m16n8k16_f32_f16", 16, 8, 16, F16, F16, F32, false, 0},
      {"mma_m16n8k16_f16_f16", 16, 8, 16, F16, F16, F16, false, 0},
      {"mma_m16n8k8_f32_f16", 16, 8, 8, F16, F16, F32, false, 0},
      {"mma_m16n8k16_f32_bf16", 16, 8, 16, BF16, BF16, F32, false, 0},
      {"mma_m16n8k8_f32_bf16", 16, 8, 8, BF16, BF16, F32, false, 0},
      {"mma_m16n8k8_f32_tf32", 16, 8, 8, TF32, TF32, F32, false, 0},
      {"mma_m16n8k4_f32_tf32", 16, 8, 4, TF32, TF32, F32, false, 0},
      {"mma_m16n8k32_f32_e4m3", 16, 8, 32, E4M3, E4M3, F32, false, 0},
      {"mma_m16n8k32_f32_e5m2", 16, 8, 32, E5M2, E5M2, F32, false, 0},
      {"mma_m16n8k32_f32_e4m3_e5m2", 16, 8, 32, E4M3, E5M2, F32, false, 0},
      {"mma_m16n8k32_f16_e4m3", 16, 8, 32, E4M3, E4M3, F16, false, 0},
  };
  const MmaKernel mma_k[] = {mma_m16n8k16_f32_f16,  mma_m16n8k16_f16_f16,  mma_m16n8k8_f32_f16,
                             mma_m16n8k16_f32_bf16, mma_m16n8k8_f32_bf16,  mma_m16n8k8_f32_tf32,
                             mma_m16n8k4_f32_tf32,  mma_m16n8k32_f32_e4m3, mma_m16n8k32_f32_e5m2,
                             mma_m16n8k32_f32_e4m3_e5m2, mma_m16n8k32_f16_e4m3};
  for (size_t i = 0; i < sizeof mma_ops / sizeof mma_ops[0]; i++)
    record_mma(mma_ops[i], mma_k[i], MC, 1000 + i);

  const int WC = 45;  // wgmma cases per op (5 of each mode)
  const Op wg_ops[] = {
      {"wg_m64n8k16_f32_f16", 64, 8, 16, F16, F16, F32, true, 0},
      {"wg_m64n8k16_f32_f16_neg", 64, 8, 16, F16, F16, F32, true, 0},
      {"wg_m64n8k16_f32_f16_rs", 64, 8, 16, F16, F16, F32, true, 1},
      {"wg_m64n8k16_f16_f16", 64, 8, 16, F16, F16, F16, true, 0},
      {"wg_m64n8k16_f32_bf16", 64, 8, 16, BF16, BF16, F32, true, 0},
      {"wg_m64n8k8_f32_tf32", 64, 8, 8, TF32, TF32, F32, true, 0},
      {"wg_m64n8k32_f32_e4m3", 64, 8, 32, E4M3, E4M3, F32, true, 0},
      {"wg_m64n8k32_f32_e5m2_e4m3", 64, 8, 32, E5M2, E4M3, F32, true, 0},
      {"wg_m64n8k32_f32_e4m3_rs", 64, 8, 32, E4M3, E4M3, F32, true, 1},
      {"wg_m64n8k32_f16_e4m3", 64, 8, 32, E4M3, E4M3, F16, true, 0},
      {"wg_m64n8k32_s32_s8_u8", 64, 8, 32, S8, U8, S32, true, 0},
      {"wg_m64n8k32_s32_s8_s8_sat", 64, 8, 32, S8, S8, S32, true, 0},
  };
  const WgKernel wg_k[] = {wg_m64n8k16_f32_f16,      wg_m64n8k16_f32_f16_neg,
                           wg_m64n8k16_f32_f16_rs,   wg_m64n8k16_f16_f16,
                           wg_m64n8k16_f32_bf16,     wg_m64n8k8_f32_tf32,
                           wg_m64n8k32_f32_e4m3,     wg_m64n8k32_f32_e5m2_e4m3,
                           wg_m64n8k32_f32_e4m3_rs,  wg_m64n8k32_f16_e4m3,
                           wg_m64n8k32_s32_s8_u8,    wg_m64n8k32_s32_s8_s8_sat};
  for (size_t i = 0; i < sizeof wg_ops / sizeof wg_ops[0]; i++)
    record_wgmma(wg_ops[i], wg_k[i], WC, 2000 + i);
  // scale-d = 0: the accumulator's old value is ignored.
  {
    Op op = {"wg_m64n8k16_f32_f16_scale_d0", 64, 8, 16, F16, F16, F32, true, 0};
    record_wgmma(op, wg_m64n8k16_f32_f16, 9, 2100, 0);
  }
  // Descriptor layouts: every swizzle, K-major and MN-major (transposed), start offsets.
  const char *swz_name[4] = {"none", "128B", "64B", "32B"};
  for (int s = 0; s < 4; s++) {
    for (int mn = 0; mn < 2; mn++) {
      char name[96];
      snprintf(name, sizeof name, "layout_n32_%s_%s", mn ? "mn" : "k", swz_name[s]);
      record_layout(name, mn ? wg_m64n32k16_f32_f16_tnsp : wg_m64n32k16_f32_f16, 32, s, s, 0,
                    0, mn != 0, 3, 3000 + s * 2 + mn);
    }
    if (s) {  // K-major, the second 32 bytes of each swizzled row (a k-step inside the atom)
      char name[96];
      snprintf(name, sizeof name, "layout_n32_k_%s_start32", swz_name[s]);
      record_layout(name, wg_m64n32k16_f32_f16, 32, s, s, 32, 32, false, 3, 3100 + s);
    }
  }

  // Round two: fp8 m16n8k16, chained wgmma in one group, b1, m64n64 layouts.
  {
    Op op = {"mma_m16n8k16_f32_e4m3", 16, 8, 16, E4M3, E4M3, F32, false, 0};
    record_mma(op, mma_m16n8k16_f32_e4m3, MC, 1100);
  }
  {
    Op e4 = {"wg_m64n8k32x4_f32_e4m3", 64, 8, 128, E4M3, E4M3, F32, true, 0};
    record_wgmma(e4, wg_m64n8k32x4_f32_e4m3, WC, 2200, 1, 256);
    Op h = {"wg_m64n8k16x2_f32_f16", 64, 8, 32, F16, F16, F32, true, 0};
    record_wgmma(h, wg_m64n8k16x2_f32_f16, WC, 2201, 1, 256);
    Op b = {"wg_m64n8k16x2_f32_bf16", 64, 8, 32, BF16, BF16, F32, true, 0};
    record_wgmma(b, wg_m64n8k16x2_f32_bf16, WC, 2202, 1, 256);
  }
  {
    WgParams p;
    memset(&p, 0, sizeof p);
    p.a_bytes = 64 * 32;
    p.b_bytes = 8 * 32;
    p.c_regs = 4;
    p.a_lbo = p.b_lbo = 128;
    p.a_sbo = p.b_sbo = 256;
    p.scale_d = 1;
    record_random("wg_m64n8k256_s32_b1", wg_m64n8k256_s32_b1, p, 9, 2300);
  }
  for (int s = 0; s < 4; s++) {
    for (int mn = 0; mn < 2; mn++) {
      char name[96];
      snprintf(name, sizeof name, "layout_n64_%s_%s", mn ? "mn" : "k", swz_name[s]);
      record_layout(name, mn ? wg_m64n64k16_f32_f16_tnsp : wg_m64n64k16_f32_f16, 64, s, s, 0,
                    0, mn != 0, 2, 3200 + s * 2 + mn);
    }
  }

  // Conversions.
  std::vector<uint32_t> f32 = f32_inputs();
  uint32_t pairs = (uint32_t)(f32.size() / 2);
  record_cvt("cvt_e4m3x2_f32", cvt_e4m3x2_f32, f32, pairs);
  record_cvt("cvt_e5m2x2_f32", cvt_e5m2x2_f32, f32, pairs);
  record_cvt("cvt_relu_e4m3x2_f32", cvt_relu_e4m3x2_f32, f32, pairs);
  // f16x2 -> f8x2: every f16 in the low half (the high half a different one); f8x2 ->
  // f16x2: every byte in the low byte (the high byte a different one).
  std::vector<uint32_t> h2(65536), f8(256);
  for (uint32_t i = 0; i < 65536; i++) h2[i] = i | ((i ^ 0x8001u) << 16);
  for (uint32_t i = 0; i < 256; i++) f8[i] = i | ((i ^ 0x81u) << 8);
  record_cvt("cvt_e4m3x2_f16x2", cvt_e4m3x2_f16x2, h2, 65536);
  record_cvt("cvt_e5m2x2_f16x2", cvt_e5m2x2_f16x2, h2, 65536);
  record_cvt("cvt_f16x2_e4m3x2", cvt_f16x2_e4m3x2, f8, 256);
  record_cvt("cvt_f16x2_e5m2x2", cvt_f16x2_e5m2x2, f8, 256);
  record_cvt("cvt_relu_f16x2_e4m3x2", cvt_relu_f16x2_e4m3x2, f8, 256);
  fclose(manifest);
  printf("done\n");
  return 0;
}
