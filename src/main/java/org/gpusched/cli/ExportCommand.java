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
import java.util.List;

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
        String name = Escapes.text(file.toString());
        String text;
        if (to == Target.sag) {
            if (w.pbs() == null) {
                err.println(name + ": export --to sag: not applicable: " + w.pbsNote());
                return ExitCodes.INVALID;
            }
            SagExport.Result r = SagExport.of(w.pbs(), steadyState, arrival, priority,
                    Budget.defaults().start());
            if (r.refusal() != null) {
                err.println(name + ": export --to sag: " + r.refusal());
                return r.inconclusive() ? ExitCodes.INCONCLUSIVE : ExitCodes.INVALID;
            }
            if (r.note() != null) {
                err.println(name + ": note: " + r.note());
            }
            SagJobs.Files f = r.files();
            text = f.jobs();
            if (f.precedence() != null) {
                if (output.path == null) {
                    err.println(name + ": export --to sag: the chains need a precedence file next to the jobs: give -o OUT");
                    return ExitCodes.INVALID;
                }
                Path prec = precedencePath(output.path);
                outputs.check(prec);
                outputs.writeString(prec, f.precedence());
            }
        } else {
            MastExport.Result r = MastExport.of(w, to == Target.mast2);
            if (r.refusal() != null) {
                err.println(name + ": export --to " + to + ": not applicable: " + r.refusal());
                return ExitCodes.INVALID;
            }
            r.notes().forEach(n -> err.println(name + ": note: " + n));
            text = r.text();
        }
        if (output.path == null) {
            out().print(text);
        } else {
            outputs.writeString(output.path, text);
        }
        return ExitCodes.OK;
    }

    /** nptest's own naming: jobs.csv and jobs.prec.csv. */
    static Path precedencePath(Path out) {
        String n = out.getFileName().toString();
        String base = n.endsWith(".csv") ? n.substring(0, n.length() - 4) : n;
        return out.resolveSibling(base + ".prec.csv");
    }

    /** An enum option written in lower case ("window" for WINDOW). */
    abstract static class LowerCaseEnum<E extends Enum<E>> implements CommandLine.ITypeConverter<E> {
        private final Class<E> type;

        LowerCaseEnum(Class<E> type) {
            this.type = type;
        }

        @Override
        public E convert(String v) {
            List<String> names = new java.util.ArrayList<>();
            for (E e : type.getEnumConstants()) {
                String n = e.name().toLowerCase(java.util.Locale.ROOT);
                if (n.equals(v)) {
                    return e;
                }
                names.add(n);
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
