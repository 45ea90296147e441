#!/usr/bin/env bash
# Runs each cargo-fuzz target for a bounded time (default 60 s each) from the fixture corpus
# and fuzz/seeds/ptx (PTX of the forms the simulator learned: tensor cores, mbarrier, bulk
# copies, carry chains, per-lane redux masks, named barriers, multiply-add contraction,
# texture and surface instructions), and fuzz/seeds/printf (device printf formats with their
# argument bytes: `*` widths, huge precisions), fuzz/seeds/link (PTX modules separated by NULs
# for the linker: externs, renames, .common, .weak, debug lines), and fuzz/seeds/cuda_c plus the
# learner corpus (tests/compiler/corpus) for the built-in CUDA C compiler (its first byte picks
# the options); graph_build starts from nothing (its bytes are a program of graph-building calls),
# built with debug assertions and overflow checks (-a). The PTX targets also start from the
# Hopper kernels the simulator runs (notebook 08's TMA + wgmma GEMM, the TMA probe's cases).
# cargo-fuzz needs nightly features; RUSTC_BOOTSTRAP=1 enables them on the stable toolchain.
#   scripts/fuzz.sh [seconds-per-target]
# FUZZ_SEED=N starts libFuzzer's mutations from seed N, so a run can be repeated (CI passes 1:
# a check that passes for one tree passes again for it); unset or 0, a random seed each run.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
. scripts/support/install.sh
install_cargo_fuzz
export RUSTC_BOOTSTRAP=1
mkdir -p target/fuzz-corpus/image_table target/fuzz-corpus/ptx_parse target/fuzz-corpus/library_launch \
  target/fuzz-corpus/printf_format target/fuzz-corpus/timing target/fuzz-corpus/link \
  target/fuzz-corpus/cuda_c target/fuzz-corpus/graph_build
cp tests/fixtures/*.cubin tests/fixtures/*.fatbin tests/fixtures/*.ptx target/fuzz-corpus/image_table/
hopper=(notebooks/08-hopper-gemm.ptx tests/hopper/probe/tma/cases/*.ptx)
cp tests/fixtures/*.ptx fuzz/seeds/ptx/*.ptx "${hopper[@]}" target/fuzz-corpus/ptx_parse/
cp tests/fixtures/*.cubin tests/fixtures/*.fatbin tests/fixtures/*.ptx fuzz/seeds/ptx/*.ptx "${hopper[@]}" \
  target/fuzz-corpus/library_launch/
cp fuzz/seeds/printf/* target/fuzz-corpus/printf_format/
cp fuzz/seeds/link/* target/fuzz-corpus/link/
cp fuzz/seeds/cuda_c/* target/fuzz-corpus/cuda_c/
find tests/compiler/corpus -name '*.cu' -size -64k | while read -r f; do
  cp "$f" "target/fuzz-corpus/cuda_c/$(echo "$f" | tr / _)"
done
for t in image_table ptx_parse library_launch printf_format timing link cuda_c graph_build; do
  echo "== fuzzing $t for ${secs}s"
  log="target/fuzz-$t.log"
  if ! cargo fuzz run -a --fuzz-dir fuzz "$t" "target/fuzz-corpus/$t" -- \
      -max_total_time="$secs" -rss_limit_mb=1024 -max_len=262144 -timeout=10 \
      -seed="${FUZZ_SEED:-0}" -print_final_stats=1 > "$log" 2>&1; then
    # What failed first (a panic's message, libFuzzer's or a sanitizer's report), then the tail:
    # the tail alone is mostly the failing input's Debug dump.
    grep -m 12 -A1 -E "panicked at|^thread '|ERROR: (libFuzzer|AddressSanitizer)|SUMMARY:|deadly signal|==[0-9]+==" "$log" >&2 || true
    tail -40 "$log" | cut -c1-300 >&2
    # A small failing input, whole, so that a run on another machine can be replayed here.
    for a in "fuzz/artifacts/$t"/*; do
      [ -f "$a" ] && [ "$(stat -c%s "$a")" -le 8192 ] && echo "$a, base64: $(base64 -w0 "$a")" >&2
    done
    echo "fuzz target $t failed: the input is in fuzz/artifacts/$t/" >&2
    exit 1
  fi
  grep -E "^Done|stat::number_of_executed_units" "$log" || true
done
echo "== fuzzing found no crash"
