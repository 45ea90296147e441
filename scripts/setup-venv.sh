#!/usr/bin/env bash
# Creates .venv with the pinned CUDA 12.9 PyPI wheels: NVRTC (to compile CUDA C++ with no
# GPU), the runtime headers (cuda.h and cuda_fp16.h: for regenerating the bindings and for
# NVRTC), CCCL (libcu++'s <cuda/std/*>, CUB and Thrust, for NVRTC; 12.9.27 is the CCCL of
# CUDA 12.9) and nvJitLink (the device linker `Linker` uses, also with no GPU; 12.9.86 is
# the nvJitLink of CUDA 12.9, as NVRTC's, so LTO-IR from this NVRTC links). Idempotent.
# Prints the venv path on stdout; pip's output goes to the install log
# (scripts/support/install.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
WHEELS=(
  "nvidia-cuda-nvrtc-cu12==12.9.86"
  "nvidia-cuda-runtime-cu12==12.9.79"
  "nvidia-cuda-cccl-cu12==12.9.27"
  "nvidia-nvjitlink-cu12==12.9.86"
)
. scripts/support/install.sh
[ -x .venv/bin/python ] || installing "a Python venv (.venv)" python3 -m venv .venv
pip_install "NVRTC, the CUDA headers, CCCL and nvJitLink into .venv" "${WHEELS[@]}"
echo "$PWD/.venv"
