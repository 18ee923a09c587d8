package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.profile.TimePartitionLoop;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

/** {@code loop --plan}'s outputs: one line per round on stdout, and every round in the report file. */
public final class TimePartitionLoopReports {
    private TimePartitionLoopReports() { }

    /** A round as a line, its measured kernels as the JSON object the report file holds. */
    public static String line(TimePartitionLoop.Round r) {
        if (r.plan() == null) {
            return String.format(Locale.ROOT, "round %d: no plan keeps every task schedulable under the model", r.round());
        }
        boolean ok = r.analysis().schedulable();
        return String.format(Locale.ROOT, "round %d: plan frame %d, GPU share %d %%; measured kernels %s; %s", r.round(),
                r.plan().majorFrame(), r.plan().gpuSharePercent(), Json.MAPPER.valueToTree(r.measured()),
                ok ? (r.stable() ? "schedulable, stable" : "schedulable, model changed: re-plan")
                        : "not schedulable: re-plan");
    }

    /** The report file: every round, pretty-printed. */
    public static String json(List<TimePartitionLoop.Round> rounds) throws IOException {
        ArrayNode all = Json.MAPPER.createArrayNode();
        for (TimePartitionLoop.Round r : rounds) {
            ObjectNode round = all.addObject().put("round", r.round());
            if (r.plan() == null) {
                round.put("verdict", "no schedulable plan");
                continue;
            }
            round.put("majorFrame", r.plan().majorFrame()).put("gpuSharePercent", r.plan().gpuSharePercent())
                    .put("priorities", r.plan().priorityRule()).put("minSlackPlanned", r.plan().minSlack());
            round.set("measured", Json.MAPPER.valueToTree(r.measured()));
            round.put("schedulableMeasured", r.analysis().schedulable()).put("stable", r.stable());
            r.analysis().minSlack().ifPresent(s -> round.put("minSlackMeasured", s));
        }
        return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(all) + "\n";
    }
}
