package org.gpusched.cli;

import org.gpusched.model.Escapes;
import picocli.CommandLine;

import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * The bounds of the numeric options, in one place: each option names one of these converters, so a
 * number out of its range is one line and exit 2 before any work starts, never an allocation that
 * runs the heap out (exit 70) or a loop that cannot end. The bounds are what one run of the tool can
 * use, not what a user would ask for: runs and rounds are recorded per run in memory; a count past
 * them is a typo.
 */
public final class NumericOptions {
    /** Timed runs recorded per set (profile, loop): each keeps its samples in memory. */
    public static final long MAX_RUNS = 100_000;
    /** Warm-up runs, rounds, hyperperiods per replay and the like: loops with work in each step. */
    public static final long MAX_COUNT = 1_000_000;
    /**
     * Threads of one analysis or sweep: each has its own stacks and buffers, and no machine gpusched
     * runs on has more cores; far beyond, a typo would run the heap out before the analysis starts.
     */
    public static final long MAX_THREADS = 1024;

    private NumericOptions() { }

    /** Reads an integer in [min, max] or refuses it naming the range; {@code as} gives the option's type. */
    abstract static class Ranged<T> implements CommandLine.ITypeConverter<T> {
        private final long min;
        private final long max;
        private final LongFunction<T> as;

        Ranged(long min, long max, LongFunction<T> as) {
            this.min = min;
            this.max = max;
            this.as = as;
        }

        @Override
        public T convert(String value) {
            long n = parse(value, "an integer" + range(), Long::valueOf);
            if (n < min || n > max) {
                throw new CommandLine.TypeConversionException("'" + n + "' is out of range" + range());
            }
            return as.apply(n);
        }

        private String range() {
            return max == Long.MAX_VALUE ? " (at least " + min + ")" : " (" + min + ".." + max + ")";
        }
    }

    /** A grid step, a size: any integer >= 1. */
    public static final class Positive extends Ranged<Long> {
        public Positive() {
            super(1, Long.MAX_VALUE, Long::valueOf);
        }
    }

    /** {@code --runs} of profile and loop: 1 to {@link #MAX_RUNS}. */
    public static final class Runs extends Ranged<Integer> {
        public Runs() {
            super(1, MAX_RUNS, Math::toIntExact);
        }
    }

    /** Rounds, hyperperiods and other counts that must be at least 1: 1 to {@link #MAX_COUNT}. */
    public static final class Count extends Ranged<Integer> {
        public Count() {
            super(1, MAX_COUNT, Math::toIntExact);
        }
    }

    /** {@code --threads}: 1 to {@link #MAX_THREADS}. */
    public static final class Threads extends Ranged<Integer> {
        public Threads() {
            super(1, MAX_THREADS, Math::toIntExact);
        }
    }

    /** Warm-up runs: 0 to {@link #MAX_COUNT}. */
    public static final class Warmup extends Ranged<Integer> {
        public Warmup() {
            super(0, MAX_COUNT, Math::toIntExact);
        }
    }

    /** The number typed, as {@code read} reads it, or one line "'TEXT' is not WHAT" (the text escaped). */
    static <T> T parse(String value, String what, Function<String, T> read) {
        try {
            return read.apply(value.trim());
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("'" + printable(value) + "' is not " + what);
        }
    }

    /** The text as typed, controls escaped, for an error line. */
    static String printable(String value) {
        return Escapes.text(value.length() > 40 ? value.substring(0, 40) + "..." : value);
    }
}
