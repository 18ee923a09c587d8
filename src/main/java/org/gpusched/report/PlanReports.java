package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.timepart.Flow;
import org.gpusched.timepart.TimePartitionSearch;

import java.io.IOException;
import java.util.List;

/** The search trace of {@code optimize --plan} as JSON. */
public final class PlanReports {
    private PlanReports() { }

    /** Every candidate analysed, in order: plan, priorities, how they were made, verdict, min slack. */
    public static String trace(List<Flow> flows, List<TimePartitionSearch.Candidate> trace) throws IOException {
        ArrayNode arr = Json.MAPPER.createArrayNode();
        for (TimePartitionSearch.Candidate c : trace) {
            ObjectNode n = arr.addObject();
            if (c.plan() != null) {
                n.put("majorFrame", c.majorFrame()).put("gpuSharePercent", c.gpuSharePercent());
            }
            n.put("priorityRule", c.priorityRule());
            ObjectNode pr = n.putObject("priorities");
            for (int i = 0; i < flows.size(); i++) {
                pr.put(flows.get(i).name(), c.priorities()[i]);
            }
            n.put("schedulable", c.analysis().schedulable()).put("minSlack",
                    c.analysis().minSlack().isPresent() ? c.analysis().minSlack().getAsLong() : null);
        }
        return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(arr) + "\n";
    }
}
