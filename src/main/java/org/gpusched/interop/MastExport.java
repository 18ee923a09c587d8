package org.gpusched.interop;

import org.gpusched.model.Workload;
import org.gpusched.timepart.Flows;
import org.gpusched.timepart.Serialisation;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code export --to mast|mast2}: the model as MAST text or XML, with what the model leaves out said
 * as notes (kernels as delays are only right when kernels are serialised; MAST-1 has no partitions).
 */
public final class MastExport {
    private MastExport() { }

    /** The text and its notes, or why the workload has no MAST model ({@code refusal}, text null). */
    public record Result(String text, List<String> notes, String refusal) {
        public Result {
            notes = List.copyOf(notes);
        }
    }

    public static Result of(Workload w, boolean mast2) {
        String why = Flows.whyNot(w);
        if (why != null) {
            return new Result(null, List.of(), why);
        }
        List<String> notes = new ArrayList<>();
        Serialisation s = Serialisation.check(Flows.of(w), w.platform().timePartitions(), w.platform().cpus());
        if (!s.holds()) {
            notes.add("kernels as delays assume serialised kernels, which is not shown: " + s.reason());
        }
        if (!mast2 && w.platform().timePartitions() != null) {
            notes.add("MAST-1 has no time partitions; the plan is left out (--to mast2 keeps it)");
        }
        return new Result(mast2 ? Mast2Xml.write(w) : MastText.write(w), notes, null);
    }
}
