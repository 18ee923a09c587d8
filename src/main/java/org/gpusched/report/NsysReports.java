package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Escapes;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.Oracle;
import org.gpusched.profile.Model;
import org.gpusched.profile.NsysProfile;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

/** The report of {@code profile --from-nsys}: the profile report plus what the trace held and how it was mapped. */
public final class NsysReports {
    private NsysReports() { }

    /** CUPTI's copy kinds by number (CUpti_ActivityMemcpyKind); others print as their number. */
    static String copyKind(int kind) {
        return switch (kind) {
            case 1 -> "HtoD";
            case 2 -> "DtoH";
            case 8 -> "DtoD";
            case 9 -> "HtoH";
            case 10 -> "PtoP";
            default -> "kind" + kind;
        };
    }

    public static ObjectNode json(ProfileReports.Header h, String trace, String map, NsysProfile.Result r, Model m) {
        ObjectNode o = ProfileReports.json(h, r.profile(), m);
        o.put("trace", trace);
        o.put("map", map);
        o.put("kernels", r.kernels());
        o.put("mappedKernels", r.mapped());
        o.put("busyPeriods", r.periods());
        o.put("ambiguousPeriods", r.ambiguous());
        ArrayNode copies = o.putArray("copies");
        for (NsysProfile.Copies c : r.copies()) {
            // The record's fields are the JSON object's, the copy kind by name.
            ObjectNode n = Json.MAPPER.valueToTree(c);
            copies.add(n.put("kind", copyKind(c.kind())));
        }
        return o;
    }

    public static void text(PrintWriter out, ProfileReports.Header h, String trace, String map, NsysProfile.Result r,
                            Model m, boolean quiet) {
        TaskSet ts = r.profile().taskSet();
        if (!quiet) {
            Map<Long, Integer> n = ProfileReports.counts(r.profile());
            out.printf(Locale.ROOT, "profile %s from trace %s (map %s): %d kernels, %d mapped, %d busy periods"
                            + " (%d ambiguous); %s x %s, in %s%n", Escapes.text(h.taskset()), Escapes.text(trace),
                    Escapes.text(map), r.kernels(), r.mapped(), r.periods(), r.ambiguous(), h.statistic(), h.margin(),
                    ts.timeUnit().json());
            for (int i = 0; i < ts.size(); i++) {
                out.printf(Locale.ROOT, "  %-24s wcet %d from %d samples (was %d)%n", ts.task(i).name(), m.wcet()[i],
                        n.getOrDefault(1L << i, 0), ts.task(i).wcet());
            }
            for (Map.Entry<Long, Long> e : m.table().entrySet()) {
                out.printf(Locale.ROOT, "  %-24s %d from %d samples%n",
                        "{" + ProfileReports.names(ts, Oracle.tasksOf(e.getKey()), ", ") + "}", e.getValue(),
                        n.getOrDefault(e.getKey(), 0));
            }
            for (NsysProfile.Copies c : r.copies()) {
                out.printf(Locale.ROOT, "  copies %-17s %s: %d, longest %d ns, largest %d bytes%n", c.task(),
                        copyKind(c.kind()), c.count(), c.maxNs(), c.maxBytes());
            }
        }
        ProfileReports.footer(out, h, m, quiet);
    }
}
