package org.gpusched.reference;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The exact PBS question from power-on, answered by the plainest search that is still finite. A
 * state is the frame-start time t and the kernels completed per task. Releases repeat every
 * hyperperiod H, so the state (t, c) has the same future as (t − mH, c − m·released per H): every
 * state is kept in that form with t in [0, H). A job that can no longer meet its deadline even if
 * its remaining kernels each ran alone from t makes the state dead; so completed counts stay within
 * a bounded distance of the releases, and the graph of states is finite. From each state PBS runs
 * some non-empty set of the ready kernels (the oldest pending kernel of each task whose job has been
 * released, arrival plus jitter) that some submission order makes eligible, or, with nothing ready,
 * waits for the next release. A frame that ends after the deadline of a job whose last kernel it
 * runs is not allowed. The set is schedulable from power-on iff an infinite path leaves the initial
 * state (0, nothing done): iff the initial state survives when states without a surviving successor
 * are removed one by one.
 */
final class RefPowerOn {
    private final RefWorkload w;
    private final RefFrames frames;
    private final long h;
    private final long[] perH;
    private final Map<String, Integer> index = new HashMap<>();
    private final List<long[]> states = new ArrayList<>();
    private final List<int[]> successors = new ArrayList<>();

    RefPowerOn(RefWorkload w) {
        this.w = w;
        this.frames = new RefFrames(w);
        this.h = w.hyperperiod();
        perH = new long[w.tasks().size()];
        for (RefWorkload.RefTask t : w.tasks()) {
            perH[t.index()] = h / t.period() * t.kernels();
        }
    }

    /** The verdict, or {@link Reference.Verdict#UNDECIDED} past {@code maxStates} states. */
    Reference.Verdict decide(long maxStates) {
        long[] start = new long[w.tasks().size() + 1];
        intern(start);
        ArrayDeque<Integer> todo = new ArrayDeque<>(List.of(0));
        while (!todo.isEmpty()) {
            int s = todo.poll();
            List<long[]> next = expand(states.get(s));
            int[] succ = new int[next.size()];
            for (int i = 0; i < succ.length; i++) {
                int before = states.size();
                succ[i] = intern(next.get(i));
                if (states.size() > before) {
                    if (states.size() > maxStates) {
                        return Reference.Verdict.UNDECIDED;
                    }
                    todo.add(succ[i]);
                }
            }
            successors.set(s, succ);
        }
        return survives() ? Reference.Verdict.SCHEDULABLE : Reference.Verdict.NOT_SCHEDULABLE;
    }

    /** Number of states found (for the tests' budget checks). */
    int size() {
        return states.size();
    }

    private int intern(long[] state) {
        long m = Math.floorDiv(state[0], h);
        long[] norm = state.clone();
        norm[0] -= m * h;
        for (int i = 0; i < perH.length; i++) {
            norm[i + 1] -= m * perH[i];
        }
        String key = Arrays.toString(norm);
        Integer k = index.get(key);
        if (k != null) {
            return k;
        }
        index.put(key, states.size());
        states.add(norm);
        successors.add(new int[0]);
        return states.size() - 1;
    }

    /** The successors of a state that is not dead (none for a dead one). */
    private List<long[]> expand(long[] s) {
        long t = s[0];
        List<Integer> ready = new ArrayList<>();
        long nextRelease = Long.MAX_VALUE;
        for (RefWorkload.RefTask task : w.tasks()) {
            long done = s[task.index() + 1];
            long job = Math.floorDiv(done, task.kernels());
            int stage = (int) Math.floorMod(done, task.kernels());
            long remaining = 0;
            for (int k = stage; k < task.kernels(); k++) {
                remaining += w.units().get(task.units()[k]).exec();
            }
            if (Math.max(t, task.release(job)) + remaining > task.deadlineOf(job)) {
                return List.of();
            }
            if (task.release(job) <= t) {
                ready.add(task.units()[stage]);
            } else {
                nextRelease = Math.min(nextRelease, task.release(job));
            }
        }
        List<long[]> out = new ArrayList<>();
        if (ready.isEmpty()) {
            long[] n = s.clone();
            n[0] = nextRelease;
            out.add(n);
            return out;
        }
        for (int mask = 1; mask < 1 << ready.size(); mask++) {
            List<Integer> set = new ArrayList<>();
            for (int b = 0; b < ready.size(); b++) {
                if ((mask & 1 << b) != 0) {
                    set.add(ready.get(b));
                }
            }
            long c = frames.length(set);
            if (c == RefFrames.FORBIDDEN || !frames.someOrder(set)) {
                continue;
            }
            long end = t + c;
            long[] n = s.clone();
            n[0] = end;
            boolean meets = true;
            for (int u : set) {
                RefWorkload.RefUnit unit = w.units().get(u);
                RefWorkload.RefTask task = w.tasks().get(unit.task());
                long job = Math.floorDiv(s[task.index() + 1], task.kernels());
                meets &= !unit.last() || end <= task.deadlineOf(job);
                n[task.index() + 1]++;
            }
            if (meets) {
                out.add(n);
            }
        }
        return out;
    }

    /** True when the initial state keeps a successor once every state without one is removed. */
    private boolean survives() {
        int n = states.size();
        int[] alive = new int[n];
        List<List<Integer>> preds = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            preds.add(new ArrayList<>());
        }
        ArrayDeque<Integer> gone = new ArrayDeque<>();
        for (int i = 0; i < n; i++) {
            int[] succ = successors.get(i);
            alive[i] = succ.length;
            for (int j : succ) {
                preds.get(j).add(i);
            }
            if (succ.length == 0) {
                gone.add(i);
            }
        }
        while (!gone.isEmpty()) {
            int j = gone.poll();
            for (int p : preds.get(j)) {
                if (--alive[p] == 0) {
                    gone.add(p);
                }
            }
        }
        return alive[0] > 0;
    }
}
