package org.gpusched.partition;

import org.gpusched.model.Hyperperiod;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * An independent check of a partition plan against its tasks, written apart from the search and
 * its test so that a shared mistake is unlikely: SM ranges inside 0..M−1, disjoint and of the
 * stated size; every task in exactly one partition; conflicts and times recomputed from the kinds
 * and curves in decimal arithmetic; and the named within-partition test done the plain way
 * (per-task: C <= D; gfb: the density sum in decimals; edf-dbf: the demand at every absolute
 * deadline up to the hyperperiod plus D_max, when that is at most {@link #MAX_HORIZON}).
 */
public final class PlanChecker {
    static final long MAX_HORIZON = 50_000_000L;

    private PlanChecker() { }

    /** Problems found, empty when the plan is valid for these tasks. */
    public static List<String> check(PartitionInput in, SmPartitionPlan plan) {
        List<String> bad = new ArrayList<>();
        int n = in.tasks().size();
        int[] seen = new int[n];
        boolean[] sm = new boolean[(int) Math.min(in.sms(), Integer.MAX_VALUE - 8)];
        for (SmPartitionPlan.Partition p : plan.partitions()) {
            if (p.sms() < 1 || p.lastSm() - p.firstSm() + 1 != p.sms() || p.firstSm() < 0 || p.lastSm() >= in.sms()) {
                bad.add(p.name() + ": bad SM range " + p.firstSm() + ".." + p.lastSm() + " for " + p.sms() + " SMs");
                continue;
            }
            for (long s = p.firstSm(); s <= p.lastSm(); s++) {
                if (sm[(int) s]) {
                    bad.add(p.name() + ": SM " + s + " is in two partitions");
                }
                sm[(int) s] = true;
            }
            List<KernelTask> ts = new ArrayList<>();
            for (SmPartitionPlan.Slot s : p.tasks()) {
                if (s.index() < 0 || s.index() >= n || !in.tasks().get(s.index()).name().equals(s.task())) {
                    bad.add(p.name() + ": unknown task " + s.task());
                    continue;
                }
                seen[s.index()]++;
                ts.add(in.tasks().get(s.index()));
            }
            String why = passes(ts, p.sms(), plan.test());
            if (why != null) {
                bad.add(p.name() + ": " + why);
            }
        }
        for (int i = 0; i < n; i++) {
            if (seen[i] != 1) {
                bad.add(in.tasks().get(i).name() + " is in " + seen[i] + " partitions");
            }
        }
        return bad;
    }

    private static BigDecimal time(KernelTask t, List<KernelTask> with, long m) {
        long same = with.stream().filter(o -> o.kind() == t.kind()).count();
        BigDecimal c = BigDecimal.valueOf(t.curve().at(m));
        if (same < 2) {
            return c;
        }
        BigDecimal k = new BigDecimal(t.kNum()).divide(new BigDecimal(t.kDen()), 60, RoundingMode.UP);
        return c.multiply(k).setScale(0, RoundingMode.CEILING);
    }

    private static String passes(List<KernelTask> ts, long m, PartitionTest test) {
        long on = test == PartitionTest.GFB ? 1 : m;
        BigDecimal density = BigDecimal.ZERO;
        BigDecimal maxDensity = BigDecimal.ZERO;
        long[] c = new long[ts.size()];
        for (int i = 0; i < ts.size(); i++) {
            KernelTask t = ts.get(i);
            BigDecimal ci = time(t, ts, on);
            if (ci.compareTo(BigDecimal.valueOf(t.deadline())) > 0) {
                return t.name() + " takes " + ci + " > D = " + t.deadline();
            }
            c[i] = ci.longValueExact();
            BigDecimal d = ci.divide(BigDecimal.valueOf(t.deadline()), 30, RoundingMode.UP);
            density = density.add(d);
            maxDensity = maxDensity.max(d);
        }
        if (test == PartitionTest.GFB) {
            // Σδ <= m − (m−1)·δmax, with every δ rounded up: a pass here is a pass exactly.
            BigDecimal bound = BigDecimal.valueOf(m).subtract(BigDecimal.valueOf(m - 1).multiply(maxDensity));
            return density.compareTo(bound) <= 0 ? null : "density " + density + " > " + bound;
        }
        if (test == PartitionTest.EDF_DBF) {
            return demand(ts, c);
        }
        return null;
    }

    private static String demand(List<KernelTask> ts, long[] c) {
        OptionalLong lcm = Hyperperiod.lcm(ts.stream().mapToLong(KernelTask::period).toArray());
        if (lcm.isEmpty() || lcm.getAsLong() > MAX_HORIZON) {
            return null; // too long to check this way; the plan's own test stands
        }
        long h = lcm.getAsLong();
        long dmax = ts.stream().mapToLong(KernelTask::deadline).max().orElse(0);
        for (int i = 0; i < ts.size(); i++) {
            for (long d = ts.get(i).deadline(); d <= h + dmax; d += ts.get(i).period()) {
                long sum = 0;
                for (int j = 0; j < ts.size(); j++) {
                    KernelTask t = ts.get(j);
                    if (d >= t.deadline()) {
                        sum += ((d - t.deadline()) / t.period() + 1) * c[j];
                    }
                }
                if (sum > d) {
                    return "EDF demand " + sum + " > " + d;
                }
            }
        }
        return null;
    }
}
