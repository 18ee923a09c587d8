package org.gpusched.partition;

import org.gpusched.model.Ticks;

import java.util.*;

/**
 * The paper's Algorithms 1–3 (Zahaf et al., RTNS 2021, section 5) for one heuristic, and the 1G
 * baseline. Deterministic: every order is total, ties broken by the smallest task index of a
 * partition (docs/partitioning.md).
 */
public final class Partitioner {
    private final List<KernelTask> tasks;
    private final long sms;
    private final PartitionTest test;
    private final boolean binary;
    /** forbidden[i] has bit j when tasks i and j are a forbidden pair. Local to one run. */
    private final BitSet[] forbidden;
    private final long t0 = System.nanoTime();
    private long trialMerges;

    private Partitioner(PartitionInput in, PartitionOptions o) {
        this.tasks = in.tasks();
        this.sms = in.sms();
        this.test = o.test();
        this.binary = o.binarySearch();
        this.forbidden = new BitSet[tasks.size()];
        Arrays.setAll(forbidden, i -> new BitSet());
    }

    public static PartitionResult run(PartitionInput in, Heuristic h, PartitionOptions o) {
        return new Partitioner(in, o).search(h);
    }

    /**
     * Lemma 1's load Σ C^n_i(1) / T_i. A table scaling without a point at 1 SM has no C^n(1); it
     * counts m0 · C^n(m0) at its smallest point m0 (the work-conserving premise of Lemma 1 itself).
     */
    public static Fraction lemma1Load(List<KernelTask> tasks) {
        Fraction load = Fraction.ZERO;
        for (KernelTask t : tasks) {
            long c1 = t.cn(1);
            if (c1 == Ticks.BEYOND && t.curve() instanceof Curve.Table tb) {
                c1 = Ticks.mul(tb.sms()[0], tb.time()[0]);
            }
            load = load.plus(Fraction.of(c1, t.period()));
        }
        return load;
    }

    private PartitionResult search(Heuristic h) {
        Fraction load = lemma1Load(tasks);
        double l1 = load.value();
        if (h == Heuristic.ONE_G) {
            int[] all = new int[tasks.size()];
            Arrays.setAll(all, i -> i);
            boolean ok = test.passes(tasks, sms);
            return result(h, ok, "1g", ok ? null : "1G: the tasks fail the " + test.id() + " test on one partition of all "
                    + sms + " SMs", List.of(Part.of(tasks, all, sms, test)), l1);
        }
        if (load.compareTo(Fraction.of(sms)) > 0) {
            return result(h, false, "lemma-1", String.format(Locale.ROOT,
                    "Lemma 1: the load on one SM, sum of C(1)/T = %.4f, exceeds M = %d", l1, sms), List.of(), l1);
        }
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            long m = smallest(new int[] {i}, 1, sms);
            if (m < 0) {
                KernelTask t = tasks.get(i);
                return result(h, false, "lemma-2", String.format(Locale.ROOT,
                        "Lemma 2: %s misses its deadline even alone on all %d SMs (time %d > D = %d)", t.name(), sms,
                        test.time(t, false, sms), t.deadline()), List.of(), l1);
            }
            parts.add(Part.of(tasks, new int[] {i}, m, test));
        }
        if (h.act()) {
            fillForbidden(parts);
        }
        while (total(parts) > sms) {
            if (!step(parts, h)) {
                return result(h, false, "merge", "no merge left: the partitions need " + total(parts) + " SMs > M = "
                        + sms, parts, l1);
            }
        }
        return result(h, true, "lemma-3", null, parts, l1);
    }

    /** ACT: every pair of tasks whose singleton partitions cannot merge becomes a forbidden pair. */
    private void fillForbidden(List<Part> singletons) {
        for (int i = 0; i < singletons.size(); i++) {
            for (int j = i + 1; j < singletons.size(); j++) {
                if (merge(singletons.get(i), singletons.get(j)) < 0) {
                    forbid(singletons.get(i), singletons.get(j));
                }
            }
        }
    }

    /**
     * One round of Algorithm 1's loop: Algorithm 3 selects P1 (partitions by utilisation, decreasing)
     * and its eligible partners in the heuristic's order; partners are tried in that order until one
     * merge succeeds; each failure is forbidden. False when no partition has an eligible partner.
     */
    private boolean step(List<Part> parts, Heuristic h) {
        List<Part> byLoad = new ArrayList<>(parts);
        byLoad.sort(Comparator.comparing(Part::utilization, Comparator.reverseOrder())
                .thenComparingInt(Part::first));
        for (Part p1 : byLoad) {
            BitSet banned = new BitSet();
            for (int t : p1.members()) {
                banned.or(forbidden[t]);
            }
            List<Part> elig = parts.stream().filter(q -> q != p1 && Arrays.stream(q.members()).noneMatch(banned::get))
                    .toList();
            if (elig.isEmpty()) {
                continue;
            }
            List<Candidate> order = order(p1, elig, h);
            for (Candidate c : order) {
                long m = c.mergedSms() != 0 ? c.mergedSms() : merge(p1, c.part());
                if (m < 0) {
                    forbid(p1, c.part());
                } else {
                    parts.remove(p1);
                    parts.remove(c.part());
                    parts.add(Part.of(tasks, Part.union(p1, c.part()), m, test));
                    parts.sort(Comparator.comparingInt(Part::first));
                    return true;
                }
            }
            return true; // every partner failed and is now forbidden: select again
        }
        return false;
    }

    /** A partner, with its trial merge's size when SMS computed it (−1: fails; 0: not tried yet). */
    private record Candidate(Part part, long mergedSms) { }

    private List<Candidate> order(Part p1, List<Part> elig, Heuristic h) {
        if (h.sms()) {
            // Successful merges by merged size, then failures; ties by the partner's first task.
            Comparator<Candidate> bySize = Comparator.comparingLong(
                    c -> c.mergedSms() < 0 ? Long.MAX_VALUE : c.mergedSms());
            return elig.stream().map(q -> new Candidate(q, merge(p1, q)))
                    .sorted(bySize.thenComparingInt(c -> c.part().first())).toList();
        }
        return elig.stream().sorted(Comparator.comparing(Part::utilization).thenComparingInt(Part::first))
                .map(q -> new Candidate(q, 0)).toList();
    }

    /**
     * Algorithm 2: the smallest m in max(|P1|, |P2|) .. min(|P1| + |P2| − 1, M) at which the union
     * passes the test, or −1 (a merge that saves no SM is no merge).
     */
    long merge(Part a, Part b) {
        trialMerges++;
        return smallest(Part.union(a, b), Math.max(a.sms(), b.sms()), Math.min(a.sms() + b.sms() - 1, sms));
    }

    /** The smallest m in lo..hi at which the tasks pass, or −1; linear (the paper) or binary. */
    private long smallest(int[] members, long lo, long hi) {
        List<KernelTask> ts = Arrays.stream(members).mapToObj(tasks::get).toList();
        if (!binary) {
            for (long m = lo; m <= hi; m++) {
                if (test.passes(ts, m)) {
                    return m;
                }
            }
            return -1;
        }
        if (lo > hi || !test.passes(ts, hi)) {
            return -1;
        }
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            if (test.passes(ts, mid)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** Records every pair of a task of {@code a} and a task of {@code b} as forbidden. */
    private void forbid(Part a, Part b) {
        for (int i : a.members()) {
            for (int j : b.members()) {
                forbidden[i].set(j);
                forbidden[j].set(i);
            }
        }
    }

    private static long total(List<Part> parts) {
        return parts.stream().mapToLong(Part::sms).sum();
    }

    private PartitionResult result(Heuristic h, boolean ok, String stage, String reason, List<Part> parts, double l1) {
        long pairs = Arrays.stream(forbidden).mapToLong(BitSet::cardinality).sum();
        List<PartitionResult.Group> groups = parts.stream().sorted(Comparator.comparingInt(Part::first))
                .map(p -> new PartitionResult.Group(Arrays.stream(p.members()).boxed().toList(), p.sms())).toList();
        return new PartitionResult(h, test, ok, stage, reason, groups, l1, trialMerges, pairs / 2,
                System.nanoTime() - t0);
    }
}
