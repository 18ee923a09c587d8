package org.gpusched.experiment;

import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.job.Options;
import org.gpusched.explore.result.EngineKind;
import org.gpusched.explore.result.MergeLevel;
import org.gpusched.explore.result.Phases;
import org.gpusched.explore.result.Verdict;
import org.gpusched.model.TaskSet;
import org.gpusched.pbs.PbsQuestion;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The explorer benchmark of docs/performance.md: the paper's workload (fixed seeds) for each
 * (tasks, utilisation) point, timed in-process (JVM start excluded), and on the same sets the
 * speed and vertex ratios against {@code --merge none}. Feasible and infeasible sets are reported
 * apart: infeasible ones force the whole graph to be explored.
 */
public final class Bench {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public record Config(List<Integer> tasks, List<Double> utilizations, int sets, Scenario scenario, long seed,
                         Options options, Options noMerge, int compareUpTo, int warmup) {
        public Config {
            tasks = List.copyOf(tasks);
            utilizations = List.copyOf(utilizations);
        }
    }

    /** One (tasks, utilisation) point. Times in milliseconds; NaN where no set qualifies. */
    public record Point(int tasks, double utilization, int sets, int decided, int inconclusive, int feasible,
                        int infeasible, double medianMs, double p95Ms, double maxMs, double feasibleMedianMs,
                        double feasibleP95Ms, double infeasibleMedianMs, double infeasibleP95Ms, double vertices,
                        long peakHeapBytes, int noMergeCompared, double ratioVsNoMerge, double vertexRatioVsNoMerge,
                        int decidedBeforeSearch, double cpuMedianMs, double cpuMaxMs, double cpuTotalMs,
                        double wallTotalMs, double checksShare, double boundShare, double expansionShare) { }

    private Bench() { }

    /** Every point of {@code c}, each to {@code onPoint} once measured; {@code onSet} after each set (the bar). */
    public static List<Point> run(Config c, Consumer<Point> onPoint, Runnable onSet) {
        // The JIT warms up on the graph search whatever the engine measured.
        warmUp(c.seed(), c.scenario(), c.warmup(), c.options().withEngine(EngineKind.GRAPH));
        List<Point> points = new ArrayList<>();
        for (int n : c.tasks()) {
            for (double u : c.utilizations()) {
                Point p = point(c, n, u, onSet);
                points.add(p);
                onPoint.accept(p);
            }
        }
        return points;
    }

    /** JIT warm-up on sets outside the measured ones, so the first point is not charged for compilation. */
    static void warmUp(long seed, Scenario scenario, int sets, Options o) {
        for (int i = 0; i < sets; i++) {
            TaskSet ts = Generator.generate(seed + 7919, scenario, 1.0, 5, i).parse();
            PbsQuestion.measured(ts, o, o.budget().start());
        }
    }

    /** The sets a run measures: every (tasks, utilisation) point's. */
    public static int total(Config c) {
        return c.tasks().size() * c.utilizations().size() * c.sets();
    }

    private static Point point(Config c, int n, double u, Runnable onSet) {
        double[] ms = new double[c.sets()];
        List<Double> feasible = new ArrayList<>();
        List<Double> infeasible = new ArrayList<>();
        double[] vertices = new double[c.sets()];
        int decided = 0;
        long heap = 0;
        int compared = 0;
        double timeDom = 0;
        double timeNone = 0;
        double vertDom = 0;
        double vertNone = 0;
        double[] cpu = new double[c.sets()];
        int before = 0;
        Phases phases = Phases.NONE;
        for (int i = 0; i < c.sets(); i++) {
            TaskSet ts = Generator.generate(c.seed(), c.scenario(), u, n, i).parse();
            // Wall and CPU time around the whole analysis (greedy runs, bounds, search) on every thread
            // it used: on a shared machine CPU seconds are the steadier measure. (Process CPU time
            // would add GC and JIT threads, but Linux counts it in 10 ms ticks.)
            long cpu0 = THREADS.getCurrentThreadCpuTime();
            long wall0 = System.nanoTime();
            // The engines other than the graph search run on threads of their own: their CPU time is not tracked here.
            PbsQuestion.Measured m = PbsQuestion.measured(ts, c.options(), c.options().budget().start());
            Analysis a = m.analysis();
            ms[i] = (System.nanoTime() - wall0) / 1e6;
            if (m.cpuTracked()) {
                long cpu1 = THREADS.getCurrentThreadCpuTime();
                cpu[i] = cpu0 < 0 || cpu1 < 0 ? Double.NaN : (cpu1 - cpu0 + m.helperCpuNanos()) / 1e6;
                phases = phases.plus(m.phases());
            } else {
                cpu[i] = Double.NaN;
            }
            if (a.foundBeforeSearch()) {
                before++;
            }
            vertices[i] = a.stats().vertices();
            heap = Math.max(heap, a.stats().peakHeapBytes());
            onSet.run();
            if (a.verdict() == Verdict.INCONCLUSIVE) {
                continue;
            }
            decided++;
            (a.verdict() == Verdict.SCHEDULABLE ? feasible : infeasible).add(ms[i]);
            if (n <= c.compareUpTo()) {
                long none0 = System.nanoTime();
                Analysis none = PbsQuestion.measured(ts, c.noMerge(), c.noMerge().budget().start()).analysis();
                double noneMs = (System.nanoTime() - none0) / 1e6; // wall around the analysis, as ms[i]
                if (none.verdict() != Verdict.INCONCLUSIVE) {
                    compared++;
                    timeDom += ms[i];
                    timeNone += noneMs;
                    vertDom += a.stats().vertices();
                    vertNone += none.stats().vertices();
                }
                heap = Math.max(heap, none.stats().peakHeapBytes());
            }
        }
        double[] all = Percentiles.sorted(ms);
        double[] f = Percentiles.sorted(feasible.stream().mapToDouble(Double::doubleValue).toArray());
        double[] inf = Percentiles.sorted(infeasible.stream().mapToDouble(Double::doubleValue).toArray());
        double[] cpuSorted = Percentiles.sorted(cpu);
        return new Point(n, u, c.sets(), decided, c.sets() - decided, f.length, inf.length,
                Percentiles.of(all, 50), Percentiles.of(all, 95), Percentiles.of(all, 100), Percentiles.of(f, 50),
                Percentiles.of(f, 95), Percentiles.of(inf, 50), Percentiles.of(inf, 95),
                Percentiles.of(Percentiles.sorted(vertices), 50), heap, compared,
                compared == 0 ? Double.NaN : timeNone / timeDom, compared == 0 ? Double.NaN : vertNone / vertDom,
                before, Percentiles.of(cpuSorted, 50), Percentiles.of(cpuSorted, 100),
                sum(cpu), sum(ms), share(phases.checksNanos(), phases), share(phases.boundNanos(), phases),
                share(phases.expansionNanos(), phases));
    }

    /** A part of the time the analyses of a point spent, as a fraction of the three parts together. */
    private static double share(long part, Phases p) {
        long all = p.checksNanos() + p.searchNanos();
        return all == 0 ? Double.NaN : (double) part / all;
    }

    private static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }

    /** The default analysis (greedy runs first, domination merge) with the given budget and threads. */
    public static Options dominationOptions(long maxStates, Duration limit, int threads) {
        return Options.defaults().withBudget(maxStates, limit).withThreads(threads);
    }

    /** As {@link #dominationOptions}, decided by the given engine (docs/solver.md). */
    public static Options engineOptions(long maxStates, Duration limit, int threads, EngineKind engine) {
        return dominationOptions(maxStates, limit, threads).withEngine(engine);
    }

    /** The paper's no-merge search, without the greedy runs: the reference of the speed ratio. */
    public static Options noMergeOptions(long maxStates, Duration limit) {
        return Options.defaults().withMerge(MergeLevel.NONE).withGreedyFirst(false).withBudget(maxStates, limit);
    }
}
