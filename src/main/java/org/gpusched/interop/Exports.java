package org.gpusched.interop;

import org.gpusched.model.Budget;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.Workload;
import org.gpusched.timepart.Flows;
import org.gpusched.timepart.Serialisation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code export}: a workload in another tool's format, or why not, as the lines the command says on stderr. */
public final class Exports {
    private Exports() { }

    /**
     * The text (and, for sag chains, the precedence file; null when none) or a refusal with its exit
     * code; {@code lines} are the notes and the refusal, each starting with the file's name.
     */
    public record Exported(String text, String precedence, List<String> lines, int code) { }

    /** {@code format} is mast, mast2 or sag; {@code name} is the file's name as printed. */
    public static Exported of(String name, Workload w, String format, boolean steadyState, SagJobs.Arrival arrival,
                              SagJobs.Priority priority, Budget.Meter meter) {
        if (format.equals("sag")) {
            if (w.pbs() == null) {
                return refused(name + ": export --to sag: not applicable: " + w.pbsNote(), ExitCodes.INVALID);
            }
            return SagExport.of(name, w.pbs(), steadyState, arrival, priority, meter);
        }
        String why = Flows.whyNot(w);
        if (why != null) {
            return refused(name + ": export --to " + format + ": not applicable: " + why, ExitCodes.INVALID);
        }
        // What the MAST model leaves out, said as notes.
        List<String> lines = new ArrayList<>();
        Serialisation s = Serialisation.check(Flows.of(w), w.platform().timePartitions(), w.platform().cpus());
        if (!s.holds()) {
            lines.add(name + ": note: kernels as delays assume serialised kernels, which is not shown: " + s.reason());
        }
        boolean mast2 = format.equals("mast2");
        if (!mast2 && w.platform().timePartitions() != null) {
            lines.add(name + ": note: MAST-1 has no time partitions; the plan is left out (--to mast2 keeps it)");
        }
        return new Exported(mast2 ? Mast2Xml.write(w) : MastText.write(w), null, lines, ExitCodes.OK);
    }

    static Exported refused(String line, int code) {
        return new Exported(null, null, List.of(line), code);
    }

    /** nptest's own naming: jobs.csv and jobs.prec.csv. */
    public static Path precedencePath(Path out) {
        String n = out.getFileName().toString();
        String base = n.endsWith(".csv") ? n.substring(0, n.length() - 4) : n;
        return out.resolveSibling(base + ".prec.csv");
    }
}
