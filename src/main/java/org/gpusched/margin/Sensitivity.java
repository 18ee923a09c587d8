package org.gpusched.margin;

import org.gpusched.explore.result.Verdict;
import org.gpusched.model.Interference;
import org.gpusched.model.Stage;
import org.gpusched.model.Task;
import org.gpusched.model.TaskSet;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * How much the WCETs can grow before the set stops being schedulable (MAST-style slack analysis),
 * by binary search over the exact analysis.
 * <ul>
 * <li>All tasks: WCET C_i becomes ceil(C_i * k / Cmax), Cmax the largest WCET; the factor is
 *     k / Cmax, so one step is one tick of the largest WCET. Table-model completions scale the same.</li>
 * <li>One task: its WCET alone, in ticks.</li>
 * </ul>
 * A WCET above the deadline can never be met (a job takes at least its WCET), which bounds the
 * search without an analysis. Binary search keeps "lo schedulable, hi not"; it returns a boundary
 * (found schedulable, found + 1 not), which is the largest such value when schedulability grows
 * monotonically with the WCETs. An inconclusive step (a budget ran out) is taken as "not proven"
 * and makes the bound inconclusive: found is still proven schedulable, but the true margin may be larger.
 */
public final class Sensitivity {
    /** One step of a search: the value tried and the verdict there. */
    public record Step(long value, Verdict verdict) { }

    /**
     * @param found      the largest value proven schedulable (0 when even the smallest is not)
     * @param notAbove   the smallest value above {@code found} proven or known not schedulable
     * @param conclusive false when an inconclusive step lies between them
     */
    public record Bound(long found, long notAbove, boolean conclusive, List<Step> steps) {
        public Bound {
            steps = List.copyOf(steps);
        }
    }

    /**
     * @param scale  Cmax: the all-task factor is all.found / scale
     * @param all    the all-task search, over k
     * @param tasks  per task index, the search over its WCET; null for a table model (its measured
     *               set completions say nothing about one task's WCET)
     */
    public record Result(Verdict original, long scale, Bound all, Map<Integer, Bound> tasks) { }

    private final TaskSet ts;
    private final Function<TaskSet, Verdict> decide;

    /** {@code decide} runs the exact analysis (with its budget) on a variant of the set. */
    public Sensitivity(TaskSet ts, Function<TaskSet, Verdict> decide) {
        this.ts = ts;
        this.decide = decide;
    }

    public Result run() {
        Verdict original = decide.apply(ts);
        long cmax = ts.tasks().stream().mapToLong(Task::wcet).max().orElseThrow();
        // The first k at which some task's WCET exceeds its deadline.
        long kMax = ts.tasks().stream().mapToLong(t -> BigInteger.valueOf(t.deadline())
                .multiply(BigInteger.valueOf(cmax)).divide(BigInteger.valueOf(t.wcet())).longValueExact() + 1)
                .min().orElse(Long.MAX_VALUE);
        Bound all = search(original, cmax, kMax, k -> decide(scaled(ts, cmax, k)));
        Map<Integer, Bound> tasks = new LinkedHashMap<>();
        if (ts.interference().model() != Interference.Model.TABLE) {
            for (Task t : ts.tasks()) {
                tasks.put(t.index(), search(original, t.wcet(), t.deadline() + 1,
                        c -> decide(withWcet(ts, t.index(), c))));
            }
        }
        return new Result(original, cmax, all, tasks);
    }

    private Verdict decide(TaskSet variant) {
        boolean hopeless = variant.tasks().stream().anyMatch(t -> t.wcet() > t.deadline());
        return hopeless ? Verdict.NOT_SCHEDULABLE : decide.apply(variant);
    }

    /**
     * A boundary in [1, limit]: {@code at} is the current value with verdict {@code atVerdict};
     * {@code limit} is known not schedulable.
     */
    static Bound search(Verdict atVerdict, long at, long limit, LongFunction<Verdict> test) {
        List<Step> steps = new ArrayList<>();
        steps.add(new Step(at, atVerdict));
        boolean schedulable = atVerdict == Verdict.SCHEDULABLE;
        boolean conclusive = atVerdict != Verdict.INCONCLUSIVE;
        long lo = schedulable ? at : 0;
        long hi = schedulable ? limit : at;
        while (hi - lo > 1) {
            // Below a value that fails, 1 is tried first: the bisection needs a value proven schedulable.
            long mid = lo == 0 ? 1 : lo + (hi - lo) / 2;
            Verdict v = test.apply(mid);
            steps.add(new Step(mid, v));
            if (v == Verdict.SCHEDULABLE) {
                lo = mid;
            } else {
                hi = mid;
                conclusive &= v != Verdict.INCONCLUSIVE;
            }
        }
        return new Bound(lo, hi, conclusive, steps);
    }

    /** Every WCET (each kernel of a chain) and table completion scaled by k / cmax, rounded up. */
    static TaskSet scaled(TaskSet ts, long cmax, long k) {
        List<Task> tasks = ts.tasks().stream().map(t -> t.kernels() == 1 ? withWcet(t, ceilScale(t.wcet(), k, cmax))
                : t.withChain(t.chain().stream().map(st -> new Stage(st.name(),
                        ceilScale(st.wcet(), k, cmax), st.kernel())).toList())).toList();
        Interference in = ts.interference();
        Map<Long, Long> table = new LinkedHashMap<>();
        in.table().forEach((mask, c) -> table.put(mask, ceilScale(c, k, cmax)));
        Interference scaled = new Interference(in.model(), in.factors(), table, in.missing(), in.overhead());
        return copy(ts, tasks, scaled);
    }

    static TaskSet withWcet(TaskSet ts, int task, long wcet) {
        List<Task> tasks = new ArrayList<>(ts.tasks());
        tasks.set(task, withWcet(ts.task(task), wcet));
        return copy(ts, tasks, ts.interference());
    }

    /**
     * The task with its total wcet changed; in a chain the change goes to the last kernel (the
     * one that ends the job), keeping offset, jitter and the other kernels as they are.
     */
    private static Task withWcet(Task t, long wcet) {
        List<Stage> chain = new ArrayList<>(t.chain());
        Stage lastStage = chain.get(chain.size() - 1);
        long rest = t.wcet() - lastStage.wcet();
        chain.set(chain.size() - 1, new Stage(lastStage.name(), Math.max(1, wcet - rest),
                lastStage.kernel()));
        return t.withChain(chain);
    }

    private static TaskSet copy(TaskSet ts, List<Task> tasks, Interference in) {
        return new TaskSet(ts.name(), ts.timeUnit(), ts.gpu(), tasks, in, ts.hyperperiod(), ts.jobCount(),
                ts.sha256(), ts.source(), ts.origin());
    }

    static long ceilScale(long value, long k, long cmax) {
        BigInteger[] qr = BigInteger.valueOf(value).multiply(BigInteger.valueOf(k)).divideAndRemainder(
                BigInteger.valueOf(cmax));
        return qr[0].add(qr[1].signum() > 0 ? BigInteger.ONE : BigInteger.ZERO).longValueExact();
    }
}
