package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;
import org.gpusched.oracle.Placement;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Renders {@code oracle} as text and JSON. */
public final class OracleReports {
    private OracleReports() { }

    /** The answer on one ordered batch: eligible or not (alone when quiet), the placement per SM, the completion. */
    public static void report(PrintWriter out, OutputFormat format, boolean quiet, String file, List<String> batch,
                              TaskSet ts, Oracle oracle, int[] order, Placement p, long c) {
        if (format == OutputFormat.json) {
            ObjectNode o = Json.object().put("file", file);
            batch.forEach(o.putArray("batch")::add);
            o.put("eligible", p.eligible()).put("completion", c == CompletionModel.FORBIDDEN ? null : c)
                    .put("reason", p.reason());
            ArrayNode layout = o.putArray("placement");
            for (int k = 0; k < p.blocksPerSm().size(); k++) {
                ObjectNode e = layout.addObject().put("task", oracle.unitName(order[k]));
                Arrays.stream(p.blocksPerSm().get(k)).forEach(e.putArray("blocksPerSm")::add);
            }
            out.println(Json.line(o));
        } else {
            out.println("<" + String.join(", ", batch) + "> on " + ts.gpu().name() + " (" + ts.gpu().smPolicy().json()
                    + "): " + (p.eligible() ? "eligible" : "NOT eligible"));
            if (quiet) {
                return;
            }
            if (!p.eligible()) {
                out.println("  reason: " + p.reason());
            }
            for (int k = 0; k < p.blocksPerSm().size(); k++) {
                int[] per = p.blocksPerSm().get(k);
                String sms = IntStream.range(0, per.length).filter(sm -> per[sm] > 0)
                        .mapToObj(sm -> "SM " + sm + ": " + per[sm]).collect(Collectors.joining(", "));
                out.println("  " + oracle.unitName(order[k]) + " blocks -> " + (sms.isEmpty() ? "none" : sms));
            }
            out.println("  completion time: " + (c == CompletionModel.FORBIDDEN ? "forbidden by the interference table"
                    : c + " " + ts.timeUnit().json()));
        }
    }
}
