package org.gpusched.player;

import org.gpusched.model.*;
import org.gpusched.partition.PartitionTest;
import org.gpusched.partition.SmPartitionPlan;

import java.util.*;

/**
 * The simulated device playing a partition plan: each partition's jobs run only on its SMs, for the
 * time the scaling model gives them there (C_i(T(P), |P|), conflicts included), under the policy the
 * plan's within-partition test assumes: per-task, every kernel co-runs from its release; edf-dbf,
 * the partition runs one job at a time by EDF (preemptive); gfb, global EDF with the partition's SMs
 * as processors, a job on one SM at a time. Jobs are released synchronously at k·T over the horizon.
 * Ties: earlier deadline, then task index, then job. A per-task plan also plays on the GPU ({@link #onGpu}).
 */
public final class PartitionSim {
    private PartitionSim() { }

    /** One job: release, deadline, start and finish; {@code finish} is BEYOND when it never finished. */
    public record Job(String task, int taskIndex, long job, long release, long deadline, long start, long finish) {
        public boolean missed() {
            return finish > deadline;
        }
    }

    /** Plays every partition over [0, horizon); jobs in order of release, then task index. */
    public static List<Job> play(SmPartitionPlan plan, long horizon) {
        List<Job> out = new ArrayList<>();
        for (SmPartitionPlan.Partition p : plan.partitions()) {
            long servers = switch (plan.test()) {
                case PER_TASK -> Long.MAX_VALUE;
                case EDF_DBF -> 1;
                case GFB -> p.sms();
            };
            out.addAll(partition(p, horizon, servers));
        }
        out.sort(Comparator.comparingLong(Job::release).thenComparingInt(Job::taskIndex));
        return out;
    }

    private static final class Live {
        final SmPartitionPlan.Slot slot;
        final long job;
        final long release;
        final long deadline;
        long left;
        long start = -1;

        Live(SmPartitionPlan.Slot slot, long job, long release) {
            this.slot = slot;
            this.job = job;
            this.release = release;
            this.deadline = Ticks.add(release, slot.deadline());
            this.left = slot.time();
        }
    }

    /** Preemptive EDF on {@code servers} identical servers (unbounded: every job runs at once). */
    private static List<Job> partition(SmPartitionPlan.Partition p, long horizon, long servers) {
        PriorityQueue<Live> pending = new PriorityQueue<>(Comparator.comparingLong((Live l) -> l.release)
                .thenComparingInt(l -> l.slot.index()));
        for (SmPartitionPlan.Slot s : p.tasks()) {
            for (long k = 0; k * s.period() < horizon; k++) {
                pending.add(new Live(s, k, k * s.period()));
            }
        }
        Comparator<Live> edf = Comparator.comparingLong((Live l) -> l.deadline).thenComparingInt(l -> l.slot.index())
                .thenComparingLong(l -> l.job);
        List<Live> ready = new ArrayList<>();
        List<Job> done = new ArrayList<>();
        long now = 0;
        while (!pending.isEmpty() || !ready.isEmpty()) {
            while (!pending.isEmpty() && pending.peek().release <= now) {
                ready.add(pending.poll());
            }
            if (ready.isEmpty()) {
                now = pending.peek().release;
                continue;
            }
            ready.sort(edf);
            int running = (int) Math.min(servers, ready.size());
            long next = pending.isEmpty() ? Ticks.BEYOND : pending.peek().release;
            for (int i = 0; i < running; i++) {
                next = Math.min(next, Ticks.add(now, ready.get(i).left));
            }
            long step = next - now;
            List<Live> finished = new ArrayList<>();
            for (int i = 0; i < running; i++) {
                Live l = ready.get(i);
                if (l.start < 0) {
                    l.start = now;
                }
                l.left -= step;
                if (l.left == 0) {
                    finished.add(l);
                }
            }
            now = next;
            for (Live l : finished) {
                ready.remove(l);
                done.add(new Job(l.slot.task(), l.slot.index(), l.job, l.release, l.deadline, l.start, now));
            }
        }
        return done;
    }

    /** The partition test's name, for reports. */
    public static String policy(PartitionTest t) {
        return switch (t) {
            case PER_TASK -> "kernels co-run on their partition";
            case EDF_DBF -> "EDF, one job at a time per partition";
            case GFB -> "global EDF on the partition's SMs";
        };
    }

    /**
     * A per-task partition plan on the GPU: every job a spin kernel of its modelled time C_i(T(P), |P|),
     * launched at its release on its partition's green context. The launch shape is the task's first
     * kernel capped at one block per SM of its partition (one wave: the spin time is already the kernel's
     * time on the partition), or, for a task without one, one block of 128 threads per SM; each task has
     * its own stream in its partition's green context, so a partition's tasks co-run. Times are
     * measured in ns and reported in the workload's unit, rounded up.
     */
    public static List<Job> onGpu(int gpu, Workload w, SmPartitionPlan plan, long horizon) {
        if (plan.test() != PartitionTest.PER_TASK) {
            throw new IllegalArgumentException("the GPU plays per-task plans only (kernels co-running on their"
                    + " partition); " + plan.test().id() + " needs a dispatcher the player does not have:"
                    + " use --device sim");
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
            jobs.add(new Job(l.slot().task(), l.slot().index(), l.job(), l.release(),
                    l.release() + l.slot().deadline(), Math.floorDiv(out[2 * j], ns),
                    -Math.floorDiv(-out[2 * j + 1], ns)));
        }
        return jobs;
    }

    /** The task's first kernel description, or null when none of its GPU segments has one. */
    static Kernel kernel(WorkTask t) {
        return t.gpuSegments().stream().map(Segment.Gpu::kernel).filter(Objects::nonNull).findFirst().orElse(null);
    }
}
