#!/usr/bin/env bash
# Regenerates the figures table (core/guide/figures.md, between the `figures:begin` and
# `figures:end` markers) from the commands that produce the figures, on this machine:
#
#   scripts/figures.sh              # every row this machine can measure (slow: cold builds,
#                                   # the notebooks in evcxr, the playground in Chromium)
#   scripts/figures.sh ID ...       # only those rows, e.g. `scripts/figures.sh package`
#   scripts/figures.sh --list       # the ids it can measure, with what each runs
#
# Each measured row gets its new value and this machine's description (cores, CPU, date);
# its figure and command cells stay. Rows measured on a GPU (bench.*, unload_race.gpu,
# multi_gpu) and rows that need an old commit to compare with (sim.counting) are left as
# recorded: run their command where the row says and edit the row by hand.
# Installs what the commands need, as they do themselves (NVRTC into .venv, evcxr, Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

file=core/guide/figures.md
target=${CARGO_TARGET_DIR:-target}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# id | what it runs (for --list); the order is the order they run in.
ids=(
  "package|cargo package -p cuda-library -p cuda-library-notebook --no-verify"
  "sim.saxpy|cargo run --release --example sim_bench -- --sim-only"
  "sim.matmul_shared|cargo run --release --example sim_bench -- --sim-only"
  "sim.ptoxide|scripts/sim-bench.sh"
  "sim.wasm32|scripts/sim-bench.sh"
  "test.cold|cargo test --workspace, from an empty target directory"
  "test.warm|cargo test --workspace, again"
  "wasm.gzip|scripts/playground-test.sh"
  "playground.ready|scripts/playground-test.sh"
  "playground.lesson|scripts/playground-test.sh"
  "playground.compile|scripts/playground-test.sh"
  "dep.cold|scripts/dep-cold.sh --wait-quiet 600"
  "dep.cold.opt0|DEP_COLD_OPT=0 scripts/dep-cold.sh --wait-quiet 600"
  "dep.warm|scripts/notebooks.sh"
  "notebooks.run|scripts/notebooks.sh"
  "dep.cache|scripts/notebooks-dep-cache.sh"
)

if [ "${1:-}" = --list ]; then
  printf '%s\n' "${ids[@]}" | column -t -s '|'
  exit 0
fi

known() { printf '%s\n' "${ids[@]}" | cut -d'|' -f1; }
wanted=("$@")
[ "${#wanted[@]}" -gt 0 ] || mapfile -t wanted < <(known)
for id in "${wanted[@]}"; do
  known | grep -qxF "$id" || { echo "unknown figure id: $id (see --list)" >&2; exit 1; }
done

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
machine="$(nproc)-core $(uname -m) (${cpu:-unknown CPU}), $(date -u +%Y-%m-%d)"

venv() {
  if [ -z "${VIRTUAL_ENV:-}" ]; then
    VIRTUAL_ENV=$(scripts/setup-venv.sh)
    export VIRTUAL_ENV
  fi
}

# Runs a command once, keeping its output (stdout and stderr) in $work/NAME.
once() {
  local name=$1
  shift
  if [ ! -e "$work/$name" ]; then
    echo "== $*" >&2
    "$@" >"$work/$name" 2>&1 || { cat "$work/$name" >&2; exit 1; }
  fi
}

# A cell of a sim_bench table row: cell KERNEL COLUMN < output (columns counted from 1).
cell() { awk -F'|' -v k="$1" -v c="$2" '$2 ~ "^ *" k { gsub(/^ +| +$/, "", $(c + 1)); print $(c + 1); exit }'; }

# The wall and CPU seconds of a command: "W s (C s CPU)".
timed() {
  local t
  t=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>&1; } 2>&1 | tail -1)
  awk '{ printf "%.0f s (%.0f s CPU)", $1, $2 + $3 }' <<<"$t"
}

measure() {
  case $1 in
    package)
      once package cargo package -p cuda-library -p cuda-library-notebook --no-verify --allow-dirty --quiet
      local files crate
      files=$(cargo package -p cuda-library --list --allow-dirty 2>/dev/null | wc -l)
      crate=$(ls -t "$target"/package/cuda-library-[0-9]*.crate | head -1)
      echo "$files files, $(( $(stat -c %s "$crate") / 1024 )) KiB"
      ;;
    sim.saxpy | sim.matmul_shared)
      venv
      once sim_bench cargo run --quiet --release --example sim_bench -- --sim-only
      local k=saxpy
      [ "$1" = sim.matmul_shared ] && k=matmul_shared
      echo "$(cell "$k" 4 <"$work/sim_bench" | cut -d' ' -f1 | sed 's|/s$||') thread-instructions/s"
      ;;
    sim.ptoxide)
      once sim_bench_all scripts/sim-bench.sh
      sed -n '/^== native/,/^== wasm32/p' "$work/sim_bench_all" >"$work/native"
      echo "$(cell saxpy 6 <"$work/native" | sed 's/x$//')× faster; $(cell matmul_shared 6 <"$work/native" | sed 's/x$//')× faster"
      ;;
    sim.wasm32)
      once sim_bench_all scripts/sim-bench.sh
      sed -n '/^== wasm32/,$p' "$work/sim_bench_all" >"$work/wasm"
      local row
      for k in saxpy matmul_shared; do
        row+="$(cell "$k" 4 <"$work/wasm" | cut -d' ' -f1) ($(cell "$k" 6 <"$work/wasm" | sed 's/x$//')× ptoxide); "
      done
      echo "${row%; }"
      ;;
    test.cold)
      venv
      mkdir -p "$work/cold-target"
      CARGO_TARGET_DIR="$work/cold-target" CUDA_LIBRARY_REQUIRE_NVRTC=1 timed cargo test --workspace
      echo
      touch "$work/cold-done"
      ;;
    test.warm)
      venv
      local dir=$target
      [ -e "$work/cold-done" ] && dir="$work/cold-target"
      # Built once (a no-op when it already is), then timed.
      CARGO_TARGET_DIR="$dir" cargo test --workspace --no-run --quiet >/dev/null 2>&1
      CARGO_TARGET_DIR="$dir" CUDA_LIBRARY_REQUIRE_NVRTC=1 timed cargo test --workspace
      echo
      ;;
    wasm.gzip)
      once playground scripts/playground-test.sh
      local wasm=target/playground/site/pkg/cuda_library_playground_bg.wasm gz
      gz=$(gzip -9 -c "$wasm" | wc -c)
      echo "$((gz / 1024)) KiB, $(sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$gz") bytes ($(($(stat -c %s "$wasm") / 1024)) KiB raw); target 400 KB"
      ;;
    playground.ready | playground.lesson | playground.compile)
      once playground scripts/playground-test.sh
      python3 - "$1" target/playground/e2e/report.json <<'EOF'
import json, sys
r = json.load(open(sys.argv[2]))
if sys.argv[1] == "playground.ready":
    print(f"{r['readyMs']:.0f} ms (target 1 s)")
elif sys.argv[1] == "playground.compile":
    c = r["compile"]
    print(f"{c['medianMs']:.1f} ms ({c['minMs']:.1f} ms), {c['lines']} lines (target 20 ms)")
else:
    ms = [v for v in r["lessons"].values() if isinstance(v, (int, float))]
    print(f"{min(ms):.1f}-{max(ms):.0f} ms (target 100 ms)")
EOF
      ;;
    # The notebooks share one evcxr build folder: the first notebook's first cell builds the
    # crate cold, every later one (13 of them, over both passes) finds it built.
    # A fresh kernel alone on a quiet machine, as CI measures it; then after `:opt 0`.
    dep.cold | dep.cold.opt0)
      local opt=""
      [ "$1" = dep.cold.opt0 ] && opt=0
      once "$1" env DEP_COLD_OPT="$opt" DEP_COLD_TREND="$work/dep-cold.tsv" \
        scripts/dep-cold.sh --wait-quiet 600 . "$1"
      sed -n 's/.*first cell (:dep) \([0-9.]*\) s.*/\1/p' "$work/$1" | head -1 |
        awk -v load="$(sed -n 's/.*load average before \([0-9.]*\).*/\1/p' "$work/$1")" \
          '{ printf "%s s (load %s before; target 20 s)\n", $1, load } END { if (NR == 0) exit 1 }'
      ;;
    dep.warm)
      once notebooks scripts/notebooks.sh
      sed -n 's/.*first cell (:dep) \([0-9.]*\) s.*/\1/p' "$work/notebooks" | tail -n +2 | sort -n |
        awk 'NR == 1 { lo = $1 } { hi = $1 } END { if (NR == 0) exit 1; printf "%s-%s s (%d notebooks)\n", lo, hi, NR }'
      ;;
    dep.cache)
      once dep_cache scripts/notebooks-dep-cache.sh
      awk '/^(first|second)\.ipynb: / { for (i = 1; i <= NF; i++) if ($i == "(:dep)") t[$1] = $(i + 1) }
        /^evcxr.s cache: / { cache = $3 " MiB in " $6 " entries" }
        END { if (!("first.ipynb:" in t) || !("second.ipynb:" in t)) exit 1
              printf "%s s; %s s; %s\n", t["first.ipynb:"], t["second.ipynb:"], cache }' "$work/dep_cache"
      ;;
    notebooks.run)
      once notebooks scripts/notebooks.sh
      awk '$2 ~ /^[0-9]+$/ && $3 == "notebook(s)" { t[$1] = $5 }
        END { if (!("[nvrtc]" in t) || !("[builtin]" in t)) exit 1
              printf "NVRTC pass %s s (with the cold :dep); built-in compiler pass %s s\n", t["[nvrtc]"], t["[builtin]"] }' \
        "$work/notebooks"
      ;;
  esac
}

for id in "${wanted[@]}"; do
  value=$(measure "$id")
  echo "$id: $value" >&2
  printf '%s\t%s\n' "$id" "$value" >>"$work/values"
done

python3 - "$file" "$work/values" "$machine" <<'EOF'
import sys
path, values_path, machine = sys.argv[1:]
values = dict(line.rstrip("\n").split("\t", 1) for line in open(values_path))
lines = open(path).read().split("\n")
begin = next(i for i, l in enumerate(lines) if l.startswith("<!-- figures:begin"))
end = next(i for i, l in enumerate(lines) if l.startswith("<!-- figures:end"))
for i in range(begin + 1, end):
    cells = lines[i].split(" | ")
    rid = cells[0].removeprefix("| ").strip("`")
    if rid in values:
        # | id | figure | value | measured on | command |
        cells[2], cells[3] = values.pop(rid), machine
        lines[i] = " | ".join(cells)
if values:
    sys.exit(f"no row in {path} for: {', '.join(values)}")
open(path, "w").write("\n".join(lines))
EOF
echo "== updated $file" >&2
