package org.gpusched.experiment;

import org.gpusched.model.TaskSet;

import java.time.Duration;
import java.util.List;
import java.util.Map;

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
        return new PaperSets(Long.parseLong(Experiment.get(p, "seed")), Scenario.parseList(Experiment.get(p, "scenarios")),
                Experiment.doubles(Experiment.get(p, "utilizations")), Integer.parseInt(Experiment.get(p, "sets")),
                Integer.parseInt(Experiment.get(p, "tasks")),
                Duration.ofMillis(Long.parseLong(Experiment.get(p, "timeLimitMs"))));
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
}
