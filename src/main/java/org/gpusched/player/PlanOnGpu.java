package org.gpusched.player;

import org.gpusched.model.*;
import org.gpusched.partition.PartitionTest;
import org.gpusched.partition.SmPartitionPlan;

import java.util.*;

/**
 * A per-task partition plan on the GPU: every job a spin kernel of its modelled time C_i(T(P), |P|),
 * launched at its release on its partition's green context. The launch shape is the task's first
 * kernel capped at one block per SM of its partition (one wave: the spin time is already the kernel's
 * time on the partition), or, for a task without one, one block of 128 threads per SM; each task has
 * its own stream in its partition's green context, so a partition's tasks co-run. Times are
 * measured in ns and reported in the workload's unit, rounded up.
 */
public final class PlanOnGpu {
    private PlanOnGpu() { }

    public static List<PartitionSim.Job> play(int gpu, Workload w, SmPartitionPlan plan, long horizon) {
        if (plan.test() != PartitionTest.PER_TASK) {
            throw new IllegalArgumentException("the GPU plays per-task plans only (kernels co-running on their"
                    + " partition); " + plan.test().id() + " needs a dispatcher the player does not have: use --device sim");
        }
        if (w.timeUnit() == TimeUnitName.TICK) {
            throw new IllegalArgumentException("timeUnit tick has no duration on a GPU");
        }
        long ns = w.timeUnit().nanos();
        record Launch(SmPartitionPlan.Slot slot, int part, long job, long release) { }
        List<Launch> launches = new ArrayList<>();
        for (int p = 0; p < plan.partitions().size(); p++) {
            for (SmPartitionPlan.Slot s : plan.partitions().get(p).tasks()) {
                for (long k = 0; k * s.period() < horizon; k++) {
                    launches.add(new Launch(s, p, k, k * s.period()));
                }
            }
        }
        launches.sort(Comparator.comparingLong(Launch::release).thenComparingInt(l -> l.slot().index()));
        int n = launches.size();
        int[] sms = plan.partitions().stream().mapToInt(p -> Math.toIntExact(p.sms())).toArray();
        int[] part = new int[n];
        int[] lane = new int[n];
        Map<Integer, Integer> lanes = new HashMap<>();
        int[] blocks = new int[n];
        int[] threads = new int[n];
        long[] release = new long[n];
        long[] dur = new long[n];
        for (int j = 0; j < n; j++) {
            Launch l = launches.get(j);
            Kernel k = kernel(w.task(l.slot().index()));
            part[j] = l.part();
            lane[j] = lanes.computeIfAbsent(l.slot().index(), x -> lanes.size());
            // dur is the kernel's whole time on its partition (the scaling model's C(m)), so the grid
            // must be one wave there: at most one block per SM of the partition, each spinning dur.
            // The task's own grid would run in several waves and count the waves twice.
            blocks[j] = k == null ? sms[l.part()] : Math.min(k.blocks(), sms[l.part()]);
            threads[j] = k == null ? 128 : k.threadsPerBlock();
            release[j] = Math.multiplyExact(l.release(), ns);
            dur[j] = Math.multiplyExact(l.slot().time(), ns);
        }
        long[] out = NativePartition.play(gpu, sms, part, lane, blocks, threads, release, dur);
        List<PartitionSim.Job> jobs = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            Launch l = launches.get(j);
            jobs.add(new PartitionSim.Job(l.slot().task(), l.slot().index(), l.job(), l.release(),
                    l.release() + l.slot().deadline(), Math.floorDiv(out[2 * j], ns), -Math.floorDiv(-out[2 * j + 1], ns)));
        }
        return jobs;
    }

    /** The task's first kernel description, or null when none of its GPU segments has one. */
    static Kernel kernel(WorkTask t) {
        return t.gpuSegments().stream().map(Segment.Gpu::kernel).filter(Objects::nonNull).findFirst().orElse(null);
    }
}
