#!/usr/bin/env bash
# The main job: the cuda-library tour, the tutorial notebooks executed headless with the
# evcxr kernel (scripts/notebooks.sh; executed copies and HTML in target/notebooks/), and the
# browser playground built and every lesson run in headless Chromium
# (scripts/playground-test.sh; site in target/playground/site/, screenshots in
# target/playground/e2e/). On a GPU machine the tour and notebooks run on the GPU; without
# one on the simulated GPU, which says why; the playground always runs on the simulator.
# Installs what it needs (NVRTC into .venv, evcxr_jupyter, Jupyter's nbclient,
# wasm-bindgen-cli, npm packages, Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
VIRTUAL_ENV=$(scripts/setup-venv.sh)
export VIRTUAL_ENV
cargo run --quiet --release --example tour
scripts/notebooks.sh
scripts/playground-test.sh
