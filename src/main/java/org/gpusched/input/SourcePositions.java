package org.gpusched.input;

import com.fasterxml.jackson.core.JsonLocation;
import org.gpusched.model.InputException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where each task of a workload file starts (line and column of its opening brace), for reports that
 * point a reader or a code-scanning UI at the task a finding is about. The file is scanned again, as
 * the reader scanned it, so the positions are exactly those an input error would name. Standard input
 * cannot be read twice, and a file that changed since it was read may no longer scan: then nothing is
 * known ({@link #NONE}), which the reports render as a finding without a line.
 *
 * @param taskList where the task list starts (a finding about the whole set), or {@link Position#UNKNOWN}
 */
public record SourcePositions(List<Position> tasks, Position taskList) {
    /** A 1-based position; line 0 when unknown. */
    public record Position(int line, int column) {
        public static final Position UNKNOWN = new Position(0, 0);

        public boolean known() {
            return line > 0;
        }
    }

    public static final SourcePositions NONE = new SourcePositions(List.of(), Position.UNKNOWN);

    public SourcePositions {
        tasks = List.copyOf(tasks);
    }

    /** The positions of the tasks in {@code file}; {@link #NONE} for stdin or a file that no longer scans. */
    public static SourcePositions of(Path file) {
        if ("-".equals(file.toString())) {
            return NONE;
        }
        try {
            Map<String, JsonLocation> at = JsonScan.of(file.toString(), InputText.read(file)).locations();
            List<Position> tasks = new ArrayList<>();
            for (int i = 0; at.containsKey("tasks[" + i + "]"); i++) {
                JsonLocation l = at.get("tasks[" + i + "]");
                tasks.add(new Position(l.getLineNr(), l.getColumnNr()));
            }
            JsonLocation list = at.get("tasks");
            return new SourcePositions(tasks, list == null ? Position.UNKNOWN
                    : new Position(list.getLineNr(), list.getColumnNr()));
        } catch (InputException e) {
            return NONE;
        }
    }

    /** Where task {@code i} starts, or {@link Position#UNKNOWN}. */
    public Position task(int i) {
        return i >= 0 && i < tasks.size() ? tasks.get(i) : Position.UNKNOWN;
    }

    /** The position an input error names, or {@link Position#UNKNOWN}. */
    public static Position of(InputException e) {
        return e.line() > 0 ? new Position(e.line(), Math.max(1, e.column())) : Position.UNKNOWN;
    }
}
