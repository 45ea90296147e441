#!/usr/bin/env bash
# The main job: the cuda-library tour, the tutorial notebooks executed headless with the
# evcxr kernel (scripts/notebooks.sh; executed copies and HTML in target/notebooks/), and the
# browser playground built and every lesson run in headless Chromium
# (scripts/playground-test.sh; site in target/playground/site/, screenshots in
# target/playground/e2e/). On a GPU machine the tour and notebooks run on the GPU; without
# one on the simulated GPU, which says why; the playground always runs on the simulator.
# Installs what it needs (NVRTC into .venv, evcxr_jupyter, Jupyter's nbclient,
# wasm-bindgen-cli, npm packages, Chromium): one line each, their output in
# target/tour/install.log. The tour's output is shown; the notebooks' and the playground's
# builds and checks go to logs in target/tour/, with one line per notebook and the checks'
# totals shown. Ends with a summary: each part's result and where to look.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/tour
mkdir -p "$out"
export INSTALL_LOG="$PWD/$out/install.log"
: >"$INSTALL_LOG"

echo "== installing what the tour needs (only what is missing)"
VIRTUAL_ENV=$(scripts/setup-venv.sh)
export VIRTUAL_ENV
. scripts/support/install.sh
install_notebook_tools
install_playground_tools

# Each part's result for the summary: ok, or FAILED with where to look.
declare -A result seconds

# quietly LOG COMMAND...: runs COMMAND with its output in LOG.
quietly() {
  local log=$1
  shift
  "$@" >"$log" 2>&1
}

# finish PART START STATUS: records a part's result and time.
finish() {
  seconds[$1]=$(($(date +%s) - $2))
  if [ "$3" -eq 0 ]; then result[$1]=ok; else result[$1]=FAILED; fi
}

echo
echo "== 1/3 the tour (core/examples/tour.rs)"
start=$(date +%s)
printf 'building the tour (release; minutes on a cold build) … '
if quietly "$out/tour-build.log" cargo build --quiet --release --example tour; then
  echo "done"
  set +e
  cargo run --quiet --release --example tour
  status=$?
  set -e
else
  status=$?
  echo "failed (log: $out/tour-build.log):"
  tail -n 30 "$out/tour-build.log"
fi
finish tour "$start" "$status"

echo
echo "== 2/3 the tutorial notebooks, executed headless with the evcxr kernel (log: $out/notebooks.log)"
start=$(date +%s)
set +e
quietly "$out/notebooks.log" scripts/notebooks.sh
status=$?
set -e
# One line per notebook (its time and charts), and the verdict.
grep -E '\.ipynb: |^all notebooks' "$out/notebooks.log" | sed 's/^/  /' || true
if [ "$status" -ne 0 ]; then
  echo "  the notebooks failed; the end of $out/notebooks.log:"
  tail -n 40 "$out/notebooks.log" | sed 's/^/  | /'
fi
finish notebooks "$start" "$status"
notebooks=$(find target/notebooks -name '*.html' 2>/dev/null | wc -l)

echo
echo "== 3/3 the playground: built for WebAssembly, tested in Node and in headless Chromium (log: $out/playground.log)"
start=$(date +%s)
set +e
quietly "$out/playground.log" scripts/playground-test.sh
status=$?
set -e
# The checks print `ok   WHAT` or `FAIL WHAT`, one a line: the failures are shown, the
# passes counted; libtest's totals (wasm-bindgen-test) and the checks' verdicts are shown.
checks_ok=$(grep -cE '^ok\b' "$out/playground.log" || true)
checks_failed=$(grep -cE '^FAIL\b' "$out/playground.log" || true)
grep -E '^FAIL\b' "$out/playground.log" | sed 's/^/  /' || true
grep -E '^test result:|^all .*passed|^every ' "$out/playground.log" | sed 's/^/  /' || true
echo "  browser checks: $checks_ok passed, $checks_failed failed"
if [ "$status" -ne 0 ]; then
  echo "  the playground failed; the end of $out/playground.log (passed checks left out):"
  grep -vE '^ok\b' "$out/playground.log" | tail -n 40 | sed 's/^/  | /'
fi
finish playground "$start" "$status"
shots=$(find target/playground/e2e -name '*.png' 2>/dev/null | wc -l)

echo
echo "== summary"
printf '  %-11s %-6s %4s s  %s\n' \
  tour "${result[tour]}" "${seconds[tour]}" "its output above" \
  notebooks "${result[notebooks]}" "${seconds[notebooks]}" \
  "$notebooks executed and checked: target/notebooks/ (NAME.html in a browser, NAME.ipynb in Jupyter)" \
  playground "${result[playground]}" "${seconds[playground]}" \
  "$checks_ok browser checks passed, $checks_failed failed"
echo "  the playground: target/playground/site/; to open it:"
echo "      python3 -m http.server --directory target/playground/site 8000   # then http://127.0.0.1:8000/"
echo "  its screenshots ($shots): target/playground/e2e/*.png"
echo "  logs: $out/ (install.log, tour-build.log, notebooks.log, playground.log)"
for part in tour notebooks playground; do
  [ "${result[$part]}" = ok ] || exit 1
done
