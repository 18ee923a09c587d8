package org.gpusched.cli;

import picocli.CommandLine;

import java.util.function.Supplier;

/** Usage errors (exit 2, the message and "Try ... --help"), refused before anything runs. */
final class Usage {
    private Usage() {
    }

    static void refuse(CommandLine cl, boolean bad, String message) {
        if (bad) {
            throw new CommandLine.ParameterException(cl, message);
        }
    }

    /** Refuses the command line with {@code why}, when there is a reason (a check returned one). */
    static void refuse(CommandLine cl, String why) {
        refuse(cl, why != null, why);
    }

    /** What {@code value} gives; an IllegalArgumentException refuses the command line, {@code prefix} + its message. */
    static <T> T parsed(CommandLine cl, String prefix, Supplier<T> value) {
        try {
            return value.get();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, prefix + e.getMessage());
        }
    }
}
