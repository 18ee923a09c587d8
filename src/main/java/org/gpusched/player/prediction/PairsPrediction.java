package org.gpusched.player.prediction;

import org.gpusched.model.KernelKind;
import org.gpusched.oracle.Oracle;
import org.gpusched.oracle.Placement;
import org.gpusched.player.DevicePresets;

import java.util.*;

/**
 * The completion of a set of three or more kernels predicted from what {@code profile --pairs}
 * measured: each kernel alone and each pair. The same room as {@link PairwiseContention}, per kernel
 * rather than per kind, since a profile knows its kernels and not always their kinds:
 *
 * <ul>
 *   <li>kernel i's slowdown next to j is the pair's completion over i's isolated time (i ends by the
 *       time the pair does, so this never under-states i's slowdown there); its base time is its
 *       isolated time stretched by every partner's slowdown, added: {@code C_i (1 + sum (s_ij - 1))};</li>
 *   <li>the oracle places the set's blocks in its submission order: when some kernel's blocks land on
 *       SMs that hold an earlier kernel's (it overflows), the set is taken to overflow whatever the
 *       order the device keeps, so each kernel may wait for the longest other one and then run its
 *       base time: it ends by {@code max_j base_j + base_i}; a set whose kernels all have SMs of their
 *       own ends when its longest base does;</li>
 *   <li>the set ends when its last kernel does, times the safety margin of that kernel's class (its
 *       role, resident or overflow, and its kind: {@link #fitted()}), and never before any member's
 *       isolated time times the largest slowdown its kind showed in any measured set (the kind's
 *       fitted factor); rounded up to a whole tick.</li>
 * </ul>
 * Deterministic: the same times, oracle and margin give the same ticks.
 */
public final class PairsPrediction {
    private static final String PRESET = "h200-interference-sets.csv";

    private PairsPrediction() { }

    /**
     * Safety margins per class of the deciding member ("res compute", "over shared", ...); a class
     * never fitted takes {@code worst}.
     */
    public record Margins(Map<String, Double> byClass, double worst, Map<KernelKind, Double> kindSlowdown) {
        public Margins {
            byClass = Collections.unmodifiableMap(new TreeMap<>(byClass));
            kindSlowdown = Collections.unmodifiableMap(new EnumMap<>(kindSlowdown.isEmpty()
                    ? Map.of(KernelKind.SPIN, 1.0) : kindSlowdown));
        }

        /** The largest slowdown a kernel of this kind showed in any fitted set (1 for a kind never fitted). */
        public double slowdown(KernelKind kind) {
            return kindSlowdown.getOrDefault(kind, 1.0);
        }

        public double of(String cls) {
            return byClass.getOrDefault(cls, worst);
        }
    }

    /** A set's completion before the margin, and the class of the member that ends last. */
    record Finish(double completion, String cls) { }

    /**
     * The predicted completion (ticks) of each set in {@code orders} of three or more kernels, from the
     * isolated times {@code wcet} and the pairs' completions {@code pairs} (mask to ticks); orders are
     * eligible submission orders of {@code oracle}'s task set.
     */
    public static Map<Long, Long> predict(Oracle oracle, long[] wcet, List<KernelKind> kinds, Map<Long, Long> pairs,
                                          List<int[]> orders, Margins margins) {
        Map<Long, Long> out = new TreeMap<>();
        for (int[] order : orders) {
            if (order.length < 3) {
                continue;
            }
            double[] iso = new double[order.length];
            KernelKind[] kind = new KernelKind[order.length];
            double[][] slow = new double[order.length][order.length];
            for (int i = 0; i < order.length; i++) {
                iso[i] = wcet[order[i]];
                kind[i] = kinds.get(order[i]);
                for (int j = 0; j < order.length; j++) {
                    if (i != j) {
                        long pair = (1L << order[i]) | (1L << order[j]);
                        // A pair never measured together is taken to run one after the other.
                        double c = pairs.getOrDefault(pair, wcet[order[i]] + wcet[order[j]]);
                        slow[i][j] = Math.max(1, c / Math.max(1, wcet[order[i]]));
                    }
                }
            }
            Finish f = completion(iso, kind, slow, hosts(oracle.place(order)));
            double c = f.completion() * margins.of(f.cls());
            for (int i = 0; i < order.length; i++) {
                // No member is taken to do better than the worst its kind ever did beside others.
                c = Math.max(c, iso[i] * margins.slowdown(kind[i]));
            }
            out.put(Oracle.maskOf(order), (long) Math.ceil(c - 1e-9));
        }
        return out;
    }

    /** The set's completion before the margin (its last member's finish) and that member's class. */
    static Finish completion(double[] iso, KernelKind[] kind, double[][] slow, int[] host) {
        int n = iso.length;
        double[] base = new double[n];
        for (int i = 0; i < n; i++) {
            double s = 1;
            for (int j = 0; j < n; j++) {
                s += j == i ? 0 : slow[i][j] - 1;
            }
            base[i] = iso[i] * s;
        }
        // The oracle's order is one submission order; streams race on the device, so when the layout
        // overflows at all, any member may be the one that lands beside another and waits for it.
        boolean overflows = Arrays.stream(host).anyMatch(h -> h >= 0);
        double end = 0;
        int last = 0;
        for (int i = 0; i < n; i++) {
            double wait = 0;
            for (int j = 0; overflows && j < n; j++) {
                wait = j == i ? wait : Math.max(wait, base[j]);
            }
            double f = wait + base[i];
            if (f > end) {
                end = f;
                last = i;
            }
        }
        return new Finish(end, (overflows ? "over " : "res ") + kind[last].json());
    }

    /** Each member's host (the earlier member it shares the most SMs with), or -1: resident, or no layout. */
    static int[] hosts(Placement p) {
        int n = p.order().length;
        int[] host = new int[n];
        Arrays.fill(host, -1);
        List<int[]> sms = p.blocksPerSm();
        for (int i = 1; i < n && i < sms.size(); i++) {
            int best = 0;
            for (int j = 0; j < i; j++) {
                int shared = 0;
                for (int sm = 0; sm < sms.get(i).length; sm++) {
                    shared += sms.get(i)[sm] > 0 && sms.get(j)[sm] > 0 ? 1 : 0;
                }
                if (shared > best) {
                    best = shared;
                    host[i] = j;
                }
            }
        }
        return host;
    }

    /**
     * The safety margins, fitted on the H200's 160 measured triples (the preset of {@code --sim-contention
     * h200}): per class of the member that ends last, the largest measured completion over this model's
     * prediction from the same run's pairs (each member's slowdown next to a partner: the pair's
     * measured completion over the member's isolated time in it) and the oracle's layout of the
     * measured shape (64 blocks of 256 threads, as {@link PairwiseContention#layout} places them). At
     * least 1; a class the triples never had (the spin kind, say) takes the largest of all.
     */
    public static Margins fitted() {
        return fit(PairwiseContention.samples(PRESET, DevicePresets.text(PRESET)));
    }

    /** The margins fitted on the sets of three or more of {@code sets} ({@link #fitted}). */
    static Margins fit(List<PairwiseContention.Sample> sets) {
        Map<String, Double> by = new TreeMap<>();
        Map<KernelKind, Double> kind = new EnumMap<>(KernelKind.class);
        for (PairwiseContention.Sample s : sets) {
            for (int i = 0; i < s.kinds().size(); i++) {
                kind.merge(s.kinds().get(i), Math.max(1, s.finish()[i] / s.isolated()[i]), Math::max);
            }
        }
        for (Map.Entry<String, Double> r : ratios(sets).values()) {
            by.merge(r.getKey(), Math.max(1, r.getValue()), Math::max);
        }
        return new Margins(by, by.values().stream().mapToDouble(Double::doubleValue).max().orElse(1), kind);
    }

    /** Each set of three or more (by id): the class deciding it, and measured completion over prediction. */
    static Map<String, Map.Entry<String, Double>> ratios(List<PairwiseContention.Sample> sets) {
        Map<String, double[]> pairs = new HashMap<>();
        for (PairwiseContention.Sample s : sets) {
            if (s.kinds().size() == 2) {
                String[] item = s.id().split("\\+");
                for (int i = 0; i < 2; i++) {
                    // Slowdown of item i next to the other; both orders measured: the larger.
                    pairs.merge(item[i] + "|" + item[1 - i], new double[] {s.completion() / s.isolated()[i]},
                            (a, b) -> a[0] >= b[0] ? a : b);
                }
            }
        }
        Map<String, Map.Entry<String, Double>> out = new LinkedHashMap<>();
        for (PairwiseContention.Sample s : sets) {
            int n = s.kinds().size();
            if (n < 3) {
                continue;
            }
            String[] item = s.id().split("\\+");
            double[][] slow = new double[n][n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    if (i != j) {
                        double[] p = pairs.get(item[i] + "|" + item[j]);
                        slow[i][j] = p == null ? 1 + s.isolated()[j] / s.isolated()[i] : Math.max(1, p[0]);
                    }
                }
            }
            int[] host = Arrays.stream(PairwiseContention.layout(n)).mapToInt(PairwiseContention.Role::host).toArray();
            Finish f = completion(s.isolated(), s.kinds().toArray(new KernelKind[0]), slow, host);
            out.put(s.id(), Map.entry(f.cls(), s.completion() / f.completion()));
        }
        return out;
    }
}
