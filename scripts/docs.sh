#!/usr/bin/env bash
# Builds the documentation with the playground inside it: rustdoc of the crates in target/doc/
# and the playground site in target/doc/playground/, where the rustdoc's "Try it in your
# browser" links point (the lesson that runs the same thing on the simulated GPU). Serve it
# with any static server: python3 -m http.server -d target/doc
#   scripts/docs.sh              # builds the playground too (scripts/playground.sh)
#   scripts/docs.sh --site-built # uses target/playground/site as it is
set -euo pipefail
cd "$(dirname "$0")/.."
RUSTDOCFLAGS="-D warnings" cargo doc --quiet --no-deps -p cuda-library -p cuda-library-notebook
if [ "${1:-}" != "--site-built" ]; then
  scripts/playground.sh
fi
[ -f target/playground/site/index.html ] || { echo "no playground site in target/playground/site" >&2; exit 1; }
rm -rf target/doc/playground
cp -r target/playground/site target/doc/playground
echo "docs with the playground: target/doc/cuda_library/index.html (target/doc/playground/)"
