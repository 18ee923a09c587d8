package org.gpusched.reference;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The paper's EDF baselines, time-triggered, from power-on (spec pbs-semantics.md, "Baselines"):
 * at each frame start the ready kernels (the next kernel of each task whose job has been released,
 * arrival plus jitter) in EDF order — earliest absolute deadline of the job, then earlier arrival,
 * then lower task index —; serial runs the first alone, parallel appends each next one while the
 * ordered batch stays eligible. With nothing ready the GPU waits for the next release. The run is
 * deterministic, so it either misses a deadline or comes back to a state it has been in (the same
 * time within the hyperperiod and the same completed kernels less those released), from where it
 * repeats for ever.
 */
final class RefEdf {
    private final RefWorkload w;
    private final RefFrames frames;
    private final boolean parallel;

    RefEdf(RefWorkload w, boolean parallel) {
        this.w = w;
        this.frames = new RefFrames(w);
        this.parallel = parallel;
    }

    Reference.Verdict decide(long maxFrames) {
        long h = w.hyperperiod();
        long[] c = new long[w.tasks().size()];
        long t = 0;
        Set<String> seen = new HashSet<>();
        for (long f = 0; f <= maxFrames; f++) {
            long m = Math.floorDiv(t, h);
            long[] norm = new long[c.length + 1];
            norm[0] = t - m * h;
            for (RefWorkload.RefTask task : w.tasks()) {
                norm[task.index() + 1] = c[task.index()] - m * (h / task.period()) * task.kernels();
            }
            if (!seen.add(Arrays.toString(norm))) {
                return Reference.Verdict.SCHEDULABLE;
            }
            List<RefWorkload.RefTask> ready = new ArrayList<>();
            long next = Long.MAX_VALUE;
            for (RefWorkload.RefTask task : w.tasks()) {
                long job = c[task.index()] / task.kernels();
                if (task.deadlineOf(job) <= t) {
                    return Reference.Verdict.NOT_SCHEDULABLE;
                }
                if (task.release(job) <= t) {
                    ready.add(task);
                } else {
                    next = Math.min(next, task.release(job));
                }
            }
            if (ready.isEmpty()) {
                t = next;
                continue;
            }
            ready.sort((a, b) -> {
                long ja = c[a.index()] / a.kernels();
                long jb = c[b.index()] / b.kernels();
                int byDeadline = Long.compare(a.deadlineOf(ja), b.deadlineOf(jb));
                int byArrival = Long.compare(a.arrival(ja), b.arrival(jb));
                return byDeadline != 0 ? byDeadline : byArrival != 0 ? byArrival : Integer.compare(a.index(), b.index());
            });
            List<Integer> batch = new ArrayList<>();
            for (RefWorkload.RefTask task : ready) {
                int unit = task.units()[(int) (c[task.index()] % task.kernels())];
                batch.add(unit);
                if (batch.size() > 1 && (!parallel || frames.ineligible(batch) != null)) {
                    batch.remove(batch.size() - 1);
                }
            }
            long end = t + frames.length(batch);
            for (int u : batch) {
                RefWorkload.RefUnit unit = w.units().get(u);
                RefWorkload.RefTask task = w.tasks().get(unit.task());
                if (unit.last() && end > task.deadlineOf(c[task.index()] / task.kernels())) {
                    return Reference.Verdict.NOT_SCHEDULABLE;
                }
                c[task.index()]++;
            }
            t = end;
        }
        return Reference.Verdict.UNDECIDED;
    }
}
