package org.gpusched.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import org.gpusched.explore.job.Analysis;
import org.gpusched.explore.result.Frame;
import org.gpusched.input.StrictJson;
import org.gpusched.model.Canonical;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Ticks;

import java.util.ArrayList;
import java.util.List;

/** Builds, writes and reads scheduling tables. */
public final class Tables {
    static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .defaultPrettyPrinter(Canonical.PRETTY)
            .build();
    static final CsvMapper CSV = new CsvMapper();
    /** One row per kernel launch: start,end,position,task,job,stream. */
    static final CsvSchema CSV_SCHEMA = CsvSchema.builder().addNumberColumn("start").addNumberColumn("end")
            .addNumberColumn("position").addColumn("task").addNumberColumn("job").addNumberColumn("stream")
            .build().withHeader();

    private Tables() { }

    /** The table of an analysis: version 2 with its periodic part when it has a power-on prefix or repeat. */
    public static SchedulingTable of(TaskSet ts, Analysis a) {
        SchedulingTable t = of(ts, a.method(), a.schedule());
        if (a.repeat() == null) {
            return t;
        }
        return new SchedulingTable(t.format(), SchedulingTable.VERSION_PERIODIC, t.taskSet(), t.timeUnit(),
                t.hyperperiod(), t.method(), t.streams(), t.entries(),
                new SchedulingTable.Repeat(a.repeat().fromFrame(), a.repeat().every()));
    }

    public static SchedulingTable of(TaskSet ts, String method, List<Frame> frames) {
        List<SchedulingTable.Entry> entries = frames.stream().map(f -> TableStream.entry(ts, f)).toList();
        return new SchedulingTable(SchedulingTable.FORMAT, SchedulingTable.VERSION,
                new SchedulingTable.TaskSetRef(ts.name(), ts.sha256()), ts.timeUnit().json(), ts.hyperperiod(),
                method, ts.tasks().stream().map(Task::name).toList(), entries);
    }

    /**
     * A power-on table's entries as played: the prefix once, then {@code turns} turns of the
     * periodic part, turn m shifted by m·every and each job by m·every/T of its task (unknown task
     * names are left as they are, for the checker to report). {@code ts} is on the file's time line.
     */
    public static List<SchedulingTable.Entry> unroll(SchedulingTable t, TaskSet ts, int turns) {
        SchedulingTable.Repeat r = t.repeat();
        java.util.Map<String, Long> periodOf = new java.util.HashMap<>();
        ts.units().forEach(u -> periodOf.put(u.name(), ts.task(u.task()).period()));
        List<SchedulingTable.Entry> out = new ArrayList<>(t.entries().subList(0, r.fromEntry()));
        List<SchedulingTable.Entry> periodic = t.entries().subList(r.fromEntry(), t.entries().size());
        for (int m = 0; m < turns; m++) {
            long shift = Ticks.mul(m, r.every());
            for (SchedulingTable.Entry e : periodic) {
                List<SchedulingTable.Item> batch = new ArrayList<>();
                for (SchedulingTable.Item it : e.batch()) {
                    Long period = periodOf.get(it.task());
                    long later = period == null ? 0 : shift / period;
                    batch.add(new SchedulingTable.Item(it.task(), (int) Math.min(Integer.MAX_VALUE, it.job() + later),
                            it.stream()));
                }
                out.add(new SchedulingTable.Entry(Ticks.add(e.start(), shift),
                        Ticks.add(e.end(), shift), batch));
            }
        }
        return out;
    }

    public static String toJson(SchedulingTable t) {
        try {
            return JSON.writeValueAsString(t) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One row per kernel launch: start,end,position,task,job,stream. A power-on table (version 2)
     * adds {@code part} (prefix or periodic) and {@code every} (the periodic part's turn), so the CSV
     * says what the JSON's {@code repeat} says.
     */
    public static String toCsv(SchedulingTable t) {
        SchedulingTable.Repeat r = t.repeat();
        CsvSchema schema = r == null ? CSV_SCHEMA : CSV_SCHEMA.rebuild().addColumn("part").addNumberColumn("every")
                .build().withHeader();
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < t.entries().size(); i++) {
            SchedulingTable.Entry e = t.entries().get(i);
            for (int p = 0; p < e.batch().size(); p++) {
                SchedulingTable.Item it = e.batch().get(p);
                rows.add(r == null ? List.of(e.start(), e.end(), p, it.task(), it.job(), it.stream())
                        : List.of(e.start(), e.end(), p, it.task(), it.job(), it.stream(),
                        i < r.fromEntry() ? "prefix" : "periodic", r.every()));
            }
        }
        try {
            return CSV.writer(schema).writeValueAsString(rows);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Reads a JSON table as strictly as a task set is read ({@link StrictJson}): malformed JSON,
     * trailing content, duplicate keys, unknown or missing fields, strings for numbers and fractions
     * for times are refused with one line naming file, line, column and JSON path. Then the format
     * and version, and the ranges every table must respect (times in [0, {@link TaskSet#MAX_HYPERPERIOD}],
     * start <= end, job and stream >= 0), so no later arithmetic can overflow.
     */
    public static SchedulingTable read(String file, String content) {
        StrictJson.Document d = StrictJson.parse(file, content, "a scheduling table");
        JsonNode format = d.tree().get("format");
        if (format == null || !SchedulingTable.FORMAT.equals(format.textValue())) {
            throw d.error(format == null ? "" : "format", "not a gpusched scheduling table (format must be \""
                    + SchedulingTable.FORMAT + "\")");
        }
        JsonNode version = d.tree().get("formatVersion");
        if (version == null || !version.isInt() || version.intValue() != SchedulingTable.VERSION
                && version.intValue() != SchedulingTable.VERSION_PERIODIC) {
            throw d.error(version == null ? "" : "formatVersion", "unsupported table formatVersion "
                    + (version == null ? "(missing)" : version) + " (this gpusched reads versions "
                    + SchedulingTable.VERSION + " and " + SchedulingTable.VERSION_PERIODIC + ")");
        }
        SchedulingTable t = version.intValue() == SchedulingTable.VERSION
                ? StrictJson.bind(d, SchedulingTable.class) : StrictJson.bind(d, Periodic.class).table(d);
        if (t.repeat() != null && (t.repeat().fromEntry() < 0 || t.repeat().fromEntry() >= t.entries().size())) {
            throw d.error("repeat.fromEntry", "fromEntry must name an entry (0.." + (t.entries().size() - 1) + ")");
        }
        if (t.repeat() != null && (t.repeat().every() < 1 || t.repeat().every() > TaskSet.MAX_HYPERPERIOD)) {
            throw d.error("repeat.every", "every must be in 1.." + TaskSet.MAX_HYPERPERIOD);
        }
        checkRanges(d, t);
        return t;
    }

    /** A version 2 document: every field of version 1 and {@code repeat}, all required. */
    private record Periodic(String format, int formatVersion, SchedulingTable.TaskSetRef taskSet, String timeUnit,
                            long hyperperiod, String method, List<String> streams,
                            List<SchedulingTable.Entry> entries, SchedulingTable.Repeat repeat) {
        SchedulingTable table(StrictJson.Document d) {
            if (repeat == null) {
                throw d.error("repeat", "\"repeat\" must not be null in a version 2 table");
            }
            try {
                return new SchedulingTable(format, formatVersion, taskSet, timeUnit, hyperperiod, method, streams,
                        entries, repeat);
            } catch (IllegalArgumentException e) {
                // Built after binding: a null the table refuses is one located line, as in a version 1 table.
                throw d.error("", e.getMessage());
            }
        }
    }

    private static void checkRanges(StrictJson.Document d, SchedulingTable t) {
        if (t.hyperperiod() < 1 || t.hyperperiod() > TaskSet.MAX_HYPERPERIOD) {
            throw d.error("hyperperiod", "hyperperiod must be in 1.." + TaskSet.MAX_HYPERPERIOD);
        }
        for (int e = 0; e < t.entries().size(); e++) {
            SchedulingTable.Entry en = t.entries().get(e);
            String p = "entries[" + e + "]";
            if (en.start() < 0 || en.start() > TaskSet.MAX_HYPERPERIOD) {
                throw d.error(p + ".start", "start must be in 0.." + TaskSet.MAX_HYPERPERIOD);
            }
            if (en.end() < en.start() || en.end() > TaskSet.MAX_HYPERPERIOD) {
                throw d.error(p + ".end", "end must be in start.." + TaskSet.MAX_HYPERPERIOD + " (start " + en.start()
                        + ")");
            }
            for (int i = 0; i < en.batch().size(); i++) {
                SchedulingTable.Item it = en.batch().get(i);
                if (it.job() < 0) {
                    throw d.error(p + ".batch[" + i + "].job", "job must be >= 0");
                }
                if (it.stream() < 0) {
                    throw d.error(p + ".batch[" + i + "].stream", "stream must be >= 0");
                }
            }
        }
    }
}
