package org.gpusched.copyexec;

import org.gpusched.model.Budget;

import java.util.ArrayList;
import java.util.List;

/**
 * Discrete-event simulation of one copy/execute strategy over one hyperperiod: every job released
 * in [0, H) runs, in batches of at most two ({@link Batches}), each batch timed exactly by
 * {@link BatchTimes}; the next batch starts when the previous one has ended (or at the next release
 * when nothing is ready). Jobs keep running after a miss; the run ends when the last job finished.
 */
public final class CopySimulator {
    private CopySimulator() { }

    /** The time an operation takes in this run, given its worst-case time (the player draws fractions). */
    @FunctionalInterface
    public interface Times {
        long time(int task, int job, OperationKind kind, long wcet);

        Times WCET = (task, job, kind, wcet) -> wcet;
    }

    public static CopySim run(CopyWorkload w, Strategy s, Budget.Meter meter) {
        return run(w, s, Times.WCET, meter);
    }

    /**
     * @throws IllegalArgumentException for concurrent or order on a workload without kernel pairs
     * @throws Budget.Exhausted         when the meter's time limit passes
     */
    public static CopySim run(CopyWorkload w, Strategy s, Times times, Budget.Meter meter) {
        if (s.concurrentKernels() && w.pairs() == null) {
            throw new IllegalArgumentException(s.id() + ": " + w.pairsNote());
        }
        BatchTimes batch = new BatchTimes(w, s, times);
        int[] next = new int[w.size()];
        List<JobRun> jobs = new ArrayList<>();
        List<Operation> ops = new ArrayList<>();
        List<Long> batchStarts = new ArrayList<>();
        long t = 0;
        int count = 0;
        while (true) {
            List<Batches.Pick> picks = Batches.select(w, next, t);
            if (picks.isEmpty()) {
                long r = Batches.nextRelease(w, next);
                if (r < 0) {
                    break;
                }
                t = Math.max(t, r);
                continue;
            }
            if (meter != null && (++count & 1023) == 0) {
                meter.checkTime();
            }
            batchStarts.add(t);
            List<JobRun> runs = batch.run(picks, t, ops);
            for (JobRun r : runs) {
                next[r.taskIndex()]++;
                t = Math.max(t, r.finish());
            }
            jobs.addAll(runs);
        }
        jobs.sort(java.util.Comparator.comparingInt(JobRun::taskIndex).thenComparingInt(JobRun::job));
        return new CopySim(s, w.engines(), jobs, ops, batchStarts);
    }
}
