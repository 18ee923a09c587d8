#!/usr/bin/env bash
# Start-up benchmark (docs/performance.md, "Start-up"): one command line run N times back to back;
# prints the median wall time and the median CPU time (user + sys, of the command and its children)
# in milliseconds, with the fastest and slowest wall time. Usage: startup.sh N COMMAND...
# Compare medians taken on an otherwise quiet machine; CPU time is the steadier of the two on a busy one.
set -euo pipefail
n=$1
shift
walls=()
cpus=()
for _ in $(seq "$n"); do
    out=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>&1; } 2>&1 || true)
    read -r real user sys <<<"$(printf '%s\n' "$out" | tail -n 1)"
    walls+=("$(awk -v r="$real" 'BEGIN { printf "%d", r * 1000 }')")
    cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%d", (u + s) * 1000 }')")
done
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
wall=$(printf '%s\n' "${walls[@]}" | median)
cpu=$(printf '%s\n' "${cpus[@]}" | median)
lo=$(printf '%s\n' "${walls[@]}" | sort -n | head -n 1)
hi=$(printf '%s\n' "${walls[@]}" | sort -n | tail -n 1)
echo "wall median ${wall} ms (min ${lo}, max ${hi}), cpu median ${cpu} ms, $n runs: $*"
