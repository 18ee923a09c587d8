#!/usr/bin/env bash
# The device check of the player on one GPU, in one go (docs/player.md, "What ran on a GPU"):
# NativePlayerTest, device-info and device-info --kinds, the calibration of every task of the
# H200's kinds-calibration.json, experiment interference --device cuda, and loop then play (300
# hyperperiods) of player-calibration, contending-kinds, the camera pipeline and jetson-orin-perception,
# the soak of each proven table (SOAK_FRAMES frames, default 10^6, at most SOAK_S seconds each, default
# 120), experiment interference --draw 100 (sets the model never saw), and the runtime library's C++
# example where the CUDA toolkit with cuBLAS is installed. Every output goes
# to docs/results/ (or OUT) with the GPU in its name, and device-run-<gpu>.md lists each step's
# command, exit code and time, so the results can be committed as they are.
#
#   src/test/sh/device-run.sh            # from the repository root of a checkout, on the GPU machine
#
# Needs a GPU and either a JDK 17 with Maven (it builds the jar, native library included, and runs
# NativePlayerTest) or, on a machine without them, JAVA and JAR pointing at what
# src/test/sh/device-pack.sh packed (NativePlayerTest then runs from the pack's test/ folder with
# that runtime; without either it is left out and the summary says so). SHARED (default ../shared, else shared/, else
# target/device-pack/shared) holds device/h200-2026-11/kinds-calibration.json. Each step is bounded by STEP_S
# seconds (default 240) and a failing step does not stop the others. STEPS (default "info kinds
# interference tables soak runtime") chooses which groups run, so a second run can repeat the tables
# alone, and EXAMPLES (default "player-calibration contending-kinds orin-camera-pipeline
# jetson-orin-perception") which tables and soaks. Exit 0 when every step ran
# with its expected exit code, 1 otherwise.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$repo"
OUT=${OUT:-docs/results}
STEP_S=${STEP_S:-240}
SHARED=${SHARED:-../shared}
[ -d "$SHARED/device" ] || SHARED=shared
[ -d "$SHARED/device" ] || SHARED=target/device-pack/shared
STEPS=" ${STEPS:-info kinds interference tables soak runtime} "
JAVA=${JAVA:-java}
JAR=${JAR:-target/gpusched.jar}
mkdir -p "$OUT"
failed=0

if [ ! -f "$JAR" ]; then
    ./mvnw -B -q -DskipTests package || { echo "$0: the build failed" >&2; exit 1; }
fi
G=("$JAVA" -jar "$JAR")
gpu=$("${G[@]}" device-info | sed -n 's/^name: //p' | tr 'A-Z ' 'a-z-' | tr -cd 'a-z0-9-')
if [ -z "$gpu" ]; then
    "${G[@]}" device-info >&2
    echo "$0: no usable GPU: nothing measured" >&2
    exit 1
fi
summary="$OUT/device-run-$gpu.md"
{
    echo "# Device run on $("${G[@]}" device-info | sed -n 's/^name: //p'), $(date -u +%Y-%m-%dT%H:%MZ)"
    echo
    echo "Commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), src/test/sh/device-run.sh; load average $(cut -d' ' -f1-3 /proc/loadavg)."
    echo
    echo "| step | command | exit | expected | seconds |"
    echo "|---|---|---|---|---|"
} > "$summary"

# missing NAME REASON: a step that could not run is a failure with its reason, never a silent "-".
missing() {
    echo "| $1 | not run: $2 | missing | 0 | 0 |" >> "$summary"
    failed=1
    echo "$0: $1 did not run: $2" >&2
}

# step NAME EXPECTED OUTFILE CMD...: runs CMD with stdout and stderr into OUTFILE, records it.
step() {
    local name=$1 expected=$2 file=$3
    shift 3
    local t0=$SECONDS
    timeout "$STEP_S" "$@" > "$file" 2>&1
    local rc=$?
    echo "| $name | \`$*\` | $rc | $expected | $((SECONDS - t0)) |" >> "$summary"
    case " $expected " in *" $rc "*) ;; *) failed=1; echo "$0: $name exited $rc (expected $expected), see $file" >&2 ;; esac
}

if [[ $STEPS != *" info "* ]]; then
    :
elif command -v javac >/dev/null && [ -d "$HOME/.m2/repository" ]; then
    step native-player-test 0 "$OUT/native-player-test-$gpu.txt" ./mvnw -B -o test -Drt.skip -Dtest=NativePlayerTest
elif [ -d target/device-pack/test ]; then
    # What device-pack.sh packed: the test classes on the jar, run by the packed runtime.
    t=target/device-pack/test
    step native-player-test 0 "$OUT/native-player-test-$gpu.txt" "$JAVA" \
        -cp "$JAR:$t/classes:$(find "$t/lib" -name '*.jar' | sort | paste -sd:)" \
        org.gpusched.device.DeviceTests org.gpusched.player.NativePlayerTest
else
    missing native-player-test "no JDK with a Maven repository, and no device pack's test/ folder"
fi
if [[ $STEPS == *" info "* ]]; then
    step device-info 0 "$OUT/device-info-$gpu.txt" "${G[@]}" device-info
    step device-kinds 0 "$OUT/device-kinds-$gpu.csv" "${G[@]}" device-info --kinds --format csv
fi

# The H200's calibration tasks (kind-ASKED-bBLOCKS), one task alone each, as that run profiled
# them: a task refused below its floor is a row saying so (its line in the .refused file).
work=$(mktemp -d)
kinds_json="$SHARED/device/h200-2026-11/kinds-calibration.json"
if [[ $STEPS == *" kinds "* ]] && [ ! -f "$kinds_json" ]; then
    missing kinds-calibration "input $kinds_json not found (set SHARED)"
elif [[ $STEPS == *" kinds "* ]]; then
    calib="$OUT/kinds-calibration-$gpu.csv"
    echo "kind,blocks,asked_us,measured_us" > "$calib"
    : > "$OUT/kinds-calibration-$gpu.refused"
    for name in $(sed -n 's/.*"name": "\([a-z]*-[0-9]*-b[0-9]*\)".*/\1/p' "$SHARED/device/h200-2026-11/kinds-calibration.json"); do
        kind=${name%%-*}; rest=${name#*-}; asked=${rest%%-*}; blocks=${rest#*-b}
        printf '{"formatVersion": 1, "name": "%s", "timeUnit": "us", "tasks": [{"name": "%s", "period": 100000, "deadline": 100000, "wcet": %s, "kernel": {"blocks": %s, "threadsPerBlock": 256, "kind": "%s"}}], "interference": {"model": "none"}}\n' \
            "$name" "$name" "$asked" "$blocks" "$kind" > "$work/$name.json"
        if timeout "$STEP_S" "${G[@]}" profile "$work/$name.json" --device cuda --runs 10 --warmup 3 \
                --out "$work/$name.measured.json" --samples "$work/$name.samples.csv" > "$work/$name.log" 2>&1; then
            # The median of the 10 samples (ns, submission to the synchronise's return), in us.
            med=$(tail -n +2 "$work/$name.samples.csv" | cut -d, -f5 | sort -n | sed -n '5p')
            echo "$kind,$blocks,$asked,$(awk -v n="$med" 'BEGIN { printf "%.1f", n / 1000 }')" >> "$calib"
        else
            echo "$kind,$blocks,$asked,refused" >> "$calib"
            tail -n 1 "$work/$name.log" >> "$OUT/kinds-calibration-$gpu.refused"
        fi
    done
    refused=$(grep -c ',refused$' "$calib")
    echo "| kinds-calibration | profile of each task of kinds-calibration.json alone (10 runs) | $refused refused | 0 refused | - |" >> "$summary"
    # A refusal below a kind's floor is an answer, not a failure; every other refusal is.
    if grep -v 'below a floor' "$OUT/kinds-calibration-$gpu.refused" | grep -q .; then
        failed=1
        echo "$0: kinds-calibration: a task was refused for another reason than its floor, see $OUT/kinds-calibration-$gpu.refused" >&2
    fi
fi

if [[ $STEPS == *" interference "* ]]; then
    step interference 0 "$OUT/interference-$gpu.log" "${G[@]}" experiment interference --device cuda \
        --out "$OUT/interference-$gpu" --force
    # 100 sets of three and four kernels at sizes the shipped data never had, each predicted by the
    # model fitted on the shipped H200 sets (contention-predicted.csv): the model's unseen-set check.
    step interference-drawn 0 "$OUT/interference-drawn-$gpu.log" "${G[@]}" experiment interference --device cuda \
        --draw 100 --seed 2 --out "$OUT/interference-drawn-$gpu" --force
fi

exs=()
# shellcheck disable=SC2206
[[ $STEPS == *" tables "* ]] && exs=(${EXAMPLES:-player-calibration contending-kinds orin-camera-pipeline jetson-orin-perception})
for ex in "${exs[@]}"; do
    limits=()
    rounds=5
    # A format-2 workload loops as the others do, its chains' kernels the units profiled. Its
    # hyperperiod is 200 ms, so each round's 300 hyperperiods take a minute of the device.
    [ "$ex" = orin-camera-pipeline ] && limits=(--max-set-size 3 --runs 20) && rounds=2
    step "loop $ex" "0 1 3" "$OUT/loop-$ex-$gpu.txt" "${G[@]}" loop "examples/$ex.json" --device cuda \
        "${limits[@]}" --rounds "$rounds" --out "$OUT/loop-$ex-$gpu.json" --table "$OUT/loop-$ex-$gpu.table.json" \
        --report "$OUT/loop-$ex-$gpu.rounds.json" --force
    if [ ! -f "examples/$ex.json" ]; then
        missing "loop $ex" "examples/$ex.json not found"
        continue
    fi
    if [ ! -f "$OUT/loop-$ex-$gpu.table.json" ]; then
        missing "play $ex" "loop wrote no table ($OUT/loop-$ex-$gpu.table.json)"
    else
        step "play $ex" 0 "$OUT/play-$ex-$gpu.json" "${G[@]}" play "$OUT/loop-$ex-$gpu.table.json" \
            --taskset "$OUT/loop-$ex-$gpu.json" --device cuda --hyperperiods 300 --format json
        # The text summary plays it again, where that costs seconds rather than a minute.
        [ "$ex" = orin-camera-pipeline ] || "${G[@]}" play "$OUT/loop-$ex-$gpu.table.json" \
            --taskset "$OUT/loop-$ex-$gpu.json" --device cuda --hyperperiods 300 > "$OUT/play-$ex-$gpu.txt" 2>&1
    fi
done

# json_num KEY FILE: the first number under "KEY" in a play JSON report (one key per line).
json_num() {
    sed -n "s/^ *\"$1\" *: *\(-\{0,1\}[0-9][0-9]*\).*/\1/p" "$2" | head -n 1
}

# The soak: each table loop proved, played for SOAK_FRAMES frames (default 10^6) in chunks that
# each take about STEP_S/2 seconds and hold at most 20,000 frames (so no chunk keeps every frame of
# the soak in memory or passes play's 10^6 launches a run, and a step's timeout bounds each one), stopped early when SOAK_S seconds of the example are spent
# (default 120, so that the whole script fits a 15-minute device session; SOAK_S=none: no limit);
# soak-GPU.csv says how many frames each example really played.
soak_frames=${SOAK_FRAMES:-1000000}
soak_s=${SOAK_S:-120}
[ "$soak_s" = none ] && soak_s=999999999
if [[ $STEPS == *" soak "* ]]; then
    soak="$OUT/soak-$gpu.csv"
    echo "example,frames,misses,over_model,worst_overrun_us,worst_wakeup_us" > "$soak"
    # shellcheck disable=SC2206
    for ex in ${EXAMPLES:-player-calibration contending-kinds orin-camera-pipeline jetson-orin-perception}; do
        table="$OUT/loop-$ex-$gpu.table.json"
        if [ ! -f "$table" ]; then
            missing "soak $ex" "no table proven by loop ($table): run the tables step first"
            continue
        fi
        frames=0 misses=0 over=0 worst=0 wake=0 hp=300 rc_all=0 t0=$SECONDS
        while [ "$frames" -lt "$soak_frames" ] && [ $((SECONDS - t0)) -lt "$soak_s" ]; do
            c0=$SECONDS
            timeout "$STEP_S" "${G[@]}" play "$table" --taskset "$OUT/loop-$ex-$gpu.json" --device cuda \
                --hyperperiods "$hp" --format json > "$work/soak.json" 2> "$work/soak.err"
            rc=$?
            f=$(json_num frames "$work/soak.json")
            if [ "$rc" -gt 1 ] || [ -z "$f" ]; then
                rc_all=$rc
                cp "$work/soak.err" "$OUT/soak-$ex-$gpu.err"
                break
            fi
            [ "$rc" -eq 1 ] && rc_all=1
            frames=$((frames + f))
            misses=$((misses + $(json_num misses "$work/soak.json")))
            over=$((over + $(json_num overrunFrames "$work/soak.json")))
            o=$(json_num worstOverrun "$work/soak.json")
            w=$(json_num maxStartSkew "$work/soak.json")
            [ "${o:-0}" -gt "$worst" ] && worst=$o
            [ "${w:-0}" -gt "$wake" ] && wake=$w
            # The next chunk: about STEP_S/2 seconds at this chunk's pace, at most 20,000 frames (play
            # refuses a run of over 10^6 launches: 50 per frame at most here).
            took=$((SECONDS - c0 > 0 ? SECONDS - c0 : 1))
            per=$(( (f + hp - 1) / hp ))
            hp=$(( hp * STEP_S / 2 / took ))
            [ $((hp * per)) -gt 20000 ] && hp=$((20000 / per))
            [ "$hp" -lt 1 ] && hp=1
        done
        # The play's times are in its workload's timeUnit; the CSV's are us.
        unit=$(sed -n 's/^ *"timeUnit" *: *"\([a-z]*\)".*/\1/p' "$work/soak.json" | head -n 1)
        case $unit in
            ns) worst=$((worst / 1000)) wake=$((wake / 1000)) ;;
            ms) worst=$((worst * 1000)) wake=$((wake * 1000)) ;;
            s) worst=$((worst * 1000000)) wake=$((wake * 1000000)) ;;
        esac
        echo "$ex,$frames,$misses,$over,$worst,$wake" >> "$soak"
        echo "| soak $ex | \`play ... --hyperperiods N\` in chunks, $frames frames | $rc_all | 0 | $((SECONDS - t0)) |" >> "$summary"
        [ "$rc_all" -eq 0 ] || { failed=1; echo "$0: soak $ex exited $rc_all" >&2; }
    done
fi

# The runtime library's example program (examples/runtime: a cuBLAS GEMM task and a task with a
# kernel of its own) following its table, where this machine has the CUDA toolkit with cuBLAS.
if [[ $STEPS == *" runtime "* ]]; then
    if ! command -v cmake >/dev/null || ! command -v nvcc >/dev/null; then
        missing runtime-example "cmake or nvcc not found: the example builds against the CUDA toolkit with cuBLAS"
    elif ! cmake -S examples/runtime -B "$work/rtx" > "$OUT/runtime-example-build-$gpu.txt" 2>&1 \
            || ! cmake --build "$work/rtx" >> "$OUT/runtime-example-build-$gpu.txt" 2>&1; then
        missing runtime-example "the build failed (no cuBLAS?): $OUT/runtime-example-build-$gpu.txt"
    else
        step runtime-example 0 "$OUT/runtime-example-$gpu.txt" "$work/rtx/runtime_example" \
            examples/runtime/table.json 1000 reclaim "$OUT/runtime-example-$gpu.json"
    fi
fi
rm -rf "$work"
{
    echo
    echo "Goal: every table loop proves plays with 0 deadline misses and at most 1 % of frames over"
    echo "their model (the play-*.txt summaries: 'frames vs table' and the miss line); the soak"
    echo "(soak-*.csv) 0 misses and at most 0.1 % of frames over the model in 10^6 frames per example."
} >> "$summary"
echo "$0: results in $OUT (summary $summary)"
exit $failed
