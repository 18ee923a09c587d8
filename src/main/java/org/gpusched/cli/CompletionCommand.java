package org.gpusched.cli;

import org.gpusched.model.ExitCodes;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "completion", mixinStandardHelpOptions = true)
final class CompletionCommand extends BaseCommand {
    @Parameters(index = "0", paramLabel = "SHELL")
    String shell;

    @Override
    public Integer call() {
        Usage.refuse(cl(), !shell.equals("bash") && !shell.equals("zsh"),
                "SHELL must be bash or zsh, not '" + shell + "'");
        // One script serves both: picocli's bash script loads bashcompinit when zsh runs it.
        out().print(AutoComplete.bash("gpusched", spec.root().commandLine()));
        return ExitCodes.OK;
    }
}
