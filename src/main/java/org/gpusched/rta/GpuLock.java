package org.gpusched.rta;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The GPU as one lock, for the MPCP and FMLP+ simulations: a GPU segment (misc and exec) is a
 * critical section. Waiting jobs suspend; the next holder is the waiter of highest GPU priority
 * (MPCP; ties by request order) or the earliest request (FMLP+, FIFO).
 */
final class GpuLock {
    private final AnalysisState x;
    private final boolean fifo;
    private final List<Integer> waiters = new ArrayList<>();
    private int holder = -1;

    GpuLock(AnalysisState x, boolean fifo) {
        this.x = x;
        this.fifo = fifo;
    }

    int holder() {
        return holder;
    }

    /** Task k wants the lock (idempotent while it waits or holds). */
    void request(int k) {
        if (holder != k && !waiters.contains(k)) {
            waiters.add(k);
        }
    }

    /** Hands a free lock to the next waiter. */
    void grant() {
        if (holder >= 0 || waiters.isEmpty()) {
            return;
        }
        holder = waiters.remove(fifo ? 0 : IntStream.range(0, waiters.size())
                .reduce((best, w) -> x.hp(waiters.get(w), waiters.get(best)) ? w : best).getAsInt());
    }

    void release(int k) {
        if (holder != k) {
            throw new IllegalStateException("task " + k + " releases a lock it does not hold");
        }
        holder = -1;
    }
}
