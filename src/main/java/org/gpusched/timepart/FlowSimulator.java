package org.gpusched.timepart;

import org.gpusched.model.Platform;
import org.gpusched.model.Ticks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.random.RandomGenerator;
import java.util.stream.IntStream;

/**
 * The analysis' independent twin: a discrete-event simulation of the same system (flows on
 * preemptive fixed-priority cores, CPU work only while the flow's partition window is open on its
 * core, delays on no processor). Jobs of one flow are served in release order (so each step is
 * FIFO, as the holistic model assumes). Response times are measured from the nominal release
 * offset + kT, as the analysis measures them; a job still running at the end counts as unbounded.
 * Kernels on the GPU server ({@link Step.Gpu}) run one at a time to completion, the server taking
 * the highest-priority waiting kernel (then the earliest release) whenever it is idle.
 * It shares nothing with the analyses but {@link Supply#available} and {@link Supply#nextChange}.
 */
public final class FlowSimulator {
    /** Worst and best observed response per flow; worst empty when a job never finished. */
    public record Observed(String flow, OptionalLong worst, long best, int jobs) { }

    private static final class Job {
        final int flow;
        final long nominal;
        int step;
        long remaining; // of the current CPU step or kernel
        long delayEnd = -1;
        boolean kernel; // the current step is a kernel on the GPU server

        Job(int flow, long nominal) {
            this.flow = flow;
            this.nominal = nominal;
        }
    }

    private FlowSimulator() { }

    /**
     * Releases jobs in [0, releaseUntil), each delayed by a jitter drawn from [0, flow.jitter]
     * ({@code rng} null: no jitter), and runs until every job finished or {@code runUntil}.
     */
    public static List<Observed> run(List<Flow> flows, Platform.TimePartitions plan, long releaseUntil, long runUntil,
                                     RandomGenerator rng) {
        int n = flows.size();
        Supply[] supply = new Supply[n];
        long[] nextNominal = new long[n];
        long[] nextActual = new long[n];
        for (int f = 0; f < n; f++) {
            Flow x = flows.get(f);
            supply[f] = plan == null || !x.usesCpu() ? Supply.FULL : Supply.of(plan, x.partition(), x.core());
            nextNominal[f] = x.offset();
            nextActual[f] = nextNominal[f] + draw(rng, x.jitter());
        }
        long[] worst = new long[n];
        long[] best = new long[n];
        int[] count = new int[n];
        Arrays.fill(best, Long.MAX_VALUE);
        List<Job> active = new ArrayList<>();
        int cores = flows.stream().mapToInt(Flow::core).max().orElse(-1) + 1;
        long t = 0;
        Job gpu = null;
        while (t < runUntil) {
            for (int f = 0; f < n; f++) {
                // <=: with a jitter above the period a later job may be due before an earlier one's time.
                while (nextActual[f] <= t && nextNominal[f] < releaseUntil) {
                    Job j = new Job(f, nextNominal[f]);
                    active.add(j);
                    enter(j, flows, t);
                    nextNominal[f] += flows.get(f).period();
                    nextActual[f] = nextNominal[f] + draw(rng, flows.get(f).jitter());
                }
            }
            for (Job j : List.copyOf(active)) {
                if (j.delayEnd == t) {
                    j.step++;
                    enter(j, flows, t);
                }
            }
            finish(active, flows, t, worst, best, count);
            if (active.isEmpty() && Arrays.stream(nextNominal).allMatch(x -> x >= releaseUntil)) {
                break;
            }
            if (gpu == null) {
                gpu = nextKernel(active, flows);
            }
            Job[] running = new Job[cores];
            for (Job j : active) {
                Flow x = flows.get(j.flow);
                if (j.delayEnd >= 0 || j.kernel || !supply[j.flow].available(t)) {
                    continue;
                }
                if (ahead(j, running[x.core()], flows)) {
                    running[x.core()] = j;
                }
            }
            long next = runUntil;
            for (int f = 0; f < n; f++) {
                if (nextNominal[f] < releaseUntil) {
                    next = Math.min(next, nextActual[f]);
                }
                next = Math.min(next, supply[f].nextChange(t));
            }
            for (Job j : active) {
                if (j.delayEnd >= 0) {
                    next = Math.min(next, j.delayEnd);
                }
            }
            Job[] busy = Arrays.copyOf(running, cores + 1);
            busy[cores] = gpu;
            for (Job r : busy) {
                if (r != null) {
                    next = Math.min(next, t + r.remaining);
                }
            }
            for (Job r : busy) {
                if (r != null) {
                    r.remaining -= next - t;
                    if (r.remaining == 0) {
                        r.step++;
                        enter(r, flows, next);
                        if (r == gpu) {
                            gpu = null;
                        }
                    }
                }
            }
            t = next;
        }
        finish(active, flows, t, worst, best, count);
        return IntStream.range(0, n).mapToObj(f -> new Observed(flows.get(f).name(),
                active.stream().anyMatch(j -> j.flow == f) ? OptionalLong.empty() : OptionalLong.of(worst[f]),
                best[f], count[f])).toList();
    }

    private static long draw(RandomGenerator rng, long jitter) {
        // The extremes more often than not: bursts (late job, then an on-time one) are what jitter analysis covers.
        return rng == null || jitter == 0 ? 0 : rng.nextInt(3) == 0 ? rng.nextLong(jitter + 1) : rng.nextBoolean() ? 0 : jitter;
    }

    /** Whether job j goes before job r (none: null): higher priority, then the earlier release. */
    private static boolean ahead(Job j, Job r, List<Flow> flows) {
        if (r == null) {
            return true;
        }
        int pj = flows.get(j.flow).priority();
        int pr = flows.get(r.flow).priority();
        return pj > pr || pj == pr && j.nominal < r.nominal;
    }

    /** Sets a job up for its current step at time t (a delay starts; a CPU step becomes ready). */
    private static void enter(Job j, List<Flow> flows, long t) {
        List<Step> steps = flows.get(j.flow).steps();
        if (j.step >= steps.size()) {
            j.kernel = false;
            j.delayEnd = Ticks.BEYOND; // done; removed by finish
            j.remaining = t;
            return;
        }
        Step s = steps.get(j.step);
        j.kernel = s instanceof Step.Gpu;
        if (s instanceof Step.Delay d) {
            j.delayEnd = t + d.max();
        } else {
            j.delayEnd = -1;
            j.remaining = s.max();
        }
    }

    /** The waiting kernel the idle GPU server takes: highest priority, then earliest release. */
    private static Job nextKernel(List<Job> active, List<Flow> flows) {
        Job best = null;
        for (Job j : active) {
            if (j.kernel && j.step < flows.get(j.flow).steps().size() && ahead(j, best, flows)) {
                best = j;
            }
        }
        return best;
    }

    /** Removes finished jobs, recording their responses (finish time kept in remaining). */
    private static void finish(List<Job> active, List<Flow> flows, long t, long[] worst, long[] best, int[] count) {
        active.removeIf(j -> {
            if (j.step < flows.get(j.flow).steps().size()) {
                return false;
            }
            long r = j.remaining - j.nominal;
            worst[j.flow] = Math.max(worst[j.flow], r);
            best[j.flow] = Math.min(best[j.flow], r);
            count[j.flow]++;
            return true;
        });
    }
}
