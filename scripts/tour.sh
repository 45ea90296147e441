#!/usr/bin/env bash
# The main job, in three parts, each installing what it needs just before it runs:
#   1. the cuda-library tour (core/examples/tour.rs): needs NVRTC, a pip wheel put in .venv
#      (scripts/setup-venv.sh, under a minute); its output is shown;
#   2. the tutorial notebooks executed headless with the evcxr kernel (scripts/notebooks.sh;
#      executed copies and HTML in target/notebooks/): needs evcxr_jupyter (a cargo install of
#      9 to 25 minutes on 2 cores) and Jupyter's runner;
#   3. the browser playground built and every lesson run in headless Chromium
#      (scripts/playground-test.sh; site in target/playground/site/, screenshots in
#      target/playground/e2e/): needs wasm-bindgen-cli (4 to 7 minutes), npm packages and
#      Debian's Chromium (apt, as root: asked first outside CI).
# On a GPU machine the tour and notebooks run on the GPU; without one on the simulated GPU,
# which says why; the playground always runs on the simulator.
# Every long step shows its time so far and what it is building; the installs' output goes to
# target/tour/install.log, each part's to a log in target/tour/. Ends with a summary: each
# part's result and time, the installs and their times, and what to run next.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/tour
mkdir -p "$out"
export INSTALL_LOG="$PWD/$out/install.log"
# This run's logs only (steps append to theirs).
for log in install tour-build notebooks playground; do
  : >"$out/$log.log"
done
. scripts/support/install.sh

# Each part's result for the summary: ok, or FAILED with where to look.
declare -A result seconds

# finish PART START STATUS: records a part's result and time.
finish() {
  seconds[$1]=$((SECONDS - $2))
  if [ "$3" -eq 0 ]; then result[$1]=ok; else result[$1]=FAILED; fi
}

# tail_of LOG: the end of a failed part's log, indented.
tail_of() {
  echo "  the end of $1:"
  tail -n 30 "$1" | sed 's/^/  | /'
}

echo "== 1/3 the tour (core/examples/tour.rs)"
start=$SECONDS
status=0
# NVRTC's wheel goes into .venv, where the crate finds it by itself (the backends guide).
scripts/setup-venv.sh >/dev/null || status=$?
if [ "$status" -eq 0 ]; then
  # A debug build: the tour takes seconds either way, and the build is minutes shorter.
  step "building the tour (2 to 5 minutes on 2 cores the first time)" "$out/tour-build.log" \
    '^ *Compiling ' cargo build --example tour || status=$?
  [ "$status" -eq 0 ] || tail_of "$out/tour-build.log"
fi
if [ "$status" -eq 0 ]; then
  echo
  target/debug/examples/tour || status=$?
fi
finish tour "$start" "$status"

echo
echo "== 2/3 the tutorial notebooks, executed headless with the evcxr kernel"
start=$SECONDS
status=0
install_notebook_tools || status=$?
if [ "$status" -eq 0 ]; then
  notebooks=$(find notebooks -name '*.ipynb' | wc -l)
  step "executing the $notebooks notebooks (about 8 minutes on 2 idle cores)" "$out/notebooks.log" \
    '^executing |\.ipynb: ' scripts/notebooks.sh || status=$?
  # One line per notebook (its time and charts), and the verdict.
  grep -E '\.ipynb: |^all notebooks' "$out/notebooks.log" | sed 's/^/  /' || true
  [ "$status" -eq 0 ] || tail_of "$out/notebooks.log"
fi
finish notebooks "$start" "$status"
executed=$(find target/notebooks -name '*.html' 2>/dev/null | wc -l || true)

echo
echo "== 3/3 the playground: built for WebAssembly, tested in Node and in headless Chromium"
start=$SECONDS
status=0
install_playground_tools || status=$?
if [ "$status" -eq 0 ]; then
  step "building and testing the playground (3 to 8 minutes)" "$out/playground.log" \
    '^== |^ *Compiling |^(ok|FAIL) ' scripts/playground-test.sh || status=$?
fi
# The checks print `ok   WHAT` or `FAIL WHAT`, one a line: the failures are shown, the
# passes counted; libtest's totals (wasm-bindgen-test) and the checks' verdicts are shown.
checks_ok=$(grep -cE '^ok\b' "$out/playground.log" 2>/dev/null || true)
checks_failed=$(grep -cE '^FAIL\b' "$out/playground.log" 2>/dev/null || true)
grep -E '^FAIL\b' "$out/playground.log" 2>/dev/null | sed 's/^/  /' || true
grep -E '^test result:|^all .*passed|^every ' "$out/playground.log" 2>/dev/null | sed 's/^/  /' || true
echo "  browser checks: ${checks_ok:-0} passed, ${checks_failed:-0} failed"
if [ "$status" -ne 0 ] && [ -f "$out/playground.log" ]; then
  echo "  the end of $out/playground.log (passed checks left out):"
  grep -vE '^ok\b' "$out/playground.log" | tail -n 30 | sed 's/^/  | /'
fi
finish playground "$start" "$status"
shots=$(find target/playground/e2e -name '*.png' 2>/dev/null | wc -l || true)
views=$(find target/playground/screenshots -name '*.png' 2>/dev/null | wc -l || true)

echo
echo "== summary"
printf '  %-11s %-6s %-12s %s\n' \
  tour "${result[tour]}" "$(duration "${seconds[tour]}")" "its output above" \
  notebooks "${result[notebooks]}" "$(duration "${seconds[notebooks]}")" \
  "$executed executed and checked: target/notebooks/ (NAME.html in a browser, NAME.ipynb in Jupyter)" \
  playground "${result[playground]}" "$(duration "${seconds[playground]}")" \
  "${checks_ok:-0} browser checks passed, ${checks_failed:-0} failed"
installs=$(grep -c '^== installed ' "$INSTALL_LOG" || true)
if [ "$installs" -gt 0 ]; then
  echo "  installs: $installs, included in the times above (log: $out/install.log)"
  sed -n 's/^== installed \(.*\) in \([0-9]*\) s$/\2 \1/p' "$INSTALL_LOG" |
    while read -r s what; do printf '    %-12s %s\n' "$(duration "$s")" "$what"; done
else
  echo "  installs: none (everything was there)"
fi
echo "  next, with nothing to set (NVRTC is found in .venv):"
echo "      cargo run --example quickstart   # the README's first example"
echo "      the other examples: the README's Quickstart section lists them (core/examples/)"
echo "  the playground: target/playground/site/; to open it:"
echo "      python3 -m http.server --directory target/playground/site 8000   # then http://127.0.0.1:8000/"
echo "  its screenshots: target/playground/e2e/*.png (each lesson and check, $shots),"
echo "      target/playground/screenshots/*.png (phone and desktop, light and dark, $views)"
echo "  logs: $out/ (install.log, tour-build.log, notebooks.log, playground.log)"
for part in tour notebooks playground; do
  [ "${result[$part]}" = ok ] || exit 1
done
