#!/usr/bin/env bash
# Measures a cold `:dep cuda-library` as a notebook user meets it: a fresh evcxr kernel with an
# empty build folder (EVCXR_TMPDIR), a one-cell notebook `:dep cuda-library = { path = DIR }`
# (default: this checkout; give another, e.g. an older commit's `git archive`, to compare),
# the registry already warm. Prints the first cell's time and the load average before and
# after (other work on the machine slows it). Needs what scripts/notebooks.sh installs.
#
#   scripts/dep-cold.sh [DIR] [LABEL]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(realpath "${1:-.}")
label=${2:-dep.cold}
venv=$(scripts/setup-venv.sh)
export VIRTUAL_ENV="$venv"
. scripts/support/install.sh
install_notebook_tools
work=$(mktemp -d "${TMPDIR:-/tmp}/cuda-library-dep-cold.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" - "$work" "$dir" <<'PY'
import sys, nbformat
work, crate = sys.argv[1:]
nb = nbformat.v4.new_notebook()
nb.metadata["kernelspec"] = {"name": "rust", "display_name": "Rust", "language": "rust"}
nb.cells = [
    nbformat.v4.new_code_cell(f':dep cuda-library = {{ path = "{crate}" }}'),
    nbformat.v4.new_code_cell("cuda_library::backend()"),
]
nbformat.write(nb, f"{work}/cold.ipynb")
PY
echo "$label: load average before $(cut -d' ' -f1-3 /proc/loadavg)"
EVCXR_TMPDIR="$work/evcxr" "$venv/bin/python" scripts/support/run_notebooks.py \
  --out "$work/out" "$work/cold.ipynb" | sed "s/^/$label: /"
echo "$label: load average after $(cut -d' ' -f1-3 /proc/loadavg)"
