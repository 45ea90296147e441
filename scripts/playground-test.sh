#!/usr/bin/env bash
# Tests the browser playground (run after scripts/playground.sh, which it calls):
#   - wasm-bindgen-test of the wasm-bindgen surface in Node
#     (cargo test --target wasm32-unknown-unknown, runner wasm-bindgen-test-runner)
#   - the end-to-end test (playground/e2e/e2e.mjs): Debian's Chromium, headless, driven by
#     playwright-core against the built site served on 127.0.0.1; screenshots and the
#     measured figures go to target/playground/e2e/. Its access part (e2e/access.mjs) uses
#     the keyboard only, runs axe-core (light and dark, 1280×800 and 390×844) and checks a
#     phone's first screen; the screenshots at 390×844 and 1280×800, light and dark, go to
#     target/playground/screenshots/.
# Installs Chromium with apt when it is missing (asking first, outside CI). Host unit tests run in `cargo test --workspace`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/playground.sh

. scripts/support/install.sh
. scripts/support/cargo_wasm.sh
install_playground_tools

echo "== clippy (wasm32)" >&2
cargo_wasm clippy --quiet -p cuda-library-playground --target wasm32-unknown-unknown --all-targets \
  -- -D warnings
echo "== wasm-bindgen-test (Node)" >&2
# The engine and the built-in compiler unoptimised, as before Cargo.toml's opt-level 1 for
# them: these tests run a few small kernels (1.4 s), so the 38 s of CPU that level costs a
# build would not pay back.
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo_wasm test -p cuda-library-playground --target wasm32-unknown-unknown --test web \
  --config 'profile.dev.package.cuda-library-engine.opt-level=0' \
  --config 'profile.dev.package.cuda-library-compiler.opt-level=0'

# serve DIR PAGE: a static server for DIR on a free local port, waited for until PAGE loads;
# sets $url. The servers stop when the script exits.
servers=()
trap 'kill "${servers[@]}" 2>/dev/null || true' EXIT
serve() {
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  python3 -m http.server --bind 127.0.0.1 --directory "$1" "$port" >/dev/null 2>&1 &
  servers+=($!)
  url="http://127.0.0.1:$port"
  for _ in $(seq 50); do
    curl -fs "$url/$2" >/dev/null && break
    sleep 0.1
  done
}

echo "== end-to-end in Chromium" >&2
serve target/playground/site ""
node playground/e2e/e2e.mjs "$url" target/playground/e2e tests/fixtures/kernels.sm90.cubin

echo "== the docs with the playground (scripts/docs.sh): every 'Try it in your browser' link" >&2
scripts/docs.sh --site-built
serve target/doc cuda_library/index.html
node playground/e2e/docs.mjs "$url" target/playground/e2e
