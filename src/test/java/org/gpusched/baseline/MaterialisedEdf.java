package org.gpusched.baseline;

import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.JobRef;
import org.gpusched.model.Budget;
import org.gpusched.model.Job;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.gpusched.baseline.EdfBaseline.EDF;

/**
 * The twin of the streaming {@link EdfBaseline}: the simulation as it was before frames were
 * handed to a consumer, keeping every frame and every miss in lists, then sorting the misses.
 * The streaming simulation must give the same frames and misses in the same order.
 */
final class MaterialisedEdf {
    private final TaskSet ts;
    private final EdfBaseline.Kind kind;

    MaterialisedEdf(TaskSet ts, EdfBaseline.Kind kind) {
        this.ts = ts;
        this.kind = kind;
    }

    private String method() {
        return kind == EdfBaseline.Kind.SERIAL ? "edf-serial" : "edf-parallel";
    }

    /**
     * Simulates [0, H) under a budget: each frame counts as one state.
     *
     * @throws Budget.Exhausted when a budget runs out first
     */
    BaselineResult run(Budget.Meter meter) {
        long t0 = System.nanoTime();
        Oracle oracle = new Oracle(ts, meter);
        int n = ts.size();
        int[] chain = new int[n];
        int[] firstUnit = new int[n];
        int[] items = new int[n];
        int left = 0;
        for (int i = 0, u = 0; i < n; i++) {
            chain[i] = ts.task(i).kernels();
            firstUnit[i] = u;
            u += chain[i];
            items[i] = ts.jobsOf(i) * chain[i];
            left += items[i];
        }
        // next[i]: kernels of task i completed; its candidate is kernel next % K of job next / K.
        int[] next = new int[n];
        List<Frame> frames = new ArrayList<>();
        List<Miss> misses = new ArrayList<>();
        Job[] ready = new Job[n];
        long t = 0;
        while (left > 0) {
            int r = 0;
            long nextArrival = Ticks.BEYOND;
            for (int i = 0; i < n; i++) {
                if (next[i] < items[i]) {
                    int k = next[i] / chain[i];
                    // A chain's later kernel competes with its job's deadline; its job is long released.
                    long release = ts.task(i).release(k);
                    if (release <= t) {
                        ready[r++] = new Job(i, k, ts.task(i).arrival(k), ts.task(i).absoluteDeadline(k),
                                ts.task(i).wcet(), release);
                    } else {
                        nextArrival = Math.min(nextArrival, release);
                    }
                }
            }
            if (r == 0) {
                t = nextArrival;
                continue;
            }
            java.util.Arrays.sort(ready, 0, r, EDF);
            int[] unit = new int[r];
            for (int k = 0; k < r; k++) {
                int i = ready[k].task();
                unit[k] = firstUnit[i] + next[i] % chain[i];
            }
            List<Integer> batch = kind == EdfBaseline.Kind.SERIAL ? List.of(0) : parallelBatch(unit, r, oracle);
            long mask = 0;
            for (int k : batch) {
                mask |= 1L << unit[k];
            }
            long end = Ticks.add(t, oracle.completion(mask));
            List<JobRef> refs = new ArrayList<>(batch.size());
            for (int k : batch) {
                Job j = ready[k];
                int stage = next[j.task()] % chain[j.task()];
                refs.add(new JobRef(j.task(), j.index(), stage));
                // The job's deadline binds its last kernel.
                if (stage == chain[j.task()] - 1 && end > j.deadline()) {
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
        return new BaselineResult(method(), frames, misses, System.nanoTime() - t0, frames.size(), misses.size());
    }

    /**
     * Walk the ready kernels (one per task, as units) in EDF order; keep each whose addition
     * leaves the batch eligible. Returns positions in the walk.
     */
    private static List<Integer> parallelBatch(int[] unit, int r, Oracle oracle) {
        List<Integer> batch = new ArrayList<>();
        Oracle.OrderedBatch b = oracle.orderedBatch();
        for (int k = 0; k < r; k++) {
            if (b.tryAppend(unit[k])) {
                batch.add(k);
            }
        }
        return batch;
    }
}
