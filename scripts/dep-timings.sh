#!/usr/bin/env bash
# Where a cold `:dep cuda-library` goes: builds a crate shaped like the one evcxr 0.22 writes
# for a notebook (its `[profile.dev]`: opt-level 2 unless given, 16 codegen units, incremental,
# debug assertions; `-C prefer-dynamic`; a cdylib depending on this checkout) from an empty
# target folder with `cargo build --timings`, and prints the wall and CPU time of the whole
# build and each unit's start and length, longest first. The registry must be warm.
#
#   scripts/dep-timings.sh [OPT_LEVEL] [DIR]
#
# Run it on a quiet machine: the units share the cores, so neighbours lengthen every row.
set -euo pipefail
cd "$(dirname "$0")/.."
opt=${1:-2}
dir=$(realpath "${2:-.}")
work=$(mktemp -d "${TMPDIR:-/tmp}/cuda-library-dep-timings.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/src"
: >"$work/src/lib.rs"
cat >"$work/Cargo.toml" <<EOF
[package]
name = "ctx"
version = "1.0.0"
edition = "2024"

[lib]
crate-type = ["cdylib"]
path = "src/lib.rs"

[profile.dev]
opt-level = $opt
debug = false
strip = "debuginfo"
rpath = true
lto = false
debug-assertions = true
codegen-units = 16
panic = 'unwind'
incremental = true
overflow-checks = true

[dependencies]
cuda-library = { path = "$dir" }
EOF
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
(cd "$work" && env -u CARGO_TARGET_DIR RUSTFLAGS=-Cprefer-dynamic \
  /usr/bin/time -f "build: %e s wall, %U s user + %S s system CPU" cargo build -q --timings)
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work"/target/cargo-timings/cargo-timing-*.html <<'PY'
import json, re, sys
units = json.loads(re.search(r"const UNIT_DATA = (\[.*?\]);\n", open(sys.argv[1]).read(), re.S).group(1))
print("| unit | starts at (s) | takes (s) |")
print("|---|---|---|")
for u in sorted(units, key=lambda u: -u["duration"])[:12]:
    print(f"| {u['name']} {u['version']} {u['target'].strip()} | {u['start']:.1f} | {u['duration']:.1f} |")
PY
