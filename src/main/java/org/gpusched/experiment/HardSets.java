package org.gpusched.experiment;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.EngineKind;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.TaskSet;
import org.gpusched.pbs.PbsQuestion;
import org.gpusched.solver.SolverEngine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The hard-set point table of docs/performance.md: for each (utilisation, tasks) point of the
 * paper's workload, the same sets analysed by each engine, at each thread count, under one time
 * limit per set. What it counts is what the hard sets are about: how many are decided, and how
 * many of those by a proof of infeasibility; times are wall clock around the whole analysis.
 */
public final class HardSets {
    /** What to run: the points, then per point every engine at every thread count. */
    public record Config(List<Double> utilizations, List<Integer> tasks, int sets, Scenario scenario, long seed,
                         List<EngineKind> engines, List<Integer> threads, long maxStates, Duration timeLimit,
                         int warmup) {
        public Config {
            utilizations = List.copyOf(utilizations);
            tasks = List.copyOf(tasks);
            engines = List.copyOf(engines);
            threads = List.copyOf(threads);
        }
    }

    /**
     * One row: a point, an engine and a thread count. {@code bySolver} counts the verdicts the
     * solver engine gave; times in milliseconds, NaN where nothing was decided. {@code overshootMs}
     * is how far the time limit was overshot: the most, over the sets, of wall time minus the limit
     * (negative when every set ended before it; NaN without a limit).
     */
    public record Row(double utilization, int tasks, EngineKind engine, int threads, int sets, int decided,
                      int schedulable, int notSchedulable, int bySolver, double decidedMedianMs, double decidedMaxMs,
                      double totalMs, double overshootMs) { }

    private HardSets() { }

    public static List<Row> run(Config c, Consumer<Row> onRow) {
        Bench.warmUp(c.seed(), c.scenario(), c.warmup(), Options.defaults());
        List<Row> rows = new ArrayList<>();
        for (double u : c.utilizations()) {
            for (int n : c.tasks()) {
                for (EngineKind e : c.engines()) {
                    for (int t : c.threads()) {
                        Row r = row(c, u, n, e, t);
                        rows.add(r);
                        onRow.accept(r);
                    }
                }
            }
        }
        return rows;
    }

    private static Row row(Config c, double u, int n, EngineKind engine, int threads) {
        Options o = Bench.engineOptions(c.maxStates(), c.timeLimit(), threads, engine);
        List<Double> decidedMs = new ArrayList<>();
        int schedulable = 0;
        int notSchedulable = 0;
        int bySolver = 0;
        double total = 0;
        double overshoot = Double.NEGATIVE_INFINITY;
        double limitMs = c.timeLimit() == null ? Double.NaN : c.timeLimit().toNanos() / 1e6;
        for (int i = 0; i < c.sets(); i++) {
            TaskSet ts = Generator.generate(c.seed(), c.scenario(), u, n, i).parse();
            long wall0 = System.nanoTime();
            Analysis a = PbsQuestion.steadyState(ts, o, o.budget().start());
            double ms = (System.nanoTime() - wall0) / 1e6;
            total += ms;
            overshoot = Math.max(overshoot, ms - limitMs);
            if (a.verdict() == Verdict.INCONCLUSIVE) {
                continue;
            }
            decidedMs.add(ms);
            if (a.verdict() == Verdict.SCHEDULABLE) {
                schedulable++;
            } else {
                notSchedulable++;
            }
            if (SolverEngine.NAME.equals(a.engine())) {
                bySolver++;
            }
        }
        double[] d = Percentiles.sorted(decidedMs.stream().mapToDouble(Double::doubleValue).toArray());
        return new Row(u, n, engine, threads, c.sets(), d.length, schedulable, notSchedulable, bySolver,
                Percentiles.of(d, 50), Percentiles.of(d, 100), total,
                Double.isNaN(limitMs) || c.sets() == 0 ? Double.NaN : overshoot);
    }
}
