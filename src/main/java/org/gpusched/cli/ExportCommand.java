package org.gpusched.cli;

import org.gpusched.interop.Mast2Xml;
import org.gpusched.interop.MastText;
import org.gpusched.interop.SagJobs;
import org.gpusched.input.Escapes;
import org.gpusched.model.Workload;
import org.gpusched.output.Outputs;
import org.gpusched.timepart.Flows;
import org.gpusched.timepart.Serialisation;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Write a workload in another tool's format: MAST-1 text, MAST-2 XML or nptest's job CSV.",
                "mast and mast2 model each task as an end-to-end flow with kernels and copies as delays",
                "(docs/interop.md); sag writes the PBS job set of one hyperperiod for nptest."},
        footerHeading = "%nExamples:%n",
        footer = {"  gpusched export --to mast examples/railway-timepart.json",
                "  gpusched export --to mast2 examples/railway-timepart.json -o models/railway.xml",
                "  gpusched export --to sag examples/paper-fig1.json -o jobs.csv"})
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

    @Option(names = "--force", description = "Overwrite an existing OUT that gpusched did not write.")
    boolean force;

    @Option(names = "--allow-external-modules", description = "Let a kernel.module lie outside the file's folder.")
    boolean allowExternalModules;

    @Override
    public Integer call() {
        Outputs outputs = Outputs.of(List.of(file), force);
        if (output != null) {
            outputs.check(output);
        }
        PrintWriter err = spec.commandLine().getErr();
        Workload w = new org.gpusched.input.WorkloadReader(allowExternalModules).read(file);
        String name = Escapes.text(file.toString());
        String text;
        if (to == Target.sag) {
            if (w.pbs() == null) {
                err.println(name + ": export --to sag: not applicable: " + w.pbsNote());
                return ExitCodes.INVALID;
            }
            text = SagJobs.write(w.pbs());
        } else {
            String why = Flows.whyNot(w);
            if (why != null) {
                err.println(name + ": export --to " + to + ": not applicable: " + why);
                return ExitCodes.INVALID;
            }
            Serialisation s = Serialisation.check(Flows.of(w), w.platform().timePartitions(), w.platform().cpus());
            if (!s.holds()) {
                err.println(name + ": note: kernels as delays assume serialised kernels, which is not shown: "
                        + s.reason());
            }
            if (to == Target.mast && w.platform().timePartitions() != null) {
                err.println(name + ": note: MAST-1 has no time partitions; the plan is left out (--to mast2 keeps it)");
            }
            text = to == Target.mast ? MastText.write(w) : Mast2Xml.write(w);
        }
        if (output == null) {
            spec.commandLine().getOut().print(text);
        } else {
            outputs.writeString(output, text);
        }
        return ExitCodes.OK;
    }
}
