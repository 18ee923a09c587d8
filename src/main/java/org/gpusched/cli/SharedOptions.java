package org.gpusched.cli;

import org.gpusched.output.Outputs;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * Options several commands declare alike, as picocli mixins: declared once, a name, a default or a help
 * text cannot drift apart between commands. A command adds one with {@code @Mixin} where the option
 * stood, since picocli lists options (and the completion script its flags) in declaration order. A
 * --force whose meaning is the command's own (play a refused table, export a large graph) stays with it.
 */
final class SharedOptions {
    private SharedOptions() {
    }

    /** The seed of a generated sweep's first set. */
    static final class Seed {
        @Option(names = "--seed", paramLabel = "S", defaultValue = "1")
        long value;
    }

    /**
     * Sets per point of a sweep. The default differs by sweep, so it is the field's initial value,
     * which picocli takes as the default (and shows as ${DEFAULT-VALUE}) when the option names none.
     */
    static final class Sets {
        @Option(names = "--sets", paramLabel = "N")
        int value;

        Sets(int byDefault) {
            value = byDefault;
        }
    }

    /** Tasks per generated set. */
    static final class Tasks {
        @Option(names = {"-n", "--tasks"}, paramLabel = "N", defaultValue = "5")
        int value;
    }

    /** The one output file of a command, -o OUT, and its --force. */
    static final class OutputFile {
        @Option(names = {"-o", "--output"}, paramLabel = "OUT")
        Path path;

        @Option(names = "--force", descriptionKey = "overwrite-out.force")
        boolean force;

        /** The outputs of a run that reads {@code input}, OUT ("-": {@code stdout}) checked first. */
        Outputs outputs(Path input, Path out, PrintWriter stdout) {
            Outputs outputs = Outputs.of(List.of(input), force).printing(stdout);
            if (out != null) {
                outputs.check(out);
            }
            return outputs;
        }
    }

    /**
     * --html FILE, the review page of a command that reads task sets, and its --force (the help texts
     * are each command's own).
     */
    static final class HtmlPage {
        @Option(names = "--html", paramLabel = "FILE")
        Path file;

        @Option(names = "--force")
        boolean force;

        /** The outputs of a run that reads {@code inputs}, the page ("-": {@code stdout}) checked first. */
        Outputs outputs(List<Path> inputs, PrintWriter stdout) {
            Outputs outputs = Outputs.of(inputs, force).printing(stdout);
            if (file != null) {
                outputs.check(file);
            }
            return outputs;
        }
    }

    /** --force of a command with several output files. */
    static final class OverwriteOutputs {
        @Option(names = "--force", descriptionKey = "overwrite-outputs.force")
        boolean force;
    }

    /** --force of a command that writes a folder, --out DIR. */
    static final class ForeignFolder {
        @Option(names = "--force")
        boolean force;
    }
}
