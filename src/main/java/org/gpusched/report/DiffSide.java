package org.gpusched.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.gpusched.explore.job.Analysis;
import org.gpusched.input.ReportReader;
import org.gpusched.model.*;
import org.gpusched.output.Reasons;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One side of a diff, read from a task set (analysed by the caller) or from an {@code analyze --format json}
 * report: the verdict, the margins and the table, reduced to what a diff compares. Both go through
 * the strict report reader ({@link ReportReader}), the task set's side through analyze's own JSON,
 * so what the diff compares is what a report says, and a tampered report is refused with its path.
 *
 * @param tasks  per task name: its parameters ("period 10000, deadline 10000, wcet 1500"), or ""
 *               when only a report was given (a report does not carry them)
 * @param margins per task name: {worst response, least slack}; empty without a table
 * @param frames the table, one "start-end: a#0 b#0" string per frame
 * @param runtime the task set's runtime cost (docs/format.md, "runtime"), or null when only a report was
 *                given (a report does not carry it)
 */
public record DiffSide(String file, String verdict, TimeUnitName unit, Long leastSlack, Map<String, String> tasks,
                Map<String, long[]> margins, List<String> frames, ReportReader.Report report, RuntimeOverhead runtime) {

    public String timeUnit() {
        return unit.json();
    }

    /** The text of a side's file (a task set or a report). */
    public static String text(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw Reasons.of(file, "cannot read", e);
        }
    }

    /**
     * The side of an {@code analyze --format json} report, or null when the text is not one (then it
     * is a task set, which the caller analyses and hands to {@link #of}).
     */
    public static DiffSide ofReport(Path file, String text) {
        JsonNode n;
        try {
            n = Json.MAPPER.readTree(text.lines().findFirst().orElse(""));
        } catch (IOException e) {
            n = null;
        }
        if (!ReportReader.looksLikeReport(n, text)) {
            return null;
        }
        ReportReader.Report r = ReportReader.read(file.toString(), text);
        Map<String, String> tasks = new LinkedHashMap<>();
        r.streams().forEach(s -> tasks.put(s, ""));
        return build(file.toString(), r, tasks, 1, null);
    }

    /** The side of a task set and its analysis, read back through analyze's own JSON report. */
    public static DiffSide of(Path file, TaskSet ts, Analysis a) {
        ReportReader.Report r = ReportReader.read(file.toString(),
                Json.line(Reports.json(file.toString(), ts, a, false, null)));
        Map<String, String> tasks = new LinkedHashMap<>();
        for (Task t : ts.tasks()) {
            tasks.put(t.name(), "period " + t.period() + ", deadline " + t.deadline() + ", wcet " + t.wcet());
        }
        return build(file.toString(), r, tasks, 1, ts.interference().overhead());
    }

    /**
     * The two sides in one time unit: the finer of the two, times scaled exactly. Ticks have no
     * length, so a side in ticks compares only with another in ticks (else one line, exit 2).
     */
    public static DiffSide[] inOneUnit(DiffSide a, DiffSide b) {
        if (a.unit == b.unit) {
            return new DiffSide[] {a, b};
        }
        if (a.unit == TimeUnitName.TICK || b.unit == TimeUnitName.TICK) {
            DiffSide t = a.unit == TimeUnitName.TICK ? b : a;
            throw new InputException(t.file, "timeUnit", "times in " + t.timeUnit() + " cannot be compared with times"
                    + " in ticks (a tick has no length): compare two files of the same unit");
        }
        TimeUnitName fine = a.unit.nanos() < b.unit.nanos() ? a.unit : b.unit;
        return new DiffSide[] {a.in(fine), b.in(fine)};
    }

    private DiffSide in(TimeUnitName to) {
        if (to == unit) {
            return this;
        }
        long factor = unit.nanos() / to.nanos();
        RuntimeOverhead o = runtime == null ? null : new RuntimeOverhead(scale(file, runtime.launch(), factor),
                scale(file, runtime.submit(), factor), scale(file, runtime.sync(), factor),
                scale(file, runtime.copy(), factor));
        DiffSide d = build(file, report, new LinkedHashMap<>(tasks), factor, o);
        return new DiffSide(file, verdict, to, d.leastSlack, d.tasks, d.margins, d.frames, report, o);
    }

    /**
     * The runtime cost of each side when both are known and differ, as "launch 60, submit 0, sync 0,
     * copy 0" (or "none"); null otherwise, so a diff of sets with the same cost reads as it always did.
     */
    public static String[] runtimeChange(DiffSide a, DiffSide b) {
        if (a.runtime == null || b.runtime == null || a.runtime.equals(b.runtime)) {
            return null;
        }
        return new String[] {words(a.runtime), words(b.runtime)};
    }

    private static String words(RuntimeOverhead o) {
        return o.isZero() ? "none" : "launch " + o.launch() + ", submit " + o.submit() + ", sync " + o.sync()
                + ", copy " + o.copy();
    }

    private static DiffSide build(String file, ReportReader.Report r, Map<String, String> tasks, long factor,
                                  RuntimeOverhead runtime) {
        Map<String, long[]> margins = new LinkedHashMap<>();
        for (ReportReader.Margin m : r.margins()) {
            margins.put(m.task(), new long[] {scale(file, m.worstResponse(), factor), scale(file, m.leastSlack(), factor)});
            tasks.putIfAbsent(m.task(), "");
        }
        List<String> frames = new ArrayList<>();
        for (ReportReader.Frame f : r.frames()) {
            String batch = String.join(" ", f.batch().stream().map(j -> j.task() + "#" + j.job()).toList());
            frames.add(scale(file, f.start(), factor) + "-" + scale(file, f.end(), factor) + ": " + batch);
        }
        Long least = r.leastSlack() == null ? null : scale(file, r.leastSlack(), factor);
        return new DiffSide(file, r.verdict(), r.timeUnit(), least, tasks, margins, frames, r, runtime);
    }

    private static long scale(String file, long v, long factor) {
        try {
            return Math.multiplyExact(v, factor);
        } catch (ArithmeticException e) {
            throw new InputException(file, "timeUnit", "a time of " + v + " does not fit in 64 bits once converted"
                    + " to the other file's finer unit");
        }
    }
}
