package org.gpusched.experiment;

import org.gpusched.model.TaskSet;

import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * What a sweep's parameters must satisfy before any set is drawn: each check returns why they do not
 * (a usage error, named by its option) or null. They stand beside the experiments because the limits
 * are the generators' (a task's utilisation, the task counts a set may have), not the command line's.
 */
public final class SweepChecks {
    /** Sets an experiment run may hold (raw rows are kept in memory until the summary is written). */
    public static final long MAX_UNITS = 1_000_000;

    private SweepChecks() { }

    /**
     * Task counts "3..10" or "3,5,7". A range is checked against 1..{@link TaskSet#MAX_TASKS} before it is
     * expanded, so "1..2147483647" is a usage error, not two billion boxed integers and an OutOfMemoryError.
     */
    public static List<Integer> taskCounts(String spec) {
        String[] p = spec.split("\\.\\.");
        try {
            if (p.length != 2) {
                return Experiment.ints(spec);
            }
            int lo = Integer.parseInt(p[0].trim());
            int hi = Integer.parseInt(p[1].trim());
            if (lo >= 1 && hi >= lo) {
                if (hi > TaskSet.MAX_TASKS) {
                    throw new IllegalArgumentException("task counts must be in 1.." + TaskSet.MAX_TASKS
                            + " (got " + spec + ")");
                }
                return IntStream.rangeClosed(lo, hi).boxed().toList();
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("'" + spec + "' is not a range like 3..10 or a list like 3,5,7");
    }

    /** A run of more than {@link #MAX_UNITS} sets is refused before any is generated. */
    public static String units(long points, long sets) {
        return sets <= MAX_UNITS && points * sets <= MAX_UNITS ? null : "a run analyses at most " + MAX_UNITS
                + " task sets (got " + points + " points x " + sets + " sets); use fewer --sets or points";
    }

    /** The sets of Figure 4: scenarios x utilisations points of {@code sets} sets of {@code tasks} tasks. */
    public static String paperSets(int scenarios, List<Double> us, int sets, int tasks) {
        if (sets < 1 || tasks < 1 || tasks > 64) {
            return "need --sets >= 1 and 1 <= --tasks <= 64";
        }
        if (!us.stream().allMatch(u -> u > 0 && u <= tasks)) {
            return "every utilisation must be in (0, tasks]";
        }
        return units((long) scenarios * us.size(), sets);
    }

    /** Figures 5a and 5b: a U sweep at {@code utilizationTasks} tasks, a task-count sweep at {@code fixed}. */
    public static String runtime(List<Double> us, int utilizationTasks, List<Integer> ns, double fixed, int sets) {
        if (!(sets >= 1 && utilizationTasks >= 1 && ns.stream().allMatch(n -> n >= 1 && n <= 64))) {
            return "need --sets >= 1 and task counts in 1..64";
        }
        if (!(us.stream().allMatch(u -> u > 0 && u <= utilizationTasks)
                && ns.stream().allMatch(n -> fixed > 0 && fixed <= n))) {
            return "every utilisation must be in (0, tasks]";
        }
        return units((long) us.size() + ns.size(), sets);
    }

    /** Figure 5c: sets 0..sets-1 of one point, each run within {@code maxStates}. */
    public static String graphSize(int sets, long maxStates, int tasks, double utilization) {
        if (!(sets >= 1 && maxStates >= 1 && tasks >= 1 && tasks <= 64 && utilization > 0 && utilization <= tasks)) {
            return "need --sets >= 1, --max-states >= 1, 1 <= --tasks <= 64, 0 < U <= tasks";
        }
        return units(1, sets);
    }

    /** The GCAPS sweeps: tasks per CPU, per-CPU utilisation, best-effort share. */
    public static String gcaps(int sets, List<Integer> tasksPerCpu, List<Double> us, List<Double> bestEffort) {
        if (!(sets >= 1 && tasksPerCpu.stream().allMatch(n -> n >= 1 && n <= 64))) {
            return "need --sets >= 1 and tasks per CPU in 1..64";
        }
        if (!us.stream().allMatch(u -> u > 0 && u <= 1)) {
            return "every utilisation must be in (0, 1]";
        }
        return bestEffort.stream().allMatch(b -> b >= 0 && b < 1) ? null : "every best-effort share must be in [0, 1)";
    }

    /**
     * SM partitioning: the largest utilisation a task may have is D/T / (1/M + 0.1), so a total above
     * 0.9 of tasks times that could not be drawn.
     */
    public static String partitioning(long sms, int sets, List<Integer> tasks, List<Double> us, double prm,
                                      double deadlineRatio) {
        if (sms < 1 || sms > 4096) {
            return "--sms must be in 1..4096";
        }
        if (!(sets >= 1 && tasks.stream().allMatch(n -> n >= 1 && n <= 1024))) {
            return "need --sets >= 1 and tasks in 1..1024";
        }
        if (!(prm >= 0 && prm <= 1 && deadlineRatio > 0 && deadlineRatio <= 1)) {
            return "need 0 <= --prm <= 1 and 0 < --deadline-ratio <= 1";
        }
        double cap = deadlineRatio / (1.0 / sms + 0.1);
        if (!us.stream().allMatch(u -> u > 0 && tasks.stream().allMatch(n -> u <= n * cap * 0.9))) {
            return "every utilisation must be in (0, 0.9 * tasks * " + String.format(Locale.ROOT, "%.3f", cap)
                    + "] (the largest a task may have is D/T / (1/M + 0.1))";
        }
        return units((long) tasks.size() * us.size(), sets);
    }

    /** Table III: six cases of {@code sets} workloads each. */
    public static String copyExec(int sets) {
        return sets >= 1 && sets <= MAX_UNITS / 6 ? null : "--sets must be in 1.." + MAX_UNITS / 6;
    }
}
