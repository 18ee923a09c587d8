package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.baseline.BaselineResult;
import org.gpusched.baseline.Miss;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.*;
import org.gpusched.margin.Margins;
import org.gpusched.model.Escapes;
import org.gpusched.model.TaskSet;
import org.gpusched.table.TableAudit;
import org.gpusched.table.Tables;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Renders analyses as text, JSON and CSV. */
public final class Reports {
    public static final String CSV_HEADER = "file,name,method,verdict,schedulable,hyperperiod,jobs,vertices,states,edges,"
            + "merges,splits,fastForwards,pruned,timeMs,note,objective,objectiveValue,leastSlack";

    private Reports() { }

    /**
     * The verdict (with the least slack) first, then the margins; graph statistics and timing only
     * with {@code stats} (--stats or --verbose).
     */
    public static void text(PrintWriter out, String file, TaskSet ts, Analysis a, boolean quiet, boolean timing,
                     boolean showTable, boolean stats, TableAudit.Result check) {
        Margins m = margins(ts, a);
        out.println(Escapes.text(file) + ": " + a.verdict().words() + slackHeadline(ts, m)
                + (a.note() == null ? "" : " (" + a.note() + ")"));
        if (quiet) {
            return;
        }
        Stats s = a.stats();
        out.printf(Locale.ROOT, "  method        %s%n", a.method());
        if (a.foundBy() != null) {
            out.printf(Locale.ROOT, "  decided by    %s, %s%n", a.foundBy(),
                    a.foundBeforeSearch() ? "before any search" : "beside the search");
        }
        if (a.engine() != null) {
            out.printf(Locale.ROOT, "  engine        %s%n", a.engine());
        }
        if (a.proof() != null && a.verdict() == Verdict.NOT_SCHEDULABLE) {
            out.printf(Locale.ROOT, "  proof         %s%n", proofLine(a.proof()));
        }
        out.printf(Locale.ROOT, "  task set      %s: %d tasks, hyperperiod %d %s, %d jobs%n", Escapes.text(ts.displayName()),
                ts.size(), ts.hyperperiod(), ts.timeUnit().json(), ts.jobCount());
        if (ts.origin() != 0) {
            // Offsets: the analysed window starts at a cut, and every time below is relative to it.
            out.printf(Locale.ROOT, "  window        [%d, %d) %s of the file's time line (offsets: times below are"
                    + " relative to %d)%n", ts.origin(), ts.origin() + ts.hyperperiod(), ts.timeUnit().json(),
                    ts.origin());
        }
        boolean simulation = a.method().startsWith("edf-");
        if (m != null) {
            marginsText(out, ts, m);
        }
        if (stats && simulation) {
            out.printf(Locale.ROOT, "  simulation    %d frames over the hyperperiod%n", s.edges());
        } else if (stats) {
            out.printf(Locale.ROOT, "  graph         vertices %d, states %d, edges %d, merges %d, splits %d, "
                            + "fast-forwards %d, pruned %d%n", s.vertices(), s.states(), s.edges(), s.merges(),
                    s.splits(), s.fastForwards(), s.pruned());
        }
        if (a.achieved() != null) {
            out.printf(Locale.ROOT, "  objective     %s = %d (%s)%n", Names.spell(a.achieved().objective()),
                    a.achieved().value(), a.note() == null ? "optimal over every schedule"
                            : "best found before the budget ran out");
        }
        if (timing && stats) {
            out.printf(Locale.ROOT, "  time          %.1f ms%n", s.elapsedMillis());
        }
        if (check != null) {
            // A rejected table never reaches a report, so a check here is a passed one.
            out.printf(Locale.ROOT, "  table check   passed by the %s core (a second, independent implementation)%n",
                    check.checker());
        }
        if (showTable && !a.schedule().isEmpty()) {
            frames(out, ts, "  table", a.schedule());
        }
        if (a.repeat() != null) {
            // Power-on: the frames before the periodic part run once, from the system's release at 0.
            long from = a.schedule().get(a.repeat().fromFrame()).start();
            out.printf(Locale.ROOT, "  periodic part frames %d..%d from t = %d repeat every %d %s (%d hyperperiods);"
                    + " the %d frame(s) before run once after power-on%n", a.repeat().fromFrame(),
                    a.schedule().size() - 1, from, a.repeat().every(), ts.timeUnit().json(),
                    a.repeat().every() / ts.hyperperiod(), a.repeat().fromFrame());
        }
        if (a.witness() != null && a.witness().path().isEmpty() && "solver".equals(a.engine())) {
            // A refutation of the solver's relaxation: no deepest path, only why.
            out.println("  witness       refuted by the solver engine:");
            a.witness().reasons().forEach(r -> out.println("    - " + r));
        } else if (a.witness() != null) {
            witness(out, ts, a.witness(), simulation);
        }
    }

    /** {@code analyze} of a PBS-family method in {@code format}. */
    public static void analyze(PrintWriter out, OutputFormat format, String file, TaskSet ts, Analysis a, boolean quiet,
                               boolean timing, boolean showTable, boolean stats, TableAudit.Result check) {
        switch (format) {
            case json -> out.println(Json.line(json(file, ts, a, timing, check)));
            case csv -> out.println(csv(file, ts, a, timing));
            default -> text(out, file, ts, a, quiet, timing, showTable, stats, check);
        }
    }

    public static void frames(PrintWriter out, TaskSet ts, String title, List<Frame> frames) {
        out.println(title + " (" + frames.size() + " frames; batch in submission order, stream = task index)");
        String u = "(" + ts.timeUnit().json() + ")";
        out.printf(Locale.ROOT, "    %10s %10s  %s%n", "start " + u, "end " + u, "batch");
        rows(out, ts, frames);
    }

    private static void rows(PrintWriter out, TaskSet ts, List<Frame> frames) {
        for (Frame f : frames) {
            String batch = String.join(" ", f.batch().stream().map(j -> ts.unitName(j.task(), j.stage()) + "#" + j.job())
                    .toList());
            out.printf(Locale.ROOT, "    %10d %10d  %s%n", f.start(), f.end(), batch);
        }
    }

    public static void witness(PrintWriter out, TaskSet ts, Witness w, boolean simulation) {
        if (simulation) {
            out.printf(Locale.ROOT, "  first miss    frames up to it (%d of %d jobs run), then every miss:%n",
                    w.jobsDone(), w.jobsTotal());
        } else {
            out.printf(Locale.ROOT, "  witness       deepest path: %d of %d jobs done, stuck at t = %d%n",
                    w.jobsDone(), w.jobsTotal(), w.time());
        }
        rows(out, ts, w.path());
        for (String r : w.reasons()) {
            out.println("    - " + r);
        }
    }

    /** The JSON report, with {@code tableCheck} when the table was checked by the reference core. */
    public static ObjectNode json(String file, TaskSet ts, Analysis a, boolean timing, TableAudit.Result check) {
        ObjectNode o = Json.object().put("file", file).put("name", ts.name());
        o.put("schedulable", a.verdict().asBoolean()); // null when inconclusive
        o.put("verdict", a.verdict().words()).put("method", a.method()).put("hyperperiod", ts.hyperperiod())
                .put("timeUnit", ts.timeUnit().json()).put("jobs", ts.jobCount());
        if (ts.origin() != 0) {
            o.put("origin", ts.origin());
        }
        o.set("stats", stats(a.stats(), timing));
        o.set("objective", a.achieved() == null ? null
                : Json.object().put("name", Names.spell(a.achieved().objective())).put("value", a.achieved().value()));
        o.set("table", a.schedule().isEmpty() ? null : Json.MAPPER.valueToTree(Tables.of(ts, a)));
        if (check != null) {
            o.putObject("tableCheck").put("checker", check.checker()).put("passed", true);
        }
        o.set("witness", a.witness() == null ? null : witness(ts, a.witness()));
        o.put("note", a.note());
        if (a.foundBy() != null) {
            o.put("foundBy", a.foundBy()); // only when something decided before the search: reports stay as they were otherwise
        }
        if (a.engine() != null) {
            o.put("engine", a.engine()); // only with --engine other than graph: reports stay as they were otherwise
        }
        if (a.proof() != null && a.verdict() == Verdict.NOT_SCHEDULABLE) {
            proof(o, a.proof()); // only on a "not schedulable": other reports stay as they were
        }
        Margins m = margins(ts, a);
        o.set("margins", m == null ? null : marginsJson(ts, m));
        return o;
    }

    /** What a refutation rests on, its interval, and how it was re-checked (docs/explorer.md). */
    private static void proof(ObjectNode o, Proof p) {
        o.put("proof", p.kind().words());
        if (p.kind() == Proof.Kind.WINDOW_RELAXATION) {
            o.put("proofWindow", p.to());
        } else if (p.kind() == Proof.Kind.DEMAND_BOUND) {
            o.putObject("proofInterval").put("from", p.from()).put("to", p.to());
        }
        if (p.confirmation() != null) {
            o.put("confirmation", p.confirmation());
        }
    }

    /** The text report's line: the proof, then how it was re-checked. */
    static String proofLine(Proof p) {
        String what = switch (p.kind()) {
            case WINDOW_RELAXATION -> "window relaxation, window W = " + p.to();
            case DEMAND_BOUND -> "demand bound over [" + p.from() + ", " + p.to() + "]";
            default -> p.kind().words();
        };
        String how;
        if (p.confirmation() == null) {
            how = "the graph search exhausted";
        } else if (p.kind() == Proof.Kind.DEMAND_BOUND) {
            how = Proof.CONFIRMED.equals(p.confirmation()) ? "recomputed independently" : p.confirmation();
        } else {
            how = Proof.CONFIRMED.equals(p.confirmation()) ? "confirmed by the exhaustive search"
                    : p.confirmation() + " (the exhaustive search's budget ran out before it re-decided)";
        }
        return what + ": " + how;
    }

    public static ObjectNode stats(Stats s, boolean timing) {
        ObjectNode o = Json.object().put("vertices", s.vertices()).put("states", s.states()).put("edges", s.edges())
                .put("merges", s.merges()).put("splits", s.splits()).put("fastForwards", s.fastForwards())
                .put("pruned", s.pruned()).put("maxDepth", s.maxDepth());
        if (timing) {
            o.put("timeMs", Math.round(s.elapsedMillis() * 1000) / 1000.0);
        }
        return o;
    }

    public static ObjectNode witness(TaskSet ts, Witness w) {
        ObjectNode o = Json.object().put("time", w.time()).put("jobsDone", w.jobsDone()).put("jobsTotal", w.jobsTotal());
        o.set("path", Json.MAPPER.valueToTree(Tables.of(ts, "", w.path()).entries()));
        w.reasons().forEach(o.putArray("reasons")::add);
        return o;
    }

    public static String csv(String file, TaskSet ts, Analysis a, boolean timing) {
        Stats s = a.stats();
        Boolean b = a.verdict().asBoolean();
        Margins m = margins(ts, a);
        return Csv.row(file, ts.name(), a.method(), a.verdict().words(), b == null ? "" : b, ts.hyperperiod(),
                ts.jobCount(), s.vertices(), s.states(), s.edges(), s.merges(), s.splits(), s.fastForwards(),
                s.pruned(), timing ? String.format(Locale.ROOT, "%.3f", s.elapsedMillis()) : "", a.note(),
                a.achieved() == null ? "" : Names.spell(a.achieved().objective()),
                a.achieved() == null ? "" : a.achieved().value(), m == null ? "" : Long.toString(m.tightest().slack()));
    }

    public static ObjectNode baseline(TaskSet ts, BaselineResult r) {
        if (r == null) {
            ObjectNode o = Json.object().putNull("schedulable").put("verdict", "inconclusive");
            o.putArray("misses");
            return o;
        }
        ObjectNode o = Json.object().put("schedulable", r.schedulable()).put("frames", r.frameCount());
        ArrayNode m = o.putArray("misses");
        for (Miss x : r.misses()) {
            m.addObject().put("task", ts.task(x.task()).name()).put("job", x.job()).put("release", x.arrival())
                    .put("deadline", x.deadline()).put("finish", x.finish());
        }
        return o;
    }

    /** The margins of a schedulable analysis with a complete table, else null. */
    private static Margins margins(TaskSet ts, Analysis a) {
        if (a.verdict() != Verdict.SCHEDULABLE || a.schedule().isEmpty()) {
            return null;
        }
        return a.repeat() == null ? Margins.of(ts, a.schedule())
                : Margins.of(ts, a.schedule(), a.repeat().fromFrame(), a.repeat().every());
    }

    /** ", least slack 250 us (det_nms#1)" for the verdict line. */
    private static String slackHeadline(TaskSet ts, Margins m) {
        return m == null ? "" : ", least slack " + m.tightest().slack() + " " + ts.timeUnit().json() + " ("
                + ts.task(m.tightest().task()).name() + "#" + m.tightest().job() + ")";
    }

    /** The margins of the table found (what a real-time engineer asks next). */
    private static void marginsText(PrintWriter out, TaskSet ts, Margins m) {
        String u = ts.timeUnit().json();
        out.println("  margins on the table found (response = finish - release, slack = deadline - finish)");
        out.printf(Locale.ROOT, "    %-20s %6s %22s %20s%n", "task", "jobs", "worst response (" + u + ")",
                "least slack (" + u + ")");
        for (Margins.TaskMargin t : m.tasks()) {
            out.printf(Locale.ROOT, "    %-20s %6d %22d %20d%n", ts.task(t.task()).name(), t.jobs(),
                    t.worstResponse(), t.minSlack());
        }
    }

    private static ObjectNode marginsJson(TaskSet ts, Margins m) {
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
