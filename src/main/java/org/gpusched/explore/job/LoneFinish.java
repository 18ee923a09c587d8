package org.gpusched.explore.job;

import org.gpusched.model.Ticks;
import org.gpusched.oracle.Oracle;

/**
 * The earliest a job can finish from a frame start t: its next kernel alone, then each later
 * kernel of its chain alone, each frame as long as the interference model makes a lone kernel
 * (its wcet plus its H2D and D2H copies when it has any, plus the runtime's cost of a frame). No batch holding a kernel is shorter
 * than that kernel's lone frame, so nothing finishes the job earlier.
 */
public record LoneFinish(long end, long frame, long wcet, long rest, long runtime) {
    /** @param u the job's next kernel; units u + 1 .. lastUnit the rest of its chain */
    public static LoneFinish from(long t, int u, int lastUnit, long wcet, Oracle oracle) {
        long frame = oracle.completion(1L << u);
        long rest = 0;
        for (int v = u + 1; v <= lastUnit; v++) {
            rest = Ticks.add(rest, oracle.completion(1L << v));
        }
        return new LoneFinish(Ticks.add(Ticks.add(t, frame), rest), frame, wcet, rest, oracle.runtimeOverhead(1L << u));
    }

    /** Why the job cannot finish before {@link #end}: "(wcet 3)" or "(frame alone 8500: wcet 5000 + copies 3500, ...)". */
    public String why() {
        long copies = frame - wcet - runtime;
        String first = frame == wcet ? "wcet " + wcet : "frame alone " + frame + ": wcet " + wcet
                + (copies > 0 ? " + copies " + copies : "") + (runtime > 0 ? " + runtime " + runtime : "");
        return "(" + first + (rest > 0 ? ", then " + rest + " more in its chain" : "") + ")";
    }

    /** A witness's line for the job {@code name} (unit#job), whose next kernel is ready: late even alone, or not. */
    public String reason(String name, long released, long deadline) {
        return end > deadline
                ? name + " (released " + released + ", deadline " + deadline + ") cannot finish before " + end
                        + " even alone " + why()
                : name + " (deadline " + deadline + ") can still finish by " + end + " alone";
    }
}
