package org.gpusched.oracle;

import java.util.HashMap;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * The oracle's answers by set. Up to {@link #DENSE_UNITS} kernels they sit in arrays indexed by the
 * set itself, allocated at first use: the explorer's candidate lists look sets up tens of millions
 * of times, and a boxed hash lookup, then the load of the answer's object, were a quarter of a hard
 * search's time. The completion and eligibility are kept in primitive arrays for the lists, the full
 * answer (with its order) beside them. Above that size a hash map, emptied rather than allowed to
 * fill the heap. Not thread-safe, like its oracle.
 */
final class SetMemo {
    static final int DENSE_UNITS = 20;
    /** Past this size the hash memo is emptied. */
    private static final int MAX_MEMO = 1 << 22;

    private final LongFunction<BatchInfo> compute;
    private final int units;
    private final boolean dense;
    private final Map<Long, BatchInfo> byHash = new HashMap<>();
    private BatchInfo[] infos;
    private long[] completions;
    /** Per set: 0 not computed yet, 1 no eligible order, 2 eligible. */
    private byte[] states;
    private int denseSize;

    /**
     * @param units   the kernels the sets range over
     * @param dense   false: the hash memo whatever the size (the tests compare the two)
     * @param compute the answer for a set not asked before
     */
    SetMemo(int units, boolean dense, LongFunction<BatchInfo> compute) {
        this.units = units;
        this.dense = dense && units <= DENSE_UNITS;
        this.compute = compute;
    }

    BatchInfo get(long mask) {
        if (dense) {
            int m = (int) mask;
            fill(m);
            return infos[m];
        }
        BatchInfo info = byHash.get(mask);
        if (info == null) {
            info = compute.apply(mask);
            if (byHash.size() >= MAX_MEMO) {
                byHash.clear();
            }
            byHash.put(mask, info);
        }
        return info;
    }

    /** Adds the set to a candidate list, reading its answer without touching the answer's object when dense. */
    int addTo(BatchList.Builder out, long set, int last, int size) {
        if (!dense) {
            BatchInfo info = get(set);
            return out.add(set, last, size, info.completion(), info.eligible());
        }
        int m = (int) set;
        fill(m);
        return out.add(set, last, size, completions[m], states[m] == 2);
    }

    int size() {
        return byHash.size() + denseSize;
    }

    private void fill(int m) {
        if (states == null) {
            infos = new BatchInfo[1 << units];
            completions = new long[1 << units];
            states = new byte[1 << units];
        }
        if (states[m] == 0) {
            BatchInfo info = compute.apply(m);
            infos[m] = info;
            completions[m] = info.completion();
            states[m] = (byte) (info.eligible() ? 2 : 1);
            denseSize++;
        }
    }
}
