package org.gpusched.qualify;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The counts of a run while it goes: per check over every case, and per {@code --like} file and
 * check over that file's drawn sets. A check that agreed on every set it compared proves nothing
 * about the sets it never compared, so the gaps (an exact check that compared no set of a file, a
 * file whose sets reached no comparison, a peer asked for that did not run) make the run partial
 * rather than qualified. Confined to the run's thread: the sets are recorded in index order.
 */
final class Coverage {
    /** What each check compares, in the words the reports and the safety manual use. */
    private static final Map<String, String> WORDS = Map.of(
            ShippedCases.VERDICT, "every method's verdict on every shipped case equals the one the release build"
                    + " recorded",
            ShippedCases.RESPONSES, "every bound's and simulation's per-task response time on the shipped cases equals"
                    + " the recorded one",
            Twins.EXACT, "sets whose window starts at 0: the exact search's verdict (the one analyze gives) equals its"
                    + " brute-force twin's",
            Twins.STEADY_STATE, "sets whose window does not start at 0: the steady state's verdict (analyze"
                    + " --steady-state) equals brute force's on the same window; not the verdict analyze gives",
            Twins.TABLE, "every table the exact search or an EDF baseline gives passes the independent table checker",
            Twins.EDF, "an EDF baseline that meets every deadline is one PBS schedule, so the exact search must find"
                    + " one",
            Twins.POWER_ON, "sets whose window does not start at 0: the power-on verdict (the one analyze gives)"
                    + " equals the independent reference core's",
            Peers.NPTEST_CHECK, "nptest, run on the exported jobs, gives edf-serial's verdict",
            Qualify.DRAWN, "a drawn set the reader refuses in every redraw is skipped");

    private final Map<String, Tally> checks = new LinkedHashMap<>();
    private final Map<String, Map<String, Tally>> inputs = new LinkedHashMap<>();

    /** Counts one observation; {@code input} is the --like file of a drawn set, null for a shipped case. */
    void count(Observation o, String part, String input) {
        checks.computeIfAbsent(o.check(), k -> new Tally(part)).add(o);
        if (input != null) {
            inputs.computeIfAbsent(input, k -> new LinkedHashMap<>()).computeIfAbsent(o.check(), k -> new Tally(part))
                    .add(o);
        }
    }

    /** Opens a file's counts, so a file none of whose sets reached a check still shows in the report. */
    void input(String input) {
        inputs.computeIfAbsent(input, k -> new LinkedHashMap<>());
    }

    List<Qualification.Check> checks() {
        return checks.entrySet().stream().map(e -> e.getValue().check(e.getKey())).toList();
    }

    List<Qualification.InputCheck> perInput() {
        List<Qualification.InputCheck> out = new ArrayList<>();
        inputs.forEach((file, byCheck) -> byCheck.forEach((id, t) -> out.add(new Qualification.InputCheck(file, id,
                t.agreed, t.disagreed, t.notCompared, t.note))));
        return out;
    }

    /** What keeps the run from being qualified although nothing disagreed; empty when nothing does. */
    List<Qualification.Gap> gaps(List<Qualification.Peer> peers) {
        List<Qualification.Gap> out = new ArrayList<>();
        inputs.forEach((file, byCheck) -> {
            if (byCheck.values().stream().noneMatch(t -> t.agreed + t.disagreed > 0)) {
                String why = byCheck.values().stream().map(t -> t.note).filter(Objects::nonNull).findFirst()
                        .orElse(null);
                out.add(new Qualification.Gap(file, null, "no drawn set reached a comparison: " + (why != null ? why
                        : "no method with a twin in qualify applies to its sets")));
            }
            byCheck.forEach((id, t) -> {
                if (Qualification.EXACT_CHECKS.contains(id) && t.agreed + t.disagreed == 0) {
                    out.add(new Qualification.Gap(file, id, "compared no set: " + t.notCompared + " not compared ("
                            + t.note + ")"));
                }
            });
        });
        for (Qualification.Peer p : peers) {
            if (p.requested() && p.path() == null) {
                out.add(new Qualification.Gap(null, p.name(), "asked for but did not run: " + p.note()));
            }
        }
        Tally np = checks.get(Peers.NPTEST_CHECK);
        boolean nptestAsked = peers.stream().anyMatch(p -> p.requested() && p.path() != null
                && p.name().equals("nptest"));
        if (nptestAsked && np == null) {
            out.add(new Qualification.Gap(null, Peers.NPTEST_CHECK, "nptest asked for but no drawn set had a verdict"
                    + " it could re-decide (edf-serial on a set with a steady-state window)"));
        }
        return out;
    }

    private static String describe(String id) {
        if (id.endsWith(" bound >= simulation")) {
            return "no response-time bound of " + id.substring(0, id.indexOf(' '))
                    + " is below the worst response the simulator of the same policy observes";
        }
        return WORDS.getOrDefault(id, id);
    }

    /** Counts of one check. */
    private static final class Tally {
        final String part;
        int agreed;
        int disagreed;
        int notCompared;
        String note;

        Tally(String part) {
            this.part = part;
        }

        void add(Observation o) {
            switch (o.status()) {
                case AGREED -> agreed++;
                case DISAGREED -> disagreed++;
                case NOT_COMPARED -> {
                    notCompared++;
                    note = note == null ? o.message() : note;
                }
            }
        }

        Qualification.Check check(String id) {
            return new Qualification.Check(id, part, describe(id), agreed, disagreed, notCompared, note);
        }
    }
}
