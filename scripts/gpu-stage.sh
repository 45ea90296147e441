#!/usr/bin/env bash
# Builds test binaries here (release, stripped) into .gpu/bin/ for a GPU machine that has no
# Rust toolchain, with .gpu/run.sh to run them there:
#
#   scripts/gpu-stage.sh [TEST ...]     # default: the gpu test binary and the unload race
#   # on the GPU machine (the device tool: carry .gpu), from the repository root:
#   bash .gpu/run.sh OUTDIR [TEST ...]  # each binary's output in OUTDIR/TEST.log
#
# The binaries find their fixtures through the CARGO_MANIFEST_DIR they were built with;
# run.sh links that path to the checkout on the GPU machine when it does not exist there.
set -euo pipefail
cd "$(dirname "$0")/.."
tests=("$@")
[ "${#tests[@]}" -gt 0 ] || tests=(gpu unload_race)
mkdir -p .gpu/bin
args=()
for t in "${tests[@]}"; do args+=(--test "$t"); done
cargo test --release --features cudarc "${args[@]}" --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json, shutil, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and "test" in m["target"]["kind"]:
        shutil.copy(m["executable"], ".gpu/bin/" + m["target"]["name"])
        print(m["target"]["name"])'
strip --strip-debug .gpu/bin/*
echo "$PWD" >.gpu/manifest_dir
cat >.gpu/run.sh <<'EOF'
#!/usr/bin/env bash
# Runs the staged test binaries on the driver backend (written by scripts/gpu-stage.sh).
set -uo pipefail
out="$1"; shift
mkdir -p "$out"
want="$(cat .gpu/manifest_dir)"
if [ ! -e "$want" ]; then mkdir -p "$(dirname "$want")" && ln -s "$PWD" "$want"; fi
export CUDA_LIBRARY_REQUIRE_GPU=1 CUDA_LIBRARY_BACKEND=driver
tests=("$@")
[ "${#tests[@]}" -gt 0 ] || tests=($(ls .gpu/bin))
status=0
for t in "${tests[@]}"; do
  start=$(date +%s)
  (cd "$want" && "$OLDPWD/.gpu/bin/$t" --test-threads=1) >"$out/$t.log" 2>&1
  rc=$?
  echo "$t: exit $rc, $(( $(date +%s) - start )) s, $(grep -E '^test result' "$out/$t.log" | tail -1)"
  [ "$rc" -eq 0 ] || status=1
done
exit "$status"
EOF
chmod +x .gpu/run.sh
ls -la .gpu/bin
du -sh .gpu
