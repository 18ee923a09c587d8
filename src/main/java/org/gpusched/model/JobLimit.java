package org.gpusched.model;


/**
 * The job cap of the methods that keep state per job (the exact search and its brute-force twin:
 * per-job keys, frames and tables). The reader accepts up to {@link TaskSet#MAX_KERNELS} kernels
 * per hyperperiod, which the EDF simulations and {@code verify} stream; these methods refuse more
 * than {@link TaskSet#MAX_JOBS} jobs with this one line.
 */
public final class JobLimit {
    private JobLimit() { }

    /** Why {@code what} cannot take the set, or null when within its cap. */
    public static String reason(TaskSet ts, String what) {
        if (ts.jobCount() <= TaskSet.MAX_JOBS) {
            return null;
        }
        return ts.jobCount() + " jobs per hyperperiod exceed the limit of " + TaskSet.MAX_JOBS + " of " + what
                + " (it keeps state per job); edf-serial and edf-parallel stream up to " + TaskSet.MAX_KERNELS
                + " kernels (docs/format.md, Limits)";
    }

    /** @throws InputException naming the set's file when {@code what} cannot take it */
    public static void require(TaskSet ts, String what) {
        String r = reason(ts, what);
        if (r != null) {
            throw new InputException(ts.source(), "tasks", r);
        }
    }
}
