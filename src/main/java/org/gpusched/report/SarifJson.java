package org.gpusched.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.gpusched.model.Canonical;
import org.gpusched.report.CiReport.Finding;
import org.gpusched.report.CiReport.Rule;
import org.gpusched.report.CiReport.Suite;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * A {@link CiReport} as a SARIF 2.1.0 log, the format GitHub code scanning and other review tools
 * annotate files with: one run, gpusched as its tool with the rules of {@link Rule}, and a result per
 * finding, located at the line and column in the input file where the task (or the invalid value)
 * starts. Columns count UTF-16 code units, as the JSON reader does. A file read from standard input
 * has no location; its results still carry the message.
 */
public final class SarifJson {
    static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

    private SarifJson() { }

    public static String write(CiReport report) {
        ObjectNode log = Json.object().put("$schema", SCHEMA).put("version", "2.1.0");
        ObjectNode run = log.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver").put("name", "gpusched")
                .put("version", report.version());
        ArrayNode rules = driver.putArray("rules");
        for (Rule r : Rule.values()) {
            ObjectNode rule = rules.addObject().put("id", r.id());
            rule.putObject("shortDescription").put("text", r.description());
            rule.putObject("defaultConfiguration").put("level", r.level());
        }
        run.putArray("invocations").addObject().put("executionSuccessful", true);
        run.put("columnKind", "utf16CodeUnits");
        ArrayNode results = run.putArray("results");
        report.suites().forEach(s -> s.cases().forEach(c -> c.findings().forEach(f -> results.add(result(s, f)))));
        try {
            return Json.MAPPER.writer(Canonical.PRETTY).writeValueAsString(log) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode result(Suite s, Finding f) {
        ObjectNode r = Json.object().put("ruleId", f.rule().id()).put("ruleIndex", f.rule().ordinal())
                .put("level", f.rule().level());
        r.putObject("message").put("text", f.message());
        String uri = uri(s.file());
        if (uri != null) {
            ObjectNode physical = r.putArray("locations").addObject().putObject("physicalLocation");
            physical.putObject("artifactLocation").put("uri", uri);
            // A finding without a position (a file that could not be opened) points at the file's first line.
            physical.putObject("region").put("startLine", f.at().known() ? f.at().line() : 1)
                    .put("startColumn", f.at().known() ? f.at().column() : 1);
        }
        return r;
    }

    /** A relative path stays relative (to the repository root, as code scanning expects); stdin has none. */
    static String uri(String file) {
        if (file == null || file.equals("-")) {
            return null;
        }
        Path p = Path.of(file);
        if (p.isAbsolute()) {
            return p.toUri().toASCIIString();
        }
        String path = file.replace(java.io.File.separatorChar, '/');
        // "a:b.json" would read as a URI with scheme "a".
        String first = path.split("/", 2)[0];
        if (first.contains(":")) {
            path = "./" + path;
        }
        try {
            return new URI(null, null, path, null).toASCIIString();
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
