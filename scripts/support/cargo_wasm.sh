# cargo_wasm ARGS...: cargo for the wasm32 target, without rustc's one warning that cannot be
# fixed or silenced there: "dropping unsupported crate type `dylib`". cuda-library is also a
# Rust dylib because evcxr's notebooks link it as one (Cargo.toml, [lib]); wasm32 has no
# dylibs, so rustc drops it, and says so on every build. It is no lint (no -A flag reaches it)
# and cargo itself reads that line to learn what a target supports (rust-lang/rust#116626).
# The blank line after it and cargo's count of it ("generated 1 warning") go too; every other
# line, other warnings included, passes. Sourced from the repository root:
#   . scripts/support/cargo_wasm.sh
cargo_wasm() {
  local status=0
  cargo "$@" 2> >(sed -u -e '/^warning: dropping unsupported crate type `dylib` for target `wasm32-unknown-unknown`$/{N;d}' \
    -e '/^warning: `cuda-library` (lib) generated 1 warning$/d' >&2) || status=$?
  # Let the filter finish writing before the caller prints anything else.
  wait
  return "$status"
}
