package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.gpusched.report.PresetsReports;
import picocli.CommandLine.Command;

@Command(name = "presets", mixinStandardHelpOptions = true)
final class PresetsCommand extends CommonCommand {

    @Override
    public Integer call() {
        PresetsReports.report(out(), common.format, common.quiet);
        return ExitCodes.OK;
    }
}
