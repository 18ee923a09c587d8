package org.gpusched.partition;

import java.util.List;

/**
 * What a heuristic found. When {@code schedulable}, {@code partitions} is the plan (each partition's
 * tasks and size, in order of their first task; SM ranges are given by {@link SmPartitionPlan}); when
 * not, it is the partition list the search stopped with (empty when Lemma 1 or 2 rejected).
 *
 * @param stage         where the verdict was reached: lemma-1, lemma-2, lemma-3 (accepted) or merge
 *                      (no merge left), or 1g
 * @param reason        one line when not schedulable, else null
 * @param lemma1Load    Σ C^n_i(1) / T_i, the load Lemma 1 compares with M
 * @param trialMerges   Algorithm 2 calls (the ACT prefill included)
 * @param forbiddenPairs task pairs in the forbidden list at the end
 */
public record PartitionResult(Heuristic heuristic, PartitionTest test, boolean schedulable, String stage,
                              String reason, List<Group> partitions, double lemma1Load, long trialMerges,
                              long forbiddenPairs, long elapsedNanos) {

    public PartitionResult {
        partitions = List.copyOf(partitions);
    }

    /** A partition: task indices (increasing) and SM count. */
    public record Group(List<Integer> tasks, long sms) {
        public Group {
            tasks = List.copyOf(tasks);
        }
    }
}
