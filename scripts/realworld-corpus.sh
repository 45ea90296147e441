#!/usr/bin/env bash
# Rebuilds tests/realworld/ (the real-world kernel corpus of tests/sim/realworld.rs) from
# upstream git repositories: candle, llm.c, NVIDIA's cuda-samples and ggml, each at the commit
# named in tests/realworld/extract.py. MIRROR holds their git directories as
# <owner>+<name>/repo (bare or not: only `git show`/`ls-tree` of the commit are used), e.g.
#   git clone --bare https://github.com/karpathy/llm.c "$MIRROR/karpathy+llm.c/repo"
# Usage: scripts/realworld-corpus.sh MIRROR [project ...]   (projects: candle llm.c cuda-samples ggml)
# Needs Python 3 and .venv (scripts/setup-venv.sh): every unit is compiled with NVRTC to
# choose the units and the name expressions that compile. Takes about 10 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup-venv.sh >/dev/null
exec python3 tests/realworld/extract.py "$@"
