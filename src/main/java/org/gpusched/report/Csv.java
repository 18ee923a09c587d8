package org.gpusched.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import org.gpusched.model.Escapes;

import java.util.Arrays;

/**
 * CSV rows through Jackson's CSV writer, so quoting of odd file names is right. Every text cell
 * goes through {@link Escapes#csv}: no formula and no line break from the input.
 */
public final class Csv {
    private static final CsvMapper MAPPER = new CsvMapper();

    private Csv() { }

    public static String row(Object... cells) {
        try {
            return MAPPER.writer(CsvSchema.emptySchema()).writeValueAsString(
                    Arrays.stream(cells).map(Csv::cell).toArray()).stripTrailing();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String cell(Object c) {
        return c == null ? "" : Escapes.csv(c.toString());
    }
}
