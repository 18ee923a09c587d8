package org.gpusched.baseline;

import org.gpusched.explore.result.Frame;
import org.gpusched.explore.result.JobRef;
import org.gpusched.model.*;
import org.gpusched.oracle.Oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToIntFunction;
import java.util.stream.IntStream;

/**
 * The paper's section 6 baselines, as the spec fixes them: EDF order (deadline, then arrival,
 * then task index); EDF-serial runs the first ready job alone, EDF-parallel appends jobs in EDF
 * order while the batch stays eligible. Jobs of a task run in release order (one stream per
 * task), so only the oldest unfinished job of each task is ever a candidate: a later job of a
 * task never overtakes an older one, even when the older one was turned away earlier in the same
 * walk. Both simulate all of [0, H) and keep going after a miss. Per frame the work is
 * O(n log n) in the tasks plus the placement of the kernels tried, so tens of thousands of jobs
 * take milliseconds. Frame ends saturate (see {@link Ticks}): an end beyond the horizon is a miss.
 * Jobs are generated as they become candidates (a counter per task), and frames and misses go to a
 * {@link FrameSink} as they happen: the simulation's own memory is per task, never per job.
 */
public final class EdfBaseline {
    public enum Kind {
        SERIAL, PARALLEL;

        /** The method id of this rule (online and time-triggered runs both report it). */
        public String method() {
            return this == SERIAL ? "edf-serial" : "edf-parallel";
        }
    }

    public static final Comparator<Job> EDF = Comparator.comparingLong(Job::deadline)
            .thenComparingLong(Job::arrival).thenComparingInt(Job::task);

    private final TaskSet ts;
    private final Kind kind;

    public EdfBaseline(TaskSet ts, Kind kind) {
        Window.require(ts);
        this.ts = ts;
        this.kind = kind;
    }

    public String method() {
        return kind.method();
    }

    /** Simulates without limits other than the default heap budget. */
    public BaselineResult run() {
        return run(Budget.defaults().start());
    }

    /**
     * Simulates [0, H) under a budget, keeping every frame and miss (each frame counts as one state).
     *
     * @throws Budget.Exhausted when a budget runs out first
     */
    public BaselineResult run(Budget.Meter meter) {
        long t0 = System.nanoTime();
        List<Frame> frames = new ArrayList<>();
        List<Miss> misses = new ArrayList<>();
        stream(meter, new FrameSink() {
            @Override
            public void frame(Frame f) {
                frames.add(f);
            }

            @Override
            public void miss(Miss m) {
                misses.add(m);
            }
        });
        return new BaselineResult(method(), frames, misses, System.nanoTime() - t0, frames.size(), misses.size());
    }

    /** The order of {@link BaselineResult#misses()}. */
    static final Comparator<Miss> MISS_ORDER = Comparator.comparingLong(Miss::finish)
            .thenComparingLong(Miss::deadline).thenComparingInt(Miss::task);

    /**
     * Simulates [0, H) under a budget, handing each frame and miss to {@code sink} as it happens;
     * returns the number of frames. Misses are handed in {@link #MISS_ORDER}: frame ends never
     * decrease, so only the misses of one finish time wait to be sorted.
     *
     * @throws Budget.Exhausted when a budget runs out first
     */
    public long stream(Budget.Meter meter, FrameSink sink) {
        Oracle oracle = new Oracle(ts, meter);
        int n = ts.size();
        JobLine line = new JobLine(ts);
        int[] items = line.windowKernels();
        int left = Arrays.stream(items).sum();
        // next[i]: kernels of task i completed; its candidate is kernel next % K of job next / K.
        int[] next = new int[n];
        long frames = 0;
        List<Miss> sameFinish = new ArrayList<>();
        Job[] ready = new Job[n];
        long t = 0;
        while (left > 0) {
            int r = 0;
            long nextArrival = Ticks.BEYOND;
            for (int i = 0; i < n; i++) {
                if (next[i] < items[i]) {
                    int k = (int) line.job(i, next[i]);
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
            Arrays.sort(ready, 0, r, EDF);
            int[] unit = new int[r];
            for (int k = 0; k < r; k++) {
                unit[k] = line.unit(ready[k].task(), next[ready[k].task()]);
            }
            List<Integer> batch = kind == Kind.SERIAL ? List.of(0)
                    : parallelBatch(oracle, IntStream.range(0, r).boxed().toList(), k -> unit[k]);
            long mask = 0;
            for (int k : batch) {
                mask |= 1L << unit[k];
            }
            long end = Ticks.add(t, oracle.completion(mask));
            if (!sameFinish.isEmpty() && sameFinish.get(0).finish() != end) {
                flush(sameFinish, sink);
            }
            List<JobRef> refs = new ArrayList<>(batch.size());
            for (int k : batch) {
                Job j = ready[k];
                refs.add(new JobRef(j.task(), j.index(), line.stage(j.task(), next[j.task()])));
                // The job's deadline binds its last kernel.
                if (line.last(j.task(), next[j.task()]) && end > j.deadline()) {
                    sameFinish.add(new Miss(j.task(), j.index(), j.arrival(), j.deadline(), end));
                }
                next[j.task()]++;
                left--;
            }
            sink.frame(new Frame(t, end, refs));
            frames++;
            // States every frame (a comparison); time and heap every 256 frames.
            if (frames > meter.budget().maxStates() || (frames & 255) == 0) {
                meter.check(frames);
            }
            t = end;
        }
        flush(sameFinish, sink);
        return frames;
    }

    private static void flush(List<Miss> sameFinish, FrameSink sink) {
        sameFinish.sort(MISS_ORDER);
        sameFinish.forEach(sink::miss);
        sameFinish.clear();
    }

    /**
     * EDF-parallel's batch: walks the ready kernels (one per task) in EDF order and keeps each whose
     * unit leaves the batch eligible; every EDF-parallel simulation and graph forms its batches so.
     */
    static <T> List<T> parallelBatch(Oracle oracle, List<T> ready, ToIntFunction<T> unit) {
        List<T> batch = new ArrayList<>();
        Oracle.OrderedBatch b = oracle.orderedBatch();
        for (T k : ready) {
            if (b.tryAppend(unit.applyAsInt(k))) {
                batch.add(k);
            }
        }
        return batch;
    }
}
