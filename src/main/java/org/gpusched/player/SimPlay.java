package org.gpusched.player;

import org.gpusched.model.TaskSet;

/** The simulated device {@code play} replays a table on, when it is given a timing or a fit of its own. */
public final class SimPlay {
    private SimPlay() { }

    /**
     * The device's timing for {@code played}: {@code truth} (a --sim-timing file's, or null: the
     * played set's own model) fitted to {@code fit} (a --sim-contention spec, or null); null when
     * neither is given, so plain play stays the table's own model by construction. A kind the fit's
     * floors say cannot keep its time is refused here, before anything is played.
     */
    public static SimTiming timing(TaskSet played, SimTiming truth, String fit) {
        if (fit == null) {
            return truth;
        }
        SimDeviceFit f = SimDeviceFit.load(fit);
        f.checkFloors(played);
        return f.apply(truth == null ? SimTiming.own(played) : truth);
    }
}
