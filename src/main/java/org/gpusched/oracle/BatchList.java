package org.gpusched.oracle;

import java.util.Arrays;

/**
 * The candidate batches of one ready mask as a tree in preorder: node k is a set of tasks, its
 * subtree (nodes k+1 .. skip[k]-1) the supersets that add higher task indices. With a monotone
 * completion model, a set that misses a deadline already from the earliest start rules out its
 * whole subtree (more tasks only lengthen the frame and bring earlier deadlines), so the explorer
 * jumps to {@code skip[k]}. Arrays are never modified after construction.
 *
 * @param last     the task added at this node (the highest index in the set)
 * @param size     tasks in the set
 * @param eligible whether some submission order of the set is eligible
 */
public record BatchList(long[] masks, int[] last, int[] size, long[] completions, boolean[] eligible, int[] skip,
                        boolean monotone) {

    public int nodes() {
        return masks.length;
    }

    static final class Builder {
        private final boolean monotone;
        private long[] masks = new long[16];
        private int[] last = new int[16];
        private int[] size = new int[16];
        private long[] completions = new long[16];
        private boolean[] eligible = new boolean[16];
        private int[] skip = new int[16];
        private int n;

        Builder(boolean monotone) {
            this.monotone = monotone;
        }

        int add(long mask, int task, int tasks, long completion, boolean ok) {
            if (n == masks.length) {
                int cap = n * 2;
                masks = Arrays.copyOf(masks, cap);
                last = Arrays.copyOf(last, cap);
                size = Arrays.copyOf(size, cap);
                completions = Arrays.copyOf(completions, cap);
                eligible = Arrays.copyOf(eligible, cap);
                skip = Arrays.copyOf(skip, cap);
            }
            masks[n] = mask;
            last[n] = task;
            size[n] = tasks;
            completions[n] = completion;
            eligible[n] = ok;
            return n++;
        }

        int nodes() {
            return n;
        }

        /** Marks the end of node k's subtree (called after its supersets were added). */
        void close(int k) {
            skip[k] = n;
        }

        BatchList build() {
            return new BatchList(Arrays.copyOf(masks, n), Arrays.copyOf(last, n), Arrays.copyOf(size, n),
                    Arrays.copyOf(completions, n), Arrays.copyOf(eligible, n), Arrays.copyOf(skip, n), monotone);
        }
    }
}
