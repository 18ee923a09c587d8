package org.gpusched.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

@Command(name = "schema", mixinStandardHelpOptions = true,
        description = "Print the JSON Schema (draft 2020-12) of the workload format (versions 1 and 2), for editors and linters.",
        footerHeading = "%nExamples:%n", footer = {"  gpusched schema > gpusched-taskset.schema.json"})
final class SchemaCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        try (InputStream in = SchemaCommand.class.getResourceAsStream("/taskset.schema.json")) {
            if (in == null) {
                throw new IllegalStateException("schema resource missing from the jar");
            }
            spec.commandLine().getOut().print(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        return ExitCodes.OK;
    }
}
