package org.gpusched.player;

import org.gpusched.model.Ticks;

import java.util.ArrayList;
import java.util.List;

/**
 * A played plan judged against its deadlines. A job misses when it finishes after its absolute
 * deadline; lateness = finish - deadline (negative: slack left). All times in the trace's unit.
 */
public record PlayResult(Plan plan, Mode mode, Trace trace, List<JobRow> jobs, List<BatchRow> batches,
                         Summary summary) {

    public record JobRow(int hyperperiod, int entry, int position, String task, int job, long release, long start,
                         long finish, long deadline) {
        public long response() { return finish - release; }
        public long slack() { return deadline - finish; }
        public boolean miss() { return finish > deadline; }
    }

    public record BatchRow(int entry, int hyperperiod, int tableEntry, List<String> jobs, long plannedStart,
                           long start, long plannedEnd, long end) { }

    /**
     * @param maxLateness  max over jobs of finish - deadline (negative when every job has slack)
     * @param busyFraction time with a batch on the GPU over max(horizon, last batch end)
     * @param firstMiss    the first job (in play order) that missed, or null
     */
    public record Summary(int jobs, int batches, int misses, long maxLateness, double busyFraction, String firstMiss) { }

    public static PlayResult of(Plan plan, Mode mode, Trace trace) {
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
                JobRow r = new JobRow(e / perHp, e, i - plan.first(e), plan.taskSet().task(plan.task(i)).name(),
                        plan.job(i), Ticks.mul(plan.release(i), s), trace.itemStart()[i], trace.itemFinish()[i],
                        Ticks.mul(plan.deadline(i), s));
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
        Summary sum = new Summary(jobs.size(), batches.size(), misses, jobs.isEmpty() ? 0 : maxLate, fraction, firstMiss);
        return new PlayResult(plan, mode, trace, List.copyOf(jobs), List.copyOf(batches), sum);
    }
}
