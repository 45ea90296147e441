#!/usr/bin/env bash
# The main job: the cuda-library tour. On a GPU machine it loads a library, prints its kernel
# table and globals, launches and times saxpy; without a GPU it says why and shows what
# works without one (NVRTC, reading images). Installs NVRTC into .venv first.
set -euo pipefail
cd "$(dirname "$0")/.."
VIRTUAL_ENV=$(scripts/setup-venv.sh)
export VIRTUAL_ENV
cargo run --quiet --release --example tour
