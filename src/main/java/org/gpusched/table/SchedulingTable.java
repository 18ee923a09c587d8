package org.gpusched.table;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.util.List;

/**
 * Scheduling table (docs/table-format.md): which batch starts when, each kernel on the stream
 * of its task, bound to one task set by the SHA-256 of its canonical JSON. Version 1 covers one
 * hyperperiod from 0 and repeats every H; version 2 adds {@code repeat}: the entries before
 * {@code repeat.fromEntry} (the power-on prefix) run once, the rest repeat every
 * {@code repeat.every} ticks.
 */
@JsonPropertyOrder({"format", "formatVersion", "taskSet", "timeUnit", "hyperperiod", "method", "streams", "repeat",
        "entries"})
public record SchedulingTable(
        @JsonProperty("format") String format,
        @JsonProperty("formatVersion") int formatVersion,
        @JsonProperty("taskSet") TaskSetRef taskSet,
        @JsonProperty("timeUnit") String timeUnit,
        @JsonProperty("hyperperiod") long hyperperiod,
        @JsonProperty("method") String method,
        @JsonProperty("streams") List<String> streams,
        @JsonProperty("entries") List<Entry> entries,
        @JsonProperty("repeat") @JsonInclude(JsonInclude.Include.NON_NULL) Repeat repeat) {

    public static final String FORMAT = "gpusched-table";
    public static final int VERSION = 1;
    /** The version of a table with a power-on prefix and a periodic part ({@link #repeat}). */
    public static final int VERSION_PERIODIC = 2;

    /** A version 1 table (reading binds through this: a v1 document has no {@code repeat}). */
    @JsonCreator
    public SchedulingTable(@JsonProperty("format") String format, @JsonProperty("formatVersion") int formatVersion,
                           @JsonProperty("taskSet") TaskSetRef taskSet, @JsonProperty("timeUnit") String timeUnit,
                           @JsonProperty("hyperperiod") long hyperperiod, @JsonProperty("method") String method,
                           @JsonProperty("streams") List<String> streams,
                           @JsonProperty("entries") List<Entry> entries) {
        this(format, formatVersion, taskSet, timeUnit, hyperperiod, method, streams, entries, null);
    }

    /**
     * Entries {@code fromEntry} .. end repeat every {@code every} ticks (a multiple of the
     * hyperperiod); repetition m runs each of their jobs m·every/T later in its task.
     */
    @JsonPropertyOrder({"fromEntry", "every"})
    public record Repeat(int fromEntry, long every) { }

    public SchedulingTable {
        required(format, "format");
        required(taskSet, "taskSet");
        required(timeUnit, "timeUnit");
        streams = copy(streams, "streams");
        entries = copy(entries, "entries");
    }

    /** {@code name} is null for a task set without one; the hash is what binds the table. */
    @JsonPropertyOrder({"name", "sha256"})
    public record TaskSetRef(String name, String sha256) {
        public TaskSetRef {
            required(sha256, "sha256");
        }
    }

    @JsonPropertyOrder({"start", "end", "batch"})
    public record Entry(long start, long end, List<Item> batch) {
        public Entry {
            batch = copy(batch, "batch");
        }
    }

    /** One kernel launch: job {@code job} (0-based) of {@code task}, on CUDA stream {@code stream}. */
    @JsonPropertyOrder({"task", "job", "stream"})
    public record Item(String task, int job, int stream) {
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
