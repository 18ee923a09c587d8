#!/usr/bin/env bash
# Start-up benchmark (docs/performance.md, "Start-up"): each command line (run by sh -c) N times,
# the command lines taking turns so that a change in the machine's load hits them alike; prints per
# command line the median wall time and the median CPU time (user + sys of it and its children) in
# milliseconds, with the fastest and slowest wall time.
# Usage: src/test/sh/startup.sh N 'COMMAND LINE' ['COMMAND LINE' ...]
set -euo pipefail
n=$1
shift
declare -A walls cpus
for _ in $(seq "$n"); do
    for i in $(seq 0 $(($# - 1))); do
        cmd=${*:i+1:1}
        t=$( { TIMEFORMAT='%R %U %S'; time sh -c "$cmd" >/dev/null 2>&1; } 2>&1 || true)
        read -r real user sys <<<"$(printf '%s\n' "$t" | tail -n 1)"
        walls[$i]+="$(awk -v r="$real" 'BEGIN { printf "%d", r * 1000 }') "
        cpus[$i]+="$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%d", (u + s) * 1000 }') "
    done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
for i in $(seq 0 $(($# - 1))); do
    w=${walls[$i]}
    lo=$(printf '%s' "$w" | tr ' ' '\n' | grep . | sort -n | head -n 1)
    hi=$(printf '%s' "$w" | tr ' ' '\n' | grep . | sort -n | tail -n 1)
    echo "wall median $(printf '%s' "$w" | median) ms (min $lo, max $hi), cpu median $(printf '%s' "${cpus[$i]}" | median) ms, $n runs: ${*:i+1:1}"
done
