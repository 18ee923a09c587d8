package org.gpusched.report;

import org.gpusched.model.InputException;
import org.gpusched.pages.Page;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects the suites of a command run with {@code --format junit|sarif} and writes them as one
 * document at the end: CI systems read one file per step, not a report per input. The per-file text
 * reports then go nowhere ({@link #discard()}); errors still go to stderr.
 */
public final class CiOutput {
    private final OutputFormat format;
    private final String command;
    private final Instant started;
    private final List<CiReport.Suite> suites = new ArrayList<>();

    private CiOutput(OutputFormat format, String command, Instant started) {
        this.format = format;
        this.command = command;
        this.started = started;
    }

    /** The collector for a CI format, or null for the per-file formats. */
    public static CiOutput of(OutputFormat format, String command) {
        return format.ci() ? new CiOutput(format, command, started()) : null;
    }

    /**
     * The run's timestamp (JUnit's): SOURCE_DATE_EPOCH when set, the reproducible-builds convention,
     * so that the same input gives the same bytes; otherwise the clock.
     */
    private static Instant started() {
        String epoch = System.getenv("SOURCE_DATE_EPOCH");
        if (epoch != null && epoch.matches("[0-9]{1,12}")) {
            return Instant.ofEpochSecond(Long.parseLong(epoch));
        }
        return Instant.now();
    }

    public void add(CiReport.Suite s) {
        suites.add(s);
    }

    public void invalid(String file, InputException e) {
        suites.add(CiCases.invalid(file, e));
    }

    /** A file gpusched failed on (an internal error, or the heap budget spent): the CI report keeps it. */
    public void failed(Path file, String words, boolean budget) {
        suites.add(CiCases.failed(file.toString(), words, budget));
    }

    public void write(PrintWriter out) {
        CiReport r = new CiReport(command, Page.version(), started, suites);
        out.print(format == OutputFormat.junit ? JunitXml.write(r) : SarifJson.write(r));
        out.flush();
    }

    /** Where the per-file reports go while the CI document is collected. */
    public static PrintWriter discard() {
        return new PrintWriter(Writer.nullWriter());
    }
}
