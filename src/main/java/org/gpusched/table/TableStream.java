package org.gpusched.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.gpusched.explore.result.Frame;
import org.gpusched.model.Canonical;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

/**
 * Writes a version 1 table entry by entry as its frames arrive, so a table of millions of frames
 * is never held in memory: the same bytes as {@link Tables#toJson} or {@link Tables#toCsv} of the
 * whole table.
 */
public abstract class TableStream implements AutoCloseable {
    private TableStream() { }

    /** Adds one frame as the next entry. */
    public final void add(TaskSet ts, Frame f) {
        try {
            write(entry(ts, f));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    abstract void write(SchedulingTable.Entry e) throws IOException;

    /** Ends the table and flushes (the writer stays open). */
    @Override
    public abstract void close() throws IOException;

    static SchedulingTable.Entry entry(TaskSet ts, Frame f) {
        return new SchedulingTable.Entry(f.start(), f.end(), f.batch().stream()
                .map(j -> new SchedulingTable.Item(ts.unitName(j.task(), j.stage()), j.job(), j.task())).toList());
    }

    /** The JSON table, header first ({@link SchedulingTable}'s field order), then each entry as it comes. */
    public static TableStream json(TaskSet ts, String method, Writer out) throws IOException {
        JsonGenerator g = Tables.JSON.getFactory().createGenerator(out);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.setPrettyPrinter(Canonical.PRETTY.createInstance());
        ObjectWriter values = Tables.JSON.writer().without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);
        g.writeStartObject();
        g.writeStringField("format", SchedulingTable.FORMAT);
        g.writeNumberField("formatVersion", SchedulingTable.VERSION);
        g.writeFieldName("taskSet");
        values.writeValue(g, new SchedulingTable.TaskSetRef(ts.name(), ts.sha256()));
        g.writeStringField("timeUnit", ts.timeUnit().json());
        g.writeNumberField("hyperperiod", ts.hyperperiod());
        g.writeStringField("method", method);
        g.writeFieldName("streams");
        values.writeValue(g, ts.tasks().stream().map(Task::name).toList());
        g.writeFieldName("entries");
        g.writeStartArray();
        return new TableStream() {
            @Override
            void write(SchedulingTable.Entry e) throws IOException {
                values.writeValue(g, e);
            }

            @Override
            public void close() throws IOException {
                g.writeEndArray();
                g.writeEndObject();
                g.flush();
                out.write("\n");
                out.flush();
            }
        };
    }

    /** The CSV table: the header, then one row per kernel launch as each frame comes. */
    public static TableStream csv(Writer out) throws IOException {
        SequenceWriter rows = Tables.CSV.writer(Tables.CSV_SCHEMA)
                .without(SerializationFeature.FLUSH_AFTER_WRITE_VALUE).writeValues(out);
        return new TableStream() {
            @Override
            void write(SchedulingTable.Entry e) throws IOException {
                for (int p = 0; p < e.batch().size(); p++) {
                    SchedulingTable.Item it = e.batch().get(p);
                    rows.write(List.of(e.start(), e.end(), p, it.task(), it.job(), it.stream()));
                }
            }

            @Override
            public void close() throws IOException {
                rows.flush();
                out.flush();
            }
        };
    }
}
