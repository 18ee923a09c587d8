package org.gpusched.cli;

import org.gpusched.experiment.*;
import org.gpusched.model.ExitCodes;
import org.gpusched.policy.MethodRegistry;
import org.gpusched.report.FilesWritten;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

@Command(name = "experiment", mixinStandardHelpOptions = true,
        subcommands = {ExperimentCommand.Schedulability.class, ExperimentCommand.Runtime.class,
                ExperimentCommand.GraphSize.class, RelatedExperiments.Gcaps.class, ExperimentCommand.CrossPolicy.class,
                RelatedExperiments.Partitioning.class, RelatedExperiments.CopyExec.class, ExperimentInterferenceCommand.class,
                ExperimentMergeCommand.class})
final class ExperimentCommand extends BaseCommand {
    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(cl(), "missing experiment (try 'gpusched experiment --help')");
    }

    /** Task counts "3..10" or "3,5,7" (bounded before a range is expanded). */
    static List<Integer> range(CommandLine cl, String spec) {
        return Usage.parsed(cl, "", () -> SweepChecks.taskCounts(spec));
    }

    /** What every experiment run shares: its spec, the common and sweep options (a picocli superclass). */
    abstract static class Run extends CommonCommand implements NoCsv {
        @Mixin
        SweepOptions sweep;
        @Mixin
        ProgressOption progress;

        /** Runs an experiment (or one shard) and lists the files written. */
        int execute(Experiment e) throws IOException {
            Shard shard = sweep.shard(cl());
            if (sweep.slurm != null) {
                return SlurmScripts.write(cl(), sweep, e.kind(), common);
            }
            List<Path> files = SweepRuns.run(e, shard, sweep.threads, sweep.deadline(System.nanoTime()),
                    sweep.out(e.kind()), sweep.folder.force, err(), progress.to(err(), common.quiet));
            if (files == null) {
                return ExitCodes.INCONCLUSIVE;
            }
            FilesWritten.report(out(), common.format, common.quiet, files);
            return ExitCodes.OK;
        }
    }

    @Command(name = "schedulability", mixinStandardHelpOptions = true)
    static final class Schedulability extends Run {
        @Mixin
        PaperSetsOptions sets;

        @Override
        public Integer call() throws IOException {
            List<Scenario> scenarios = sets.check(cl());
            return execute(new SchedulabilityExperiment(sweep.seed.value, scenarios, sets.utilizations(),
                    sets.sets.value, sets.tasks.value, sweep.eachTimeLimit));
        }
    }

    @Command(name = "runtime", mixinStandardHelpOptions = true)
    static final class Runtime extends Run {
        @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "large")
        Scenario scenario;

        @Option(names = "--utilizations", paramLabel = "LIST", split = ",")
        List<Double> utilizations;

        @Option(names = "--utilization-tasks", paramLabel = "N", defaultValue = "5")
        int utilizationTasks;

        @Option(names = "--tasks-range", paramLabel = "RANGE", defaultValue = "3..10")
        String tasksRange;

        @Option(names = "--fixed-utilization", paramLabel = "U", defaultValue = "1.0")
        double fixedUtilization;

        @Mixin
        SharedOptions.Sets sets = new SharedOptions.Sets(50);

        @Override
        public Integer call() throws IOException {
            List<Double> us = utilizations == null ? SchedulabilityExperiment.paperUtilizations() : utilizations;
            List<Integer> ns = range(cl(), tasksRange);
            Usage.refuse(cl(), SweepChecks.runtime(us, utilizationTasks, ns, fixedUtilization, sets.value));
            return execute(new RuntimeExperiment(sweep.seed.value,
                    scenario, us, utilizationTasks, ns, fixedUtilization, sets.value,
                    sweep.eachTimeLimit));
        }
    }

    @Command(name = "graph-size", mixinStandardHelpOptions = true)
    static final class GraphSize extends Run {
        @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "large")
        Scenario scenario;

        @Option(names = {"-u", "--utilization"}, paramLabel = "U", defaultValue = "1.0")
        double utilization;

        @Mixin
        SharedOptions.Tasks tasks;

        @Mixin
        SharedOptions.Sets sets = new SharedOptions.Sets(3);

        @Option(names = "--max-states", paramLabel = "N", converter = StateBudgetConverter.class, defaultValue = "2000000")
        long maxStates;

        @Override
        public Integer call() throws IOException {
            Usage.refuse(cl(), SweepChecks.graphSize(sets.value, maxStates, tasks.value, utilization));
            return execute(new GraphSizeExperiment(sweep.seed.value,
                    scenario, utilization, tasks.value, sets.value, maxStates, sweep.eachTimeLimit));
        }
    }

    @Command(name = "cross-policy", mixinStandardHelpOptions = true)
    static final class CrossPolicy extends Run {
        @Mixin
        PaperSetsOptions sets;

        @Option(names = "--methods", paramLabel = "LIST", split = ",")
        List<String> methods;

        @Mixin
        PolicyOptions policy;

        @Override
        public Integer call() throws IOException {
            List<String> ids = methods == null ? CrossPolicyExperiment.DEFAULT_METHODS : methods;
            PolicyOptions.resolve(cl(), MethodRegistry.standard(), ids);
            List<Scenario> scenarios = sets.check(cl());
            return execute(new CrossPolicyExperiment(sweep.seed.value, scenarios, sets.utilizations(),
                    sets.sets.value, sets.tasks.value, sweep.eachTimeLimit, ids, policy.gpuPriority, policy.variant));
        }
    }
}
