"""Executes tutorial notebooks with the evcxr kernel and checks what their cells show.

For every notebook: execute it headless (kernel `rust`, cwd = the notebook's folder), save
the executed copy and an HTML rendering under --out, and fail when a cell errored, when a
check below does not hold, when a figure the prose quotes from the outputs
(`<!-- check: output: ... -->`) is not in them, or when a chart is not valid SVG with data. Prints each
notebook's time and the time of its first (`:dep`) cell.

`--compiler builtin|nvrtc` starts every kernel with `CUDA_LIBRARY_COMPILER` set to it (and checks
that the compile-error cell names that compiler). `--build-dir DIR` starts every kernel with
`EVCXR_TMPDIR=DIR`: evcxr then builds in DIR instead of a fresh temporary folder, so the kernels,
which run one after another here, share one cargo target folder and only the first builds the
crate (the notebooks guide, "The second notebook").
"""

import argparse
import os
import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

# Text each notebook's outputs must contain (anywhere), beyond "no cell errored".
EXPECT = {
    "01-tour.ipynb": [
        "cuda-library backend",
        "void scale&lt;float&gt;(float*, float, int)",
        "saxpy",
        "all 65536 equal 5",
        "argument 3 of kernel `saxpy` is 8 byte(s)",
        "saxpy, 65,536 floats",
        "used after its library was unloaded",
    ],
    "02-loading-and-inspecting.ipynb": [
        "compression zstd",
        "_Z5scaleIfEvPT_S0_i -> void scale<float>(float*, float, int)",
        "regs",
        "did you mean",
        "truncated",
    ],
    "03-globals-constants-managed.ipynb": [
        "global `table`: 16 bytes",
        "global `coeffs`: 32 bytes",
        "[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]",
        "counter = 64",
        "after one more launch",
        "managed `managed_value`",
    ],
    "04-nvrtc-launch-and-time.ipynb": [
        "0 of 100000 results wrong",
        "time vs size",
        "achieved bandwidth",
        "0 of 1048576 results wrong",
        "undefined_thing",
        "executable graph: 100 nodes, 100 kernels",
        "managed: 0 of 1048576 results wrong",
        "the host holds 1 view(s) of it",
        "managed buffer `f32[1048576]`",
    ],
    "06-why-is-it-slow.ipynb": [
        "kernels compiled",
        "copy, stride 8",
        "uncoalesced",
        "bank conflicts",
        "where the time goes",
        "speed-up over the first",
        "c[0] = 256 (expected 256)",
        "simulated",
    ],
    "05-options-and-lifetimes.ipynb": [
        "JIT optimization level 9 is out of range",
        "cannot be used with Library::load_file",
        "saxpy loaded: false, table loaded: false",
        "100 load/unload cycles",
    ],
    "07-clusters-and-grid-sync.ipynb": [
        "clusters of 4: [(0, 0, 4), (1, 1, 4), (2, 2, 4), (3, 3, 4), (4, 0, 4)",
        "equal to the CPU's: true",
        "every block read it: true",
        "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE",
    ],
    "08-hopper-gemm.ipynb": [
        "128-byte swizzle",
        "swizzle span",
        "row 1: chunks start with columns  8  0 24 16 40 32 56 48",
        "4096 values as 64 rows of 64",
        "one warpgroup: 4096 outputs, 0 differ from the CPU's",
        "TMA + wgmma equals the tiled GEMM bit for bit: true; both equal the CPU's: true",
        "speed-up over the first",
        "simulated",
        "bulk copies (TMA)",
        "not yet calibrated against an H100",
    ],
}


def outputs_text(nb):
    """Every cell's outputs as one string (HTML and plain text, stream text, errors)."""
    parts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            if out.output_type == "stream":
                parts.append(out.text)
            elif out.output_type in ("display_data", "execute_result"):
                for mime, data in out.data.items():
                    parts.append(data if isinstance(data, str) else "".join(data))
            elif out.output_type == "error":
                parts.append(out.ename + ": " + out.evalue)
    return "\n".join(parts)


# Text that depends on the compiler `Program` used (`--compiler`): 04's compile error names it.
EXPECT_BY_COMPILER = {
    "builtin": {"04-nvrtc-launch-and-time.ipynb": ["built-in compiler"]},
    "nvrtc": {"04-nvrtc-launch-and-time.ipynb": ["NVRTC could not compile"]},
}


# `<!-- check: output: 0.25x 24% -->` in a markdown cell: figures its prose quotes from the
# notebook's own outputs; `<!-- check: output builtin: 0.26x -->`: figures the outputs show
# when that compiler (`nvrtc` or `builtin`) made the PTX (tests/notebook.rs, `prose`, checks
# the other sources and that every quoted figure is declared).
OUTPUT_CHECK = re.compile(r"<!--\s*check:\s*output(?:\s+(nvrtc|builtin))?\s*:(.*?)-->", re.S)


def output_figures(nb, compiler):
    """The figures the prose says come from the outputs of a run with `compiler` (None: a run
    that did not choose one, which checks only the figures that hold for both)."""
    figures = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for m in OUTPUT_CHECK.finditer(cell.source):
                if m.group(1) is None or m.group(1) == compiler:
                    figures.extend(m.group(2).split())
    return figures


def check_svgs(text, name):
    """Every inline SVG parses as XML and draws something."""
    svgs = re.findall(r"<svg.*?</svg>", text, flags=re.S)
    for svg in svgs:
        root = ET.fromstring(svg)
        drawn = [e for e in root.iter() if e.tag.endswith(("polyline", "rect", "circle"))]
        texts = [e for e in root.iter() if e.tag.endswith("text")]
        if not drawn or not texts:
            raise SystemExit(f"{name}: a chart has no data or no labels")
    return len(svgs)


def errored_cells(nb):
    bad = []
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.output_type == "error":
                bad.append((i, out.ename, out.evalue))
            # evcxr prints a cell's returned error (`?`) on stderr; the tutorials print
            # nothing there, so anything on stderr is a failure.
            if out.output_type == "stream" and out.name == "stderr" and out.text.strip():
                bad.append((i, "stderr", out.text[:2000]))
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--compiler", choices=["builtin", "nvrtc"])
    ap.add_argument("--build-dir", help="evcxr's build folder (EVCXR_TMPDIR), shared by the kernels")
    ap.add_argument("notebooks", nargs="+")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    # The kernels' environment: ours, plus what the options set.
    kernel_env = dict(os.environ)
    if args.compiler:
        kernel_env["CUDA_LIBRARY_COMPILER"] = args.compiler
    if args.build_dir:
        kernel_env["EVCXR_TMPDIR"] = os.path.abspath(args.build_dir)
    expect = {name: list(wants) for name, wants in EXPECT.items()}
    for name, wants in EXPECT_BY_COMPILER.get(args.compiler, {}).items():
        expect.setdefault(name, []).extend(wants)
    failures = []
    label = f"[{args.compiler}] " if args.compiler else ""
    started = time.time()
    for path in args.notebooks:
        name = os.path.basename(path)
        # What is running now, for the progress line of scripts/tour.sh and scripts/test.sh.
        print(f"executing {label}{name}", flush=True)
        nb = nbformat.read(path, as_version=4)
        client = NotebookClient(
            nb,
            kernel_name="rust",
            timeout=1800,
            record_timing=True,
            resources={"metadata": {"path": os.path.dirname(os.path.abspath(path))}},
        )
        t0 = time.time()
        try:
            # The kernel's own standard output holds only evcxr's start-up note ("No
            # configuration file found, use the default configuration"); the cells' output
            # comes through Jupyter's messages.
            # Its standard error is cargo's building of each `:dep` ("Compiling ..."): kept
            # in a log beside the executed notebook, not shown.
            with open(os.path.join(args.out, name.replace(".ipynb", ".kernel.log")), "w") as log:
                client.execute(stdout=subprocess.DEVNULL, stderr=log, env=kernel_env)
        except Exception as e:  # a cell error stops execution; report it below
            failures.append(f"{name}: execution stopped: {str(e)[:3000]}")
        total = time.time() - t0
        nbformat.write(nb, os.path.join(args.out, name))
        html, _ = HTMLExporter().from_notebook_node(nb)
        with open(os.path.join(args.out, name.replace(".ipynb", ".html")), "w") as f:
            f.write(html)

        first = next((c for c in nb.cells if c.cell_type == "code"), None)
        dep_s = None
        if first is not None:
            ex = first.metadata.get("execution", {})
            a, b = ex.get("iopub.execute_input"), ex.get("shell.execute_reply")
            if a and b:
                from datetime import datetime

                f = lambda s: datetime.fromisoformat(s.replace("Z", "+00:00"))
                dep_s = (f(b) - f(a)).total_seconds()
        for i, ename, evalue in errored_cells(nb):
            failures.append(f"{name} cell {i}: {ename}: {evalue}")
        text = outputs_text(nb)
        for want in expect.get(name, []):
            if want not in text:
                failures.append(f"{name}: no output contains {want!r}")
        for figure in output_figures(nb, args.compiler):
            if not re.search(r"(?<![\d.])" + re.escape(figure) + r"(?![\d])", text):
                failures.append(f"{name}: the prose quotes {figure} from the outputs, which do not show it")
        n_svg = check_svgs(text, name)
        dep = f"{dep_s:.1f} s" if dep_s is not None else "?"
        print(f"{label}{name}: {total:.1f} s in all, first cell (:dep) {dep}, {n_svg} chart(s)", flush=True)
    print(f"{label}{len(args.notebooks)} notebook(s) in {time.time() - started:.1f} s", flush=True)
    if failures:
        print("\n".join(label + f for f in failures), file=sys.stderr)
        sys.exit(1)
    print(f"{label}all notebooks executed; outputs checked")


if __name__ == "__main__":
    main()
