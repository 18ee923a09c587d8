package org.gpusched.baseline;

import org.gpusched.explore.Frame;
import org.gpusched.explore.JobRef;
import org.gpusched.model.Job;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The paper's section 6 baselines, as the spec fixes them: EDF order (deadline, then arrival,
 * then task index); EDF-serial runs the first ready job alone, EDF-parallel appends jobs in EDF
 * order while the batch stays eligible (at most one job per task). Both simulate all of [0, H)
 * and keep going after a miss.
 */
public final class EdfBaseline {
    public enum Kind { SERIAL, PARALLEL }

    public static final Comparator<Job> EDF = Comparator.comparingLong(Job::deadline)
            .thenComparingLong(Job::arrival).thenComparingInt(Job::task);

    private final TaskSet ts;
    private final Kind kind;

    public EdfBaseline(TaskSet ts, Kind kind) {
        this.ts = ts;
        this.kind = kind;
    }

    public String method() {
        return kind == Kind.SERIAL ? "edf-serial" : "edf-parallel";
    }

    public BaselineResult run() {
        long t0 = System.nanoTime();
        Oracle oracle = new Oracle(ts);
        List<Job> pending = new ArrayList<>(ts.jobs());
        List<Frame> frames = new ArrayList<>();
        List<Miss> misses = new ArrayList<>();
        long t = 0;
        while (!pending.isEmpty()) {
            final long now = t;
            List<Job> ready = pending.stream().filter(j -> j.arrival() <= now).sorted(EDF).toList();
            if (ready.isEmpty()) {
                t = pending.stream().mapToLong(Job::arrival).min().orElseThrow();
                continue;
            }
            List<Job> batch = kind == Kind.SERIAL ? List.of(ready.get(0)) : parallelBatch(ready, oracle);
            int[] order = batch.stream().mapToInt(Job::task).toArray();
            long end = t + oracle.completion(Oracle.maskOf(order));
            List<JobRef> refs = new ArrayList<>();
            for (Job j : batch) {
                refs.add(new JobRef(j.task(), j.index()));
                if (end > j.deadline()) {
                    misses.add(new Miss(j.task(), j.index(), j.arrival(), j.deadline(), end));
                }
            }
            pending.removeAll(batch);
            frames.add(new Frame(t, end, refs));
            t = end;
        }
        misses.sort(Comparator.comparingLong(Miss::finish).thenComparingLong(Miss::deadline)
                .thenComparingInt(Miss::task));
        return new BaselineResult(method(), frames, misses, System.nanoTime() - t0);
    }

    /** Walk the ready jobs in EDF order and keep each one whose addition leaves the batch eligible. */
    private static List<Job> parallelBatch(List<Job> ready, Oracle oracle) {
        List<Job> batch = new ArrayList<>();
        long tasks = 0;
        for (Job j : ready) {
            if ((tasks & (1L << j.task())) != 0) {
                continue;
            }
            List<Job> candidate = new ArrayList<>(batch);
            candidate.add(j);
            int[] order = candidate.stream().mapToInt(Job::task).toArray();
            if (batch.isEmpty() || oracle.place(order).eligible()) {
                batch = candidate;
                tasks |= 1L << j.task();
            }
        }
        return batch;
    }
}
