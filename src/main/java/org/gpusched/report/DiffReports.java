package org.gpusched.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Escapes;

import java.io.PrintWriter;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/** Renders {@code diff}: what changed between two {@link DiffSide}s, as text and JSON. */
public final class DiffReports {
    private DiffReports() { }

    public static ObjectNode json(DiffSide a, DiffSide b) {
        ObjectNode o = Json.object().put("old", a.file()).put("new", b.file()).put("timeUnit", b.timeUnit());
        o.putObject("verdict").put("old", a.verdict()).put("new", b.verdict())
                .put("changed", !a.verdict().equals(b.verdict()));
        String[] runtime = DiffSide.runtimeChange(a, b);
        if (runtime != null) {
            o.putObject("runtime").put("old", runtime[0]).put("new", runtime[1]);
        }
        ObjectNode ls = o.putObject("leastSlack");
        ls.put("old", a.leastSlack()).put("new", b.leastSlack());
        ls.put("delta", a.leastSlack() != null && b.leastSlack() != null ? b.leastSlack() - a.leastSlack() : null);
        ArrayNode tasks = o.putArray("tasks");
        for (String t : names(a, b)) {
            ObjectNode x = tasks.addObject().put("task", t).put("change", change(a, b, t));
            long[] ma = a.margins().get(t);
            long[] mb = b.margins().get(t);
            x.putObject("worstResponseTime").put("old", ma == null ? null : ma[0]).put("new", mb == null ? null : mb[0]);
            x.putObject("leastSlack").put("old", ma == null ? null : ma[1]).put("new", mb == null ? null : mb[1]);
        }
        int first = firstDifference(a, b);
        o.putObject("table").put("oldFrames", a.frames().size()).put("newFrames", b.frames().size())
                .put("identical", first < 0).put("firstDifference", first < 0 ? null : first);
        return o;
    }

    public static void text(PrintWriter out, DiffSide a, DiffSide b, boolean quiet) {
        String u = b.timeUnit();
        boolean same = a.verdict().equals(b.verdict());
        out.println(Escapes.text(a.file()) + " -> " + Escapes.text(b.file()) + ": " + (same ? b.verdict() + " (unchanged)"
                : a.verdict() + " -> " + b.verdict()));
        if (quiet) {
            return;
        }
        String[] runtime = DiffSide.runtimeChange(a, b);
        if (runtime != null) {
            // the runtime cost is the change when no task changed: name it, not only the verdict it flips
            out.println("  runtime       " + runtime[0] + " -> " + runtime[1] + " " + u);
        }
        out.printf(Locale.ROOT, "  least slack   %s -> %s %s%s%n", num(a.leastSlack()), num(b.leastSlack()), u,
                a.leastSlack() != null && b.leastSlack() != null
                        ? String.format(Locale.ROOT, " (%+d)", b.leastSlack() - a.leastSlack()) : "");
        out.printf(Locale.ROOT, "  %-20s %-9s %-28s %s%n", "task", "change", "worst response (" + u + ")",
                "least slack (" + u + ")");
        for (String t : names(a, b)) {
            long[] ma = a.margins().get(t);
            long[] mb = b.margins().get(t);
            out.printf(Locale.ROOT, "  %-20s %-9s %-28s %s%n", Escapes.text(t), change(a, b, t),
                    (ma == null ? "-" : Long.toString(ma[0])) + " -> " + (mb == null ? "-" : Long.toString(mb[0])),
                    (ma == null ? "-" : Long.toString(ma[1])) + " -> " + (mb == null ? "-" : Long.toString(mb[1])));
            if (change(a, b, t).equals("changed")) {
                out.println("      " + a.tasks().get(t) + " -> " + b.tasks().get(t));
            }
        }
        int first = firstDifference(a, b);
        out.println("  table         " + a.frames().size() + " -> " + b.frames().size() + " frames"
                + (first < 0 ? ", identical" : ", first difference at frame " + first + ": "
                + (first < a.frames().size() ? Escapes.text(a.frames().get(first)) : "(none)") + " -> "
                + (first < b.frames().size() ? Escapes.text(b.frames().get(first)) : "(none)")));
    }

    /** The tasks of both sides: the old side's in its order, then those only the new side has. */
    private static Set<String> names(DiffSide a, DiffSide b) {
        Set<String> names = new LinkedHashSet<>(a.tasks().keySet());
        names.addAll(b.tasks().keySet());
        return names;
    }

    private static String num(Long v) {
        return v == null ? "-" : Long.toString(v);
    }

    private static String change(DiffSide a, DiffSide b, String task) {
        if (!a.tasks().containsKey(task)) {
            return "added";
        }
        if (!b.tasks().containsKey(task)) {
            return "removed";
        }
        if (a.tasks().get(task).isEmpty() || b.tasks().get(task).isEmpty()) {
            return "unknown"; // a report does not carry the task's parameters
        }
        return Objects.equals(a.tasks().get(task), b.tasks().get(task)) ? "same" : "changed";
    }

    /** The first frame index where the tables differ, or -1 when identical. */
    private static int firstDifference(DiffSide a, DiffSide b) {
        int n = Math.min(a.frames().size(), b.frames().size());
        for (int i = 0; i < n; i++) {
            if (!a.frames().get(i).equals(b.frames().get(i))) {
                return i;
            }
        }
        return a.frames().size() == b.frames().size() ? -1 : n;
    }
}
