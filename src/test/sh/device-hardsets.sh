#!/usr/bin/env bash
# The hard-set point table on a many-core machine, in the time one device command has:
#   1. all threads (--threads $(nproc)), one set at a time, the sets of every point interleaved
#      (i0 of every point, then i1, ...) so that a run cut short still covers every point;
#   2. one thread each (-XX:ActiveProcessorCount=1), nproc - 1 runs side by side, same order.
# ENGINE picks --engine (graph by default); FROM the first set index; ALL_UNTIL and ONE_UNTIL how
# long each phase may start runs (0 skips it).
# Each line of $OUTDIR/summary.csv is written as its run ends, so what a cut-off leaves is kept.
#
#   JAVA=target/device-pack/runtime/bin/java JAR=target/device-pack/gpusched.jar \
#       OUTDIR=$OUT/hard-sets src/test/sh/device-hardsets.sh
set -u
JAVA=${JAVA:-java}
JAR=${JAR:-target/gpusched.jar}
OUTDIR=${OUTDIR:-target/hard-sets}
LIMIT=${LIMIT:-30s}          # the analysis's own time limit
ENGINE=${ENGINE:-graph}      # --engine of the runs
KILL=${KILL:-45}             # seconds after which a run is killed (start-up and overrun)
ALL_UNTIL=${ALL_UNTIL:-330}  # no all-threads run starts after this many seconds
ONE_UNTIL=${ONE_UNTIL:-520}  # no one-thread run starts after this many seconds
POINTS=${POINTS:-"1.40:12 1.40:14 1.40:16 1.40:20 1.40:24 1.60:16"}
SETS=${SETS:-10}
FROM=${FROM:-0}               # the first set index run (sets FROM to SETS - 1)
CORES=$(nproc)
start=$(date +%s)
mkdir -p "$OUTDIR/sets" "$OUTDIR/err"
{
    echo "cores: $CORES"
    grep -m1 'model name' /proc/cpuinfo
    free -g | head -2
    "$JAVA" -version 2>&1
    "$JAVA" -jar "$JAR" --version
    uptime
} > "$OUTDIR/machine.txt" 2>&1

files=()
for p in $POINTS; do
    u=${p%:*}; n=${p#*:}
    "$JAVA" -jar "$JAR" generate -u "$u" -n "$n" --scenario large --seed 1 --count "$SETS" \
        --out "$OUTDIR/sets" > /dev/null
done
for ((i = FROM; i < SETS; i++)); do
    for p in $POINTS; do
        files+=("$OUTDIR/sets/large-u${p%:*}-n${p#*:}-i$i.json")
    done
done

echo "set,threads,engine,rc,verdict,foundBy,wall_s" > "$OUTDIR/summary.csv"
# run THREADS FILE [JVM options...]: one analysis, one line of the summary
run() {
    local threads=$1 f=$2 name out s e rc v fb
    shift 2
    name=$(basename "$f" .json)
    out=$(mktemp)
    s=$(date +%s.%N)
    timeout "$KILL" "$JAVA" "$@" -jar "$JAR" analyze "$f" --threads "$threads" --engine "$ENGINE" \
        --time-limit "$LIMIT" --format json > "$out" 2> "$OUTDIR/err/$name-t$threads.txt"
    rc=$?
    e=$(date +%s.%N)
    v=$(grep -o '"verdict":"[^"]*"' "$out" | head -1 | cut -d'"' -f4)
    fb=$(grep -o '"foundBy":"[^"]*"' "$out" | head -1 | cut -d'"' -f4)
    rm -f "$out"
    echo "$name,$threads,$ENGINE,$rc,$v,$fb,$(awk -v s="$s" -v e="$e" 'BEGIN { printf "%.2f", e - s }')" \
        >> "$OUTDIR/summary.csv"
}

for f in "${files[@]}"; do
    [ $(($(date +%s) - start)) -lt "$ALL_UNTIL" ] || break
    run "$CORES" "$f"
done

export -f run
export JAVA JAR OUTDIR LIMIT ENGINE KILL ONE_UNTIL start
printf '%s\n' "${files[@]}" | xargs -P $((CORES > 1 ? CORES - 1 : 1)) -I{} bash -c \
    '[ $(($(date +%s) - start)) -lt "$ONE_UNTIL" ] && run 1 "{}" -XX:ActiveProcessorCount=1'
echo "done after $(($(date +%s) - start)) s" >> "$OUTDIR/machine.txt"
