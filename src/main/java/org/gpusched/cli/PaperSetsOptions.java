package org.gpusched.cli;

import org.gpusched.experiment.Scenario;
import org.gpusched.experiment.SchedulabilityExperiment;
import org.gpusched.experiment.SweepChecks;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.util.List;

/**
 * The sets of the paper's Figure 4 (scenarios, utilisations, sets per point, tasks per set): a
 * picocli mixin for the sweeps that draw them, checked once here.
 */
public final class PaperSetsOptions {
    @Option(names = "--scenarios", paramLabel = "LIST", split = ",", defaultValue = "small,large,mixed")
    List<Scenario> scenarios;

    @Option(names = "--utilizations", paramLabel = "LIST", split = ",")
    List<Double> utilizations;

    @Mixin
    SharedOptions.Sets sets = new SharedOptions.Sets(50);

    @Mixin
    SharedOptions.Tasks tasks;

    List<Double> utilizations() {
        return utilizations == null ? SchedulabilityExperiment.paperUtilizations() : utilizations;
    }

    /** Checks every value (usage errors, exit 2) and returns the scenarios. */
    List<Scenario> check(CommandLine cl) {
        Usage.refuse(cl, SweepChecks.paperSets(scenarios.size(), utilizations(), sets.value, tasks.value));
        return scenarios;
    }
}
