package org.gpusched.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import org.gpusched.explore.Frame;
import org.gpusched.explore.JobRef;
import org.gpusched.input.StrictJson;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;

import java.util.ArrayList;
import java.util.List;

/** Builds, writes and reads scheduling tables. */
public final class Tables {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();
    private static final CsvMapper CSV = new CsvMapper();

    private Tables() { }

    public static SchedulingTable of(TaskSet ts, String method, List<Frame> frames) {
        List<SchedulingTable.Entry> entries = new ArrayList<>();
        for (Frame f : frames) {
            List<SchedulingTable.Item> items = new ArrayList<>();
            for (JobRef j : f.batch()) {
                items.add(new SchedulingTable.Item(ts.unitName(j.task(), j.stage()), j.job(), j.task()));
            }
            entries.add(new SchedulingTable.Entry(f.start(), f.end(), items));
        }
        return new SchedulingTable(SchedulingTable.FORMAT, SchedulingTable.VERSION,
                new SchedulingTable.TaskSetRef(ts.name(), ts.sha256()), ts.timeUnit().json(), ts.hyperperiod(),
                method, ts.tasks().stream().map(Task::name).toList(), entries);
    }

    public static String toJson(SchedulingTable t) {
        try {
            return JSON.writeValueAsString(t) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One row per kernel launch: start,end,position,task,job,stream. */
    public static String toCsv(SchedulingTable t) {
        CsvSchema schema = CsvSchema.builder().addNumberColumn("start").addNumberColumn("end")
                .addNumberColumn("position").addColumn("task").addNumberColumn("job").addNumberColumn("stream")
                .build().withHeader();
        List<List<Object>> rows = new ArrayList<>();
        for (SchedulingTable.Entry e : t.entries()) {
            for (int p = 0; p < e.batch().size(); p++) {
                SchedulingTable.Item it = e.batch().get(p);
                rows.add(List.of(e.start(), e.end(), p, it.task(), it.job(), it.stream()));
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
        if (version == null || !version.isInt() || version.intValue() != SchedulingTable.VERSION) {
            throw d.error(version == null ? "" : "formatVersion", "unsupported table formatVersion "
                    + (version == null ? "(missing)" : version) + " (this gpusched reads version "
                    + SchedulingTable.VERSION + ")");
        }
        SchedulingTable t = StrictJson.bind(d, SchedulingTable.class);
        checkRanges(d, t);
        return t;
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
