package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.gpusched.report.PresetsReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

@Command(name = "presets", mixinStandardHelpOptions = true)
final class PresetsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    CommonOptions common;

    @Override
    public Integer call() {
        PresetsReports.report(spec.commandLine().getOut(), common.format, common.quiet);
        return ExitCodes.OK;
    }
}
