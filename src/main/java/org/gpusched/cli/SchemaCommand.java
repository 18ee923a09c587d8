package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

@Command(name = "schema", mixinStandardHelpOptions = true)
final class SchemaCommand extends BaseCommand {
    /** The commands with a JSON report schema, and "error" (the line of a failed run). */
    static final List<String> REPORTS = List.of("analyze", "validate", "compare", "oracle", "sensitivity", "diff",
            "play", "verify", "profile", "loop", "presets", "bench", "device-info", "experiment", "methods", "error",
            "play-plan", "qualify", "device-kinds", "bench-hard-sets", "optimize");

    @Option(names = "--report", paramLabel = "COMMAND", completionCandidates = ReportNames.class)
    String report;

    static final class ReportNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return REPORTS.iterator();
        }
    }

    @Override
    public Integer call() throws IOException {
        Usage.refuse(cl(), report != null && !REPORTS.contains(report),
                "--report: '" + report + "' has no JSON report schema; one of " + String.join(", ", REPORTS));
        String resource = report == null ? "/taskset.schema.json" : "/report-schemas/" + report + ".schema.json";
        try (InputStream in = SchemaCommand.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("schema resource missing from the jar");
            }
            out().print(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        return ExitCodes.OK;
    }
}
