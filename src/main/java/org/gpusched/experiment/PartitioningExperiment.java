package org.gpusched.experiment;

import org.gpusched.output.RunFolder;
import org.gpusched.partition.*;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * Zahaf et al. 2021, section 7: the four heuristics and 1G on UUniFast-Discard sets of n kernels
 * (half memory-bound) on M SMs, per total utilisation U: schedulable ratio, scheduled workload,
 * number of partitions and analysis time (Figures 5–9). One unit is one set (n, U, index); its row
 * holds every heuristic's result, so all of them judge the same sets.
 */
public final class PartitioningExperiment extends Experiment {
    public static final String KIND = "partitioning";
    public static final String SUMMARY = "partitioning.csv";
    static final List<Heuristic> HEURISTICS = List.of(Heuristic.values());
    static final String RAW_COLUMNS = "unit,tasks,utilization,index,best:number,worst:number" + HEURISTICS.stream()
            .flatMap(h -> Stream.of("ok:yes|no", "workload:number?", "partitions:count?", "conflicted:number?",
                    "ms:number").map(c -> "," + h.id() + "-" + c)).collect(Collectors.joining());
    private static final int FIXED = 6; // unit, tasks, utilization, index, best, worst
    private static final int STRIDE = 5; // ok, workload, partitions, conflicted, ms
    private static final long[] PERIODS_MS = {50, 100, 200, 250, 500, 1000, 2000, 4000};
    private static final BigDecimal COMPUTE_CONFLICT = new BigDecimal("1.2");
    private static final BigDecimal MEMORY_CONFLICT = new BigDecimal("2.3");

    private final long seed;
    private final long sms;
    private final List<Integer> tasks;
    private final List<Double> utilizations;
    private final int sets;
    private final double prm;
    private final double deadlineRatio;
    private final PartitionOptions options;

    public PartitioningExperiment(long seed, long sms, List<Integer> tasks, List<Double> utilizations, int sets,
                                  double prm, double deadlineRatio, PartitionOptions options) {
        super(KIND, RAW_COLUMNS);
        this.seed = seed;
        this.sms = sms;
        this.tasks = List.copyOf(tasks);
        this.utilizations = List.copyOf(utilizations);
        this.sets = sets;
        this.prm = prm;
        this.deadlineRatio = deadlineRatio;
        this.options = options;
    }

    /** U = 2, 4, ..., M (the paper's sweep). */
    public static List<Double> paperUtilizations(long sms) {
        return LongStream.rangeClosed(1, sms / 2).mapToObj(u -> 2.0 * u).toList();
    }

    static PartitioningExperiment fromParams(Map<String, String> p) {
        return new PartitioningExperiment(Long.parseLong(get(p, "seed")), Long.parseLong(get(p, "sms")),
                ints(get(p, "tasks")), doubles(get(p, "utilizations")), Integer.parseInt(get(p, "sets")),
                Double.parseDouble(get(p, "prm")), Double.parseDouble(get(p, "deadlineRatio")), new PartitionOptions(
                        PartitionTest.parse(get(p, "partitionTest")), get(p, "mergeSearch").equals("binary")));
    }

    @Override
    public Map<String, String> params() {
        return map("seed", Long.toString(seed), "sms", Long.toString(sms), "tasks", join(tasks),
                "utilizations", utilizations(utilizations), "sets", Integer.toString(sets),
                "prm", Double.toString(prm), "deadlineRatio", Double.toString(deadlineRatio),
                "partitionTest", options.test().id(), "mergeSearch", options.binarySearch() ? "binary" : "linear");
    }

    @Override
    public int units() {
        return tasks.size() * utilizations.size() * sets;
    }

    /**
     * The set of unit {@code unit}: n tasks of total utilisation U on M SMs, memory-bound share prm; its seed
     * depends only on (seed, n, U, index). The task sets of Zahaf et al. 2021, section 7.1, with the choices
     * the paper leaves open fixed here (docs/partitioning.md): utilisations by UUniFast-Discard (a vector is
     * drawn again while a task could not meet its deadline even alone on all M SMs as a memory kernel:
     * u > 0.75 / (1/M + 0.1)), periods drawn from {@link #PERIODS_MS} and raised to the next entry while
     * ⌈a / M⌉ < 10 µs (the paper's "reasonable execution time"), times in µs; kind memory with probability
     * prm; C(m) = ⌈a/m⌉ + b with a = u·T and b = 0.02·a (compute) or 0.1·a (memory), rounded; D = ⌊0.75·T⌋;
     * conflict factors 1.2 / 2.3.
     */
    PartitionInput set(int unit) {
        int n = tasks.get(unit / (utilizations.size() * sets));
        double u = utilizations.get(unit / sets % utilizations.size());
        SplittableRandom r = new SplittableRandom(Seeds.of(seed, n, Math.round(u * 1_000_000), unit % sets));
        double cap = deadlineRatio / (1.0 / sms + 0.1);
        if (u > n * cap) {
            throw new IllegalArgumentException("U = " + u + " cannot be split over " + n + " tasks of at most " + cap);
        }
        double[] us = Generator.uunifastDiscard(r, n, u, cap);
        List<KernelTask> kernels = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            boolean memory = r.nextDouble() <= prm;
            int p = r.nextInt(PERIODS_MS.length);
            long period = PERIODS_MS[p] * 1000;
            long a = Math.round(us[i] * period);
            while (p + 1 < PERIODS_MS.length && (a + sms - 1) / sms < 10) {
                period = PERIODS_MS[++p] * 1000;
                a = Math.round(us[i] * period);
            }
            a = Math.max(1, a);
            long b = Math.round((memory ? 0.1 : 0.02) * a);
            long deadline = (long) Math.floor(deadlineRatio * period);
            Kind kind = memory ? Kind.MEMORY : Kind.COMPUTE;
            kernels.add(KernelTask.of(i, "t" + i, period, deadline, kind, new Curve.Amdahl(a, b, 1),
                    memory ? MEMORY_CONFLICT : COMPUTE_CONFLICT));
        }
        return new PartitionInput(sms, kernels);
    }

    @Override
    String leading(int unit) {
        return unit + "," + tasks.get(unit / (utilizations.size() * sets)) + ","
                + u(utilizations.get(unit / sets % utilizations.size())) + "," + unit % sets;
    }

    /** A heuristic's workload, partitions and conflicted share: given exactly when it schedules the set. */
    @Override
    Misfit misfit(String[] cells) {
        for (int b = FIXED; b < cells.length; b += STRIDE) {
            for (int k = b + 1; k < b + 4; k++) {
                if (cells[k].isEmpty() == cells[b].equals("yes")) {
                    return new Misfit(k, cells[k].isEmpty() ? "a value (ok is yes)" : "nothing (ok is no)");
                }
            }
        }
        return null;
    }

    @Override
    public List<String> run(int unit) {
        PartitionInput in = set(unit);
        double best = 0;
        double worst = 0;
        for (KernelTask t : in.tasks()) {
            best += (double) t.cn(sms) / t.period();
            worst += (double) t.cc(sms) / t.period();
        }
        StringBuilder row = new StringBuilder(leading(unit) + String.format(Locale.ROOT, ",%.4f,%.4f", best, worst));
        for (Heuristic h : HEURISTICS) {
            PartitionResult r = Partitioner.run(in, h, options);
            SmPartitionPlan plan = SmPartitionPlan.of(in, r);
            row.append(r.schedulable() ? ",yes," : ",no,")
                    .append(r.schedulable() ? String.format(Locale.ROOT, "%.4f", plan.scheduledWorkload()) : "")
                    .append(',').append(r.schedulable() ? Integer.toString(r.partitions().size()) : "")
                    .append(',').append(r.schedulable() ? String.format(Locale.ROOT, "%.4f", conflicted(plan)) : "")
                    .append(',').append(String.format(Locale.ROOT, "%.3f", r.elapsedNanos() / 1e6));
        }
        return List.of(row.toString());
    }

    /** The share of tasks that run in conflict (another task of their kind in their partition). */
    static double conflicted(SmPartitionPlan plan) {
        List<SmPartitionPlan.Slot> all = plan.partitions().stream().flatMap(p -> p.tasks().stream()).toList();
        return all.isEmpty() ? 0 : (double) all.stream().filter(SmPartitionPlan.Slot::conflict).count() / all.size();
    }

    @Override
    public List<Path> summarize(List<String[]> rows, RunFolder dir) throws IOException {
        StringBuilder csv = new StringBuilder(
                "tasks,utilization,sets,heuristic,schedulable,scheduledWorkload,partitions,conflicted,analysisMs,best,worst\n");
        List<Path> written = new ArrayList<>();
        int r = 0;
        int k = HEURISTICS.size();
        for (int n : tasks) {
            int points = utilizations.size();
            double[] x = new double[points];
            double[][][] y = new double[5][k][points]; // ratio, workload, partitions, ms, conflicted
            double[][] bounds = new double[2][points];
            for (int ui = 0; ui < points; ui++) {
                double[][] sum = new double[5][k];
                int[] ok = new int[k];
                for (int i = 0; i < sets; i++, r++) {
                    String[] c = rows.get(r);
                    if (Integer.parseInt(c[1]) != n || !c[2].equals(u(utilizations.get(ui)))) {
                        throw new IllegalArgumentException("raw rows out of order at unit " + c[0]);
                    }
                    bounds[0][ui] += Double.parseDouble(c[4]) / sets;
                    bounds[1][ui] += Double.parseDouble(c[5]) / sets;
                    for (int h = 0; h < k; h++) {
                        int b = FIXED + STRIDE * h;
                        if (c[b].equals("yes")) {
                            ok[h]++;
                            sum[1][h] += Double.parseDouble(c[b + 1]);
                            sum[2][h] += Double.parseDouble(c[b + 2]);
                            sum[4][h] += Double.parseDouble(c[b + 3]);
                        }
                        sum[3][h] += Double.parseDouble(c[b + 4]);
                    }
                }
                x[ui] = utilizations.get(ui);
                for (int h = 0; h < k; h++) {
                    y[0][h][ui] = (double) ok[h] / sets;
                    y[1][h][ui] = ok[h] == 0 ? Double.NaN : sum[1][h] / ok[h];
                    y[2][h][ui] = ok[h] == 0 ? Double.NaN : sum[2][h] / ok[h];
                    y[3][h][ui] = sum[3][h] / sets;
                    y[4][h][ui] = ok[h] == 0 ? Double.NaN : sum[4][h] / ok[h];
                    csv.append(String.format(Locale.ROOT, "%d,%.2f,%d,%s,%.4f,%s,%s,%s,%.3f,%.4f,%.4f\n", n, x[ui], sets,
                            HEURISTICS.get(h).paperName(), y[0][h][ui], mean(y[1][h][ui], "%.4f"),
                            mean(y[2][h][ui], "%.2f"), mean(y[4][h][ui], "%.4f"), y[3][h][ui], bounds[0][ui],
                            bounds[1][ui]));
                }
            }
            written.addAll(charts(dir, n, x, y, bounds));
        }
        return finish(rows, r, dir, SUMMARY, csv, written);
    }

    private static String mean(double v, String format) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, format, v);
    }

    private List<Path> charts(RunFolder dir, int n, double[] x, double[][][] y, double[][] bounds) {
        List<Path> out = new ArrayList<>();
        String[] what = {"schedulability", "workload", "partitions", "time", "conflicted"};
        String[] axis = {"schedulable ratio", "scheduled workload (sum of C/T)", "partitions (schedulable sets)",
                "analysis time (ms)", "share of tasks in conflict (schedulable sets)"};
        for (int m = 0; m < what.length; m++) {
            List<Charts.Series> series = new ArrayList<>();
            for (int h = 0; h < HEURISTICS.size(); h++) {
                // The points where a mean exists (no schedulable set: no workload to average).
                series.add(new Charts.Series(HEURISTICS.get(h).paperName(), x, y[m][h]).where(v -> !Double.isNaN(v)));
            }
            if (m == 1) {
                series.add(new Charts.Series("all on M SMs, no conflict", x, bounds[0]));
            }
            var chart = Charts.line("SM partitioning, " + n + " tasks on " + sms + " SMs, " + sets + " sets per point",
                    "total utilisation U", axis[m], m == 3, series);
            if (m == 0 || m == 4) {
                chart.getStyler().setYAxisMin(0.0).setYAxisMax(1.0);
            }
            out.addAll(Charts.save(chart, dir, "partitioning-" + what[m] + "-n" + n));
        }
        return out;
    }
}
