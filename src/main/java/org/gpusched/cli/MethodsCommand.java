package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.gpusched.policy.MethodRegistry;
import org.gpusched.report.PolicyReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

@Command(name = "methods", mixinStandardHelpOptions = true)
final class MethodsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;
    @Mixin
    CommonOptions common;

    @Override
    public Integer call() {
        PolicyReports.methods(spec.commandLine().getOut(), common.format, MethodRegistry.standard().all());
        return ExitCodes.OK;
    }
}
