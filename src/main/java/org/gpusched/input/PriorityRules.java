package org.gpusched.input;

import org.gpusched.model.InputException;
import org.gpusched.model.Priorities;
import org.gpusched.model.WorkTask;

import java.util.*;
import java.util.stream.IntStream;

/**
 * CPU and GPU priorities of a v2 workload (larger = higher). Given for every task or for none:
 * defaults mixed with given values could collide silently. Defaults: CPU priorities
 * deadline-monotonic (ties by task index); GPU priorities follow the CPU priority order (GCAPS'
 * default: one priority per task on both), ties by deadline, then index. Values n..1.
 */
final class PriorityRules {
    private PriorityRules() { }

    static List<WorkTask> resolve(String file, List<WorkloadValidator.TaskDraft> ts) {
        int n = ts.size();
        int[] cpu = Priorities.deadlineMonotonic(ts.stream().mapToLong(t -> t.deadline()).toArray());
        int[] gpu = new int[n];
        if (all(file, ts, "cpu.priority", true) == n) {
            Map<String, Integer> seen = new HashMap<>();
            for (WorkloadValidator.TaskDraft t : ts) {
                cpu[t.index()] = t.cpuPriority();
                if (t.core().isPresent()) {
                    String key = t.core().getAsInt() + "/" + t.cpuPriority();
                    Integer other = seen.putIfAbsent(key, t.index());
                    if (other != null) {
                        throw new InputException(file, "tasks[" + t.index() + "].cpu.priority", "priority "
                                + t.cpuPriority() + " is already used by tasks[" + other + "] on core "
                                + t.core().getAsInt() + " (CPU priorities are unique per core)");
                    }
                }
            }
        }
        if (all(file, ts, "gpuPriority", false) == n) {
            Map<Integer, Integer> seen = new HashMap<>();
            for (WorkloadValidator.TaskDraft t : ts) {
                gpu[t.index()] = t.gpuPriority();
                Integer other = seen.putIfAbsent(t.gpuPriority(), t.index());
                if (other != null) {
                    throw new InputException(file, "tasks[" + t.index() + "].gpuPriority", "GPU priority "
                            + t.gpuPriority() + " is already used by tasks[" + other + "] (GPU priorities are unique)");
                }
            }
        } else {
            Priorities.rank(gpu, IntStream.range(0, n).boxed().sorted(Comparator
                    .comparingInt((Integer i) -> -cpu[i]).thenComparingLong(i -> ts.get(i).deadline())
                    .thenComparingInt(i -> i)).toList());
        }
        return ts.stream().map(t -> new WorkTask(t.index(), t.name(), t.period(), t.deadline(), t.segments(), t.core(),
                cpu[t.index()], gpu[t.index()], t.bestEffort(), t.kind(), t.scaling(), t.partition(), t.jitter()))
                .toList();
    }

    /** How many tasks give the field; an error when some but not all do. */
    private static int all(String file, List<WorkloadValidator.TaskDraft> ts, String field, boolean cpu) {
        int given = 0;
        int firstGiven = -1;
        int firstMissing = -1;
        for (WorkloadValidator.TaskDraft t : ts) {
            boolean has = cpu ? t.cpuPriority() != null : t.gpuPriority() != null;
            if (has) {
                given++;
                firstGiven = firstGiven < 0 ? t.index() : firstGiven;
            } else if (firstMissing < 0) {
                firstMissing = t.index();
            }
        }
        if (given > 0 && given < ts.size()) {
            throw new InputException(file, "tasks[" + firstMissing + "]", "no " + field + " but tasks[" + firstGiven
                    + "] has one: give " + field + " for every task or for none (then they are derived)");
        }
        return given;
    }
}
