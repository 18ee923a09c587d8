package org.gpusched.cli;

import picocli.CommandLine;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Accepts 500ms, 10s, 2m, 1h, or ISO-8601 (PT10S). */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern SIMPLE = Pattern.compile("(\\d+)(ms|s|m|h)");

    @Override
    public Duration convert(String value) {
        Matcher m = SIMPLE.matcher(value.trim());
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            return switch (m.group(2)) {
                case "ms" -> Duration.ofMillis(n);
                case "s" -> Duration.ofSeconds(n);
                case "m" -> Duration.ofMinutes(n);
                default -> Duration.ofHours(n);
            };
        }
        try {
            return Duration.parse(value);
        } catch (RuntimeException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a duration (e.g. 500ms, 10s, 2m)");
        }
    }
}
