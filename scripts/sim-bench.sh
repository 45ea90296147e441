#!/usr/bin/env bash
# Simulator speed, natively and in wasm32 (Node's WASI), against ptoxide on the same PTX.
# Installs NVRTC into .venv (to compile the corpus) and the wasm32-wasip1 target.
set -euo pipefail
cd "$(dirname "$0")/.."
VIRTUAL_ENV=$(scripts/setup-venv.sh)
export VIRTUAL_ENV
ptx=/tmp/cuda-library-corpus.ptx
cargo run --quiet --release --example compile -- tests/fixtures/corpus.cu "$ptx" ptx compute_80 >/dev/null
echo "== native ($(uname -m))"
cargo run --quiet --release --example sim_bench -- "$ptx"
rustup target add wasm32-wasip1 >/dev/null 2>&1 || true
cargo build --quiet --release --example sim_bench --target wasm32-wasip1
echo "== wasm32 (Node $(node --version), WASI)"
node --no-warnings scripts/support/run-wasi.mjs target/wasm32-wasip1/release/examples/sim_bench.wasm "$ptx"
