package org.gpusched.cli;

import org.gpusched.input.WorkloadReader;
import org.gpusched.interop.*;
import org.gpusched.model.*;
import org.gpusched.output.Outputs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

@Command(name = "export", mixinStandardHelpOptions = true)
final class ExportCommand extends BaseCommand {
    enum Target { mast, mast2, sag }

    @Option(names = "--to", required = true, paramLabel = "FORMAT")
    Target to;

    @Parameters(paramLabel = "FILE")
    Path file;

    @Mixin
    SharedOptions.OutputFile output;

    @Option(names = "--arrival", paramLabel = "RULE", defaultValue = "window", converter = ArrivalConverter.class)
    SagJobs.Arrival arrival;

    @Option(names = "--priority", paramLabel = "RULE", defaultValue = "rank", converter = PriorityConverter.class)
    SagJobs.Priority priority;

    @Option(names = "--steady-state")
    boolean steadyState;

    @Option(names = "--allow-external-modules")
    boolean allowExternalModules;

    @Override
    public Integer call() {
        Outputs outputs = output.outputs(file, output.path);
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
        if (e.precedence() != null) {
            if (output.path == null) {
                err.println(Escapes.text(file.toString())
                        + ": export --to sag: the chains need a precedence file next to the jobs: give -o OUT");
                return ExitCodes.INVALID;
            }
            Path prec = Exports.precedencePath(output.path);
            outputs.check(prec);
            outputs.writeString(prec, e.precedence());
        }
        if (output.path == null) {
            out().print(e.text());
        } else {
            outputs.writeString(output.path, e.text());
        }
        return ExitCodes.OK;
    }

    /** An enum option written in lower case ("window" for WINDOW). */
    abstract static class LowerCaseEnum<E extends Enum<E>> implements CommandLine.ITypeConverter<E> {
        private final Class<E> type;

        LowerCaseEnum(Class<E> type) {
            this.type = type;
        }

        @Override
        public E convert(String v) {
            List<String> names = Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT))
                    .toList();
            if (names.contains(v)) {
                return type.getEnumConstants()[names.indexOf(v)];
            }
            throw new CommandLine.TypeConversionException("expected " + String.join(" or ", names) + ", got '" + v + "'");
        }
    }

    static final class ArrivalConverter extends LowerCaseEnum<SagJobs.Arrival> {
        ArrivalConverter() {
            super(SagJobs.Arrival.class);
        }
    }

    static final class PriorityConverter extends LowerCaseEnum<SagJobs.Priority> {
        PriorityConverter() {
            super(SagJobs.Priority.class);
        }
    }
}
