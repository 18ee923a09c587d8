package org.gpusched.baseline;

import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.List;

/**
 * The twin of the EDF power-on analyses: the system released at 0 simulated plainly, job after
 * job, for a fixed horizon, with no state, no boundary and no repeat. Job k of task i arrives at
 * the time {@code arrivals} gives it (the time-triggered rule: a + J; the online rule: any
 * integer of [a, a + J], every choice enumerated by {@link #everyArrival}); when the GPU is free
 * the oldest unfinished kernel of each task that has arrived is a candidate, EDF-serial runs the
 * most urgent alone and EDF-parallel appends them in EDF order while the batch stays eligible.
 * A job released at or after the horizon is left out, so only frames starting before the first
 * of them are those of the unbounded system: those are the ones checked for a late job.
 */
final class EdfFromZero {
    private EdfFromZero() { }

    interface Arrivals {
        long of(int task, int job);
    }

    /** Whether no frame starting before {@code horizon} runs a job's last kernel past its deadline. */
    static boolean meets(TaskSet ts, EdfBaseline.Kind kind, long horizon, Arrivals arr, Oracle o) {
        int n = ts.size();
        int[] done = new int[n];
        int[] first = new int[n];
        int[] jobs = new int[n];
        for (int i = 0; i < n; i++) {
            first[i] = i == 0 ? 0 : first[i - 1] + ts.task(i - 1).kernels();
            Task t = ts.task(i);
            jobs[i] = (int) ((horizon - t.offset() + t.period() - 1) / t.period());
        }
        long t = 0;
        while (t < horizon) {
            List<Integer> cand = new ArrayList<>();
            long next = Long.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                Task task = ts.task(i);
                if (done[i] >= jobs[i] * task.kernels()) {
                    continue;
                }
                int job = done[i] / task.kernels();
                if (done[i] % task.kernels() > 0 || arr.of(i, job) <= t) {
                    cand.add(i);
                } else {
                    next = Math.min(next, arr.of(i, job));
                }
            }
            if (cand.isEmpty()) {
                if (next == Long.MAX_VALUE) {
                    return true;
                }
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
                        && o.completion(Oracle.maskOf(with)) != CompletionModel.FORBIDDEN) {
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
        return true;
    }

    /** Jobs released before the horizon, and the arrival scenarios they allow (saturating). */
    static long scenarios(TaskSet ts, long horizon) {
        long s = 1;
        for (Task t : ts.tasks()) {
            for (long a = t.offset(); a < horizon; a += t.period()) {
                s = Ticks.mul(s, t.jitter() + 1);
            }
        }
        return s;
    }

    /** Whether every integer arrival of every job released before the horizon meets every deadline. */
    static boolean everyArrival(TaskSet ts, EdfBaseline.Kind kind, long horizon, Oracle o) {
        List<long[]> arr = new ArrayList<>();
        for (Task t : ts.tasks()) {
            arr.add(new long[(int) ((horizon - t.offset() + t.period() - 1) / t.period())]);
        }
        return all(ts, kind, horizon, arr, 0, 0, o);
    }

    private static boolean all(TaskSet ts, EdfBaseline.Kind kind, long horizon, List<long[]> arr, int task, int job,
                               Oracle o) {
        if (task == ts.size()) {
            return meets(ts, kind, horizon, (i, k) -> arr.get(i)[k], o);
        }
        if (job == arr.get(task).length) {
            return all(ts, kind, horizon, arr, task + 1, 0, o);
        }
        Task t = ts.task(task);
        for (long x = t.arrival(job); x <= t.release(job); x++) {
            arr.get(task)[job] = x;
            if (!all(ts, kind, horizon, arr, task, job + 1, o)) {
                return false;
            }
        }
        return true;
    }
}
