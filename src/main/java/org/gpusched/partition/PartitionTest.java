package org.gpusched.partition;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;

/**
 * The test that a set of tasks sharing one partition of m SMs meets its deadlines (the paper leaves
 * it open; sm-partitioning.md names three). Every task's time is C_i(T(P), m): C^c when another task
 * of P has its kind, else C^n.
 */
public enum PartitionTest {
    /** Kernels co-run on the partition; contention is the conflict factor only: C_i(T(P), m) <= D_i each. */
    PER_TASK("per-task"),
    /** The partition time-shared under uniprocessor EDF, each job on all m SMs: the EDF demand bound. */
    EDF_DBF("edf-dbf"),
    /**
     * Global EDF with the m SMs as processors, a job on one SM at a time (time C_i(T(P), 1)): the
     * Goossens-Funk-Baruah density bound Σδ <= m − (m−1)·δmax.
     */
    GFB("gfb");

    /** edf-dbf gives up (fails, which is safe for an acceptance test) past this many deadlines. */
    static final long MAX_DBF_POINTS = 2_000_000;

    private final String id;

    PartitionTest(String id) { this.id = id; }

    public String id() { return id; }

    public static PartitionTest parse(String s) {
        return Arrays.stream(values()).filter(t -> t.id.equals(s.toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown partition test '" + s
                        + "' (expected per-task, edf-dbf or gfb)"));
    }

    /** Whether another task of {@code tasks} has the kind of {@code tasks.get(i)}. */
    static boolean[] conflicts(List<KernelTask> tasks) {
        long compute = tasks.stream().filter(t -> t.kind() == Kind.COMPUTE).count();
        long memory = tasks.size() - compute;
        boolean[] c = new boolean[tasks.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = (tasks.get(i).kind() == Kind.COMPUTE ? compute : memory) > 1;
        }
        return c;
    }

    /** The time this test charges task i of P on m SMs (GFB: on one SM). */
    long time(KernelTask t, boolean conflict, long m) {
        return t.c(this == GFB ? 1 : m, conflict);
    }

    /** Whether {@code tasks} on one partition of m SMs pass this test. */
    public boolean passes(List<KernelTask> tasks, long m) {
        boolean[] conflict = conflicts(tasks);
        long[] c = new long[tasks.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = time(tasks.get(i), conflict[i], m);
            if (c[i] > tasks.get(i).deadline()) {
                return false;
            }
        }
        return switch (this) {
            case PER_TASK -> true;
            case EDF_DBF -> dbf(tasks, c);
            case GFB -> gfb(tasks, c, m);
        };
    }

    private static boolean gfb(List<KernelTask> tasks, long[] c, long m) {
        Fraction sum = Fraction.ZERO;
        Fraction max = Fraction.ZERO;
        for (int i = 0; i < c.length; i++) {
            Fraction d = Fraction.of(c[i], tasks.get(i).deadline());
            sum = sum.plus(d);
            max = d.compareTo(max) > 0 ? d : max;
        }
        // Σδ <= m − (m−1)·δmax  ⇔  Σδ + (m−1)·δmax <= m
        return sum.plus(max.times(m - 1)).compareTo(Fraction.of(m)) <= 0;
    }

    /**
     * Uniprocessor EDF, constrained deadlines: U <= 1 and dbf(t) <= t at every absolute deadline t up
     * to L = max(D_max, Σ(T_i − D_i)·U_i / (1 − U)) (the classic bound; for U = 1 the hyperperiod).
     */
    private static boolean dbf(List<KernelTask> tasks, long[] c) {
        Fraction u = Fraction.ZERO;
        long dmax = 0;
        for (int i = 0; i < c.length; i++) {
            u = u.plus(Fraction.of(c[i], tasks.get(i).period()));
            dmax = Math.max(dmax, tasks.get(i).deadline());
        }
        int cmp = u.compareTo(Fraction.of(1));
        if (cmp > 0) {
            return false;
        }
        BigInteger limit;
        if (cmp == 0) {
            limit = BigInteger.ONE;
            for (KernelTask t : tasks) {
                BigInteger p = BigInteger.valueOf(t.period());
                limit = limit.divide(limit.gcd(p)).multiply(p);
            }
        } else {
            // Σ(T−D)·C/T / (1 − U), rounded up.
            Fraction num = Fraction.ZERO;
            for (int i = 0; i < c.length; i++) {
                KernelTask t = tasks.get(i);
                num = num.plus(Fraction.of(c[i], t.period()).times(t.period() - t.deadline()));
            }
            Fraction rest = new Fraction(u.den().subtract(u.num()), u.den());
            BigInteger n = num.num().multiply(rest.den());
            BigInteger d = num.den().multiply(rest.num());
            BigInteger[] qr = n.divideAndRemainder(d);
            limit = qr[1].signum() == 0 ? qr[0] : qr[0].add(BigInteger.ONE);
            limit = limit.max(BigInteger.valueOf(dmax));
        }
        if (limit.bitLength() > 62) {
            return false;
        }
        long l = limit.longValueExact();
        // Visit absolute deadlines in increasing order; the demand only changes there.
        PriorityQueue<long[]> next = new PriorityQueue<>(Comparator.<long[]>comparingLong(a -> a[0])
                .thenComparingLong(a -> a[1]));
        for (int i = 0; i < c.length; i++) {
            next.add(new long[] {tasks.get(i).deadline(), i});
        }
        long demand = 0;
        long points = 0;
        while (!next.isEmpty() && next.peek()[0] <= l) {
            long[] e = next.poll();
            demand += c[(int) e[1]];
            if (++points > MAX_DBF_POINTS) {
                return false;
            }
            if ((next.isEmpty() || next.peek()[0] != e[0]) && demand > e[0]) {
                return false;
            }
            next.add(new long[] {e[0] + tasks.get((int) e[1]).period(), e[1]});
        }
        return true;
    }
}
