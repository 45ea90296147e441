#!/bin/sh
# Builds the tensor-core arithmetic probe for sm_90a and records its answers into OUTDIR
# (see README.md). Needs nvcc (CUDA 12.4 or later) and an H100/H200; runs in seconds.
set -eu
OUT=${1:?usage: run.sh OUTDIR}
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT
nvcc -O2 -std=c++17 -arch=sm_90a -o "$BUILD/probe" "$HERE/probe.cu"
{
  nvcc --version | tail -n 2
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader || true
} > "$OUT/device.txt"
# The tensor-core and conversion instructions each kernel became (a few KB).
cuobjdump -sass "$BUILD/probe" |
  grep -E 'Function :|HGMMA|HMMA|QGMMA|QMMA|IGMMA|IMMA|F2FP|F2F|WARPGROUP|WARPSYNC|DEPBAR' \
  > "$OUT/sass.txt" || true
"$BUILD/probe" "$OUT"
