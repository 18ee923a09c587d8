package org.gpusched.player;

import org.gpusched.model.Ticks;

import java.util.List;

/**
 * Discrete-event replay: every job of a batch starts when the batch is submitted and runs for
 * its drawn duration; the batch ends with its longest job (the player synchronises on the whole
 * device). Launch and synchronisation costs are zero here; docs/player.md says how to measure
 * them on a GPU.
 */
public final class SimDevice implements Device {
    private final String name;

    public SimDevice() {
        this("sim");
    }

    /** A simulated device named in reports (e.g. after its {@link SimTiming}). */
    public SimDevice(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Trace play(Plan plan, Mode mode, long[] durations) {
        int n = plan.entries();
        long[] es = new long[n];
        long[] ee = new long[n];
        long[] is = new long[plan.items()];
        long[] ifin = new long[plan.items()];
        long prevEnd = 0;
        for (int e = 0; e < n; e++) {
            long start = mode == Mode.TIME_TRIGGERED
                    ? Math.max(plan.plannedStart(e), prevEnd)
                    : Math.max(plan.latestRelease(e), prevEnd);
            long end = start;
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                is[i] = start;
                ifin[i] = Ticks.add(start, durations[i]);
                end = Math.max(end, ifin[i]);
            }
            es[e] = start;
            ee[e] = end;
            prevEnd = end;
        }
        return new Trace(name(), 1, plan.taskSet().timeUnit().json(), es, ee, is, ifin, List.of());
    }
}
