package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import org.gpusched.explore.result.Verdict;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The verdict of one {@code analyze} run as a user reads it from each {@code --format}, each read
 * the way that format's own consumer reads it (a person the first line of the text, a spreadsheet
 * the CSV's verdict column, a CI the JUnit failures and errors, code scanning the SARIF results).
 * Null where the output does not say one of the three verdicts plainly: a reader that cannot tell
 * is a finding, never a guess.
 */
final class ReportVerdicts {
    private static final ObjectMapper M = new ObjectMapper();

    private ReportVerdicts() { }

    static Verdict of(String format, String file, String out) throws Exception {
        return switch (format) {
            case "text" -> text(file, out);
            case "json" -> words(M.readTree(out).path("verdict").asText());
            case "csv" -> csv(out);
            case "junit" -> junit(out);
            case "sarif" -> sarif(out);
            default -> throw new IllegalArgumentException(format);
        };
    }

    /** The words of {@link Verdict#words()}, exactly; null for anything else. */
    static Verdict words(String words) {
        for (Verdict v : Verdict.values()) {
            if (v.words().equals(words)) {
                return v;
            }
        }
        return null;
    }

    /** The first line: "FILE: VERDICT" followed by the end of the line, a comma or a parenthesis. */
    private static Verdict text(String file, String out) {
        String first = out.lines().findFirst().orElse("");
        if (!first.startsWith(file + ": ")) {
            return null;
        }
        String rest = first.substring(file.length() + 2);
        // "not schedulable" before "schedulable", which it ends with.
        for (Verdict v : List.of(Verdict.NOT_SCHEDULABLE, Verdict.SCHEDULABLE, Verdict.INCONCLUSIVE)) {
            if (rest.equals(v.words()) || rest.startsWith(v.words() + ",") || rest.startsWith(v.words() + " (")) {
                return v;
            }
        }
        return null;
    }

    /** The verdict column of the one row, checked against the schedulable column beside it. */
    private static Verdict csv(String out) throws Exception {
        CsvMapper csv = new CsvMapper();
        List<Map<String, String>> rows;
        try (MappingIterator<Map<String, String>> it = csv.readerForMapOf(String.class)
                .with(CsvSchema.emptySchema().withHeader()).readValues(out)) {
            rows = it.readAll();
        }
        if (rows.size() != 1) {
            return null;
        }
        Verdict v = words(rows.get(0).get("verdict"));
        String schedulable = rows.get(0).get("schedulable");
        String expected = v == null || v.asBoolean() == null ? "" : v.asBoolean().toString();
        return expected.equals(schedulable) ? v : null;
    }

    /** No failure nor error: schedulable; deadline-miss failures alone: not; inconclusive errors alone. */
    private static Verdict junit(String out) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(out.getBytes(StandardCharsets.UTF_8)));
        Set<String> failures = types(doc.getElementsByTagName("failure"));
        Set<String> errors = types(doc.getElementsByTagName("error"));
        if (failures.isEmpty() && errors.isEmpty()) {
            return Verdict.SCHEDULABLE;
        }
        if (failures.equals(Set.of("deadline-miss")) && errors.isEmpty()) {
            return Verdict.NOT_SCHEDULABLE;
        }
        if (failures.isEmpty() && errors.equals(Set.of("inconclusive"))) {
            return Verdict.INCONCLUSIVE;
        }
        return null;
    }

    private static Set<String> types(NodeList nodes) {
        Set<String> types = new HashSet<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            types.add(((Element) nodes.item(i)).getAttribute("type"));
        }
        return types;
    }

    /** The rules of the results: none, deadline-miss alone, or inconclusive alone. */
    private static Verdict sarif(String out) throws Exception {
        JsonNode runs = M.readTree(out).path("runs");
        if (runs.size() != 1) {
            return null;
        }
        Set<String> rules = new HashSet<>();
        runs.get(0).path("results").forEach(r -> rules.add(r.path("ruleId").asText()));
        if (rules.isEmpty()) {
            return Verdict.SCHEDULABLE;
        }
        if (rules.equals(Set.of("deadline-miss"))) {
            return Verdict.NOT_SCHEDULABLE;
        }
        return rules.equals(Set.of("inconclusive")) ? Verdict.INCONCLUSIVE : null;
    }
}
