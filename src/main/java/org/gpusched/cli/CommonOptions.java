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
    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text")
    OutputFormat format = OutputFormat.text;

    boolean verbose;

    @Option(names = {"-q", "--quiet"})
    boolean quiet;

    @Option(names = "--allow-external-modules")
    boolean allowExternalModules;

    /** The task-set reader these options ask for. */
    TaskSetReader reader() {
        return new TaskSetReader(allowExternalModules);
    }

    /** The reader of either format version these options ask for. */
    WorkloadReader workloadReader() {
        return new WorkloadReader(allowExternalModules);
    }

    @Option(names = {"-v", "--verbose"})
    void setVerbose(boolean v) {
        verbose = v;
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(v ? Level.DEBUG : Level.WARN);
    }
}
