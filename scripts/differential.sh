#!/usr/bin/env bash
# The real-world differential test's data, step by step (tests/sim_device/differential.rs checks it
# in every test run; this script makes it):
#
#   scripts/differential.sh select
#       here (NVRTC wheel, no GPU): tries every corpus kernel that lowers with generated
#       inputs on the simulator and writes tests/realworld/differential/cases.json, the
#       NVRTC PTX of their units into .gpu/diff-ptx, and the gpu test binary (whose
#       differential:: test records) into .gpu/gpu_differential (carry .gpu to the GPU machine).
#   scripts/differential.sh ptx
#       here: as select, but keeps cases.json: writes the units' NVRTC PTX into
#       .gpu/diff-ptx and the test binary into .gpu/gpu_differential (after a change that
#       alters the PTX but not the cases).
#   scripts/differential.sh nvcc OUTDIR
#       on the GPU machine (CUDA toolkit): compiles the corpus with nvcc -O3 to OUTDIR
#       (tests/realworld/nvcc_ptx.py); bring OUTDIR back.
#   scripts/differential.sh keep-nvcc OUTDIR
#       here: keeps nvcc's PTX of the units that have cases, zstd-compressed, in
#       tests/realworld/differential/nvcc/ (with nvcc's log).
#   scripts/differential.sh record OUTDIR [NVCCDIR]
#       on the GPU machine: runs every case twice on the GPU, one process per unit (a fault
#       ends that process's CUDA context), eight units at a time; writes
#       OUTDIR/gpu-nvrtc.jsonl and OUTDIR/gpu-nvcc.jsonl. With NVCCDIR, nvcc's PTX is read
#       from there (what `nvcc NVCCDIR` just wrote) instead of differential/nvcc/, so one
#       session on the GPU machine compiles and records; keep-nvcc it afterwards.
#   scripts/differential.sh keep-records OUTDIR [OUTDIR ...]
#       here: sorts the records into tests/realworld/differential/. With more than one
#       recording (each in a process of its own), a case whose outputs differ between them
#       is marked as not deterministic, as one whose two runs in one process differ is.
#
# With CUDA_LIBRARY_DIFF_SET=PROJECT every step works on that project's own set
# (tests/realworld/differential/PROJECT/, tests/common/differential.rs's OWN_SETS: ggml),
# recorded for NVRTC's PTX only; without it, on the shared set, which leaves those projects
# out. The comparison: CUDA_LIBRARY_DIFF_SET=ggml cargo test --test sim_device ggml_matches_the_gpu.
set -euo pipefail
cd "$(dirname "$0")/.."
diff_dir=tests/realworld/differential
compilers="nvrtc nvcc"
compare_test=simulator_matches_the_gpu
if [ -n "${CUDA_LIBRARY_DIFF_SET:-}" ]; then
  diff_dir="$diff_dir/$CUDA_LIBRARY_DIFF_SET"
  compilers="nvrtc"
  compare_test="${CUDA_LIBRARY_DIFF_SET}_matches_the_gpu"
fi
# The gpu test binary, built here, into .gpu/ for the GPU machine (its differential:: test).
stage_gpu_binary() {
  local bin
  bin=$(cargo test --release --test gpu --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "gpu" and m.get("executable"):
        print(m["executable"])')
  cp "$bin" .gpu/gpu_differential
  strip --strip-debug .gpu/gpu_differential
}
case "${1:-}" in
  select)
    export VIRTUAL_ENV="${VIRTUAL_ENV:-$(scripts/setup-venv.sh)}"
    rm -rf .gpu/diff-ptx
    CUDA_LIBRARY_DIFF_SELECT=1 CUDA_LIBRARY_DIFF_PTX_OUT="$PWD/.gpu/diff-ptx" \
      cargo test --release --test sim_device differential::select_cases -- --nocapture
    stage_gpu_binary
    ;;
  ptx)
    export VIRTUAL_ENV="${VIRTUAL_ENV:-$(scripts/setup-venv.sh)}"
    rm -rf .gpu/diff-ptx
    CUDA_LIBRARY_DIFF_PTX_OUT="$PWD/.gpu/diff-ptx" \
      cargo test --release --test sim_device "differential::$compare_test" -- --nocapture || true
    stage_gpu_binary
    ;;
  nvcc)
    python3 tests/realworld/nvcc_ptx.py "$2"
    ;;
  keep-nvcc)
    src="$2"
    rm -rf "$diff_dir/nvcc"
    mkdir -p "$diff_dir/nvcc"
    python3 - "$src" "$diff_dir" <<'EOF'
import json, subprocess, sys
src, diff = sys.argv[1], sys.argv[2]
units = sorted({c["unit"] for c in json.load(open(f"{diff}/cases.json"))})
for u in units:
    project, rel = u.split("/", 1)
    ptx = f"{src}/{project}/{rel.replace('/', '__')}.ptx"
    out = f"{diff}/nvcc/{u.replace('/', '__')}.ptx.zst"
    subprocess.run(["zstd", "-q", "-19", "-f", ptx, "-o", out], check=True)
EOF
    cp "$src/nvcc.log" "$diff_dir/nvcc/nvcc.log"
    ;;
  record)
    out="$2"
    mkdir -p "$out"
    rm -f "$out"/gpu-*.jsonl
    export CUDA_LIBRARY_REQUIRE_GPU=1 CUDA_LIBRARY_BACKEND=driver
    export CUDA_LIBRARY_DIFF_PTX="$PWD/.gpu/diff-ptx" CUDA_LIBRARY_RECORD_DIFF="$out"
    if [ -n "${3:-}" ]; then export CUDA_LIBRARY_DIFF_NVCC="$(realpath "$3")"; fi
    python3 -c 'import json; print("\n".join(sorted({c["unit"] for c in json.load(open("'"$diff_dir"'/cases.json"))})))' |
      xargs -P 8 -I{} env CUDA_LIBRARY_DIFF_UNIT={} .gpu/gpu_differential differential:: --quiet >"$out/record.log" 2>&1 || true
    # A unit whose process died leaves its cases out: every case must have a line.
    want=$(python3 -c 'import json; print(len(json.load(open("'"$diff_dir"'/cases.json"))))')
    for c in $compilers; do
      f="$out/gpu-$c.jsonl"
      got=$(wc -l <"$f")
      echo "$f: $got of $want cases"
      [ "$got" -eq "$want" ] || { tail -40 "$out/record.log" >&2; exit 1; }
    done
    ;;
  keep-records)
    shift
    for c in $compilers; do
      f="gpu-$c.jsonl"
      python3 - "$f" "$@" >"$diff_dir/$f" <<'EOF'
import gzip, json, os, sys
name, dirs = sys.argv[1], sys.argv[2:]
# A recording's file, or its gzip-compressed form.
def lines_of(d):
    path = f"{d}/{name}"
    f = open(path) if os.path.exists(path) else gzip.open(path + ".gz", "rt")
    return [l for l in f if l.strip()]
key = lambda r: (r["unit"], r["kernel"])
hashes = lambda r: [b["hash"] for b in r.get("outputs", [])]
lines = lines_of(dirs[0])
# More recordings: a case is deterministic only where all of them agree.
others = [{key(r): r for r in map(json.loads, lines_of(d))} for d in dirs[1:]]
out = []
for l in lines:
    r = json.loads(l)
    if "outputs" in r and any(o.get(key(r)) is None or hashes(o[key(r)]) != hashes(r)
                              or o[key(r)].get("deterministic") is False for o in others):
        r["deterministic"] = False
        l = json.dumps(r, separators=(",", ":"), sort_keys=True) + "\n"
    out.append(l)
sys.stdout.write("".join(sorted(out)))
EOF
    done
    wc -l "$diff_dir"/gpu-*.jsonl
    ;;
  *)
    sed -n '2,34p' "$0"
    exit 2
    ;;
esac
