#!/usr/bin/env bash
# Measures a cold `:dep cuda-library` as a notebook user meets it: a fresh evcxr kernel with an
# empty build folder (EVCXR_TMPDIR), a one-cell notebook `:dep cuda-library = { path = DIR }`
# (default: this checkout; give another, e.g. an older commit's `git archive`, to compare),
# the registry already warm. Prints the first cell's time and the load average before and
# after (other work on the machine slows it), and adds a line to the trend file. Needs what
# scripts/notebooks.sh installs.
#
#   scripts/dep-cold.sh [--wait-quiet SECONDS] [DIR] [LABEL]
#
# DEP_COLD_OPT=N starts the cell with evcxr's `:opt N` (its default is 2), to measure what a
# lower optimisation level saves in the build (and costs the simulator: the notebooks guide).
#
# --wait-quiet: first wait, at most SECONDS, until the machine is idle (the one-minute load
# average below one per core), so that the figure is the build's and not the neighbours'
# (scripts/test.sh runs it so, between its other steps). The wait and the load are printed.
# The trend file (DEP_COLD_TREND, default target/dep-cold.tsv) keeps one line a run: date,
# commit, label, seconds, load before, load after; the last lines are printed.
set -euo pipefail
cd "$(dirname "$0")/.."
wait_quiet=0
if [ "${1:-}" = --wait-quiet ]; then
  wait_quiet=${2:?--wait-quiet takes a number of seconds}
  shift 2
fi
dir=$(realpath "${1:-.}")
label=${2:-dep.cold}
trend=${DEP_COLD_TREND:-target/dep-cold.tsv}
venv=$(scripts/setup-venv.sh)
export VIRTUAL_ENV="$venv"
. scripts/support/install.sh
install_notebook_tools
work=$(mktemp -d "${TMPDIR:-/tmp}/cuda-library-dep-cold.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" - "$work" "$dir" "${DEP_COLD_OPT:-}" <<'PY'
import sys, nbformat
work, crate, opt = sys.argv[1:]
first = (f":opt {opt}\n" if opt else "") + f':dep cuda-library = {{ path = "{crate}" }}'

nb = nbformat.v4.new_notebook()
nb.metadata["kernelspec"] = {"name": "rust", "display_name": "Rust", "language": "rust"}
nb.cells = [
    nbformat.v4.new_code_cell(first),
    nbformat.v4.new_code_cell("cuda_library::backend()"),
]
nbformat.write(nb, f"{work}/cold.ipynb")
PY

load1() { cut -d' ' -f1 /proc/loadavg; }
if [ "$wait_quiet" -gt 0 ]; then
  cores=$(nproc)
  waited=0
  while awk -v l="$(load1)" -v c="$cores" 'BEGIN { exit !(l >= c) }' && [ "$waited" -lt "$wait_quiet" ]; do
    sleep 10
    waited=$((waited + 10))
  done
  echo "$label: waited ${waited} s for a quiet machine (at most $wait_quiet s); load average $(load1) on $cores cores"
fi
before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "$label: load average before $before"
EVCXR_TMPDIR="$work/evcxr" "$venv/bin/python" scripts/support/run_notebooks.py \
  --out "$work/out" "$work/cold.ipynb" | tee "$work/report" | sed "s/^/$label: /"
after=$(cut -d' ' -f1-3 /proc/loadavg)
echo "$label: load average after $after"
seconds=$(sed -n 's/.*first cell (:dep) \([0-9.]*\) s.*/\1/p' "$work/report" | head -1)
commit=$(git -C "$dir" rev-parse --short HEAD 2>/dev/null || echo "-")
mkdir -p "$(dirname "$trend")"
printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%dT%H:%MZ)" "$commit" "$label" \
  "${seconds:-?}" "${before%% *}" "${after%% *}" >>"$trend"
echo "$label: cold :dep ${seconds:-?} s (target 20 s); the trend ($trend: date, commit, label, s, load before, after):"
tail -n 5 "$trend" | sed "s/^/$label:   /"
