package org.gpusched.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Set;

/** Validates JSON reports against the schemas of src/main/resources/report-schemas (the documented report contract). */
final class ReportSchemas {
    private static final ObjectMapper M = new ObjectMapper();
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

    private ReportSchemas() { }

    static JsonSchema schema(String report) {
        try (InputStream in = ReportSchemas.class.getResourceAsStream("/report-schemas/" + report + ".schema.json")) {
            if (in == null) {
                throw new AssertionError("no report schema for '" + report + "'");
            }
            return FACTORY.getSchema(M.readTree(in));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Which report a command line writes, or null when it writes no JSON report. */
    static String reportOf(String[] args) {
        List<String> a = List.of(args);
        boolean json = false;
        for (int i = 0; i < a.size(); i++) {
            json |= a.get(i).equals("--format=json") || a.get(i).equals("--format") && i + 1 < a.size()
                    && a.get(i + 1).equals("json");
        }
        if (!json || a.isEmpty() || a.contains("--help") || a.contains("-h") || a.contains("--table") && a.contains("-")) {
            return null;
        }
        String cmd = a.get(0);
        return SchemaCommand.REPORTS.contains(cmd) ? cmd : null;
    }

    /** Every stdout line of a JSON run validates against its report's schema (or the error line's). */
    static void check(String[] args, String stdout) {
        String report = reportOf(args);
        if (report == null) {
            return;
        }
        if (args[0].equals("compare") && List.of(args).contains("--list")) {
            report = "methods"; // compare --list prints what 'methods' prints
        }
        for (String line : stdout.lines().toList()) {
            JsonNode n;
            try {
                n = M.readTree(line);
            } catch (IOException e) {
                throw new AssertionError(String.join(" ", args) + ": stdout line is not JSON: " + line, e);
            }
            String which = n.has("error") && !n.has("valid") && !n.isArray() ? "error" : report;
            if (which.equals("bench") && List.of(args).contains("--hard-sets")) {
                which = "bench-hard-sets"; // the hard-set point table (docs/performance.md)
            }
            if (which.equals("play") && n.has("partitionTest")) {
                which = "play-plan"; // play given a partition plan (docs/partitioning.md)
            }
            if (which.equals("device-info") && n.has("kinds")) {
                which = "device-kinds"; // device-info --kinds (docs/player.md)
            }
            Set<ValidationMessage> errors = schema(which).validate(n);
            if (!errors.isEmpty()) {
                throw new AssertionError(String.join(" ", args) + ": report does not match the " + which
                        + " schema: " + errors + "\n" + line);
            }
        }
    }
}
