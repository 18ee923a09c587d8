package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Canonical;
import org.gpusched.model.Platform;
import org.gpusched.timepart.*;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The text report of {@code optimize}: the plan or window before and after, and why none was found; and the
 * search trace of {@code --plan}.
 */
public final class OptimizeReports {
    private OptimizeReports() { }

    /**
     * {@code optimize --windows}: the partition's windows, its analysis before, how the search ended and
     * the window found ({@code r} null when none; {@code s} whether kernels as delays are serialised).
     */
    public static void windows(PrintWriter report, String name, Platform.Partition part, long majorFrame,
                               HolisticResult before, WindowSearch search, WindowSearch.Result r, Serialisation s) {
        long oldLength = part.windows().stream().mapToLong(Platform.Window::length).sum();
        report.printf(Locale.ROOT, "%s: partition %s, %d windows of %d in all per major frame %d%n", name,
                part.name(), part.windows().size(), oldLength, majorFrame);
        report.printf(Locale.ROOT, "  before        %s, min slack %s%n", before.schedulable() ? "schedulable"
                : "not schedulable", slack(before));
        if (search.spent() != null) {
            report.printf(Locale.ROOT, "  inconclusive  %s after %d analyses%s%n", search.spent(),
                    search.evaluationsSoFar(), r == null ? "; no schedulable window found so far" : "; best so far:");
        }
        if (r == null) {
            if (search.spent() == null) {
                report.printf(Locale.ROOT, "  no window in the free time of the frame keeps every task schedulable"
                        + " (%d analyses)%n", search.evaluationsSoFar());
            }
            return;
        }
        report.printf(Locale.ROOT, "  after         window [%d, %d) (length %d), min slack %s, %d analyses%n",
                r.window().start(), r.window().start() + r.window().length(), r.window().length(), slack(r.analysis()),
                search.evaluationsSoFar());
        if (!s.holds()) {
            report.println("  note          " + s.reason());
        }
    }

    /** {@code optimize --plan}: the candidates analysed, and the plan found ({@code best} null when none). */
    public static void plan(PrintWriter report, String name, int analysed, boolean offsetBased, String gpuAccess,
                            TimePartitionSearch.Candidate best, boolean spent) {
        report.printf(Locale.ROOT, "%s: %d plans analysed (%s analysis, gpuAccess %s)%n", name, analysed,
                offsetBased ? "offset-based" : "holistic", gpuAccess);
        if (best == null) {
            report.println(spent ? "  the time limit ran out before a schedulable plan was found"
                    : "  no plan in the search space keeps every task schedulable");
        } else if (best.plan() != null) {
            report.printf(Locale.ROOT, "  plan          major frame %d, GPU share %d %%, priorities %s, min slack %d%n",
                    best.majorFrame(), best.gpuSharePercent(), best.priorityRule(), best.minSlack());
        } else {
            report.printf(Locale.ROOT, "  plan          GPU server: priorities %s, min slack %d%n", best.priorityRule(),
                    best.minSlack());
        }
    }

    /**
     * The search trace of {@code optimize --plan} as JSON: every candidate analysed, in order: plan, priorities,
     * how they were made, verdict, min slack.
     */
    public static String planTrace(List<Flow> flows, List<TimePartitionSearch.Candidate> trace) throws IOException {
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
        return Json.MAPPER.writer(Canonical.PRETTY).writeValueAsString(arr) + "\n";
    }

    private static String slack(HolisticResult r) {
        return r.minSlack().isPresent() ? Long.toString(r.minSlack().getAsLong()) : "-";
    }
}
