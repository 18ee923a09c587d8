package org.gpusched.table;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;

/**
 * Scheduling table v1 (docs/table-format.md): which batch starts when, each kernel on the stream
 * of its task, bound to one task set by the SHA-256 of its canonical JSON.
 */
@JsonPropertyOrder({"format", "formatVersion", "taskSet", "timeUnit", "hyperperiod", "method", "streams", "entries"})
public record SchedulingTable(
        @JsonProperty("format") String format,
        @JsonProperty("formatVersion") int formatVersion,
        @JsonProperty("taskSet") TaskSetRef taskSet,
        @JsonProperty("timeUnit") String timeUnit,
        @JsonProperty("hyperperiod") long hyperperiod,
        @JsonProperty("method") String method,
        @JsonProperty("streams") List<String> streams,
        @JsonProperty("entries") List<Entry> entries) {

    public static final String FORMAT = "gpusched-table";
    public static final int VERSION = 1;

    public SchedulingTable {
        required(format, "format");
        required(taskSet, "taskSet");
        required(timeUnit, "timeUnit");
        streams = copy(streams, "streams");
        entries = copy(entries, "entries");
    }

    /** {@code name} is null for a task set without one; the hash is what binds the table. */
    @JsonPropertyOrder({"name", "sha256"})
    public record TaskSetRef(@JsonProperty("name") String name, @JsonProperty("sha256") String sha256) {
        public TaskSetRef {
            required(sha256, "sha256");
        }
    }

    @JsonPropertyOrder({"start", "end", "batch"})
    public record Entry(@JsonProperty("start") long start, @JsonProperty("end") long end,
                        @JsonProperty("batch") List<Item> batch) {
        public Entry {
            batch = copy(batch, "batch");
        }
    }

    /** One kernel launch: job {@code job} (0-based) of {@code task}, on CUDA stream {@code stream}. */
    @JsonPropertyOrder({"task", "job", "stream"})
    public record Item(@JsonProperty("task") String task, @JsonProperty("job") int job,
                       @JsonProperty("stream") int stream) {
        public Item {
            required(task, "task");
        }
    }

    /** The reader reports these messages as they are (one line, with the JSON path). */
    private static void required(Object value, String field) {
        if (value == null) {
            throw new IllegalArgumentException("\"" + field + "\" must not be null");
        }
    }

    private static <T> List<T> copy(List<T> list, String field) {
        required(list, field);
        // List.contains(null) throws on immutable lists; look at each element instead.
        if (list.stream().anyMatch(java.util.Objects::isNull)) {
            throw new IllegalArgumentException("\"" + field + "\" must not hold null");
        }
        return List.copyOf(list);
    }
}
