package org.gpusched.cli;

import org.gpusched.experiment.CopyExecExperiment;
import org.gpusched.experiment.GcapsExperiment;
import org.gpusched.experiment.PartitioningExperiment;
import org.gpusched.experiment.SweepChecks;
import org.gpusched.rta.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * The experiments of the related work gpusched reproduces beside its own paper's (ExperimentCommand):
 * the GCAPS evaluation, SM partitioning (Zahaf et al.) and the copy/execute strategies (Muyan-Ozcelik
 * and Owens). Each is an {@code experiment} subcommand sharing {@link ExperimentCommand.Run}.
 */
final class RelatedExperiments {
    private RelatedExperiments() {
    }

    @Command(name = "gcaps", mixinStandardHelpOptions = true,
            description = {"The GCAPS evaluation: schedulable ratio of the GCAPS family (TSG-RR, GCAPS with CPU and "
                    + "Audsley GPU priorities, MPCP, FMLP+; busy and suspend) against tasks per CPU, per-CPU "
                    + "utilisation and best-effort share.",
                    "Writes gcaps.csv, gcaps-sets.csv and gcaps-tasks/gcaps-utilization/gcaps-best-effort .png/.svg. "
                            + "--each-time-limit is not used (the analyses take milliseconds)."})
    static final class Gcaps extends ExperimentCommand.Run {
        @Option(names = "--tasks-per-cpu", paramLabel = "RANGE", defaultValue = "3..6",
                description = "Tasks per CPU of the first sweep, e.g. 3..6 or 3,5. Default: ${DEFAULT-VALUE}.")
        String tasksPerCpu;

        @Option(names = "--utilizations", paramLabel = "LIST", split = ",",
                defaultValue = "0.2,0.3,0.4,0.5,0.6,0.7,0.8",
                description = "Per-CPU utilisations of the second sweep. Default: ${DEFAULT-VALUE}.")
        List<Double> utilizations;

        @Option(names = "--best-effort", paramLabel = "LIST", split = ",", defaultValue = "0,0.1,0.2,0.3,0.4,0.5",
                description = "Shares of best-effort tasks of the third sweep. Default: ${DEFAULT-VALUE}.")
        List<Double> bestEffort;

        @Mixin
        SharedOptions.Sets sets = new SharedOptions.Sets(100);

        @Option(names = "--variant", paramLabel = "safe|paper|artifact", defaultValue = "safe",
                description = "Analysis variant (docs/rta.md): safe (the paper with the corrections its simulator "
                        + "showed are needed), paper (as printed) or artifact. Default: ${DEFAULT-VALUE}.")
        String variant;

        @Override
        public Integer call() throws IOException {
            CommandLine cl = spec.commandLine();
            List<Integer> tpc = ExperimentCommand.range(cl, tasksPerCpu);
            Usage.refuse(cl, SweepChecks.gcaps(sets.value, tpc, utilizations, bestEffort, variant));
            return execute(new GcapsExperiment(sweep.seed.value, tpc, utilizations, bestEffort, sets.value,
                    Variant.valueOf(variant.toUpperCase(Locale.ROOT))));
        }
    }

    @Command(name = "partitioning", mixinStandardHelpOptions = true,
            description = {"SM partitioning (Zahaf et al., RTNS 2021, section 7): schedulable ratio, scheduled workload,"
                    + " partitions and analysis time of SMS-ACT, SMS-INA, BF-ACT, BF-INA and 1G per total utilisation,"
                    + " on UUniFast-Discard sets of kernels (half memory-bound by default).",
                    "Writes partitioning.csv, partitioning-sets.csv and partitioning-{schedulability,workload,"
                            + "partitions,time}-nN .png/.svg. --each-time-limit is not used (see docs/partitioning.md)."})
    static final class Partitioning extends ExperimentCommand.Run {
        @Option(names = "--sms", paramLabel = "M", defaultValue = "68",
                description = "SMs of the GPU (the paper: RTX 2080 Ti, 68). Default: ${DEFAULT-VALUE}.")
        long sms;

        @Option(names = {"-n", "--tasks"}, paramLabel = "LIST", split = ",", defaultValue = "50,200",
                description = "Tasks per set. Default: ${DEFAULT-VALUE}.")
        List<Integer> tasks;

        @Option(names = "--utilizations", paramLabel = "LIST", split = ",",
                description = "Total utilisations. Default: 2,4,...,M.")
        List<Double> utilizations;

        @Mixin
        SharedOptions.Sets sets = new SharedOptions.Sets(100);

        @Option(names = "--prm", paramLabel = "P", defaultValue = "0.5",
                description = "Probability that a task is memory-bound. Default: ${DEFAULT-VALUE}.")
        double prm;

        @Option(names = "--deadline-ratio", paramLabel = "R", defaultValue = "0.75",
                description = "D = R·T. Default: ${DEFAULT-VALUE}.")
        double deadlineRatio;

        @Mixin
        PolicyOptions policy;

        @Override
        public Integer call() throws IOException {
            CommandLine cl = spec.commandLine();
            List<Double> us = utilizations == null
                    ? PartitioningExperiment.paperUtilizations(sms) : utilizations;
            Usage.refuse(cl, SweepChecks.partitioning(sms, sets.value, tasks, us, prm, deadlineRatio));
            return execute(new PartitioningExperiment(sweep.seed.value, sms,
                    tasks, us, sets.value, prm, deadlineRatio, policy.partition(cl)));
        }
    }

    @Command(name = "copy-exec", mixinStandardHelpOptions = true,
            description = {"The shape of Table III of Muyan-Ozcelik and Owens (CCPE 2017): the four copy/execute strategies"
                    + " simulated on six synthetic cases (small/large kernels, balanced/unbalanced copies, 1 or 2 copy"
                    + " engines), compared by our P[X] = S[traditional] / S[X] (docs/results.md).",
                    "Writes copy-exec.csv and copy-exec .png/.svg. --each-time-limit is not used."})
    static final class CopyExec extends ExperimentCommand.Run {
        @Option(names = "--sets", paramLabel = "N", defaultValue = "100", description = "Workloads per case. Default: ${DEFAULT-VALUE}.")
        int sets;

        @Override
        public Integer call() throws IOException {
            Usage.refuse(spec.commandLine(), SweepChecks.copyExec(sets));
            return execute(new CopyExecExperiment(sweep.seed.value, sets));
        }
    }
}
