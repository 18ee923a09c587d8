#!/usr/bin/env bash
# The resident JVM through the launcher, as a user's script meets it (docs/performance.md, "A resident JVM"):
#  - every example analysed by a resident prints the same bytes, writes the same table and exits with the same
#    code as on its own JVM, and the resident served those calls;
#  - a loop's '> log' (one offset shared with the shell) runs its own JVMs and '>> log' is served: both logs
#    complete and in order, equal to the same loop without a resident;
#  - a call that reads stdin ("-") runs its own JVM, which reads on from where its caller stopped;
#  - SIGTERM during a run ends it with 143, the resident with it, the previous table intact, no temporary left;
#  - a folder removed and made again gets a new resident;
#  - another environment gets another resident, and an idle one ends by itself and removes its state file.
# Run by .ci/run after the build; stops the residents of this checkout's launcher when it ends.
set -euo pipefail
cd "$(dirname "$0")/../../.."
gs=$PWD/gpusched
examples=$PWD/examples
state=$PWD/target/launcher
work=$(mktemp -d)
log=$state/resident.log

fail() {
    echo "resident.sh: $*" >&2
    exit 1
}
residents() {
    for f in "$state"/resident-*; do
        [ -f "$f" ] || continue
        read -r _ _ pid <"$f" || continue
        kill -0 "$pid" 2>/dev/null || continue
        printf '%s %s\n' "$f" "$pid"
    done
}
stop_residents() {
    residents | while read -r _ pid; do kill -TERM "$pid" 2>/dev/null || true; done
    for _ in $(seq 1 100); do
        [ -n "$(residents)" ] || return 0
        sleep 0.1
    done
}
here_residents() {
    residents | while read -r _ pid; do
        if [ "$(readlink -f "/proc/$pid/cwd")" = "$(pwd -P)" ]; then echo "$pid"; fi
    done
}
trap 'stop_residents; rm -rf "$work"' EXIT
stop_residents
# The jar up to date first (a rebuild's line on stderr would differ between the two runs below).
"$gs" --version >/dev/null
mkdir -p "$state"
touch "$log"
served() {
    grep -c ": exit [0-9]*$" "$log" || true
}
export GPUSCHED_RESIDENT_IDLE=120

# Every example, on its own JVM and through a resident: the same bytes, tables and codes.
mkdir "$work/own" "$work/res"
cp "$examples"/*.json "$work/own/"
cp "$examples"/*.json "$work/res/"
before=$(served)
for d in own res; do
    (
        cd "$work/$d"
        if [ "$d" = res ]; then export GPUSCHED_RESIDENT=on; else export GPUSCHED_RESIDENT=off; fi
        for f in *.json; do
            code=0
            "$gs" analyze "$f" --time-limit 30s --table "$f.table" >>"$f.out" 2>>"$f.err" || code=$?
            echo "$code" >"$f.code"
        done
    )
done
diff -r -x '.*.gpusched-lock' "$work/own" "$work/res" >&2 || fail "a resident printed or wrote other bytes than its own JVM"
n=$(ls "$examples"/*.json | wc -l)
[ $(($(served) - before)) -ge $((n - 1)) ] || fail "the resident served $(($(served) - before)) of $n calls ($log)"
grep -q '^1$' "$work/res"/*.code && grep -q '^0$' "$work/res"/*.code && grep -q '^2$' "$work/res"/*.code ||
    fail "the examples no longer cover exit codes 0, 1 and 2"

# A loop's log, written with '>' and with '>>': complete and in order, as without a resident.
cd "$work/res"
printf '{"tasks": [' >bad.json
loop() {
    for i in 1 2 3; do
        echo "M$i"
        "$gs" analyze paper-fig1.json || echo "code $?"
        "$gs" analyze bad.json || echo "code $?"
    done
}
(export GPUSCHED_RESIDENT=off; loop) >expected.log 2>&1
(export GPUSCHED_RESIDENT=on; loop) >truncating.log 2>&1
: >appending.log
(export GPUSCHED_RESIDENT=on; loop) >>appending.log 2>&1
cmp expected.log truncating.log || fail "'> log' around a loop lost or reordered lines"
cmp expected.log appending.log || fail "'>> log' around a loop lost or reordered lines"

# stdin the caller has partly read (a resident opening it again would read it from its start): its own
# JVM, which reads on from where the caller stopped.
{ echo "a first line, which the caller reads"; cat paper-fig1.json; } >two-parts.txt
{ IFS= read -r _; GPUSCHED_RESIDENT=on "$gs" validate - >stdin.out; } <two-parts.txt ||
    fail "validate - through the launcher did not read on from where its caller stopped"
grep -q "paper-fig1" stdin.out || fail "validate - printed $(cat stdin.out)"

# A folder removed and made again under its resident: that resident serves no more (its folder is gone),
# and the call runs in a new one, among the new folder's files. Both calls cd from here, so the environment
# (OLDPWD too) is the same.
again=$work/again
mkdir "$again" && cp paper-fig1.json "$again/"
(cd "$again" && GPUSCHED_RESIDENT=on "$gs" analyze paper-fig1.json >>first.out 2>>first.err)
rm -rf "$again" && mkdir "$again" && cp paper-fig1.json "$again/"
(cd "$again" && GPUSCHED_RESIDENT=on "$gs" analyze paper-fig1.json --table t.json >>again.out 2>>again.err) ||
    fail "a call in a folder made again failed: $(cat again.err)"
[ -f "$again/t.json" ] || fail "a call in a folder made again wrote no table there"
grep -q ": its folder is gone$" "$log" || fail "the resident of the removed folder did not retire"

# SIGTERM during a run: 143, the resident ends with it, the previous table stays, no temporary is left.
"$gs" generate -u 1.6 -n 32 --scenario large --seed 1 --index 3 >hard.json
cp paper-fig1.json.table keep.table
stop_residents
GPUSCHED_RESIDENT=on "$gs" analyze hard.json --time-limit 300s --table paper-fig1.json.table >>term.out 2>>term.err &
call=$!
# The call starts a resident (a second or more on a loaded machine) and then runs in it.
for _ in $(seq 1 300); do
    [ -z "$(here_residents)" ] || break
    sleep 0.1
done
sleep 2
resident=$(here_residents)
[ "$(printf '%s\n' "$resident" | grep -c .)" = 1 ] || fail "not one resident serves $PWD: '$resident'"
kill -0 "$call" 2>/dev/null || fail "the hard set was decided within seconds; the test needs a longer run"
kill -TERM "$call"
code=0
wait "$call" || code=$?
[ "$code" = 143 ] || fail "SIGTERM during a resident's run ended $code, not 143"
! kill -0 "$resident" 2>/dev/null || fail "the resident $resident outlived the run it was stopped in"
cmp paper-fig1.json.table keep.table || fail "the previous table changed"
! ls -a | grep -q 'gpusched-tmp' || fail "a temporary was left: $(ls -a | grep gpusched-tmp)"

# Another environment, another resident; idle, it ends by itself and removes its state file.
stop_residents
GPUSCHED_RESIDENT=on "$gs" analyze paper-fig1.json >>idle.out
GPUSCHED_RESIDENT=on GPUSCHED_RESIDENT_IDLE=1 "$gs" analyze paper-fig1.json >>idle.out
[ "$(residents | wc -l)" -ge 2 ] || fail "two environments share one resident"
for _ in $(seq 1 100); do
    [ "$(residents | wc -l)" -ge 2 ] || break
    sleep 0.1
done
[ "$(residents | wc -l)" = 1 ] || fail "an idle resident (GPUSCHED_RESIDENT_IDLE=1) did not end within 10 s"
echo "resident.sh: $n examples the same through a resident; logs in order; stdin, SIGTERM and idle as documented"
