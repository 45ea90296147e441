#!/usr/bin/env bash
# Builds the browser playground into target/playground/site/ (a static site: serve it with any
# static file server, e.g. `python3 -m http.server -d target/playground/site`).
#   1. cuda-library-playground for wasm32-unknown-unknown (cargo profile `wasm`)
#   2. wasm-bindgen-cli of the crate's pinned version (installed when missing, as the npm
#      packages: scripts/support/install.sh)
#   3. wasm-opt -O3 from the npm package binaryen (playground/package-lock.json)
#   4. the page, the worker, the lessons, the renderers' stylesheet (culib.css, from
#      notebook/src/html.rs) and the sample images (tests/fixtures/)
# Prints the module's size, raw and gzipped.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/playground/site
# Where cargo puts the .wasm (CARGO_TARGET_DIR when set, as cargo itself does).
cargo_target=${CARGO_TARGET_DIR:-target}

. scripts/support/install.sh
. scripts/support/cargo_wasm.sh
install_playground_build_tools

echo "== cargo build (wasm32, profile wasm)" >&2
cargo_wasm build --quiet -p cuda-library-playground --target wasm32-unknown-unknown --profile wasm
rm -rf "$out"
mkdir -p "$out/pkg" "$out/samples"
# --weak-refs: objects a snippet does not free() (buffers, libraries) are freed when the
# worker's JavaScript collects them, so repeated runs do not grow the simulated memory.
wasm-bindgen --target web --no-typescript --weak-refs --out-dir "$out/pkg" \
  "$cargo_target/wasm32-unknown-unknown/wasm/cuda_library_playground.wasm"
wasm=$out/pkg/cuda_library_playground_bg.wasm
echo "== wasm-opt -O3" >&2
playground/node_modules/.bin/wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int \
  --enable-sign-ext --enable-mutable-globals "$wasm" -o "$wasm.opt"
mv "$wasm.opt" "$wasm"
cp playground/site/*.html playground/site/*.css playground/site/*.js "$out/"
# The renderers' stylesheet (notebook/src/html.rs, `STYLE`, scoped to .culib) as a file: the
# page's Content-Security-Policy allows no inline <style>, and the HTML filter drops the one
# each rendered document carries.
{
  echo "/* notebook/src/html.rs STYLE, extracted by scripts/playground.sh */"
  awk '/^pub const STYLE: &str = r#"<style>$/ { on = 1; next } on && /^<\/style>"#;$/ { exit } on' \
    notebook/src/html.rs
} > "$out/culib.css"
if ! grep -q '^\.culib{' "$out/culib.css"; then
  echo "could not extract the stylesheet (STYLE) from notebook/src/html.rs" >&2
  exit 1
fi
for f in kernels.fatbin kernels.sm90.cubin kernels.ptx tables.sm90.cubin tables.zstd.fatbin; do
  cp "tests/fixtures/$f" "$out/samples/"
done
raw=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
echo "== playground built in $out: wasm $((raw / 1024)) KiB, gzipped $((gz / 1024)) KiB ($gz bytes)" >&2
