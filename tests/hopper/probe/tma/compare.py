"""Compares the GPU's bytes (OUTDIR/NAME.bin) with the simulator's (CASES/NAME.sim).

Usage: compare.py CASES OUTDIR. Prints, per case, `same`, or where the first 32-bit words
differ, both as hex, with the word's index.
"""
import os
import sys

cases, out = sys.argv[1], sys.argv[2]
names = open(os.path.join(cases, "list.txt")).read().split()
bad = 0
for n in names:
    gpu_path = os.path.join(out, n + ".bin")
    if not os.path.exists(gpu_path):
        err = os.path.join(out, n + ".err")
        print(f"{n}: no GPU result ({open(err).read().strip() if os.path.exists(err) else '?'})")
        bad += 1
        continue
    gpu = open(gpu_path, "rb").read()
    sim = open(os.path.join(cases, n + ".sim"), "rb").read()
    if gpu == sim:
        print(f"{n}: same ({len(gpu)} bytes)")
        continue
    bad += 1
    words = lambda b: [int.from_bytes(b[i:i + 4], "little") for i in range(0, len(b) - 3, 4)]
    g, s = words(gpu), words(sim)
    diff = [i for i in range(min(len(g), len(s))) if g[i] != s[i]]
    print(f"{n}: DIFFERS in {len(diff)} of {len(g)} words (lengths {len(gpu)}/{len(sim)})")
    for i in diff[:24]:
        print(f"  word {i}: gpu {g[i]:08x} sim {s[i]:08x}")
    print("  gpu: " + " ".join(f"{w:08x}" for w in g[:64]))
    print("  sim: " + " ".join(f"{w:08x}" for w in s[:64]))
print(f"{len(names) - bad} of {len(names)} cases the same")
