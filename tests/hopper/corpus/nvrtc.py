#!/usr/bin/env python3
"""Compiles the Hopper corpus' kernels to PTX with NVRTC, here, with no GPU: what
`tests/sim_device/hopper_lowering.rs` checks lowers on the simulator.

    tests/hopper/corpus/build.sh          # stages the sources into .gpu-corpus/
    python3 tests/hopper/corpus/nvrtc.py  # writes tests/hopper/corpus/nvrtc/CASE.ptx.zst

NVRTC compiles device code only, so each case's host code is left out: ThunderKittens' files
go through `tests/realworld/strip_host.py` (its headers take `-DKITTENS_NO_HOST`, the flag
ThunderKittens provides for JIT compilation); CUTLASS's examples are reduced to their device
includes and the type definitions that make `GemmKernel` (cut from the example's text), and
`cutlass::device_kernel<GemmKernel>` is instantiated by name; DeepGEMM's kernel header is
compiled as its own NVRTC JIT compiles it (its flags: `-default-device --device-int128`).
The template arguments are the ones the device's recording programs use (SOURCES.md).

Each project's device flags are those of `stage/run.sh` less what NVRTC lacks or does not
need: `--expt-relaxed-constexpr`/`--expt-extended-lambda` (NVRTC has neither option;
`-default-device` where a project's headers need host-and-device constexpr functions), host
compiler flags, `-O3` (NVRTC optimises by default). Headers nvcc takes from the host
compiler come from `tests/realworld/shim/` and `nvrtc_shim/`; CUDA's `crt/` headers (which
`mma.h` includes) from the `nvidia-cuda-nvcc-cu12` wheel, given as NVCC_INCLUDE.

Environment: VIRTUAL_ENV (default .venv) with the NVRTC, CCCL and runtime wheels;
NVCC_INCLUDE, a folder holding `crt/mma.h` (the CUTLASS cases are skipped without it).
"""

import ctypes
import os
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
STAGE = ROOT / ".gpu-corpus"
OUT = HERE / "nvrtc"
VENV = Path(os.environ.get("VIRTUAL_ENV", ROOT / ".venv"))
SITE = next((VENV / "lib").glob("python3*/site-packages"))
NV = SITE / "nvidia"

COMMON = [
    "-arch=compute_90a",
    f"-I{HERE / 'nvrtc_shim'}",
    f"-I{ROOT / 'tests/realworld/shim'}",
    f"-I{ROOT / 'core/include/nvrtc'}",
    f"-I{NV / 'cuda_cccl/include'}",
    f"-I{NV / 'cuda_runtime/include'}",
]
# ThunderKittens (kernels/common.mk, GPU := H100); 2361: an unsigned-to-int narrowing in a
# braced initialiser (mha_h100.cu's `{blockIdx.z, ...}`) that nvcc accepts.
TK = ["-std=c++20", "--use_fast_math", "-DNDEBUG", "-DKITTENS_HOPPER", "-DKITTENS_NO_HOST",
      "--diag-suppress=2361"]
# CUTLASS (CMakeLists.txt, Release); the prelude brings the std names its headers use
# without including them (nvcc's host headers bring them in).
CUTLASS = ["-std=c++17", "-DNDEBUG", "-default-device", "-DCUTLASS_ENABLE_TENSOR_CORE_MMA=1",
           "-DCUTLASS_DEBUG_TRACE_LEVEL=0", "-include=nvrtc_prelude.h"]
# DeepGEMM (csrc/jit/compiler.hpp, its NVRTC compiler).
DEEPGEMM = ["-std=c++20", "--diag-suppress=39,161,174,177,186,940", "-default-device",
            "--device-int128"]
DEEPGEMM_KERNEL = (
    "deep_gemm::sm90_fp8_gemm_1d2d_impl<cute::UMMA::Major::K, 0, 256, 512, 1, 128, 128, 128, "
    "128, 128, 128, 5, 128, 256, 1, false, 132, deep_gemm::GemmType::Normal, "
    "cutlass::bfloat16_t, deep_gemm::epilogue::transform::EpilogueIdentity>"
)


class Nvrtc:
    def __init__(self):
        self.lib = ctypes.CDLL(str(NV / "cuda_nvrtc/lib/libnvrtc.so.12"))

    def compile(self, src: str, name: str, opts: list[str], names=()) -> tuple[str | None, str]:
        lib = self.lib
        prog = ctypes.c_void_p()
        if lib.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), name.encode(), 0, None, None):
            return None, "nvrtcCreateProgram failed"
        for n in names:
            lib.nvrtcAddNameExpression(prog, n.encode())
        arr = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
        rc = lib.nvrtcCompileProgram(prog, len(opts), arr)
        size = ctypes.c_size_t()
        lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
        log = ctypes.create_string_buffer(size.value)
        lib.nvrtcGetProgramLog(prog, log)
        ptx = None
        if rc == 0:
            lib.nvrtcGetPTXSize(prog, ctypes.byref(size))
            buf = ctypes.create_string_buffer(size.value)
            lib.nvrtcGetPTX(prog, buf)
            ptx = buf.value.decode()
        lib.nvrtcDestroyProgram(ctypes.byref(prog))
        return ptx, log.value.decode(errors="replace")


def strip_host(src: Path, dst: Path, pre=lambda s: s) -> None:
    """dst = src without host code (tests/realworld/strip_host.py), after `pre`."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", suffix=".cu", delete=False) as f:
        f.write(pre(src.read_text()))
        tmp = f.name
    out = subprocess.run([sys.executable, str(ROOT / "tests/realworld/strip_host.py"), tmp],
                         check=True, capture_output=True, text=True).stdout
    os.unlink(tmp)
    dst.write_text(out)


def stage_thunderkittens(work: Path) -> Path:
    """ThunderKittens' kernel folders without host code, and its prototype headers with the
    two host-only headers (lcsc, interpreter: launchers the cases do not use) stripped; a
    `__host__ consteval` helper is made host-and-device first, as `--expt-relaxed-constexpr`
    lets nvcc use it in `__launch_bounds__`."""
    tk = STAGE / "tk"
    out = work / "tk"
    for src in (tk / "kernels").rglob("*"):
        if src.suffix in (".cu", ".cuh", ".impl"):
            strip_host(src, out / src.relative_to(tk))
    for src in (tk / "prototype").rglob("*"):
        if src.is_file():
            dst = out / src.relative_to(tk)
            dst.parent.mkdir(parents=True, exist_ok=True)
            if src.name in ("lcsc.cuh", "interpreter.cuh"):
                strip_host(src, dst, lambda s: s.replace("__host__ consteval",
                                                         "__host__ __device__ consteval"))
            else:
                dst.write_text(src.read_text())
    return out


CUTLASS_HOST_HEADERS = ("cutlass/util/", "cutlass/gemm/device/", "helper.h", "cutlass/tensor_ref.h")


def cutlass_device_source(example: Path) -> str:
    """The example's device includes and the type definitions up to `using Gemm = ...`."""
    text = example.read_text()
    includes = [l for l in text.splitlines()
                if re.match(r'#include "(cutlass|cute)/', l)
                and not any(h in l for h in CUTLASS_HOST_HEADERS)]
    body = text.split("#if defined(CUTLASS_ARCH_MMA_SM90_SUPPORTED)", 1)[1]
    body = body.split("using Gemm = ", 1)[0]
    return "\n".join(includes + ['#include "cutlass/device_kernel.h"', "using namespace cute;",
                                body])


def cutlass_49_source(example: Path) -> tuple[str, list[str]]:
    """Example 49's ExampleRunner cut down to its types, and one name per runner main uses."""
    text = example.read_text()
    start = text.index("struct ExampleRunner {")
    start = text.rindex("template <", 0, start)
    end = text.index("using Gemm = ", start)
    includes = [l for l in text[:start].splitlines()
                if re.match(r'#include "(cutlass|cute)/', l)
                and not any(h in l for h in CUTLASS_HOST_HEADERS)]
    src = "\n".join(includes + ['#include "cutlass/device_kernel.h"', "using namespace cute;",
                               text[start:end] + "};"])
    main = re.sub(r"//[^\n]*", "", text[text.index("int main("):])
    runners = re.findall(r"ExampleRunner<(.*?)>\s+\w+_runner;", main, re.S)
    names = [f"cutlass::device_kernel<ExampleRunner<{' '.join(r.split())}>::GemmKernel>"
             for r in runners]
    return src, names


# FlashAttention-3 (hopper/setup.py, PyTorch's CUDAExtension) with the FLASHATTENTION_DISABLE_*
# options run.sh uses.
FA3 = ["-std=c++17", "-DNDEBUG", "-default-device", "--use_fast_math",
       "-DCUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED", "-DCUTLASS_ENABLE_GDC_FOR_SM90",
       "-DCUTLASS_DEBUG_TRACE_LEVEL=0", "-D__CUDA_NO_HALF_OPERATORS__",
       "-D__CUDA_NO_HALF_CONVERSIONS__", "-D__CUDA_NO_BFLOAT16_CONVERSIONS__",
       "-D__CUDA_NO_HALF2_OPERATORS__", "-include=nvrtc_prelude.h"] + [
    f"-DFLASHATTENTION_DISABLE_{f}" for f in
    ("BACKWARD", "SPLIT", "PAGEDKV", "APPENDKV", "LOCAL", "SOFTCAP", "PACKGQA", "FP8", "VARLEN",
     "CLUSTER", "SM8x")]


def fa3_source(launch_template: Path) -> tuple[str, list[str]]:
    """FA3's run_flash_fwd reduced to the types it computes, as a struct template: its device
    includes and its body up to the first use of the runtime parameters; the names are the
    kernels run_mha_fwd_<90, bf16, 64, 64, ...> launches for a dense, non-causal and a causal
    problem (no cluster at head dimension 64, every disabled feature false)."""
    text = launch_template.read_text()
    start = text.index("template <int Arch, int kHeadDim, int kHeadDimV, int ClusterM")
    sig_end = text.index("void run_flash_fwd(", start)
    body_start = text.index("{", sig_end) + 1
    body_end = text.index("    bool const is_varlen_q", body_start)
    host = ("cluster_launch", "kernel_launch", "cuda_check", "kernel_hardware_info")
    includes = [l for l in text[:start].splitlines()
                if l.startswith("#include") and not any(h in l for h in host)]
    src = "\n".join(includes + ["using namespace cute;", text[start:sig_end] + "struct Fa3Kernel {",
                                text[body_start:body_end] + "};"])
    names = [f"cutlass::device_kernel<Fa3Kernel<90, 64, 64, 1, cutlass::bfloat16_t, "
             f"cutlass::bfloat16_t, {causal}, false, false, false, false, false, false, false, "
             f"false, false>::AttnKernel>" for causal in ("false", "true")]
    return src, names


def main() -> int:
    if not STAGE.is_dir():
        print(f"{STAGE} is missing: run tests/hopper/corpus/build.sh first")
        return 1
    nvrtc = Nvrtc()
    OUT.mkdir(exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="hopper-nvrtc-"))
    tk = stage_thunderkittens(work)
    tk_flags = TK + [f"-I{STAGE / 'tk/include'}", f"-I{tk / 'prototype'}"]
    cases = []  # (name, source text, source name, options, name expressions)
    edu = tk / "kernels/gemm/educational_h100"
    for level in range(1, 9):
        f = edu / f"level_{level:02}.cu"
        cases.append((f"tk_level_{level:02}", f.read_text(), f.name, tk_flags + [f"-I{edu}"], []))
    for case, folder, file, kernel in [
        ("tk_bf16_gemm", "gemm/bf16_h100", "bf16_h100_gemm.cu",
         "prototype::lcf::kernel<matmul_template<2,4,8>>"),
        ("tk_fp8_gemm", "gemm/fp8_h100", "fp8_h100_gemm.cu",
         "prototype::lcf::kernel<matmul_template<8>>"),
    ]:
        d = tk / "kernels" / folder
        cases.append((case, (d / file).read_text(), file, tk_flags + [f"-I{d}"], [kernel]))
    mha = tk / "kernels/attention/mha_h100"
    cases.append(("tk_mha_fwd", (mha / "mha_h100.cu").read_text(), "mha_h100.cu",
                  tk_flags + [f"-I{mha}"], ["fwd_attend_ker<64,false>", "fwd_attend_ker<64,true>"]))
    # DeepGEMM's headers call cudaGridDependencySynchronize, which nvcc declares in a runtime
    # header the wheel ships without its crt/ dependencies: grid_dependency.h gives its PTX.
    cases.append(("deepgemm_fp8_1d2d",
                  "#include <grid_dependency.h>\n#include <deep_gemm/impls/sm90_fp8_gemm_1d2d.cuh>\n",
                  "deepgemm_fp8_1d2d.cu",
                  DEEPGEMM + [f"-I{STAGE / 'deepgemm/include'}",
                              f"-I{work / 'deepgemm/cutlass/include'}"], [DEEPGEMM_KERNEL]))
    with tarfile.open(STAGE / "tarballs/deepgemm-cutlass.tar.gz") as t:
        t.extractall(work, filter="data")
    nvcc_include = os.environ.get("NVCC_INCLUDE")
    if nvcc_include and (Path(nvcc_include) / "crt/mma.h").is_file():
        with tarfile.open(STAGE / "tarballs/cutlass.tar.gz") as t:
            t.extractall(work, filter="data")
        cutlass = work / "cutlass"
        flags = CUTLASS + [f"-I{cutlass / 'include'}", f"-I{nvcc_include}"]
        for case, path in [
            ("cutlass_48", "48_hopper_warp_specialized_gemm/48_hopper_warp_specialized_gemm.cu"),
            ("cutlass_54", "54_hopper_fp8_warp_specialized_gemm/54_hopper_fp8_warp_specialized_gemm.cu"),
        ]:
            cases.append((case, cutlass_device_source(cutlass / "examples" / path), f"{case}.cu",
                          flags, ["cutlass::device_kernel<GemmKernel>"]))
        src, names = cutlass_49_source(
            cutlass / "examples/49_hopper_gemm_with_collective_builder/49_collective_builder.cu")
        cases.append(("cutlass_49", src, "cutlass_49.cu", flags, names))
        with tarfile.open(STAGE / "tarballs/fa3-cutlass.tar.gz") as t:
            t.extractall(work, filter="data")
        src, names = fa3_source(STAGE / "fa3/hopper/flash_fwd_launch_template.h")
        cases.append(("fa3_fwd_hdim64", src, "fa3_fwd_hdim64.cu",
                      FA3 + [f"-I{work / 'fa3/cutlass/include'}", f"-I{STAGE / 'fa3/hopper'}",
                             f"-I{nvcc_include}"], names))
    else:
        print("NVCC_INCLUDE (a folder with crt/mma.h, from the nvidia-cuda-nvcc-cu12 wheel) "
              "is not set: the CUTLASS and FlashAttention-3 cases are left out")
    only = sys.argv[1:]
    failed = 0
    for name, src, file, opts, names in cases:
        if only and name not in only:
            continue
        ptx, log = nvrtc.compile(src, file, COMMON + opts, names)
        if ptx is None:
            failed += 1
            errors = [l for l in log.splitlines() if ": error" in l or "catastrophic" in l]
            print(f"{name}: NVRTC failed:\n" + "\n".join(errors[:20]))
            continue
        raw = work / f"{name}.ptx"
        raw.write_text(ptx)
        subprocess.run(["zstd", "-q", "-19", "-f", str(raw), "-o", str(OUT / f"{name}.ptx.zst")],
                       check=True)
        entries = len(re.findall(r"^(?:\.visible |\.weak )?\.entry ", ptx, re.M))
        print(f"{name}: {entries} kernels, {len(ptx)} bytes of PTX")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
