package org.gpusched.cli;

import org.gpusched.baseline.EdfBaseline;
import org.gpusched.baseline.OnlineEdfPowerOn;
import org.gpusched.baseline.PowerOnEdf;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.poweron.UnboundedJobs;
import org.gpusched.explore.result.Verdict;
import org.gpusched.input.WorkloadReader;
import org.gpusched.interop.*;
import org.gpusched.model.*;
import org.gpusched.output.Outputs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write a workload in another tool's format: MAST-1 text, MAST-2 XML or nptest's job CSV.",
                "mast and mast2 model each task as an end-to-end flow with kernels and copies as delays",
                "(docs/interop.md); sag writes the PBS job set of one hyperperiod for nptest (from power-on,",
                "over the hyperperiods EDF explores, where offsets put the steady state later): one job per",
                "kernel, costs with copies, EDF ranks as priorities, and for chains a precedence file",
                "OUT.prec.csv next to OUT (nptest -p)."},
        footerHeading = "%nExamples:%n",
        footer = {"  gpusched export --to mast examples/railway-timepart.json",
                "  gpusched export --to mast2 examples/railway-timepart.json -o models/railway.xml",
                "  gpusched export --to sag examples/paper-fig1.json -o jobs.csv",
                "  nptest jobs.csv                         (with chains: nptest -p jobs.prec.csv jobs.csv)"})
final class ExportCommand implements Callable<Integer> {
    enum Target { mast, mast2, sag }

    @Spec
    CommandSpec spec;

    @Option(names = "--to", required = true, paramLabel = "FORMAT",
            description = "mast (MAST-1 text), mast2 (MAST-2 XML) or sag (nptest job CSV).")
    Target to;

    @Parameters(paramLabel = "FILE", description = "The workload (format v1 or v2); - reads stdin.")
    Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT",
            description = "Write here (atomically; never over an input) instead of stdout.")
    Path output;

    @Mixin
    SharedOptions.OverwriteOut overwrite;

    @Option(names = "--arrival", paramLabel = "RULE", defaultValue = "window",
            converter = ArrivalConverter.class,
            description = "sag: a release jitter J as the arrival window [a, a+J] (window, an online EDF) or as "
                    + "[a+J, a+J] (release, the time-triggered rule edf-serial simulates). Default: ${DEFAULT-VALUE}.")
    SagJobs.Arrival arrival;

    @Option(names = "--priority", paramLabel = "RULE", defaultValue = "rank", converter = PriorityConverter.class,
            description = "sag: the priority column is the job's rank in gpusched's EDF order (rank) or its "
                    + "absolute deadline (deadline; nptest breaks ties by task). Default: ${DEFAULT-VALUE}.")
    SagJobs.Priority priority;

    @Option(names = "--steady-state", description = "sag: for a set with offsets whose steady-state window does not"
            + " start at 0, the window's hyperperiod (what analyze --steady-state answers) instead of the jobs from"
            + " power-on.")
    boolean steadyState;

    @Option(names = "--allow-external-modules", description = "Let a kernel.module lie outside the file's folder.")
    boolean allowExternalModules;

    @Override
    public Integer call() {
        Outputs outputs = Outputs.of(List.of(file), overwrite.force);
        if (output != null) {
            outputs.check(output);
        }
        PrintWriter err = spec.commandLine().getErr();
        if (to != Target.sag && (spec.commandLine().getParseResult().hasMatchedOption("--arrival")
                || spec.commandLine().getParseResult().hasMatchedOption("--priority") || steadyState)) {
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
                if (output == null) {
                    err.println(name + ": export --to sag: the chains need a precedence file next to the jobs: give -o OUT");
                    return ExitCodes.INVALID;
                }
                Path prec = precedencePath(output);
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
        if (output == null) {
            spec.commandLine().getOut().print(text);
        } else {
            outputs.writeString(output, text);
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
