"""Draws task sets with the GCAPS artifact's own generator and runs its ten policies on them.

Run by GcapsArtifactPeerTest (profile peers) with the artifact's analysis/ folder on sys.path:

    python gcaps_artifact_sets.py ANALYSIS_DIR SEED COUNT EPS_US THETA_US L_US NCPU BE_RATIO

Prints one JSON object per line: the set (times in integer microseconds) and, per policy id of the
artifact's experiments.py, its verdict and every task's WR after the run. Times are rounded to
whole microseconds before the artifact sees them and handed to it in microseconds (its formulas
are unit-free), so both tools compute on the same integers. The generator reseeds itself from
time.process_time(); the harness replaces that clock with a seeded counter to make a run
reproducible. The artifact's code is imported from ANALYSIS_DIR, never copied.
"""
import json
import random
import sys
import time

analysis, seed, count, eps, theta, slice_, ncpu, be = sys.argv[1:9]
sys.path.insert(0, analysis)
seed, count, ncpu = int(seed), int(count), int(ncpu)
clock = random.Random(seed)
time.process_time = lambda: clock.random()

import default_driver  # noqa: E402  (after the path is set)
import experiments  # noqa: E402
import gcaps  # noqa: E402
from taskset_gen import Params, taskset_generation  # noqa: E402

gcaps.epsilon = float(eps)
default_driver.theta = float(theta)
default_driver.L = float(slice_)
POLICIES = [0, 1, 2, 3, 7, 8, 9, 10, 12, 13]


def us(ms):
    return int(round(ms * 1000))


def to_microseconds(tasks):
    """Rounds every segment to whole microseconds and restates the task in microseconds."""
    for t in tasks:
        t.T = t.T * 1000
        for c in t.ces:
            c.C_hi = float(us(c.C_hi))
        for g in t.ges:
            g.Gm_hi = float(us(g.Gm_hi))
            g.Ge_hi = float(us(g.Ge_hi))
            g.G_hi = g.Gm_hi + g.Ge_hi
        t.C_hi = sum(c.C_hi for c in t.ces)
        t.G_hi = sum(g.G_hi for g in t.ges)
        t.apply_bounds(1)


for n in range(count):
    params = Params()
    params.ncpu = ncpu
    tasks = taskset_generation(params, 1, -1, float(be))
    to_microseconds(tasks)
    out = {"tasks": [{"id": t.id, "prio": t.prio, "cpu": t.cpu, "T": t.T,
                      "C": [int(c.C_hi) for c in t.ces],
                      "G": [[int(g.Gm_hi), int(g.Ge_hi)] for g in t.ges]} for t in tasks],
           "policies": {}}
    for p in POLICIES:
        # select_policy clears WR after the run: run the same dispatch, read WR, then clear.
        ret = {0: lambda: experiments.rt_test_mpcp(tasks, False), 1: lambda: experiments.rt_test_mpcp(tasks, True),
               2: lambda: experiments.rt_test_fmlp(tasks, False), 3: lambda: experiments.rt_test_fmlp(tasks, True),
               7: lambda: experiments.rt_test_gcaps(tasks, False, 0), 8: lambda: experiments.rt_test_gcaps(tasks, True, 0),
               12: lambda: experiments.rt_test_dft(tasks, False), 13: lambda: experiments.rt_test_dft(tasks, True)}
        if p in ret:
            verdict = bool(ret[p]())
            audsley = False
        else:
            busy = p == 10
            verdict = bool(experiments.rt_test_gcaps(tasks, busy, 0))
            audsley = not verdict
            if audsley:
                verdict = bool(experiments.rt_test_gcaps_gprio(tasks, busy, 0))
        out["policies"][str(p)] = {"schedulable": verdict, "audsley": audsley, "WR": [t.WR for t in tasks]}
        experiments.clear_task_response_time(tasks)
        for t in tasks:
            t.prio_gpu = t.prio
    print(json.dumps(out))
