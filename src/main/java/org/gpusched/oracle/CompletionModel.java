package org.gpusched.oracle;

import org.gpusched.model.Interference;
import org.gpusched.model.TaskSet;
import org.gpusched.model.Unit;
import org.gpusched.model.Ticks;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * Completion time C(S) of a batch, which depends only on the SET of kernels S (bit i = unit i; the
 * task index for a set without chains).
 * Slowdown products are computed once, exactly, in decimal, and rounded up (spec: pbs-semantics.md).
 */
public final class CompletionModel {
    /** Returned for a set the table model forbids. */
    public static final long FORBIDDEN = -1;

    private final Interference inter;
    private final long[] wcet;
    private final long[] slowed;

    public CompletionModel(TaskSet ts) {
        this.inter = ts.interference();
        List<Unit> units = ts.units();
        int n = units.size();
        wcet = new long[n];
        slowed = new long[n];
        for (int i = 0; i < n; i++) {
            wcet[i] = units.get(i).wcet();
            slowed[i] = slow(wcet[i], inter.factors().get(i));
        }
    }

    /** ceil(c * f) in exact decimal arithmetic, saturating at {@link Ticks#BEYOND} (a miss) instead of failing. */
    public static long slow(long c, BigDecimal f) {
        BigDecimal p = BigDecimal.valueOf(c).multiply(f).setScale(0, RoundingMode.CEILING);
        return p.compareTo(BigDecimal.valueOf(Ticks.BEYOND)) >= 0 ? Ticks.BEYOND : p.longValueExact();
    }

    /**
     * True when adding tasks to a batch never shortens it (C(S) <= C(S') for S within S'): the
     * none and slowdown models. A table may list any values above the largest wcet, so it is not.
     */
    public boolean monotone() {
        return inter.model() != Interference.Model.TABLE;
    }

    public long completion(long mask) {
        if (Long.bitCount(mask) == 1) {
            return wcet[Long.numberOfTrailingZeros(mask)];
        }
        return switch (inter.model()) {
            case NONE -> max(mask, wcet);
            case SLOWDOWN -> max(mask, slowed);
            case TABLE -> {
                Long c = inter.table().get(mask);
                if (c != null) {
                    yield c;
                }
                yield switch (inter.missing()) {
                    case FORBID -> FORBIDDEN;
                    case NONE -> max(mask, wcet);
                    case SLOWDOWN -> max(mask, slowed);
                };
            }
        };
    }

    private static long max(long mask, long[] values) {
        long m = 0;
        for (long b = mask; b != 0; b &= b - 1) {
            m = Math.max(m, values[Long.numberOfTrailingZeros(b)]);
        }
        return m;
    }
}
