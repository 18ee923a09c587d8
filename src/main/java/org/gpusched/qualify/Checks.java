package org.gpusched.qualify;

import java.util.Map;

/** What each check compares, in the words the reports and the safety manual use. */
final class Checks {
    private static final Map<String, String> WORDS = Map.of(
            ShippedCases.VERDICT, "every method's verdict on every shipped case equals the one the release build recorded",
            ShippedCases.RESPONSES, "every bound's and simulation's per-task response time on the shipped cases equals"
                    + " the recorded one",
            Twins.EXACT, "sets whose window starts at 0: the exact search's verdict (the one analyze gives) equals its"
                    + " brute-force twin's",
            Twins.STEADY_STATE, "sets whose window does not start at 0: the steady state's verdict (analyze"
                    + " --steady-state) equals brute force's on the same window; not the verdict analyze gives",
            Twins.TABLE, "every table the exact search or an EDF baseline gives passes the independent table checker",
            Twins.EDF, "an EDF baseline that meets every deadline is one PBS schedule, so the exact search must find one",
            Twins.POWER_ON, "sets whose window does not start at 0: the power-on verdict (the one analyze gives)"
                    + " equals the independent reference core's",
            Peers.NPTEST_CHECK, "nptest, run on the exported jobs, gives edf-serial's verdict",
            Qualify.DRAWN, "a drawn set the reader refuses in every redraw is skipped");

    private Checks() { }

    static String describe(String id) {
        String w = WORDS.get(id);
        if (w != null) {
            return w;
        }
        if (id.endsWith(" bound >= simulation")) {
            return "no response-time bound of " + id.substring(0, id.indexOf(' '))
                    + " is below the worst response the simulator of the same policy observes";
        }
        return id;
    }
}
