#!/usr/bin/env bash
# Checks that the crates build with the rust-version they declare (1.85), using Debian's
# rustc/cargo 1.85 (the bookworm `rustc-web`/`cargo-web` packages, installed here with apt
# when missing, apt's output in the install log: rustup's servers are not reachable from CI).
# The check runs on a copy of the committed tree whose lockfile is re-resolved by cargo
# 1.85's MSRV-aware resolver, which is what a user on that toolchain gets.
#   scripts/msrv.sh
set -euo pipefail
cd "$(dirname "$0")/.."
want=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml | head -1)
[ "$want" = "1.85" ] || { echo "msrv.sh checks 1.85; Cargo.toml declares $want: update the packages below" >&2; exit 1; }
. scripts/support/install.sh
install_msrv_toolchain
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git archive HEAD | tar -x -C "$work"
# Uncommitted changes to the manifests and sources count too.
git diff HEAD --binary | (cd "$work" && git apply --allow-empty)
target="$PWD/target/msrv"
cd "$work"
export PATH=/usr/bin:/bin RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc
export CARGO_RESOLVER_INCOMPATIBLE_RUST_VERSIONS=fallback
/usr/bin/cargo --version
/usr/bin/cargo update --quiet
/usr/bin/cargo check --quiet --target-dir "$target" \
  -p cuda-library -p cuda-library-notebook -p cuda-library-cli --features cuda-library/serde
/usr/bin/cargo check --quiet --target-dir "$target" -p cuda-library --no-default-features
echo "the crates build with Rust 1.85, their declared rust-version"
