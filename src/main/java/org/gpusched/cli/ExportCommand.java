package org.gpusched.cli;

import org.gpusched.input.WorkloadReader;
import org.gpusched.interop.*;
import org.gpusched.model.*;
import org.gpusched.output.Outputs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;

@Command(name = "export", mixinStandardHelpOptions = true)
final class ExportCommand extends BaseCommand {
    enum Target { mast, mast2, sag }

    @Option(names = "--to", required = true, paramLabel = "FORMAT")
    Target to;

    @Parameters(paramLabel = "FILE")
    Path file;

    @Mixin
    SharedOptions.OutputFile output;

    @Option(names = "--arrival", paramLabel = "RULE", defaultValue = "window")
    SagJobs.Arrival arrival;

    @Option(names = "--priority", paramLabel = "RULE", defaultValue = "rank")
    SagJobs.Priority priority;

    @Option(names = "--steady-state")
    boolean steadyState;

    @Option(names = "--allow-external-modules")
    boolean allowExternalModules;

    @Override
    public Integer call() {
        Outputs outputs = output.outputs(file, output.path, out());
        PrintWriter err = err();
        if (to != Target.sag && (cl().getParseResult().hasMatchedOption("--arrival")
                || cl().getParseResult().hasMatchedOption("--priority") || steadyState)) {
            err.println("export: --arrival, --priority and --steady-state apply to --to sag only");
            return ExitCodes.INVALID;
        }
        Workload w = new WorkloadReader(allowExternalModules).read(file);
        Exports.Exported e = Exports.of(Escapes.text(file.toString()), w, to.name(), steadyState, arrival, priority,
                Budget.defaults().start());
        e.lines().forEach(err::println);
        if (e.code() != ExitCodes.OK) {
            return e.code();
        }
        boolean toStdout = output.path == null || output.path.toString().equals("-"); // -o -: stdout, as in optimize
        if (e.precedence() != null) {
            if (toStdout) {
                err.println(Escapes.text(file.toString())
                        + ": export --to sag: the chains need a precedence file next to the jobs: give -o OUT");
                return ExitCodes.INVALID;
            }
            Path prec = Exports.precedencePath(output.path);
            outputs.check(prec);
            outputs.writeString(prec, e.precedence());
        }
        outputs.writeString(toStdout ? Path.of("-") : output.path, e.text());
        return ExitCodes.OK;
    }
}
