package org.gpusched.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.gpusched.input.TaskSetReader;
import org.gpusched.input.WorkloadReader;
import org.gpusched.report.OutputFormat;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Option;

/** Options every command shares (a picocli mixin). */
public final class CommonOptions {
    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); csv where a command has rows;"
                    + " junit (JUnit XML) and sarif (SARIF 2.1.0) for analyze, compare, validate and verify (docs/ci.md).")
    OutputFormat format = OutputFormat.text;

    boolean verbose;

    @Option(names = {"-q", "--quiet"}, description = "Print only the essential line per input.")
    boolean quiet;

    @Option(names = "--allow-external-modules", description = "Let a task set's kernel.module be an absolute path"
            + " or lie outside the task-set file's folder (refused by default).")
    boolean allowExternalModules;

    /** The task-set reader these options ask for. */
    TaskSetReader reader() {
        return new TaskSetReader(allowExternalModules);
    }

    /** The reader of either format version these options ask for. */
    WorkloadReader workloadReader() {
        return new WorkloadReader(allowExternalModules);
    }

    @Option(names = {"-v", "--verbose"}, description = "Debug logs on stderr, and stack traces with errors.")
    void setVerbose(boolean v) {
        verbose = v;
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(v ? Level.DEBUG : Level.WARN);
    }
}
