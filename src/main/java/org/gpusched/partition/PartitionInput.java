package org.gpusched.partition;

import org.gpusched.model.*;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * What SM partitioning reads from a workload (sm-partitioning.md): M = gpu.sms and, per task, its
 * period, deadline, kind and C^n(m) from its scaling. A task without a way to get C(m) makes the
 * whole family not applicable, with the first reason found ({@link #check}).
 *
 * @param sms M
 */
public record PartitionInput(long sms, List<KernelTask> tasks) {

    public PartitionInput {
        tasks = List.copyOf(tasks);
    }

    /** Why the SM-partitioning methods do not apply to {@code w}, or null when they do. */
    public static String check(Workload w) {
        Gpu gpu = w.gpu();
        if (gpu.sms() == Gpu.UNLIMITED) {
            return "gpu.sms is not given (SM partitioning splits the GPU's M SMs)";
        }
        for (WorkTask t : w.tasks()) {
            String p = "tasks[" + t.index() + "]";
            if (t.bestEffort()) {
                return p + " is best effort (SM partitioning has no best-effort tasks)";
            }
            if (t.totalTime() != t.gpuExec()) {
                return p + " has CPU, copy or gpu.misc time (SM partitioning judges GPU kernels only: their"
                        + " chain must be gpu.exec time alone)";
            }
            if (t.kind() == null) {
                return p + " has no kind (compute or memory: the conflict class)";
            }
            if (t.scaling() == null) {
                return p + " has no scaling (amdahl, table or waves: its time on m SMs)";
            }
        }
        return null;
    }

    /** The tasks of a workload {@link #check} accepted. */
    public static PartitionInput of(Workload w) {
        String why = check(w);
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        long m = w.gpu().sms();
        Platform.ConflictFactors cf = w.platform().conflictFactors();
        List<KernelTask> out = new ArrayList<>();
        for (WorkTask t : w.tasks()) {
            Kind kind = Kind.of(t.kind());
            BigDecimal k = kind == Kind.MEMORY ? cf.memory() : cf.compute();
            out.add(KernelTask.of(t.index(), t.name(), t.period(), t.deadline(), kind, curve(t, w.gpu()), k));
        }
        return new PartitionInput(m, out);
    }

    static Curve curve(WorkTask t, Gpu gpu) {
        Scaling s = t.scaling();
        return switch (s.model()) {
            case AMDAHL -> new Curve.Amdahl(s.parallel(), s.serial(), s.measuredOnSms());
            case TABLE -> new Curve.Table(s.points().stream().mapToLong(Scaling.Point::sms).toArray(),
                    s.points().stream().mapToLong(Scaling.Point::time).toArray());
            case WAVES -> new Curve.Waves(t.gpuSegments().stream().map(g -> new Curve.Waves.Kernel(g.exec(),
                    g.kernel().blocks(), residentPerSm(g.kernel(), gpu))).toList(), gpu.sms());
        };
    }

    /**
     * r: blocks of one kernel resident on an empty SM at once (the oracle's occupancy rules: warps,
     * threads, registers, shared memory and the block limit, after allocation granularity). With no
     * per-SM limit at all every block fits on one SM.
     */
    public static long residentPerSm(Kernel k, Gpu gpu) {
        BlockUsage u = BlockUsage.of(k, gpu);
        long r = gpu.maxBlocksPerSm();
        r = Math.min(r, per(gpu.maxWarpsPerSm(), u.warps()));
        r = Math.min(r, per(gpu.maxThreadsPerSm(), u.threads()));
        r = Math.min(r, per(gpu.registersPerSm(), u.registers()));
        r = Math.min(r, per(gpu.sharedMemoryPerSm(), u.sharedMemory()));
        return Math.max(1, Math.min(r, k.blocks()));
    }

    private static long per(long limit, long use) {
        return limit == Gpu.UNLIMITED || use == 0 ? Gpu.UNLIMITED : limit / use;
    }
}
