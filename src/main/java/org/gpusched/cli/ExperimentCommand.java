package org.gpusched.cli;

import org.gpusched.experiment.*;
import org.gpusched.model.ExitCodes;
import org.gpusched.output.Outputs;
import org.gpusched.output.RunFolder;
import org.gpusched.policy.MethodRegistry;
import org.gpusched.report.FilesWritten;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "experiment", mixinStandardHelpOptions = true,
        description = "Reproduce the paper's section 6 experiments (workload and outputs: docs/experiments.md).",
        subcommands = {ExperimentCommand.Schedulability.class, ExperimentCommand.Runtime.class,
                ExperimentCommand.GraphSize.class, RelatedExperiments.Gcaps.class, ExperimentCommand.CrossPolicy.class,
                RelatedExperiments.Partitioning.class, RelatedExperiments.CopyExec.class, ExperimentInterferenceCommand.class,
                ExperimentMergeCommand.class},
        footerHeading = "%nExamples:%n",
        footer = {"  gpusched experiment schedulability --out results/",
                "  gpusched experiment schedulability --sets 5 --threads 2 --out /tmp/fig4",
                "  gpusched experiment runtime --sets 20 --tasks-range 3..8 --out results/",
                "  gpusched experiment graph-size --out results/",
                "  gpusched experiment gcaps --sets 100 --threads 4 --out results/",
                "  gpusched experiment partitioning --sets 10 --threads 2 --out /tmp/partitioning",
                "  gpusched experiment schedulability --shard 3/8 --out shards/",
                "  gpusched experiment interference --device sim --out results/",
                "  gpusched experiment merge shards/schedulability-shard-*.csv --out results/"})
final class ExperimentCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing experiment (try 'gpusched experiment --help')");
    }

    static List<Scenario> scenarios(CommandLine cl, List<String> names) {
        List<Scenario> out = new ArrayList<>();
        try {
            for (String s : names) {
                out.add(Scenario.parse(s));
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, "--scenario(s): " + e.getMessage());
        }
        return out;
    }

    /** Task counts "3..10" or "3,5,7" (bounded before a range is expanded). */
    static List<Integer> range(CommandLine cl, String spec) {
        try {
            return SweepChecks.taskCounts(spec);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
    }

    /** What every experiment run shares: its spec, the common and sweep options (a picocli superclass). */
    abstract static class Run implements Callable<Integer>, NoCsv {
        @Spec
        CommandSpec spec;
        @Mixin
        CommonOptions common;
        @Mixin
        SweepOptions sweep;

        /** Runs an experiment (or one shard) and lists the files written. */
        int execute(Experiment e) throws IOException {
            Shard shard = sweep.shard(spec.commandLine());
            List<Path> files;
            long deadline = sweep.deadline(System.nanoTime());
            try (RunFolder dir = Outputs.of(List.of(), sweep.folder.force).folder(sweep.out(e.kind()), Sweep.folderKind(e.kind()))) {
                files = Sweep.execute(e, shard, sweep.threads, deadline, dir, spec.commandLine().getErr());
                // A plot the host cannot draw leaves the measurement and its exit code as they are.
                ExperimentMergeCommand.problems(spec.commandLine().getErr(), "experiment " + e.kind(), dir.problems());
            } catch (Sweep.OutOfTime t) {
                spec.commandLine().getErr().println("experiment " + e.kind() + ": --time-limit reached after "
                        + t.done() + " of " + t.total() + " units; nothing written (raise --time-limit or split the"
                        + " run with --shard K/N)");
                return ExitCodes.INCONCLUSIVE;
            }
            FilesWritten.report(spec.commandLine().getOut(), common.format, common.quiet, files);
            return ExitCodes.OK;
        }
    }

    @Command(name = "schedulability", mixinStandardHelpOptions = true,
            description = {"Figure 4: schedulable ratio of GPUSched, EDF-serial and EDF-parallel per scenario and U.",
                    "Writes schedulability.csv, schedulability-sets.csv (one row per set) and "
                            + "schedulability-SCENARIO.png/.svg."})
    static final class Schedulability extends Run {
        @Mixin
        PaperSetsOptions sets;

        @Override
        public Integer call() throws IOException {
            List<Scenario> scenarios = sets.check(spec.commandLine());
            return execute(new SchedulabilityExperiment(sweep.seed.value, scenarios, sets.utilizations(),
                    sets.sets.value, sets.tasks.value, sweep.eachTimeLimit));
        }
    }

    @Command(name = "runtime", mixinStandardHelpOptions = true,
            description = {"Figures 5a and 5b: GPUSched analysis time across U (percentiles) and across the number of tasks.",
                    "Writes runtime-by-utilization.csv, runtime-by-tasks.csv, runtime-sets.csv and "
                            + "runtime-utilization/runtime-tasks .png/.svg."})
    static final class Runtime extends Run {
        @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "large",
                description = "Scenario (the paper shows large). Default: ${DEFAULT-VALUE}.")
        String scenario;

        @Option(names = "--utilizations", paramLabel = "LIST", split = ",",
                description = "U values of the first sweep (Figure 5a). Default: 0.2,0.4,...,2.0.")
        List<Double> utilizations;

        @Option(names = "--utilization-tasks", paramLabel = "N", defaultValue = "5",
                description = "Tasks per set in the U sweep. Default: ${DEFAULT-VALUE}.")
        int utilizationTasks;

        @Option(names = "--tasks-range", paramLabel = "RANGE", defaultValue = "3..10",
                description = "Task counts of the second sweep (Figure 5b), e.g. 3..10 or 3,5,7. Default: ${DEFAULT-VALUE}.")
        String tasksRange;

        @Option(names = "--fixed-utilization", paramLabel = "U", defaultValue = "1.0",
                description = "U of the task-count sweep. Default: ${DEFAULT-VALUE}.")
        double fixedUtilization;

        @Mixin
        SharedOptions.Sets sets = new SharedOptions.Sets(50);

        @Override
        public Integer call() throws IOException {
            CommandLine cl = spec.commandLine();
            List<Double> us = utilizations == null ? SchedulabilityExperiment.paperUtilizations() : utilizations;
            List<Integer> ns = range(cl, tasksRange);
            Usage.refuse(cl, SweepChecks.runtime(us, utilizationTasks, ns, fixedUtilization, sets.value));
            return execute(new RuntimeExperiment(sweep.seed.value,
                    scenarios(cl, List.of(scenario)).get(0), us, utilizationTasks, ns, fixedUtilization, sets.value,
                    sweep.eachTimeLimit));
        }
    }

    @Command(name = "graph-size", mixinStandardHelpOptions = true,
            description = {"Figure 5c: vertices created against jobs completed, with and without merging "
                    + "(BFS, no early stop).", "Writes graph-size.csv, graph-size-sets.csv and graph-size.png/.svg."})
    static final class GraphSize extends Run {
        @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "large", description = "Default: ${DEFAULT-VALUE}.")
        String scenario;

        @Option(names = {"-u", "--utilization"}, paramLabel = "U", defaultValue = "1.0", description = "Default: ${DEFAULT-VALUE}.")
        double utilization;

        @Option(names = {"-n", "--tasks"}, paramLabel = "N", defaultValue = "5", description = "Default: ${DEFAULT-VALUE}.")
        int tasks;

        @Option(names = "--sets", paramLabel = "N", defaultValue = "3", description = "Sets (indices 0..N-1). Default: ${DEFAULT-VALUE}.")
        int sets;

        @Option(names = "--max-states", paramLabel = "N", converter = StateBudgetConverter.class, defaultValue = "2000000",
                description = "State budget of each run (it is what stops the no-merge run). Default: ${DEFAULT-VALUE}.")
        long maxStates;

        @Override
        public Integer call() throws IOException {
            CommandLine cl = spec.commandLine();
            Usage.refuse(cl, SweepChecks.graphSize(sets, maxStates, tasks, utilization));
            return execute(new GraphSizeExperiment(sweep.seed.value,
                    scenarios(cl, List.of(scenario)).get(0), utilization, tasks, sets, maxStates, sweep.eachTimeLimit));
        }
    }

    @Command(name = "cross-policy", mixinStandardHelpOptions = true,
            description = {"One workload, every policy: the schedulable ratio of PBS, the EDF baselines and the GCAPS "
                    + "family on the same GPU-only sets (the generator of Figure 4, each task on its own core).",
                    "Writes cross-policy.csv, cross-policy-sets.csv and cross-policy-SCENARIO .png/.svg."})
    static final class CrossPolicy extends Run {
        @Mixin
        PaperSetsOptions sets;

        @Option(names = "--methods", paramLabel = "LIST", split = ",",
                description = "Methods, in column order (see 'gpusched methods'). Default: PBS, the EDF baselines and "
                        + "the eight GCAPS-family analyses.")
        List<String> methods;

        @Mixin
        PolicyOptions policy;

        @Override
        public Integer call() throws IOException {
            CommandLine cl = spec.commandLine();
            List<String> ids = methods == null ? CrossPolicyExperiment.DEFAULT_METHODS : methods;
            PolicyOptions.resolve(cl, MethodRegistry.standard(), ids);
            List<Scenario> scenarios = sets.check(cl);
            return execute(new CrossPolicyExperiment(sweep.seed.value, scenarios, sets.utilizations(),
                    sets.sets.value, sets.tasks.value, sweep.eachTimeLimit, ids, policy.gpuPriority(cl), policy.variant(cl)));
        }
    }
}
