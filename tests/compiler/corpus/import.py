"""Builds the learner corpus (tests/compiler/corpus/<author>/) from git mirrors of the
upstream repositories: copies each listed file at the pinned commit, removes its host code
with tests/realworld/strip_host.py (removed text keeps its line breaks), and writes the
author's LICENSE (upstream's, unchanged), SOURCE.md and units.txt (the format of
tests/realworld/README.md). `python3 import.py MIRRORS` where MIRRORS/<owner>+<name>/repo
is a bare clone. NVRTC then decides what stays: `check.sh` drops the units it rejects."""
import os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "realworld"))
import strip_host  # noqa: E402

# author folder: (repository, licence file, licence name, files with their name expressions)
AUTHORS = {
    "siboehm": ("siboehm/SGEMM_CUDA", "LICENSE", "MIT", [
        ("src/kernels/1_naive.cuh", []),
        ("src/kernels/2_kernel_global_mem_coalesce.cuh", ["sgemm_global_mem_coalesce<32>"]),
        ("src/kernels/3_kernel_shared_mem_blocking.cuh", ["sgemm_shared_mem_block<32>"]),
        ("src/kernels/4_kernel_1D_blocktiling.cuh", ["sgemm1DBlocktiling<64, 64, 8, 8>"]),
        ("src/kernels/5_kernel_2D_blocktiling.cuh", ["sgemm2DBlocktiling<128, 128, 8, 8, 8>", "sgemm2DBlocktiling<64, 64, 8, 8, 8>"]),
        ("src/kernels/6_kernel_vectorize.cuh", ["sgemmVectorize<128, 128, 8, 8, 8>", "sgemmVectorize<64, 64, 8, 8, 8>"]),
        ("src/kernels/7_kernel_resolve_bank_conflicts.cuh", ["sgemmResolveBankConflicts<128, 128, 8, 8, 8>"]),
        ("src/kernels/8_kernel_bank_extra_col.cuh", ["sgemmResolveBankExtraCol<128, 128, 8, 8, 8>"]),
        ("src/kernels/9_kernel_autotuned.cuh", ["sgemmAutotuned<128, 128, 16, 8, 8>"]),
        ("src/kernels/10_kernel_warptiling.cuh", ["sgemmWarptiling<128, 128, 16, 64, 64, 4, 8, 4, 128>"]),
    ]),
    "packt": ("PacktPublishing/Learn-CUDA-Programming", "LICENSE", "MIT", [
        ("Chapter01/01_cuda_introduction/01_hello_world/hello_world.cu", []),
        ("Chapter01/01_cuda_introduction/02_vector_addition/vector_addition_gpu_block_only.cu", []),
        ("Chapter01/01_cuda_introduction/02_vector_addition/vector_addition_gpu_thread_block.cu", []),
        ("Chapter01/01_cuda_introduction/02_vector_addition/vector_addition_gpu_thread_only.cu", []),
        ("Chapter02/02_memory_overview/01_sgemm/sgemm.cu", []),
        ("Chapter02/02_memory_overview/03_aos_soa/aos.cu", []),
        ("Chapter02/02_memory_overview/03_aos_soa/soa.cu", []),
        ("Chapter02/02_memory_overview/04_matrix_transpose/conflict_solved.cu", []),
        ("Chapter02/02_memory_overview/04_matrix_transpose/matrix_transpose.cu", []),
        ("Chapter02/02_memory_overview/06_unified_memory/unified_memory.cu", []),
        ("Chapter03/03_cuda_thread_programming/01_warp_and_thread_block/cuda_thread_block.cu", []),
        ("Chapter03/03_cuda_thread_programming/03_threadsync_and_reduction/reduction_global_kernel.cu", []),
        ("Chapter03/03_cuda_thread_programming/03_threadsync_and_reduction/reduction_shared_kernel.cu", []),
        ("Chapter03/03_cuda_thread_programming/04_performance_limiter/reduction_shared_kernel.cu", []),
        ("Chapter03/03_cuda_thread_programming/04_performance_limiter/sgemm.cu", []),
        ("Chapter03/03_cuda_thread_programming/05_warp_divergence/reduction_kernel_interleaving.cu", []),
        ("Chapter03/03_cuda_thread_programming/05_warp_divergence/reduction_kernel_sequential.cu", []),
        ("Chapter03/03_cuda_thread_programming/06_limiter_balancing/reduction_kernel.cu", []),
        ("Chapter03/03_cuda_thread_programming/06_limiter_balancing/reduction_kernel_opt.cu", []),
        ("Chapter03/03_cuda_thread_programming/07_warp_synchronous_programming/reduction_wp_kernel.cu", []),
        ("Chapter03/03_cuda_thread_programming/08_cooperative_group/reduction_cg_kernel.cu", []),
        ("Chapter03/03_cuda_thread_programming/09_loop_unrolling/reduction_wp_kernel.cu", []),
        ("Chapter03/03_cuda_thread_programming/10_atomic_operation/reduction_blk_atmc_kernel.cu", []),
        ("Chapter03/03_cuda_thread_programming/10_atomic_operation/reduction_kernel.cu", []),
        ("Chapter03/03_cuda_thread_programming/10_atomic_operation/reduction_wrp_atmc_kernel.cu", []),
        ("Chapter03/03_cuda_thread_programming/11_mixed_precision_operation/mixed_precision.cu", []),
        ("Chapter03/03_cuda_thread_programming/11_mixed_precision_operation/mixed_precision_half.cu", []),
        ("Chapter04/04_kernel_execution/01_cuda_stream/2_cuda_multi_stream.cu", []),
        ("Chapter04/04_kernel_execution/02_pipelining/cuda_pipelining.cu", []),
        ("Chapter05/05_debug_profiling/05_debug_with_vs/simple_sgemm.cu", []),
        ("Chapter06/06_multigpu/05_streams/vector_addition.cu", []),
        ("Chapter07/07_parallel_programming_pattern/01_sgemm_optimization/sgemm.cu", []),
        ("Chapter07/07_parallel_programming_pattern/02_convolution/convolution.cu", []),
        ("Chapter07/07_parallel_programming_pattern/03_scan/scan_v1.cu", []),
        ("Chapter07/07_parallel_programming_pattern/03_scan/scan_v2.cu", []),
        ("Chapter07/07_parallel_programming_pattern/05_n-body/n_body.cu", []),
        ("Chapter07/07_parallel_programming_pattern/07_radixsort/radix_warp_sort.cu", []),
        ("Chapter07/07_parallel_programming_pattern/08_histogram/image_histogram.cu", []),
    ]),
    "nvidia-blog": ("NVIDIA-developer-blog/code-samples", "license.txt", "BSD-3-Clause", [
        ("posts/mixed-precision/haxpy.cu", []),
        ("posts/unified-memory/dataElem.cu", []),
        ("series/cuda-cpp/coalescing-global/coalescing.cu", ["offset<float>", "stride<float>", "offset<double>", "stride<double>"]),
        ("series/cuda-cpp/finite-difference/finite-difference.cu", []),
        ("series/cuda-cpp/overlap-data-transfers/async.cu", []),
        ("series/cuda-cpp/shared-memory/shared-memory.cu", []),
        ("series/cuda-cpp/transpose/transpose.cu", []),
    ]),
    "coffeebeforearch": ("CoffeeBeforeArch/cuda_programming", "LICENSE", "GPL-3.0", [
        ("01_vector_addition/baseline/vectorAdd.cu", []),
        ("02_matrix_mul/baseline/mmul.cu", []),
        ("02_matrix_mul/noAliasing/restrict/mmul.cu", []),
        ("02_matrix_mul/nonMultiple/mmul.cu", []),
        ("02_matrix_mul/rectangular/mmul.cu", []),
        ("02_matrix_mul/tiled/mmul.cu", []),
        ("03_sum_reduction/bank_conflicts/sumReduction.cu", []),
        ("03_sum_reduction/cooperative_groups/sumReduction.cu", []),
        ("03_sum_reduction/device_function/sumReduction.cu", []),
        ("03_sum_reduction/diverged/sumReduction.cu", []),
        ("03_sum_reduction/no_confliicts/sumReduction.cu", []),
        ("03_sum_reduction/reduce_idle/sumReduction.cu", []),
        ("04_histogram/global_atomic/histogram.cu", []),
        ("04_histogram/shmem_atomic/histogram.cu", []),
        ("05_convolution/1d_cache/convolution.cu", []),
        ("05_convolution/1d_constant_memory/convolution.cu", []),
        ("05_convolution/1d_naive/convolution.cu", []),
        ("05_convolution/1d_tiled/convolution.cu", []),
        ("05_convolution/2d_constant_memory/convolution.cu", []),
    ]),
    "enccs": ("ENCCS/cuda", "LICENSE", "CC-BY-4.0", [
        ("examples/2.02_HelloGPU/Solution/hello_gpu_3.cu", []),
        ("examples/2.03_VectorAdd/MatrixAdd/Solution/matrix_add_gpu_ref.cu", []),
        ("examples/2.03_VectorAdd/VectorAdd/Solution/vector_add_gpu_ref.cu", []),
        ("examples/2.03_VectorAdd/VectorDotProduct/Solution/vector_dot_product_gpu_ref.cu", []),
        ("examples/2.04_HeatEquation/Solution/heat_equation_gpu_1.cu", []),
        ("examples/2.04_HeatEquation/Solution/heat_equation_gpu_3_shared_memory.cu", []),
        ("examples/3.01_ParallelReduction/Solution/reduction_gpu_1.cu", []),
        ("examples/3.01_ParallelReduction/Solution/reduction_gpu_2.cu", []),
        ("examples/3.01_ParallelReduction/Solution/reduction_gpu_3.cu", []),
        ("examples/3.01_ParallelReduction/Solution/reduction_gpu_4.cu", []),
        ("examples/3.01_ParallelReduction/Solution/reduction_gpu_5.cu", []),
        ("examples/3.01_ParallelReduction/Solution/reduction_gpu_6.cu", []),
        ("examples/3.01_ParallelReduction/Solution/reduction_gpu_7.cu", []),
        ("examples/3.02_TaskParallelism/Async2/Solution/async_gpu_4.cu", []),
    ]),
    "harrism": ("harrism/mini-nbody", "LICENSE", "Apache-2.0", [
        ("cuda/nbody-block.cu", []),
        ("cuda/nbody-orig.cu", []),
        ("cuda/nbody-soa.cu", []),
        ("cuda/nbody-unroll.cu", []),
    ]),
}

OPTIONS = "-std=c++17 -include=math.h"
# Per author, more options: siboehm's kernels use `uint`, which Linux's <sys/types.h> gives
# nvcc through the host compiler (`shim/uint.h` declares it for NVRTC).
EXTRA_OPTIONS = {"siboehm": " -include=uint.h"}


def git(mirror, *args):
    return subprocess.run(["git", "--git-dir", mirror, *args], check=True,
                          capture_output=True).stdout


def copy(mirror, commit, path, out, rows, copied):
    """Copies `path` (host code removed) to `out/path`, and the headers it includes with
    quotes that upstream has beside it, recursively."""
    if path in copied:
        return
    copied.add(path)
    text = git(mirror, "show", f"{commit}:{path}").decode("utf-8", "replace")
    kept, drops = strip_host.Stripper(text).run()
    dest = os.path.join(out, path)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    with open(dest, "w") as f:
        f.write(kept)
    rows.append((path, path, strip_host.line_ranges(text, drops)))
    for line in kept.splitlines():
        line = line.strip()
        if line.startswith("#include") and '"' in line:
            name = line.split('"')[1]
            header = os.path.normpath(os.path.join(os.path.dirname(path), name))
            try:
                git(mirror, "cat-file", "-e", f"{commit}:{header}")
            except subprocess.CalledProcessError:
                continue
            copy(mirror, commit, header, out, rows, copied)


def main(mirrors):
    for author, (repo, licence, spdx, files) in AUTHORS.items():
        mirror = os.path.join(mirrors, repo.replace("/", "+"), "repo")
        commit = git(mirror, "rev-parse", "HEAD").decode().strip()
        out = os.path.join(HERE, author)
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "LICENSE"), "wb") as f:
            f.write(git(mirror, "show", f"{commit}:{licence}"))
        units, rows = [], []
        copied = set()
        for path, names in files:
            copy(mirror, commit, path, out, rows, copied)
            units.append((path, names))
        with open(os.path.join(out, "units.txt"), "w") as f:
            f.write(f"# {author}: translation units of {repo} (written by ../import.py)\n")
            f.write(f"options {OPTIONS}{EXTRA_OPTIONS.get(author, '')}\n")
            for local, names in units:
                f.write(f"unit {local}\n")
                for n in names:
                    f.write(f"name {n}\n")
        with open(os.path.join(out, "SOURCE.md"), "w") as f:
            f.write(f"# {author}\n\nFrom https://github.com/{repo} at commit `{commit}`, "
                    f"licence {spdx} (`LICENSE`, upstream's `{licence}`).\n"
                    "Host code removed by `tests/realworld/strip_host.py` (removed text keeps "
                    "its line breaks, so every kept line has its upstream number); nothing "
                    "else changed. Files keep their upstream paths; the "
                    "headers a unit includes with quotes are copied beside it the same way.\n\n| file | upstream path | lines removed |\n|---|---|---|\n")
            for local, path, removed in rows:
                lines = ", ".join(f"{a}-{b}" for a, b in removed) or "none"
                f.write(f"| `{local}` | `{path}` | {lines} |\n")


if __name__ == "__main__":
    main(sys.argv[1])
