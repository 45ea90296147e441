#!/usr/bin/env bash
# Runs a tutorial notebook against the crate as it would be published: `cargo package` of
# cuda-library, cuda-library-engine, cuda-library-compiler and cuda-library-notebook,
# unpacked, and the notebook's first cell changed to
# `:dep cuda-library = "0.1"` (a registry dependency, resolved to the packages through a
# `[patch.crates-io]` in the evcxr build folder's cargo config). It catches what the
# `path = ".."` notebooks cannot: a file left out of the package, a dependency on the
# notebook crate by path only. Installs evcxr_jupyter as scripts/notebooks.sh does.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$(scripts/setup-venv.sh)
export VIRTUAL_ENV="$venv"
. scripts/support/install.sh
install_notebook_tools
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
cargo package --quiet --allow-dirty --no-verify -p cuda-library-engine -p cuda-library-compiler \
  -p cuda-library-notebook -p cuda-library
# Outside the checkout: under it, cargo would take evcxr's build folder for a member of this
# workspace.
work=$(mktemp -d "${TMPDIR:-/tmp}/cuda-library-packaged.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/crates" "$work/evcxr" "$work/nb" "$work/.cargo"
for c in cuda-library cuda-library-engine cuda-library-compiler cuda-library-notebook; do
  tar -xzf "target/package/$c-$version.crate" -C "$work/crates"
done
cat >"$work/.cargo/config.toml" <<TOML
[patch.crates-io]
cuda-library = { path = "$work/crates/cuda-library-$version" }
cuda-library-notebook = { path = "$work/crates/cuda-library-notebook-$version" }
cuda-library-compiler = { path = "$work/crates/cuda-library-compiler-$version" }
cuda-library-engine = { path = "$work/crates/cuda-library-engine-$version" }
TOML
nb=04-nvrtc-launch-and-time.ipynb
"$venv/bin/python" - "$nb" "$work/nb/$nb" "${version%.*}" <<'PY'
import sys, nbformat
src, dst, version = sys.argv[1:]
nb = nbformat.read("notebooks/" + src, as_version=4)
cell = next(c for c in nb.cells if c.cell_type == "code")
old = ':dep cuda-library = { path = ".." }'
if old not in cell.source:
    sys.exit(f"{src}: its first code cell has no `{old}` to replace")
cell.source = cell.source.replace(old, f':dep cuda-library = "{version}"')
nbformat.write(nb, dst)
PY
EVCXR_TMPDIR="$work/evcxr" "$venv/bin/python" scripts/support/run_notebooks.py \
  --out target/notebooks-packaged "$work/nb/$nb"
# The build must have used the packaged sources, not the checkout.
grep -q "crates/cuda-library-$version" "$work/evcxr/Cargo.lock" 2>/dev/null ||
  grep -rqs "crates/cuda-library-$version" "$work/evcxr/target" ||
  { echo "the notebook did not build the packaged crate" >&2; exit 1; }
echo "the packaged crate works in evcxr (:dep cuda-library = \"${version%.*}\")"
