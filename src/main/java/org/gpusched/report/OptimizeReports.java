package org.gpusched.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.explore.result.Verdict;
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
     * the window found (none when {@code w.result()} is null).
     */
    public static void windows(PrintWriter report, String name, OptimizeRuns.Windows w) {
        if (w.before() == null) {
            report.printf(Locale.ROOT, "%s: inconclusive: %s before the first analysis ended%n", name,
                    w.spentBefore());
            return;
        }
        Platform.Partition part = w.plan().partitions().get(w.partition());
        WindowSearch search = w.search();
        long oldLength = part.windows().stream().mapToLong(Platform.Window::length).sum();
        report.printf(Locale.ROOT, "%s: partition %s, %d windows of %d in all per major frame %d%n", name,
                part.name(), part.windows().size(), oldLength, w.plan().majorFrame());
        report.printf(Locale.ROOT, "  before        %s, min slack %s%n", w.before().schedulable() ? "schedulable"
                : "not schedulable", slack(w.before()));
        if (search.spent() != null) {
            report.printf(Locale.ROOT, "  inconclusive  %s after %d analyses%s%n", search.spent(),
                    search.evaluationsSoFar(), w.result() == null ? "; no schedulable window found so far"
                            : "; best so far:");
        }
        if (w.result() == null) {
            if (search.spent() == null) {
                report.printf(Locale.ROOT, "  no window in the free time of the frame keeps every task schedulable"
                        + " (%d analyses)%n", search.evaluationsSoFar());
            }
            return;
        }
        report.printf(Locale.ROOT, "  after         %s, %d analyses%n", found(w), search.evaluationsSoFar());
        if (!w.serialisation().holds()) {
            report.println("  note          " + w.serialisation().reason());
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
        } else {
            report.println("  plan          " + found(best));
        }
    }

    /** The window found, as the text report and {@code -q} say it. */
    public static String found(OptimizeRuns.Windows w) {
        WindowSearch.Result r = w.result();
        return String.format(Locale.ROOT, "window [%d, %d) (length %d), min slack %s", r.window().start(),
                r.window().start() + r.window().length(), r.window().length(), slack(r.analysis()));
    }

    /** The plan found, as the text report and {@code -q} say it. */
    public static String found(TimePartitionSearch.Candidate best) {
        return best.plan() == null ? String.format(Locale.ROOT, "GPU server: priorities %s, min slack %d",
                best.priorityRule(), best.minSlack()) : String.format(Locale.ROOT,
                "major frame %d, GPU share %d %%, priorities %s, min slack %d", best.majorFrame(),
                best.gpuSharePercent(), best.priorityRule(), best.minSlack());
    }

    /**
     * The one line of {@code -q}: the verdict, what was found ({@code found} null: nothing) and the file written
     * ({@code written} null: none, or standard output).
     */
    public static String quiet(String name, Verdict v, String found, String written) {
        return name + ": " + v.words() + (found == null ? "" : ", " + found)
                + (written == null ? "" : "; written " + written);
    }

    /** {@code optimize --windows --format json}: the text report's facts, one JSON line (docs/report-format.md). */
    public static ObjectNode windowsJson(String file, OptimizeRuns.Windows w, Verdict v, String written) {
        ObjectNode o = Json.object().put("file", file).put("search", "windows").put("verdict", v.words())
                .put("spent", w.before() == null ? w.spentBefore() : w.search().spent());
        Platform.Partition part = w.plan().partitions().get(w.partition());
        o.put("partition", part.name()).put("majorFrame", w.plan().majorFrame());
        ArrayNode windows = o.putArray("windowsBefore");
        part.windows().forEach(x -> windows.addObject().put("start", x.start()).put("length", x.length()));
        o.put("schedulableBefore", w.before() == null ? null : w.before().schedulable());
        o.set("minSlackBefore", minSlack(w.before()));
        o.put("analyses", w.before() == null ? 0 : w.search().evaluationsSoFar());
        WindowSearch.Result r = w.result();
        o.set("window", r == null ? null : Json.object().put("start", r.window().start())
                .put("length", r.window().length()));
        o.set("minSlack", minSlack(r == null ? null : r.analysis()));
        o.put("note", r == null || w.serialisation().holds() ? null : w.serialisation().reason());
        return o.put("written", written);
    }

    /** {@code optimize --plan --format json}: the text report's facts, one JSON line (docs/report-format.md). */
    public static ObjectNode planJson(String file, int analysed, boolean offsetBased, String gpuAccess,
                                      TimePartitionSearch.Candidate best, Verdict v, String written) {
        ObjectNode o = Json.object().put("file", file).put("search", "plan").put("verdict", v.words())
                .put("analysis", offsetBased ? "offset-based" : "holistic").put("gpuAccess", gpuAccess)
                .put("plansAnalysed", analysed);
        ObjectNode plan = best == null ? null : Json.object().put("gpuServer", best.plan() == null)
                .put("priorities", best.priorityRule()).put("minSlack", best.minSlack());
        if (plan != null && best.plan() != null) {
            plan.put("majorFrame", best.majorFrame()).put("gpuSharePercent", best.gpuSharePercent());
        }
        o.set("plan", plan);
        return o.put("written", written);
    }

    private static JsonNode minSlack(HolisticResult r) {
        return r == null || r.minSlack().isEmpty() ? NullNode.instance : LongNode.valueOf(r.minSlack().getAsLong());
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
