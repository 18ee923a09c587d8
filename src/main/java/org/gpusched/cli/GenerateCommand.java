package org.gpusched.cli;

import org.gpusched.experiment.Generator;
import org.gpusched.experiment.Scenario;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.InputException;
import org.gpusched.output.Outputs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;

@Command(name = "generate", mixinStandardHelpOptions = true)
final class GenerateCommand extends BaseCommand {
    @Mixin
    SharedOptions.Seed seed;

    @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "mixed")
    Scenario scenario;

    @Option(names = {"-u", "--utilization"}, paramLabel = "U", required = true)
    double utilization;

    @Mixin
    SharedOptions.Tasks tasks;

    @Option(names = "--index", paramLabel = "I", defaultValue = "0")
    int index;

    @Option(names = "--count", paramLabel = "K", defaultValue = "1")
    int count;

    @Option(names = "--out", paramLabel = "DIR")
    Path out;

    @Option(names = "--force")
    boolean force;

    @Option(names = "--chain", paramLabel = "K", defaultValue = "1")
    int chain;

    @Option(names = "--offsets")
    boolean offsets;

    @Option(names = "--jitter", paramLabel = "F", defaultValue = "0")
    double jitter;

    @Override
    public Integer call() {
        Usage.refuse(cl(), count < 1 || index < 0, "--count must be >= 1 and --index >= 0");
        Usage.refuse(cl(), tasks.value < 1 || tasks.value > 64 || !(utilization > 0)
                || utilization > tasks.value, "need 1 <= --tasks <= 64 and 0 < --utilization <= --tasks");
        Usage.refuse(cl(), chain < 1 || chain > 64 || !(jitter >= 0 && jitter <= 1),
                "need 1 <= --chain <= 64 and 0 <= --jitter <= 1");
        Usage.refuse(cl(), out == null && count != 1, "--count > 1 needs --out DIR");
        Outputs.refuseStdoutFolder(out);
        Outputs outputs = Outputs.of(List.of(), force);
        if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
            throw new InputException(out.toString(), "", "is a file, not a folder");
        }
        IntFunction<Generator.GeneratedSet> set = i -> Usage.parsed(cl(), "", () -> Generator.generate(seed.value,
                scenario, utilization, tasks.value, i, new Generator.Pipeline(chain, offsets, jitter)));
        // Every file is checked before the first is written: a refused one leaves no set of this run behind.
        for (int i = index; out != null && i < index + count; i++) {
            outputs.check(out.resolve(set.apply(i).name() + ".json"));
        }
        for (int i = index; i < index + count; i++) {
            Generator.GeneratedSet g = set.apply(i);
            if (out == null) {
                out().print(g.json());
            } else {
                outputs.writeString(out.resolve(g.name() + ".json"), g.json());
            }
        }
        return ExitCodes.OK;
    }
}
