package org.gpusched.explore;

import org.gpusched.model.Job;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference twin of {@link GpuSchedExplorer}: a plain depth-first search over frame-boundary
 * states (t, executed jobs), straight from the spec's pbs-semantics.md. It tries every
 * permutation of every subset of the ready jobs through the oracle's ordered placement, and
 * remembers only exact duplicates. No domination, no order-free shortcut, no masks: slow and
 * obviously right.
 */
public final class BruteForceExplorer {
    private final TaskSet ts;
    private final long maxStates;

    private record State(long t, BitSet done) { }

    private record Edge(State parent, long start, long end, List<Job> batch) { }

    public BruteForceExplorer(TaskSet ts, long maxStates) {
        this.ts = ts;
        this.maxStates = maxStates;
    }

    public Analysis analyze() {
        long t0 = System.nanoTime();
        Oracle oracle = new Oracle(ts);
        CompletionModel completion = new CompletionModel(ts);
        List<Job> jobs = ts.jobs();
        Map<State, Edge> seen = new HashMap<>();
        Deque<State> stack = new ArrayDeque<>();
        State root = new State(0, new BitSet());
        seen.put(root, null);
        stack.push(root);
        long edges = 0;
        State deepest = root;
        while (!stack.isEmpty()) {
            State s = stack.pop();
            if (s.done().cardinality() > deepest.done().cardinality()) {
                deepest = s;
            }
            if (s.done().cardinality() == jobs.size()) {
                List<Frame> path = path(seen, s, jobs);
                return new Analysis(Verdict.SCHEDULABLE, "brute-force", stats(seen.size(), edges, t0), path, null,
                        null);
            }
            if (seen.size() > maxStates) {
                return new Analysis(Verdict.INCONCLUSIVE, "brute-force", stats(seen.size(), edges, t0), List.of(),
                        null, "state budget of " + maxStates + " reached");
            }
            List<Job> ready = new ArrayList<>();
            for (int k = 0; k < jobs.size(); k++) {
                Job j = jobs.get(k);
                if (!s.done().get(k) && j.arrival() <= s.t()) {
                    if (s.t() + j.wcet() > j.deadline()) {
                        ready = null; // dead state: this job can no longer meet its deadline
                        break;
                    }
                    ready.add(j);
                }
            }
            if (ready == null) {
                continue;
            }
            if (ready.isEmpty()) {
                long next = Long.MAX_VALUE;
                for (int k = 0; k < jobs.size(); k++) {
                    if (!s.done().get(k)) {
                        next = Math.min(next, jobs.get(k).arrival());
                    }
                }
                State ff = new State(next, s.done());
                if (!seen.containsKey(ff)) {
                    seen.put(ff, seen.get(s));
                    stack.push(ff);
                }
                continue;
            }
            List<Job> pickable = oldestPerTask(ready);
            for (List<Job> batch : permutationsOfSubsets(pickable)) {
                int[] order = batch.stream().mapToInt(Job::task).toArray();
                long c = completion.completion(Oracle.maskOf(order));
                if (c == CompletionModel.FORBIDDEN || !oracle.place(order).eligible()) {
                    continue;
                }
                long end = s.t() + c;
                if (batch.stream().anyMatch(j -> end > j.deadline())) {
                    continue;
                }
                edges++;
                BitSet done = (BitSet) s.done().clone();
                batch.forEach(j -> done.set(jobs.indexOf(j)));
                State next = new State(end, done);
                if (!seen.containsKey(next)) {
                    seen.put(next, new Edge(s, s.t(), end, batch));
                    stack.push(next);
                }
            }
        }
        List<Frame> path = path(seen, deepest, jobs);
        JobModel jm = new JobModel(ts);
        return new Analysis(Verdict.NOT_SCHEDULABLE, "brute-force", stats(seen.size(), edges, t0), List.of(),
                Paths.witness(path, deepest.t(), oracle, jm), null);
    }

    private static Stats stats(long states, long edges, long t0) {
        return new Stats(states, states, edges, 0, 0, 0, 0, 0, System.nanoTime() - t0, 0);
    }

    private static List<Job> oldestPerTask(List<Job> ready) {
        Map<Integer, Job> oldest = new HashMap<>();
        for (Job j : ready) {
            oldest.merge(j.task(), j, (a, b) -> a.index() <= b.index() ? a : b);
        }
        List<Job> out = new ArrayList<>(oldest.values());
        out.sort((a, b) -> Integer.compare(a.task(), b.task()));
        return out;
    }

    static List<List<Job>> permutationsOfSubsets(List<Job> jobs) {
        List<List<Job>> out = new ArrayList<>();
        extend(new ArrayList<>(), jobs, new boolean[jobs.size()], out);
        return out;
    }

    private static void extend(List<Job> prefix, List<Job> jobs, boolean[] used, List<List<Job>> out) {
        for (int i = 0; i < jobs.size(); i++) {
            if (!used[i]) {
                used[i] = true;
                prefix.add(jobs.get(i));
                out.add(List.copyOf(prefix));
                extend(prefix, jobs, used, out);
                prefix.remove(prefix.size() - 1);
                used[i] = false;
            }
        }
    }

    private static List<Frame> path(Map<State, Edge> seen, State end, List<Job> jobs) {
        List<Frame> frames = new ArrayList<>();
        for (Edge e = seen.get(end); e != null; e = seen.get(e.parent())) {
            frames.add(0, new Frame(e.start(), e.end(),
                    e.batch().stream().map(j -> new JobRef(j.task(), j.index())).toList()));
        }
        return frames;
    }
}
