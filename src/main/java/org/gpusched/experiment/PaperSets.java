package org.gpusched.experiment;

import org.gpusched.model.TaskSet;
import org.gpusched.output.RunFolder;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The sets of the paper's Figure 4, as the sweeps over them (schedulability, cross-policy) draw
 * them: units ordered scenario, then U, then set index; set i of a point is a pure function of
 * (seed, scenario, U, tasks, i), so a unit can run in any shard.
 *
 * @param timeLimit the analysis budget per set (per method and set where several methods run)
 */
record PaperSets(long seed, List<Scenario> scenarios, List<Double> utilizations, int sets, int tasks,
                 Duration timeLimit) {
    PaperSets {
        if (scenarios.isEmpty() || utilizations.isEmpty() || sets < 1 || tasks < 1) {
            throw new IllegalArgumentException("need at least one scenario, utilisation, set and task");
        }
        scenarios = List.copyOf(scenarios);
        // Round as the files print them, so a merged run rebuilds exactly the same sets.
        utilizations = utilizations.stream().map(u -> Double.parseDouble(Experiment.u(u))).toList();
    }

    static PaperSets fromParams(Map<String, String> p) {
        List<Scenario> scenarios = Arrays.stream(Experiment.get(p, "scenarios").split(",")).map(Scenario::parse)
                .toList();
        return new PaperSets(Long.parseLong(Experiment.get(p, "seed")), scenarios,
                Experiment.doubles(Experiment.get(p, "utilizations")), Integer.parseInt(Experiment.get(p, "sets")),
                Integer.parseInt(Experiment.get(p, "tasks")), Experiment.millis(p, "timeLimitMs"));
    }

    /** The parameters in the order every raw file has written them (a mutable copy, for more). */
    Map<String, String> params() {
        return Experiment.map("seed", Long.toString(seed),
                "scenarios", String.join(",", scenarios.stream().map(Scenario::id).toList()),
                "utilizations", Experiment.utilizations(utilizations), "sets", Integer.toString(sets),
                "tasks", Integer.toString(tasks), "timeLimitMs", Long.toString(timeLimit.toMillis()));
    }

    int units() {
        return scenarios.size() * utilizations.size() * sets;
    }

    /** One unit: its point and set index, and the first raw columns every sweep over these sets writes. */
    record Unit(int number, Scenario scenario, double u, int tasks, int index) {
        String columns() {
            return String.join(",", Integer.toString(number), scenario.id(), Experiment.u(u), Integer.toString(tasks),
                    Integer.toString(index));
        }
    }

    Unit unit(int unit) {
        int point = unit / sets;
        return new Unit(unit, scenarios.get(point / utilizations.size()), utilizations.get(point % utilizations.size()),
                tasks, unit % sets);
    }

    TaskSet taskSet(Unit u) {
        return Generator.generate(seed, u.scenario(), u.u(), tasks, u.index()).parse();
    }

    /** Writes the CSV lines of one point from its raw rows and its ratio of "yes" per column. */
    interface PointLine {
        void write(StringBuilder csv, Scenario sc, double u, List<String[]> point, double[] ratios);
    }

    /**
     * The summary of a sweep over these sets whose raw columns 5, 6, ... say yes or not per method:
     * per point the ratio of yes in each, written by {@code line} under {@code header} into
     * KIND.csv, and one chart per scenario (KIND-SCENARIO) of the ratios against U.
     */
    List<Path> ratios(List<String[]> rows, RunFolder dir, String kind, String header, List<String> columns,
                      Function<Scenario, String> title, PointLine line) throws IOException {
        StringBuilder csv = new StringBuilder(header).append('\n');
        List<Path> written = new ArrayList<>();
        int r = 0;
        for (Scenario sc : scenarios) {
            double[] x = new double[utilizations.size()];
            double[][] y = new double[columns.size()][utilizations.size()];
            for (int ui = 0; ui < utilizations.size(); ui++, r += sets) {
                List<String[]> point = Experiment.point(rows, r, sets, sc.id(), Experiment.u(utilizations.get(ui)));
                x[ui] = utilizations.get(ui);
                double[] ratios = new double[columns.size()];
                for (int k = 0; k < columns.size(); k++) {
                    ratios[k] = y[k][ui] = (double) Experiment.count(point, 5 + k, "yes") / sets;
                }
                line.write(csv, sc, x[ui], point, ratios);
            }
            var chart = Charts.ratio(title.apply(sc), "total utilisation U", x, columns, y);
            written.addAll(Charts.save(chart, dir, kind + "-" + sc.id()));
        }
        return Experiment.finish(rows, r, dir, kind + ".csv", csv, written);
    }
}
