package org.gpusched.explore.graph;

import org.gpusched.oracle.BatchList;
import org.gpusched.oracle.Oracle;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The candidate batches per ready set, shared by the workers of a split layer. Each worker has
 * its own {@link Oracle} (its memos are not thread-safe), but the lists are a function of the
 * ready set alone and the same ready sets recur across the layer: without sharing, every worker
 * enumerated each one again (a third more CPU on two threads). Two workers may still enumerate
 * the same set at once; both get equal lists. Bounded like the oracle's own memo.
 */
public final class SharedBatches {
    private static final long MAX_NODES = 1L << 23;
    private final ConcurrentHashMap<Long, BatchList> byReady = new ConcurrentHashMap<>();
    private final AtomicLong nodes = new AtomicLong();

    BatchList of(long ready, Oracle oracle) {
        BatchList list = byReady.get(ready);
        if (list == null) {
            list = oracle.batchesOf(ready);
            if (nodes.addAndGet(list.nodes()) > MAX_NODES) {
                byReady.clear();
                nodes.set(list.nodes());
            }
            byReady.putIfAbsent(ready, list);
        }
        return list;
    }
}
