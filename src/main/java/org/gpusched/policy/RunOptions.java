package org.gpusched.policy;

import org.gpusched.explore.job.Options;
import org.gpusched.partition.PartitionOptions;
import org.gpusched.rta.GpuPriorityMode;
import org.gpusched.rta.Variant;

/**
 * Knobs a method may read; each reads only its own.
 *
 * @param explore     budgets and search knobs of the PBS explorers (and the graph export limit)
 * @param gpuPriority GCAPS family: GPU priorities as the CPU's, or Audsley's assignment when those fail
 * @param variant     GCAPS family: which reading of the analyses (docs/rta.md)
 * @param partition   SM partitioning: the within-partition test and Algorithm 2's search
 * @param steadyState PBS family: answer for the table started at the steady state's window (a cut)
 *                    instead of for the system released at 0 (docs/explorer.md, "Power-on")
 */
public record RunOptions(Options explore, GpuPriorityMode gpuPriority, Variant variant, PartitionOptions partition,
                         boolean steadyState) {
    public RunOptions(Options explore, GpuPriorityMode gpuPriority, Variant variant, PartitionOptions partition) {
        this(explore, gpuPriority, variant, partition, false);
    }

    public RunOptions withSteadyState(boolean steady) {
        return new RunOptions(explore, gpuPriority, variant, partition, steady);
    }

    /** The options before SM partitioning existed, with its defaults. */
    public RunOptions(Options explore, GpuPriorityMode gpuPriority, Variant variant) {
        this(explore, gpuPriority, variant, PartitionOptions.DEFAULT);
    }

    /**
     * The variant gpusched uses unless told otherwise: a bound is never below what a simulation of
     * the same policy observes, and some printed analyses are (docs/rta.md, "Findings").
     */
    public static final Variant DEFAULT_VARIANT = Variant.SAFE;

    public static RunOptions defaults() {
        return new RunOptions(Options.defaults(), GpuPriorityMode.CPU, DEFAULT_VARIANT);
    }
}
