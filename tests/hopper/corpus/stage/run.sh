#!/usr/bin/env bash
# Builds and records the Hopper corpus on an H100: `./run.sh OUTDIR` from inside .gpu-corpus/.
#
# For each case: its PTX (`nvcc -arch=sm_90a -ptx` with the project's flags), a program built from
# the same source with the same flags plus record.cpp (shared runtime, so record.cpp sees the
# program's cudaMalloc / launches / tensor-map encodes), then one run of it that records each
# kernel's first launch under OUTDIR/CASE/launch_N/. Builds run in parallel (JOBS, default 16),
# runs one after another. Everything a case printed is kept in OUTDIR/CASE/*.log.
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: run.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
jobs=${JOBS:-16}
started=$(date +%s)

# CUTLASS's headers (at its pinned commit, and at DeepGEMM's pinned submodule commit) travel packed.
for t in "$here"/tarballs/*.tar.gz; do
    tar -xzf "$t" -C "$here" || { echo "cannot unpack $t"; exit 1; }
done

# The projects' own flags (from their build files), less what only changes host code or debug info.
# ThunderKittens: kernels/common.mk (GPU := H100), without -lineinfo and the verbose ptxas flags.
TK="-std=c++20 -O3 --use_fast_math --expt-extended-lambda --expt-relaxed-constexpr -forward-unknown-to-host-compiler -Xcompiler=-Wno-psabi -Xcompiler=-fno-strict-aliasing -DNDEBUG -ftemplate-backtrace-limit=0 -DKITTENS_HOPPER -I$here/tk/include -I$here/tk/prototype"
# CUTLASS 3: CMakeLists.txt's CUTLASS_CUDA_NVCC_FLAGS for a Release build of the examples.
# CUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL makes its host code call cuTensorMapEncodeTiled by name
# (instead of through cudaGetDriverEntryPoint) so that record.cpp sees the encode; no device code changes.
CUTLASS="-std=c++17 -O3 -DNDEBUG --expt-relaxed-constexpr -ftemplate-backtrace-limit=0 -DCUTLASS_TEST_LEVEL=0 -DCUTLASS_TEST_ENABLE_CACHED_RESULTS=1 -DCUTLASS_CONV_UNIT_TEST_RIGOROUS_SIZE_ENABLED=1 -DCUTLASS_DEBUG_TRACE_LEVEL=0 -DCUTLASS_ENABLE_TENSOR_CORE_MMA=1 -DCUTLASS_ENABLE_DIRECT_CUDA_DRIVER_CALL=1 -I$here/cutlass/include -I$here/cutlass/tools/util/include -I$here/cutlass/examples/common"
# DeepGEMM: csrc/jit/compiler.hpp's NVCC flags for sm_90a (its JIT builds a cubin with these).
DEEPGEMM="-std=c++20 --diag-suppress=39,161,174,177,186,940 --ptxas-options=--register-usage-level=10 -O3 --expt-relaxed-constexpr --expt-extended-lambda -Xcompiler=-fPIC,-O3,-fconcepts,-Wno-deprecated-declarations,-Wno-abi -I$here/deepgemm/include -I$here/deepgemm/cutlass/include"

# CUB (CCCL from the toolkit): a Release build of a program that calls it.
CUB="-std=c++17 -O3 -DNDEBUG"

# FlashAttention-3 (hopper/setup.py): its nvcc flags, PyTorch's CUDAExtension flags, and its
# FLASHATTENTION_DISABLE_* build options for every feature this case does not use (so that one
# instantiation compiles in minutes); the forward kernels of dense, non-split, non-paged bf16
# attention are the same with or without them.
FA3="-std=c++17 -O3 -ftemplate-backtrace-limit=0 --use_fast_math -DCUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED -DCUTLASS_ENABLE_GDC_FOR_SM90 -DCUTLASS_DEBUG_TRACE_LEVEL=0 -DNDEBUG -D__CUDA_NO_HALF_OPERATORS__ -D__CUDA_NO_HALF_CONVERSIONS__ -D__CUDA_NO_BFLOAT16_CONVERSIONS__ -D__CUDA_NO_HALF2_OPERATORS__ --expt-relaxed-constexpr -DFLASHATTENTION_DISABLE_BACKWARD -DFLASHATTENTION_DISABLE_SPLIT -DFLASHATTENTION_DISABLE_PAGEDKV -DFLASHATTENTION_DISABLE_APPENDKV -DFLASHATTENTION_DISABLE_LOCAL -DFLASHATTENTION_DISABLE_SOFTCAP -DFLASHATTENTION_DISABLE_PACKGQA -DFLASHATTENTION_DISABLE_FP8 -DFLASHATTENTION_DISABLE_VARLEN -DFLASHATTENTION_DISABLE_CLUSTER -DFLASHATTENTION_DISABLE_SM8x -I$here/fa3/cutlass/include"

# name | folder of the project's sources | source to build | flags | kernel-name filter | arguments
# | more sources the program links (the project's own)
cases() {
    # The slowest builds first (CUTLASS, DeepGEMM), so that -j keeps every core busy to the end.
    echo "cutlass_48|cutlass/examples/48_hopper_warp_specialized_gemm|cutlass/examples/48_hopper_warp_specialized_gemm/48_hopper_warp_specialized_gemm.cu|$CUTLASS|13device_kernel|--m=256 --n=128 --k=256 --iterations=0"
    echo "cutlass_49|cutlass/examples/49_hopper_gemm_with_collective_builder|cutlass/examples/49_hopper_gemm_with_collective_builder/49_collective_builder.cu|$CUTLASS|13device_kernel|--m=256 --n=128 --k=128 --l=1 --iterations=0"
    echo "cutlass_54|cutlass/examples/54_hopper_fp8_warp_specialized_gemm|cutlass/examples/54_hopper_fp8_warp_specialized_gemm/54_hopper_fp8_warp_specialized_gemm.cu|$CUTLASS|13device_kernel|--m=256 --n=128 --k=256 --iterations=0"
    [ -f "$here/cases/fa3_fwd_hdim64.cu" ] &&
        echo "fa3_fwd_hdim64|fa3/hopper|cases/fa3_fwd_hdim64.cu|$FA3|13device_kernel||fa3/hopper/flash_prepare_scheduler.cu"
    if [ -f "$here/cases/deepgemm_fp8_1d2d.cu" ]; then
        echo "deepgemm_fp8_1d2d|deepgemm|cases/deepgemm_fp8_1d2d.cu|$DEEPGEMM|sm90_fp8_gemm_1d2d_impl|"
    fi
    echo "cub_transform|cases|cases/cub_transform.cu|$CUB|transform|"
    for l in 01 02 03 04 05 06 07 08; do
        n=256
        echo "tk_level_$l|tk/kernels/gemm/educational_h100|cases/tk_level_$l.cu|$TK -DCORPUS_N=$n|6kernel|"
    done
    echo "tk_bf16_gemm|tk/kernels/gemm/bf16_h100|cases/tk_bf16_gemm.cu|$TK|lcf6kernel|"
    echo "tk_fp8_gemm|tk/kernels/gemm/fp8_h100|cases/tk_fp8_gemm.cu|$TK|lcf6kernel|"
    echo "tk_mha_fwd|tk/kernels/attention/mha_h100|cases/tk_mha_fwd.cu|$TK|fwd_attend_ker|"
}

build_one() {
    IFS='|' read -r name dir src flags filter args extra <<<"$1"
    d="$out/$name"
    mkdir -p "$d"
    ptx_cmd="nvcc -arch=sm_90a -ptx $flags -I$here/$dir $here/$src -o $d/$name.ptx"
    exe_cmd="nvcc -gencode arch=compute_90a,code=sm_90a $flags -I$here/$dir $here/$src ${extra:+$here/$extra} $here/record.cpp -cudart shared -lcuda -ldl -o $d/$name.exe"
    { echo "$ptx_cmd"; echo "$exe_cmd"; } | sed "s#$here/##g; s#$out/##g" >"$d/build.txt"
    local t0=$(date +%s)
    ( cd "$here" && eval "$ptx_cmd" ) >"$d/ptx.log" 2>&1 &
    local p=$!
    ( cd "$here" && eval "$exe_cmd" ) >"$d/exe.log" 2>&1
    local exe_rc=$?
    wait $p
    local ptx_rc=$?
    echo "ptx_rc=$ptx_rc exe_rc=$exe_rc build_s=$(( $(date +%s) - t0 ))" >"$d/status.txt"
}
export -f build_one
export here out

{
    nvcc --version
    nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv
} >"$out/device.txt" 2>&1

cases | xargs -P "$jobs" -I{} bash -c 'build_one "$@"' _ {}
echo "builds done after $(( $(date +%s) - started )) s" | tee -a "$out/device.txt"

cases | while IFS='|' read -r name dir src flags filter args extra; do
    d="$out/$name"
    if [ ! -x "$d/$name.exe" ]; then
        echo "$name: not built (see $name/exe.log)" | tee -a "$out/summary.txt"
        continue
    fi
    # Which runtime entry points the program calls (record.cpp interposes the launch ones).
    nm -D --undefined-only "$d/$name.exe" | grep -E 'cudaLaunch|cuLaunch|cuTensorMap|cudaGetDriverEntryPoint|cudaMalloc' >"$d/imports.txt" 2>&1
    t0=$(date +%s)
    ( cd "$d" && CORPUS_OUT="$d" CORPUS_KERNEL="$filter" timeout 120 "./$name.exe" $args ) >"$d/run.log" 2>&1
    rc=$?
    echo "run_rc=$rc run_s=$(( $(date +%s) - t0 )) args=$args" >>"$d/status.txt"
    echo "$name: run rc $rc, $(ls -d "$d"/launch_* 2>/dev/null | wc -l) launches recorded" | tee -a "$out/summary.txt"
    rm -f "$d/$name.exe"
done
echo "all done after $(( $(date +%s) - started )) s" | tee -a "$out/device.txt"
