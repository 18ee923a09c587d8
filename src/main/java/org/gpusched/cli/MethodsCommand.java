package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import org.gpusched.policy.MethodRegistry;
import org.gpusched.report.PolicyReports;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

@Command(name = "methods", mixinStandardHelpOptions = true,
        description = {"List every analysis method with its kind of verdict and its source paper.",
                "Per method: its name (for analyze --method and compare --methods), what its verdict is (exact,",
                "bound or simulation), one line on the policy, and its source paper."},
        footerHeading = "%nExamples:%n", footer = {"  gpusched methods", "  gpusched methods --format json"})
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
