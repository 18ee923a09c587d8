package org.gpusched.player;

import org.gpusched.model.Ticks;

import java.util.List;

/**
 * Discrete-event replay of the table player: a frame runs every H2D copy of its jobs one after the
 * other at its stated time, then every kernel from the end of the last H2D for its drawn duration,
 * then every D2H copy one after the other from the end of the longest kernel (the order C(S)
 * counts; a frame without copies is its kernels alone); the batch ends with its last operation
 * (the player synchronises on the whole device). The runtime's launch, submission and
 * synchronisation cost is what the timing model states (format.md, "runtime"), carried inside the
 * kernels' drawn durations, which come from the model's frame lengths; docs/player.md says how to
 * measure it on a GPU.
 *
 * @param name the device as reports name it (e.g. after its {@link SimTiming})
 */
public record SimDevice(String name) implements Device {
    public SimDevice() {
        this("sim");
    }

    @Override
    public Trace play(UnrolledTable plan, Mode mode, long[] durations) {
        int n = plan.entries();
        long[] es = new long[n];
        long[] ee = new long[n];
        long[] is = new long[plan.items()];
        long[] ifin = new long[plan.items()];
        Trace.Copies copies = Trace.Copies.none(plan.items());
        long prevEnd = 0;
        for (int e = 0; e < n; e++) {
            long start = Math.max(mode == Mode.TIME_TRIGGERED ? plan.plannedStart(e) : plan.latestRelease(e), prevEnd);
            long t = start;
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                if (plan.h2d(i) > 0) {
                    copies.h2dStart()[i] = t;
                    t = Ticks.add(t, plan.h2d(i));
                    copies.h2dEnd()[i] = t;
                }
            }
            long kernels = t;
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                is[i] = kernels;
                ifin[i] = Ticks.add(kernels, durations[i]);
                t = Math.max(t, ifin[i]);
            }
            for (int i = plan.first(e); i < plan.first(e + 1); i++) {
                if (plan.d2h(i) > 0) {
                    copies.d2hStart()[i] = t;
                    t = Ticks.add(t, plan.d2h(i));
                    copies.d2hEnd()[i] = t;
                }
            }
            es[e] = start;
            ee[e] = t;
            prevEnd = t;
        }
        return new Trace(name(), 1, plan.taskSet().timeUnit().json(), es, ee, is, ifin, durations.clone(), copies,
                List.of());
    }
}
