package org.gpusched.interop;

import org.gpusched.model.Budget;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.Workload;

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
        List<String> lines = new ArrayList<>();
        if (!format.equals("sag")) {
            MastExport.Result r = MastExport.of(w, format.equals("mast2"));
            if (r.refusal() != null) {
                return refused(name + ": export --to " + format + ": not applicable: " + r.refusal(), lines,
                        ExitCodes.INVALID);
            }
            r.notes().forEach(n -> lines.add(name + ": note: " + n));
            return new Exported(r.text(), null, lines, ExitCodes.OK);
        }
        if (w.pbs() == null) {
            return refused(name + ": export --to sag: not applicable: " + w.pbsNote(), lines, ExitCodes.INVALID);
        }
        SagExport.Result r = SagExport.of(w.pbs(), steadyState, arrival, priority, meter);
        if (r.refusal() != null) {
            return refused(name + ": export --to sag: " + r.refusal(), lines,
                    r.inconclusive() ? ExitCodes.INCONCLUSIVE : ExitCodes.INVALID);
        }
        if (r.note() != null) {
            lines.add(name + ": note: " + r.note());
        }
        return new Exported(r.files().jobs(), r.files().precedence(), lines, ExitCodes.OK);
    }

    private static Exported refused(String line, List<String> lines, int code) {
        lines.add(line);
        return new Exported(null, null, lines, code);
    }

    /** nptest's own naming: jobs.csv and jobs.prec.csv. */
    public static Path precedencePath(Path out) {
        String n = out.getFileName().toString();
        String base = n.endsWith(".csv") ? n.substring(0, n.length() - 4) : n;
        return out.resolveSibling(base + ".prec.csv");
    }
}
