package org.gpusched.experiment;

import org.gpusched.explore.result.Verdict;
import org.gpusched.model.TaskSet;
import org.gpusched.output.RunFolder;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The paper's Figures 5a and 5b: GPUSched's analysis time across U for n-task sets, and
 * across n at one U. Points are the (U, n) pairs of both sweeps, each once; a set that hits the
 * time limit is recorded at the limit (so the statistics are lower bounds) and counted.
 */
public final class RuntimeExperiment extends Experiment {
    public static final String KIND = "runtime";
    static final String RAW_COLUMNS = "unit,scenario,utilization,tasks,index,gpusched:yes|no|inconclusive,"
            + "timeMs:number,vertices,jobs,hitLimit:yes|no";
    private static final int WARMUP_SETS = 40;
    private static volatile boolean warmedUp;

    private final long seed;
    private final Scenario scenario;
    private final List<Double> utilizations;
    private final int utilizationTasks;
    private final List<Integer> taskCounts;
    private final double fixedUtilization;
    private final int sets;
    private final Duration timeLimit;
    private final List<double[]> points = new ArrayList<>();

    public RuntimeExperiment(long seed, Scenario scenario, List<Double> utilizations, int utilizationTasks,
                             List<Integer> taskCounts, double fixedUtilization, int sets, Duration timeLimit) {
        super(KIND, RAW_COLUMNS);
        this.seed = seed;
        this.scenario = scenario;
        this.utilizations = utilizations.stream().map(u -> Double.parseDouble(u(u))).toList();
        this.utilizationTasks = utilizationTasks;
        this.taskCounts = List.copyOf(taskCounts);
        this.fixedUtilization = Double.parseDouble(u(fixedUtilization));
        this.sets = sets;
        this.timeLimit = timeLimit;
        for (double u : this.utilizations) {
            points.add(new double[] {u, utilizationTasks});
        }
        for (int n : this.taskCounts) {
            if (!(this.utilizations.contains(this.fixedUtilization) && n == utilizationTasks)) {
                points.add(new double[] {this.fixedUtilization, n});
            }
        }
        if (sets < 1 || points.isEmpty()) {
            throw new IllegalArgumentException("need at least one set and one point");
        }
    }

    static RuntimeExperiment fromParams(Map<String, String> p) {
        return new RuntimeExperiment(Long.parseLong(get(p, "seed")), Scenario.parse(get(p, "scenario")),
                doubles(get(p, "utilizations")), Integer.parseInt(get(p, "utilizationTasks")),
                ints(get(p, "taskCounts")), Double.parseDouble(get(p, "fixedUtilization")),
                Integer.parseInt(get(p, "sets")), millis(p, "timeLimitMs"));
    }

    @Override
    public Map<String, String> params() {
        return map("seed", Long.toString(seed), "scenario", scenario.id(), "utilizations", utilizations(utilizations),
                "utilizationTasks", Integer.toString(utilizationTasks), "taskCounts", join(taskCounts),
                "fixedUtilization", u(fixedUtilization), "sets", Integer.toString(sets),
                "timeLimitMs", Long.toString(timeLimit.toMillis()));
    }

    @Override
    public int units() {
        return points.size() * sets;
    }

    @Override
    String leading(int unit) {
        double[] pt = points.get(unit / sets);
        return String.join(",", Integer.toString(unit), scenario.id(), u(pt[0]), Integer.toString((int) pt[1]),
                Integer.toString(unit % sets));
    }

    @Override
    public List<String> run(int unit) {
        warmUp();
        double[] pt = points.get(unit / sets);
        int index = unit % sets;
        int n = (int) pt[1];
        TaskSet ts = Generator.generate(seed, scenario, pt[0], n, index).parse();
        SetRunner.Result r = SetRunner.run(ts, timeLimit, false);
        boolean hit = r.gpusched() == Verdict.INCONCLUSIVE;
        return List.of(String.join(",", leading(unit), SetRunner.word(r.gpusched()), SetRunner.ms(r.timeMs()),
                Long.toString(r.vertices()), Integer.toString(r.jobs()), SetRunner.word(hit)));
    }

    /** JIT-compiles the explorer before the first timed set, so early sets are not charged for it. */
    private static void warmUp() {
        if (warmedUp) {
            return;
        }
        synchronized (RuntimeExperiment.class) {
            if (!warmedUp) {
                for (int i = 0; i < WARMUP_SETS; i++) {
                    TaskSet ts = Generator.generate(-1, Scenario.MIXED, 1.0, 5, i).parse();
                    SetRunner.run(ts, Duration.ofSeconds(1), true);
                }
                warmedUp = true;
            }
        }
    }

    @Override
    public List<Path> summarize(List<String[]> rows, RunFolder dir) throws IOException {
        if (rows.size() != units()) {
            throw new IllegalArgumentException("expected " + units() + " raw rows, got " + rows.size());
        }
        List<Path> written = new ArrayList<>();
        StringBuilder byU = new StringBuilder("utilization,tasks,sets,p5,p25,median,p75,p95,mean,max,hitLimit\n");
        double[] x = new double[utilizations.size()];
        double[][] y = new double[5][utilizations.size()];
        double[] ps = {5, 25, 50, 75, 95};
        for (int i = 0; i < utilizations.size(); i++) {
            double u = utilizations.get(i);
            List<String[]> point = point(rows, u, utilizationTasks);
            double[] t = times(point);
            x[i] = u;
            for (int k = 0; k < 5; k++) {
                y[k][i] = Percentiles.of(t, ps[k]);
            }
            byU.append(String.format(Locale.ROOT, "%.2f,%d,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%d\n", u,
                    utilizationTasks, t.length, y[0][i], y[1][i], y[2][i], y[3][i], y[4][i], Percentiles.mean(t),
                    t[t.length - 1], count(point, 9, "yes")));
        }
        written.add(dir.writeString("runtime-by-utilization.csv", byU.toString()));
        String[] names = {"p5", "p25", "median", "p75", "p95"};
        List<Charts.Series> su = IntStream.range(0, 5).mapToObj(k -> new Charts.Series(names[k], x, y[k])).toList();
        written.addAll(Charts.save(Charts.line("GPUSched analysis time, " + utilizationTasks + " tasks, "
                + scenario.id() + " slowdown, " + sets + " sets per point", "total utilisation U",
                "analysis time (ms, log)", true, su), dir, "runtime-utilization"));

        StringBuilder byN = new StringBuilder("tasks,utilization,sets,mean,median,p95,max,hitLimit\n");
        double[] xn = new double[taskCounts.size()];
        double[][] yn = new double[3][taskCounts.size()];
        for (int i = 0; i < taskCounts.size(); i++) {
            int n = taskCounts.get(i);
            List<String[]> point = point(rows, fixedUtilization, n);
            double[] t = times(point);
            xn[i] = n;
            yn[0][i] = Percentiles.mean(t);
            yn[1][i] = Percentiles.of(t, 50);
            yn[2][i] = Percentiles.of(t, 95);
            byN.append(String.format(Locale.ROOT, "%d,%.2f,%d,%.3f,%.3f,%.3f,%.3f,%d\n", n, fixedUtilization,
                    t.length, yn[0][i], yn[1][i], yn[2][i], t[t.length - 1], count(point, 9, "yes")));
        }
        written.add(dir.writeString("runtime-by-tasks.csv", byN.toString()));
        written.addAll(Charts.save(Charts.line("GPUSched analysis time, U = " + u(fixedUtilization) + ", "
                        + scenario.id() + " slowdown, " + sets + " sets per point, limit "
                        + timeLimit.toMillis() + " ms", "tasks n", "analysis time (ms, log)", true,
                List.of(new Charts.Series("mean", xn, yn[0]), new Charts.Series("median", xn, yn[1]),
                        new Charts.Series("p95", xn, yn[2]))), dir, "runtime-tasks"));
        return written;
    }

    private static List<String[]> point(List<String[]> rows, double u, int n) {
        String us = u(u);
        String ns = Integer.toString(n);
        return rows.stream().filter(c -> c[2].equals(us) && c[3].equals(ns)).toList();
    }

    private static double[] times(List<String[]> point) {
        return Percentiles.sorted(point.stream().mapToDouble(c -> Double.parseDouble(c[6])).toArray());
    }
}
