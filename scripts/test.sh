#!/usr/bin/env bash
# Runs every test, installing what the tests need:
#   - .venv with the pinned NVRTC wheel (CUDA C++ compiles on machines without a GPU)
#   - libclang, for the bindings drift check
# then: rustfmt check, clippy, unit + integration + doc tests, the quickstart example,
# rustdoc, a wasm32 build, the browser playground (built, tested in Node and in headless
# Chromium), the tutorial notebooks executed with evcxr and checked, and as plain programs,
# a notebook against the packaged crate, a bounded run of each fuzz target (FUZZ_SECONDS,
# default 30), `cargo publish --dry-run` of the three crates, a build with the declared
# rust-version's toolchain, the bindings drift check.
# GPU tests run where a CUDA driver and device exist and print why they skip elsewhere;
# set CUDA_LIBRARY_REQUIRE_GPU=1 to make a missing GPU a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$(scripts/setup-venv.sh)
export VIRTUAL_ENV="$venv"
export CUDA_LIBRARY_REQUIRE_NVRTC=1

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets --quiet -- -D warnings
echo "== the cudarc feature (clippy; its GPU test, tests/gpu/cudarc.rs, skips without a GPU)"
cargo clippy --quiet --all-targets --features cudarc -- -D warnings
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
echo "== wasm32 build (the public API on the simulator; the driver backend compiled out)"
rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || true
cargo build --quiet --lib --target wasm32-unknown-unknown
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
