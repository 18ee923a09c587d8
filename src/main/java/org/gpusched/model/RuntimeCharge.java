package org.gpusched.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The workload's runtime cost (docs/format.md, "runtime") folded into its segment times, for the
 * analyses that see each GPU segment as a launch of its own (every method but the PBS family, whose
 * frames pay the cost themselves). A GPU segment is then a frame of one kernel: its {@code exec}
 * grows by {@code submit + sync + launch}, as the EDF baselines' one-kernel frames do; a copy grows by
 * {@code copy}, the call that issues it; a job with copies but no GPU segment pays {@code submit + sync}
 * on its first copy. Segments of length 0 stay 0 (nothing is launched). The SM-partitioning scaling
 * curves grow by the launches of their task (the cost does not shrink with fewer SMs), and every entry
 * of an interference table by one launch (each kernel of a pair is launched on its own).
 *
 * <p>Every time only grows, so a bound that is monotone in the times stays safe, and a workload
 * without a runtime cost is returned as it is.
 */
public final class RuntimeCharge {
    private RuntimeCharge() { }

    /** {@code w} with its runtime cost in its times and none left in its interference model. */
    public static Workload fold(Workload w) {
        RuntimeOverhead o = w.interference().overhead();
        if (o.isZero()) {
            return w;
        }
        List<WorkTask> tasks = w.tasks().stream().map(t -> fold(t, o)).toList();
        Interference in = w.interference();
        Map<Long, Long> table = new HashMap<>();
        long launch = o.frame(1, 0);
        in.table().forEach((set, c) -> table.put(set, Ticks.add(c, launch)));
        Interference charged = new Interference(in.model(), in.factors(), table, in.missing(), RuntimeOverhead.NONE,
                in.predicted());
        return new Workload(w.formatVersion(), w.name(), w.timeUnit(), w.gpu(), tasks, charged, w.platform(),
                w.sha256(), w.source(), w.pbs(), w.pbsNote());
    }

    private static WorkTask fold(WorkTask t, RuntimeOverhead o) {
        long launch = o.frame(1, 0);
        boolean frameCharged = t.segments().stream().anyMatch(s -> s instanceof Segment.Gpu && s.time() > 0);
        long launches = 0;
        List<Segment> out = new ArrayList<>();
        for (Segment s : t.segments()) {
            if (s.time() == 0) {
                out.add(s);
            } else if (s instanceof Segment.Gpu g) {
                launches++;
                out.add(new Segment.Gpu(Ticks.add(g.exec(), launch), g.misc(), g.kernel()));
            } else if (s instanceof Segment.Copy c) {
                long cost = frameCharged ? o.copy() : o.frame(0, 1);
                frameCharged = true;
                out.add(new Segment.Copy(c.to(), Ticks.add(c.time(), cost)));
            } else {
                out.add(s);
            }
        }
        return new WorkTask(t.index(), t.name(), t.period(), t.deadline(), out, t.core(), t.cpuPriority(),
                t.gpuPriority(), t.bestEffort(), t.kind(), scaling(t.scaling(), Ticks.mul(launch, launches)),
                t.partition(), t.jitter(), t.offset());
    }

    /** A curve {@code add} longer at every SM count; the waves model follows the grown {@code exec}s itself. */
    private static Scaling scaling(Scaling s, long add) {
        if (s == null || add == 0) {
            return s;
        }
        return switch (s.model()) {
            case AMDAHL -> new Scaling(s.model(), s.parallel(), Ticks.add(s.serial(), add), s.measuredOnSms(),
                    s.points());
            case TABLE -> new Scaling(s.model(), s.parallel(), s.serial(), s.measuredOnSms(), s.points().stream()
                    .map(p -> new Scaling.Point(p.sms(), Ticks.add(p.time(), add))).toList());
            case WAVES -> s;
        };
    }
}
