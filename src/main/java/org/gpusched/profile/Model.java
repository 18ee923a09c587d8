package org.gpusched.profile;

import org.gpusched.model.*;
import org.gpusched.oracle.CompletionModel;
import org.gpusched.oracle.Oracle;
import org.gpusched.player.prediction.PairsPrediction;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A measured timing model in ticks: each unit's isolated wcet (a task, or one kernel of a chain,
 * numbered as {@link TaskSet#units()}) and the completion time of every set of two or more units
 * that may run together, which becomes a {@code table} interference
 * model with {@code missing: forbid} (a set never measured is never scheduled).
 *
 * @param clamped sets whose measured time was below a member's isolated wcet and was raised to it
 *                (the format requires C(S) >= max C_i; see docs/player.md)
 * @param overhead the runtime's per-frame cost in ticks; {@code wcet} and {@code table} hold the
 *                 rest of each measured time, so a set's modelled frame is the measured one
 * @param copies   the workload's copies per unit, which the model keeps as stated (a profile
 *                 times kernels alone) and adds to each frame as the analysis does
 * @param predicted the entries predicted from singles and pairs ({@code profile --pairs}) rather than
 *                  measured; null for an unmarked model (a full profile writes no marks)
 */
public record Model(long[] wcet, Map<Long, Long> table, int clamped, RuntimeOverhead overhead, Copies copies,
                    Set<Long> predicted) {

    public Model {
        wcet = wcet.clone();
        table = Collections.unmodifiableMap(new TreeMap<>(table));
        overhead = overhead == null ? RuntimeOverhead.NONE : overhead;
        copies = copies == null ? Copies.none(wcet.length) : copies;
        predicted = predicted == null ? null : Collections.unmodifiableSet(new TreeSet<>(predicted));
    }

    /**
     * Each unit's stated H2D + D2H copy time and number of copies (0, 1 or 2): what a frame running
     * it spends on copies besides its kernels (format 1 has none).
     */
    public record Copies(long[] time, int[] calls) {
        public Copies {
            time = time.clone();
            calls = calls.clone();
        }

        static Copies none(int units) {
            return new Copies(new long[units], new int[units]);
        }

        public static Copies of(TaskSet ts) {
            List<Unit> units = ts.units();
            long[] t = new long[units.size()];
            int[] c = new int[units.size()];
            for (Unit u : units) {
                Stage st = ts.task(u.task()).chain().get(u.stage());
                t[u.index()] = u.copies();
                c[u.index()] = (st.h2d() > 0 ? 1 : 0) + (st.d2h() > 0 ? 1 : 0);
            }
            return new Copies(t, c);
        }

        long time(long mask) {
            return Arrays.stream(Oracle.tasksOf(mask)).mapToLong(u -> time[u]).reduce(0, Ticks::add);
        }

        int calls(long mask) {
            return Arrays.stream(Oracle.tasksOf(mask)).map(u -> calls[u]).sum();
        }
    }

    /** The runtime's cost of a frame running {@code mask}, its copies' calls included. */
    long overheadOf(long mask) {
        return overhead.frame(Long.bitCount(mask), copies.calls(mask));
    }

    /**
     * The model a profile gives: per set, {@code statistic} of its samples times {@code margin},
     * converted to ticks (device unit / scale) and rounded up, at least one tick.
     */
    public static Model of(Profiler.Profile p, Statistic statistic, BigDecimal margin) {
        long[] wcet = new long[p.taskSet().unitCount()];
        Map<Long, Long> table = new TreeMap<>();
        RuntimeOverhead r = p.runtime();
        RuntimeOverhead o = new RuntimeOverhead(cost(r.launch(), margin, p.scale()),
                cost(r.submit(), margin, p.scale()), cost(r.sync(), margin, p.scale()),
                cost(r.copy(), margin, p.scale()));
        for (Profiler.SetSamples s : p.sets()) {
            // A sample runs from the submission to the synchronise's return: the runtime's cost is in it. The
            // kernels alone (a profile times no copies) are the rest, at least one tick.
            long frame = ticks(statistic.of(s.samples()), margin, p.scale());
            long ticks = Math.max(1L, Ticks.sub(frame, o.frame(Long.bitCount(s.mask()), 0)));
            if (Long.bitCount(s.mask()) == 1) {
                wcet[Long.numberOfTrailingZeros(s.mask())] = ticks;
            } else {
                table.put(s.mask(), ticks);
            }
        }
        // The host's frame-start jitter is in no sample: it joins the written submission cost only,
        // so a frame that starts that late still ends within its modelled length.
        long jitter = cost(p.startJitter(), margin, p.scale());
        return clamp(wcet, table, jitter == 0 ? o
                : new RuntimeOverhead(o.launch(), Ticks.add(o.submit(), jitter), o.sync(), o.copy()),
                Copies.of(p.taskSet()), null);
    }

    /** A measured runtime cost in ticks: as {@link #ticks}, but a cost of 0 stays 0. */
    private static long cost(long value, BigDecimal margin, long scale) {
        return value == 0 ? 0 : ticks(value, margin, scale);
    }

    /** ceil(value * margin / scale), at least 1. */
    public static long ticks(long value, BigDecimal margin, long scale) {
        BigDecimal t = BigDecimal.valueOf(value).multiply(margin).divide(BigDecimal.valueOf(scale), 0, RoundingMode.CEILING);
        return Math.max(1L, t.longValueExact());
    }

    /** Every table entry raised to at least its members' largest wcet, counting the raised ones. */
    static Model clamp(long[] wcet, Map<Long, Long> table, RuntimeOverhead overhead, Copies copies, Set<Long> predicted) {
        Map<Long, Long> out = new TreeMap<>();
        int clamped = 0;
        for (Map.Entry<Long, Long> e : table.entrySet()) {
            long floor = Arrays.stream(Oracle.tasksOf(e.getKey())).mapToLong(u -> wcet[u]).max().orElse(0);
            if (e.getValue() < floor) {
                clamped++;
            }
            out.put(e.getKey(), Math.max(e.getValue(), floor));
        }
        return new Model(wcet, out, clamped, overhead, copies, predicted);
    }

    /**
     * The current model of {@code ts} in this form: its wcets and its completion time for each of
     * {@code sets} (what {@code loop --start model} begins with).
     */
    public static Model ofTaskSet(TaskSet ts, Iterable<int[]> sets) {
        long[] wcet = ts.units().stream().mapToLong(Unit::wcet).toArray();
        CompletionModel cm = new CompletionModel(ts);
        Copies copies = Copies.of(ts);
        Map<Long, Long> table = new TreeMap<>();
        for (int[] order : sets) {
            long mask = Oracle.maskOf(order);
            long c = cm.onDevice(mask);
            if (order.length > 1 && c != CompletionModel.FORBIDDEN) {
                // The entry holds the kernels alone; the copies stay the workload's own.
                table.put(mask, Ticks.sub(c, copies.time(mask)));
            }
        }
        // The workload's marks go on with its entries (a --pairs workload looped keeps saying which are predicted).
        Set<Long> marks = ts.interference().predicted();
        Set<Long> predicted = marks == null ? null : new TreeSet<>(marks);
        if (predicted != null) {
            predicted.retainAll(table.keySet());
        }
        return clamp(wcet, table, ts.interference().overhead(), copies, predicted);
    }

    /**
     * {@code profile --pairs}: this model of the singles' wcets and the pairs' entries (in ticks, the runtime's
     * cost left out) completed with each set of three or more of {@code sets} predicted by {@link PairsPrediction}
     * with the margins fitted on the H200; the measured entries are marked measured, the rest predicted.
     */
    public Model withPairsPredicted(TaskSet ts, List<int[]> sets) {
        List<KernelKind> kinds = ts.units().stream()
                .map(u -> u.kernel() == null ? KernelKind.SPIN : u.kernel().kind()).toList();
        Map<Long, Long> entries = PairsPrediction.predict(new Oracle(ts), wcet, kinds, table, sets,
                PairsPrediction.fitted());
        // Each predicted entry at least its members' largest wcet; every other entry is marked measured.
        Map<Long, Long> t = new TreeMap<>(table);
        t.putAll(entries);
        Model m = clamp(wcet, t, overhead, copies, entries.keySet());
        return new Model(m.wcet(), m.table(), clamped + m.clamped(), overhead, copies, entries.keySet());
    }

    /**
     * This model with the sets in {@code measured} (mask to measured frame ticks) raised so that
     * their modelled frame is at least the measured one (a singleton raises its task's wcet; the
     * runtime's cost stays as it is); returns this when nothing grows.
     */
    public Model raise(Map<Long, Long> measured) {
        long[] w = wcet.clone();
        Map<Long, Long> t = new TreeMap<>(table);
        Set<Long> marks = predicted == null ? null : new TreeSet<>(predicted);
        boolean grew = false;
        for (Map.Entry<Long, Long> e : measured.entrySet()) {
            long mask = e.getKey();
            // The played frame (copies included) less the copies and the runtime's cost, at least one tick.
            long value = Math.max(1L, Ticks.sub(Ticks.sub(e.getValue(), overheadOf(mask)), copies.time(mask)));
            if (Long.bitCount(mask) == 1) {
                int i = Long.numberOfTrailingZeros(mask);
                grew |= value > w[i];
                w[i] = Math.max(w[i], value);
            } else {
                long old = t.getOrDefault(mask, 0L);
                grew |= value > old;
                t.put(mask, Math.max(old, value));
                if (marks != null && value > old) {
                    // Raised to a frame measured on the device: the entry is a measurement now.
                    marks.remove(mask);
                }
            }
        }
        return grew ? clamp(w, t, overhead, copies, marks) : this;
    }

    /** The modelled frame of a set (a singleton's wcet), copies and runtime cost included, or -1 without an entry. */
    public long completion(long mask) {
        long c = Long.bitCount(mask) == 1 ? wcet[Long.numberOfTrailingZeros(mask)] : table.getOrDefault(mask, -1L);
        return c < 0 ? c : Ticks.add(Ticks.add(c, copies.time(mask)), overheadOf(mask));
    }
}
