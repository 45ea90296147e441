#!/usr/bin/env python3
"""Compiles every unit of the real-world corpus with nvcc to PTX, the way nvcc users build
them (`nvcc -O3 -ptx -arch=compute_80`), for the differential test's nvcc side.

Run on a machine with the CUDA toolkit (the GPU machine: no NVRTC wheel there, CUDA 13):

    python3 tests/realworld/nvcc_ptx.py OUTDIR

Each unit of `tests/realworld/*/units.txt` is compiled through a small wrapper that
includes it and takes the address of every template instance its `name` lines list (nvcc
only emits the instances host code uses, and the host code was removed from the corpus).
The corpus' `shim/` stands in for headers nvcc finds itself (the C/C++ library) as well as
for libraries that are not installed (OpenGL, cuBLAS, ...): nvcc gets only the latter, from
a copy of `shim/` without the standard headers. Writes `OUTDIR/<project>/<unit>.ptx` and
`OUTDIR/nvcc.log` (the command and the outcome of every unit).
"""

import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Headers in shim/ that nvcc takes from the host compiler or CUDA itself: not given to nvcc.
STANDARD = {
    "algorithm", "array", "assert.h", "atomic", "cassert", "chrono", "cstdio", "cstdlib",
    "cstring", "ctime", "ctype.h", "dirent.h", "errno.h", "exception", "fcntl.h", "fstream",
    "glob.h", "iostream", "iterator", "limits", "map", "memory", "memory.h", "new",
    "numeric", "ostream", "pthread.h", "set", "signal.h", "sstream", "stdarg.h",
    "stdexcept", "stdio.h", "stdlib.h", "string", "string.h", "string_view", "strings.h",
    "sys", "time.h", "tuple", "type_traits", "typeinfo", "unistd.h", "unordered_map",
    "utility", "vector", "arpa", "omp.h", "cuda_profiler_api.h", "nvtx3",
    "stdbool.h", "mutex", "initializer_list", "cuda.h",
}


def units():
    """(project, unit path relative to the project, options, include dirs, names)."""
    out = []
    for project_dir in sorted(p for p in HERE.iterdir() if (p / "units.txt").is_file()):
        options, includes, mine = [], [], []
        for line in (project_dir / "units.txt").read_text().splitlines():
            line = line.strip()
            key, _, rest = line.partition(" ")
            if not line or key.startswith("#"):
                continue
            if key == "options":
                options = rest.split()
            elif key == "include":
                includes.append(project_dir / rest.strip())
            elif key == "unit":
                mine.append([project_dir.name, rest.strip(), list(options), list(includes), []])
            elif key == "name":
                mine[-1][4].append(rest.strip())
            else:
                sys.exit(f"{project_dir}/units.txt: unknown line kind {key!r}")
        out.extend(mine)
    return out


def nvcc_options(options):
    """NVRTC options as nvcc spells them."""
    out = []
    for o in options:
        if o.startswith("-include="):
            out += ["-include", o.split("=", 1)[1]]
        else:
            out.append(o)
    return out


def compile_unit(unit, shim, outdir, nvcc):
    project, rel, options, includes, names = unit
    src = HERE / project / rel
    target = outdir / project / (rel.replace("/", "__") + ".ptx")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        wrapper = Path(tmp) / "unit.cu"
        lines = [f'#include "{src}"']
        for i, n in enumerate(names):
            lines.append(f"static void *cuda_library_instance_{i} = (void *)&{n};")
        wrapper.write_text("\n".join(lines) + "\n")
        cmd = [nvcc, "-O3", "-ptx", "-arch=compute_80", "-w", *nvcc_options(options),
               f"-I{shim}", f"-I{src.parent}", *[f"-I{d}" for d in includes],
               str(wrapper), "-o", str(target)]
        r = subprocess.run(cmd, capture_output=True, text=True)
        note = ""
        if r.returncode != 0 and names:
            # An instance nvcc cannot take the address of (an overload set): without them.
            wrapper.write_text(f'#include "{src}"\n')
            r = subprocess.run(cmd, capture_output=True, text=True)
            note = " (without the template instances of its name lines)"
    first = (r.stderr.strip().splitlines() or [""])[0]
    return f"{project}/{rel}: {'ok' + note if r.returncode == 0 else 'FAILED ' + first}"


def main():
    outdir = Path(sys.argv[1]).resolve()
    outdir.mkdir(parents=True, exist_ok=True)
    nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
    shim = outdir / "shim-libraries"
    if shim.exists():
        shutil.rmtree(shim)
    shim.mkdir()
    for entry in (HERE / "shim").iterdir():
        if entry.name in STANDARD:
            continue
        if entry.is_dir():
            shutil.copytree(entry, shim / entry.name)
        else:
            shutil.copy(entry, shim / entry.name)
    version = subprocess.run([nvcc, "--version"], capture_output=True, text=True).stdout
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 4) as pool:
        results = list(pool.map(lambda u: compile_unit(u, shim, outdir, nvcc), units()))
    shutil.rmtree(shim)
    (outdir / "nvcc.log").write_text(version + "\n".join(results) + "\n")
    failed = [r for r in results if "FAILED" in r]
    print(f"{len(results) - len(failed)} of {len(results)} units compiled")
    for r in failed:
        print(r)


if __name__ == "__main__":
    main()
