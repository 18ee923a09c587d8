package org.gpusched.player;

import org.gpusched.model.Ticks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * A played plan judged against its deadlines. A job misses when it finishes after its absolute
 * deadline; lateness = finish - deadline (negative: slack left). All times in the trace's unit.
 */
public record PlayResult(UnrolledTable plan, Mode mode, Trace trace, List<JobRow> jobs, List<BatchRow> batches,
                         Summary summary) {

    /**
     * One job (one kernel of its chain) as played. {@code start} and {@code finish} span the job's
     * copies and kernel; {@code ops} says how long each of them took against what was asked.
     */
    public record JobRow(int hyperperiod, int entry, int position, String task, int job, long release, long start,
                         long finish, long deadline, Ops ops) {
        public long response() { return finish - release; }
        public long slack() { return deadline - finish; }
        public boolean miss() { return finish > deadline; }
    }

    /**
     * A job's kernel and copies, measured against the model: the kernel's asked time (its share of
     * C(S), times the drawn fraction) and each copy's stated time; 0 and 0 for a copy it does not have.
     */
    public record Ops(long kernelStart, long kernelFinish, long kernelModel, long h2dModel, long h2dTime, long d2hModel,
                      long d2hTime) {
        public long kernelTime() { return kernelFinish - kernelStart; }
    }

    /**
     * Measured minus model, worst over the run, of the kernels and of the copies (0 without copies).
     * On the simulated device both are 0 by construction; on a GPU they are the device's own error.
     */
    public record OpError(int kernels, long worstKernel, int copies, long worstCopy) {
        public static OpError of(List<JobRow> jobs) {
            long[] copies = jobs.stream().map(JobRow::ops)
                    .flatMap(o -> Stream.of(new long[] {o.h2dModel(), o.h2dTime()},
                            new long[] {o.d2hModel(), o.d2hTime()}))
                    .filter(c -> c[0] > 0).mapToLong(c -> c[1] - c[0]).toArray();
            return new OpError(jobs.size(), jobs.stream().mapToLong(j -> j.ops().kernelTime() - j.ops().kernelModel())
                    .max().orElse(0), copies.length, Arrays.stream(copies).max().orElse(0));
        }
    }

    public record BatchRow(int entry, int hyperperiod, int tableEntry, List<String> jobs, long plannedStart,
                           long start, long plannedEnd, long end) { }

    /**
     * @param misses       jobs that finished late plus jobs the table never ran (each a miss)
     * @param maxLateness  max over jobs of finish - deadline (negative when every job has slack)
     * @param busyFraction time with a batch on the GPU over max(horizon, last batch end)
     * @param firstMiss    the first job (in play order) that missed, else the first one never run, or null
     * @param neverRun     jobs of the played hyperperiods that no table entry runs (only with --force)
     * @param neverRunJobs the first {@link #NEVER_RUN_SHOWN} of them, as task#job (hyperperiod 0)
     */
    public record Summary(int jobs, int batches, int misses, long maxLateness, double busyFraction, String firstMiss,
                          long neverRun, List<String> neverRunJobs) {
        public Summary {
            neverRunJobs = List.copyOf(neverRunJobs);
        }
    }

    /** How many never-run jobs a report names; the count covers them all. */
    public static final int NEVER_RUN_SHOWN = 20;

    public static PlayResult of(UnrolledTable plan, Mode mode, Trace trace) {
        long s = trace.scale();
        List<JobRow> jobs = new ArrayList<>(plan.items());
        List<BatchRow> batches = new ArrayList<>(plan.entries());
        int misses = 0;
        long maxLate = Long.MIN_VALUE;
        long busy = 0;
        long lastEnd = 0;
        String firstMiss = null;
        int perHp = plan.entriesPerHyperperiod();
        for (int e = 0; e < plan.entries(); e++) {
            List<String> labels = new ArrayList<>();
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                String unit = plan.taskSet().unitName(plan.task(i), plan.stage(i));
                Trace.Copies c = trace.copies();
                long ks = trace.itemStart()[i];
                long kf = trace.itemFinish()[i];
                Ops ops = new Ops(ks, kf, trace.asked()[i], Ticks.mul(plan.h2d(i), s),
                        c.h2dStart()[i] < 0 ? 0 : c.h2dEnd()[i] - c.h2dStart()[i], Ticks.mul(plan.d2h(i), s),
                        c.d2hStart()[i] < 0 ? 0 : c.d2hEnd()[i] - c.d2hStart()[i]);
                JobRow r = new JobRow(e / perHp, e, i - plan.first(e), unit,
                        plan.job(i), Ticks.mul(plan.release(i), s), c.jobStart(i, ks), c.jobFinish(i, kf),
                        Ticks.mul(plan.deadline(i), s), ops);
                jobs.add(r);
                labels.add(plan.label(i));
                maxLate = Math.max(maxLate, -r.slack());
                if (r.miss()) {
                    misses++;
                    if (firstMiss == null) {
                        firstMiss = plan.label(i) + (plan.hyperperiods() > 1 ? " (hyperperiod " + r.hyperperiod() + ")" : "");
                    }
                }
            }
            long start = trace.entryStart()[e];
            long end = trace.entryEnd()[e];
            batches.add(new BatchRow(e, e / perHp, e % perHp, labels, Ticks.mul(plan.plannedStart(e), s), start,
                    Ticks.mul(plan.plannedEnd(e), s), end));
            busy = Ticks.add(busy, Ticks.sub(end, start));
            lastEnd = Math.max(lastEnd, end);
        }
        long span = Math.max(Ticks.mul(plan.horizon(), s), lastEnd);
        double fraction = span == 0 ? 0 : (double) busy / span;
        List<int[]> never = plan.neverRun();
        long neverRun = (long) never.size() * plan.hyperperiods();
        List<String> shown = never.stream().limit(NEVER_RUN_SHOWN)
                .map(p -> plan.taskSet().task(p[0]).name() + "#" + p[1]).toList();
        if (firstMiss == null && !shown.isEmpty()) {
            firstMiss = shown.get(0) + " (never run)";
        }
        // A job the table never runs cannot meet its deadline: never "no deadline miss" for a cut table.
        int allMisses = (int) Math.min(Integer.MAX_VALUE, misses + neverRun);
        Summary sum = new Summary(jobs.size(), batches.size(), allMisses, jobs.isEmpty() ? 0 : maxLate, fraction,
                firstMiss, neverRun, shown);
        return new PlayResult(plan, mode, trace, List.copyOf(jobs), List.copyOf(batches), sum);
    }
}
