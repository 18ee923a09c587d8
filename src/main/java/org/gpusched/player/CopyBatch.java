package org.gpusched.player;

import org.gpusched.copyexec.OperationKind;
import org.gpusched.copyexec.Strategy;

/**
 * One batch of the copy/execute player, as the CPU side issues it: at most two jobs, highest
 * priority first, each with its H2D, kernel and D2H times (0: not issued) and the kernel's time
 * when it overlaps the other kernel (the simulated device uses it; a GPU takes what it takes).
 *
 * @param start      when the batch is issued (device time)
 * @param concurrent whether the second kernel may start while the first runs (strategy and the
 *                   oracle's eligibility of the pair)
 */
public record CopyBatch(Strategy strategy, long start, int[] tasks, int[] jobs, long[][] times, long[] pairExec,
                        boolean concurrent) {

    public int size() {
        return tasks.length;
    }

    public long time(int j, OperationKind k) {
        return times[j][k.ordinal()];
    }

    /**
     * What the device observed: per job and operation the start and end ({@code -1} when not
     * issued), in the device's time unit.
     */
    public record Result(long[][] start, long[][] end) { }
}
