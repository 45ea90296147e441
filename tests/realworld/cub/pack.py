#!/usr/bin/env python3
"""Turns what src/go.sh wrote on the GPU machine into this folder's checked-in form:

    python3 tests/realworld/cub/pack.py GPU_OUT [--max-bin BYTES] [--skip BUILD/CASE-GLOB ...]

GPU_OUT is go.sh's $OUT/cub. For every build (sm90, sm90-nopdl, ...) and program it
writes `ptx/<build>/<program>.ptx.zst` (the PTX nvcc fed to ptxas, from `-keep`) and for
every case recorded twice `traces/<build>/<case>.txt` and `.bin.zst` (run a's trace; run b
is kept on the GPU machine only as its byte difference from run a). A case whose two runs
copied back different bytes is left out and listed as `gpu-varies` in cases.txt's
comments. Snapshots (`snap` lines: every allocation after every launch, recorded for
small cases) are dropped from traces whose data would exceed --max-bin.

Writes cases.txt: build, program, trace, and `quick` for the smallest case of each
program of the build named by --quick-build, and for QUICK_EXTRA.
"""

import argparse
import fnmatch
import gzip
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Multi-tile cases the quick run (the default test suite) takes besides each program's
# smallest: the onesweep radix sort and the decoupled look-back of scan and select.
QUICK_EXTRA = {"radix_keys_u32_12345_13", "scan_30001_52_inclusive_u32", "select_30001_62_if"}

# Programs with a kernel the simulator refuses (cases.txt's `refuses`: a finding, reported,
# not worked around): BUILD/PROGRAM glob -> the instruction named in the error.
REFUSES = {"sm90/merge_sort": "griddepcontrol"}

# Cases whose copies back may differ from the GPU's, with the reason (cases.txt's `known`).
KNOWN = {
    "*/scan_30001_56_inclusive_f32": (
        "lookback-float-order",
        "CUB's decoupled look-back adds the predecessors' tile sums in an order that depends\n"
        "on which tiles had finished: on the GPU the tiles run at once and mostly find partial\n"
        "sums; the simulator runs blocks in order, so each tile finds its predecessor's\n"
        "inclusive prefix. Integer scans do not care; a multi-tile float sum differs by an ulp\n"
        "from the first tile whose prefix was added in another order. tests/sim/cub/lookback.rs\n"
        "rebuilds the GPU's bits of every tile on the simulator from that order.",
    ),
}


def zstd(data: bytes) -> bytes:
    return subprocess.run(["zstd", "-19", "-q", "-c"], input=data, capture_output=True, check=True).stdout


def outputs(text: str):
    """(offset, length) of every d2h copy's bytes in the data file."""
    for line in text.splitlines():
        w = line.split()
        if w[:2] == ["memcpy", "d2h"]:
            yield int(w[5][1:]), int(w[4])


def varies(text: str, cmp_file: Path):
    """Whether run b copied back other bytes than run a (cmp -l's 1-based offsets)."""
    if not cmp_file.is_file():
        return None  # no run b
    differing = []
    for line in cmp_file.read_text().splitlines():
        m = re.match(r"\s*(\d+)\s", line)
        if m:
            differing.append(int(m.group(1)) - 1)
        elif "EOF" in line:
            return "run b's data has another length"
    outs = list(outputs(text))
    bad = [d for d in differing if any(o <= d < o + n for o, n in outs)]
    return f"{len(bad)}+ bytes copied back differ between runs" if bad else ""


def strip_snaps(text: str, data: bytes):
    """The trace without its snapshots, its data rewritten without their bytes."""
    out_lines, out = [], bytearray()
    for line in text.splitlines():
        w = line.split()
        if w and w[0] in ("snap", "snap-failed"):
            continue
        for i, tok in enumerate(w):
            if tok.startswith("@"):
                at = int(tok[1:])
                if w[0] == "memcpy":
                    n = int(w[4])
                elif w[0] == "launch":
                    n = int(w[w.index("params") + 2])
                else:
                    raise SystemExit(f"unknown line with data: {line}")
                w[i] = f"@{len(out)}"
                out += data[at:at + n]
                line = " ".join(w)
        out_lines.append(line)
    return "\n".join(out_lines) + "\n", bytes(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gpu_out", type=Path)
    ap.add_argument("--max-bin", type=int, default=256 * 1024)
    ap.add_argument("--quick-build", default="sm90-nopdl")
    ap.add_argument("--builds", nargs="*", default=None)
    ap.add_argument("--skip", nargs="*", default=[], help="BUILD/CASE globs not to keep")
    args = ap.parse_args()
    cases, notes = [], []
    builds = sorted(p for p in args.gpu_out.iterdir() if p.is_dir())
    for build_dir in builds:
        build = build_dir.name
        if args.builds is not None and build not in args.builds:
            continue
        for prog_dir in sorted(p for p in build_dir.iterdir() if p.is_dir()):
            prog = prog_dir.name
            ptx = sorted(prog_dir.glob("*.ptx.gz"))
            if len(ptx) != 1:
                notes.append(f"{build}/{prog}: {len(ptx)} PTX files, left out")
                continue
            dest = HERE / "ptx" / build / f"{prog}.ptx.zst"
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(zstd(gzip.decompress(ptx[0].read_bytes())))
            smallest = None
            for txt in sorted((prog_dir / "traces").glob("*.a.txt")):
                case = txt.name[: -len(".a.txt")]
                if any(fnmatch.fnmatch(f"{build}/{case}", g) for g in args.skip):
                    continue
                text = txt.read_text()
                data = txt.with_name(case + ".a.bin").read_bytes()
                if "\nend\n" not in text or "launch " not in text:
                    notes.append(f"{build}/{case}: incomplete trace, left out")
                    continue
                v = varies(text, txt.with_name(case + ".b.cmp"))
                if v:
                    notes.append(f"{build}/{case}: gpu-varies: {v}")
                    continue
                if len(data) > args.max_bin and "\nsnap " in text:
                    text, data = strip_snaps(text, data)
                tdir = HERE / "traces" / build
                tdir.mkdir(parents=True, exist_ok=True)
                (tdir / f"{case}.txt").write_text(text)
                (tdir / f"{case}.bin.zst").write_bytes(zstd(data))
                n = int(case[len(prog) + 1:].split("_")[0])
                cases.append([build, prog, case, n])
                if build == args.quick_build and case in QUICK_EXTRA:
                    cases[-1].append("quick")
                if smallest is None or n < smallest[3]:
                    smallest = cases[-1]
            if smallest is not None and build == args.quick_build:
                smallest.append("quick")
    with open(HERE / "cases.txt", "w") as f:
        f.write("# build program trace [quick] [refuses INSTRUCTION] (see tests/sim/cub/mod.rs)\n")
        for n in notes:
            f.write(f"# {n}\n")
        for c in cases:
            extra = c[4:]
            for glob, instr in REFUSES.items():
                if fnmatch.fnmatch(f"{c[0]}/{c[1]}", glob):
                    extra = extra + ["refuses", instr]
            for glob, (word, why) in KNOWN.items():
                if fnmatch.fnmatch(f"{c[0]}/{c[2]}", glob):
                    f.write("".join(f"# {line}\n" for line in why.splitlines()))
                    extra = extra + ["known", word]
            f.write(" ".join(str(x) for x in c[:3] + extra) + "\n")
    print("\n".join(notes))
    print(f"{len(cases)} cases")


if __name__ == "__main__":
    sys.exit(main())
