package org.gpusched.rta;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** Small random workloads for the property tests: short periods so the hyperperiod stays small. */
final class RandomWorkloads {
    static final long[] PERIODS = {20, 24, 30, 40, 60, 120};
    static final long HYPERPERIOD = 120;

    private RandomWorkloads() { }

    /** A CPU-only task: one CPU segment, no GPU segment. */
    static RtaTask cpuOnly(String name, long period, long wcet, int core, int priority) {
        return new RtaTask(name, period, period, List.of(wcet), List.of(), core, priority, priority, false);
    }

    static RtaWorkload draw(SplittableRandom rnd, boolean bestEffort, boolean cpuOnly) {
        int cpus = 1 + rnd.nextInt(3);
        int n = 2 + rnd.nextInt(4);
        List<RtaTask> ts = new ArrayList<>();
        int[] prioCounter = new int[cpus];
        List<Long> periods = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            periods.add(PERIODS[rnd.nextInt(PERIODS.length)]);
        }
        // Rate-monotonic: shorter period, higher priority (ties by index).
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            idx.add(i);
        }
        idx.sort((a, b) -> periods.get(a).equals(periods.get(b)) ? Integer.compare(a, b)
                : Long.compare(periods.get(a), periods.get(b)));
        int[] prio = new int[n];
        for (int r = 0; r < n; r++) {
            prio[idx.get(r)] = n - r;
        }
        for (int i = 0; i < n; i++) {
            long t = periods.get(i);
            int eta = cpuOnly || rnd.nextInt(3) == 0 ? 0 : 1 + rnd.nextInt(2);
            List<Long> cpu = new ArrayList<>();
            List<GpuSegment> gpu = new ArrayList<>();
            long budget = Math.max(2, t / (n + 1));
            for (int s = 0; s <= eta; s++) {
                cpu.add((long) rnd.nextInt((int) Math.max(1, budget / (eta + 1)) + 1));
            }
            for (int s = 0; s < eta; s++) {
                gpu.add(new GpuSegment(rnd.nextInt(3), 1 + rnd.nextInt((int) Math.max(1, budget / 2))));
            }
            if (cpu.stream().mapToLong(Long::longValue).sum() == 0 && eta == 0) {
                cpu.set(0, 1L);
            }
            long d = t - rnd.nextInt((int) (t / 4) + 1);
            int core = rnd.nextInt(cpus);
            boolean be = bestEffort && rnd.nextInt(4) == 0;
            ts.add(new RtaTask("t" + i, t, d, cpu, gpu, core, prio[i], prio[i], be));
            prioCounter[core]++;
        }
        long slice = 1 + rnd.nextInt(6);
        long theta = rnd.nextInt(3);
        long alpha = rnd.nextInt(3);
        return new RtaWorkload(ts, new RtaPlatform(cpus, slice, theta, alpha));
    }

    /** Sets each CPU segment that precedes a GPU segment to 0 with probability 1/2. */
    static RtaWorkload zeroSomeCpu(RtaWorkload w, SplittableRandom rnd) {
        List<RtaTask> ts = new ArrayList<>();
        for (RtaTask t : w.tasks()) {
            List<Long> cpu = new ArrayList<>(t.cpu());
            for (int u = 0; u < t.gpuSegments(); u++) {
                cpu.set(u, rnd.nextBoolean() ? 0L : cpu.get(u));
            }
            ts.add(new RtaTask(t.name(), t.period(), t.deadline(), cpu, t.gpu(), t.core(), t.cpuPriority(),
                    t.gpuPriority(), t.bestEffort()));
        }
        return new RtaWorkload(ts, w.platform());
    }

    static String describe(RtaWorkload w) {
        StringBuilder sb = new StringBuilder("platform " + w.platform() + "\n");
        w.tasks().forEach(t -> sb.append("  ").append(t).append('\n'));
        return sb.toString();
    }
}
