#!/usr/bin/env bash
# Executes every tutorial notebook in notebooks/ headless with the evcxr Rust kernel and
# checks what the cells show (scripts/support/run_notebooks.py). Installs what it needs:
# evcxr_jupyter (pinned), rust-src, Jupyter's nbclient/nbconvert in .venv, NVRTC (.venv),
# with their output in the install log (scripts/support/install.sh).
# Executed notebooks and their HTML renderings go to target/notebooks/.
# Runs on the GPU where the CUDA driver finds one, otherwise on the simulated GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$(scripts/setup-venv.sh)
export VIRTUAL_ENV="$venv"
. scripts/support/install.sh
install_notebook_tools
"$venv/bin/python" scripts/support/run_notebooks.py --out target/notebooks notebooks/*.ipynb
