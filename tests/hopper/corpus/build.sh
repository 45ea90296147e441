#!/usr/bin/env bash
# Stages the Hopper corpus for a GPU machine: collects exactly the sources and headers the corpus
# cases need, at pinned commits, into .gpu-corpus/ (gitignored) at the repository root, with
# run.sh, record.cpp and the case wrappers from tests/hopper/corpus/stage/. On the device:
#   cd .gpu-corpus && ./run.sh OUTDIR
# CUTLASS's headers travel as tarballs (run.sh unpacks them) to keep the folder small.
# Reads the bare mirrors under $MIRROR (default /work/.mirror); nothing is downloaded.
set -euo pipefail
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
stage="$root/.gpu-corpus"
mirror=${MIRROR:-/work/.mirror}
here="$root/tests/hopper/corpus"

# Pinned upstream commits (also in tests/hopper/corpus/SOURCES.md).
tk_repo="$mirror/HazyResearch+ThunderKittens/repo"
tk_commit=0b55588d2769dde0c7a9a606ffc015b0ca7a9551
cutlass_repo="$mirror/NVIDIA+cutlass/repo"
cutlass_commit=7107b05535f8977f5ecb9d01ee203205b1fd9bc4
deepgemm_repo="$mirror/deepseek-ai+DeepGEMM/repo"
deepgemm_commit=54e22612409371d6364144b69086735beb54e98b
# DeepGEMM's third-party/cutlass submodule at that commit.
deepgemm_cutlass_commit=f3fde58372d33e9a5650ba7b80fc48b3b49d40c8
fa3_commit=0251105a2fb19d2957484b7f023cd8c115286ced
# FlashAttention's csrc/cutlass submodule at that commit.
fa3_cutlass_commit=7127592069c2fe01b041e174ba4345ef9b279671

# git archive of a partial mirror warns about blobs outside the paths asked for; only those lines go.
quiet_archive() { git "$@" 2> >(grep -v '^error: invalid object ' >&2); }

rm -rf "$stage"
mkdir -p "$stage/tk" "$stage/deepgemm" "$stage/tarballs"

git -C "$tk_repo" archive "$tk_commit" LICENSE include prototype kernels/common.mk kernels/gemm/common.cuh \
    kernels/gemm/educational_h100 kernels/gemm/bf16_h100 kernels/gemm/fp8_h100 kernels/attention/mha_h100 |
    tar -x -C "$stage/tk"

quiet_archive -C "$cutlass_repo" archive --format=tar.gz -o "$stage/tarballs/cutlass.tar.gz" --prefix=cutlass/ "$cutlass_commit" \
    LICENSE.txt include tools/util/include examples/common \
    examples/48_hopper_warp_specialized_gemm examples/49_hopper_gemm_with_collective_builder \
    examples/54_hopper_fp8_warp_specialized_gemm

git -C "$deepgemm_repo" archive "$deepgemm_commit" LICENSE deep_gemm/include | tar -x -C "$stage/deepgemm"
mv "$stage/deepgemm/deep_gemm/include" "$stage/deepgemm/include"
rmdir "$stage/deepgemm/deep_gemm"
quiet_archive -C "$cutlass_repo" archive --format=tar.gz -o "$stage/tarballs/deepgemm-cutlass.tar.gz" \
    --prefix=deepgemm/cutlass/ "$deepgemm_cutlass_commit" LICENSE.txt include

cp "$here/stage/run.sh" "$here/stage/record.cpp" "$stage/"
cp -r "$here/stage/cases" "$stage/cases"
chmod +x "$stage/run.sh"

fa3_repo="$mirror/Dao-AILab+flash-attention/repo"
if [ -d "$fa3_repo" ]; then
    mkdir -p "$stage/fa3"
    quiet_archive -C "$fa3_repo" archive "$fa3_commit" LICENSE hopper/instantiations/flash_fwd_hdim64_bf16_sm90.cu \
        hopper/flash_prepare_scheduler.cu $(git -C "$fa3_repo" ls-tree --name-only "$fa3_commit" hopper/ |
            grep -E '\.(h|hpp)$') | tar -x -C "$stage/fa3"
    quiet_archive -C "$cutlass_repo" archive --format=tar.gz -o "$stage/tarballs/fa3-cutlass.tar.gz" \
        --prefix=fa3/cutlass/ "$fa3_cutlass_commit" LICENSE.txt include
else
    echo "no FlashAttention mirror at $fa3_repo: the FA3 case is left out (fetch github:Dao-AILab/flash-attention)"
    rm -f "$stage/cases/fa3_fwd_hdim64.cu"
fi

echo "staged $(du -sh "$stage" | cut -f1) in $stage ($(find "$stage" -type f | wc -l) files)"
