#!/bin/sh
# The TMA probe on a GPU: builds probe.cu, runs every case of cases/ and compares the
# GPU's bytes with the simulator's (cases/NAME.sim). Usage: run.sh OUTDIR
set -e
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh OUTDIR}
mkdir -p "$out"
nvcc -O2 -gencode arch=compute_90a,code=sm_90a -o "$out/probe" "$here/probe.cu" -lcuda
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt" || true
"$out/probe" "$here/cases" "$out" 2>&1 | tee "$out/probe.log"
python3 "$here/compare.py" "$here/cases" "$out" 2>&1 | tee "$out/compare.log"
