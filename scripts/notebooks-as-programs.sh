#!/usr/bin/env bash
# The tutorial notebooks as plain Rust programs (scripts/support/notebooks_to_rust.py): every
# code cell in order in one function, each cell's final value shown through evcxr_display or
# Debug, as evcxr shows it. For a GPU machine with no Jupyter or evcxr: build them here and
# copy target/notebooks-as-programs/release/nb*, or build and run them there.
#   scripts/notebooks-as-programs.sh          build
#   scripts/notebooks-as-programs.sh --run    build, then run each from notebooks/ (as the
#                                             notebooks run) and fail if one fails
# Runs on the GPU where the CUDA driver finds one, otherwise on the simulated GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$(scripts/setup-venv.sh)
export VIRTUAL_ENV="$venv"
gen=target/notebooks-as-programs/crate
python3 scripts/support/notebooks_to_rust.py "$gen" notebooks/*.ipynb
CARGO_TARGET_DIR="$PWD/target/notebooks-as-programs" \
  cargo build --quiet --release --manifest-path "$gen/Cargo.toml"
if [ "${1:-}" = "--run" ]; then
  cd notebooks
  for nb in *.ipynb; do
    name="nb$(basename "$nb" .ipynb | tr - _)"
    out="../target/notebooks-as-programs/$name.out"
    if ! "../target/notebooks-as-programs/release/$name" > "$out" 2>&1; then
      echo "$nb as a program failed:" >&2
      tail -5 "$out" >&2
      exit 1
    fi
    echo "$nb as a program: $(grep -c '^==== cell' "$out") code cells, $(grep -c EVCXR_BEGIN_CONTENT "$out") rich outputs"
  done
fi
