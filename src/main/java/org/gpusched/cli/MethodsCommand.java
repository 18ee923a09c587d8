package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.gpusched.policy.MethodRegistry;
import org.gpusched.report.PolicyReports;
import picocli.CommandLine.Command;

@Command(name = "methods", mixinStandardHelpOptions = true)
final class MethodsCommand extends CommonCommand {

    @Override
    public Integer call() {
        PolicyReports.methods(out(), common.format, MethodRegistry.standard().all());
        return ExitCodes.OK;
    }
}
