package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.Verdict;
import org.gpusched.margin.Margins;
import org.gpusched.model.TaskSet;

import java.io.PrintWriter;
import java.util.Locale;

/** The margins of the table found, for analyze's reports (what a real-time engineer asks next). */
public final class MarginReports {
    private MarginReports() { }

    /** The margins of a schedulable analysis with a complete table, else null. */
    public static Margins of(TaskSet ts, Analysis a) {
        if (a.verdict() != Verdict.SCHEDULABLE || a.schedule().isEmpty()) {
            return null;
        }
        return a.repeat() == null ? Margins.of(ts, a.schedule())
                : Margins.of(ts, a.schedule(), a.repeat().fromFrame(), a.repeat().every());
    }

    /** ", least slack 250 us (det_nms#1)" for the verdict line. */
    public static String headline(TaskSet ts, Margins m) {
        return m == null ? "" : ", least slack " + m.tightest().slack() + " " + ts.timeUnit().json() + " ("
                + ts.task(m.tightest().task()).name() + "#" + m.tightest().job() + ")";
    }

    public static void text(PrintWriter out, TaskSet ts, Margins m) {
        String u = ts.timeUnit().json();
        out.println("  margins on the table found (response = finish - release, slack = deadline - finish)");
        out.printf(Locale.ROOT, "    %-20s %6s %22s %20s%n", "task", "jobs", "worst response (" + u + ")",
                "least slack (" + u + ")");
        for (Margins.TaskMargin t : m.tasks()) {
            out.printf(Locale.ROOT, "    %-20s %6d %22d %20d%n", ts.task(t.task()).name(), t.jobs(),
                    t.worstResponse(), t.minSlack());
        }
    }

    public static ObjectNode json(TaskSet ts, Margins m) {
        ObjectNode o = Json.object().put("leastSlack", m.tightest().slack());
        o.putObject("tightestJob").put("task", ts.task(m.tightest().task()).name()).put("job", m.tightest().job());
        ArrayNode tasks = o.putArray("tasks");
        for (Margins.TaskMargin t : m.tasks()) {
            tasks.addObject().put("task", ts.task(t.task()).name()).put("jobs", t.jobs())
                    .put("worstResponseTime", t.worstResponse()).put("leastSlack", t.minSlack())
                    .put("tightestJob", t.tightestJob());
        }
        ArrayNode jobs = o.putArray("jobs");
        for (Margins.JobMargin j : m.jobs()) {
            jobs.addObject().put("task", ts.task(j.task()).name()).put("job", j.job()).put("release", j.release())
                    .put("deadline", j.deadline()).put("start", j.start()).put("finish", j.finish())
                    .put("responseTime", j.response()).put("slack", j.slack());
        }
        return o;
    }
}
