"""The totals of a test log: passed, failed and skipped over every libtest run in it, and
why tests were skipped, grouped (what scripts/test.sh ends with).

    python3 scripts/support/test_summary.py LOG...

Reads libtest's lines (and libtest-mimic's, the GPU tests' harness, which prints the same):
`test result: ok. N passed; N failed; N ignored; ...` for the totals, `test NAME ... ignored,
REASON` (libtest-mimic: `ignored (REASON)`) for the reasons, `test NAME ... FAILED` for the
failures. A test that skips itself at run time (no NVRTC, say: libtest cannot skip at run
time, so it counts the test as passed) says `skipped at run time: NAME: REASON`
(tests/common/mod.rs, `skip`): those move from passed to skipped.
"""

import re
import sys
from collections import Counter

ANSI = re.compile(r"\x1b\[[0-9;]*m")
RESULT = re.compile(r"^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored")
IGNORED = re.compile(r"^test (.+?) \.\.\. ignored(?:, (.+)| \((.+)\))?$")
FAILED = re.compile(r"^test (.+?) \.\.\. FAILED$")
RUNTIME_SKIP = re.compile(r"^skipped at run time: (\S+): (.+)$")
# The tests a test runs in a child process (`#[ignore = "run by PARENT"]`): one group.
CHILD = re.compile(r"^run by \S+$")


def summarize(lines):
    passed = failed = ignored = 0
    reasons = Counter()
    failures = []
    runtime_skips = {}
    for line in lines:
        line = ANSI.sub("", line).rstrip()
        if m := RESULT.match(line):
            passed += int(m[1])
            failed += int(m[2])
            ignored += int(m[3])
        elif m := IGNORED.match(line):
            reason = m[2] or m[3] or "no reason given"
            if CHILD.match(reason):
                reason = "run by another test, in a child process"
            reasons[reason] += 1
        elif m := FAILED.match(line):
            failures.append(m[1])
        elif m := RUNTIME_SKIP.match(line):
            runtime_skips[m[1]] = m[2]
    # Runs in libtest's quiet mode print no line per test: their ignored tests have no reason.
    unlisted = ignored - sum(reasons.values())
    if unlisted > 0:
        reasons["in a quiet run (no reason shown)"] += unlisted
    for reason in runtime_skips.values():
        reasons[f"{reason} (at run time)"] += 1
    passed -= len(runtime_skips)
    skipped = ignored + len(runtime_skips)
    return passed, failed, skipped, reasons, failures


def lines_of(paths):
    """The lines of every log in turn (scripts/test.sh keeps one log per step); a path
    that does not exist (no step ran) gives none."""
    for path in paths:
        try:
            with open(path, errors="replace") as f:
                yield from f
        except FileNotFoundError:
            continue


def main():
    passed, failed, skipped, reasons, failures = summarize(lines_of(sys.argv[1:]))
    print(f"tests: {passed} passed, {failed} failed, {skipped} skipped (ignored)")
    for reason, n in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {n:4} skipped: {reason}")
    for name in failures:
        print(f"  FAILED: {name}")


if __name__ == "__main__":
    main()
