package org.gpusched.explore.result;

/**
 * What a "not schedulable" of the exact analysis rests on, and how far a second, independent
 * computation re-checked it (docs/explorer.md, "Refutations re-checked").
 *
 * @param kind         the argument that refuted the set
 * @param from         the start of the interval the argument looks at (the first release), or -1
 * @param to           its end: the deadline D of the demand bound, the window W of the window
 *                     relaxation; -1 for the other kinds
 * @param confirmation {@link #CONFIRMED} or {@link #UNCONFIRMED}; null for the exhaustive search,
 *                     which is itself the reference the others are re-checked against
 */
public record Proof(Kind kind, long from, long to, String confirmation) {
    /** The re-check agreed: no schedule (or the demand's arithmetic recomputed to the same overload). */
    public static final String CONFIRMED = "confirmed";
    /** The exhaustive search that re-decides the refutation ran out of its budget first. */
    public static final String UNCONFIRMED = "unconfirmed: budget";

    /** The refutations of the exact analysis, by the words the reports use. */
    public enum Kind {
        DEMAND_BOUND("demand bound"),
        WINDOW_RELAXATION("window relaxation"),
        SOLVER("solver"),
        EXHAUSTIVE_SEARCH("exhaustive search");

        private final String words;

        Kind(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }

        /** Whether the exhaustive search re-decides a refutation of this kind (the others are re-checked otherwise). */
        public boolean searchedAgain() {
            return this == WINDOW_RELAXATION || this == SOLVER;
        }
    }

    public static Proof of(Kind kind) {
        return new Proof(kind, -1, -1, null);
    }

    /** The same proof with the re-check's outcome. */
    public Proof confirmed(String how) {
        return new Proof(kind, from, to, how);
    }
}
