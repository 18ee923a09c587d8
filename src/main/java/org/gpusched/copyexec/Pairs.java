package org.gpusched.copyexec;

import org.gpusched.model.Interference;
import org.gpusched.model.TaskSet;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.util.HashMap;
import java.util.Map;

/**
 * Whether two kernels may run concurrently and how long each then takes: eligibility is the PBS
 * oracle's (head-of-line block placement in issue order, the interference table's forbidden sets),
 * times follow the interference model. A kernel that overlaps the other kernel of its batch at any
 * moment takes its pair time from its own start (our rule, docs/copy-execute.md): none → its WCET,
 * slowdown → ceil(WCET × its factor), table → the table's completion time of the pair (or what
 * {@code missing} says). Not thread-safe (the oracle memoises).
 */
public final class Pairs {
    private final TaskSet kernels;
    private final Oracle oracle;
    private final Map<Long, Boolean> eligible = new HashMap<>();

    Pairs(TaskSet kernels) {
        this.kernels = kernels;
        this.oracle = new Oracle(kernels);
    }

    /** May {@code second}'s kernel start while {@code first}'s (issued before it) is running? */
    public boolean eligible(int first, int second) {
        long key = ((long) first << 32) | second;
        return eligible.computeIfAbsent(key, k -> oracle.place(new int[] {first, second}).eligible());
    }

    /** How long {@code task}'s kernel takes when it overlaps {@code other}'s. */
    public long pairTime(int task, int other) {
        long wcet = kernels.task(task).wcet();
        Interference in = kernels.interference();
        Interference.Model model = in.model();
        if (model == Interference.Model.TABLE) {
            Long c = in.table().get((1L << task) | (1L << other));
            if (c != null) {
                return Math.max(c, wcet);
            }
            model = in.missing() == Interference.Missing.SLOWDOWN ? Interference.Model.SLOWDOWN
                    : Interference.Model.NONE;
        }
        return model == Interference.Model.SLOWDOWN ? CompletionModel.slow(wcet, in.factors().get(task)) : wcet;
    }
}
