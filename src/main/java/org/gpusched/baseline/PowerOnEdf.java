package org.gpusched.baseline;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.*;
import org.gpusched.model.Budget;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;
import org.gpusched.oracle.Oracle;

import java.util.*;

/**
 * EDF-serial or EDF-parallel with each job started no earlier than the end of its release window
 * (the time-triggered rule; without jitter also the online one), simulated from power-on for a
 * set with no steady-state window (docs/policies.md, "EDF from power-on"). The rule is
 * deterministic, so the state at the first frame start at or after each multiple kH of the
 * hyperperiod — that instant and the kernels done per task, both less what k hyperperiods
 * account for — is one state, and it alone fixes everything after it (releases repeat every
 * H; EDF compares deadlines and arrivals, which all shift alike). The simulation runs until a
 * job misses its deadline (not schedulable) or a boundary state equals an earlier one: from
 * there the schedule repeats for ever, so no job ever misses (schedulable, and the frames are a
 * power-on table: the prefix, then the periodic part with its {@link Analysis.Repeat}).
 */
public final class PowerOnEdf {
    /** Documented bound: hyperperiods simulated before the boundary state must have repeated. */
    public static final int MAX_HYPERPERIODS = 1024;

    private final TaskSet ts;
    private final EdfBaseline.Kind kind;
    private final String method;

    /**
     * @param ts     a task set on the file's own time line
     * @param method the id the analysis reports
     */
    public PowerOnEdf(TaskSet ts, EdfBaseline.Kind kind, String method) {
        this.ts = ts;
        this.kind = kind;
        this.method = method;
    }

    /**
     * The verdict; {@code transientHyperperiods} is the boundary at which the periodic part
     * starts (-1 unless schedulable) and {@code explored} the hyperperiods simulated.
     */
    public record Result(Analysis analysis, int transientHyperperiods, int explored) { }

    /** A boundary state, compared by content: at most one per hyperperiod, so boxed counts cost nothing. */
    private record Key(long t, List<Long> counts) { }

    public Result analyze(Budget.Meter meter) {
        long t0 = System.nanoTime();
        try {
            return simulate(meter, t0);
        } catch (Budget.Exhausted | OutOfMemoryError e) {
            String note = e instanceof Budget.Exhausted ? e.getMessage() : Budget.OUT_OF_MEMORY;
            return new Result(new Analysis(Verdict.INCONCLUSIVE, method, stats(0, t0, meter), List.of(), null,
                    note), -1, -1);
        }
    }

    private Result simulate(Budget.Meter meter, long t0) {
        JobLine line = new JobLine(ts);
        Oracle oracle = new Oracle(ts, meter);
        int n = line.n;
        long[] counts = new long[n];
        List<Frame> frames = new ArrayList<>();
        /* Boundary state -> {boundary index k, frames before it}. */
        Map<Key, long[]> seen = new HashMap<>();
        int level = 0;
        long t = 0;
        Integer[] order = new Integer[n];
        while (true) {
            int r = 0;
            long next = Long.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                long rel = line.release(i, counts[i]);
                if (rel <= t) {
                    order[r++] = i;
                } else {
                    next = Math.min(next, rel);
                }
            }
            if (r == 0) {
                t = next;
                continue;
            }
            for (; (long) level * line.hyperperiod <= t; level++) {
                long[] rel = counts.clone();
                for (int i = 0; i < n; i++) {
                    rel[i] -= (long) level * line.perHyperperiod[i];
                }
                long[] first = seen.putIfAbsent(new Key(t - (long) level * line.hyperperiod,
                        Arrays.stream(rel).boxed().toList()),
                        new long[] {level, frames.size()});
                if (first != null) {
                    Analysis a = new Analysis(Verdict.SCHEDULABLE, method, stats(frames.size(), t0, meter), frames,
                            null, "from power-on: the state at hyperperiod " + level + " repeats that at "
                            + first[0] + ", so the schedule repeats every " + (level - first[0]) * line.hyperperiod,
                            null, null, new Analysis.Repeat((int) first[1], (level - first[0]) * line.hyperperiod));
                    return new Result(a, (int) first[0], level);
                }
                if (level >= MAX_HYPERPERIODS) {
                    return new Result(new Analysis(Verdict.INCONCLUSIVE, method, stats(frames.size(), t0, meter),
                            List.of(), null, "no repeating state within " + MAX_HYPERPERIODS + " hyperperiods from"
                            + " power-on (the documented bound of the EDF power-on simulation; docs/policies.md)"),
                            -1, level);
                }
            }
            // EDF order: deadline, then arrival, then task index (as EdfBaseline's).
            Arrays.sort(order, 0, r, Comparator.<Integer>comparingLong(i -> line.deadline(i, counts[i]))
                    .thenComparingLong(i -> line.arrival(i, counts[i])).thenComparingInt(i -> i));
            List<Integer> batch = kind == EdfBaseline.Kind.SERIAL ? List.of(order[0]) : EdfBaseline.parallelBatch(
                    oracle, Arrays.asList(order).subList(0, r), i -> line.unit(i, counts[i]));
            long mask = 0;
            for (int i : batch) {
                mask |= 1L << line.unit(i, counts[i]);
            }
            long end = Ticks.add(t, oracle.completion(mask));
            List<JobRef> refs = new ArrayList<>();
            List<String> late = new ArrayList<>();
            for (int i : batch) {
                refs.add(new JobRef(i, (int) line.job(i, counts[i]), line.stage(i, counts[i])));
                if (line.last(i, counts[i]) && end > line.deadline(i, counts[i])) {
                    late.add(ts.task(i).name() + "#" + line.job(i, counts[i]) + " (released "
                            + line.arrival(i, counts[i]) + ", deadline " + line.deadline(i, counts[i])
                            + ") finishes at " + end);
                }
            }
            frames.add(new Frame(t, end, refs));
            for (int i : batch) {
                counts[i]++;
            }
            if (!late.isEmpty()) {
                long done = Arrays.stream(counts).sum();
                Witness w = new Witness(frames, end, (int) Math.min(done, Integer.MAX_VALUE),
                        (int) Math.min(done, Integer.MAX_VALUE), late);
                return new Result(new Analysis(Verdict.NOT_SCHEDULABLE, method, stats(frames.size(), t0, meter),
                        List.of(), w, "from power-on: a job misses its deadline in hyperperiod " + (level - 1)),
                        -1, level);
            }
            if (frames.size() > meter.budget().maxStates() || (frames.size() & 255) == 0) {
                meter.check(frames.size());
            }
            t = end;
        }
    }

    private static Stats stats(long frames, long t0, Budget.Meter meter) {
        return OnlineDecisions.stats(0, frames, t0, meter, 0);
    }
}
