package org.gpusched.oracle;

import org.gpusched.model.*;

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
    /** Per unit its H2D + D2H copy time; null when no unit has copies (the frame is the kernels alone). */
    private final long[] copies;
    /** What the runtime adds to each frame; null when it adds nothing (every existing model). */
    private final RuntimeOverhead overhead;
    /** Per unit its number of copies (0, 1 or 2), which the runtime's per-copy cost counts. */
    private final long[] copyCalls;

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
        long[] c = units.stream().mapToLong(Unit::copies).toArray();
        copies = java.util.Arrays.stream(c).anyMatch(x -> x > 0) ? c : null;
        overhead = inter.overhead().isZero() ? null : inter.overhead();
        copyCalls = ts.tasks().stream().flatMap(t -> t.chain().stream())
                .mapToLong(st -> (st.h2d() > 0 ? 1 : 0) + (st.d2h() > 0 ? 1 : 0)).toArray();
    }

    /** ceil(c * f) in exact decimal arithmetic, saturating at {@link Ticks#BEYOND} (a miss) instead of failing. */
    public static long slow(long c, BigDecimal f) {
        BigDecimal p = BigDecimal.valueOf(c).multiply(f).setScale(0, RoundingMode.CEILING);
        return p.compareTo(BigDecimal.valueOf(Ticks.BEYOND)) >= 0 ? Ticks.BEYOND : p.longValueExact();
    }

    /**
     * True when adding tasks to a batch never shortens it (C(S) <= C(S') for S within S'): the
     * none and slowdown models, with or without a runtime overhead (which grows with the set). A table may list any values above the largest wcet, so it is not.
     */
    public boolean monotone() {
        return inter.model() != Interference.Model.TABLE;
    }

    /**
     * C(S): the kernels' completion time plus, for a batch whose kernels carry copies, every H2D
     * before and every D2H after them (copy-execute.md, "PBS frames with copies": copies of one
     * direction run one after the other, so the number of copy engines does not change it), plus
     * the runtime's overhead of the frame (format.md, "runtime"; explorer.md, "Runtime overhead").
     */
    public long completion(long mask) {
        long c = onDevice(mask);
        if (overhead == null || c == FORBIDDEN) {
            return c;
        }
        return Ticks.add(c, overhead(mask));
    }

    /** C(S) without the runtime's overhead: the kernels and copies alone. */
    public long onDevice(long mask) {
        long c = kernels(mask);
        return copies == null || c == FORBIDDEN ? c : Ticks.add(c, sum(mask, copies));
    }

    /**
     * What the set's copies add to its frame: their H2D and D2H times and the runtime's cost of
     * issuing them (0 without copies); {@link #completion} less this is the kernels' frame alone.
     */
    public long copies(long mask) {
        long c = copies == null ? 0 : sum(mask, copies);
        return overhead == null ? c : Ticks.add(c, Ticks.mul(overhead.copy(), calls(mask)));
    }

    /** The runtime's overhead of a frame running the set {@code mask}: 0 without a stated overhead. */
    public long overhead(long mask) {
        return overhead == null ? 0 : overhead.frame(Long.bitCount(mask), calls(mask));
    }

    /** The set's copies, counted as the runtime's per-copy cost counts them. */
    private int calls(long mask) {
        return (int) sum(mask, copyCalls);
    }

    /** The values of the set's units, summed (saturating). */
    private static long sum(long mask, long[] values) {
        long s = 0;
        for (long b = mask; b != 0; b &= b - 1) {
            s = Ticks.add(s, values[Long.numberOfTrailingZeros(b)]);
        }
        return s;
    }

    private long kernels(long mask) {
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
