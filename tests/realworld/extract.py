#!/usr/bin/env python3
"""Builds the real-world corpus (tests/realworld/<project>/) from upstream git checkouts.

Run by scripts/realworld-corpus.sh. For each project it copies the CUDA sources at a fixed
commit (verbatim, or with their host code removed by strip_host.py where the upstream file
mixes host and device code, which NVRTC cannot compile), the licence, a SOURCE.md naming
every file's origin and what was removed, and units.txt: the translation units
tests/sim/realworld.rs compiles with NVRTC, their options and the name expressions that
instantiate template kernels. Every unit is compiled here with NVRTC (ctypes, the .venv
wheel) with the options the test uses; a unit that does not compile is left out and named
in SOURCE.md with NVRTC's first error. Needs only Python 3 and the .venv of
scripts/setup-venv.sh.
"""
import ctypes
import glob
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from strip_host import Stripper, line_ranges  # noqa: E402

SITE = glob.glob(os.path.join(ROOT, ".venv/lib/python3*/site-packages/nvidia"))[0]
ARCH = "-arch=compute_80"
# What Program::compile adds after the unit's own include directories.
SYSTEM_INCLUDES = [
    "-I" + os.path.join(SITE, "cuda_cccl/include"),
    "-I" + os.path.join(SITE, "cuda_runtime/include"),
    # The crate ships these as in-memory headers (core/include/nvrtc); here a directory.
    "-I" + os.path.join(ROOT, "core/include/nvrtc"),
]

NVRTC = ctypes.CDLL(glob.glob(os.path.join(SITE, "cuda_nvrtc/lib/libnvrtc.so*"))[0])


def nvrtc(src, name, opts, exprs=()):
    """(ok, log, ptx) of one compile to PTX."""
    prog = ctypes.c_void_p()
    assert NVRTC.nvrtcCreateProgram(ctypes.byref(prog), src.encode(), name.encode(), 0, None, None) == 0
    for e in exprs:
        NVRTC.nvrtcAddNameExpression(prog, e.encode())
    o = [x.encode() for x in opts]
    rc = NVRTC.nvrtcCompileProgram(prog, len(o), (ctypes.c_char_p * len(o))(*o))
    n = ctypes.c_size_t()
    NVRTC.nvrtcGetProgramLogSize(prog, ctypes.byref(n))
    log = ctypes.create_string_buffer(n.value)
    NVRTC.nvrtcGetProgramLog(prog, log)
    ptx = None
    if rc == 0:
        NVRTC.nvrtcGetPTXSize(prog, ctypes.byref(n))
        b = ctypes.create_string_buffer(n.value)
        NVRTC.nvrtcGetPTX(prog, b)
        ptx = b.value.decode()
    NVRTC.nvrtcDestroyProgram(ctypes.byref(prog))
    return rc == 0, log.value.decode(errors="replace"), ptx


def git_show(repo, commit, path):
    return subprocess.run(["git", "--git-dir", repo, "show", f"{commit}:{path}"],
                          check=True, capture_output=True).stdout


def git_files(repo, commit):
    out = subprocess.run(["git", "--git-dir", repo, "ls-tree", "-r", "--name-only", commit],
                         check=True, capture_output=True, text=True).stdout
    return out.split("\n")


INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)


class Project:
    def __init__(self, name, url, repo, commit, licence, licence_files, prefix, include_dirs,
                 options, strip, units, wrappers=(), notes="", names=None):
        self.__dict__.update(locals())
        self.out = os.path.join(HERE, name)
        self.files = set(git_files(repo, commit))
        self.copied = {}  # local path -> (upstream path, dropped line ranges or None)
        self.excluded = []  # (unit, why)

    def local(self, upstream):
        return upstream[len(self.prefix):]

    def resolve(self, inc, from_dir):
        """The upstream path an #include names, if the repository has it."""
        for d in [from_dir] + [self.prefix + i for i in self.include_dirs]:
            p = os.path.normpath(os.path.join(d, inc))
            if p in self.files:
                return p
        return None

    def copy(self, upstream):
        """Copies a file and everything it includes from the repository."""
        if self.local(upstream) in self.copied:
            return
        text = git_show(self.repo, self.commit, upstream).decode("utf-8", errors="replace")
        dropped = None
        if self.strip:
            stripped, drops = Stripper(text).run()
            dropped = line_ranges(text, drops)
            text = stripped
        dst = os.path.join(self.out, self.local(upstream))
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "w") as f:
            f.write(text)
        self.copied[self.local(upstream)] = (upstream, dropped)
        for inc in INCLUDE.findall(text):
            p = self.resolve(inc, os.path.dirname(upstream))
            if p:
                self.copy(p)

    def opts(self, unit):
        return ([ARCH] + self.options + ["-I" + os.path.join(HERE, "shim")]
                + ["-I" + os.path.join(self.out, os.path.dirname(unit))]
                + ["-I" + os.path.join(self.out, d) for d in self.include_dirs] + SYSTEM_INCLUDES)

    def launches(self, upstream_paths):
        """Template kernels' instantiations as the host code launches them: `k<T, 4><<<`."""
        found = []
        for p in upstream_paths:
            text = git_show(self.repo, self.commit, p).decode("utf-8", errors="replace")
            # `k<T, 4><<<...>>>`, and ggml's `ggml_cuda_kernel_launch(k<T, 4>, ...)`.
            for m in re.finditer(r"\b(\w+)\s*<([^;{}<>]*(?:<[^;{}<>]*>[^;{}<>]*)*)>\s*<<<"
                                 r"|\bggml_cuda_kernel_launch\(\s*(\w+)\s*<([^;{}<>]*(?:<[^;{}<>]*>[^;{}<>]*)*)>\s*,",
                                 text):
                if m.group(1) is None:
                    e = f"{m.group(3)}<{' '.join(m.group(4).split())}>"
                    if e not in found:
                        found.append(e)
                    continue
                e = f"{m.group(1)}<{' '.join(m.group(2).split())}>"
                if e not in found:
                    found.append(e)
        return found

    def build(self):
        if os.path.isdir(self.out):
            shutil.rmtree(self.out)
        os.makedirs(self.out)
        for lf in self.licence_files:
            with open(os.path.join(self.out, os.path.basename(lf)), "wb") as f:
                f.write(git_show(self.repo, self.commit, lf))
        for w, text in self.wrappers:
            dst = os.path.join(self.out, w)
            with open(dst, "w") as f:
                f.write(text)
        kept = []
        needed = set()
        # A unit that another unit includes (a sample's kernel file) is compiled as part of it.
        included = set()
        for unit in self.units:
            if unit not in dict(self.wrappers):
                text = git_show(self.repo, self.commit, self.prefix + unit).decode("utf-8", errors="replace")
                included.update(self.local(q) for q in (self.resolve(i, os.path.dirname(self.prefix + unit)) for i in INCLUDE.findall(text)) if q)
        for unit in self.units:
            if unit in included:
                continue
            if unit in dict(self.wrappers):
                src_paths = []
                for inc in INCLUDE.findall(dict(self.wrappers)[unit]):
                    p = self.resolve(inc, self.prefix)
                    if p:
                        self.copy(p)
                        src_paths.append(p)
            else:
                self.copy(self.prefix + unit)
                src_paths = [self.prefix + unit]
            # Files the unit includes, for the launch sites of its templates.
            seen, todo = set(), list(src_paths)
            while todo:
                p = todo.pop()
                if p in seen:
                    continue
                seen.add(p)
                text = git_show(self.repo, self.commit, p).decode("utf-8", errors="replace")
                for inc in INCLUDE.findall(text):
                    q = self.resolve(inc, os.path.dirname(p))
                    if q:
                        todo.append(q)
            path = os.path.join(self.out, unit)
            src = open(path).read()
            ok, log, ptx = nvrtc(src, path, self.opts(unit))
            if not ok:
                first = next((l for l in log.split("\n") if "error" in l), log.strip()[:200])
                self.excluded.append((unit, first.replace(self.out + "/", "")))
                print(f"{self.name}: {unit}: does not compile: {first}", file=sys.stderr)
                continue
            names = []
            for e in self.launches(sorted(seen)) + (self.names or {}).get(unit, []):
                okn, _, _ = nvrtc(src, path, self.opts(unit), [e])
                if okn:
                    names.append(e)
            if names:
                okn, _, ptx2 = nvrtc(src, path, self.opts(unit), names)
                assert okn
                ptx = ptx2
            kernels = len(re.findall(r"^\s*(?:\.visible\s+|\.weak\s+)?\.entry\s", ptx, re.M))
            kept.append((unit, names, kernels))
            needed.update(self.local(p) for p in seen)
            needed.add(unit)
            print(f"{self.name}: {unit}: {kernels} kernels ({len(names)} name expressions)",
                  file=sys.stderr)
        # Files that no kept unit needs are not kept either.
        for local in list(self.copied):
            if local not in needed:
                os.remove(os.path.join(self.out, local))
                del self.copied[local]
        for dp, dn, fn in os.walk(self.out, topdown=False):
            if not os.listdir(dp):
                os.rmdir(dp)
        self.write_units(kept)
        self.write_source(kept)
        return sum(k for _, _, k in kept)

    def write_units(self, kept):
        lines = [
            f"# {self.name}: the units tests/sim/realworld.rs compiles (written by extract.py).",
            "# options: NVRTC options for every unit; include: include directories (relative",
            "# to this folder); unit: a translation unit; name: a name expression for the unit",
            "# above, instantiating a template kernel (from an upstream launch site, or from",
            "# extract.py's list of the instances upstream launchers create).",
            "options " + " ".join(self.options),
        ]
        lines += [f"include {d}" for d in self.include_dirs]
        for unit, names, _ in kept:
            lines.append(f"unit {unit}")
            lines += [f"name {n}" for n in names]
        with open(os.path.join(self.out, "units.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")

    def write_source(self, kept):
        total = sum(k for _, _, k in kept)
        md = [f"# {self.name}", "",
              f"- Upstream: {self.url}",
              f"- Commit: `{self.commit}`",
              f"- Licence: {self.licence} ({', '.join(os.path.basename(l) for l in self.licence_files)} here, copied from the same commit)",
              f"- Units: {len(kept)} translation units, {total} kernels in their PTX (NVRTC 12.9, compute_80)",
              "", self.notes.strip(), "",
              "## Files", "",
              "Each file is the upstream file at the commit above" +
              (" with its host code removed by `../strip_host.py`: the line ranges listed were"
               " emptied (their line breaks kept, so every other line has its upstream line"
               " number; preprocessor lines inside them were kept)." if self.strip else ", unchanged."),
              "", "| here | upstream | removed lines |", "|---|---|---|"]
        for local in sorted(self.copied):
            up, dropped = self.copied[local]
            merged = []
            for a, b in dropped or []:
                if merged and a <= merged[-1][1] + 1:
                    merged[-1][1] = max(merged[-1][1], b)
                else:
                    merged.append([a, b])
            rm = "-" if not merged else ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in merged)
            md.append(f"| `{local}` | `{up}` | {rm} |")
        for w, _ in self.wrappers:
            md.append(f"| `{w}` | (ours, see above) | - |")
        if self.excluded:
            md += ["", "## Left out", "",
                   "Candidate units that NVRTC does not compile (nvcc builds them with host code or "
                   "libraries NVRTC has not got); their files are not kept:", ""]
            md += [f"- `{u}`: {why}" for u, why in self.excluded]
        with open(os.path.join(self.out, "SOURCE.md"), "w") as f:
            f.write("\n".join(md) + "\n")


TRAIN_GPT2_KERNELS = """\
// Ours, not upstream: the CUDA headers of llm.c's train_gpt2.cu (its lines 37-64) in its
// order, without the rest of train_gpt2.cu (host code) and with cuDNN off, as the Makefile's
// default build has it (PRECISION=BF16 defines ENABLE_BF16).
#define ENABLE_BF16
#include "llmc/cuda_common.h"
#include "llmc/cuda_utils.cuh"
#include "llmc/cublas_common.h"
#include "llmc/encoder.cuh"
#include "llmc/layernorm.cuh"
#include "llmc/matmul.cuh"
#include "llmc/attention.cuh"
#include "llmc/fused_classifier.cuh"
#include "llmc/adamw.cuh"
#include "llmc/global_norm.cuh"
"""


# Template kernels that upstream launches through templated launchers or with deduced
# arguments (so no launch site names the instance): the instances its launchers create with
# the file's default types (floatX is __nv_bfloat16 where ENABLE_BF16 is on) and a block size
# of 256 where the launcher picks one at run time.
LLMC_NAMES = {
    "dev/cuda/attention_backward.cu": [
        "softmax_autoregressive_backward_kernel6<256>",
        "softmax_autoregressive_backward_kernel7<256>",
        "softmax_autoregressive_backward_kernel8<256>"],
    "dev/cuda/global_norm.cu": [f"norm_kernel{i}<floatX>" for i in (1, 2, 3, 4)],
    "dev/cuda/layernorm_backward.cu": [
        "layernorm_backward_kernel3<floatX, floatX, floatX, floatX>",
        "layernorm_backward_kernel4<floatX, floatX, floatX, floatX>",
        "layernorm_backward_kernel5<floatX, floatX, floatX, floatX>",
        "layernorm_backward_kernel6<floatX, floatX, floatX, floatX>",
        "layernorm_backward_kernel7<floatX, floatX, floatX, floatX>",
        "layernorm_backward_kernel8<floatX, floatX, floatX, floatX>",
        "copy_to_dweight_dbias<floatX>"],
    "dev/cuda/matmul_backward_bias.cu": [
        "matmul_backward_bias_kernel8<floatX, true>",
        "matmul_backward_bias_kernel8<float, false>",
        "matmul_backward_bias_kernel9<floatX, false>",
        "matmul_backward_bias_kernel9<float, true>"],
    "dev/cuda/trimat_forward.cu": ["trimul_global<matmul_tri>"],
    "train_gpt2_kernels.cu": [
        "adamw_kernel3<floatX, floatX>",
        "init_from_master_kernel<floatX>",
        "copy_and_cast_kernel<float, floatX>",
        "global_sum_single_block_kernel<float>",
        "global_norm_squared_kernel<floatX>",
        "global_norm_squared_kernel<float>",
        "matmul_backward_bias_kernel9<floatX, false>",
        "matmul_backward_bias_kernel9<float, true>",
        "fused_classifier_kernel5<true, false>"],
}


# The same for two samples whose kernels are templates launched from templated test drivers
# (`runTest<T>`): the types their main() runs them with.
SAMPLES_NAMES = {
    "Samples/0_Introduction/simpleTemplates/simpleTemplates.cu": [
        "testKernel<float>", "testKernel<int>"],
    "Samples/6_Performance/alignedTypes/alignedTypes.cu": [
        f"testKernel<{t}>" for t in ("uint8", "uint16", "RGBA8_misaligned", "LA32_misaligned",
                                      "RGB32_misaligned", "RGBA32_misaligned", "RGBA8", "I32",
                                      "LA32", "RGB32", "RGBA32")],
}


# ggml's template kernels launched from templated launchers (no launch site names the
# instance): the instances the launchers create for f32 (and f16 where ggml's ops take it).
GGML_NAMES = {
    "src/ggml-cuda/unary.cu": (
        [f"unary_op_kernel<op_{op}, float>" for op in (
            "abs", "sgn", "neg", "step", "gelu", "gelu_erf", "gelu_quick", "silu", "tanh",
            "relu", "sigmoid", "hardsigmoid", "hardswish", "exp", "sqr", "sqrt", "sin", "cos",
            "log", "expm1", "softplus", "elu", "floor", "ceil", "round", "trunc")]
        + [f"unary_gated_op_kernel<op_{op}, float>" for op in ("relu", "gelu", "silu", "gelu_erf", "gelu_quick")]
        + ["swiglu_oai_kernel<float>", "xielu_kernel<float>", "silu_back_kernel<float>",
           "leaky_relu_kernel<float>"]),
    "src/ggml-cuda/binbcast.cu": [
        f"k_bin_bcast<op_{op}, float, float, float>" for op in ("repeat", "add", "sub", "mul", "div")]
        + [f"k_bin_bcast_unravel<op_{op}, float, float, float>" for op in ("add", "mul")]
        + ["k_repeat_back<float>"],
    "src/ggml-cuda/softmax.cu": [
        "soft_max_f32<true, 0, 0, float>", "soft_max_f32<false, 0, 0, float>",
        "soft_max_f32<true, 32, 32, float>", "soft_max_f32<true, 256, 256, float>"],
    "src/ggml-cuda/rope.cu": [
        f"{k}<{fw}, false, float, float>" for k in ("rope_norm", "rope_neox") for fw in ("true", "false")]
        + [f"{k}<true, false, float>" for k in ("rope_multi", "rope_vision")],
    "src/ggml-cuda/getrows.cu": ["k_get_rows_float<float, float>", "k_get_rows_float<half, float>",
                                  "k_get_rows_back_float<float, float>"],
    "src/ggml-cuda/clamp.cu": ["op_clamp_kernel<float>"],
    "src/ggml-cuda/fill.cu": ["fill_kernel<float>"],
    "src/ggml-cuda/concat.cu": [f"concat_cont<float, {d}>" for d in (0, 1, 2)]
        + [f"concat_non_cont<float, {d}>" for d in (0, 1, 2, 3)],
    "src/ggml-cuda/diag.cu": ["diag_kernel<float>"],
    "src/ggml-cuda/count-equal.cu": ["count_equal<int>"],
    "src/ggml-cuda/snake.cu": ["snake_kernel<float>"],
    "src/ggml-cuda/im2col.cu": ["im2col_kernel<float>", "im2col_3d_kernel<float>"],
    "src/ggml-cuda/pool2d.cu": ["pool2d_nchw_kernel<float, float>"],
    "src/ggml-cuda/tri.cu": [f"tri_kernel<float, {k}, {a}>" for k in ("true", "false") for a in (0, 1)],
    "src/ggml-cuda/sumrows.cu": ["reduce_rows_f32<false>", "reduce_rows_f32<true>"],
    "src/ggml-cuda/set-rows.cu": ["k_set_rows<float, int64_t, float>", "k_set_rows<float, int64_t, half>"],
    "src/ggml-cuda/ssm-conv.cu": ["ssm_conv_f32<false, 128, 4>", "ssm_conv_f32<true, 128, 4>"],
    "src/ggml-cuda/mmvf.cu": ["mul_mat_vec_f<float, float, 1, 128>", "mul_mat_vec_f<half, float, 1, 128>"],
    "src/ggml-cuda/convert.cu": [
        "dequantize_block_q4_0<float>", "dequantize_block_q4_1<float>", "dequantize_block_q2_K<float>",
        "dequantize_block_q3_K<float>", "dequantize_block_q4_K<float>", "dequantize_block_q5_K<float>",
        "dequantize_block_q6_K<float>"],
    "src/ggml-cuda/mmvq.cu": [f"mul_mat_vec_q<GGML_TYPE_{t}, 1, false>" for t in ("Q4_0", "Q8_0", "Q4_K", "Q6_K")],
    "src/ggml-cuda/topk-moe.cu": [f"topk_moe_cuda<{n}, {b}>" for n in (4, 8) for b in ("false", "true")],
    "src/ggml-cuda/gated_delta_net.cu": [
        "gated_delta_net_cuda<16, false, false>", "gated_delta_net_cuda<32, false, false>",
        "gated_delta_net_cuda<32, true, false>"],
    "src/ggml-cuda/col2im-1d.cu": ["col2im_1d_kernel<float>"],
    "src/ggml-cuda/conv2d.cu": ["conv2d_kernel<float, whcn_layout>"],
    "src/ggml-cuda/mmid.cu": ["mm_ids_helper<0>", "mm_ids_helper<4>", "mm_ids_helper<8>"],
}


def candle(mirror):
    return Project(
            "candle", "https://github.com/huggingface/candle",
            os.path.join(mirror, "huggingface+candle/repo"),
            "2a13b0f3ff62f7e67013597f2996f764c5735e21", "MIT OR Apache-2.0",
            ["LICENSE-MIT", "LICENSE-APACHE"], "candle-kernels/src/", [],
            ["-std=c++17"], False,
            [u + ".cu" for u in ["affine", "binary", "cast", "conv", "fill", "indexing",
                                 "quantized", "reduce", "sort", "ternary", "unary"]],
            notes="""
candle's CUDA kernels: the modules `candle-kernels/build.rs` compiles to PTX (every `.cu`
in `src/` except the statically linked `moe_*`, `mmvq_gguf` and `mmq_*` ones). They are
device code only and compile unchanged under NVRTC; upstream builds them with nvcc
`-std=c++17 -O3 --expt-relaxed-constexpr` (NVRTC has no `--expt-relaxed-constexpr` and
needs none here).
""")


def llmc(mirror):
    repo = os.path.join(mirror, "karpathy+llm.c/repo")
    llmc_commit = "f1e2ace651495b74ae22d45d1723443fd00ecd3a"
    llmc_units = sorted(p for p in git_files(repo, llmc_commit)
                        if p.startswith("dev/cuda/") and p.endswith(".cu"))
    return Project(
            "llm.c", "https://github.com/karpathy/llm.c", repo, llmc_commit, "MIT",
            ["LICENSE"], "", [],
            ["-std=c++17", "-include=math.h"], True,
            llmc_units + ["train_gpt2_kernels.cu"],
            wrappers=[("train_gpt2_kernels.cu", TRAIN_GPT2_KERNELS)],
            names=LLMC_NAMES,
            notes="""
llm.c's kernels: every `dev/cuda/*.cu` (the kernel-development files, several versions of
each layer's kernels) and the kernels of the GPT-2 trainer (`llmc/*.cuh`, through
`train_gpt2_kernels.cu`, our own file that includes them as `train_gpt2.cu` does). The
upstream files mix host code (main, launchers, cuBLAS, file I/O) with device code, so each
is kept with its host code removed (see Files). Template kernels are instantiated with name
expressions taken from the upstream launch sites (`units.txt`). `-include=math.h`: nvcc
sees `<math.h>` through the host compiler (`M_PI`, `INFINITY`); under NVRTC the crate's
`math.h` provides the same macros.
""")


def cuda_samples(mirror):
    samples = os.path.join(mirror, "NVIDIA+cuda-samples/repo")
    cs_commit = "c94ff366aed18c797b8a85dfaac7817b0228b420"
    sample_units = []
    for p in git_files(samples, cs_commit):
        if p.startswith("Samples/") and p.endswith(".cu"):
            if b"__global__" in git_show(samples, cs_commit, p):
                sample_units.append(p)
    return Project(
            "cuda-samples", "https://github.com/NVIDIA/cuda-samples", samples, cs_commit,
            "BSD-3-Clause", ["LICENSE"], "", ["Common"],
            ["-std=c++17", "-include=math.h"], True, sorted(sample_units),
            names=SAMPLES_NAMES,
            notes="""
NVIDIA's CUDA samples: every `Samples/**/*.cu` that defines a kernel, with the headers it
includes from its folder and `Common/`. Most mix host and device code, so each file is kept
with its host code removed (see Files); the `*_nvrtc` samples' kernel files are device code
already. Template kernels are instantiated with name expressions taken from the upstream
launch sites (`units.txt`). `-include=math.h` stands for the `<math.h>` nvcc sees through
the host compiler.
""")


def ggml(mirror):
    repo = os.path.join(mirror, "ggml-org+ggml/repo")
    commit = "d99724f2b141fed9e1a9f402213506c081433465"
    # The backend's kernel files; ggml-cuda.cu is the host side (device management, graph
    # scheduling) and template-instances/ only instantiates mmq/fattn templates per type.
    units = sorted(p for p in git_files(repo, commit)
                   if p.startswith("src/ggml-cuda/") and p.endswith(".cu")
                   and "/template-instances/" not in p and p != "src/ggml-cuda/ggml-cuda.cu")
    return Project(
            "ggml", "https://github.com/ggml-org/ggml", repo, commit, "MIT", ["LICENSE"], "",
            ["include", "src"],
            ["-std=c++17", "-use_fast_math", "-DNDEBUG", "-D__extension__=", "-DCCCL_DISABLE_NVTX",
             "-DGGML_USE_CUDA", "-DGGML_CUDA_PEER_MAX_BATCH_SIZE=128",
             "-DGGML_SCHED_MAX_COPIES=4"], True, units,
            names=GGML_NAMES,
            notes="""
ggml's CUDA backend (the tensor library under llama.cpp and whisper.cpp): every
`src/ggml-cuda/*.cu` but `ggml-cuda.cu` (the backend's host side) and `template-instances/`
(one file per quantisation type instantiating the matrix-multiplication and
flash-attention templates), with the headers they include from `src/` and `include/`. The
kernels sit beside their host launchers in the same files, so each file is kept with its
host code removed (see Files). Options: what `src/ggml-cuda/CMakeLists.txt` gives nvcc for
a release build (`-use_fast_math`, `-DNDEBUG`, and the definitions CMake adds by default:
`GGML_USE_CUDA`, `GGML_CUDA_PEER_MAX_BATCH_SIZE=128`, `GGML_SCHED_MAX_COPIES=4`), but
`-extended-lambda`, which NVRTC has not got (device code alone needs none); and two of
ours: `-D__extension__=` (`ggml-common.h` puts GCC's `__extension__` before its anonymous
unions, which NVRTC's front end rejects) and `-DCCCL_DISABLE_NVTX` (CUB's NVTX ranges are
host code). Template kernels are instantiated with name expressions from the upstream
launch sites (`k<...><<<` and `ggml_cuda_kernel_launch(k<...>, ...)`) and, where a
templated launcher picks them, from extract.py's list `GGML_NAMES` (f32 instances, f16
where the op takes it). The units that use CUB's device-wide algorithms (`argsort`,
`cumsum`, `mean`, `sum`, `top-k`, `ssm-scan`) do not compile under NVRTC (CUB's host-side
`__host__` functions), nor do the flash-attention and `mmf` units (the host-code removal
leaves their launchers' templates behind); see Left out.
""")


# Each project's folder name and the function that describes it (its mirror's path given).
PROJECTS = {"candle": candle, "llm.c": llmc, "cuda-samples": cuda_samples, "ggml": ggml}


def main():
    mirror = sys.argv[1] if len(sys.argv) > 1 else "/work/.mirror"
    only = sys.argv[2:]
    total = 0
    for name, project in PROJECTS.items():
        if only and name not in only:
            continue
        p = project(mirror)
        n = p.build()
        print(f"{p.name}: {n} kernels", file=sys.stderr)
        total += n
    print(f"total: {total} kernels", file=sys.stderr)


if __name__ == "__main__":
    main()
