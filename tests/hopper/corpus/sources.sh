#!/usr/bin/env bash
# Copies the projects' own files of the Hopper corpus (the kernels' sources, the host code that
# sets them up, the files the flags come from, and each licence) into tests/hopper/corpus/sources/,
# from the bare mirrors under $MIRROR (default /work/.mirror) at the commits build.sh pins.
# The headers the kernels include (ThunderKittens' include/, CUTLASS's include/) are not copied:
# SOURCES.md names them by repository and commit.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mirror=${MIRROR:-/work/.mirror}
out="$here/sources"
rm -rf "$out"

copy() { # REPO COMMIT DEST FILE...
    local repo=$1 commit=$2 dest=$3
    shift 3
    for f in "$@"; do
        mkdir -p "$out/$dest/$(dirname "$f")"
        git -C "$mirror/$repo/repo" show "$commit:$f" >"$out/$dest/$f"
    done
}

levels=()
for l in 01 02 03 04 05 06 07 08; do levels+=("kernels/gemm/educational_h100/level_$l.cu"); done
copy HazyResearch+ThunderKittens 0b55588d2769dde0c7a9a606ffc015b0ca7a9551 thunderkittens \
    LICENSE kernels/common.mk kernels/gemm/common.cuh "${levels[@]}" \
    kernels/gemm/educational_h100/launch.cu kernels/gemm/educational_h100/README.md \
    kernels/gemm/bf16_h100/bf16_h100_gemm.cu kernels/gemm/fp8_h100/fp8_h100_gemm.cu \
    kernels/attention/mha_h100/mha_h100.cu kernels/attention/mha_h100/harness.impl

copy NVIDIA+cutlass 7107b05535f8977f5ecb9d01ee203205b1fd9bc4 cutlass \
    LICENSE.txt \
    examples/48_hopper_warp_specialized_gemm/48_hopper_warp_specialized_gemm.cu \
    examples/49_hopper_gemm_with_collective_builder/49_collective_builder.cu \
    examples/54_hopper_fp8_warp_specialized_gemm/54_hopper_fp8_warp_specialized_gemm.cu \
    examples/54_hopper_fp8_warp_specialized_gemm/hopper_fp8_commandline.hpp

copy deepseek-ai+DeepGEMM 54e22612409371d6364144b69086735beb54e98b deepgemm \
    LICENSE deep_gemm/include/deep_gemm/impls/sm90_fp8_gemm_1d2d.cuh \
    csrc/jit_kernels/impls/sm90_fp8_gemm_1d2d.hpp csrc/jit_kernels/impls/runtime_utils.hpp \
    csrc/jit_kernels/heuristics/sm90.hpp csrc/jit/compiler.hpp

fa3=()
for f in flash.h flash_fwd_launch_template.h flash_fwd_kernel_sm90.h mainloop_fwd_sm90_tma_gmma_ws.hpp \
    epilogue_fwd.hpp softmax.h mask.h tile_scheduler.hpp tile_size.h static_switch.h named_barrier.hpp \
    seqlen.h block.h utils.h pack_gqa.h paged_kv.h rotary.h sm90_pipeline_no_cluster.hpp cuda_check.h \
    heuristics.h flash_prepare_scheduler.cu flash_api.cpp setup.py \
    instantiations/flash_fwd_hdim64_bf16_sm90.cu; do
    fa3+=("hopper/$f")
done
copy Dao-AILab+flash-attention 0251105a2fb19d2957484b7f023cd8c115286ced flash-attention LICENSE "${fa3[@]}"

du -sh "$out"
