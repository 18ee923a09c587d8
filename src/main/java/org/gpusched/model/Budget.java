package org.gpusched.model;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The limits every analysis method honours (GPUSched, brute force, the EDF simulations, compare,
 * the oracle's batch enumeration and any later policy): kept states (a simulation counts each
 * frame), wall-clock time and live heap. Exceeding one makes the analysis inconclusive (exit 3),
 * never "not schedulable". Budgets are always positive: the CLI refuses a zero or negative
 * {@code --time-limit} or {@code --max-states} in every command.
 *
 * @param maxStates       inconclusive once more states than this are kept (>= 1)
 * @param timeLimit       inconclusive once the analysis ran longer (null: no limit; else positive)
 * @param maxHeapFraction inconclusive once the live heap exceeds this fraction of the maximum heap
 */
public record Budget(long maxStates, Duration timeLimit, double maxHeapFraction) {
    public static final long DEFAULT_MAX_STATES = 20_000_000L;
    public static final double DEFAULT_HEAP_FRACTION = 0.85;

    public Budget {
        if (maxStates < 1) {
            throw new IllegalArgumentException("the state budget must be >= 1 (got " + maxStates + ")");
        }
        if (timeLimit != null && (timeLimit.isNegative() || timeLimit.isZero())) {
            throw new IllegalArgumentException("the time limit must be positive (got " + timeLimit + ")");
        }
        if (!(maxHeapFraction > 0 && maxHeapFraction <= 1)) {
            throw new IllegalArgumentException("the heap fraction must be in (0, 1] (got " + maxHeapFraction + ")");
        }
    }

    public static Budget defaults() {
        return new Budget(DEFAULT_MAX_STATES, null, DEFAULT_HEAP_FRACTION);
    }

    public static Budget of(long maxStates, Duration timeLimit) {
        return new Budget(maxStates, timeLimit, DEFAULT_HEAP_FRACTION);
    }

    /** Starts the clock: one meter per analysis (or per compare of one file, shared by its methods). */
    public Meter start() {
        return new Meter(this, null, System::nanoTime, null);
    }

    /** Starts the clock with a live status to keep up to date (null: none), for every part it times. */
    public Meter start(Watch watch) {
        return new Meter(this, null, System::nanoTime, watch);
    }

    /**
     * Starts the clock on a clock of the caller's (nanoseconds, as {@link System#nanoTime}): the
     * tests that prove a time limit binds every engine without waiting for a wall clock.
     */
    public Meter start(LongSupplier clock) {
        return new Meter(this, null, clock, null);
    }

    /**
     * Whether an analysis's note says a budget ran out (states, time or heap), rather than that
     * the method had nothing more to try: the portfolio stops all its parts on such a note.
     */
    public static boolean spent(String note) {
        return note != null && (note.startsWith(STATES_NOTE) || note.startsWith(TIME_NOTE)
                || note.startsWith(HEAP_NOTE) || note.equals(OUT_OF_MEMORY));
    }

    private static final String STATES_NOTE = "state budget of ";
    private static final String TIME_NOTE = "time limit of ";
    private static final String HEAP_NOTE = "heap budget reached";

    /** Thrown out of deep loops (batch enumeration, simulations) when a budget is exhausted. */
    public static class Exhausted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public Exhausted(String note) {
            super(note, null, false, false);
        }
    }

    /** The running side of a budget: the clock, heap samples and the first budget hit. */
    /** Thread-safe: the two engines of a parallel search ({@code --threads}) share one meter. */
    public static final class Meter {
        private final Budget budget;
        private final LongSupplier clock;
        private final long startNanos;
        private final long limitNanos;
        /** The meter of the whole command this analysis runs in, whose clock binds it too; null: none. */
        private final Meter outer;
        private long lastGcNanos = Long.MIN_VALUE / 2;
        private long lastLive;
        private long peakHeap;
        /**
         * Set by another thread when this analysis must stop at its next check: the note it then
         * reports (a racing engine decided, or the caller saw a budget spent first); null: running.
         */
        private volatile String cancelled;
        /** The command's live status (shared by inner meters); null: nobody watches. */
        private final Watch watch;

        private Meter(Budget budget, Meter outer, LongSupplier clock, Watch watch) {
            this.budget = budget;
            this.clock = clock;
            this.startNanos = clock.getAsLong();
            this.limitNanos = budget.timeLimit() == null ? Long.MAX_VALUE : nanos(budget.timeLimit());
            this.outer = outer;
            this.watch = watch;
        }

        /**
         * A meter for one analysis inside the command this meter times (sensitivity's bisection,
         * optimize's candidates, an experiment's sets): its own budget binds it, and so does this
         * meter's clock, so that the command as a whole ends within its limit.
         */
        public Meter inner(Budget perAnalysis) {
            return new Meter(perAnalysis, this, clock, watch);
        }

        /** Tells the live status (if any) how far a search got: cheap, called where budgets are checked. */
        public void see(long states, int depth) {
            if (watch != null) {
                watch.see(states, depth);
            }
        }

        /** Tells the live status (if any) which step of the part runs now. */
        public void phase(String step) {
            if (watch != null) {
                watch.phase(step);
            }
        }

        /** Tells the live status (if any) which method or portfolio part runs now. */
        public void running(String part) {
            if (watch != null) {
                watch.part(part);
            }
        }

        public Budget budget() {
            return budget;
        }

        /** Duration in nanoseconds, saturating instead of overflowing for huge durations. */
        static long nanos(Duration d) {
            try {
                return d.toNanos();
            } catch (ArithmeticException e) {
                return Long.MAX_VALUE;
            }
        }

        public long elapsedNanos() {
            return clock.getAsLong() - startNanos;
        }

        /**
         * Stops the analysis timed by this meter at its next check of the clock, as a time limit
         * would (the portfolio of engines: the one still running when the other decided).
         */
        public void cancel() {
            cancel(CANCELLED);
        }

        /**
         * Stops the analysis at its next check with the given note: the caller that saw the time
         * limit pass stops the engine with that limit's note, so the engine reports why it stopped
         * rather than that it was stopped.
         */
        public void cancel(String note) {
            cancelled = note;
        }

        /** The note of the time limit when it has passed, else null. Cheap: ask it often. */
        public String timeNote() {
            String stopped = cancelled;
            if (stopped != null) {
                return stopped;
            }
            if (outer != null) {
                String o = outer.timeNote();
                if (o != null) {
                    return o;
                }
            }
            if (elapsedNanos() > limitNanos) {
                return TIME_NOTE + budget.timeLimit().toMillis() + " ms reached";
            }
            return null;
        }

        /**
         * The time left before this meter's limit or its command's, whichever comes first (null: no
         * limit); at least a nanosecond, so that it can be the positive limit of a budget of its own.
         */
        public Duration timeLeft() {
            long left = limitNanos == Long.MAX_VALUE ? Long.MAX_VALUE : limitNanos - elapsedNanos();
            Duration outerLeft = outer == null ? null : outer.timeLeft();
            if (outerLeft != null) {
                left = Math.min(left, nanos(outerLeft));
            }
            return left == Long.MAX_VALUE ? null : Duration.ofNanos(Math.max(1, left));
        }

        /** The note of the first budget exhausted at {@code states} kept states, else null. */
        public String over(long states) {
            see(states, -1);
            if (states > budget.maxStates()) {
                return STATES_NOTE + budget.maxStates() + " reached";
            }
            return overTimeOrHeap();
        }

        /** The note of the time or heap budget when one is exhausted, else null (states are counted by the caller). */
        public synchronized String overTimeOrHeap() {
            String t = timeNote();
            if (t != null) {
                return t;
            }
            if (liveHeapAbove(budget.maxHeapFraction() * Runtime.getRuntime().maxMemory())) {
                return HEAP_NOTE + " (" + (peakHeap >> 20) + " MiB live)";
            }
            return null;
        }

        /** Throws {@link Exhausted} when {@link #over} finds a budget exhausted. */
        public void check(long states) {
            String note = over(states);
            if (note != null) {
                throw new Exhausted(note);
            }
        }

        /** Throws {@link Exhausted} when the time limit has passed. */
        public void checkTime() {
            String note = timeNote();
            if (note != null) {
                throw new Exhausted(note);
            }
        }

        /**
         * Whether the live heap exceeds the limit. Heap in use includes garbage not yet collected,
         * so a reading above the limit is confirmed after a collection (at most one per second).
         */
        private boolean liveHeapAbove(double limit) {
            if (sampleHeap() <= limit) {
                return false;
            }
            long now = System.nanoTime();
            if (now - lastGcNanos < 1_000_000_000L) {
                return lastLive > limit;
            }
            System.gc();
            lastGcNanos = System.nanoTime();
            Runtime rt = Runtime.getRuntime();
            lastLive = rt.totalMemory() - rt.freeMemory();
            return lastLive > limit;
        }

        /** Samples the heap in use (garbage included) and returns it. */
        public synchronized long sampleHeap() {
            Runtime rt = Runtime.getRuntime();
            long used = rt.totalMemory() - rt.freeMemory();
            peakHeap = Math.max(peakHeap, used);
            return used;
        }

        public synchronized long peakHeap() {
            return peakHeap;
        }
    }

    /** The note of a meter cancelled because another engine decided first. */
    public static final String CANCELLED = "stopped: another engine decided first";

    /** The note for an out-of-memory error caught inside a method. */
    public static final String OUT_OF_MEMORY =
            "out of memory (raise -Xmx via GPUSCHED_JAVA_OPTS, or lower --max-states)";
}
