package org.gpusched.experiment;

import org.gpusched.rta.GpuSegment;
import org.gpusched.rta.RtaPlatform;
import org.gpusched.rta.RtaTask;
import org.gpusched.rta.RtaWorkload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The GCAPS evaluation's random workloads (slides, "Schedulability"; parameters after Patel et al.
 * RTAS 2018): 4 CPUs, 3–6 tasks per CPU, per-CPU utilisation 0.4–0.6 split by UUniFast, each task
 * using the GPU with probability 0.4–0.6, periods 30–500 ms, G/C 0.2–2, 1–3 GPU segments, Gm/G
 * 0.1–0.3, ε = 1 ms, θ = 0.2 ms. Times in µs. Every choice the slides leave open is in
 * docs/experiments.md ("gcaps").
 */
public final class GcapsGenerator {
    public static final int CPUS = 4;
    public static final long TIMESLICE_US = 1024;
    public static final long THETA_US = 200;
    public static final long ALPHA_US = 800;

    /** What one point of a sweep fixes: the ranges of tasks and of utilisation per CPU, the best-effort share. */
    public record Point(int tasksPerCpuLow, int tasksPerCpuHigh, double utilLow, double utilHigh, double bestEffort) {
        public static final Point DEFAULT = new Point(3, 6, 0.4, 0.6, 0.0);

        public Point withTasksPerCpu(int n) {
            return new Point(n, n, utilLow, utilHigh, bestEffort);
        }

        public Point withUtilization(double u) {
            return new Point(tasksPerCpuLow, tasksPerCpuHigh, u, u, bestEffort);
        }

        public Point withBestEffort(double b) {
            return new Point(tasksPerCpuLow, tasksPerCpuHigh, utilLow, utilHigh, b);
        }
    }

    private GcapsGenerator() { }

    public static RtaWorkload generate(long seed, Point p) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Draft> drafts = new ArrayList<>();
        for (int cpu = 0; cpu < CPUS; cpu++) {
            int n = p.tasksPerCpuLow() + rnd.nextInt(p.tasksPerCpuHigh() - p.tasksPerCpuLow() + 1);
            double uCpu = uniform(rnd, p.utilLow(), p.utilHigh());
            for (double u : uunifast(rnd, uCpu, n)) {
                drafts.add(draft(rnd, cpu, Math.max(u, 0.01)));
            }
        }
        // floor(ratio · n) best-effort tasks, chosen uniformly without replacement.
        int be = (int) Math.floor(p.bestEffort() * drafts.size() + 1e-9);
        List<Integer> pool = new ArrayList<>(IntStream.range(0, drafts.size()).boxed().toList());
        boolean[] isBe = new boolean[drafts.size()];
        for (int k = 0; k < be; k++) {
            isBe[pool.remove(rnd.nextInt(pool.size()))] = true;
        }
        // Rate-monotonic, one global order (ties by generation order): priority n for the highest.
        List<Integer> order = IntStream.range(0, drafts.size()).boxed()
                .sorted(Comparator.comparingLong((Integer i) -> drafts.get(i).period).thenComparingInt(i -> i)).toList();
        int[] prio = new int[drafts.size()];
        for (int r = 0; r < order.size(); r++) {
            prio[order.get(r)] = drafts.size() - r;
        }
        List<RtaTask> tasks = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            Draft d = drafts.get(i);
            tasks.add(new RtaTask("tau" + (i + 1), d.period, d.period, d.cpu, d.gpu, d.core, prio[i], prio[i], isBe[i]));
        }
        return new RtaWorkload(tasks, new RtaPlatform(CPUS, TIMESLICE_US, THETA_US, ALPHA_US));
    }

    private record Draft(int core, long period, List<Long> cpu, List<GpuSegment> gpu) { }

    private static Draft draft(SplittableRandom rnd, int core, double u) {
        long periodMs = 30 + 10L * rnd.nextInt(48);           // 30, 40, …, 500 ms
        long period = periodMs * 1000;
        double e = u * period;
        boolean gpuTask = rnd.nextDouble() < uniform(rnd, 0.4, 0.6);
        if (!gpuTask) {
            return new Draft(core, period, List.of(Math.max(1, Math.round(e))), List.of());
        }
        double ratio = uniform(rnd, 0.2, 2.0);                // G / C
        double c = e / (1 + ratio);
        double g = e - c;
        int eta = 1 + rnd.nextInt(3);
        List<GpuSegment> gpu = new ArrayList<>();
        for (double gj : uunifast(rnd, g, eta)) {
            double gm = gj * uniform(rnd, 0.1, 0.3);
            gpu.add(new GpuSegment(Math.round(gm), Math.round(gj - gm)));
        }
        List<Long> cpu = Arrays.stream(uunifast(rnd, c, eta + 1)).mapToObj(Math::round).toList();
        return new Draft(core, period, cpu, gpu);
    }

    private static double uniform(SplittableRandom rnd, double lo, double hi) {
        return lo == hi ? lo : lo + (hi - lo) * rnd.nextDouble();
    }

    /** UUniFast (Bini and Buttazzo): n non-negative parts summing to total, none ever discarded. */
    private static double[] uunifast(SplittableRandom rnd, double total, int n) {
        return Generator.uunifastDiscard(rnd, n, total, Double.POSITIVE_INFINITY);
    }
}
