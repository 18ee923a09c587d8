package org.gpusched.cli;

import org.gpusched.experiment.Scenario;
import org.gpusched.experiment.SchedulabilityExperiment;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.util.List;

/**
 * The sets of the paper's Figure 4 (scenarios, utilisations, sets per point, tasks per set): a
 * picocli mixin for the sweeps that draw them, checked once here.
 */
public final class PaperSetsOptions {
    @Option(names = "--scenarios", paramLabel = "LIST", split = ",", defaultValue = "small,large,mixed",
            description = "Scenarios. Default: ${DEFAULT-VALUE}.")
    List<String> scenarios;

    @Option(names = "--utilizations", paramLabel = "LIST", split = ",",
            description = "Total utilisations. Default: 0.2,0.4,...,2.0.")
    List<Double> utilizations;

    @Option(names = "--sets", paramLabel = "N", defaultValue = "50", description = "Sets per point. Default: ${DEFAULT-VALUE}.")
    int sets;

    @Option(names = {"-n", "--tasks"}, paramLabel = "N", defaultValue = "5", description = "Tasks per set. Default: ${DEFAULT-VALUE}.")
    int tasks;

    /** The utilisations given, or the paper's. */
    List<Double> utilizations() {
        return utilizations == null ? SchedulabilityExperiment.paperUtilizations() : utilizations;
    }

    /** Checks every value (usage errors, exit 2) and returns the scenarios. */
    List<Scenario> check(CommandLine cl) {
        ExperimentCommand.check(cl, sets >= 1 && tasks >= 1 && tasks <= 64, "need --sets >= 1 and 1 <= --tasks <= 64");
        ExperimentCommand.check(cl, utilizations().stream().allMatch(u -> u > 0 && u <= tasks),
                "every utilisation must be in (0, tasks]");
        ExperimentCommand.checkUnits(cl, (long) scenarios.size() * utilizations().size(), sets);
        return ExperimentCommand.scenarios(cl, scenarios);
    }
}
