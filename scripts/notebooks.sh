#!/usr/bin/env bash
# Executes every tutorial notebook in notebooks/ headless with the evcxr Rust kernel and
# checks what the cells show (scripts/support/run_notebooks.py). Installs what it needs:
# evcxr_jupyter (pinned), rust-src, Jupyter's nbclient/nbconvert in .venv, NVRTC (.venv).
# Executed notebooks and their HTML renderings go to target/notebooks/.
# Runs on the GPU where the CUDA driver finds one, otherwise on the simulated GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
EVCXR_VERSION=0.22.0
venv=$(scripts/setup-venv.sh)
export VIRTUAL_ENV="$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  nbclient==0.10.4 nbconvert==7.16.6 nbformat==5.10.4 jupyter_client==8.6.3 >&2
if ! cargo install --list | grep -q "^evcxr_jupyter v$EVCXR_VERSION:"; then
  echo "== installing evcxr_jupyter $EVCXR_VERSION (about 9 minutes on 2 cores)" >&2
  cargo install --quiet --locked evcxr_jupyter --version "$EVCXR_VERSION"
fi
rustup component add rust-src >/dev/null 2>&1 || true
evcxr_jupyter --install >/dev/null   # registers the Jupyter kernel `rust`
"$venv/bin/python" scripts/support/run_notebooks.py --out target/notebooks notebooks/*.ipynb
