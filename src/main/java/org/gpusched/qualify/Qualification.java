package org.gpusched.qualify;

import org.gpusched.model.ExitCodes;

import java.util.List;
import java.util.Set;

/**
 * What one qualification run found, everything its reports show: the tool and environment, the
 * inputs with their SHA-256, every seed, each check with its counts (also per input file), the
 * disagreements with the files that replay them, what kept the run from qualifying, the peer tools,
 * and the known issues. Immutable.
 *
 * @param perInput      each check's counts over the sets drawn like one --like file
 * @param gaps          why the run is partial although nothing disagreed; empty when it is not
 * @param options       sets, seed, time limit and mutation as given (a mutation only in tests)
 * @param complete      false when the time limit ended the run before every set was checked
 * @param stopReason    why the run stopped early, or null
 * @param elapsedNanos  the run's wall time (left out of the reports with --no-timing)
 */
public record Qualification(Tool tool, List<Fact> environment, Options options, List<Input> inputs,
                            List<DrawnSet> sets, List<Check> checks, List<InputCheck> perInput, List<Gap> gaps,
                            List<Disagreement> disagreements, List<Kept> kept, List<Shipped> shipped, List<Peer> peers,
                            List<String> knownIssues, boolean complete, String stopReason, long elapsedNanos) {
    /** The checks of an exact verdict: each must compare at least one set drawn like every file it ran on. */
    public static final Set<String> EXACT_CHECKS = Set.of(Twins.EXACT, Twins.STEADY_STATE, Twins.POWER_ON,
            Peers.NPTEST_CHECK);

    public Qualification {
        environment = List.copyOf(environment);
        inputs = List.copyOf(inputs);
        sets = List.copyOf(sets);
        checks = List.copyOf(checks);
        perInput = List.copyOf(perInput);
        gaps = List.copyOf(gaps);
        disagreements = List.copyOf(disagreements);
        kept = List.copyOf(kept);
        shipped = List.copyOf(shipped);
        peers = List.copyOf(peers);
        knownIssues = List.copyOf(knownIssues);
    }

    /**
     * 1 when any check disagreed, else 3 when the time limit cut the run short, else 1 when the run
     * is partial (a gap), else 0: only a run that compared what it claims to have checked exits 0.
     */
    public int exitCode() {
        return switch (status()) {
            case "qualified" -> ExitCodes.OK;
            case "incomplete" -> ExitCodes.INCONCLUSIVE;
            default -> ExitCodes.NOT_SCHEDULABLE;
        };
    }

    /** disagreement, incomplete, partial or qualified, the first that holds: the word for the exit code. */
    public String status() {
        return !disagreements.isEmpty() ? "disagreement" : !complete ? "incomplete" : !gaps.isEmpty() ? "partial"
                : "qualified";
    }

    /** gpusched's version and the commit and commit date it was built from. */
    public record Tool(String version, String commit, String date) { }

    public record Fact(String name, String value) { }

    /** @param timeLimit as given (e.g. "5m"), null for none */
    public record Options(int sets, long seed, String timeLimit, String mutation) { }

    /**
     * A file given with --like.
     *
     * @param features what the drawn sets keep of it (offsets, jitter, chains, copies, kinds, cores, ...)
     */
    public record Input(String file, String sha256, String name, int formatVersion, int tasks, String interference,
                        String gpu, List<String> features, int setsDrawn, int drawsRefused) {
        public Input {
            features = List.copyOf(features);
        }
    }

    /**
     * One drawn set: which input it is shaped like, its index and the seed that draws it again.
     *
     * @param verdict the verdict analyze gives on it (gpusched's, in words), or null where gpusched does not apply
     */
    public record DrawnSet(String input, int index, long seed, String name, String sha256, String verdict) { }

    /**
     * One check and its counts over every case it ran on.
     *
     * @param part shipped (the validation cases), random (the drawn sets) or peer
     * @param note the first reason a case was not compared, or null
     */
    public record Check(String id, String part, String description, int agreed, int disagreed, int notCompared,
                        String note) {
        public int compared() {
            return agreed + disagreed;
        }
    }

    /** One check's counts over the sets drawn like one --like file. */
    public record InputCheck(String input, String check, int agreed, int disagreed, int notCompared, String note) {
        public int compared() {
            return agreed + disagreed;
        }
    }

    /**
     * Why the run is not qualified although nothing disagreed.
     *
     * @param input the --like file, or null for a peer tool
     * @param check the check or peer concerned, or null for the whole file
     */
    public record Gap(String input, String check, String message) {
        /** One line: what, where, why. */
        public String text() {
            return (check == null ? "" : check) + (input == null ? "" : (check == null ? "" : " ") + "like " + input)
                    + ": " + message;
        }
    }

    /** @param file the kept file that replays it (relative to the report folder), or null */
    public record Disagreement(String check, String source, Long seed, String message, String file) { }

    /** A file to keep in the report folder: a case that disagreed, as it was analysed. */
    public record Kept(String path, String text) { }

    /**
     * One line of the shipped cases' expected results, as it was rerun.
     *
     * @param source  where the expected result comes from: paper, peer, reference, hand or snapshot (regression only)
     * @param verdict the expected verdict
     * @param status  agreed, disagreed or not compared
     * @param message why it was not compared, or both sides of a disagreement; null when it agreed
     */
    public record Shipped(String file, String method, String source, String verdict, String status, String message) { }

    /**
     * @param path      null when absent
     * @param version   null when the tool printed none
     * @param status    found, skipped (absent, not asked for) or missing (named by option, not runnable)
     * @param requested named by option: then a peer that does not run makes the run partial
     */
    public record Peer(String name, String path, String version, String status, String note, boolean requested) { }
}
