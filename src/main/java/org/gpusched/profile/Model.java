package org.gpusched.profile;

import org.gpusched.model.TaskSet;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A measured timing model in ticks: each task's isolated wcet and the completion time of every
 * set of two or more tasks that may run together, which becomes a {@code table} interference
 * model with {@code missing: forbid} (a set never measured is never scheduled).
 *
 * @param clamped sets whose measured time was below a member's isolated wcet and was raised to it
 *                (the format requires C(S) >= max C_i; see docs/player.md)
 */
public record Model(long[] wcet, Map<Long, Long> table, int clamped) {

    public Model {
        wcet = wcet.clone();
        table = Collections.unmodifiableMap(new TreeMap<>(table));
    }

    /**
     * The model a profile gives: per set, {@code statistic} of its samples times {@code margin},
     * converted to ticks (device unit / scale) and rounded up, at least one tick.
     */
    public static Model of(Profiler.Profile p, Statistic statistic, BigDecimal margin) {
        long[] wcet = new long[p.taskSet().size()];
        Map<Long, Long> table = new TreeMap<>();
        for (Profiler.SetSamples s : p.sets()) {
            long ticks = ticks(statistic.of(s.samples()), margin, p.scale());
            if (Long.bitCount(s.mask()) == 1) {
                wcet[Long.numberOfTrailingZeros(s.mask())] = ticks;
            } else {
                table.put(s.mask(), ticks);
            }
        }
        return clamp(wcet, table);
    }

    /** ceil(value * margin / scale), at least 1. */
    public static long ticks(long value, BigDecimal margin, long scale) {
        BigDecimal t = BigDecimal.valueOf(value).multiply(margin).divide(BigDecimal.valueOf(scale), 0, RoundingMode.CEILING);
        return Math.max(1L, t.longValueExact());
    }

    /** Every table entry raised to at least its members' largest wcet, counting the raised ones. */
    static Model clamp(long[] wcet, Map<Long, Long> table) {
        Map<Long, Long> out = new TreeMap<>();
        int clamped = 0;
        for (Map.Entry<Long, Long> e : table.entrySet()) {
            long floor = 0;
            for (long b = e.getKey(); b != 0; b &= b - 1) {
                floor = Math.max(floor, wcet[Long.numberOfTrailingZeros(b)]);
            }
            if (e.getValue() < floor) {
                clamped++;
            }
            out.put(e.getKey(), Math.max(e.getValue(), floor));
        }
        return new Model(wcet, out, clamped);
    }

    /**
     * The current model of {@code ts} in this form: its wcets and its completion time for each of
     * {@code sets} (what {@code loop --start model} begins with).
     */
    public static Model ofTaskSet(TaskSet ts, Iterable<int[]> sets) {
        long[] wcet = new long[ts.size()];
        for (int i = 0; i < wcet.length; i++) {
            wcet[i] = ts.task(i).wcet();
        }
        CompletionModel cm = new CompletionModel(ts);
        Map<Long, Long> table = new TreeMap<>();
        for (int[] order : sets) {
            long mask = Oracle.maskOf(order);
            long c = cm.completion(mask);
            if (order.length > 1 && c != CompletionModel.FORBIDDEN) {
                table.put(mask, c);
            }
        }
        return clamp(wcet, table);
    }

    /**
     * This model with the sets in {@code measured} (mask to ticks) raised to at least the measured
     * value (a singleton raises its task's wcet); returns this when nothing grows.
     */
    public Model raise(Map<Long, Long> measured) {
        long[] w = wcet.clone();
        Map<Long, Long> t = new TreeMap<>(table);
        boolean grew = false;
        for (Map.Entry<Long, Long> e : measured.entrySet()) {
            long mask = e.getKey();
            if (Long.bitCount(mask) == 1) {
                int i = Long.numberOfTrailingZeros(mask);
                grew |= e.getValue() > w[i];
                w[i] = Math.max(w[i], e.getValue());
            } else {
                long old = t.getOrDefault(mask, 0L);
                grew |= e.getValue() > old;
                t.put(mask, Math.max(old, e.getValue()));
            }
        }
        return grew ? clamp(w, t) : this;
    }

    /** The modelled time of a set (a singleton's wcet), or -1 when the table has no entry. */
    public long completion(long mask) {
        return Long.bitCount(mask) == 1 ? wcet[Long.numberOfTrailingZeros(mask)] : table.getOrDefault(mask, -1L);
    }
}
