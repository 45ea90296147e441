#!/usr/bin/env bash
# Records the corpus outputs on a GPU into tests/kernels/expected.json. Run on the GPU
# machine with the gpu_corpus test binary built from this repo:
#   bash tests/kernels/record.sh path/to/gpu_corpus-binary
set -euo pipefail
bin=$(realpath "$1")
cd "$(dirname "$0")"
CUDA_LIBRARY_REQUIRE_GPU=1 CUDA_LIBRARY_RECORD_CORPUS="$PWD/expected.json" "$bin" --nocapture
