package org.gpusched.cli;

import picocli.CommandLine;

/**
 * Reads a state budget ({@code --max-states} and its kin). A budget is at least 1 in every
 * command: 0 and negative values are refused (exit 2) rather than meaning "none" in one command
 * and "stop at once" in another.
 */
public final class StateBudgetConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        long n = NumericOptions.parse(value, "a state count (an integer >= 1)", Long::valueOf);
        if (n < 1) {
            throw new CommandLine.TypeConversionException("'" + NumericOptions.printable(value)
                    + "' is not a positive state count "
                    + "(a state budget must be >= 1; leave the option out for the default)");
        }
        return n;
    }
}
