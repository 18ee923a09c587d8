#!/bin/sh
# Four ./gpusched started at once on a fresh copy of the checkout (no target/) must build once and
# each exit with its own analysis's code: 0 schedulable, 1 not schedulable, 2 invalid input. Then
# the same after a source change with the mkdir lock (GPUSCHED_LOCK=mkdir, as where flock is
# missing). Run by .ci/run; needs git, and Maven's cache warm or a network.
# Usage: src/test/sh/parallel-launchers.sh   (exit 0 when every code is right)
set -u
repo=$(CDPATH= cd -- "$(dirname -- "$0")/../../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/gpusched-launchers.XXXXXX")
trap 'rm -rf "$work"' EXIT
copy="$work/gpusched"
mkdir -p "$copy"
# The tracked and untracked-but-not-ignored files: what a fresh clone of this working tree holds.
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar cf - 2>/dev/null) |
    (cd "$copy" && tar xf -) || { echo "cannot copy the checkout" >&2; exit 2; }
printf '{"version": 1, "tasks": [' >"$copy/bad.json"

failures=0
round() {
    label=$1
    shift
    i=0
    for spec in "0 analyze examples/paper-fig1.json -q" \
                "1 analyze --method edf-serial examples/rtx4090-inference.json -q" \
                "2 validate bad.json -q" \
                "0 analyze examples/paper-example-2-1.json -q"; do
        i=$((i + 1))
        # shellcheck disable=SC2086
        (cd "$copy" && env "$@" ./gpusched ${spec#* } >"$work/out$i" 2>"$work/err$i"; echo $? >"$work/code$i") &
    done
    wait
    i=0
    for want in 0 1 2 0; do
        i=$((i + 1))
        got=$(cat "$work/code$i")
        if [ "$got" != "$want" ]; then
            echo "FAIL $label: launcher $i exited $got, expected $want; its stderr:" >&2
            cat "$work/err$i" >&2
            failures=$((failures + 1))
        fi
    done
    builds=$(cat "$work"/err* | grep -c 'building\|rebuilding' || true)
    if [ "$builds" -ne 1 ]; then
        echo "FAIL $label: $builds launchers built the jar, expected exactly 1" >&2
        failures=$((failures + 1))
    fi
    echo "$label: exit codes $(cat "$work"/code1 "$work"/code2 "$work"/code3 "$work"/code4 | tr '\n' ' ')(want 0 1 2 0)"
}

round "fresh copy, flock" GPUSCHED_TEST=1
touch "$copy/src/main/java/org/gpusched/cli/Main.java"
round "stale jar, mkdir lock" GPUSCHED_LOCK=mkdir
[ "$failures" -eq 0 ] || exit 1
echo "parallel launchers: ok"
