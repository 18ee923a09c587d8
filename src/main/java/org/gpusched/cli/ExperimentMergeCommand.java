package org.gpusched.cli;

import org.gpusched.experiment.Sweep;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.InputException;
import org.gpusched.output.Outputs;
import org.gpusched.report.FilesWritten;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** {@code experiment merge}: the shard CSVs of one sweep combined as an unsharded run would write them. */
@Command(name = "merge", mixinStandardHelpOptions = true)
final class ExperimentMergeCommand extends CommonCommand implements NoCsv {

    @Parameters(arity = "1..*", paramLabel = "SHARD.csv")
    List<Path> files;

    @Option(names = "--out", paramLabel = "DIR", required = true)
    Path out;

    @Mixin
    SharedOptions.ForeignFolder folder;

    /**
     * One line on stderr for the files a run left out (plots the host could not draw), or none: the
     * run's results are written and its exit code stays the measurement's.
     */
    static void problems(java.io.PrintWriter err, String what, List<String> lines) {
        if (!lines.isEmpty()) {
            err.println("gpusched: " + what + ": " + lines.get(0)
                    + (lines.size() > 1 ? " (and " + (lines.size() - 1) + " more plots)" : ""));
        }
    }

    @Override
    public Integer call() throws IOException {
        List<Path> written;
        try {
            List<String> left = new java.util.ArrayList<>();
            written = Sweep.merge(files, Outputs.of(files, folder.force), out, left::add);
            problems(err(), "experiment merge", left);
        } catch (IllegalArgumentException e) {
            throw new InputException(files.get(0).toString(), "", e.getMessage());
        }
        FilesWritten.report(out(), common.format, common.quiet, written);
        return ExitCodes.OK;
    }
}
