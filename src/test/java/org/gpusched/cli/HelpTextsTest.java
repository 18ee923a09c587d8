package org.gpusched.cli;

import org.gpusched.explore.result.GraphExport;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The help texts live in HelpTexts.properties, keyed by option: an option or command added without its key
 * would show no text, and a text that quotes a constant of the code has to follow it.
 */
class HelpTextsTest {
    @Test
    void everyCommandAndOptionHasAText() {
        List<String> missing = new ArrayList<>();
        collect(Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter())), missing);
        assertThat(missing).as("commands and options without a text in HelpTexts.properties").isEmpty();
    }

    @Test
    void analyzeForceQuotesTheGraphExportLimit() {
        CliRunner r = CliRunner.run("analyze", "--help");
        assertThat(r.out().replaceAll("\\s+", " ")).contains("above " + GraphExport.DEFAULT_LIMIT + " vertices");
    }

    private static void collect(CommandLine cl, List<String> missing) {
        if (cl.getCommand() instanceof CommandLine.HelpCommand) {
            return;
        }
        String name = cl.getCommandSpec().qualifiedName();
        if (cl.getCommandSpec().usageMessage().description().length == 0) {
            missing.add(name);
        }
        for (ArgSpec arg : cl.getCommandSpec().args()) {
            if (!arg.hidden() && (arg.description().length == 0 || arg.description()[0].isBlank())) {
                missing.add(name + " " + (arg.isOption() ? ((CommandLine.Model.OptionSpec) arg).longestName()
                        : ((CommandLine.Model.PositionalParamSpec) arg).paramLabel()));
            }
        }
        cl.getSubcommands().values().forEach(sub -> collect(sub, missing));
    }
}
