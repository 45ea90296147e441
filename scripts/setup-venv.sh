#!/usr/bin/env bash
# Creates .venv with the pinned CUDA 12.9 PyPI wheels: NVRTC (to compile CUDA C++ with no
# GPU) and the runtime headers (cuda.h, for regenerating the bindings). Idempotent.
# Prints the venv path on stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
NVRTC_WHEEL="nvidia-cuda-nvrtc-cu12==12.9.86"
HEADERS_WHEEL="nvidia-cuda-runtime-cu12==12.9.79"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv >&2
fi
if ! .venv/bin/python -m pip show nvidia-cuda-nvrtc-cu12 nvidia-cuda-runtime-cu12 2>/dev/null \
  | grep -q "^Version: 12.9.86" ; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check \
    "$NVRTC_WHEEL" "$HEADERS_WHEEL" >&2
fi
echo "$PWD/.venv"
