package org.gpusched.rta;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The stock driver's GPU in the simulator: time-sliced round robin among the contexts with GPU work.
 * A context runs at most L before the next one in arrival order gets the GPU; every change of the
 * running context costs θ of GPU time (also after idling, if the arriving context is not the last one
 * that ran; the very first context is loaded for free); a lone context keeps the GPU without switching.
 */
final class RoundRobinGpu {
    private final long slice;
    private final long theta;
    /** Active contexts, the running (or next) one first. */
    private final Deque<Integer> queue = new ArrayDeque<>();
    private int current = -1;
    private long sliceLeft;
    private int target = -1;
    private long switchLeft;

    RoundRobinGpu(long slice, long theta) {
        this.slice = slice;
        this.theta = theta;
    }

    /** Task k has GPU work now (idempotent). */
    void arrive(int k) {
        if (!queue.contains(k)) {
            queue.addLast(k);
        }
    }

    /**
     * What the GPU does next: the task it executes (≥ 0), or −2 − target while switching to target,
     * or −1 when idle.
     */
    int decide() {
        if (switchLeft > 0) {
            return -2 - target;
        }
        if (current >= 0 && !queue.isEmpty() && queue.peekFirst() == current && sliceLeft > 0) {
            return current;
        }
        if (queue.isEmpty()) {
            return -1;
        }
        int next = queue.peekFirst();
        if (next == current || current < 0 || theta == 0) {
            current = next;
            sliceLeft = slice;
            return current;
        }
        target = next;
        switchLeft = theta;
        return -2 - target;
    }

    /** The longest step before this GPU's own next event (slice end or switch end). */
    long horizon() {
        return switchLeft > 0 ? switchLeft : sliceLeft;
    }

    /** Advances by dt after {@link #decide()}; {@code done}: the running context's GPU work ended. */
    void advance(long dt, boolean done) {
        if (switchLeft > 0) {
            switchLeft -= dt;
            if (switchLeft == 0) {
                current = target;
                sliceLeft = slice;
            }
            return;
        }
        sliceLeft -= dt;
        if (done) {
            queue.pollFirst();
            sliceLeft = 0;
        } else if (sliceLeft == 0 && queue.size() > 1) {
            queue.addLast(queue.pollFirst());
        }
    }
}
