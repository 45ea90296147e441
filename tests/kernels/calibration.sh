#!/usr/bin/env bash
# Regenerates calibration.ptx from calibration.cu with NVRTC (compute_80), from the repo root:
#   bash tests/kernels/calibration.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
VIRTUAL_ENV=$(scripts/setup-venv.sh)
export VIRTUAL_ENV
cargo run --quiet --release --example compile -- tests/kernels/calibration.cu tests/kernels/calibration.ptx ptx compute_80
