package org.gpusched.input;

import org.gpusched.model.InputException;

/**
 * The checks of a task's period and deadline, one rule for format v1 and v2: the period is
 * required, positive and within the reader's time limit; the deadline defaults to the period and
 * is positive and constrained (D <= T).
 */
final class TaskTiming {
    private TaskTiming() { }

    static long period(String file, String p, Long period) {
        if (period == null) {
            throw new InputException(file, p, "missing required field \"period\"");
        }
        if (period <= 0) {
            throw new InputException(file, p + ".period", "must be > 0 (got " + period + ")");
        }
        return ReadLimits.atMost(file, p + ".period", period, ReadLimits.MAX_TIME);
    }

    static long deadline(String file, String p, Long deadline, long period) {
        if (deadline == null) {
            return period;
        }
        if (deadline <= 0) {
            throw new InputException(file, p + ".deadline", "must be > 0 (got " + deadline + ")");
        }
        if (deadline > period) {
            throw new InputException(file, p + ".deadline", "deadline " + deadline + " > period " + period
                    + ": arbitrary deadlines are not supported (D must be <= T)");
        }
        return deadline;
    }
}
