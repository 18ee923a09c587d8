package org.gpusched.input;

import org.gpusched.model.InputException;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;

/** The {@code origin} marks of a table's entries: which completions were measured and which predicted. */
final class EntryMarks {
    private EntryMarks() { }

    /**
     * The sets whose entry is marked {@code "origin": "predicted"} ({@code profile --pairs}); null when
     * no entry has an origin (an unmarked table, as every table before marks). {@code table} holds the
     * entries' sets in entry order (the reader refuses a set given twice), so entry e is its e-th key.
     */
    static Set<Long> predicted(List<InputDto.EntryDto> entries, Map<Long, Long> table,
                               BiFunction<String, String, InputException> fail) {
        Set<Long> out = new HashSet<>();
        boolean marked = false;
        List<Long> masks = new ArrayList<>(table.keySet());
        for (int e = 0; e < entries.size(); e++) {
            String origin = entries.get(e).origin();
            if (origin == null) {
                continue;
            }
            marked = true;
            switch (origin) {
                case "measured" -> { }
                case "predicted" -> out.add(masks.get(e));
                default -> throw fail.apply("interference.entries[" + e + "].origin", "unknown value \"" + origin
                        + "\" (expected measured or predicted)");
            }
        }
        return marked ? out : null;
    }
}
