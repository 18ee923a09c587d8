package org.gpusched.baseline;

import org.gpusched.explore.Frame;
import org.gpusched.explore.JobRef;
import org.gpusched.model.Budget;
import org.gpusched.model.Job;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The paper's section 6 baselines, as the spec fixes them: EDF order (deadline, then arrival,
 * then task index); EDF-serial runs the first ready job alone, EDF-parallel appends jobs in EDF
 * order while the batch stays eligible. Jobs of a task run in release order (one stream per
 * task), so only the oldest unfinished job of each task is ever a candidate: a later job of a
 * task never overtakes an older one, even when the older one was turned away earlier in the same
 * walk. Both simulate all of [0, H) and keep going after a miss. Per frame the work is
 * O(n log n) in the tasks plus the placement of the kernels tried, so tens of thousands of jobs
 * take milliseconds. Frame ends saturate (see {@link Ticks}): an end beyond the horizon is a miss.
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

    /** Simulates without limits other than the default heap budget. */
    public BaselineResult run() {
        return run(Budget.defaults().start());
    }

    /**
     * Simulates [0, H) under a budget: each frame counts as one state.
     *
     * @throws Budget.Exhausted when a budget runs out first
     */
    public BaselineResult run(Budget.Meter meter) {
        long t0 = System.nanoTime();
        Oracle oracle = new Oracle(ts, meter);
        int n = ts.size();
        long[] period = new long[n];
        long[] rel = new long[n];
        long[] wcet = new long[n];
        int[] jobs = new int[n];
        for (int i = 0; i < n; i++) {
            period[i] = ts.task(i).period();
            rel[i] = ts.task(i).deadline();
            wcet[i] = ts.task(i).wcet();
            jobs[i] = ts.jobsOf(i);
        }
        int[] next = new int[n];
        int left = ts.jobCount();
        List<Frame> frames = new ArrayList<>();
        List<Miss> misses = new ArrayList<>();
        Job[] ready = new Job[n];
        long t = 0;
        while (left > 0) {
            int r = 0;
            long nextArrival = Ticks.BEYOND;
            for (int i = 0; i < n; i++) {
                if (next[i] < jobs[i]) {
                    long a = next[i] * period[i];
                    if (a <= t) {
                        ready[r++] = new Job(i, next[i], a, a + rel[i], wcet[i]);
                    } else {
                        nextArrival = Math.min(nextArrival, a);
                    }
                }
            }
            if (r == 0) {
                t = nextArrival;
                continue;
            }
            java.util.Arrays.sort(ready, 0, r, EDF);
            List<Job> batch = kind == Kind.SERIAL ? List.of(ready[0]) : parallelBatch(ready, r, oracle);
            long mask = 0;
            for (Job j : batch) {
                mask |= 1L << j.task();
            }
            long end = Ticks.add(t, oracle.completion(mask));
            List<JobRef> refs = new ArrayList<>(batch.size());
            for (Job j : batch) {
                refs.add(new JobRef(j.task(), j.index()));
                if (end > j.deadline()) {
                    misses.add(new Miss(j.task(), j.index(), j.arrival(), j.deadline(), end));
                }
                next[j.task()]++;
                left--;
            }
            frames.add(new Frame(t, end, refs));
            // States every frame (a comparison); time and heap every 256 frames.
            if (frames.size() > meter.budget().maxStates() || (frames.size() & 255) == 0) {
                meter.check(frames.size());
            }
            t = end;
        }
        misses.sort(Comparator.comparingLong(Miss::finish).thenComparingLong(Miss::deadline)
                .thenComparingInt(Miss::task));
        return new BaselineResult(method(), frames, misses, System.nanoTime() - t0);
    }

    /** Walk the ready jobs (one per task) in EDF order; keep each whose addition leaves the batch eligible. */
    private static List<Job> parallelBatch(Job[] ready, int r, Oracle oracle) {
        List<Job> batch = new ArrayList<>();
        Oracle.OrderedBatch b = oracle.orderedBatch();
        for (int k = 0; k < r; k++) {
            if (b.tryAppend(ready[k].task())) {
                batch.add(ready[k]);
            }
        }
        return batch;
    }
}
