#!/usr/bin/env bash
# The main job: the cuda-library tour, then the tutorial notebooks executed headless with the
# evcxr kernel (scripts/notebooks.sh; executed copies and HTML in target/notebooks/). On a
# GPU machine everything runs on the GPU; without one on the simulated GPU, which says why.
# Installs what it needs (NVRTC into .venv, evcxr_jupyter, Jupyter's nbclient).
set -euo pipefail
cd "$(dirname "$0")/.."
VIRTUAL_ENV=$(scripts/setup-venv.sh)
export VIRTUAL_ENV
cargo run --quiet --release --example tour
scripts/notebooks.sh
