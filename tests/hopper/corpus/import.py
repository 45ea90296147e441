#!/usr/bin/env python3
"""Imports what .gpu-corpus/run.sh recorded on the device into tests/hopper/corpus/recorded/.

    tests/hopper/corpus/import.py OUTDIR

For every case that built and recorded at least one launch: its PTX (zstd -19), the build
commands (build.txt), and per launch launch.json, params.bin and each buffer before the launch
(zstd); a buffer's contents after the launch are kept only where the launch changed it (the
test reads an absent .after as "unchanged"). Cases that did not build or record are listed,
with the last lines of their logs, and left out.
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEST = HERE / "recorded"


def zstd(src: Path, dst: Path) -> None:
    subprocess.run(["zstd", "-q", "-19", "-f", str(src), "-o", str(dst)], check=True)


def tail(path: Path, n: int = 6) -> str:
    if not path.exists():
        return "(no log)"
    lines = path.read_text(errors="replace").splitlines()
    return "\n      ".join(lines[-n:])


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    out = Path(sys.argv[1])
    if DEST.exists():
        shutil.rmtree(DEST)
    DEST.mkdir(parents=True)
    if (out / "device.txt").exists():
        shutil.copy(out / "device.txt", DEST / "device.txt")
    imported, skipped = [], []
    for case in sorted(p for p in out.iterdir() if p.is_dir()):
        name = case.name
        ptx = case / f"{name}.ptx"
        launches = sorted(p for p in case.iterdir() if p.is_dir() and p.name.startswith("launch_"))
        good = [l for l in launches if (l / "launch.json").exists()
                and json.loads((l / "launch.json").read_text()).get("status") == "cudaSuccess"]
        if not ptx.exists() or ptx.stat().st_size == 0 or not good:
            why = "no PTX" if not ptx.exists() else f"{len(good)} of {len(launches)} launches recorded"
            skipped.append(f"{name}: {why}\n      ptx: {tail(case / 'ptx.log')}\n      exe: "
                           f"{tail(case / 'exe.log')}\n      run: {tail(case / 'run.log')}")
            continue
        d = DEST / name
        d.mkdir()
        zstd(ptx, d / f"{name}.ptx.zst")
        for f in ("build.txt", "status.txt"):
            if (case / f).exists():
                shutil.copy(case / f, d / f)
        for l in good:
            ld = d / l.name
            ld.mkdir()
            shutil.copy(l / "launch.json", ld / "launch.json")
            shutil.copy(l / "params.bin", ld / "params.bin")
            for before in sorted(l.glob("buf*.before.bin")):
                after = l / before.name.replace(".before.", ".after.")
                zstd(before, ld / (before.name + ".zst"))
                if after.exists() and after.read_bytes() != before.read_bytes():
                    zstd(after, ld / (after.name + ".zst"))
        imported.append(f"{name}: {len(good)} launches")
    print("imported:\n  " + "\n  ".join(imported))
    if skipped:
        print("left out:\n  " + "\n  ".join(skipped))
    size = sum(f.stat().st_size for f in DEST.rglob("*") if f.is_file())
    print(f"recorded/: {size / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
