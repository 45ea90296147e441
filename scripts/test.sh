#!/usr/bin/env bash
# Runs every test, installing what the tests need first (one line each; their output in
# target/test/install.log):
#   - .venv with the pinned NVRTC wheel (CUDA C++ compiles on machines without a GPU)
#   - evcxr and Jupyter's runner, the playground's tools (wasm-bindgen-cli, npm packages,
#     Chromium), Debian's Rust 1.85, libclang, cargo-fuzz (apt packages as root: asked first
#     outside CI)
# then: rustfmt check, clippy, no warnings in the supported builds (no default features,
# serde, cudarc, wasm32), unit + integration + doc tests, the quickstart example, rustdoc,
# the browser playground (built, tested in Node and in headless Chromium), the tutorial
# notebooks executed with evcxr and checked, and as plain programs, a notebook against the
# packaged crate, the cold `:dep` time measured alone (scripts/dep-cold.sh), a bounded run of each fuzz target
# (FUZZ_SECONDS, default 10, from seed FUZZ_SEED, default 1; the longer random run is recorded in the testing guide),
# `cargo publish --dry-run` of the published crates, a build with the declared rust-version's
# toolchain, the bindings drift check.
# GPU tests run where a CUDA driver and device exist; elsewhere they are reported as
# ignored, with the reason. Set CUDA_LIBRARY_REQUIRE_GPU=1 to make a missing GPU a failure.
#
# One line per step ("cargo clippy … done in 1 min 12 s"; on a terminal the running time and
# what is being built are shown while it runs), the same lines in target/test/test.log, each
# step's whole output in its own log, target/test/steps/NN-NAME.log. A failed step shows the
# end of its log and stops the run. The script ends with the totals over every test run
# (scripts/support/test_summary.py over the steps' logs): passed, failed, skipped (and why).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p target/test
log=$PWD/target/test/test.log
steps=target/test/steps
rm -rf "$steps"
mkdir -p "$steps"
: >"$log"
export INSTALL_LOG="$PWD/target/test/install.log"
# Each step's last line (done, or FAILED) also goes to the run's log.
export STEP_TRANSCRIPT="$log"

# say TEXT: a line on the terminal and in the log.
say() {
  echo "$*" | tee -a "$log"
}

summary() {
  local status=$?
  say "== summary (log: ${log#"$PWD/"}; each step's output: $steps/)"
  python3 scripts/support/test_summary.py "$steps"/*.log | tee -a "$log"
  [ "$status" -eq 0 ] || say "scripts/test.sh failed (exit $status): see the step above"
  exit "$status"
}
trap summary EXIT

. scripts/support/install.sh

n=0
# check LABEL COMMAND...: one step, its output in its own log; on failure the end of that log
# and the run stops.
check() {
  local label=$1
  shift
  n=$((n + 1))
  local slug
  slug=$(printf '%s' "$label" | tr -c 'A-Za-z0-9' '-' | tr -s '-' | cut -c 1-40 | sed 's/-$//')
  local step_log
  step_log=$(printf '%s/%02d-%s.log' "$steps" "$n" "$slug")
  if ! step "$label" "$step_log" "" "$@"; then
    # The failures themselves first (a long log's tail may not reach them), then the end of the
    # log; without terminal colour codes, which some tools write even into a file.
    grep -a -E '^(FAIL|not ok)|panicked at|^error(\[|:)' "$step_log" | head -n 20 |
      sed -e 's/\x1b[[(][0-9;]*[A-Za-z]//g' -e 's/^/  ! /' | tee -a "$log" || true
    tail -n 40 "$step_log" | sed -e 's/\x1b[[(][0-9;]*[A-Za-z]//g' -e 's/^/  | /' | tee -a "$log"
    exit 1
  fi
}

# A CI run starts from a clean clone and never builds incrementally again: without
# incremental caches (1.5 GB of the debug build alone here) target/ stays much smaller.
case "${CI:-}" in "" | false | 0) ;; *) export CARGO_INCREMENTAL=0 ;; esac

say "== installing what the tests need (when missing)"
scripts/setup-venv.sh >/dev/null
export CUDA_LIBRARY_REQUIRE_NVRTC=1 CUDA_LIBRARY_REQUIRE_NVJITLINK=1
# Compiles are cached (Program's compile cache) inside target/, not in the user's cache.
export CUDA_LIBRARY_CACHE_DIR="$PWD/target/compile-cache"
install_notebook_tools
install_playground_tools
install_msrv_toolchain
install_libclang
install_cargo_fuzz

# Builds that run next to no simulated kernel (the cudarc test runs on a GPU or not at all,
# the publish dry-run only builds) keep the engine and the built-in compiler unoptimised:
# Cargo.toml's opt-level 1 for them costs 38 s more CPU a build and pays back only where the
# tests run kernels by the thousand (scripts/playground-test.sh does the same).
engine_opt0=(--config 'profile.dev.package.cuda-library-engine.opt-level=0'
  --config 'profile.dev.package.cuda-library-compiler.opt-level=0')

clippy_other_builds() {
  cargo clippy --quiet -p cuda-library --lib --no-default-features -- -D warnings
  cargo clippy --quiet -p cuda-library --lib --no-default-features --features serde -- -D warnings
  cargo clippy --quiet --all-targets --features cudarc -- -D warnings
}

# The crates' packages, verified against each other (cargo publish --dry-run). Cargo verifies
# through a local registry, which it unpacks into $CARGO_HOME/registry/src/-<hash of the
# checkout path>/ and keeps. An unpacked copy of the same name and version from an earlier run
# is reused as it is, so a CI machine that checks out to the same path would verify last run's
# sources: remove ours first. (The package leaves the tests and long examples out; cargo says
# so once per target, in the step's log.)
packages() {
  local version crate
  version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
  for crate in cuda-library cuda-library-engine cuda-library-compiler cuda-library-notebook \
    cuda-library-cli; do
    rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/"$crate-$version"
  done
  cargo publish "${engine_opt0[@]}" --dry-run --workspace --exclude cuda-library-playground \
    --allow-dirty
}

say "== the checks (one line each; each step's output in $steps/)"
check "cargo fmt --check" cargo fmt --all -- --check --color never
check "cargo clippy (-D warnings)" cargo clippy --workspace --all-targets --quiet -- -D warnings
check "clippy of the other supported builds (no default features, serde, cudarc)" \
  clippy_other_builds
# Without a CUDA driver the cudarc test could only be built and reported ignored: clippy's
# cudarc build above already compiles it, and building it again (the engine at another
# opt-level) cost 36 s of CI's 30 minutes. CUDA_LIBRARY_REQUIRE_GPU=1 runs it regardless.
# (grep without -q reads all of ldconfig's list: under pipefail an early exit could fail it.)
cuda_driver_installed() {
  [ -e /dev/nvidiactl ] ||
    { ldconfig -p 2>/dev/null || /sbin/ldconfig -p 2>/dev/null; } | grep 'libcuda\.so\.1 ' >/dev/null
}
if [ "${CUDA_LIBRARY_REQUIRE_GPU:-}" = 1 ] || cuda_driver_installed; then
  check "the cudarc feature's GPU test" \
    cargo test "${engine_opt0[@]}" --features cudarc --test gpu cudarc::
else
  say "the cudarc feature's GPU test … not run: no CUDA driver (libcuda.so.1) here; clippy's cudarc build compiled it"
fi
check "cargo test --workspace" cargo test --workspace
check "the cost model against the H100's times (release)" \
  cargo test --release --test sim_calibration -- --nocapture
check "the README's quickstart (core/examples/quickstart.rs)" \
  cargo run --release --example quickstart
check "a vector split over 3 simulated devices (core/examples/multi_gpu.rs)" \
  env CUDA_LIBRARY_SIM_DEVICES=3 cargo run --release --example multi_gpu
check "rustdoc (-D warnings)" env RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps
# As an rlib only: the dylib the notebooks need does not exist for wasm32, and rustc would
# say it drops it.
check "the wasm32 build, no warnings" \
  cargo rustc --lib --target wasm32-unknown-unknown --crate-type rlib -- -D warnings
check "the playground (wasm build, Node, end-to-end in Chromium)" scripts/playground-test.sh
check "the tutorial notebooks (evcxr, headless; outputs and prose checked)" scripts/notebooks.sh
check "a notebook against the packaged crate" scripts/notebooks-packaged.sh
check "the notebooks as plain programs" scripts/notebooks-as-programs.sh --run
# The figure a notebook user meets first: a cold `:dep cuda-library` in a fresh kernel, with
# nothing else of this run beside it and after waiting (at most 10 min) for the machine to be
# idle; its line goes to target/dep-cold.tsv, the trend (core/guide/figures.md, dep.cold).
# Twice: at evcxr's default optimisation, and after `:opt 0`, as the tutorials start.
dep_cold_both() {
  scripts/dep-cold.sh --wait-quiet 600 &&
    DEP_COLD_OPT=0 scripts/dep-cold.sh --wait-quiet 600 . dep.cold.opt0
}
check "cold :dep cuda-library, measured alone, as evcxr's default and after :opt 0 (target 20 s)" dep_cold_both
# 10 s a target: every seed and every input found before runs, and a few thousand mutations
# more (20 s less of each saves 2 min 40 s of CI), from libFuzzer seed 1 unless FUZZ_SEED
# says otherwise (0: a random one), so that CI's answer for a tree does not depend on a draw.
# Exploring is the long runs' job, a flag away (FUZZ_SEED=0 FUZZ_SECONDS=120 scripts/test.sh,
# or scripts/fuzz.sh 120 alone, random); the testing guide records the last one.
check "fuzzing, ${FUZZ_SECONDS:-10} s a target" \
  env FUZZ_SEED="${FUZZ_SEED:-1}" scripts/fuzz.sh "${FUZZ_SECONDS:-10}"
check "cargo publish --dry-run (the published crates)" packages
check "the declared rust-version (Rust 1.85, from Debian)" scripts/msrv.sh
check "the bindings drift check" scripts/regen-bindings.sh --check
say "== all tests passed"
