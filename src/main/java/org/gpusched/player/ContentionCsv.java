package org.gpusched.player;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import org.gpusched.model.InputException;
import org.gpusched.model.KernelKind;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The reader of a raw file of {@code experiment interference} ({@code unit,set,measured,slowdowns,isolated}),
 * strict: the CSV itself is Jackson's (quoted fields, CRLF, a byte-order mark at the start), every
 * value is checked here, and a refusal is one {@link InputException} naming the file, line, column
 * and field. A fit is a measurement the simulated device then trusts, so nothing is guessed: numbers
 * are plain decimals (no sign, exponent, hex, NaN or Infinity), every member names its kind and time,
 * each set appears once, and a slowdown is at least 1 but for timer noise.
 */
final class ContentionCsv {
    static final String HEADER = "unit,set,measured,slowdowns,isolated";
    /**
     * The least slowdown read: a kernel is never faster beside others than alone, but a measured
     * ratio carries timer noise (the H200 preset has 0.993); the model reads such a value as 1.
     */
    static final double MIN_SLOWDOWN = 0.95;
    /** The most slowdown read: ten thousand times slower beside others is a broken measurement. */
    static final double MAX_SLOWDOWN = 10_000;
    /** The longest isolated time or member time read (a trillion ticks, 11.6 days in ns). */
    static final double MAX_TIME = 1e12;
    private static final String[] FIELDS = HEADER.split(",");
    private static final Pattern PLAIN = Pattern.compile("[0-9]+(\\.[0-9]+)?");
    private static final Pattern INTEGER = Pattern.compile("[0-9]+");
    private static final CsvMapper CSV = new CsvMapper();

    private ContentionCsv() { }

    /** One field as read: its text and where it starts. */
    private record Field(String text, int line, int column) { }

    static List<FittedContention.Set> read(String file, String text) {
        // A byte-order mark is how some editors start a UTF-8 file; it is not part of the header.
        String csv = text.startsWith("\uFEFF") ? text.substring(1) : text;
        List<List<Field>> rows = rows(file, csv);
        if (rows.isEmpty() || !header(rows.get(0))) {
            throw new InputException(file, "", rows.isEmpty() ? 1 : rows.get(0).get(0).line(), 1,
                    "not a raw file of experiment interference (expected the header " + HEADER + ")", null);
        }
        List<FittedContention.Set> sets = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (List<Field> row : rows.subList(1, rows.size())) {
            int line = row.get(0).line();
            if (row.size() != FIELDS.length) {
                throw new InputException(file, "", line, 1, "expected " + FIELDS.length + " fields (" + HEADER
                        + "), got " + row.size(), null);
            }
            integer(file, row.get(0), 0);
            double measured = plain(file, row.get(2), 2, 0, MAX_TIME);
            FittedContention.Set set = set(file, row, measured);
            String key = row.get(1).text().strip();
            Integer first = seen.putIfAbsent(key, line);
            if (first != null) {
                throw fail(file, row.get(1), 1, "set " + key + " appears twice, on lines " + first + " and " + line
                        + " (each set is measured once)");
            }
            sets.add(set);
        }
        if (sets.isEmpty()) {
            throw new InputException(file, "", rows.get(0).get(0).line(), 1, "no measured set after the header", null);
        }
        return sets;
    }

    /** The records, each with its fields' positions; a row of one blank field (an empty line) is left out. */
    private static List<List<Field>> rows(String file, String csv) {
        List<List<Field>> rows = new ArrayList<>();
        try (JsonParser p = CSV.getFactory().createParser(csv)) {
            ((CsvParser) p).enable(CsvParser.Feature.WRAP_AS_ARRAY);
            // Wrapped as arrays: one around the whole file, one per record.
            List<Field> row = null;
            int depth = 0;
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.START_ARRAY && ++depth == 2) {
                    row = new ArrayList<>();
                } else if (t == JsonToken.END_ARRAY && depth-- == 2 && row != null) {
                    if (!(row.size() == 1 && row.get(0).text().isBlank())) {
                        rows.add(List.copyOf(row));
                    }
                    row = null;
                } else if (t == JsonToken.VALUE_STRING && row != null) {
                    JsonLocation l = p.currentTokenLocation();
                    row.add(new Field(p.getText(), l.getLineNr(), l.getColumnNr()));
                }
            }
        } catch (JsonProcessingException e) {
            JsonLocation l = e.getLocation();
            throw new InputException(file, "", l == null ? -1 : l.getLineNr(), l == null ? -1 : l.getColumnNr(),
                    InputException.oneLine(e.getOriginalMessage()), null);
        } catch (IOException e) {
            throw new InputException(file, "", "cannot be read: " + e.getMessage());
        }
        return rows;
    }

    private static boolean header(List<Field> row) {
        return row.stream().map(f -> f.text().strip()).toList().equals(List.of(FIELDS));
    }

    private static FittedContention.Set set(String file, List<Field> row, double measured) {
        String[] members = row.get(1).text().strip().split("\\+", -1);
        String[] slow = words(row.get(3));
        String[] iso = words(row.get(4));
        if (members.length < 2) {
            throw fail(file, row.get(1), 1, "a set needs two or more members joined by +, as compute:100+memory:250");
        }
        if (slow.length != members.length || iso.length != members.length) {
            throw fail(file, row.get(slow.length != members.length ? 3 : 4), slow.length != members.length ? 3 : 4,
                    members.length + " members but " + slow.length + " slowdowns and " + iso.length
                            + " isolated times (one each, separated by spaces)");
        }
        List<FittedContention.Member> out = new ArrayList<>();
        for (int k = 0; k < members.length; k++) {
            String[] kt = members[k].split(":", -1);
            KernelKind kind = kt.length == 2 ? KernelKind.of(kt[0]) : null;
            if (kind == null || kt[1].isEmpty()) {
                throw fail(file, row.get(1), 1, "member \"" + members[k] + "\" is not KIND:TIME with KIND one of "
                        + KernelKind.names());
            }
            plain(file, new Field(kt[1], row.get(1).line(), row.get(1).column()), 1, Double.MIN_VALUE, MAX_TIME);
            double s = plain(file, new Field(slow[k], row.get(3).line(), row.get(3).column()), 3, MIN_SLOWDOWN,
                    MAX_SLOWDOWN);
            double t = plain(file, new Field(iso[k], row.get(4).line(), row.get(4).column()), 4, Double.MIN_VALUE,
                    MAX_TIME);
            out.add(new FittedContention.Member(kind, t, s));
        }
        return new FittedContention.Set(out, row.get(1).text().strip(), measured);
    }

    private static String[] words(Field f) {
        String s = f.text().strip();
        return s.isEmpty() ? new String[0] : s.split("\\s+");
    }

    private static void integer(String file, Field f, int field) {
        if (!INTEGER.matcher(f.text().strip()).matches()) {
            throw fail(file, f, field, "\"" + f.text() + "\" is not a whole number of digits");
        }
    }

    /** A plain decimal in [min, max]; a minimum of {@link Double#MIN_VALUE} reads "above 0". */
    private static double plain(String file, Field f, int field, double min, double max) {
        String s = f.text().strip();
        if (!PLAIN.matcher(s).matches()) {
            throw fail(file, f, field, "\"" + f.text() + "\" is not a plain decimal number (digits, at most one"
                    + " point; no sign, exponent, hex, NaN or Infinity)");
        }
        BigDecimal v = new BigDecimal(s);
        if (v.compareTo(BigDecimal.valueOf(max)) > 0 || v.compareTo(BigDecimal.valueOf(min)) < 0
                || (min == Double.MIN_VALUE && v.signum() == 0)) {
            throw fail(file, f, field, s + " is out of range: " + (min == Double.MIN_VALUE ? "above 0"
                    : "at least " + BigDecimal.valueOf(min).toPlainString()) + " and at most "
                    + BigDecimal.valueOf(max).stripTrailingZeros().toPlainString() + (field == 3
                    ? " (a kernel is not faster beside others than alone, but for timer noise)" : ""));
        }
        return v.doubleValue();
    }

    private static InputException fail(String file, Field f, int field, String detail) {
        return new InputException(file, FIELDS[field], f.line(), f.column(), detail, null);
    }
}
