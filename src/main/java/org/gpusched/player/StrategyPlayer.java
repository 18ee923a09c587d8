package org.gpusched.player;

import org.gpusched.copyexec.*;
import org.gpusched.model.Ticks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * {@code play --strategy}: the CPU side of a copy/execute scheduler (Muyan-Özçelik and Owens) on a
 * {@link CopyDevice}. At each batch start it takes the ready jobs of highest priority (the
 * simulator's {@link Batches#select}), issues them as the strategy says, waits for the batch, and
 * starts the next one at the measured end (or at the next release). The result has the simulator's
 * shape (jobs and operations, in the device's unit), so both can be reported and drawn alike.
 */
public final class StrategyPlayer {
    private StrategyPlayer() { }

    /**
     * Plays every job of {@code w}'s hyperperiod. Operation times are their worst-case times times
     * a fraction per job from {@code exec} (drawn in task, then job order from {@code seed}),
     * rounded up, at least 1 for a non-zero time.
     */
    public static CopySim play(CopyWorkload w, Strategy s, CopyDevice dev, ExecTime exec, long seed) {
        double[][] f = fractions(w, exec, seed);
        long scale = dev.scale();
        int[] next = new int[w.size()];
        List<JobRun> jobs = new ArrayList<>();
        List<Operation> ops = new ArrayList<>();
        List<Long> starts = new ArrayList<>();
        long t = 0;
        while (true) {
            List<Batches.Pick> picks = Batches.select(w, next, Math.floorDiv(t, scale));
            if (picks.isEmpty()) {
                long r = Batches.nextRelease(w, next);
                if (r < 0) {
                    break;
                }
                t = Math.max(t, Ticks.mul(r, scale));
                continue;
            }
            CopyBatch b = batch(w, s, picks, f, t, scale);
            starts.add(t);
            CopyBatch.Result res = dev.run(b);
            long batchStart = t;
            for (int j = 0; j < b.size(); j++) {
                long first = -1;
                long last = batchStart;
                for (OperationKind k : OperationKind.values()) {
                    long st = res.start()[j][k.ordinal()];
                    if (st < 0) {
                        continue;
                    }
                    long en = res.end()[j][k.ordinal()];
                    ops.add(new Operation(b.tasks()[j], b.jobs()[j], k, Batches.lane(w, b.tasks()[j], k), st, en));
                    first = first < 0 ? st : first;
                    last = Math.max(last, en);
                }
                int task = b.tasks()[j];
                int job = b.jobs()[j];
                jobs.add(new JobRun(task, w.task(task).name(), job, Ticks.mul(Batches.release(w, task, job), scale),
                        Ticks.mul(Batches.deadline(w, task, job), scale), first < 0 ? last : first, last));
                next[task]++;
                t = Math.max(t, last);
            }
        }
        jobs.sort(Comparator.comparingInt(JobRun::taskIndex).thenComparingInt(JobRun::job));
        ops.sort(Operation.TIMELINE);
        return new CopySim(s, w.engines(), jobs, ops, starts);
    }

    private static double[][] fractions(CopyWorkload w, ExecTime exec, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[][] f = new double[w.size()][];
        for (int i = 0; i < w.size(); i++) {
            f[i] = new double[w.jobsOf(i)];
            for (int k = 0; k < f[i].length; k++) {
                f[i][k] = exec.draw(rnd);
            }
        }
        return f;
    }

    /** The time of one operation in this run, in ticks: ceil(wcet × f), at least 1 when the WCET is not 0. */
    public static long time(long wcet, double f) {
        return wcet == 0 ? 0 : ExecTime.sample(wcet, f);
    }

    private static CopyBatch batch(CopyWorkload w, Strategy s, List<Batches.Pick> picks, double[][] f, long t,
                                   long scale) {
        int n = picks.size();
        int[] tasks = new int[n];
        int[] jobs = new int[n];
        long[][] times = new long[n][3];
        long[] pair = new long[n];
        for (int j = 0; j < n; j++) {
            Batches.Pick p = picks.get(j);
            tasks[j] = p.task();
            jobs[j] = p.job();
            double x = f[p.task()][p.job()];
            for (OperationKind k : OperationKind.values()) {
                times[j][k.ordinal()] = Ticks.mul(time(w.task(p.task()).time(k), x), scale);
            }
            if (n == 2 && s.concurrentKernels()) {
                pair[j] = Ticks.mul(time(w.pairs().pairTime(p.task(), picks.get(1 - j).task()), x), scale);
            }
        }
        boolean concurrent = n == 2 && s.concurrentKernels() && w.pairs().eligible(tasks[0], tasks[1]);
        return new CopyBatch(s, t, tasks, jobs, times, pair, concurrent);
    }
}
