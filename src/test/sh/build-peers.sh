#!/usr/bin/env bash
# Fetches and builds the peer tools that the optional `peers` test profile compares gpusched
# with: MAST's mast_analysis, nptest and the GCAPS artifact's Python analyses. Everything goes
# under TARGET (never into this repository); docs/testing.md explains how the profile finds it.
#
#   src/test/sh/build-peers.sh TARGET
#
# Needs git, a C++14 compiler, cmake, libyaml-cpp-dev, gnat, gprbuild and python3 with venv; on
# Debian/Ubuntu: apt-get install git g++ cmake libyaml-cpp-dev gnat gprbuild python3-venv.
# GIT_BASE (default https://github.com) can point at a mirror holding OWNER/NAME repositories.
# PYTHON (default python3) makes the venv; where it already imports numpy and termcolor (Debian:
# python3-numpy python3-termcolor) the venv sees its packages and nothing is fetched from PyPI.
set -euo pipefail
if [ $# -ne 1 ]; then
    echo "usage: $0 TARGET" >&2
    exit 2
fi
repo=$(cd "$(dirname "$0")/../../.." && pwd)
mkdir -p "$1"
target=$(cd "$1" && pwd)
case "$target/" in
    "$repo"/*) echo "$0: TARGET must lie outside the repository ($repo)" >&2; exit 2 ;;
esac
base=${GIT_BASE:-https://github.com}

# The commits the comparisons in docs/interop.md and docs/rta.md were made with.
MAST_COMMIT=72d6ca350c016bbdde01aa5989535b42b84317b6
NPTEST_COMMIT=63eb64d66afc2fad8112dc26a20be011c39c1be4
GCAPS_COMMIT=83fbe6cf9a80ef47485867834a1ff9c346a46a95

python=${PYTHON:-python3}

for tool in gnat gprbuild cmake c++ "$python" git; do
    command -v "$tool" >/dev/null || { echo "$0: $tool not found (see the header of this script)" >&2; exit 2; }
done

checkout() { # NAME OWNER/REPO COMMIT
    if [ ! -d "$target/$1/.git" ]; then
        git clone -q "$base/$2" "$target/$1"
    fi
    git -C "$target/$1" -c advice.detachedHead=false checkout -q "$3"
}

checkout MAST istr-uc/MAST "$MAST_COMMIT"
checkout np-schedulability-analysis gnelissen/np-schedulability-analysis "$NPTEST_COMMIT"
checkout gcaps-super-repo rtenlab/gcaps-super-repo "$GCAPS_COMMIT"

# MAST: the analysis tool only (the GUIs need gtkada; the XSDs are read from docs/).
(cd "$target/MAST/mast_analysis" && gprbuild -q -p -P mast_analysis.gpr)
"$target/MAST/mast_analysis/mast_analysis" -help >/dev/null 2>&1 || true
test -x "$target/MAST/mast_analysis/mast_analysis"

# nptest: system yaml-cpp, default allocator, no TBB (single-threaded exploration).
mkdir -p "$target/np-schedulability-analysis/build"
(cd "$target/np-schedulability-analysis/build" && cmake -DCMAKE_BUILD_TYPE=Release .. >/dev/null && make -j"$(nproc)" nptest >/dev/null)
test -x "$target/np-schedulability-analysis/build/nptest"

# GCAPS artifact: analysis/ needs numpy and termcolor.
if "$python" -c "import numpy, termcolor" 2>/dev/null; then
    "$python" -m venv --system-site-packages "$target/venv"
else
    "$python" -m venv "$target/venv"
    "$target/venv/bin/pip" install -q numpy termcolor
fi
"$target/venv/bin/python" -c "import sys; sys.path.insert(0, '$target/gcaps-super-repo/analysis'); import experiments" </dev/null

echo "peers built under $target; run: GPUSCHED_PEERS=$target ./mvnw -Ppeers test"
