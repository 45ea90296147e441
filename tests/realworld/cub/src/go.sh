#!/usr/bin/env bash
# CUB's device-wide algorithms on the GPU, for the simulator's differential corpus:
# builds small host programs with nvcc (-O3 -arch=sm_90 -cudart shared), runs each case
# under the cubtrace shim (LD_PRELOAD), which records every allocation, copy (with its
# bytes), memset and kernel launch (name, grid, block, shared memory, parameter bytes),
# and keeps the PTX the binaries carry. Writes everything under $OUT/cub/.
# Must finish within 120 s: every step has a timeout, and one failure does not stop the rest.
set -u
START=$(date +%s)
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# Results are gathered in $R and handed back as one file, $OUT/cub/cub.tar.xz (the device
# tool brings back at most 8 files for everyone's work together, 16 MiB each).
FINAL="${OUT:-/tmp/cub-out}/cub"
R=/tmp/cub-results
B=/tmp/cub-build
rm -rf "$B" "$R"
mkdir -p "$R" "$B" "$FINAL"
elapsed() { echo $(($(date +%s) - START)); }
left() { local l=$((${1:-108} - $(elapsed))); [ "$l" -gt 1 ] && echo "$l" || echo 1; }

exec > >(tee "$R/go.log") 2>&1

echo "== environment ($(date -u))"
uname -a
timeout 10 nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv 2>&1 | head -5
NVCC="$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)"
echo "nvcc: $NVCC"
"$NVCC" --version
gcc --version | head -1
CUDA="$(dirname "$(dirname "$(readlink -f "$NVCC")")")"
echo "CUDA root: $CUDA"
export PATH="$CUDA/bin:$PATH"
VERSION_H="$(find -L "$CUDA/include" "$CUDA/targets" -path '*cuda/std/__cccl/version.h' 2>/dev/null | head -1)"
echo "CCCL version header: $VERSION_H"
[ -n "$VERSION_H" ] && grep -E 'define CCCL_(VERSION|MAJOR|MINOR|PATCH)' "$VERSION_H"
CCCL_INC="${VERSION_H%/cuda/std/__cccl/version.h}"
echo "CCCL include dir: $CCCL_INC"
ls "$CCCL_INC" 2>&1 | head
grep -E 'define CUB_VERSION' "$CCCL_INC/cub/version.cuh" 2>&1 | head -2
find -L "$CUDA" -maxdepth 4 -iname '*license*' 2>/dev/null | head -10
if grep -rqs CCCL_DISABLE_PDL "$CCCL_INC/cuda/std/__cccl/" "$CCCL_INC/cuda/__cccl_config" 2>/dev/null ||
   grep -rqs CCCL_DISABLE_PDL "$CCCL_INC/cuda/std/" 2>/dev/null; then
  PDL_OFF=(-arch=sm_90 -DCCCL_DISABLE_PDL)
  SECOND=sm90-nopdl
  echo "CCCL_DISABLE_PDL is honoured: the second build sets it"
  grep -rn CCCL_DISABLE_PDL "$CCCL_INC/cuda/std/__cccl/" 2>/dev/null | head -3
else
  PDL_OFF=(-gencode arch=compute_80,code=sm_90)
  SECOND=c80-sm90
  echo "no CCCL_DISABLE_PDL: the second build is compute_80 PTX compiled for sm_90"
fi
cp "$VERSION_H" "$R/cccl-version.h" 2>/dev/null
for f in LICENSE LICENSE.txt; do [ -f "$CCCL_INC/../$f" ] && cp "$CCCL_INC/../$f" "$R/cccl-$f"; done
head -15 "$CCCL_INC/cub/device/device_radix_sort.cuh" >"$R/cub-header.txt" 2>&1
head -15 "$CCCL_INC/cub/version.cuh" >>"$R/cub-header.txt" 2>&1
find -L "$CUDA" -maxdepth 6 \( -iname 'LICENSE*' -o -iname 'EULA*' \) 2>/dev/null | head -20 >"$R/licence-files.txt"
cat "$R/licence-files.txt"

export LD_LIBRARY_PATH="$CUDA/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
echo "== shim ($(elapsed) s)"
(set -x; gcc -O2 -Wall -shared -fPIC -I"$CUDA/include" "$HERE/cubtrace.c" -o "$B/cubtrace.so" \
  -L"$CUDA/lib64" -L"$CUDA/lib64/stubs" -lcudart -lcuda -ldl) 2>&1
ls -la "$B/cubtrace.so"

# program -> source and defines
declare -A SRC=(
  [radix_keys_u32]="radix_sort.cu -DKEY_F32=0 -DPAIRS=0"
  [radix_keys_f32]="radix_sort.cu -DKEY_F32=1 -DPAIRS=0"
  [radix_pairs_u32]="radix_sort.cu -DKEY_F32=0 -DPAIRS=1"
  [radix_pairs_f32]="radix_sort.cu -DKEY_F32=1 -DPAIRS=1"
  [scan]="scan.cu"
  [select]="select.cu"
  [histogram]="histogram.cu"
)
# program -> cases ("args" separated by ;)
declare -A CASES=(
  [radix_keys_u32]="1000 11;4097 12;12345 13;30001 14"
  [radix_keys_f32]="1000 21;4097 22;12345 23;30001 24"
  [radix_pairs_u32]="1000 31;12345 33;30001 34"
  [radix_pairs_f32]="1000 41;12345 43;30001 44"
  [scan]="1000 51 inclusive u32;30001 52 inclusive u32;1000 53 exclusive u32;30001 54 exclusive u32;1000 55 inclusive f32;30001 56 inclusive f32"
  [select]="1000 61 if;30001 62 if;1000 63 flagged;30001 64 flagged"
  [histogram]="1000 71 u8;30001 72 u8;1000 73 f32;30001 74 f32"
)
ORDER=(radix_pairs_u32 radix_pairs_f32 radix_keys_u32 radix_keys_f32 scan select histogram)

# build VARIANT PROGRAM EXTRA-FLAGS...: compile, keep the PTX, then run the cases (twice).
build_and_run() {
  local variant="$1" prog="$2"; shift 2
  local out="$R/$variant/$prog" keep="$B/$variant/$prog"
  mkdir -p "$out" "$keep"
  local spec=(${SRC[$prog]})
  local src="${spec[0]}" defs=("${spec[@]:1}")
  local cmd=(nvcc -O3 -std=c++17 "$@" -cudart shared "${defs[@]}" -keep -keep-dir "$keep"
             -o "$keep/$prog" "$src")
  echo "${cmd[*]}" >"$out/nvcc-command.txt"
  local t0=$(date +%s)
  (cd "$HERE" && timeout "$(left 96)" "${cmd[@]}") >"$out/build.log" 2>&1
  local rc=$?
  echo "$variant/$prog: nvcc exit $rc after $(($(date +%s) - t0)) s (at $(elapsed) s)"
  [ $rc -eq 0 ] || { tail -20 "$out/build.log"; return; }
  ls -la "$keep" >"$out/keep-files.txt"
  timeout 10 cuobjdump -lelf -lptx "$keep/$prog" >"$out/cuobjdump-list.txt" 2>&1
  if ls "$keep"/*.ptx >/dev/null 2>&1; then
    cp "$keep"/*.ptx "$out/"
  else
    timeout 10 cuobjdump -ptx "$keep/$prog" >"$out/cuobjdump-ptx.ptx" 2>&1
  fi
  gzip -9 "$out"/*.ptx
  mkdir -p "$out/traces"
  local IFS=';'
  local cases=(${CASES[$prog]})
  unset IFS
  for c in "${cases[@]}"; do
    local args=($c) name="${prog}_${c// /_}"
    local snap=0
    # Snapshots after every launch (to find the first kernel that differs) for the small
    # cases and one multi-tile radix sort.
    [ "${args[0]}" -le 4097 ] && snap=1
    [ "$name" = radix_keys_u32_12345_13 ] && snap=1
    for run in a b; do
      [ "$(left 104)" -gt 2 ] || { echo "$variant/$name.$run: no time left"; continue; }
      CUBTRACE="$out/traces/$name.$run" CUBTRACE_SNAP=$snap LD_PRELOAD="$B/cubtrace.so" \
        timeout "$(left 106)" "$keep/$prog" "${args[@]}" >"$out/traces/$name.$run.log" 2>&1
      local rc=$?
      echo "$variant/$name.$run: exit $rc, $(grep -c '^launch' "$out/traces/$name.$run.txt" 2>/dev/null) launches ($(tail -1 "$out/traces/$name.$run.log"))"
    done
    # Run b is kept only as its difference from run a (the same bytes when the GPU is
    # deterministic; launch parameters may differ only if device addresses do, snapshots
    # of temporary storage where tile states race).
    if [ -f "$out/traces/$name.b.bin" ]; then
      cmp -l "$out/traces/$name.a.bin" "$out/traces/$name.b.bin" 2>&1 | head -200 >"$out/traces/$name.b.cmp"
      rm -f "$out/traces/$name.b.bin"
    fi
  done
}

echo "== builds and runs ($(elapsed) s)"
for prog in "${ORDER[@]}"; do
  build_and_run sm90 "$prog" -arch=sm_90 &
  build_and_run "$SECOND" "$prog" "${PDL_OFF[@]}" &
done

# Wait for all, but stop at 107 s whatever is still running.
while [ -n "$(jobs -rp)" ] && [ "$(elapsed)" -lt 107 ]; do sleep 1; done
for p in $(jobs -rp); do echo "still running at $(elapsed) s: killing $p"; kill -- "$p" 2>/dev/null; done
echo "== packing at $(elapsed) s"
du -sh "$R"
pack() {
  rm -f "$FINAL"/cub.tar.*
  tar -C "$R" -cf - . | xz -T0 -6 >"$FINAL/cub.tar.xz" 2>/dev/null ||
    { rm -f "$FINAL/cub.tar.xz"; tar -C "$R" -czf "$FINAL/cub.tar.gz" .; }
  ls -la "$FINAL"
}
pack
# Over 15 MB: leave out the second build's largest traces, then every big data file.
if [ "$(cat "$FINAL"/cub.tar.* | wc -c)" -gt 15000000 ]; then
  find "$R/$SECOND" -name '*_30001_*.a.bin' -delete
  pack
fi
if [ "$(cat "$FINAL"/cub.tar.* | wc -c)" -gt 15000000 ]; then
  find "$R" -name '*.a.bin' -size +1M -delete
  pack
fi
echo "== done at $(elapsed) s"
sleep 1
