package org.gpusched.model;

/**
 * The GPU driver overheads assumed when a file gives none (the GCAPS defaults): L = 1024 µs,
 * θ = 200 µs, α = 800 µs (ε = 1 ms), expressed in the workload's unit.
 */
public final class DriverDefaults {
    /** Default driver overheads in nanoseconds: timeslice L, context switch θ, runlist update α. */
    private static final long[] DEFAULT_NS = {1_024_000, 200_000, 800_000};
    private static final String[] SYMBOL = {"L", "θ", "α"};

    private DriverDefaults() { }

    /**
     * The platform of a v1 file, which has no {@code platform}: the driver defaults, or null with
     * a reason when the unit cannot hold them (a v1 file stays valid; only the policies that need
     * them are n/a).
     */
    public static Platform v1(int tasks, TimeUnitName unit) {
        for (int k : new int[] {1, 2, 0}) {
            String why = missing(k, unit);
            if (why != null) {
                return new Platform(tasks, null, why + " (a v1 file has no platform.gpuDriver; write it in"
                        + " formatVersion 2)", 1, Platform.ConflictFactors.PAPER, null, Platform.GpuAccess.PARTITION);
            }
        }
        return new Platform(tasks, new Platform.GpuDriver(in(0, unit), in(1, unit), in(2, unit)),
                null, 1, Platform.ConflictFactors.PAPER, null, Platform.GpuAccess.PARTITION);
    }

    /** Why default k does not fit the unit ("timeUnit ms cannot hold θ = 200 µs; use us"), or null. */
    public static String missing(int k, TimeUnitName unit) {
        if (unit.nanos() == 0 || DEFAULT_NS[k] % unit.nanos() == 0) {
            return null;
        }
        return "timeUnit " + unit.json() + " cannot hold " + SYMBOL[k] + " = " + DEFAULT_NS[k] / 1000 + " µs; use us";
    }

    /** Default k in the unit; an abstract tick has no size: its defaults are an ideal driver (L = 1, θ = α = 0). */
    public static long in(int k, TimeUnitName unit) {
        if (unit.nanos() == 0) {
            return k == 0 ? 1 : 0;
        }
        return DEFAULT_NS[k] / unit.nanos();
    }
}
