package org.gpusched.cli;

import org.gpusched.experiment.CopyExecExperiment;
import org.gpusched.experiment.GcapsExperiment;
import org.gpusched.experiment.PartitioningExperiment;
import org.gpusched.experiment.SweepChecks;
import org.gpusched.rta.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.util.List;

/**
 * The experiments of the related work gpusched reproduces beside its own paper's (ExperimentCommand):
 * the GCAPS evaluation, SM partitioning (Zahaf et al.) and the copy/execute strategies (Muyan-Ozcelik
 * and Owens). Each is an {@code experiment} subcommand sharing {@link ExperimentCommand.Run}.
 */
final class RelatedExperiments {
    private RelatedExperiments() {
    }

    @Command(name = "gcaps", mixinStandardHelpOptions = true)
    static final class Gcaps extends ExperimentCommand.Run {
        @Option(names = "--tasks-per-cpu", paramLabel = "RANGE", defaultValue = "3..6")
        String tasksPerCpu;

        @Option(names = "--utilizations", paramLabel = "LIST", split = ",",
                defaultValue = "0.2,0.3,0.4,0.5,0.6,0.7,0.8")
        List<Double> utilizations;

        @Option(names = "--best-effort", paramLabel = "LIST", split = ",", defaultValue = "0,0.1,0.2,0.3,0.4,0.5")
        List<Double> bestEffort;

        @Mixin
        SharedOptions.Sets sets = new SharedOptions.Sets(100);

        @Option(names = "--variant", paramLabel = "safe|paper|artifact", defaultValue = "safe")
        Variant variant;

        @Override
        public Integer call() throws IOException {
            List<Integer> tpc = ExperimentCommand.range(cl(), tasksPerCpu);
            Usage.refuse(cl(), SweepChecks.gcaps(sets.value, tpc, utilizations, bestEffort));
            return execute(new GcapsExperiment(sweep.seed.value, tpc, utilizations, bestEffort, sets.value,
                    variant));
        }
    }

    @Command(name = "partitioning", mixinStandardHelpOptions = true)
    static final class Partitioning extends ExperimentCommand.Run {
        @Option(names = "--sms", paramLabel = "M", defaultValue = "68")
        long sms;

        @Option(names = {"-n", "--tasks"}, paramLabel = "LIST", split = ",", defaultValue = "50,200")
        List<Integer> tasks;

        @Option(names = "--utilizations", paramLabel = "LIST", split = ",")
        List<Double> utilizations;

        @Mixin
        SharedOptions.Sets sets = new SharedOptions.Sets(100);

        @Option(names = "--prm", paramLabel = "P", defaultValue = "0.5")
        double prm;

        @Option(names = "--deadline-ratio", paramLabel = "R", defaultValue = "0.75")
        double deadlineRatio;

        @Mixin
        PolicyOptions policy;

        @Override
        public Integer call() throws IOException {
            List<Double> us = utilizations == null
                    ? PartitioningExperiment.paperUtilizations(sms) : utilizations;
            Usage.refuse(cl(), SweepChecks.partitioning(sms, sets.value, tasks, us, prm, deadlineRatio));
            return execute(new PartitioningExperiment(sweep.seed.value, sms,
                    tasks, us, sets.value, prm, deadlineRatio, policy.partition(cl())));
        }
    }

    @Command(name = "copy-exec", mixinStandardHelpOptions = true)
    static final class CopyExec extends ExperimentCommand.Run {
        @Mixin
        SharedOptions.Sets sets = new SharedOptions.Sets(100);

        @Override
        public Integer call() throws IOException {
            Usage.refuse(cl(), SweepChecks.copyExec(sets.value));
            return execute(new CopyExecExperiment(sweep.seed.value, sets.value));
        }
    }
}
