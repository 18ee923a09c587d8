package org.gpusched.cli;

import picocli.CommandLine;

import java.math.BigInteger;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Accepts 500ms, 10s, 2m, 1h, or ISO-8601 (PT10S). Every duration option of gpusched is a budget,
 * so a zero or negative duration is refused (exit 2) in every command, and a duration longer than
 * {@link #MAX} (about 292 years, the most nanoseconds a long holds) is read as {@link #MAX}: no
 * limit in practice, and no overflow anywhere it is converted.
 */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    static final Duration MAX = Duration.ofNanos(Long.MAX_VALUE);
    private static final Pattern SIMPLE = Pattern.compile("(\\d+)(ms|s|m|h)");

    @Override
    public Duration convert(String value) {
        Duration d = parse(value);
        if (d.isNegative() || d.isZero()) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a positive duration "
                    + "(a time limit must be > 0; leave the option out for no limit)");
        }
        return d.compareTo(MAX) > 0 ? MAX : d;
    }

    private static Duration parse(String value) {
        Matcher m = SIMPLE.matcher(value.trim());
        if (m.matches()) {
            BigInteger n = new BigInteger(m.group(1));
            BigInteger nanosPerUnit = BigInteger.valueOf(switch (m.group(2)) {
                case "ms" -> 1_000_000L;
                case "s" -> 1_000_000_000L;
                case "m" -> 60_000_000_000L;
                default -> 3_600_000_000_000L;
            });
            BigInteger nanos = n.multiply(nanosPerUnit);
            return nanos.bitLength() < 64 ? Duration.ofNanos(nanos.longValue()) : MAX;
        }
        try {
            return Duration.parse(value);
        } catch (RuntimeException e) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a duration (e.g. 500ms, 10s, 2m)");
        }
    }
}
