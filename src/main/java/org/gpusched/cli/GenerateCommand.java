package org.gpusched.cli;

import org.gpusched.experiment.Generator;
import org.gpusched.experiment.Scenario;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.InputException;
import org.gpusched.output.Outputs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "generate", mixinStandardHelpOptions = true,
        description = {"Generate task sets of the paper's section 6 workload (v1 JSON; see docs/experiments.md).",
                "Set i of a point (scenario, U, n) is a pure function of (--seed, scenario, U, n, i)."},
        footerHeading = "%nExamples:%n",
        footer = {"  gpusched generate --utilization 1.0 --scenario large > ts.json",
                "  gpusched generate --utilization 1.4 --count 50 --out sets/",
                "  gpusched generate --seed 1 --scenario large --utilization 1.0 --tasks 5 --index 17"})
final class GenerateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    SharedOptions.Seed seed;

    @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "mixed",
            description = "Slowdown range: small [1.1,1.4], large [1.7,1.9], mixed [1.1,1.9]. Default: ${DEFAULT-VALUE}.")
    String scenario;

    @Option(names = {"-u", "--utilization"}, paramLabel = "U", required = true,
            description = "Target total utilisation (0 < U <= tasks).")
    double utilization;

    @Mixin
    SharedOptions.Tasks tasks;

    @Option(names = "--index", paramLabel = "I", defaultValue = "0",
            description = "Index of the first set. Default: ${DEFAULT-VALUE}.")
    int index;

    @Option(names = "--count", paramLabel = "K", defaultValue = "1",
            description = "Number of sets (indices I..I+K-1). Default: ${DEFAULT-VALUE}.")
    int count;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write one file per set, NAME.json, here (created if needed). Without it: stdout, one set only.")
    Path out;

    @Option(names = "--force", description = "Overwrite files in DIR that gpusched did not write.")
    boolean force;

    @Option(names = "--chain", paramLabel = "K", defaultValue = "1",
            description = "Pipelines: each task a chain of 1..K kernels (its wcet split at random points; format v2)."
                    + " Default: ${DEFAULT-VALUE} (one kernel, format v1).")
    int chain;

    @Option(names = "--offsets", description = "Pipelines: a release offset per task in the first half of its"
            + " period, with the deadline at the end of the period (D = T - offset).")
    boolean offsets;

    @Option(names = "--jitter", paramLabel = "F", defaultValue = "0",
            description = "Pipelines: release jitter of floor(F x deadline) per task, 0 <= F <= 1. Default: ${DEFAULT-VALUE}.")
    double jitter;

    @Override
    public Integer call() {
        Scenario sc;
        try {
            sc = Scenario.parse(scenario);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--scenario: " + e.getMessage());
        }
        Usage.refuse(spec.commandLine(), count < 1 || index < 0, "--count must be >= 1 and --index >= 0");
        Usage.refuse(spec.commandLine(), tasks.value < 1 || tasks.value > 64 || !(utilization > 0)
                || utilization > tasks.value, "need 1 <= --tasks <= 64 and 0 < --utilization <= --tasks");
        Usage.refuse(spec.commandLine(), chain < 1 || chain > 64 || !(jitter >= 0 && jitter <= 1),
                "need 1 <= --chain <= 64 and 0 <= --jitter <= 1");
        Usage.refuse(spec.commandLine(), out == null && count != 1, "--count > 1 needs --out DIR");
        PrintWriter stdout = spec.commandLine().getOut();
        Outputs outputs = Outputs.of(List.of(), force);
        if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
            throw new InputException(out.toString(), "", "is a file, not a folder");
        }
        for (int i = index; i < index + count; i++) {
            Generator.GeneratedSet g;
            try {
                g = Generator.generate(seed.value, sc, utilization, tasks.value, i,
                        new Generator.Pipeline(chain, offsets, jitter));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            if (out == null) {
                stdout.print(g.json());
            } else {
                outputs.writeString(out.resolve(g.name() + ".json"), g.json());
            }
        }
        return ExitCodes.OK;
    }
}
