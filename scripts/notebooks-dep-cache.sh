#!/usr/bin/env bash
# Measures what evcxr's `:cache` gives a user of a published version (the notebooks guide,
# "The second notebook"): two fresh kernels, one after the other, each running
# `:cache 2000` and `:dep cuda-library` as a git dependency on this checkout's HEAD (cargo
# builds git and registry dependencies alike: not incrementally, so evcxr caches them), with
# evcxr's cache folder emptied first. Prints each kernel's `:dep` time: the first builds
# everything, the second copies it from the cache. Needs what scripts/notebooks.sh installs.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$(scripts/setup-venv.sh)
export VIRTUAL_ENV="$venv"
. scripts/support/install.sh
install_notebook_tools
rev=$(git rev-parse HEAD)
work=$(mktemp -d "${TMPDIR:-/tmp}/cuda-library-dep-cache.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$venv/bin/python" - "$work" "file://$PWD" "$rev" <<'PY'
import sys, nbformat
work, url, rev = sys.argv[1:]
for name in ("first", "second"):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "rust", "display_name": "Rust", "language": "rust"}
    nb.cells = [
        nbformat.v4.new_code_cell(f':cache 2000\n:dep cuda-library = {{ git = "{url}", rev = "{rev}" }}'),
        nbformat.v4.new_code_cell("cuda_library::backend()"),
    ]
    nbformat.write(nb, f"{work}/{name}.ipynb")
PY
# evcxr's cache is dirs::cache_dir()/evcxr: an empty one of our own.
XDG_CACHE_HOME="$work/cache" "$venv/bin/python" scripts/support/run_notebooks.py \
  --out "$work/out" "$work/first.ipynb" "$work/second.ipynb"
echo "evcxr's cache: $(du -sm "$work/cache/evcxr" | cut -f1) MiB in $(ls "$work/cache/evcxr" | wc -l) entries"
