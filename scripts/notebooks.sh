#!/usr/bin/env bash
# Executes every tutorial notebook in notebooks/ headless with the evcxr Rust kernel and
# checks what the cells show (scripts/support/run_notebooks.py), twice: with NVRTC compiling
# the CUDA C++ cells, then with the built-in compiler (CUDA_LIBRARY_COMPILER=builtin).
# `--compiler nvrtc` or `--compiler builtin` runs one pass only.
# Installs what it needs: evcxr_jupyter (pinned), rust-src, Jupyter's nbclient/nbconvert in
# .venv, NVRTC (.venv), with their output in the install log (scripts/support/install.sh).
# Executed notebooks and their HTML renderings go to target/notebooks/ (NVRTC) and
# target/notebooks/builtin/.
# Every kernel builds in one evcxr folder (EVCXR_TMPDIR), made empty here: the first
# notebook's `:dep` builds the crate cold, every later one finds it built (the notebooks
# guide, "The second notebook").
# Runs on the GPU where the CUDA driver finds one, otherwise on the simulated GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
compilers=(nvrtc builtin)
case "${1-}" in
  --compiler) compilers=("${2:?--compiler needs nvrtc or builtin}") ;;
  "") ;;
  *) echo "usage: scripts/notebooks.sh [--compiler nvrtc|builtin]" >&2; exit 2 ;;
esac
venv=$(scripts/setup-venv.sh)
export VIRTUAL_ENV="$venv"
. scripts/support/install.sh
install_notebook_tools
# Outside the checkout: under it, cargo would take evcxr's build folder for a member of
# this workspace.
build=$(mktemp -d "${TMPDIR:-/tmp}/cuda-library-evcxr.XXXXXX")
trap 'rm -rf "$build"' EXIT
status=0
for compiler in "${compilers[@]}"; do
  out=target/notebooks
  [ "$compiler" = nvrtc ] || out=target/notebooks/$compiler
  "$venv/bin/python" scripts/support/run_notebooks.py --compiler "$compiler" \
    --build-dir "$build" --out "$out" notebooks/*.ipynb || status=1
done
exit "$status"
