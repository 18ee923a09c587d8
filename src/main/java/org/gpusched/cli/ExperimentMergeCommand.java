package org.gpusched.cli;

import org.gpusched.experiment.SweepRuns;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.InputException;
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

    @Override
    public Integer call() throws IOException {
        List<Path> written;
        try {
            written = SweepRuns.merge(files, out, folder.force, err());
        } catch (IllegalArgumentException e) {
            throw new InputException(files.get(0).toString(), "", e.getMessage());
        }
        FilesWritten.report(out(), common.format, common.quiet, written);
        return ExitCodes.OK;
    }
}
