package org.gpusched.partition;

/**
 * Knobs of the SM-partitioning methods.
 *
 * @param test         the within-partition test (default per-task)
 * @param binarySearch Algorithm 2 by binary search over m instead of the paper's linear scan; the
 *                     same result whenever the test is monotone in m (it is for every scaling model
 *                     whose times do not grow with m)
 */
public record PartitionOptions(PartitionTest test, boolean binarySearch) {
    public static final PartitionOptions DEFAULT = new PartitionOptions(PartitionTest.PER_TASK, false);
}
