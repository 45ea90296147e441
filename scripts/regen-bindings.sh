#!/usr/bin/env bash
# Regenerates core/src/sys/{driver,nvrtc}.rs with bindgen from the pinned CUDA 12.9 headers
# (PyPI wheels nvidia-cuda-runtime-cu12==12.9.79 and nvidia-cuda-nvrtc-cu12==12.9.86).
#   scripts/regen-bindings.sh          rewrite the checked-in bindings
#   scripts/regen-bindings.sh --check  regenerate and fail if they differ (CI drift check)
# Needs libclang (Debian: libclang-dev; installed here when missing and apt-get is usable).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$(scripts/setup-venv.sh)
site=$(echo "$venv"/lib/python3*/site-packages)
. scripts/support/install.sh
install_libclang
before=$(mktemp -d)
cp core/src/sys/driver.rs core/src/sys/nvrtc.rs "$before"/
CUDA_LIBRARY_INCLUDE="$site/nvidia/cuda_runtime/include:$site/nvidia/cuda_nvrtc/include" \
CUDA_LIBRARY_WRITE_BINDINGS=1 \
  cargo check --quiet --features bindgen --target-dir target/bindgen
if [ "${1:-}" = "--check" ]; then
  if ! diff -u "$before"/driver.rs core/src/sys/driver.rs || ! diff -u "$before"/nvrtc.rs core/src/sys/nvrtc.rs; then
    cp "$before"/driver.rs "$before"/nvrtc.rs core/src/sys/
    echo "binding drift: the checked-in bindings differ from what bindgen generates from the pinned headers; run scripts/regen-bindings.sh and commit" >&2
    exit 1
  fi
  echo "bindings match the pinned CUDA 12.9 headers"
fi
rm -rf "$before"
