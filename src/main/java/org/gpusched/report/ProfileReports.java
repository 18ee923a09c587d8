package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Canonical;
import org.gpusched.model.Escapes;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;
import org.gpusched.oracle.Oracle;
import org.gpusched.player.FrameCheck;
import org.gpusched.profile.*;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reports of {@code profile} (and {@code --from-nsys}), {@code loop} and {@code loop --plan}, and the frame
 * comparison {@code play} adds to its own.
 */
public final class ProfileReports {
    public record Header(String taskset, String out, String samples, String statistic, String margin) { }

    private ProfileReports() { }

    /** The names of units (tasks; {@code task.kernel} for a chain's kernels), joined by {@code sep}. */
    private static String names(TaskSet ts, int[] units, String sep) {
        return Arrays.stream(units).mapToObj(u -> ts.units().get(u).name()).collect(Collectors.joining(sep));
    }

    /** One row per timed run: the set (names in task order, '+'), its size, the order used, run, sample, unit. */
    public static String samplesCsv(Profiler.Profile p) {
        StringBuilder b = new StringBuilder(Csv.row("set", "size", "order", "run", "sample", "unit")).append('\n');
        for (Profiler.SetSamples s : p.sets()) {
            String set = names(p.taskSet(), Oracle.tasksOf(s.mask()), "+");
            String order = names(p.taskSet(), s.order(), " ");
            for (int r = 0; r < s.samples().length; r++) {
                b.append(Csv.row(set, s.order().length, order, r, s.samples()[r], p.unit())).append('\n');
            }
        }
        return b.toString();
    }

    public static void text(PrintWriter out, Header h, Profiler.Profile p, Model m, boolean quiet) {
        TaskSet ts = p.taskSet();
        if (!quiet) {
            out.printf(Locale.ROOT, "profile %s on %s: %d sets, %d runs each after %d warm-up; %s x %s, in %s%n",
                    Escapes.text(h.taskset()), p.device(), p.sets().size(), p.runs(), p.warmup(), h.statistic(),
                    h.margin(), ts.timeUnit().json());
            for (Unit u : ts.units()) {
                out.printf(Locale.ROOT, "  %-24s wcet %d (was %d)%n", u.name(), m.wcet()[u.index()], u.wcet());
            }
            for (Map.Entry<Long, Long> e : m.table().entrySet()) {
                out.printf(Locale.ROOT, "  %-24s %d%s%n", "{" + names(ts, Oracle.tasksOf(e.getKey()), ", ") + "}",
                        e.getValue(), m.predicted() != null && m.predicted().contains(e.getKey()) ? " (predicted)" : "");
            }
        }
        footer(out, h, m, quiet);
    }

    /** The clamped count (unless quiet) and the line naming what was written. */
    private static void footer(PrintWriter out, Header h, Model m, boolean quiet) {
        if (!quiet && m.clamped() > 0) {
            out.printf(Locale.ROOT, "  %d set%s measured below a member's isolated wcet: raised to it%n",
                    m.clamped(), m.clamped() == 1 ? "" : "s");
        }
        out.printf(Locale.ROOT, "%s: measured workload %s, samples %s%n", Escapes.text(h.taskset()),
                Escapes.text(h.out()), Escapes.text(h.samples()));
    }

    public static ObjectNode json(Header h, Profiler.Profile p, Model m) {
        TaskSet ts = p.taskSet();
        ObjectNode o = Json.object();
        o.put("file", h.taskset());
        o.put("out", h.out());
        o.put("samples", h.samples());
        o.put("device", p.device());
        o.put("sampleUnit", p.unit());
        o.put("timeUnit", ts.timeUnit().json());
        o.put("runs", p.runs());
        o.put("warmup", p.warmup());
        o.put("statistic", h.statistic());
        o.put("margin", h.margin());
        o.put("sets", p.sets().size());
        o.put("clamped", m.clamped());
        Map<Long, Integer> counts = counts(p);
        ObjectNode w = o.putObject("wcet");
        ObjectNode ws = o.putObject("wcetSamples");
        for (Unit u : ts.units()) {
            w.put(u.name(), m.wcet()[u.index()]);
            ws.put(u.name(), counts.getOrDefault(1L << u.index(), 0));
        }
        ArrayNode entries = o.putArray("entries");
        for (Map.Entry<Long, Long> e : m.table().entrySet()) {
            ObjectNode n = entries.addObject();
            ArrayNode names = n.putArray("tasks");
            Arrays.stream(Oracle.tasksOf(e.getKey())).forEach(u -> names.add(ts.units().get(u).name()));
            n.put("completion", e.getValue());
            n.put("samples", counts.getOrDefault(e.getKey(), 0));
            if (m.predicted() != null) {
                n.put("origin", m.predicted().contains(e.getKey()) ? "predicted" : "measured");
            }
        }
        return o;
    }

    /** How many samples each set (task mask) has behind its number. */
    private static Map<Long, Integer> counts(Profiler.Profile p) {
        return p.sets().stream().collect(Collectors.toMap(Profiler.SetSamples::mask, s -> s.samples().length,
                (a, b) -> b));
    }

    /** The frame comparison of one play: JSON object {@code frames} of the play report. */
    public static ObjectNode framesJson(FrameCheck fc) {
        FrameCheck.Summary s = fc.summary();
        ObjectNode n = Json.pick(s, "frames", "overrunFrames", "worstOverrun", "worstEntry", "worstJobs");
        n.put("maxStartSkew", s.maxSkew());
        n.put("deadlineMissed", s.deadlineMissed());
        ArrayNode rows = n.putArray("perFrame");
        fc.frames().forEach(f -> rows.add(Json.pick(f, "entry", "skew", "model", "length", "overrun")));
        return n;
    }

    /** The one line {@code play} prints about its frames against the table. */
    public static String framesText(FrameCheck fc) {
        FrameCheck.Summary s = fc.summary();
        return String.format(Locale.ROOT, "frames vs table: %d of %d over their model (worst overrun %d%s), max start"
                        + " skew %d, %s", s.overrunFrames(), s.frames(), s.worstOverrun(),
                s.worstOverrun() <= 0 ? "" : " at entry " + s.worstEntry() + " " + String.join(" ", s.worstJobs()),
                s.maxSkew(), s.deadlineMissed() ? "a deadline was missed" : "no deadline missed");
    }

    public record LoopHeader(String taskset, String out, String table, String report, String start, String device) { }

    public static ObjectNode loopJson(LoopHeader h, Loop.Result r) {
        ObjectNode o = Json.object();
        o.put("file", h.taskset());
        o.put("out", h.out());
        o.put("table", r.table() == null ? null : h.table());
        o.put("report", h.report());
        o.put("device", h.device());
        o.put("start", h.start());
        o.put("timeUnit", r.taskSet().timeUnit().json());
        o.put("outcome", Names.spell(r.outcome()));
        o.put("rounds", r.rounds().size());
        ArrayNode rounds = o.putArray("perRound");
        for (Loop.Round x : r.rounds()) {
            // A round's fields are its JSON object's, the verdict in words.
            ObjectNode n = Json.MAPPER.valueToTree(x);
            rounds.add(n.put("verdict", x.verdict().words()));
        }
        return o;
    }

    public static void loopText(PrintWriter out, LoopHeader h, Loop.Result r, boolean quiet) {
        if (!quiet) {
            out.printf(Locale.ROOT, "loop %s on %s, starting from the %s; times in %s%n", Escapes.text(h.taskset()),
                    h.device(), h.start(), r.taskSet().timeUnit().json());
            for (Loop.Round x : r.rounds()) {
                out.printf(Locale.ROOT, "  round %d: %s", x.round(), x.verdict().words());
                if (x.frames() > 0) {
                    out.printf(Locale.ROOT, ", %d of %d frames over their model (worst %d%s)%s", x.overrunFrames(),
                            x.frames(), x.worstOverrun(), x.overrunFrames() == 0 ? "" : " " + String.join(" ", x.worstJobs()),
                            x.deadlineMissed() ? ", a deadline missed" : "");
                }
                out.println();
                for (Loop.Change c : x.changes()) {
                    out.printf(Locale.ROOT, "    {%s}: %d -> %d%n", String.join(", ", c.tasks()), c.from(), c.to());
                }
            }
        }
        out.printf(Locale.ROOT, "%s: %s after %d round%s; workload %s%s%n", Escapes.text(h.taskset()),
                r.outcome().words(), r.rounds().size(), r.rounds().size() == 1 ? "" : "s", Escapes.text(h.out()),
                r.table() == null ? "" : ", table " + Escapes.text(h.table()));
    }

    /** CUPTI's copy kinds by number (CUpti_ActivityMemcpyKind); others print as their number. */
    private static String copyKind(int kind) {
        return switch (kind) {
            case 1 -> "HtoD";
            case 2 -> "DtoH";
            case 8 -> "DtoD";
            case 9 -> "HtoH";
            case 10 -> "PtoP";
            default -> "kind" + kind;
        };
    }

    /** {@code profile --from-nsys}: the profile report plus what the trace held and how it was mapped. */
    public static ObjectNode nsysJson(Header h, String trace, String map, NsysProfile.Result r, Model m) {
        ObjectNode o = json(h, r.profile(), m);
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

    public static void nsysText(PrintWriter out, Header h, String trace, String map, NsysProfile.Result r,
                                Model m, boolean quiet) {
        TaskSet ts = r.profile().taskSet();
        if (!quiet) {
            Map<Long, Integer> n = counts(r.profile());
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
                        "{" + names(ts, Oracle.tasksOf(e.getKey()), ", ") + "}", e.getValue(),
                        n.getOrDefault(e.getKey(), 0));
            }
            for (NsysProfile.Copies c : r.copies()) {
                out.printf(Locale.ROOT, "  copies %-17s %s: %d, longest %d ns, largest %d bytes%n", c.task(),
                        copyKind(c.kind()), c.count(), c.maxNs(), c.maxBytes());
            }
        }
        footer(out, h, m, quiet);
    }

    /**
     * A round of {@code loop --plan} as a line on stdout, its measured kernels as the JSON object the report
     * file holds.
     */
    public static String planLoopLine(TimePartitionLoop.Round r) {
        if (r.plan() == null) {
            return String.format(Locale.ROOT, "round %d: no plan keeps every task schedulable under the model",
                    r.round());
        }
        boolean ok = r.analysis().schedulable();
        return String.format(Locale.ROOT, "round %d: plan frame %d, GPU share %d %%; measured kernels %s; %s",
                r.round(), r.plan().majorFrame(), r.plan().gpuSharePercent(), Json.MAPPER.valueToTree(r.measured()),
                ok ? (r.stable() ? "schedulable, stable" : "schedulable, model changed: re-plan")
                        : "not schedulable: re-plan");
    }

    /**
     * {@code loop --plan}'s last line, shaped as the loop of tables' ("FILE: OUTCOME after N rounds; workload
     * OUT, ..."): the outcome a script reads, and only what was written. No frame is replayed, so its stable
     * outcome and round limit say what they mean for a plan.
     */
    public static String planLoopEnd(String taskset, TimePartitionLoop.Result r, String out, String report) {
        String words = switch (r.outcome()) {
            case STABLE -> "stable: the plan is schedulable and the measured kernels kept their model";
            case ROUND_LIMIT -> "round limit reached with the measured model still changing or the plan not"
                    + " schedulable";
            default -> r.outcome().words();
        };
        int n = r.rounds().size();
        return String.format(Locale.ROOT, "%s: %s after %d round%s; %sreport %s", Escapes.text(taskset), words, n,
                n == 1 ? "" : "s", r.planned() == null ? "" : "workload " + Escapes.text(out) + ", ",
                Escapes.text(report));
    }

    /** {@code loop --plan}'s report file: every round, pretty-printed. */
    public static String planLoopJson(List<TimePartitionLoop.Round> rounds) throws IOException {
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
        return Json.MAPPER.writer(Canonical.PRETTY).writeValueAsString(all) + "\n";
    }
}
