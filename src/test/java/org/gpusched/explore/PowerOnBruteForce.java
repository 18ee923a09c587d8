package org.gpusched.explore;

import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The power-on twin: a plain depth-first search from time 0 over every PBS schedule of the
 * unbounded job sequence, up to a horizon. It tries every permutation of every subset of the
 * oldest unfinished kernel per task (ready once its job's arrival plus jitter has passed)
 * through the oracle's ordered placement, drops a frame that ends after the deadline of a job of
 * a kernel in it and a state where some unfinished job's deadline has passed, and remembers only
 * exact duplicates (absolute time, completed kernels). It shares with {@link PowerOnExplorer}
 * only the oracle and the spec's rules: no boundaries, no normalisation, no dead-state rule.
 * {@link #reaches} says whether some schedule meets every deadline up to the horizon.
 */
public final class PowerOnBruteForce {
    private final TaskSet ts;
    private final Oracle oracle;
    private final CompletionModel completion;
    private final List<Task> tasks;
    private final int[] firstUnit;
    private long states;

    public PowerOnBruteForce(TaskSet fileTimeLine) {
        ts = fileTimeLine;
        oracle = new Oracle(ts);
        completion = new CompletionModel(ts);
        tasks = ts.tasks();
        firstUnit = new int[tasks.size()];
        for (int i = 1; i < tasks.size(); i++) {
            firstUnit[i] = firstUnit[i - 1] + tasks.get(i - 1).kernels();
        }
    }

    long states() {
        return states;
    }

    /** Whether some PBS schedule from 0 reaches a frame start at or after {@code horizon} with no deadline missed. */
    public boolean reaches(long horizon, long maxStates) {
        Set<String> seen = new HashSet<>();
        List<long[]> stack = new ArrayList<>();
        stack.add(new long[tasks.size() + 1]);
        while (!stack.isEmpty()) {
            long[] s = stack.remove(stack.size() - 1);
            long t = s[tasks.size()];
            if (!seen.add(Arrays.toString(s))) {
                continue;
            }
            if (++states > maxStates) {
                throw new IllegalStateException("brute-force budget");
            }
            boolean late = false;
            List<Integer> ready = new ArrayList<>();
            long next = Long.MAX_VALUE;
            for (int i = 0; i < tasks.size(); i++) {
                Task task = tasks.get(i);
                long job = s[i] / task.kernels();
                late |= task.absoluteDeadline(job) <= t && task.arrival(job) <= t;
                if (task.release(job) <= t) {
                    ready.add(i);
                } else {
                    next = Math.min(next, task.release(job));
                }
            }
            if (late) {
                continue;
            }
            if (t >= horizon) {
                return true;
            }
            if (ready.isEmpty()) {
                long[] ff = s.clone();
                ff[tasks.size()] = next;
                stack.add(ff);
                continue;
            }
            BruteForceExplorer.forEachPermutationOfSubsets(ready, batch -> {
                int[] order = new int[batch.size()];
                for (int k = 0; k < order.length; k++) {
                    int i = batch.get(k);
                    order[k] = firstUnit[i] + (int) (s[i] % tasks.get(i).kernels());
                }
                long c = completion.completion(Oracle.maskOf(order));
                if (c == CompletionModel.FORBIDDEN || !oracle.place(order).eligible()) {
                    return;
                }
                long end = Ticks.add(t, c);
                long[] n = s.clone();
                for (int i : batch) {
                    if (end > tasks.get(i).absoluteDeadline(s[i] / tasks.get(i).kernels())) {
                        return;
                    }
                    n[i]++;
                }
                n[tasks.size()] = end;
                stack.add(n);
            });
        }
        return false;
    }
}
