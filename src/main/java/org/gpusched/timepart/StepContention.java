package org.gpusched.timepart;

import org.gpusched.model.Platform;
import org.gpusched.model.Ticks;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Who competes with whom, shared by the analyses: a CPU step runs on its flow's core, inside the
 * flow's partition when there is a plan (preemptive, supplied by {@link Supply}); a {@link Step.Gpu}
 * runs on the one GPU server (non-preemptive, always supplied). A step is interfered with by every
 * other step on the same processor (same core and partition, or the GPU) whose flow's priority is
 * at least its own, and blocked on the GPU by the longest kernel of a strictly lower priority.
 */
final class StepContention {
    private final List<Flow> flows;
    private final boolean partitioned;
    private final Supply[] supply;

    StepContention(List<Flow> flows, Platform.TimePartitions plan) {
        this.flows = List.copyOf(flows);
        this.partitioned = plan != null;
        this.supply = new Supply[flows.size()];
        Map<String, Supply> cache = new HashMap<>();
        for (int f = 0; f < flows.size(); f++) {
            Flow x = flows.get(f);
            if (plan == null || !x.usesCpu()) {
                supply[f] = Supply.FULL;
            } else if (x.partition() == null) {
                throw new IllegalArgumentException(x.name() + ": a plan is given but the flow has no partition");
            } else {
                supply[f] = cache.computeIfAbsent(x.partition() + "\u0000" + x.core(),
                        k -> Supply.of(plan, x.partition(), x.core()));
            }
        }
    }

    List<Flow> flows() {
        return flows;
    }

    Step step(int f, int s) {
        return flows.get(f).steps().get(s);
    }

    /** Whether step (g, k) can delay step (f, s): same processor, priority at least, another step, work > 0. */
    boolean competes(int f, int s, int g, int k) {
        if (g == f && k == s) {
            return false;
        }
        Step a = step(f, s);
        Step b = step(g, k);
        Flow x = flows.get(f);
        Flow y = flows.get(g);
        if (b.max() == 0 || y.priority() < x.priority() || a.getClass() != b.getClass() || a instanceof Step.Delay) {
            return false;
        }
        return a instanceof Step.Gpu
                || y.core() == x.core() && (!partitioned || Objects.equals(y.partition(), x.partition()));
    }

    /** Non-preemptive blocking: the longest kernel of a strictly lower priority (0 for CPU work). */
    long blocking(int f, int s) {
        if (!(step(f, s) instanceof Step.Gpu)) {
            return 0;
        }
        int prio = flows.get(f).priority();
        return flows.stream().filter(y -> y.priority() < prio).flatMap(y -> y.steps().stream())
                .filter(k -> k instanceof Step.Gpu).mapToLong(Step::max).reduce(0, Math::max);
    }

    /**
     * Whether step s of flow f is a kernel that follows a kernel of its flow back to back (no CPU
     * work or delay between): the server has it queued the instant its predecessor ends, so no
     * lower-priority kernel can start between the two, and a busy period whose first activation of
     * the flow is this kernel starts as its predecessor ends, with the GPU free of lower-priority
     * work (docs/timepart.md, "Back-to-back kernels").
     */
    boolean backToBack(int f, int s) {
        return s > 0 && step(f, s) instanceof Step.Gpu && step(f, s - 1) instanceof Step.Gpu
                && step(f, s - 1).max() > 0;
    }

    boolean preemptive(int f, int s) {
        return !(step(f, s) instanceof Step.Gpu);
    }

    /** Time the step's processor needs to deliver {@code demand} in the worst phase. */
    long tsup(int f, int s, long demand) {
        return tsup(f, s, demand, () -> { });
    }

    /** As {@link #tsup(int, int, long)}, polling {@code check} (the budget) while it searches the plan. */
    long tsup(int f, int s, long demand, Runnable check) {
        return step(f, s) instanceof Step.Gpu ? demand : supply[f].tsup(demand, check);
    }

    /**
     * Whether the CPU steps competing with CPU step s of flow f on an always-supplied core ask for
     * the whole core (Σ C_j / T_j ≥ 1, exactly), so that its busy window never closes.
     */
    boolean saturated(int f, int s) {
        return preemptive(f, s) && supply[f] == Supply.FULL && load(f, s, false).signum() >= 0;
    }

    /**
     * How far a busy period of kernel s of flow f from a critical instant need be followed: -1 when
     * its level (the kernel and every step competing with it) asks for more than the whole server
     * (Σ C_j / T_j > 1: the backlog grows without bound); when it asks for exactly the whole server,
     * the longest period twice plus the level's hyperperiod H (beyond the first releases the demand
     * gains exactly H per H, so a busy period not ended by then never ends; docs/timepart.md);
     * else {@link Ticks#BEYOND}.
     */
    long serverHorizon(int f, int s) {
        int load = load(f, s, true).signum();
        if (load != 0) {
            return load > 0 ? -1 : Ticks.BEYOND;
        }
        long longest = flows.stream().mapToLong(Flow::period).max().orElse(1);
        return Ticks.add(Ticks.mul(2, longest), levelHyperperiod(f, s, Ticks.BEYOND / 4));
    }

    /** Σ C_j / T_j − 1 over the steps competing with step s of flow f (and s itself when {@code self}), exactly. */
    private BigInteger load(int f, int s, boolean self) {
        BigInteger num = BigInteger.valueOf(-1);
        BigInteger den = BigInteger.ONE;
        for (int g = 0; g < flows.size(); g++) {
            for (int k = 0; k < flows.get(g).steps().size(); k++) {
                if (competes(f, s, g, k) || self && g == f && k == s) {
                    BigInteger t = BigInteger.valueOf(flows.get(g).period());
                    num = num.multiply(t).add(BigInteger.valueOf(step(g, k).max()).multiply(den));
                    den = den.multiply(t);
                    BigInteger d = num.gcd(den);
                    num = num.divide(d);
                    den = den.divide(d);
                }
            }
        }
        return num;
    }

    /** The least common multiple of the periods of flow f and of the flows with a step competing with step s, capped. */
    private long levelHyperperiod(int f, int s, long cap) {
        long h = flows.get(f).period();
        for (int g = 0; g < flows.size() && h <= cap; g++) {
            for (int k = 0; k < flows.get(g).steps().size(); k++) {
                if (competes(f, s, g, k)) {
                    long t = flows.get(g).period();
                    h = Ticks.mul(h / BigInteger.valueOf(h).gcd(BigInteger.valueOf(t)).longValueExact(), t);
                    break;
                }
            }
        }
        return Math.min(h, cap);
    }
}
