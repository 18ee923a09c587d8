#!/usr/bin/env bash
# A sweep on a real Slurm: the script of 'gpusched experiment ... --slurm FILE' submitted as a job array of
# 4 shards with the merge chained after it (afterok), checked byte for byte against the same sweep run on
# one machine. Slurm and MUNGE come from the distribution (Debian/Ubuntu: apt-get, as root); their daemons
# are started by hand (no systemd needed) with a one-node cluster configured in a temporary folder, and
# stopped on exit. Any failed step ends the script with one line naming it.
set -euo pipefail
cd "$(dirname "$0")/../../.."
here=$(pwd)

fail() {
    echo "slurm-sweep: FAILED: $*" >&2
    exit 1
}

# Root installs Slurm and runs its daemons: as root, or through passwordless sudo (a CI runner).
if [ "$(id -u)" = 0 ]; then
    as_root() { "$@"; }
elif sudo -n true 2>/dev/null; then
    as_root() { sudo -n "$@"; }
else
    fail "needs root or passwordless sudo (to install Slurm and run its daemons)"
fi
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null \
        || ! command -v munged >/dev/null; then
    command -v apt-get >/dev/null || fail "Slurm is not installed and there is no apt-get to install it"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -qq install -y slurm-wlm munge >/dev/null ||
        { as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -qq update >/dev/null &&
            as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -qq install -y slurm-wlm munge >/dev/null; } ||
        fail "apt-get install slurm-wlm munge"
fi

tmp=$(mktemp -d /tmp/gpusched-slurm.XXXXXX)
pids=()
cleanup() {
    for p in "${pids[@]}"; do
        as_root kill "$p" 2>/dev/null || true
    done
    for p in "${pids[@]}"; do
        # Each daemon gets a few seconds to stop before the folder it writes in goes.
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            as_root kill -0 "$p" 2>/dev/null || break
            sleep 0.5
        done
        as_root kill -KILL "$p" 2>/dev/null || true
    done
    as_root rm -rf "$tmp"
}
trap cleanup EXIT

# MUNGE: its own key, socket and pid file in the temporary folder (no clash with a munged already running).
mkdir -p "$tmp/munge" "$tmp/spool" "$tmp/state" "$tmp/log" "$tmp/run"
chmod 700 "$tmp/munge"
chmod 755 "$tmp"
as_root chown -R root "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log" "$tmp/run"
as_root dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
as_root chmod 400 "$tmp/munge/munge.key"
socket="$tmp/run/munge.socket"
as_root munged --key-file="$tmp/munge/munge.key" --socket="$socket" --pid-file="$tmp/munge/munged.pid" \
    --log-file="$tmp/log/munged.log" --seed-file="$tmp/munge/munge.seed" --force ||
    fail "munged did not start (see its log above)"
for _ in $(seq 50); do as_root test -s "$tmp/munge/munged.pid" && break; sleep 0.1; done
pids+=("$(as_root cat "$tmp/munge/munged.pid")")

# One node, this host, 2 CPUs; ports outside the usual 6817/6818 so that a real Slurm here is untouched.
node=$(hostname -s)
conf="$tmp/slurm.conf"
cat >"$conf" <<EOF
ClusterName=gpusched-ci
SlurmctldHost=$node
SlurmUser=root
SlurmdUser=root
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/run/slurmctld.pid
SlurmdPidFile=$tmp/run/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
SwitchType=switch/none
NodeName=$node CPUs=2 State=UNKNOWN
PartitionName=ci Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$conf"
as_root env SLURM_CONF="$conf" slurmctld -c -f "$conf" -L "$tmp/log/slurmctld.log" 2>>"$tmp/slurmctld.err" ||
    { as_root cat "$tmp/slurmctld.err" "$tmp/log/slurmctld.log" >&2; fail "slurmctld did not start"; }
as_root env SLURM_CONF="$conf" slurmd -c -f "$conf" -L "$tmp/log/slurmd.log" 2>>"$tmp/slurmd.err" ||
    { as_root cat "$tmp/slurmd.err" "$tmp/log/slurmd.log" >&2; fail "slurmd did not start"; }
for f in slurmctld slurmd; do
    for _ in $(seq 50); do [ -s "$tmp/run/$f.pid" ] && break; sleep 0.1; done
    [ -s "$tmp/run/$f.pid" ] || { as_root cat "$tmp/log/$f.log" >&2; fail "$f wrote no pid file"; }
    pids+=("$(cat "$tmp/run/$f.pid")")
done
up=no
for _ in $(seq 100); do
    if sinfo -h -N -o '%t' 2>/dev/null | grep -Eq '^(idle|mix|alloc)'; then
        up=yes
        break
    fi
    sleep 0.2
done
[ "$up" = yes ] || { sinfo -N -l >&2 || true; as_root tail -n 20 "$tmp/log/slurmctld.log" "$tmp/log/slurmd.log" >&2; fail "the node never became idle"; }

# The sweep: 4 shards of a small Figure 4 (3 utilisations x 4 sets = 12 sets).
sweep=(experiment schedulability --scenarios large --utilizations 0.6,1.0,1.4 --sets 4 --seed 7)
./gpusched "${sweep[@]}" --slurm "$tmp/sweep.sbatch" --slurm-shards 4 --out "$tmp/merged" --quiet ||
    fail "gpusched ${sweep[*]} --slurm did not write the script"
./gpusched "${sweep[@]}" --out "$tmp/whole" --quiet || fail "the sweep on one machine failed"

cd "$tmp"
submitted=$(bash "$tmp/sweep.sbatch") || fail "bash sweep.sbatch did not submit the array and the merge"
echo "slurm-sweep: $submitted"
merge=$(printf '%s\n' "$submitted" | sed -n 's/.*merge: job \([0-9][0-9]*\).*/\1/p')
[ -n "$merge" ] || fail "no merge job id in '$submitted'"
state=""
for _ in $(seq 600); do
    state=$(scontrol -o show job "$merge" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
    case $state in
        COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY|PREEMPTED) break ;;
    esac
    sleep 0.5
done
if [ "$state" != COMPLETED ]; then
    scontrol show job >&2 || true
    tail -n 5 "$tmp"/slurm-*.out >&2 || true
    fail "the merge job $merge ended $state, not COMPLETED"
fi
cd "$here"

# What an unsharded run writes, byte for byte (timings and the SVGs' ids aside: docs/experiments.md).
for f in schedulability.csv schedulability-sets.csv; do
    [ -f "$tmp/merged/$f" ] || fail "the merged run has no $f"
    if [ "$f" = schedulability-sets.csv ]; then
        # timeMs (the 9th column) is a measurement.
        cut -d, -f9 --complement "$tmp/merged/$f" >"$tmp/a" && cut -d, -f9 --complement "$tmp/whole/$f" >"$tmp/b"
        cmp -s "$tmp/a" "$tmp/b" || { diff "$tmp/a" "$tmp/b" >&2 || true; fail "merged $f differs from one machine's"; }
    else
        cmp -s "$tmp/merged/$f" "$tmp/whole/$f" ||
            { diff "$tmp/merged/$f" "$tmp/whole/$f" >&2 || true; fail "merged $f differs from one machine's"; }
    fi
done
echo "slurm-sweep: 4 shards on Slurm merged = one machine's run ($(wc -l <"$tmp/merged/schedulability-sets.csv") lines)"
