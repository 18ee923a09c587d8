package org.gpusched.table;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import org.gpusched.explore.Frame;
import org.gpusched.explore.JobRef;
import org.gpusched.model.InputException;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;

import java.util.ArrayList;
import java.util.List;

/** Builds, writes and reads scheduling tables. */
public final class Tables {
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();
    private static final CsvMapper CSV = new CsvMapper();

    private Tables() { }

    public static SchedulingTable of(TaskSet ts, String method, List<Frame> frames) {
        List<SchedulingTable.Entry> entries = new ArrayList<>();
        for (Frame f : frames) {
            List<SchedulingTable.Item> items = new ArrayList<>();
            for (JobRef j : f.batch()) {
                items.add(new SchedulingTable.Item(ts.task(j.task()).name(), j.job(), j.task()));
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

    /** Reads a JSON table; refuses unknown formats and versions with a one-line error. */
    public static SchedulingTable read(String file, String content) {
        SchedulingTable t;
        try {
            var tree = JSON.readTree(content);
            if (tree == null || !tree.isObject()) {
                throw new InputException(file, "", "not a scheduling table (expected a JSON object)");
            }
            if (!SchedulingTable.FORMAT.equals(tree.path("format").asText())) {
                throw new InputException(file, "format", "not a gpusched scheduling table (format must be \""
                        + SchedulingTable.FORMAT + "\")");
            }
            int version = tree.path("formatVersion").asInt(-1);
            if (version != SchedulingTable.VERSION) {
                throw new InputException(file, "formatVersion", "unsupported table formatVersion "
                        + tree.path("formatVersion") + " (this gpusched reads version " + SchedulingTable.VERSION + ")");
            }
            t = JSON.treeToValue(tree, SchedulingTable.class);
        } catch (JsonProcessingException e) {
            var loc = e.getLocation();
            throw new InputException(file, "", loc == null ? -1 : loc.getLineNr(), loc == null ? -1 : loc.getColumnNr(),
                    "invalid scheduling table: " + e.getOriginalMessage(), e);
        }
        return t;
    }
}
