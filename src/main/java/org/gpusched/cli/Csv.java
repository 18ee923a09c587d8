package org.gpusched.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;

import java.util.Arrays;

/** CSV rows through Jackson's CSV writer, so quoting of odd file names is right. */
final class Csv {
    private static final CsvMapper MAPPER = new CsvMapper();

    private Csv() { }

    static String row(Object... cells) {
        try {
            String line = MAPPER.writer(CsvSchema.emptySchema()).writeValueAsString(
                    Arrays.stream(cells).map(c -> c == null ? "" : c.toString()).toArray());
            return line.stripTrailing();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
