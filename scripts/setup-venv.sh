#!/usr/bin/env bash
# Creates .venv with the pinned CUDA 12.9 PyPI wheels: NVRTC (to compile CUDA C++ with no
# GPU), the runtime headers (cuda.h and cuda_fp16.h: for regenerating the bindings and for
# NVRTC) and CCCL (libcu++'s <cuda/std/*>, CUB and Thrust, for NVRTC; 12.9.27 is the CCCL of
# CUDA 12.9). Idempotent. Prints the venv path on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
WHEELS=(
  "nvidia-cuda-nvrtc-cu12==12.9.86"
  "nvidia-cuda-runtime-cu12==12.9.79"
  "nvidia-cuda-cccl-cu12==12.9.27"
)
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv >&2
fi
# `pip freeze` lists what is installed as name==version: install only when a pin is missing.
installed="$(.venv/bin/python -m pip freeze --disable-pip-version-check 2>/dev/null || true)"
missing=()
for w in "${WHEELS[@]}"; do
  grep -qixF "$w" <<<"$installed" || missing+=("$w")
done
if [ "${#missing[@]}" -gt 0 ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check "${missing[@]}" >&2
fi
echo "$PWD/.venv"
