package org.gpusched.baseline;

import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.List;

/**
 * The twin of {@link OnlineEdfGraph}: every integer arrival time of every job in its window
 * [a, a + J] (the product over the jobs of one hyperperiod), each scenario simulated by the
 * plain work-conserving rule — when the GPU is free, the oldest unfinished kernel of each task
 * that has arrived (a later kernel of a chain: its predecessor's frame has ended) is a
 * candidate; EDF-serial runs the most urgent alone, EDF-parallel appends them in EDF order
 * while the batch stays eligible; with none, wait for the next arrival. Misses counted at the
 * frame end of a job's last kernel. Only for small sets: {@link #scenarios} says how many.
 */
final class OnlineEdfEnumeration {
    private OnlineEdfEnumeration() { }

    static long scenarios(TaskSet ts) {
        long s = 1;
        for (Task t : ts.tasks()) {
            for (int k = 0; k < ts.jobsOf(t.index()); k++) {
                s = Math.multiplyExact(s, t.jitter() + 1);
            }
        }
        return s;
    }

    /** Whether every scenario meets every deadline. */
    static boolean schedulable(TaskSet ts, EdfBaseline.Kind kind) {
        List<long[]> arrivals = new ArrayList<>();
        for (Task t : ts.tasks()) {
            arrivals.add(new long[ts.jobsOf(t.index())]);
        }
        return all(ts, kind, arrivals, 0, 0, new Oracle(ts));
    }

    private static boolean all(TaskSet ts, EdfBaseline.Kind kind, List<long[]> arr, int task, int job, Oracle o) {
        if (task == ts.size()) {
            return simulate(ts, kind, arr, o);
        }
        if (job == arr.get(task).length) {
            return all(ts, kind, arr, task + 1, 0, o);
        }
        Task t = ts.task(task);
        for (long x = t.arrival(job); x <= t.release(job); x++) {
            arr.get(task)[job] = x;
            if (!all(ts, kind, arr, task, job + 1, o)) {
                return false;
            }
        }
        return true;
    }

    private static boolean simulate(TaskSet ts, EdfBaseline.Kind kind, List<long[]> arr, Oracle o) {
        int n = ts.size();
        int[] done = new int[n];
        int[] first = new int[n];
        for (int i = 1; i < n; i++) {
            first[i] = first[i - 1] + ts.task(i - 1).kernels();
        }
        long t = 0;
        while (true) {
            List<Integer> cand = new ArrayList<>();
            long next = Long.MAX_VALUE;
            boolean left = false;
            for (int i = 0; i < n; i++) {
                Task task = ts.task(i);
                if (done[i] >= ts.jobsOf(i) * task.kernels()) {
                    continue;
                }
                left = true;
                int job = done[i] / task.kernels();
                if (done[i] % task.kernels() > 0 || arr.get(i)[job] <= t) {
                    cand.add(i);
                } else {
                    next = Math.min(next, arr.get(i)[job]);
                }
            }
            if (!left) {
                return true;
            }
            if (cand.isEmpty()) {
                t = next;
                continue;
            }
            cand.sort((x, y) -> {
                Task a = ts.task(x);
                Task b = ts.task(y);
                long ja = done[x] / a.kernels();
                long jb = done[y] / b.kernels();
                return a.absoluteDeadline(ja) != b.absoluteDeadline(jb)
                        ? Long.compare(a.absoluteDeadline(ja), b.absoluteDeadline(jb))
                        : a.arrival(ja) != b.arrival(jb) ? Long.compare(a.arrival(ja), b.arrival(jb))
                        : Integer.compare(x, y);
            });
            List<Integer> batch = new ArrayList<>();
            List<Integer> order = new ArrayList<>();
            for (int i : cand) {
                List<Integer> tryOrder = new ArrayList<>(order);
                tryOrder.add(first[i] + done[i] % ts.task(i).kernels());
                int[] with = tryOrder.stream().mapToInt(Integer::intValue).toArray();
                if (batch.isEmpty() || kind == EdfBaseline.Kind.PARALLEL && o.place(with).eligible()
                        && o.completion(Oracle.maskOf(with)) != org.gpusched.oracle.CompletionModel.FORBIDDEN) {
                    batch.add(i);
                    order = tryOrder;
                }
                if (kind == EdfBaseline.Kind.SERIAL) {
                    break;
                }
            }
            long end = Ticks.add(t, o.completion(Oracle.maskOf(order.stream().mapToInt(Integer::intValue).toArray())));
            for (int i : batch) {
                Task task = ts.task(i);
                boolean last = done[i] % task.kernels() == task.kernels() - 1;
                if (last && end > task.absoluteDeadline(done[i] / task.kernels())) {
                    return false;
                }
                done[i]++;
            }
            t = end;
        }
    }
}
