#!/usr/bin/env bash
# Runs the simulator's parallel launch path under Miri, which reports any undefined
# behaviour, data races included: a launch of 4 blocks on 4 workers (atomics of two
# widths, a fence, racing stores) and the shared-memory view's own tests. About a minute
# once Miri's sysroot is built. Needs the nightly toolchain with its `miri` and `rust-src`
# components (installed here if missing).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! cargo +nightly miri --version >/dev/null 2>&1; then
  rustup toolchain install nightly --profile minimal --component miri,rust-src
fi
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/miri-check" \
  cargo +nightly miri test -p cuda-library --lib -- exec::parallel::tests mem::shared::tests
