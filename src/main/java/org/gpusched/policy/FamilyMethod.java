package org.gpusched.policy;

import org.gpusched.model.Budget;
import org.gpusched.model.RuntimeCharge;
import org.gpusched.model.Workload;

/**
 * The shell every family's method shares: its id, description, source and evidence are fixed when
 * the family builds it, and {@link #run} answers a meter already spent (by methods before it on a
 * shared budget) or running out mid-analysis as inconclusive, so a family writes only
 * {@link #judge}. The workload's runtime cost reaches {@link #judge} folded into its times
 * ({@link RuntimeCharge}): every family but PBS, whose frames pay it themselves, sees each GPU
 * segment as a launch of its own.
 */
abstract class FamilyMethod implements Method {
    private final String id;
    private final String description;
    private final String source;
    private final Evidence evidence;

    FamilyMethod(String id, String description, String source, Evidence evidence) {
        this.id = id;
        this.description = description;
        this.source = source;
        this.evidence = evidence;
    }

    @Override
    public final String id() { return id; }

    @Override
    public final String description() { return description; }

    @Override
    public final String source() { return source; }

    @Override
    public final Evidence evidence() { return evidence; }

    @Override
    public MethodResult run(Workload w, RunOptions o, Budget.Meter meter) {
        String over = meter.overTimeOrHeap();
        if (over != null) {
            return MethodResult.spent(this, over);
        }
        try {
            return judge(RuntimeCharge.fold(w), o, meter);
        } catch (Budget.Exhausted e) {
            return MethodResult.spent(this, e.getMessage());
        }
    }

    /** The method proper, on a workload it applies to. */
    abstract MethodResult judge(Workload w, RunOptions o, Budget.Meter meter);
}
