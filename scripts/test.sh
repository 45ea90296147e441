#!/usr/bin/env bash
# Runs every test, installing what the tests need first (one line each; their output in
# target/test/install.log):
#   - .venv with the pinned NVRTC wheel (CUDA C++ compiles on machines without a GPU)
#   - evcxr and Jupyter's runner, the playground's tools (wasm-bindgen-cli, npm packages,
#     Chromium), Debian's Rust 1.85, libclang, cargo-fuzz
# then: rustfmt check, clippy, no warnings in the supported builds (no default features,
# serde, cudarc, wasm32), unit + integration + doc tests, the quickstart example, rustdoc,
# the browser playground (built, tested in Node and in headless Chromium), the tutorial
# notebooks executed with evcxr and checked, and as plain programs, a notebook against the
# packaged crate, a bounded run of each fuzz target (FUZZ_SECONDS, default 30),
# `cargo publish --dry-run` of the three crates, a build with the declared rust-version's
# toolchain, the bindings drift check.
# GPU tests run where a CUDA driver and device exist; elsewhere they are reported as
# ignored, with the reason. Set CUDA_LIBRARY_REQUIRE_GPU=1 to make a missing GPU a failure.
# Everything is also written to target/test/test.log, and the script ends with the totals
# over every test run: passed, failed, skipped (and why, grouped).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p target/test
log=target/test/test.log
export INSTALL_LOG="$PWD/target/test/install.log"

# This script runs itself again with every line going to the terminal and to the log, then
# prints the totals (also after a failure).
if [ -z "${CUDA_LIBRARY_TEST_SH_LOGGED:-}" ]; then
  set +e
  CUDA_LIBRARY_TEST_SH_LOGGED=1 "$PWD/scripts/test.sh" "$@" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  set -e
  echo "== summary (log: $log)"
  python3 scripts/support/test_summary.py "$log"
  [ "$status" -eq 0 ] || echo "scripts/test.sh failed (exit $status): see the log above"
  exit "$status"
fi

echo "== installing what the tests need (when missing)"
venv=$(scripts/setup-venv.sh)
export VIRTUAL_ENV="$venv"
export CUDA_LIBRARY_REQUIRE_NVRTC=1 CUDA_LIBRARY_REQUIRE_NVJITLINK=1
# Compiles are cached (Program's compile cache) inside target/, not in the user's cache.
export CUDA_LIBRARY_CACHE_DIR="$PWD/target/compile-cache"
. scripts/support/install.sh
install_notebook_tools
install_playground_tools
install_msrv_toolchain
install_libclang
install_cargo_fuzz

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --quiet -- -D warnings
echo "== no warnings in the other supported builds (clippy -D warnings: no default features, serde, cudarc)"
cargo clippy --quiet -p cuda-library --lib --no-default-features -- -D warnings
cargo clippy --quiet -p cuda-library --lib --no-default-features --features serde -- -D warnings
cargo clippy --quiet --all-targets --features cudarc -- -D warnings
echo "== the cudarc feature's GPU test (tests/gpu/cudarc.rs; ignored without a GPU)"
cargo test --quiet --features cudarc --test gpu cudarc::
echo "== cargo test"
cargo test --workspace
echo "== the cost model against the H100's times (tests/sim_calibration.rs, release)"
cargo test --quiet --release --test sim_calibration -- --nocapture
echo "== the README's quickstart (core/examples/quickstart.rs)"
cargo run --quiet --release --example quickstart
echo "== a vector split over several devices (core/examples/multi_gpu.rs, 3 simulated devices)"
CUDA_LIBRARY_SIM_DEVICES=3 cargo run --quiet --release --example multi_gpu
echo "== rustdoc"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
echo "== wasm32 build, no warnings (the public API on the simulator; the driver backend compiled out)"
# As an rlib only: the dylib the notebooks need does not exist for wasm32, and rustc would
# say it drops it.
cargo rustc --quiet --lib --target wasm32-unknown-unknown --crate-type rlib -- -D warnings
echo "== playground (wasm build, wasm-bindgen-test in Node, end-to-end in Chromium)"
scripts/playground-test.sh
echo "== tutorial notebooks (evcxr kernel, headless; outputs checked)"
scripts/notebooks.sh
echo "== a notebook against the packaged crate (:dep cuda-library = \"0.1\")"
scripts/notebooks-packaged.sh
echo "== the notebooks as plain programs (what a GPU machine without Jupyter runs)"
scripts/notebooks-as-programs.sh --run
echo "== fuzzing (bounded)"
scripts/fuzz.sh "${FUZZ_SECONDS:-30}"
echo "== packages (cargo publish --dry-run: cuda-library, cuda-library-notebook, cuda-library-cli)"
# (The package leaves the tests and long examples out; cargo says so once per target.)
# Cargo verifies each package against the others through a local registry, which it unpacks
# into $CARGO_HOME/registry/src/-<hash of the checkout path>/ and keeps. An unpacked copy of
# the same name and version from an earlier run is reused as it is, so a CI machine that
# checks out to the same path would verify last run's sources: remove ours first.
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
for crate in cuda-library cuda-library-notebook cuda-library-cli; do
  rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/"$crate-$version"
done
if ! out=$(cargo publish --dry-run --workspace --exclude cuda-library-playground --allow-dirty 2>&1); then
  echo "$out" >&2
  exit 1
fi
echo "$out" | grep -E "Packaged|Verifying" || true
echo "== the declared rust-version (Rust 1.85, from Debian)"
scripts/msrv.sh
echo "== bindings drift check"
scripts/regen-bindings.sh --check
echo "== all tests passed"
