package org.gpusched.baseline;

import org.gpusched.baseline.OnlineDecisions.Cand;
import org.gpusched.baseline.OnlineDecisions.MissAt;
import org.gpusched.explore.result.JobRef;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The unbounded job sequence of a task set released at time 0 of the file's time line, indexed
 * by completed kernels per task: count c of task i names kernel c mod K of job ⌊c / K⌋, which
 * arrives at O + ⌊c / K⌋·T, is surely there by that plus J and is due D after its arrival.
 * Counts relative to a hyperperiod boundary may be negative (a job released before it); floor
 * division keeps the arithmetic right.
 */
final class JobLine {
    final int n;
    final long hyperperiod;
    final int[] chain;
    final int[] firstUnit;
    /** Kernels of task i released per hyperperiod. */
    final int[] perHyperperiod;
    private final TaskSet ts;

    /** @param ts a task set on the file's own time line */
    JobLine(TaskSet ts) {
        this.ts = ts;
        n = ts.size();
        hyperperiod = ts.hyperperiod();
        chain = new int[n];
        firstUnit = new int[n];
        perHyperperiod = new int[n];
        for (int i = 0, u = 0; i < n; i++) {
            Task t = ts.task(i);
            chain[i] = t.kernels();
            firstUnit[i] = u;
            u += chain[i];
            perHyperperiod[i] = (int) (hyperperiod / t.period()) * chain[i];
        }
    }

    /** Kernels of each task in the window of a set that has one (its jobs there times its chain). */
    int[] windowKernels() {
        return IntStream.range(0, n).map(i -> ts.jobsOf(i) * chain[i]).toArray();
    }

    long job(int i, long c) {
        return Math.floorDiv(c, chain[i]);
    }

    int stage(int i, long c) {
        return (int) Math.floorMod(c, chain[i]);
    }

    int unit(int i, long c) {
        return firstUnit[i] + stage(i, c);
    }

    boolean last(int i, long c) {
        return stage(i, c) == chain[i] - 1;
    }

    long arrival(int i, long c) {
        return ts.task(i).arrival(job(i, c));
    }

    /** The end of the job's release window: when the time-triggered rule starts it, the online rule surely has it. */
    long release(int i, long c) {
        return ts.task(i).release(job(i, c));
    }

    long deadline(int i, long c) {
        return ts.task(i).absoluteDeadline(job(i, c));
    }

    /**
     * The next kernel of every task that has one left below {@code items} (null: none ever runs
     * out, the job sequence is unbounded), in EDF order.
     */
    List<Cand> candidates(long[] counts, int[] items) {
        List<Cand> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long c = counts[i];
            if (items != null && c >= items[i]) {
                continue;
            }
            // A later kernel of a chain is ready at the first decision after its predecessor's frame.
            out.add(new Cand(i, unit(i, c), job(i, c), last(i, c), stage(i, c) > 0, arrival(i, c), release(i, c),
                    deadline(i, c), arrival(i, c)));
        }
        out.sort(Comparator.comparingLong(Cand::deadline).thenComparingLong(Cand::arrival)
                .thenComparingInt(Cand::task));
        return out;
    }

    /** The kernel {@code c} names in a report, its job numbered {@code jobShift} later. */
    JobRef ref(Cand c, long jobShift) {
        return new JobRef(c.task(), (int) (c.job() + jobShift), c.unit() - firstUnit[c.task()]);
    }

    /** Why the late job of {@code m} misses, every time moved {@code shift} on, its job numbered {@code job}. */
    String reason(MissAt m, long shift, long job) {
        Cand x = m.late();
        return ts.unitName(x.task(), x.unit() - firstUnit[x.task()]) + "#" + job + " (arrival window ["
                + (x.r() + shift) + ", " + (x.rr() + shift) + "], deadline " + (x.deadline() + shift)
                + ") finishes at " + (m.end() + shift) + " in a frame starting at " + (m.start() + shift)
                + ", which some arrival of the jobs within their windows leads to";
    }
}
