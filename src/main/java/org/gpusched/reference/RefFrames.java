package org.gpusched.reference;

import java.util.ArrayList;
import java.util.List;

/**
 * How long a frame lasts and whether an ordered batch may run as one: the interference model's
 * time for the set of kernels, every copy to the device before them and every copy to the host
 * after them, and the runtime's cost (a submission and a synchronise per frame, a launch per
 * kernel, a call per copy). Written from docs/format.md and the spec's pbs-semantics.md.
 */
final class RefFrames {
    /** The table model forbids the set. */
    static final long FORBIDDEN = -1;

    private final RefWorkload w;

    RefFrames(RefWorkload w) {
        this.w = w;
    }

    RefWorkload workload() {
        return w;
    }

    /** Frame length of the set of units, or {@link #FORBIDDEN}. */
    long length(List<Integer> set) {
        long kernels = kernels(set);
        if (kernels == FORBIDDEN) {
            return FORBIDDEN;
        }
        long total = kernels + w.runtime()[1] + w.runtime()[2];
        for (int u : set) {
            RefWorkload.RefUnit unit = w.units().get(u);
            total += unit.h2d() + unit.d2h() + w.runtime()[0];
            total += w.runtime()[3] * ((unit.h2d() > 0 ? 1 : 0) + (unit.d2h() > 0 ? 1 : 0));
        }
        return total;
    }

    private long kernels(List<Integer> set) {
        if (set.size() == 1) {
            return w.units().get(set.get(0)).exec();
        }
        String model = w.model();
        if (model.equals("table")) {
            Long c = w.entries().get(RefWorkload.key(set));
            if (c != null) {
                return c;
            }
            model = w.missing();
            if (model.equals("forbid")) {
                return FORBIDDEN;
            }
        }
        long max = 0;
        for (int u : set) {
            RefWorkload.RefUnit unit = w.units().get(u);
            max = Math.max(max, model.equals("slowdown") ? unit.slowed() : unit.exec());
        }
        return max;
    }

    /** Null when the batch, in this submission order, may run as one frame; else why not. */
    String ineligible(List<Integer> order) {
        if (order.size() > 1 && kernels(order) == FORBIDDEN) {
            return "the interference table has no entry for this set and forbids it";
        }
        long[][] shapes = new long[order.size()][];
        for (int i = 0; i < order.size(); i++) {
            long[] s = w.units().get(order.get(i)).shape();
            shapes[i] = s == null ? new long[] {0, 0, 0, 0} : s;
        }
        return w.gpu().place(shapes);
    }

    /** True when some submission order of the set is eligible (the frame then runs the set). */
    boolean someOrder(List<Integer> set) {
        return someOrder(new ArrayList<>(), new ArrayList<>(set));
    }

    private boolean someOrder(List<Integer> prefix, List<Integer> rest) {
        if (rest.isEmpty()) {
            return ineligible(prefix) == null;
        }
        for (int i = 0; i < rest.size(); i++) {
            List<Integer> p = new ArrayList<>(prefix);
            p.add(rest.get(i));
            List<Integer> r = new ArrayList<>(rest);
            r.remove(i);
            if (someOrder(p, r)) {
                return true;
            }
        }
        return false;
    }
}
